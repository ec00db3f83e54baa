//! General rules-file features that Fairy-Stockfish's variants needed
//! (issue 27), each on a small board of its own.
use chimera::{Color, Position};

fn sorted_moves(pos: &mut Position) -> Vec<String> {
    let mut names: Vec<String> = pos.legal_move_list().iter().map(|m| pos.move_text(m)).collect();
    names.sort();
    names
}

/// `[end] royal_pieces = "not_all"` (Fairy-Stockfish's duple check): a
/// side with two royal pieces may leave one attacked, not both; check is an
/// attack on both; the last one is guarded as a king is.
#[test]
fn not_all_royal_pieces_may_be_left_attacked() {
    let text = r#"
[variant]
name = "Two kings"
[board]
files = 5
ranks = 5
[end]
royal_pieces = "not_all"
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
position = "k1k2/5/5/5/1RKR1 w - - 0 1"
"#;
    let v = chimera::load_str("two.toml", text).unwrap_or_else(|d| panic!("{}", d.render()));
    // One king attacked: no check, and the other may step into an attack.
    let mut pos = Position::from_text(&v, "k1k2/5/5/5/R1K2 b - - 0 1").unwrap();
    assert!(!pos.in_check(Color::Second));
    assert!(pos.checked_royals(Color::Second).is_empty());
    let moves = sorted_moves(&mut pos);
    assert!(moves.contains(&"c5b5".to_string()), "{moves:?}");
    // Both attacked: check, and a move must leave one of them safe.
    let mut pos = Position::from_text(&v, "k1k2/5/5/5/R1R1K b - - 0 1").unwrap();
    assert!(pos.in_check(Color::Second));
    assert_eq!(pos.checked_royals(Color::Second).len(), 2);
    let moves = sorted_moves(&mut pos);
    assert!(
        !moves.contains(&"a5a4".to_string()),
        "both still attacked: {moves:?}"
    );
    assert!(moves.contains(&"a5b5".to_string()), "{moves:?}");
    // The default, "every": one attacked king is check.
    let every = text.replace("royal_pieces = \"not_all\"\n", "");
    let v = chimera::load_str("every.toml", &every).unwrap();
    let pos = Position::from_text(&v, "k1k2/5/5/5/R1K2 b - - 0 1").unwrap();
    assert!(pos.in_check(Color::Second));
}
