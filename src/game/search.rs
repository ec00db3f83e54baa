//! The engine player: negamax alpha-beta with iterative deepening, a
//! transposition table, capture-first move ordering with killer moves, and a
//! bounded quiescence search. Its evaluation knows no variant: piece values come
//! from each piece's mobility on an empty board (or `value` in the rules file),
//! pieces in hand, reserve or pocket count too, plus a small mobility term.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::engine::position::NO_PROMO;
use crate::engine::variant::kind_of;
use crate::engine::{Move, MoveKind, Position, Variant};

const MATE: i32 = 1_000_000;
const INF: i32 = 2_000_000;
const QS_DEPTH: i32 = 6;
/// Score per move of mobility advantage (material is in hundredths of a pawn-ish unit).
const MOBILITY_WEIGHT: i32 = 2;

/// Piece values in centipawn-like units, one per kind.
pub fn piece_values(v: &Arc<Variant>) -> Vec<i32> {
    let g = &v.geometry;
    let mut pos = Position::start(v);
    let mut out = Vec::with_capacity(v.kinds.len());
    for (k, kind) in v.kinds.iter().enumerate() {
        if kind.value != 0 {
            out.push(kind.value);
            continue;
        }
        for sq in 0..g.nsq {
            pos.set_square(sq as u16, 0);
        }
        let mut total = 0usize;
        let mut buf = Vec::new();
        let p = crate::engine::variant::piece(k as u16, 0);
        for sq in 0..g.nsq {
            pos.set_square(sq as u16, p);
            buf.clear();
            pos.piece_moves(sq as u16, p, &mut buf);
            total += buf.iter().filter(|m| m.kind == MoveKind::Board).count();
            pos.set_square(sq as u16, 0);
        }
        let mobility = total as f64 / g.nsq as f64;
        let value = 100.0 * (0.5 + 0.35 * mobility);
        out.push(if kind.royal { 0 } else { value as i32 });
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
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub depth: i32,
    pub movetime: Option<Duration>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchReport {
    pub best: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    pub elapsed: Duration,
}

pub struct Searcher {
    values: Vec<i32>,
    table: Vec<Entry>,
    killers: Vec<[Option<Move>; 2]>,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Hashes of the game so far and of the current search path.
    path: Vec<u64>,
    scratch: Vec<Move>,
}

impl Searcher {
    pub fn new(v: &Arc<Variant>) -> Searcher {
        Searcher {
            values: piece_values(v),
            table: vec![Entry::default(); 1 << 18],
            killers: vec![[None; 2]; 128],
            nodes: 0,
            deadline: None,
            stopped: false,
            path: Vec::new(),
            scratch: Vec::new(),
        }
    }

    pub fn values(&self) -> &[i32] {
        &self.values
    }

    /// Mobility: board moves of a side's pieces (pseudo-legal, drops left out).
    fn mobility(&mut self, pos: &Position, color: usize) -> i32 {
        let mut buf = std::mem::take(&mut self.scratch);
        buf.clear();
        for &sq in pos.pieces(color) {
            pos.piece_moves(sq, pos.board[sq as usize], &mut buf);
        }
        let n = buf.len() as i32;
        self.scratch = buf;
        n
    }

    /// Static evaluation from the side to move's point of view: material on
    /// the board and off it, and mobility.
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        let material = self.material(pos);
        let mobility = self.mobility(pos, pos.side) - self.mobility(pos, pos.side ^ 1);
        material + MOBILITY_WEIGHT * mobility
    }

    fn material(&self, pos: &Position) -> i32 {
        let v = &*pos.v;
        let nk = v.nkinds();
        let mut score = [0i32; 2];
        for (c, total) in score.iter_mut().enumerate() {
            for &s in pos.pieces(c) {
                *total += self.values[kind_of(pos.board[s as usize]) as usize];
            }
        }
        for c in 0..2 {
            for k in 0..nk {
                let n = pos.hands[c * nk + k] as i32
                    + pos.reserves[c * nk + k] as i32
                    + pos.pockets[c * nk + k] as i32;
                score[c] += n * self.values[k] * 11 / 10;
            }
        }
        score[pos.side] - score[pos.side ^ 1]
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
                    let q = pos.board[c as usize];
                    if q != 0 {
                        s += 10 * self.values[kind_of(q) as usize] + 10_000;
                    }
                }
                if m.ncap > 0 && m.kind == MoveKind::Board {
                    let me = pos.board[m.from as usize];
                    if me != 0 {
                        s -= self.values[kind_of(me) as usize] / 10;
                    }
                }
                if m.promo != NO_PROMO {
                    s += 5_000 + self.values[m.promo as usize];
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

    fn out_of_time(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes & 1023 == 0
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Score of a position with no legal moves, for the side to move.
    fn terminal(&self, pos: &mut Position, ply: i32) -> i32 {
        use crate::rules::Outcome;
        if let Some(d) = pos.decided() {
            return if d.winner == pos.side {
                MATE - ply
            } else {
                -MATE + ply
            };
        }
        let outcome = if pos.in_check(pos.side) {
            pos.v.end.checkmated
        } else {
            pos.v.end.stalemated
        };
        match outcome {
            Outcome::Win => MATE - ply,
            Outcome::Loss => -MATE + ply,
            Outcome::Draw => 0,
        }
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
        moves.retain(|m| m.ncap > 0 || m.promo != NO_PROMO);
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

    /// Score of a repeated position for the side to move, if it repeats.
    fn repetition(&self, pos: &Position) -> Option<i32> {
        let rep = pos.v.end.repetition?;
        if ply_repeats(&self.path, pos.hash) {
            return Some(match rep.result {
                crate::rules::RepetitionResult::Draw => 0,
                // The opponent just repeated: that loses for them.
                crate::rules::RepetitionResult::MoverLoses => MATE / 2,
            });
        }
        None
    }

    fn negamax(&mut self, pos: &mut Position, depth: i32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        if ply > 0
            && let Some(score) = self.repetition(pos)
        {
            return score;
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        let slot = (pos.hash as usize) & (self.table.len() - 1);
        let entry = self.table[slot];
        let mut tt_move = None;
        if entry.key == pos.hash {
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
        self.order(pos, &mut moves, tt_move, ply as usize);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        self.path.push(pos.hash);
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
                if m.ncap == 0
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
            key: pos.hash,
            depth,
            score: best,
            flag,
            best: best_move,
        };
        best
    }

    /// Iterative deepening to `limits.depth`, stopping early at the time limit.
    /// `history` holds the hashes of the game's earlier positions.
    pub fn search(&mut self, pos: &mut Position, limits: Limits, history: &[u64]) -> SearchReport {
        self.path.clear();
        // The root itself is pushed by the search.
        self.path
            .extend_from_slice(&history[..history.len().saturating_sub(1)]);
        let start = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        self.deadline = limits.movetime.map(|t| start + t);
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
            let slot = (pos.hash as usize) & (self.table.len() - 1);
            if self.table[slot].key == pos.hash
                && let Some(b) = self.table[slot].best
            {
                report.best = Some(b);
            }
            report.score = score;
            report.depth = depth;
            if self.stopped || score.abs() > MATE - 1000 {
                break;
            }
        }
        report.nodes = self.nodes;
        report.elapsed = start.elapsed();
        report
    }
}

fn ply_repeats(path: &[u64], hash: u64) -> bool {
    path.iter().rev().skip(1).step_by(2).any(|&h| h == hash)
}
