//! End rules that look back on the moves a position was reached by (its
//! stack of moves, back to where it was built or to a null move of the
//! search): the mate rule (`[end] mate_rule`: which pieces gave a mate and
//! its series of checks) and the move-repetition rule (`[end]
//! move_repetition`: one piece moved back and forth).
//!
//! A position built from text knows no moves before it, as Fairy-Stockfish's
//! does not: the rules then see only what the position itself shows.

use super::moves::{AUX_NULL, Move, MoveKind};
use super::outcome::{GameResult, MATE_RULE, MOVE_REPETITION, Reason};
use super::position::Position;
use super::types::{Color, KindSet};
use super::variant::{MateRule, MoveRepetition, Outcome};

/// The result for `player` by an outcome seen from `player`'s side.
fn for_player(player: Color, outcome: Outcome, reason: Reason) -> GameResult {
    match outcome {
        Outcome::Win => GameResult::win(player, reason),
        Outcome::Loss => GameResult::win(!player, reason),
        Outcome::Draw => GameResult::draw(reason),
    }
}

impl Position {
    /// The kinds of the pieces of `!color` that attack a royal piece of
    /// `color` in check (found by generating their moves).
    pub(crate) fn checker_kinds(&self, color: Color) -> KindSet {
        let mut kinds = KindSet::EMPTY;
        let mut buf = Vec::new();
        for royal in self.checked_royals(color) {
            for &s in &self.plist[(!color).index()] {
                if let Some(p) = self.board[s.index()]
                    && p.color() == !color
                    && !kinds.contains(p.kind())
                    && self.captures_on(s, p, royal, &mut buf)
                {
                    kinds.insert(p.kind());
                }
            }
        }
        kinds
    }

    /// Whether the last move on the stack, `back` moves before the top
    /// (0 = the last one), is a real move (not a search's null move).
    fn real_move(&self, back: usize) -> Option<&super::position::Undo> {
        let n = self.stack.len();
        let u = self.stack.get(n.checked_sub(back + 1)?)?;
        (u.mv.aux != AUX_NULL || u.mv.kind != MoveKind::Pass).then_some(u)
    }

    /// The result of a checkmate of the side to move under the mate rule:
    /// a mate by `alone` pieces only, then a series of checks without a
    /// `series` piece, then the plain checkmate.
    pub(crate) fn mate_by_rule(&self, rule: &MateRule) -> GameResult {
        let mated = self.side;
        let reason = Reason::Rule(MATE_RULE);
        let checkers = self.checker_kinds(mated);
        if let Some((kinds, outcome)) = &rule.alone
            && !checkers.is_empty()
            && checkers.iter().all(|k| kinds.contains(k))
        {
            return for_player(mated, *outcome, reason);
        }
        if let Some((kinds, outcome)) = &rule.series
            && !checkers.intersects(kinds)
            && !self.series_checked_by(kinds)
        {
            return for_player(mated, *outcome, reason);
        }
        for_player(mated, self.v.end.checkmated, Reason::Checkmate)
    }

    /// Whether an earlier check of the unbroken series of checks against
    /// the side to move (every second position back, while it was in check
    /// and two real moves lead to it) was given by a piece of `kinds`. The
    /// current check is not looked at.
    fn series_checked_by(&self, kinds: &KindSet) -> bool {
        let side = self.side;
        let mut pos = self.clone();
        while pos.real_move(0).is_some() && pos.real_move(1).is_some() {
            pos.unmake();
            pos.unmake();
            if !pos.in_check(side) {
                return false;
            }
            if pos.checker_kinds(side).intersects(kinds) {
                return true;
            }
        }
        false
    }

    /// The move-repetition rule: whether the side that just moved has moved
    /// one piece back and forth `count` times in a row (one pass of its own
    /// directly before its last move allowed), having brought it there with
    /// a move that took nothing, in check before none of these moves (nor
    /// before that one, when the halfmove clock covers it). Every move
    /// counted must lie within the plies the clock covers. It does not end
    /// a game the side to move could not go on with (no legal move) or that
    /// the move counter ends.
    pub fn move_repetition(&self) -> Option<GameResult> {
        let rule = self.v.end.move_repetition.as_ref()?;
        let arrival = self.shuttle_arrival(rule)?;
        if self.v.end.fifty_move_rule.is_some_and(|n| self.halfmove >= n) {
            return None;
        }
        let mover = !self.side;
        let mut pos = self.clone();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        // The mover's positions before its moves: 1, 3, … plies back.
        let last = if self.halfmove as usize > 2 * arrival {
            arrival
        } else {
            arrival - 1
        };
        for j in 0..=last {
            pos.unmake();
            if pos.in_check(mover) {
                return None;
            }
            if j < last {
                pos.unmake();
            }
        }
        Some(for_player(mover, rule.outcome, Reason::Rule(MOVE_REPETITION)))
    }

    /// The moves of the rule by their squares alone: the index among the
    /// mover's moves (0 = the last) of the move that brought the piece, or
    /// `None` when they do not match.
    fn shuttle_arrival(&self, rule: &MoveRepetition) -> Option<usize> {
        let plain = |m: &Move| m.kind == MoveKind::Board && m.promo().some().is_none();
        let last = self.real_move(0)?.mv;
        if !plain(&last) {
            return None;
        }
        let piece = self.board[last.to.index()]?;
        if rule.except.contains(piece.kind()) {
            return None;
        }
        // The mover's moves, newest first: every second move back.
        let own = |i: usize| self.real_move(2 * i).map(|u| u.mv);
        let passed = own(1)?.kind == MoveKind::Pass;
        let count = rule.count as usize;
        // The moves back and forth, newest first (the pass left out), then
        // the arrival.
        let shuttle: Vec<usize> = (0..=count + usize::from(passed))
            .filter(|&i| !(passed && i == 1))
            .collect();
        let reverse = |a: &Move, b: &Move| plain(a) && plain(b) && a.from == b.to && a.to == b.from;
        for pair in shuttle[..count].windows(2) {
            if !reverse(&own(pair[0])?, &own(pair[1])?) {
                return None;
            }
        }
        let arrival = shuttle[count];
        let arrived = self.real_move(2 * arrival)?;
        if arrived.captured.iter().any(|c| c.is_some()) || arrived.mv.to != own(shuttle[count - 1])?.from {
            return None;
        }
        ((self.halfmove as usize) >= 2 * arrival).then_some(arrival)
    }
}
