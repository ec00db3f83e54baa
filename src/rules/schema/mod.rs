//! The TOML rules-file schema (serde). Field docs are the user reference;
//! docs/rules-format.md walks through them with examples.
//!
//! One file per part of a rules file: this one holds the whole file
//! ([`RulesFile`]) and its small tables (`[variant]`, `[board]`, `[engine]`,
//! `[options]`); the others hold the display, the sides, the text style, the
//! pieces, promotion, drops and the stores, the move rules, castling, the
//! setup, the end of the game and the test cases. Everything is re-exported
//! here, so `rules::schema::X` names every type.

mod cases;
mod castling;
mod display;
mod drops;
mod end;
mod moves;
mod pieces;
mod promotion;
mod setup;
mod sides;
mod text_style;
mod turns;

pub use cases::*;
pub use castling::*;
pub use display::*;
pub use drops::*;
pub use end::*;
pub use moves::*;
pub use pieces::*;
pub use promotion::*;
pub use setup::*;
pub use sides::*;
pub use text_style::*;
pub use turns::*;

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

/// A whole rules file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    /// `[variant]`: name, description, sources.
    pub variant: Meta,
    /// `[board]`: files and ranks.
    pub board: Board,
    /// `[sides]`: names, letters and capture rules of the two sides.
    #[serde(default)]
    pub sides: Sides,
    /// `[text]`: the position-text style.
    #[serde(default)]
    pub text: Text,
    /// `[[piece]]` tables, one per piece kind.
    #[serde(rename = "piece")]
    pub pieces: Vec<PieceTable>,
    /// `[setup]`: the start position.
    pub setup: Setup,
    /// `[[castling]]` tables, one per castling move.
    #[serde(default)]
    pub castling: Vec<Castling>,
    /// `[hand]`: captured pieces go to hand and may be dropped.
    #[serde(default)]
    pub hand: Option<HandRules>,
    /// `[pocket]`: a small per-side store pieces may enter and leave.
    #[serde(default)]
    pub pocket: Option<PocketRules>,
    /// `[placement]`: a placement phase before the first move.
    #[serde(default)]
    pub placement: Option<PlacementRules>,
    /// `[gating]`: pieces from hand enter on squares pieces leave.
    #[serde(default)]
    pub gating: Option<GatingRules>,
    /// `[walls]`: squares no piece may enter (`*` in position text), and
    /// walls placed after each move.
    #[serde(default)]
    pub walls: Option<WallRules>,
    /// `[promotion]`: defaults for every promotion rule.
    #[serde(default)]
    pub promotion: PromotionDefaults,
    /// `[end]`: how the game ends.
    #[serde(default)]
    pub end: EndRules,
    /// `[moves]`: rules on which moves are legal, beyond each piece's moves.
    #[serde(default)]
    pub moves: MoveRules,
    /// `[turns]`: turns of several moves.
    #[serde(default)]
    pub turns: Option<TurnRules>,
    /// `[engine]`: settings of chimera's engine for this variant.
    #[serde(default)]
    pub engine: EngineRules,
    /// Native rules by name (`hooks = ["war"]`).
    #[serde(default)]
    pub hooks: Vec<Spanned<String>>,
    /// `[options.NAME]`: switches a user may set (`--option NAME=VALUE`).
    #[serde(default)]
    pub options: IndexMap<String, OptionDef>,
    /// Test cases (`[[test]]`); run by `chimera check`.
    #[serde(default, rename = "test")]
    pub tests: Vec<TestCase>,
    /// `[display]`: how boards draw the pieces; no effect on the rules.
    #[serde(default)]
    pub display: Display,
}

/// `[variant]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// The variant's name.
    pub name: String,
    /// One line about the game.
    #[serde(default)]
    pub description: String,
    /// Where the rules come from.
    #[serde(default)]
    pub sources: Vec<String>,
}

/// `[board]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Number of files (columns), 1 to 36.
    pub files: Spanned<u32>,
    /// Number of ranks (rows), 1 to 36.
    pub ranks: Spanned<u32>,
    /// `"rectangle"` (the default) or `"hexagon"`: a hexagon of hexagonal
    /// cells, as wide as `files` (odd: 11 for Gliński's 91 cells, regular
    /// with as many ranks; 9 files and 10 ranks for Shafran's 70), whose
    /// pieces read Betza's atoms on the hex grid.
    #[serde(default)]
    pub shape: Option<Spanned<String>>,
    /// How a hexagon's ranks are named: `"chevron"` (the default: each file
    /// from its own lowest cell, Gliński's) or `"slanted"` (the lines
    /// running down to the right, Shafran's).
    #[serde(default)]
    pub hex_ranks: Option<Spanned<String>>,
    /// Letters naming the files from the left, one name per file
    /// (`"abcdefghikl"`: Gliński's files skip `j`).
    #[serde(default)]
    pub file_letters: Option<Spanned<String>>,
    /// Squares of the grid that are not cells of the board (holes).
    #[serde(default)]
    pub holes: Vec<Spanned<String>>,
    /// The number naming the first rank: 1 (the default) or 0 (Omega
    /// chess's `a0` … `j9`).
    #[serde(default)]
    pub first_rank: Option<Spanned<i64>>,
    /// Cells beside the board, each named on its own and placed by the edge
    /// square it adjoins: diagonally beyond a corner, straight out from
    /// another edge square (`{ w1 = "a0", w2 = "j0", … }`: Omega chess's
    /// wizard squares).
    #[serde(default)]
    pub extra_cells: Option<Spanned<std::collections::BTreeMap<String, Spanned<String>>>>,
    /// `"files"`: the board wraps round from its last file to its first,
    /// which are neighbours (a cylinder: cylinder chess's a- and h-files).
    #[serde(default)]
    pub wrap: Option<Spanned<String>>,
}

/// `[engine]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineRules {
    /// A weights file written by `chimera tune`, relative to the rules file.
    #[serde(default)]
    pub weights: Option<Spanned<String>>,
    /// A network file written by `chimera train`, relative to the rules file.
    #[serde(default)]
    pub network: Option<Spanned<String>>,
}

/// A named switch: `[options.thunderclap] default = "main", choices = [...]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionDef {
    /// The value when the user chooses none.
    pub default: Spanned<String>,
    /// The values allowed.
    pub choices: Vec<String>,
    /// What the option switches.
    #[serde(default)]
    pub description: String,
}

fn yes() -> bool {
    true
}
