//! Pawn triple steps and two en-passant squares (tests/triple-step.toml,
//! wildebeest chess's rules): the file's own cases (moves and positions
//! from pyffish), the en-passant field as Fairy-Stockfish writes it (each
//! square only where an enemy pawn could take), the position's state
//! (hash, text, make/unmake) around triple steps, and the errors for
//! misuse.
use crate::common;

use chimera::{Position, TextStyle};
use common::check_rules as check;
use common::{load_file, test_file, test_text};

#[test]
fn the_test_cases_pass() {
    let (ok, said) = check(&test_file("triple-step.toml"));
    assert!(ok && said.contains("19 passed, 0 failed"), "{said}");
}

/// After `b2b5`, Fairy-Stockfish keeps each en-passant square a black pawn
/// attacks (pyffish's `get_fen`): `b3b4` with pawns on c4 and c5, `b3`
/// with c4 alone, `b4` with c5 alone, none with neither. chimera keeps
/// both squares and writes both in its own text.
#[test]
fn fairy_stockfish_text_keeps_each_square_a_pawn_could_take() {
    let v = load_file(&test_file("triple-step.toml"));
    for (start, fsf) in [
        (
            "5k5/11/11/11/11/2p8/2p8/11/1P9/5K5 w - - 0 1",
            "5k5/11/11/11/11/1Pp8/2p8/11/11/5K5 b - b3b4 0 1",
        ),
        (
            "5k5/11/11/11/11/11/2p8/11/1P9/5K5 w - - 0 1",
            "5k5/11/11/11/11/1P9/2p8/11/11/5K5 b - b3 0 1",
        ),
        (
            "5k5/11/11/11/11/2p8/11/11/1P9/5K5 w - - 0 1",
            "5k5/11/11/11/11/1Pp8/11/11/11/5K5 b - b4 0 1",
        ),
        (
            "5k5/11/11/11/11/11/11/11/1P9/5K5 w - - 0 1",
            "5k5/11/11/11/11/1P9/11/11/11/5K5 b - - 0 1",
        ),
        (
            "rnccwkqbbnr/pp1ppppp1pp/11/11/11/2p8/2p8/11/PPPPPPPPPPP/RNBBQKWCCNR w - - 0 1",
            "rnccwkqbbnr/pp1ppppp1pp/11/11/11/1Pp8/2p8/11/P1PPPPPPPPP/RNBBQKWCCNR b - b3b4 0 1",
        ),
    ] {
        let mut pos = Position::from_text(&v, start).expect("position");
        let m = pos.parse_move("b2b5").expect("the triple step");
        pos.make(m);
        assert_eq!(
            pos.to_text_as(TextStyle::FairyStockfish),
            fsf,
            "after b2b5 from {start}"
        );
        let own = pos.to_text();
        assert!(own.contains(" b - b3b4 0 1"), "{own}");
        assert_eq!(pos.en_passant_squares().len(), 2, "{own}");
        // Fairy-Stockfish's text reads back to the position it describes.
        let back = Position::from_text(&v, fsf).expect("Fairy-Stockfish's text reads");
        assert_eq!(back.to_text_as(TextStyle::FairyStockfish), fsf);
    }
}

/// Around triple steps, the incremental hash equals the one computed
/// afresh, the text reads back to the same position and hash, and every
/// legal move made and unmade restores both (two en-passant squares set,
/// cleared and restored).
#[test]
fn hash_text_and_unmake_hold_with_two_en_passant_squares() {
    let v = load_file(&test_file("triple-step.toml"));
    let starts = [
        "5k5/11/11/11/11/2p8/2p8/11/1P9/5K5 w - - 0 1",
        "5k5/4p6/11/5P5/5P5/11/11/11/11/5K5 b - - 0 1",
        "4k6/1p1pppp1pp1/11/5P5/5P5/2p4p3/2p4p3/11/PP1PPPP1PPP/5K5 w - - 0 1",
        "rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w - - 0 1",
    ];
    let mut two = 0;
    for start in starts {
        let mut pos = Position::from_text(&v, start).expect("position");
        for ply in 0..40 {
            let text = pos.to_text();
            assert_eq!(pos.hash(), pos.compute_hash(), "{text}");
            let back = Position::from_text(&v, &text).expect("reads back");
            assert_eq!((back.to_text(), back.hash()), (text.clone(), pos.hash()));
            if pos.en_passant_squares().len() == 2 {
                two += 1;
            }
            let moves = pos.legal_move_list();
            for &m in &moves {
                pos.make(m);
                assert_eq!(pos.hash(), pos.compute_hash(), "after {m:?} in {text}");
                pos.unmake();
                assert_eq!(pos.to_text(), text);
                assert_eq!(pos.hash(), back.hash());
            }
            // A triple step when there is one, else some move.
            let g = v.board();
            let triple = |m: &&chimera::Move| match (m.from(), m.to()) {
                (Some(a), Some(b)) => g.file(a) == g.file(b) && g.rank(a).abs_diff(g.rank(b)) == 3,
                _ => false,
            };
            let Some(&m) = moves
                .iter()
                .find(triple)
                .or(moves.get(ply * 7 % moves.len().max(1)))
            else {
                break;
            };
            pos.make(m);
        }
    }
    assert!(two >= 4, "only {two} positions with two en-passant squares");
}

/// Without the triple step's `extra_moves`, the file's triple-step cases
/// fail: the old rules could not say them.
#[test]
fn without_the_triple_step_the_cases_fail() {
    let t = test_text("triple-step.toml").replacen("extra_moves = { ranks = [2], betza = \"ifmnH\" }", "", 1);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("triple-step.toml");
    std::fs::write(&file, t).unwrap();
    let (ok, said) = check(&file);
    assert!(
        !ok && said.contains("FAIL after a triple step both squares passed"),
        "{said}"
    );
    assert!(
        said.contains("FAIL position text with the first square passed alone"),
        "{said}"
    );
}

#[test]
fn misuse_is_an_error() {
    common::assert_misuse(
        &test_text("triple-step.toml"),
        &[
            (
                "betza = \"fmWfceFifmnD\"\ninitial_ranks = [2, 3]",
                "betza = \"fmWfceF\"",
                "has `i` (initial) moves but no `initial_ranks`",
            ),
            (
                "betza = \"ifmnH\"",
                "betza = \"ifmnHaW\"",
                "extra moves of `pawn` must be single steps",
            ),
        ],
        "triple-step-misuse",
    );
}
