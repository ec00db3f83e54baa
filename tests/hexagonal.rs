//! Hexagonal boards (`[board] shape = "hexagon"`) and holes: Gliński's,
//! McCooey's and Shafran's hexagonal chess against
//! tests/tools/hexchess_perft.py, an independent generator written from the
//! rules texts; Gliński's and Shafran's square names in position and move
//! text; castling along a hexagon's edges; the errors for misuse, at their
//! place; the engine playing each game to a result.
use crate::common;

use chimera::{Position, perft};
use common::check_rules as check;
use common::{variant, variant_text};

/// perft from the start, depths 1–4, as tests/tools/hexchess_perft.py
/// counts them (no published figures were found; see docs/rules-format.md).
/// Gliński's are also the `hexchess` crate's (hexchess.club's move
/// generator), run through tests/tools/hexchess_crate_perft.rs, and so is
/// its depth 5, [`GLINSKI_5`].
const GLINSKI: [u64; 4] = [51, 2586, 137858, 7282418];
/// Gliński's perft 5 from the start as the `hexchess` crate 2.5.1 counts it
/// (tests/tools/hexchess_crate_perft.rs, 48 s; chimera takes about 7 s).
const GLINSKI_5: u64 = 401_622_759;
const MCCOOEY: [u64; 4] = [31, 947, 33307, 1157852];
const SHAFRAN: [u64; 4] = [42, 1706, 75494, 3310230];

/// Shafran's positions for castling (short and long towards both rooks)
/// and for en passant after a triple step, with their perft 1–3 as the
/// reference counts them.
const SHAFRAN_POSITIONS: [(&str, [u64; 3]); 3] = [
    ("k3r/6/7/8/r8/8R/8/7/6/R3K w KQkq - 0 1", [41, 1413, 49402]),
    ("k3r/6/r6/8/9/8R/8/7/6/R3K w KQ - 0 1", [39, 1281, 44562]),
    ("k4/6/1p5/8/9/2P1P4/8/7/6/4K b - - 0 1", [7, 54, 462]),
];

/// McCooey's positions with their perft 1–3, as chimera, the reference and
/// GamesByEmail's game (tests/tools/mccooey_outside_perft.cjs, with
/// `--double-steps-only`) count them: en passant after d8-d6 (e6xd7), and a
/// pawn's capture along the diagonal that crosses two rows, e5xf7, after
/// which no pawn takes en passant. Unwrapped, GamesByEmail's game counts
/// 36, 1415, 55290 and 9, 151, 1394: it takes that capture for a double
/// step (docs/rules-format.md, "Hexagonal boards").
const MCCOOEY_POSITIONS: [(&str, [u64; 3]); 2] = [
    (
        "b/qbk/rnbnr/2ppppp/1p7/3pP6/11/5P5/5BP4/3PNBNP3/2PRQBKRP2 w - d7 0 3",
        [36, 1413, 55224],
    ),
    ("1/3/5/7/4np3/11/4P6/11/11/11/1K8k w - - 0 1", [9, 150, 1387]),
];

const FILES: [&str; 3] = [
    "glinski-hexagonal.toml",
    "mccooey-hexagonal.toml",
    "shafran-hexagonal.toml",
];

fn start_perft(file: &str, depth: u32) -> u64 {
    let v = variant(file);
    let mut pos = Position::start(&v);
    perft(&mut pos, depth)
}

#[test]
fn the_variant_files_pass_their_cases() {
    for file in FILES {
        let (ok, text) = check(&common::root().join("variants").join(file));
        assert!(ok && text.contains(" 0 failed"), "{file}: {text}");
    }
}

#[test]
fn shallow_perft_matches_the_reference() {
    for d in 1..=3 {
        assert_eq!(
            start_perft("glinski-hexagonal.toml", d),
            GLINSKI[d as usize - 1],
            "glinski {d}"
        );
        assert_eq!(
            start_perft("mccooey-hexagonal.toml", d),
            MCCOOEY[d as usize - 1],
            "mccooey {d}"
        );
        assert_eq!(
            start_perft("shafran-hexagonal.toml", d),
            SHAFRAN[d as usize - 1],
            "shafran {d}"
        );
    }
    common::assert_perft_table("shafran-hexagonal.toml", &SHAFRAN_POSITIONS);
    common::assert_perft_table("mccooey-hexagonal.toml", &MCCOOEY_POSITIONS);
}

/// McCooey's en passant follows a double step only: after e5xf7, a pawn's
/// capture that also crosses two rows of the grid, g7 takes nothing on f6
/// (GamesByEmail's game lets it take f7 there).
#[test]
fn mccooey_a_pawn_capture_gives_no_en_passant() {
    let v = variant("mccooey-hexagonal.toml");
    let mut pos = Position::from_text(&v, MCCOOEY_POSITIONS[1].0).unwrap();
    common::play(&mut pos, "e5f7");
    let moves = common::sorted_moves_as(&mut pos, chimera::MoveNotation::Uci);
    assert!(moves.contains(&"g7g6".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("g7f6")), "{moves:?}");
}

#[test]
#[ignore = "deep tier: perft 4 of the three games"]
fn perft_4_matches_the_reference() {
    assert_eq!(start_perft("glinski-hexagonal.toml", 4), GLINSKI[3]);
    assert_eq!(start_perft("mccooey-hexagonal.toml", 4), MCCOOEY[3]);
    assert_eq!(start_perft("shafran-hexagonal.toml", 4), SHAFRAN[3]);
}

#[test]
#[ignore = "deep tier: Gliński's perft 5 (about 7 s)"]
fn glinski_perft_5_matches_the_hexchess_crate() {
    assert_eq!(start_perft("glinski-hexagonal.toml", 5), GLINSKI_5);
}

/// The reference itself, run again: its counts at depths 1–3 agree with
/// chimera's (python3 needed).
#[test]
#[ignore = "deep tier: runs the Python reference"]
fn the_reference_counts_alike() {
    for (game, file) in [
        ("glinski", "glinski-hexagonal.toml"),
        ("mccooey", "mccooey-hexagonal.toml"),
        ("shafran", "shafran-hexagonal.toml"),
    ] {
        let Some(out) = common::python_tool(
            "hexchess_perft.py",
            &[game.to_string(), "3".to_string()],
            "the hexagonal chess reference",
        ) else {
            return;
        };
        let ours: Vec<String> = (1..=3).map(|d| format!("{d} {}", start_perft(file, d))).collect();
        let theirs: Vec<String> = out.lines().map(str::to_string).collect();
        assert_eq!(ours, theirs, "{game}");
    }
    for (text, want) in SHAFRAN_POSITIONS {
        let what = "the hexagonal chess reference";
        if !common::reference_perft_agrees("hexchess_perft.py", &["shafran", "3"], Some(text), &want, what) {
            return;
        }
    }
    for (text, want) in MCCOOEY_POSITIONS {
        let what = "the hexagonal chess reference";
        if !common::reference_perft_agrees("hexchess_perft.py", &["mccooey", "3"], Some(text), &want, what) {
            return;
        }
    }
}

#[test]
fn glinski_names_cells_by_file_and_rank_from_each_files_lowest_cell() {
    let v = variant("glinski-hexagonal.toml");
    let g = v.board();
    assert_eq!(g.cell_count(), 91);
    let names: Vec<String> = g.cells().map(|s| g.name(s)).collect();
    for name in ["a1", "a6", "f1", "f11", "l1", "l6", "k7", "b7", "e10", "g10"] {
        assert!(names.contains(&name.to_string()), "{name}");
    }
    for name in ["a7", "f12", "l7", "j1", "k8"] {
        assert!(g.parse_square(name).is_none(), "{name}");
    }
    let mut pos = Position::start(&v);
    let text = pos.to_text();
    assert_eq!(Position::from_text(&v, &text).unwrap().to_text(), text);
    common::play(&mut pos, "e4e6");
    common::play(&mut pos, "f7f6");
    assert!(
        pos.to_text()
            .starts_with("b/qbk/n1b1n/r5r/pppp1pppp/4Pp5/5P5/6P4/"),
        "{}",
        pos.to_text()
    );
}

#[test]
fn misuse_is_an_error_at_its_place() {
    let text = variant_text("glinski-hexagonal.toml");
    let cases: [(&str, &str, &str); 6] = [
        (
            "betza = \"N\"",
            "betza = \"C\"",
            "C has no reading on a hexagonal board",
        ),
        (
            "betza = \"N\"",
            "betza = \"NaC\"",
            "C has no reading on a hexagonal board",
        ),
        ("betza = \"N\"", "betza = \"nN\"", "no hexagonal reading"),
        (
            "shape = \"hexagon\"\nfile",
            "shape = \"hexagn\"\nfile",
            "unknown board shape",
        ),
        (
            "files = 11",
            "files = 10",
            "a hexagon of hexagonal cells is 2n − 1 files wide",
        ),
        (
            "file_letters = \"abcdefghikl\"",
            "file_letters = \"abcdefghikk\"",
            "one lower-case letter",
        ),
    ];
    common::assert_misuse(&text, &cases, "hexagonal");
}

/// A hole (`[board] holes`) is off the board: the queen passes none; a
/// hole that is no square of the board, a second hole on the same square
/// and a hole list that is no list are errors at their place.
#[test]
fn a_hole_is_off_the_board() {
    let text = r#"[variant]
name = "holed"
[board]
files = 3
ranks = 3
holes = ["b2"]
[sides]
first = { name = "white", letter = "w" }
second = { name = "black", letter = "b" }
[text]
position = "fen"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "queen"
symbol = "Q"
betza = "Q"
[setup]
position = "2k/2/Q1K w - - 0 1"
[[test]]
name = "the queen passes no hole"
legal = ["a1a2", "a1a3", "a1b1", "c1b1"]
"#;
    let v = common::load_text("holed.toml", text);
    assert_eq!(v.board().cell_count(), 8);
    let dir = std::env::temp_dir().join(format!("holes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("holed.toml");
    std::fs::write(&path, text).unwrap();
    let (ok, out) = check(&path);
    std::fs::remove_dir_all(&dir).ok();
    assert!(ok, "{out}");
    let cases: [(&str, &str, &str); 3] = [
        (
            "holes = [\"b2\"]",
            "holes = [\"d4\"]",
            "`d4` is not a square of the board",
        ),
        ("holes = [\"b2\"]", "holes = \"b2\"", "expected a sequence"),
        (
            "holes = [\"b2\"]",
            "holes = [\"b2\", \"b2\"]",
            "`b2` is not a square of the board",
        ),
    ];
    common::assert_misuse(text, &cases, "holes-misuse");
}

/// SAN names cells by Gliński's names too: every legal move of a middle
/// game position reads back from its SAN (`Bb10` was once written for a
/// bishop's move to b5, the grid's rank).
#[test]
fn san_uses_the_boards_names_and_reads_back() {
    let v = variant("glinski-hexagonal.toml");
    let mut pos = Position::start(&v);
    for mv in ["e1c3", "e10c6", "h3h5", "d9f8", "c3c6", "d7c6"] {
        common::play(&mut pos, mv);
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(!moves.is_empty());
    for m in &moves {
        let san = pos.move_text_as(m, chimera::MoveNotation::San);
        assert_eq!(pos.parse_move(&san).ok(), Some(*m), "{san}");
    }
    let texts: Vec<String> = moves
        .iter()
        .map(|m| pos.move_text_as(m, chimera::MoveNotation::San))
        .collect();
    assert!(texts.iter().all(|t| !t.contains("b10")), "{texts:?}");
}

/// XBoard names the squares of a rectangle: a hexagonal board is refused
/// by name (exit 2), and the bundled list offered over XBoard leaves it out.
#[test]
fn xboard_refuses_a_hexagonal_board() {
    common::xboard_refuses("variants/glinski-hexagonal.toml", "chimera uci", &["glinski"]);
}

/// Shafran's names: files a–i, ranks along the lines running down to the
/// right — a1 … e1 the lower-left edge, f2, g3, h4, i5 the lower-right
/// one, e10 … i10 the upper-right; position text from rank 10 down.
#[test]
fn shafran_names_cells_along_slanted_ranks() {
    let v = variant("shafran-hexagonal.toml");
    let g = v.board();
    assert_eq!(g.cell_count(), 70);
    for name in ["a1", "a6", "b7", "e1", "e10", "f2", "g3", "h4", "i5", "i10", "d9"] {
        assert!(g.parse_square(name).is_some(), "{name}");
    }
    for name in ["a7", "f1", "g2", "i4", "i11", "e11", "j1", "d10"] {
        assert!(g.parse_square(name).is_none(), "{name}");
    }
    let pos = Position::start(&v);
    let text = "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w KQkq - 0 1";
    assert_eq!(pos.to_text(), text);
    // Black's army is White's turned about the centre: each queen left of
    // its king, as seen by its player (q on f10, k on e10: rank 10's
    // `kqbnr`), the extra bishops on h4 and b7.
    assert_eq!(Position::from_text(&v, text).unwrap().to_text(), text);
}

/// SAN on Shafran's board: a castling towards a wing that has two (short
/// and long) is written as its king's move, and every legal move of a
/// castling position reads back from its SAN; `O-O` alone is ambiguous.
#[test]
fn shafran_castling_san_reads_back() {
    let v = variant("shafran-hexagonal.toml");
    let mut pos = Position::from_text(&v, SHAFRAN_POSITIONS[0].0).unwrap();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut castles = Vec::new();
    for m in &moves {
        let san = pos.move_text_as(m, chimera::MoveNotation::San);
        assert_eq!(pos.parse_move(&san).ok(), Some(*m), "{san}");
        if pos.move_text(m).starts_with("e1")
            && ["b1", "c1", "g3", "h4"]
                .iter()
                .any(|t| pos.move_text(m).ends_with(t))
        {
            castles.push(san);
        }
    }
    castles.sort();
    assert_eq!(castles, ["Kb1", "Kc1", "Kg3", "Kh4"]);
    assert!(pos.parse_move("O-O").is_err());
    common::play(&mut pos, "e1h4");
    assert_eq!(pos.to_text(), "k3r/6/7/8/r8/9/7K/6R/6/R4 b kq - 1 1");
}

/// The engine plays a whole game of each hexagonal chess to its end
/// (depth 2, no clock: the same game every run).
#[test]
fn the_engine_plays_each_game_to_a_result() {
    for file in FILES {
        common::engine_plays_to_a_result(file);
    }
}

#[test]
fn shafran_misuse_is_an_error_at_its_place() {
    let text = variant_text("shafran-hexagonal.toml");
    let cases: [(&str, &str, &str); 6] = [
        (
            "hex_ranks = \"slanted\"",
            "hex_ranks = \"slant\"",
            "unknown `hex_ranks`",
        ),
        (
            "shape = \"hexagon\"\n",
            "",
            "`hex_ranks` names the ranks of a hexagonal board",
        ),
        (
            "files = 9",
            "files = 10",
            "a hexagon of hexagonal cells is 2n − 1 files wide",
        ),
        ("ranks = 10", "ranks = 4", "at least n ranks high"),
        (
            "king_to = \"c1\"",
            "king_to = \"c2\"",
            "castling squares must lie on one straight line of cells",
        ),
        (
            "right = \"K\"\nking = \"e1\"\nking_to = \"g3\"",
            "right = \"Q\"\nking = \"e1\"\nking_to = \"g3\"",
            "castling right `Q` is another rule's",
        ),
    ];
    common::assert_misuse(&text, &cases, "shafran");
}

/// Multi-leg moves on hexagonal cells: a continuation leg's `f` is
/// straight on from the leg before, so a step then, unless it captured,
/// another straight on (`mWafW`, `mFafF`: the leading `m` stops the move
/// at its first capture) moves as a step or a lame two-step leap (`WnD`,
/// `FnA`): Gliński's game with its rooks and bishops so redefined counts
/// the same either way, from the start and along a game. (`nA` on hex
/// cells once took the square board's oblique path for (−2, 4).)
#[test]
fn multi_leg_moves_read_their_legs_on_the_hex_grid() {
    let text = variant_text("glinski-hexagonal.toml");
    let with = |rook: &str, bishop: &str| {
        let t = text
            .replacen("betza = \"R\"", &format!("betza = \"{rook}\""), 1)
            .replacen("betza = \"B\"", &format!("betza = \"{bishop}\""), 1);
        common::load_text("glinski-legs.toml", &t)
    };
    let legs = with("mWafW", "mFafF");
    let single = with("WnD", "FnA");
    let mut a = Position::start(&legs);
    let mut b = Position::start(&single);
    // A game of the moves at fixed places in the sorted lists (the same in
    // both, as the first assertion says).
    for k in [7, 31, 2, 19, 40, 11, 23, 5, 37, 13] {
        let moves = common::sorted_moves(&mut a);
        assert_eq!(moves, common::sorted_moves(&mut b), "move {k}");
        assert_eq!(perft(&mut a, 2), perft(&mut b, 2), "move {k}");
        let mv = &moves[k % moves.len()];
        common::play(&mut a, mv);
        common::play(&mut b, mv);
    }
    assert_eq!(perft(&mut a, 3), perft(&mut b, 3));
}

/// Drops on hexagonal cells (a hexagonal shogi's hand) land on the board's
/// cells only: a pawn in hand on Gliński's start may go to each of its 56
/// empty cells, none of the grid's cut corners (it once went to `a-1`).
#[test]
fn drops_land_on_cells_only() {
    let text = variant_text("glinski-hexagonal.toml").replacen(
        "[display]",
        "[hand]\ncaptures = \"hand\"\n\n[display]",
        1,
    );
    let v = common::load_text("glinski-drops.toml", &text);
    let mut pos = Position::from_text(
        &v,
        "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNR2[P] w - - 0 1",
    )
    .unwrap();
    let drops: Vec<String> = common::sorted_moves(&mut pos)
        .into_iter()
        .filter(|m| m.contains('*'))
        .collect();
    assert_eq!(drops.len(), 56, "{drops:?}");
    assert!(drops.iter().all(|m| !m.contains('-')), "{drops:?}");
    assert!(
        drops.contains(&"P*f6".to_string()) && drops.contains(&"P*l6".to_string()),
        "{drops:?}"
    );
}

/// Over UCI the hexagon is played in its own cell names, as `play` and
/// the rules file write them: after Gliński's e4-e6 the engine answers with
/// one of black's legal moves; a move to a cell the board does not have
/// (b8: the b-file's cells are b1 … b7) is refused and the `go` answered
/// with no move.
#[test]
fn uci_plays_on_the_hexagonal_board() {
    let v = variant("glinski-hexagonal.toml");
    let mut pos = Position::start(&v);
    common::play(&mut pos, "e4e6");
    let black = common::sorted_moves_as(&mut pos, chimera::MoveNotation::Uci);
    let file = ["variants/glinski-hexagonal.toml"];
    let lines = common::speak(
        "uci",
        &file,
        "uci\nposition startpos moves e4e6\ngo depth 3\nisready\n",
    );
    common::bestmove_among(&lines, &black);
    let lines = common::speak(
        "uci",
        &file,
        "uci\nposition startpos moves b1b8\ngo depth 1\nisready\n",
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("b1b8"))
            && lines.iter().any(|l| l == "bestmove 0000"),
        "{lines:?}"
    );
}
