//! Castling rules files. `[end] castling_wins`: the rules file's own test
//! cases (tests/castling-wins.toml, results as pyffish gives them for
//! Fairy-Stockfish's `castle`) and the errors for misuse, at their place.
//! Castling one square (tests/castling-one-square.toml, Fairy-Stockfish's
//! `haynie`): written as the king taking its rook, apart from the king's step.
//! Castling that takes the opponent's right on its wing
//! (tests/castling-opposite.toml, `takes_rights`, Fairy-Stockfish's
//! `opposite-castling`).
use std::path::Path;

use crate::common;

use common::check_rules as check;

fn file() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/castling-wins.toml")).unwrap()
}

#[test]
fn the_test_cases_pass() {
    let (ok, text) = check(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/castling-wins.toml"));
    assert!(ok && text.contains("5 passed, 0 failed"), "{text}");
}

#[test]
fn one_square_castling_is_written_apart_from_the_kings_step() {
    let (ok, text) = check(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/castling-one-square.toml"));
    assert!(ok && text.contains("5 passed, 0 failed"), "{text}");
}

#[test]
fn castling_takes_the_opponents_right_on_its_wing() {
    let (ok, text) = check(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/castling-opposite.toml"));
    assert!(ok && text.contains("5 passed, 0 failed"), "{text}");
    let opposite =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/castling-opposite.toml"))
            .unwrap();
    let cases: [(&str, &str, &str); 2] = [
        (
            "takes_rights = [\"k\"]",
            "takes_rights = [\"x\"]",
            "`takes_rights` names `x`, no castling right",
        ),
        (
            "takes_rights = [\"k\"]",
            "takes_rights = []",
            "`takes_rights` names no castling right",
        ),
    ];
    common::assert_misuse(&opposite, &cases, "castling-opposite");
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
    common::assert_misuse(&file(), &cases, "castling-wins");
    // No castling at all: the rules without their [[castling]] tables.
    let text = file();
    let start = text.find("\n[[castling]]\n").unwrap();
    let end = text.find("\n[end]\n").unwrap();
    let none = format!("{}{}", &text[..start], &text[end..]).replace(" KQkq ", " - ");
    common::assert_misuse(
        &none,
        &[("castling_wins", "castling_wins", "the rules have no [[castling]]")],
        "castling-none",
    );
}
