//! Engine invariants along random games: make/unmake restores the position and
//! its hash exactly; the incremental hash equals a recomputed one; every legal
//! move's text parses back to that move; every position's text parses back to
//! the same position.
use std::sync::Arc;

use chimera::{MoveNotation, Piece, Position, Variant};

use crate::common;
use crate::common::variant;
use proptest::prelude::*;
use rand::{Rng, SeedableRng, rngs::StdRng};

fn board_of(pos: &Position) -> Vec<Option<Piece>> {
    pos.variant()
        .board()
        .all_squares()
        .map(|s| pos.piece_at(s))
        .collect()
}

fn random_game(v: &Arc<Variant>, start: Option<&str>, seed: u64, plies: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = match start {
        Some(t) => Position::from_text(v, t).unwrap(),
        None => Position::start(v),
    };
    let mut moves = Vec::new();
    for _ in 0..plies {
        assert_eq!(
            pos.hash(),
            pos.compute_hash(),
            "incremental hash at {}",
            pos.to_text()
        );
        let text = pos.to_text();
        let back = Position::from_text(v, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back.to_text(), text);
        assert_eq!(back.hash(), pos.hash(), "hash after text round trip of {text}");
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        for m in moves.clone() {
            let canon = pos.move_text(&m);
            assert_eq!(pos.parse_move(&canon).unwrap(), m, "{canon} in {text}");
            let (board, hash) = (board_of(&pos), pos.hash());
            pos.make(m);
            pos.unmake();
            assert_eq!(board_of(&pos), board);
            assert_eq!(pos.hash(), hash);
            assert_eq!(pos.to_text(), text);
        }
        let m = moves[rng.random_range(0..moves.len())];
        // UCI and USI spellings name the same move (when unambiguous).
        let uci = pos.move_text_as(&m, MoveNotation::Uci);
        if let Ok(p) = pos.parse_move(&uci) {
            assert_eq!(p, m);
        }
        let usi = pos.move_text_as(&m, MoveNotation::Usi);
        if let Ok(p) = pos.parse_move(&usi) {
            assert_eq!(p, m);
        }
        pos.make(m);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, .. ProptestConfig::default() })]

    #[test]
    fn chess_random_games(seed in any::<u64>()) {
        random_game(&variant("chess.toml"), None, seed, 120);
    }

    #[test]
    fn chess_kiwipete_games(seed in any::<u64>()) {
        random_game(&variant("chess.toml"), Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), seed, 80);
    }

    #[test]
    fn shogi_random_games(seed in any::<u64>()) {
        random_game(&variant("shogi.toml"), None, seed, 150);
    }

    #[test]
    fn ko_shogi_random_games(seed in any::<u64>()) {
        random_game(&variant("ko-shogi.toml"), None, seed, 16);
    }

    #[test]
    fn pocket_shogi_copper_random_games(seed in any::<u64>()) {
        random_game(&variant("pocket-shogi-copper.toml"), None, seed, 120);
    }

    #[test]
    fn wwii_chess_random_games(seed in any::<u64>()) {
        random_game(&variant("wwii-chess.toml"), None, seed, 120);
    }

    #[test]
    fn kozune_random_games(seed in any::<u64>()) {
        random_game(&variant("kozune.toml"), None, seed, 80);
    }

    #[test]
    fn crazyhouse_random_games(seed in any::<u64>()) {
        random_game(&variant("crazyhouse.toml"), None, seed, 100);
    }
}

/// Every test position of the tenjiku file (most set up a burning: a fire
/// demon's move, a piece ending next to one, demons meeting, a burnt king),
/// and a few random games from them: each legal move, made and unmade,
/// restores the position exactly, the hash after the move (burnt pieces
/// removed) equals a recomputed one, and some move in them does burn.
#[test]
fn tenjiku_burning_unmakes_exactly() {
    let v = variant("tenjiku-shogi.toml");
    let text = common::variant_text("tenjiku-shogi.toml");
    let table: toml::Table = toml::from_str(&text).unwrap();
    let (mut checked, mut burns) = (0, 0);
    for case in table["test"].as_array().unwrap() {
        let Some(pos_text) = case.get("position").and_then(|p| p.as_str()) else {
            continue;
        };
        if case.get("options").is_some() {
            continue;
        }
        let mut pos = Position::from_text(&v, pos_text).unwrap();
        let before = pos.to_text();
        let pieces = board_of(&pos).iter().flatten().count();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for m in moves {
            pos.make(m);
            assert_eq!(pos.hash(), pos.compute_hash(), "hash after {m:?} in {before}");
            let after = board_of(&pos).iter().flatten().count();
            if after + m.captures().len() < pieces {
                burns += 1;
            }
            let _ = pos.to_text();
            pos.unmake();
            assert_eq!(pos.to_text(), before);
            checked += 1;
        }
        for seed in 0..3 {
            random_game(&v, Some(pos_text), seed, 6);
        }
    }
    assert!(checked > 500, "{checked}");
    assert!(burns > 20, "{burns}");
}

/// Every test position of the Ko shogi file (many set up a hook's effect): each
/// legal move, made and unmade, restores the position exactly, and the hash
/// after the move (effects included) equals a recomputed one.
#[test]
fn ko_shogi_hook_effects_unmake_exactly() {
    let checked = test_positions_unmake_exactly("ko-shogi.toml");
    assert!(checked > 500, "{checked}");
}

/// The same for chu shogi, whose lion-trading hook keeps the counter-strike
/// flag in the position: every test position, and the position after each
/// case's moves (where the flag is set), makes and unmakes exactly.
#[test]
fn chu_shogi_lion_trading_state_unmakes_exactly() {
    let checked = test_positions_unmake_exactly("chu-shogi.toml");
    assert!(checked > 500, "{checked}");
}

/// The same for taikyoku shogi, whose range capturers take every piece they
/// pass (`captures_jumped`): the pieces taken are kept on the undo stack.
#[test]
fn taikyoku_range_captures_unmake_exactly() {
    let checked = test_positions_unmake_exactly("taikyoku-shogi.toml");
    assert!(checked > 1000, "{checked}");
}

/// The same for maka dai dai and tai shogi, whose emperors leap anywhere
/// (`U`) and take only unprotected pieces (the attack test tries the
/// capture on a copy of the position).
#[test]
fn maka_dai_dai_and_tai_emperors_unmake_exactly() {
    let checked = test_positions_unmake_exactly("maka-dai-dai-shogi.toml")
        + test_positions_unmake_exactly("tai-shogi.toml");
    assert!(checked > 1000, "{checked}");
}

/// Makes and unmakes every legal move of every test position of a bundled
/// rules file (and of the position after the case's moves), checking the
/// hash against a recomputed one and the text after unmake. Returns the
/// number of moves checked.
fn test_positions_unmake_exactly(file: &str) -> usize {
    let v = variant(file);
    let text = common::variant_text(file);
    let table: toml::Table = toml::from_str(&text).unwrap();
    let mut checked = 0;
    for case in table["test"].as_array().unwrap() {
        let Some(pos_text) = case.get("position").and_then(|p| p.as_str()) else {
            continue;
        };
        if case.get("options").is_some() {
            continue;
        }
        let mut pos = Position::from_text(&v, pos_text).unwrap();
        let played: Vec<&str> = case
            .get("moves")
            .and_then(|m| m.as_array())
            .map(|a| a.iter().filter_map(|m| m.as_str()).collect())
            .unwrap_or_default();
        for stage in 0..=played.len() {
            if stage > 0 {
                let m = pos.parse_move(played[stage - 1]).unwrap();
                pos.make(m);
                assert_eq!(pos.hash(), pos.compute_hash(), "hash after {}", played[stage - 1]);
            }
            let before = pos.to_text();
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            for m in moves {
                pos.make(m);
                assert_eq!(pos.hash(), pos.compute_hash(), "hash after {m:?} in {before}");
                let after = pos.to_text();
                let back = Position::from_text(&v, &after).unwrap_or_else(|e| panic!("{after}: {e}"));
                assert_eq!(back.hash(), pos.hash(), "hash of {after} read back");
                pos.unmake();
                assert_eq!(pos.to_text(), before);
                checked += 1;
            }
        }
    }
    checked
}
