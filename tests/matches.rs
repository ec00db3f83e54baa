//! `chimera match` as a tester: games in pairs on several threads, the
//! pentanomial counts, Elo and LOS, an SPRT that stops the match at its
//! verdict, openings from a file or made level, and a match played in parts
//! (`--pairs`) that add up to the whole.

use crate::common;
use common::chimera;

use serde_json::Value;

/// `chimera match ARGS --json`: the game lines and the summary.
fn run(args: &[&str]) -> (Vec<Value>, Value) {
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    all.push("--json");
    let out = chimera(&all);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let summary = lines.pop().expect("a summary");
    (lines, summary)
}

#[test]
fn an_sprt_stops_the_match_at_its_verdict() {
    // A two-ply engine against a random mover: H1 long before 200 games.
    let (games, s) = run(&[
        "variants/chess.toml",
        "--a",
        "engine:depth=2",
        "--b",
        "random",
        "--games",
        "200",
        "--concurrency",
        "2",
        "--sprt",
        "elo0=0,elo1=100",
        "--max-moves",
        "200",
    ]);
    assert_eq!(s["sprt"]["verdict"], "H1", "{s}");
    let played = s["games"].as_u64().unwrap();
    assert!(played < 100, "{played} games");
    assert_eq!(games.len() as u64, played);
    let llr = s["sprt"]["llr"].as_f64().unwrap();
    assert!(llr >= s["sprt"]["bounds"][1].as_f64().unwrap(), "{s}");
    let penta: u64 = s["pentanomial"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(penta, played / 2, "complete pairs: {s}");
    // Every game won: no finite Elo (null), LOS 1.
    assert!(
        s["elo"].as_f64().is_none_or(|e| e > 100.0) && s["los"].as_f64().unwrap() > 0.99,
        "{s}"
    );
    // The reverse: A is the random mover, H0.
    let (_, s) = run(&[
        "variants/chess.toml",
        "--a",
        "random",
        "--b",
        "engine:depth=2",
        "--games",
        "200",
        "--concurrency",
        "2",
        "--sprt",
        "elo0=0,elo1=100",
        "--max-moves",
        "200",
    ]);
    assert_eq!(s["sprt"]["verdict"], "H0", "{s}");
}

/// The games of a match by number: (A's side, result).
fn by_game(games: &[Value]) -> Vec<(u64, String, String)> {
    let mut v: Vec<_> = games
        .iter()
        .map(|g| {
            (
                g["game"].as_u64().unwrap(),
                g["a_plays"].as_str().unwrap().to_string(),
                g["result"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn threads_and_parts_play_the_same_games_as_one_thread() {
    let base = [
        "variants/minishogi.toml",
        "--a",
        "engine:depth=2",
        "--b",
        "engine:depth=1",
        "--games",
        "8",
        "--random-plies",
        "4",
        "--max-moves",
        "120",
    ];
    let (one, s1) = run(&base);
    let mut two_args = base.to_vec();
    two_args.extend(["--concurrency", "2"]);
    let (two, s2) = run(&two_args);
    assert_eq!(by_game(&one), by_game(&two));
    assert_eq!(s1["pentanomial"], s2["pentanomial"]);
    // In two parts: games 1-4 and 5-8, each as in the whole match.
    let mut parts = Vec::new();
    for range in ["0..2", "2..4"] {
        let mut a = base.to_vec();
        a.extend(["--pairs", range]);
        let (g, _) = run(&a);
        parts.extend(g);
    }
    assert_eq!(by_game(&one), by_game(&parts));
    // The parts' games tallied: the whole match's summary.
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("parts.jsonl");
    let lines: Vec<String> = parts.iter().map(|g| g.to_string()).collect();
    std::fs::write(&file, lines.join("\n")).unwrap();
    let path = file.display().to_string();
    let mut a = base.to_vec();
    a.extend(["--tally", &path]);
    let (none, tallied) = run(&a);
    assert!(none.is_empty());
    for key in [
        "games",
        "wins",
        "draws",
        "losses",
        "pentanomial",
        "elo",
        "reasons",
    ] {
        assert_eq!(tallied[key], s1[key], "{key}");
    }
    // A game read twice is refused: nothing is counted twice.
    std::fs::write(&file, format!("{}\n{}", lines[0], lines[0])).unwrap();
    let mut all = vec!["match"];
    all.extend(a.iter().copied());
    let out = chimera(&all);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a second time"));
    // Each pair is an opening with both colours.
    for g in &one {
        let n = g["game"].as_u64().unwrap();
        assert_eq!(g["pair"].as_u64().unwrap(), (n - 1) / 2);
    }
}

#[test]
fn openings_come_from_a_file_and_bad_lines_are_named() {
    let dir = tempfile::tempdir().expect("temp dir");
    let good = dir.path().join("good.epd");
    std::fs::write(
        &good,
        "# two openings\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\n\
         4k3/8/8/8/8/8/4P3/4K3 w - - id \"pawn ending\";\n",
    )
    .unwrap();
    let path = good.display().to_string();
    let (games, s) = run(&[
        "variants/chess.toml",
        "--openings",
        &path,
        "--games",
        "4",
        "--a",
        "engine:depth=1",
        "--b",
        "random",
        "--max-moves",
        "40",
    ]);
    assert_eq!(games.len(), 4);
    assert_eq!(s["games"], 4);
    let bad = dir.path().join("bad.epd");
    std::fs::write(&bad, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nnot a position\n").unwrap();
    let bad = bad.display().to_string();
    let out = chimera(&["match", "variants/chess.toml", "--openings", &bad]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.epd:2"), "{err}");
}

#[test]
fn a_match_keeps_its_games_records_that_replay() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("games.pgn");
    let path = file.display().to_string();
    let (games, _) = run(&[
        "variants/minishogi.toml",
        "--a",
        "engine:depth=1",
        "--b",
        "random",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--max-moves",
        "60",
        "--record",
        &path,
    ]);
    let text = std::fs::read_to_string(&file).expect("the records");
    assert_eq!(text.matches("[Round ").count(), 4, "{text}");
    for g in &games {
        // Each game's record: its number, its result, its moves.
        let n = g["game"].as_u64().unwrap();
        let at = text.find(&format!("[Round \"{n}\"]")).expect("the game's record");
        let result = g["result"].as_str().unwrap();
        assert!(text[..at].rfind(&format!("[Result \"{result}\"]")).is_some());
        let out = chimera(&["replay", &path, "--game", &n.to_string(), "--json"]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "game {n}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // A file that cannot be written is refused before any game.
    let out = chimera(&[
        "match",
        "variants/chess.toml",
        "--record",
        "/nonexistent/dir/g.pgn",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bad_match_arguments_are_refused() {
    for args in [
        &["--sprt", "elo0=5,elo1=0"][..],
        &["--sprt", "elo1=5"],
        &["--sprt", "elo0=0,elo1=5,alpha=2"],
        &["--pairs", "3..2"],
        &["--pairs", "0..11"],
        &["--pairs", "x"],
        &["--concurrency", "0"],
        &["--b", "xboard:/usr/games/fairymax,nodes=100"],
        &["--b", "uci:/usr/games/stockfish,nodes=0"],
    ] {
        let mut all = vec!["match", "variants/chess.toml", "--games", "20"];
        all.extend_from_slice(args);
        let out = chimera(&all);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
