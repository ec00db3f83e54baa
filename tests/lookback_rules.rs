//! End rules that look back on the moves of the game (docs/rules-format.md):
//! `[end] mate_rule` (shatar's: which pieces gave the mate and its series
//! of checks) and `[end] move_repetition` (janggimodern's: one piece moved
//! back and forth), on small variants of their own.
use std::sync::Arc;

use chimera::{Color, GameResult, History, Position, Reason, Variant, judge, load_str};

use crate::common::load_text;

/// Chess pieces without a queen, with `end` added to `[end]`.
fn chessish(end: &str) -> String {
    format!(
        r#"
[variant]
name = "mates"
[board]
files = 8
ranks = 8
[sides]
first = {{ name = "white", letter = "w" }}
second = {{ name = "black", letter = "b" }}
second_orientation = "reflect"
[text]
position = "fen"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "rook"
symbol = "R"
betza = "R"
[[piece]]
name = "bishop"
symbol = "B"
betza = "B"
[[piece]]
name = "knight"
symbol = "N"
betza = "N"
[[piece]]
name = "pawn"
symbol = "P"
betza = "fmWfcF"
promotion = [{{ ranks = [8], to = ["rook"], forced = true }}]
[setup]
position = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1"
[end]
{end}
"#
    )
}

const MATE_RULE: &str = r#"mate_rule = { alone = { pieces = ["knight"], result = "loss" }, series = { pieces = ["knight", "rook"], result = "draw" } }"#;

/// The result after `moves` from `fen`, the game's history being those moves.
fn after(v: &Arc<Variant>, fen: &str, moves: &[&str]) -> Option<GameResult> {
    let mut pos = Position::from_text(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut hashes = vec![pos.hash()];
    for m in moves {
        assert!(
            judge(
                &mut pos,
                &History {
                    hashes: &hashes,
                    checks: None
                }
            )
            .is_none(),
            "the game ended before {m}"
        );
        let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
        pos.make(mv);
        hashes.push(pos.hash());
    }
    judge(
        &mut pos,
        &History {
            hashes: &hashes,
            checks: None,
        },
    )
}

fn outcome(r: Option<GameResult>) -> (Option<Color>, String) {
    let r = r.expect("the game is over");
    (r.winner, r.reason.to_string())
}

#[test]
fn a_mate_by_the_alone_pieces_has_their_result() {
    let v = load_text("v.toml", &chessish(MATE_RULE));
    // A smothered mate by a knight: the side that mates loses.
    let r = after(&v, "6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1", &["g5f7"]);
    assert_eq!(outcome(r), (Some(Color::Second), "mate rule".into()));
    // The reason reads back (test cases, records).
    assert_eq!(v.reason("mate rule"), Some(Reason::Rule("mate rule")));
    // A rook's mate is a plain checkmate.
    let r = after(&v, "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", &["a1a8"]);
    assert_eq!(outcome(r), (Some(Color::First), "checkmate".into()));
    // Without the rule, the knight's mate is a plain checkmate too.
    let plain = load_text("v.toml", &chessish(""));
    let r = after(&plain, "6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1", &["g5f7"]);
    assert_eq!(outcome(r), (Some(Color::First), "checkmate".into()));
}

#[test]
fn a_mate_counts_only_after_a_check_by_a_series_piece() {
    let v = load_text("v.toml", &chessish(MATE_RULE));
    // The bishop's mate with no earlier check: the other result (a draw).
    let r = after(&v, "6bk/7p/8/8/8/8/5B2/4K3 w - - 0 1", &["f2d4"]);
    assert_eq!(outcome(r), (None, "mate rule".into()));
    // The rook checked first, the king stepped aside, the bishop mates.
    let start = "6k1/7p/p7/8/8/1K6/5B2/R7 w - - 0 1";
    let r = after(&v, start, &["a1g1", "g8h8", "f2d4"]);
    assert_eq!(outcome(r), (Some(Color::First), "checkmate".into()));
    // A position out of check between them breaks the series.
    let r = after(&v, start, &["a1g1", "g8h8", "b3c3", "a6a5", "f2d4"]);
    assert_eq!(outcome(r), (None, "mate rule".into()));
    // A position read from text knows no checks before it: the rook's
    // check that led to it is not seen.
    let r = after(&v, "7k/7p/p7/8/8/1K6/5B2/6R1 w - - 2 2", &["f2d4"]);
    assert_eq!(outcome(r), (None, "mate rule".into()));
    // But a check in the text's own position is.
    let r = after(&v, "6k1/7p/p7/8/8/1K6/5B2/6R1 b - - 1 1", &["g8h8", "f2d4"]);
    assert_eq!(outcome(r), (Some(Color::First), "checkmate".into()));
}

#[test]
fn the_mate_rule_refuses_what_it_cannot_mean() {
    let refused = |rule: &str, says: &str| {
        let Err(e) = load_str("v.toml", &chessish(rule)) else {
            panic!("`{rule}` loads")
        };
        assert!(e.render().contains(says), "{rule}: {}", e.render());
    };
    refused("mate_rule = {}", "`alone` or `series`");
    refused(
        r#"mate_rule = { alone = { pieces = [], result = "loss" } }"#,
        "may not be empty",
    );
    refused(
        r#"mate_rule = { alone = { pieces = ["camel"], result = "loss" } }"#,
        "camel",
    );
    refused(
        r#"mate_rule = { series = { pieces = ["rook"], result = "lose" } }"#,
        "for the side that mates",
    );
    refused(
        r#"mate_rule = { series = { pieces = ["rook"], result = "draw" }, also = 1 }"#,
        "also",
    );
    let no_king = chessish(r#"mate_rule = { series = { pieces = ["rook"], result = "draw" } }"#)
        .replace("royal = true\n", "")
        .replace("\n[end]\n", "\n[end]\nstalemate = \"loss\"\n");
    let Err(e) = load_str("v.toml", &no_king) else {
        panic!("a mate rule without a royal piece loads")
    };
    assert!(e.render().contains("royal"), "{}", e.render());
}

/// Rooks and kings on 6×6, with passes and `end` in `[end]`.
fn shuttles(end: &str) -> String {
    format!(
        r#"
[variant]
name = "shuttles"
[board]
files = 6
ranks = 6
[sides]
first = {{ name = "white", letter = "w" }}
second = {{ name = "black", letter = "b" }}
second_orientation = "reflect"
[text]
position = "fen"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "rook"
symbol = "R"
betza = "R"
[setup]
position = "rr2k1/6/6/6/6/RR2K1 w - - 0 1"
[moves]
pass = true
[end]
{end}
"#
    )
}

const START: &str = "r3k1/6/6/6/6/R3K1 w - - 0 1";

#[test]
fn a_piece_moved_back_and_forth_count_times_ends_the_game() {
    let v = load_text(
        "v.toml",
        &shuttles(r#"move_repetition = { count = 2, result = "loss" }"#),
    );
    // a1a2 brings the rook, then a2a3 and a3a2: twice back and forth.
    let moves = ["a1a2", "e6f6", "a2a3", "f6f5", "a3a2"];
    let r = after(&v, START, &moves);
    assert_eq!(outcome(r), (Some(Color::Second), "move repetition".into()));
    assert_eq!(v.reason("move repetition"), Some(Reason::Rule("move repetition")));
    assert!(after(&v, START, &moves[..4]).is_none());
    // One pass of its own just before the last move does not break it.
    let passed = ["a1a2", "e6f6", "a2a3", "f6f5", "pass", "f5f4", "a3a2"];
    let r = after(&v, START, &passed);
    assert_eq!(outcome(r), (Some(Color::Second), "move repetition".into()));
    // A pass anywhere else does.
    let early = ["a1a2", "e6f6", "pass", "f6f5", "a2a3", "f5f4", "a3a2"];
    assert!(after(&v, START, &early).is_none());
    // The result is the rule's, for the player who moved back and forth.
    let wins = load_text(
        "v.toml",
        &shuttles(r#"move_repetition = { count = 2, result = "win" }"#),
    );
    let r = after(&wins, START, &moves);
    assert_eq!(outcome(r), (Some(Color::First), "move repetition".into()));
    // More moves are needed with a larger count.
    let four = load_text("v.toml", &shuttles(r#"move_repetition = { count = 4 }"#));
    assert!(after(&four, START, &moves).is_none());
    let long = [
        "a1a2", "e6f6", "a2a3", "f6f5", "a3a2", "f5e5", "a2a3", "e5e6", "a3a2",
    ];
    let r = after(&four, START, &long);
    assert_eq!(outcome(r), (Some(Color::Second), "move repetition".into()));
}

#[test]
fn what_keeps_a_shuttle_from_counting() {
    let v = load_text(
        "v.toml",
        &shuttles(r#"move_repetition = { count = 2, result = "loss", except = ["king"] }"#),
    );
    // An excepted piece.
    assert!(after(&v, START, &["e1d1", "e6f6", "d1d2", "f6f5", "d2d1"]).is_none());
    // A piece brought by a capture.
    let capture = "4k1/6/6/r5/6/R3K1 w - - 0 1";
    assert!(after(&v, capture, &["a1a3", "e6f6", "a3a4", "f6f5", "a4a3"]).is_none());
    // Brought by a quiet move, it counts.
    let quiet = "4k1/6/6/6/r5/R3K1 w - - 0 1";
    let r = after(&v, quiet, &["a1b1", "e6f6", "b1c1", "f6f5", "c1b1"]);
    assert_eq!(outcome(r), (Some(Color::Second), "move repetition".into()));
    // A move made in check: the rook came to block a check.
    let blocked = "k5/4r1/6/6/1R4/4K1 w - - 0 1";
    assert!(after(&v, blocked, &["b2e2", "a6b6", "e2e3", "b6b5", "e3e2"]).is_none());
    // The moves must lie within the plies since the last capture.
    let spare = "1k3r/6/6/5R/6/R3K1 w - - 0 1";
    assert!(after(&v, spare, &["a1a2", "f6f3", "a2a3", "b6c6", "a3a2"]).is_none());
    let r = after(&v, spare, &["a1a2", "b6c6", "a2a3", "c6b6", "a3a2"]);
    assert_eq!(outcome(r), (Some(Color::Second), "move repetition".into()));
}

#[test]
fn move_repetition_refuses_what_it_cannot_mean() {
    for (rule, says) in [
        ("move_repetition = { count = 1 }", "2 to 100"),
        (r#"move_repetition = { count = 2, except = ["camel"] }"#, "camel"),
        ("move_repetition = { count = 2, every = true }", "every"),
        (r#"move_repetition = { count = 2, result = "lose" }"#, "lose"),
    ] {
        let Err(e) = load_str("v.toml", &shuttles(rule)) else {
            panic!("`{rule}` loads")
        };
        assert!(e.render().contains(says), "{rule}: {}", e.render());
    }
}
