//! Attack tests and the royal piece's safety (checks and pins) by
//! bitboards: the reverse attack lines of a square as masks, the first
//! piece on each found with one bit operation.

use super::bitboard::{Bb, Bits, first_on};
use super::position::Position;
use super::tables::BbTable;
use super::types::{Color, Square};

impl Position {
    /// [`Position::attacked`] on a board with bitboards, with `occupied`
    /// standing for the board's occupied squares (the reverse attack lines
    /// only; slow attackers are the caller's).
    #[inline]
    pub(crate) fn bb_attacked(
        &self,
        sq: Square,
        by: Color,
        occupied: Bb,
        out: super::attack::Barred<'_>,
    ) -> bool {
        let Some(t) = &self.v.bb else { return false };
        if t.narrow {
            self.bb_attacked_in::<u64>(t, sq, by, u64::of(occupied), out)
        } else {
            self.bb_attacked_in::<u128>(t, sq, by, occupied, out)
        }
    }

    #[inline(always)]
    fn bb_attacked_in<B: Bits>(
        &self,
        t: &BbTable,
        sq: Square,
        by: Color,
        occupied: B,
        out: super::attack::Barred<'_>,
    ) -> bool {
        let theirs = B::of(self.occ[by.index()]);
        for l in t.lines_at(by, sq) {
            let ray = B::of(l.ray);
            let on = ray & occupied;
            if on == B::ZERO {
                continue;
            }
            let (i, d) = first_on(ray, on, l.up);
            if theirs & B::one(i) != B::ZERO
                && let Some(q) = self.board[i as usize]
                && t.kinds[l.masks as usize + d].contains(q.kind())
                && !out.contains(q.kind())
            {
                return true;
            }
        }
        false
    }

    /// [`Position::royal_safety`] on a board with bitboards.
    pub(crate) fn bb_royal_safety(
        &self,
        us: Color,
        king: Square,
        out: super::attack::Barred<'_>,
        s: &mut super::attack::Safety,
    ) {
        let Some(t) = &self.v.bb else { return };
        if t.narrow {
            self.bb_royal_safety_in::<u64>(t, us, king, out, s);
        } else {
            self.bb_royal_safety_in::<u128>(t, us, king, out, s);
        }
    }

    /// Whether the piece on square `i` is an enemy (in `enemy`) whose kind
    /// attacks along a line at that distance (`mask`) and is not barred.
    #[inline(always)]
    fn line_attacker<B: Bits>(
        &self,
        t: &BbTable,
        enemy: B,
        mask: usize,
        i: u32,
        out: super::attack::Barred<'_>,
    ) -> bool {
        enemy & B::one(i) != B::ZERO
            && self.board[i as usize]
                .is_some_and(|q| t.kinds[mask].contains(q.kind()) && !out.contains(q.kind()))
    }

    #[inline(always)]
    fn bb_royal_safety_in<B: Bits>(
        &self,
        t: &BbTable,
        us: Color,
        king: Square,
        out: super::attack::Barred<'_>,
        s: &mut super::attack::Safety,
    ) {
        let them = !us;
        let (own, enemy) = (B::of(self.occ[us.index()]), B::of(self.occ[them.index()]));
        let all = own | enemy;
        for l in t.lines_at(them, king) {
            let ray = B::of(l.ray);
            let on = ray & all;
            if on == B::ZERO {
                continue;
            }
            let (i, d) = first_on(ray, on, l.up);
            // The line from the royal piece up to and including square `i`.
            let through = |i: u32| ray & !(if l.up { B::above(i) } else { B::below(i) });
            if self.line_attacker(t, enemy, l.masks as usize + d, i, out) {
                s.add_check_bb(through(i).wide());
            } else if own & B::one(i) != B::ZERO && on != B::one(i) {
                let (j, d2) = first_on(ray, on & !B::one(i), l.up);
                if self.line_attacker(t, enemy, l.masks as usize + d2, j, out) {
                    s.add_pin_bb(Square(i as u16), through(j).wide());
                }
            }
        }
    }
}
