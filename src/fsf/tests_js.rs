//! What ffish.js's own test suite (tests/data/ffishjs-suite) found, each
//! fixed in the facade and checked here: Fairy-Stockfish's answers are
//! pyffish 0.0.90's and ffish.js's for the same calls.

use super::*;

fn replayed(name: &str, fen: &str, moves: &[&str]) -> crate::game::Game {
    replay(&variant(name).unwrap(), fen, moves).unwrap()
}

#[test]
fn ffish_names_standard_chess() {
    for name in ["", "standard", "Standard"] {
        assert_eq!(ffish_variant(name), "chess");
    }
    assert_eq!(ffish_variant("atomic"), "atomic");
}

#[test]
fn claimable_draws_wait_for_the_claim_and_material_ends_the_game() {
    // Four knight moves back and forth: a repetition ffish.js leaves to a claim.
    let moves = ["g1f3", "b8c6", "f3g1", "c6b8", "g1f3", "b8c6", "f3g1", "c6b8"];
    let mut g = replayed("chess", "", &moves);
    assert_eq!(result_text(&mut g, false), "*");
    assert_eq!(result_text(&mut g, true), "1/2-1/2");
    // The king takes the rook: a knight alone cannot mate.
    let mut k = replayed("chess", "3Rk3/8/8/8/8/8/2N5/3K4 b - - 0 1", &["e8d8"]);
    assert_eq!(result_text(&mut k, false), "1/2-1/2");
    // A king exploded comes before material (atomic).
    let mut a = replayed("atomic", "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1", &["d1d8"]);
    assert_eq!(result_text(&mut a, false), "1-0");
}

#[test]
fn the_board_is_drawn_as_ffish_draws_it() {
    let pos = read_position(&variant("chess").unwrap(), "").unwrap();
    let text = board_text(&pos);
    assert!(
        text.starts_with("r n b q k b n r\np p p p p p p p\n. . . . . . . .\n"),
        "{text}"
    );
    assert!(text.ends_with("R N B Q K B N R"), "{text}");
    let verbose = verbose_text(&pos);
    assert!(verbose.starts_with("\n +---+---+"), "{verbose}");
    assert!(
        verbose.contains(" | r | n | b | q | k | b | n | r |8  \n"),
        "{verbose}"
    );
    assert!(
        verbose.contains(" | R | N | B | Q | K | B | N | R |1 *\n"),
        "{verbose}"
    );
    assert!(
        verbose.contains("\nSfen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - 1\nKey: "),
        "{verbose}"
    );
    let shogi = read_position(&variant("shogi").unwrap(), "").unwrap();
    assert!(verbose_text(&shogi).contains("|1 * []\n"));
}

#[test]
fn a_san_without_the_check_mark_fairy_stockfish_leaves_out_is_found() {
    // Atomic: Fairy-Stockfish writes `Qd7`, chimera `Qd7+`; either is read.
    let mut g = replayed(
        "atomic",
        "rnbqkbnr/ppp2ppp/8/8/8/8/PPP2PPP/RNBQKBNR w KQkq - 0 4",
        &[],
    );
    let legal = legal_moves(&mut g);
    for text in ["Qd7", "Qd7+"] {
        let m = find_san(&mut g, &legal, text, Algebraic::San).expect(text);
        assert_eq!(uci(&mut g.position().clone(), &m), "d1d7");
    }
}

#[test]
fn validity_codes_follow_fairy_stockfish_order() {
    let chess = variant("chess").unwrap();
    let zh = variant("crazyhouse").unwrap();
    // Kings side by side (before castling's code), a rank too long, a bad hand.
    assert_eq!(
        validate_fen(&chess, "rnbqkbnr/pppppKpp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1"),
        -9
    );
    assert_eq!(
        validate_fen(
            &chess,
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        ),
        -8
    );
    assert_eq!(
        validate_fen(&chess, "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        -8
    );
    assert_eq!(
        validate_fen(
            &zh,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[77] w KQkq - 0 1"
        ),
        -7
    );
    assert_eq!(
        validate_fen(&zh, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[]wKQkq-3+301"),
        -10
    );
    assert_eq!(validate_fen(&chess, ""), 0);
    // Castling and en passant left out before a check count.
    let three = variant("3check").unwrap();
    assert_eq!(
        validate_fen(&three, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 3+3 0 1"),
        FEN_OK
    );
    // A castling field in a variant without castling is not read.
    let makruk = variant("makruk").unwrap();
    assert_eq!(
        validate_fen(
            &makruk,
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w KQkq - 0 1"
        ),
        FEN_OK
    );
}

#[test]
fn a_drop_resets_the_halfmove_clock_as_fairy_stockfish_counts() {
    let g = replayed(
        "crazyhouse",
        "rnb1kbnr/ppp1pppp/8/8/8/5q2/PPPP1PPP/RNBQKB1R[Pnp] w KQkq - 3 4",
        &["P@e3"],
    );
    assert_eq!(
        fen(g.position()),
        "rnb1kbnr/ppp1pppp/8/8/8/4Pq2/PPPP1PPP/RNBQKB1R[np] b KQkq - 0 4"
    );
}

/// S-Chess960's first moves (pychess-variants' game YHEWvfWF), as pyffish
/// writes them with `chess960=True`.
const SCHESS960: &str = "rnqkbnrb/pppppppp/8/8/8/8/PPPPPPPP/RNQKBNRB[HEhe] w HECBFQKhecbfqk - 0 1";
const SCHESS960_MOVES: [&str; 18] = [
    "g2g3", "g7g6", "b1c3", "b8c6", "f2f4", "e7e5", "f4e5", "c6e5", "d2d4", "e5c4", "e2e3", "f8e6", "e1f2",
    "c7c6", "f1d2", "c4d2", "c1d2h", "d7d5",
];

#[test]
fn seirawan_castles_as_chess960_with_gates() {
    let v = variant_as("seirawan", true).unwrap();
    let start = read_position(&v, SCHESS960).unwrap();
    assert_eq!(
        fen(&start),
        "rnqkbnrb/pppppppp/8/8/8/8/PPPPPPPP/RNQKBNRB[EHeh] w GABCDEFHgabcdefh - 0 1"
    );
    let mut g = replay(&v, SCHESS960, &SCHESS960_MOVES).unwrap();
    assert_eq!(
        fen(g.position()),
        "r1qkb1rb/pp3p1p/2p1n1p1/3p4/3P4/2N1P1P1/PPPQ1B1P/R1HK2RB[Eeh] w GADHgacdeh - 0 10"
    );
    let legal = legal_moves(&mut g);
    for m in ["d1g1", "d1g1e"] {
        assert!(legal.iter().any(|(_, t)| t == m), "{m} is not legal");
    }
    let castle = find_san(&mut g, &legal, "O-O/Ed1", Algebraic::San).expect("O-O/Ed1");
    g.play(castle);
    assert_eq!(
        fen(g.position()),
        "r1qkb1rb/pp3p1p/2p1n1p1/3p4/3P4/2N1P1P1/PPPQ1B1P/R1HE1RKB[eh] b gacdeh - 1 10"
    );
    assert_eq!(validate_fen(&v, &fen(g.position())), FEN_OK);
}

#[test]
fn a_pgn_game_is_read_as_ffish_reads_it() {
    let pgn = "[Event \"x (y)\"]\n[Variant \"Chess\"]\n\n1.e4 e5 2.Nf3 {a comment (with parentheses)} \
               (2.f4 exf4 (2...d5) 3.Nf3) 2...Nc6?! $14 3.Bb5 a6!? *\n";
    let game = read_game_pgn(pgn).unwrap();
    assert_eq!(game.moves.join(" "), "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");
    assert_eq!(game.tag("Event"), Some("x (y)"));
    let keys: Vec<&str> = game.tags.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["Event", "Variant"]);
    // Seirawan's gating, written `/E`; and with a 960 suffix.
    let s = "[Variant \"Seirawan\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1\"]\n\n\
             1. e4 d5 2. exd5 Qxd5/E 3. Nc3 *";
    assert_eq!(
        read_game_pgn(s).unwrap().moves.join(" "),
        "e2e4 d7d5 e4d5 d8d5e b1c3"
    );
    let mut moves = String::new();
    for (i, m) in [
        "g3 g6",
        "Nc3 Nc6",
        "f4 e5",
        "fxe5 Nxe5",
        "d4 Nc4",
        "e3 Ne6",
        "Bf2 c6",
        "Nd2 Nxd2",
        "Qxd2/H d5",
    ]
    .iter()
    .enumerate()
    {
        moves.push_str(&format!("{}. {m} ", i + 1));
    }
    let s960 = format!("[Variant \"Seirawan960\"]\n[FEN \"{SCHESS960}\"]\n\n{moves}10. O-O/Ed1 *");
    let read = read_game_pgn(&s960).unwrap();
    assert_eq!(read.moves[..18], SCHESS960_MOVES);
    assert_eq!(read.moves[18], "d1g1e");
    // A move that is not legal is an error naming it.
    let bad = read_game_pgn("1. e4 e4 *").unwrap_err().to_string();
    assert!(bad.contains("`e4`"), "{bad}");
}

#[test]
fn a_chess960_position_is_still_fairy_stockfish_s_variant() {
    // The king and rook elsewhere than chess's start: the position holds a
    // copy of the variant, which keeps Fairy-Stockfish's settings (its
    // material rule: ffish.js ended 960 games drawn by it where chimera
    // went on).
    let v = variant_as("chess", true).unwrap();
    let pos = read_position(&v, "3k4/8/8/8/8/8/8/3K2R1 w G - 0 1").unwrap();
    assert!(!std::sync::Arc::ptr_eq(pos.variant(), &v));
    assert!(profile(pos.variant()).is_some());
    assert_eq!(has_insufficient_material(&pos), (false, true));
}
