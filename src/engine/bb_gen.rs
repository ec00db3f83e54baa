//! Move generation by bitboards on boards of up to 128 squares: a piece's
//! simple rays from its square as masks ([`BbTable`]), walked to the first
//! piece with one bit operation a direction.

use super::bitboard::{Bits, before_first, push_each};
use super::moves::Move;
use super::position::Position;
use super::tables::{BbTable, Entry, RAY_CAPTURES, RAY_MOVES};
use super::types::{Piece, Square};

impl Position {
    /// Whether bitboards describe this position's board.
    #[inline(always)]
    pub(crate) fn has_bitboards(&self) -> bool {
        self.v.bb.is_some()
    }

    /// The moves of `p` from `from` by the simple rays of its table entry
    /// `e`, ending in `allowed`, without its en-passant captures; returns
    /// the squares where it may capture en passant. `own` and `enemy`: the
    /// mover's and the other side's pieces.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn bb_gen<B: Bits>(
        &self,
        t: &BbTable,
        e: &Entry,
        p: Piece,
        from: Square,
        allowed: B,
        own: B,
        enemy: B,
        out: &mut Vec<Move>,
    ) -> B {
        let all = own | enemy;
        // A wall (`[walls]`) is in both sides' squares: no one takes it.
        let enemy = enemy & !own;
        let mut reach = B::of(e.leap_moves) & !all;
        let mut hits = B::ZERO;
        let slides = &t.slides[e.first as usize..e.first as usize + e.ups as usize + e.downs as usize];
        let (ups, downs) = slides.split_at(e.ups as usize);
        for &s in ups {
            let s = B::of(s);
            let (r, h) = before_first(s, s & all, true);
            reach |= r;
            hits |= h;
        }
        for &s in downs {
            let s = B::of(s);
            let (r, h) = before_first(s, s & all, false);
            reach |= r;
            hits |= h;
        }
        let mut captures = (hits | B::of(e.leap_captures)) & enemy;
        let promotes = B::of(e.promotes);
        for s in &t.specials[e.special as usize..e.special as usize + e.nspecial as usize] {
            if B::of(s.passes) & all != B::ZERO {
                continue;
            }
            let ray = B::of(s.ray);
            let (r, h) = before_first(ray, ray & all, s.up);
            if s.flags & RAY_MOVES != 0 {
                if s.aux == 0 {
                    reach |= r;
                } else {
                    // (Each move built where it goes: a move built once and
                    // passed by reference would be copied through memory.)
                    let aux = s.aux;
                    let mut to = r & allowed;
                    while to != B::ZERO {
                        let t = to.pop();
                        if promotes & B::one(t) != B::ZERO {
                            self.push_board(
                                p.kind(),
                                p.color(),
                                Move::board_aux(from, Square(t as u16), aux),
                                out,
                            );
                        } else {
                            out.push(Move::board_aux(from, Square(t as u16), aux));
                        }
                    }
                }
            }
            if s.flags & RAY_CAPTURES != 0 {
                captures |= h & enemy;
            }
        }
        push_each(out, from, reach & allowed & !promotes, Move::board);
        push_each(out, from, captures & allowed & !promotes, Move::capture);
        if (reach | captures) & allowed & promotes != B::ZERO {
            let (mut quiet, mut taking) = (reach & allowed & promotes, captures & allowed & promotes);
            while quiet != B::ZERO {
                self.push_board(
                    p.kind(),
                    p.color(),
                    Move::board(from, Square(quiet.pop() as u16)),
                    out,
                );
            }
            while taking != B::ZERO {
                self.push_board(
                    p.kind(),
                    p.color(),
                    Move::capture(from, Square(taking.pop() as u16)),
                    out,
                );
            }
        }
        B::of(e.en_passant)
    }
}
