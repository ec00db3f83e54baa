//! General rules-file features that Fairy-Stockfish's variants needed
//! (issue 27), each on a small board of its own.
use chimera::{Color, Position};

use crate::common::{load_text, sorted_moves};

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
    let v = load_text("two.toml", text);
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

const SERGEANTS: &str = r#"
[variant]
name = "Sergeants"
[board]
files = 4
ranks = 6
[sides]
first = { name = "white", letter = "w" }
second = { name = "black", letter = "b" }
second_orientation = "reflect"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "pawn"
symbol = "P"
betza = "fmWfceFifmnD"
initial_ranks = [2]
initial_squares = ["b3"]
[[piece]]
name = "sergeant"
symbol = "S"
betza = "fKifmnD"
initial_ranks = [2]
taken_en_passant = true
en_passant_text = "path"
[setup]
position = "k2s/pp2/4/4/PP2/K2S w - - 0 1"
"#;

/// `initial_squares` add squares to `initial_ranks` (mirrored for the
/// second player); `taken_en_passant` lets pawns take a sergeant's double
/// step; `en_passant_text = "path"` writes the field as the square passed
/// over and the square reached (Fairy-Stockfish's wolf chess).
#[test]
fn initial_squares_and_a_double_step_others_take_en_passant() {
    let v = load_text("sergeants.toml", SERGEANTS);
    // b3 is an initial square, a3 is not; for black, b4 (mirrored).
    let mut pos = Position::from_text(&v, "k3/4/4/PP2/4/K3 w - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    assert!(
        moves.contains(&"b3b5".to_string()) && !moves.contains(&"a3a5".to_string()),
        "{moves:?}"
    );
    let mut pos = Position::from_text(&v, "k3/4/1p2/p3/4/K3 b - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    assert!(
        moves.contains(&"b4b2".to_string()) && !moves.contains(&"a3a1".to_string()),
        "{moves:?}"
    );
    // The sergeant's double step: the field names b2 and b3, and the pawn
    // on a3 takes it en passant.
    let mut pos = Position::from_text(&v, "k3/4/p3/4/1S2/K3 w - - 0 1").unwrap();
    let m = pos.parse_move("b2b4").unwrap();
    pos.make(m);
    assert_eq!(pos.to_text(), "k3/4/pS2/4/4/K3 b - b3b4 1 1");
    let ep = pos.parse_move("a4b3").unwrap();
    assert!(pos.legal_move_list().contains(&ep));
    pos.make(ep);
    assert_eq!(pos.to_text(), "k3/4/4/1p2/4/K3 w - - 0 2");
    // The field reads back.
    let back = Position::from_text(&v, "k3/4/pS2/4/4/K3 b - b3b4 0 1").unwrap();
    assert_eq!(back.to_text(), "k3/4/pS2/4/4/K3 b - b3b4 0 1");
    // Without taken_en_passant, no en-passant square.
    let plain = SERGEANTS.replace("taken_en_passant = true\n", "");
    let v = chimera::load_str("plain.toml", &plain).unwrap();
    let mut pos = Position::from_text(&v, "k3/4/p3/4/1S2/K3 w - - 0 1").unwrap();
    let m = pos.parse_move("b2b4").unwrap();
    pos.make(m);
    assert_eq!(pos.to_text(), "k3/4/pS2/4/4/K3 b - - 1 1");
    // A bad choice is an error at the key.
    let bad = SERGEANTS.replace("en_passant_text = \"path\"", "en_passant_text = \"route\"");
    let Err(e) = chimera::load_str("bad.toml", &bad) else {
        panic!("an error")
    };
    assert!(e.render().contains("\"square\" or \"path\""), "{}", e.render());
    let bad = SERGEANTS.replace("initial_squares = [\"b3\"]", "initial_squares = [\"q9\"]");
    assert!(chimera::load_str("bad.toml", &bad).is_err());
}

/// A double step that promotes leaves no en-passant square: the piece that
/// could have been taken so is gone (Fairy-Stockfish's epicatomic, whose
/// promotion zone starts on the fourth rank of its short board).
#[test]
fn a_promoting_double_step_leaves_no_en_passant_square() {
    let text = r#"
[variant]
name = "Short zone"
[board]
files = 5
ranks = 6
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "pawn"
symbol = "P"
betza = "fmWfceFifmnD"
initial_ranks = [2]
promotion = [{ ranks = [4, 5, 6], to = ["queen"], forced = true }]
[[piece]]
name = "queen"
symbol = "Q"
betza = "Q"
[setup]
position = "k4/5/5/5/2p2/2P1K w - - 0 1"
"#;
    let v = load_text("z.toml", text);
    // b2-b4 promotes; the second side's pawn on c4 could otherwise take it
    // en passant on b3.
    let mut pos = Position::from_text(&v, "k4/5/2p2/5/1P3/4K w - - 0 1").unwrap();
    let m = pos.parse_move("b2b4q").expect("the double step promotes");
    pos.make(m);
    assert_eq!(pos.to_text(), "k4/5/1Qp2/5/5/4K b - - 1 1");
    let moves = sorted_moves(&mut pos);
    assert!(!moves.iter().any(|t| t.starts_with("c4b3")), "{moves:?}");
    // Without promotion the same step leaves the square (the rule's control).
    let text2 = text.replace("ranks = [4, 5, 6]", "ranks = [6]");
    let v2 = load_text("z.toml", &text2);
    let mut pos = Position::from_text(&v2, "k4/5/2p2/5/1P3/4K w - - 0 1").unwrap();
    let m = pos.parse_move("b2b4").expect("the double step");
    pos.make(m);
    assert!(sorted_moves(&mut pos).iter().any(|t| t.starts_with("c4b3")));
    assert_eq!(pos.side_to_move(), Color::Second);
}

const SIDED: &str = r#"
[variant]
name = "Sided regions"
[board]
files = 4
ranks = 6
[sides]
first = { name = "white", letter = "w" }
second = { name = "black", letter = "b" }
second_orientation = "reflect"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "pawn"
symbol = "P"
betza = "fmWfcFifmnD"
initial_squares = [{ side = "first", squares = ["a2", "b2"] }, { side = "second", squares = ["c4"] }]
[[piece]]
name = "rook"
symbol = "R"
betza = "mR"
region = [{ side = "first", squares = ["a1", "a2", "a3", "b3"] }]
[setup]
position = "rppk/pppp/4/4/PPPP/RPPK w - - 0 1"
"#;

/// `initial_squares = [{ side, squares }]`: each side's squares by their own
/// names, not mirrored (Fairy-Stockfish's `doubleStepRegionWhite/Black`
/// that differ: xhess, alapo); a side with none has no initial moves.
#[test]
fn initial_squares_per_side() {
    let v = load_text("sided.toml", SIDED);
    let mut pos = Position::from_text(&v, "3k/4/4/4/PP1P/K3 w - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    for m in ["a2a4", "b2b4"] {
        assert!(moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
    assert!(!moves.contains(&"d2d4".to_string()), "{moves:?}");
    // Black: c4 (its own name), not the mirror of a2/b2 (a5, b5).
    let mut pos = Position::from_text(&v, "3k/pp2/2p1/4/4/K3 b - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    assert!(moves.contains(&"c4c2".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m == "a5a3" || m == "b5b3"), "{moves:?}");
    // A bad square in a side's list is an error at its place.
    let bad = SIDED.replace("squares = [\"c4\"]", "squares = [\"c9\"]");
    let Err(e) = chimera::load_str("bad.toml", &bad) else {
        panic!("an error")
    };
    assert!(e.render().contains("`c9` is not a square"), "{}", e.render());
    let bad = SIDED.replace("{ side = \"second\", squares", "{ side = \"third\", squares");
    assert!(chimera::load_str("bad.toml", &bad).is_err());
}

/// `region = [{ side, squares }]`: a region as squares by name, for one side
/// only; the other side is not limited (Fairy-Stockfish's buffalo, whose
/// mobility regions are the first player's only).
#[test]
fn region_per_side_as_squares() {
    let v = load_text("sided.toml", SIDED);
    let mut pos = Position::from_text(&v, "3k/4/4/4/4/R2K w - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    let rook: Vec<&String> = moves.iter().filter(|m| m.starts_with("a1")).collect();
    assert_eq!(rook, ["a1a2", "a1a3"], "{moves:?}");
    let mut pos = Position::from_text(&v, "3k/4/4/4/4/r2K b - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    assert!(
        moves.contains(&"a1a6".to_string()) && moves.contains(&"a1c1".to_string()),
        "{moves:?}"
    );
    // Several regions join; a side-less one applies to both (ranks relative).
    let two = SIDED.replace(
        "region = [{ side = \"first\", squares = [\"a1\", \"a2\", \"a3\", \"b3\"] }]",
        "region = [{ side = \"first\", squares = [\"a1\", \"a2\"] }, { side = \"first\", squares = [\"b1\"] }, { side = \"second\", ranks = [1] }]",
    );
    let v = load_text("two.toml", &two);
    let mut pos = Position::from_text(&v, "3k/4/4/4/4/R2K w - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    let rook: Vec<&String> = moves.iter().filter(|m| m.starts_with("a1")).collect();
    assert_eq!(rook, ["a1a2", "a1b1"], "{moves:?}");
    let mut pos = Position::from_text(&v, "r3/4/4/4/4/K2k b - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    let rook: Vec<&String> = moves.iter().filter(|m| m.starts_with("a6")).collect();
    assert_eq!(
        rook,
        ["a6b6", "a6c6", "a6d6"],
        "second's rank 1 is rank 6: {moves:?}"
    );
    // Misuse: squares with ranks, an empty square list, a bad name, no region.
    for (from, to, says) in [
        (
            "squares = [\"a1\", \"a2\", \"a3\", \"b3\"]",
            "squares = [\"a1\"], ranks = [1]",
            "one or the other",
        ),
        (
            "squares = [\"a1\", \"a2\", \"a3\", \"b3\"]",
            "squares = []",
            "a region with no square",
        ),
        (
            "squares = [\"a1\", \"a2\", \"a3\", \"b3\"]",
            "squares = [\"z1\"]",
            "`z1` is not a square",
        ),
        (
            "region = [{ side = \"first\", squares = [\"a1\", \"a2\", \"a3\", \"b3\"] }]",
            "region = []",
            "empty list of regions",
        ),
    ] {
        let bad = SIDED.replace(from, to);
        let Err(e) = chimera::load_str("bad.toml", &bad) else {
            panic!("{to}: an error")
        };
        assert!(e.render().contains(says), "{to}: {}", e.render());
        assert!(e.line >= 1 && e.column >= 1);
    }
}

/// A `forced` promotion rule with `to = []` (Fairy-Stockfish's pawn that
/// must promote and has no promotion piece, Maharajah and the Sepoys): the
/// pawn may not step or capture onto the last rank, but still attacks it —
/// the black king may not go to b4, where the a3 pawn takes.
#[test]
fn a_forced_promotion_to_nothing_bars_the_zone_but_not_the_attack() {
    let text = r#"
[variant]
name = "Sepoys"
[board]
files = 4
ranks = 4
[sides]
first = { name = "white", letter = "w" }
second = { name = "black", letter = "b" }
second_orientation = "reflect"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "pawn"
symbol = "P"
betza = "fmWfcF"
promotion = [{ ranks = [4], to = [], forced = true }]
[setup]
position = "2k1/P3/4/3K w - - 0 1"
"#;
    let v = load_text("sepoys.toml", text);
    let mut pos = Position::from_text(&v, "2k1/P3/4/3K w - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    assert_eq!(moves, ["d1c1", "d1c2", "d1d2"], "the pawn may not enter a4");
    let mut pos = Position::from_text(&v, "2k1/P3/4/3K b - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    assert_eq!(
        moves,
        ["c4b3", "c4c3", "c4d3", "c4d4"],
        "b4 is attacked by the pawn"
    );
    // Without `forced`, an empty `to` means nothing: an error at the piece.
    let loose = text.replace("to = [], forced = true", "to = []");
    let Err(d) = chimera::load_str("loose.toml", &loose) else {
        panic!("an empty `to` without `forced` was accepted");
    };
    let err = d.render();
    assert!(err.contains("at least one piece in `to`"), "{err}");
}

/// Two Berolina pawns may pass the same square diagonally (from a2 to c4
/// and from c2 to a4, over b3): the en-passant field written as a path
/// names the one that did, reading it back takes that one (not the first
/// found), and the capture en passant removes it.
#[test]
fn a_path_names_which_of_two_diagonal_double_steps_passed() {
    let text = r#"
[variant]
name = "Berolina paths"
[board]
files = 4
ranks = 6
[sides]
first = { name = "white", letter = "w" }
second = { name = "black", letter = "b" }
second_orientation = "reflect"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "pawn"
symbol = "P"
betza = "fmFfceWifmnA"
initial_ranks = [2]
en_passant_text = "path"
[setup]
position = "3k/1p2/4/4/P1P1/3K w - - 0 1"
"#;
    let v = load_text("berolina-paths.toml", text);
    for (start, step, field, gone, stays) in [
        // A pawn already on a4; a2-c4 passes b3.
        ("3k/4/Pp2/4/P3/3K w - - 0 1", "a2c4", "b3c4", "c4", "a4"),
        // A pawn already on c4; c2-a4 passes b3.
        ("3k/4/1pP1/4/2P1/3K w - - 0 1", "c2a4", "b3a4", "a4", "c4"),
    ] {
        let mut pos = Position::from_text(&v, start).unwrap();
        let m = pos
            .parse_move(step)
            .unwrap_or_else(|e| panic!("{step} in {start}: {e}"));
        pos.make(m);
        let written = pos.to_text();
        assert!(written.contains(&format!(" {field} ")), "{step}: {written}");
        let mut back = Position::from_text(&v, &written).unwrap();
        assert_eq!(back.to_text(), written);
        // The black pawn on b4 takes en passant on b3.
        let ep = back.parse_move("b4b3").unwrap();
        assert!(back.legal_move_list().contains(&ep), "{written}");
        back.make(ep);
        let (gone, stays) = (v.parse_square(gone).unwrap(), v.parse_square(stays).unwrap());
        assert!(
            back.piece_at(gone).is_none() && back.piece_at(stays).is_some(),
            "{step}, b4b3: {}",
            back.to_text()
        );
    }
}
