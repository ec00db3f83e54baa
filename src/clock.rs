//! The clock the search and the game read. `std::time::Instant` has no
//! clock to read on `wasm32-unknown-unknown` (it panics there), so in a
//! browser or Node the clock is the host's `performance.now()`, through the
//! `web-time` crate; everywhere else it is the standard library's.

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use web_time::Instant;

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;
