//! Shared by tests/generators.rs and tests/legality_shortcuts.rs: a
//! variant's fast move generator held to its plain one
//! (`Variant::reference_generator`: the mailbox alone, every move made to
//! test its legality), position by position and along seeded random games.
#![allow(dead_code)]
use std::sync::Arc;

use chimera::{Move, Position, Variant};
use rand::{Rng, SeedableRng, rngs::StdRng};

/// A shipped rules file (`variants/NAME`) and its plain generator.
pub fn load(name: &str) -> (Arc<Variant>, Arc<Variant>) {
    let fast = super::variant(name);
    let plain = Arc::new(fast.reference_generator());
    (fast, plain)
}

/// The moves as their identities, sorted.
pub fn sorted(moves: &[Move]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
    out.sort();
    out
}

/// The moves as the position writes them, sorted.
pub fn texts(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(|m| pos.move_text(m)).collect();
    out.sort();
    out
}

/// Both generators' legal moves in the same position (reached by the same
/// moves: some rules look at the game's history), which must agree, none
/// listed twice. With `hash`, every move made keeps the incremental hash.
pub fn agree(fast: &mut Position, plain: &mut Position, context: &str, hash: bool) -> Vec<Move> {
    let a = fast.legal_move_list();
    let b = plain.legal_move_list();
    let (sa, sb) = (sorted(&a), sorted(&b));
    assert_eq!(sa, sb, "{context}: the generators disagree in {}", fast.to_text());
    let mut unique = sa.clone();
    unique.dedup();
    assert_eq!(
        unique.len(),
        sa.len(),
        "{context}: a move listed twice in {}",
        fast.to_text()
    );
    if hash {
        for &m in &a {
            fast.make(m);
            assert_eq!(
                fast.hash(),
                fast.compute_hash(),
                "{context}: hash after {m:?} differs"
            );
            fast.unmake();
        }
    }
    a
}

/// Both generators along `games` seeded random games of up to `plies`
/// from `fen` (read leniently) or the start: the same moves at every ply.
pub fn agree_along_games(
    fast: &Arc<Variant>,
    plain: &Arc<Variant>,
    fen: Option<&str>,
    (games, plies): (u64, usize),
    name: &str,
    hash: bool,
) {
    let start = |v: &Arc<Variant>| match fen {
        Some(fen) => Position::from_text_with(v, fen, chimera::Strictness::Lenient).expect("position"),
        None => Position::start(v),
    };
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let (mut a, mut b) = (start(fast), start(plain));
        for ply in 0..plies {
            let moves = agree(&mut a, &mut b, &format!("{name} seed {seed} ply {ply}"), hash);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            a.make(m);
            b.make(m);
        }
    }
}
