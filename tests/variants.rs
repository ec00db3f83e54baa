//! `chimera check` on every rules file in `variants/`: a broken variant file,
//! a test case it carries that fails, or a lint warning breaks the build.
use crate::common;
use std::process::Command;

/// Extra test files some variants have.
fn extra_tests(file: &str) -> &'static [&'static str] {
    match file {
        // Every piece face's exact move set, computed by an independent model
        // of the rules (tests/tools/ko_faces.py).
        "ko-shogi.toml" => &["tests/ko-shogi-faces.toml"],
        _ => &[],
    }
}

#[test]
fn every_variant_file_checks() {
    let root = common::root();
    let mut files: Vec<_> = std::fs::read_dir(root.join("variants"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml") && !n.ends_with(".weights.toml"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for file in &files {
        let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .arg("check")
            .arg(root.join("variants").join(file))
            .args(extra_tests(file).iter().map(|e| root.join(e)))
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() || !stdout.contains(" passed, 0 failed") {
            failures.push(format!("chimera check {file} failed:\n{stdout}\n{stderr}"));
        } else if stdout.contains(": 0 passed") {
            failures.push(format!("{file} carries no test cases"));
        } else if stderr.contains("warning") {
            failures.push(format!("{file} has lint warnings:\n{stderr}"));
        } else {
            println!("{}", stdout.lines().last().unwrap_or(""));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
