//! Piece-move notation: text → syntax tree → program over legs, canonical
//! printing, and plain-English explanations; [`xbetza`] turns other
//! programs' Betza dialects (XBoard's XBetza, Fairy-Stockfish's) into
//! chimera's. Knows nothing about boards or variants; `compile` turns
//! programs into move tables.

mod ast;
mod explain;
pub(crate) mod meaning;
mod parse;
pub mod xbetza;

pub use ast::*;
pub use explain::{explain, leg_words};
pub use meaning::{
    Leg, MeaningError, Program, UNIVERSAL, continuation_frame, program, selected, symmetric_images, to_frame,
};
pub use parse::{NotationError, parse};

/// Parses and interprets a notation string in one step.
pub fn compile_program(text: &str) -> Result<(Notation, Program), NotationError> {
    let tree = parse(text)?;
    let prog = program(&tree).map_err(|e| NotationError {
        offset: 0,
        column: 1,
        message: e.0,
    })?;
    Ok((tree, prog))
}
