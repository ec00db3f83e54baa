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
pub struct PieceKind(pub(crate) u16);

impl PieceKind {
    /// Not a kind (no promotion, no demotion).
    pub(crate) const NONE: PieceKind = PieceKind(u16::MAX);

    /// The kind with this index in the variant's piece table.
    #[inline(always)]
    pub fn from_index(i: usize) -> PieceKind {
        PieceKind(i as u16)
    }

    /// The index of the kind in the variant's piece table.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    #[inline(always)]
    pub(crate) fn some(self) -> Option<PieceKind> {
        (self.0 != u16::MAX).then_some(self)
    }
}

/// A piece: a kind and the side that owns it. Stored in two bytes, so an
/// `Option<Piece>` (an empty or occupied square) is two bytes too.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(NonZeroU16);

impl Piece {
    /// A piece no board holds: its kind is past the last a variant may have.
    pub(crate) const NONE: Piece = match NonZeroU16::new(1 + 2 * MAX_KINDS as u16) {
        Some(n) => Piece(n),
        None => Piece(NonZeroU16::MIN),
    };

    /// The piece of this kind owned by `color`.
    #[inline(always)]
    pub fn new(kind: PieceKind, color: Color) -> Piece {
        // 1 + kind * 2 + color is never zero; kinds are below MAX_KINDS.
        Piece(NonZeroU16::new(1 + kind.0 * 2 + color as u16).unwrap_or(NonZeroU16::MIN))
    }

    /// The piece's kind.
    #[inline(always)]
    pub fn kind(self) -> PieceKind {
        PieceKind((self.0.get() - 1) >> 1)
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

/// Most piece kinds a variant may define (every face of a promoting piece
/// is a kind of its own).
pub const MAX_KINDS: usize = 1024;

/// 64-bit words of a [`KindSet`].
const KIND_WORDS: usize = MAX_KINDS / 64;

/// A set of piece kinds: a bit per kind, with the number of words in use
/// kept beside them, so that the common questions — is it empty, does it
/// hold this kind — cost the same for a variant of 10 kinds as they did when
/// sets were one 128-bit word, and a variant of 1,000 kinds pays only where
/// its sets are large.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KindSet {
    /// Words in use: every word from `top` on is zero (so equal sets are
    /// equal values).
    top: u8,
    words: [u64; KIND_WORDS],
}

impl Default for KindSet {
    fn default() -> KindSet {
        KindSet::EMPTY
    }
}

impl KindSet {
    /// The empty set.
    pub const EMPTY: KindSet = KindSet {
        top: 0,
        words: [0; KIND_WORDS],
    };
    /// Every kind.
    pub const ALL: KindSet = KindSet {
        top: KIND_WORDS as u8,
        words: [u64::MAX; KIND_WORDS],
    };

    /// The set holding one kind.
    #[inline(always)]
    pub fn one(kind: PieceKind) -> KindSet {
        let mut s = KindSet::EMPTY;
        s.insert(kind);
        s
    }

    /// Whether the set holds `kind`.
    #[inline(always)]
    pub fn contains(&self, kind: PieceKind) -> bool {
        // Words from `top` on are zero, so no test of `top` is needed; the
        // index wraps rather than fails for a kind past MAX_KINDS.
        self.words[(kind.0 as usize >> 6) % KIND_WORDS] & (1u64 << (kind.0 & 63)) != 0
    }

    /// Adds a kind (a kind beyond [`MAX_KINDS`] is not stored).
    #[inline(always)]
    pub fn insert(&mut self, kind: PieceKind) {
        let w = kind.0 as usize >> 6;
        if w < KIND_WORDS {
            self.words[w] |= 1u64 << (kind.0 & 63);
            self.top = self.top.max(w as u8 + 1);
        }
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.top == 0
    }

    /// Whether the two sets share a kind.
    #[inline(always)]
    pub fn intersects(&self, other: &KindSet) -> bool {
        let n = self.top.min(other.top) as usize;
        self.words[..n]
            .iter()
            .zip(&other.words[..n])
            .any(|(a, b)| a & b != 0)
    }

    /// The kinds in the set, in table order.
    pub fn iter(self) -> impl Iterator<Item = PieceKind> {
        (0..self.top as u16 * 64)
            .map(PieceKind)
            .filter(move |&k| self.contains(k))
    }
}

impl std::ops::BitOr for KindSet {
    type Output = KindSet;
    #[inline(always)]
    fn bitor(mut self, rhs: KindSet) -> KindSet {
        self |= rhs;
        self
    }
}

impl std::ops::BitOrAssign for KindSet {
    #[inline(always)]
    fn bitor_assign(&mut self, rhs: KindSet) {
        let n = rhs.top as usize;
        for (a, b) in self.words[..n].iter_mut().zip(&rhs.words[..n]) {
            *a |= b;
        }
        self.top = self.top.max(rhs.top);
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
