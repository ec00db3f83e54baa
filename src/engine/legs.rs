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

use std::cell::Cell;

use rustc_hash::FxHashSet;

use super::moves::{AUX_EP_CREATE, AUX_LINE_CAPTURE, MAX_CAPTURES, Move, MoveKind};
use super::position::Position;
use super::program::{Hop, LegMachine, LegRule, Passing, TargetFilters};
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
struct Vacated<'a> {
    pos: &'a Position,
    vacated: &'a [Square],
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
                Some(q) if may_take(rule, filters, mover, q, dist) => sink.stop(t, dist, Stop::Capture),
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

/// Where a multi-leg walk stands.
struct Walk<'w> {
    from: Square,
    color: Color,
    kind: PieceKind,
    vacated: [Square; MAX_CAPTURES + 1],
    nvac: usize,
    caps: [Square; MAX_CAPTURES],
    ncap: usize,
    legs: usize,
    stopped: bool,
    /// States already explored (for machines whose paths multiply).
    seen: Option<FxHashSet<State>>,
    /// When following a written path: its squares after the origin, and how
    /// many of them the legs taken so far have used.
    path: Option<(&'w [Square], usize)>,
    /// When testing an attack: the square, and whether a capture there was found.
    hunt: Option<Square>,
    found: bool,
}

thread_local! {
    /// The states of the last memoized walk, kept so that the next walk
    /// reuses their room (a walk clears them first).
    static SEEN: Cell<FxHashSet<State>> = Cell::new(FxHashSet::default());
}

/// Everything that decides what a walk can still produce: the same state
/// reached by two paths produces the same moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct State {
    node: u16,
    sq: Square,
    prev: u8,
    stopped: bool,
    moved: bool,
    ncap: u8,
    caps: [Square; MAX_CAPTURES],
}

impl Walk<'_> {
    /// Whether this state is new (always, when states are not tracked).
    fn first_visit(&mut self, m: &LegMachine, node: u16, sq: Square, prev: Option<u8>) -> bool {
        let Some(seen) = &mut self.seen else {
            return true;
        };
        let prev = if m.needs_dir.get(node as usize).copied().unwrap_or(true) {
            prev.unwrap_or(u8::MAX)
        } else {
            u8::MAX
        };
        seen.insert(State {
            node,
            sq,
            prev,
            stopped: self.stopped,
            moved: self.legs > 0,
            ncap: self.ncap as u8,
            caps: self.caps,
        })
    }

    /// When following a written path: whether a leg landing on `t` follows it
    /// (and uses the square).
    fn path_allows(&mut self, t: Square) -> Option<usize> {
        match &mut self.path {
            None => Some(usize::MAX),
            Some((squares, used)) => {
                let at = *used;
                (squares.get(at) == Some(&t)).then(|| {
                    *used += 1;
                    at
                })
            }
        }
    }

    fn path_restore(&mut self, at: usize) {
        if let Some((_, used)) = &mut self.path
            && at != usize::MAX
        {
            *used = at;
        }
    }
}

impl Position {
    /// Moves of a piece whose notation is a multi-leg program.
    pub(crate) fn leg_moves(&self, from: Square, p: Piece, out: &mut Vec<Move>) {
        let start = out.len();
        self.walk_from(from, p, out, None, None);
        // Different paths with the same identity are one move.
        dedup_from(out, start);
    }

    /// Whether the multi-leg piece `p` on `from` can capture on `target`
    /// (stops at the first way found).
    pub(crate) fn leg_captures_on(&self, from: Square, p: Piece, target: Square) -> bool {
        let mut out = Vec::new();
        self.walk_from(from, p, &mut out, None, Some(target))
    }

    /// The pseudo-legal moves of the piece on `from` that can be made along a
    /// path written as `squares` (after the origin): the squares where each
    /// moving leg lands, in order. A shot may be written as a visit to its
    /// target and back (`e8-xf10-e8`, igui) or left out (`g7-h8 !h11`).
    pub(crate) fn moves_along(&self, from: Square, squares: &[Square]) -> Vec<Move> {
        let Some(p) = self.board[from.index()] else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if self.v.def(p.kind()).legs.is_some() {
            self.walk_from(from, p, &mut out, Some(squares), None);
            dedup_from(&mut out, 0);
            return out;
        }
        self.ray_moves(from, p, &mut out);
        out.retain(|m| m.kind == super::moves::MoveKind::Board && squares == [m.to]);
        out
    }

    /// Walks the piece's leg machine; returns whether the hunted capture was
    /// found.
    fn walk_from(
        &self,
        from: Square,
        p: Piece,
        out: &mut Vec<Move>,
        path: Option<&[Square]>,
        hunt: Option<Square>,
    ) -> bool {
        let k = p.kind();
        let Some(machine) = self.v.def(k).legs.as_ref() else {
            return false;
        };
        let mut w = Walk {
            from,
            color: p.color(),
            kind: k,
            vacated: [Square::NONE; MAX_CAPTURES + 1],
            nvac: 1,
            caps: [Square::NONE; MAX_CAPTURES],
            ncap: 0,
            legs: 0,
            stopped: false,
            seen: (machine.memoize && path.is_none()).then(|| {
                let mut s = SEEN.take();
                s.clear();
                s
            }),
            path: path.map(|s| (s, 0)),
            hunt,
            found: false,
        };
        w.vacated[0] = from;
        self.walk(machine, 0, from, None, &mut w, out);
        if let Some(s) = w.seen.take() {
            SEEN.set(s);
        }
        w.found
    }

    fn walk(
        &self,
        m: &LegMachine,
        node: u16,
        sq: Square,
        prev: Option<u8>,
        w: &mut Walk,
        out: &mut Vec<Move>,
    ) {
        if w.found || !w.first_visit(m, node, sq, prev) {
            return;
        }
        let n = &m.nodes[node as usize];
        let path_done = w.path.is_none_or(|(s, used)| used == s.len());
        if n.accept && w.legs > 0 && path_done {
            let mut mv = Move::board(w.from, sq);
            for &c in &w.caps[..w.ncap] {
                mv = mv.with_capture(c);
            }
            self.push_board(w.kind, w.color, mv, out);
        }
        for &e in &n.eps {
            self.walk(m, e, sq, prev, w, out);
        }
        if w.stopped {
            return;
        }
        for &(li, target) in &n.edges {
            self.walk_leg(m, li, target, sq, prev, w, out);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn walk_leg(
        &self,
        m: &LegMachine,
        li: u16,
        target: u16,
        sq: Square,
        prev: Option<u8>,
        w: &mut Walk,
        out: &mut Vec<Move>,
    ) {
        let leg = &m.legs[li as usize];
        let rule = &leg.rule;
        let g = &self.v.geometry;
        let filters = &self.v.def(w.kind).filters;
        let vectors = match (leg.is_relative, prev) {
            (true, Some(d)) => &leg.relative[d as usize],
            _ => &leg.absolute[w.color.index()],
        };
        let mut aimed_at_empty = false;
        for &vi in vectors {
            let dir = Some(g.frame_after[vi as usize]);
            // The walk changes which squares count as vacated while it follows
            // a stop, and restores them after; the ray is scanned against the
            // squares vacated when it began.
            let (vacated, nvac) = (w.vacated, w.nvac);
            let board = Vacated {
                pos: self,
                vacated: &vacated[..nvac],
            };
            scan(
                &board,
                g.ray(vi, sq),
                rule,
                filters,
                w.color,
                EpTarget::NONE,
                |t, _, stop| match stop {
                    Stop::Capture if rule.shoots => {
                        self.follow_shot(m, target, sq, t, Some(t), rule, dir, w, out)
                    }
                    Stop::Capture => {
                        if let Some(at) = w.path_allows(t) {
                            self.follow_capture(m, target, t, t, rule, dir, w, out);
                            w.path_restore(at);
                        }
                    }
                    _ if rule.shoots => {
                        // Aiming at an empty square: no effect, once per leg —
                        // or, when following a written path, at the square the
                        // path names (`e8-d10-e8`).
                        if w.path.is_some() || !aimed_at_empty {
                            aimed_at_empty = true;
                            self.follow_shot(m, target, sq, t, None, rule, dir, w, out);
                        }
                    }
                    _ => {
                        if let Some(at) = w.path_allows(t) {
                            w.legs += 1;
                            self.walk(m, target, t, dir, w, out);
                            w.legs -= 1;
                            w.path_restore(at);
                        }
                    }
                },
            );
        }
    }

    /// Follows a shot from `sq` at `t` (capturing there when `captured`),
    /// the mover staying on `sq`. A written path may leave the shot out or
    /// write it as a visit to `t` and back.
    #[allow(clippy::too_many_arguments)]
    fn follow_shot(
        &self,
        m: &LegMachine,
        target: u16,
        sq: Square,
        t: Square,
        captured: Option<Square>,
        rule: &LegRule,
        dir: Option<u8>,
        w: &mut Walk,
        out: &mut Vec<Move>,
    ) {
        let mut go = |w: &mut Walk| match captured {
            Some(c) => self.follow_capture(m, target, sq, c, rule, dir, w, out),
            None => {
                w.legs += 1;
                self.walk(m, target, sq, dir, w, out);
                w.legs -= 1;
            }
        };
        match w.path {
            None => go(w),
            Some((squares, used)) => {
                if captured.is_some() || squares.get(used) != Some(&t) {
                    go(w);
                }
                if squares.get(used) == Some(&t) && squares.get(used + 1) == Some(&sq) {
                    w.path = Some((squares, used + 2));
                    go(w);
                    w.path = Some((squares, used));
                }
            }
        }
    }

    /// Follows a leg that captures on `c` and leaves the mover on `to`: the
    /// piece captured counts as gone for the rest of the move.
    #[allow(clippy::too_many_arguments)]
    fn follow_capture(
        &self,
        m: &LegMachine,
        target: u16,
        to: Square,
        c: Square,
        rule: &LegRule,
        dir: Option<u8>,
        w: &mut Walk,
        out: &mut Vec<Move>,
    ) {
        if w.ncap >= MAX_CAPTURES {
            return;
        }
        if w.hunt == Some(c) {
            w.found = true;
            return;
        }
        w.caps[w.ncap] = c;
        w.ncap += 1;
        w.vacated[w.nvac] = c;
        w.nvac += 1;
        w.legs += 1;
        let was_stopped = w.stopped;
        w.stopped |= !rule.continues_after_capture;
        self.walk(m, target, to, dir, w, out);
        w.stopped = was_stopped;
        w.legs -= 1;
        w.nvac -= 1;
        w.ncap -= 1;
        w.caps[w.ncap] = Square::NONE;
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
