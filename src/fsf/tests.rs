//! The facade's behaviour: the registry's names, Fairy-Stockfish's FEN,
//! validity codes, moves and results.

use super::*;
use crate::text::PositionError;

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn chess() -> std::sync::Arc<crate::engine::Variant> {
    variant("chess").unwrap()
}

#[test]
fn pyffish_names_stand_for_bundled_files() {
    assert_eq!(canonical("normal"), "chess");
    assert_eq!(canonical("mini"), "minishogi");
    // pyffish's `shoshogi` is the file that plays and writes it as
    // Fairy-Stockfish does (variants/shoshogi.toml: a promotion resets the
    // halfmove clock), not sho-shogi.toml (HaChu's conventions).
    assert_eq!(canonical("shoshogi"), "shoshogi");
    assert_eq!(canonical("xiangqi"), "xiangqi");
    assert!(std::sync::Arc::ptr_eq(&variant("normal").unwrap(), &chess()));
    let names = names();
    for n in ["chess", "normal", "mini", "minishogi", "shoshogi", "shogi"] {
        assert!(names.iter().any(|x| x == n), "{n} is not listed");
    }
    assert!(matches!(
        variant("no-such-variant"),
        Err(FsfError::UnknownVariant(_))
    ));
}

#[test]
fn a_loaded_rules_file_is_known_by_its_slug_and_its_name() {
    let text = crate::bundled::VARIANTS
        .iter()
        .find(|(n, _)| *n == "chess")
        .unwrap()
        .1
        .replacen("name = \"Chess\"", "name = \"Facade Test Chess\"", 1);
    let loaded = load_text(&text, "facade.toml", None).unwrap();
    assert_eq!(loaded.key, "facade-test-chess");
    assert_eq!(loaded.name, "Facade Test Chess");
    assert!(variant("Facade Test Chess").is_ok());
    assert!(names().contains(&"facade-test-chess".to_string()));
    let keyed = load_text(&text, "facade.toml", Some("my-key")).unwrap();
    assert_eq!(keyed.key, "my-key");
    assert!(matches!(
        load_text("[variant]\nname = 1\n", "bad.toml", None),
        Err(FsfError::Rules(d)) if d.line == 2
    ));
}

#[test]
fn chess960_castling_is_cached_per_variant() {
    let a = variant_as("chess", true).unwrap();
    let b = variant_as("chess", true).unwrap();
    assert!(std::sync::Arc::ptr_eq(&a, &b));
    assert!(!std::sync::Arc::ptr_eq(&a, &chess()));
    let g = replay(&a, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", &["e1h1"]).unwrap();
    assert_eq!(fen(g.position()), "r3k2r/8/8/8/8/8/8/R4RK1 b ha - 1 1");
}

#[test]
fn fen_round_trips_with_an_en_passant_square() {
    let v = chess();
    let g = replay(&v, "", &["e2e4", "a7a6", "e4e5", "d7d5"]).unwrap();
    let text = fen(g.position());
    assert_eq!(
        text,
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    assert_eq!(fen(&read_position(&v, &text).unwrap()), text);
    // Fairy-Stockfish writes the square only where it can be taken.
    let g = replay(&v, CHESS_START, &["e2e4"]).unwrap();
    assert_eq!(
        fen(g.position()),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let read = read_position(&v, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(fen(&read), fen(g.position()));
    assert_eq!(fen(&read_position(&v, "startpos").unwrap()), CHESS_START);
}

#[test]
fn shogi_start_is_in_fairy_stockfish_short_form() {
    let v = variant("shogi").unwrap();
    assert_eq!(
        start_fen(&v),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1"
    );
    assert_eq!(start_fen(&chess()), CHESS_START);
}

#[test]
fn validity_codes_follow_the_field_at_fault() {
    let v = chess();
    let code = |t: &str| validate_fen(&v, t);
    assert_eq!(code(CHESS_START), FEN_OK);
    assert_eq!(code(""), 0);
    assert_eq!(
        code("rnbqkbnr/ppppppzp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        -10
    );
    assert_eq!(
        code("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
        -6
    );
    assert_eq!(
        code("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqZ - 0 1"),
        -5
    );
    assert_eq!(
        code("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"),
        -4
    );
    assert_eq!(
        code("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1"),
        -2
    );
    assert_eq!(
        code("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x"),
        -1
    );
    assert_eq!(code("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1"), -3);
    let e = crate::engine::Position::from_text(&v, "8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    assert!(matches!(e, PositionError::Invalid(_)));
    assert_eq!(validity_code(&e), -3);
}

#[test]
fn moves_in_uci_and_algebraic_as_fairy_stockfish_writes_them() {
    let v = variant("shogi").unwrap();
    let mut g = replay(&v, "", &["c3c4", "g7g6", "b2h8+", "g9h8"]).unwrap();
    assert_eq!(move_stack(&g)[2], "b2h8+");
    let legal = legal_moves(&mut g);
    assert!(legal.iter().any(|(_, t)| t == "B@e5"));
    let m = find_move(&mut g, &legal, "B@e5").unwrap();
    assert_eq!(san(&mut g, &m, notation(&v, NOTATION_DEFAULT).unwrap()), "B*55");
    let mut g0 = replay(&v, "", &[] as &[&str]).unwrap();
    let m = parse_move(&mut g0.clone(), "c3c4").unwrap();
    assert_eq!(san(&mut g0, &m, notation(&v, NOTATION_DEFAULT).unwrap()), "P-76");
    assert_eq!(san(&mut g0, &m, notation(&v, NOTATION_SAN).unwrap()), "Pc4");
    assert_eq!(notation(&v, 7).unwrap(), Algebraic::XiangqiWxf);
    assert!(matches!(notation(&v, 10), Err(FsfError::Notation(10))));
    let c = chess();
    let sans = san_moves(&c, "", &["e2e4", "e7e5", "g1f3"], Algebraic::San).unwrap();
    assert_eq!(sans, ["e4", "e5", "Nf3"]);
    let start = replay(&c, "", &[] as &[&str]).unwrap();
    assert_eq!(
        variation_san(&start, &["e2e4", "e7e5", "g1f3"], Algebraic::San, true).as_deref(),
        Some("1. e4 e5 2. Nf3")
    );
    assert_eq!(variation_san(&start, &["e2e5"], Algebraic::San, true), None);
    assert!(matches!(
        replay(&c, "", &["e2e4", "e2e4"]),
        Err(FsfError::Move { index: Some(2), .. })
    ));
}

#[test]
fn checkmate_and_stalemate_are_game_results() {
    let v = chess();
    let mut g = replay(&v, "", &["f2f3", "e7e5", "g2g4", "d8h4"]).unwrap();
    assert!(gives_check(g.position()));
    assert_eq!(game_result(&mut g), -VALUE_MATE);
    assert_eq!(result_text(&mut g, false), "0-1");
    assert_eq!(immediate_game_end(&mut g), None);
    assert!(legal_moves(&mut g).is_empty());
    let mut s = replay(&v, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[] as &[&str]).unwrap();
    assert_eq!(game_result(&mut s), VALUE_DRAW);
    assert_eq!(result_text(&mut s, false), "1/2-1/2");
    let mut going = replay(&v, "", &[] as &[&str]).unwrap();
    assert_eq!(game_result(&mut going), 0);
    assert_eq!(result_text(&mut going, true), "*");
}

#[test]
fn a_rule_that_ends_the_game_at_once_is_immediate() {
    let v = variant("kingofthehill").unwrap();
    let mut g = replay(&v, "k7/8/8/3K4/8/8/8/8 b - - 0 1", &[] as &[&str]).unwrap();
    assert_eq!(immediate_game_end(&mut g), Some(-VALUE_MATE));
    assert_eq!(optional_game_end(&mut g), None);
    assert!(legal_moves(&mut g).is_empty());
    assert_eq!(game_result(&mut g), -VALUE_MATE);
}

#[test]
fn repetition_is_an_optional_end_and_its_moves_are_listed() {
    let v = chess();
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = shuffle.iter().cycle().take(8).copied().collect();
    let mut g = replay(&v, "", &moves).unwrap();
    assert_eq!(optional_game_end(&mut g), Some(VALUE_DRAW));
    assert_eq!(immediate_game_end(&mut g), None);
    // ffish.js: a repetition is a draw to claim.
    assert_eq!(result_text(&mut g, false), "*");
    assert_eq!(result_text(&mut g, true), "1/2-1/2");
    assert_eq!(legal_moves(&mut g).len(), 20);
    let mut short = replay(&v, "", &moves[..4]).unwrap();
    assert_eq!(optional_game_end(&mut short), None);
}

#[test]
fn material_checks_and_captures() {
    let v = chess();
    let g = replay(&v, "8/8/8/8/8/8/8/K1k5 w - - 0 1", &[] as &[&str]).unwrap();
    assert_eq!(has_insufficient_material(g.position()), (true, true));
    let g = replay(&v, "8/8/8/8/8/8/8/KQk5 b - - 0 1", &[] as &[&str]).unwrap();
    assert_eq!(has_insufficient_material(g.position()), (false, true));
    assert!(gives_check(g.position()));
    let mut g = replay(&v, "", &["e2e4", "d7d5"]).unwrap();
    assert!(is_capture(&parse_move(&mut g, "e4d5").unwrap()));
    assert!(!is_capture(&parse_move(&mut g, "e4e5").unwrap()));
    let mut ep = replay(&v, "", &["e2e4", "a7a6", "e4e5", "d7d5"]).unwrap();
    assert!(is_capture(&parse_move(&mut ep, "e5d6").unwrap()));
}

#[test]
fn variants_ini_text_loads_each_section_by_its_name() {
    let ini = "[facadehouse:grand]\nstartFen = r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R[] w - - 0 1\npieceDrops = true\ncapturesToHand = true\n\n[facadebad:nosuchparent]\n";
    let c = load_variant_config(ini).unwrap();
    assert!(c.ini);
    assert_eq!(c.loaded.len(), 1);
    assert_eq!(c.refused.len(), 1);
    assert_eq!(c.refused[0].0, "facadebad");
    let v = variant("facadehouse").unwrap();
    assert_eq!(
        start_fen(&v),
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R[] w - - 0 1"
    );
    assert!(matches!(
        set_option("NoSuchOption", "1"),
        Err(FsfError::NoSuchOption(_))
    ));
    assert!(set_option("uci_variant", "capablanca").unwrap().is_empty());
}

#[test]
fn fairy_stockfish_notations() {
    let san_of = |name: &str, fen: &str, uci: &str, n: i32| {
        let v = variant(name).unwrap();
        let mut g = replay(&v, fen, &[] as &[&str]).unwrap();
        let m = parse_move(&mut g, uci).unwrap();
        san(&mut g, &m, notation(&v, n).unwrap())
    };
    let xq = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(san_of("xiangqi", xq, "h1g3", NOTATION_XIANGQI_WXF), "H2+3");
    assert_eq!(san_of("xiangqi", xq, "h3h10", NOTATION_XIANGQI_WXF), "C2+7");
    let janggi = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    assert_eq!(san_of("janggi", janggi, "b1c3", NOTATION_JANGGI), "H02-83");
    assert_eq!(san_of("chess", CHESS_START, "e2e4", NOTATION_LAN), "e2-e4");
    let makruk = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
    assert_eq!(san_of("makruk", makruk, "e3e4", NOTATION_THAI_LAN), "บ จ๓-จ๔");
    assert_eq!(
        san_of(
            "makruk",
            "4k3/8/4M~3/4S3/8/2S5/8/4K3 w - - 0 1",
            "e6d5",
            NOTATION_THAI_SAN
        ),
        "ง-ง๕"
    );
    let shogi = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1";
    assert_eq!(san_of("shogi", shogi, "f1e2", NOTATION_SHOGI_HOSKING), "G49-58");
    assert_eq!(san_of("shogi", shogi, "f1e2", NOTATION_SHOGI_HODGES), "G4i-5h");
}

#[test]
fn positions_read_as_fairy_stockfish_reads_them() {
    let c = chess();
    // Castling rights the board does not bear are dropped (validate_fen refuses them).
    let fen_kq = "8/rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let g = replay(&c, fen_kq, &[] as &[&str]).unwrap();
    assert_eq!(
        fen(g.position()),
        "8/rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"
    );
    assert_eq!(validate_fen(&c, fen_kq), -5);
    // An empty en-passant field, the king count.
    assert_eq!(
        validate_fen(&c, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq  0 1"),
        -4
    );
    assert_eq!(
        validate_fen(&c, "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"),
        -3
    );
    // Janggi's synonyms; a position no game reaches (the side not to move in check).
    let j = variant("janggi").unwrap();
    let g = replay(
        &j,
        "rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w - - 0 1",
        &[] as &[&str],
    )
    .unwrap();
    assert!(fen(g.position()).starts_with("rnba1abnr/"));
    assert_eq!(
        validate_fen(&j, "5k3/4a4/3CN4/9/1PP5p/9/8P/4C4/4A4/2B1K4 w - - 0 46"),
        FEN_OK
    );
    // The lichess check count, as checks given.
    let t = variant("3check").unwrap();
    let g = replay(
        &t,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+2",
        &[] as &[&str],
    )
    .unwrap();
    assert_eq!(
        fen(g.position()),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+1 0 1"
    );
    assert_eq!(
        validate_fen(&variant("kyotoshogi").unwrap(), "p+nks+l/5/5/5/+LS+K+NP[-] w 0 1"),
        FEN_INVALID_PROMOTED_PIECE
    );
}

#[test]
fn material_fog_partner_and_drop_mates_as_pyffish() {
    let im = |name: &str, fen: &str| {
        has_insufficient_material(&read_position(&variant(name).unwrap(), fen).unwrap())
    };
    assert_eq!(im("chess", "k7/n7/8/8/8/8/8/K7 w - - 0 1"), (true, true));
    assert_eq!(im("chess", "k7/nn6/8/8/8/8/8/K7 w - - 0 1"), (true, false));
    assert_eq!(
        im("xiangqi", "4k4/9/4b4/9/9/9/9/4B4/9/4K4 w - - 0 1"),
        (true, true)
    );
    assert_eq!(im("racingkings", "8/8/8/8/8/8/K6k/8 w - - 0 1"), (false, false));
    let c = chess();
    let g = replay(&c, "", &[] as &[&str]).unwrap();
    assert_eq!(
        fog_fen(g.position()),
        "********/********/********/********/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let g = replay(
        &variant("bughouse").unwrap(),
        "r2qkbnr/1Ppppppp/2n5/8/8/8/1PPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        &["b7a8q", "d8a8"],
    )
    .unwrap();
    assert_eq!(piece_to_partner(&g), "P");
    // Shogi's pawn drop that mates: listed, and the dropper loses.
    let s = variant("shogi").unwrap();
    let fen = "lnsg3nk/1r2b1gs1/ppppppp1p/7N1/7p1/9/PPPPPPPP1/1B5R1/LNSGKGS1L[P] w 0 1";
    let mut g = replay(&s, fen, &["P@i8"]).unwrap();
    assert_eq!(game_result(&mut g), VALUE_MATE);
}

#[test]
fn a_long_move_list_replays_in_linear_time() {
    // Issue 45: each move was read on a copy of the game, history and all,
    // so 100,000 plies took minutes. Knights shuffled: any length is legal.
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = cycle.iter().copied().cycle().take(40_000).collect();
    let t = std::time::Instant::now();
    let mut g = replay(&chess(), CHESS_START, &moves).unwrap();
    assert_eq!(legal_moves(&mut g).len(), 20);
    assert_eq!(game_result(&mut g), 0);
    let sans = san_moves(&chess(), CHESS_START, &moves[..8], Algebraic::San).unwrap();
    assert_eq!(sans[..4], ["Nf3", "Nf6", "Ng1", "Ng8"]);
    // Linear, this is well under a second; quadratic, it took about 10 s.
    let spent = t.elapsed();
    assert!(spent.as_secs_f64() < 4.0, "40,000 plies took {spent:?}");
}
