//! `[end] castling_wins`: the rules file's own test cases
//! (tests/castling-wins.toml, results as pyffish gives them for
//! Fairy-Stockfish's `castle`) and the errors for misuse, at their place.
use std::path::Path;
use std::process::Command;

fn check(path: &Path) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("check")
        .arg(path)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

fn file() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/castling-wins.toml")).unwrap()
}

#[test]
fn the_test_cases_pass() {
    let (ok, text) = check(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/castling-wins.toml"));
    assert!(ok && text.contains("5 passed, 0 failed"), "{text}");
}

#[test]
fn misuse_is_an_error() {
    let cases: [(&str, &str, &str); 2] = [
        (
            "castling_wins = [\"q\"]",
            "castling_wins = [\"x\"]",
            "`castling_wins` names `x`, no castling right",
        ),
        (
            "castling_wins = [\"q\"]",
            "castling_wins = []",
            "names no castling right",
        ),
    ];
    let dir = std::env::temp_dir().join(format!("castling-wins-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, (from, to, want)) in cases.iter().enumerate() {
        let text = file();
        assert!(text.contains(from), "case {i}: `{from}` not in the file");
        let path = dir.join(format!("case{i}.toml"));
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
        let (ok, out) = check(&path);
        assert!(
            !ok && out.contains(want) && out.contains(&format!("case{i}.toml:")),
            "case {i}: expected an error with `{want}` at its place:\n{out}"
        );
    }
    // No castling at all.
    let text = file();
    let start = text.find("\n[[castling]]\n").unwrap();
    let end = text.find("\n[end]\n").unwrap();
    let path = dir.join("none.toml");
    std::fs::write(
        &path,
        format!("{}{}", &text[..start], &text[end..]).replace(" KQkq ", " - "),
    )
    .unwrap();
    let (ok, out) = check(&path);
    assert!(!ok && out.contains("the rules have no [[castling]]"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}
