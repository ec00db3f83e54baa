//! `[end] reach` with several pieces: `count` (that many of the pieces on
//! the squares at once — halma-like races, Fairy-Stockfish's
//! `flagPieceCount`) and `or_when_full` (one is enough when no square is
//! left empty — `flagPieceBlockedWin`), on a small board of their own;
//! `pieces` of several kinds counted together, `safe_unless_more` and
//! `reach_reply = "unsafe"` (Fairy-Stockfish's `flagPieceSafe`, with and
//! without `flagMove`).
use chimera::{Position, load_str};

use crate::common::{end, load_text, play};

/// Runners that step forward or sideways on 4×4; the first player's
/// runners win on the fourth rank, with `extra` in the reach table.
fn race(start: &str, squares: &str, extra: &str) -> String {
    format!(
        r#"
[variant]
name = "race"
[board]
files = 4
ranks = 4
[sides]
first = {{ name = "white", letter = "w" }}
second = {{ name = "black", letter = "b" }}
[text]
position = "fen"
[[piece]]
name = "runner"
symbol = "R"
betza = "mfWmsW"
[setup]
position = "{start} w - - 0 1"
[end]
stalemate = "draw"
reach = [{{ side = "first", piece = "runner", squares = {squares}{extra} }}]
"#
    )
}

fn result(pos: &mut Position) -> Option<String> {
    end(pos).map(|r| format!("{r:?}"))
}

#[test]
fn a_count_of_pieces_must_stand_on_the_squares_together() {
    let squares = r#"["a4", "b4", "c4"]"#;
    let v = load_str("race.toml", &race("4/RR2/4/3r", squares, ", count = 2")).unwrap();
    let mut pos = Position::start(&v);
    play(&mut pos, "a3a4");
    assert_eq!(result(&mut pos), None, "one runner of two is not enough");
    play(&mut pos, "d1c1");
    play(&mut pos, "b3b4");
    let r = result(&mut pos).expect("two runners there win");
    assert!(r.contains("First") && r.contains("Reach"), "{r}");
    // Without `count`, the first arrival wins.
    let v = load_str("race.toml", &race("4/RR2/4/3r", squares, "")).unwrap();
    let mut pos = Position::start(&v);
    play(&mut pos, "a3a4");
    assert!(result(&mut pos).is_some());
}

#[test]
fn one_piece_is_enough_when_no_square_is_left_empty() {
    // a4 and b4 with count 2; black's runner holds b4.
    let squares = r#"["a4", "b4"]"#;
    for (extra, ends) in [(", count = 2, or_when_full = true", true), (", count = 2", false)] {
        let v = load_str("race.toml", &race("1r2/R3/4/4", squares, extra)).unwrap();
        let mut pos = Position::start(&v);
        play(&mut pos, "a3a4");
        assert_eq!(result(&mut pos).is_some(), ends, "{extra}");
    }
}

#[test]
fn bad_counts_are_errors_with_their_place() {
    let squares = r#"["a4", "b4"]"#;
    for (extra, says) in [
        (
            ", count = 0",
            "count is from 1 to the number of squares (2), not 0",
        ),
        (", count = 3", "not 3"),
        (", count = 2, safe = true", "leave out count"),
    ] {
        let e = load_str("race.toml", &race("4/RR2/4/3r", squares, extra)).expect_err(extra);
        let text = e.render();
        assert!(text.contains(says), "{extra}: {text}");
        assert!(text.contains("race.toml:"), "{extra}: positioned: {text}");
    }
}

/// Runners and steppers of the first player (counted together by
/// `pieces`) race for the fourth rank; the second player's guard attacks
/// around it. `reach` is the rest of the goal, `extra` more `[end]` keys.
fn guarded(start: &str, reach: &str, extra: &str) -> String {
    format!(
        r#"
[variant]
name = "guarded race"
[board]
files = 4
ranks = 4
[sides]
first = {{ name = "white", letter = "w" }}
second = {{ name = "black", letter = "b" }}
[text]
position = "fen"
[[piece]]
name = "runner"
symbol = "R"
betza = "mfWmsW"
[[piece]]
name = "stepper"
symbol = "S"
betza = "mfF"
[[piece]]
name = "guard"
symbol = "G"
betza = "K"
[setup]
position = "{start} w - - 0 1"
[end]
stalemate = "draw"
reach = [{{ side = "first", pieces = ["runner", "stepper"], squares = ["a4", "b4", "c4", "d4"]{reach} }}]
{extra}
"#
    )
}

#[test]
fn pieces_of_several_kinds_count_together() {
    // A runner and a stepper make the count of two.
    let v = load_str("g.toml", &guarded("R3/1S2/4/3g", ", count = 2", "")).unwrap();
    let mut pos = Position::start(&v);
    assert_eq!(result(&mut pos), None);
    play(&mut pos, "b3c4");
    let r = result(&mut pos).expect("two pieces of the two kinds win");
    assert!(r.contains("First") && r.contains("Reach"), "{r}");
}

#[test]
fn with_safe_unless_more_a_surplus_wins_attacked() {
    // b4 is attacked by the guard on b3; a4 will be too.
    for (extra, ends) in [
        (", safe = true, safe_unless_more = true", true),
        (", safe = true", false),
    ] {
        let v = load_str("g.toml", &guarded("1R2/Rg2/4/4", extra, "")).unwrap();
        let mut pos = Position::start(&v);
        assert_eq!(
            result(&mut pos),
            None,
            "{extra}: one attacked piece is not enough"
        );
        play(&mut pos, "a3a4");
        assert_eq!(result(&mut pos).is_some(), ends, "{extra}");
    }
}

#[test]
fn an_unsafe_arrival_is_answered_then_wins_attacked() {
    let rules = guarded("4/R1g1/4/4", ", safe = true", "reach_reply = \"unsafe\"");
    let v = load_text("g.toml", &rules);
    // a4 is safe from the guard on c3: an arrival there wins at once.
    let mut pos = Position::start(&v);
    play(&mut pos, "a3a4");
    assert!(result(&mut pos).is_some_and(|r| r.contains("First")));
    // b4 is attacked by the guard on c3: the arrival is answered, and wins
    // if the runner is still there, though the guard (now on c4) still
    // attacks it; taking it ends that.
    let mut pos = Position::from_text(&v, "4/1Rg1/4/4 w - - 0 1").unwrap();
    play(&mut pos, "b3b4");
    assert_eq!(result(&mut pos), None, "an attacked arrival is answered");
    play(&mut pos, "c3c4");
    let r = result(&mut pos).expect("still there after the answer");
    assert!(r.contains("First"), "{r}");
    let mut pos = Position::from_text(&v, "4/1Rg1/4/4 w - - 0 1").unwrap();
    play(&mut pos, "b3b4");
    play(&mut pos, "c3b4");
    let r = result(&mut pos);
    assert!(
        r.as_deref().is_none_or(|r| !r.contains("Reach")),
        "taken: no arrival: {r:?}"
    );
    // Misuse: the unsafe reply needs a safe goal.
    let bad = guarded("4/R1g1/4/4", "", "reach_reply = \"unsafe\"");
    let e = load_str("g.toml", &bad).unwrap_err().render();
    assert!(e.contains("needs a `safe` reach") && e.contains("g.toml:"), "{e}");
    let bad = guarded("4/R1g1/4/4", ", safe_unless_more = true", "");
    let e = load_str("g.toml", &bad).unwrap_err().render();
    assert!(e.contains("goes with `safe = true`"), "{e}");
}
