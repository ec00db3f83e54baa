//! The lookup tables the compiler builds once per variant and the engine
//! reads at every move: every piece's single-leg rays from every square
//! ([`RayTable`]), their bitboard masks on boards of up to 128 squares
//! ([`BbTable`]), and what attack tests read beyond the pieces' moves —
//! reverse attack lines ([`AttackLine`]), screens and point attacks
//! ([`Attacks`]). Data only: `compile/` builds them (`ray_table.rs`,
//! `bb_table.rs`, `attack.rs`), generation and attack tests read them.

use super::bitboard::Bb;
use super::geometry::VectorId;
use super::types::{Color, KindSet, Piece, Square};

/// [`SquareRay::flags`]: the leg may end on an empty square.
pub(crate) const RAY_MOVES: u8 = 1;
/// [`SquareRay::flags`]: the leg may capture the first enemy piece.
pub(crate) const RAY_CAPTURES: u8 = 2;
/// [`SquareRay::flags`]: only empty squares, the first piece and the
/// squares a lame leap passes decide the leg's stops — no minimum distance,
/// hop, filter or zone — so generation walks it in a tight loop (unless
/// it may promote on the way, [`RAY_PROMOTES`]).
pub(crate) const RAY_SIMPLE: u8 = 4;
/// [`SquareRay::flags`]: a move along the ray may promote.
pub(crate) const RAY_PROMOTES: u8 = 16;
/// [`SquareRay::flags`]: the leg may also capture en passant (simple only
/// while there is no en-passant square).
pub(crate) const RAY_EN_PASSANT: u8 = 8;

/// One ray of a single-leg piece from one square, ready to walk: its squares
/// (capped at the leg's range) and what decides its stops. Conditions on
/// the start square (initial-only and zone legs, double steps leaving an
/// en-passant square) are settled when the table is built.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SquareRay {
    /// The squares, as a span of the geometry's pool ([`Geometry::span`](super::geometry::Geometry::span)).
    pub(crate) start: u32,
    /// Squares a lame leap passes, which must be empty (a span too; length 0
    /// when there are none).
    pub(crate) passes: u32,
    pub(crate) len: u16,
    pub(crate) passes_len: u8,
    pub(crate) flags: u8,
    /// The ray's index among the piece's rays for its side (its rule).
    pub(crate) ray: u16,
    /// `Move::aux` of its moves to empty squares (a double step's
    /// en-passant flag).
    pub(crate) aux: u8,
}

/// For every piece (kind and side) and square, the rays of its single-leg
/// moves that can start there, in the order of the piece's rays. Built once
/// per variant; move generation reads one slice per piece.
///
/// On a large board with many kinds the table would be large (kinds ×
/// squares × rays: hundreds of megabytes on 36 × 36 with 400 kinds of
/// riders); above [`RAY_TABLE_BUDGET`] it is not built, and each ray is
/// worked out when a piece's moves are generated ([`RayTable::get`] gives
/// `None`).
#[derive(Clone, Debug, Default)]
pub(crate) struct RayTable {
    /// Where each (piece code, square)'s rays start in `rays`; one more
    /// entry than pairs.
    pub(crate) offsets: Vec<u32>,
    pub(crate) rays: Vec<SquareRay>,
    pub(crate) nsq: usize,
    /// The table is too large to keep: rays are worked out as needed.
    pub(crate) lazy: bool,
}

/// The most bytes a [`RayTable`] may take.
pub(crate) const RAY_TABLE_BUDGET: usize = 64 << 20;

impl RayTable {
    /// The rays of piece `p` from `sq`, or `None` when the table is not
    /// kept (then [`RayTable::square_ray`] works each out).
    #[inline(always)]
    pub(crate) fn get(&self, p: Piece, sq: Square) -> Option<&[SquareRay]> {
        (!self.lazy).then(|| self.from(p, sq))
    }

    /// The rays of piece `p` from `sq`.
    #[inline(always)]
    pub(crate) fn from(&self, p: Piece, sq: Square) -> &[SquareRay] {
        let i = p.code() * self.nsq + sq.index();
        &self.rays[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }
}

/// A ray of a piece from a square that is neither a plain leap nor a plain
/// slide: a lame leap (squares on its way must be empty), a leg that only
/// moves or only captures, or one whose moves carry a flag (a double step).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Special {
    pub(crate) ray: Bb,
    pub(crate) passes: Bb,
    pub(crate) up: bool,
    pub(crate) flags: u8,
    pub(crate) aux: u8,
}

/// The simple moves of one piece from one square.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry {
    /// Squares plain leaps may move to, and capture on.
    pub(crate) leap_moves: Bb,
    pub(crate) leap_captures: Bb,
    /// Squares where a leap may capture en passant.
    pub(crate) en_passant: Bb,
    /// Squares where a move may promote (every square when a move from
    /// here may): such moves go through the promotion rules.
    pub(crate) promotes: Bb,
    /// Plain slides (move and capture, no condition): `slides[first..]`,
    /// `ups` going up the indices, then `downs` going down.
    pub(crate) first: u32,
    pub(crate) ups: u8,
    pub(crate) downs: u8,
    /// Other rays: `specials[special..special + nspecial]`.
    pub(crate) nspecial: u8,
    pub(crate) special: u32,
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
pub(crate) struct LineAt {
    /// The line's squares from the square outwards, as far as it attacks.
    pub(crate) ray: Bb,
    /// The kinds attacking at each distance: `kinds[masks..]`.
    pub(crate) masks: u32,
    pub(crate) up: bool,
}

/// Masks of the simple moves of every piece (kind and side) from every
/// square, and of the reverse attack lines, for a board with bitboards.
#[derive(Clone, Debug, Default)]
pub(crate) struct BbTable {
    /// Indexed by `piece code * squares + square`.
    pub(crate) entries: Vec<Entry>,
    pub(crate) slides: Vec<Bb>,
    pub(crate) specials: Vec<Special>,
    /// Per (side, square): its lines' range in `lines`; one more than pairs.
    pub(crate) line_offsets: Vec<u32>,
    pub(crate) lines: Vec<LineAt>,
    /// Each side's attack lines' kinds per distance, one after the other.
    pub(crate) kinds: Vec<KindSet>,
    pub(crate) nsq: usize,
    /// The board fits in 64 bits.
    pub(crate) narrow: bool,
}

impl BbTable {
    /// The entry of piece `p` on `sq`.
    #[inline(always)]
    pub(crate) fn entry(&self, p: Piece, sq: Square) -> &Entry {
        &self.entries[p.code() * self.nsq + sq.index()]
    }

    #[inline(always)]
    pub(crate) fn lines_at(&self, side: Color, sq: Square) -> &[LineAt] {
        let i = side.index() * self.nsq + sq.index();
        &self.lines[self.line_offsets[i] as usize..self.line_offsets[i + 1] as usize]
    }
}

/// Reverse attack lines: from a target square along `vector`, a piece of the
/// attacking side at distance `d` (1-based) attacks it when the squares before
/// are empty and its kind is in `masks[d - 1]`.
#[derive(Debug, Clone)]
pub(crate) struct AttackLine {
    pub(crate) vector: VectorId,
    pub(crate) masks: Vec<KindSet>,
}

/// A single leap that attacks under conditions, seen from its target: the
/// square the attacker stands on, the kinds that attack from there, and the
/// squares the leap passes (up to two spans of the geometry's pool).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PointAttack {
    pub(crate) from: Square,
    pub(crate) kinds: KindSet,
    pub(crate) spans: [(u32, u16); 2],
    /// The passed squares must all be empty (a lame leap, or none to pass);
    /// otherwise at least one must be occupied (a jumping leap).
    pub(crate) lame: bool,
    /// A one-screen hop over the one square passed: the piece there must
    /// be one the attacker may hop (its `cannot_hop`).
    pub(crate) screen: bool,
}

/// What attack tests need beyond the reverse attack lines, per attacking
/// side (built by the compiler's attack stage).
#[derive(Clone, Debug, Default)]
pub(crate) struct Attacks {
    /// One-screen hops: from the target outwards, past exactly one piece,
    /// the next piece attacks if its kind is in the mask of its distance.
    pub(crate) screens: [Vec<AttackLine>; 2],
    /// Point attacks per target square: `points[offsets[sq]..offsets[sq + 1]]`.
    pub(crate) point_offsets: [Vec<u32>; 2],
    pub(crate) points: [Vec<PointAttack>; 2],
    /// Per target square: the kinds whose region leaves it out (empty when
    /// no kind has a region).
    pub(crate) region_out: [Vec<KindSet>; 2],
    /// Per kind standing on the target: the kinds that cannot take it
    /// (empty when no kind has such a filter).
    pub(crate) cannot_take: [Vec<KindSet>; 2],
    /// As `cannot_take`, but without the royal kinds that petrify on
    /// capture (whose filters bar every target): where they could take but
    /// for their rule ([`Position::menaced`]). Empty when no kind petrifies.
    pub(crate) reach_take: [Vec<KindSet>; 2],
    /// Per attacking kind: the kinds it may not hop over (empty when no
    /// kind has such a filter).
    pub(crate) cannot_hop: [Vec<KindSet>; 2],
    /// Kinds that attack by screens or points: where the other side has
    /// one, legality is judged by making moves.
    pub(crate) complex: [KindSet; 2],
    /// Per slow attacking kind: where it could capture relative to its own
    /// square, a bitmap over the board's displacements (see
    /// `compile::attack::slow_reach`); empty when it could be anywhere.
    pub(crate) slow_reach: [Vec<Vec<u64>>; 2],
    /// Kinds that may capture only unprotected pieces
    /// (`captures_unprotected_only`): in none of the tables above; they
    /// attack a square only where their capture there would be legal
    /// ([`Position::attacked`]), and reach it ([`Position::reaches`]) where
    /// they could move there.
    pub(crate) unprotected: [KindSet; 2],
}

impl Attacks {
    #[inline(always)]
    pub(crate) fn points_at(&self, by: Color, sq: Square) -> &[PointAttack] {
        let offsets = &self.point_offsets[by.index()];
        match (offsets.get(sq.index()), offsets.get(sq.index() + 1)) {
            (Some(&a), Some(&b)) => &self.points[by.index()][a as usize..b as usize],
            _ => &[],
        }
    }
}
