//! Attack tests. Leapers and riders are found by walking the reverse attack
//! lines outwards from the target square; pieces whose captures those lines
//! cannot describe (hoppers, lame leapers, multi-leg movers, shooters) are
//! asked to generate their moves against the target.

use super::position::{Position, RoyalSquares};
use super::types::{Color, Piece, PieceKind, Square};

impl Position {
    /// Whether `by` attacks `sq`: could capture a piece of the other side there.
    pub fn attacked(&self, sq: Square, by: Color) -> bool {
        let v = &*self.v;
        let g = &v.geometry;
        for line in &v.attack_lines[by.index()] {
            let ray = g.ray(line.vector, sq);
            let n = ray.len().min(line.masks.len());
            for i in 0..n {
                if let Some(q) = self.board[ray[i].index()] {
                    if q.color() == by && line.masks[i].contains(q.kind()) {
                        return true;
                    }
                    break;
                }
            }
        }
        let slow = v.slow_attackers[by.index()];
        if !slow.is_empty() {
            let mut buf = Vec::new();
            for &s in &self.plist[by.index()] {
                let Some(p) = self.board[s.index()] else { continue };
                if slow.contains(p.kind()) && self.captures_on(s, p, sq, &mut buf) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether an attacker can capture on `target` (with a phantom enemy
    /// there if it is empty).
    fn captures_on(&self, from: Square, p: Piece, target: Square, buf: &mut Vec<super::moves::Move>) -> bool {
        if self.board[target.index()].is_none() {
            let mut tmp = self.clone();
            tmp.ep = Square::NONE;
            tmp.set_square(target, Some(Piece::new(PieceKind(0), !p.color())));
            return tmp.captures_on(from, p, target, buf);
        }
        if self.v.def(p.kind()).legs.is_some() {
            return self.leg_captures_on(from, p, target);
        }
        buf.clear();
        self.piece_moves(from, p, buf);
        buf.iter().any(|m| m.captures().contains(&target))
    }

    /// Whether a royal piece of `color` is attacked.
    pub fn in_check(&self, color: Color) -> bool {
        match self.royal_squares(color) {
            RoyalSquares::None => false,
            RoyalSquares::One(s) => self.threatened(s, !color),
            RoyalSquares::Many(v) => v.iter().any(|&s| self.threatened(s, !color)),
        }
    }

    /// Whether a royal piece on `sq` could be taken by `by`. Where captures
    /// explode, not when a royal piece of `by` stands next to it: taking it
    /// would blow that one up too.
    pub(crate) fn threatened(&self, sq: Square, by: Color) -> bool {
        if self.v.moves.explosion.is_some() && self.royal_next_to(sq, by) {
            return false;
        }
        if self.v.moves.no_facing_royals && self.royal_faces(sq, by) {
            return true;
        }
        self.attacked(sq, by)
    }

    /// Whether the first piece along a file or rank from `sq` is a royal
    /// piece of `by` (the flying general).
    fn royal_faces(&self, sq: Square, by: Color) -> bool {
        let g = &self.v.geometry;
        [(0, 1), (0, -1), (1, 0), (-1, 0)].into_iter().any(|d| {
            let mut s = sq;
            while let Some(t) = g.offset(s, d) {
                if let Some(p) = self.board[t.index()] {
                    return p.color() == by && self.v.def(p.kind()).royal;
                }
                s = t;
            }
            false
        })
    }

    /// Whether the two sides' royal pieces face each other on an open file
    /// or rank.
    pub(crate) fn royals_facing(&self) -> bool {
        let c = self.side;
        match self.royal_squares(c) {
            RoyalSquares::None => false,
            RoyalSquares::One(s) => self.royal_faces(s, !c),
            RoyalSquares::Many(v) => v.iter().any(|&s| self.royal_faces(s, !c)),
        }
    }

    fn royal_next_to(&self, sq: Square, by: Color) -> bool {
        let g = &self.v.geometry;
        super::geometry::FRAMES.iter().any(|&d| {
            g.offset(sq, d).is_some_and(|s| {
                self.board[s.index()].is_some_and(|p| p.color() == by && self.v.def(p.kind()).royal)
            })
        })
    }

    /// Own pieces standing alone between the royal square and an enemy piece
    /// that attacks along that line. Returns how many (may exceed `out.len()`,
    /// in which case `out` holds only the first ones).
    pub(crate) fn pinned(&self, us: Color, king: Square, out: &mut [Square]) -> usize {
        let v = &*self.v;
        let g = &v.geometry;
        let them = !us;
        let mut n = 0;
        for line in &v.attack_lines[them.index()] {
            if line.masks.len() < 2 {
                continue;
            }
            let ray = g.ray(line.vector, king);
            let len = ray.len().min(line.masks.len());
            let mut candidate = Square::NONE;
            for i in 0..len {
                let Some(q) = self.board[ray[i].index()] else {
                    continue;
                };
                if !candidate.is_some() {
                    if q.color() != us {
                        break;
                    }
                    candidate = ray[i];
                } else {
                    if q.color() == them && line.masks[i].contains(q.kind()) {
                        if n < out.len() {
                            out[n] = candidate;
                        }
                        n += 1;
                    }
                    break;
                }
            }
        }
        n
    }
}
