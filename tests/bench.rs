//! `chimera bench`: the fixed benchmark set counts the right nodes (speed
//! itself is measured, never asserted), and its options refuse nonsense.
mod common;
use common::chimera;

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
    ] {
        let out = chimera(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}
