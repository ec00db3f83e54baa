//! Move ordering: the table's move, captures by a static exchange
//! estimate, killers, the countermove and the quiet-move history.

use super::table::fingerprint;
use super::worker::Worker;
use crate::engine::{Move, MoveKind, Position, Square};

impl Worker {
    /// Index into the history tables: side, moving (or entering) kind, target.
    #[inline]
    pub(super) fn hist_index(&self, pos: &Position, m: &Move) -> Option<usize> {
        let to = m.to()?;
        let kind = match m.kind() {
            MoveKind::Board | MoveKind::Castle | MoveKind::ToPocket => pos.piece_at(m.from()?)?.kind(),
            MoveKind::Pass => return None,
            _ => m.piece(),
        };
        let c = pos.side_to_move().index();
        Some((c * self.kinds + kind.index()) * self.squares + to.index())
    }

    /// What a move captures, by ordering value.
    pub(super) fn victims(&self, pos: &Position, m: &Move) -> i32 {
        let value = |c: &Square| {
            pos.piece_at(*c).map_or(0, |q| {
                let v = self.eval.order_value(q.kind());
                // A range capture may take pieces of its own side.
                if q.color() == pos.side_to_move() { -v } else { v }
            })
        };
        if m.is_line_capture() {
            return pos.captured_squares(m).iter().map(value).sum();
        }
        m.captures().iter().map(value).sum()
    }

    /// A static exchange estimate of a capture or promotion: what it wins,
    /// less the mover if the target square is defended and the mover is
    /// worth more than what it takes.
    fn exchange(&self, pos: &Position, m: &Move) -> i32 {
        let e = &*self.eval;
        let mut gain = self.victims(pos, m);
        let mover = match m.kind() {
            MoveKind::Board => m.from().and_then(|f| pos.piece_at(f)).map(|p| p.kind()),
            _ => Some(m.piece()),
        };
        let Some(mover) = mover else { return gain };
        let mut risk = e.order_value(mover);
        if let Some(p) = m.promotion() {
            gain += e.order_value(p) - risk;
            risk = e.order_value(p);
        }
        if gain >= risk {
            return gain;
        }
        match m.to() {
            Some(to) if pos.attacked(to, !pos.side_to_move()) => gain - risk,
            _ => gain,
        }
    }

    /// Scores moves for ordering into `self.scores[ply]`.
    pub(super) fn score_moves(&mut self, pos: &Position, ply: usize, tt: u16) {
        let moves = std::mem::take(&mut self.buffers[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        scores.clear();
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let counter = ply
            .checked_sub(1)
            .and_then(|p| self.played[p])
            .and_then(|i| self.counter[i]);
        let root_best = if ply == 0 { self.root_best } else { None };
        for m in &moves {
            let s = if Some(*m) == root_best || (tt != 0 && fingerprint(m) == tt) {
                10_000_000
            } else if m.is_capture() || m.promotion().is_some() {
                let x = self.exchange(pos, m);
                let victim = self.victims(pos, m);
                if x >= 0 {
                    2_000_000 + 16 * victim.min(50_000) + x.min(50_000)
                } else {
                    -2_000_000 + x
                }
            } else if killers[0] == Some(*m) {
                1_000_001
            } else if killers[1] == Some(*m) {
                1_000_000
            } else if counter == Some(*m) {
                999_999
            } else {
                self.hist_index(pos, m).map_or(0, |i| self.history[i])
            };
            scores.push(s);
        }
        self.buffers[ply] = moves;
        self.scores[ply] = scores;
    }

    /// Moves the best-scored of the moves from `i` on to `i`.
    #[inline]
    pub(super) fn pick(&mut self, ply: usize, i: usize) -> Move {
        let scores = &mut self.scores[ply];
        let moves = &mut self.buffers[ply];
        let mut best = i;
        for j in i + 1..scores.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        scores.swap(i, best);
        moves.swap(i, best);
        moves[i]
    }

    pub(super) fn update_quiet(&mut self, pos: &Position, m: Move, depth: i32, ply: usize, tried: &[Move]) {
        if let Some(k) = self.killers.get_mut(ply)
            && k[0] != Some(m)
        {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = (depth * depth).min(400);
        if let Some(i) = self.hist_index(pos, &m) {
            let h = &mut self.history[i];
            *h += 32 * bonus - *h * bonus / 512;
        }
        for t in tried {
            if let Some(i) = self.hist_index(pos, t) {
                let h = &mut self.history[i];
                *h -= 32 * bonus + *h * bonus / 512;
            }
        }
        if let Some(i) = ply.checked_sub(1).and_then(|p| self.played[p]) {
            self.counter[i] = Some(m);
        }
    }
}
