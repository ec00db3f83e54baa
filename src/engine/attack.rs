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
                if slow.contains(p.kind()) {
                    buf.clear();
                    self.moves_against(s, p, sq, &mut buf);
                    if buf.iter().any(|m| m.captures().contains(&sq)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// An attacker's moves, with a phantom enemy on `target` if it is empty.
    fn moves_against(&self, from: Square, p: Piece, target: Square, out: &mut Vec<super::moves::Move>) {
        if self.board[target.index()].is_none() {
            let mut tmp = self.clone();
            tmp.ep = Square::NONE;
            tmp.set_square(target, Some(Piece::new(PieceKind(0), !p.color())));
            tmp.piece_moves(from, p, out);
        } else {
            self.piece_moves(from, p, out);
        }
    }

    /// Whether a royal piece of `color` is attacked.
    pub fn in_check(&self, color: Color) -> bool {
        match self.royal_squares(color) {
            RoyalSquares::None => false,
            RoyalSquares::One(s) => self.attacked(s, !color),
            RoyalSquares::Many(v) => v.iter().any(|&s| self.attacked(s, !color)),
        }
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
