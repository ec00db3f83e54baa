//! Omega chess (`variants/omega.toml`): a 10×10 board with four extra cells
//! beyond its corners (`[board] extra_cells`), ranks numbered from 0
//! (`first_rank`), the names Omega players write (`a0` … `j9`, `w1` …
//! `w4`) in position and move text; perft against tests/tools/omega_perft.py,
//! an independent generator written from the rules texts; the errors for
//! misuse, at their place; the engine playing a game to a result.
use crate::common;

use chimera::{MoveNotation, Position, PositionError, perft};
use common::{variant, variant_text};

/// perft from the start, depths 1–4, as tests/tools/omega_perft.py counts
/// them (no published figures were found; see docs/rules-format.md).
const START: [u64; 4] = [40, 1600, 67202, 2819484];

/// Positions for promotion, en passant after a run of three, castling and
/// castling through an attacked square, with their perft 1–3 as the
/// reference counts them.
const POSITIONS: [(&str, [u64; 3]); 4] = [
    (
        "2/1r3k4/2P7/10/10/10/10/10/10/10/5K4/2 w - - 0 1",
        [17, 184, 2403],
    ),
    ("2/5k4/4p5/10/5P4/3P6/10/10/10/10/5K4/2 b - - 0 1", [7, 54, 388]),
    (
        "w1/1r3k2r1/10/10/10/10/10/10/10/10/1R3K2R1/1W w KQkq - 0 1",
        [35, 1070, 35551],
    ),
    (
        "w1/1r3k2r1/10/10/10/10/3b6/10/10/10/1R3K2R1/1W w KQkq - 0 1",
        [33, 1437, 45348],
    ),
];

fn start_perft(depth: u32) -> u64 {
    let v = variant("omega.toml");
    perft(&mut Position::start(&v), depth)
}

#[test]
fn the_variant_file_passes_its_cases() {
    let (ok, text) = common::check_rules(&common::root().join("variants/omega.toml"));
    assert!(ok && text.contains(" 0 failed"), "{text}");
}

#[test]
fn shallow_perft_matches_the_reference() {
    for d in 1..=3 {
        assert_eq!(start_perft(d), START[d as usize - 1], "depth {d}");
    }
    common::assert_perft_table("omega.toml", &POSITIONS);
}

#[test]
#[ignore = "deep tier: perft 4 from the start"]
fn perft_4_matches_the_reference() {
    assert_eq!(start_perft(4), START[3]);
}

/// The reference itself, run again: its counts at depths 1–3 from the
/// start and the positions agree with chimera's (python3 needed).
#[test]
#[ignore = "deep tier: runs the Python reference"]
fn the_reference_counts_alike() {
    let mut runs = vec![(None, START[..3].to_vec())];
    runs.extend(POSITIONS.iter().map(|(t, w)| (Some(*t), w.to_vec())));
    for (text, want) in runs {
        if !common::reference_perft_agrees("omega_perft.py", &["3"], text, &want, "the Omega chess reference")
        {
            return;
        }
    }
}

/// Omega's names: files a–j, ranks 0–9, the wizard squares w1 (behind a0),
/// w2 (j0), w3 (j9), w4 (a9); position text from w4 and w3 down to w1 and
/// w2, rows of cells only.
#[test]
fn omega_names_its_squares_as_its_players_do() {
    let v = variant("omega.toml");
    let g = v.board();
    assert_eq!(g.cell_count(), 104);
    for name in ["a0", "j0", "a9", "j9", "e4", "w1", "w2", "w3", "w4"] {
        let sq = g.parse_square(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(g.name(sq), name);
    }
    for name in ["a10", "k0", "k1", "w5", "w0", "a-1", "l12", "a00"] {
        assert!(g.parse_square(name).is_none(), "{name}");
    }
    let w1 = g.parse_square("w1").unwrap();
    let a0 = g.parse_square("a0").unwrap();
    assert_eq!((g.file(w1) + 1, g.rank(w1) + 1), (g.file(a0), g.rank(a0)));
    let start = "ww/crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC/WW w KQkq - 0 1";
    let mut pos = Position::start(&v);
    assert_eq!(pos.to_text(), start);
    common::play(&mut pos, "w1a2");
    assert!(
        pos.to_text().ends_with("/CRNBQKBNRC/1W b KQkq - 1 1"),
        "{}",
        pos.to_text()
    );
    let shown = chimera::display::board_text(&pos);
    assert!(
        shown.contains("\n  0 ") && shown.contains("\n  9 ") && !shown.contains(" 10 "),
        "{shown}"
    );
}

/// SAN on Omega's board: a wizard leaving w1 is `Wa2`, and where another
/// wizard could go there too, `Ww1a0` (the other `Wba0`); every legal move
/// reads back.
#[test]
fn san_names_the_wizard_squares() {
    let v = variant("omega.toml");
    let mut pos = Position::from_text(&v, "2/5k4/10/10/10/10/10/10/10/1W8/5K4/W1 w - - 0 1").unwrap();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut texts = Vec::new();
    for m in &moves {
        let san = pos.move_text_as(m, MoveNotation::San);
        assert_eq!(pos.parse_move(&san).ok(), Some(*m), "{san}");
        texts.push(san);
    }
    assert!(
        texts.contains(&"Ww1a0".to_string()) && texts.contains(&"Wba0".to_string()),
        "{texts:?}"
    );
    let mut pos = Position::start(&v);
    assert_eq!(pos.parse_move("Wa2").ok(), pos.parse_move("w1a2").ok());
    common::play(&mut pos, "Wa2");
}

/// The engine plays a whole game to its end (depth 2, no clock).
#[test]
fn the_engine_plays_a_game_to_a_result() {
    common::engine_plays_to_a_result("omega.toml");
}

/// Over UCI the extra cells are named as the rules file names them: after
/// White's wizard leaves w1 for a2 (`w1a2`), the engine answers with one of
/// Black's legal moves, its own wizards' moves written from w3 and w4.
#[test]
fn uci_names_the_wizard_squares() {
    let v = variant("omega.toml");
    let mut pos = Position::start(&v);
    common::play(&mut pos, "w1a2");
    let black = common::sorted_moves_as(&mut pos, MoveNotation::Uci);
    assert!(
        black.iter().any(|m| m.starts_with("w3")) && black.iter().any(|m| m.starts_with("w4")),
        "{black:?}"
    );
    let lines = common::speak(
        "uci",
        &["variants/omega.toml"],
        "uci\nposition startpos moves w1a2\ngo depth 3\nisready\n",
    );
    common::bestmove_among(&lines, &black);
}

#[test]
fn misuse_is_an_error_at_its_place() {
    let text = variant_text("omega.toml");
    let cases: [(&str, &str, &str); 7] = [
        ("\nfirst_rank = 0", "\nfirst_rank = 2", "`first_rank` is 0 or 1"),
        ("w1 = \"a0\"", "w1 = \"e5\"", "stands beside an edge square"),
        ("w2 = \"j0\"", "w2 = \"a0\"", "stands beside an edge square"),
        (
            "w1 = \"a0\"",
            "b3 = \"a0\"",
            "an extra cell's name is letters then a number",
        ),
        ("w1 = \"a0\"", "w1 = \"z0\"", "`z0` is not a square of the board"),
        ("files = 10", "files = 35", "at most 34 files and ranks"),
        (
            "first_rank = 0\n",
            "first_rank = 0\nshape = \"hexagon\"\n",
            "a hexagon takes neither",
        ),
    ];
    common::assert_misuse(&text, &cases, "omega");
}

/// XBoard names the squares of a full rectangle: Omega's board is refused.
#[test]
fn xboard_refuses_the_board() {
    common::xboard_refuses("variants/omega.toml", "full rectangle", &["omega"]);
}

/// A malformed position text names the row as it is written: a rank by
/// Omega's own numbers (0 to 9), a wizard row by its row in the text and
/// its cells, and the rows in all as ten ranks and two wizard rows — not
/// the grid's rows behind them (which number 12, the margin counted).
#[test]
fn position_text_errors_name_the_rows_as_written() {
    let v = variant("omega.toml");
    let start = "ww/crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC/WW w KQkq - 0 1";
    assert!(Position::from_text(&v, start).is_ok());
    let cases = [
        (
            "ww/",
            "www/",
            "row 1 of the text (w4 w3) has more than 2 squares",
            3,
        ),
        ("/10/PPPP", "/9/PPPP", "rank 2 has 9 squares, expected 10", 42),
        (
            "CRNBQKBNRC/WW",
            "CRNBQKBNRCC/WW",
            "rank 0 has more than 10 squares",
            65,
        ),
        (
            "/WW w",
            "/W w",
            "row 12 of the text (w1 w2) has 1 squares, expected 2",
            67,
        ),
        (
            "pppppppppp/",
            "ppppppppp/",
            "rank 8 has 9 squares, expected 10",
            24,
        ),
        (
            "/WW w",
            " w",
            "the board is written in 12 rows (10 ranks and 2 rows of extra cells), the text gives 11",
            1,
        ),
    ];
    for (from, to, want, column) in cases {
        let text = start.replacen(from, to, 1);
        let Err(PositionError::Text(err)) = Position::from_text(&v, &text) else {
            panic!("{text}: no text error");
        };
        assert!(
            err.message == want && err.column == column,
            "{text}: {} at column {}",
            err.message,
            err.column
        );
    }
    // A board without extra cells names its ranks as before.
    let chess = variant("chess.toml");
    let err = Position::from_text(&chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1").unwrap_err();
    assert!(
        matches!(&err, PositionError::Text(e) if e.message == "the board has 8 ranks, the text gives 7"),
        "{err}"
    );
}

/// Extra cells beside a rank's end, as citadels stand beside a board
/// (tests/extra-cells-beside.toml: x1 left of a4, x2 right of h5): its
/// cases pass (a rook along rank 4 goes on into x1, a bishop reaches it by
/// a5, x2 checks along rank 5, the text of x1 taken). Position text has one
/// row a rank — the margin above and below, with no cell, is not written —
/// and a malformed text names the rank with its extra cell. (Before, the
/// text had two empty rows, `/r3k3/…/4K2R/`, and a text of eight rows was
/// refused as "10 rows (8 ranks and 2 rows of extra cells)".)
#[test]
fn extra_cells_beside_the_ranks() {
    let path = common::test_file("extra-cells-beside.toml");
    let (ok, said) = common::check_rules(&path);
    assert!(ok && said.contains(" 0 failed"), "{said}");
    let v = common::load_file(&path);
    let start = "rb2k3/8/8/9/9/8/8/1B2K2R w - - 0 1";
    assert_eq!(Position::start(&v).to_text(), start);
    let cases = [
        ("/9/9/", "/9/10/", "rank 4 (with x1) has more than 9 squares"),
        ("/9/9/", "/8/9/", "rank 5 (with x2) has 8 squares, expected 9"),
        ("/8/1B2K2R", "/1B2K2R", "the board has 8 ranks, the text gives 7"),
    ];
    for (from, to, want) in cases {
        let text = start.replacen(from, to, 1);
        let Err(PositionError::Text(err)) = Position::from_text(&v, &text) else {
            panic!("{text}: no text error");
        };
        assert_eq!(err.message, want, "{text}");
    }
}
