//! Legality judged when a move is tried (`Position::legality_when_tried`), as the
//! search does out of check: along seeded random games of every shipped
//! variant, the pseudo-legal moves the judge passes are exactly the legal
//! moves, and the variants that need it (several royal pieces, a lion's
//! double moves, a hook that judges each move, explosions, gating) do get
//! a judge.

use std::collections::BTreeSet;

use chimera::{Move, Position};
use rand::{Rng, SeedableRng, rngs::StdRng};

/// The legal moves and the moves the judge passes, as sorted texts, in
/// the position; `None` where the position has no judge.
fn judged_and_legal(pos: &mut Position) -> Option<(BTreeSet<String>, BTreeSet<String>)> {
    let judge = pos.legality_when_tried()?;
    let mut pseudo = Vec::new();
    pos.moves_to_try(&mut pseudo);
    let passed: Vec<Move> = pseudo.into_iter().filter(|&m| judge.legal(pos, m)).collect();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let text = |ms: &[Move]| ms.iter().map(|m| format!("{m:?}")).collect::<BTreeSet<_>>();
    // The judge's list holds no move twice.
    assert_eq!(
        text(&passed).len(),
        passed.len(),
        "{}: a move twice",
        pos.to_text()
    );
    Some((text(&passed), text(&legal)))
}

/// Positions along `games` random games of `plies` plies where a judge
/// was made, each checked.
fn judged_positions(file: &str, games: u64, plies: usize) -> usize {
    let v = crate::common::variant(file);
    let mut judged = 0;
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = Position::start(&v);
        for _ in 0..plies {
            if pos.decided().is_some() {
                break;
            }
            if let Some((passed, legal)) = judged_and_legal(&mut pos) {
                assert_eq!(passed, legal, "{file}: {}", pos.to_text());
                judged += 1;
            }
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.make(moves[rng.random_range(0..moves.len())]);
        }
    }
    judged
}

#[test]
fn the_judge_passes_exactly_the_legal_moves() {
    let mut files: Vec<String> = std::fs::read_dir(crate::common::root().join("variants"))
        .expect("variants/")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    files.sort();
    let mut with_judge = Vec::new();
    for file in &files {
        if judged_positions(file, 2, 40) > 0 {
            with_judge.push(file.as_str());
        }
    }
    for needs in [
        "chu-shogi.toml",
        "tenjiku-shogi.toml",
        "atomic.toml",
        "spartan.toml",
        "seirawan.toml",
    ] {
        assert!(
            with_judge.contains(&needs),
            "{needs} gets no judge: {with_judge:?}"
        );
    }
}

/// Chu shogi deeper: the lion's double moves, the lion-trading hook, one
/// pass for all the pieces that can pass.
#[test]
fn chu_shogi_judged_along_longer_games() {
    assert!(judged_positions("chu-shogi.toml", 3, 150) > 300);
}
