//! Positions and moves as text, in every dialect chimera reads and writes:
//! its own FEN and SFEN (with hands, reserves, pockets and hook state),
//! Fairy-Stockfish's FEN, canonical move text, UCI, USI, XBoard's
//! coordinates, SAN and Hodges notation, and the seed documents' notation.
//!
//! This layer sits above the engine: it reads a position's parts and its
//! legal moves, and the engine never names it.

mod gating_960;
mod move_syntax;
mod move_text;
mod read_moves;
mod read_position;
mod san;
mod turn_fields;
mod write_moves;
mod write_position;

use std::sync::Arc;

pub use crate::engine::MoveNotation;
use crate::engine::{InvalidPosition, Position, Square, Strictness, Variant};
pub use read_moves::MoveTextError;
pub use read_position::TextError;
pub(crate) use read_position::parse_position;
pub use san::Algebraic;
pub use write_moves::xboard_rank_text;
pub use write_position::TextStyle;

/// A position text that cannot be a position of the variant.
#[derive(Clone, Debug, thiserror::Error)]
pub enum PositionError {
    /// The text does not parse.
    #[error(transparent)]
    Text(#[from] TextError),
    /// The text parses but describes an impossible position.
    #[error("{0}")]
    Invalid(String),
}

/// The field of a position text a [`TextError`] is in (FEN's fields, and
/// chimera's additions to them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionField {
    /// No text at all.
    Empty,
    /// The board: ranks, piece symbols, walls, empty-square counts.
    Board,
    /// A hand (`[Pp]`, or SFEN's hand field).
    Hand,
    /// An extension field (`pocket=…`, `reserve=…`, hook state).
    Extension,
    /// The side to move.
    Side,
    /// Castling rights (and gating squares).
    Castling,
    /// The en-passant square(s).
    EnPassant,
    /// A counting rule's running count.
    Counting,
    /// The checks still to give.
    Checks,
    /// The halfmove clock.
    HalfmoveClock,
    /// The move number (and anything after it).
    MoveNumber,
}

impl From<InvalidPosition> for PositionError {
    fn from(e: InvalidPosition) -> Self {
        PositionError::Invalid(e.0)
    }
}

impl Position {
    /// Parses position text in the variant's style (FEN or SFEN, see
    /// `docs/rules-format.md`).
    ///
    /// The position must be one a game can reach: see [`Strictness::Strict`].
    pub fn from_text(v: &Arc<Variant>, text: &str) -> Result<Position, PositionError> {
        Position::from_text_with(v, text, Strictness::Strict)
    }

    /// Parses position text, checked as `strictness` says.
    pub fn from_text_with(
        v: &Arc<Variant>,
        text: &str,
        strictness: Strictness,
    ) -> Result<Position, PositionError> {
        let setup = read_position::parse_position(v, text)?;
        Ok(Position::from_setup(v, setup, strictness)?)
    }

    /// The position as text, in the variant's style; parses back to the same
    /// position.
    pub fn to_text(&self) -> String {
        write_position::format_setup(&self.v, &self.setup())
    }

    /// The position as text in `style`: the variant's own text, or
    /// Fairy-Stockfish's FEN ([`TextStyle`]).
    pub fn to_text_as(&self, style: TextStyle) -> String {
        let mut setup = self.setup();
        if style != TextStyle::Own && setup.ep.is_some() {
            // Each en-passant square on its own (after a triple step,
            // Fairy-Stockfish keeps each square a pawn could take on).
            let kept: Vec<Square> = [setup.ep, setup.ep2]
                .into_iter()
                .filter(|&sq| sq.is_some() && self.ep_takeable(sq))
                .collect();
            setup.ep = kept.first().copied().unwrap_or(Square::NONE);
            setup.ep2 = kept.get(1).copied().unwrap_or(Square::NONE);
        }
        write_position::format_setup_as(&self.v, &setup, style)
    }

    /// Whether Fairy-Stockfish keeps the en-passant square `sq`: a piece of
    /// the side to move could take there by its moves (its king may be left
    /// attacked), or the piece that passed writes its squares as a path
    /// (Fairy-Stockfish keeps those of its custom pawns whatever stands
    /// around them).
    fn ep_takeable(&self, sq: Square) -> bool {
        let victim = self.ep_victim;
        if victim.is_some() && self.board[victim.index()].is_some_and(|p| self.v.def(p.kind()).ep_path_text) {
            return true;
        }
        let mut moves = Vec::new();
        self.pseudo_moves(&mut moves);
        moves
            .iter()
            .any(|m| m.to == sq && (0..m.ncap()).any(|i| m.cap(i) == victim))
    }
}
