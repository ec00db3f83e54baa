//! `chimera bench`: the fixed benchmark set counts the right nodes (speed
//! itself is measured, never asserted), and its options refuse nonsense.
use std::path::Path;
use std::time::Duration;

use crate::common;
use chimera::bench::TimedSearch;
use common::{chimera, skip};

#[test]
fn the_quick_set_counts_known_perft_numbers() {
    let out = chimera(&["bench", "--quick", "--runs", "2", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    let chimera_lines: Vec<_> = lines.iter().filter(|l| l["engine"] == "chimera").collect();
    // Chess, kiwipete, shogi and crazyhouse: published perft numbers
    // (tests/data/SOURCES.md); Ko shogi's is in its rules file's tests; the
    // other seed games' are regression figures of this generator.
    let expected: &[(&str, u64, u64)] = &[
        ("chess start", 5, 4_865_609),
        ("chess kiwipete", 4, 4_085_603),
        ("shogi start", 4, 719_731),
        ("crazyhouse start", 4, 197_281),
        ("Ko shogi start", 2, 50_940),
        ("Kozune start", 3, 915_552),
        ("Pocket Shogi Copper start", 3, 332_096),
        ("WWII Chess start", 4, 457_908),
    ];
    assert_eq!(chimera_lines.len(), expected.len(), "{lines:?}");
    for (line, &(case, depth, nodes)) in chimera_lines.iter().zip(expected) {
        assert_eq!(line["case"], case);
        assert_eq!(line["depth"], depth, "{case}");
        assert_eq!(line["nodes"], nodes, "{case}");
        let seconds = line["seconds"].as_f64().expect("seconds");
        let nps = line["nps"].as_f64().expect("nps");
        assert!(seconds > 0.0 && nps > 0.0, "{line}");
        // nodes/s is the nodes over the (fastest run's) time.
        assert!((nps * seconds / nodes as f64 - 1.0).abs() < 0.01, "{line}");
    }
}

#[test]
fn bench_options_refuse_nonsense() {
    for args in [
        &["bench", "--runs", "0"][..],
        &["bench", "--search", "--runs", "2"],
        &["bench", "--threads", "2"],
        &["bench", "--fsf", "/usr/games/fairy-stockfish"],
        &["bench", "--search", "--only", "chess"],
        &[
            "bench",
            "--search",
            "--fsf",
            "/usr/games/fairy-stockfish",
            "--threads",
            "2",
        ],
        &[
            "bench",
            "--search",
            "--fsf",
            "/usr/games/fairy-stockfish",
            "--runs",
            "2",
        ],
    ] {
        let out = chimera(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

/// `bench --suite fsf`: a reference whose count agrees gets a ratio; one
/// whose count differs is reported as a difference, never as a speed.
#[test]
fn fsf_suite_compares_counts_before_speeds() {
    struct Fake(u64);
    impl chimera::bench::FsfRunner for Fake {
        fn perft(&self, _variant: &str, _depth: u32) -> Result<u64, String> {
            Ok(self.0)
        }
        fn search(&self, _variant: &str, _movetime: Duration) -> Result<TimedSearch, String> {
            Err("perft only".into())
        }
    }
    assert_eq!(chimera::bench::FSF_SUITE.len(), 28);
    for name in chimera::bench::FSF_SUITE.iter().map(|(n, _)| n) {
        assert!(
            chimera::bundled::VARIANTS.iter().any(|(b, _)| b == name),
            "{name}"
        );
    }
    let only = ["chess".to_string()];
    for (count, agrees) in [(4_865_609, true), (4_865_610, false)] {
        let (mut ratios, mut differ) = (Vec::new(), Vec::new());
        chimera::bench::run_fsf_suite(
            true,
            1,
            &only,
            Some(&Fake(count)),
            |m, r| ratios.push((m.engine.clone(), r)),
            |n, ours, theirs| differ.push((n.to_string(), ours, theirs)),
        );
        if agrees {
            assert_eq!(ratios.len(), 2, "{ratios:?}");
            assert!(ratios[1].1.is_some_and(|r| r > 0.0), "{ratios:?}");
            assert!(differ.is_empty());
        } else {
            assert_eq!(ratios.len(), 1, "only chimera's own line: {ratios:?}");
            assert_eq!(differ, [("chess".to_string(), 4_865_609, 4_865_610)]);
        }
    }
}

/// `bench --search --fsf`, against a stand-in: Fairy-Stockfish's last
/// `info` line is read, chimera searches for the time, the ratio is of
/// their speeds; a failing Fairy-Stockfish or an unknown variant ends the
/// run with the reason.
#[test]
fn search_against_fsf_reports_both_engines_and_their_ratio() {
    let info =
        "info depth 15 seldepth 21 multipv 1 score cp 40 nodes 395279 nps 394490 tbhits 0 time 1002 pv e2e4";
    let read = chimera::bench::uci_info("Fairy-Stockfish", info).expect("an info line with nodes");
    assert_eq!(
        (read.depth, read.nodes, read.nps, read.seconds),
        (15, 395_279, 394_490.0, 1.002)
    );
    assert!(chimera::bench::uci_info("F", "info string variant shogi files 9").is_none());
    assert!(chimera::bench::uci_info("F", "info depth 3 currmove e2e4 currmovenumber 1").is_none());

    struct Fake(Option<f64>);
    impl chimera::bench::FsfRunner for Fake {
        fn perft(&self, _variant: &str, _depth: u32) -> Result<u64, String> {
            Err("search only".into())
        }
        fn search(&self, _variant: &str, _movetime: Duration) -> Result<TimedSearch, String> {
            let mut s =
                chimera::bench::uci_info("Fairy-Stockfish", "info depth 9 nodes 5000 nps 50000 time 100")
                    .expect("info");
            s.nps = self.0.ok_or("it crashed")?;
            Ok(s)
        }
    }
    let only = ["chess".to_string()];
    let mut lines = Vec::new();
    let t = Duration::from_millis(100);
    let done =
        chimera::bench::run_fsf_search(t, &only, &Fake(Some(50_000.0)), |case, ours, theirs, ratio| {
            lines.push(chimera::bench::format_vs_line(case, ours, theirs, ratio));
            assert_eq!(
                (ours.engine.as_str(), theirs.engine.as_str()),
                ("chimera", "Fairy-Stockfish")
            );
            assert!(ours.nodes > 0 && ours.depth >= 1 && ours.best != "-", "{ours:?}");
            assert!((ratio - ours.nps / 50_000.0).abs() < 1e-9, "{ratio}");
        })
        .expect("a run");
    assert_eq!(done.len(), 1);
    assert!(
        lines[0].starts_with("chess ") && lines[0].contains("chimera/Fairy-Stockfish = "),
        "{lines:?}"
    );
    let failed = chimera::bench::run_fsf_search(t, &only, &Fake(None), |_, _, _, _| panic!("no report"));
    assert_eq!(failed.unwrap_err(), "chess: Fairy-Stockfish: it crashed");
    let unknown = ["no-such-game".to_string()];
    let failed =
        chimera::bench::run_fsf_search(t, &unknown, &Fake(Some(1.0)), |_, _, _, _| panic!("no report"));
    assert!(
        failed
            .unwrap_err()
            .contains("`no-such-game` is not a bundled variant")
    );
}

/// A Fairy-Stockfish that is missing or not a UCI engine is an error
/// (exit 2, the reason on standard error), never a panic.
#[test]
fn search_against_a_missing_fsf_is_an_error() {
    for fsf in ["/no/such/fairy-stockfish", "/bin/false"] {
        let out = chimera(&["bench", "--search", "--quick", "--fsf", fsf, "--only", "chess"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{fsf}: {err}");
        assert!(err.contains("error: chess: Fairy-Stockfish: "), "{fsf}: {err}");
        assert!(!err.contains("panicked"), "{fsf}: {err}");
    }
}

/// The real comparison, shallow: Debian's fairy-stockfish and chimera each
/// search chess and xiangqi for a second (`--quick`); the JSON has both
/// engines' lines and the ratio. Speeds are printed, never asserted.
#[test]
fn search_against_real_fairy_stockfish() {
    let fsf = "/usr/games/fairy-stockfish";
    if !Path::new(fsf).exists() {
        return skip("fairy-stockfish is not installed (apt-get install fairy-stockfish)");
    }
    let out = chimera(&[
        "bench", "--search", "--quick", "--fsf", fsf, "--only", "chess", "--only", "xiangqi", "--json",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    for (line, (case, engine)) in lines.iter().zip([
        ("chess", "chimera"),
        ("chess", "Fairy-Stockfish"),
        ("xiangqi", "chimera"),
        ("xiangqi", "Fairy-Stockfish"),
    ]) {
        assert_eq!(
            (line["case"].as_str(), line["engine"].as_str()),
            (Some(case), Some(engine)),
            "{line}"
        );
        for key in ["depth", "nodes", "nps"] {
            assert!(line[key].as_u64().is_some_and(|n| n > 0), "{key}: {line}");
        }
        assert!(
            line["best"].as_str().is_some_and(|b| !b.is_empty() && b != "-"),
            "{line}"
        );
        assert_eq!(line["ratio"].is_null(), engine == "chimera", "{line}");
    }
}
