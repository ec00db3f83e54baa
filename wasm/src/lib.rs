//! chimera in WebAssembly, with two faces.
//!
//! - **ffish.js's interface**: [`Board`] (`new Board(variant, fen)`,
//!   `legalMoves`, `push`, `pop`, `fen`, `isGameOver`, `result`, `turn`,
//!   `isCheck`, …) and the module's functions (`variants`,
//!   `loadVariantConfig`, `startingFen`, `validateFen`, `info`), with the
//!   names and meanings of Fairy-Stockfish's ffish.js, for every variant
//!   chimera ships and every rules file loaded.
//! - **chimera's own**: load rules text with its diagnostics
//!   (`loadRules`), run its test cases (`runTests`), search (`search`),
//!   count (`perft`), and the browser board's questions (`request`: what
//!   `chimera serve` answers, for the board's Web Worker).
//!
//! Functions of chimera's face answer JSON text; `js/chimera.js` parses
//! it. Moves of the ffish face are UCI as Fairy-Stockfish writes them (a
//! shogi promotion is a bare `+`); positions are written as Fairy-Stockfish
//! writes them (`TextStyle::FairyStockfish`) and read in that form or the
//! rules file's own (FEN, or SFEN for a file that asks for it).
//!
//! This file holds what both faces use (the library's Fairy-Stockfish
//! facade's failures as JavaScript's messages); `board.rs` ffish.js's
//! `Board`, `ffish.rs` ffish.js's module functions and `Game`, `own.rs`
//! chimera's own face. Every answer about variants, positions, moves and
//! results is the facade's (`chimera::fsf`); these files marshal.

mod board;
mod ffish;
mod own;

pub use board::*;
pub use ffish::*;
pub use own::*;

use chimera::fsf::FsfError;
use wasm_bindgen::JsError;

/// Megabytes of the search's transposition table (memory is the page's).
const HASH_MB: usize = 16;

/// A facade failure as the message JavaScript sees.
fn message(e: FsfError) -> String {
    match e {
        FsfError::UnknownVariant(name) => format!("no variant `{name}`"),
        FsfError::Position { error, .. } => format!("bad position: {error}"),
        FsfError::Chess960 { name, message } => format!("is960 for `{name}`: {message}"),
        e => e.to_string(),
    }
}

/// A facade failure as a JavaScript error.
fn js(e: FsfError) -> JsError {
    JsError::new(&message(e))
}

fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}
