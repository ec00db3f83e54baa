//! `cannot_capture_by_hop`: pieces a piece may not take with a hopping
//! move once it has passed a piece (tenjiku shogi's range-jumping generals,
//! which jump-capture only lower ranks), while its other captures stay.
//! Move generation and the attack test (check) agree.
use chimera::{Color, Position};

use crate::common::{load_text, sorted_moves};

/// A 7×7 variant: kings, a general that moves as a rook and captures by
/// jumping any number of pieces on rook lines (`RcppR`, tenjiku's rook
/// general), a cannon (`mRcpR`), rooks and pawns. `general` and `cannon`
/// are added to those pieces' tables.
fn rules(general: &str, cannon: &str) -> String {
    format!(
        r#"
[variant]
name = "Hops"
[board]
files = 7
ranks = 7
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "general"
symbol = "G"
betza = "RcppR"
cannot_hop = ["king", "general"]
{general}
[[piece]]
name = "cannon"
symbol = "C"
betza = "mRcpR"
{cannon}
[[piece]]
name = "rook"
symbol = "R"
betza = "R"
[[piece]]
name = "pawn"
symbol = "P"
betza = "fW"
[setup]
position = "gg1ccrk/ppppppp/7/7/7/PPPPPPP/GG1CCRK w - - 0 1"
"#
    )
}

const RANK: &str = r#"cannot_capture_by_hop = ["king", "general"]"#;

fn moves(general: &str, cannon: &str, fen: &str) -> Vec<String> {
    let v = load_text("hops.toml", &rules(general, cannon));
    let mut pos = Position::from_text(&v, fen).unwrap();
    sorted_moves(&mut pos)
}

fn has(moves: &[String], m: &str) -> bool {
    moves.iter().any(|x| x == m)
}

/// A general behind its own pawn: it takes an enemy pawn beyond by jumping,
/// not an enemy general (equal rank) beyond that; an enemy general next to
/// it it takes.
#[test]
fn a_jump_capture_takes_only_what_the_list_allows() {
    let fen = "6k/g6/7/p6/4K2/P6/Gg5 w - - 0 1";
    let with = moves(RANK, "", fen);
    assert!(has(&with, "a1a4"), "jumps its pawn to take a pawn: {with:?}");
    assert!(!has(&with, "a1a6"), "no jump capture of a general: {with:?}");
    assert!(has(&with, "a1b1"), "a plain capture of a general: {with:?}");
    assert!(
        !has(&with, "a1a3") && !has(&with, "a1a5"),
        "no quiet jump: {with:?}"
    );
    // Without the key the general takes the enemy general by jumping.
    let without = moves("", "", fen);
    assert!(has(&without, "a1a6") && has(&without, "a1a4"), "{without:?}");
}

/// The attack test follows the same rule: a general behind its own pawn
/// does not check the king beyond it (without the key it does), but it
/// checks a king next to it on the line.
#[test]
fn a_king_the_general_may_not_take_by_jumping_is_not_in_check() {
    let v = load_text("hops.toml", &rules(RANK, ""));
    let behind = "7/k6/7/7/7/P6/G3K2 b - - 0 1";
    let pos = Position::from_text(&v, behind).unwrap();
    assert!(!pos.in_check(Color::Second));
    let mut pos = Position::from_text(&v, behind).unwrap();
    let replies = sorted_moves(&mut pos);
    assert!(has(&replies, "a6a5") && has(&replies, "a6a7"), "{replies:?}");
    let plain = load_text("hops.toml", &rules("", ""));
    assert!(
        Position::from_text(&plain, behind)
            .unwrap()
            .in_check(Color::Second)
    );
    let next_to = "7/7/7/7/7/k6/G3K2 b - - 0 1";
    assert!(Position::from_text(&v, next_to).unwrap().in_check(Color::Second));
}

/// A one-screen hopper (a cannon, whose hops the attack tables otherwise
/// hold as screen lines) under the key: it takes a pawn over a screen, not
/// a rook, and gives no check over one.
#[test]
fn a_cannon_under_the_key() {
    let key = r#"cannot_capture_by_hop = ["king", "rook"]"#;
    let m = moves("", key, "6k/r6/7/P6/7/7/C3K2 w - - 0 1");
    assert!(!has(&m, "a1a6"), "{m:?}");
    let m = moves("", key, "6k/p6/7/P6/7/7/C3K2 w - - 0 1");
    assert!(has(&m, "a1a6"), "{m:?}");
    let v = load_text("hops.toml", &rules("", key));
    let pos = Position::from_text(&v, "7/k6/7/P6/7/7/C3K2 b - - 0 1").unwrap();
    assert!(!pos.in_check(Color::Second));
    let v = load_text("hops.toml", &rules("", ""));
    let pos = Position::from_text(&v, "7/k6/7/P6/7/7/C3K2 b - - 0 1").unwrap();
    assert!(pos.in_check(Color::Second));
}

/// The key on a piece with no hopping capture would say nothing: an error
/// at the key; an unknown piece name is one too.
#[test]
fn the_key_needs_a_hopping_capture_and_known_pieces() {
    let err = |text: String| {
        chimera::load_str("hops.toml", &text)
            .map(|_| ())
            .unwrap_err()
            .render()
    };
    let text = rules("", "").replace(
        "betza = \"R\"\n",
        "betza = \"R\"\ncannot_capture_by_hop = [\"king\"]\n",
    );
    let e = err(text);
    assert!(e.contains("`cannot_capture_by_hop` needs a hopping move"), "{e}");
    let e = err(rules(r#"cannot_capture_by_hop = ["queen"]"#, ""));
    assert!(e.contains("queen"), "{e}");
}
