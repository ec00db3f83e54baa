//! Issue 44's lists, item by item, where until now only the vendored
//! suites' counts (tests/python.rs, tests/wasm.rs) or the pychess-variants
//! harness (the `--ignored` tier) said them: each item one assertion or a
//! few, on the facade every face calls.

use super::*;

fn game(name: &str, fen: &str, moves: &[&str]) -> crate::game::Game {
    replay(&variant(name).unwrap(), fen, moves).unwrap()
}

fn twice(cycle: [&'static str; 4]) -> Vec<&'static str> {
    cycle.iter().chain(cycle.iter()).copied().collect()
}

/// A section of Fairy-Stockfish's variants.ini (its header line given),
/// loaded alone; the variant it names.
fn ini_section(header: &str, name: &str) -> std::sync::Arc<crate::engine::Variant> {
    let ini = include_str!("../../tests/data/fsf-ini/variants.ini");
    let start = ini.find(&format!("\n{header}\n")).unwrap() + 1;
    let end = ini[start + 1..].find("\n[").map_or(ini.len(), |i| start + 1 + i);
    let c = load_variant_config(&ini[start..end]).unwrap();
    assert!(c.refused.is_empty(), "{:?}", c.refused);
    variant(name).unwrap()
}

#[test]
fn xiangqi_chase_and_perpetual_check_are_optional_ends() {
    // A cannon chasing an unprotected rook: the chaser loses, and it is a
    // claim (is_optional_game_end), not an immediate end.
    let fen = "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1";
    let mut g = game("xiangqi", fen, &twice(["f5d5", "f6d6", "d5f5", "d6f6"]));
    assert_eq!(immediate_game_end(&mut g), None);
    assert_eq!(optional_game_end(&mut g), Some(-VALUE_MATE));
    // One side checking perpetually loses.
    let fen = "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1";
    let mut g = game("xiangqi", fen, &twice(["f2e2", "f3e3", "e2f2", "e3f3"]));
    assert_eq!(optional_game_end(&mut g), Some(VALUE_MATE));
    // Both sides checking perpetually: a draw (AXF, Fairy-Stockfish).
    let fen = "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1";
    let mut g = game("xiangqi", fen, &twice(["e4d4", "d7e7", "d4e4", "e7d7"]));
    assert_eq!(immediate_game_end(&mut g), None);
    assert_eq!(optional_game_end(&mut g), Some(VALUE_DRAW));
}

#[test]
fn sittuyin_stalemate_of_a_side_that_could_only_promote_is_a_claimable_draw() {
    let mut g = game("sittuyin", "1k4PK/3r4/8/8/8/8/8/8[] w - - 0 1", &[]);
    assert_eq!(optional_game_end(&mut g), Some(VALUE_DRAW));
}

#[test]
fn a_lone_king_is_not_insufficient_where_it_can_still_win() {
    let im = |name: &str, fen: &str| {
        has_insufficient_material(&read_position(&variant(name).unwrap(), fen).unwrap())
    };
    // King of the hill and racing kings: the king itself wins.
    assert_eq!(
        im("kingofthehill", "8/8/4k3/8/8/8/8/4K3 w - - 0 1"),
        (false, false)
    );
    assert_eq!(im("racingkings", "8/8/8/8/8/8/k6K/8 w - - 0 1"), (false, false));
    // Horde: the king wins by taking every white piece.
    assert_eq!(im("horde", "4k3/8/8/8/8/8/P7/8 w - - 0 1"), (false, false));
    // Antichess: a side with nothing left has won.
    assert_eq!(im("antichess", "8/8/8/8/8/8/8/4k3 w - - 0 1"), (false, false));
}

#[test]
fn fen_text_pyffish_writes_and_reads() {
    // makruk's promoted met, with and without showPromoted; countStarted.
    let g = game("makruk", "8/8/4k3/8/8/3M~4/8/4K3 w - - 0 1", &[]);
    assert_eq!(
        fen_with(g.position(), true, 0),
        "8/8/4k3/8/8/3M~4/8/4K3 w - - 0 1"
    );
    assert_eq!(fen(g.position()), "8/8/4k3/8/8/3M4/8/4K3 w - - 0 1");
    // The check counter written after the clocks, with no castling or
    // en-passant field before it (rookmate's `w 7+7 0 1`), and 3check's `3+3`.
    let t = variant("3check").unwrap();
    let three = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";
    assert_eq!(validate_fen(&t, three), FEN_OK);
    assert_eq!(fen(&read_position(&t, three).unwrap()), three);
    // A castling field in a variant without castling: dropped, as
    // Fairy-Stockfish's own start FENs have it (wildebeest, antiatomic …).
    let g = game("atomic", "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", &[]);
    assert_eq!(fen(g.position()), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    // validate_fen of the empty text is 0, not 1.
    assert_eq!(validate_fen(&t, ""), 0);
}

#[test]
fn start_fens_are_fairy_stockfish_s_literal_text() {
    let s = |n: &str| start_fen(&variant(n).unwrap());
    assert_eq!(
        s("sittuyin"),
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1"
    );
    let gates = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
    assert_eq!(s("seirawan"), gates);
    assert_eq!(s("shouse"), gates);
    assert_eq!(
        s("shoshogi"),
        "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL w 0 1"
    );
    // Every bundled variant's own start is valid and has moves (ko-shogi
    // was refused by its own validate_fen).
    for name in ["ko-shogi", "kozune", "chu-shogi"] {
        let v = variant(name).unwrap();
        let start = start_fen(&v);
        assert_eq!(validate_fen(&v, &start), FEN_OK, "{name}");
        assert!(!legal_moves(&mut game(name, &start, &[])).is_empty(), "{name}");
    }
}

#[test]
fn manchu_as_pychess_variants_sets_it_up_with_the_colours_swapped() {
    let v = variant("manchu").unwrap();
    let swapped = "m1bakab1r/9/9/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(validate_fen(&v, swapped), FEN_OK);
    let mut g = game("manchu", swapped, &["b1c3"]);
    assert_eq!(
        fen(g.position()),
        "m1bakab1r/9/9/p1p1p1p1p/9/9/P1P1P1P1P/1CN4C1/9/R1BAKABNR b - - 1 1"
    );
    // The banner moves for black: as a rook, a knight and a cannon.
    let banner: Vec<String> = legal_moves(&mut g)
        .into_iter()
        .map(|(_, t)| t)
        .filter(|t| t.starts_with("a10"))
        .collect();
    assert!(banner.iter().any(|t| t == "a10a8"), "{banner:?}");
}

#[test]
fn crazyhouse_drops_reset_the_counter_as_pyffish_counts() {
    let start = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2";
    let g = game(
        "crazyhouse",
        start,
        &["e4d5", "d8d5", "b1c3", "d5a5", "a2a3", "a5a3", "P@a4"],
    );
    assert_eq!(
        fen(g.position()),
        "rnb1kbnr/ppp1pppp/8/8/P7/q1N5/1PPP1PPP/R1BQKBNR[pp] b KQkq - 0 5"
    );
}

#[test]
fn an_imported_promoted_piece_is_written_by_its_own_letter() {
    // chak, from Fairy-Stockfish's variants.ini: the pawn promotes to a
    // warrior `w`; its moves are `W…`, not `P…`, and the promotion `=W`.
    let v = ini_section("[chak]", "chak");
    let moves = ["c3c4", "a7a6", "c4c5+", "i7i6"];
    let sans = san_moves(&v, &start_fen(&v), &moves, Algebraic::San).unwrap();
    assert_eq!(sans, ["Pc4", "Pa6", "Pc5=W", "Pi6"]);
    let mut g = replay(&v, &start_fen(&v), &moves).unwrap();
    assert_eq!(
        fen(g.position()),
        "rvsqkjsvr/4o4/2p1p1p2/p7p/2+P6/9/P3P1P1P/4O4/RVSJKQSVR w - - 1 3"
    );
    let m = parse_move(&mut g, "c5c6").unwrap();
    assert_eq!(san(&mut g, &m, Algebraic::San), "Wc6");
    // Pieces the start position lacks (a warrior, a divine king) are read.
    for fen in [
        "rvsqkjsvr/4o4/p1p1p1p1p/9/4W4/9/P1P1P1P1P/4O4/RVSJKQSVR w - - 0 1",
        "rvsqkjsvr/4o4/p1p1p1p1p/9/4D4/9/P1P1P1P1P/4O4/RVSJKQSVR w - - 0 1",
    ] {
        assert_eq!(validate_fen(&v, fen), FEN_OK, "{fen}");
        assert_eq!(self::fen(&read_position(&v, fen).unwrap()), fen);
    }
}

#[test]
fn a_check_counter_without_castling_and_en_passant_fields_is_read() {
    // rookmate (Fairy-Stockfish's variants.ini): its start FEN `w 7+7 0 1`.
    let v = ini_section("[rookmate:3check]", "rookmate");
    let start = "rnbqcbnk/pppppppp/8/8/8/8/PPPPPPPP/RNBQCBNK w 7+7 0 1";
    assert_eq!(validate_fen(&v, start), FEN_OK);
    let mut g = replay(&v, start, &["e2e4"]).unwrap();
    assert!(!legal_moves(&mut g).is_empty());
    assert_eq!(
        fen(g.position()),
        "rnbqcbnk/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQCBNK b - - 7+7 0 1"
    );
    assert_eq!(start_fen(&v), start);
}

#[test]
fn three_check_crazyhouse_from_fairy_stockfish_s_variants_ini() {
    let v = ini_section("[3check-crazyhouse:crazyhouse]", "3check-crazyhouse");
    assert_eq!(
        start_fen(&v),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 3+3 0 1"
    );
    // The hand after a slash, as ffish.js's suite writes it; a missing side.
    let slash = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/RB w KQkq - 3+3 0 1";
    assert_eq!(validate_fen(&v, slash), FEN_OK);
    let no_side = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] KQkq - 3+3 0 1";
    assert_eq!(validate_fen(&v, no_side), -6);
    let g = replay(&v, slash, &["e2e4"]).unwrap();
    assert_eq!(
        fen(g.position()),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[RB] b KQkq - 3+3 0 1"
    );
}
