//! Invariants over every rules file in variants/ (and tests/triple-step.toml:
//! two en-passant squares after a triple step): seeded random games of
//! thousands of plies in all. At every ply the incremental hash equals a
//! recomputed one, the position's text parses back to the same position, every
//! legal move made and unmade restores the position exactly, and sampled moves'
//! texts (canonical and the display notation) parse back to them. Every game
//! ends with a result the variant's rules allow.
//!
//! The default run walks a few hundred plies a file ([`SHALLOW`]); the deep
//! tier (`cargo test --release -- --ignored`) thousands ([`DEEP`]).
use std::path::Path;
use std::sync::Arc;

use crate::common;
use chimera::game::Game;
use chimera::{Position, Reason, Variant};
use rand::{Rng, SeedableRng, rngs::StdRng};

/// How far the walk goes: plies per variant over several games, and the
/// longest game before a new one starts, by the board's size.
struct Walk {
    /// Boards of at most 100 squares.
    small: (usize, usize),
    /// Boards of 101 to 256 squares (chu, wa, dai and tenjiku shogi: a
    /// hundred or more moves a ply, each made, unmade and its position text
    /// read back).
    large: (usize, usize),
    /// Boards of more than 256 squares (dai dai, maka dai dai and tai
    /// shogi: every ply makes and unmakes some hundreds of moves on hundreds
    /// of squares).
    big: (usize, usize),
}

/// The default run's walk: every file, shallowly.
const SHALLOW: Walk = Walk {
    small: (200, 100),
    large: (30, 30),
    big: (8, 8),
};

/// The deep tier's walk.
const DEEP: Walk = Walk {
    small: (2500, 400),
    large: (600, 200),
    big: (240, 120),
};

fn allowed(v: &Variant, text: &str, reason: Reason) -> bool {
    match reason {
        Reason::Checkmate | Reason::Stalemate => true,
        Reason::Repetition | Reason::PerpetualCheck => v.repetition_rule().is_some(),
        Reason::FiftyMoves => text.contains("fifty_move_rule"),
        Reason::LossOfCommand => text.contains("command"),
        Reason::Reach => text.contains("reach"),
        Reason::Extinction => text.contains("extinction"),
        Reason::Checks => text.contains("checks_to_win"),
        Reason::RoyalsFacing => text.contains("royals_facing"),
        Reason::DoublePass => text.contains("double_pass"),
        Reason::Counting => text.contains("[end.counting]"),
        Reason::OnlyPromotions => text.contains("only_promotions"),
        Reason::Rule("full board") => text.contains("full_board"),
        Reason::Rule("mate rule") => text.contains("mate_rule"),
        Reason::Rule("move repetition") => text.contains("move_repetition"),
        Reason::Rule("connection") => text.contains("[end.connect]"),
        _ => false,
    }
}

fn check_ply(pos: &mut Position, rng: &mut StdRng, v: &Arc<Variant>) -> Result<(), String> {
    let text = pos.to_text();
    if pos.hash() != pos.compute_hash() {
        return Err(format!("incremental hash differs at {text}"));
    }
    for c in chimera::Color::BOTH {
        if pos.has_command(c) != pos.has_command_walked(c) {
            return Err(format!(
                "the kept command of {c:?} differs from the board's at {text}"
            ));
        }
    }
    let back = Position::from_text(v, &text).map_err(|e| format!("{text} does not parse back: {e}"))?;
    if back.to_text() != text || back.hash() != pos.hash() {
        return Err(format!("{text} reads back as {}", back.to_text()));
    }
    let moves = pos.legal_move_list();
    for &m in &moves {
        pos.make(m);
        if chimera::Color::BOTH
            .into_iter()
            .any(|c| pos.has_command(c) != pos.has_command_walked(c))
        {
            let t = pos.to_text();
            pos.unmake();
            return Err(format!(
                "the kept command after {} in {text} differs ({t})",
                pos.move_text(&m)
            ));
        }
        if pos.hash() != pos.compute_hash() {
            let t = pos.to_text();
            pos.unmake();
            return Err(format!(
                "hash after {} in {text} differs ({t})",
                pos.move_text(&m)
            ));
        }
        pos.unmake();
        if pos.to_text() != text || pos.hash() != back.hash() {
            return Err(format!("make/unmake of {} changed {text}", pos.move_text(&m)));
        }
    }
    for _ in 0..moves.len().min(6) {
        let m = moves[rng.random_range(0..moves.len())];
        for notation in [chimera::MoveNotation::Canonical, v.display_notation()] {
            if notation == chimera::MoveNotation::Seed {
                continue; // the article's notation is for display only
            }
            let t = pos.move_text_as(&m, notation);
            match pos.parse_move(&t) {
                Ok(p) if p == m => {}
                Ok(p) => return Err(format!("`{t}` reads back as {} in {text}", pos.move_text(&p))),
                Err(e) => return Err(format!("`{t}` does not read back in {text}: {e}")),
            }
        }
    }
    Ok(())
}

fn playouts(file: &Path, walk: &Walk) -> Result<usize, String> {
    let v = chimera::load(file).map_err(|d| d.render())?;
    let rules = std::fs::read_to_string(file).unwrap();
    let mut rng = StdRng::seed_from_u64(0x1a2b);
    let mut plies = 0;
    let (total, per_game) = match v.board().squares() {
        257.. => walk.big,
        101..=256 => walk.large,
        _ => walk.small,
    };
    while plies < total {
        let mut game = Game::from_start(&v);
        while game.moves().len() < per_game {
            check_ply(&mut game.position().clone(), &mut rng, &v)?;
            if let Some(r) = game.result() {
                if !allowed(&v, &rules, r.reason) {
                    return Err(format!(
                        "a game ended by {} which the rules do not have",
                        r.reason
                    ));
                }
                break;
            }
            let moves = game.legal_moves();
            if moves.is_empty() {
                return Err(format!("no moves but no result at {}", game.position().to_text()));
            }
            game.play(moves[rng.random_range(0..moves.len())]);
            plies += 1;
        }
    }
    Ok(plies)
}

#[test]
fn every_variant_file_keeps_its_invariants() {
    every_variant_file(&SHALLOW);
}

#[test]
#[ignore = "deep tier: cargo test --release -- --ignored"]
fn every_variant_file_keeps_its_invariants_deeply() {
    every_variant_file(&DEEP);
}

fn every_variant_file(walk: &Walk) {
    let dir = common::root().join("variants");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml") && !chimera::is_weights_file(p))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for f in &files {
        match playouts(f, walk) {
            Ok(n) => println!("{}: {n} plies", f.display()),
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The same invariants for pawn triple steps (tests/triple-step.toml):
/// two en-passant squares in the hash, the position text and make/unmake.
#[test]
fn the_triple_step_file_keeps_its_invariants() {
    let file = common::test_file("triple-step.toml");
    match playouts(&file, &DEEP) {
        Ok(n) => println!("{}: {n} plies", file.display()),
        Err(e) => panic!("{}: {e}", file.display()),
    }
}
