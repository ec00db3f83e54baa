//! The small values everything else is made of: sides, squares, piece kinds,
//! pieces and sets of kinds. Each is a thin wrapper over an integer, so they
//! cost nothing at run time but cannot be mixed up.

use std::fmt;
use std::num::NonZeroU16;

/// One of the two players. The first player moves first from the start
/// position (White in chess, Black/sente in shogi).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    /// The player who moves first.
    First = 0,
    /// The player who moves second.
    Second = 1,
}

impl Color {
    /// Both sides, first player first.
    pub const BOTH: [Color; 2] = [Color::First, Color::Second];

    /// 0 for the first player, 1 for the second: an index into per-side arrays.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side with this index (0 or 1; any other value is the second side).
    #[inline(always)]
    pub fn from_index(i: usize) -> Color {
        if i == 0 { Color::First } else { Color::Second }
    }

    /// The opponent.
    #[inline(always)]
    pub fn other(self) -> Color {
        match self {
            Color::First => Color::Second,
            Color::Second => Color::First,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.other()
    }
}

/// A square of the board: `rank * files + file`, rank 0 being the first
/// player's back rank and file 0 the left edge as the first player sees it.
/// Square names (`e4`, `j10`) and USI coordinates come from the variant's
/// board ([`Variant::square_name`](super::Variant::square_name)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(crate) u16);

impl Square {
    /// Not a square: the origin of a drop, the en-passant square when there is none.
    pub(crate) const NONE: Square = Square(u16::MAX);

    /// The square with this index (`rank * files + file`).
    #[inline(always)]
    pub fn from_index(i: usize) -> Square {
        Square(i as u16)
    }

    /// The index of the square (`rank * files + file`).
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is a real square (not the internal "none" marker).
    #[inline(always)]
    pub(crate) fn is_some(self) -> bool {
        self.0 != u16::MAX
    }

    /// `Some(self)` for a real square.
    #[inline(always)]
    pub(crate) fn some(self) -> Option<Square> {
        self.is_some().then_some(self)
    }
}

/// A kind of piece of a variant (pawn, king, promoted rook, …): an index into
/// the variant's piece table, in the order of the rules file's `[[piece]]`
/// tables. [`Variant::piece`](super::Variant::piece) gives its name, symbol and rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceKind(pub(crate) u8);

impl PieceKind {
    /// Not a kind (no promotion, no demotion).
    pub(crate) const NONE: PieceKind = PieceKind(u8::MAX);

    /// The kind with this index in the variant's piece table.
    #[inline(always)]
    pub fn from_index(i: usize) -> PieceKind {
        PieceKind(i as u8)
    }

    /// The index of the kind in the variant's piece table.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    #[inline(always)]
    pub(crate) fn some(self) -> Option<PieceKind> {
        (self.0 != u8::MAX).then_some(self)
    }
}

/// A piece: a kind and the side that owns it. Stored in two bytes, so an
/// `Option<Piece>` (an empty or occupied square) is two bytes too.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(NonZeroU16);

impl Piece {
    /// The piece of this kind owned by `color`.
    #[inline(always)]
    pub fn new(kind: PieceKind, color: Color) -> Piece {
        // 1 + kind * 2 + color is never zero; kinds are below 128.
        Piece(NonZeroU16::new(1 + kind.0 as u16 * 2 + color as u16).unwrap_or(NonZeroU16::MIN))
    }

    /// The piece's kind.
    #[inline(always)]
    pub fn kind(self) -> PieceKind {
        PieceKind(((self.0.get() - 1) >> 1) as u8)
    }

    /// The side that owns the piece.
    #[inline(always)]
    pub fn color(self) -> Color {
        if (self.0.get() - 1) & 1 == 0 {
            Color::First
        } else {
            Color::Second
        }
    }

    /// A dense code (1 ..= 2 × kinds) for tables indexed by piece.
    #[inline(always)]
    pub(crate) fn code(self) -> usize {
        self.0.get() as usize
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Piece({:?}, {:?})", self.kind(), self.color())
    }
}

/// Most piece kinds a variant may define (kind sets are 128-bit masks).
pub const MAX_KINDS: usize = 128;

/// A set of piece kinds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KindSet(pub(crate) u128);

impl KindSet {
    /// The empty set.
    pub const EMPTY: KindSet = KindSet(0);
    /// Every kind.
    pub const ALL: KindSet = KindSet(u128::MAX);

    /// The set holding one kind.
    #[inline(always)]
    pub fn one(kind: PieceKind) -> KindSet {
        KindSet(1u128 << kind.0)
    }

    /// Whether the set holds `kind`.
    #[inline(always)]
    pub fn contains(self, kind: PieceKind) -> bool {
        self.0 & (1u128 << kind.0) != 0
    }

    /// Adds a kind.
    #[inline(always)]
    pub fn insert(&mut self, kind: PieceKind) {
        self.0 |= 1u128 << kind.0;
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the two sets share a kind.
    #[inline(always)]
    pub fn intersects(self, other: KindSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The kinds in the set, in table order.
    pub fn iter(self) -> impl Iterator<Item = PieceKind> {
        (0..MAX_KINDS as u8)
            .filter(move |k| self.0 & (1u128 << k) != 0)
            .map(PieceKind)
    }
}

impl std::ops::BitOr for KindSet {
    type Output = KindSet;
    #[inline(always)]
    fn bitor(self, rhs: KindSet) -> KindSet {
        KindSet(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for KindSet {
    #[inline(always)]
    fn bitor_assign(&mut self, rhs: KindSet) {
        self.0 |= rhs.0;
    }
}

impl FromIterator<PieceKind> for KindSet {
    fn from_iter<I: IntoIterator<Item = PieceKind>>(iter: I) -> KindSet {
        let mut s = KindSet::EMPTY;
        for k in iter {
            s.insert(k);
        }
        s
    }
}
