//! Test cases: `[[test]]` tables, in a rules file or a test-case file of
//! their own; `chimera check` runs them.

use indexmap::IndexMap;
use serde::Deserialize;

/// A test-case file: `[[test]]` tables only.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestFile {
    /// The cases.
    #[serde(default, rename = "test")]
    pub tests: Vec<TestCase>,
}

/// One test case: a position (default: the start), moves to play first, and
/// expectations. Every expectation given must hold.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct TestCase {
    /// The case's name in reports.
    pub name: String,
    /// Position text in the variant's style; default the start position.
    pub position: Option<String>,
    /// The variant's shuffled start of this number (`[setup.shuffle]`)
    /// instead of `position`.
    pub start: Option<u64>,
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
    /// The position need not be one a game can reach (the side not to move
    /// may be in check, hands and material may be impossible).
    #[serde(default)]
    pub lenient: bool,
    /// Option values for this case (`{ thunderclap = "kooshogifu" }`).
    #[serde(default)]
    pub options: IndexMap<String, String>,
}

/// `piece_moves = { from, moves }`.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct PieceMoves {
    /// The piece's square.
    pub from: String,
    /// Its exact legal moves.
    pub moves: Vec<String>,
}

/// `promotions = { move, to }`.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Promotions {
    /// Origin and destination, e.g. `c7c8`.
    #[serde(rename = "move")]
    pub mv: String,
    /// The promotion choices offered (`""` = not promoting).
    pub to: Vec<String>,
}
