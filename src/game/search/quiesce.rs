//! The quiescence search: captures and big promotions (every evasion in
//! check) until the position is quiet. Its results go to the table at
//! depth 0, and a bound found there ends a node.

use super::alphabeta::{from_table, to_table};
use super::table::{Bound, fingerprint};
use super::worker::Worker;
use super::{INF, MAX_PLY, QS_DEPTH};
use crate::engine::{Judge, Move, Position, Square};

impl Worker {
    /// Captures (and big promotions) to a quiet position. From `qs_wide`
    /// captures deep on, only those that take on `last_to` (the previous
    /// capture's square): recaptures.
    pub(super) fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: i32,
        last_to: Square,
    ) -> i32 {
        self.nodes += 1;
        self.pv[ply].clear();
        if let Some(r) = pos.decided() {
            return Self::score_of(pos.settle(r), pos, ply);
        }
        if ply >= MAX_PLY - 1 || self.out_of_time() {
            return self.evaluate(pos);
        }
        // The table's bound, where it decides the node (any depth: a
        // quiescence result is stored at depth 0).
        let key = pos.hash();
        let hit = self.table.probe(key);
        if let Some(h) = hit {
            let s = from_table(h.score, ply);
            let cut = match h.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if cut {
                return s;
            }
        }
        let alpha0 = alpha;
        let in_check = self.in_check(pos);
        let stand = if in_check { -INF } else { self.evaluate(pos) };
        if !in_check {
            if stand >= beta || qdepth >= QS_DEPTH {
                return stand;
            }
            alpha = alpha.max(stand);
        } else if qdepth >= QS_DEPTH {
            return self.evaluate(pos);
        }
        let judge = match self.quiescence_moves(pos, ply, in_check, qdepth, last_to) {
            Ok(judge) => judge,
            Err(score) => return score,
        };
        self.score_moves(pos, ply, hit.map_or(0, |h| h.mv));
        let mut best = stand;
        let mut best_move = 0u16;
        let mut found = false;
        for i in 0..self.buffers[ply].len() {
            let m = self.pick(ply, i);
            if !in_check {
                // Losing captures and hopeless ones are left out.
                if self.scores[ply][i] < 0 && self.scores[ply][i] != 10_000_000 {
                    continue;
                }
                let gain = self.victims(pos, &m);
                if m.promotion().is_none() && stand + gain + 200 <= alpha {
                    continue;
                }
            }
            if let Some(j) = &judge {
                if !j.legal(pos, m) {
                    continue;
                }
                found = true;
            }
            self.played[ply] = None;
            pos.make(m);
            let score = if self.moved_again(pos) {
                self.quiesce(pos, alpha, beta, ply + 1, qdepth + 1, m.to)
            } else {
                -self.quiesce(pos, -beta, -alpha, ply + 1, qdepth + 1, m.to)
            };
            pos.unmake();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = fingerprint(&m);
                }
            }
            if score >= beta {
                self.table
                    .store(key, best_move, to_table(score, ply), 0, Bound::Lower);
                return score;
            }
            alpha = alpha.max(score);
        }
        if let Some(j) = &judge
            && !found
            && !self.any_legal_left(pos, ply, j)
        {
            return Self::terminal(pos, ply);
        }
        let bound = if best > alpha0 { Bound::Exact } else { Bound::Upper };
        self.table.store(key, best_move, to_table(best, ply), 0, bound);
        best
    }

    /// Quiescence's moves in `buffers[ply]`: in check every evasion,
    /// elsewhere captures and big promotions (from `qs_wide` captures deep
    /// on, recaptures on `last_to` alone); with their judge where they are
    /// pseudo-legal (the others in `rests[ply]`), or the score when the side
    /// has no legal move.
    fn quiescence_moves(
        &mut self,
        pos: &mut Position,
        ply: usize,
        in_check: bool,
        qdepth: i32,
        last_to: Square,
    ) -> Result<Option<Judge>, i32> {
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        // Out of check, where moves are judged one by one anyway, only the
        // captures tried are judged; whether the side has a legal move at
        // all is asked at the end, when none of them was.
        let judge = if in_check { None } else { pos.legality_when_tried() };
        let any = if in_check {
            pos.legal_moves_undecided(&mut moves);
            !moves.is_empty()
        } else {
            // Captures and promotions worth 300 or more, judged alone.
            let e = &*self.eval;
            let only_on = (qdepth >= self.qs_wide && last_to != Square::NONE).then_some(last_to);
            let loud = |pos: &Position, m: &Move| {
                if let Some(s) = only_on {
                    return m.captures().contains(&s)
                        || (m.is_line_capture() && pos.line_captures(m).contains(&s));
                }
                m.is_capture()
                    || m.promotion().is_some_and(|p| {
                        let from = m.from().and_then(|f| pos.piece_at(f)).map(|q| q.kind());
                        from.is_some_and(|k| e.order_value(p) - e.order_value(k) >= 300)
                    })
            };
            if judge.is_some() {
                pos.moves_to_try(&mut moves);
                pos.set_aside(&mut moves, &mut self.rests[ply], loud);
                true
            } else {
                pos.legal_moves_selected(&mut moves, &mut self.rest, loud)
            }
        };
        self.buffers[ply] = moves;
        if !any {
            return Err(Self::terminal(pos, ply));
        }
        Ok(judge)
    }

    /// Whether any of the node's pseudo-legal moves (tried or not, and
    /// those quiescence left out) is legal: asked when none tried was.
    fn any_legal_left(&mut self, pos: &mut Position, ply: usize, judge: &Judge) -> bool {
        let rest = std::mem::take(&mut self.rests[ply]);
        let moves = std::mem::take(&mut self.buffers[ply]);
        let any = judge.any_legal(pos, &moves) || judge.any_legal(pos, &rest);
        (self.rests[ply], self.buffers[ply]) = (rest, moves);
        any
    }
}
