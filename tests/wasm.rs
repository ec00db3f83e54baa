//! The WebAssembly package (wasm/), built as `wasm/build.sh` builds it
//! (the library for wasm32-unknown-unknown, wasm-bindgen's glue), then run:
//! - in Node, its two faces — ffish.js's `Board` and module functions,
//!   chimera's own (rules text with diagnostics, test cases, search, perft,
//!   the board's questions): wasm/tests/api.mjs;
//! - in Node against npm `ffish` (Fairy-Stockfish in WebAssembly) on seeded
//!   random games of the 73 variants both have, and chess and capablanca
//!   on Chess960 boards (`is960`): legal moves, positions (the FEN strings),
//!   game over and result at every ply (wasm/tests/ffish.mjs);
//! - in Node, Fairy-Stockfish's own test suite for ffish.js
//!   (tests/data/ffishjs-suite/tests/js/test.js, vendored unchanged) through
//!   an adapter that only loads the package, counted test by test and
//!   assertion by assertion by tests/tools/ffishjs_suite.cjs: against npm
//!   ffish itself first (58/58 tests, 1036/1036 assertions), then the
//!   package (about 2 s each);
//! - in headless Chromium, on a site `chimera publish` wrote, served by
//!   `python3 -m http.server` with no chimera process (tests/tools/published.py):
//!   chess, shogi, Ko shogi and Kozune played by clicks, with engine replies
//!   from the page's Web Worker. Screenshots go to the test's temporary
//!   folder, or to CHIMERA_SCREENSHOTS (docs/screenshots/ is made so).
//!
//! Each is skipped with a message when a tool is missing (the
//! wasm32-unknown-unknown target, wasm-bindgen-cli, Node, npm ffish,
//! Selenium or Chromium); CI installs them all (.ci/run).
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;

use crate::common;
use common::{python_tool, root, skip};

/// The wasm-bindgen crate's version, which wasm-bindgen-cli must match.
const BINDGEN: &str = "0.2.130";

fn runs(program: &str, arg: &str) -> Option<String> {
    let out = Command::new(program).arg(arg).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The package, built once for all the tests here (`None`: skipped).
fn package() -> Option<PathBuf> {
    static BUILT: Mutex<Option<Option<PathBuf>>> = Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = built.as_ref() {
        if p.is_none() {
            skip("the WebAssembly package could not be built (see the first test's message)");
        }
        return p.clone();
    }
    let pkg = build();
    *built = Some(pkg.clone());
    pkg
}

fn build() -> Option<PathBuf> {
    if runs("node", "--version").is_none() {
        skip("node is not installed (Node 18 or later runs the package)");
        return None;
    }
    match runs("wasm-bindgen", "--version") {
        None => {
            skip(&format!(
                "wasm-bindgen is not installed (cargo install wasm-bindgen-cli --version {BINDGEN})"
            ));
            return None;
        }
        Some(v) if !v.contains(BINDGEN) => {
            skip(&format!(
                "wasm-bindgen-cli is {}, the package's wasm-bindgen is {BINDGEN} (cargo install wasm-bindgen-cli --version {BINDGEN})",
                v.trim()
            ));
            return None;
        }
        Some(_) => {}
    }
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).contains("wasm32-unknown-unknown"));
    if installed.is_ok_and(|i| !i) {
        skip("the wasm32-unknown-unknown target is not installed (rustup target add wasm32-unknown-unknown)");
        return None;
    }
    let pkg = Path::new(env!("CARGO_TARGET_TMPDIR")).join("wasm-pkg");
    // A target folder of its own: the outer `cargo test` may hold target/'s lock.
    let out = Command::new("bash")
        .arg(root().join("wasm/build.sh"))
        .arg(&pkg)
        .env("CARGO_TARGET_DIR", root().join("target/wasm"))
        // A test build: optimised enough for the tests, quicker to compile;
        // warnings fail it (the library's code for wasm32 is checked here).
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1")
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false")
        .env("RUSTFLAGS", "-D warnings")
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "wasm/build.sh failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(pkg)
}

/// Runs wasm/tests/SCRIPT in Node: its exit code and its output (both
/// streams).
fn node(script: &str, args: &[&str]) -> (Option<i32>, String) {
    node_at(&root().join("wasm/tests").join(script), args)
}

fn node_at(script: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new("node")
        .arg(script)
        .args(args)
        .output()
        .expect("node runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), text)
}

/// Runs wasm/tests/SCRIPT on the package (its folder the first argument,
/// then `args`); it must end with `N passed, 0 failed`. Its output (`None`:
/// skipped).
fn passes(script: &str, args: &[&str]) -> Option<String> {
    let pkg = package()?.display().to_string();
    let (code, out) = node(script, &[&[pkg.as_str()], args].concat());
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains(" passed, 0 failed"), "{out}");
    Some(out)
}

#[test]
fn the_package_speaks_ffish_and_chimera_in_node() {
    passes("api.mjs", &[]);
}

/// No input from JavaScript traps the module, and every long call ends by
/// itself (issue 45): nesting deeper than any parser's stack, texts of tens
/// of megabytes, numbers past every counter, a variants.ini chain of 3,000
/// sections, perft to depth 100 and 255 within 300 ms, absurd search
/// limits, a board used after delete() — the module answering after each
/// (wasm/tests/hostile.mjs, about 15 s).
#[test]
fn no_input_from_javascript_traps_the_package() {
    passes("hostile.mjs", &[]);
}

/// The calls bounded by their default time, 60 s each: a search with no
/// limit, perft(chess, 100) with no time, taikyoku's test cases, the
/// board's engine asked for 10^300 ms (about 4 minutes).
#[test]
#[ignore = "deep tier: cargo test --release -- --ignored"]
fn every_long_call_of_the_package_ends_by_itself() {
    if let Some(out) = passes("hostile.mjs", &["--long"]) {
        println!("{out}");
    }
}

/// Fairy-Stockfish's own ffish.js test suite, unchanged: npm ffish passes
/// all of it (58/58 tests, 1036/1036 assertions); chimera's package runs
/// every test to its end and passes 1027 of ffish's 1036 assertions. The
/// nine left (docs/wasm.md): `toVerboseString`'s `Key:` line twice
/// (Fairy-Stockfish's own hash), `headerKeys` once (the order of a C++
/// `unordered_map`, not the file's), and the start positions of three
/// variants.ini sections the importer does not load (six not reached).
#[test]
fn the_package_passes_ffishjs_own_test_suite() {
    let suite = |module: &str, extra: &[&str], expect: &str| {
        let args = [&["--module", module, "--expect", expect], extra].concat();
        node_at(&root().join("tests/tools/ffishjs_suite.cjs"), &args)
    };
    if root().join("wasm/tests/node_modules/ffish").is_dir() {
        let (code, out) = suite("ffish", &[], "58/1036");
        assert_eq!(code, Some(0), "npm ffish on its own suite:\n{out}");
    } else {
        skip("npm ffish is not installed (npm ci in wasm/tests/): the suite is not checked against it");
    }
    let Some(pkg) = package() else { return };
    let (code, out) = suite("chimera", &["--pkg", &pkg.display().to_string()], "58/1027");
    assert_eq!(
        code,
        Some(0),
        "ffish.js's test.js against chimera's package:\n{out}"
    );
    assert!(out.contains("tests 58/58 run to their end"), "{out}");
    println!("{}", out.lines().rfind(|l| l.starts_with("tests ")).unwrap_or(""));
}

/// One short game a variant in the default run: the package's marshalling
/// and every variant once (tests/crosscheck.rs compares the engine itself).
#[test]
fn the_package_agrees_with_ffish_on_random_games() {
    agrees_with_ffish("1", "30");
}

#[test]
#[ignore = "deep tier: cargo test --release -- --ignored"]
fn the_package_agrees_with_ffish_on_random_games_deeply() {
    agrees_with_ffish("4", "200");
}

fn agrees_with_ffish(games: &str, plies: &str) {
    if !root().join("wasm/tests/node_modules/ffish").is_dir() {
        skip("npm ffish is not installed (npm ci in wasm/tests/)");
        return;
    }
    let Some(pkg) = package() else { return };
    let (code, out) = node(
        "ffish.mjs",
        &[
            &pkg.display().to_string(),
            "--games",
            games,
            "--plies",
            plies,
            "--seed",
            "1",
            "--chess960",
            "2",
        ],
    );
    if code == Some(3) {
        skip(out.trim());
        return;
    }
    assert_eq!(code, Some(0), "chimera's package and ffish disagree:\n{out}");
    assert!(out.contains("ffish: 75 passed, 0 failed"), "{out}");
    println!("{}", out.lines().rev().take(2).collect::<Vec<_>>().join("\n"));
}

/// A plain static file server on a free port, stopped when dropped.
struct StaticServer {
    child: Child,
    url: String,
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn static_server(dir: &Path) -> Option<StaticServer> {
    let mut child = Command::new("python3")
        .args([
            "-u",
            "-m",
            "http.server",
            "0",
            "--bind",
            "127.0.0.1",
            "--directory",
        ])
        .arg(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let stdout = child.stdout.take()?;
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).ok()?;
    // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
    let port = line
        .split(" port ")
        .nth(1)?
        .split_whitespace()
        .next()?
        .to_string();
    Some(StaticServer {
        child,
        url: format!("http://127.0.0.1:{port}"),
    })
}

#[test]
fn a_published_site_plays_in_chromium_with_no_server() {
    let Some(pkg) = package() else { return };
    let site = Path::new(env!("CARGO_TARGET_TMPDIR")).join("published-site");
    let _ = std::fs::remove_dir_all(&site);
    let out = common::chimera(&[
        "publish",
        "variants/chess.toml",
        "variants/shogi.toml",
        "variants/ko-shogi.toml",
        "variants/kozune.toml",
        "-o",
        &site.display().to_string(),
        "--pkg",
        &pkg.display().to_string(),
    ]);
    assert!(
        out.status.success(),
        "chimera publish failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in [
        "index.html",
        "rules.html",
        "app.js",
        "worker.js",
        "chimera_wasm_bg.wasm",
        "variants.json",
        "variants/ko-shogi.toml",
    ] {
        assert!(site.join(f).is_file(), "the site has no {f}");
    }
    // No folder of the machine in the engine's panic messages: wasm/build.sh
    // writes the crate registry's as `cargo` (--remap-path-prefix).
    let wasm = std::fs::read(site.join("chimera_wasm_bg.wasm")).expect("the engine");
    let home = std::env::var("CARGO_HOME")
        .unwrap_or_else(|_| format!("{}/.cargo", std::env::var("HOME").unwrap_or_default()));
    let registry = format!("{home}/registry");
    assert!(
        !wasm.windows(registry.len()).any(|w| w == registry.as_bytes()),
        "the engine names {registry}"
    );
    let Some(server) = static_server(&site) else {
        skip("python3 -m http.server cannot be started");
        return;
    };
    let shots = common::screenshots();
    if let Some(out) = python_tool(
        "published.py",
        &[server.url.clone(), shots],
        "the published site in Chromium",
    ) {
        assert!(out.trim_end().ends_with("ok"), "{out}");
    }
}

#[test]
fn publish_without_the_package_says_how_to_build_it() {
    let site = Path::new(env!("CARGO_TARGET_TMPDIR")).join("unpublished-site");
    let out = common::chimera(&[
        "publish",
        "variants/chess.toml",
        "-o",
        &site.display().to_string(),
        "--pkg",
        "/nonexistent/pkg",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("wasm/build.sh"), "{err}");
    assert!(
        !site.join("index.html").exists(),
        "a site was written without its engine"
    );
}

/// A package folder with its files empty: enough for `publish`, which
/// only copies them.
fn fake_pkg(name: &str) -> PathBuf {
    let pkg = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&pkg).expect("dir");
    for f in ["index.js", "worker.js", "chimera_wasm.js", "chimera_wasm_bg.wasm"] {
        std::fs::write(pkg.join(f), "").expect("write");
    }
    pkg
}

#[test]
fn publish_refuses_a_broken_rules_file_with_its_location() {
    let pkg = fake_pkg("fake-pkg");
    let site = Path::new(env!("CARGO_TARGET_TMPDIR")).join("broken-site");
    let out = common::chimera(&[
        "publish",
        "tests/data/boards/broken.toml",
        "-o",
        &site.display().to_string(),
        "--pkg",
        &pkg.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("broken.toml:"), "{err}");
}

#[test]
fn a_published_site_names_no_local_path() {
    // Rules files given by absolute and relative paths: the site names its
    // own copies (variants/NAME.toml), as the package's build names no
    // folder of the machine (wasm/build.sh's --remap-path-prefix: checked
    // where the package is built, in a_published_site_plays_in_chromium_with_no_server).
    let pkg = fake_pkg("fake-pkg-paths");
    let site = Path::new(env!("CARGO_TARGET_TMPDIR")).join("paths-site");
    let absolute = root().join("variants/chess.toml");
    let out = common::chimera(&[
        "publish",
        &absolute.display().to_string(),
        "variants/../variants/shogi.toml",
        "-o",
        &site.display().to_string(),
        "--pkg",
        &pkg.display().to_string(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let root_text = root().display().to_string();
    for f in ["index.html", "rules.html", "variants.json"] {
        let text = std::fs::read_to_string(site.join(f)).expect("written");
        assert!(!text.contains(&root_text), "{f} names {root_text}");
        assert!(!text.contains("variants/../"), "{f} names the path given");
    }
    let rules = std::fs::read_to_string(site.join("rules.html")).expect("rules");
    assert!(rules.contains("variants/chess.toml") && rules.contains("variants/shogi.toml"));
}
