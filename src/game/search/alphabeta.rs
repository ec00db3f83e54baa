//! The principal variation search: a node's early cutoffs (the table,
//! reverse futility, null move), its moves searched with late-move
//! pruning and reductions, the scores of finished games, and mate scores
//! in the table.

use super::table::{Bound, fingerprint};
use super::worker::Worker;
use super::{INF, MATE, MATE_BOUND, MAX_PLY};
use crate::engine::{
    GameResult, History, Judge, Move, Position, Square, completes_forbidden_repetition,
    repetition_forbids_moves, repetition_result,
};

/// What kind of node a search call is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// On the principal variation: an open window.
    Pv,
    /// Off it: a null window.
    Zero,
    /// Off it, a null window, expected to fail high (a cut node: the
    /// reduced search of a late move, and every other ply below it).
    Cut,
    /// Right after a null move (no second one in a row).
    AfterNull,
}

/// A node being searched.
struct Node {
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    /// On the principal variation (an open window).
    pv: bool,
    /// Expected to fail high.
    cut: bool,
    in_check: bool,
    /// The move into this node gave check (kept for the perpetual-check
    /// rule), None while not yet asked (see [`Worker::gave_check`]).
    checked: Option<bool>,
    static_eval: i32,
    key: u64,
    /// The table's move fingerprint, 0 for none.
    tt_move: u16,
}

impl Worker {
    /// The score of a finished game for the side to move.
    pub(super) fn score_of(result: GameResult, pos: &Position, ply: usize) -> i32 {
        match result.winner {
            Some(w) if w == pos.side_to_move() => MATE - ply as i32,
            Some(_) => -MATE + ply as i32,
            None => 0,
        }
    }

    /// Score of a position with no legal moves, for the side to move.
    pub(super) fn terminal(pos: &mut Position, ply: usize) -> i32 {
        let result = pos
            .decided()
            .map_or_else(|| pos.no_move_result(), |r| pos.settle(r));
        Self::score_of(result, pos, ply)
    }

    /// The score of the position by the repetition rule, if it applies, as
    /// the game rules it (`checked`: the move into it gave check, None
    /// where not yet asked).
    fn repetition(&mut self, pos: &Position, ply: usize, checked: Option<bool>) -> Option<i32> {
        pos.variant().repetition_rule()?;
        self.path.push(pos.hash());
        self.checks.push(checked);
        let result = self.repetition_found(pos);
        self.path.pop();
        self.checks.pop();
        result.map(|r| Self::score_of(r, pos, ply))
    }

    /// [`repetition_result`] over the search's path (`pos` its last entry).
    /// Where perpetual checks count, whether a move gave check is asked
    /// only once a position repeats: the moves since the root whose answer
    /// is not known are judged then, by taking them back on a copy.
    fn repetition_found(&mut self, pos: &Position) -> Option<GameResult> {
        let plain = History {
            hashes: &self.path,
            checks: None,
        };
        let result = repetition_result(pos, &plain)?;
        if !self.perpetual {
            return Some(result);
        }
        self.settle_checks(pos);
        // checks[i] is whether the move into path[i] gave check; the
        // history counts moves, the first into path[1].
        let checks: Vec<bool> = self.checks[1..].iter().map(|c| c.unwrap_or(false)).collect();
        let history = History {
            hashes: &self.path,
            checks: Some(&checks),
        };
        repetition_result(pos, &history)
    }

    /// Answers every check flag on the path not yet known, `pos` being the
    /// path's last position: each earlier one is reached by taking moves
    /// back on a copy (only the search's own moves are unknown, so the
    /// copy never goes back past the root).
    fn settle_checks(&mut self, pos: &Position) {
        let Some(first_unknown) = self.checks.iter().position(Option::is_none) else {
            return;
        };
        let mut back = pos.clone();
        for i in (first_unknown..self.checks.len()).rev() {
            debug_assert_eq!(
                back.hash(),
                self.path[i],
                "the path and the moves taken back agree"
            );
            if self.checks[i].is_none() {
                let in_check = back.in_check(back.side_to_move());
                self.checks[i] = Some(back.gives_check_knowing(!back.side_to_move(), in_check));
            }
            back.unmake();
        }
    }

    /// Whether the move into `pos` gave check, `in_check` being whether the
    /// side to move is in check; where the perpetual-check rule needs more
    /// (a hook's or a command variant's checks, which make every move of
    /// the mover's) and the side is not in check, None: asked only if a
    /// position repeats ([`Worker::settle_checks`]).
    fn gave_check(&self, in_check: bool) -> Option<bool> {
        if self.perpetual && !in_check {
            None
        } else {
            Some(in_check)
        }
    }

    /// Whether the side to move has more than pawn-like pieces, or pieces to
    /// drop: otherwise a null move risks zugzwang.
    fn has_material(&self, pos: &Position) -> bool {
        let c = pos.side_to_move();
        let v = pos.variant();
        let big = pos.pieces(c).iter().filter_map(|&s| pos.piece_at(s)).any(|p| {
            let k = p.kind();
            !v.piece(k).is_royal() && self.eval.order_value(k) >= 250
        });
        big || (v.has_hands() && v.kinds().any(|k| pos.hand(c, k) > 0))
    }

    /// The main search: a node of `depth` plies to go within (alpha, beta).
    pub(super) fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        kind: Kind,
    ) -> i32 {
        let (pv_node, after_null) = (kind == Kind::Pv, kind == Kind::AfterNull);
        self.pv[ply].clear();
        // In the order the game judges its end (`engine::judge`).
        if ply > 0 {
            if let Some(r) = pos.decided() {
                return Self::score_of(pos.settle(r), pos, ply);
            }
            if let Some(r) = pos.move_repetition() {
                return Self::score_of(pos.settle(r), pos, ply);
            }
        }
        let in_check = self.in_check(pos);
        let checked = if ply > 0 {
            self.gave_check(in_check)
        } else {
            Some(self.root_checked)
        };
        if ply > 0
            && let Some(score) = self.repetition(pos, ply, checked)
        {
            return score;
        }
        let mut n = Node {
            depth,
            alpha,
            beta,
            ply,
            pv: pv_node,
            cut: kind == Kind::Cut,
            in_check,
            checked,
            static_eval: -INF,
            key: pos.hash(),
            tt_move: 0,
        };
        if n.depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, 0, Square::NONE);
        }
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        if ply > 0 {
            // Mate distance: no line from here beats a mate already found.
            n.alpha = n.alpha.max(-MATE + ply as i32);
            n.beta = n.beta.min(MATE - ply as i32 - 1);
            if n.alpha >= n.beta {
                return n.alpha;
            }
        }
        if let Some(score) = self.cut_early(pos, &mut n, after_null) {
            return score;
        }
        // No move from the table at a deep node: search it a ply shallower
        // (it will be searched again deeper, with the move this finds).
        if n.tt_move == 0 && n.depth >= 4 {
            n.depth -= 1;
        }
        self.search_moves(pos, n)
    }

    /// The table's cutoff, reverse futility and null-move pruning: a score
    /// when the node needs no move searched. Sets the node's table move and
    /// static evaluation.
    fn cut_early(&mut self, pos: &mut Position, n: &mut Node, after_null: bool) -> Option<i32> {
        let (depth, ply) = (n.depth, n.ply);
        let mut stored = None;
        if let Some(h) = self.table.probe(n.key) {
            n.tt_move = h.mv;
            let s = from_table(h.score, ply);
            if !n.pv && h.depth >= depth {
                match h.bound {
                    Bound::Exact => return Some(s),
                    Bound::Lower if s >= n.beta => return Some(s),
                    Bound::Upper if s <= n.alpha => return Some(s),
                    _ => {}
                }
            }
            stored = Some((s, h.bound));
        }
        n.static_eval = if n.in_check { -INF } else { self.evaluate(pos) };
        self.evals[ply] = n.static_eval;
        if n.pv || n.in_check || n.static_eval.abs() >= MATE_BOUND {
            return None;
        }
        // The table's score, where its bound says it is nearer the truth,
        // is a better guess than the static evaluation for what follows.
        let mut eval = n.static_eval;
        if let Some((s, bound)) = stored
            && s.abs() < MATE_BOUND
            && (bound == Bound::Exact || (bound == Bound::Lower) == (s > eval))
        {
            eval = s;
        }
        // Reverse futility: far above beta near the leaves.
        if depth <= 6 && eval - 80 * depth >= n.beta {
            return Some(eval);
        }
        // Razoring: far below alpha, only captures can save the node.
        if depth <= 3 && eval + 250 + 200 * depth * depth <= n.alpha {
            let s = self.quiesce(pos, n.alpha, n.alpha + 1, ply, 0, Square::NONE);
            if s <= n.alpha {
                return Some(s);
            }
        }
        // Null move: if passing still beats beta, so will a real move.
        // Not in the middle of a turn of several moves: the turn is not the
        // side's to give away there.
        if self.null_ok
            && !after_null
            && depth >= 3
            && eval >= n.beta
            && self.has_material(pos)
            && pos.at_turn_start()
        {
            let r = 3 + depth / 4 + ((eval - n.beta) / 200).min(3);
            self.played[ply] = None;
            pos.make_null();
            self.path.push(n.key);
            self.checks.push(n.checked);
            let s = -self.negamax(pos, depth - 1 - r, -n.beta, -n.beta + 1, ply + 1, Kind::AfterNull);
            self.path.pop();
            self.checks.pop();
            pos.unmake();
            if self.stopped {
                return Some(0);
            }
            if s >= n.beta {
                return Some(if s >= MATE_BOUND { n.beta } else { s });
            }
        }
        None
    }

    /// The reduction of a late move, `gives` whether it gives check: a
    /// quiet one's by depth, order and history (two plies more at a cut
    /// node), a losing capture's by depth and order alone off the
    /// principal variation, none for any other.
    fn reduction(
        &mut self,
        n: &Node,
        searched: usize,
        order_score: i32,
        quiet: bool,
        gives: bool,
        improving: bool,
    ) -> i32 {
        if n.depth < 3 || n.in_check || gives {
            return 0;
        }
        if !quiet {
            // Captures that lose material by the exchange estimate, off
            // the principal variation.
            if order_score < 0 && !n.pv {
                let r = self.lmr[n.depth.min(63) as usize][searched.min(63)] as i32;
                return r.clamp(0, n.depth - 2);
            }
            return 0;
        }
        if order_score >= 999_999 {
            return 0;
        }
        let mut r = self.lmr[n.depth.min(63) as usize][searched.min(63)] as i32;
        if n.cut {
            r += 2;
        }
        if n.pv {
            r -= 1;
        }
        if !improving {
            r += 1;
        }
        // Moves with a good history are reduced less, a bad one more.
        r -= order_score.clamp(-16_000, 16_000) / 6_000;
        r.clamp(0, n.depth - 2)
    }

    /// Whether the side to move stands better than two plies ago (four,
    /// when it was in check then).
    fn improving(&self, n: &Node) -> bool {
        !n.in_check
            && match (n.ply.checked_sub(2), n.ply.checked_sub(4)) {
                (Some(a), _) if self.evals[a] != -INF => n.static_eval > self.evals[a],
                (_, Some(b)) => n.static_eval > self.evals[b],
                _ => true,
            }
    }

    /// The score of a move made at node `n`, searched to `depth`: the first
    /// move (`r` None) with the node's window; a later one with a null
    /// window, reduced by `r`, again unreduced if it beats alpha, and with
    /// the full window on the principal variation if it lands inside it.
    fn search_child(&mut self, pos: &mut Position, n: &Node, depth: i32, r: Option<i32>) -> i32 {
        let (alpha, beta, ply) = (n.alpha, n.beta, n.ply);
        let Some(r) = r else {
            let kind = if n.pv {
                Kind::Pv
            } else if n.cut {
                Kind::Zero
            } else {
                Kind::Cut
            };
            return self.child(pos, depth, alpha, beta, ply, kind);
        };
        let mut score = self.child(pos, depth - r, alpha, alpha + 1, ply, Kind::Cut);
        if score > alpha && r > 0 {
            let k = if n.cut { Kind::Zero } else { Kind::Cut };
            score = self.child(pos, depth, alpha, alpha + 1, ply, k);
        }
        if score > alpha && score < beta && n.pv {
            score = self.child(pos, depth, alpha, beta, ply, Kind::Pv);
        }
        score
    }

    /// A child's score within (alpha, beta) for the side that moved: the
    /// child's own, negated, when the other side is to move there; as it is
    /// when the same side moves again (a turn of several moves).
    fn child(
        &mut self,
        pos: &mut Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        kind: Kind,
    ) -> i32 {
        if self.moved_again(pos) {
            self.negamax(pos, depth, alpha, beta, ply + 1, kind)
        } else {
            -self.negamax(pos, depth, -beta, -alpha, ply + 1, kind)
        }
    }

    /// Whether the side to move made the move just made (the middle of a
    /// turn of several moves).
    pub(super) fn moved_again(&self, pos: &Position) -> bool {
        pos.last_mover() == Some(pos.side_to_move())
    }

    /// The node's moves in `buffers[ply]`, with their judge where they are
    /// pseudo-legal (see [`Position::legality_when_tried`]), or the score
    /// when the node ends here: no legal move, or a counter's result.
    fn node_moves(&mut self, pos: &mut Position, ply: usize, in_check: bool) -> Result<Option<Judge>, i32> {
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        // Out of check, where moves are judged one by one anyway, only
        // those tried are judged (in check most would be illegal).
        let judge = if in_check { None } else { pos.legality_when_tried() };
        match &judge {
            Some(_) => pos.moves_to_try(&mut moves),
            None => pos.legal_moves_undecided(&mut moves),
        }
        let early = if moves.is_empty() {
            Some(Self::terminal(pos, ply))
        } else {
            pos.counter_result(&moves, None).map(|r| {
                // No legal move ends the game before a counter does.
                match &judge {
                    Some(j) if !j.any_legal(pos, &moves) => Self::terminal(pos, ply),
                    _ => Self::score_of(r, pos, ply),
                }
            })
        };
        self.buffers[ply] = moves;
        early.map_or(Ok(judge), Err)
    }

    /// Searches the node's moves (principal variation search), stores the
    /// result in the table and returns the score.
    fn search_moves(&mut self, pos: &mut Position, mut n: Node) -> i32 {
        let (depth, ply, beta) = (n.depth, n.ply, n.beta);
        let judge = match self.node_moves(pos, ply, n.in_check) {
            Ok(judge) => judge,
            Err(score) => return score,
        };
        self.score_moves(pos, ply, n.tt_move);
        let alpha0 = n.alpha;
        let mut best = -INF;
        let mut best_move: Option<Move> = None;
        let mut quiets_tried: Vec<Move> = Vec::new();
        let improving = self.improving(&n);
        self.path.push(n.key);
        self.checks.push(n.checked);
        let mut searched = 0usize;
        // Moves that would repeat where the variant forbids it are skipped;
        // when every move is, the side has none.
        let forbids = repetition_forbids_moves(pos.variant());
        let mut forbidden = 0usize;
        let mut illegal = 0usize;
        for i in 0..self.buffers[ply].len() {
            let m = self.pick(ply, i);
            let order_score = self.scores[ply][i];
            let quiet = !m.is_capture() && m.promotion().is_none();
            // Late-move pruning and futility, for quiet moves that do not
            // give check (tested once the move is made).
            let prune = quiet && searched > 0 && best > -MATE_BOUND && {
                let r = i32::from(self.lmr[n.depth.min(63) as usize][searched.min(63)]);
                prunable(&n, searched, improving, n.depth - 1 - r)
            };
            if let Some(j) = &judge {
                // A pruned move is never judged: only whether it gives
                // check decides (what else is tried, legal or not).
                if prune && !pos.move_gives_check(m, pos.quick_check_test()) {
                    continue;
                }
                if !j.legal(pos, m) {
                    illegal += 1;
                    continue;
                }
            }
            self.played[ply] = self.hist_index(pos, &m);
            pos.make(m);
            let gives = self.in_check(pos);
            if prune && !gives {
                pos.unmake();
                continue;
            }
            // A check extends unless the checker stands where it can be
            // taken for nothing (and was not a capture that wins by the
            // exchange): a checker its own side defends extends — the drop
            // next to the king that a pawn or a gold guards.
            let ext = i32::from(
                gives
                    && ply < MAX_PLY / 2
                    && ((!quiet && order_score >= 0)
                        || m.to().is_none_or(|t| {
                            !pos.attacked(t, pos.side_to_move()) || pos.reaches(t, !pos.side_to_move())
                        })),
            );
            if forbids && completes_forbidden_repetition(pos.variant(), &self.path, pos.hash(), n.in_check) {
                pos.unmake();
                forbidden += 1;
                continue;
            }
            let r = if searched == 0 {
                None
            } else {
                Some(self.reduction(&n, searched, order_score, quiet, gives, improving))
            };
            let score = self.search_child(pos, &n, depth - 1 + ext, r);
            pos.unmake();
            if self.stopped {
                self.path.pop();
                self.checks.pop();
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                if score > n.alpha {
                    best_move = Some(m);
                    n.alpha = score;
                    self.new_best(m, ply, n.pv, score);
                }
            }
            if n.alpha >= beta {
                if quiet {
                    self.update_quiet(pos, m, depth, ply, &quiets_tried);
                }
                break;
            }
            if quiet {
                quiets_tried.push(m);
            }
        }
        self.path.pop();
        self.checks.pop();
        if searched == 0 && forbidden + illegal == self.buffers[ply].len() {
            return Self::terminal(pos, ply);
        }
        if searched == 0 {
            // Every move pruned: the static evaluation stands.
            return n.static_eval.max(alpha0);
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let fp = best_move.map_or(0, |m| fingerprint(&m));
        self.table.store(n.key, fp, to_table(best, ply), depth, bound);
        best
    }

    /// A move raised alpha to `score`: the root's best move and the
    /// principal variation.
    fn new_best(&mut self, m: Move, ply: usize, pv: bool, score: i32) {
        if ply == 0 {
            self.root_best = Some(m);
            self.root_score = score;
        }
        if pv {
            let (head, tail) = self.pv.split_at_mut(ply + 1);
            head[ply].clear();
            head[ply].push(m);
            head[ply].extend_from_slice(&tail[0]);
        }
    }
}

/// Whether the node's late quiet moves are pruned once `searched` moves
/// have been, off the principal variation and out of check: by their
/// number (late-move pruning, at any depth, half as many when the side
/// is not improving), and by futility at the depth the move would be
/// searched to after its reduction (`lmr_depth`).
fn prunable(n: &Node, searched: usize, improving: bool, lmr_depth: i32) -> bool {
    if n.pv || n.in_check {
        return false;
    }
    let late = (5 + n.depth * n.depth) * (1 + i32::from(improving)) / 2;
    searched as i32 >= late || (lmr_depth < 6 && n.static_eval + 180 + 130 * lmr_depth.max(0) <= n.alpha)
}

/// Mate scores are stored relative to the node, read back relative to the root.
pub(super) fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub(super) fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_survive_the_table() {
        for ply in [0usize, 3, 17] {
            for s in [MATE - 5 - ply as i32, -MATE + 9 + ply as i32, 42] {
                assert_eq!(from_table(to_table(s, ply), ply), s);
            }
        }
    }
}
