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

mod common;
use common::{Shared, match_summary, skip, speak};

/// Runs `chimera uci [args]` with `script` as its input; returns its output
/// lines. The process must end by itself with status 0 (at the end of the
/// input it first lets a running search finish).
fn uci(args: &[&str], script: &str) -> Vec<String> {
    speak("uci", args, script)
}

fn variant(name: &str) -> Arc<Variant> {
    chimera::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("variants").join(name)).expect("variant loads")
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
                  setoption name UCI_Variant value nosuch\nsetoption\n\
                  go depth x\ngo depth\ngo sideways 3\ngo wtime -50 btime -50\n\
                  position startpos moves e2e4\nisready\ngo depth 1\n";
    let out = uci(&[], script);
    let strings: Vec<&String> = out.iter().filter(|l| l.starts_with("info string")).collect();
    for expected in [
        "unknown command: bogus command",
        "position needs",
        "bad position",
        "illegal move e2e5",
        "unknown option: Bogus",
        "Hash is a whole number from 1 to 65536, not `0`",
        "Threads is a whole number from 1 to 256, not `lots`",
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
    let best = bestmove(&out);
    // The clock below zero still gives a move; the last search starts after e2e4.
    assert_eq!(best.len(), 2, "{out:?}");
    assert!(legal_after(&variant("chess.toml"), &["e2e4"], best[1]));
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
    #![proptest_config(ProptestConfig { cases: 150, .. ProptestConfig::default() })]

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
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
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
fn match_against(variant: &str, b: &str, games: u32) -> serde_json::Value {
    match_summary(variant, "engine:depth=1,movetime=50", b, games, 60)
}

#[test]
fn chimera_plays_itself_through_uci() {
    let bin = env!("CARGO_BIN_EXE_chimera");
    let summary = match_against("kozune.toml", &format!("uci:{bin} uci,movetime=30"), 2);
    assert_eq!(summary["games"], 2);
    let reasons = summary["reasons"].as_object().expect("reasons");
    for bad in ["illegal move", "time forfeit", "engine failure"] {
        assert!(!reasons.contains_key(bad), "{summary}");
    }
}

#[test]
fn external_engine_failures_lose_with_their_reason() {
    let fake = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tools/fake_uci.sh");
    let fake = fake.display();
    for (mode, reason) in [
        ("illegal", "illegal move"),
        ("silent", "time forfeit"),
        ("crash", "engine failure"),
        ("resign", "resignation"),
    ] {
        let summary = match_against("kozune.toml", &format!("uci:{fake} {mode},movetime=10"), 1);
        assert_eq!(summary["wins"], 1, "{mode}: {summary}");
        assert_eq!(summary["reasons"][reason], 1, "{mode}: {summary}");
    }
}

#[test]
fn an_engine_without_the_variant_is_refused_before_the_match() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
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
        let summary = match_against(variant, &format!("uci:{fsf},movetime=20"), 2);
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
    assert_eq!(best.len(), 3, "{out:?}");
    assert!(
        legal_in(
            &variant("shogi.toml"),
            &["7g7f", "3c3d"],
            best[0],
            chimera::MoveNotation::Usi
        ),
        "{best:?}"
    );
    assert_eq!(best[1], "resign", "a mated side resigns");
    assert!(
        legal_in(
            &variant("minishogi.toml"),
            &[],
            best[2],
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
