//! Shared by the tests: loading rules files and playing moves, running a
//! Python tool (tests/tools/) as an independent reference, skipping for a
//! missing program, protocol sessions, running chimera itself.
//!
//! Three test binaries declare this module (tests/suite.rs,
//! tests/fuzz_targets.rs, tests/zz_skipped.rs); the last two use little of
//! it and allow the rest to be unused.
pub mod agree;
pub mod serve;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};

use chimera::{GameResult, History, MoveNotation, Position, Variant};

/// The project's folder (where Cargo.toml is).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A bundled rules file, `variants/FILE`, compiled. A rules error fails the
/// test with its diagnostics.
pub fn variant(file: &str) -> Arc<Variant> {
    load_file(&root().join("variants").join(file))
}

/// The text of a bundled rules file, `variants/FILE`.
pub fn variant_text(file: &str) -> String {
    let path = root().join("variants").join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The rules file at `path` compiled; a rules error fails the test with its
/// diagnostics.
pub fn load_file(path: &Path) -> Arc<Variant> {
    chimera::load(path).unwrap_or_else(|d| panic!("{}", d.render()))
}

/// Rules text compiled as if read from a file named `name`; a rules error
/// fails the test with its diagnostics.
pub fn load_text(name: &str, text: &str) -> Arc<Variant> {
    chimera::load_str(name, text).unwrap_or_else(|d| panic!("{}", d.render()))
}

/// A file of tests/ itself (`tests/NAME`: the rules files with `[[test]]`
/// cases that stand beside the test that runs them).
pub fn test_file(name: &str) -> PathBuf {
    root().join("tests").join(name)
}

/// The text of `tests/NAME`.
pub fn test_text(name: &str) -> String {
    let path = test_file(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The legal moves in the variant's own move notation, sorted.
pub fn sorted_moves(pos: &mut Position) -> Vec<String> {
    let mut names: Vec<String> = pos.legal_move_list().iter().map(|m| pos.move_text(m)).collect();
    names.sort();
    names
}

/// The legal moves in `notation`, sorted.
pub fn sorted_moves_as(pos: &mut Position, notation: MoveNotation) -> Vec<String> {
    let mut names: Vec<String> = pos
        .legal_move_list()
        .iter()
        .map(|m| pos.move_text_as(m, notation))
        .collect();
    names.sort();
    names
}

/// Makes the move `text` (the variant's notation); one it cannot read fails
/// the test.
pub fn play(pos: &mut Position, text: &str) {
    let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    pos.make(m);
}

/// Whether the game has ended, judged on the position alone (a history of
/// this one position, no checks counted).
pub fn end(pos: &mut Position) -> Option<GameResult> {
    let h = [pos.hash()];
    chimera::judge(
        pos,
        &History {
            hashes: &h,
            checks: None,
        },
    )
}

/// Runs `chimera ARGS` from the project root and returns its output.
pub fn chimera(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_chimera"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("chimera runs")
}

/// The last line of a `--json` run's output, parsed, once the run is seen
/// to have succeeded (else its output is the failure's message).
pub fn json_summary(out: &std::process::Output) -> serde_json::Value {
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(stdout.lines().last().expect("summary")).expect("json")
}

/// `chimera play variants/FILE` engine against engine, depth 2 and no clock
/// (the same game every run), at most 400 moves: the game must end in a
/// win or a draw by a rule (not the move limit). Returns what `play`
/// printed.
pub fn engine_plays_to_a_result(file: &str) -> String {
    let path = format!("variants/{file}");
    let out = chimera(&[
        "play",
        &path,
        "--depth",
        "2",
        "--movetime",
        "0",
        "--max-moves",
        "400",
    ]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let result = text
        .lines()
        .find(|l| l.starts_with("result:"))
        .unwrap_or("")
        .to_string();
    assert!(
        out.status.success() && (result.contains("wins") || result.contains("draw by")),
        "{file}: {text}"
    );
    assert!(!result.contains("move limit"), "{file}: {result}");
    text
}

/// Runs `python3 tests/tools/<script> <args>` and returns its output when it
/// passes. Exit 3 (the reference library is missing) or no python3 skips
/// the test with a message — except under CI, where `.ci/run` installs what
/// is needed and a skip is a failure. Any other exit fails with the output.
pub fn python_tool(script: &str, args: &[String], what: &str) -> Option<String> {
    python_tool_in(std::path::Path::new("python3"), script, args, what)
}

/// [`python_tool`] run by the interpreter `python` (a virtual
/// environment's, say).
pub fn python_tool_in(python: &std::path::Path, script: &str, args: &[String], what: &str) -> Option<String> {
    let out = match Command::new(python)
        .arg(root().join("tests/tools").join(script))
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
///
/// The test harness would hide an `eprintln!` of a passing test and print
/// `ok`, so the line goes straight to standard error, and into a list that
/// the last test target (tests/zz_skipped.rs) prints as a summary at the end
/// of `cargo test`.
pub fn skip(why: &str) {
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{why} (CI installs it: see .ci/run)");
    }
    let test = std::thread::current().name().unwrap_or("a test").to_string();
    let binary = std::env::args()
        .next()
        .and_then(|p| {
            Path::new(&p)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
        })
        .map(|s| s.rsplit_once('-').map_or(s.clone(), |(name, _)| name.to_string()))
        .unwrap_or_default();
    let line = format!("SKIPPED {binary}::{test}: {why}\n");
    let _ = std::io::stderr().write_all(line.as_bytes());
    let list = Path::new(env!("CARGO_TARGET_TMPDIR")).join(SKIPPED_LIST);
    if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(list) {
        let _ = f.write_all(line.as_bytes());
    }
}

/// The file (in Cargo's target tmpdir) that lists this run's skipped tests.
pub const SKIPPED_LIST: &str = "chimera-skipped-tests.txt";

/// Runs `chimera <protocol> [args]` with `script` as its input; returns its
/// output lines. The process must end by itself with status 0.
pub fn speak(protocol: &str, args: &[&str], script: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg(protocol)
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chimera runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("script written");
    let out = child.wait_with_output().expect("chimera ends");
    assert!(
        out.status.success(),
        "exit status {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// A writer the test can read back.
#[derive(Clone, Default)]
pub struct Shared(pub Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("lock").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `chimera match variants/<variant>` between players `a` and `b` (at most
/// `max_moves` plies a game); returns the JSON summary.
pub fn match_summary(variant: &str, a: &str, b: &str, games: u32, max_moves: u32) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .current_dir(root())
        .args([
            "match",
            &format!("variants/{variant}"),
            "--games",
            &games.to_string(),
        ])
        .args([
            "--a",
            a,
            "--b",
            b,
            "--max-moves",
            &max_moves.to_string(),
            "--json",
        ])
        .output()
        .expect("chimera runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(stdout.lines().last().expect("summary")).expect("json")
}

/// Where the browser tests save their screenshots: CHIMERA_SCREENSHOTS
/// (docs/screenshots/ is made so), else the tests' temporary folder.
pub fn screenshots() -> String {
    std::env::var("CHIMERA_SCREENSHOTS").unwrap_or_else(|_| {
        Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("screenshots")
            .display()
            .to_string()
    })
}

/// `chimera check PATH`: whether it passed, and what it printed (both
/// streams).
pub fn check_rules(path: &Path) -> (bool, String) {
    let out = chimera(&["check", path.to_str().unwrap()]);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// Each case `(from, to, want)` edits the rules text `text` (`from`
/// replaced by `to`, once) into a file of its own, which `chimera check`
/// must refuse with an error containing `want`, at its place in that file,
/// without panicking. `tag` names the scratch folder.
pub fn assert_misuse(text: &str, cases: &[(&str, &str, &str)], tag: &str) {
    let dir = std::env::temp_dir().join(format!("{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, (from, to, want)) in cases.iter().enumerate() {
        assert!(text.contains(from), "case {i}: `{from}` not in the file");
        let path = dir.join(format!("case{i}.toml"));
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
        let (ok, out) = check_rules(&path);
        assert!(
            !ok && out.contains(want) && at_line_and_column(&out, &format!("case{i}.toml:")),
            "case {i}: expected an error with `{want}` at its place (file:line:column):\n{out}"
        );
        assert!(!out.contains("panicked"), "case {i}: {out}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Whether `out` names a place as `FILE:LINE:COLUMN` (both numbers), the
/// file's name given as `file` (`case3.toml:`).
fn at_line_and_column(out: &str, file: &str) -> bool {
    out.match_indices(file).any(|(i, _)| {
        let mut parts = out[i + file.len()..].splitn(3, ':');
        let number =
            |p: Option<&str>| p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
        number(parts.next()) && number(parts.next())
    })
}

/// `chimera xboard FILE` refuses the variant (exit 2, its name and
/// `because` in the message), and `names` are left out of the bundled
/// list offered over XBoard (which still offers capablanca).
pub fn xboard_refuses(file: &str, because: &str, names: &[&str]) {
    let out = chimera(&["xboard", file]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(names[0]) && err.contains(because), "{err}");
    let lines = speak("xboard", &[], "xboard\nprotover 2\nquit\n");
    let features = lines
        .iter()
        .find(|l| l.contains("variants="))
        .expect("the variants feature");
    assert!(
        features.contains("capablanca") && names.iter().all(|n| !features.contains(n)),
        "{features}"
    );
}

/// Asserts perft 1–3 of each position (`variants/FILE`'s position text)
/// equals its row: the table a test copied from an independent reference.
pub fn assert_perft_table(file: &str, positions: &[(&str, [u64; 3])]) {
    let v = variant(file);
    for (text, want) in positions {
        let mut pos = chimera::Position::from_text(&v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let ours: Vec<u64> = (1..=3).map(|d| chimera::perft(&mut pos, d)).collect();
        assert_eq!(ours, want, "{text}");
    }
}

/// Runs a perft reference in tests/tools (`script` with `args`, then
/// `--fen TEXT` if given), which prints `depth count` lines, and asserts
/// they are `want`'s from depth 1. False when the reference was skipped.
pub fn reference_perft_agrees(
    script: &str,
    args: &[&str],
    fen: Option<&str>,
    want: &[u64],
    what: &str,
) -> bool {
    let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    if let Some(t) = fen {
        args.extend(["--fen".to_string(), t.to_string()]);
    }
    let Some(out) = python_tool(script, &args, what) else {
        return false;
    };
    let ours: Vec<String> = want
        .iter()
        .enumerate()
        .map(|(d, n)| format!("{} {n}", d + 1))
        .collect();
    let theirs: Vec<String> = out.lines().map(str::to_string).collect();
    assert_eq!(ours, theirs, "{script} {args:?}");
    true
}

/// The move an engine's `bestmove` line names, checked to be one of
/// `legal` (the side to move's moves, as the protocol writes them).
pub fn bestmove_among(lines: &[String], legal: &[String]) -> String {
    let best = lines
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove in {lines:?}"));
    assert!(legal.iter().any(|m| m == best), "{best} is not among {legal:?}");
    best.to_string()
}
