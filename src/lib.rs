//! chimera: chess and shogi variants defined in text files.
//!
//! Data flows one way: `notation` (move strings → programs) and `rules` (TOML →
//! schema) feed `compile` (→ [`engine::Variant`]), which `engine` runs; `cli`
//! and `bench` sit on top.

// Allowed lints, with reasons:
// - needless_range_loop: board code indexes parallel arrays by square/distance;
//   index loops read better than zipped iterators there.
#![allow(clippy::needless_range_loop)]
pub mod bench;
pub mod check;
pub mod cli;
pub mod compile;
pub mod diag;
pub mod display;
pub mod engine;
pub mod game;
pub mod hooks;
pub mod notation;
pub mod rules;
