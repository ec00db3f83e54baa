//! Importers: variants written for other programs, turned into chimera
//! rules files. [`fsf`] reads Fairy-Stockfish's `variants.ini` (with
//! [`ini`], its reader, and [`fsf_betza`], its Betza dialect); see
//! `docs/import.md`.

pub mod fsf;
pub mod fsf_betza;
pub mod ini;
pub mod xbetza;
mod xbetza_legs;
