//! chimera: chess and shogi variants defined in text files.
//!
//! A variant is a TOML rules file whose pieces move in an extended Betza
//! notation. [`load`] reads and compiles one into a [`Variant`]; a
//! [`Position`] of it generates legal moves, plays and takes them back, and
//! reads and writes position and move text; [`perft`] counts the move tree;
//! [`game`] keeps a game's history, judges its end and runs players.
//!
//! ```
//! use chimera::{Position, perft};
//!
//! let shogi = chimera::load(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/shogi.toml")))?;
//! let mut pos = Position::start(&shogi);
//! let moves = pos.legal_move_list();
//! assert_eq!(moves.len(), 30);
//! let m = pos.parse_move("7g7f")?; // USI, canonical (c3c4) or UCI text
//! pos.make(m);
//! assert_eq!(pos.to_text(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
//! pos.unmake();
//! assert_eq!(perft(&mut pos, 2), 900);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Data flows one way: `notation` (move strings → programs) and `rules` (TOML
//! → schema) feed `compile` (→ [`Variant`]), which the engine runs; native
//! rules ([`hooks`]) plug into the engine's [`Hook`] interface and reach a
//! variant through the [`Registry`] a [`Loader`] passes to the compiler;
//! `game`, `check` and the command line sit on top. `docs/architecture.md`
//! has the whole picture.

#![warn(missing_docs)]
// Allowed lints, with reasons:
// - needless_range_loop: board code indexes parallel arrays by square/distance;
//   index loops read better than zipped iterators there.
#![allow(clippy::needless_range_loop)]

pub mod bench;
pub mod bundled;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod clock;
mod compile;
mod diag;
pub mod display;
mod engine;
pub mod fsf;
pub mod game;
pub mod hooks;
pub mod import;
mod load;
pub mod notation;
pub mod protocol;
pub mod rules;
pub mod text;
pub mod web;

pub use compile::OptionValues;
pub use diag::Diagnostic;
pub use engine::{
    CaptureRule, Color, Effects, GameResult, Geometry, History, Hook, HookConstructor, HookContext,
    HookEntry, HookError, Judge, KindSet, Lookback, MAX_CAPTURES, MAX_KINDS, Move, MoveKind, MoveNotation,
    Orientation, Outcome, Piece, PieceDef, PieceKind, Position, PositionStyle, PromotionTrigger, Reason,
    Registry, RepetitionResult, RepetitionRule, Repetitions, Square, StateSlot, Store, Strictness, Variant,
    completes_forbidden_repetition, drop_forbidden_repetitions, forbidden_repetition, judge, judge_counted,
    perft, perft_asking, perft_counting_drop_mates, perft_divide, perft_turns, perft_turns_divide,
    perft_until, repetition, repetition_forbids_moves, repetition_result,
};
pub use load::{
    Compiled, Loader, MAX_FILE_BYTES, is_weights_file, load, load_str, load_tests, read_text_file,
};
pub use text::{MoveTextError, PositionError, PositionField, TextError, TextStyle};
