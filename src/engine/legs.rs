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

use super::geometry::VectorId;
use super::moves::{AUX_EP_CREATE, MAX_CAPTURES, Move};
use super::position::Position;
use super::types::{Color, KindSet, Piece, PieceKind, Square};

/// How a leg treats pieces in its way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hop {
    /// Stops at the first piece (capturing it if allowed).
    None,
    /// Cannon: exactly one piece must stand between start and end.
    One,
    /// May pass over at most this many pieces (`u16::MAX` = any number).
    UpTo(u16),
    /// Grasshopper: lands just beyond the first piece.
    Grasshopper,
}

/// What must stand on the squares a leaper passes over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Passing {
    /// Nothing is checked (a free leap).
    Free,
    /// Lame: the passed squares must be empty (`n`).
    Empty { unit: VectorId, steps: u16 },
    /// Jumping: at least one passed square must be occupied.
    Occupied { unit: VectorId, steps: u16 },
}

/// Everything one leg may do, compiled from the notation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LegRule {
    pub min: u16,
    pub max: u16,
    pub moves: bool,
    pub captures: bool,
    /// Captures without moving; the piece stays where it is.
    pub shoots: bool,
    pub hop: Hop,
    pub passing: Passing,
    /// Only from the piece's initial squares.
    pub initial: bool,
    /// May capture en passant.
    pub en_passant: bool,
    /// A move-only step that leaves an en-passant square behind.
    pub ep_create: bool,
    /// The chain may go on after this leg captured.
    pub continues_after_capture: bool,
}

/// One direction of a single-leg move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    pub vector: VectorId,
    pub rule: LegRule,
}

/// Which pieces a piece may not take, shoot or hop.
#[derive(Clone, Debug, Default)]
pub(crate) struct TargetFilters {
    pub cannot_capture: KindSet,
    pub cannot_shoot: KindSet,
    pub cannot_hop: KindSet,
    /// (kinds, distance): these may not be shot from this close or closer.
    pub shot_limits: Vec<(KindSet, u16)>,
}

impl TargetFilters {
    /// Whether a leg may take `kind` at `dist`.
    #[inline(always)]
    fn allows(&self, rule: &LegRule, kind: PieceKind, dist: u16) -> bool {
        if rule.shoots {
            !self.cannot_shoot.contains(kind)
                && !self
                    .shot_limits
                    .iter()
                    .any(|&(set, within)| dist <= within && set.contains(kind))
        } else {
            !self.cannot_capture.contains(kind)
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

/// Walks one leg along `ray` (the squares from the start, nearest first) and
/// calls `stop(square, distance, what)` at every square where the leg may end.
/// `ep` is the en-passant square and the piece taken there, if any.
#[inline(always)]
pub(crate) fn scan<B: Board>(
    board: &B,
    ray: &[Square],
    rule: &LegRule,
    filters: &TargetFilters,
    mover: Color,
    ep: (Square, Square),
    mut stop: impl FnMut(Square, u16, Stop),
) {
    let lim = (rule.max as usize).min(ray.len());
    let mut screens = 0u32;
    for (i, &t) in ray[..lim].iter().enumerate() {
        let dist = i as u16 + 1;
        let q = board.at(t);
        if rule.hop == Hop::Grasshopper && screens == 1 {
            match q {
                None if rule.moves => stop(t, dist, Stop::Empty),
                Some(q) if q.color() != mover && rule.captures && filters.allows(rule, q.kind(), dist) => {
                    stop(t, dist, Stop::Capture)
                }
                _ => {}
            }
            return;
        }
        let reachable = match rule.hop {
            Hop::None => true,
            Hop::One => screens == 1,
            Hop::UpTo(n) => screens <= n as u32,
            Hop::Grasshopper => false,
        };
        match q {
            None => {
                if reachable && dist >= rule.min {
                    if rule.moves {
                        stop(t, dist, Stop::Empty);
                    }
                    if rule.en_passant && t == ep.0 {
                        stop(t, dist, Stop::EnPassant(ep.1));
                    }
                }
            }
            Some(q) => {
                if reachable
                    && dist >= rule.min
                    && q.color() != mover
                    && rule.captures
                    && filters.allows(rule, q.kind(), dist)
                {
                    stop(t, dist, Stop::Capture);
                }
                if rule.hop == Hop::None || filters.cannot_hop.contains(q.kind()) {
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
    fn leg_may_start(&self, rule: &LegRule, initial: &[bool], from: Square) -> bool {
        if rule.initial && !initial[from.index()] {
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
        }
    }

    /// Moves of a single-leg piece: each ray scanned once.
    #[inline(always)]
    pub(crate) fn ray_moves(&self, from: Square, p: Piece, out: &mut Vec<Move>) {
        let v = &*self.v;
        let g = &v.geometry;
        let c = p.color();
        let k = p.kind();
        let def = v.def(k);
        let start = out.len();
        for ray in &def.rays[c.index()] {
            let rule = &ray.rule;
            let sqs = g.ray(ray.vector, from);
            if sqs.is_empty() || !self.leg_may_start(rule, &def.initial[c.index()], from) {
                continue;
            }
            scan(
                self,
                sqs,
                rule,
                &def.filters,
                c,
                (self.ep, self.ep_victim),
                |t, _, stop| {
                    let m = match stop {
                        Stop::Empty => {
                            let mut m = Move::board(from, t);
                            if rule.ep_create {
                                m.aux = AUX_EP_CREATE;
                            }
                            m
                        }
                        Stop::Capture => Move::board(from, t).with_capture(t),
                        Stop::EnPassant(victim) => Move::board(from, t).with_capture(victim),
                    };
                    self.push_board(k, c, m, out);
                },
            );
        }
        if def.overlapping_rays {
            dedup_from(out, start);
        }
    }
}

/// One leg of a multi-leg move, ready for generation.
#[derive(Debug, Clone)]
pub(crate) struct LegRun {
    /// Vectors per side (first legs, owner-relative directions).
    pub absolute: [Vec<VectorId>; 2],
    /// Vectors per previous direction (continuation legs): indexed by the
    /// `geometry::FRAMES` index the previous leg's vector leads to.
    pub relative: Vec<Vec<VectorId>>,
    pub is_relative: bool,
    pub rule: LegRule,
}

/// A nondeterministic automaton over legs; node 0 is the start.
#[derive(Debug, Clone, Default)]
pub(crate) struct LegMachine {
    pub legs: Vec<LegRun>,
    pub nodes: Vec<LegNode>,
}

/// A state of a [`LegMachine`].
#[derive(Debug, Clone, Default)]
pub(crate) struct LegNode {
    /// The move may end here.
    pub accept: bool,
    /// Nodes reached without a leg.
    pub eps: Vec<u16>,
    /// (leg index, target node).
    pub edges: Vec<(u16, u16)>,
}

/// Where a multi-leg walk stands.
struct Walk {
    from: Square,
    color: Color,
    kind: PieceKind,
    vacated: [Square; MAX_CAPTURES + 1],
    nvac: usize,
    caps: [Square; MAX_CAPTURES],
    ncap: usize,
    legs: usize,
    stopped: bool,
    /// When recording paths: the legs taken so far, and every move found with
    /// its path.
    trail: Option<Vec<PathStep>>,
    paths: Vec<(Move, Vec<PathStep>)>,
}

/// One leg of a move's path, for reading path text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PathStep {
    /// The piece moved to this square (capturing there or not).
    Land(Square),
    /// The piece shot the first square from the second, where it stays. Path
    /// text may write this as a visit and return (`e8-xf10-e8`, igui) or as a
    /// shot after the path (`g7-h8 !h11`).
    Shot(Square, Square),
}

/// Whether a path written as squares (after the origin) is one way of writing
/// a recorded path.
pub(crate) fn path_matches(steps: &[PathStep], written: &[Square]) -> bool {
    match steps.split_first() {
        None => written.is_empty(),
        Some((PathStep::Land(s), rest)) => written.first() == Some(s) && path_matches(rest, &written[1..]),
        Some((PathStep::Shot(target, back), rest)) => {
            path_matches(rest, written)
                || (written.len() >= 2
                    && written[0] == *target
                    && written[1] == *back
                    && path_matches(rest, &written[2..]))
        }
    }
}

impl Position {
    /// Moves of a piece whose notation is a multi-leg program.
    pub(crate) fn leg_moves(&self, from: Square, p: Piece, out: &mut Vec<Move>) {
        let start = out.len();
        self.walk_from(from, p, out, None);
        // Different paths with the same identity are one move.
        dedup_from(out, start);
    }

    /// Every pseudo-legal move of the piece on `from` with the path it takes:
    /// the squares where each of its moving legs lands (shots stay put), in
    /// order. A move reached by several paths appears once per path.
    pub(crate) fn move_paths(&self, from: Square) -> Vec<(Move, Vec<PathStep>)> {
        let Some(p) = self.board[from.index()] else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if self.v.def(p.kind()).legs.is_some() {
            return self.walk_from(from, p, &mut out, Some(Vec::new()));
        }
        self.ray_moves(from, p, &mut out);
        out.into_iter()
            .filter(|m| m.kind == super::moves::MoveKind::Board)
            .map(|m| (m, vec![PathStep::Land(m.to)]))
            .collect()
    }

    fn walk_from(
        &self,
        from: Square,
        p: Piece,
        out: &mut Vec<Move>,
        trail: Option<Vec<PathStep>>,
    ) -> Vec<(Move, Vec<PathStep>)> {
        let k = p.kind();
        let Some(machine) = self.v.def(k).legs.as_ref() else {
            return Vec::new();
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
            trail,
            paths: Vec::new(),
        };
        w.vacated[0] = from;
        if w.trail.is_some() {
            self.walk::<true>(machine, 0, from, None, &mut w, out);
        } else {
            self.walk::<false>(machine, 0, from, None, &mut w, out);
        }
        w.paths
    }

    fn walk<const RECORD: bool>(
        &self,
        m: &LegMachine,
        node: u16,
        sq: Square,
        prev: Option<u8>,
        w: &mut Walk,
        out: &mut Vec<Move>,
    ) {
        let n = &m.nodes[node as usize];
        if n.accept && w.legs > 0 {
            let mut mv = Move::board(w.from, sq);
            for &c in &w.caps[..w.ncap] {
                mv = mv.with_capture(c);
            }
            let first = out.len();
            self.push_board(w.kind, w.color, mv, out);
            if RECORD && let Some(trail) = &w.trail {
                w.paths.extend(out[first..].iter().map(|&m| (m, trail.clone())));
            }
        }
        for &e in &n.eps {
            self.walk::<RECORD>(m, e, sq, prev, w, out);
        }
        if w.stopped {
            return;
        }
        for &(li, target) in &n.edges {
            self.walk_leg::<RECORD>(m, li, target, sq, prev, w, out);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn walk_leg<const RECORD: bool>(
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
                (Square::NONE, Square::NONE),
                |t, _, stop| match stop {
                    Stop::Capture => self.follow_capture::<RECORD>(m, target, sq, t, rule, dir, w, out),
                    _ if rule.shoots => {
                        // Aiming at an empty square: no effect, once per leg
                        // (once per square when recording paths, since path
                        // text may name the square: `e8-d10-e8`).
                        if !aimed_at_empty || RECORD {
                            aimed_at_empty = true;
                            w.legs += 1;
                            push_trail::<RECORD>(w, PathStep::Shot(t, sq));
                            self.walk::<RECORD>(m, target, sq, dir, w, out);
                            pop_trail::<RECORD>(w);
                            w.legs -= 1;
                        }
                    }
                    _ => {
                        w.legs += 1;
                        push_trail::<RECORD>(w, PathStep::Land(t));
                        self.walk::<RECORD>(m, target, t, dir, w, out);
                        pop_trail::<RECORD>(w);
                        w.legs -= 1;
                    }
                },
            );
        }
    }

    /// Follows a leg that captures on `t`: the piece there counts as gone for
    /// the rest of the move; a shot leaves the mover on `sq`.
    #[allow(clippy::too_many_arguments)]
    fn follow_capture<const RECORD: bool>(
        &self,
        m: &LegMachine,
        target: u16,
        sq: Square,
        t: Square,
        rule: &LegRule,
        dir: Option<u8>,
        w: &mut Walk,
        out: &mut Vec<Move>,
    ) {
        if w.ncap >= MAX_CAPTURES {
            return;
        }
        w.caps[w.ncap] = t;
        w.ncap += 1;
        w.vacated[w.nvac] = t;
        w.nvac += 1;
        w.legs += 1;
        let was_stopped = w.stopped;
        w.stopped |= !rule.continues_after_capture;
        let step = if rule.shoots {
            PathStep::Shot(t, sq)
        } else {
            PathStep::Land(t)
        };
        push_trail::<RECORD>(w, step);
        self.walk::<RECORD>(m, target, if rule.shoots { sq } else { t }, dir, w, out);
        pop_trail::<RECORD>(w);
        w.stopped = was_stopped;
        w.legs -= 1;
        w.nvac -= 1;
        w.ncap -= 1;
    }
}

#[inline(always)]
fn push_trail<const RECORD: bool>(w: &mut Walk, step: PathStep) {
    if RECORD && let Some(t) = &mut w.trail {
        t.push(step);
    }
}

#[inline(always)]
fn pop_trail<const RECORD: bool>(w: &mut Walk) {
    if RECORD && let Some(t) = &mut w.trail {
        t.pop();
    }
}

/// Removes repeated moves from `out[start..]`: a move is its identity, so two
/// paths or rays to the same result are one move.
pub(crate) fn dedup_from(out: &mut Vec<Move>, start: usize) {
    let mut i = start;
    while i < out.len() {
        if out[start..i].contains(&out[i]) {
            out.swap_remove(i);
        } else {
            i += 1;
        }
    }
}
