//! A learnt evaluation for any rules file (NNUE-style): the inputs a
//! variant's compiled rules define ([`layout`]), a small network in
//! integers for the search ([`network`]), self-play data ([`data`]) and a
//! trainer on CPU ([`train`]). `chimera train` runs them in turn; the
//! hand-written evaluation stays where there is no network.

pub mod data;
pub mod layout;
pub mod network;
pub mod train;

pub use layout::Layout;
pub use network::{Network, Scratch};
