//! Parallel perft (`perft --threads N`, [`chimera::perft_divide`]): the same
//! counts as one thread, move by move, whatever the number of threads.
use std::process::Command;

use crate::common;
use chimera::{Position, perft, perft_divide, perft_until};

#[test]
fn divided_counts_match_perft_on_any_number_of_threads() {
    for (file, depth) in [
        ("chess.toml", 4),
        ("shogi.toml", 3),
        ("kozune.toml", 3),
        ("pocket-shogi-copper.toml", 3),
        ("xiangqi.toml", 3),
        ("ko-shogi.toml", 2),
    ] {
        let v = common::variant(file);
        let mut pos = Position::start(&v);
        let whole = perft(&mut pos, depth);
        let moves = pos.legal_move_list();
        let mut one_by_one: Vec<(String, u64)> = moves
            .iter()
            .map(|&m| {
                let name = pos.move_text(&m);
                pos.make(m);
                let n = perft(&mut pos, depth - 1);
                pos.unmake();
                (name, n)
            })
            .collect();
        one_by_one.sort();
        for threads in [1, 2, 3, 7] {
            let seen = std::sync::atomic::AtomicUsize::new(0);
            let counts = perft_divide(&pos, depth, threads, &|_, _| {
                seen.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            });
            let mut named: Vec<(String, u64)> = counts.iter().map(|(m, n)| (pos.move_text(m), *n)).collect();
            named.sort();
            assert_eq!(named, one_by_one, "{file} on {threads} threads");
            assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), whole, "{file}");
            assert_eq!(seen.into_inner(), moves.len(), "{file}: every root move reported");
        }
    }
}

#[test]
fn the_command_line_counts_the_same_with_threads() {
    let root = common::root();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .current_dir(root)
            .args(args)
            .output()
            .expect("chimera runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let nodes = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("json");
                format!("{} {}", v["move"], v["nodes"])
            })
            .collect()
    };
    for extra in [&["--divide"][..], &[][..]] {
        let mut one = vec!["perft", "variants/shogi.toml", "--depth", "3", "--json"];
        one.extend_from_slice(extra);
        let mut two = one.clone();
        two.extend_from_slice(&["--threads", "2"]);
        assert_eq!(nodes(&run(&one)), nodes(&run(&two)), "{extra:?}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .current_dir(root)
        .args(["perft", "variants/chess.toml", "--depth", "1", "--threads", "0"])
        .output()
        .expect("chimera runs");
    assert_eq!(out.status.code(), Some(2), "--threads 0 is refused");
}

/// [`chimera::perft_until`] (the Python binding's interruptible perft):
/// perft's counts, and no count, at once, when told to stop — at any depth,
/// nothing allocated for the depth asked — the position left as it was.
#[test]
fn perft_until_counts_as_perft_and_stops_when_told() {
    use std::sync::atomic::AtomicBool;
    let mut pos = Position::start(&common::variant("chess.toml"));
    let before = pos.to_text();
    assert_eq!(perft_until(&mut pos, 3, &AtomicBool::new(false)), Some(8_902));
    assert_eq!(perft_until(&mut pos, 0, &AtomicBool::new(false)), Some(1));
    assert_eq!(perft_until(&mut pos, u32::MAX, &AtomicBool::new(true)), None);
    assert_eq!(pos.to_text(), before);
}
