//! `[promotion] en_passant_promotes = false` and `promotion_counted_with`:
//! the rules files' own test cases (tests/en-passant-unpromoted.toml,
//! tests/promotion-counted-with.toml), that each key decides them, and the
//! errors for misuse.
use crate::common;

use common::check_rules as check;
use common::{test_file, test_text};

/// `chimera check` on `text` changed by `from` → `to` (once): whether it
/// passes, and what it said.
fn check_edited(name: &str, from: &str, to: &str) -> (bool, String) {
    let t = test_text(name);
    assert!(t.contains(from), "`{from}` not in {name}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name);
    std::fs::write(&file, t.replacen(from, to, 1)).unwrap();
    check(&file)
}

#[test]
fn the_test_cases_pass() {
    let (ok, said) = check(&test_file("en-passant-unpromoted.toml"));
    assert!(ok && said.contains("4 passed, 0 failed"), "{said}");
    let (ok, said) = check(&test_file("promotion-counted-with.toml"));
    assert!(ok && said.contains("7 passed, 0 failed"), "{said}");
}

#[test]
fn en_passant_captures_promote_by_default() {
    // Without the key, the pawn that takes en passant into its zone must
    // promote like any other: the file's en passant cases fail.
    let (ok, said) = check_edited(
        "en-passant-unpromoted.toml",
        "en_passant_promotes = false",
        "en_passant_promotes = true",
    );
    assert!(!ok && said.contains("unexpected (legal): e5d6=G"), "{said}");
    assert!(said.contains("unexpected (legal): d4e3=G"), "{said}");
    assert!(said.contains("1 passed, 3 failed"), "{said}");
}

#[test]
fn without_the_counted_kinds_each_limit_counts_its_own_kind() {
    // Only promoted queens count toward their limit: a queen or a promoted
    // fers on the board no longer stops the pawn's promotion to a queen.
    let (ok, said) = check_edited(
        "promotion-counted-with.toml",
        "promotion_counted_with = [\"queen\", \"promoted fers\"]",
        "",
    );
    assert!(!ok, "{said}");
    assert!(
        said.contains("FAIL a queen on the board: the pawn promotes only to a rook"),
        "{said}"
    );
    assert!(
        said.contains("FAIL a promoted fers counts with the queen"),
        "{said}"
    );
    assert!(
        said.contains("PASS a promoted pawn counts with the queen"),
        "{said}"
    );
}

#[test]
fn misuse_is_an_error() {
    let cases: [(&str, &str, &str); 5] = [
        (
            "promotion_counted_with = [\"queen\", \"promoted fers\"]",
            "promotion_counted_with = [\"queen\", \"promoted fres\"]",
            "promotion_counted_with names unknown piece `promoted fres`",
        ),
        (
            "promotion_counted_with = [\"queen\", \"promoted fers\"]",
            "promotion_counted_with = [\"queen\", \"promoted queen\"]",
            "a piece's own kind always counts",
        ),
        (
            "promotion_counted_with = [\"queen\", \"promoted fers\"]",
            "promotion_counted_with = [\"queen\", \"queen\"]",
            "`queen` is named twice in promotion_counted_with",
        ),
        (
            "promotion_limit = 1\npromotion_counted_with = [\"queen\", \"promoted fers\"]",
            "promotion_counted_with = [\"queen\", \"promoted fers\"]",
            "promotion_counted_with needs `promotion_limit`",
        ),
        (
            "trigger = \"either\"",
            "trigger = \"either\"\nen_passant_promotes = \"no\"",
            "invalid type",
        ),
    ];
    common::assert_misuse(
        &test_text("promotion-counted-with.toml"),
        &cases,
        "promotion-counted-with",
    );
}
