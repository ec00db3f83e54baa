//! The engine player: negamax alpha-beta with iterative deepening, a
//! transposition table, capture-first move ordering with killer moves, and a
//! bounded quiescence search. Its evaluation knows no variant: piece values come
//! from each piece's mobility on an empty board (or `value` in the rules file),
//! pieces in hand, reserve or pocket count too, plus a small mobility term.
//! The end of the game is judged by the engine's rules, the same ones the game
//! uses ([`crate::engine::judge`]), in the same order.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::engine::{
    Color, GameResult, History, Move, MoveKind, Piece, Position, Store, Variant, repetition,
};

const MATE: i32 = 1_000_000;
const INF: i32 = 2_000_000;
const QS_DEPTH: i32 = 6;
/// Score per move of mobility advantage (material is in hundredths of a pawn-ish unit).
const MOBILITY_WEIGHT: i32 = 2;

/// Piece values in centipawn-like units, one per kind: the rules file's
/// `value`, or one derived from the piece's average number of moves on an
/// empty board. Royal pieces are worth 0 (losing them is judged otherwise).
pub fn piece_values(v: &Arc<Variant>) -> Vec<i32> {
    let g = v.board();
    let mut out = Vec::with_capacity(v.kind_count());
    let mut buf = Vec::new();
    // On large boards a sample of squares gives the average well enough.
    let step = (g.squares() / 64).max(1);
    let sample: Vec<crate::engine::Square> = g.all_squares().step_by(step).collect();
    for k in v.kinds() {
        let def = v.piece(k);
        if let Some(value) = def.value() {
            out.push((value * 100.0) as i32);
            continue;
        }
        if def.is_royal() {
            out.push(0);
            continue;
        }
        let mut pos = Position::bare(v, Color::First);
        let p = Piece::new(k, Color::First);
        let mut total = 0usize;
        for &sq in &sample {
            pos.set_square(sq, Some(p));
            buf.clear();
            pos.piece_moves(sq, p, &mut buf);
            total += buf.iter().filter(|m| m.kind() == MoveKind::Board).count();
            pos.set_square(sq, None);
        }
        let mobility = total as f64 / sample.len() as f64;
        out.push((100.0 * (0.5 + 0.35 * mobility)) as i32);
    }
    out
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    depth: i32,
    score: i32,
    flag: u8,
    best: Option<Move>,
}

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

/// Limits for one search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: i32,
    /// Stop deepening (and searching) after this long.
    pub movetime: Option<Duration>,
    /// Set from another thread to stop the search (a protocol's `stop`).
    pub stop: Option<Arc<AtomicBool>>,
}

/// Scores at or beyond this size are mates: `MATE_SCORE - n` mates in `n`
/// plies.
pub const MATE_SCORE: i32 = MATE;

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchReport {
    /// The best move found (`None` when there is no legal move).
    pub best: Option<Move>,
    /// Its score for the side to move (mate scores near ±1,000,000).
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// The search, with its transposition table and ordering heuristics.
pub struct Searcher {
    values: Vec<i32>,
    table: Vec<Entry>,
    killers: Vec<[Option<Move>; 2]>,
    nodes: u64,
    deadline: Option<Instant>,
    stop_flag: Option<Arc<AtomicBool>>,
    stopped: bool,
    clock_countdown: u32,
    /// Hashes of the game so far and of the current search path.
    path: Vec<u64>,
    scratch: Vec<Move>,
}

impl Searcher {
    /// A searcher for a variant.
    pub fn new(v: &Arc<Variant>) -> Searcher {
        Searcher {
            values: piece_values(v),
            table: vec![Entry::default(); 1 << 18],
            killers: vec![[None; 2]; 128],
            nodes: 0,
            deadline: None,
            stop_flag: None,
            stopped: false,
            clock_countdown: 1,
            path: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// The piece values in use, one per kind.
    pub fn values(&self) -> &[i32] {
        &self.values
    }

    /// Mobility: board moves of a side's pieces (pseudo-legal, drops left out).
    fn mobility(&mut self, pos: &Position, color: Color) -> i32 {
        let mut buf = std::mem::take(&mut self.scratch);
        buf.clear();
        for &sq in pos.pieces(color) {
            if let Some(p) = pos.piece_at(sq) {
                pos.piece_moves(sq, p, &mut buf);
            }
        }
        let n = buf.len() as i32;
        self.scratch = buf;
        n
    }

    /// Static evaluation from the side to move's point of view: material on
    /// the board and off it, and mobility.
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        let material = self.material(pos);
        let side = pos.side_to_move();
        let mobility = self.mobility(pos, side) - self.mobility(pos, !side);
        material + MOBILITY_WEIGHT * mobility
    }

    fn material(&self, pos: &Position) -> i32 {
        let v = pos.variant();
        let mut score = [0i32; 2];
        for c in Color::BOTH {
            let total = &mut score[c.index()];
            for &s in pos.pieces(c) {
                if let Some(p) = pos.piece_at(s) {
                    *total += self.values[p.kind().index()];
                }
            }
            for k in v.kinds() {
                let n: u32 = Store::ALL.iter().map(|&st| pos.count(st, c, k)).sum();
                *total += n as i32 * self.values[k.index()] * 11 / 10;
            }
        }
        let side = pos.side_to_move().index();
        score[side] - score[1 - side]
    }

    fn order(&self, pos: &Position, moves: &mut [Move], tt: Option<Move>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let mut keyed: Vec<(i32, Move)> = moves
            .iter()
            .map(|m| {
                let mut s = 0;
                if Some(*m) == tt {
                    s += 1_000_000;
                }
                for &c in m.captures() {
                    if let Some(q) = pos.piece_at(c) {
                        s += 10 * self.values[q.kind().index()] + 10_000;
                    }
                }
                if m.is_capture()
                    && m.kind() == MoveKind::Board
                    && let Some(me) = m.from().and_then(|f| pos.piece_at(f))
                {
                    s -= self.values[me.kind().index()] / 10;
                }
                if let Some(k) = m.promotion() {
                    s += 5_000 + self.values[k.index()];
                }
                if killers.contains(&Some(*m)) {
                    s += 2_000;
                }
                (s, *m)
            })
            .collect();
        keyed.sort_by_key(|(s, _)| -s);
        for (slot, (_, m)) in moves.iter_mut().zip(keyed) {
            *slot = m;
        }
    }

    /// Whether the time is up (the clock is read every 256 calls).
    fn out_of_time(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.clock_countdown = self.clock_countdown.saturating_sub(1);
        if self.clock_countdown == 0 {
            self.clock_countdown = 256;
            if self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.stop_flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// The score of a finished game for the side to move.
    fn score_of(result: GameResult, pos: &Position, ply: i32) -> i32 {
        match result.winner {
            Some(w) if w == pos.side_to_move() => MATE - ply,
            Some(_) => -MATE + ply,
            None => 0,
        }
    }

    /// Score of a position with no legal moves, for the side to move.
    fn terminal(&self, pos: &mut Position, ply: i32) -> i32 {
        let result = pos.decided().unwrap_or_else(|| pos.no_move_result());
        Self::score_of(result, pos, ply)
    }

    fn quiesce(&mut self, pos: &mut Position, mut alpha: i32, beta: i32, ply: i32, qdepth: i32) -> i32 {
        self.nodes += 1;
        if pos.decided().is_some() {
            return self.terminal(pos, ply);
        }
        // Stand pat before generating: the usual quiescence shortcut (a mate
        // at the horizon is left to the main search). Mobility only at the
        // horizon itself; capture sequences are judged on material.
        let stand = if qdepth == 0 {
            self.evaluate(pos)
        } else {
            self.material(pos)
        };
        if stand >= beta || qdepth >= QS_DEPTH || self.out_of_time() {
            return stand;
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return self.terminal(pos, ply);
        }
        alpha = alpha.max(stand);
        moves.retain(|m| m.is_capture() || m.promotion().is_some());
        self.order(pos, &mut moves, None, ply as usize);
        for m in moves {
            pos.make(m);
            let score = -self.quiesce(pos, -beta, -alpha, ply + 1, qdepth + 1);
            pos.unmake();
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// The score of the position by the repetition rule, if it applies
    /// (the perpetual-check rule is not tracked in the search).
    fn repetition(&mut self, pos: &Position, ply: i32) -> Option<i32> {
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

    fn negamax(&mut self, pos: &mut Position, depth: i32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        if ply > 0
            && let Some(score) = self.repetition(pos, ply)
        {
            return score;
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        if self.out_of_time() {
            return alpha;
        }
        let slot = (pos.hash() as usize) & (self.table.len() - 1);
        let entry = self.table[slot];
        let mut tt_move = None;
        if entry.key == pos.hash() {
            tt_move = entry.best;
            if entry.depth >= depth && ply > 0 {
                match entry.flag {
                    EXACT => return entry.score,
                    LOWER if entry.score >= beta => return entry.score,
                    UPPER if entry.score <= alpha => return entry.score,
                    _ => {}
                }
            }
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return self.terminal(pos, ply);
        }
        if let Some(r) = pos.counter_result(&moves, None) {
            return Self::score_of(r, pos, ply);
        }
        self.order(pos, &mut moves, tt_move, ply as usize);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        self.path.push(pos.hash());
        for m in moves {
            pos.make(m);
            let score = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1);
            pos.unmake();
            if self.stopped {
                self.path.pop();
                return best.max(alpha0);
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !m.is_capture()
                    && let Some(k) = self.killers.get_mut(ply as usize)
                    && k[0] != Some(m)
                {
                    k[1] = k[0];
                    k[0] = Some(m);
                }
                break;
            }
        }
        self.path.pop();
        let flag = if best <= alpha0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.table[slot] = Entry {
            key: pos.hash(),
            depth,
            score: best,
            flag,
            best: best_move,
        };
        best
    }

    /// The line the transposition table holds from `pos`, at most `max`
    /// moves, each checked to be legal.
    pub fn principal_variation(&self, pos: &mut Position, max: i32) -> Vec<Move> {
        let mut line = Vec::new();
        let mut moves = Vec::new();
        while line.len() < max.max(1) as usize {
            let slot = (pos.hash() as usize) & (self.table.len() - 1);
            let entry = self.table[slot];
            let Some(m) = entry.best.filter(|_| entry.key == pos.hash()) else {
                break;
            };
            pos.legal_moves(&mut moves);
            if !moves.contains(&m) {
                break;
            }
            pos.make(m);
            line.push(m);
        }
        for _ in 0..line.len() {
            pos.unmake();
        }
        line
    }

    /// Iterative deepening to `limits.depth`, stopping early at the time limit.
    /// `history` holds the hashes of the game's earlier positions.
    pub fn search(&mut self, pos: &mut Position, limits: Limits, history: &[u64]) -> SearchReport {
        self.search_with(pos, limits, history, &mut |_, _| {})
    }

    /// [`Searcher::search`], calling `each` after every completed iteration
    /// with the report so far and its principal variation.
    pub fn search_with(
        &mut self,
        pos: &mut Position,
        limits: Limits,
        history: &[u64],
        each: &mut dyn FnMut(&SearchReport, &[Move]),
    ) -> SearchReport {
        self.path.clear();
        // The root itself is pushed by the search.
        self.path
            .extend_from_slice(&history[..history.len().saturating_sub(1)]);
        let start = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        self.clock_countdown = 1;
        self.deadline = limits.movetime.map(|t| start + t);
        self.stop_flag = limits.stop.clone();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut report = SearchReport {
            best: moves.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if moves.len() <= 1 {
            report.elapsed = start.elapsed();
            return report;
        }
        for depth in 1..=limits.depth.max(1) {
            let score = self.negamax(pos, depth, -INF, INF, 0);
            if self.stopped && depth > 1 {
                break;
            }
            let slot = (pos.hash() as usize) & (self.table.len() - 1);
            if self.table[slot].key == pos.hash()
                && let Some(b) = self.table[slot].best
            {
                report.best = Some(b);
            }
            report.score = score;
            report.depth = depth;
            report.nodes = self.nodes;
            report.elapsed = start.elapsed();
            if !self.stopped {
                let pv = self.principal_variation(pos, depth);
                each(&report, &pv);
            }
            if self.stopped || score.abs() > MATE - 1000 {
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
}
