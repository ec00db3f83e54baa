//! A native rule written outside the crate, with nothing but the public hook
//! interface: "a piece may not move twice in a row" (the side's last-moved
//! piece is frozen for its next turn). The hook is this file plus one
//! registry line (`registry().with(ENTRY)`); the engine and the compiler are
//! untouched. It keeps state in the position (the square each side last moved
//! to), which is hashed, written in position text and restored by unmake.
use std::sync::Arc;

use chimera::{
    Color, Effects, Hook, HookContext, HookEntry, HookError, Loader, Move, Position, StateSlot, Variant,
    perft,
};

/// The registry entry: name, summary, constructor.
const ENTRY: HookEntry = HookEntry {
    name: "no_double_move",
    summary: "a side may not move the piece it moved last turn",
    build,
};

fn build(cx: &mut HookContext<'_>) -> Result<Arc<dyn Hook>, HookError> {
    Ok(Arc::new(NoDoubleMove {
        last: [
            cx.value("moved_first", square_text, square_value),
            cx.value("moved_second", square_text, square_value),
        ],
    }))
}

/// State values: 0 = none, else square index + 1.
fn square_text(value: u32, v: &Variant) -> String {
    v.square_name(chimera::Square::from_index(value as usize - 1))
}

fn square_value(text: &str, v: &Variant) -> Result<u32, String> {
    v.parse_square(text)
        .map(|s| s.index() as u32 + 1)
        .ok_or_else(|| format!("`{text}` is not a square"))
}

#[derive(Debug)]
struct NoDoubleMove {
    last: [StateSlot; 2],
}

impl Hook for NoDoubleMove {
    fn name(&self) -> &'static str {
        ENTRY.name
    }

    fn filter_moves(&self, pos: &mut Position, moves: &mut Vec<Move>) {
        let last = pos.state(self.last[pos.side_to_move().index()]);
        if last == 0 {
            return;
        }
        let frozen = chimera::Square::from_index(last as usize - 1);
        moves.retain(|m| m.from() != Some(frozen));
    }

    fn after_move(&self, fx: &mut Effects<'_>) {
        let slot = self.last[fx.mover().index()];
        let to = fx.mv().to().map_or(0, |s| s.index() as u32 + 1);
        fx.set_state(slot, to);
    }
}

const RULES: &str = r#"
hooks = ["no_double_move"]

[variant]
name = "Tempo chess"

[board]
files = 4
ranks = 4

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
position = "k2r/4/4/1RK1 w - - 0 1"
"#;

fn tempo() -> Arc<Variant> {
    Loader::new()
        .registry(chimera::hooks::registry().with(ENTRY))
        .load_str("tempo.toml", RULES)
        .unwrap_or_else(|d| panic!("{}", d.render()))
}

#[test]
fn the_piece_moved_last_may_not_move_again() {
    let v = tempo();
    let mut pos = Position::start(&v);
    let before = pos.legal_move_list().len();
    let m = pos.parse_move("b1b2").unwrap();
    pos.make(m);
    assert_eq!(pos.to_text(), "k2r/4/1R2/2K1 b - - 1 1 moved_first=b2");
    let m = pos.parse_move("a4a3").unwrap();
    pos.make(m);
    // White's rook on b2 is frozen; the king may move.
    let moves: Vec<String> = pos.legal_move_list().iter().map(|m| pos.move_text(m)).collect();
    assert!(moves.iter().all(|m| !m.starts_with("b2")), "{moves:?}");
    assert!(moves.iter().any(|m| m.starts_with("c1")), "{moves:?}");
    pos.unmake();
    pos.unmake();
    assert_eq!(pos.legal_move_list().len(), before);
    assert_eq!(pos.to_text(), "k2r/4/4/1RK1 w - - 0 1");
}

#[test]
fn the_state_is_in_position_text_and_the_hash() {
    let v = tempo();
    let with = Position::from_text(&v, "k2r/4/1R2/2K1 w - - 1 2 moved_first=b2").unwrap();
    let without = Position::from_text(&v, "k2r/4/1R2/2K1 w - - 1 2").unwrap();
    assert_ne!(with.hash(), without.hash());
    assert_eq!(with.hash(), with.compute_hash());
    assert!(
        with.clone()
            .legal_move_list()
            .iter()
            .all(|m| m.from() != v.parse_square("b2"))
    );
    let err = Position::from_text(&v, "k2r/4/1R2/2K1 w - - 1 2 moved_first=z9").unwrap_err();
    assert!(err.to_string().contains("`z9` is not a square"), "{err}");
}

#[test]
fn make_and_unmake_keep_the_hash_right_through_a_whole_tree() {
    let v = tempo();
    let mut pos = Position::start(&v);
    fn walk(pos: &mut Position, depth: u32) {
        if depth == 0 {
            return;
        }
        for m in pos.legal_move_list() {
            let text = pos.to_text();
            pos.make(m);
            assert_eq!(pos.hash(), pos.compute_hash());
            let back = Position::from_text(pos.variant(), &pos.to_text()).unwrap();
            assert_eq!(back.hash(), pos.hash());
            walk(pos, depth - 1);
            pos.unmake();
            assert_eq!(pos.to_text(), text);
        }
    }
    walk(&mut pos, 3);
    assert!(perft(&mut pos, 4) > 0);
}

#[test]
fn without_the_registry_line_the_hook_is_unknown() {
    let err = chimera::load_str("tempo.toml", RULES).unwrap_err();
    assert!(
        err.message.contains("unknown hook `no_double_move`"),
        "{}",
        err.message
    );
    let _ = Color::First;
}
