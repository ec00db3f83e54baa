//! chimera: chess and shogi variants defined in text files.
pub mod bench;
pub mod cli;
pub mod compile;
pub mod diag;
pub mod engine;
pub mod notation;
pub mod rules;
