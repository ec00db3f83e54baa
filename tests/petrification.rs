//! `petrifies_on_capture` (docs/rules-format.md, Petrification): a capture
//! by such a piece leaves a wall where its move ends — made and unmade with
//! the move, hashed, written `*`; a royal such piece never captures, does not
//! attack, yet counts against castling out of or through it and for
//! checkmate against stalemate; and the key's errors.
use std::sync::Arc;

use chimera::{Color, Position, Reason, Variant, load_str};

use crate::common::{load_text, sorted_moves};

/// A small chess-like variant: a rook that petrifies, a knight that does
/// not, and kings given by `king` (its extra keys).
fn rules(king: &str, extra: &str) -> String {
    format!(
        r#"
[variant]
name = "stones"
[board]
files = 6
ranks = 6
[sides]
first = {{ name = "white", letter = "w" }}
second = {{ name = "black", letter = "b" }}
second_orientation = "reflect"
[text]
position = "fen"
{extra}
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
{king}
[[piece]]
name = "rook"
symbol = "R"
betza = "R"
petrifies_on_capture = true
[[piece]]
name = "knight"
symbol = "N"
betza = "N"
[setup]
position = "rnk2r/6/6/6/6/RNK2R w Kk - 0 1"
[[castling]]
side = "first"
right = "K"
king = "c1"
king_to = "e1"
rook = "f1"
rook_to = "d1"
[[castling]]
side = "second"
right = "k"
king = "c6"
king_to = "e6"
rook = "f6"
rook_to = "d6"
"#
    )
}

fn load(king: &str, extra: &str) -> Arc<Variant> {
    load_text("stones.toml", &rules(king, extra))
}

#[test]
fn a_capturer_turns_to_stone_and_back_on_unmake() {
    let v = load("", "[walls]");
    let mut pos = Position::from_text(&v, "2k3/n5/6/6/6/R1K3 w - - 0 1").unwrap();
    let before = (pos.to_text(), pos.hash());
    let m = pos.parse_move("a1a5").unwrap();
    pos.make(m);
    assert_eq!(pos.to_text(), "2k3/*5/6/6/6/2K3 b - - 0 1");
    assert_eq!(pos.hash(), pos.compute_hash());
    // The stone is no piece: nothing takes it or passes it.
    let again = Position::from_text(&v, &pos.to_text()).unwrap();
    assert_eq!(again.hash(), pos.hash());
    pos.unmake();
    assert_eq!((pos.to_text(), pos.hash()), before);
    // A knight's capture leaves the knight.
    let mut pos = Position::from_text(&v, "2k3/6/1r4/6/N5/2K3 w - - 0 1").unwrap();
    let m = pos.parse_move("a2b4").unwrap();
    pos.make(m);
    assert_eq!(pos.to_text(), "2k3/6/1N4/6/6/2K3 b - - 0 1");
    // A wall stops the rook's ride: a2's rook reaches a3, a4 only.
    let mut pos = Position::from_text(&v, "2k3/6/*5/6/R5/2K3 w - - 0 1").unwrap();
    let rook: Vec<String> = sorted_moves(&mut pos)
        .into_iter()
        .filter(|t| t.starts_with("a2"))
        .collect();
    assert_eq!(rook, ["a2a1", "a2a3", "a2b2", "a2c2", "a2d2", "a2e2", "a2f2"]);
}

#[test]
fn a_royal_petrifier_never_captures_nor_attacks() {
    let v = load("petrifies_on_capture = true", "[walls]");
    // The king cannot take the rook next to it: it would turn to stone.
    let mut pos = Position::from_text(&v, "5k/6/6/6/1r4/K5 w - - 0 1").unwrap();
    assert!(!sorted_moves(&mut pos).contains(&"a1b2".to_string()));
    // Kings side by side: neither is in check, and either may come closer.
    let mut pos = Position::from_text(&v, "6/6/2k3/6/2K3/6 w - - 0 1").unwrap();
    assert!(!pos.in_check(pos.side_to_move()));
    assert!(sorted_moves(&mut pos).contains(&"c2c3".to_string()));
    let m = pos.parse_move("c2c3").unwrap();
    pos.make(m);
    assert!(!pos.in_check(pos.side_to_move()));
    // Without the key the king takes, and kings keep apart.
    let plain = load("", "[walls]");
    let mut pos = Position::from_text(&plain, "5k/6/6/6/1r4/K5 w - - 0 1").unwrap();
    assert!(sorted_moves(&mut pos).contains(&"a1b2".to_string()));
}

#[test]
fn a_royal_petrifiers_reach_bars_castling_through_and_mates() {
    let v = load("petrifies_on_capture = true", "[walls]");
    // The black king on e2 reaches d1, which the white king crosses.
    let mut pos = Position::from_text(&v, "6/6/6/6/4k1/2K2R w K - 0 1").unwrap();
    assert!(!sorted_moves(&mut pos).contains(&"c1e1".to_string()));
    // No move, the enemy king alongside: checkmate; without it, stalemate.
    let mut mated = Position::from_text(&v, "k5/1K4/2N3/6/6/6 b - - 0 1").unwrap();
    assert!(mated.legal_move_list().is_empty());
    assert!(!mated.in_check(mated.side_to_move()));
    let r = mated.no_move_result();
    assert_eq!((r.winner, r.reason), (Some(Color::First), Reason::Checkmate));
    let mut stale = Position::from_text(&v, "k5/6/2N3/6/6/1R3K b - - 0 1").unwrap();
    assert!(stale.legal_move_list().is_empty());
    let r = stale.no_move_result();
    assert_eq!((r.winner, r.reason), (None, Reason::Stalemate));
}

#[test]
fn fast_and_plain_generators_agree_with_stones() {
    let v = load("petrifies_on_capture = true", "[walls]");
    let plain = Arc::new(v.reference_generator());
    for text in [
        "r1k2r/6/6/6/6/R1K2R w Kk - 0 1",
        "r1k2r/1*4/2n3/3*2/2N3/R1K2R w Kk - 0 1",
        "6/6/2k3/6/2K3/1r3R w - - 0 1",
    ] {
        let fast_count = chimera::perft(&mut Position::from_text(&v, text).unwrap(), 4);
        let plain_count = chimera::perft(&mut Position::from_text(&plain, text).unwrap(), 4);
        assert_eq!(fast_count, plain_count, "{text}");
    }
}

#[test]
fn petrification_errors_are_positioned() {
    let bad = |king: &str, extra: &str, needle: &str| {
        let err = load_str("stones.toml", &rules(king, extra))
            .map(|_| ())
            .unwrap_err()
            .render();
        assert!(err.contains(needle), "{needle} in {err}");
        assert!(err.contains("stones.toml:"), "{err}");
    };
    bad("", "", "needs `[walls]`");
    bad("", "[walls]\n[hand]\ncaptures = \"hand\"", "leave the game");
    bad(
        "",
        "[walls]\n[moves]\nexplosions = { to_hand = true }\n[hand]\ncaptures = \"hand\"",
        "leave the game",
    );
    bad(
        "petrifies_on_capture = \"yes\"",
        "[walls]",
        "petrifies_on_capture",
    );
}

/// With explosions (Fairy-Stockfish's nuclear), a capturer that petrifies
/// turns to stone on the capture square instead of being blown up; the
/// pieces around go, the walls around stay; a capturer that does not
/// petrify is blown up.
#[test]
fn with_explosions_the_capturer_turns_to_stone_and_walls_stay() {
    let v = load("", "[walls]\n[moves]\nexplosions = {}");
    let mut pos = Position::from_text(&v, "k5/6/2*n2/2Rr2/6/2K3 w - - 0 1").unwrap();
    let before = (pos.to_text(), pos.hash());
    let m = pos.parse_move("c3d3").unwrap();
    pos.make(m);
    assert_eq!(pos.to_text(), "k5/6/2*3/3*2/6/2K3 b - - 0 1");
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.unmake();
    assert_eq!((pos.to_text(), pos.hash()), before);
    let mut pos = Position::from_text(&v, "k5/6/2*n2/6/4N1/2K3 w - - 0 1").unwrap();
    let m = pos.parse_move("e2d4").unwrap();
    pos.make(m);
    assert_eq!(pos.to_text(), "k5/6/2*3/6/6/2K3 b - - 0 1");
}

/// The stone a capture makes does not shield its own royal piece on that
/// move (Fairy-Stockfish judges the capture square empty, as if the
/// capturer were blown up): a rook pinned on the d-file may not take on the
/// file. Both generators say so; after the move, the stone blocks.
#[test]
fn with_explosions_the_new_stone_does_not_shield() {
    let v = load("", "[walls]\n[moves]\nexplosions = {}");
    let plain = Arc::new(v.reference_generator());
    let text = "k2r2/6/6/3n2/3R2/3K2 w - - 0 1";
    for v in [&v, &plain] {
        let mut pos = Position::from_text(v, text).unwrap();
        let moves = sorted_moves(&mut pos);
        assert!(!moves.contains(&"d2d3".to_string()), "{moves:?}");
        assert!(moves.contains(&"d1c2".to_string()), "{moves:?}");
    }
    // Without explosions the stone stands on the line at once: legal.
    let v = load("", "[walls]");
    let mut pos = Position::from_text(&v, text).unwrap();
    assert!(sorted_moves(&mut pos).contains(&"d2d3".to_string()));
    for text in [
        "r1k2r/6/2n3/2N3/3R2/R1K3 w - - 0 1",
        "k2r2/2*3/2n3/3R2/2N3/3K2 w - - 0 1",
    ] {
        let v = load("", "[walls]\n[moves]\nexplosions = {}");
        let plain = Arc::new(v.reference_generator());
        let fast_count = chimera::perft(&mut Position::from_text(&v, text).unwrap(), 4);
        let plain_count = chimera::perft(&mut Position::from_text(&plain, text).unwrap(), 4);
        assert_eq!(fast_count, plain_count, "{text}");
    }
}
