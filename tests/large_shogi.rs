//! Rules of the large shogi family (chu, dai, tenjiku, …) as general
//! rules-file features, each on a small board of its own.
use chimera::Position;

fn sorted_moves(pos: &mut Position) -> Vec<String> {
    let mut names: Vec<String> = pos.legal_move_list().iter().map(|m| pos.move_text(m)).collect();
    names.sort();
    names
}

/// Chu shogi's promotion rule (`trigger = "enter_or_capture"`): a move
/// that enters the zone may promote, and so may a capture that starts or
/// ends in it; a quiet move inside the zone or out of it may not.
#[test]
fn promotion_on_entering_the_zone_or_capturing_in_it() {
    let v = chimera::load_str(
        "zone.toml",
        r#"
[variant]
name = "Zone"
[board]
files = 6
ranks = 6
[promotion]
zone = [5, 6]
trigger = "enter_or_capture"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "rook"
symbol = "R"
betza = "R"
promotion = [{ to = ["dragon"] }]
[[piece]]
name = "dragon"
symbol = "+R"
betza = "RF"
[[piece]]
name = "pawn"
symbol = "P"
betza = "fW"
[setup]
position = "pppppk/pppppp/6/6/RRRRRR/5K w - - 0 1"
"#,
    )
    .unwrap_or_else(|d| panic!("{}", d.render()));
    let promotes = |fen: &str, mv: &str| {
        let mut pos = Position::from_text(&v, fen).unwrap();
        let moves = sorted_moves(&mut pos);
        assert!(
            moves.contains(&mv.to_string()),
            "{mv} is legal in {fen}: {moves:?}"
        );
        moves.iter().any(|m| m.starts_with(&format!("{mv}=")))
    };
    // Entering, quietly or capturing: may promote.
    assert!(promotes("5k/6/6/6/R5/5K w - - 0 1", "a2a5"));
    assert!(promotes("5k/1p4/6/6/1R4/5K w - - 0 1", "b2b5"));
    assert!(promotes("5k/1p4/6/6/1R4/5K w - - 0 1", "b2b4") == false);
    // Inside the zone: a quiet move may not, a capture may.
    assert!(!promotes("5k/R5/6/6/6/5K w - - 0 1", "a5a6"));
    assert!(promotes("p4k/R5/6/6/6/5K w - - 0 1", "a5a6"));
    // Leaving the zone: a quiet move may not, a capture may.
    assert!(!promotes("5k/R5/6/6/6/5K w - - 0 1", "a5a2"));
    assert!(promotes("5k/R5/6/6/p5/5K w - - 0 1", "a5a2"));
    // Outside the zone altogether: never.
    assert!(!promotes("5k/6/6/6/p5/R4K w - - 0 1", "a1a2"));
}
