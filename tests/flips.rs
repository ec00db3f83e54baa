//! Pieces that change sides and the rules around them (docs/rules-format.md):
//! `[moves] flip` ("enclosed" lines, "adjacent" squares, "adjacent_supported"), `[hand] drops_only`
//! and `first_drops`, `[hand] free`, `[moves] pass_when_stuck`, `[end]
//! full_board` and `draws_by_piece_count` — the rules of reversi and ataxx,
//! on small boards of their own.
use chimera::{History, MoveNotation, Position, Reason, judge, load_str};

use crate::common::{end, load_text, sorted_moves_as};

/// Reversi on 5×5: drops that must enclose, lines that turn, a pass when
/// stuck, the centre first.
fn reversi(extra: &str) -> String {
    format!(
        r#"
[variant]
name = "small reversi"
[board]
files = 5
ranks = 5
[sides]
first = {{ name = "white", letter = "w" }}
second = {{ name = "black", letter = "b" }}
second_orientation = "reflect"
[text]
position = "fen"
[hand]
captures = "remove"
drops_only = "enclosing"
drops_reset_clock = true
{extra}
[moves]
flip = "enclosed"
pass_when_stuck = true
[[piece]]
name = "disc"
symbol = "P"
betza = "cW"
cannot_capture = ["disc"]
[setup]
position = "5/5/1pP2/1Pp2/5[PPPPPPPPPPpppppppppp] w - - 0 1"
[end]
double_pass = "draw"
full_board = "draw"
stalemate = "loss"
stalemate_piece_count = true
draws_by_piece_count = true
"#
    )
}

fn play(pos: &mut Position, text: &str) {
    let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    let before = (pos.to_text(), pos.hash());
    pos.make(m);
    assert_eq!(pos.hash(), pos.compute_hash(), "hash after {text}");
    let after = pos.to_text();
    pos.unmake();
    assert_eq!((pos.to_text(), pos.hash()), before, "unmake of {text}");
    pos.make(m);
    assert_eq!(pos.to_text(), after);
}

#[test]
fn enclosed_lines_turn_in_every_direction_and_stop_at_the_first_own_piece() {
    let v = load_text("r.toml", &reversi(""));
    // Around c3: a line of black discs in each of the eight directions,
    // each closed by a white disc; on the fifth rank a longer line: b4
    // black, a5 white.
    let mut pos = Position::from_text(&v, "P1P1P/1ppp1/Pp1pP/1ppp1/P1P1P[PPpp] w - - 0 1").unwrap();
    assert_eq!(sorted_moves_as(&mut pos, MoveNotation::Uci), ["P@c3"]);
    play(&mut pos, "P@c3");
    assert_eq!(pos.to_text(), "P1P1P/1PPP1/PPPPP/1PPP1/P1P1P[Ppp] b - - 0 1");
    // A line turns only up to the first own disc: d1 stays black.
    let mut pos = Position::from_text(&v, "5/5/1pP2/1Pp2/1pPp1[PPpp] w - - 0 1").unwrap();
    play(&mut pos, "P@a1");
    assert_eq!(pos.to_text(), "5/5/1pP2/1Pp2/PPPp1[Ppp] b - - 0 1");
}

#[test]
fn a_drop_must_enclose_and_no_line_passes_an_empty_square() {
    let v = load_text("r.toml", &reversi(""));
    let mut pos = Position::start(&v);
    assert_eq!(
        sorted_moves_as(&mut pos, MoveNotation::Uci),
        ["P@a3", "P@b4", "P@c1", "P@d2"]
    );
    // b1 black, c1 empty, d1 white: a1 encloses nothing.
    let mut pos = Position::from_text(&v, "5/5/1pP2/1Pp2/1p1P1[PPpp] w - - 0 1").unwrap();
    assert!(!sorted_moves_as(&mut pos, MoveNotation::Uci).contains(&"P@a1".to_string()));
}

#[test]
fn first_drops_suspend_the_enclosing_rule_until_they_are_full() {
    let v = load_text("r.toml", &reversi(r#"first_drops = ["b1", "c1"]"#));
    let mut pos = Position::from_text(&v, "5/5/1pP2/1Pp2/5[PPpp] w - - 0 1").unwrap();
    assert_eq!(sorted_moves_as(&mut pos, MoveNotation::Uci), ["P@b1", "P@c1"]);
    play(&mut pos, "P@b1");
    assert_eq!(sorted_moves_as(&mut pos, MoveNotation::Uci), ["P@c1"]);
    play(&mut pos, "P@c1");
    // Both filled: the enclosing rule again.
    let t = sorted_moves_as(&mut pos, MoveNotation::Uci);
    assert!(!t.is_empty() && !t.contains(&"P@e5".to_string()), "{t:?}");
}

#[test]
fn a_stuck_player_passes_only_then_and_only_with_a_piece() {
    let v = load_text("r.toml", &reversi(""));
    // White (a1) encloses nothing: its one move is the pass, written in
    // UCI as its lowest piece standing still.
    let mut pos = Position::from_text(&v, "5/5/2pp1/2pp1/P4[PPpp] w - - 0 1").unwrap();
    assert_eq!(sorted_moves_as(&mut pos, MoveNotation::Uci), ["a1a1"]);
    assert_eq!(sorted_moves_as(&mut pos, MoveNotation::Canonical), ["pass"]);
    assert_eq!(sorted_moves_as(&mut pos, MoveNotation::San), ["Pa1"]);
    play(&mut pos, "a1a1");
    assert_eq!(pos.to_text(), "5/5/2pp1/2pp1/P4[PPpp] b - - 1 1");
    // A player with moves may not pass.
    let mut pos = Position::start(&v);
    assert!(!sorted_moves_as(&mut pos, MoveNotation::Canonical).contains(&"pass".to_string()));
    // Without a piece there is no pass: the game is over, lost on count.
    let mut pos = Position::from_text(&v, "5/5/2pp1/2pp1/5[PPpp] w - - 0 1").unwrap();
    assert!(pos.legal_move_list().is_empty());
    let r = end(&mut pos).unwrap();
    assert_eq!(r.reason, Reason::Stalemate);
    assert_eq!(r.winner, Some(chimera::Color::Second));
}

#[test]
fn two_passes_and_a_full_board_are_decided_by_counting_pieces() {
    let v = load_text("r.toml", &reversi(""));
    // Neither can enclose: two passes end it; black has more discs.
    let mut pos = Position::from_text(&v, "5/5/2pp1/2pp1/P4[PPpp] w - - 0 1").unwrap();
    play(&mut pos, "a1a1");
    play(&mut pos, "c2c2");
    let r = end(&mut pos).unwrap();
    assert_eq!(
        (r.winner, r.reason),
        (Some(chimera::Color::Second), Reason::DoublePass)
    );
    // Equal numbers stay a draw.
    let mut pos = Position::from_text(&v, "P3p/5/5/5/p3P[PPpp] w - - 0 1").unwrap();
    play(&mut pos, "e1e1");
    play(&mut pos, "a1a1");
    let r = end(&mut pos).unwrap();
    assert_eq!(r.winner, None);
    // The last empty square filled: white has more.
    let mut pos = Position::from_text(&v, "PPPPP/PPPPP/PPPPP/PPPPp/ppPp1[PPpp] w - - 0 1").unwrap();
    play(&mut pos, "P@e1");
    // Counted at once, for every caller of the position's own verdict.
    assert_eq!(pos.decided().map(|r| r.winner), Some(Some(chimera::Color::First)));
    let r = end(&mut pos).unwrap();
    assert_eq!(r.winner, Some(chimera::Color::First));
    assert_eq!(r.describe(&v), "white wins by full board");
}

const ATAXX: &str = r#"
[variant]
name = "small ataxx"
[board]
files = 4
ranks = 4
[sides]
first = { name = "white", letter = "w" }
second = { name = "black", letter = "b" }
second_orientation = "reflect"
[text]
position = "fen"
[hand]
captures = "remove"
free = true
drops_only = "next_to_own"
drops_reset_clock = true
[moves]
flip = "adjacent"
pass_when_stuck = true
[[piece]]
name = "blob"
symbol = "P"
betza = "mDmNmA"
[setup]
position = "P3/4/4/3p w - - 0 1"
[end]
stalemate = "loss"
stalemate_piece_count = true
repetition = { count = 3, result = "draw" }
draws_by_piece_count = true
"#;

#[test]
fn free_drops_next_to_own_pieces_turn_the_pieces_around_them() {
    let v = load_text("a.toml", ATAXX);
    let mut pos = Position::start(&v);
    // Clones next to a4, jumps two squares: no hand in the text, none used up.
    assert_eq!(
        sorted_moves_as(&mut pos, MoveNotation::Uci),
        ["P@a3", "P@b3", "P@b4", "a4a2", "a4b2", "a4c2", "a4c3", "a4c4"]
    );
    play(&mut pos, "P@b3");
    assert_eq!(pos.to_text(), "P3/1P2/4/3p b - - 0 1");
    // Every enemy piece around the arrival turns, jumps as clones.
    let mut pos = Position::from_text(&v, "ppp1/p1pP/ppp1/4 w - - 0 1").unwrap();
    play(&mut pos, "d3b3");
    assert_eq!(pos.to_text(), "PPP1/PPP1/PPP1/4 b - - 1 1");
    let mut pos = Position::from_text(&v, "ppp1/p1p1/Ppp1/4 w - - 0 1").unwrap();
    play(&mut pos, "P@b3");
    assert_eq!(pos.to_text(), "PPP1/PPP1/PPP1/4 b - - 0 1");
    // A written hand is refused: these hands are endless.
    assert!(Position::from_text(&v, "P3/4/4/3p[P] w - - 0 1").is_err());
}

#[test]
fn supported_flips_turn_after_a_drop_only_next_to_an_own_piece() {
    // Quadwrangle's rule (`flip = "adjacent_supported"`): drops anywhere; a
    // drop turns the enemy pieces around it only when one of the mover's
    // own stands next to it, a board move always.
    let rules = ATAXX
        .replace("drops_only = \"next_to_own\"\n", "")
        .replace("flip = \"adjacent\"", "flip = \"adjacent_supported\"")
        .replace("betza = \"mDmNmA\"", "betza = \"mQmN\"");
    let v = load_text("a.toml", &rules);
    // Alone among enemies: the drop turns nothing.
    let mut pos = Position::from_text(&v, "ppp1/p1p1/ppp1/3P w - - 0 1").unwrap();
    play(&mut pos, "P@b3");
    assert_eq!(pos.to_text(), "ppp1/pPp1/ppp1/3P b - - 0 1");
    // Next to an own piece: everything around turns.
    let mut pos = Position::from_text(&v, "ppP1/p1p1/ppp1/4 w - - 0 1").unwrap();
    play(&mut pos, "P@b3");
    assert_eq!(pos.to_text(), "PPP1/PPP1/PPP1/4 b - - 0 1");
    // A board move turns them with no own piece around.
    let mut pos = Position::from_text(&v, "ppp1/p1p1/pppP/4 w - - 0 1").unwrap();
    play(&mut pos, "d2b3");
    assert_eq!(pos.to_text(), "PPP1/PPP1/PPP1/4 b - - 1 1");
}

#[test]
fn a_repetition_goes_to_the_side_with_more_pieces() {
    let v = load_text("a.toml", ATAXX);
    let mut pos = Position::from_text(&v, "PP2/4/4/3p w - - 0 1").unwrap();
    let mut hashes = vec![pos.hash()];
    for m in ["a4a2", "d1d3", "a2a4", "d3d1", "a4a2", "d1d3", "a2a4", "d3d1"] {
        play(&mut pos, m);
        hashes.push(pos.hash());
    }
    let r = judge(
        &mut pos,
        &History {
            hashes: &hashes,
            checks: None,
        },
    )
    .unwrap();
    assert_eq!(
        (r.winner, r.reason),
        (Some(chimera::Color::First), Reason::Repetition)
    );
}

#[test]
fn the_new_keys_refuse_what_they_cannot_mean() {
    // Pieces that change sides cannot be royal.
    let royal = reversi("").replace(
        "cannot_capture = [\"disc\"]",
        "cannot_capture = [\"disc\"]\nroyal = true",
    );
    let Err(e) = load_str("r.toml", &royal) else {
        panic!("a royal piece with flip loads")
    };
    assert!(e.render().contains("royal"), "{}", e.render());
    // first_drops without drops_only.
    let no_rule = reversi(r#"first_drops = ["b2"]"#).replace("drops_only = \"enclosing\"\n", "");
    let Err(e) = load_str("r.toml", &no_rule) else {
        panic!("first_drops alone loads")
    };
    assert!(e.render().contains("drops_only"), "{}", e.render());
    // A square off the board, an unknown rule.
    let off = reversi(r#"first_drops = ["f6"]"#);
    assert!(load_str("r.toml", &off).is_err());
    let bad = reversi("").replace("flip = \"enclosed\"", "flip = \"around\"");
    assert!(load_str("r.toml", &bad).is_err());
}
