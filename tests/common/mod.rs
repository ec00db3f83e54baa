//! Shared by the tests that run a Python tool (tests/tools/) as an
//! independent reference.
use std::path::Path;
use std::process::Command;

/// Runs `python3 tests/tools/<script> <args>` and returns its output when it
/// passes. Exit 3 (the reference library is missing) or no python3 skips
/// the test with a message — except under CI, where `.ci/run` installs what
/// is needed and a skip is a failure. Any other exit fails with the output.
pub fn python_tool(script: &str, args: &[String], what: &str) -> Option<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = match Command::new("python3")
        .arg(root.join("tests/tools").join(script))
        .args(args)
        .output()
    {
        Ok(o) => o,
        Err(e) => {
            skip(&format!("python3 cannot be run: {e}"));
            return None;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    match out.status.code() {
        Some(0) => Some(stdout),
        Some(3) => {
            skip(stdout.trim());
            None
        }
        _ => panic!("{what}:\n{stdout}\n{}", String::from_utf8_lossy(&out.stderr)),
    }
}

/// Skips a test whose outside program is missing (a failure under CI).
pub fn skip(why: &str) {
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{why} (CI installs it: see .ci/run)");
    }
    eprintln!("skipped: {why}");
}
