//! Hexagonal boards (`[board] shape = "hexagon"`) and holes: Gliński's and
//! McCooey's hexagonal chess against tests/tools/hexchess_perft.py, an
//! independent generator written from the rules texts; Gliński's square
//! names in position and move text; the errors for misuse, at their place.
use crate::common;

use chimera::{Position, perft};
use common::check_rules as check;
use common::{variant, variant_text};

/// perft from the start, depths 1–4, as tests/tools/hexchess_perft.py
/// counts them (no published figures were found; see docs/rules-format.md).
const GLINSKI: [u64; 4] = [51, 2586, 137858, 7282418];
const MCCOOEY: [u64; 4] = [31, 947, 33307, 1157852];

fn start_perft(file: &str, depth: u32) -> u64 {
    let v = variant(file);
    let mut pos = Position::start(&v);
    perft(&mut pos, depth)
}

#[test]
fn the_variant_files_pass_their_cases() {
    for file in ["glinski-hexagonal.toml", "mccooey-hexagonal.toml"] {
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
    }
}

#[test]
#[ignore = "deep tier: perft 4 of both games"]
fn perft_4_matches_the_reference() {
    assert_eq!(start_perft("glinski-hexagonal.toml", 4), GLINSKI[3]);
    assert_eq!(start_perft("mccooey-hexagonal.toml", 4), MCCOOEY[3]);
}

/// The reference itself, run again: its counts at depths 1–3 agree with
/// chimera's (python3 needed).
#[test]
#[ignore = "deep tier: runs the Python reference"]
fn the_reference_counts_alike() {
    for (game, file) in [
        ("glinski", "glinski-hexagonal.toml"),
        ("mccooey", "mccooey-hexagonal.toml"),
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
        ("betza = \"N\"", "betza = \"aN\"", "no hexagonal reading"),
        ("betza = \"N\"", "betza = \"nN\"", "no hexagonal reading"),
        (
            "shape = \"hexagon\"\nfile",
            "shape = \"hexagn\"\nfile",
            "unknown board shape",
        ),
        ("files = 11", "files = 9", "a hexagon of n cells a side"),
        (
            "file_letters = \"abcdefghikl\"",
            "file_letters = \"abcdefghikk\"",
            "one lower-case letter",
        ),
    ];
    common::assert_misuse(&text, &cases, "hexagonal");
}

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
