//! `chimera bench`: the fixed benchmark set counts the right nodes (speed
//! itself is measured, never asserted), and its options refuse nonsense.
use crate::common;
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

/// `bench --suite fsf`: a reference whose count agrees gets a ratio; one
/// whose count differs is reported as a difference, never as a speed.
#[test]
fn fsf_suite_compares_counts_before_speeds() {
    struct Fake(u64);
    impl chimera::bench::FsfRunner for Fake {
        fn perft(&self, _variant: &str, _depth: u32) -> Result<u64, String> {
            Ok(self.0)
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
