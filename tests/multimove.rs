//! Turns of several moves (`[turns]`): Marseillais, progressive (Scottish
//! and Italian) and Monster chess. Perft by single moves and by whole
//! turns against tests/tools/multimove_perft.py (an independent generator
//! of the turn rules, written from the rules texts on python-chess's single
//! moves); position text with the turn's state; the hash kept by
//! make/unmake; the errors for misuse, at their place; the engine playing
//! each game to a result and answering a position in the middle of a turn
//! over UCI.
use crate::common;

use chimera::{Position, perft, perft_turns};
use common::{variant, variant_text};

/// The shipped variants with turns of several moves.
const FILES: [&str; 4] = [
    "marseillais.toml",
    "progressive.toml",
    "progressive-italian.toml",
    "monster.toml",
];

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// White to move twice, two double steps to make, black pawns waiting to
/// take both en passant.
const TWO_EP: &str = "4k3/8/8/8/2p1p3/8/1P1P4/4K3 w - - 0 2";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 5";
const BLACK_TWO: &str = "4k3/8/8/8/2p1p3/8/1P1P4/4K3 b - - 0 1";
const MONSTER: &str = "rnbqkbnr/pppppppp/8/8/8/8/2PPPP2/4K3 w kq - 0 1";
/// Monster chess: white's king among black's rooks and pawns, black
/// castling both ways.
const MONSTER_KING: &str = "r3k2r/p1p2p1p/8/3K4/8/8/2PPPP2/8 w kq - 0 5";
/// Wikipedia's Monster mate: d4-d5, d5-d6.
const MONSTER_MATE: &str = "4k3/8/4P3/8/3P4/8/2q5/7K w - - 0 2";
/// Black in Monster check (d6-d7, then d7xe8): no castling out of it.
const MONSTER_CASTLE: &str = "4k2r/8/3P4/8/8/8/8/4K3 b k - 0 4";
/// Position text with the rights a turn keeps: Marseillais, black to move
/// after white's b2-b4 and d2-d4, both pawns to take en passant (the
/// reference once read no right from `ep=`: 7, 58, 369, 2676).
const TWO_RIGHTS: &str = "4k3/8/8/8/1PpPp3/8/8/4K3 b - - 0 2 moves_left=2 ep=b3,d3";
/// Scottish progressive chess in the middle of white's seventh series,
/// d2-d4 made in it, black's e4 pawn waiting (from a random game; the
/// reference once counted 1212 and 38015, without e4xd3).
const SERIES_RIGHT: &str =
    "r1b1kb1r/1pqn1p1p/P2p2n1/1Bp5/P2PpNp1/2P1PP2/1Q4PP/RNB2RK1 w kq - 1 4 moves_left=1 ep=d3";

/// (file, reference game, position, by turns, counts from depth 1), as
/// the reference counts them; the shallow rows run in the default test.
const SHALLOW: &[(&str, &str, &str, bool, &[u64])] = &[
    (
        "marseillais.toml",
        "marseillais",
        START,
        false,
        &[20, 400, 8902, 197281],
    ),
    ("marseillais.toml", "marseillais", START, true, &[20, 8902]),
    (
        "marseillais.toml",
        "marseillais",
        TWO_EP,
        false,
        &[8, 70, 561, 4865, 41073],
    ),
    (
        "marseillais.toml",
        "marseillais",
        TWO_EP,
        true,
        &[70, 4719, 343400],
    ),
    (
        "marseillais.toml",
        "marseillais",
        KIWIPETE,
        false,
        &[48, 2326, 97187],
    ),
    ("marseillais.toml", "marseillais", KIWIPETE, true, &[2326]),
    (
        "marseillais.toml",
        "marseillais",
        TWO_RIGHTS,
        false,
        &[10, 81, 484, 3337],
    ),
    ("marseillais.toml", "marseillais", TWO_RIGHTS, true, &[81, 3304]),
    (
        "progressive.toml",
        "progressive",
        SERIES_RIGHT,
        false,
        &[41, 1247, 39035],
    ),
    (
        "progressive.toml",
        "progressive",
        START,
        false,
        &[20, 400, 8902, 197281],
    ),
    ("progressive.toml", "progressive", START, true, &[20, 8902]),
    ("progressive.toml", "progressive", BLACK_TWO, true, &[61, 38129]),
    (
        "progressive-italian.toml",
        "italian",
        START,
        false,
        &[20, 400, 8902, 196812],
    ),
    ("progressive-italian.toml", "italian", START, true, &[20, 8902]),
    (
        "progressive-italian.toml",
        "italian",
        BLACK_TWO,
        true,
        &[61, 38124],
    ),
    (
        "progressive-italian.toml",
        "italian",
        KIWIPETE,
        false,
        &[48, 2313, 111406],
    ),
    ("monster.toml", "monster", MONSTER, false, &[10, 99, 1976]),
    ("monster.toml", "monster", MONSTER, true, &[99, 1976]),
    ("monster.toml", "monster", MONSTER_KING, false, &[16, 195, 3064]),
    ("monster.toml", "monster", MONSTER_KING, true, &[195, 3064]),
    ("monster.toml", "monster", MONSTER_MATE, false, &[5, 19, 428]),
    ("monster.toml", "monster", MONSTER_CASTLE, true, &[4, 174, 2207]),
];

const DEEP: &[(&str, &str, &str, bool, &[u64])] = &[
    (
        "marseillais.toml",
        "marseillais",
        START,
        false,
        &[20, 400, 8902, 197281, 4868376],
    ),
    (
        "marseillais.toml",
        "marseillais",
        START,
        true,
        &[20, 8902, 4866854],
    ),
    (
        "marseillais.toml",
        "marseillais",
        KIWIPETE,
        true,
        &[2326, 4092709],
    ),
    (
        "progressive.toml",
        "progressive",
        START,
        false,
        &[20, 400, 8902, 197281, 4868376],
    ),
    (
        "progressive-italian.toml",
        "italian",
        START,
        false,
        &[20, 400, 8902, 196812, 4838776],
    ),
    ("monster.toml", "monster", MONSTER, false, &[10, 99, 1976, 19904]),
    ("monster.toml", "monster", MONSTER, true, &[99, 1976, 204810]),
    (
        "monster.toml",
        "monster",
        MONSTER_KING,
        false,
        &[16, 195, 3064, 42578],
    ),
];

fn count(file: &str, fen: &str, turns: bool, depth: u32) -> u64 {
    let v = variant(file);
    let mut pos = Position::from_text(&v, fen).expect("position");
    if turns {
        perft_turns(&mut pos, depth)
    } else {
        perft(&mut pos, depth)
    }
}

fn compare(rows: &[(&str, &str, &str, bool, &[u64])]) {
    for &(file, game, fen, turns, want) in rows {
        let ours: Vec<u64> = (1..=want.len() as u32)
            .map(|d| count(file, fen, turns, d))
            .collect();
        assert_eq!(ours, want, "{file} {fen} turns={turns}");
        let mode = if turns { "turns" } else { "moves" };
        let args = [
            game.to_string(),
            mode.to_string(),
            want.len().to_string(),
            fen.to_string(),
        ];
        let Some(out) = common::python_tool("multimove_perft.py", &args, "the turns reference") else {
            return;
        };
        let theirs: Vec<u64> = out
            .lines()
            .map(|l| l.split(' ').nth(1).and_then(|n| n.parse().ok()).expect("a count"))
            .collect();
        assert_eq!(theirs, want, "reference: {game} {fen} {mode}");
    }
}

#[test]
fn perft_by_moves_and_by_turns_matches_the_reference() {
    compare(SHALLOW);
}

#[test]
#[ignore = "deep tier: the reference in Python counts millions of nodes"]
fn deep_perft_matches_the_reference() {
    compare(DEEP);
}

#[test]
fn the_variant_files_pass_their_cases() {
    for file in FILES {
        let (ok, text) = common::check_rules(&common::root().join("variants").join(file));
        assert!(ok && text.contains(" 0 failed"), "{file}: {text}");
    }
}

/// Along a walk of every first move, then the first legal move again and
/// again: the text of each position reads back to itself, the incremental
/// hash is the one computed from scratch, and unmake restores both.
#[test]
fn position_text_and_hash_survive_make_and_unmake() {
    for file in FILES {
        let v = variant(file);
        for fen in [START, TWO_EP] {
            let Ok(mut pos) = Position::from_text(&v, fen) else {
                continue;
            };
            for step in 0..40 {
                let moves = pos.legal_move_list();
                let Some(&m) = moves.get(step % moves.len().max(1)) else {
                    break;
                };
                let (text, hash) = (pos.to_text(), pos.hash());
                pos.make(m);
                assert_eq!(pos.hash(), pos.compute_hash(), "{file}: hash after {text} + move");
                let again = Position::from_text(&v, &pos.to_text()).expect("reads back");
                assert_eq!(again.to_text(), pos.to_text(), "{file}");
                assert_eq!(again.hash(), pos.hash(), "{file}: {}", pos.to_text());
                pos.unmake();
                assert_eq!(
                    (pos.to_text(), pos.hash()),
                    (text.clone(), hash),
                    "{file}: unmake"
                );
                pos.make(m);
            }
        }
    }
}

#[test]
fn bad_turn_fields_in_position_text_are_refused() {
    let v = variant("marseillais.toml");
    for bad in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 2 moves_left=0",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 2 moves_left=3",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves_left=2",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 2 moves_left=x",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 2 ep=e3",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 2 ep=z9",
    ] {
        assert!(Position::from_text(&v, bad).is_err(), "{bad}");
    }
    let chess = variant("chess.toml");
    assert!(Position::from_text(&chess, &format!("{START} moves_left=1")).is_err());
    // The quiet turns are counted only where `[end] quiet_turn_rule` is.
    assert!(Position::from_text(&chess, &format!("{START} quiet_turns=1")).is_err());
    assert!(Position::from_text(&v, &format!("{START} quiet_turns=1")).is_err());
    let progressive = variant("progressive.toml");
    assert!(Position::from_text(&progressive, &format!("{START} quiet_turns=x")).is_err());
    assert!(Position::from_text(&progressive, &format!("{START} quiet_turns=3")).is_ok());
}

/// Progressive chess's ten-series rule (`[end] quiet_turn_rule = 10`):
/// ten whole series, 1 + 2 + … + 10 moves of kings and a rook that take
/// nothing, draw when the tenth ends and not before; the text counts the
/// series; unmake takes the count back; a rook that takes starts it again.
#[test]
fn ten_quiet_series_draw_progressive_chess() {
    let v = variant("progressive.toml");
    let mut pos = Position::from_text(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").expect("position");
    for series in 1..=10u32 {
        let counted = series - 1;
        let text = pos.to_text();
        let field = format!("quiet_turns={counted}");
        assert_eq!(text.contains(&field), counted > 0, "{text}");
        assert_eq!(common::end(&mut pos), None, "before series {series}: {text}");
        let side = pos.side_to_move();
        let mut played = 0;
        while pos.side_to_move() == side {
            let moves = pos.legal_move_list();
            let quiet: Vec<_> = moves.iter().filter(|m| !m.is_capture()).collect();
            let m = *quiet[(played * 7 + series as usize) % quiet.len()];
            pos.make(m);
            played += 1;
        }
        assert!(played as u32 <= series, "series {series}: {played} moves");
    }
    let text = pos.to_text();
    assert!(text.contains("quiet_turns=10"), "{text}");
    let draw = common::end(&mut pos).expect("a draw");
    assert_eq!(draw.describe(&v), "draw by quiet-turn rule");
    pos.unmake();
    assert!(pos.to_text().contains("quiet_turns=9"), "{}", pos.to_text());
    assert_eq!(common::end(&mut pos), None);
    let again = Position::from_text(&v, &text).expect("reads back");
    assert_eq!(again.to_text(), text);
}

#[test]
fn misuse_is_an_error_at_its_place() {
    let text = variant_text("marseillais.toml");
    let cases: &[(&str, &str, &str)] = &[
        ("moves = 2\n", "moves = 0\n", "at least 1 move, not 0"),
        ("moves = 2\n", "moves = -2\n", "at least 1 move, not -2"),
        ("moves = 2\n", "moves = [2]\n", "lists two counts"),
        ("moves = 2\n", "moves = [2, 0]\n", "at least 1 move, not 0"),
        ("moves = 2\n", "moves = \"two\"\n", "a count of moves"),
        ("moves = 2\n", "moves = 2\nprogressive = true\n", "keep one"),
        ("moves = 2\n", "moves = 1\n", "leave `[turns]` out"),
        ("first_turn = 1\n", "first_turn = 0\n", "at least 1 move, not 0"),
        (
            "first_turn = 1\n",
            "first_turn = 1\nmoves_per_turn = 3\n",
            "unknown field",
        ),
        (
            "check_ends_turn = true\n",
            "check_ends_turn = \"yes\"\n",
            "invalid type",
        ),
        (
            "check_ends_turn = true\n",
            "royal_safety = \"sometimes\"\n",
            "unknown royal_safety",
        ),
        ("moves = 2\nfirst_turn = 1\n", "", "needs `moves = N`"),
        (
            "check_ends_turn = true\n",
            "check_ends_turn = true\ncheck_only_on_last_move = true\n",
            "means nothing beside it: keep one",
        ),
        (
            "check_ends_turn = true\n",
            "royal_safety = \"end_of_turn\"\ncheck_only_on_last_move = true\n",
            "do not go together",
        ),
        (
            "check_ends_turn = true\n",
            "check_only_on_last_move = 1\n",
            "invalid type",
        ),
    ];
    common::assert_misuse(&text, cases, "chimera-turns-misuse");
    let text = variant_text("progressive.toml");
    let cases: &[(&str, &str, &str)] = &[
        (
            "quiet_turn_rule = 10\n",
            "quiet_turn_rule = 0\n",
            "counts whole turns: at least 1",
        ),
        (
            "[turns]\nprogressive = true\ncheck_ends_turn = true\n",
            "",
            "without `[turns]` every turn is one move",
        ),
    ];
    common::assert_misuse(&text, cases, "chimera-quiet-turns-misuse");
}

/// The engine plays a whole game of each to its end (depth 2, no clock:
/// the same game every run).
#[test]
fn the_engine_plays_each_game_to_a_result() {
    for file in FILES {
        let text = common::engine_plays_to_a_result(file);
        assert!(
            text.contains(" 2/2 ") || text.contains("/3 "),
            "{file}: a turn of several moves shown"
        );
    }
}

/// Over UCI a position in the middle of a turn is answered with a move of
/// the side to move: after 1.e4 e5 black moves again; after black's turn,
/// white. And the search keeps the score's sign over the same side's
/// moves: Monster chess's mate by two white moves is found.
#[test]
fn uci_answers_a_position_in_the_middle_of_a_turn() {
    let v = variant("marseillais.toml");
    let mut pos = Position::start(&v);
    common::play(&mut pos, "e2e4");
    common::play(&mut pos, "e7e5");
    let black = common::sorted_moves(&mut pos);
    let lines = common::speak(
        "uci",
        &["variants/marseillais.toml"],
        "uci\nposition startpos moves e2e4 e7e5\ngo depth 2\nisready\n",
    );
    common::bestmove_among(&lines, &black);
    let lines = common::speak(
        "uci",
        &["variants/monster.toml"],
        "uci\nposition fen 4k3/8/4P3/8/3P4/8/2q5/7K w - - 0 2\ngo depth 3\nisready\n",
    );
    assert!(lines.iter().any(|l| l == "bestmove d4d5"), "{lines:?}");
}

/// Over UCI a `moves` list that breaks a turn's rules is refused as any
/// illegal move, and the `go` after it answered with no move: a second
/// move in white's one-move first turn (Balanced Marseillais), and a move
/// after a check that ended the turn (1...e5 f6 2.Qh5+: black to move).
/// The FEN of a position in the middle of a turn is read with its
/// `moves_left`.
#[test]
fn uci_refuses_moves_that_break_the_turn() {
    for (moves, refused) in [("e2e4 d2d4", "d2d4"), ("e2e4 e7e5 f7f6 d1h5 d2d4", "d2d4")] {
        let lines = common::speak(
            "uci",
            &["variants/marseillais.toml"],
            &format!("uci\nposition startpos moves {moves}\ngo depth 1\nisready\n"),
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string illegal move") && l.contains(refused))
                && lines.iter().any(|l| l == "bestmove 0000"),
            "{moves}: {lines:?}"
        );
    }
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 moves_left=1";
    let v = variant("marseillais.toml");
    let black = common::sorted_moves(&mut Position::from_text(&v, fen).expect("the FEN"));
    let lines = common::speak(
        "uci",
        &["variants/marseillais.toml"],
        &format!("uci\nposition fen {fen}\ngo depth 2\nisready\n"),
    );
    common::bestmove_among(&lines, &black);
}

/// XBoard gives the move to the other side after every move: a variant
/// with turns of several moves is refused by name, and left out of the
/// bundled list offered over XBoard.
#[test]
fn xboard_refuses_turns_of_several_moves() {
    common::xboard_refuses(
        "variants/marseillais.toml",
        "several moves",
        &["marseillais", "progressive", "progressive-italian", "monster"],
    );
}
