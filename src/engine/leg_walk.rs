//! Multi-leg moves and shots: a piece's [`LegMachine`] walked from its
//! square, every leg a [`scan`] over a board where the squares it has left
//! and the pieces it has taken count as empty.

use std::cell::Cell;

use rustc_hash::FxHashSet;

use super::legs::{EpTarget, Stop, Vacated, dedup_from, scan};
use super::moves::{MAX_CAPTURES, Move};
use super::position::Position;
use super::program::{LegMachine, LegRule};
use super::types::{Color, Piece, PieceKind, Square};

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
