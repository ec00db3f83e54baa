//! Legal moves where turns have several moves (`[turns]`): the en-passant
//! captures of every right the side to move holds (the engine's own square
//! is the first), and, where royal pieces need be safe only when a turn
//! ends (`royal_safety = "end_of_turn"`), moves in the middle of a turn
//! judged by whether the turn can still end safely, and the turn's last
//! move by whether the opponent's whole next turn could take the royal
//! piece; with `check_only_on_last_move`, a checking move only as the
//! turn's last.

use super::moves::{Move, MoveKind};
use super::position::Position;
use super::rules::EpEntry;
use super::types::Square;

impl Position {
    /// The legal moves of a variant with `[turns]` (`out` cleared first).
    pub(crate) fn turn_legal_moves(&mut self, out: &mut Vec<Move>) {
        out.clear();
        let Some(t) = self.v.turns else { return };
        let us = self.side;
        if t.end_of_turn && self.turn.left > 1 {
            self.pseudo_moves(out);
            let mut scratch = Vec::new();
            out.retain(|&m| {
                self.make(m);
                let ok = if self.side == us {
                    self.turn_legal_moves(&mut scratch);
                    !scratch.is_empty() || !self.in_check(us)
                } else {
                    !self.turn_check(us)
                };
                self.unmake();
                ok
            });
            return;
        }
        self.legal_moves_core(out);
        if self.v.extra_legality {
            self.special_legality(out);
        }
        self.other_rights_captures(out);
        if t.check_only_on_last_move && self.turn.left > 1 {
            out.retain(|&m| {
                self.make(m);
                let ok = !self.in_check(!us);
                self.unmake();
                ok
            });
        }
        if t.end_of_turn && t.length(!us, self.turn_index() + 1) > 1 {
            // No castling out of check, check being what the opponent's
            // whole next turn could take (the squares crossed are judged
            // by the ordinary attack, FIDE's "attacked").
            if self.turn_check(us) {
                out.retain(|m| m.kind != MoveKind::Castle);
            }
            out.retain(|&m| {
                self.make(m);
                let ok = !self.turn_check(us);
                self.unmake();
                ok
            });
        }
    }

    /// The en-passant captures of the rights the side to move holds besides
    /// the engine's square, added to `out`.
    fn other_rights_captures(&mut self, out: &mut Vec<Move>) {
        let us = self.side;
        let held: Vec<EpEntry> = self
            .turn
            .eps()
            .iter()
            .filter(|e| e.square != self.ep && self.board[e.victim.index()].is_some_and(|p| p.color() != us))
            .copied()
            .collect();
        if held.is_empty() || self.ep == Square::NONE {
            return;
        }
        let saved = (self.ep, self.ep2, self.ep_victim);
        let mut more = Vec::new();
        for e in held {
            (self.ep, self.ep2, self.ep_victim) = (e.square, e.second, e.victim);
            more.clear();
            self.legal_moves_core(&mut more);
            for m in more.iter().filter(|m| self.is_en_passant(m)) {
                if !out.contains(m) {
                    out.push(*m);
                }
            }
        }
        (self.ep, self.ep2, self.ep_victim) = saved;
    }
}
