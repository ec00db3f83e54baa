//! A position as plain data, before it is built into a [`Position`]: what
//! position text parses into, what a rules file's `[setup]` compiles into
//! (the variant's start), and what is printed back as text.
//!
//! [`Position`]: super::Position

use super::rules::TurnState;
use super::types::{Color, Piece, Square};

/// An off-board store of pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Store {
    /// Captured pieces that may be dropped.
    Hand = 0,
    /// Pieces waiting to be placed in a placement phase.
    Reserve = 1,
    /// A small store a piece may enter from the board and leave again.
    Pocket = 2,
}

impl Store {
    /// The three stores.
    pub const ALL: [Store; 3] = [Store::Hand, Store::Reserve, Store::Pocket];
}

/// Most pieces of one kind a store may hold in position text; far more than
/// any real game produces, small enough that counts never overflow.
pub const MAX_STORE_COUNT: u16 = 1000;

/// The parts of a position, as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// One entry per square.
    pub(crate) board: Vec<Option<Piece>>,
    pub(crate) side: Color,
    /// Counts per store, indexed `color * kinds + kind`.
    pub(crate) stores: [Vec<u16>; 3],
    /// Hook state slots.
    pub(crate) state: Vec<u32>,
    /// One bit per castling rule of the variant.
    pub(crate) castling: u32,
    pub(crate) ep: Square,
    /// A second en-passant square (a triple step's other square passed),
    /// set only with `ep`.
    pub(crate) ep2: Square,
    /// The piece that passed the en-passant square, when known (a game's
    /// move, or a field that names the square reached): two pieces may have
    /// passed the same square diagonally (Berolina pawns from a2 and c2).
    pub(crate) ep_victim: Square,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// Checks each side has given (`[end] checks_to_win`).
    pub(crate) checks: [u16; 2],
    /// The running count of the counting rule (`[end.counting]`).
    pub(crate) count: Count,
    /// The king's and the rook's squares of each castling rule, where the
    /// rules let them start on any file (`any_file`); empty: the variant's
    /// own.
    pub(crate) castle_squares: Vec<(Square, Square)>,
    /// The turn's moves left and en-passant rights (`[turns]`); none: the
    /// side to move's whole turn, with only `ep`'s right.
    pub(crate) turn: Option<TurnState>,
}

/// A running count of the counting rule: the limit and the plies counted
/// (both in plies; no count runs while `limit` is 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Count {
    pub limit: u32,
    pub ply: u32,
}

impl Setup {
    /// An empty board with empty stores, first player to move.
    pub(crate) fn empty(squares: usize, kinds: usize, state_slots: usize) -> Setup {
        Setup {
            board: vec![None; squares],
            side: Color::First,
            stores: [vec![0; 2 * kinds], vec![0; 2 * kinds], vec![0; 2 * kinds]],
            state: vec![0; state_slots],
            castling: 0,
            ep: Square::NONE,
            ep2: Square::NONE,
            ep_victim: Square::NONE,
            halfmove: 0,
            fullmove: 1,
            checks: [0, 0],
            count: Count::default(),
            castle_squares: Vec::new(),
            turn: None,
        }
    }
}
