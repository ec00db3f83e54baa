//! SAN and Fairy-Stockfish's numeric Hodges notation (`MoveNotation::San`,
//! `MoveNotation::HodgesNumber`): each rule of the notation on a position
//! that needs it. The figures were checked against pyffish's `get_san`;
//! tests/tools/pyffish_compare.py compares every legal move of seeded
//! random games in every variant both have (tests/python.rs runs it).

use crate::common;
use chimera::{MoveNotation, Position};

fn san_of(variant: &str, fen: &str, mv: &str, notation: MoveNotation) -> String {
    let v = common::variant(&format!("{variant}.toml"));
    let mut pos = if fen.is_empty() {
        Position::start(&v)
    } else {
        Position::from_text(&v, fen).expect("position")
    };
    let m = pos.parse_move(mv).expect("legal move");
    pos.move_text_as(&m, notation)
}

fn san(variant: &str, fen: &str, mv: &str) -> String {
    san_of(variant, fen, mv, MoveNotation::San)
}

fn hodges(variant: &str, fen: &str, mv: &str) -> String {
    san_of(variant, fen, mv, MoveNotation::HodgesNumber)
}

#[test]
fn pieces_pawns_and_captures() {
    assert_eq!(san("chess", "", "g1f3"), "Nf3");
    assert_eq!(san("chess", "", "e2e4"), "e4");
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    assert_eq!(san("chess", fen, "e4d5"), "exd5");
    // En passant is a capture.
    let ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert_eq!(san("chess", ep, "e5f6"), "exf6");
}

#[test]
fn disambiguation_by_file_rank_and_square() {
    // Two knights reach d2: the file tells them apart.
    let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    assert_eq!(san("chess", fen, "b1d2"), "Nbd2");
    assert_eq!(san("chess", fen, "f1d2"), "Nfd2");
    // Two rooks on one file: the rank.
    let fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    assert_eq!(san("chess", fen, "a1a3"), "R1a3");
    // Three queens: one shares the file, another the rank: the square.
    let fen = "6k1/8/8/Q3Q3/8/8/8/Q5K1 w - - 0 1";
    assert_eq!(san("chess", fen, "a5c3"), "Qa5c3");
    assert_eq!(san("chess", fen, "e5c3"), "Qec3");
}

#[test]
fn promotion_check_mate_and_castling() {
    let fen = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san("chess", fen, "e7e8q"), "e8=Q");
    let fen = "6k1/4P3/6K1/8/8/8/8/8 w - - 0 1";
    assert_eq!(san("chess", fen, "e7e8q"), "e8=Q#");
    assert_eq!(san("chess", fen, "e7e8r"), "e8=R#");
    assert_eq!(san("chess", fen, "e7e8b"), "e8=B");
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(san("chess", fen, "d1h5"), "Qh5");
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3";
    assert_eq!(san("chess", fen, "h5f7"), "Qxf7#");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(san("chess", fen, "e1g1"), "O-O");
    assert_eq!(san("chess", fen, "e1c1"), "O-O-O");
    assert_eq!(san("chess", fen, "a1a8"), "Rxa8+");
}

#[test]
fn drops_gating_and_passes() {
    let fen = "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 2";
    assert_eq!(san("crazyhouse", fen, "P@e4"), "P@e4");
    // Seirawan: a gated piece after the move; a castling that gates names
    // its square; no disambiguation when the other knight cannot gate.
    let fen = "rnbqkbhr/ppp1p1pp/3p4/5p2/4N1n1/3P4/PPP1PPPP/RNBQKBER[He] w KQBCDFkqbcdf - 0 5";
    assert_eq!(san("seirawan", fen, "b1d2h"), "Nd2/H");
    assert_eq!(san("seirawan", fen, "b1d2"), "Nbd2");
    // Janggi: a pass is the king moving to its own square.
    assert_eq!(san("janggi", "", "e2e2"), "Ke2");
    // The xiangqi horse is `N` in positions, `H` in SAN (`san = "H"`).
    assert_eq!(san("xiangqi", "", "b1c3"), "Hc3");
    assert_eq!(san("xiangqi", "", "a4a5"), "Pa5");
}

#[test]
fn hodges_numbers() {
    // Files from the right, ranks from the top; `-` for a plain move.
    assert_eq!(hodges("shogi", "", "7g7f"), "P-76");
    // `=` when the move could promote and does not, `+` when it does.
    let fen = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 0 2";
    assert_eq!(hodges("shogi", fen, "b2h8"), "Bx22=");
    assert_eq!(hodges("shogi", fen, "b2h8+"), "Bx22+");
    // A drop: `*`; a promoted piece: `+` and its unpromoted letter.
    let fen = "lnsgkgs1l/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Bn] w - - 0 4";
    assert_eq!(hodges("shogi", fen, "B@e5"), "B*55");
    assert_eq!(hodges("shogi", fen, "h8h9"), "+B-21");
    assert_eq!(hodges("shogi", fen, "h8g9"), "+Bx31");
    // Minishogi: the origin square when another rook could go there by a
    // move of the same sort; none for the promotion only one can make.
    let fen = "1b1R1/B1g1k/4p/P1S2/K2R1[Sg] w - - 2 11";
    assert_eq!(hodges("minishogi", fen, "d5d2"), "R21-24=");
    assert_eq!(hodges("minishogi", fen, "d1d2"), "R25-24");
    assert_eq!(hodges("minishogi", fen, "d5d2+"), "R-24+");
}

#[test]
fn notation_names_parse() {
    assert_eq!(MoveNotation::parse("san"), Some(MoveNotation::San));
    assert_eq!(
        MoveNotation::parse("hodges-number"),
        Some(MoveNotation::HodgesNumber)
    );
}

/// `san` is one upper-case letter or "": anything else is an error at the
/// key's value, with its line and column.
#[test]
fn san_key_is_checked() {
    let text = common::variant_text("xiangqi.toml");
    let bad = text.replace("san = \"H\"", "san = \"Hx\"");
    let err = chimera::load_str("bad.toml", &bad).expect_err("two letters");
    assert!(err.message.contains("one upper-case letter"), "{}", err.message);
    let line = bad
        .lines()
        .position(|l| l.contains("san = \"Hx\""))
        .expect("line")
        + 1;
    assert_eq!((err.line, err.column), (line, 7));
}

#[test]
fn a_wall_placed_after_the_move_follows_it() {
    // Fairy-Stockfish's text (pyffish 0.0.90's get_san).
    let amazons = "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1";
    assert_eq!(san("amazons", amazons, "d1a1,a1b1"), "Qda1,b1");
    // Only a move placing the same wall disambiguates: the queen on a4
    // cannot shoot at d1, where a queen still stands.
    assert_eq!(san("amazons", amazons, "d1a1,a1d1"), "Qa1,d1");
    assert_eq!(
        san(
            "amazons",
            "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1",
            "d1d2,d2d3"
        ),
        "Qd2,d3"
    );
    let duck = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(san("duck", duck, "e2e4,e4e5"), "e4,e5");
    assert_eq!(san("duck", duck, "g1f3,f3f4"), "Nf3,f4");
    assert_eq!(
        san("duck", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "e1e8,e8d7"),
        "Rxe8,d7"
    );
    let duck = "rnbq1bnr/3k1p1*/pp1p1p2/2p5/4p2p/1PP1PKPP/PBNP2B1/RN4QR w - - 0 17";
    assert_eq!(san("duck", duck, "b1a3,a3b1"), "Na3,b1");
    assert_eq!(san("duck", duck, "b1a3,a3b4"), "Nba3,b4");
}

#[test]
fn custom_pawns_of_new_variants_keep_their_letter() {
    // pyffish 0.0.90's get_san: these pawns are Fairy-Stockfish custom pieces.
    assert_eq!(
        san("isolation", "3p2/6/6/6/6/6/6/2P3 w - - 0 1", "c1b1,b1a1"),
        "Pb1,a1"
    );
    assert_eq!(
        san("snailtrail", "6p/7/7/7/7/7/P6 w - - 0 1", "a1b1,b1a1"),
        "Pb1,a1"
    );
    assert_eq!(
        san("joust", "8/8/8/4n3/3N4/8/8/8 w - - 0 1", "d4c2,c2d4"),
        "Nc2,d4"
    );
    let legan = "knbrp3/bqpp4/npp5/rp1p3P/p3P1PR/5PPN/4PPQB/3PRBNK w - - 0 1";
    assert_eq!(san("legan", legan, "d1c2"), "Pc2");
}

#[test]
fn shogi_pieces_in_san_are_written_with_fairy_stockfishs_letters() {
    // ffish.js 0.7.10's sanMove (NOTATION_SAN): a promoted piece is written
    // with the letter of what it becomes (`san` in the rules files), and
    // pieces written alike are told apart as one kind.
    let mini = "r1sgk/B3p/3b1/P4/KGS1R b - 3";
    assert_eq!(san("minishogi", mini, "a4b5+"), "Bb5=H");
    assert_eq!(hodges("minishogi", mini, "a4b5+"), "B-41+");
    let two_golds = "kg1GS/pP1+s1/4b/KR3/1BR2 w - 100";
    assert_eq!(san("minishogi", two_golds, "b5c4"), "Gbc4");
    assert_eq!(san("minishogi", two_golds, "d4c4"), "Gdc4");
    assert_eq!(san("kyotoshogi", "p+nks+l/5/5/5/+LSK+NP b - 1", "a1a2-"), "Ga2=L");
}

#[test]
fn a_promotion_with_a_step_of_its_own_is_written_from_its_square() {
    // Sittuyin: the last pawn may turn into a general in place or with a
    // diagonal step; the step is written from the pawn's square, as
    // Fairy-Stockfish (ffish's sanMove) writes it.
    let fen = "8/8/2f4k/2Ps4/4p2p/2K4s/2R2NR1/8[] w - - 2 77";
    assert_eq!(san("sittuyin", fen, "c5b4f"), "c5b4=F");
    assert_eq!(san("sittuyin", fen, "c5c5f"), "c5=F");
}
