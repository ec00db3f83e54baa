//! Generation of multi-leg moves and shots: a depth-first walk of a piece's
//! [`LegMachine`]. Squares the piece has left and pieces it has captured count
//! as empty for later legs, so a leg may return to the start (igui, pass) or
//! cross a square emptied by an earlier capture.

use super::position::*;
use super::variant::*;
use crate::notation::continuation_frame;

struct Walk {
    from: Sq,
    color: usize,
    kind: u16,
    vacated: [Sq; MAX_CAPS + 1],
    nvac: usize,
    caps: [Sq; MAX_CAPS],
    ncap: usize,
    legs: usize,
    stopped: bool,
}

impl Position {
    /// Moves of a piece whose notation is a multi-leg program.
    pub(crate) fn leg_moves(&self, from: Sq, p: u16, out: &mut Vec<Move>) {
        let k = kind_of(p);
        let Some(machine) = self.v.kinds[k as usize].legs.as_ref() else {
            return;
        };
        let start = out.len();
        let mut w = Walk {
            from,
            color: color_of(p),
            kind: k,
            vacated: [NO_SQ; MAX_CAPS + 1],
            nvac: 1,
            caps: [NO_SQ; MAX_CAPS],
            ncap: 0,
            legs: 0,
            stopped: false,
        };
        w.vacated[0] = from;
        self.walk(machine, 0, from, None, &mut w, out);
        // Different paths with the same identity are one move.
        super::movegen::dedup_from(out, start);
    }

    #[inline]
    fn occupant(&self, sq: Sq, w: &Walk) -> u16 {
        if w.vacated[..w.nvac].contains(&sq) {
            0
        } else {
            self.board[sq as usize]
        }
    }

    fn walk(
        &self,
        m: &LegMachine,
        node: u16,
        sq: Sq,
        prev: Option<usize>,
        w: &mut Walk,
        out: &mut Vec<Move>,
    ) {
        let n = &m.nodes[node as usize];
        if n.accept && w.legs > 0 {
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
        sq: Sq,
        prev: Option<usize>,
        w: &mut Walk,
        out: &mut Vec<Move>,
    ) {
        let leg = &m.legs[li as usize];
        let g = &self.v.geometry;
        let kind = &self.v.kinds[w.kind as usize];
        let vectors = match (leg.is_relative, prev) {
            (true, Some(d)) => &leg.relative[d],
            _ => &leg.absolute[w.color],
        };
        let mut passed = false;
        for &vi in vectors {
            let ray = g.ray(vi, sq);
            let lim = (leg.max as usize).min(ray.len());
            let dir = frame_index(continuation_frame(g.vectors[vi as usize]));
            let mut hops = 0u32;
            for (i, &t) in ray[..lim].iter().enumerate() {
                let dist = i as u16 + 1;
                let q = self.occupant(t, w);
                let reachable = if leg.hop_one {
                    hops == 1
                } else {
                    hops <= leg.hop_max as u32
                };
                if q == 0 {
                    if reachable && dist >= leg.min && leg.moves {
                        if leg.shoots {
                            // Shooting an empty square: no effect, once per leg.
                            if !passed {
                                passed = true;
                                w.legs += 1;
                                self.walk(m, target, sq, Some(dir), w, out);
                                w.legs -= 1;
                            }
                        } else {
                            w.legs += 1;
                            self.walk(m, target, t, Some(dir), w, out);
                            w.legs -= 1;
                        }
                    }
                    continue;
                }
                let qk = kind_of(q);
                let mut filter = if leg.shoots {
                    kind.cannot_shoot
                } else {
                    kind.cannot_capture
                };
                if leg.shoots {
                    for &(mask, within) in &kind.shot_limits {
                        if dist <= within {
                            filter |= mask;
                        }
                    }
                }
                if reachable
                    && dist >= leg.min
                    && color_of(q) != w.color
                    && leg.captures
                    && filter & (1u128 << qk) == 0
                    && w.ncap < MAX_CAPS
                {
                    w.caps[w.ncap] = t;
                    w.ncap += 1;
                    w.vacated[w.nvac] = t;
                    w.nvac += 1;
                    w.legs += 1;
                    let was_stopped = w.stopped;
                    w.stopped |= !leg.continues_after_capture;
                    self.walk(m, target, if leg.shoots { sq } else { t }, Some(dir), w, out);
                    w.stopped = was_stopped;
                    w.legs -= 1;
                    w.nvac -= 1;
                    w.ncap -= 1;
                }
                if kind.cannot_hop & (1u128 << qk) != 0 {
                    break;
                }
                hops += 1;
                if (leg.hop_one && hops > 1) || (!leg.hop_one && hops > leg.hop_max as u32) {
                    break;
                }
            }
        }
    }
}
