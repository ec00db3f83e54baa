//! Drop squares per side (`drop.squares` with `{ side, squares }` entries,
//! Fairy-Stockfish's `dropRegionWhite/Black`): the rules file's own test
//! cases (tests/drop-squares.toml, legal moves as pyffish gives them) and
//! the errors for misuse, at their place.
use crate::common;

use common::check_rules as check;
use common::{test_file, test_text};

#[test]
fn the_test_cases_pass() {
    let (ok, text) = check(&test_file("drop-squares.toml"));
    assert!(ok && text.contains("8 passed, 0 failed"), "{text}");
}

#[test]
fn misuse_is_an_error() {
    let text = test_text("drop-squares.toml");
    let cases: [(&str, &str, &str); 5] = [
        (
            "{ side = \"second\", squares = [\"d5\"] }",
            "{ side = \"second\", squares = [\"d9\"] }",
            "`d9` is not a square of the board",
        ),
        (
            "drop = { squares = [\"a3\",",
            "drop = { squares = [\"z3\",",
            "`z3` is not a square of the board",
        ),
        (
            "drop = { squares = [{ side = \"second\", squares = [\"d5\"] }] }",
            "drop = { squares = [] }",
            "drop squares need at least one square",
        ),
        (
            "{ side = \"second\", squares = [\"d5\"] }",
            "{ side = \"third\", squares = [\"d5\"] }",
            "third",
        ),
        (
            "{ side = \"second\", squares = [\"d5\"] }",
            "{ side = \"second\", square = [\"d5\"] }",
            "square",
        ),
    ];
    common::assert_misuse(&text, &cases, "drop-squares");
}

/// A slider whose region leaves out a square is still blocked by a piece
/// standing there (stardust's customPiece3, whose region leaves out h9:
/// Fairy-Stockfish blocks the slide; the fast move tables once skipped it).
#[test]
fn a_slide_is_blocked_on_a_square_outside_the_region() {
    let squares: Vec<String> = "abcdefgh"
        .chars()
        .flat_map(|f| (1..=8).map(move |r| format!("\"{f}{r}\"")))
        .filter(|s| s != "\"d4\"")
        .collect();
    let text = format!(
        r#"[variant]
name = "region blocks"
[board]
files = 8
ranks = 8
[sides]
first = {{ name = "white", letter = "w" }}
second = {{ name = "black", letter = "b" }}
[text]
position = "fen"
[[piece]]
name = "rook"
symbol = "R"
betza = "R"
region = [{{ side = "first", squares = [{}] }}]
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[setup]
position = "7k/8/8/8/3K4/8/8/3R4 w - - 0 1"
[end]
checkmate = "win"
stalemate = "draw"
[[test]]
name = "the rook stops below its own king on d4, outside its region"
piece_moves = {{ from = "d1", moves = ["d1a1", "d1b1", "d1c1", "d1d2", "d1d3", "d1e1", "d1f1", "d1g1", "d1h1"] }}
"#,
        squares.join(", ")
    );
    let path = std::env::temp_dir().join(format!("region-blocks-{}.toml", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let (ok, out) = check(&path);
    assert!(ok && out.contains("1 passed, 0 failed"), "{out}");
}
