//! Fairy-Stockfish's interface over chimera's variants: what pyffish (its
//! Python binding) and ffish.js (its WebAssembly binding) compute, once,
//! for chimera's own bindings (`python/`, `wasm/`) to marshal.
//!
//! - [`registry`]: the variants by name — the bundled rules files, the
//!   names pyffish and ffish.js know them by ([`ALIASES`]), the rules files
//!   loaded since ([`load_variant_config`]), Chess960's castling.
//! - [`fen`]: a position as Fairy-Stockfish writes it ([`fen`](fen::fen),
//!   [`start_fen`]), read with its quirks ([`read_position`]), and the
//!   validity code of a text ([`validate_fen`]).
//! - [`moves`]: moves in Fairy-Stockfish's UCI, a FEN and a move list
//!   replayed into a game ([`replay`]), SAN and Hodges text by
//!   Fairy-Stockfish's notation numbers ([`notation`]).
//! - [`results`]: the end of the game in pyffish's terms: scores for the
//!   side to move ([`game_result`], [`immediate_game_end`],
//!   [`optional_game_end`]), `1-0`/`0-1`/`1/2-1/2`/`*` ([`result_text`]),
//!   checks, captures and material.
//! - [`js`]: what ffish.js answers beyond pyffish: its variant names, the
//!   board drawn as its `toString` and `toVerboseString`, a PGN game.
//!
//! This module sits above the engine, the text layer and the compiler,
//! which never name it (`tests/architecture.rs` checks it).

mod cache;
mod castling;
mod error;
pub mod fen;
pub mod js;
pub mod moves;
pub mod registry;
pub mod results;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_js;
#[cfg(test)]
mod tests_pychess;
#[cfg(test)]
mod tests_reach;

pub use error::FsfError;
pub use fen::{
    FEN_INVALID_PROMOTED_PIECE, FEN_OK, fen, fen_with, fog_fen, move_number, read_position, start_fen,
    validate_fen, validity_code,
};
pub use js::{PgnGame, board_text, ffish_variant, read_game_pgn, verbose_text};
pub use moves::{
    Algebraic, NOTATION_DEFAULT, NOTATION_JANGGI, NOTATION_LAN, NOTATION_SAN, NOTATION_SHOGI_HODGES,
    NOTATION_SHOGI_HODGES_NUMBER, NOTATION_SHOGI_HOSKING, NOTATION_THAI_LAN, NOTATION_THAI_SAN,
    NOTATION_XIANGQI_WXF, find_move, find_san, legal_moves, move_stack, notation, parse_move, replay, san,
    san_moves, uci, variation_san,
};
pub use registry::{
    ALIASES, Config, LOADED_CAPACITY, Loaded, OPTIONS, canonical, compiled, load_text, load_variant_config,
    names, profile, set_option, two_boards, variant, variant_as,
};
pub use results::{
    VALUE_DRAW, VALUE_MATE, game_result, gives_check, has_insufficient_material, immediate_game_end,
    is_capture, optional_game_end, piece_to_partner, result_text, score,
};
