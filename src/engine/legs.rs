//! The one leg generator. Every piece move is made of legs; a leg rides one
//! vector between `min` and `max` times and may end on an empty square, on an
//! enemy it captures, or — for a shot — on an enemy it removes without moving.
//! [`scan`] walks one leg along its ray and applies, in one place, what stops
//! it and what it may take: hopping (cannon, any-number hoppers,
//! grasshoppers), pieces that may not be hopped, capture and shot filters,
//! and en passant.
//!
//! Single-leg pieces (the common case) are a list of [`Ray`]s per side and are
//! generated directly from `scan`. Multi-leg pieces and shooters run a
//! [`LegMachine`], an automaton over legs whose every step is also a `scan`.
//! Squares the piece has left and pieces it has captured count as empty for
//! later legs, so a leg may return to the start (igui, pass) or cross a square
//! an earlier capture emptied.

use rustc_hash::FxHashSet;

use super::moves::{AUX_EP_CREATE, AUX_LINE_CAPTURE, Move, MoveKind};
use super::position::Position;
use super::program::{Hop, LegRule, Passing, TargetFilters};
use super::tables::{RAY_CAPTURES, RAY_EN_PASSANT, RAY_MOVES, RAY_PROMOTES, RAY_SIMPLE, RayTable, SquareRay};
use super::types::{Color, Piece, PieceKind, Square};
use super::variant::{PROMO_FROM, PROMO_TO, PieceDef, Variant};

/// The `i`-th ray of a piece of kind `def` and side `c` from `sq`, if it
/// can start there.
#[inline]
pub(crate) fn square_ray(v: &Variant, def: &PieceDef, c: Color, sq: Square, i: usize) -> Option<SquareRay> {
    let g = &v.geometry;
    let ci = c.index();
    let promo = &def.promo_at[ci];
    {
        let ray = &def.rays[ci][i];
        let rule = &ray.rule;
        let (start, full) = g.ray_span(ray.vector, sq);
        let len = full.min(rule.max);
        if len == 0
            || (rule.initial && !def.initial[ci][sq.index()])
            || (rule.zone && !def.zone[ci][sq.index()])
        {
            return None;
        }
        let (passes, passes_len, passing_simple) = match rule.passing {
            Passing::Free => (0, 0, true),
            Passing::Empty { unit, steps } => {
                let (s, n) = g.ray_span(unit, sq);
                if n < steps {
                    return None;
                }
                (s, steps as u8, steps <= u8::MAX as u16)
            }
            _ => (0, 0, false),
        };
        let promotes = promo[sq.index()] & PROMO_FROM != 0
            || g.span(start, len)
                .iter()
                .any(|s| promo[s.index()] & PROMO_TO != 0);
        let simple = passing_simple
            && rule.hop == Hop::None
            && rule.min <= 1
            && !rule.shoots
            && !rule.within
            && (!rule.captures || def.filters.cannot_capture.is_empty());
        let flags = if rule.moves { RAY_MOVES } else { 0 }
            | if rule.captures { RAY_CAPTURES } else { 0 }
            | if simple { RAY_SIMPLE } else { 0 }
            | if promotes { RAY_PROMOTES } else { 0 }
            | if rule.en_passant { RAY_EN_PASSANT } else { 0 };
        let leaves_ep = rule.ep_create && def.ep_from[ci][sq.index()];
        Some(SquareRay {
            start,
            passes,
            len,
            passes_len,
            flags,
            ray: i as u16,
            aux: if leaves_ep { AUX_EP_CREATE } else { 0 },
        })
    }
}

/// The rays of piece `p` from `sq`, from the table or worked out.
#[inline]
pub(crate) fn rays_at<'a>(
    table: &'a RayTable,
    v: &Variant,
    p: Piece,
    sq: Square,
) -> std::borrow::Cow<'a, [SquareRay]> {
    match table.get(p, sq) {
        Some(r) => std::borrow::Cow::Borrowed(r),
        None => {
            let (def, c) = (v.def(p.kind()), p.color());
            (0..def.rays[c.index()].len())
                .filter_map(|i| square_ray(v, def, c, sq, i))
                .collect()
        }
    }
}

/// Where a leg may end.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Stop {
    /// An empty square the leg may move to (or, for a shot, aim at).
    Empty,
    /// An enemy piece the leg takes.
    Capture,
    /// An en-passant capture landing here, taking the piece on the square given.
    EnPassant(Square),
}

/// Where a leg's stops go. Closures are sinks; the single-leg move path
/// has its own, whose `stop` is always inlined into the scan loop.
pub(crate) trait Sink {
    /// A square where the leg may end.
    fn stop(&mut self, t: Square, dist: u16, what: Stop);
}

impl<F: FnMut(Square, u16, Stop)> Sink for F {
    #[inline(always)]
    fn stop(&mut self, t: Square, dist: u16, what: Stop) {
        self(t, dist, what)
    }
}

/// The stops of one ray of a single-leg piece, made into moves.
struct RaySink<'a> {
    pos: &'a Position,
    from: Square,
    kind: PieceKind,
    color: Color,
    leaves_ep: bool,
    /// A range capture's ray (its squares from the start): a stop beyond a
    /// piece takes the pieces passed.
    line: Option<&'a [Square]>,
    out: &'a mut Vec<Move>,
}

impl Sink for RaySink<'_> {
    #[inline(always)]
    fn stop(&mut self, t: Square, dist: u16, what: Stop) {
        let mut m = match what {
            Stop::Empty => {
                let mut m = Move::board(self.from, t);
                if self.leaves_ep {
                    m.aux = AUX_EP_CREATE;
                }
                m
            }
            Stop::Capture => Move::capture(self.from, t),
            Stop::EnPassant(victim) => Move::board(self.from, t).with_capture(victim),
        };
        if let Some(line) = self.line
            && line[..dist as usize - 1]
                .iter()
                .any(|s| self.pos.board[s.index()].is_some())
        {
            m.aux |= AUX_LINE_CAPTURE;
        }
        self.pos.push_board(self.kind, self.color, m, self.out);
    }
}

/// What a leg sees on the board.
pub(crate) trait Board {
    fn at(&self, sq: Square) -> Option<Piece>;
}

impl Board for Position {
    #[inline(always)]
    fn at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }
}

/// The board as a multi-leg move sees it: squares the piece left and pieces
/// it captured are empty.
pub(crate) struct Vacated<'a> {
    pub(crate) pos: &'a Position,
    pub(crate) vacated: &'a [Square],
}

impl Board for Vacated<'_> {
    #[inline(always)]
    fn at(&self, sq: Square) -> Option<Piece> {
        if self.vacated.contains(&sq) {
            None
        } else {
            self.pos.board[sq.index()]
        }
    }
}

/// The stops of a leg on an empty square it may end on: a move there, and
/// an en-passant capture when the square is the en-passant square.
#[inline(always)]
fn stop_on_empty(rule: &LegRule, t: Square, dist: u16, ep: EpTarget, sink: &mut impl Sink) {
    if rule.moves {
        sink.stop(t, dist, Stop::Empty);
    }
    if rule.en_passant && (t == ep.square || t == ep.second) {
        sink.stop(t, dist, Stop::EnPassant(ep.victim));
    }
}

/// The en-passant squares of a position and the piece taken there.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EpTarget {
    /// The en-passant square (`Square::NONE`: none).
    pub square: Square,
    /// A second one, after a triple step (`Square::NONE`: none).
    pub second: Square,
    /// The square of the piece an en-passant capture takes.
    pub victim: Square,
}

impl EpTarget {
    /// No en-passant square.
    pub(crate) const NONE: EpTarget = EpTarget {
        square: Square::NONE,
        second: Square::NONE,
        victim: Square::NONE,
    };
}

/// Whether a leg may take the piece `q` at `dist`.
#[inline(always)]
fn may_take(rule: &LegRule, filters: &TargetFilters, mover: Color, q: Piece, dist: u16) -> bool {
    q.color() != mover
        && rule.captures
        && !filters.walls.contains(q.kind())
        && filters.allows(rule, q.kind(), dist)
}

/// Walks one leg along `ray` (the squares from the start, nearest first) and
/// calls `stop(square, distance, what)` at every square where the leg may end.
/// `ep`: the en-passant squares and the piece taken there, if any.
#[inline(always)]
pub(crate) fn scan<B: Board>(
    board: &B,
    ray: &[Square],
    rule: &LegRule,
    filters: &TargetFilters,
    mover: Color,
    ep: EpTarget,
    mut sink: impl Sink,
) {
    let lim = (rule.max as usize).min(ray.len());
    if rule.hop == Hop::None {
        // The common case (steppers, leapers, riders): stop at the first piece.
        for (i, &t) in ray[..lim].iter().enumerate() {
            let dist = i as u16 + 1;
            match board.at(t) {
                None => {
                    if dist >= rule.min {
                        stop_on_empty(rule, t, dist, ep, &mut sink);
                    }
                }
                Some(q) => {
                    if dist >= rule.min && may_take(rule, filters, mover, q, dist) {
                        sink.stop(t, dist, Stop::Capture);
                    }
                    return;
                }
            }
        }
        return;
    }
    scan_hopping(board, &ray[..lim], rule, filters, mover, ep, &mut sink);
}

/// [`scan`] for legs that hop (cannons, grasshoppers, pieces passing over
/// others): out of line, so the common case stays small. `scan` keeps
/// legs that do not hop to itself, so none come here.
#[inline(never)]
fn scan_hopping<B: Board>(
    board: &B,
    ray: &[Square],
    rule: &LegRule,
    filters: &TargetFilters,
    mover: Color,
    ep: EpTarget,
    sink: &mut impl Sink,
) {
    let mut screens = 0u32;
    for (i, &t) in ray.iter().enumerate() {
        let dist = i as u16 + 1;
        let q = board.at(t);
        if rule.hop == Hop::Grasshopper && screens == 1 {
            match q {
                None if rule.moves => sink.stop(t, dist, Stop::Empty),
                Some(q)
                    if may_take(rule, filters, mover, q, dist)
                        && !filters.cannot_capture_by_hop.contains(q.kind()) =>
                {
                    sink.stop(t, dist, Stop::Capture)
                }
                _ => {}
            }
            return;
        }
        let reachable = match rule.hop {
            Hop::None | Hop::Grasshopper => false,
            Hop::One => screens == 1,
            Hop::UpTo(n) => screens <= n as u32,
        };
        match q {
            None => {
                if reachable && dist >= rule.min {
                    stop_on_empty(rule, t, dist, ep, sink);
                }
            }
            Some(q) => {
                let hoppable = !filters.cannot_hop.contains(q.kind());
                let takes = if filters.captures_jumped {
                    // A range capture takes what it could jump, friend or foe.
                    hoppable && rule.captures && filters.allows(rule, q.kind(), dist)
                } else {
                    may_take(rule, filters, mover, q, dist)
                        && !(screens > 0 && filters.cannot_capture_by_hop.contains(q.kind()))
                };
                if reachable && dist >= rule.min && takes {
                    sink.stop(t, dist, Stop::Capture);
                }
                if !hoppable {
                    return;
                }
                screens += 1;
                match rule.hop {
                    Hop::One if screens > 1 => return,
                    Hop::UpTo(n) if screens > n as u32 => return,
                    _ => {}
                }
            }
        }
    }
}

impl Position {
    /// Whether a single-leg move may start at all from `from`: initial-only
    /// moves from their squares, lame and jumping leaps by the squares passed.
    #[inline(always)]
    fn leg_may_start(&self, rule: &LegRule, def: &PieceDef, c: Color, from: Square) -> bool {
        if rule.initial && !def.initial[c.index()][from.index()] {
            return false;
        }
        if rule.zone && !def.zone[c.index()][from.index()] {
            return false;
        }
        match rule.passing {
            Passing::Free => true,
            Passing::Empty { unit, steps } => {
                let g = &self.v.geometry;
                let mids = &g.ray(unit, from)[..steps as usize];
                mids.iter().all(|&s| self.board[s.index()].is_none())
            }
            Passing::Occupied { unit, steps } => {
                let g = &self.v.geometry;
                let mids = &g.ray(unit, from)[..steps as usize];
                mids.iter().any(|&s| self.board[s.index()].is_some())
            }
            Passing::Bent {
                orth,
                orth_steps,
                diag,
                diag_steps,
                lame,
            } => {
                let g = &self.v.geometry;
                let (Some(first), Some(&corner)) = (
                    g.ray(orth, from).get(..orth_steps as usize),
                    g.ray(orth, from).get(orth_steps as usize - 1),
                ) else {
                    return false;
                };
                let Some(second) = g.ray(diag, corner).get(..diag_steps as usize) else {
                    return false;
                };
                let occupied = first
                    .iter()
                    .chain(second)
                    .any(|&s| self.board[s.index()].is_some());
                occupied != lame
            }
        }
    }

    /// Moves of a single-leg piece: each ray scanned once.
    #[inline(always)]
    pub(crate) fn ray_moves(&self, from: Square, p: Piece, out: &mut Vec<Move>) {
        let v = &*self.v;
        let c = p.color();
        let start = out.len();
        // Rays that may capture en passant need the general scan only while
        // there is an en-passant square.
        let not_simple = if self.ep.is_some() { RAY_EN_PASSANT } else { 0 };
        match v.ray_table.get(p, from) {
            Some(rays) => {
                for sr in rays {
                    self.ray_move(from, p, sr, not_simple, out);
                }
            }
            None => {
                let def = v.def(p.kind());
                for i in 0..def.rays[c.index()].len() {
                    if let Some(sr) = square_ray(v, def, c, from, i) {
                        self.ray_move(from, p, &sr, not_simple, out);
                    }
                }
            }
        }
        if v.def(p.kind()).overlapping_rays {
            dedup_from(out, start);
        }
    }

    /// The moves along one of a single-leg piece's rays.
    #[inline(always)]
    fn ray_move(&self, from: Square, p: Piece, sr: &SquareRay, not_simple: u8, out: &mut Vec<Move>) {
        let g = &self.v.geometry;
        let c = p.color();
        let sqs = g.span(sr.start, sr.len);
        if sr.flags & (RAY_SIMPLE | RAY_PROMOTES | not_simple) != RAY_SIMPLE {
            self.ray_moves_general(from, p, sr.ray as usize, sqs, out);
            return;
        }
        if sr.passes_len != 0
            && g.span(sr.passes, sr.passes_len as u16)
                .iter()
                .any(|s| self.board[s.index()].is_some())
        {
            return;
        }
        for &t in sqs {
            match self.board[t.index()] {
                None => {
                    if sr.flags & RAY_MOVES != 0 {
                        let mut m = Move::board(from, t);
                        m.aux = sr.aux;
                        out.push(m);
                    }
                }
                Some(q) => {
                    if sr.flags & RAY_CAPTURES != 0 && q.color() != c && q != self.v.wall {
                        out.push(Move::capture(from, t));
                    }
                    break;
                }
            }
        }
    }

    /// The moves along one ray whose stops need more than the simple walk.
    #[inline(never)]
    fn ray_moves_general(&self, from: Square, p: Piece, ray: usize, sqs: &[Square], out: &mut Vec<Move>) {
        let (c, k) = (p.color(), p.kind());
        let def = self.v.def(k);
        let ray = &def.rays[c.index()][ray];
        let rule = &ray.rule;
        if !ray.plain && !self.leg_may_start(rule, def, c, from) {
            return;
        }
        let leaves_ep = !ray.plain && rule.ep_create && def.ep_from[c.index()][from.index()];
        let before = out.len();
        scan(
            self,
            sqs,
            rule,
            &def.filters,
            c,
            EpTarget {
                square: self.ep,
                second: self.ep2,
                victim: self.ep_victim,
            },
            RaySink {
                pos: self,
                from,
                kind: k,
                color: c,
                leaves_ep,
                line: (def.filters.captures_jumped && rule.hop != Hop::None).then_some(sqs),
                out,
            },
        );
        if !ray.plain && rule.within {
            keep_inside(&def.zone[c.index()], out, before);
        }
    }
}

/// Removes repeated moves from `out[start..]`: a move is its identity, so two
/// paths or rays to the same result are one move.
pub(crate) fn dedup_from(out: &mut Vec<Move>, start: usize) {
    if out.len() - start > 64 {
        let mut seen = FxHashSet::with_capacity_and_hasher(out.len() - start, Default::default());
        let mut keep = start;
        for i in start..out.len() {
            if seen.insert(out[i]) {
                out[keep] = out[i];
                keep += 1;
            }
        }
        out.truncate(keep);
        return;
    }
    let mut i = start;
    while i < out.len() {
        if out[start..i].contains(&out[i]) {
            out.swap_remove(i);
        } else {
            i += 1;
        }
    }
}

/// Drops the board moves from `start` on that end outside `inside` (a
/// piece's region, or the squares its extra moves must stay on).
#[cold]
#[inline]
pub(crate) fn keep_inside(inside: &[bool], out: &mut Vec<Move>, start: usize) {
    let mut i = start;
    while i < out.len() {
        if out[i].kind != MoveKind::Board || inside[out[i].to.index()] {
            i += 1;
        } else {
            out.remove(i);
        }
    }
}
