//! `royal_while_at_most` and `royal_counted_with`: the rules file's own test
//! cases (tests/royal-while-few.toml) and the errors for misuse.
use crate::common;

use common::check_rules as check;
use common::{test_file, test_text};

#[test]
fn the_test_cases_pass() {
    let (ok, text) = check(&test_file("royal-while-few.toml"));
    assert!(ok && text.contains("7 passed, 0 failed"), "{text}");
}

#[test]
fn misuse_is_an_error() {
    let cases: [(&str, &str, &str); 5] = [
        (
            "royal = true\nroyal_while_at_most = 1\nroyal_counted_with = [\"crowned pawn\"]",
            "royal_while_at_most = 1\nroyal_counted_with = [\"crowned pawn\"]",
            "needs `royal = true`",
        ),
        (
            "royal_while_at_most = 1\nroyal_counted_with = [\"crowned pawn\"]",
            "royal_while_at_most = 0\nroyal_counted_with = [\"crowned pawn\"]",
            "at least 1",
        ),
        (
            "royal = true\nroyal_while_at_most = 1\nroyal_counted_with = [\"crowned pawn\"]",
            "royal = true\nroyal_counted_with = [\"crowned pawn\"]",
            "needs `royal_while_at_most`",
        ),
        (
            "royal_while_at_most = 1\nroyal_counted_with = [\"king\"]",
            "royal_while_at_most = 2\nroyal_counted_with = [\"king\"]",
            "same royal_while_at_most",
        ),
        (
            "stalemate = \"draw\"",
            "stalemate = \"draw\"\nroyal_pieces = \"last\"",
            "cannot be combined with `[end] royal_pieces`",
        ),
    ];
    common::assert_misuse(&test_text("royal-while-few.toml"), &cases, "royal-while-few");
}
