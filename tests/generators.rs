//! The fast move generator (bitboards, legality from pins and checking
//! lines, drops judged by the squares that give check) against the plain
//! one of the same variant (`Variant::reference_generator`: the mailbox
//! alone, every move made to test its legality). Along seeded random games
//! of every shipped variant, and over small perft trees from the positions
//! of chess's perft suite, both must give the same legal moves.
use std::sync::Arc;

use crate::common::{self, agree, load_file, load_text};

use agree::{agree, sorted};
use chimera::{Move, Position, Variant, perft};
use rand::{Rng, SeedableRng, rngs::StdRng};

/// The shipped rules files, sorted.
fn shipped_variants() -> Vec<std::path::PathBuf> {
    let dir = common::root().join("variants");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml") && !chimera::is_weights_file(p))
        .collect();
    files.sort();
    files
}

/// Both generators on each position (read leniently): the same moves and
/// the same perft 3.
fn agree_on_positions(fast: &Arc<Variant>, plain: &Arc<Variant>, fens: &[&str]) {
    for fen in fens {
        let (Ok(mut a), Ok(mut b)) = (
            Position::from_text_with(fast, fen, chimera::Strictness::Lenient),
            Position::from_text_with(plain, fen, chimera::Strictness::Lenient),
        ) else {
            panic!("{fen} does not parse");
        };
        agree(&mut a, &mut b, fen, false);
        assert_eq!(perft(&mut a, 3), perft(&mut b, 3), "perft 3 of {fen}");
    }
}

#[test]
fn fast_and_plain_generators_agree_along_random_games() {
    let files = shipped_variants();
    let mut positions = 0;
    for path in files {
        let fast = load_file(&path);
        let plain = Arc::new(fast.reference_generator());
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        // Big boards are slow to test move by move: fewer plies there.
        let plies = if fast.board().squares() > 128 { 12 } else { 80 };
        for seed in 0..6u64 {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = Position::start(&fast);
            let mut other = Position::start(&plain);
            for ply in 0..plies {
                let moves = agree(
                    &mut pos,
                    &mut other,
                    &format!("{name} seed {seed} ply {ply}"),
                    false,
                );
                positions += 1;
                if moves.is_empty() {
                    break;
                }
                // Captures and checks first now and then, to reach tactics.
                let pick = if rng.random_bool(0.5) {
                    moves
                        .iter()
                        .copied()
                        .find(|m| m.is_capture())
                        .unwrap_or(moves[rng.random_range(0..moves.len())])
                } else {
                    moves[rng.random_range(0..moves.len())]
                };
                pos.make(pick);
                other.make(pick);
            }
        }
    }
    assert!(positions > 10_000, "only {positions} positions compared");
}

#[test]
fn fast_and_plain_generators_count_the_same_chess_perft() {
    let fast = common::variant("chess.toml");
    let plain = Arc::new(fast.reference_generator());
    let suite = include_str!("data/chess-perftsuite-126.epd");
    let mut compared = 0;
    for line in suite.lines().filter(|l| !l.trim().is_empty()) {
        let fen = line.split(';').next().unwrap().trim();
        let (Ok(mut a), Ok(mut b)) = (
            Position::from_text_with(&fast, fen, chimera::Strictness::Lenient),
            Position::from_text_with(&plain, fen, chimera::Strictness::Lenient),
        ) else {
            continue;
        };
        assert_eq!(perft(&mut a, 3), perft(&mut b, 3), "perft 3 of {fen}");
        compared += 1;
    }
    assert!(compared >= 120, "only {compared} suite positions read");
}

/// A small variant with what the shipped ones seldom show: a piece that
/// spawns (and may be pinned while it does), a rider of two vectors along
/// one line (rook and dabbaba-rider: one piece checking along two lines),
/// and a knightrider (pins along an oblique line).
const ODD_PIECES: &str = r#"
[variant]
name = "Odd pieces"
description = "Spawners, two-line checkers and oblique pins, for the generator test."

[board]
files = 7
ranks = 7

[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true

[[piece]]
name = "warden"
symbol = "W"
betza = "W"
spawn = { piece = "pawn", betza = "K" }

[[piece]]
name = "pawn"
symbol = "P"
betza = "fW"

[[piece]]
name = "castle"
symbol = "C"
betza = "RDD"

[[piece]]
name = "knightrider"
symbol = "N"
betza = "NN"

[setup]
position = "3k3/7/7/7/7/7/3K3 w - - 0 1"
"#;

#[test]
fn fast_and_plain_generators_agree_on_unpromoted_en_passant_and_counted_limits() {
    // `[promotion] en_passant_promotes = false` (the fast generator makes its
    // en passant captures apart), pawn triple steps (two en-passant squares)
    // and `promotion_counted_with`, from the positions of their test files.
    let root = common::root();
    for (file, fens) in [
        (
            "tests/en-passant-unpromoted.toml",
            &[
                "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
                "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
                "4k3/2p5/8/1pPpP3/8/8/8/4K3 w - d6 0 1",
                "4k3/8/8/8/2pPp3/8/8/4K3 b - d3 0 1",
            ][..],
        ),
        (
            // Triple steps: two en-passant squares, taken by different
            // pawns (the fast generator's en passant path), one capture
            // illegal by a pin along the rank.
            "tests/triple-step.toml",
            &[
                "5k5/11/11/11/11/1Pp8/2p8/11/11/5K5 b - b3b4 0 1",
                "11/11/11/11/11/kPp7R/2p8/11/11/5K5 b - b3b4 0 1",
                "5k5/11/11/5P5/4pP5/11/11/11/11/5K5 w - e7e8 0 2",
                "4k6/1p1pppp1pp1/11/5P5/5P5/2pP3p3/2p4p3/11/PP2PPP1PPP/5K5 b - d3d4 0 1",
                "4k6/1p1pppp1pp1/11/5P5/5P5/2p4p3/2p4p3/11/PP1PPPP1PPP/5K5 w - - 0 1",
            ][..],
        ),
        (
            "tests/promotion-counted-with.toml",
            &[
                "4k3/P7/8/8/8/8/8/Q3K3[] w - - 0 1",
                "4k3/P7/8/8/8/8/8/4K3[Q] w - - 0 1",
                "4k3/P7/8/8/8/8/8/+F3K3[] w - - 0 1",
                "4k3/8/8/4F3/8/8/8/Q~3K3[] w - - 0 1",
                "4k3/8/8/4F3/8/8/7K/Qr6[] b - - 0 1",
            ][..],
        ),
    ] {
        let fast = load_file(&root.join(file));
        let plain = Arc::new(fast.reference_generator());
        agree_on_positions(&fast, &plain, fens);
    }
}

#[test]
fn fast_and_plain_generators_agree_on_odd_pieces() {
    let fast = load_text("odd.toml", ODD_PIECES);
    let plain = Arc::new(fast.reference_generator());
    agree_on_positions(
        &fast,
        &plain,
        &[
            // A warden pinned on its file still spawns anywhere around it.
            "3c3/7/7/7/3W3/7/3K3 w - - 0 1",
            // The castle checks along the file twice (rook at distance 2,
            // dabbaba at distance 1): blocking between does not answer the
            // dabbaba leap.
            "3k3/7/7/7/3c3/7/3K3 w - - 0 1",
            "3k3/7/7/7/3c3/W6/3K3 w - - 0 1",
            // A knightrider pins a warden on its oblique line.
            "k6/7/7/7/4n2/2W4/K6 w - - 0 1",
            "6k/7/1n5/7/2W4/7/3K3 w - - 0 1",
            // Double check by two pieces.
            "3c3/7/7/7/7/n6/3K1k1 w - - 0 1",
        ],
    );
    // And along random games from positions full of them.
    let fen = "c1n1k1c/1w1w1w1/7/7/7/1W1W1W1/C1N1K1C w - - 0 1";
    agree::agree_along_games(&fast, &plain, Some(fen), (20, 60), "odd pieces", false);
}

/// A small variant of attackers the attack lines describe with conditions:
/// a cannon that may not hop another cannon (screen lines), a lame horse
/// and soldiers stepping sideways beyond the middle (point attacks), guards
/// kept to a palace (regions), a queen that may not take a king, a chariot
/// and a cannon that also ride and hop along palace diagonals (a point per
/// distance), and a rook whose zone is so wide that its rides stay slow.
const ODD_ATTACKERS: &str = r#"
[variant]
name = "Odd attackers"
description = "Screens, lame leaps, zones, regions and filters, for the generator test."

[board]
files = 7
ranks = 7

[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true

[[piece]]
name = "cannon"
symbol = "A"
betza = "mRcpR"
cannot_hop = ["cannon"]

[[piece]]
name = "horse"
symbol = "H"
betza = "nN"

[[piece]]
name = "guard"
symbol = "G"
betza = "K"
region = { ranks = [1, 2, 3], files = [3, 4, 5] }

[[piece]]
name = "coward"
symbol = "O"
betza = "Q"
cannot_capture = ["king"]

[[piece]]
name = "soldier"
symbol = "L"
betza = "fW"
extra_moves = { ranks = [5, 6, 7], betza = "sW" }

[[piece]]
name = "palace chariot"
symbol = "C"
betza = "R"
extra_moves = { squares = ["c1", "e1", "d2", "c3", "e3", "c5", "e5", "d6", "c7", "e7"], within = true, betza = "B" }

[[piece]]
name = "palace cannon"
symbol = "X"
betza = "mRcpR"
extra_moves = { squares = ["c1", "e1", "d2", "c3", "e3", "c5", "e5", "d6", "c7", "e7"], within = true, betza = "pB" }
cannot_hop = ["cannon", "palace cannon"]

[[piece]]
name = "zone rook"
symbol = "Z"
betza = "W"
extra_moves = { ranks = [1, 2, 3, 4, 5, 6, 7], betza = "R" }

[setup]
position = "ahgkgoa/lllllll/7/7/7/LLLLLLL/AHGKGOA w - - 0 1"
"#;

#[test]
fn fast_and_plain_generators_agree_on_conditional_attackers() {
    let fast = load_text("attackers.toml", ODD_ATTACKERS);
    let plain = Arc::new(fast.reference_generator());
    agree_on_positions(
        &fast,
        &plain,
        &[
            // A cannon checks over one screen; moving the screen away, or
            // putting a second piece between, answers it.
            "3k3/7/3l3/7/3A3/7/3K3 b - - 0 1",
            // A cannon does not hop a cannon.
            "3k3/7/3A3/7/3A3/7/4K2 b - - 0 1",
            // The horse checks unless its leg is blocked.
            "3k3/7/4H2/7/7/7/3K3 b - - 0 1",
            "3k3/4L2/4H2/7/7/7/3K3 b - - 0 1",
            // A guard cannot leave its palace, so it attacks nothing outside.
            "3k3/7/7/7/7/2G4/1K5 w - - 0 1",
            // The coward never checks a king.
            "3k3/7/7/7/7/7/3O2K b - - 0 1",
            // Soldiers beyond the middle attack sideways too.
            "7/7/2kL3/7/7/7/3K3 b - - 0 1",
            // The palace chariot checks along the palace diagonal unless
            // blocked; not from outside the palace points.
            "4k2/7/2C4/7/7/7/3K3 b - - 0 1",
            "4k2/3l3/2C4/7/7/7/3K3 b - - 0 1",
            "4k2/7/7/1C5/7/7/3K3 b - - 0 1",
            "7/7/7/7/2c4/3L3/4K1k w - - 0 1",
            // The palace cannon checks over one screen, not over a cannon,
            // and not with nothing between.
            "4k2/3l3/2X4/7/7/7/3K3 b - - 0 1",
            "4k2/3a3/2X4/7/7/7/3K3 b - - 0 1",
            "4k2/3x3/2X4/7/7/7/3K3 b - - 0 1",
            "4k2/7/2X4/7/7/7/3K3 b - - 0 1",
            // The zone rook attacks along its whole line.
            "3k3/7/7/7/7/7/Z2K3 w - - 0 1",
            "3k3/7/7/7/7/7/Z2K3 b - - 0 1",
        ],
    );
    agree::agree_along_games(&fast, &plain, None, (20, 80), "odd attackers", false);
    let palace = "cxzkzxc/lllllll/7/7/7/LLLLLLL/CXZKZXC w - - 0 1";
    agree::agree_along_games(&fast, &plain, Some(palace), (20, 80), "palace attackers", false);
}

/// The attack test skips slow attackers (multi-leg pieces, hoppers with
/// conditions) that could not reach the target square at all, by a bitmap
/// of where each kind could capture. Here it must agree with the plain
/// generator's (which tests every piece) on every square either side could
/// take on, along random games of the variants with the most such pieces.
#[test]
fn slow_attackers_reach_every_square_they_attack() {
    let mut checked = 0;
    for name in ["chu-shogi", "tenjiku-shogi", "dai-dai-shogi", "taikyoku-shogi"] {
        let fast = common::variant(&format!("{name}.toml"));
        let plain = Arc::new(fast.reference_generator());
        let plies = if fast.board().squares() > 400 { 8 } else { 40 };
        let mut rng = StdRng::seed_from_u64(7);
        let mut pos = Position::start(&fast);
        let mut other = Position::start(&plain);
        for ply in 0..plies {
            for sq in fast.board().all_squares() {
                for by in chimera::Color::BOTH {
                    // Attacks are on empty squares and the other side's
                    // pieces (the plain test cannot take a piece's own).
                    if pos.piece_at(sq).is_some_and(|p| p.color() == by) {
                        continue;
                    }
                    assert_eq!(
                        pos.attacked(sq, by),
                        other.attacked(sq, by),
                        "{name} ply {ply}: attack on {sq:?} by {by:?} in {}",
                        pos.to_text()
                    );
                    checked += 1;
                }
            }
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            let pick = moves
                .iter()
                .copied()
                .filter(|m| m.is_capture())
                .nth(rng.random_range(0..4))
                .unwrap_or(moves[rng.random_range(0..moves.len())]);
            pos.make(pick);
            other.make(pick);
        }
    }
    assert!(checked > 50_000, "only {checked} attack tests");
}

/// Quiescence asks for the legal captures alone
/// (`Position::legal_moves_selected`), which judges only the moves it
/// selects where no rule looks at the whole list. Along random games of
/// every shipped variant it must give exactly the legal moves' captures,
/// and say rightly whether there is any legal move at all.
#[test]
fn selected_moves_are_the_legal_moves_selected() {
    let files = shipped_variants();
    let (mut positions, mut without_captures) = (0, 0);
    for path in files {
        let v = load_file(&path);
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let plies = if v.board().squares() > 128 { 16 } else { 80 };
        for seed in 0..3u64 {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = Position::start(&v);
            for ply in 0..plies {
                if pos.decided().is_some() {
                    break;
                }
                let all = pos.legal_move_list();
                let want: Vec<Move> = all.iter().copied().filter(|m| m.is_capture()).collect();
                let (mut got, mut rest) = (Vec::new(), Vec::new());
                let any = pos.legal_moves_selected(&mut got, &mut rest, |_, m| m.is_capture());
                let context = format!("{name} seed {seed} ply {ply} in {}", pos.to_text());
                assert_eq!(sorted(&got), sorted(&want), "{context}");
                assert_eq!(any, !all.is_empty(), "{context}");
                positions += 1;
                without_captures += usize::from(want.is_empty() && !all.is_empty());
                if all.is_empty() {
                    break;
                }
                let pick = if rng.random_bool(0.3) {
                    want.first()
                        .copied()
                        .unwrap_or(all[rng.random_range(0..all.len())])
                } else {
                    all[rng.random_range(0..all.len())]
                };
                pos.make(pick);
            }
        }
    }
    assert!(
        positions > 5_000 && without_captures > 1_000,
        "{positions} positions, {without_captures} without captures"
    );
}
