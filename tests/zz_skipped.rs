//! The last test target (Cargo runs them by name): prints which tests of
//! this `cargo test` run were skipped because an outside program (pyffish,
//! python-chess, Selenium, XBoard, an engine, Chromium) is missing, so that
//! a run that printed `ok` for them does not look complete. Under CI
//! (`CI=true`) a missing program fails its test instead; see `.ci/run`.
//! It is a plain program (`harness = false` in Cargo.toml).
use std::path::Path;

#[allow(dead_code)]
mod common;

fn main() {
    let list = Path::new(env!("CARGO_TARGET_TMPDIR")).join(common::SKIPPED_LIST);
    let text = std::fs::read_to_string(&list).unwrap_or_default();
    let _ = std::fs::remove_file(&list);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.is_empty() {
        println!("skipped tests: none (every outside program the tests use was found)");
        return;
    }
    println!();
    println!(
        "SKIPPED: {} test(s) did not run what they test, for a missing program:",
        lines.len()
    );
    for l in &lines {
        println!("  {}", l.trim_start_matches("SKIPPED "));
    }
    println!("Install what they name (the README's \"Testing\" section, or run .ci/run as root).");
    println!();
}
