//! Legality judged when a move is tried. Where a position's moves can
//! only be judged one by one by making them (several royal pieces, a lion's
//! double moves, captures limited to unprotected pieces), a search that
//! stops at the first move refuting a node need not judge the others: it
//! takes the pseudo-legal moves and asks a [`Judge`] about each move it is
//! about to make.

use super::legal_rules::is_pass;
use super::legal_slow::Quiet;
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::types::Color;

/// Judges the pseudo-legal moves that [`Position::moves_to_try`] lists for
/// one position, one at a time (see [`Position::legality_when_tried`]). It
/// holds what it learnt of that position, so it serves no other.
pub struct Judge {
    us: Color,
    quiet: Option<Quiet>,
    special: bool,
}

impl Position {
    /// A judge of this position's moves one at a time, where that is how its
    /// legality is decided anyway and no rule looks at the whole list of
    /// legal moves (those the position's [`Position::legal_moves`] would
    /// keep are exactly the pseudo-legal moves the judge passes); `None`
    /// where the legal moves come cheaper as a list (one royal piece and
    /// plain attackers: the pin-aware generator), where the side has no
    /// royal piece, and in a turn of several moves.
    pub fn legality_when_tried(&self) -> Option<Judge> {
        let v = &*self.v;
        let lazy = v.per_move_legality
            && v.turns.is_none()
            && !v.moves.compulsory_capture
            && v.end.only_promotions.is_none()
            && !self.fast_legality()
            && !self.unguarded_generation();
        lazy.then(|| Judge {
            us: self.side,
            quiet: self.quiet_safety(),
            special: v.extra_legality,
        })
    }

    /// The pseudo-legal moves a [`Judge`] of this position judges. Under
    /// `one_piece_pass`, one pass: the one from the lowest square, as
    /// [`Position::legal_moves`] keeps (a pass leaves the same position
    /// whichever piece makes it, so all are legal or none is).
    pub fn moves_to_try(&self, out: &mut Vec<Move>) {
        out.clear();
        self.judged_moves(out);
        if self.v.moves.one_piece_pass
            && let Some(keep) = out.iter().filter(|m| is_pass(m)).map(|m| m.from).min()
        {
            out.retain(|m| !is_pass(m) || m.from == keep);
        }
    }
}

impl Judge {
    /// Whether the pseudo-legal move `m` of the judge's position is legal.
    #[inline]
    pub fn legal(&self, pos: &mut Position, m: Move) -> bool {
        let safe = self.quiet.as_ref().is_some_and(|q| pos.quiet_move(q, m)) || pos.slow_legal(m, self.us);
        safe && (!self.special || pos.per_move_special(m))
    }

    /// Whether any of `moves` is legal: board moves first (a drop's
    /// legality may need a search of its own under a drop-mate ban).
    pub fn any_legal(&self, pos: &mut Position, moves: &[Move]) -> bool {
        let drop = |m: &Move| m.kind == MoveKind::Drop;
        moves.iter().filter(|m| !drop(m)).any(|&m| self.legal(pos, m))
            || moves.iter().filter(|m| drop(m)).any(|&m| self.legal(pos, m))
    }
}
