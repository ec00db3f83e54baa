//! The generic engine: compiled variants, positions, move generation, perft and
//! move text. Nothing here knows any particular variant.

mod legs;
pub mod movegen;
pub mod movetext;
pub mod position;
pub mod text;
pub mod variant;

pub use movegen::{Decided, DecidedBy, perft};
pub use position::{Move, MoveKind, Position};
pub use variant::Variant;
