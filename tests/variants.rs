//! `chimera check` on every rules file in `variants/`: a broken variant file, or
//! a test case it carries that fails, breaks the build. One test per file.
use std::path::Path;
use std::process::Command;

fn check(file: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants").join(file);
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("check")
        .arg(&path)
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
    "shogi.toml",
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
#[test]
fn ko_shogi() {
    check("ko-shogi.toml");
}
#[test]
fn kozune() {
    check("kozune.toml");
}
#[test]
fn shogi() {
    check("shogi.toml");
}
