//! chimera's integration tests, one binary (one link, and one pool of test
//! threads, so that a long test runs beside the short ones). Each module is a
//! file of its own in tests/; `tests/common/` holds what they share.
//! tests/fuzz_targets.rs stays a binary of its own: it limits its process's
//! address space and replaces its allocator, which must reach neither the
//! other tests nor the programs they start.
//!
//! The default run (`cargo test --release`) touches every variant file, every
//! binding, every protocol and the browser once, shallowly, and nothing in
//! it depends on the machine's speed. The deep tier — full crosschecks, long
//! invariant walks, every perft row, real-engine and timed matches — is
//! `cargo test --release -- --ignored --test-threads 1` (README, "Testing").

mod common;
mod live;

// The Python and WebAssembly packages are built by their tests (minutes):
// named to sort first, so that those builds start at once and run beside
// the other tests.
#[path = "python.rs"]
mod bindings_python;
#[path = "wasm.rs"]
mod bindings_wasm;

mod architecture;
mod bench;
mod browser;
mod castling_wins;
mod check_output;
mod connect;
mod crosscheck;
mod custom_hook;
mod cylinder;
mod diagnostics;
mod diagrams;
mod docs;
mod drop_squares;
mod engine_properties;
mod explosions;
mod flips;
mod fsf_chains;
mod fsf_import;
mod fsf_perft;
mod fsf_rules;
mod fuzz;
mod games;
mod generators;
mod hachu;
mod hex_shogi;
mod hexagonal;
mod hop_captures;
mod hostile;
mod invariants;
mod large_boards;
mod large_shogi;
mod lazy_legality;
mod legality_shortcuts;
mod long_games;
mod lookback_rules;
mod matches;
mod multimove;
mod nnue;
mod nnue_blocks;
mod nnue_outputs;
mod notation;
mod omega;
mod one_build;
mod perft_suites;
mod perft_threads;
mod petrification;
mod promotion_rules;
mod protocols;
mod reach;
mod records;
mod regressions;
mod reliability;
mod royal_while_few;
mod san;
mod search;
mod serve;
mod shuffle;
mod triple_step;
mod tune_data;
mod variants;
mod walls;
mod xbetza;
mod xboard;
