//! Fergus Duniho's Hex Shogi 91 (`variants/hex-shogi-91.toml`): shogi on
//! Gliński's 91 cells with the hexagons on a corner, held as his board
//! turned a quarter turn. Perft against tests/tools/hexshogi_perft.py, an
//! independent generator on Duniho's own board and names, and against the
//! figures a public implementation of the game gives; the pawn-drop rules
//! (`drop.no_check`, `drop.not_guarded_by`) and their misuse; the engine
//! playing a game to a result.
use crate::common;

use chimera::{Position, perft};
use common::{variant, variant_text};

const FILE: &str = "hex-shogi-91.toml";

/// perft from the start: depths 1–3 as the Python reference counts them;
/// all four as a public implementation's notes on the game give them
/// (45 / 2,024 / 92,922, 4,257,310 at depth 4).
const START: [u64; 4] = [45, 2024, 92922, 4257310];

/// Positions with pieces in hand, perft 1–3 as the reference counts them:
/// Black in check from a lance, to be answered by a move or a drop (a
/// pawn drop may block: it gives no check); Black with a pawn, knight and
/// silver near the zone (promotions, forced ones), pawns in both hands
/// (drops beside its own pawns, drops that would check); White to move
/// with a lance in hand, Black holding a silver and a knight (White's
/// drops, its lance kept off its last rank).
const POSITIONS: [(&str, [u64; 3]); 3] = [
    (
        "3l2/7/5p1k/9/6S1g1/5P5/6P3/1K4N2/8/7/6[Pp] b - - 0 1",
        [15, 1471, 107193],
    ),
    (
        "6/4r2/5p1k/9/6S1g1/5P5/6P3/1K4N2/4P3/7/6[Pp] b - - 0 1",
        [99, 9950, 490103],
    ),
    (
        "6/7/5p2/6pk1/8g1/5P5/6P3/1K7/8/7/6[SNl] w - - 0 1",
        [97, 14434, 583107],
    ),
];

fn start_perft(depth: u32) -> u64 {
    let v = variant(FILE);
    let mut pos = Position::start(&v);
    perft(&mut pos, depth)
}

#[test]
fn the_variant_file_passes_its_cases() {
    let (ok, text) = common::check_rules(&common::root().join("variants").join(FILE));
    assert!(ok && text.contains(" 0 failed"), "{text}");
}

#[test]
fn shallow_perft_matches_the_reference() {
    for d in 1..=3 {
        assert_eq!(start_perft(d), START[d as usize - 1], "depth {d}");
    }
    common::assert_perft_table(FILE, &POSITIONS);
}

#[test]
#[ignore = "deep tier: perft 4 of Hex Shogi 91"]
fn perft_4_matches_the_published_figure() {
    assert_eq!(start_perft(4), START[3]);
}

/// The reference itself, run again: its counts at depths 1–3 agree with
/// chimera's (python3 needed).
#[test]
#[ignore = "deep tier: runs the Python reference"]
fn the_reference_counts_alike() {
    let what = "the Hex Shogi reference";
    if !common::reference_perft_agrees("hexshogi_perft.py", &["3"], None, &START[..3], what) {
        return;
    }
    for (text, want) in POSITIONS {
        if !common::reference_perft_agrees("hexshogi_perft.py", &["3"], Some(text), &want, what) {
            return;
        }
    }
}

/// Duniho's cells keep their names with the two parts swapped: his 4j
/// (Black's king) is j4, his 8b (White's) b8; his rank k (files 1–6) is
/// the first file here, his rank a (files 6–11) the last.
#[test]
fn cells_are_named_by_duniho_s_rank_and_file() {
    let v = variant(FILE);
    let g = v.board();
    assert_eq!(g.cell_count(), 91);
    for name in ["k1", "k6", "a6", "a11", "f1", "f11", "j4", "b8"] {
        assert!(g.parse_square(name).is_some(), "{name}");
    }
    for name in ["k7", "a5", "a1", "f12", "l1"] {
        assert!(g.parse_square(name).is_none(), "{name}");
    }
    let mut pos = Position::start(&v);
    common::play(&mut pos, "h5g5");
    let text = pos.to_text();
    assert_eq!(Position::from_text(&v, &text).unwrap().to_text(), text);
    // Duniho's 5h-5g: his file 5, the seventh line, from rank k up.
    let after = "2p2l/3p1rn/P3p1sg/1P3p1kg/2P3p1sn/LR1P3p1bl/NS2P2p2/GK1P3p1/GS1P3p/NB1P3/L2P2[] w";
    assert!(text.starts_with(after), "{text}");
}

#[test]
fn misuse_is_an_error_at_its_place() {
    let text = variant_text(FILE);
    let cases: [(&str, &str, &str); 4] = [
        (
            "no_dead_drops = true",
            "no_dead_drops = true\ndrops_may_check = false",
            "already forbids every drop that gives check",
        ),
        (
            "not_guarded_by = [\"pawn\"]",
            "not_guarded_by = [\"pawm\"]",
            "unknown piece `pawm`",
        ),
        (
            "betza = \"rW\"",
            "betza = \"rC\"",
            "C has no reading on a hexagonal board",
        ),
        (
            "forward = \"right\"",
            "forward = \"rigth\"",
            "unknown variant `rigth`, expected `up` or `right`",
        ),
    ];
    common::assert_misuse(&text, &cases, "hex-shogi");
}

/// The new drop rules are general: on Gliński's board with hands, a pawn
/// barred from squares its own pawns guard, and from checking drops.
#[test]
fn the_drop_rules_work_on_another_board() {
    let text = variant_text("glinski-hexagonal.toml")
        .replacen("[display]", "[hand]\ncaptures = \"hand\"\n\n[display]", 1)
        .replacen(
            "resets_clock = true",
            "resets_clock = true\ndrop = { no_check = true, not_guarded_by = [\"pawn\"] }",
            1,
        );
    let v = common::load_text("glinski-guarded-drops.toml", &text);
    // White pawns on e4 and g4 guard d4, f5 and h4 (a Gliński pawn on e6
    // takes on d6 and f7: the file's own test case); the black king on f7
    // would be checked by a pawn on e6 or g6.
    let mut pos = Position::from_text(&v, "1/3/5/7/4k4/11/11/4P1P4/11/11/6K4[P] w - - 0 1").unwrap();
    let drops: Vec<String> = common::sorted_moves(&mut pos)
        .into_iter()
        .filter(|m| m.starts_with("P*"))
        .collect();
    for barred in ["P*d4", "P*f5", "P*h4", "P*e6", "P*g6"] {
        assert!(!drops.contains(&barred.to_string()), "{barred}: {drops:?}");
    }
    for free in ["P*e5", "P*f6", "P*d6"] {
        assert!(drops.contains(&free.to_string()), "{free}: {drops:?}");
    }
}

/// XBoard names the squares of a rectangle: it refuses this board too, and
/// leaves the variant out of the bundled list it offers.
#[test]
fn xboard_refuses_hex_shogi() {
    common::xboard_refuses("variants/hex-shogi-91.toml", "chimera uci", &["hex-shogi-91"]);
}

/// The engine plays a whole game to its end (depth 2, no clock: the same
/// game every run).
#[test]
fn the_engine_plays_a_game_to_a_result() {
    common::engine_plays_to_a_result(FILE);
}

/// Over USI the hexagon is written in USI's coordinates of the grid it
/// stands on (files 11 … 1 from the left, ranks a … k from the top: the
/// start's 8i7j is chimera's h1g1): a game's first move so written is read,
/// and the engine answers with one of White's legal moves, written so.
#[test]
fn usi_reads_and_writes_the_hexagon_in_grid_coordinates() {
    let v = variant(FILE);
    let mut pos = Position::start(&v);
    let first = common::sorted_moves_as(&mut pos, chimera::MoveNotation::Usi)
        .into_iter()
        .next()
        .expect("a first move");
    common::play(&mut pos, &first);
    let white = common::sorted_moves_as(&mut pos, chimera::MoveNotation::Usi);
    let lines = common::speak(
        "usi",
        &["variants/hex-shogi-91.toml"],
        &format!("usi\nisready\nusinewgame\nposition startpos moves {first}\ngo depth 2\nisready\n"),
    );
    assert!(!lines.iter().any(|l| l.starts_with("info string")), "{lines:?}");
    common::bestmove_among(&lines, &white);
}
