//! `chimera check` on every rules file in `variants/`: a broken variant file, or
//! a test case it carries that fails, breaks the build. One test per file.
use std::path::Path;
use std::process::Command;

fn check(file: &str) {
    check_with(file, &[]);
}

fn check_with(file: &str, extra: &[&str]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("variants").join(file);
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("check")
        .arg(&path)
        .args(extra.iter().map(|e| root.join(e)))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "chimera check {file} failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains(" passed, 0 failed"), "{stdout}");
    assert!(!stdout.contains(": 0 passed"), "{file} carries no test cases");
    assert!(!stderr.contains("warning"), "{file} has lint warnings:\n{stderr}");
}

const FILES: &[&str] = &[
    "chess.toml",
    "crazyhouse.toml",
    "ko-shogi.toml",
    "kozune.toml",
    "pocket-shogi-copper.toml",
    "shogi.toml",
    "wwii-chess.toml",
];

#[test]
fn every_variant_file_is_listed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut found: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    found.sort();
    assert_eq!(
        found, FILES,
        "add new variant files to FILES in tests/variants.rs"
    );
}

#[test]
fn chess() {
    check("chess.toml");
}
#[test]
fn crazyhouse() {
    check("crazyhouse.toml");
}
/// With every piece face's exact move set, computed by an independent model
/// of the rules (tests/tools/ko_faces.py).
#[test]
fn ko_shogi() {
    check_with("ko-shogi.toml", &["tests/ko-shogi-faces.toml"]);
}
#[test]
fn kozune() {
    check("kozune.toml");
}
#[test]
fn shogi() {
    check("shogi.toml");
}
#[test]
fn pocket_shogi_copper() {
    check("pocket-shogi-copper.toml");
}
#[test]
fn wwii_chess() {
    check("wwii-chess.toml");
}
