//! The TOML rules-file schema (serde). Field docs are the user reference;
//! docs/rules-format.md walks through them with examples.

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

/// A whole rules file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    pub variant: Meta,
    pub board: Board,
    #[serde(default)]
    pub sides: Sides,
    #[serde(default)]
    pub text: Text,
    #[serde(rename = "piece")]
    pub pieces: Vec<PieceDef>,
    pub setup: Setup,
    #[serde(default)]
    pub castling: Vec<Castling>,
    #[serde(default)]
    pub hand: Option<HandRules>,
    #[serde(default)]
    pub pocket: Option<PocketRules>,
    #[serde(default)]
    pub placement: Option<PlacementRules>,
    #[serde(default)]
    pub promotion: PromotionDefaults,
    #[serde(default)]
    pub end: EndRules,
    #[serde(default)]
    pub hooks: Vec<Spanned<String>>,
    #[serde(default)]
    pub options: IndexMap<String, OptionDef>,
    /// Test cases (`[[test]]`); run by `chimera check`.
    #[serde(default, rename = "test")]
    pub tests: Vec<TestCase>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub sources: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pub files: Spanned<u32>,
    pub ranks: Spanned<u32>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    #[serde(default)]
    pub first: SideDef,
    #[serde(default)]
    pub second: SideDef,
    /// How the second player's pieces are turned: "rotate" (shogi, 180°) or
    /// "reflect" (chess, mirrored across the middle rank). Affects only
    /// asymmetric pieces and left/right direction letters.
    #[serde(default)]
    pub second_orientation: Orientation,
}

#[derive(Debug, Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    #[default]
    Rotate,
    Reflect,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    pub name: Option<String>,
    /// The side-to-move letter in position text.
    pub letter: Option<String>,
    /// Where this side's captures go: "hand" (demoted), "hand_as_is" (kept as
    /// captured), or "remove". Default: the `[hand]` table's `captures`.
    pub captures: Option<CaptureRule>,
    /// Pieces this side may own (its army). Empty: any piece.
    #[serde(default)]
    pub army: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum CaptureRule {
    Hand,
    HandAsIs,
    #[default]
    Remove,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// "fen" (chess-style, `w`/`b`, castling, en passant, `[hand]`) or "sfen"
    /// (shogi-style, `b`/`w`, hands after the side, move number).
    #[serde(default)]
    pub position: PositionStyle,
}

#[derive(Debug, Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PositionStyle {
    #[default]
    Fen,
    Sfen,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceDef {
    pub name: Spanned<String>,
    /// Letter(s) in positions: "P", "+P", "Q~", "Ko". Upper case; the second
    /// player's pieces are written in lower case.
    pub symbol: Spanned<String>,
    /// Moves in chimera's extended Betza notation.
    pub betza: Spanned<String>,
    #[serde(default)]
    pub royal: bool,
    /// Relative ranks from which `i` (initial) moves are allowed.
    #[serde(default)]
    pub initial_ranks: Vec<u32>,
    #[serde(default)]
    pub promotion: Vec<PromotionRule>,
    /// The piece this one becomes when captured into a hand (shogi demotion).
    pub demotes_to: Option<Spanned<String>>,
    #[serde(default)]
    pub drop: DropRules,
    /// Instead of moving, places a new piece from an unlimited supply.
    pub spawn: Option<SpawnRule>,
    /// Pieces this one may not capture by displacement.
    #[serde(default)]
    pub cannot_capture: Vec<Spanned<String>>,
    /// Pieces this one's shots may not target.
    #[serde(default)]
    pub cannot_shoot: Vec<Spanned<String>>,
    /// Pieces this one may not hop over.
    #[serde(default)]
    pub cannot_hop: Vec<Spanned<String>>,
    /// Pieces this one's shots may hit only beyond a distance:
    /// `[{ piece = "five-li fog", distance = 5 }]` = not within 5 squares.
    #[serde(default)]
    pub cannot_shoot_within: Vec<ShotLimit>,
    /// Other notations chosen by an option: `{ "thunderclap=kooshogifu" = "…" }`.
    #[serde(default)]
    pub betza_when: IndexMap<String, Spanned<String>>,
    /// Material value in pawns for the engine; default derived from mobility.
    pub value: Option<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionRule {
    /// Relative ranks of the zone; default `[promotion] zone`.
    pub ranks: Option<Vec<u32>>,
    pub to: Vec<Spanned<String>>,
    /// Promotion is compulsory (otherwise optional).
    #[serde(default)]
    pub forced: bool,
    /// "destination" (the move ends in the zone) or "either" (starts or ends
    /// there). Default `[promotion] trigger`.
    pub trigger: Option<Trigger>,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    #[default]
    Destination,
    Either,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct PromotionDefaults {
    #[serde(default)]
    pub zone: Vec<u32>,
    #[serde(default)]
    pub trigger: Trigger,
    /// A piece that arrives where it could never move again must promote
    /// (shogi's pawn, lance and knight).
    #[serde(default)]
    pub forced_on_dead_squares: bool,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DropRules {
    /// Relative ranks where the piece may be dropped; default everywhere.
    pub ranks: Option<Vec<u32>>,
    /// At most one unpromoted piece of this kind per file and side (nifu).
    #[serde(default)]
    pub one_per_file: bool,
    /// A drop of this piece may not give checkmate (uchifuzume).
    #[serde(default)]
    pub no_mate: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpawnRule {
    pub piece: Spanned<String>,
    /// Where the new piece may go, as notation from the spawner (e.g. "K").
    pub betza: Spanned<String>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct HandRules {
    /// Where captured pieces go by default.
    #[serde(default = "default_capture")]
    pub captures: CaptureRule,
    /// Drops may not be made on squares from which the piece could never move.
    #[serde(default)]
    pub no_dead_drops: bool,
}

fn default_capture() -> CaptureRule {
    CaptureRule::Hand
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PocketRules {
    pub capacity: u32,
    /// A piece may move from the board into its owner's pocket if it has a legal
    /// board move.
    #[serde(default)]
    pub from_board: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementRules {
    /// Relative ranks where reserve pieces are placed.
    pub ranks: Vec<u32>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The start as position text (the variant's position style).
    pub position: Option<Spanned<String>>,
    /// Piece lists: `first = { king = "e1", pawn = ["a2", "b2"] }`.
    pub first: Option<IndexMap<String, Spanned<SquareList>>>,
    pub second: Option<IndexMap<String, Spanned<SquareList>>>,
    /// Derive the second side's setup from the first: "rotate" or "reflect".
    pub second_from_first: Option<Orientation>,
    /// Declares that the start is symmetric this way; `chimera check` warns
    /// when it is not.
    pub symmetry: Option<Orientation>,
    #[serde(default)]
    pub hands: SideCounts,
    #[serde(default)]
    pub reserves: SideCounts,
    #[serde(default)]
    pub pockets: SideCounts,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct SideCounts {
    #[serde(default)]
    pub first: IndexMap<Spanned<String>, u32>,
    #[serde(default)]
    pub second: IndexMap<Spanned<String>, u32>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
pub enum SquareList {
    One(String),
    Many(Vec<String>),
}

impl SquareList {
    pub fn squares(&self) -> Vec<&str> {
        match self {
            SquareList::One(s) => vec![s.as_str()],
            SquareList::Many(v) => v.iter().map(|s| s.as_str()).collect(),
        }
    }
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SideName {
    First,
    Second,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Castling {
    pub side: SideName,
    /// The castling-right letter in FEN (`K`, `Q`, `k`, `q`).
    pub right: Spanned<String>,
    pub king: Spanned<String>,
    pub king_to: Spanned<String>,
    pub rook: Spanned<String>,
    pub rook_to: Spanned<String>,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    #[default]
    Loss,
    Draw,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RepetitionResult {
    Draw,
    /// The player whose move completes the repetition loses.
    MoverLoses,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct Repetition {
    pub count: u32,
    pub result: RepetitionResult,
    /// A player who checked with every move of the cycle loses.
    #[serde(default)]
    pub perpetual_check_loses: bool,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct EndRules {
    /// Result for the checkmated player's opponent; only "win" (the default).
    pub checkmate: Option<Spanned<String>>,
    /// Result for a player with no legal move who is not in check (from that
    /// player's point of view): "loss", "draw" or "win".
    pub stalemate: Option<Outcome>,
    pub repetition: Option<Repetition>,
    /// Plies without capture or pawn move that end the game in a draw.
    pub fifty_move_rule: Option<u32>,
    /// A royal piece reaching one of these squares wins (per side).
    #[serde(default)]
    pub reach: Vec<Reach>,
    /// A side survives while at least one of these sets of pieces is on the
    /// board (Ko shogi's command); empty = royal pieces / checkmate rules.
    #[serde(default)]
    pub command: Vec<Vec<Spanned<String>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reach {
    pub side: SideName,
    pub piece: Spanned<String>,
    pub squares: Vec<Spanned<String>>,
}

/// A named switch: `[options.thunderclap] default = "main", choices = [...]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionDef {
    pub default: Spanned<String>,
    pub choices: Vec<String>,
    #[serde(default)]
    pub description: String,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct ShotLimit {
    pub piece: Spanned<String>,
    pub distance: u32,
}

/// A test-case file: `[[test]]` tables only.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestFile {
    #[serde(default, rename = "test")]
    pub tests: Vec<TestCase>,
}

/// One test case: a position (default: the start), moves to play first, and
/// expectations. Every expectation given must hold.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct TestCase {
    pub name: String,
    /// Position text in the variant's style; default the start position.
    pub position: Option<String>,
    /// Moves played before the expectations are checked.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The exact set of legal moves.
    pub legal: Option<Vec<String>>,
    /// The exact set of legal moves of the piece on `from`.
    pub piece_moves: Option<PieceMoves>,
    /// Moves that must be legal.
    #[serde(default)]
    pub includes: Vec<String>,
    /// Moves that must not be legal.
    #[serde(default)]
    pub excludes: Vec<String>,
    /// Number of legal moves.
    pub count: Option<usize>,
    /// Perft counts for depths 1, 2, …
    #[serde(default)]
    pub perft: Vec<u64>,
    /// The promotion choices offered for a move (`""` = no promotion).
    pub promotions: Option<Promotions>,
    /// The position after the moves.
    pub position_after: Option<String>,
    /// "ongoing", "draw by repetition", "white wins by checkmate", …
    pub result: Option<String>,
    /// Whether the side to move is in check.
    pub in_check: Option<bool>,
    /// Option values for this case (`{ thunderclap = "kooshogifu" }`).
    #[serde(default)]
    pub options: IndexMap<String, String>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct PieceMoves {
    pub from: String,
    pub moves: Vec<String>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Promotions {
    /// Origin and destination, e.g. `c7c8`.
    #[serde(rename = "move")]
    pub mv: String,
    pub to: Vec<String>,
}
