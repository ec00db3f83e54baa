//! Wrong answers found by outside testing in the third round (issue 25),
//! each with the input that showed it. Each test failed before its fix.
//! The command-line cases of that round (a record cut short, a king-less
//! position, an unwritable record, …) are files in tests/hostile/.
use std::sync::Arc;

use chimera::{Position, Strictness, Variant, perft};

use crate::common::{load_text, sorted_moves, variant_text};

/// A bundled variant with one piece's notation replaced.
fn with_betza(file: &str, old: &str, new: &str) -> Arc<Variant> {
    let text = variant_text(file);
    assert!(text.contains(old), "{file} has no {old}");
    load_text(file, &text.replacen(old, new, 1))
}

/// A Berolina pawn's double step is diagonal: the en-passant square it
/// leaves is not straight behind it. Reading the position text back lost
/// it (and the capture `c4c3`).
#[test]
fn a_diagonal_double_step_keeps_its_en_passant_square_when_read_back() {
    let v = with_betza(
        "chess.toml",
        r#"betza = "fmWfceFifmnD""#,
        r#"betza = "fmFfceWifmnA""#,
    );
    // A black pawn double-steps diagonally past a white pawn.
    let mut pos = Position::from_text(&v, "4k3/1p6/8/2P5/8/8/8/4K3 b - - 0 1").unwrap();
    let mv = pos.parse_move("b7d5").unwrap();
    pos.make(mv);
    let text = pos.to_text();
    assert!(text.contains(" c6 "), "the double step b7-d5 passed c6: {text}");
    let mut read = Position::from_text(&v, &text).unwrap();
    assert_eq!(read.to_text(), text);
    assert_eq!(read.hash(), pos.hash());
    assert_eq!(sorted_moves(&mut read), sorted_moves(&mut pos));
    assert!(sorted_moves(&mut read).contains(&"c5c6".to_string()));
    // The report's own position.
    let mut p = Position::from_text(&v, "4k3/8/8/8/2pP4/8/8/4K3 b - c3 0 1").unwrap();
    let c4c3 = p.parse_move("c4c3").unwrap();
    assert_eq!(c4c3.captures().len(), 1, "c4c3 takes the pawn on d4 en passant");
}

/// An en-passant square that no double step can have left is refused,
/// not silently dropped.
#[test]
fn an_en_passant_square_nobody_passed_is_refused() {
    let chess = chimera::load_str("chess.toml", &variant_text("chess.toml")).unwrap();
    let err = Position::from_text(&chess, "4k3/8/8/8/8/8/8/4K3 b - e3 0 1").unwrap_err();
    assert!(err.to_string().contains("en-passant square e3"), "{err}");
    assert!(Position::from_text(&chess, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").is_ok());
}

/// Seirawan with a multi-leg knight (`NaN`): a knight that leaves and comes
/// back to its square was offered gates onto that square; making one put
/// two pieces on a square and broke the piece lists, so perft 1 said 160
/// where the moves were 60 and perft 2 never ended.
#[test]
fn a_gate_needs_the_square_left_empty() {
    let v = with_betza("seirawan.toml", r#"betza = "N""#, r#"betza = "NaN""#);
    let mut pos = Position::start(&v);
    let before = (pos.to_text(), pos.hash());
    let first = sorted_moves(&mut pos);
    assert_eq!(
        (pos.to_text(), pos.hash()),
        before,
        "generating moves changed the position"
    );
    assert_eq!(sorted_moves(&mut pos), first, "a second generation differs");
    assert_eq!(perft(&mut pos, 1), first.len() as u64);
    assert!(first.contains(&"b1-b1".to_string()) && !first.iter().any(|m| m.starts_with("b1-b1/")));
    // Perft 2 is the sum over the moves, each of which unmakes cleanly.
    let mut sum = 0;
    for m in pos.legal_move_list() {
        pos.make(m);
        sum += perft(&mut pos, 1);
        pos.unmake();
        assert_eq!((pos.to_text(), pos.hash()), before);
    }
    assert_eq!(perft(&mut pos, 2), sum);
}

/// A chess position without a king is not a position of chess (it listed
/// no moves and said nothing); lenient reading still takes it.
#[test]
fn a_side_without_its_royal_piece_is_refused() {
    let chess = chimera::load_str("chess.toml", &variant_text("chess.toml")).unwrap();
    let err = Position::from_text(&chess, "4k3/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    assert!(err.to_string().contains("white has no royal piece"), "{err}");
    assert!(Position::from_text_with(&chess, "4k3/8/8/8/8/8/8/8 w - - 0 1", Strictness::Lenient).is_ok());
    // Where an extinction rule ends the game when the king is gone, the
    // position is a finished game, not an impossible one.
    let atomic = chimera::load_str("atomic.toml", &variant_text("atomic.toml")).unwrap();
    let pos = Position::from_text(&atomic, "4k3/8/8/8/8/8/8/8 w - - 0 1").unwrap();
    assert!(pos.decided().is_some());
}

/// FEN's short forms as XBoard writes chu shogi (`… w - 0 1`: no
/// en-passant field) and Fairy-Stockfish some variants (`… w 0 1`: no
/// castling either) read as the full form; they were "`0` is not a square".
#[test]
fn short_fen_forms_read_as_the_full_form() {
    let chess = chimera::load_str("chess.toml", &variant_text("chess.toml")).unwrap();
    for (short, full) in [
        ("4k3/8/8/8/8/8/8/4K3 w - 3 10", "4k3/8/8/8/8/8/8/4K3 w - - 3 10"),
        ("4k3/8/8/8/8/8/8/4K3 w 3 10", "4k3/8/8/8/8/8/8/4K3 w - - 3 10"),
        ("r3k3/8/8/8/8/8/8/4K3 b q 0 1", "r3k3/8/8/8/8/8/8/4K3 b q - 0 1"),
    ] {
        let pos = Position::from_text(&chess, short).unwrap_or_else(|e| panic!("{short}: {e}"));
        assert_eq!(pos.to_text(), full);
    }
    // A count of the counting rule (in the en-passant field) is not a counter.
    let makruk = chimera::load_str("makruk.toml", &variant_text("makruk.toml")).unwrap();
    let pos = Position::from_text(&makruk, "4k3/8/8/8/8/8/R7/4K3 b - 32 31 20").unwrap();
    assert_eq!(pos.to_text(), "4k3/8/8/8/8/8/R7/4K3 b - 32 31 20");
}
