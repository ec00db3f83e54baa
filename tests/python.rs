//! The Python package (python/): built from source and installed with pip,
//! then its pytest suite (python/tests), Fairy-Stockfish's own pyffish test
//! suite run unchanged through a one-line `pyffish` → `chimera.pyffish`
//! shim (tests/data/pyffish-suite, counted by tests/tools/pyffish_suite.py:
//! every assertion, against pyffish first), and the call-by-call comparison
//! of its pyffish interface with pyffish itself (tests/tools/pyffish_compare.py:
//! seeded random games in every variant both have; legal_moves, get_fen,
//! gives_check, get_san, the game-end calls — 0 differences apart from the
//! documented conventions).
//!
//! Needs python3 with pip, maturin, pytest and pyffish (`pip install maturin
//! pytest pyffish`); without them the test is skipped with a message —
//! except under CI, where `.ci/run` installs them and a missing one is a
//! failure. Ray (`pip install ray`) runs python/tests/test_distributed.py on
//! a local multi-node cluster; without it that file is skipped, with a
//! SKIPPED line here (a failure under CI). The package is built in target/python (its own Cargo target
//! directory: the one `cargo test` holds is locked while it runs) and
//! installed into a virtual environment of its own, target/python-venv
//! (the machine's packages — pytest, maturin, pyffish, Ray — seen through
//! `--system-site-packages`): the machine's own interpreter is left as it
//! was.
use std::path::PathBuf;
use std::process::Command;

use crate::common;

fn python_has(module: &str) -> bool {
    Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The virtual environment's interpreter the package is installed for.
fn venv_python() -> PathBuf {
    common::root().join("target/python-venv/bin/python")
}

/// Makes the virtual environment if it is not there yet.
fn make_venv() {
    if venv_python().exists() {
        return;
    }
    let out = Command::new("python3")
        .args(["-m", "venv", "--system-site-packages"])
        .arg(common::root().join("target/python-venv"))
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "python3 -m venv target/python-venv failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Builds and installs the package into target/python-venv; false (after
/// a skip) when a tool is missing.
fn install() -> bool {
    for module in ["pip", "maturin", "pytest", "pyffish"] {
        if !python_has(module) {
            common::skip(&format!(
                "python3 with `{module}` is needed (pip install maturin pytest pyffish)"
            ));
            return false;
        }
    }
    make_venv();
    let root = common::root();
    let out = Command::new(venv_python())
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-build-isolation",
            "--no-deps",
            "--force-reinstall",
        ])
        .arg(root.join("python"))
        .env("CARGO_TARGET_DIR", root.join("target/python"))
        // Without the command line's features (python/Cargo.toml's
        // `cli-build`, there to reuse `cargo build --release`'s library):
        // this build is one of its own.
        .env("MATURIN_PEP517_ARGS", "--no-default-features")
        // A test build: optimised enough for the tests, quicker to compile
        // (a package to use is `pip install ./python`, fully optimised).
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1")
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false")
        .output()
        .expect("pip runs");
    assert!(
        out.status.success(),
        "pip install ./python failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    true
}

/// One test, in order: install, then the suite, then the comparison (the
/// install must not race another test's use of the package).
#[test]
fn python_package_agrees_with_pyffish() {
    if !install() {
        return;
    }
    // Ray is an optional extra: without it python/tests/test_distributed.py
    // skips itself, which must be seen (and fails under CI).
    if !python_has("ray") {
        common::skip("python3 with `ray` is needed for python/tests/test_distributed.py (pip install ray)");
    }
    let text = pytest("python/tests", false);
    println!("{}", text.lines().last().unwrap_or(""));
    pyffish_own_suite();
    // The binding's marshalling on a variant of each family (the engine
    // itself is compared with pyffish over every variant by
    // tests/crosscheck.rs); every variant under `--ignored`.
    compare_with_pyffish(&[
        "--games",
        "1",
        "--plies",
        "30",
        "--chess960",
        "1",
        "--variants",
        SAMPLE,
    ]);
}

/// Runs pytest on `path` (under python/) with the installed package;
/// `deep`: the deep tier too (CHIMERA_DEEP=1), its figures printed (`-s`).
/// Its output; a failure fails the test.
fn pytest(path: &str, deep: bool) -> String {
    // Run from elsewhere, so `import chimera` finds the installed package,
    // not python/chimera without its native module; by the environment's
    // interpreter, which has it.
    let mut cmd = Command::new(venv_python());
    cmd.args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .args(deep.then_some("-s"))
        .arg(common::root().join(path))
        .env("CHIMERA_BIN", env!("CARGO_BIN_EXE_chimera"))
        .env("CHIMERA_DEEP", if deep { "1" } else { "0" })
        .current_dir(std::env::temp_dir());
    let out = cmd.output().expect("pytest runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "pytest {path}:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// The must-show figures for Python (the deep tier of python/tests,
/// `@pytest.mark.deep`), measured in one run and printed: a list of
/// 100,000 moves within 2x pyffish's time (get_fen, legal_moves); 20,000
/// variant loads under new names under 300 MB, flat after the first
/// 2,000; perft(100), a divide and a search stopped within 1 s of a
/// Ctrl-C. About 3 minutes (docs/python.md has the figures).
#[test]
#[ignore = "deep tier: cargo test --release -- --ignored"]
fn python_package_must_show_figures() {
    if !install() {
        return;
    }
    let text = pytest("python/tests/test_reliability.py", true);
    for line in text.lines().filter_map(|l| l.split_once("figure: ")) {
        println!("{}", line.1);
    }
}

/// Fairy-Stockfish's own test.py for pyffish (22 methods, 644 assertions),
/// unchanged: pyffish itself passes all of it; chimera's package, through
/// the shim, runs every method to its end and passes 640 of pyffish's 644
/// assertions — the other four are two FENs with a rank of 9 squares on an
/// 8-file board, which Fairy-Stockfish accepts (a bug) and chimera refuses
/// (docs/python.md lists them). About a second each.
fn pyffish_own_suite() {
    for (module, expect) in [("pyffish", "22/644"), ("chimera", "22/640")] {
        let args: Vec<String> = ["--module", module, "--expect", expect]
            .iter()
            .map(|a| a.to_string())
            .collect();
        if let Some(out) = common::python_tool_in(
            &venv_python(),
            "pyffish_suite.py",
            &args,
            &format!("pyffish's test.py against {module}'s pyffish"),
        ) {
            println!(
                "{module}: {}",
                out.lines().rfind(|l| l.starts_with("methods")).unwrap_or("")
            );
        }
    }
}

/// A variant of each family pyffish plays: chess and its castling, drops,
/// shogi and its notation, xiangqi's and janggi's palaces, makruk's
/// counting, atomic's explosions, gating, check counting, the hill, a
/// large board.
const SAMPLE: &str =
    "chess,crazyhouse,shogi,minishogi,xiangqi,janggi,makruk,atomic,seirawan,3check,kingofthehill,capablanca";

/// Every variant both have, in longer games (after the default run's
/// install: `-- --ignored bindings_python::`).
#[test]
#[ignore = "deep tier: cargo test --release -- --ignored"]
fn python_package_agrees_with_pyffish_on_every_variant() {
    if !install() {
        return;
    }
    compare_with_pyffish(&["--games", "2", "--plies", "80", "--chess960", "2"]);
}

fn compare_with_pyffish(args: &[&str]) {
    let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    args.extend(["--seed", "1"].map(String::from));
    if let Some(out) = common::python_tool_in(
        &venv_python(),
        "pyffish_compare.py",
        &args,
        "chimera.pyffish and pyffish disagree",
    ) {
        println!("{}", out.lines().rfind(|l| l.starts_with("total")).unwrap_or(""));
    }
}

/// The pychess-variants server (AGPL-3.0, not vendored: a work tree at the
/// commit `tests/tools/pychess_suite.py` pins, named by `PYCHESS_DIR`) on
/// chimera: its own test suite, the server unchanged and `pyffish`
/// resolving to `chimera.pyffish`, passes at least PYCHESS_PASSES tests
/// (pyffish: see docs/python.md); then its board class replays 20 random
/// games of every variant it offers against pyffish, call by call, with no
/// difference beyond the documented conventions. Makes its own virtual
/// environment (target/pychess-venv314, from Python 3.14: the pinned
/// server's requirement; tests/tools/pychess_python314.sh makes one from
/// Debian's packages) with the server's test dependencies, pyffish and this
/// checkout's package. `PYCHESS_EXPECT` overrides the count expected (487
/// for the 491-test suite of `PINNED_PY313`, run from a Python 3.13 venv
/// given as `PYCHESS_VENV`). About 90 minutes on a busy 2-core machine.
#[test]
#[ignore = "deep tier: cargo test --release -- --ignored (needs PYCHESS_DIR)"]
fn pychess_variants_on_chimera() {
    let Some(server) = std::env::var_os("PYCHESS_DIR") else {
        common::skip(
            "PYCHESS_DIR must name a pychess-variants work tree at the commit tests/tools/pychess_suite.py pins \
             (git clone https://github.com/gbtami/pychess-variants; git checkout PINNED)",
        );
        return;
    };
    let venv = std::env::var_os("PYCHESS_VENV")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| common::root().join("target/pychess-venv314"));
    let expect = std::env::var("PYCHESS_EXPECT").unwrap_or_else(|_| PYCHESS_PASSES.to_string());
    let args: Vec<String> = [
        "--server".into(),
        server.to_string_lossy().into_owned(),
        "--venv".into(),
        venv.to_string_lossy().into_owned(),
        "--expect".into(),
        expect,
        "--board-games".into(),
        "20".into(),
        "--board-plies".into(),
        "40".into(),
    ]
    .to_vec();
    if let Some(out) = common::python_tool(
        "pychess_suite.py",
        &args,
        "pychess-variants' suite or board class on chimera",
    ) {
        for line in out
            .lines()
            .filter(|l| l.starts_with("pychess-variants suite") || l.starts_with("total"))
        {
            println!("{line}");
        }
    }
}

/// The server's tests that pass on chimera at the pinned commit: 1,069 of
/// 1,071 measured, as many as pyffish (docs/python.md) — issue 44's
/// must-show. A Swiss pairing test that depends on the machine's load
/// fails on both now and then: the harness is run again then.
const PYCHESS_PASSES: usize = 1069;
