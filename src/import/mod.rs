//! Importers: variants written for other programs, turned into chimera
//! rules files. [`fsf`] reads Fairy-Stockfish's `variants.ini` (with
//! [`ini`], its reader; its Betza dialect is read by
//! [`crate::notation::xbetza::fsf`]); see `docs/import.md`.

pub mod fsf;
pub mod ini;
