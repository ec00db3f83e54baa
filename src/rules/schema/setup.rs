//! `[setup]`: the start position (as text or piece lists), the stores'
//! contents at the start, and shuffled starts (`[setup.shuffle]`).

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

use super::Orientation;

/// `[setup]`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The start as position text (the variant's position style).
    pub position: Option<Spanned<String>>,
    /// Piece lists: `first = { king = "e1", pawn = ["a2", "b2"] }`.
    pub first: Option<IndexMap<String, Spanned<SquareList>>>,
    /// The second side's piece lists.
    pub second: Option<IndexMap<String, Spanned<SquareList>>>,
    /// Derive the second side's setup from the first: "rotate" or "reflect".
    pub second_from_first: Option<Orientation>,
    /// Declares that the start is symmetric this way; `chimera check` warns
    /// when it is not.
    pub symmetry: Option<Orientation>,
    /// Pieces in hand at the start (`[setup.hands.first]`).
    #[serde(default)]
    pub hands: SideCounts,
    /// Placement reserves at the start.
    #[serde(default)]
    pub reserves: SideCounts,
    /// Pockets at the start.
    #[serde(default)]
    pub pockets: SideCounts,
    /// The start is drawn: the pieces of one rank are shuffled by rule
    /// (`[setup.shuffle]`, Chess960).
    pub shuffle: Option<Spanned<ShuffleRule>>,
}

/// `[setup.shuffle]`: the first player's pieces on `rank` of the start take
/// other files, by rule; the second player's mirror them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShuffleRule {
    /// The shuffled rank, counted from the first player's side (default 1).
    pub rank: Option<Spanned<u32>>,
    /// Pairs of piece names whose pieces stand on squares of different
    /// colours (`["bishop", "bishop"]`: the two bishops).
    #[serde(default)]
    pub opposite_colours: Vec<Spanned<Vec<Spanned<String>>>>,
    /// Pieces that stand between two others (`{ piece = "king", outside = "rook" }`).
    #[serde(default)]
    pub between: Vec<Between>,
    /// How the second player's pieces mirror the first's: "reflect" (the
    /// same files) or "rotate" (files reversed); default `[setup] symmetry`,
    /// else "reflect".
    pub mirror: Option<Orientation>,
}

/// `{ piece = "king", outside = "rook" }`: every `piece` has an `outside`
/// piece on a lower and on a higher file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Between {
    /// The piece in the middle.
    pub piece: Spanned<String>,
    /// The pieces around it.
    pub outside: Spanned<String>,
}

/// Piece counts per side: `first = { pawn = 2 }`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct SideCounts {
    /// The first side's counts by piece name.
    #[serde(default)]
    pub first: IndexMap<Spanned<String>, u32>,
    /// The second side's counts by piece name.
    #[serde(default)]
    pub second: IndexMap<Spanned<String>, u32>,
}

/// One square or a list of squares.
#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
pub enum SquareList {
    /// `"e1"`.
    One(String),
    /// `["a2", "b2"]`.
    Many(Vec<String>),
}

impl SquareList {
    /// The squares as written.
    pub fn squares(&self) -> Vec<&str> {
        match self {
            SquareList::One(s) => vec![s.as_str()],
            SquareList::Many(v) => v.iter().map(|s| s.as_str()).collect(),
        }
    }
}
