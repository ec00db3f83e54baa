//! Moves as compact values.
//!
//! A move's identity (what perft and move lists count) is its origin — or the
//! piece and the store it comes from — its final square, the ordered squares
//! where something is captured, and its promotion choice. Different paths that
//! agree on all of these are one move.

use std::fmt;

use super::types::{PieceKind, Square};

/// Most squares a single move can capture on (multi-leg moves and shots).
/// A rules file whose pieces could capture more in one move is rejected when
/// it is compiled. (The most a bundled piece needs is five: a run of five
/// capturing steps.)
pub const MAX_CAPTURES: usize = 5;

/// Bits of the capture count, at the bottom of a move's capture word.
const COUNT_BITS: u32 = 3;
const COUNT_MASK: u64 = (1 << COUNT_BITS) - 1;
/// Bits of a capture square: enough for the largest board (36 × 36 squares).
const CAP_BITS: u32 = 11;
const CAP_MASK: u64 = (1 << CAP_BITS) - 1;
/// Where the capture word's spare bits start: the count and the squares are
/// below, the promotion's low bits above.
const CAPS_END: u32 = COUNT_BITS + CAP_BITS * MAX_CAPTURES as u32;
/// The count and the capture squares.
const CAPS_FIELD: u64 = (1 << CAPS_END) - 1;
/// A move that places a wall (`[walls] after_move`) keeps the wall's square
/// plus one in its last capture slot (such variants capture on one square
/// fewer; 0 = no wall).
const WALL_SHIFT: u32 = COUNT_BITS + CAP_BITS * (MAX_CAPTURES as u32 - 1);
const WALL_FIELD: u64 = CAP_MASK << WALL_SHIFT;
/// Bits of the dropped (placed, spawned, gated) kind at the bottom of
/// `Move::faces`; the promotion's high bits are above it.
const PIECE_BITS: u32 = 10;
const PIECE_MASK: u16 = (1 << PIECE_BITS) - 1;
/// The promotion's kind: its low bits in the capture word's spare bits, its
/// high bits in the spare bits of `faces`; all ones means none.
const PROMO_LOW_BITS: u32 = 64 - CAPS_END;
const PROMO_BITS: u32 = PROMO_LOW_BITS + 16 - PIECE_BITS;
const PROMO_NONE: u64 = (1 << PROMO_BITS) - 1;
/// The two halves of "no promotion".
const NO_PROMO_CAPS: u64 = PROMO_NONE << CAPS_END;
const NO_PROMO_FACES: u16 = ((PROMO_NONE >> PROMO_LOW_BITS) as u16) << PIECE_BITS;
const _: () = assert!(super::geometry::MAX_SQUARES as u64 <= CAP_MASK + 1);
const _: () = assert!(MAX_CAPTURES as u64 <= COUNT_MASK);
const _: () = assert!((super::geometry::MAX_SQUARES as u64) < CAP_MASK);
const _: () = assert!(CAPS_END <= 64);
// Every kind fits in the dropped kind's bits, and every kind and the "none"
// marker in the promotion's.
const _: () = assert!(super::types::MAX_KINDS <= 1 << PIECE_BITS);
const _: () = assert!(super::types::MAX_KINDS as u64 <= PROMO_NONE);

/// What sort of action a move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A piece moves (and may capture, promote, or capture on several squares).
    Board,
    /// A piece comes from the mover's hand.
    Drop,
    /// King and rook castle.
    Castle,
    /// A reserve piece is placed (placement phase).
    Place,
    /// A piece (the origin) puts a new piece from an unlimited supply on the target.
    Spawn,
    /// A piece comes from the mover's pocket, keeping its type.
    PocketDrop,
    /// A board piece moves into its owner's pocket.
    ToPocket,
    /// No action (a placement turn with an empty reserve).
    Pass,
}

/// `Move::aux` flag of a board move: it leaves an en-passant square behind.
pub(crate) const AUX_EP_CREATE: u8 = 1;
/// `Move::aux` flag: a piece from hand (`Move::piece`) enters the square the
/// moving piece left (gating); for castling, the king's square.
pub(crate) const AUX_GATE: u8 = 1 << 6;
/// With `AUX_GATE` on a castling move: the gated piece enters the rook's
/// square instead.
pub(crate) const AUX_GATE_ROOK: u8 = 1 << 5;
/// `Move::aux` flag of a board move: it also captures every piece standing
/// between its origin and its destination on the straight line joining them
/// (a range capture, `captures_jumped`). The squares are not stored in the
/// move: [`Position::line_captures`](super::Position::line_captures) finds
/// them on the board, and `make` keeps the pieces on the undo stack, so
/// there is no limit on their number.
pub(crate) const AUX_LINE_CAPTURE: u8 = 1 << 7;
/// `Move::aux` of a search's null move (a pass no rule sees).
pub(crate) const AUX_NULL: u8 = u8::MAX;
/// The castling rule index within `Move::aux` (a variant has at most 32
/// castling rules and gating squares together).
pub(crate) const AUX_CASTLE: u8 = 0x1f;

/// A move. Build moves by generating them ([`Position::legal_moves`](super::Position::legal_moves))
/// or by parsing text ([`Position::parse_move`](super::Position::parse_move)).
///
/// Sixteen bytes, so move lists are small and a move travels in registers:
/// the capture squares are packed into one word (a count, then eleven bits a
/// square); the dropped kind and the promotion share that word's spare bits
/// and one 16-bit field.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The capture count (low bits), then the capture squares in order, then
    /// the low bits of the kind promoted to.
    caps: u64,
    /// Origin; `Square::NONE` for drops, placements and passes.
    pub(crate) from: Square,
    /// Final square; `Square::NONE` for a pass.
    pub(crate) to: Square,
    pub(crate) kind: MoveKind,
    /// The dropped, placed, spawned or gated kind (low bits; see
    /// [`Move::piece`]), then the high bits of the kind promoted to.
    faces: u16,
    /// Castling rule index for castling; `AUX_EP_CREATE` for double steps;
    /// gating flags.
    pub(crate) aux: u8,
}

const _: () = assert!(std::mem::size_of::<Move>() == 16);

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Move")
            .field("kind", &self.kind)
            .field("from", &self.from)
            .field("to", &self.to)
            .field("piece", &self.piece())
            .field("promo", &self.promo())
            .field("aux", &self.aux)
            .field("captures", &&*self.captures())
            .field("wall", &self.wall())
            .finish()
    }
}

/// The squares where a move captures, in order (from [`Move::captures`]);
/// derefs to a slice.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Captures {
    squares: [Square; MAX_CAPTURES],
    len: u8,
}

impl std::ops::Deref for Captures {
    type Target = [Square];
    fn deref(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }
}

impl fmt::Debug for Captures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl IntoIterator for Captures {
    type Item = Square;
    type IntoIter = std::iter::Take<std::array::IntoIter<Square, MAX_CAPTURES>>;
    fn into_iter(self) -> Self::IntoIter {
        self.squares.into_iter().take(self.len as usize)
    }
}

impl Move {
    /// A board move without capture or promotion.
    #[inline(always)]
    pub(crate) fn board(from: Square, to: Square) -> Move {
        Move {
            caps: NO_PROMO_CAPS,
            from,
            to,
            kind: MoveKind::Board,
            faces: NO_PROMO_FACES,
            aux: 0,
        }
    }

    /// A board move without capture or promotion, with these `aux` flags.
    #[inline(always)]
    pub(crate) fn board_aux(from: Square, to: Square, aux: u8) -> Move {
        Move {
            aux,
            ..Move::board(from, to)
        }
    }

    /// A board move capturing on its destination.
    #[inline(always)]
    pub(crate) fn capture(from: Square, to: Square) -> Move {
        Move::board(from, to).with_capture(to)
    }

    /// A move that brings `piece` onto `to` (drop, placement, spawn, pocket).
    pub(crate) fn entering(kind: MoveKind, from: Square, to: Square, piece: PieceKind) -> Move {
        let mut m = Move {
            kind,
            ..Move::board(from, to)
        };
        m.set_piece(piece);
        m
    }

    /// A pass.
    pub(crate) fn pass() -> Move {
        Move::entering(MoveKind::Pass, Square::NONE, Square::NONE, PieceKind(0))
    }

    /// The same move, also capturing on `sq`.
    #[inline(always)]
    pub(crate) fn with_capture(mut self, sq: Square) -> Move {
        let n = self.ncap();
        debug_assert!(n < MAX_CAPTURES, "compile bounds captures per move");
        if n < MAX_CAPTURES {
            self.caps = (self.caps + 1) | (sq.0 as u64 & CAP_MASK) << (COUNT_BITS + CAP_BITS * n as u32);
        }
        self
    }

    /// How many squares the move captures on.
    #[inline(always)]
    pub(crate) fn ncap(&self) -> usize {
        (self.caps & COUNT_MASK) as usize
    }

    /// The `i`-th capture square (`i < ncap()`).
    #[inline(always)]
    pub(crate) fn cap(&self, i: usize) -> Square {
        Square(((self.caps >> (COUNT_BITS + CAP_BITS * i as u32)) & CAP_MASK) as u16)
    }

    /// Whether the move captures exactly once, on its destination.
    #[inline(always)]
    pub(crate) fn captures_on_target_only(&self) -> bool {
        self.caps & CAPS_FIELD & !WALL_FIELD == 1 | (self.to.0 as u64 & CAP_MASK) << COUNT_BITS
            && !self.is_line_capture()
    }

    /// The square of the wall the move places after it (`[walls]
    /// after_move`), if any.
    #[inline(always)]
    pub fn wall(&self) -> Option<Square> {
        match (self.caps & WALL_FIELD) >> WALL_SHIFT {
            0 => None,
            n => Some(Square(n as u16 - 1)),
        }
    }

    /// The same move, placing a wall on `sq` after it.
    #[inline(always)]
    pub(crate) fn with_wall(mut self, sq: Square) -> Move {
        self.caps = (self.caps & !WALL_FIELD) | ((sq.0 as u64 + 1) & CAP_MASK) << WALL_SHIFT;
        self
    }

    /// Whether the move also captures every piece between its origin and
    /// its destination (a range capture; see [`AUX_LINE_CAPTURE`]).
    #[inline(always)]
    pub fn is_line_capture(&self) -> bool {
        self.aux & AUX_LINE_CAPTURE != 0 && self.kind == MoveKind::Board
    }

    /// The kind promoted to, or `PieceKind::NONE`.
    #[inline(always)]
    pub(crate) fn promo(&self) -> PieceKind {
        let bits = self.caps >> CAPS_END | ((self.faces >> PIECE_BITS) as u64) << PROMO_LOW_BITS;
        if bits == PROMO_NONE {
            PieceKind::NONE
        } else {
            PieceKind(bits as u16)
        }
    }

    /// Sets the kind promoted to (`PieceKind::NONE`: none).
    #[inline(always)]
    pub(crate) fn set_promo(&mut self, kind: PieceKind) {
        let bits = if kind == PieceKind::NONE {
            PROMO_NONE
        } else {
            kind.0 as u64 & PROMO_NONE
        };
        self.caps = (self.caps & CAPS_FIELD) | bits << CAPS_END;
        self.faces = (self.faces & PIECE_MASK) | ((bits >> PROMO_LOW_BITS) as u16) << PIECE_BITS;
    }

    /// The dropped, placed, spawned or gated kind (kind 0 for other moves).
    #[inline(always)]
    pub(crate) fn piece(&self) -> PieceKind {
        PieceKind(self.faces & PIECE_MASK)
    }

    /// Sets the dropped, placed, spawned or gated kind.
    #[inline(always)]
    pub(crate) fn set_piece(&mut self, kind: PieceKind) {
        self.faces = (self.faces & !PIECE_MASK) | (kind.0 & PIECE_MASK);
    }

    /// What sort of move this is.
    pub fn kind(&self) -> MoveKind {
        self.kind
    }

    /// The origin square: the moving piece's square, or the spawner's; `None`
    /// for drops, placements and passes.
    pub fn from(&self) -> Option<Square> {
        self.from.some()
    }

    /// The final square (`None` for a pass).
    pub fn to(&self) -> Option<Square> {
        self.to.some()
    }

    /// The squares where the move captures, in order — those the move
    /// holds: a range capture's jumped pieces are not among them
    /// ([`Position::captured_squares`](super::Position::captured_squares)
    /// lists every square).
    pub fn captures(&self) -> Captures {
        let mut squares = [Square::NONE; MAX_CAPTURES];
        let n = self.ncap();
        for (i, s) in squares.iter_mut().enumerate().take(n) {
            *s = self.cap(i);
        }
        Captures {
            squares,
            len: n as u8,
        }
    }

    /// Whether the move captures anything.
    #[inline(always)]
    pub fn is_capture(&self) -> bool {
        self.caps & COUNT_MASK != 0 || self.is_line_capture()
    }

    /// The kind a gating move brings from hand onto the square left behind.
    pub fn gated_kind(&self) -> Option<PieceKind> {
        (self.aux & AUX_GATE != 0).then_some(self.piece())
    }

    /// The kind the moving piece promotes to, if it promotes.
    pub fn promotion(&self) -> Option<PieceKind> {
        self.promo().some()
    }

    /// The kind a drop, placement, spawn or pocket move brings onto the board
    /// (for a drop with its promoted face up, that face).
    pub fn entering_kind(&self) -> Option<PieceKind> {
        match self.kind {
            MoveKind::Drop | MoveKind::Place | MoveKind::Spawn | MoveKind::PocketDrop => {
                Some(self.promo().some().unwrap_or(self.piece()))
            }
            _ => None,
        }
    }

    /// Whether the move brings a piece from a hand or pocket onto the board.
    pub(crate) fn is_drop(&self) -> bool {
        matches!(self.kind, MoveKind::Drop | MoveKind::PocketDrop)
    }
}
