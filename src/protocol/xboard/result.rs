//! The end of a game as the session says it: the result line, and the
//! wins XBoard would not believe, left for the opponent to claim.

use super::XBoard;
use super::announce::has_holdings;
use crate::engine::{Color, GameResult, Reason};

impl XBoard {
    /// Says the result if the game is over (while the engine plays); `true`
    /// when it is. After the engine's own move (`own_move`), a win XBoard
    /// would judge a false claim though the rules here make it true is not
    /// claimed ([`XBoard::unverifiable`]): the opponent is asked to move,
    /// finds the game over and claims its loss, which XBoard accepts as it
    /// is (chimera and Fairy-Stockfish both do).
    pub(super) fn announce_result(&mut self, own_move: bool) -> bool {
        let Some(r) = self.result() else {
            return false;
        };
        if own_move && self.unverifiable(&r) {
            self.withheld = true;
            return true;
        }
        self.say_result(&r);
        true
    }

    /// Whether XBoard would take the engine's claim of `r` for false. In a
    /// game between two engines (after `computer`) XBoard tests an engine's
    /// claim of its own win against its own rules, unless the board has
    /// holdings. In an announced variant it sees checkmate, not a king on
    /// the hill, a side's last piece lost or a count of checks. A variant it
    /// plays by its own rules agrees with chimera's but for the bare king:
    /// XBoard believes a king destroyed (atomic) at once, a bare king
    /// (shatranj) only after the bared side's reply, whether or not that
    /// side could bare the other in turn.
    fn unverifiable(&self, r: &GameResult) -> bool {
        let judged_later = if self.shown.known {
            r.reason == Reason::Extinction
                && r.winner
                    .is_some_and(|w| self.game.position().has_royal(w.other()))
        } else {
            r.reason != Reason::Checkmate
        };
        self.computer_opponent
            && !has_holdings(self.game.variant())
            && r.winner.is_some()
            && r.winner == self.engine
            && judged_later
    }

    /// The game's result as the session acts on it: the rules' result,
    /// but for a draw played on ([`XBoard::plays_on`]).
    pub(super) fn result(&mut self) -> Option<GameResult> {
        let r = self.game.result()?;
        (!self.plays_on(&r)).then_some(r)
    }

    /// Whether a draw the rules give is offered rather than claimed, and the
    /// game played on. In an engine-engine game XBoard tests a draw claim
    /// against its own count — the fifty moves by its own idea of a pawn
    /// (and, in xiangqi, without checks and their evasions), repetitions as
    /// it sees them — and forfeits a claim it does not see as false. An
    /// offer it takes as the claim where its rules see the draw, and passes
    /// on to the opponent where they do not; so, after `computer`, every
    /// draw but stalemate (no move left: XBoard sees that alike) is offered
    /// with the engine's moves while it stands, and the game goes on.
    pub(super) fn plays_on(&self, r: &GameResult) -> bool {
        self.computer_opponent
            && r.winner.is_none()
            && r.reason != Reason::Stalemate
            && !self.game.position().clone().legal_move_list().is_empty()
    }

    /// Whether the rules' draw stands and is played on: `offer draw` goes
    /// before the engine's move.
    pub(super) fn offers_draw(&mut self) -> bool {
        self.game.result().is_some_and(|r| self.plays_on(&r))
    }

    /// `1-0 {…}`, `0-1 {…}` or `1/2-1/2 {…}`, the sides named as XBoard names
    /// them (`White` moves first, whatever the rules file calls the sides:
    /// in shogi, sente is XBoard's White).
    pub(super) fn say_result(&mut self, r: &GameResult) {
        self.withheld = false;
        let (score, words) = match r.winner {
            Some(Color::First) => ("1-0", format!("White wins by {}", r.reason.name())),
            Some(Color::Second) => ("0-1", format!("Black wins by {}", r.reason.name())),
            None => ("1/2-1/2", format!("Draw by {}", r.reason.name())),
        };
        self.say(&format!("{score} {{{words}}}"));
    }
}
