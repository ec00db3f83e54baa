//! Game records: what XBoard writes (tests/data/xboard-pgn/, sources in
//! tests/data/SOURCES.md) replays without a rules file, and every record
//! `play` writes replays to its own result.
use std::path::Path;

use crate::common;

/// `chimera replay --json FILE ARGS…`: the exit status and the last JSON line.
fn replay(file: &Path, args: &[&str]) -> (Option<i32>, serde_json::Value, String) {
    let mut all = vec!["replay", "--json", file.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = common::chimera(&all);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().last().unwrap_or("null");
    let json = serde_json::from_str(last).unwrap_or(serde_json::Value::Null);
    (
        out.status.code(),
        json,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn xboard_pgn_replays_without_a_rules_file() {
    // (file, moves, result, whether the rules end the game there)
    let cases = [
        // Ranks 0–9, `H`/`E`, soldiers; XBoard adjudicated the mate.
        ("xiangqi-chimera-vs-chimera.pgn", 111, "1-0", true),
        // No VariantFile tag: `chu` is chu-shogi.
        ("chu-chimera-vs-chimera.pgn", 312, "0-1", true),
        // `P@d2+`, a promoted queen written `Q`.
        ("crazyhouse-chimera-vs-chimera.pgn", 61, "1-0", true),
        // A pass `--`, PGN's `*`.
        ("chu-pass.pgn", 5, "*", false),
        // No Variant tag: chess; `O-O+`.
        ("chess-castle-check.pgn", 12, "*", false),
        // `1...`, a FEN tag, a mating drop `R@d1#`.
        ("crazyhouse-drop-mate.pgn", 1, "0-1", true),
        // `d6` with one soldier behind d6 and one beside it: the straight one.
        ("xiangqi-soldier.pgn", 14, "*", false),
        // A FEN tag in XBoard's letters (`rheakaehr`).
        ("xiangqi-fen.pgn", 8, "*", false),
    ];
    let dir = common::root().join("tests/data/xboard-pgn");
    for (file, moves, result, by_rules) in cases {
        let (code, json, err) = replay(&dir.join(file), &[]);
        assert_eq!(code, Some(0), "{file}: {err}");
        assert_eq!(json["verified"], true, "{file}: {json}");
        assert_eq!(json["moves"], moves, "{file}: {json}");
        assert_eq!(json["result"], result, "{file}: {json}");
        assert_eq!(json["by_rules"], by_rules, "{file}: {json}");
    }
    // Ranks from 0 are XBoard's only: chimera's own notation of the same
    // game (ranks from 1) replays as written.
    let text = std::fs::read_to_string(dir.join("xiangqi-soldier.pgn")).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let own = tmp.path().join("own.pgn");
    std::fs::write(
        &own,
        text.replace(
            "c4 Ri8 2. c5 Ri9 3. cxc6 Ri8 4. e4 Ri9 5. e5 Ri8 6. ed5 Ri9 7. d6",
            "c5 Ri9 2. c6 Ri10 3. cxc7 Ri9 4. e5 Ri10 5. e6 Ri9 6. ed6 Ri10 7. d7",
        )
        .replace("Hg7", "Hg8"),
    )
    .unwrap();
    let (code, json, err) = replay(&own, &[]);
    assert_eq!((code, &json["moves"]), (Some(0), &serde_json::json!(14)), "{err}");
    // A Variant chimera does not have: a clear error naming it (exit 2).
    let unknown = tmp.path().join("unknown.pgn");
    std::fs::write(&unknown, "[Variant \"nosuchgame\"]\n\n1. e4 *\n").unwrap();
    let (code, _, err) = replay(&unknown, &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("`nosuchgame`") && err.contains("--variant"), "{err}");
}

/// Short games of random players (and one of the engine) in variants with
/// drops, passes, walls, placement, gating, promotions and ten ranks: each
/// record `play` writes replays, verified, to the same result.
#[test]
fn every_record_play_writes_replays() {
    let tmp = tempfile::tempdir().unwrap();
    let variants = [
        "chess",
        "crazyhouse",
        "xiangqi",
        "janggi",
        "shogi",
        "chu-shogi",
        "amazons",
        "kozune",
        "seirawan",
        "duck",
        "atomic",
        "grand",
        "ko-shogi",
    ];
    for (i, name) in variants.iter().enumerate() {
        for (seed, players) in [(1, ["random", "random"]), (2, ["random", "random"])] {
            let rules = common::root().join(format!("variants/{name}.toml"));
            let rec = tmp.path().join(format!("{name}-{seed}.pgn"));
            let seed = (seed + 10 * i).to_string();
            let out = common::chimera(&[
                "play",
                rules.to_str().unwrap(),
                "--white",
                players[0],
                "--black",
                players[1],
                "--seed",
                &seed,
                "--max-moves",
                "60",
                "--record",
                rec.to_str().unwrap(),
            ]);
            assert!(
                out.status.success(),
                "{name}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let (code, json, err) = replay(&rec, &[]);
            assert_eq!(code, Some(0), "{name} seed {seed}: {err}");
            assert_eq!(json["verified"], true, "{name} seed {seed}: {json}");
        }
    }
    // The engine's game, to its end by the rules.
    let rules = common::root().join("variants/xiangqi.toml");
    let rec = tmp.path().join("engine.pgn");
    let out = common::chimera(&[
        "play",
        rules.to_str().unwrap(),
        "--depth",
        "1",
        "--second",
        "random",
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (code, json, err) = replay(&rec, &[]);
    assert_eq!(
        (code, &json["verified"]),
        (Some(0), &serde_json::json!(true)),
        "{err}"
    );
}
