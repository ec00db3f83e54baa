//! The engine: principal-variation search with iterative deepening and
//! aspiration windows over a shared, lock-free transposition table, for any
//! variant.
//!
//! - Pruning: null move (not in check, not where the side to move has only
//!   pawn-like pieces and nothing in hand: zugzwang; reduced more the
//!   further the evaluation is above beta), reverse futility, razoring and
//!   futility near the leaves (judged by the table's score where its bound
//!   says it is nearer the truth than the static evaluation), late-move
//!   pruning of quiet moves, late-move reductions (less for moves with a
//!   good history, more for a bad one and at cut nodes; losing captures
//!   too), and a ply less for a deep node
//!   without a move from the table (internal iterative reduction).
//! - Ordering: the table's move, captures by a static exchange estimate
//!   (good ones first, losing ones last), promotions, two killer moves, the
//!   countermove, then quiet moves by history.
//! - Check extension: a move that gives check searches one ply deeper,
//!   unless its piece lands where the other side attacks it (a capture that
//!   wins by the exchange estimate extends wherever it lands).
//! - Quiescence: captures (shots included: they capture) and promotions of
//!   real gain; in check, every evasion, drops included (interpositions).
//! - Threads: Lazy SMP — helper threads search the same position sharing the
//!   table; the main thread's result is the answer.
//!
//! The evaluation is in [`eval`]; the end of the game is judged by the
//! engine's rules, the same ones the game uses ([`crate::engine::judge`]).
//!
//! This file holds the searcher (its limits, its report, and the driver
//! that starts the helper threads); `worker.rs` one search thread and its
//! iterative deepening, `alphabeta.rs` the principal variation search,
//! `quiesce.rs` the quiescence search, `ordering.rs` move ordering.

pub mod eval;
pub mod table;

mod alphabeta;
mod ordering;
mod quiesce;
mod worker;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::clock::Instant;
use crate::engine::{History, Move, Position, Variant};

pub use eval::{Eval, TERMS, Weights, piece_values};
use table::{Table, fingerprint};
use worker::Worker;

const MATE: i32 = 1_000_000;
const INF: i32 = 2_000_000;
const MATE_BOUND: i32 = MATE - 1000;
const MAX_PLY: usize = 128;
const QS_DEPTH: i32 = 8;
/// The most calls between readings of the clock.
const CLOCK_EVERY: u32 = 256;

/// Default transposition table size in mebibytes.
pub const DEFAULT_HASH_MB: usize = 64;

/// Scores at or beyond this size are mates: `MATE_SCORE - n` mates in `n`
/// plies.
pub const MATE_SCORE: i32 = MATE;

/// Limits for one search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: i32,
    /// Stop deepening (and searching) after this long.
    pub movetime: Option<Duration>,
    /// The time to aim at, within `movetime`: no iteration starts that
    /// would not end near it (a clock's soft time); without it, the search
    /// goes on until `movetime` (a fixed time a move, spent in full).
    pub soft: Option<Duration>,
    /// Set from another thread to stop the search (a protocol's `stop`).
    pub stop: Option<Arc<AtomicBool>>,
    /// Search threads (0 and 1: one).
    pub threads: usize,
    /// Stop after about this many nodes (the main thread's count; checked
    /// as often as the clock, so the search is repeatable).
    pub nodes: Option<u64>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchReport {
    /// The best move found (`None` when there is no legal move).
    pub best: Option<Move>,
    /// Its score for the side to move (mate scores near ±1,000,000).
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: i32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The search stopped inside this iteration, after `best` had beaten
    /// the last finished iteration's move: `score` is what `best` scored,
    /// a lower bound of the position's.
    pub partial: bool,
    /// The search was ended by its stop flag ([`Limits::stop`]: a
    /// protocol's `stop`, a client gone), not by its depth, time or node
    /// limit.
    pub interrupted: bool,
}

/// The engine: evaluation, transposition table (kept between searches) and
/// the main thread's ordering heuristics.
pub struct Searcher {
    eval: Arc<Eval>,
    table: Arc<Table>,
    worker: Worker,
}

impl Searcher {
    /// A searcher for a variant, with the default table size.
    pub fn new(v: &Arc<Variant>) -> Searcher {
        Searcher::with_hash(v, DEFAULT_HASH_MB)
    }

    /// A searcher with a transposition table of about `mb` mebibytes.
    pub fn with_hash(v: &Arc<Variant>, mb: usize) -> Searcher {
        let mut eval = Eval::new(v);
        if let Some(w) = &v.engine_weights {
            eval.set_weights(Weights::from_vec(v.kind_count(), w));
        }
        if let Some(n) = &v.engine_network {
            eval.set_network(Arc::clone(n).downcast::<crate::game::nnue::Network>().ok());
        }
        let eval = Arc::new(eval);
        let table = Arc::new(Table::new(mb));
        Searcher {
            worker: Worker::new(v, Arc::clone(&eval), Arc::clone(&table)),
            eval,
            table,
        }
    }

    /// The piece values on the board in use, one per kind.
    pub fn values(&self) -> Vec<i32> {
        self.eval
            .weights()
            .board
            .iter()
            .map(|x| x.round() as i32)
            .collect()
    }

    /// The evaluation in use.
    pub fn eval(&self) -> &Eval {
        &self.eval
    }

    /// Uses these evaluation weights from now on.
    pub fn set_weights(&mut self, w: Weights) {
        self.change_eval(|e| e.set_weights(w));
    }

    /// Changes the evaluation; what was learnt with the old one (cached
    /// evaluations, the table) is forgotten.
    fn change_eval(&mut self, change: impl FnOnce(&mut Eval)) {
        let mut e = (*self.eval).clone();
        change(&mut e);
        self.eval = Arc::new(e);
        self.worker.eval = Arc::clone(&self.eval);
        self.worker.clear_eval_cache();
        self.table.clear();
    }

    /// The transposition table's size in mebibytes.
    pub fn hash_megabytes(&self) -> usize {
        self.table.megabytes()
    }

    /// Forgets everything learnt (a new game): table and heuristics.
    pub fn clear(&mut self) {
        self.table.clear();
        self.worker.clear_heuristics();
    }

    /// Evaluates with a trained network from now on (`None`: with the
    /// weights again).
    pub fn set_network(&mut self, n: Option<Arc<crate::game::nnue::Network>>) {
        self.change_eval(|e| e.set_network(n));
    }

    /// Static evaluation from the side to move's point of view.
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        self.worker.evaluate(pos)
    }

    /// The line the transposition table holds from `pos`, at most `max`
    /// moves, each checked to be legal.
    pub fn principal_variation(&self, pos: &mut Position, max: i32) -> Vec<Move> {
        let mut line = Vec::new();
        let mut moves = Vec::new();
        while line.len() < max.max(1) as usize {
            let Some(hit) = self.table.probe(pos.hash()) else {
                break;
            };
            pos.legal_moves(&mut moves);
            let Some(&m) = moves.iter().find(|m| fingerprint(m) == hit.mv) else {
                break;
            };
            pos.make(m);
            line.push(m);
        }
        for _ in 0..line.len() {
            pos.unmake();
        }
        line
    }

    /// Iterative deepening to `limits.depth`, stopping early at the time limit.
    /// `history` holds the hashes of the game's positions, the current one
    /// last, and whether each move gave check where they are known: the
    /// search rules repetitions as the game does (perpetual check included
    /// only where the checks are given).
    pub fn search(&mut self, pos: &mut Position, limits: Limits, history: History<'_>) -> SearchReport {
        self.search_with(pos, limits, history, &mut |_, _| {})
    }

    /// [`Searcher::search`], calling `each` after every completed iteration
    /// with the report so far and its principal variation. Helper threads
    /// the system will not start are done without.
    pub fn search_with(
        &mut self,
        pos: &mut Position,
        limits: Limits,
        history: History<'_>,
        each: &mut dyn FnMut(&SearchReport, &[Move]),
    ) -> SearchReport {
        let start = Instant::now();
        self.table.new_search();
        let helpers_stop = Arc::new(AtomicBool::new(false));
        // A time too long to add to the clock is no limit at all.
        let deadline = limits.movetime.and_then(|t| start.checked_add(t));
        let earlier = Earlier::of(&history);
        self.worker
            .prepare(&earlier, deadline, [limits.stop.clone(), None]);
        self.worker.node_limit = limits.nodes;
        // With a move time (no clock, where running out would lose), the
        // main thread finishes its first iteration whatever the time: a
        // 36×36 board's depth 1 can outlast a short move time, and a move
        // played before it is unsearched.
        self.worker.first_iteration_first = limits.soft.is_none();
        let threads = limits.threads.max(1);
        if threads == 1 {
            return self.worker.iterate(pos, &limits, start, Some(each));
        }
        std::thread::scope(|s| {
            let helpers: Vec<_> = (1..threads)
                .map(|i| {
                    let mut p = pos.clone();
                    let mut w = Worker::new(p.variant(), Arc::clone(&self.eval), Arc::clone(&self.table));
                    w.prepare(
                        &earlier,
                        deadline,
                        [limits.stop.clone(), Some(Arc::clone(&helpers_stop))],
                    );
                    let l = Limits {
                        depth: limits.depth,
                        ..Limits::default()
                    };
                    // Every other helper runs a ply ahead of the main thread, so the
                    // threads spread over two depths instead of repeating one.
                    w.ahead = (i % 2) as i32;
                    // A helper the system will not start is done without.
                    std::thread::Builder::new()
                        .spawn_scoped(s, move || w.iterate(&mut p, &l, start, None).nodes)
                        .ok()
                })
                .take_while(Option::is_some)
                .flatten()
                .collect();
            let mut report = self.worker.iterate(pos, &limits, start, Some(each));
            helpers_stop.store(true, Ordering::Relaxed);
            report.nodes += helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum::<u64>();
            report
        })
    }
}

/// The game before the root as the search keeps it: the positions'
/// hashes, and whether the move into each gave check (the first entry
/// `false`); and whether the move into the root did.
pub(super) struct Earlier {
    pub(super) hashes: Vec<u64>,
    pub(super) checks: Vec<bool>,
    pub(super) root_checked: bool,
}

impl Earlier {
    fn of(history: &History<'_>) -> Earlier {
        let n = history.hashes.len().saturating_sub(1);
        // checks[i] is whether move i, into position i + 1, gave check.
        let gave = |i: usize| {
            i > 0
                && history
                    .checks
                    .and_then(|c| c.get(i - 1).copied())
                    .unwrap_or(false)
        };
        Earlier {
            hashes: history.hashes[..n].to_vec(),
            checks: (0..n).map(gave).collect(),
            root_checked: gave(n),
        }
    }
}
