//! What pychess-variants' server asks of the facade (issue 44): its
//! variants.ini (deprecated keys, jieqi's `~`), two-board FENs, SFEN, the
//! codes and notations its tests and board class meet.

use super::*;

/// A section of pychess-variants' variants.ini, loaded under a name of
/// this test's own.
fn load(ini: &str, name: &str) -> std::sync::Arc<crate::engine::Variant> {
    let c = load_variant_config(ini).unwrap();
    assert!(c.refused.is_empty(), "{:?}", c.refused);
    variant(name).unwrap()
}

fn fen_after(name: &str, fen: &str, moves: &[&str]) -> String {
    let g = replay(&variant(name).unwrap(), fen, moves).unwrap();
    self::fen(g.position())
}

#[test]
fn deprecated_keys_are_read_as_fairy_stockfish_reads_them() {
    // xiangqihouse's `whiteDropRegion`/`blackDropRegion` (and the other
    // deprecated spellings): the drop regions of the official keys.
    let v = load(
        "[pyxqhouse:xiangqi]\nstartFen = rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1\n\
         pieceDrops = true\ncapturesToHand = true\nwhiteDropRegion = *1 *2 *3 *4 *5\nblackDropRegion = *6 *7 *8 *9 *10\n",
        "pyxqhouse",
    );
    let mut g = replay(&v, "3k5/9/9/9/9/9/9/9/9/4K4[R] w - - 0 1", &[] as &[&str]).unwrap();
    let drops: Vec<String> = legal_moves(&mut g)
        .into_iter()
        .map(|(_, u)| u)
        .filter(|u| u.contains('@'))
        .collect();
    assert!(
        drops.contains(&"R@a5".to_string()) && !drops.iter().any(|d| d.ends_with('6')),
        "{drops:?}"
    );
    // promotionRank: the zone from that rank on, for each side.
    let v = load("[pypromrank:chess]\npromotionRank = 7\n", "pypromrank");
    let mut g = replay(&v, "4k3/8/P7/8/8/8/8/4K3 w - - 0 1", &[] as &[&str]).unwrap();
    let mut moves: Vec<String> = legal_moves(&mut g)
        .into_iter()
        .map(|(_, u)| u)
        .filter(|u| u.starts_with("a6"))
        .collect();
    moves.sort();
    assert_eq!(
        moves,
        ["a6a7b", "a6a7n", "a6a7q", "a6a7r"].map(String::from).to_vec()
    );
}

#[test]
fn jieqi_hidden_pieces_and_xiangqi_letters() {
    let v = load(
        "[pyjieqi:xiangqi]\nstartFen = r~n~b~a~ka~b~n~r~/9/1c~5c~1/p~1p~1p~1p~1p~/9/9/P~1P~1P~1P~1P~/1C~5C~1/9/R~N~B~A~KA~B~N~R~ w - - 0 1\n",
        "pyjieqi",
    );
    let start = start_fen(&v);
    assert!(start.starts_with("r~n~b~a~ka~"), "{start}");
    let mut g = replay(&v, &start, &[] as &[&str]).unwrap();
    assert_eq!(legal_moves(&mut g).len(), 44);
    // Fairy-Stockfish's validate_fen takes `~` only where pieces promote.
    assert_eq!(validate_fen(&v, &start), -10);
    // The horse and elephant of xiangqi's children are written H and E.
    let m = parse_move(&mut g, "h1g3").unwrap();
    assert_eq!(
        san(&mut g, &m, notation(&v, NOTATION_XIANGQI_WXF).unwrap()),
        "H2+3"
    );
    let m = parse_move(&mut g, "g1e3").unwrap();
    // (pyffish: the same, and `Ege3` in SAN.)
    assert_eq!(san(&mut g, &m, notation(&v, NOTATION_SAN).unwrap()), "Ege3");
}

#[test]
fn a_two_board_fen_is_read_as_its_first_board() {
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    let two = format!("{board} | {board}");
    let v = variant("bughouse").unwrap();
    let mut g = replay(&v, &two, &[] as &[&str]).unwrap();
    assert_eq!(legal_moves(&mut g).len(), 20);
    // Fairy-Stockfish counts both boards' parts: too many.
    assert_eq!(validate_fen(&v, &two), -11);
    assert_eq!(validate_fen(&v, board), FEN_OK);
}

#[test]
fn sfen_of_any_variant_as_fairy_stockfish_writes_it() {
    let sfen_of = |name: &str, fen: &str, moves: &[&str]| {
        let g = replay(&variant(name).unwrap(), fen, moves).unwrap();
        fen::sfen(g.position())
    };
    let chess_start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        sfen_of("chess", chess_start, &["e2e4"]),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - 2"
    );
    assert_eq!(
        sfen_of(
            "crazyhouse",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[PPPQn] b KQkq - 0 7",
            &[]
        ),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Q3Pn 14"
    );
    // shoshogi (variants/shoshogi.toml, Fairy-Stockfish's settings): its
    // start as pyffish gives it, and a promotion resets the halfmove clock
    // (pychess-variants' board class: `a5c7+`).
    let sho = variant("shoshogi").unwrap();
    assert_eq!(
        start_fen(&sho),
        "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL w 0 1"
    );
    let game = replay(
        &sho,
        "ln2eg1n1/1rsgk1sb1/1p1pp1ppl/p4p3/B1p1P3p/P7P/LPPP1PPP1/2GKE2RL/1NS1SG1N1 w - - 26 14",
        &["a5c7+"],
    )
    .unwrap();
    assert_eq!(
        fen(game.position()),
        "ln2eg1n1/1rsgk1sb1/1p+Bpp1ppl/p4p3/2p1P3p/P7P/LPPP1PPP1/2GKE2RL/1NS1SG1N1 b - - 0 14"
    );
}

#[test]
fn a_fen_without_its_en_passant_field_reads_as_fairy_stockfish_reads_it() {
    // The first character of the halfmove clock is taken for the
    // en-passant file (chennis' `[] w - 0 1`).
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 0 1";
    assert_eq!(
        fen_after("chess", start, &[]),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 1"
    );
    let later = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 12 7";
    assert_eq!(
        fen_after("chess", later, &[]),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 7"
    );
    // An empty castling field (two spaces: the server's fog-of-war FEN) is
    // no right, the clocks are read as they stand; one space fewer, the
    // en-passant field is the one missing.
    let fog = "rn2kbnr/Qp2ppp1/3p4/2p2b1p/7P/N1P5/Pq1PPPPR/1RB1KBN1 w  - 2 9";
    assert_eq!(
        fen_after("chess", fog, &[]),
        "rn2kbnr/Qp2ppp1/3p4/2p2b1p/7P/N1P5/Pq1PPPPR/1RB1KBN1 w - - 2 9"
    );
    // An en-passant square no pawn has just passed over is dropped.
    let turned = "rnbqkbnr/p1p2ppp/8/1p1Pp3/1P6/8/P1PP1PPP/RNBQKBNR b kq e6 0 4";
    assert_eq!(
        fen_after("chess", turned, &[]),
        "rnbqkbnr/p1p2ppp/8/1p1Pp3/1P6/8/P1PP1PPP/RNBQKBNR b kq - 0 4"
    );
    let short = "rn2kbnr/Qp2ppp1/3p4/2p2b1p/7P/N1P5/Pq1PPPPR/1RB1KBN1 w - 2 9";
    assert_eq!(
        fen_after("chess", short, &[]),
        "rn2kbnr/Qp2ppp1/3p4/2p2b1p/7P/N1P5/Pq1PPPPR/1RB1KBN1 w - - 9 1"
    );
}

#[test]
fn janggi_pass_in_janggi_notation() {
    let v = variant("janggi").unwrap();
    let fen = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    let mut g = replay(&v, fen, &[] as &[&str]).unwrap();
    let m = parse_move(&mut g, "e2e2").unwrap();
    assert_eq!(san(&mut g, &m, notation(&v, NOTATION_JANGGI).unwrap()), "K95-95");
    assert_eq!(san(&mut g, &m, notation(&v, NOTATION_SAN).unwrap()), "Ke2");
}

#[test]
fn a_piece_that_never_promotes_keeps_its_promoted_face() {
    // xiangfu: `promotedPieceType = g:k` with empty promotion regions, and
    // promoted pieces (`+g`) in the start position.
    let v = load(
        "[pyxiangfu]\nmaxFile = 9\nmaxRank = 9\nstartFen = 2rbm4/2cwn4/2+g1+g4/9/9/9/4+G1+G2/4NWC2/4MBR2[] w - 0 1\n\
         commoner = k\nbishop = b\nhorse = n\nrook = r\ncannon = c\ncustomPiece1 = w:mBcpB\ncustomPiece2 = m:nAnD\n\
         customPiece3 = g:Q1\npieceDrops = true\ncapturesToHand = true\nwhiteDropRegion = *1 *2\nblackDropRegion = *8 *9\n\
         extinctionPieceTypes = k\nextinctionPseudoRoyal = true\ndupleCheck = true\npromotedPieceType = g:k\n\
         promotionRegionWhite = -\npromotionRegionBlack = -\n",
        "pyxiangfu",
    );
    let mut g = replay(&v, &start_fen(&v), &[] as &[&str]).unwrap();
    assert!(!legal_moves(&mut g).is_empty());
}

#[test]
fn no_ataxx_clone_next_to_a_wall_alone() {
    // pychess-variants' start positions with walls; Fairy-Stockfish's moves.
    let v = variant("ataxx").unwrap();
    let mut g = replay(&v, "P5p/7/3*3/2*1*2/3*3/7/p5P w - - 0 1", &[] as &[&str]).unwrap();
    let mut moves: Vec<String> = legal_moves(&mut g).into_iter().map(|(_, u)| u).collect();
    moves.sort();
    let want = [
        "P@a6", "P@b6", "P@b7", "P@f1", "P@f2", "P@g2", "a7a5", "a7b5", "a7c5", "a7c6", "a7c7", "g1e1",
        "g1e2", "g1e3", "g1f3", "g1g3",
    ];
    assert_eq!(moves, want.map(String::from).to_vec());
}

#[test]
fn wxf_front_and_rear_only_where_the_other_could_step_in_its_region() {
    // supply (pychess-variants' board class, WXF): black's soldiers on e6
    // and e3; e3f3 is `P5=6` in pyffish, as the soldier on e6 may not
    // step to f6 (outside Fairy-Stockfish's soldier region: not across the
    // river), where chimera wrote `P+=6`.
    let v = variant("supply").unwrap();
    let mut g = replay(
        &v,
        "1n1a1abnr/r3k4/4b4/2p5p/2CRp4/P8/2P1c3P/4p3C/3K3c1/1NBA1ABNR[] b - - 21 20",
        &[] as &[&str],
    )
    .unwrap();
    let m = parse_move(&mut g, "e3f3").unwrap();
    assert_eq!(
        san(&mut g, &m, notation(&v, NOTATION_XIANGQI_WXF).unwrap()),
        "P5=6"
    );
}

#[test]
fn a_king_off_its_start_square_castles_from_where_it_stands() {
    // pychess-variants' test_embassy_castling_pgn: Capablanca games whose
    // kings start on the e-file (Embassy's squares) are stored as
    // Capablanca; Fairy-Stockfish calls the FEN invalid (-5) yet reads its
    // rights and castles the king from e8 to its own destinations (i8 and
    // c8), written as the king's move.
    let capa = "r3k4r/10/10/10/10/10/10/R3K4R b KQkq - 0 1";
    let v = variant("capablanca").unwrap();
    assert_eq!(validate_fen(&v, capa), -5);
    let mut g = replay(&v, capa, &[] as &[&str]).unwrap();
    let mut king: Vec<String> = legal_moves(&mut g)
        .into_iter()
        .map(|(_, u)| u)
        .filter(|u| u.starts_with("e8"))
        .collect();
    king.sort();
    assert_eq!(king, ["e8c8", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8", "e8i8"]);
    assert_eq!(
        fen_after("capablanca", capa, &["e8i8"]),
        "r6rk1/10/10/10/10/10/10/R3K4R w KQ - 1 2"
    );
    assert_eq!(
        fen_after("capablanca", capa, &["e8c8"]),
        "2kr5r/10/10/10/10/10/10/R3K4R w KQ - 1 2"
    );
    // The replayed game of the server's test, and White's castling too.
    assert_eq!(
        fen_after("capablanca", capa, &["e8i8", "a1a2", "h8e8"]),
        "r3r3k1/10/10/10/10/10/R9/4K4R w K - 3 3"
    );
    let white = "4k5/10/10/10/10/10/10/R3K4R w KQ - 0 1";
    assert_eq!(
        fen_after("capablanca", white, &["e1i1"]),
        "4k5/10/10/10/10/10/10/R6RK1 b - - 1 1"
    );
}
