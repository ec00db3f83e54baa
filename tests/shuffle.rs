//! Shuffled starts (`[setup.shuffle]`) and castling from any files
//! (`any_file`): every drawn start obeys its rule, the numbers name distinct
//! starts, and the castling field is read and written as Fairy-Stockfish
//! does for Chess960.

use std::collections::HashSet;
use std::sync::Arc;

use crate::common;
use chimera::{MoveNotation, Position, Variant};

/// The legal moves in UCI.
fn uci_moves(pos: &Position) -> Vec<String> {
    let mut pos = pos.clone();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|m| pos.move_text_as(m, MoveNotation::Uci))
        .collect()
}

fn load(name: &str) -> Arc<Variant> {
    common::variant(&format!("{name}.toml"))
}

/// The first player's back rank of a FEN and the second player's.
fn back_ranks(fen: &str) -> (String, String) {
    let board = fen.split_whitespace().next().unwrap();
    let ranks: Vec<&str> = board.split('/').collect();
    (ranks[ranks.len() - 1].to_string(), ranks[0].to_string())
}

/// Chess960's rule on a back rank written in full (`RNBQKBNR`): the
/// bishops on squares of different colours, the king between the rooks.
fn obeys_960(rank: &str) -> bool {
    let at = |c: char| -> Vec<usize> {
        rank.char_indices()
            .filter(|&(_, x)| x == c)
            .map(|(i, _)| i)
            .collect()
    };
    let (b, r, k) = (at('B'), at('R'), at('K'));
    b.len() == 2 && b[0] % 2 != b[1] % 2 && r.len() == 2 && k.len() == 1 && r[0] < k[0] && k[0] < r[1]
}

#[test]
fn every_chess960_start_obeys_the_rule_and_the_numbers_are_its_960_starts() {
    let v = load("fischerandom");
    assert_eq!(v.start_count(), Some(960));
    let mut seen = HashSet::new();
    for n in 0..960 {
        let fen = Position::numbered_start(&v, n).unwrap().to_text();
        let (white, black) = back_ranks(&fen);
        assert!(obeys_960(&white), "start {n}: {fen}");
        assert_eq!(black, white.to_lowercase(), "start {n}: black mirrors white");
        assert!(fen.contains("/pppppppp/8/8/8/8/PPPPPPPP/"), "start {n}: {fen}");
        assert!(seen.insert(white), "start {n} repeats an earlier one");
    }
    assert!(Position::numbered_start(&v, 960).is_err());
}

#[test]
fn capablanca_random_starts_obey_the_rule() {
    let v = load("caparandom");
    // 5 × 5 bishop squares, 56 rook-king-rook triples, 60 ways for the rest.
    assert_eq!(v.start_count(), Some(84_000));
    for n in [0, 1, 17, 999, 41_999, 83_999] {
        let fen = Position::numbered_start(&v, n).unwrap().to_text();
        let (white, black) = back_ranks(&fen);
        assert_eq!(white.len(), 10, "{fen}");
        assert!(obeys_960(&white), "start {n}: {fen}");
        assert_eq!(black, white.to_lowercase());
        let mut letters: Vec<char> = white.chars().collect();
        letters.sort();
        assert_eq!(letters.iter().collect::<String>(), "ABBCKNNQRR", "start {n}");
    }
}

#[test]
fn a_start_number_is_the_same_start_every_time() {
    let v = load("caparandom");
    let a = Position::numbered_start(&v, 12_345).unwrap().to_text();
    let b = Position::numbered_start(&v, 12_345).unwrap().to_text();
    assert_eq!(a, b);
    assert_ne!(a, Position::numbered_start(&v, 12_346).unwrap().to_text());
}

#[test]
fn the_castling_field_names_the_rooks_files() {
    let v = load("fischerandom");
    // Fairy-Stockfish writes Chess960's rights as the rooks' files.
    assert!(Position::start(&v).to_text().ends_with(" w HAha - 0 1"));
    // KQkq names the outermost rooks; file letters name any rook.
    let p = Position::from_text(&v, "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1").unwrap();
    assert_eq!(p.to_text(), "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1");
    let p = Position::from_text(&v, "1rk5/8/8/8/8/8/8/1RK3RR w Gb - 0 1").unwrap();
    assert_eq!(p.to_text(), "1rk5/8/8/8/8/8/8/1RK3RR w Gb - 0 1");
    // G names the inner rook: it castles (g1 to f1), the outer one does not.
    let moves: Vec<String> = uci_moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("c1"))
        .collect();
    assert!(moves.contains(&"c1g1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"c1h1".to_string()), "{moves:?}");
    // A file with no rook of the side is refused.
    assert!(Position::from_text(&v, "rk5r/8/8/8/8/8/8/RK5R w E - 0 1").is_err());
}

#[test]
fn chess_keeps_kqkq_and_the_kings_move() {
    let v = load("chess");
    let p = Position::from_text(&v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert!(p.to_text().contains(" KQkq "));
    let moves = uci_moves(&p);
    assert!(moves.contains(&"e1g1".to_string()) && !moves.contains(&"e1h1".to_string()));
}

#[test]
fn castling_is_o_o_in_san_whichever_way_the_king_moves() {
    let v = load("fischerandom");
    // The king on b1 moves right for O-O-O (to c1) and for O-O (to g1).
    let mut p = Position::from_text(&v, "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1").unwrap();
    for (uci, san) in [("b1a1", "O-O-O"), ("b1h1", "O-O")] {
        let m = p.parse_move(uci).unwrap();
        assert_eq!(p.move_text_as(&m, MoveNotation::San), san);
        assert_eq!(p.parse_move(san).unwrap(), m);
    }
}
