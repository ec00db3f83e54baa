//! Moves as compact values.
//!
//! A move's identity (what perft and move lists count) is its origin — or the
//! piece and the store it comes from — its final square, the ordered squares
//! where something is captured, and its promotion choice. Different paths that
//! agree on all of these are one move.

use super::types::{PieceKind, Square};

/// Most squares a single move can capture on (multi-leg moves and shots).
/// A rules file whose pieces could capture more in one move is rejected when
/// it is compiled.
pub const MAX_CAPTURES: usize = 8;

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
pub(crate) const AUX_EP_CREATE: u16 = 1;
/// `Move::aux` flag: a piece from hand (`Move::piece`) enters the square the
/// moving piece left (gating); for castling, the king's square.
pub(crate) const AUX_GATE: u16 = 1 << 14;
/// With `AUX_GATE` on a castling move: the gated piece enters the rook's
/// square instead.
pub(crate) const AUX_GATE_ROOK: u16 = 1 << 13;
/// `Move::aux` of a search's null move (a pass no rule sees).
pub(crate) const AUX_NULL: u16 = u16::MAX;
/// The castling rule index within `Move::aux`.
pub(crate) const AUX_CASTLE: u16 = 0xff;

/// A move. Build moves by generating them ([`Position::legal_moves`](super::Position::legal_moves))
/// or by parsing text ([`Position::parse_move`](super::Position::parse_move)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) kind: MoveKind,
    /// Origin; `Square::NONE` for drops, placements and passes.
    pub(crate) from: Square,
    /// Final square; `Square::NONE` for a pass.
    pub(crate) to: Square,
    /// The dropped, placed or spawned kind (unused for board moves).
    pub(crate) piece: PieceKind,
    /// The kind promoted to, or `PieceKind::NONE`.
    pub(crate) promo: PieceKind,
    /// Castling rule index for castling; `AUX_EP_CREATE` for double steps.
    pub(crate) aux: u16,
    pub(crate) ncap: u8,
    pub(crate) caps: [Square; MAX_CAPTURES],
}

impl Move {
    /// A board move without capture or promotion.
    #[inline(always)]
    pub(crate) fn board(from: Square, to: Square) -> Move {
        Move {
            kind: MoveKind::Board,
            from,
            to,
            piece: PieceKind(0),
            promo: PieceKind::NONE,
            aux: 0,
            ncap: 0,
            caps: [Square::NONE; MAX_CAPTURES],
        }
    }

    /// A move that brings `piece` onto `to` (drop, placement, spawn, pocket).
    pub(crate) fn entering(kind: MoveKind, from: Square, to: Square, piece: PieceKind) -> Move {
        Move {
            kind,
            from,
            to,
            piece,
            ..Move::board(from, to)
        }
    }

    /// The same move, also capturing on `sq`.
    #[inline(always)]
    pub(crate) fn with_capture(mut self, sq: Square) -> Move {
        debug_assert!(
            (self.ncap as usize) < MAX_CAPTURES,
            "compile bounds captures per move"
        );
        if (self.ncap as usize) < MAX_CAPTURES {
            self.caps[self.ncap as usize] = sq;
            self.ncap += 1;
        }
        self
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

    /// The squares where the move captures, in order.
    pub fn captures(&self) -> &[Square] {
        &self.caps[..self.ncap as usize]
    }

    /// Whether the move captures anything.
    pub fn is_capture(&self) -> bool {
        self.ncap > 0
    }

    /// The kind a gating move brings from hand onto the square left behind.
    pub fn gated_kind(&self) -> Option<PieceKind> {
        (self.aux & AUX_GATE != 0).then_some(self.piece)
    }

    /// The kind the moving piece promotes to, if it promotes.
    pub fn promotion(&self) -> Option<PieceKind> {
        self.promo.some()
    }

    /// The kind a drop, placement, spawn or pocket move brings onto the board
    /// (for a drop with its promoted face up, that face).
    pub fn entering_kind(&self) -> Option<PieceKind> {
        match self.kind {
            MoveKind::Drop | MoveKind::Place | MoveKind::Spawn | MoveKind::PocketDrop => {
                Some(self.promo.some().unwrap_or(self.piece))
            }
            _ => None,
        }
    }

    /// Whether the move brings a piece from a hand or pocket onto the board.
    pub(crate) fn is_drop(&self) -> bool {
        matches!(self.kind, MoveKind::Drop | MoveKind::PocketDrop)
    }
}
