//! `chimera check`: validate a rules file and run its test cases.

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::json;

use super::context::Context;
use super::output::{Failure, Outcome, Output};
use crate::check::{CaseReport, run_case};
use crate::rules::TestCase;

/// The test-case format, shown by `chimera check --help`.
const CASE_FORMAT: &str = r#"A test case is a TOML table:

    [[test]]
    name = "en passant"                      # required
    position = "<position text>"             # default: the start
    moves = ["e2e4", "a7a6", "e4e5", "d7d5"] # played first
    includes = ["e5d6"]                      # must be legal
    excludes = ["e5e6"]                      # must not be legal
    legal = ["..."]                          # exactly these moves
    piece_moves = { from = "e5", moves = ["e5d6", "e5e6"] }
    count = 31                               # number of legal moves
    perft = [31, 900]                        # perft at depth 1, 2, ...
    promotions = { move = "c7c8", to = ["", "Q"] }   # "" = no promotion
    position_after = "<position text>"
    result = "white wins by checkmate"       # or "ongoing", "draw by repetition"
    in_check = true
    lenient = true                           # the position need not be reachable
    options = { thunderclap = "kooshogifu" } # option values for this case"#;

/// Validate a rules file and run its test cases.
///
/// Checks the file (every error points at its line and column), prints lint
/// warnings, then runs the `[[test]]` cases of the file and of any extra test
/// files. Exit status 0 only if the file is valid and every case passes (1 if
/// not).
#[derive(clap::Args)]
#[command(verbatim_doc_comment, after_long_help = CASE_FORMAT)]
pub(crate) struct Args {
    /// The variant's rules file, e.g. variants/chess.toml.
    variant: PathBuf,
    /// Extra test files ([[test]] tables).
    tests: Vec<PathBuf>,
    /// Print one JSON object per line (fields in the README).
    #[arg(long)]
    pub json: bool,
}

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let out = Output::new(a.json);
    // Checking the file is this command's purpose: an invalid file fails it (1).
    let compiled = cx.load_full(&a.variant).map_err(|f| match f {
        Failure::Diagnostic(d, _) => Failure::Diagnostic(d, 1),
        other => other,
    })?;
    for w in &compiled.warnings {
        out.warn(w);
    }
    let mut cases: Vec<(String, TestCase)> = compiled
        .file
        .tests
        .iter()
        .cloned()
        .map(|t| (a.variant.display().to_string(), t))
        .collect();
    for p in &a.tests {
        let tests = crate::load::load_tests(p).map_err(|d| Failure::Diagnostic(d, 1))?;
        cases.extend(tests.into_iter().map(|t| (p.display().to_string(), t)));
    }
    let bar = crate::cli::progress::bar(cases.len() as u64, "{bar:30} {pos}/{len} {msg}");
    let (mut passed, mut failed) = (0, 0);
    for (source, case) in &cases {
        bar.set_message(case.name.clone());
        let r = if case.options.is_empty() {
            run_case(&compiled.variant, case, source)
        } else {
            match compiled.with_options(&case.options) {
                Ok(variant) => run_case(&variant, case, source),
                Err(d) => CaseReport {
                    name: case.name.clone(),
                    source: source.to_string(),
                    passed: false,
                    failures: vec![format!("options {:?}: {}", case.options, d.message)],
                },
            }
        };
        bar.suspend(|| {
            let mut text = format!("{} {}", if r.passed { "PASS" } else { "FAIL" }, r.name);
            for f in &r.failures {
                text.push_str(&format!("\n    {f}"));
            }
            out.emit(text, json!(r));
        });
        if r.passed {
            passed += 1;
        } else {
            failed += 1;
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let name = compiled.variant.name();
    out.emit(
        format!("{name}: {passed} passed, {failed} failed"),
        json!({"variant": name, "passed": passed, "failed": failed}),
    );
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
