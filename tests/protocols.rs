//! Engine protocols: transcripts of `chimera uci` driven through its
//! standard input, malformed input included, and random command lines fed to
//! the protocol in memory (it must never panic and must keep answering).
use std::io::Cursor;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use chimera::protocol::uci::Uci;
use chimera::{Position, Variant};
use proptest::prelude::*;

use crate::common;
use crate::live;
use common::{Shared, match_summary, skip, speak, variant};
use live::Live;

/// Runs `chimera uci [args]` with `script` as its input; returns its output
/// lines. The process must end by itself with status 0 (at the end of the
/// input it first lets a running search finish).
fn uci(args: &[&str], script: &str) -> Vec<String> {
    speak("uci", args, script)
}

/// Whether `mv` (UCI) is a legal move after `moves` from the start.
fn legal_after(v: &Arc<Variant>, moves: &[&str], mv: &str) -> bool {
    legal_in(v, moves, mv, chimera::MoveNotation::Uci)
}

/// Whether `mv`, in `notation`, is a legal move after `moves` from the start.
fn legal_in(v: &Arc<Variant>, moves: &[&str], mv: &str, notation: chimera::MoveNotation) -> bool {
    let mut pos = Position::start(v);
    for m in moves {
        let m = pos.parse_move(m).expect("scripted move");
        pos.make(m);
    }
    pos.legal_move_list()
        .iter()
        .any(|m| pos.clone().move_text_as(m, notation) == mv)
}

fn bestmove(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|m| m.split_whitespace().next().unwrap_or(""))
        .collect()
}

#[test]
fn uci_handshake_lists_the_bundled_variants() {
    let out = uci(&[], "uci\nisready\nquit\n");
    assert!(out[0].starts_with("id name chimera"), "{out:?}");
    let option = out
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .expect("UCI_Variant option");
    for name in ["xiangqi", "shogi", "kozune", "ko-shogi", "makruk", "3check"] {
        assert!(
            option.contains(&format!(" var {name}")),
            "{name} missing from {option}"
        );
    }
    assert_eq!(out[out.len() - 2..], ["uciok", "readyok"]);
}

#[test]
fn uci_searches_and_reports_each_iteration() {
    let out = uci(&[], "position startpos moves e2e4 e7e5\ngo depth 3\n");
    let infos: Vec<&String> = out.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 3, "{out:?}");
    for (i, l) in infos.iter().enumerate() {
        assert!(l.starts_with(&format!("info depth {} score cp ", i + 1)), "{l}");
        for field in [" nodes ", " nps ", " time ", " pv "] {
            assert!(l.contains(field), "{field} missing in {l}");
        }
    }
    let best = bestmove(&out);
    assert_eq!(best.len(), 1);
    assert!(
        legal_after(&variant("chess.toml"), &["e2e4", "e7e5"], best[0]),
        "{best:?}"
    );
}

#[test]
fn uci_plays_other_variants_by_uci_variant() {
    let script = "setoption name UCI_Variant value shogi\nposition startpos moves 7g7f\ngo depth 2\n\
                  setoption name UCI_Variant value xiangqi\nposition startpos\ngo depth 2\n\
                  setoption name UCI_Variant value makruk\nposition fen 4k3/8/8/8/8/8/R7/4K3 b - 32 6 1\ngo depth 2\n";
    let out = uci(&[], script);
    let best = bestmove(&out);
    assert_eq!(best.len(), 3, "{out:?}");
    assert!(
        legal_after(&variant("shogi.toml"), &["7g7f"], best[0]),
        "{best:?}"
    );
    assert!(legal_after(&variant("xiangqi.toml"), &[], best[1]), "{best:?}");
    assert!(best[2].starts_with('e'), "the bare king moves: {best:?}");
}

#[test]
fn uci_chess960_castles_king_takes_rook() {
    let out = uci(&[], "uci\n");
    assert!(
        out.iter()
            .any(|l| l == "option name UCI_Chess960 type check default false"),
        "{out:?}"
    );
    let position = "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1\ngo depth 1\n";
    // Chess's own castling is e1g1: e1h1 is no move there.
    let plain = uci(&[], position);
    assert!(
        plain
            .iter()
            .any(|l| l.starts_with("info string illegal move e1h1")),
        "{plain:?}"
    );
    let out = uci(
        &[],
        &format!("setoption name UCI_Chess960 value true\n{position}"),
    );
    assert!(!out.iter().any(|l| l.starts_with("info string")), "{out:?}");
    let v = variant("chess.toml")
        .with_any_file_castling()
        .expect("chess castles as Chess960");
    let mut pos = Position::from_text(&v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("position");
    let m = pos.parse_move("e1h1").expect("castling");
    pos.make(m);
    assert_eq!(pos.to_text(), "r3k2r/8/8/8/8/8/8/R4RK1 b ha - 1 1");
    let best = bestmove(&out);
    assert!(
        pos.legal_move_list()
            .iter()
            .any(|m| pos.clone().move_text_as(m, chimera::MoveNotation::Uci) == best[0]),
        "{best:?}"
    );
    let wrong = uci(&[], "setoption name UCI_Chess960 value maybe\n");
    assert!(
        wrong
            .iter()
            .any(|l| l.contains("UCI_Chess960 is `true` or `false`")),
        "{wrong:?}"
    );
}

#[test]
fn uci_offers_the_files_it_is_given() {
    let out = uci(&["variants/kozune.toml"], "uci\nposition startpos\ngo depth 2\n");
    assert!(
        out.iter()
            .any(|l| l == "option name UCI_Variant type combo default kozune var kozune"),
        "{out:?}"
    );
    assert!(legal_after(&variant("kozune.toml"), &[], bestmove(&out)[0]));
}

#[test]
fn uci_stops_an_infinite_search_and_obeys_clocks() {
    let out = uci(
        &[],
        "position startpos\ngo infinite\nisready\nstop\ngo wtime 2000 btime 2000 winc 10 binc 10\nisready\nquit\n",
    );
    assert_eq!(bestmove(&out).len(), 2, "{out:?}");
    assert!(out.iter().filter(|l| *l == "readyok").count() == 2);
}

#[test]
fn uci_answers_malformed_input_and_keeps_going() {
    let script = "\n   \nbogus command\nposition\nposition fen garbage\nposition startpos moves e2e5\n\
                  position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999\n\
                  setoption name Hash value 0\nsetoption name Threads value lots\nsetoption name Bogus value 16\n\
                  setoption name Move Overhead value -5\nsetoption name Move Overhead value 30\n\
                  setoption name UCI_Variant value nosuch\nsetoption\n\
                  go depth x\ngo depth\ngo sideways 3\nposition startpos\ngo wtime -50 btime -50\n\
                  position startpos moves e2e4\nisready\ngo depth 1\n";
    let out = uci(&[], script);
    let strings: Vec<&String> = out.iter().filter(|l| l.starts_with("info string")).collect();
    for expected in [
        "unknown command: bogus command",
        "position needs",
        "bad position",
        "illegal move e2e5",
        "unknown option: Bogus",
        "Hash is a whole number from 1 to 4096, not `0`",
        "Threads is a whole number from 1 to 256, not `lots`",
        "Move Overhead is a whole number of milliseconds from 0 to 5000, not `-5`",
        "unknown variant: nosuch",
        "setoption needs",
        "`x` is not a number",
        "go depth needs a number",
        "unknown argument `sideways`",
    ] {
        assert!(
            strings.iter().any(|l| l.contains(expected)),
            "no `{expected}` in {strings:#?}"
        );
    }
    assert!(out.contains(&"readyok".to_string()));
    assert_eq!(
        strings.iter().filter(|l| l.contains("Move Overhead")).count(),
        1,
        "{strings:#?}"
    );
    let best = bestmove(&out);
    // Each `go` is answered: the three malformed ones with no move; the
    // clock below zero (a GUI's clock may run past zero) still gives one;
    // the last search starts after e2e4.
    assert_eq!(best[..3], ["0000", "0000", "0000"], "{out:?}");
    assert_eq!(best.len(), 5, "{out:?}");
    assert!(legal_after(&variant("chess.toml"), &[], best[3]));
    assert!(legal_after(&variant("chess.toml"), &["e2e4"], best[4]));
}

const WORDS: &[&str] = &[
    "uci",
    "isready",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "depth",
    "1",
    "2",
    "movetime",
    "10",
    "wtime",
    "btime",
    "winc",
    "-5",
    "infinite",
    "stop",
    "setoption",
    "name",
    "value",
    "UCI_Variant",
    "shogi",
    "chess",
    "e2e4",
    "e7e5",
    "7g7f",
    "P*5e",
    "a1a8",
    "8/8/8/8/8/8/8/8",
    "w",
    "-",
    "0",
    "ucinewgame",
    "ÿ",
    "\u{0}",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, .. ProptestConfig::default() })]

    #[test]
    fn uci_never_panics_on_random_commands(
        lines in proptest::collection::vec(proptest::collection::vec(proptest::sample::select(WORDS), 0..8), 1..8)
    ) {
        let variants = vec![
            ("chess".to_string(), variant("chess.toml")),
            ("shogi".to_string(), variant("shogi.toml")),
        ];
        let out = Shared::default();
        let mut uci = Uci::new(variants, Box::new(out.clone())).expect("session");
        let mut script: String = lines.iter().map(|l| l.join(" ") + "\n").collect();
        script.push_str("stop\nisready\n");
        // Keep searches short: depth 1 at most.
        let script = script.replace("infinite", "depth 1").replace("movetime 10", "depth 1");
        let script = script.replace("go\n", "go depth 1\n");
        uci.run(Cursor::new(script));
        let text = String::from_utf8_lossy(&out.0.lock().expect("lock")).to_string();
        prop_assert!(text.lines().any(|l| l == "readyok"), "{}", text);
    }
}

#[test]
fn uci_searches_by_nodes_with_threads_and_hash() {
    let out = uci(
        &[],
        "uci\nsetoption name Threads value 2\nsetoption name Hash value 8\nposition startpos\ngo nodes 3000\nisready\n",
    );
    assert!(
        out.iter().any(|l| l.starts_with("option name Threads type spin")),
        "{out:?}"
    );
    assert!(
        out.iter().any(|l| l.starts_with("option name Hash type spin")),
        "{out:?}"
    );
    assert!(!out.iter().any(|l| l.starts_with("info string")), "{out:?}");
    assert!(legal_after(&variant("chess.toml"), &[], bestmove(&out)[0]));
}

#[test]
fn uci_quit_stops_a_search_at_once() {
    let out = uci(&[], "position startpos\ngo infinite\nquit\n");
    assert!(bestmove(&out).len() <= 1, "{out:?}");
}

/// python-chess, a real UCI client, plays chimera at six variants it knows
/// (tests/tools/uci_client.py). Skipped without python-chess, except in CI.
#[test]
fn python_chess_plays_chimera_over_uci() {
    let args = [env!("CARGO_BIN_EXE_chimera").to_string()];
    if let Some(out) = common::python_tool("uci_client.py", &args, "python-chess and chimera disagree") {
        println!("{}", out.trim());
    }
}

#[test]
fn every_variant_file_is_bundled() {
    let dir = common::root().join("variants");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("variants/")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml") && !n.ends_with(".weights.toml"))
        .map(|n| n.trim_end_matches(".toml").to_string())
        .collect();
    files.sort();
    let bundled: Vec<String> = chimera::bundled::VARIANTS
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    assert_eq!(bundled, files, "src/bundled.rs must list every file in variants/");
    for (name, text) in chimera::bundled::VARIANTS {
        assert_eq!(
            *text,
            std::fs::read_to_string(dir.join(format!("{name}.toml"))).expect("file")
        );
    }
}

/// `chimera match` with an external UCI player; returns the summary line.
/// Both sides are held to a depth with a generous time, so that a busy
/// machine cannot decide a game on the clock (timed games are the deep
/// tier: tests/xboard.rs, tests/search.rs).
fn match_against(variant: &str, b: &str, games: u32) -> serde_json::Value {
    match_summary(variant, "engine:depth=1,movetime=5000", b, games, 60)
}

#[test]
fn chimera_plays_itself_through_uci() {
    let bin = env!("CARGO_BIN_EXE_chimera");
    let summary = match_against("kozune.toml", &format!("uci:{bin} uci,depth=1,movetime=5000"), 2);
    assert_eq!(summary["games"], 2);
    let reasons = summary["reasons"].as_object().expect("reasons");
    for bad in ["illegal move", "time forfeit", "engine failure"] {
        assert!(!reasons.contains_key(bad), "{summary}");
    }
}

#[test]
fn external_engine_failures_lose_with_their_reason() {
    let fake = common::root().join("tests/tools/fake_uci.sh");
    let fake = fake.display();
    for (mode, reason) in [
        ("illegal", "illegal move"),
        ("silent", "time forfeit"),
        ("crash", "engine failure"),
        ("resign", "resignation"),
    ] {
        // The silent engine's turn ends at its deadline (movetime + 2 s);
        // the others answer at once, within a deadline of 10 s.
        let movetime = if mode == "silent" { 10 } else { 5000 };
        let summary = match_against(
            "kozune.toml",
            &format!("uci:{fake} {mode},movetime={movetime}"),
            1,
        );
        assert_eq!(summary["wins"], 1, "{mode}: {summary}");
        assert_eq!(summary["reasons"][reason], 1, "{mode}: {summary}");
    }
}

#[test]
fn an_engine_without_the_variant_is_refused_before_the_match() {
    let root = common::root();
    let fake = root.join("tests/tools/fake_uci.sh");
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .current_dir(root)
        .args(["match", "variants/shogi.toml", "--games", "1", "--b"])
        .arg(format!("uci:{} illegal", fake.display()))
        .output()
        .expect("chimera runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("does not offer the variant `shogi`"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .current_dir(root)
        .args([
            "match",
            "variants/chess.toml",
            "--games",
            "1",
            "--b",
            "uci:/no/such/engine",
        ])
        .output()
        .expect("chimera runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot start UCI engine"));
}

/// Debian's fairy-stockfish (UCI) against chimera at shogi, xiangqi and
/// makruk: the games end by the rules, never by a protocol failure.
#[test]
fn fairy_stockfish_plays_chimera_over_uci() {
    let fsf = "/usr/games/fairy-stockfish";
    if !Path::new(fsf).exists() {
        return skip("fairy-stockfish is not installed (apt-get install fairy-stockfish)");
    }
    for variant in ["shogi.toml", "xiangqi.toml", "makruk.toml"] {
        let summary = match_against(variant, &format!("uci:{fsf},depth=1,movetime=5000"), 2);
        let reasons = summary["reasons"].as_object().expect("reasons");
        for bad in ["illegal move", "time forfeit", "engine failure"] {
            assert!(!reasons.contains_key(bad), "{variant}: {summary}");
        }
    }
}

#[test]
fn shogi_positions_reach_engines_as_fairy_stockfish_fen() {
    let v = variant("shogi.toml");
    let pos = Position::from_text(
        &v,
        "lnsgkgsnl/1r5b1/pppppp3/9/9/9/PPPPPP3/1B5R1/LNSGKGSNL w 2Pp 6",
    )
    .expect("sfen");
    assert_eq!(
        chimera::game::external::fen_for_engines(&pos),
        "lnsgkgsnl/1r5b1/pppppp3/9/9/9/PPPPPP3/1B5R1/LNSGKGSNL[PPp] b - - 0 3"
    );
}

#[test]
fn usi_plays_shogi_with_sfen_and_byoyomi() {
    let script = "usi\nisready\nusinewgame\nposition startpos moves 7g7f 3c3d\ngo btime 1000 wtime 1000 byoyomi 200\n\
                  position sfen 8k/9/9/9/9/9/9/1r7/Kr7 b - 1\ngo depth 2\n\
                  position fen rnbqkbnr/8/8/8/8/8/8/8 w - - 0 1\nposition sfen nonsense\ngo byoyomi x\n\
                  setoption name USI_Variant value minishogi\nposition startpos\ngo depth 2\n";
    let out = speak("usi", &[], script);
    assert!(
        out.iter()
            .any(|l| l.starts_with("option name USI_Variant type combo default shogi var shogi")),
        "{out:?}"
    );
    assert!(out.contains(&"usiok".to_string()) && out.contains(&"readyok".to_string()));
    let best = bestmove(&out);
    // The third `go` has no position to search (the last one was refused).
    assert_eq!(best.len(), 4, "{out:?}");
    assert!(
        legal_in(
            &variant("shogi.toml"),
            &["7g7f", "3c3d"],
            best[0],
            chimera::MoveNotation::Usi
        ),
        "{best:?}"
    );
    assert_eq!(best[1..3], ["resign", "resign"], "a mated side resigns");
    assert!(
        legal_in(
            &variant("minishogi.toml"),
            &[],
            best[3],
            chimera::MoveNotation::Usi
        ),
        "{best:?}"
    );
    for expected in [
        "position needs `startpos` or `sfen <position>`",
        "bad position",
        "`x` is not a number",
    ] {
        assert!(
            out.iter()
                .any(|l| l.starts_with("info string") && l.contains(expected)),
            "no `{expected}` in {out:#?}"
        );
    }
}

#[test]
fn go_after_a_refused_position_plays_no_stale_move() {
    // Before the fix, the first `go` answered a move for 1. e4 (g8f6).
    let out = uci(
        &[],
        "position startpos moves e2e4\nposition fen garbage\ngo depth 2\n\
         position startpos moves e2e4 e7e5\nposition startpos moves e2e4 e2e4\ngo depth 2\n\
         position startpos moves e2e4\ngo depth 2\n",
    );
    assert_eq!(bestmove(&out)[..2], ["0000", "0000"], "{out:?}");
    assert!(
        legal_after(&variant("chess.toml"), &["e2e4"], bestmove(&out)[2]),
        "{out:?}"
    );
    let refused: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("info string no position to search"))
        .collect();
    assert_eq!(refused.len(), 2, "{out:?}");
    assert!(refused[0].contains("bad position") && refused[1].contains("illegal move e2e4"));
    // Nothing is searched for the refused ones: the only lines of a search
    // are the last one's.
    let first_info = out
        .iter()
        .position(|l| l.starts_with("info depth"))
        .expect("a search");
    let second_refusal = out.iter().position(|l| l == refused[1]).expect("refusal");
    assert!(first_info > second_refusal, "{out:?}");
    // USI answers a `go` without a position by resigning.
    let out = speak(
        "usi",
        &[],
        "position startpos moves 7g7f\nposition sfen garbage\ngo byoyomi 100\n",
    );
    assert_eq!(bestmove(&out), ["resign"], "{out:?}");
    assert!(!out.iter().any(|l| l.starts_with("info depth")), "{out:?}");
}

#[test]
fn go_refuses_numbers_below_zero_and_garbage() {
    // Before the fix, `go byoyomi -5` searched (as byoyomi 0).
    let out = speak("usi", &[], "position startpos\ngo byoyomi -5\n");
    assert_eq!(bestmove(&out), ["resign"], "{out:?}");
    assert!(
        out.iter()
            .any(|l| l == "info string go byoyomi: `-5` is below zero"),
        "{out:?}"
    );
    assert!(!out.iter().any(|l| l.starts_with("info depth")), "{out:?}");
    for go in [
        "go movetime -5",
        "go depth -1",
        "go nodes -3",
        "go winc -10 wtime 1000",
        "go movestogo -1 wtime 1000",
        "go movetime 12x",
        "go depth 1e9",
        "go mate -2",
    ] {
        let out = uci(&[], &format!("position startpos\n{go}\n"));
        assert_eq!(bestmove(&out), ["0000"], "{go}: {out:?}");
        assert!(
            out.iter().any(|l| l.starts_with("info string go ")
                && (l.contains("below zero") || l.contains("not a number"))),
            "{go}: {out:?}"
        );
        assert!(!out.iter().any(|l| l.starts_with("info depth")), "{go}: {out:?}");
    }
    // A clock below zero is a clock run out (some GUIs let it): a move at once.
    // A time too long for the clock is no limit at all (depth decides); a
    // depth too large is the deepest.
    let out = uci(
        &[],
        "position startpos\ngo wtime -50 btime -50\ngo movetime 99999999999999999999999 depth 2\n\
         position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\ngo depth 99999999999999999999999\n",
    );
    assert_eq!(bestmove(&out).len(), 3, "{out:?}");
    assert!(!out.iter().any(|l| l.starts_with("info string")), "{out:?}");
}

/// The depth of an `info depth N …` line.
fn info_depth(line: &str) -> Option<i32> {
    line.strip_prefix("info depth ")?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[test]
fn go_without_limits_searches_until_stop() {
    use std::time::Instant;
    // Before the fix, a bare `go` answered at depth 4, at once. Now it, `go
    // infinite` and `go ponder` search until `stop` — even where there is
    // nothing more to find (a mate in one). The transcript: iterations
    // past `depth` reported and no `bestmove` before `stop` is sent, one
    // after.
    for (position, go, depth) in [
        ("startpos", "go", 5),
        ("startpos moves e2e4", "go infinite", 5),
        ("fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", "go", 3),
        ("startpos", "go ponder", 5),
    ] {
        let mut live = Live::start("uci");
        live.send(format!("position {position}\n{go}\n").as_bytes());
        let before = live.until(|l| info_depth(l).is_some_and(|d| d >= depth) || l.starts_with("bestmove"));
        let (_, last) = before.last().expect("a line");
        assert!(
            !last.starts_with("bestmove"),
            "{go}: answered before `stop`: {before:?}"
        );
        let stopped = Instant::now();
        live.send(b"stop\nisready\n");
        let out = live.finish();
        let best: Vec<&(Instant, String)> = out.iter().filter(|(_, l)| l.starts_with("bestmove")).collect();
        assert_eq!(best.len(), 1, "{go}: {out:?}");
        // Read after `stop` was sent (an order, not a duration).
        assert!(best[0].0 >= stopped, "{go}: answered before `stop`: {out:?}");
    }
}

/// For each `bestmove`, whether it is the first move of the last `pv`
/// reported before it; the mismatches.
fn bestmove_pv_mismatches(out: &[String]) -> Vec<String> {
    let mut last_pv: Option<String> = None;
    let mut bad = Vec::new();
    for l in out {
        if l.starts_with("info depth") {
            last_pv = l
                .split(" pv ")
                .nth(1)
                .and_then(|p| p.split_whitespace().next())
                .map(str::to_string);
        } else if let Some(m) = l.strip_prefix("bestmove ") {
            let m = m.split_whitespace().next().unwrap_or("");
            if last_pv.as_deref().is_some_and(|p| p != m) {
                bad.push(format!(
                    "bestmove {m} after pv {}",
                    last_pv.clone().unwrap_or_default()
                ));
            }
            last_pv = None;
        }
    }
    bad
}

#[test]
fn bestmove_is_the_first_move_of_the_last_pv() {
    bestmove_matches_the_pv(13_000);
}

#[test]
#[ignore = "deep tier: cargo test --release -- --ignored"]
fn bestmove_is_the_first_move_of_the_last_pv_deeply() {
    bestmove_matches_the_pv(1300);
}

fn bestmove_matches_the_pv(step: usize) {
    // Repeated searches over a warm table, stopped by node counts (as
    // repeatable as a search gets) inside an iteration: before the fix the
    // unfinished iteration's move was played without being reported (10
    // of these 322 searches: in chess, shogi and Kozune).
    let cases: [(&str, &[&str]); 4] = [
        (
            "chess",
            &[
                "startpos",
                "startpos moves e2e4 e7e5 g1f3",
                "fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            ],
        ),
        ("shogi", &["startpos", "startpos moves 7g7f 3c3d"]),
        ("xiangqi", &["startpos"]),
        ("kozune", &["startpos"]),
    ];
    let mut searches = 0;
    for (name, positions) in cases {
        let mut script = format!("setoption name UCI_Variant value {name}\n");
        for nodes in (1000..60_000).step_by(step) {
            for p in positions {
                script.push_str(&format!("position {p}\ngo nodes {nodes}\n"));
            }
        }
        let out = uci(&[], &script);
        searches += bestmove(&out).len();
        let bad = bestmove_pv_mismatches(&out);
        assert!(bad.is_empty(), "{name}: {bad:?}");
        // Every answer was reported with a line first.
        assert_eq!(
            out.iter().filter(|l| l.starts_with("bestmove")).count(),
            (1000..60_000).step_by(step).count() * positions.len(),
            "{name}"
        );
    }
    assert_eq!(searches, (1000..60_000).step_by(step).count() * 7);
}

/// Writes `bytes` to `chimera <protocol>` and returns its output lines.
fn speak_bytes(protocol: &str, bytes: &[u8]) -> Vec<String> {
    let mut live = Live::start(protocol);
    live.send(bytes);
    live.finish().into_iter().map(|(_, l)| l).collect()
}

#[test]
fn lines_that_are_not_utf8_are_skipped_with_a_message() {
    // Before the fix, the first such byte ended the session in silence.
    for (protocol, hello) in [("uci", "uciok"), ("usi", "usiok")] {
        let out = speak_bytes(
            protocol,
            format!("{protocol}\n\u{0}\n")
                .as_bytes()
                .iter()
                .chain(b"\xff\xfe go\nisready\r\nposition startpos\ngo depth 1\n")
                .copied()
                .collect::<Vec<u8>>()
                .as_slice(),
        );
        assert!(out.iter().any(|l| l == hello), "{out:?}");
        assert!(
            out.iter()
                .any(|l| l.starts_with("info string ignored a line that is not UTF-8")),
            "{out:?}"
        );
        assert!(out.iter().any(|l| l == "readyok"), "{out:?}");
        assert_eq!(bestmove(&out).len(), 1, "{protocol}: {out:?}");
    }
}

/// `chimera uci` under a memory limit (`ulimit -v`, kilobytes).
fn uci_within(kb: u64, script: &str) -> Vec<String> {
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(format!("ulimit -v {kb}; exec \"$0\" uci"))
        .arg(env!("CARGO_BIN_EXE_chimera"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("bash runs");
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), script.as_bytes()).expect("written");
    let out = child.wait_with_output().expect("chimera ends");
    assert!(out.status.success(), "{:?}", out.status);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn hash_above_the_largest_table_is_cut_to_it() {
    // Before the fix, the table took what was asked, up to 64 GiB. Here
    // within 1 GB of address space: the cut table, then what could be had.
    let out = uci_within(
        1_000_000,
        "uci\nsetoption name Hash value 99999999999999999999999\nisready\n",
    );
    assert!(
        out.iter()
            .any(|l| l == "option name Hash type spin default 64 min 1 max 4096"),
        "{out:?}"
    );
    assert!(
        out.iter().any(|l| l
            .starts_with("info string Hash 18446744073709551615 is more than the largest table: 4096 MiB")),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("info string Hash: only ") && l.ends_with(" MiB could be had")),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l == "readyok"), "{out:?}");
    // USI GUIs set the table with `USI_Hash`.
    let out = speak("usi", &[], "setoption name USI_Hash value 8\nisready\n");
    assert!(!out.iter().any(|l| l.starts_with("info string")), "{out:?}");
    let out = speak("usi", &[], "setoption name USI_Hash value -8\nisready\n");
    assert!(
        out.iter()
            .any(|l| l.contains("USI_Hash is a whole number from 1 to 4096")),
        "{out:?}"
    );
}

/// The game layer does not reach up into the protocols: time budgets live
/// in `game::clock`, which the protocols use.
#[test]
fn the_game_does_not_depend_on_the_protocols() {
    fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).expect("dir") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(&common::root().join("src/game"), &mut files);
    assert!(files.len() > 5);
    for f in files {
        let text = std::fs::read_to_string(&f).expect("source");
        assert!(
            !text.contains("crate::protocol") && !text.contains("super::super::protocol"),
            "{} uses the protocols",
            f.display()
        );
    }
}

#[test]
fn uci_refuses_a_move_that_repeats_where_repeating_is_illegal() {
    // Chu shogi: h12g12 recreates the first position (a repetition is an
    // illegal move there); the refused position is not searched.
    let out = uci(
        &[],
        "setoption name UCI_Variant value chu-shogi\n\
         position fen 6k5/12/12/12/12/12/12/12/12/12/12/5K6 w - - 0 1 moves f1e1 g12h12 e1f1 h12g12\ngo depth 1\n",
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("info string") && l.contains("repeats an earlier position")),
        "{out:?}"
    );
    assert_eq!(bestmove(&out), ["0000"], "{out:?}");
}

#[test]
fn a_position_that_extends_the_last_plays_only_its_new_moves_and_judges_them_alike() {
    // The same game sent move by move, as a GUI does: the repetition is
    // found across the moves kept from the last command, a refused
    // extension leaves no position, and a line that is not an extension
    // (another start) is played from its own start.
    let fen = "6k5/12/12/12/12/12/12/12/12/12/12/5K6 w - - 0 1";
    let out = uci(
        &[],
        &format!(
            "setoption name UCI_Variant value chu-shogi\n\
             position fen {fen} moves f1e1\n\
             position fen {fen} moves f1e1 g12h12\n\
             position fen {fen} moves f1e1 g12h12 e1f1\ngo depth 1\n\
             position fen {fen} moves f1e1 g12h12 e1f1 h12g12\ngo depth 1\n\
             position fen {fen} moves f1e1 g12h12 e1f1 h12i12\ngo depth 1\n"
        ),
    );
    let moves = bestmove(&out);
    assert_eq!(moves.len(), 3, "{out:?}");
    assert_ne!(moves[0], "0000", "{out:?}");
    assert_eq!(moves[1], "0000", "a repetition across the kept moves: {out:?}");
    assert_ne!(moves[2], "0000", "{out:?}");
    // Chess: after 1. e4 e5, a line from another start, then an extension
    // of a refused line.
    let out = uci(
        &[],
        "position startpos moves e2e4 e7e5\n\
         position startpos moves d2d4\ngo depth 1\n\
         position startpos moves e2e4 e2e4\n\
         position startpos moves e2e4 e2e4 e7e5\ngo depth 1\n\
         position startpos moves e2e4\ngo depth 1\n",
    );
    let moves = bestmove(&out);
    let chess = variant("chess.toml");
    assert!(legal_after(&chess, &["d2d4"], moves[0]), "{out:?}");
    assert_eq!(moves[1], "0000", "{out:?}");
    assert!(legal_after(&chess, &["e2e4"], moves[2]), "{out:?}");
}
