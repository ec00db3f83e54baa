//! Fairy-Stockfish's `variants.ini` read as Fairy-Stockfish reads it
//! (`src/parser.cpp`: the keys in its order, inheritance by copying the
//! parent's settings) into a model of its `Variant`; [`translate()`] writes
//! that model as a chimera rules file or says, key by key, what it cannot.
//!
//! Every setting is a property with Fairy-Stockfish's default. The
//! translation marks each property it reads; a property that differs from
//! its default and that no part of the translation read is reported (with
//! the key and line that set it): nothing is dropped silently.
//!
//! In the order a section goes through them: `pieces` and `squares`
//! (Fairy-Stockfish's piece types and boards), `properties` (the settings,
//! their defaults, the [`Model`]), `parse` (a section's keys read into the
//! model), `resolution` (its parents first) and `translate/` (the rules
//! file, one file per concept).

mod parse;
mod pieces;
mod properties;
mod resolution;
mod squares;
mod translate;

pub use properties::{Model, Src, Val};
pub use resolution::{BUILTIN_NAMES, resolve};
pub use translate::{Problem, Translation, problem_diagnostics, translate};
