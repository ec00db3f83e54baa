//! Perft against Fairy-Stockfish: every file in tests/data/fsf/ holds counts
//! the `fairy-stockfish` binary gave for one of its variants — the start
//! position and positions of seeded random playouts, written as
//! Fairy-Stockfish writes them (tests/tools/fsf_perft.py). chimera reads the
//! same FEN with variants/<variant>.toml and must count the same.
//!
//! A row may end with a fifth column `chimera=N reason` where the two rightly
//! differ: Fairy-Stockfish counts a pawn drop that mates as legal in perft.
//! Such a row must then also agree when chimera counts those drops the same
//! way, so that they are shown to be the whole difference.

use crate::common;
use chimera::{Position, perft, perft_counting_drop_mates};

/// The default run counts the rows of at most this many nodes (every file
/// has some); `--ignored` counts the larger ones.
const SHALLOW_NODES: u64 = 200_000;

#[test]
fn perft_matches_fairy_stockfish() {
    perft_rows(false);
}

#[test]
#[ignore = "deep tier: cargo test --release -- --ignored"]
fn perft_matches_fairy_stockfish_deeply() {
    perft_rows(true);
}

fn perft_rows(deep: bool) {
    let root = common::root();
    let mut files: Vec<_> = std::fs::read_dir(root.join("tests/data/fsf"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    let mut rows = 0;
    let mut files_counted = 0;
    for file in &files {
        let before = rows;
        let name = file.file_stem().unwrap().to_string_lossy().to_string();
        let v = common::variant(&format!("{name}.toml"));
        for line in std::fs::read_to_string(file).unwrap().lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            let (row, fen, depth) = (cols[0], cols[1], cols[2].parse::<u32>().unwrap());
            let fsf: u64 = cols[3].parse().unwrap();
            if (fsf > SHALLOW_NODES) != deep {
                continue;
            }
            let expected: u64 = match cols.get(4).and_then(|c| c.strip_prefix("chimera=")) {
                Some(c) => c.split_whitespace().next().unwrap().parse().unwrap(),
                None => fsf,
            };
            let mut pos = match Position::from_text(&v, fen) {
                Ok(p) => p,
                Err(e) => {
                    failures.push(format!("{name} {row}: `{fen}` does not read: {e}"));
                    continue;
                }
            };
            rows += 1;
            let got = perft(&mut pos, depth);
            let with_drop_mates = if got == fsf {
                got
            } else {
                perft_counting_drop_mates(&mut pos, depth)
            };
            if got != expected || with_drop_mates != fsf {
                let hint = if with_drop_mates == fsf {
                    format!(
                        " — the difference is drops that mate: mark the row `chimera={got} pawn-drop mates`"
                    )
                } else {
                    format!(" ({with_drop_mates} counting drops that mate)")
                };
                failures.push(format!(
                    "{name} {row} depth {depth}: Fairy-Stockfish {fsf}, chimera {got}{hint} ({fen})"
                ));
            }
        }
        files_counted += usize::from(rows > before);
    }
    if !deep {
        assert_eq!(
            files_counted,
            files.len(),
            "every file has a row of at most {SHALLOW_NODES} nodes"
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {rows} rows differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    println!("{rows} rows agree with Fairy-Stockfish");
}
