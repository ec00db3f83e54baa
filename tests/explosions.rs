//! `[moves] explosions = { to_hand = true }`: the pieces an explosion
//! removes go to their opponent's hand, as captured pieces (Fairy-Stockfish's
//! atomic with drops, its `atomiczh`) — made, unmade and hashed like any
//! capture's.

use crate::common;
use chimera::{Position, load_str};

/// Atomic chess (variants/atomic.toml) with drops and `to_hand` as given.
fn atomic_with_drops(to_hand: &str) -> String {
    let text = common::variant_text("atomic.toml");
    let text = text.replace(
        "explosions = { immune = [\"pawn\"] }",
        &format!("explosions = {{ immune = [\"pawn\"]{to_hand} }}"),
    );
    assert!(text.contains(to_hand));
    format!("{text}\n[hand]\ncaptures = \"hand\"\n")
}

#[test]
fn exploded_pieces_go_to_their_opponents_hand() {
    let v = load_str("a.toml", &atomic_with_drops(", to_hand = true")).unwrap();
    // The queen takes the pawn on d5: the pawn goes to white's hand as a
    // capture; the queen (white's) and the knight on c6 (black's) explode —
    // the queen to black's hand, the knight to white's; the pawn on e4 is
    // immune.
    let text = "4k3/8/2n5/3p4/4P3/8/8/3QK3[] w - - 0 1";
    let mut pos = Position::from_text(&v, text).unwrap();
    let hash = pos.hash();
    let m = pos.parse_move("d1d5").unwrap();
    pos.make(m);
    assert_eq!(pos.to_text(), "4k3/8/8/8/4P3/8/8/4K3[NPq] b - - 0 1");
    pos.unmake();
    assert_eq!((pos.to_text(), pos.hash()), (text.to_string(), hash));
    // Without `to_hand`, only the captured pawn goes to the hand.
    let v = load_str("a.toml", &atomic_with_drops("")).unwrap();
    let mut pos = Position::from_text(&v, text).unwrap();
    let m = pos.parse_move("d1d5").unwrap();
    pos.make(m);
    assert_eq!(pos.to_text(), "4k3/8/8/8/4P3/8/8/4K3[P] b - - 0 1");
}

#[test]
fn to_hand_without_a_hand_is_an_error_at_its_place() {
    let text = common::variant_text("atomic.toml").replace(
        "explosions = { immune = [\"pawn\"] }",
        "explosions = { immune = [\"pawn\"], to_hand = true }",
    );
    let e = load_str("a.toml", &text).expect_err("to_hand with captures removed");
    let r = e.render();
    assert!(r.contains("to_hand") && r.contains("a.toml:"), "{r}");
}
