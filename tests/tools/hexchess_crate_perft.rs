//! Perft of Gliński's hexagonal chess by an outside implementation: the
//! `hexchess` crate (Scott Bedard, crates.io, MIT; the move generator of
//! hexchess.club), through its public API only (`Hexchess::init`,
//! `current_moves`, `apply_move`). Not built with chimera: it is a program
//! of its own, to be run by hand —
//!
//! ```sh
//! cargo new hexref && cd hexref
//! cargo add hexchess@2.5.1
//! cp ../chimera/tests/tools/hexchess_crate_perft.rs src/main.rs
//! cargo run --release -- 5
//! ```
//!
//! Run so on 2026-11-30 (hexchess 2.5.1) it printed 51, 2586, 137858,
//! 7282418 and 401622759 for depths 1–5, chimera's counts
//! (`tests/hexagonal.rs`, `docs/rules-format.md`, "Hexagonal boards").
use hexchess::Hexchess;

fn perft(h: &Hexchess, depth: u32) -> u64 {
    let moves = h.current_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for m in moves {
        let mut next = h.clone();
        next.apply_move(&m).expect("a legal move");
        n += perft(&next, depth - 1);
    }
    n
}

fn main() {
    let depth: u32 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let start = Hexchess::init();
    for d in 1..=depth {
        println!("{d} {}", perft(&start, d));
    }
}
