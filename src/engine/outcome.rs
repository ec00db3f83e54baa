//! How a game ends, as data: why ([`Reason`]), who won ([`GameResult`]),
//! and the game so far that the rules looking back read ([`History`]).
//! `end.rs` judges; this file only names.

use std::fmt;

use super::types::Color;

/// The reason of `[end] mate_rule`'s endings.
pub(crate) const MATE_RULE: &str = "mate rule";

/// The reason of `[end] move_repetition`.
pub(crate) const MOVE_REPETITION: &str = "move repetition";

/// The reason of `royal_pieces = "last"`: a side lost every royal piece.
pub(crate) const ROYALS_CAPTURED: &str = "capture of the royal pieces";
/// [`Reason::Rule`]: a castling that wins (`[end] castling_wins`).
pub(crate) const CASTLED: &str = "castling";
/// [`Reason::Rule`]: a side lost every castling right that could win it
/// the game (`[end] castling_wins`).
pub(crate) const CASTLING_LOST: &str = "loss of castling rights";

/// The reason of `[end] full_board`: no empty square is left.
pub(crate) const FULL_BOARD: &str = "full board";

/// The reason of `[end] quiet_turn_rule`: whole turns in a row without a
/// capture or a move that resets the halfmove clock.
pub(crate) const QUIET_TURNS: &str = "quiet-turn rule";

/// The reason of `[end.connect]`: a line or block of pieces was formed.
pub(crate) const CONNECTION: &str = "connection";

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// No legal move while in check.
    Checkmate,
    /// No legal move while not in check.
    Stalemate,
    /// The same position occurred the rule's number of times.
    Repetition,
    /// A repetition in which one side checked with every move.
    PerpetualCheck,
    /// A side lost every set of pieces that commands its army.
    LossOfCommand,
    /// A piece reached a winning square.
    Reach,
    /// The move counter reached the rule's limit.
    FiftyMoves,
    /// A player resigned.
    Resignation,
    /// A player made an illegal move (external players).
    IllegalMove,
    /// An external engine did not answer in time.
    TimeForfeit,
    /// An external engine exited or stopped reading.
    EngineFailure,
    /// An external engine claimed a draw the rules here do not see (an
    /// XBoard engine's "insufficient material", for one).
    DrawClaim,
    /// The game stopped at a move limit.
    MoveLimit,
    /// A side has too few pieces left (bare king, all pieces lost).
    Extinction,
    /// A side gave the number of checks that wins.
    Checks,
    /// The royal pieces faced each other after a move, as before it.
    RoyalsFacing,
    /// Both players passed in a row.
    DoublePass,
    /// The count of the counting rule passed its limit.
    Counting,
    /// The side to move could only promote (a stalemate by the variant's
    /// rule).
    OnlyPromotions,
    /// A drop that mates, of a piece whose drops may not mate: the player
    /// who dropped loses (Fairy-Stockfish's pawn-drop-mate convention).
    DropMate,
    /// A native hook's rule ended the game; the text says which.
    Rule(&'static str),
}

impl Reason {
    const NAMED: [Reason; 20] = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::Repetition,
        Reason::PerpetualCheck,
        Reason::LossOfCommand,
        Reason::Reach,
        Reason::FiftyMoves,
        Reason::Resignation,
        Reason::IllegalMove,
        Reason::TimeForfeit,
        Reason::EngineFailure,
        Reason::DrawClaim,
        Reason::MoveLimit,
        Reason::Extinction,
        Reason::Checks,
        Reason::RoyalsFacing,
        Reason::DoublePass,
        Reason::Counting,
        Reason::OnlyPromotions,
        Reason::DropMate,
    ];

    /// The reason in words ("perpetual check").
    pub fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "repetition",
            Reason::PerpetualCheck => "perpetual check",
            Reason::LossOfCommand => "loss of command",
            Reason::Reach => "reaching a winning square",
            Reason::FiftyMoves => "fifty-move rule",
            Reason::Resignation => "resignation",
            Reason::IllegalMove => "illegal move",
            Reason::TimeForfeit => "time forfeit",
            Reason::EngineFailure => "engine failure",
            Reason::DrawClaim => "the engine's claim",
            Reason::MoveLimit => "move limit",
            Reason::Extinction => "extinction",
            Reason::Checks => "checks",
            Reason::RoyalsFacing => "royals facing",
            Reason::DoublePass => "double pass",
            Reason::Counting => "counting rule",
            Reason::OnlyPromotions => "only promotions left",
            Reason::DropMate => "drop mate",
            Reason::Rule(text) => text,
        }
    }

    /// A stable key for JSON ("perpetual_check").
    pub fn key(self) -> String {
        match self {
            Reason::Reach => "reach".into(),
            Reason::FiftyMoves => "fifty_moves".into(),
            Reason::DrawClaim => "draw_claim".into(),
            other => other.name().replace([' ', '-'], "_"),
        }
    }

    /// Reads a reason in words or as a key.
    pub fn parse(s: &str) -> Option<Reason> {
        let s = s.replace(['_', '-'], " ");
        Reason::NAMED
            .into_iter()
            .find(|r| r.name().replace('-', " ") == s || r.key().replace('_', " ") == s)
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for Reason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.key())
    }
}

/// A finished game's result: the winner (`None` = draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

impl GameResult {
    /// `winner` wins by `reason`.
    pub fn win(winner: Color, reason: Reason) -> GameResult {
        GameResult {
            winner: Some(winner),
            reason,
        }
    }

    /// A draw by `reason`.
    pub fn draw(reason: Reason) -> GameResult {
        GameResult { winner: None, reason }
    }
}

/// The game so far, for the rules that look back.
#[derive(Clone, Copy, Debug)]
pub struct History<'a> {
    /// Hashes of the start position and of the position after each move; the
    /// last is the current position.
    pub hashes: &'a [u64],
    /// Whether each move gave check; `None` when not tracked (the
    /// perpetual-check rule is then not applied).
    pub checks: Option<&'a [bool]>,
}
