//! Engine protocols: how GUIs and match runners talk to chimera's engine.
//! Each reads commands line by line and answers on a writer, so that tests
//! can drive it in memory as well as through `chimera uci`.

pub mod uci;
