//! A deliberately broken copy of the chess rules (tests/fixtures) fails
//! `chimera check` with readable diffs; the whole output is a snapshot.
use std::process::Command;

#[test]
fn broken_variant_fails_with_a_diff() {
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["check", "tests/fixtures/broken-chess.toml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = format!(
        "{}--- stderr ---\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    insta::assert_snapshot!(text);
}

#[test]
fn invalid_file_fails_check_with_position() {
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["check", "tests/bad/unknown_piece_in_setup.toml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("tests/bad/unknown_piece_in_setup.toml:26:9"));
}
