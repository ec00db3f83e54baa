//! One build serves every face (issue 45, README "Each face"): cargo
//! reuses a compiled crate only when it is asked with the same features,
//! and it unifies features only among the packages of one invocation. So
//! the command line's build (`cargo build --release`), the Python
//! package's (maturin: `cargo rustc -p chimera-python`) and the
//! WebAssembly build (`cargo build -p chimera-wasm --target
//! wasm32-unknown-unknown`) must each ask every crate they share with the
//! same features — the library itself for Python, the procedural macros
//! and what they are built from for WebAssembly — or the later build
//! compiles it again (PyO3's macros asked more of `syn` than the command
//! line did: `syn`, miette and the whole library were compiled a second
//! time). Read from `cargo tree` (no compiling); Cargo.toml's
//! `[build-dependencies]` pins and python/Cargo.toml's `cli-build` feature
//! keep them equal.
use std::collections::BTreeMap;
use std::process::Command;

use crate::common;

/// Each package of a build's dependency tree (`name vX.Y.Z`) with its
/// features; `args` choose the build (`-p …`, `--target …`).
fn features(args: &[&str]) -> BTreeMap<String, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(common::root())
        .args(["tree", "-e", "normal,build", "--prefix", "none", "-f", "{p}|{f}"])
        .args(args)
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo tree {args:?}:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_once('|'))
        .map(|(p, f)| {
            // `chimera v0.1.0 (/path)`, `serde_derive v1.0 (proc-macro)`: the name and version.
            let p: Vec<&str> = p.split_whitespace().take(2).collect();
            (p.join(" "), f.trim_end_matches(" (*)").to_string())
        })
        .collect()
}

/// The crates both builds compile whose features differ.
fn differences(a: &BTreeMap<String, String>, b: &BTreeMap<String, String>) -> Vec<String> {
    a.iter()
        .filter_map(|(p, f)| match b.get(p) {
            Some(g) if g != f => Some(format!("{p}: [{f}] against [{g}]")),
            _ => None,
        })
        .collect()
}

#[test]
fn the_python_package_asks_every_crate_as_the_command_line_does() {
    let cli = features(&["-p", "chimera"]);
    let python = features(&["-p", "chimera-python", "--features", "pyo3/extension-module"]);
    assert_eq!(
        python.get("chimera v0.1.0").map(String::as_str),
        cli.get("chimera v0.1.0").map(String::as_str),
        "the library's features"
    );
    let diff = differences(&cli, &python);
    assert!(diff.is_empty(), "{diff:#?}");
}

#[test]
fn the_webassembly_build_asks_the_macros_crates_as_the_command_line_does() {
    let cli = features(&["-p", "chimera"]);
    let wasm = features(&["-p", "chimera-wasm", "--target", "wasm32-unknown-unknown"]);
    // What procedural macros are built from (compiled for the host in
    // both builds); the rest of the WebAssembly build is for its target.
    let host: BTreeMap<String, String> = wasm
        .into_iter()
        .filter(|(p, _)| {
            ["syn ", "proc-macro2 ", "quote "]
                .iter()
                .any(|h| p.starts_with(h))
        })
        .collect();
    assert!(host.len() >= 4, "{host:?}");
    let diff = differences(&host, &cli);
    assert!(diff.is_empty(), "{diff:#?}");
}
