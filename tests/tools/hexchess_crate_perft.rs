//! Perft of Gliński's hexagonal chess by an outside implementation: the
//! `hexchess` crate (Scott Bedard, crates.io, MIT; the move generator of
//! hexchess.club), through its public API only (`Hexchess::init`,
//! `Hexchess::parse`, `current_moves`, `apply_move`). Not built with
//! chimera: it is a program of its own, to be run by hand —
//!
//! ```sh
//! cargo new hexref && cd hexref
//! cargo add hexchess@2.5.1
//! cp ../chimera/tests/tools/hexchess_crate_perft.rs src/main.rs
//! cargo run --release -- 5             # from the start, depths 1 to 5
//! cargo run --release -- 3 - < fens.txt  # perft 3 of each position
//! ```
//!
//! A position is chimera's text (`chimera replay --trace --json`); its
//! castling field, which the crate's FEN lacks, is dropped.
//!
//! Run so on 2026-11-30 (hexchess 2.5.1) it printed 51, 2586, 137858,
//! 7282418 and 401622759 for depths 1–5 from the start, chimera's counts
//! (`tests/hexagonal.rs`, `docs/rules-format.md`, "Hexagonal boards"), and
//! chimera's perft 3 for 367 of 369 positions of sixteen random games
//! (`chimera play --white random --black random`, every 7th ply of eight
//! games and every 13th from ply 60 of eight longer ones; 42.8 million
//! nodes). The two others differ by the crate's en passant: its table of
//! double steps that leave a right lists the files c … k only, so after
//! b7-b5 (or b1-b3) it offers no capture en passant on b6 (b2), which
//! Gliński's rule gives every pawn's double step; chimera and
//! tests/tools/hexchess_perft.py agree there (16,564 and 132,088 where the
//! crate counts 16,550 and 132,045).
use std::io::BufRead;

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
    if std::env::args().nth(2).as_deref() != Some("-") {
        let start = Hexchess::init();
        for d in 1..=depth {
            println!("{d} {}", perft(&start, d));
        }
        return;
    }
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("a line");
        // chimera's fields: board, side, castling, en passant, clocks.
        let fields: Vec<&str> = line.split_whitespace().collect();
        let fen = [&fields[..2], &fields[3..]].concat().join(" ");
        let h = Hexchess::parse(&fen).expect("a position");
        println!("{}", perft(&h, depth));
    }
}
