//! The engine: principal-variation search with iterative deepening and
//! aspiration windows over a shared, lock-free transposition table, for any
//! variant.
//!
//! - Pruning: null move (not in check, not where the side to move has only
//!   pawn-like pieces and nothing in hand: zugzwang), reverse futility and
//!   futility near the leaves, late-move pruning of quiet moves, late-move
//!   reductions.
//! - Ordering: the table's move, captures by a static exchange estimate
//!   (good ones first, losing ones last), promotions, two killer moves, the
//!   countermove, then quiet moves by history.
//! - Check extension: a node whose side to move is in check searches one
//!   ply deeper.
//! - Quiescence: captures (shots included: they capture) and promotions of
//!   real gain; in check, every evasion, drops included (interpositions).
//! - Threads: Lazy SMP — helper threads search the same position sharing the
//!   table; the main thread's result is the answer.
//!
//! The evaluation is in [`eval`]; the end of the game is judged by the
//! engine's rules, the same ones the game uses ([`crate::engine::judge`]).

pub mod eval;
pub mod table;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::clock::Instant;
use crate::engine::{
    GameResult, History, Move, MoveKind, Position, Square, Variant, completes_forbidden_repetition,
    drop_forbidden_repetitions, repetition, repetition_forbids_moves,
};

pub use eval::{Eval, TERMS, Weights, piece_values};
use table::{Bound, Table, fingerprint};

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
        let mut e = (*self.eval).clone();
        e.set_weights(w);
        self.eval = Arc::new(e);
        self.worker.eval = Arc::clone(&self.eval);
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

    /// Static evaluation from the side to move's point of view.
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        self.eval.evaluate(pos, &mut self.worker.scratch)
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
    /// `history` holds the hashes of the game's positions, the current one last.
    pub fn search(&mut self, pos: &mut Position, limits: Limits, history: &[u64]) -> SearchReport {
        self.search_with(pos, limits, history, &mut |_, _| {})
    }

    /// [`Searcher::search`], calling `each` after every completed iteration
    /// with the report so far and its principal variation. Helper threads
    /// the system will not start are done without.
    pub fn search_with(
        &mut self,
        pos: &mut Position,
        limits: Limits,
        history: &[u64],
        each: &mut dyn FnMut(&SearchReport, &[Move]),
    ) -> SearchReport {
        let start = Instant::now();
        self.table.new_search();
        let helpers_stop = Arc::new(AtomicBool::new(false));
        // A time too long to add to the clock is no limit at all.
        let deadline = limits.movetime.and_then(|t| start.checked_add(t));
        let earlier = &history[..history.len().saturating_sub(1)];
        self.worker
            .prepare(earlier, deadline, [limits.stop.clone(), None]);
        self.worker.node_limit = limits.nodes;
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
                        earlier,
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

/// Hears of every completed iteration: the report and its principal variation.
type Progress<'a> = &'a mut dyn FnMut(&SearchReport, &[Move]);

/// What kind of node a search call is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// On the principal variation: an open window.
    Pv,
    /// Off it: a null window.
    Zero,
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
    in_check: bool,
    static_eval: i32,
    key: u64,
    /// The table's move fingerprint, 0 for none.
    tt_move: u16,
}

/// One search thread: its ordering heuristics, counters and path.
struct Worker {
    eval: Arc<Eval>,
    table: Arc<Table>,
    kinds: usize,
    squares: usize,
    /// Quiet-move history per (side, kind, target).
    history: Vec<i32>,
    /// The reply that refuted a (side, kind, target) last time.
    counter: Vec<Option<Move>>,
    killers: Vec<[Option<Move>; 2]>,
    /// The history index of the move played at each ply (for countermoves).
    played: Vec<Option<usize>>,
    evals: Vec<i32>,
    pv: Vec<Vec<Move>>,
    buffers: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    nodes: u64,
    deadline: Option<Instant>,
    stops: [Option<Arc<AtomicBool>>; 2],
    node_limit: Option<u64>,
    stopped: bool,
    clock_countdown: u32,
    time_countdown: u32,
    /// Calls between readings of the clock (see `out_of_time`).
    clock_every: u32,
    clock_read: Option<Instant>,
    /// Hashes of the game before the root and of the current search path.
    path: Vec<u64>,
    scratch: Vec<Move>,
    /// The moves quiescence leaves unselected.
    rest: Vec<Move>,
    /// Captures deep from which quiescence searches recaptures alone: on
    /// boards of more than 256 squares, where a position can have dozens
    /// of captures and each is slow to judge, 2; elsewhere never.
    qs_wide: i32,
    lmr: Vec<[u8; 64]>,
    /// The variant allows null moves (no rule makes passing special).
    null_ok: bool,
    root_best: Option<Move>,
    /// The score `root_best` got.
    root_score: i32,
    /// Plies a helper thread's iterations start ahead of the main thread's.
    ahead: i32,
}

impl Worker {
    fn new(v: &Arc<Variant>, eval: Arc<Eval>, table: Arc<Table>) -> Worker {
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
            clock_countdown: 1,
            time_countdown: 1,
            clock_every: CLOCK_EVERY,
            clock_read: None,
            path: Vec::new(),
            scratch: Vec::new(),
            rest: Vec::new(),
            qs_wide: if squares > 256 { 2 } else { QS_DEPTH },
            lmr,
            null_ok: v.null_move_ok(),
            root_best: None,
            root_score: 0,
            ahead: 0,
        }
    }

    fn clear_heuristics(&mut self) {
        self.history.iter_mut().for_each(|h| *h = 0);
        self.counter.iter_mut().for_each(|c| *c = None);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    fn prepare(&mut self, earlier: &[u64], deadline: Option<Instant>, stops: [Option<Arc<AtomicBool>>; 2]) {
        self.path.clear();
        self.path.extend_from_slice(earlier);
        self.deadline = deadline;
        self.stops = stops;
        self.stopped = false;
        self.clock_countdown = 1;
        self.time_countdown = 1;
        self.clock_read = None;
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
    fn iterate(
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
        };
        if moves.len() <= 1 && each.is_some() {
            report.elapsed = start.elapsed();
            return report;
        }
        let mut prev: i32 = 0;
        for depth in (1 + self.ahead)..=limits.depth.max(1) {
            let score = self.aspiration(pos, depth, prev);
            if self.stopped {
                self.unfinished(&mut report, depth, start, &mut each);
                break;
            }
            prev = score;
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
            // The next iteration takes several times this one: with over
            // half the time gone it would not finish, so stop here.
            if limits.movetime.is_some_and(|t| report.elapsed * 2 > t) {
                break;
            }
        }
        report.nodes = self.nodes;
        report.elapsed = start.elapsed();
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
    fn out_of_time(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.clock_countdown -= 1;
        if self.clock_countdown == 0 {
            self.clock_countdown = 256;
            if self.node_limit.is_some_and(|n| self.nodes >= n)
                || self.stops.iter().flatten().any(|f| f.load(Ordering::Relaxed))
            {
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
        if self.deadline.is_some_and(|d| now >= d) {
            self.stopped = true;
        }
    }

    fn evaluate(&mut self, pos: &Position) -> i32 {
        self.eval.evaluate(pos, &mut self.scratch)
    }

    /// The score of a finished game for the side to move.
    fn score_of(result: GameResult, pos: &Position, ply: usize) -> i32 {
        match result.winner {
            Some(w) if w == pos.side_to_move() => MATE - ply as i32,
            Some(_) => -MATE + ply as i32,
            None => 0,
        }
    }

    /// Score of a position with no legal moves, for the side to move.
    fn terminal(pos: &mut Position, ply: usize) -> i32 {
        let result = pos.decided().unwrap_or_else(|| pos.no_move_result());
        Self::score_of(result, pos, ply)
    }

    /// The score of the position by the repetition rule, if it applies
    /// (the perpetual-check rule is not tracked in the search).
    fn repetition(&mut self, pos: &Position, ply: usize) -> Option<i32> {
        pos.variant().repetition_rule()?;
        self.path.push(pos.hash());
        let history = History {
            hashes: &self.path,
            checks: None,
        };
        let result = repetition(pos.variant(), &history, pos.side_to_move());
        self.path.pop();
        result.map(|r| Self::score_of(r, pos, ply))
    }

    /// Index into the history tables: side, moving (or entering) kind, target.
    #[inline]
    fn hist_index(&self, pos: &Position, m: &Move) -> Option<usize> {
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
    fn victims(&self, pos: &Position, m: &Move) -> i32 {
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
    fn score_moves(&mut self, pos: &Position, ply: usize, tt: u16) {
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
    fn pick(&mut self, ply: usize, i: usize) -> Move {
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

    fn update_quiet(&mut self, pos: &Position, m: Move, depth: i32, ply: usize, tried: &[Move]) {
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
    fn negamax(
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
        if ply > 0 {
            if let Some(score) = self.repetition(pos, ply) {
                return score;
            }
            if let Some(r) = pos.decided() {
                return Self::score_of(r, pos, ply);
            }
            if let Some(r) = pos.move_repetition() {
                return Self::score_of(pos.settle(r), pos, ply);
            }
        }
        let in_check = pos.in_check(pos.side_to_move());
        let mut n = Node {
            depth: depth + i32::from(in_check && ply < MAX_PLY / 2),
            alpha,
            beta,
            ply,
            pv: pv_node,
            in_check,
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
        self.search_moves(pos, n)
    }

    /// The table's cutoff, reverse futility and null-move pruning: a score
    /// when the node needs no move searched. Sets the node's table move and
    /// static evaluation.
    fn cut_early(&mut self, pos: &mut Position, n: &mut Node, after_null: bool) -> Option<i32> {
        let (depth, ply) = (n.depth, n.ply);
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
        }
        n.static_eval = if n.in_check { -INF } else { self.evaluate(pos) };
        self.evals[ply] = n.static_eval;
        if n.pv || n.in_check || n.static_eval.abs() >= MATE_BOUND {
            return None;
        }
        // Reverse futility: far above beta near the leaves.
        if depth <= 4 && n.static_eval - 90 * depth >= n.beta {
            return Some(n.static_eval);
        }
        // Null move: if passing still beats beta, so will a real move.
        if self.null_ok && !after_null && depth >= 3 && n.static_eval >= n.beta && self.has_material(pos) {
            let r = 3 + depth / 4;
            self.played[ply] = None;
            pos.make_null();
            self.path.push(n.key);
            let s = -self.negamax(pos, depth - 1 - r, -n.beta, -n.beta + 1, ply + 1, Kind::AfterNull);
            self.path.pop();
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

    /// The reduction of a late quiet move, `pos` after it (0 for any other).
    fn reduction(
        &self,
        n: &Node,
        searched: usize,
        order_score: i32,
        quiet: bool,
        pos: &Position,
        improving: bool,
    ) -> i32 {
        // The move is made: a check it gives is tested last, as the
        // child node tests it again.
        if n.depth < 3 || !quiet || n.in_check || order_score >= 999_999 || pos.in_check(pos.side_to_move()) {
            return 0;
        }
        let mut r = self.lmr[n.depth.min(63) as usize][searched.min(63)] as i32;
        if n.pv {
            r -= 1;
        }
        if !improving {
            r += 1;
        }
        if order_score > 4_000 {
            r -= 1;
        }
        r.clamp(0, n.depth - 2)
    }

    /// Searches the node's moves (principal variation search), stores the
    /// result in the table and returns the score.
    fn search_moves(&mut self, pos: &mut Position, mut n: Node) -> i32 {
        let (depth, ply, beta) = (n.depth, n.ply, n.beta);
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        pos.legal_moves_undecided(&mut moves);
        let early = if moves.is_empty() {
            Some(Self::terminal(pos, ply))
        } else {
            pos.counter_result(&moves, None)
                .map(|r| Self::score_of(r, pos, ply))
        };
        self.buffers[ply] = moves;
        if let Some(score) = early {
            return score;
        }
        self.score_moves(pos, ply, n.tt_move);
        let alpha0 = n.alpha;
        let mut best = -INF;
        let mut best_move: Option<Move> = None;
        let mut quiets_tried: Vec<Move> = Vec::new();
        let improving = ply >= 2 && !n.in_check && n.static_eval > self.evals[ply - 2];
        self.path.push(n.key);
        let mut searched = 0usize;
        // Moves that would repeat where the variant forbids it are skipped;
        // when every move is, the side has none.
        let forbids = repetition_forbids_moves(pos.variant());
        let mut forbidden = 0usize;
        for i in 0..self.buffers[ply].len() {
            let m = self.pick(ply, i);
            let order_score = self.scores[ply][i];
            let quiet = !m.is_capture() && m.promotion().is_none();
            if quiet && !n.pv && !n.in_check && searched > 0 && best > -MATE_BOUND {
                // Late-move pruning and futility, for quiet moves near the leaves.
                let late = 4 + depth * depth * if improving { 2 } else { 1 };
                if (depth <= 4 && searched as i32 >= late)
                    || (depth <= 2 && n.static_eval + 120 + 120 * depth <= n.alpha)
                {
                    continue;
                }
            }
            self.played[ply] = self.hist_index(pos, &m);
            pos.make(m);
            if forbids && completes_forbidden_repetition(pos.variant(), &self.path, pos.hash(), n.in_check) {
                pos.unmake();
                forbidden += 1;
                continue;
            }
            let alpha = n.alpha;
            let mut score;
            if searched == 0 {
                score = -self.negamax(
                    pos,
                    depth - 1,
                    -beta,
                    -alpha,
                    ply + 1,
                    if n.pv { Kind::Pv } else { Kind::Zero },
                );
            } else {
                let r = self.reduction(&n, searched, order_score, quiet, pos, improving);
                score = -self.negamax(pos, depth - 1 - r, -alpha - 1, -alpha, ply + 1, Kind::Zero);
                if score > alpha && r > 0 {
                    score = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1, Kind::Zero);
                }
                if score > alpha && score < beta && n.pv {
                    score = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1, Kind::Pv);
                }
            }
            pos.unmake();
            if self.stopped {
                self.path.pop();
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
        if forbidden > 0 && forbidden == self.buffers[ply].len() {
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

    /// Captures (and big promotions) to a quiet position. From `qs_wide`
    /// captures deep on, only those that take on `last_to` (the previous
    /// capture's square): recaptures.
    fn quiesce(
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
            return Self::score_of(r, pos, ply);
        }
        if ply >= MAX_PLY - 1 || self.out_of_time() {
            return self.evaluate(pos);
        }
        let in_check = pos.in_check(pos.side_to_move());
        let stand = if in_check { -INF } else { self.evaluate(pos) };
        if !in_check {
            if stand >= beta || qdepth >= QS_DEPTH {
                return stand;
            }
            alpha = alpha.max(stand);
        } else if qdepth >= QS_DEPTH {
            return self.evaluate(pos);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
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
            pos.legal_moves_selected(&mut moves, &mut self.rest, loud)
        };
        if !any {
            self.buffers[ply] = moves;
            return Self::terminal(pos, ply);
        }
        self.buffers[ply] = moves;
        let tt = self.table.probe(pos.hash()).map_or(0, |h| h.mv);
        self.score_moves(pos, ply, tt);
        let mut best = stand;
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
            self.played[ply] = None;
            pos.make(m);
            let score = -self.quiesce(pos, -beta, -alpha, ply + 1, qdepth + 1, m.to);
            pos.unmake();
            if score > best {
                best = score;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        best
    }
}

/// Mate scores are stored relative to the node, read back relative to the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
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
