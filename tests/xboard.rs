//! XBoard (CECP v2): transcripts of `chimera xboard`, malformed input
//! included, random command lines fed to the session in memory; XBoard
//! engines as players (a misbehaving fake, Fairy-Max, Sjaak II) and the other
//! protocols' real engines (Stockfish over UCI, gpsusi over USI); and XBoard
//! itself, headless, running matches between chimera and Sjaak II or
//! Fairy-Max. Tests that need a program skip with a message when it is not
//! installed (under CI, `.ci/run` installs them and a skip fails).
use std::io::Cursor;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use chimera::protocol::xboard::XBoard;
use chimera::{Position, Variant};
use proptest::prelude::*;

use crate::common;
use crate::live;
use common::{Shared, match_summary, skip, speak, variant};
use live::Live;

fn moves(lines: &[String]) -> Vec<&str> {
    lines.iter().filter_map(|l| l.strip_prefix("move ")).collect()
}

/// Whether `text` (XBoard notation) is legal after `played` (XBoard
/// notation) from the start.
fn legal_after(v: &Arc<Variant>, played: &[&str], text: &str) -> bool {
    let mut pos = Position::start(v);
    for m in played {
        let m = pos.parse_xboard_move(m).expect("scripted move");
        pos.make(m);
    }
    pos.parse_xboard_move(text).is_ok()
}

#[test]
fn xboard_handshake_game_and_errors() {
    let script = "xboard\nprotover 2\nnew\nsd 2\nst 1\npost\nusermove e2e4\nping 1\n\
                  usermove e2e5\nfoo bar\nlevel 40 x 0\nst abc\nsd -3\nforce\nundo\nremove\n\
                  setboard 7k/8/8/8/8/8/8/K7 w - - 0 1\nsetboard this is no position\nping 2\n\
                  variant nonsense\nvariant ko-shogi\nnew\nvariant xiangqi\nsd 2\nusermove h2e2\nping 3\n\
                  quit\nusermove e2e4\n";
    let out = speak("xboard", &[], script);
    let features = out.iter().find(|l| l.starts_with("feature ")).expect("features");
    for f in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "san=0",
        "variants=\"normal,",
    ] {
        assert!(features.contains(f), "{features}");
    }
    for v in ["xiangqi", "shogi", "kozune", "pocket-shogi-copper", "wwii-chess"] {
        assert!(features.contains(v), "{features}");
    }
    assert!(out.contains(&"feature done=1".to_string()));
    // The engine plays black after `new`: its reply comes before `pong 1`.
    let played = moves(&out);
    assert_eq!(played.len(), 2, "{out:?}");
    assert!(
        legal_after(&variant("chess.toml"), &["e2e4"], played[0]),
        "{played:?}"
    );
    let pos = |l: &str| out.iter().position(|x| x == l).unwrap_or(usize::MAX);
    assert!(pos(&format!("move {}", played[0])) < pos("pong 1"), "{out:?}");
    // Thinking output: ply score time nodes pv.
    assert!(
        out.iter()
            .any(|l| l.split_whitespace().count() >= 5 && l.starts_with("1 ")),
        "{out:?}"
    );
    for expected in [
        "Illegal move: e2e5",
        "Error (unknown command): foo bar",
        "Error (bad level): level 40 x 0",
        "Error (bad time): st abc",
        "Error (bad depth): sd -3",
        "Error (bad position): setboard this is no position",
        "Error (unknown variant): variant nonsense",
        "Error (variant not playable in XBoard): variant ko-shogi",
        "pong 2",
        "pong 3",
    ] {
        assert!(
            out.iter().any(|l| l == expected),
            "missing {expected:?} in {out:?}"
        );
    }
    assert!(
        out.iter()
            .any(|l| l.starts_with("tellusererror") && l.contains("19×19")),
        "{out:?}"
    );
    // Xiangqi on XBoard's ten ranks (0 to 9): the cannon h2e2 is our h3e3,
    // and the engine's reply is in the same numbering.
    let xq = variant("xiangqi.toml");
    assert!(legal_after(&xq, &["h2e2"], played[1]), "{played:?}");
    assert!(
        !out.iter().any(|l| l.contains("Illegal move: e2e4")),
        "nothing after quit"
    );
}

#[test]
fn xboard_clocks_move_now_playother_and_result() {
    // `?` must end a search that would otherwise run for ten minutes.
    let script = "xboard\nprotover 2\nnew\nlevel 40 0:30 0\ntime 3000\notim 3000\ngo\nping 1\n\
                  force\nlevel 0 1 2\ntime 150\notim 20000\nplayother\nusermove e7e5\nping 2\n\
                  result 1-0 {adjourned}\nusermove g8f6\nping 3\nst 600\ngo\n?\nping 4\nquit\n";
    let out = speak("xboard", &[], script);
    let played = moves(&out);
    assert_eq!(played.len(), 3, "{out:?}");
    let v = variant("chess.toml");
    // White's first move; after `playother`, the engine (white again) answers e7e5.
    assert!(legal_after(&v, &[], played[0]), "{played:?}");
    assert!(legal_after(&v, &[played[0], "e7e5"], played[1]), "{played:?}");
    // `result` stops play: g8f6 is only recorded; `go` then `?` moves at once.
    assert!(
        legal_after(&v, &[played[0], "e7e5", played[1], "g8f6"], played[2]),
        "{played:?}"
    );
    let at = |l: &str| out.iter().position(|x| x == l).unwrap_or(usize::MAX);
    assert!(at(&format!("move {}", played[2])) < at("pong 4"), "{out:?}");
    assert!(!out.iter().any(|l| l.starts_with("Error")), "{out:?}");
}

#[test]
fn xboard_quit_and_force_stop_a_long_search_without_a_move() {
    // Either would otherwise think for ten minutes.
    let out = speak(
        "xboard",
        &[],
        "protover 2\nnew\nst 600\ngo\nforce\nping 1\ngo\nquit\n",
    );
    assert!(moves(&out).is_empty(), "{out:?}");
    assert!(out.contains(&"pong 1".to_string()), "{out:?}");
}

#[test]
fn xboard_announces_variants_it_does_not_know() {
    let out = speak(
        "xboard",
        &[],
        "protover 2\nnew\nvariant kozune\nvariant pocket-shogi-copper\nvariant shogi\nquit\n",
    );
    let setups: Vec<&String> = out.iter().filter(|l| l.starts_with("setup ")).collect();
    assert_eq!(setups.len(), 2, "shogi is XBoard's own: {out:?}");
    // Kozune: its board, holdings with the reserves, its pieces by Betza.
    assert!(
        setups[0].starts_with("setup (")
            && setups[0].contains(") 9x9+8_fairy 4s4/9/ppppppppp/9/9/9/PPPPPPPPP/9/4S4["),
        "{}",
        setups[0]
    );
    for piece in ["piece S& K", "piece P& fW", "piece N& N"] {
        assert!(out.iter().any(|l| l == piece), "missing {piece}: {out:?}");
    }
    // Pocket Shogi Copper: a shogi-like parent (promoted pieces are `+`).
    assert!(setups[1].contains("_shogi "), "{}", setups[1]);
    assert!(out.iter().any(|l| l.starts_with("piece +")), "{out:?}");
    let told = |variant: &str, what: &str| {
        out.iter()
            .any(|l| l.starts_with(&format!("telluser chimera, {variant}:")) && l.contains(what))
    };
    // What XBoard cannot show or test is said, one line a variant.
    assert!(told("pocket-shogi-copper", "pocket"), "{out:?}");
    assert!(told("kozune", "new piece on the board (sho)"), "{out:?}");
    assert!(told("kozune", "-testLegality false"), "{out:?}");
    assert!(
        !out.iter().any(|l| l.starts_with("telluser chimera, shogi")),
        "{out:?}"
    );
}

#[test]
fn xboard_plays_the_announced_variant_and_reads_its_own_fen_back() {
    // XBoard sends the set-up position back with setboard: it must be read.
    let out = speak("xboard", &[], "protover 2\nnew\nvariant kozune\n");
    let setup = out.iter().find(|l| l.starts_with("setup ")).expect("setup");
    let fen = setup.splitn(4, ' ').nth(3).expect("fen");
    let script =
        format!("protover 2\nnew\nvariant kozune\nsetboard {fen}\nsd 1\nusermove K@c2\nping 1\nquit\n");
    let out = speak("xboard", &[], &script);
    assert!(!out.iter().any(|l| l.starts_with("Error")), "{out:?}");
    let played = moves(&out);
    assert_eq!(played.len(), 1, "{out:?}");
    assert!(played[0].contains('@'), "a placement: {played:?}");
}

const WORDS: &[&str] = &[
    "new",
    "force",
    "go",
    "usermove",
    "e2e4",
    "P@e5",
    "a0a1",
    "variant",
    "shogi",
    "kozune",
    "xiangqi",
    "undo",
    "remove",
    "setboard",
    "st",
    "sd",
    "1",
    "-5",
    "time",
    "otim",
    "ping",
    "result",
    "1-0",
    "?",
    "playother",
    "post",
    "protover",
    "2",
    "@@@@",
    "\u{0}",
    "é",
    "9999999999999999999999",
    "",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// Random command lines never panic the session, which keeps answering.
    #[test]
    fn random_command_lines_never_break_the_session(
        lines in proptest::collection::vec(proptest::collection::vec(0..WORDS.len(), 0..5), 1..14)
    ) {
        let mut script = String::from("st 0.02\nsd 1\n");
        for words in &lines {
            let line: Vec<&str> = words.iter().map(|&i| WORDS[i]).collect();
            script.push_str(&line.join(" "));
            script.push('\n');
        }
        script.push_str("force\nping 77\n");
        let sink = Shared::default();
        let variants = vec![
            ("chess".to_string(), variant("chess.toml")),
            ("shogi".to_string(), variant("shogi.toml")),
            ("kozune".to_string(), variant("kozune.toml")),
            ("xiangqi".to_string(), variant("xiangqi.toml")),
        ];
        let mut session = XBoard::new(variants, Box::new(sink.clone())).expect("session");
        session.run(Cursor::new(script.into_bytes()));
        let out = String::from_utf8_lossy(&sink.0.lock().expect("lock")).into_owned();
        prop_assert!(out.lines().any(|l| l == "pong 77"), "{}", out);
    }
}

/// `chimera match` against an external engine; returns the JSON summary.
fn match_against(variant: &str, b: &str, games: u32, a: &str) -> serde_json::Value {
    match_summary(variant, a, b, games, 80)
}

fn no_protocol_failure(what: &str, summary: &serde_json::Value) {
    let reasons = summary["reasons"].as_object().expect("reasons");
    for bad in [
        "illegal move",
        "time forfeit",
        "engine failure",
        "the engine's claim",
    ] {
        assert!(!reasons.contains_key(bad), "{what}: {summary}");
    }
}

#[test]
fn xboard_engine_failures_lose_with_their_reason() {
    let fake = common::root().join("tests/tools/fake_xboard.sh");
    let fake = fake.display();
    for (mode, reason, wins) in [
        ("illegal", "illegal move", 1),
        ("silent", "time forfeit", 1),
        ("crash", "engine failure", 1),
        ("resign", "resignation", 1),
        ("claim-draw", "the engine's claim", 0),
    ] {
        // The silent engine's turn ends at its deadline (movetime + 2 s);
        // the others answer at once, within a deadline of 10 s.
        let movetime = if mode == "silent" { 10 } else { 5000 };
        let b = format!("xboard:{fake} {mode},movetime={movetime}");
        let summary = match_against("kozune.toml", &b, 1, "engine:depth=1,movetime=50");
        assert_eq!(summary["wins"], wins, "{mode}: {summary}");
        assert_eq!(summary["reasons"][reason], 1, "{mode}: {summary}");
    }
}

/// Whether a program is installed; skips (with its package) when not.
fn installed(path: &str, package: &str) -> bool {
    if Path::new(path).exists() {
        return true;
    }
    skip(&format!("{path} is not installed (apt-get install {package})"));
    false
}

#[test]
#[ignore = "deep tier (real engines, timed): cargo test --release -- --ignored --test-threads 1"]
fn fairymax_and_sjaak_play_chimera_over_xboard() {
    let quick = "engine:depth=2,movetime=50";
    if installed("/usr/games/fairymax", "fairymax") {
        for v in ["chess.toml", "shatranj.toml"] {
            let summary = match_against(v, "xboard:/usr/games/fairymax,movetime=1000,depth=3", 2, quick);
            assert_eq!(summary["games"], 2);
            no_protocol_failure(v, &summary);
        }
    }
    if installed("/usr/games/sjaakii", "sjaakii") {
        for v in ["shogi.toml", "xiangqi.toml"] {
            let summary = match_against(v, "xboard:/usr/games/sjaakii,movetime=1000,depth=3", 2, quick);
            assert_eq!(summary["games"], 2);
            no_protocol_failure(v, &summary);
        }
    }
}

#[test]
#[ignore = "deep tier (real engines, timed): cargo test --release -- --ignored --test-threads 1"]
fn stockfish_and_gpsusi_play_chimera_over_uci_and_usi() {
    let quick = "engine:depth=2,movetime=50";
    if installed("/usr/games/stockfish", "stockfish") {
        let summary = match_against(
            "chess.toml",
            "uci:/usr/games/stockfish,movetime=20,Skill Level=0",
            2,
            quick,
        );
        no_protocol_failure("stockfish", &summary);
    }
    if installed("/usr/games/gpsusi", "gpsshogi") {
        let summary = match_against(
            "shogi.toml",
            "usi:/usr/games/gpsusi,movetime=100,LimitDepth=4",
            2,
            quick,
        );
        no_protocol_failure("gpsusi", &summary);
    }
}

/// XBoard itself, headless, runs a one-game match between `chimera xboard`
/// and another engine and saves the game; returns the PGN and XBoard's log.
fn xboard_match(variant: &str, opponent: &str) -> Option<(String, String)> {
    xboard_match_of(variant, opponent, 1, &[])
}

/// [`xboard_match`] of `games` games, chimera offering the rules files
/// `files` (none: the bundled variants).
fn xboard_match_of(variant: &str, opponent: &str, games: u32, files: &[&str]) -> Option<(String, String)> {
    let args = ["-searchTime", "0:01", "-depth", "3", "-adjudicateDrawMoves", "80"];
    xboard_match_with(variant, opponent, games, files, &args)
}

/// [`xboard_match_of`] with XBoard options `args` (time, depth, …).
fn xboard_match_with(
    variant: &str,
    opponent: &str,
    games: u32,
    files: &[&str],
    args: &[&str],
) -> Option<(String, String)> {
    if !installed("/usr/games/xboard", "xboard") || !installed("/usr/bin/xvfb-run", "xvfb") {
        return None;
    }
    let root = common::root();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("xboard");
    let status = Command::new(root.join("tests/tools/xboard_match.sh"))
        .args([
            env!("CARGO_BIN_EXE_chimera"),
            &dir.display().to_string(),
            variant,
            opponent,
            &games.to_string(),
        ])
        .args(args)
        .env("CHIMERA_ARGS", files.join(" "))
        .output()
        .expect("xboard_match.sh runs");
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let pgn = std::fs::read_to_string(dir.join(format!("{variant}.pgn"))).expect("XBoard saved the game");
    let log = std::fs::read_to_string(dir.join(format!("{variant}.log"))).expect("XBoard's log");
    Some((pgn, log))
}

fn check_xboard_game(variant: &str, pgn: &str, log: &str) {
    assert!(
        pgn.contains(&format!("[Variant \"{variant}\"]")) || variant == "normal",
        "{pgn}"
    );
    assert!(pgn.contains("[White \"chimera"), "{pgn}");
    let result = pgn
        .lines()
        .find(|l| l.starts_with("[Result "))
        .expect("result tag");
    assert!(!result.contains('*'), "the game ended: {pgn}");
    for bad in [
        "<first : Illegal move",
        "<first : Error",
        "<first : tellusererror",
        "Illegal move (",
        "False",
        "Forfeit",
    ] {
        assert!(!log.contains(bad), "{bad} in XBoard's log:\n{log}");
    }
}

#[test]
#[ignore = "deep tier (real engines, timed): cargo test --release -- --ignored --test-threads 1"]
fn xboard_runs_chimera_against_sjaak_at_shogi_and_fairymax_at_shatranj() {
    if installed("/usr/games/sjaakii", "sjaakii")
        && let Some((pgn, log)) = xboard_match("shogi", "/usr/games/sjaakii")
    {
        check_xboard_game("shogi", &pgn, &log);
    }
    // Fairy-Max 5.0b does not know `computer`, which XBoard sends to both
    // engines of a match: it reads the word as a move, corrupts its board and
    // crashes on its next search about half the time (XBoard then spins
    // until the match's time limit). It is sent a blank line instead.
    let args = [
        "-searchTime",
        "0:01",
        "-depth",
        "3",
        "-adjudicateDrawMoves",
        "80",
        "-secondComputerString",
        "\n",
    ];
    if installed("/usr/games/fairymax", "fairymax")
        && let Some((pgn, log)) = xboard_match_with("shatranj", "/usr/games/fairymax", 1, &[], &args)
    {
        check_xboard_game("shatranj", &pgn, &log);
    }
}

#[test]
fn xboard_sets_threads_and_table_size() {
    let out = speak(
        "xboard",
        &[],
        "xboard\nprotover 2\nnew\ncores 2\nmemory 8\ncores none\nmemory 0\nsd 3\ngo\nping 1\nquit\n",
    );
    assert!(out.iter().any(|l| l.contains("memory=1 smp=1")), "{out:?}");
    assert!(
        out.iter().any(|l| l == "Error (bad number): cores none"),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l == "Error (bad number): memory 0"), "{out:?}");
    let played = moves(&out);
    assert_eq!(played.len(), 1, "{out:?}");
    assert!(legal_after(&variant("chess.toml"), &[], played[0]));
}

/// Timed games against Fairy-Max (XBoard: `level`, `time`, `otim`) and
/// Stockfish (UCI: `go wtime … btime …`): chimera keeps its clock.
#[test]
#[ignore = "deep tier (real engines, timed): cargo test --release -- --ignored --test-threads 1"]
fn timed_games_against_xboard_and_uci_engines() {
    for (program, package, player, told) in [
        (
            "/usr/games/fairymax",
            "fairymax",
            "xboard:/usr/games/fairymax",
            "> level 0 0:03 0.05",
        ),
        (
            "/usr/games/stockfish",
            "stockfish",
            "uci:/usr/games/stockfish,Skill Level=0",
            "> go wtime ",
        ),
        (
            "/usr/games/gpsusi",
            "gpsshogi",
            "usi:/usr/games/gpsusi",
            "> go btime ",
        ),
    ] {
        if !installed(program, package) {
            continue;
        }
        let dir = tempfile::tempdir().expect("temp dir");
        let log = dir.path().join("engine.log");
        // gpsusi predates USI's binc/winc: byoyomi instead of an increment.
        let (variant, clock): (&str, &[&str]) = if program.ends_with("gpsusi") {
            ("variants/shogi.toml", &["--tc", "3", "--byoyomi", "0.05"])
        } else {
            ("variants/chess.toml", &["--tc", "3+0.05"])
        };
        let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args([
                "match",
                variant,
                "--games",
                "2",
                "--max-moves",
                "40",
                "--json",
                "--b",
                player,
            ])
            .args(clock)
            .arg("--log")
            .arg(&log)
            .output()
            .expect("chimera runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{player}: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // No protocol failure on either side.
        assert!(
            !stdout.contains("engine failure") && !stdout.contains("illegal move"),
            "{player}: {stdout}"
        );
        for line in stdout.lines() {
            let game: serde_json::Value = serde_json::from_str(line).expect("json");
            if let (Some(a), Some(result)) = (game["a_plays"].as_str(), game["result"].as_str()) {
                // chimera (A) never loses on time.
                assert!(
                    !result.contains("time forfeit") || result.starts_with(a),
                    "{player}: {result}"
                );
            }
        }
        let log = std::fs::read_to_string(&log).expect("log");
        assert!(log.contains(told), "{player}: no `{told}` in the log");
    }
}

#[test]
fn xboard_skips_lines_that_are_not_utf8() {
    // Before the fix, the first such byte ended the session in silence.
    let mut live = Live::start("xboard");
    live.send(b"xboard\nprotover 2\n\xff\xfe\xfd\nping 1\r\nnew\nsd 1\ngo\nping 2\n");
    let out: Vec<String> = live.finish().into_iter().map(|(_, l)| l).collect();
    assert!(
        out.iter()
            .any(|l| l.starts_with("Error (bad input): a line that is not UTF-8")),
        "{out:?}"
    );
    assert!(
        out.contains(&"pong 1".to_string()) && out.contains(&"pong 2".to_string()),
        "{out:?}"
    );
    assert_eq!(moves(&out).len(), 1, "{out:?}");
}

#[test]
fn xboard_cuts_memory_to_the_largest_table() {
    // Before the fix, `memory 99999999999` allocated (and zeroed) up to
    // 64 GiB. Under a 1 GB address-space limit: cut to 4096 MiB, then what
    // could be had, and the session goes on.
    let mut child = Command::new("bash")
        .arg("-c")
        .arg("ulimit -v 1000000; exec \"$0\" xboard")
        .arg(env!("CARGO_BIN_EXE_chimera"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("bash runs");
    std::io::Write::write_all(
        &mut child.stdin.take().expect("stdin"),
        b"xboard\nprotover 2\nmemory 99999999999\ncores 99999999999999999999\nnew\nsd 1\ngo\nping 1\nquit\n",
    )
    .expect("written");
    let out = child.wait_with_output().expect("chimera ends");
    assert!(out.status.success());
    let out: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    assert!(
        out.contains(&"# memory 99999999999: more than the largest table, 4096 MiB".to_string()),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("# memory: only ") && l.ends_with(" MiB could be had for the table")),
        "{out:?}"
    );
    assert!(!out.iter().any(|l| l.starts_with("Error")), "{out:?}");
    assert_eq!(moves(&out).len(), 1, "{out:?}");
    assert!(out.contains(&"pong 1".to_string()), "{out:?}");
}

/// `st 1`: the move must reach XBoard within the second, or XBoard
/// forfeits the engine. A contract test with a generous bound (the
/// margin, and 100 searches a variant, are measured by
/// tests/tools/xboard_st_timing.py: chimera plans 850 ms).
#[test]
#[ignore = "deep tier (real engines, timed): cargo test --release -- --ignored --test-threads 1"]
fn xboard_st_1_answers_within_the_second() {
    // Before the fix, Kozune and xiangqi answered at 1.001–1.010 s.
    let mut longest = std::time::Duration::ZERO;
    for variant in ["kozune", "xiangqi"] {
        let mut live = Live::start("xboard");
        live.send(format!("xboard\nprotover 2\nnew\nvariant {variant}\nst 1\nforce\nping 1\n").as_bytes());
        live.until(|l| l == "pong 1");
        for _ in 0..5 {
            let asked = std::time::Instant::now();
            live.send(b"go\n");
            let out = live.until(|l| l.starts_with("move ") || l.contains(" {") || l == "resign");
            let (at, last) = out.last().expect("an answer");
            assert!(last.starts_with("move "), "{variant}: {out:?}");
            longest = longest.max(*at - asked);
        }
        live.finish();
    }
    assert!(
        longest < std::time::Duration::from_secs(1),
        "st 1 answered in {longest:?}"
    );
}

#[test]
fn xboard_announces_castling_in_the_setup_and_the_king() {
    let out = speak(
        "xboard",
        &[],
        "protover 2\nnew\nvariant kingofthehill\nvariant chessgi\nvariant horde\nvariant shako\nquit\n",
    );
    let setups: Vec<&String> = out.iter().filter(|l| l.starts_with("setup ")).collect();
    assert_eq!(setups.len(), 4, "{out:?}");
    // Before the fix: `w - - 0 1` and a plain `K`, so XBoard refused castling.
    assert!(
        setups[0].ends_with(" 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "{}",
        setups[0]
    );
    assert!(setups[1].ends_with("/RNBQKBNR[-] w KQkq - 0 1"), "{}", setups[1]);
    // Horde's White has no king: `.` for it, or XBoard (whose check test
    // needs a king) refuses every White move.
    assert!(setups[2].starts_with("setup (PNBRQ.pnbrqk) "), "{}", setups[2]);
    assert!(setups[2].ends_with(" w kq - 0 1"), "{}", setups[2]);
    assert!(
        setups[3].ends_with("/ERNBQKBNRE/C8C w KQkq - 0 1"),
        "{}",
        setups[3]
    );
    let kings: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("piece K") || l.starts_with("piece k"))
        .collect();
    // Chess castling; Horde's castles only for Black; Shako's rooks stand a
    // file in from the edge (one `j`).
    assert_eq!(
        kings,
        [
            "piece K& KisO2",
            "piece K& KisO2",
            "piece k KisO2",
            "piece K& KisjO2"
        ],
        "{out:?}"
    );
    assert!(!out.iter().any(|l| l.starts_with("telluser")), "{out:?}");
    // Placement chess castles after its kings are dropped: XBoard cannot
    // know, and the warning says so.
    let out = speak("xboard", &[], "protover 2\nnew\nvariant placement\nquit\n");
    assert!(
        out.iter()
            .any(|l| l.starts_with("telluser chimera, placement:") && l.contains("refuse castling `K`")),
        "{out:?}"
    );
}

#[test]
fn xboard_setboard_keeps_the_castling_rights() {
    // XBoard sends positions of the variants it learnt with setboard, its
    // castling field included: before the fix it was dropped, and castling
    // was refused as illegal.
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let out = speak(
        "xboard",
        &[],
        &format!(
            "protover 2\nnew\nvariant kingofthehill\nforce\nsetboard {fen}\nusermove e1g1\nusermove e8c8\nping 1\n\
             setboard r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w Kq - 0 1\nusermove e1c1\nusermove e1g1\nusermove e8c8\n\
             usermove e8g8\nping 2\nsetboard r3k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R w KQkq - 0 1\nusermove e1c1\n\
             usermove e1g1\nusermove e8g8\nusermove e8c8\nping 3\nquit\n"
        ),
    );
    let illegal: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("Illegal") || l.starts_with("Error"))
        .collect();
    // Only what the rights forbid: white's long castling, black's short
    // one; the last position names rights whose rooks are not there: those
    // are dropped, the others kept.
    assert_eq!(
        illegal,
        [
            "Illegal move: e1c1",
            "Illegal move: e8g8",
            "Illegal move: e1c1",
            "Illegal move: e8g8"
        ],
        "{out:?}"
    );
}

#[test]
fn xboard_leaves_a_win_it_would_not_believe_to_the_loser_s_claim() {
    // King of the hill: White's king steps onto the hill. XBoard tests an
    // engine's claim of its own win in an engine-engine game (`computer`)
    // by its own rules, which know no hill: before the fix the claim came
    // and XBoard gave the game away as a false claim.
    let hill = "setboard 4k3/8/8/8/8/4K3/8/8 w - - 0 1\nsd 2\n";
    let out = speak(
        "xboard",
        &[],
        &format!(
            "protover 2\nnew\nvariant kingofthehill\ncomputer\nforce\n{hill}go\nping 1\nusermove e8d8\nping 2\nquit\n"
        ),
    );
    let played = moves(&out);
    assert_eq!(played.len(), 1, "{out:?}");
    assert!(["e3d4", "e3e4"].contains(&played[0]), "{out:?}");
    let at = |l: &str| out.iter().position(|x| x == l).unwrap_or(usize::MAX);
    let claim = out
        .iter()
        .position(|l| l.starts_with("1-0 {White wins"))
        .expect("a claim");
    // No claim with the move; an opponent that plays on gets it.
    assert!(claim > at("pong 1") && claim < at("pong 2"), "{out:?}");
    // Against a person (no `computer`), XBoard takes claims as they come.
    let out = speak(
        "xboard",
        &[],
        &format!("protover 2\nnew\nvariant kingofthehill\nforce\n{hill}go\nping 1\nquit\n"),
    );
    claim_before_pong(&out, "1-0 {White wins");
    // The loser claims its loss at once: XBoard accepts that as it is.
    let out = speak(
        "xboard",
        &[],
        "protover 2\nnew\nvariant kingofthehill\ncomputer\nforce\nsetboard 4k3/8/8/8/8/4K3/8/8 w - - 0 1\n\
         playother\nusermove e3e4\nping 1\nquit\n",
    );
    claim_before_pong(&out, "1-0 {White wins");
    // Checkmate XBoard sees itself: that claim comes with the move.
    let out = speak(
        "xboard",
        &[],
        "protover 2\nnew\nvariant kingofthehill\ncomputer\nforce\nsetboard 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\nsd 2\ngo\nping 1\nquit\n",
    );
    claim_before_pong(&out, "1-0 {White wins by checkmate");
    // Shatranj, which XBoard plays by its own rules: it believes a bare
    // king only after the bared side's reply, so the claim waits for it.
    let out = speak(
        "xboard",
        &[],
        "protover 2\nnew\nvariant shatranj\ncomputer\nforce\nsetboard k7/8/8/8/8/8/r7/R3K2R w - - 0 1\n\
         sd 2\ngo\nping 1\nusermove a8b8\nping 2\nquit\n",
    );
    assert_eq!(moves(&out), ["a1a2"], "{out:?}");
    let at = |l: &str| out.iter().position(|x| x == l).unwrap_or(usize::MAX);
    let claim = out
        .iter()
        .position(|l| l.starts_with("1-0 {White wins by extinction"))
        .expect("a claim");
    assert!(claim > at("pong 1") && claim < at("pong 2"), "{out:?}");
}

#[test]
fn xboard_names_the_sides_as_xboard_does() {
    // Chu shogi calls its second player white; XBoard calls it Black, and
    // `0-1 {white wins …}` was read as a contradiction. Black (the second
    // player) drops nothing here: the gold on a3 mates.
    let out = speak(
        "xboard",
        &[],
        "protover 2\nnew\nvariant chu\nforce\nsetboard 11k/12/12/12/12/12/12/12/12/gg10/12/K11 b - - 0 1\n\
         sd 2\ngo\nping 1\nquit\n",
    );
    assert_eq!(moves(&out), ["a3a2"], "{out:?}");
    claim_before_pong(&out, "0-1 {Black wins by checkmate}");
    // Xiangqi's red is XBoard's White: `1-0 {red wins …}` before.
    let out = speak(
        "xboard",
        &[],
        "protover 2\nnew\nvariant xiangqi\nforce\nsetboard 3k5/R8/9/9/9/9/9/9/1R7/4K4 w - - 0 1\n\
         sd 2\ngo\nping 1\nquit\n",
    );
    assert!(["b1b9", "b1d1"].contains(&moves(&out)[0]), "{out:?}");
    claim_before_pong(&out, "1-0 {White wins by checkmate}");
}

#[test]
fn xboard_offers_a_draw_it_cannot_be_sure_xboard_would_grant() {
    // Xiangqi, the 100th quiet ply: chimera's count says draw. XBoard's own
    // count (soldiers' moves reset it, checks do not count) may not, and
    // forfeits a draw claim it does not see: in an engine-engine game
    // (`computer`) the draw is offered with the move (XBoard takes an offer
    // for the claim where its rules agree) and the game goes on.
    let fifty = "setboard 3a1k3/9/5a3/9/8r/R8/9/9/9/3K5 w - - 99 60\nsd 1\ngo\nping 1\n";
    let out = speak(
        "xboard",
        &[],
        &format!("protover 2\nnew\nvariant xiangqi\ncomputer\nforce\n{fifty}usermove i5i6\nping 2\nquit\n"),
    );
    assert!(
        !out.iter()
            .any(|l| l.starts_with("1/2-1/2") || l.starts_with("Illegal")),
        "{out:?}"
    );
    let played = moves(&out);
    assert_eq!(played.len(), 2, "{out:?}");
    let offers: Vec<usize> = (0..out.len()).filter(|&i| out[i] == "offer draw").collect();
    assert_eq!(offers.len(), 2, "{out:?}");
    for i in offers {
        assert!(
            out[i + 1].starts_with("move "),
            "the offer comes before the move: {out:?}"
        );
    }
    // Against a person (no `computer`), the draw is claimed with the move.
    let out = speak(
        "xboard",
        &[],
        &format!("protover 2\nnew\nvariant xiangqi\nforce\n{fifty}quit\n"),
    );
    claim_before_pong(&out, "1/2-1/2 {Draw by fifty-move rule}");
    assert!(!out.iter().any(|l| l == "offer draw"), "{out:?}");
}

/// Asserts that the session's output has a claim (a line starting with
/// `claim`) before `pong 1`: it came with the move, not later.
fn claim_before_pong(out: &[String], claim: &str) {
    let at = out.iter().position(|l| l.starts_with(claim)).expect("a claim");
    assert!(
        at < out.iter().position(|l| l == "pong 1").expect("pong"),
        "{out:?}"
    );
}

/// The games of a PGN XBoard saved: (result tag, moves and comments).
fn pgn_games(pgn: &str) -> Vec<(String, String)> {
    pgn.split("[Event ")
        .skip(1)
        .map(|g| {
            let result = g
                .lines()
                .find_map(|l| l.strip_prefix("[Result \""))
                .map(|r| r.trim_end_matches("\"]").to_string())
                .unwrap_or_default();
            let body = g
                .lines()
                .filter(|l| !l.starts_with('['))
                .collect::<Vec<_>>()
                .join(" ");
            (result, body)
        })
        .collect()
}

/// XBoard, headless, runs chimera's own chess-like variants: castling
/// (which XBoard refused while the setup lost the rights and the king did
/// not say it castles), king of the hill (whose win XBoard took for a
/// false claim) and Horde. No forfeit, no false claim, every game ended.
#[test]
#[ignore = "deep tier (real engines, timed): cargo test --release -- --ignored --test-threads 1"]
fn xboard_runs_chimera_s_own_chess_variants_without_forfeits() {
    let bin = env!("CARGO_BIN_EXE_chimera");
    let root = common::root();
    // A variant only chimera knows, where castling long is White's only
    // mate in one: XBoard must accept the castling and put the rook on d1.
    let fixture = root.join("tests/fixtures/castle-mate.toml").display().to_string();
    let opponent = format!("{bin} xboard {fixture}");
    let Some((pgn, log)) = xboard_match_of("castle-mate", &opponent, 2, &[&fixture]) else {
        return;
    };
    check_xboard_game("castle-mate", &pgn, &log);
    let games = pgn_games(&pgn);
    assert_eq!(games.len(), 2, "{pgn}");
    for (result, body) in &games {
        assert_eq!(result, "1-0", "{pgn}");
        assert!(body.contains("1. O-O-O#"), "{pgn}");
    }
    // King of the hill, chimera against itself: the winner on the hill
    // does not claim; the loser does, and XBoard takes it.
    if let Some((pgn, log)) = xboard_match_of("kingofthehill", &format!("{bin} xboard"), 2, &[]) {
        check_xboard_game("kingofthehill", &pgn, &log);
        assert_eq!(pgn_games(&pgn).len(), 2, "{pgn}");
    }
    // And against Fairy-Stockfish, which knows the hill (and claims its
    // own loss, as chimera does); and at Horde, where XBoard refused every
    // move of White (which has no king) before.
    if installed("/usr/games/fairy-stockfish", "fairy-stockfish") {
        for variant in ["kingofthehill", "horde"] {
            if let Some((pgn, log)) = xboard_match_of(variant, "/usr/games/fairy-stockfish", 2, &[]) {
                check_xboard_game(variant, &pgn, &log);
                assert_eq!(pgn_games(&pgn).len(), 2, "{pgn}");
            }
        }
    }
}

/// The `setup` line a session sent, and the table's entries per side (a
/// letter with its `'`/`!`, `^` before a promoted face's base letter).
fn setup_of(out: &[String], size: &str) -> (String, Vec<String>) {
    let setup = out
        .iter()
        .find(|l| l.starts_with("setup (") && l.contains(size))
        .unwrap_or_else(|| panic!("a {size} setup: {out:?}"))
        .clone();
    let table = &setup["setup (".len()..setup.find(')').expect("table")];
    let mut entries = Vec::new();
    let mut chars = table.chars().peekable();
    while let Some(c) = chars.next() {
        let mut e = c.to_string();
        if c == '^' {
            e.push(chars.next().expect("a letter after ^"));
        }
        if let Some(d) = chars.next_if(|&d| d == '\'' || d == '!') {
            e.push(d);
        }
        entries.push(e);
    }
    let white = entries[..entries.len() / 2].to_vec();
    (setup, white)
}

/// Dai, wa and tenjiku shogi have more kinds of pieces than XBoard has
/// letters: they are announced as HaChu writes them, under chu, with
/// XBoard's dressed letters (`L!`, `P'`), each promoted face a type of its
/// own tied to its base by `^`; tenjiku's sixteen ranks included.
#[test]
fn xboard_announces_dai_wa_and_tenjiku_with_dressed_letters() {
    let out = speak(
        "xboard",
        &[],
        "xboard\nprotover 2\nnew\nvariant dai\nvariant wa-shogi\nvariant tenjiku\nping 1\nquit\n",
    );
    let features = out.iter().find(|l| l.starts_with("feature ")).expect("features");
    // XBoard's menu leaves out `dai` and `tenjiku` (its "Alien Edition"
    // names): they are offered under the rules files' names too.
    for name in [
        ",dai,",
        ",dai-shogi,",
        ",wa-shogi,",
        ",tenjiku,",
        ",tenjiku-shogi,",
    ] {
        assert!(features.contains(name), "{features}");
    }
    assert!(!features.contains("chu-shogi"), "{features}");
    let again = speak(
        "xboard",
        &[],
        "protover 2
new
variant dai-shogi
ping 1
quit
",
    );
    assert!(
        again
            .iter()
            .any(|l| l.starts_with("setup (") && l.contains(" 15x15+0_chu ")),
        "{again:?}"
    );
    assert!(!out.iter().any(|l| l.starts_with("Error")), "{out:?}");
    // Dai: HaChu's letters and start array (daiArray), 15 ranks.
    let (dai, white) = setup_of(&out, " 15x15+0_chu ");
    assert!(
        dai.ends_with(
            " lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/\
             4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/\
             LNUICSGKGSCIUNL w - - 0 1"
        ),
        "{dai}"
    );
    // 28 kinds and 26 promoted faces besides the king, each once.
    let used: Vec<&String> = white.iter().filter(|e| *e != ".").collect();
    assert_eq!(used.len(), 55, "{white:?}");
    assert_eq!(white.last().map(String::as_str), Some("K"), "{white:?}");
    let mut unique = used.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), used.len(), "{white:?}");
    for e in ["L!", "P'", "F'", "X'", "C'", "A'", "^P'", "^L", "^O"] {
        assert!(white.contains(&e.to_string()), "{e} in {white:?}");
    }
    // The lion in XBetza (HaChu's `KNADcaKmabK` and igui), the horned
    // falcon's forward lion moves leg by leg.
    for piece in [
        "piece L!& KcaKcabKmaKmabKNAD",
        "piece +O& KcaKcabKmaKmabKNAD",
        "piece +H& BsbRfDfWfcavWfmavW",
        "piece +P'& FsfW",
        "piece P'& vW",
        // The iron general's three forward steps: XBetza's `fK` is one.
        "piece I& fWfF",
    ] {
        assert!(out.iter().any(|l| l == piece), "{piece}: {out:?}");
    }
    // Wa: HaChu's array (waArray), plain letters, 11 ranks.
    let (wa, white) = setup_of(&out, " 11x11+0_chu ");
    assert!(
        wa.ends_with(
            " hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w - - 0 1"
        ),
        "{wa}"
    );
    assert_eq!(white.iter().filter(|e| *e != ".").count(), 31, "{white:?}");
    assert!(out.iter().any(|l| l == "piece +H& vN"), "{out:?}");
    // Tenjiku: 16 ranks; every one of XBoard's 65 types is used.
    let (ten, white) = setup_of(&out, " 16x16+0_chu ");
    assert_eq!(white.len(), 66, "{white:?}");
    assert!(!white.contains(&".".to_string()), "{white:?}");
    assert!(
        ten.contains("/pppppppppppppppp/4d6d4/16/16/16/16/4D6D4/"),
        "{ten}"
    );
    // Its range-jumping generals and fire demon are beyond XBetza: said.
    assert!(
        out.iter().any(|l| l.starts_with("telluser chimera, tenjiku")
            && l.contains("fire demon")
            && l.contains("-testLegality false")),
        "{out:?}"
    );
    assert!(
        !out.iter().any(|l| l.starts_with("telluser chimera, dai")),
        "{out:?}"
    );
}

/// Moves and positions of dai, wa and tenjiku in XBoard's text: ranks from
/// 10 up as numbers, a lion's double move leg by leg, dressed and promoted
/// letters in `setboard`, the engine's answers legal.
#[test]
fn xboard_reads_and_writes_dai_wa_and_tenjiku_moves() {
    // Dai: a lion (L!) on h8 takes the pawn on h9 and goes on to h10; a
    // promoted go-between (+P', a drunk elephant) steps back diagonally,
    // which the go-between (P') cannot.
    let lion = "k14/15/15/15/15/15/7p7/7L!7/15/15/15/15/15/15/14K w - - 0 1";
    let elephant = "k14/15/15/15/15/15/15/7+P'7/15/15/15/15/15/15/14K w - - 0 1";
    let plain = "k14/15/15/15/15/15/15/7P'7/15/15/15/15/15/15/14K w - - 0 1";
    let out = speak(
        "xboard",
        &[],
        &format!(
            "protover 2\nnew\nvariant dai\nforce\nsetboard {lion}\nusermove h8h9,h9h10\nsetboard {lion}\n\
             usermove h8h11\nsetboard {elephant}\nusermove h8g7\nsetboard {plain}\nusermove h8g7\n\
             new\nvariant dai\nforce\nusermove h5h6\nusermove h11h10\nusermove g5g6\ngo\nping 1\nquit\n"
        ),
    );
    let illegal: Vec<&String> = out.iter().filter(|l| l.starts_with("Illegal move")).collect();
    assert_eq!(illegal, ["Illegal move: h8h11", "Illegal move: h8g7"], "{out:?}");
    assert!(!out.iter().any(|l| l.starts_with("Error")), "{out:?}");
    let played = moves(&out);
    assert_eq!(played.len(), 1, "{out:?}");
    assert!(
        legal_after(&variant("dai-shogi.toml"), &["h5h6", "h11h10", "g5g6"], played[0]),
        "{played:?}"
    );
    // Wa: the engine answers from the start and after a few moves.
    let out = speak(
        "xboard",
        &[],
        "protover 2\nnew\nvariant wa-shogi\nforce\nusermove d4d5\nusermove h8h7\ngo\nping 1\nquit\n",
    );
    let played = moves(&out);
    assert_eq!(played.len(), 1, "{out:?}");
    assert!(
        legal_after(&variant("wa-shogi.toml"), &["d4d5", "h8h7"], played[0]),
        "{played:?}"
    );
    // Tenjiku: chimera's own start position sent back with the other side
    // to move is read letter by letter (dressed ones among them); its
    // answer moves the upper rank's pieces, ranks 12 to 16.
    let out = speak("xboard", &[], "protover 2\nnew\nvariant tenjiku\nquit\n");
    let (setup, _) = setup_of(&out, " 16x16+0_chu ");
    let fen = setup
        .rsplit(") 16x16+0_chu ")
        .next()
        .expect("FEN")
        .replace(" w ", " b ");
    let out = speak(
        "xboard",
        &[],
        &format!("protover 2\nnew\nvariant tenjiku\nforce\nsetboard {fen}\nsd 1\ngo\nping 1\nquit\n"),
    );
    assert!(
        !out.iter()
            .any(|l| l.starts_with("Error") || l.starts_with("tellusererror")),
        "{out:?}"
    );
    let played = moves(&out);
    assert_eq!(played.len(), 1, "{out:?}");
    let from_rank: u32 = played[0][1..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .expect("a rank");
    assert!((12..=16).contains(&from_rank), "{played:?}");
    let v = variant("tenjiku-shogi.toml");
    let mut pos = Position::start(&v);
    pos.make(pos.clone().parse_xboard_move("a5a6").expect("a pawn step"));
    assert!(pos.parse_xboard_move(played[0]).is_ok(), "{played:?}");
}

/// XBoard itself, headless, plays chimera against itself at dai, wa and
/// tenjiku shogi from chimera's `setup` and `piece` commands: dai and wa
/// with XBoard's legality testing on, tenjiku (whose generals and fire
/// demon XBetza cannot say) with it off. No illegal move, no forfeit.
#[test]
#[ignore = "deep tier (real engines, timed): cargo test --release -- --ignored --test-threads 1"]
fn xboard_plays_dai_wa_and_tenjiku() {
    let bin = env!("CARGO_BIN_EXE_chimera");
    for (variant, legality) in [("dai", "true"), ("wa-shogi", "true"), ("tenjiku", "false")] {
        let args = [
            "-searchTime",
            "0:01",
            "-depth",
            "1",
            "-adjudicateDrawMoves",
            "12",
            "-testLegality",
            legality,
        ];
        let Some((pgn, log)) = xboard_match_with(variant, &format!("{bin} xboard"), 1, &[], &args) else {
            return;
        };
        check_xboard_game(variant, &pgn, &log);
        assert!(log.contains("<first : move "), "{log}");
    }
}

/// HaChu as a player at dai shogi: it is given `memory` (without which it
/// finds no moves) and sends a lion's double move a leg a line (`move
/// m7l8,` then `move l8m7`), which chimera reads as one move. Before, each
/// game ended in HaChu's forfeit at its first double move.
#[test]
#[ignore = "deep tier (real engines, timed): cargo test --release -- --ignored --test-threads 1"]
fn hachu_plays_dai_against_chimera() {
    if !installed("/usr/games/hachu", "hachu") {
        return;
    }
    let summary = match_against(
        "dai-shogi.toml",
        "xboard:/usr/games/hachu,movetime=200",
        2,
        "engine:depth=1,movetime=100",
    );
    no_protocol_failure("hachu", &summary);
    assert_eq!(summary["games"], 2, "{summary}");
}

/// Sho shogi (no holdings, `+` faces) is announced under chu, with chu's
/// letters (`B` the bishop, `+B` the dragon horse), and reads its own
/// set-up back.
#[test]
fn xboard_announces_sho_shogi_under_chu() {
    let out = speak(
        "xboard",
        &[],
        "protover 2\nnew\nvariant sho-shogi\nping 1\nquit\n",
    );
    let setup = out.iter().find(|l| l.starts_with("setup ")).expect("setup");
    assert!(setup.contains(" 9x9+0_chu "), "{setup}");
    assert!(
        setup.ends_with(" lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL w - - 0 1"),
        "{setup}"
    );
    for piece in [
        "piece B& B",
        "piece +B& BW",
        "piece E& FsfW",
        "piece +E& K",
        "piece +R& RF",
    ] {
        assert!(out.iter().any(|l| l == piece), "{piece}: {out:?}");
    }
    let fen = setup.splitn(4, ' ').nth(3).expect("fen");
    let script =
        format!("protover 2\nnew\nvariant sho-shogi\nsetboard {fen}\nsd 1\nusermove e3e4\nping 1\nquit\n");
    let out = speak("xboard", &[], &script);
    assert!(
        !out.iter()
            .any(|l| l.starts_with("Error") || l.starts_with("Illegal")),
        "{out:?}"
    );
    assert_eq!(moves(&out).len(), 1, "{out:?}");
}

/// XBoard keeps a rank as one character, so on tenjiku's 16 ranks the 16th
/// is `@` and a move from it (`c16b15`) is relayed as a drop (`C@b15`), a
/// move to it as `b15c@`: chimera reads them as the moves they were. Before, it answered "Illegal move"
/// and XBoard waited for ever.
#[test]
fn xboard_reads_a_move_from_the_sixteenth_rank_relayed_as_a_drop() {
    let out = speak(
        "xboard",
        &[],
        "xboard\nprotover 2\nnew\nvariant tenjiku\nforce\nusermove a5a6\nusermove C@b15\nusermove Q@b14\nusermove a6a7\nusermove b15c@\nping 7\nquit\n",
    );
    assert_eq!(
        out.iter()
            .filter(|l| l.starts_with("Illegal move"))
            .collect::<Vec<_>>(),
        ["Illegal move: Q@b14"],
        "{out:?}"
    );
    assert!(out.iter().any(|l| l == "pong 7"), "{out:?}");
}

/// The default run's touch of every real counterpart: one short game each,
/// the engines held to a depth (not a time), so a busy machine cannot decide
/// it. Fairy-Max and Sjaak II over XBoard's protocol, Stockfish over UCI,
/// gpsusi over USI, HaChu at dai shogi. The timed matches are the deep tier.
#[test]
fn each_real_engine_plays_one_short_game() {
    let chimera = "engine:depth=1,movetime=5000";
    for (program, package, variant, player) in [
        (
            "/usr/games/fairymax",
            "fairymax",
            "chess.toml",
            "xboard:/usr/games/fairymax,movetime=5000,depth=1",
        ),
        (
            "/usr/games/sjaakii",
            "sjaakii",
            "xiangqi.toml",
            "xboard:/usr/games/sjaakii,movetime=5000,depth=1",
        ),
        (
            "/usr/games/stockfish",
            "stockfish",
            "chess.toml",
            "uci:/usr/games/stockfish,movetime=5000,depth=1",
        ),
        (
            "/usr/games/gpsusi",
            "gpsshogi",
            "shogi.toml",
            "usi:/usr/games/gpsusi,movetime=5000,LimitDepth=1",
        ),
        (
            "/usr/games/hachu",
            "hachu",
            "dai-shogi.toml",
            "xboard:/usr/games/hachu,movetime=5000,depth=1",
        ),
    ] {
        if !installed(program, package) {
            continue;
        }
        let summary = common::match_summary(variant, chimera, player, 1, 16);
        assert_eq!(summary["games"], 1, "{program}: {summary}");
        no_protocol_failure(program, &summary);
    }
}

/// XBoard itself, headless, once in the default run: a variant only
/// chimera knows, whose one mate in one is castling long. XBoard must take
/// the `setup`, accept the castling and score the mate.
#[test]
fn xboard_plays_a_variant_it_learns_from_chimera() {
    let bin = env!("CARGO_BIN_EXE_chimera");
    let root = common::root();
    let fixture = root.join("tests/fixtures/castle-mate.toml").display().to_string();
    let opponent = format!("{bin} xboard {fixture}");
    let args = ["-searchTime", "0:30", "-depth", "2", "-adjudicateDrawMoves", "20"];
    let Some((pgn, log)) = xboard_match_with("castle-mate", &opponent, 1, &[&fixture], &args) else {
        return;
    };
    check_xboard_game("castle-mate", &pgn, &log);
    let games = pgn_games(&pgn);
    assert_eq!(games.len(), 1, "{pgn}");
    assert_eq!(games[0].0, "1-0", "{pgn}");
    assert!(games[0].1.contains("1. O-O-O#"), "{pgn}");
}
