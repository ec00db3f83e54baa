//! chimera: chess and shogi variants defined in text files.
pub mod notation;
