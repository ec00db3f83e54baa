//! One search thread: its ordering heuristics, counters and path, the
//! iterative deepening with aspiration windows it runs, and its clock.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::alphabeta::Kind;
use super::table::Table;
use super::{CLOCK_EVERY, Earlier, Eval, INF, Limits, MATE_BOUND, MAX_PLY, QS_DEPTH, SearchReport};
use crate::clock::Instant;
use crate::engine::{Move, Position, Variant, drop_forbidden_repetitions};

/// Entries of a thread's evaluation cache (a power of two; 1 MiB).
const EVAL_CACHE: usize = 1 << 16;

/// Hears of every completed iteration: the report and its principal variation.
type Progress<'a> = &'a mut dyn FnMut(&SearchReport, &[Move]);

/// One search thread: its ordering heuristics, counters and path.
pub(super) struct Worker {
    pub(super) eval: Arc<Eval>,
    pub(super) table: Arc<Table>,
    pub(super) kinds: usize,
    pub(super) squares: usize,
    /// Quiet-move history per (side, kind, target).
    pub(super) history: Vec<i32>,
    /// The reply that refuted a (side, kind, target) last time.
    pub(super) counter: Vec<Option<Move>>,
    pub(super) killers: Vec<[Option<Move>; 2]>,
    /// The history index of the move played at each ply (for countermoves).
    pub(super) played: Vec<Option<usize>>,
    pub(super) evals: Vec<i32>,
    pub(super) pv: Vec<Vec<Move>>,
    pub(super) buffers: Vec<Vec<Move>>,
    pub(super) scores: Vec<Vec<i32>>,
    pub(super) nodes: u64,
    deadline: Option<Instant>,
    stops: [Option<Arc<AtomicBool>>; 2],
    pub(super) node_limit: Option<u64>,
    pub(super) stopped: bool,
    /// Stopped by a stop flag (not by the node limit or the clock).
    interrupted: bool,
    clock_countdown: u32,
    time_countdown: u32,
    /// Calls between readings of the clock (see `out_of_time`).
    clock_every: u32,
    clock_read: Option<Instant>,
    /// Hashes of the game before the root and of the current search path.
    pub(super) path: Vec<u64>,
    /// Whether the move into each position of `path` gave check (None:
    /// not yet asked; see `Worker::settle_checks`).
    pub(super) checks: Vec<Option<bool>>,
    /// Whether the move into the root gave check.
    pub(super) root_checked: bool,
    /// The variant's repetition rule counts perpetual checks: the search
    /// keeps `checks`.
    pub(super) perpetual: bool,
    pub(super) scratch: Vec<Move>,
    /// The network's buffers, when one evaluates.
    pub(super) net_scratch: crate::game::nnue::Scratch,
    /// Static evaluations by position hash (a position is evaluated again
    /// and again: by the node, its quiescence, re-searches).
    eval_cache: Vec<(u64, i32)>,
    /// The moves quiescence leaves unselected.
    pub(super) rest: Vec<Move>,
    /// Per ply, quiescence's moves left out of a lazily judged list.
    pub(super) rests: Vec<Vec<Move>>,
    /// Captures deep from which quiescence searches recaptures alone: on
    /// boards of more than 256 squares, where a position can have dozens
    /// of captures and each is slow to judge, 2; elsewhere never.
    pub(super) qs_wide: i32,
    pub(super) lmr: Vec<[u8; 64]>,
    /// The variant allows null moves (no rule makes passing special).
    pub(super) null_ok: bool,
    pub(super) root_best: Option<Move>,
    /// The score `root_best` got.
    pub(super) root_score: i32,
    /// Plies a helper thread's iterations start ahead of the main thread's.
    pub(super) ahead: i32,
    /// The deadline waits for the first iteration (a move time, not a
    /// clock): a move is never played unsearched.
    pub(super) first_iteration_first: bool,
    /// An iteration has finished in this search.
    finished_one: bool,
    /// The last position asked whether in check: its hash and the answer.
    check_memo: (u64, bool),
}

impl Worker {
    pub(super) fn new(v: &Arc<Variant>, eval: Arc<Eval>, table: Arc<Table>) -> Worker {
        let kinds = v.kind_count();
        let squares = v.board().squares();
        let lmr = (0..64)
            .map(|d| {
                let mut row = [0u8; 64];
                for (m, r) in row.iter_mut().enumerate() {
                    if d > 0 && m > 0 {
                        *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8;
                    }
                }
                row
            })
            .collect();
        Worker {
            eval,
            table,
            kinds,
            squares,
            history: vec![0; 2 * kinds * squares],
            counter: vec![None; 2 * kinds * squares],
            killers: vec![[None; 2]; MAX_PLY],
            played: vec![None; MAX_PLY + 1],
            evals: vec![0; MAX_PLY + 1],
            pv: vec![Vec::new(); MAX_PLY + 1],
            buffers: vec![Vec::new(); MAX_PLY + 1],
            scores: vec![Vec::new(); MAX_PLY + 1],
            nodes: 0,
            deadline: None,
            stops: [None, None],
            node_limit: None,
            stopped: false,
            interrupted: false,
            clock_countdown: 1,
            time_countdown: 1,
            clock_every: CLOCK_EVERY,
            clock_read: None,
            path: Vec::new(),
            checks: Vec::new(),
            root_checked: false,
            perpetual: v.repetition_rule().is_some_and(|r| r.perpetual_check_loses),
            scratch: Vec::new(),
            net_scratch: Default::default(),
            eval_cache: vec![(0, 0); EVAL_CACHE],
            rest: Vec::new(),
            rests: vec![Vec::new(); MAX_PLY],
            qs_wide: if squares > 256 { 2 } else { QS_DEPTH },
            lmr,
            null_ok: v.null_move_ok(),
            root_best: None,
            root_score: 0,
            ahead: 0,
            first_iteration_first: false,
            finished_one: false,
            check_memo: (0, false),
        }
    }

    pub(super) fn clear_heuristics(&mut self) {
        self.history.iter_mut().for_each(|h| *h = 0);
        self.counter.iter_mut().for_each(|c| *c = None);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    pub(super) fn prepare(
        &mut self,
        earlier: &Earlier,
        deadline: Option<Instant>,
        stops: [Option<Arc<AtomicBool>>; 2],
    ) {
        self.path.clear();
        self.path.extend_from_slice(&earlier.hashes);
        self.checks.clear();
        self.checks.extend(earlier.checks.iter().map(|&c| Some(c)));
        self.root_checked = earlier.root_checked;
        self.deadline = deadline;
        self.stops = stops;
        self.stopped = false;
        self.interrupted = false;
        self.clock_countdown = 1;
        self.time_countdown = 1;
        self.clock_read = None;
        self.finished_one = false;
        self.nodes = 0;
        self.root_best = None;
        // History from the last search still orders, at half weight.
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    /// Iterative deepening with aspiration windows; `each` (the main thread)
    /// hears of every completed iteration, and of an unfinished one whose
    /// move is played: the best move is always the first move of the last
    /// line `each` heard.
    pub(super) fn iterate(
        &mut self,
        pos: &mut Position,
        limits: &Limits,
        start: Instant,
        mut each: Option<Progress<'_>>,
    ) -> SearchReport {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        self.path.push(pos.hash());
        drop_forbidden_repetitions(pos, &self.path, &mut moves);
        self.path.pop();
        let mut report = SearchReport {
            best: moves.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            partial: false,
            interrupted: false,
        };
        if moves.len() <= 1 && each.is_some() {
            report.elapsed = start.elapsed();
            return report;
        }
        let mut prev: i32 = 0;
        let mut last_best = None;
        for depth in (1 + self.ahead)..=limits.depth.max(1) {
            let score = self.aspiration(pos, depth, prev);
            if self.stopped {
                self.unfinished(&mut report, depth, start, &mut each);
                break;
            }
            prev = score;
            self.finished_one = true;
            // The line of this iteration: its first move is the best.
            let mut pv = self.pv[0].clone();
            if let Some(b) = self.root_best
                && pv.first() != Some(&b)
            {
                pv = vec![b];
            }
            report.best = pv.first().copied().or(report.best);
            report.score = score;
            report.depth = depth;
            report.nodes = self.nodes;
            report.elapsed = start.elapsed();
            if let Some(f) = each.as_mut() {
                f(&report, &pv);
            }
            if score.abs() > MATE_BOUND && depth >= 3 {
                break;
            }
            // The next iteration takes several times this one. With a soft
            // time (a clock), stop once half of it is gone — all of it when
            // the best move has just changed (an unsettled choice earns more
            // time). A fixed time a move (no soft time) is searched to its
            // end, as `go movetime` means: the move an unfinished iteration
            // finds is played when it beat the last one's.
            let changed = depth > 4 && last_best.is_some_and(|b| Some(b) != report.best);
            last_best = report.best;
            let over = match limits.soft {
                Some(aim) if changed => report.elapsed > aim,
                Some(aim) => report.elapsed * 2 > aim,
                None => false,
            };
            if over {
                break;
            }
        }
        report.nodes = self.nodes;
        report.elapsed = start.elapsed();
        report.interrupted = self.interrupted;
        report
    }

    /// One iteration at `depth` within a window around the last score,
    /// widened until the score falls inside (or the search is stopped).
    fn aspiration(&mut self, pos: &mut Position, depth: i32, prev: i32) -> i32 {
        let mut delta = 25;
        let (mut alpha, mut beta) = if depth >= 5 && prev.abs() < MATE_BOUND {
            (prev - delta, prev + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let s = self.negamax(pos, depth, alpha, beta, 0, Kind::Pv);
            if self.stopped {
                return s;
            }
            if s <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (s - delta).max(-INF);
            } else if s >= beta {
                beta = (s + delta).min(INF);
            } else {
                return s;
            }
            delta *= 2;
            if delta > 1000 {
                (alpha, beta) = (-INF, INF);
            }
        }
    }

    /// The search stopped inside the iteration at `depth`. A move it found
    /// is at least as good as the last iteration's (it beat that move's
    /// score) and is played — reported first with its line, so that the
    /// move played is the last line's first move.
    fn unfinished(
        &mut self,
        report: &mut SearchReport,
        depth: i32,
        start: Instant,
        each: &mut Option<Progress<'_>>,
    ) {
        let Some(b) = self.root_best else { return };
        if self.pv[0].first() != Some(&b) || (report.best == Some(b) && report.depth > 0) {
            return;
        }
        report.best = Some(b);
        report.score = self.root_score;
        report.depth = depth;
        report.partial = true;
        report.nodes = self.nodes;
        report.elapsed = start.elapsed();
        if let Some(f) = each.as_mut() {
            let pv = self.pv[0].clone();
            f(report, &pv);
        }
    }

    /// Whether the search must stop. The node limit and the stop flags are
    /// read every 256 calls (so that a search by nodes stops at the same
    /// node every time); the clock every `clock_every` calls: 256 where
    /// nodes are cheap, fewer where they are not (a node of a 36×36 game
    /// can cost a millisecond), so that a search stops within about a
    /// millisecond of its deadline whatever the variant.
    #[inline]
    pub(super) fn out_of_time(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.clock_countdown -= 1;
        if self.clock_countdown == 0 {
            self.clock_countdown = 256;
            if self.stops.iter().flatten().any(|f| f.load(Ordering::Relaxed)) {
                self.stopped = true;
                self.interrupted = true;
            } else if self.node_limit.is_some_and(|n| self.nodes >= n) {
                self.stopped = true;
            }
        }
        if self.deadline.is_some() {
            self.time_countdown -= 1;
            if self.time_countdown == 0 {
                self.read_clock();
            }
        }
        self.stopped
    }

    /// Reads the clock against the deadline, and reads it more often when
    /// the calls between readings took long (less often when they did not).
    #[inline(never)]
    fn read_clock(&mut self) {
        let now = Instant::now();
        if let Some(last) = self.clock_read {
            let gap = now.duration_since(last);
            if gap > Duration::from_micros(1000) {
                self.clock_every = (self.clock_every / 2).max(1);
            } else if gap < Duration::from_micros(250) {
                self.clock_every = (self.clock_every * 2).min(CLOCK_EVERY);
            }
        }
        self.clock_read = Some(now);
        self.time_countdown = self.clock_every;
        if self.deadline.is_some_and(|d| now >= d) && (self.finished_one || !self.first_iteration_first) {
            self.stopped = true;
        }
    }

    /// Whether the side to move is in check, remembered for the last
    /// position asked (a node asks of each child it searches, and the
    /// child asks again).
    #[inline]
    pub(super) fn in_check(&mut self, pos: &Position) -> bool {
        let key = pos.hash();
        if self.check_memo.0 == key && key != 0 {
            return self.check_memo.1;
        }
        let c = pos.in_check(pos.side_to_move());
        self.check_memo = (key, c);
        c
    }

    pub(super) fn evaluate(&mut self, pos: &Position) -> i32 {
        let key = pos.hash();
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE - 1)];
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        let e = match self.eval.network() {
            Some(n) => n.evaluate(pos, &mut self.net_scratch),
            None => self.eval.evaluate(pos, &mut self.scratch),
        };
        self.eval_cache[key as usize & (EVAL_CACHE - 1)] = (key, e);
        e
    }

    /// Forgets the cached evaluations (the weights changed).
    pub(super) fn clear_eval_cache(&mut self) {
        self.eval_cache.iter_mut().for_each(|e| *e = (0, 0));
    }
}
