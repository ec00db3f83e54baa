//! `[walls]` (docs/rules-format.md, Walls): a single wall moved after each
//! move (duck chess's rule, `single = true`), placed where `except` allows,
//! its text, make/unmake and hash; walls at the edge placed instead of a
//! move; and the errors of the table.
use chimera::{Position, load_str};

use crate::common::load_text;

const SINGLE: &str = r#"
[variant]
name = "single wall"
[board]
files = 3
ranks = 3
[sides]
first = { name = "white", letter = "w" }
second = { name = "black", letter = "b" }
second_orientation = "reflect"
[text]
position = "fen"
[walls]
after_move = "anywhere"
single = true
except = ["b3"]
[[piece]]
name = "stepper"
symbol = "S"
betza = "mK"
[setup]
position = "2s/3/S2 w - - 0 1"
[end]
stalemate = "loss"
"#;

#[test]
fn a_single_wall_moves_and_may_not_stay() {
    let v = load_text("single.toml", SINGLE);
    let mut pos = Position::start(&v);
    // Three steps from a1, each with its wall on any square empty after the
    // step (a1 included) but b3: 9 - 2 pieces - b3 = 6 squares.
    let first = pos.legal_move_list();
    assert_eq!(
        first.len(),
        3 * 6,
        "{:?}",
        first.iter().map(|m| pos.move_text(m)).collect::<Vec<_>>()
    );
    let m = pos.parse_move("a1b2,b2a1").unwrap();
    assert_eq!(pos.move_text(&m), "a1b2,b2a1");
    let before = (pos.to_text(), pos.hash());
    pos.make(m);
    assert_eq!(pos.to_text(), "2s/1S1/*2 b - - 1 1");
    assert_eq!(pos.hash(), pos.compute_hash());
    // Black's wall may not go where the wall stands now (a1): the wall moves.
    let texts: Vec<String> = pos.legal_move_list().iter().map(|m| pos.move_text(m)).collect();
    assert!(texts.contains(&"c3c2,c2c3".to_string()), "{texts:?}");
    assert!(
        !texts.iter().any(|t| t.ends_with("a1") || t.ends_with("b3")),
        "{texts:?}"
    );
    let r = pos.parse_move("c3c2,c2a2").unwrap();
    pos.make(r);
    // The old wall has gone; the new one stands on a2.
    assert_eq!(pos.to_text(), "3/*Ss/3 w - - 2 2");
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.unmake();
    pos.unmake();
    assert_eq!((pos.to_text(), pos.hash()), before);
}

#[test]
fn walls_in_text_need_a_walls_table() {
    let text = SINGLE.replace(
        "[walls]\nafter_move = \"anywhere\"\nsingle = true\nexcept = [\"b3\"]\n",
        "",
    );
    let v = load_text("plain.toml", &text);
    let err = Position::from_text(&v, "2s/3/S1* w - - 0 1").unwrap_err();
    assert!(err.to_string().contains("no walls"), "{err}");
}

#[test]
fn bad_walls_tables_are_errors() {
    let bad = SINGLE.replace("after_move = \"anywhere\"", "after_move = \"anywere\"");
    let d = load_str("bad.toml", &bad).unwrap_err();
    assert!(d.render().contains("did you mean `anywhere`"), "{}", d.render());
    let bad = SINGLE.replace("after_move = \"anywhere\"\n", "");
    let d = load_str("bad.toml", &bad).unwrap_err();
    assert!(d.render().contains("needs `after_move`"), "{}", d.render());
    let bad = SINGLE.replace("single = true\n", "single = true\ninstead_of_move = true\n");
    let d = load_str("bad.toml", &bad).unwrap_err();
    assert!(
        d.render().contains("`instead_of_move` places a wall by a pass"),
        "{}",
        d.render()
    );
    let bad = SINGLE.replace("except = [\"b3\"]", "except = [\"d9\"]");
    let d = load_str("bad.toml", &bad).unwrap_err();
    assert!(d.render().contains("not a square"), "{}", d.render());
}

/// Walls at the edge, placed instead of a move (`after_move = "edge"`,
/// `instead_of_move`: Fairy-Stockfish's atlantis).
const EDGE: &str = r#"
[variant]
name = "edge walls"
[board]
files = 4
ranks = 4
[sides]
first = { name = "white", letter = "w" }
second = { name = "black", letter = "b" }
second_orientation = "reflect"
[text]
position = "fen"
[walls]
after_move = "edge"
instead_of_move = true
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
position = "1r1k/4/4/K1R1 w - - 0 1"
[end]
stalemate = "draw"
"#;

#[test]
fn walls_instead_of_a_move_go_to_the_edge_or_beside_a_wall() {
    use chimera::MoveNotation;
    let v = load_text("edge.toml", EDGE);
    let mut pos = Position::start(&v);
    let texts: Vec<String> = pos.legal_move_list().iter().map(|m| pos.move_text(m)).collect();
    // A pass with a wall on each empty edge square (12 - 4 occupied), named
    // by the lowest piece standing still; no wall inside the board.
    let walls: Vec<&String> = texts.iter().filter(|t| t.starts_with("a1a1,")).collect();
    assert_eq!(walls.len(), 8, "{texts:?}");
    assert!(texts.contains(&"a1a1,a1b1".to_string()), "{texts:?}");
    assert!(!texts.contains(&"a1a1,a1b2".to_string()), "{texts:?}");
    // Moves place no wall; Fairy-Stockfish's UCI names a1 as their wall
    // field, and that spelling is read too.
    let m = pos.parse_move("c1c2").unwrap();
    assert_eq!(pos.move_text_as(&m, MoveNotation::Uci), "c1c2,c2a1");
    assert_eq!(pos.parse_move("c1c2,c2a1").unwrap(), m);
    let w = pos.parse_move("a1a1,a1b1").unwrap();
    let before = (pos.to_text(), pos.hash());
    pos.make(w);
    assert_eq!(pos.to_text(), "1r1k/4/4/K*R1 b - - 1 1");
    assert_eq!(pos.hash(), pos.compute_hash());
    // Beside the wall, b2 is now a place for one (black's lowest piece is b4).
    let texts: Vec<String> = pos.legal_move_list().iter().map(|m| pos.move_text(m)).collect();
    assert!(texts.contains(&"b4b4,b4b2".to_string()), "{texts:?}");
    pos.unmake();
    assert_eq!((pos.to_text(), pos.hash()), before);
    // In check, no wall: one on b1 would block the rook, but a pass is judged
    // before its wall stands, as Fairy-Stockfish judges it.
    let mut pos = Position::from_text(&v, "3k/4/4/K2r w - - 0 1").unwrap();
    let mut texts: Vec<String> = pos.legal_move_list().iter().map(|m| pos.move_text(m)).collect();
    texts.sort();
    assert_eq!(texts, ["a1a2", "a1b2"]);
}

/// A wall is no side's piece on every face: the board text writes it `*`
/// and `show --piece all` says so (it listed the wall's moves and value as
/// a piece's); the browser's state sends it with the colour `none` (it was
/// the first player's, drawn and listed as such); XBoard learns it as a
/// dark square `*` of its FEN (it was a white piece of its own type, which
/// the other side's king could take, so that XBoard called chimera's mates
/// false claims), with no piece type and no `piece` line.
#[test]
fn a_wall_is_no_side_s_piece_on_every_face() {
    let gustav = crate::common::root().join("variants/gustav3.toml");
    let gustav = gustav.to_str().unwrap();
    // Text.
    let out = crate::common::chimera(&["show", gustav]);
    let board = String::from_utf8_lossy(&out.stdout);
    assert!(board.contains("  7  * p p p p p p p p *"), "{board}");
    let out = crate::common::chimera(&["show", gustav, "--piece", "all"]);
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(listed.contains("(*): a wall, no side's piece"), "{listed}");
    assert!(!listed.contains("wall (*), value"), "{listed}");
    // JSON (`serve`'s /api/state).
    let v = crate::common::variant("gustav3.toml");
    let mut game = chimera::game::Game::new(Position::start(&v));
    let state = chimera::web::state(&mut game);
    let a2 = state["squares"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "a2")
        .unwrap();
    assert_eq!(a2["piece"]["color"], "none", "{a2}");
    let a1 = state["squares"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "a1")
        .unwrap();
    assert_eq!(a1["piece"]["color"], "first", "{a1}");
    let pieces = state["variant"]["pieces"].as_array().unwrap();
    let walls: Vec<_> = pieces.iter().filter(|p| p["wall"] == true).collect();
    assert_eq!(walls.len(), 1, "{pieces:?}");
    assert_eq!(walls[0]["symbol"], "*");
    // XBoard: the setup's FEN writes walls `*`, its table and `piece` lines
    // leave them out; `setboard` reads them back.
    let out = crate::common::speak(
        "xboard",
        &[],
        "protover 2\nnew\nvariant gustav3\nforce\n\
         setboard arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*4P3*/*PPPP1PPP*/ARNBQKBNRA b KQkq - 0 1\n\
         usermove g7g6\nping 1\nquit\n",
    );
    let setup = out
        .iter()
        .find(|l| l.starts_with("setup "))
        .expect("a setup line");
    assert_eq!(
        setup,
        "setup (PNBRQ..AKpnbrq..ak) 10x8+0_fairy arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1"
    );
    let pieces: Vec<&String> = out.iter().filter(|l| l.starts_with("piece ")).collect();
    assert_eq!(pieces.len(), 7, "{pieces:?}");
    assert!(
        !out.iter()
            .any(|l| l.starts_with("Error") || l.starts_with("Illegal")),
        "{out:?}"
    );
}
