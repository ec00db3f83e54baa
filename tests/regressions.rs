//! Regression tests for defects found by outside testing: inputs that gave a
//! wrong answer with exit status 0. Each test failed before its fix. (More
//! live in the variant files — the Ko shogi capture-promotion duplicate, the
//! chess and crazyhouse halfmove clock — and in tests/bad/ — captures beyond
//! what a move holds, `[setup.hands]` with `position`, sides sharing a name or
//! letter, nonsense rule values, a start whose side not to move is in check.)
use std::process::Command;
use std::sync::Arc;

use chimera::check::run_case;
use chimera::game::search::{Limits, Searcher};
use chimera::rules::TestFile;
use chimera::{Position, Store, Strictness, Variant};

use crate::common::{self, load_text, variant};

/// Runs `[[test]]` cases written in TOML against a variant; returns each
/// case's failures.
fn cases(v: &Arc<Variant>, toml_text: &str) -> Vec<Vec<String>> {
    let file: TestFile = toml::from_str(toml_text).unwrap();
    file.tests
        .iter()
        .map(|t| run_case(v, t, "inline").failures)
        .collect()
}

/// Defect 3: a hand held at most 64 of a kind; the 65th capture vanished and
/// make/unmake stopped being symmetric, so a search changed the real game.
#[test]
fn a_hand_holds_more_than_64_of_a_kind_and_unmake_restores_it() {
    // Pawns come from an unlimited supply (spawned), so any number may exist.
    let v = load_text(
        "hands.toml",
        r#"
[variant]
name = "Big hands"
[board]
files = 5
ranks = 5
[hand]
captures = "hand"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
spawn = { piece = "pawn", betza = "W" }
[[piece]]
name = "pawn"
symbol = "P"
betza = "fW"
[[piece]]
name = "rook"
symbol = "R"
betza = "R"
[setup]
position = "k4/5/p4/5/R3K[64P] w - - 0 1"
"#,
    );
    let mut pos = Position::from_text(&v, "k4/5/p4/5/R3K[64P] w - - 0 1").unwrap();
    let before = pos.to_text();
    let pawn = v.kind_by_name("pawn").unwrap();
    let m = pos.parse_move("a1a3").unwrap();
    pos.make(m);
    assert_eq!(pos.count(Store::Hand, chimera::Color::First, pawn), 65);
    assert_eq!(pos.hash(), pos.compute_hash());
    let after = pos.to_text();
    assert!(after.contains(&format!("[{}]", "P".repeat(65))), "{after}");
    assert_eq!(Position::from_text(&v, &after).unwrap().to_text(), after);
    pos.unmake();
    assert_eq!(pos.to_text(), before);
    // A search from the position leaves it as it was.
    let mut s = Searcher::new(&v);
    let history = [pos.hash()];
    s.search(
        &mut pos,
        Limits {
            depth: 3,
            movetime: None,
            stop: None,
            ..Default::default()
        },
        chimera::History {
            hashes: &history,
            checks: None,
        },
    );
    assert_eq!(pos.to_text(), before);
}

/// Defect 4: `excludes = ["zz99-qq"]` passed although it is not a move at all.
/// Every move text of a case must be a move of the variant.
#[test]
fn a_move_text_that_is_not_a_move_fails_the_case() {
    let v = variant("chess.toml");
    let failures = cases(
        &v,
        r#"
[[test]]
name = "excludes a non-move"
excludes = ["zz99-qq"]
[[test]]
name = "includes an unknown piece drop"
includes = ["X*e4"]
[[test]]
name = "legal lists a square off the board"
legal = ["e2e9"]
[[test]]
name = "piece_moves lists garbage"
piece_moves = { from = "e2", moves = ["e2e4", "hello"] }
[[test]]
name = "a well-formed illegal move is a fine exclusion"
excludes = ["e2e5", "O-O", "e7e8=Q"]
"#,
    );
    for f in &failures[..4] {
        assert!(
            f.iter().any(|m| m.contains("is not a move of this variant")),
            "{f:?}"
        );
    }
    assert!(failures[4].is_empty(), "{:?}", failures[4]);
}

/// Defect 7: a position whose side not to move is in check was accepted (and
/// the king was then captured).
#[test]
fn the_side_not_to_move_may_not_be_in_check() {
    let v = variant("chess.toml");
    let text = "4k3/8/8/8/8/8/8/4R2K w - - 0 1";
    let err = Position::from_text(&v, text).unwrap_err().to_string();
    assert!(err.contains("black is in check with white to move"), "{err}");
    // Odd test suites may opt out.
    assert!(Position::from_text_with(&v, text, Strictness::Lenient).is_ok());
}

/// Defect 8: a royal piece, a promoted piece, or more pieces than the game
/// has, in a shogi hand.
#[test]
fn impossible_hands_are_refused() {
    let v = variant("shogi.toml");
    for (hand, says) in [
        ("K", "a hand cannot hold `K`"),
        ("+P", "a hand cannot hold `+P`"),
        ("19P", "19 pieces of `P`, `+P` in all, but the game has only 18"),
        ("3R", "3 pieces of `R`, `+R` in all, but the game has only 2"),
    ] {
        let text = format!("4k4/9/9/9/9/9/9/9/4K4 b {hand} 1");
        let err = Position::from_text(&v, &text).unwrap_err().to_string();
        assert!(err.contains(says), "{hand}: {err}");
    }
    assert!(Position::from_text(&v, "4k4/9/9/9/9/9/9/9/4K4 b 18P2R 1").is_ok());
    // Chess: no side gains pieces, so nine queens and eight pawns are too many.
    let chess = variant("chess.toml");
    let err = Position::from_text(&chess, "QQQQQQQQ/PPPPPPPP/8/8/8/8/8/Q3K2k w - - 0 1")
        .unwrap_err()
        .to_string();
    assert!(err.contains("white has 17 pieces"), "{err}");
}

/// Defect 11a: a path's intermediate squares were ignored, so `j9-s19-j9` was
/// a pass for any piece that can pass.
#[test]
fn a_path_must_be_one_the_piece_can_take() {
    let v = variant("ko-shogi.toml");
    // A sumo wrestler on j9 may pass (a step and back), but not through s19.
    let mut pos = Position::from_text(
        &v,
        "9g9/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/9G9 b - 1",
    )
    .unwrap();
    let wr = chimera::Piece::new(v.kind_by_symbol("WR").unwrap(), chimera::Color::First);
    pos.set_square(v.parse_square("j9").unwrap(), Some(wr));
    assert!(pos.parse_move("j9-j10-j9").is_ok());
    assert!(pos.parse_move("j9-j9").is_ok());
    assert!(pos.parse_move("j9-s19-j9").is_err());
    assert!(pos.parse_move("j9-j11-j9").is_err());
}

/// Defect 11b: position text accepted flags the variant does not know.
#[test]
fn unknown_flags_are_refused() {
    let chess = variant("chess.toml");
    let err = Position::from_text(&chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 flags=war")
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown flag `war`"), "{err}");
    let wwii = variant("wwii-chess.toml");
    assert!(Position::from_text(&wwii, "5(ck)3/9/9/9/9/9/9/9/4K4 w - - 0 1 flags=war").is_ok());
}

/// Defect 11c: `replay` accepted moves after the game had ended (here by
/// threefold repetition, after which moves are still legal by the board).
#[test]
fn replay_refuses_moves_after_the_end() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("repeated.pgn");
    let chess = common::root().join("variants/chess.toml");
    std::fs::write(
        &file,
        format!(
            "[VariantFile \"{}\"]\n\n1. g1f3 g8f6 2. f3g1 f6g8 3. g1f3 g8f6 4. f3g1 f6g8 5. e2e4\n",
            chess.display()
        ),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("replay")
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("move 5 (e2e4)") && err.contains("the game is over (draw by repetition)"),
        "{err}"
    );
}

/// Defect 12: a move number of 4294967295 wrapped around (and panicked in a
/// debug build) on the next move.
#[test]
fn counters_that_could_overflow_are_refused() {
    let v = variant("chess.toml");
    for text in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295",
        "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1",
    ] {
        let err = Position::from_text(&v, text).unwrap_err().to_string();
        assert!(err.contains("too large"), "{text}: {err}");
    }
    let mut pos = Position::from_text(&v, "4k3/8/8/8/8/8/8/4K3 b - - 999999999 1000000000").unwrap();
    let m = pos.parse_move("e8d8").unwrap();
    pos.make(m);
    assert!(
        pos.to_text().ends_with("1000000000 1000000001"),
        "{}",
        pos.to_text()
    );
}

/// Defect 10: a promoted piece that keeps its face in hand is linted.
#[test]
fn a_promoted_piece_without_demotion_is_linted_in_a_hand_variant() {
    let compiled = chimera::Loader::new()
        .compile_source(chimera::rules::Source {
            name: "lint.toml".into(),
            text: r#"
[variant]
name = "Lint"
[board]
files = 5
ranks = 5
[hand]
captures = "hand"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "pawn"
symbol = "P"
betza = "fW"
promotion = [{ ranks = [5], to = ["tokin"] }]
[[piece]]
name = "tokin"
symbol = "+P"
betza = "WfF"
[setup]
position = "k4/5/5/P4/4K w - - 0 1"
"#
            .into(),
        })
        .unwrap_or_else(|d| panic!("{}", d.render()));
    assert!(
        compiled
            .warnings
            .iter()
            .any(|w| w.contains("`tokin` is a promoted piece without `demotes_to`")),
        "{:?}",
        compiled.warnings
    );
}

/// An empty drop zone is linted when it comes out empty (a rank the board
/// does not have, ranks and squares that do not meet), not when the file
/// says `ranks = []`, "never dropped" (Fairy-Stockfish's full moon chess
/// imports its pawns so).
#[test]
fn an_empty_drop_zone_is_linted_unless_it_says_never() {
    let warnings = |pawn_drop: &str| {
        chimera::Loader::new()
            .compile_source(chimera::rules::Source {
                name: "lint.toml".into(),
                text: format!(
                    r#"
[variant]
name = "Lint"
[board]
files = 5
ranks = 5
[hand]
captures = "hand"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "pawn"
symbol = "P"
betza = "fW"
drop = {pawn_drop}
[setup]
position = "k4/5/5/P4/4K w - - 0 1"
"#
                ),
            })
            .unwrap_or_else(|d| panic!("{}", d.render()))
            .warnings
    };
    let empty = |w: &Vec<String>| w.iter().any(|w| w.contains("`pawn` has an empty drop zone"));
    let apart = r#"{ ranks = [2], squares = ["a3"] }"#;
    assert!(empty(&warnings(apart)), "{:?}", warnings(apart));
    assert!(
        !empty(&warnings("{ ranks = [] }")),
        "{:?}",
        warnings("{ ranks = [] }")
    );
    assert!(
        !empty(&warnings("{ ranks = [2] }")),
        "{:?}",
        warnings("{ ranks = [2] }")
    );
}

/// Found by the long fuzz run: in shogi `A1a2` was read as the move `a1a2`
/// (letter case was ignored everywhere) while the syntax checker — what
/// `check` uses to refuse a misspelt "illegal" move — rejected it.
#[test]
fn letter_case_only_differs_where_the_text_still_reads_as_a_move() {
    let shogi = variant("shogi.toml");
    let mut pos = Position::start(&shogi);
    assert!(shogi.check_move_text("A1a2").is_err());
    assert!(pos.parse_move("A1a2").is_err());
    assert!(pos.parse_move("a1a2").is_ok());
    let chess = variant("chess.toml");
    let mut pos = Position::from_text(&chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(
        pos.parse_move("a7a8=q").map(|m| pos.move_text(&m)).unwrap(),
        "a7a8=Q"
    );
}

/// Found by the long fuzz run: `R(2≤n≤∞)` printed as `R(2≤n≤4294967295)`,
/// which does not read back.
#[test]
fn an_unbounded_range_prints_as_infinity() {
    let tree = chimera::notation::parse("R(2<=n<=inf)").unwrap();
    assert_eq!(tree.to_string(), "R(2≤n≤∞)");
    assert_eq!(chimera::notation::parse(&tree.to_string()).unwrap(), tree);
}

/// A move listed twice in `legal` could hide a missing one (the WWII Chess
/// file had `f9g8` twice): such a case fails.
#[test]
fn a_move_listed_twice_fails_the_case() {
    let chess = variant("chess.toml");
    let failures = cases(
        &chess,
        r#"
[[test]]
name = "twice"
position = "4k3/8/8/8/8/8/8/7K w - - 0 1"
legal = ["h1g1", "h1g2", "h1h2", "h1g1"]
"#,
    );
    assert_eq!(failures[0], vec!["legal: `h1g1` is listed twice".to_string()]);
}

/// The check-counting field is read only where checks are counted, and only
/// with counts the rule allows.
#[test]
fn the_checks_field_belongs_to_check_counting_variants() {
    let chess = variant("chess.toml");
    let e = Position::from_text(&chess, "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1").unwrap_err();
    assert!(e.to_string().contains("does not count checks"), "{e}");
    let three = variant("3check.toml");
    let e = Position::from_text(&three, "4k3/8/8/8/8/8/8/4K3 w - - 4+3 0 1").unwrap_err();
    assert!(e.to_string().contains("0 to 3"), "{e}");
    let pos = Position::from_text(&three, "4k3/8/8/8/8/8/8/4K3 w - - 1+2 0 1").unwrap();
    assert_eq!(pos.to_text(), "4k3/8/8/8/8/8/8/4K3 w - - 1+2 0 1");
}

/// A piece outside its region (a general outside the palace) is no position
/// of the game.
#[test]
fn a_piece_outside_its_region_is_refused() {
    let xq = variant("xiangqi.toml");
    let e = Position::from_text(&xq, "4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1").unwrap_err();
    assert!(e.to_string().contains("outside its region"), "{e}");
}

/// `once` rights (Cambodian chess): a right on a square where its side has no
/// piece is refused; a right reads back as written; the rook that takes a
/// king's right away must be the enemy's, and only the aimed piece's right
/// goes; after the leap the right is gone, and taking the move back brings
/// it back with the position's hash.
#[test]
fn once_rights_read_back_and_are_lost_as_fairy_stockfish_loses_them() {
    let v = variant("cambodian.toml");
    let e = Position::from_text(&v, "4k3/8/8/8/8/8/8/3K4 w DE - 0 1").unwrap_err();
    assert!(e.to_string().contains("no piece"), "{e}");
    let text = "4k3/p1p2p1p/8/8/8/8/P1P2P1P/R2KM3 w DEe - 0 1";
    let pos = Position::from_text(&v, text).unwrap();
    assert_eq!(pos.to_text(), text);
    let failures = cases(
        &v,
        r#"
[[test]]
name = "an own rook on the king's rank takes nothing away"
position = "4k3/p1p2p1p/8/8/8/8/P1P2P1P/R2KM3 w DEe - 0 1"
moves = ["a1b1"]
position_after = "4k3/p1p2p1p/8/8/8/8/P1P2P1P/1R1KM3 b DEe - 1 1"

[[test]]
name = "an enemy rook on the king's file takes the king's right, not the met's"
position = "4k3/p1p2p1p/8/8/8/7r/P1PP1P1P/3KM3 b DE - 0 1"
moves = ["h3d3"]
position_after = "4k3/p1p2p1p/8/8/8/3r4/P1PP1P1P/3KM3 w E - 1 2"
"#,
    );
    assert_eq!(failures, vec![Vec::<String>::new(); 2]);
    let mut pos = Position::from_text(&v, text).unwrap();
    let hash = pos.hash();
    let m = pos.parse_move("d1b2").unwrap();
    pos.make(m);
    assert_eq!(pos.to_text(), "4k3/p1p2p1p/8/8/8/8/PKP2P1P/R3M3 b Ee - 1 1");
    pos.unmake();
    assert_eq!((pos.to_text(), pos.hash()), (text.to_string(), hash));
}
