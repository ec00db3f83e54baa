//! `[turns]`: turns of several moves (Marseillais chess's two, Monster
//! chess's two for one side, progressive chess's 1, 2, 3, …).

use serde::Deserialize;
use toml::Spanned;

/// `[turns]`. Without the table every turn is one move.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRules {
    /// Moves in a turn: one count for both sides (`2`), or one per side,
    /// the first player's first (`[2, 1]`). Each at least 1.
    #[serde(default)]
    pub moves: Option<Spanned<toml::Value>>,
    /// The moves of the game's very first turn, the first player's
    /// (Balanced Marseillais chess: 1). At least 1.
    #[serde(default)]
    pub first_turn: Option<Spanned<i64>>,
    /// `true`: the game's n-th turn has n moves (progressive chess). Not
    /// with `moves` or `first_turn`.
    #[serde(default)]
    pub progressive: Option<Spanned<bool>>,
    /// `true`: a move that gives check ends its turn; the moves left are
    /// lost (Marseillais chess, Scottish progressive chess).
    #[serde(default)]
    pub check_ends_turn: Option<Spanned<bool>>,
    /// `true`: a move may give check only as the last move of its turn
    /// (Italian progressive chess); elsewhere in a turn a checking move is
    /// illegal. Not with `check_ends_turn` or `royal_safety =
    /// "end_of_turn"`.
    #[serde(default)]
    pub check_only_on_last_move: Option<Spanned<bool>>,
    /// When a royal piece must be safe: `"every_move"` (the default: no
    /// move may leave it attacked) or `"end_of_turn"` (a move in the middle
    /// of a turn may, if the turn can end with it safe; and a royal piece
    /// is in check when the opponent's whole next turn could take it:
    /// Monster chess).
    #[serde(default)]
    pub royal_safety: Option<Spanned<String>>,
    /// `true`: after an en-passant capture, a later move of the same turn
    /// may capture en passant again (Marseillais chess: both pawns may be
    /// taken). Otherwise en passant is a turn's first move only.
    #[serde(default)]
    pub en_passant_chain: Option<Spanned<bool>>,
}
