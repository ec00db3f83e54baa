//! `chimera tune --data DIR`: the evaluation's weights fitted to the
//! positions a `chimera train` run gathered, without playing again.

use crate::common::{self, chimera};

#[test]
fn tune_fits_to_the_data_of_a_train_run() {
    let dir = tempfile::tempdir().expect("temp dir");
    let run = dir.path().join("run");
    let run_s = run.to_str().expect("path");
    let out = chimera(&[
        "train",
        "variants/minishogi.toml",
        "--dir",
        run_s,
        "--games",
        "10",
        "--chunk-games",
        "1",
        "--nodes",
        "100",
        "--max-moves",
        "40",
        "--play-only",
        "--threads",
        "2",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: usize = std::fs::read_dir(run.join("data"))
        .expect("data")
        .map(|e| {
            let text = std::fs::read_to_string(e.expect("entry").path()).expect("read");
            text.lines().filter(|l| !l.trim().is_empty()).count()
        })
        .sum();
    assert!(lines >= 10, "{lines} positions");
    let weights = dir.path().join("mini.weights.toml");
    let w = weights.to_str().expect("path");
    let out = chimera(&[
        "tune",
        "variants/minishogi.toml",
        "--data",
        run_s,
        "--iterations",
        "50",
        "--out",
        w,
        "--json",
    ]);
    let summary = common::json_summary(&out);
    assert_eq!(summary["positions"], lines);
    assert!(
        summary["source"]
            .as_str()
            .expect("source")
            .contains("the 10 data files"),
        "{summary}"
    );
    let text = std::fs::read_to_string(&weights).expect("weights written");
    assert!(text.contains("data files of `chimera train`"), "{text}");
    // The games' flags mean nothing with --data; a folder without data
    // files is no data.
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).expect("mkdir");
    for args in [
        vec![
            "tune",
            "variants/minishogi.toml",
            "--data",
            run_s,
            "--games",
            "5",
            "--out",
            w,
        ],
        vec![
            "tune",
            "variants/minishogi.toml",
            "--data",
            empty.to_str().expect("path"),
            "--out",
            w,
        ],
    ] {
        let out = chimera(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    }
    let out = chimera(&[
        "tune",
        "variants/minishogi.toml",
        "--data",
        empty.to_str().expect("path"),
        "--out",
        w,
    ]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no data files"));
}
