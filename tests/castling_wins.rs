//! Castling rules files. `[end] castling_wins`: the rules file's own test
//! cases (tests/castling-wins.toml, results as pyffish gives them for
//! Fairy-Stockfish's `castle`) and the errors for misuse, at their place.
//! Castling one square (tests/castling-one-square.toml, Fairy-Stockfish's
//! `haynie`): written as the king taking its rook, apart from the king's step.
//! Castling that takes the opponent's right on its wing
//! (tests/castling-opposite.toml, `takes_rights`, Fairy-Stockfish's
//! `opposite-castling`).
use crate::common;

use common::check_rules as check;
use common::{test_file, test_text};

#[test]
fn the_test_cases_pass() {
    let (ok, text) = check(&test_file("castling-wins.toml"));
    assert!(ok && text.contains("5 passed, 0 failed"), "{text}");
}

#[test]
fn one_square_castling_is_written_apart_from_the_kings_step() {
    let (ok, text) = check(&test_file("castling-one-square.toml"));
    assert!(ok && text.contains("5 passed, 0 failed"), "{text}");
}

#[test]
fn castling_takes_the_opponents_right_on_its_wing() {
    let (ok, text) = check(&test_file("castling-opposite.toml"));
    assert!(ok && text.contains("5 passed, 0 failed"), "{text}");
    let opposite = test_text("castling-opposite.toml");
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
    common::assert_misuse(&test_text("castling-wins.toml"), &cases, "castling-wins");
    // No castling at all: the rules without their [[castling]] tables.
    let text = test_text("castling-wins.toml");
    let start = text.find("\n[[castling]]\n").unwrap();
    let end = text.find("\n[end]\n").unwrap();
    let none = format!("{}{}", &text[..start], &text[end..]).replace(" KQkq ", " - ");
    common::assert_misuse(
        &none,
        &[("castling_wins", "castling_wins", "the rules have no [[castling]]")],
        "castling-none",
    );
}
