//! Public perft suites (tests/data, see SOURCES.md): chess, shogi, crazyhouse.
//! The default run checks every entry up to `LIMIT` nodes; `--ignored` runs the
//! deeper entries up to `DEEP_LIMIT` nodes.
use std::sync::Arc;

use chimera::{Position, Variant, perft};

use crate::common;
use crate::common::variant;

const LIMIT: u64 = 1_000_000;
/// The `--ignored` run stops here: the shogi table's deepest rows (15 and 416
/// billion nodes at the start position) would take hours.
const DEEP_LIMIT: u64 = 2_000_000_000;

fn data(name: &str) -> String {
    std::fs::read_to_string(common::root().join("tests/data").join(name)).unwrap()
}

/// (position, depth, nodes) rows of the chess suite.
fn chess_rows() -> Vec<(String, u32, u64)> {
    let mut rows = Vec::new();
    for line in data("chess-perftsuite-126.epd")
        .lines()
        .filter(|l| !l.trim().is_empty())
    {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_string();
        for p in parts {
            let p = p.trim();
            let (d, n) = p.split_once(' ').unwrap();
            rows.push((fen.clone(), d[1..].parse().unwrap(), n.parse().unwrap()));
        }
    }
    rows
}

fn run_rows(v: &Arc<Variant>, rows: &[(String, String, u32, u64)], deep: bool) {
    let mut failures = Vec::new();
    let mut ran = 0;
    for (name, text, depth, nodes) in rows {
        if (*nodes > LIMIT) != deep || *nodes > DEEP_LIMIT {
            continue;
        }
        let mut pos = Position::from_text(v, text).unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
        let got = perft(&mut pos, *depth);
        ran += 1;
        if got != *nodes {
            failures.push(format!(
                "{name} `{text}` depth {depth}: expected {nodes}, got {got}"
            ));
        }
    }
    assert!(ran > 0, "no rows ran");
    assert!(
        failures.is_empty(),
        "{} of {ran} rows failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn chess(deep: bool) {
    let rows: Vec<_> = chess_rows()
        .into_iter()
        .enumerate()
        .map(|(i, (f, d, n))| (format!("row {i}"), f, d, n))
        .collect();
    // 126 lines (one position appears twice).
    assert_eq!(
        data("chess-perftsuite-126.epd")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .count(),
        126
    );
    run_rows(&variant("chess.toml"), &rows, deep);
}

#[test]
fn chess_suite_126() {
    chess(false);
}

#[test]
#[ignore = "deep: hundreds of millions of nodes"]
fn chess_suite_126_deep() {
    chess(true);
}

fn shogi(deep: bool) {
    let mut rows = Vec::new();
    for line in data("shogi-perft.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("source\t"))
    {
        let f: Vec<&str> = line.split('\t').collect();
        // peeper-1 has three rooks and three bishops a side, which no real game
        // reaches; it is skipped on purpose (tests/data/SOURCES.md).
        if f[1] == "peeper-1" {
            continue;
        }
        rows.push((
            format!("{}/{}", f[0], f[1]),
            f[2].to_string(),
            f[3].parse().unwrap(),
            f[4].parse().unwrap(),
        ));
    }
    assert!(rows.len() > 380);
    run_rows(&variant("shogi.toml"), &rows, deep);
}

#[test]
fn shogi_suite() {
    shogi(false);
}

#[test]
#[ignore = "deep: hundreds of millions of nodes"]
fn shogi_suite_deep() {
    shogi(true);
}

#[test]
fn crazyhouse_suite() {
    let mut rows = Vec::new();
    let (mut id, mut epd) = (String::new(), String::new());
    for line in data("python-chess-crazyhouse.perft").lines() {
        if let Some(x) = line.strip_prefix("id ") {
            id = x.to_string();
        } else if let Some(x) = line.strip_prefix("epd ") {
            epd = x.to_string();
        } else if let Some(x) = line.strip_prefix("perft ") {
            let (d, n) = x.split_once(' ').unwrap();
            rows.push((
                id.clone(),
                epd.clone(),
                d.parse::<u32>().unwrap(),
                n.parse::<u64>().unwrap(),
            ));
        }
    }
    assert_eq!(rows.len(), 18);
    // All five positions, every depth (the deepest is ~10M nodes).
    let v = variant("crazyhouse.toml");
    let mut failures = Vec::new();
    for (name, text, depth, nodes) in &rows {
        let mut pos = Position::from_text(&v, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let got = perft(&mut pos, *depth);
        if got != *nodes {
            failures.push(format!("{name} depth {depth}: expected {nodes}, got {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
