//! Pieces off the board: a piece's `[piece.drop]` rules, `[hand]` (and where
//! its drops may go), `[pocket]`, `[gating]` and `[placement]`.

use serde::Deserialize;
use toml::Spanned;

use super::{CaptureRule, InitialSquare};

/// Where and how a piece may be dropped.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DropRules {
    /// Relative ranks where the piece may be dropped; default everywhere.
    pub ranks: Option<Vec<u32>>,
    /// At most one unpromoted piece of this kind per file and side (nifu).
    #[serde(default)]
    pub one_per_file: bool,
    /// At most this many unpromoted pieces of this kind per file and side
    /// (`one_per_file` is `per_file = 1`).
    pub per_file: Option<Spanned<u32>>,
    /// It may also be dropped from a hand with a promoted face up: as any
    /// piece its promotion rules name (kyoto shogi).
    #[serde(default)]
    pub promoted: Option<Spanned<bool>>,
    /// A side's pieces of this kind end up split between light and dark
    /// squares: a drop may not put more than half (rounded up) on one colour,
    /// and other drops must leave room for that (placement chess's bishops).
    #[serde(default)]
    pub split_colours: bool,
    /// A drop of this piece may not give checkmate (uchifuzume).
    #[serde(default)]
    pub no_mate: bool,
    /// A drop of this piece may not give check at all (Hex Shogi's pawn;
    /// `[hand] drops_may_check = false` says it of every piece).
    #[serde(default)]
    pub no_check: Option<Spanned<bool>>,
    /// It may not be dropped on a square that a piece of its own side of
    /// one of these kinds attacks (Hex Shogi: no pawn where one of its
    /// side's pawns defends it).
    #[serde(default)]
    pub not_guarded_by: Vec<Spanned<String>>,
    /// Squares where the piece may be dropped: a name is the first
    /// player's square (the second player's is on its own relative rank,
    /// same file); `{ side, squares }` names one side's squares by their
    /// own names (Fairy-Stockfish's `dropRegionWhite/Black`); a side no
    /// entry applies to is not limited. With `ranks`, both must allow the
    /// square.
    pub squares: Option<Spanned<Vec<Spanned<InitialSquare>>>>,
}

/// `[hand]`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct HandRules {
    /// `"NAME=VALUE"`: the hand (captures into it, drops from it) is part of
    /// the rules only when option NAME has that value (wa shogi's drops);
    /// otherwise captured pieces leave the game.
    #[serde(default)]
    pub when: Option<Spanned<String>>,
    /// Where captured pieces go by default.
    #[serde(default = "default_capture")]
    pub captures: CaptureRule,
    /// Drops may not be made on squares from which the piece could never move.
    #[serde(default)]
    pub no_dead_drops: bool,
    /// A drop resets the halfmove clock, as a capture does (Fairy-Stockfish's
    /// rule; python-chess's crazyhouse does not).
    #[serde(default)]
    pub drops_reset_clock: bool,
    /// Pieces come to the hands from outside the game too (bughouse's
    /// partner board): a hand may hold any piece that is not royal, in any
    /// number, whatever captures give.
    #[serde(default)]
    pub supplied: bool,
    /// Drops only where they enclose enemy pieces (`"enclosing"`) or next to
    /// an own piece (`"next_to_own"`).
    pub drops_only: Option<Spanned<DropsOnly>>,
    /// While any of these squares is empty, drops go only there, and
    /// `drops_only` does not apply (reversi's four centre squares;
    /// Fairy-Stockfish's `enclosingDropStart`).
    #[serde(default)]
    pub first_drops: Vec<Spanned<String>>,
    /// Every side holds an endless supply of every piece that is not royal:
    /// drops never empty a hand, and position text writes no hand
    /// (Fairy-Stockfish's `freeDrops`).
    #[serde(default)]
    pub free: bool,
    /// Whether a drop may give check (`false`: a drop that checks is
    /// illegal; Fairy-Stockfish's `dropChecks`).
    pub drops_may_check: Option<Spanned<bool>>,
}

fn default_capture() -> CaptureRule {
    CaptureRule::Hand
}

/// `[hand] drops_only`: where a drop may go, beyond the pieces' own drop
/// rules.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum DropsOnly {
    /// Only where the drop would turn an enclosed line of enemy pieces
    /// (`[moves] flip = "enclosed"`'s lines; Fairy-Stockfish's
    /// `enclosingDrop = reversi`).
    Enclosing,
    /// Only on a square next to (a king step from) one of the side's own
    /// pieces (Fairy-Stockfish's `enclosingDrop = ataxx`).
    NextToOwn,
    /// Only on the first rank or right above a piece, whatever the side
    /// (connect four's gravity; Fairy-Stockfish's `enclosingDrop = top`).
    OnTop,
    /// Only on a square with no enemy piece a rook step away (snort;
    /// Fairy-Stockfish's `enclosingDrop = snort`).
    ApartFromEnemy,
    /// Only where a piece pushed in from an edge along a rank or file
    /// stops: the squares from that edge up to it empty, the next one
    /// occupied or off the board (connect four from any side).
    PushedIn,
}

/// `[pocket]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PocketRules {
    /// Most pieces a pocket holds.
    pub capacity: Spanned<u32>,
    /// A piece may move from the board into its owner's pocket if it has a legal
    /// board move.
    #[serde(default)]
    pub from_board: bool,
}

/// `[gating]`: when a piece leaves a square of these relative ranks for the
/// first time, its player may put a piece from hand on the square it left
/// (seirawan chess).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GatingRules {
    /// Relative ranks whose squares may be gated (each once).
    pub ranks: Spanned<Vec<u32>>,
    /// Pieces in hand may also be dropped as usual, not only gated (s-house).
    #[serde(default)]
    pub drops: Option<Spanned<bool>>,
    /// Whether the gated piece shields its own royal piece (`false`: a
    /// gating board move is legal only when the same move without the gate
    /// is, as Fairy-Stockfish judges it).
    #[serde(default)]
    pub shields: Option<Spanned<bool>>,
}

/// `[placement]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementRules {
    /// Relative ranks where reserve pieces are placed.
    pub ranks: Vec<u32>,
}
