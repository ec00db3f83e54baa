//! Bitboards for boards of up to 128 squares: one bit per square, square
//! `i` at bit `i`. They speed up what the mailbox does square by square —
//! walking rays, looking for the first piece on an attack line — without
//! knowing any piece: a ray along a vector visits squares whose indices all
//! grow (the vector's index step is positive) or all shrink, so the first
//! piece on it is the lowest or the highest occupied square of the ray.
//!
//! Sets are kept as `u128`; boards of up to 64 squares work on `u64`
//! ([`Bits`]), which halves the work of every step. The tables of masks are
//! in `tables.rs` (`BbTable`); generation and
//! attack tests by bitboards in `bb_gen.rs` and `bb_attack.rs`.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use super::moves::Move;
use super::types::Square;

/// A set of squares of a board of at most 128 squares, as kept in positions
/// and tables.
pub(crate) type Bb = u128;

/// Most squares a board may have for bitboards.
pub(crate) const MAX_BB_SQUARES: usize = 128;

/// The set holding one square (any square of a board with bitboards).
#[inline(always)]
pub(crate) fn bit(sq: Square) -> Bb {
    1u128.wrapping_shl(sq.0 as u32)
}

/// A square set in the width the board needs: `u64` up to 64 squares,
/// `u128` up to 128.
pub(crate) trait Bits:
    Copy
    + PartialEq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    const ZERO: Self;
    /// The low bits of a table's set.
    fn of(b: Bb) -> Self;
    /// Back to the tables' width.
    fn wide(self) -> Bb;
    /// Index of the lowest square (the set is not empty).
    fn low(self) -> u32;
    /// Index of the highest square (the set is not empty).
    fn high(self) -> u32;
    /// The squares below index `i`.
    fn below(i: u32) -> Self;
    /// The squares above index `i`.
    fn above(i: u32) -> Self;
    /// The square with index `i`.
    fn one(i: u32) -> Self;
    /// How many squares.
    fn count(self) -> u32;
    /// Removes the lowest square and returns its index (not empty).
    fn pop(&mut self) -> u32;
}

/// The [`Bits`] methods both widths write alike.
macro_rules! shared_bits {
    () => {
        #[inline(always)]
        fn low(self) -> u32 {
            self.trailing_zeros()
        }
        #[inline(always)]
        fn count(self) -> u32 {
            self.count_ones()
        }
        #[inline(always)]
        fn pop(&mut self) -> u32 {
            let i = self.trailing_zeros();
            *self &= *self - 1;
            i
        }
    };
}

impl Bits for u64 {
    const ZERO: u64 = 0;
    #[inline(always)]
    fn of(b: Bb) -> u64 {
        b as u64
    }
    #[inline(always)]
    fn wide(self) -> Bb {
        self as Bb
    }
    shared_bits!();
    #[inline(always)]
    fn high(self) -> u32 {
        63 - self.leading_zeros()
    }
    #[inline(always)]
    fn below(i: u32) -> u64 {
        (1u64 << i).wrapping_sub(1)
    }
    #[inline(always)]
    fn above(i: u32) -> u64 {
        !(2u64 << i).wrapping_sub(1)
    }
    #[inline(always)]
    fn one(i: u32) -> u64 {
        1u64 << i
    }
}

/// `1 << i`, `(1 << i) - 1` and the squares above `i` for 128-bit sets:
/// a shift of a `u128` by a variable amount takes several instructions, a
/// table look-up one load.
const fn table128(kind: u8) -> [u128; 128] {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        let one = 1u128 << i;
        t[i] = match kind {
            0 => one,
            1 => one - 1,
            _ => !(one | (one - 1)),
        };
        i += 1;
    }
    t
}
static ONE128: [u128; 128] = table128(0);
static BELOW128: [u128; 128] = table128(1);
static ABOVE128: [u128; 128] = table128(2);

impl Bits for u128 {
    const ZERO: u128 = 0;
    #[inline(always)]
    fn of(b: Bb) -> u128 {
        b
    }
    #[inline(always)]
    fn wide(self) -> Bb {
        self
    }
    shared_bits!();
    #[inline(always)]
    fn high(self) -> u32 {
        127 - self.leading_zeros()
    }
    #[inline(always)]
    fn below(i: u32) -> u128 {
        BELOW128[i as usize & 127]
    }
    #[inline(always)]
    fn above(i: u32) -> u128 {
        ABOVE128[i as usize & 127]
    }
    #[inline(always)]
    fn one(i: u32) -> u128 {
        ONE128[i as usize & 127]
    }
}

/// The set of a span of squares.
#[inline]
pub(crate) fn set_of(squares: &[Square]) -> Bb {
    squares.iter().fold(0, |b, &s| b | bit(s))
}

/// Adds a move from `from` to each square of `to`.
#[inline(always)]
pub(crate) fn push_each<B: Bits>(
    out: &mut Vec<Move>,
    from: Square,
    mut to: B,
    make: fn(Square, Square) -> Move,
) {
    while to != B::ZERO {
        out.push(make(from, Square(to.pop() as u16)));
    }
}

/// The squares of `ray` before its first piece (`occupied` limited to the
/// ray), going up or down, and the set holding that piece (empty when the
/// ray is clear).
#[inline(always)]
pub(crate) fn before_first<B: Bits>(ray: B, occupied: B, up: bool) -> (B, B) {
    if occupied == B::ZERO {
        return (ray, B::ZERO);
    }
    if up {
        let i = occupied.low();
        (ray & B::below(i), B::one(i))
    } else {
        let i = occupied.high();
        (ray & B::above(i), B::one(i))
    }
}

/// The first piece on an attack line from a square (`occupied` limited to
/// the line) and its distance, 0-based.
#[inline(always)]
pub(crate) fn first_on<B: Bits>(ray: B, occupied: B, up: bool) -> (u32, usize) {
    let i = if up { occupied.low() } else { occupied.high() };
    let before = if up { B::below(i) } else { B::above(i) };
    (i, (ray & before).count() as usize)
}
