//! Bitboards for boards of up to 128 squares: one bit per square, square
//! `i` at bit `i`. They speed up what the mailbox does square by square —
//! walking rays, looking for the first piece on an attack line — without
//! knowing any piece: a ray along a vector visits squares whose indices all
//! grow (the vector's index step is positive) or all shrink, so the first
//! piece on it is the lowest or the highest occupied square of the ray.
//!
//! [`BbTable`] holds, for every piece and square, the moves of its simple
//! rays (those [`legs`](super::legs) marks simple: no hop, minimum, filter,
//! zone or promotion) as masks; a piece with any other ray from a square
//! keeps the mailbox generator there. It also holds each reverse attack line
//! as a mask per square. Tables are kept as `u128`; boards of up to 64
//! squares work on `u64` ([`Bits`]), which halves the work of every step.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use super::legs::{RAY_CAPTURES, RAY_EN_PASSANT, RAY_MOVES, RAY_SIMPLE, RayTable};
use super::moves::Move;
use super::position::Position;
use super::types::{Color, KindSet, Piece, PieceKind, Square};

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
fn set_of(squares: &[Square]) -> Bb {
    squares.iter().fold(0, |b, &s| b | bit(s))
}

/// Adds a move from `from` to each square of `to`.
#[inline(always)]
fn push_each<B: Bits>(out: &mut Vec<Move>, from: Square, mut to: B, make: fn(Square, Square) -> Move) {
    while to != B::ZERO {
        out.push(make(from, Square(to.pop() as u16)));
    }
}

/// A ray of a piece from a square that is neither a plain leap nor a plain
/// slide: a lame leap (squares on its way must be empty), a leg that only
/// moves or only captures, or one whose moves carry a flag (a double step).
#[derive(Clone, Copy, Debug)]
struct Special {
    ray: Bb,
    passes: Bb,
    up: bool,
    flags: u8,
    aux: u8,
}

/// The simple moves of one piece from one square.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry {
    /// Squares plain leaps may move to, and capture on.
    leap_moves: Bb,
    leap_captures: Bb,
    /// Squares where a leap may capture en passant.
    en_passant: Bb,
    /// Squares where a move may promote (every square when a move from
    /// here may): such moves go through the promotion rules.
    promotes: Bb,
    /// Plain slides (move and capture, no condition): `slides[first..]`,
    /// `ups` going up the indices, then `downs` going down.
    first: u32,
    ups: u8,
    downs: u8,
    /// Other rays: `specials[special..special + nspecial]`.
    nspecial: u8,
    special: u32,
    /// Every ray from the square is simple: the masks are its moves.
    pub(crate) simple: bool,
}

impl Entry {
    /// Squares where the piece's leaps may capture en passant.
    #[inline(always)]
    pub(crate) fn en_passant_squares(&self) -> Bb {
        self.en_passant
    }
}

/// A reverse attack line from one square.
#[derive(Clone, Copy, Debug)]
struct LineAt {
    /// The line's squares from the square outwards, as far as it attacks.
    ray: Bb,
    /// The kinds attacking at each distance: `kinds[masks..]`.
    masks: u32,
    up: bool,
}

/// Masks of the simple moves of every piece (kind and side) from every
/// square, and of the reverse attack lines, for a board with bitboards.
#[derive(Clone, Debug, Default)]
pub(crate) struct BbTable {
    /// Indexed by `piece code * squares + square`.
    entries: Vec<Entry>,
    slides: Vec<Bb>,
    specials: Vec<Special>,
    /// Per (side, square): its lines' range in `lines`; one more than pairs.
    line_offsets: Vec<u32>,
    lines: Vec<LineAt>,
    /// Each side's attack lines' kinds per distance, one after the other.
    kinds: Vec<KindSet>,
    nsq: usize,
    /// The board fits in 64 bits.
    pub(crate) narrow: bool,
}

impl BbTable {
    /// The table of a compiled variant, from its ray table and attack lines
    /// (the board must have at most [`MAX_BB_SQUARES`] squares).
    pub(crate) fn build(v: &super::variant::Variant, rays: &RayTable) -> BbTable {
        let g = &v.geometry;
        let nsq = g.nsq;
        debug_assert!(nsq <= MAX_BB_SQUARES);
        let codes = 2 * v.nkinds() + 1;
        let mut t = BbTable {
            entries: Vec::with_capacity(codes * nsq),
            nsq,
            narrow: nsq <= 64,
            ..BbTable::default()
        };
        for code in 0..codes {
            let piece = code
                .checked_sub(1)
                .map(|c| Piece::new(PieceKind::from_index(c / 2), Color::from_index(c % 2)));
            for sq in g.all_squares() {
                let e = match piece {
                    Some(p) => t.build_entry(v, rays, p, sq),
                    None => Entry::default(),
                };
                t.entries.push(e);
            }
        }
        // Attack lines: each line's kinds per distance, then per side and
        // square the lines that reach beyond it.
        let mut first_mask = [Vec::new(), Vec::new()];
        for c in 0..2 {
            for line in &v.attack_lines[c] {
                first_mask[c].push(t.kinds.len() as u32);
                t.kinds.extend_from_slice(&line.masks);
            }
        }
        for c in 0..2 {
            for sq in g.all_squares() {
                t.line_offsets.push(t.lines.len() as u32);
                for (li, line) in v.attack_lines[c].iter().enumerate() {
                    let ray = g.ray(line.vector, sq);
                    let ray = &ray[..ray.len().min(line.masks.len())];
                    if ray.is_empty() {
                        continue;
                    }
                    t.lines.push(LineAt {
                        ray: set_of(ray),
                        masks: first_mask[c][li],
                        up: ray[0] > sq,
                    });
                }
            }
        }
        t.line_offsets.push(t.lines.len() as u32);
        t
    }

    fn build_entry(&mut self, v: &super::variant::Variant, rays: &RayTable, p: Piece, sq: Square) -> Entry {
        let g = &v.geometry;
        let def = v.def(p.kind());
        let region = match &def.region {
            Some(r) => g
                .all_squares()
                .filter(|s| r[p.color().index()][s.index()])
                .fold(0, |b, s| b | bit(s)),
            None => !0,
        };
        let promo = &def.promo_at[p.color().index()];
        let mut e = Entry {
            first: self.slides.len() as u32,
            special: self.specials.len() as u32,
            simple: def.legs.is_none() && def.spawn.is_none(),
            promotes: if promo[sq.index()] & super::variant::PROMO_FROM != 0 {
                !0
            } else {
                g.all_squares()
                    .filter(|s| promo[s.index()] & super::variant::PROMO_TO != 0)
                    .fold(0, |b, s| b | bit(s))
            },
            ..Entry::default()
        };
        let (mut ups, mut downs) = (Vec::new(), Vec::new());
        for r in rays.rays_at(v, p, sq).iter() {
            let span = g.span(r.start, r.len);
            // En passant is taken by single capturing steps only.
            let ep = r.flags & RAY_EN_PASSANT != 0;
            if r.flags & RAY_SIMPLE == 0 || (ep && (r.len != 1 || r.flags & RAY_MOVES != 0)) {
                e.simple = false;
                continue;
            }
            // A ray that crosses a square outside the piece's region is
            // still blocked there: the slow path sees such pieces.
            if r.len > 1 && set_of(span) & !region != 0 {
                e.simple = false;
                continue;
            }
            let ray = set_of(span) & region;
            let passes = set_of(g.span(r.passes, r.passes_len as u16));
            let up = span[0] > sq;
            let both = r.flags & (RAY_MOVES | RAY_CAPTURES) == RAY_MOVES | RAY_CAPTURES;
            if passes != 0 || r.aux != 0 || (r.len > 1 && !both) {
                self.specials.push(Special {
                    ray,
                    passes,
                    up,
                    flags: r.flags,
                    aux: r.aux,
                });
            } else if r.len == 1 {
                if r.flags & RAY_MOVES != 0 {
                    e.leap_moves |= ray;
                }
                if r.flags & RAY_CAPTURES != 0 {
                    e.leap_captures |= ray;
                }
                if ep {
                    e.en_passant |= ray;
                }
            } else if up {
                ups.push(ray);
            } else {
                downs.push(ray);
            }
        }
        e.ups = ups.len() as u8;
        e.downs = downs.len() as u8;
        self.slides.extend(ups);
        self.slides.extend(downs);
        e.nspecial = (self.specials.len() as u32 - e.special) as u8;
        e
    }

    /// The entry of piece `p` on `sq`.
    #[inline(always)]
    pub(crate) fn entry(&self, p: Piece, sq: Square) -> &Entry {
        &self.entries[p.code() * self.nsq + sq.index()]
    }

    #[inline(always)]
    fn lines_at(&self, side: Color, sq: Square) -> &[LineAt] {
        let i = side.index() * self.nsq + sq.index();
        &self.lines[self.line_offsets[i] as usize..self.line_offsets[i + 1] as usize]
    }
}

/// The squares of `ray` before its first piece (`occupied` limited to the
/// ray), going up or down, and the set holding that piece (empty when the
/// ray is clear).
#[inline(always)]
fn before_first<B: Bits>(ray: B, occupied: B, up: bool) -> (B, B) {
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
fn first_on<B: Bits>(ray: B, occupied: B, up: bool) -> (u32, usize) {
    let i = if up { occupied.low() } else { occupied.high() };
    let before = if up { B::below(i) } else { B::above(i) };
    (i, (ray & before).count() as usize)
}

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
