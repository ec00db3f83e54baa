//! The engine: it finds mates and wins material at chess and shogi (one
//! thread and several), a node limit makes it repeatable, its evaluation is
//! the dot product of its features and weights (what `chimera tune` fits),
//! weights files and `[engine] weights` are read or refused with their
//! place, timed games keep the clock, and `chimera tune` writes weights the
//! engine then plays with.

use std::path::Path;
use std::sync::Arc;

use crate::common;
use common::{chimera, variant};

use chimera::History;
use chimera::game::search::{Limits, MATE_SCORE, Searcher, Weights};
use chimera::game::tune::{Sample, fit};
use chimera::game::{Game, TimeControl};
use chimera::{Position, Variant};

/// The engine's move from `text` (searched to `depth`, or `nodes`), as text.
fn best(v: &Arc<Variant>, text: &str, depth: i32, threads: usize) -> (String, i32) {
    let mut pos = Position::from_text(v, text).expect("position");
    let mut s = Searcher::new(v);
    let limits = Limits {
        depth,
        threads,
        ..Limits::default()
    };
    let root = [pos.hash()];
    let r = s.search(
        &mut pos,
        limits,
        History {
            hashes: &root,
            checks: None,
        },
    );
    (pos.move_text(&r.best.expect("a move")), r.score)
}

#[test]
fn finds_mates_and_material_at_chess() {
    let v = variant("chess.toml");
    for threads in [1, 2] {
        // A back-rank mate in one, two ways.
        let (m, score) = best(&v, "6k1/5ppp/8/8/8/8/1Q3PPP/3R2K1 w - - 0 1", 6, threads);
        assert!(score >= MATE_SCORE - 3, "{m} {score}");
        assert!(["d1d8", "b2b8"].contains(&m.as_str()), "{m}");
        // The undefended queen is taken (by the knight or the queen).
        let (m, score) = best(
            &v,
            "r3k2r/ppp2ppp/2n5/3q4/8/2N5/PPP2PPP/R2QKB1R w KQkq - 0 1",
            6,
            threads,
        );
        assert!(["c3d5", "d1d5"].contains(&m.as_str()), "threads {threads}: {m}");
        assert!(score > 500, "{score}");
        // Scholar's mate.
        let (m, score) = best(
            &v,
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            4,
            threads,
        );
        assert_eq!((m.as_str(), score), ("h5f7", MATE_SCORE - 1));
    }
}

#[test]
fn finds_a_drop_mate_at_shogi() {
    let v = variant("shogi.toml");
    // Black (sente) to move with a gold in hand: G*5b is mate (the king on
    // 5a is boxed in by its own pieces, the pawn on 5c guards 5b).
    let (m, score) = best(&v, "3lkl3/3s1s3/4P4/9/9/9/9/9/4K4 b G 1", 3, 1);
    assert_eq!(m, "G*e8", "G*5b in USI");
    assert_eq!(score, MATE_SCORE - 1);
}

#[test]
fn a_node_limit_makes_the_search_repeatable() {
    let v = variant("chess.toml");
    let run = || {
        let mut pos = Position::start(&v);
        let mut s = Searcher::new(&v);
        let limits = Limits {
            depth: 64,
            nodes: Some(20_000),
            ..Limits::default()
        };
        let root = [pos.hash()];
        let r = s.search(
            &mut pos,
            limits,
            History {
                hashes: &root,
                checks: None,
            },
        );
        (r.best, r.score, r.depth, r.nodes)
    };
    let a = run();
    assert_eq!(a, run());
    assert!(a.3 < 25_000, "the limit holds: {a:?}");
}

/// A move time too short for one iteration (a 36×36 board's depth 1 can
/// take a second) still gets one: the move played is searched, never the
/// first legal move at depth 0. On a clock (a soft time) the deadline
/// stands, as running out would lose.
#[test]
fn a_move_time_waits_for_the_first_iteration_but_a_clock_does_not() {
    let v = variant("chess.toml");
    let search = |soft: Option<std::time::Duration>| {
        let mut pos = Position::start(&v);
        let mut s = Searcher::new(&v);
        let limits = Limits {
            depth: 64,
            movetime: Some(std::time::Duration::ZERO),
            soft,
            ..Limits::default()
        };
        let root = [pos.hash()];
        s.search(
            &mut pos,
            limits,
            History {
                hashes: &root,
                checks: None,
            },
        )
    };
    let r = search(None);
    assert!(
        r.depth >= 1 && !r.partial,
        "depth {} (partial {})",
        r.depth,
        r.partial
    );
    assert!(r.best.is_some());
    let r = search(Some(std::time::Duration::ZERO));
    assert_eq!(r.depth, 0, "on a clock the deadline stands");
}

#[test]
fn a_searcher_keeps_its_table_between_moves_and_leaves_the_position() {
    let v = variant("shogi.toml");
    let mut game = Game::from_start(&v);
    let mut s = Searcher::with_hash(&v, 4);
    assert!(s.hash_megabytes() >= 2 && s.hash_megabytes() <= 4);
    for _ in 0..6 {
        let mut pos = game.position().clone();
        let before = pos.to_text();
        let limits = Limits {
            depth: 4,
            ..Limits::default()
        };
        let r = s.search(&mut pos, limits, game.history());
        assert_eq!(pos.to_text(), before);
        game.play(r.best.expect("a move"));
    }
}

#[test]
fn the_search_rules_a_perpetual_check_as_the_game_does() {
    // Red's rook checks the black king back and forth; its next check
    // (a9a10) would recur a position a third time with every red move a
    // check: red would lose. Black's two rooks win anyway, so a draw is
    // what red wants — unless it is told the repetition is lost.
    let moves = [
        "a8a10", "e10e9", "a10a9", "e9e10", "a9a10", "e10e9", "a10a9", "e9e10",
    ];
    perpetual_is_ruled(
        "xiangqi.toml",
        "4k4/9/R8/9/9/7rr/9/9/9/3K5 w - - 0 1",
        &moves,
        "a9a10",
    );
}

#[test]
fn the_search_rules_a_perpetual_threat_to_command_as_the_game_does() {
    // Ko shogi has no royal piece: a "check" is a move after which the
    // mover could take the other side's last commanding piece, judged by
    // trying its moves, which the search asks only once a position repeats.
    // Black's chariot unit has chased white's sole general round and round;
    // b1a1 (a threat again) would recur a position a fourth time with every
    // black move a threat: black would lose. Down two queens, black would
    // take the draw unless told.
    let start = "g18/19/19/19/19/19/19/19/19/5ppqqpp8/19/19/19/19/19/19/19/19/(CU)8G9 w - 1";
    let moves = [
        "a19b19", "a1b1", "b19a19", "b1a1", "a19b19", "a1b1", "b19a19", "b1a1", "a19b19", "a1b1", "b19a19",
    ];
    perpetual_is_ruled("ko-shogi.toml", start, &moves, "b1a1");
}

/// After `moves` from `start`, the side to move, losing, would take the
/// draw by `repeating` if it did not know its checks made it a loss: not
/// told the game's checks the search plays it (score 0); told, it avoids
/// it with a losing score, and the game rules the repetition a perpetual
/// check.
fn perpetual_is_ruled(file: &str, start: &str, moves: &[&str], repeating: &str) {
    let v = variant(file);
    let mut game = Game::new(Position::from_text(&v, start).expect("position"));
    for m in moves {
        game.play_text(m).expect("a legal move");
    }
    let search = |history: History<'_>| {
        let mut pos = game.position().clone();
        let mut s = Searcher::new(&v);
        let limits = Limits {
            depth: 3,
            ..Limits::default()
        };
        let r = s.search(&mut pos, limits, history);
        (pos.move_text(&r.best.expect("a move")), r.score)
    };
    let hashes = game.hashes().to_vec();
    let (m, score) = search(History {
        hashes: &hashes,
        checks: None,
    });
    assert_eq!((m.as_str(), score), (repeating, 0), "{file}");
    let line = game.line();
    let (m, score) = search(line.history());
    assert_ne!(m, repeating, "{file}: score {score}");
    assert!(score < 0, "{file}: {m} {score}");
    let mut after = game.clone();
    after.play_text(repeating).expect("a legal move");
    assert_eq!(
        after.result().map(|r| r.reason),
        Some(chimera::Reason::PerpetualCheck),
        "{file}"
    );
}

#[test]
fn null_moves_are_taken_back_exactly() {
    for name in ["chess.toml", "shogi.toml", "janggi.toml", "kozune.toml"] {
        let v = variant(name);
        let mut pos = Position::start(&v);
        let (text, hash) = (pos.to_text(), pos.hash());
        pos.make_null();
        assert_ne!(pos.side_to_move(), Position::start(&v).side_to_move());
        assert_ne!(pos.hash(), hash);
        pos.unmake();
        assert_eq!((pos.to_text(), pos.hash()), (text, hash), "{name}");
    }
}

/// Random positions of a variant, from seeded random games.
fn positions(v: &Arc<Variant>, n: usize) -> Vec<Position> {
    let mut out = Vec::new();
    let mut pos = Position::start(v);
    let mut seed = 12345u64;
    let mut moves = Vec::new();
    while out.len() < n {
        pos.legal_moves(&mut moves);
        if moves.is_empty() || pos.ply() > 120 {
            pos = Position::start(v);
            continue;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        pos.make(moves[(seed >> 33) as usize % moves.len()]);
        out.push(pos.clone());
    }
    out
}

#[test]
fn the_evaluation_is_its_features_times_its_weights() {
    for name in [
        "chess.toml",
        "shogi.toml",
        "kozune.toml",
        "ko-shogi.toml",
        "xiangqi.toml",
    ] {
        let v = variant(name);
        let mut s = Searcher::new(&v);
        // The hand-written evaluation (xiangqi's rules file names a network).
        s.set_network(None);
        let w = s.eval().weights().to_vec();
        let mut scratch = Vec::new();
        for pos in positions(&v, 40) {
            let f = s.eval().features(&pos, &mut scratch);
            let dot: f64 = f.iter().zip(&w).map(|(a, b)| a * b).sum();
            let e = s.evaluate(&pos) as f64;
            // Per-piece rounding only.
            let tolerance = 1.0
                + 0.5
                    * (pos.pieces(chimera::Color::First).len() + pos.pieces(chimera::Color::Second).len())
                        as f64;
            assert!(
                (e - dot).abs() <= tolerance,
                "{name}: {e} vs {dot} at {}",
                pos.to_text()
            );
        }
        // A symmetric start: only the tempo term is left.
        if name != "kozune.toml" {
            let e = s.evaluate(&Position::start(&v));
            assert!((e - 10).abs() <= 1, "{name}: {e}");
        }
    }
}

/// The royal terms of the features: danger is the other side's material
/// (in pawns) within three king steps of a royal piece, weighted 3/3, 2/3,
/// 1/3 by distance, plus its material in hand over 200; shelter counts own
/// pieces one step away; both side to move minus the other.
#[test]
fn royal_danger_and_shelter_count_what_is_near() {
    let danger_and_shelter = |v: &Arc<Variant>, text: &str| {
        let s = Searcher::new(v);
        let pos = Position::from_text(v, text).expect("position");
        let f = s.eval().features(&pos, &mut Vec::new());
        let kinds = v.kind_count();
        (f[2 * kinds + 3], f[2 * kinds + 4], s.eval().weights().clone())
    };
    let v = variant("chess.toml");
    let value = |w: &Weights, symbol: &str| w.board[v.kind_by_symbol(symbol).expect("kind").index()] / 100.0;
    // White's king on e1 behind three pawns (its knight two steps away is
    // no shelter); a black queen three steps away, a black rook four (too
    // far); Black's king alone in its corner. Of the white king's zone
    // (e1, d1, f1, d2, e2, f2) the queen attacks e2 alone: 1² / 2 more.
    let (danger, shelter, w) = danger_and_shelter(&v, "7k/8/8/r7/4q3/2N5/3PPP2/4K3 w - - 0 1");
    assert!((danger + value(&w, "Q") / 3.0 + 0.5).abs() < 1e-9, "{danger}");
    assert_eq!(shelter, 3.0);
    // The same from Black's side: the signs turn.
    let (danger, shelter, _) = danger_and_shelter(&v, "7k/8/8/r7/4q3/2N5/3PPP2/4K3 b - - 0 1");
    assert!((danger - value(&w, "Q") / 3.0 - 0.5).abs() < 1e-9, "{danger}");
    assert_eq!(shelter, -3.0);
    // At the edge: a knight one step from the cornered black king, a
    // bishop two; of the king's zone (h8, g8, h7, g7) the bishop attacks
    // g7 (its own knight's square: a defended square counts) and g8, h8
    // and h7 are free: 1² / 2 more.
    let (danger, shelter, _) = danger_and_shelter(&v, "7k/6N1/5B2/8/8/8/8/K7 b - - 0 1");
    let expected = value(&w, "N") + value(&w, "B") * 2.0 / 3.0 + 0.5;
    assert!((danger + expected).abs() < 1e-9, "{danger} vs {expected}");
    assert_eq!(shelter, 0.0);
    // Two rooks on the open files beside the king attack four squares of
    // its zone (d1, d2, f1, f2), too far to count as near: 4² / 2.
    let (danger, _, _) = danger_and_shelter(&v, "3r1r1k/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!((danger + 8.0).abs() < 1e-9, "{danger}");
    // Shogi: material in hand threatens every royal piece.
    let v = variant("shogi.toml");
    let s = Searcher::new(&v);
    let pawn_in_hand = s.eval().weights().hand[v.kind_by_symbol("P").expect("pawn").index()];
    let (danger, _, _) = danger_and_shelter(&v, "4k4/9/9/9/9/9/9/9/4K4 b P 1");
    assert!(
        (danger - pawn_in_hand.round() / 200.0).abs() < 1e-9,
        "{danger} vs {pawn_in_hand}"
    );
}

#[test]
fn weights_files_round_trip_and_bad_ones_name_their_place() {
    let v = variant("shogi.toml");
    let mut w = Weights::defaults(&v);
    w.terms[0] = 3.5;
    w.board[1] += 40.0;
    let text = w.to_toml(&v, "a test");
    let back = Weights::parse(&v, "w.toml", &text).expect("reads back");
    for (a, b) in back.to_vec().iter().zip(w.to_vec()) {
        assert!((a - b).abs() < 0.06, "{a} {b}");
    }
    for (bad, expected) in [
        (
            "variant = \"Chess\"\n",
            "w.toml:1:11: these weights are for `Chess`, not `Shogi`",
        ),
        (
            "variant = \"Shogi\"\n[terms]\nspeed = 1.0\n",
            "w.toml:3:1: unknown term `speed`",
        ),
        (
            "variant = \"Shogi\"\n[board]\nQ = 900.0\n",
            "w.toml:3:1: `Q` is not a piece of Shogi",
        ),
        (
            "variant = \"Shogi\"\n[hand]\nP = nan\n",
            "w.toml:3:1: `P`: weights are finite",
        ),
        (
            "variant = \"Shogi\"\n[terms]\ntempo = 1e300\n",
            "w.toml:3:1: `tempo`: weights are finite",
        ),
        (
            "variant = \"Shogi\"\n[extra]\n",
            "w.toml:2:2: unknown field `extra`",
        ),
        ("variant = \n", "w.toml:1:"),
    ] {
        let e = Weights::parse(&v, "w.toml", bad).expect_err(bad);
        assert!(e.starts_with(expected), "{bad:?}: {e}");
    }
}

#[test]
fn a_rules_file_names_its_weights_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rules = common::variant_text("minishogi.toml");
    let v = variant("minishogi.toml");
    let mut w = Weights::defaults(&v);
    w.terms[5] = 33.0;
    std::fs::write(dir.path().join("mini.weights.toml"), w.to_toml(&v, "test")).expect("write");
    let named = dir.path().join("mini.toml");
    std::fs::write(
        &named,
        format!("{rules}\n[engine]\nweights = \"mini.weights.toml\"\n"),
    )
    .expect("write");
    let tuned = chimera::load(&named).expect("loads with its weights");
    assert_eq!(Searcher::new(&tuned).eval().weights().terms[5], 33.0);
    // A missing file and an unknown key are errors at their place.
    let broken = dir.path().join("broken.toml");
    std::fs::write(&broken, format!("{rules}\n[engine]\nweights = \"none.toml\"\n")).expect("write");
    let e = chimera::load(&broken).expect_err("no such file");
    assert!(e.message.contains("cannot use the weights file"), "{}", e.message);
    assert_eq!(e.line, rules.lines().count() + 3);
    std::fs::write(&broken, format!("{rules}\n[engine]\nweight = \"w.toml\"\n")).expect("write");
    let e = chimera::load(&broken).expect_err("unknown key");
    assert!(e.message.contains("unknown field `weight`"), "{}", e.message);
}

#[test]
fn fitting_recovers_a_hidden_weight() {
    // Results drawn from a known logistic model of one feature: the fit
    // moves the weight from a wrong start towards the true value.
    let v = variant("chess.toml");
    let start = Weights::defaults(&v);
    let n = start.to_vec().len();
    let mobility = 2 * v.kind_count();
    let pawn = v.kind_by_symbol("P").expect("pawn").index();
    let mut samples = Vec::new();
    let mut seed = 7u64;
    for i in 0..4000 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let x = ((seed >> 40) as f64 / (1u64 << 24) as f64 - 0.5) * 200.0;
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let y = ((seed >> 40) % 7) as f64 - 3.0;
        let mut f = vec![0.0; n];
        f[mobility] = x;
        f[pawn] = y;
        // True weights: the pawn as it is, 6 centipawns a move; scale 0.004.
        let p = 1.0 / (1.0 + (-0.004 * (6.0 * x + start.board[pawn] * y)).exp());
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let r = if ((seed >> 40) as f64 / (1u64 << 24) as f64) < p {
            1.0
        } else {
            0.0
        };
        samples.push(Sample {
            features: f,
            result: r,
            game: i,
        });
    }
    let f = fit(&v, &start, &samples, 600);
    assert!(f.loss_after <= f.loss_before, "{f:?}");
    assert!(
        f.weights.terms[0] > 3.0,
        "mobility fitted upwards from 2: {:?}",
        f.weights.terms
    );
}

/// Without moves-to-go a game is planned over 50 moves where it has few
/// pieces, over one and a half moves a piece where it has many (chu
/// shogi's 92 pieces: 138), never over more than 200 (taikyoku's 804).
#[test]
fn a_game_of_many_pieces_is_planned_over_more_moves() {
    use chimera::game::clock::{HORIZON, clock_budget, horizon};
    let at_start = |file: &str| horizon(&Position::start(&variant(file)));
    assert_eq!(at_start("chess.toml"), HORIZON);
    assert_eq!(at_start("shogi.toml"), 60);
    assert_eq!(at_start("chu-shogi.toml"), 138);
    assert_eq!(at_start("taikyoku-shogi.toml"), 200);
    // Pieces in hand count: shogi keeps its 40 after a capture.
    let v = variant("shogi.toml");
    let pos = Position::from_text(
        &v,
        "lnsgkgsnl/1r5b1/ppppppp1p/9/9/9/PP1PPPPPP/1B5R1/LNSGKGSNL b Pp 5",
    )
    .expect("a shogi position with a pawn in each hand");
    assert_eq!(horizon(&pos), 60);
    // The first move of a 1-minute sudden-death game: a share of 138
    // moves for chu, of 50 for chess.
    let soft = |h| {
        clock_budget(Some(60_000), 0, None, 0, 20, h)
            .expect("a clock")
            .soft
    };
    assert!(
        soft(138) * 2 < soft(HORIZON),
        "{} vs {}",
        soft(138),
        soft(HORIZON)
    );
}

#[test]
fn time_controls_parse_and_refuse_nonsense() {
    let tc = TimeControl::parse("10+0.1", 0.0).expect("tc");
    assert_eq!((tc.base.as_millis(), tc.inc.as_millis()), (10_000, 100));
    assert_eq!(
        TimeControl::parse("0", 1.0).expect("byoyomi").byoyomi.as_millis(),
        1000
    );
    for bad in ["", "x", "10+y", "-1", "0+0", "1e9", "nan"] {
        assert!(TimeControl::parse(bad, 0.0).is_err(), "{bad}");
    }
}

#[test]
#[ignore = "deep tier (timed): cargo test --release -- --ignored --test-threads 1"]
fn timed_games_keep_the_clock_without_losing_on_time() {
    let out = chimera(&[
        "match",
        "variants/chess.toml",
        "--games",
        "2",
        "--tc",
        "1+0.02",
        "--a",
        "engine",
        "--b",
        "engine:threads=2",
        "--max-moves",
        "80",
        "--json",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(!stdout.contains("time forfeit"), "{stdout}");
    let last: serde_json::Value =
        serde_json::from_str(stdout.lines().last().expect("summary")).expect("json");
    assert_eq!(last["tc"], "1+0.02");
    // Byoyomi alone, and the flags' misuse.
    let out = chimera(&[
        "play",
        "variants/minishogi.toml",
        "--tc",
        "0",
        "--byoyomi",
        "0.1",
        "--max-moves",
        "20",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!String::from_utf8_lossy(&out.stdout).contains("time forfeit"));
    for args in [
        &["play", "variants/chess.toml", "--byoyomi", "1"][..],
        &["play", "variants/chess.toml", "--tc", "soon"],
        &["match", "variants/chess.toml", "--tc", "0+0"],
        &[
            "play",
            "variants/chess.toml",
            "--first",
            "engine:weights=/no/such/file.toml",
        ],
        &["play", "variants/chess.toml", "--first", "engine:hash=0"],
    ] {
        let out = chimera(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

/// `chimera tune` on minishogi, small, writing `out`; extra flags after.
fn tune(out: &Path, extra: &[&str]) -> std::process::Output {
    let out = out.display().to_string();
    let mut args = vec![
        "tune",
        "variants/minishogi.toml",
        "--games",
        "6",
        "--nodes",
        "300",
        "--max-moves",
        "60",
        "--iterations",
        "200",
        "--out",
        &out,
    ];
    args.extend_from_slice(extra);
    chimera(&args)
}

#[test]
fn tune_writes_weights_the_engine_plays_with() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("mini.weights.toml");
    let out = tune(&file, &["--threads", "2", "--json"]);
    let summary = common::json_summary(&out);
    assert_eq!(summary["games"], 6);
    assert!(
        summary["positions"].as_u64().is_some_and(|n| n >= 10),
        "{summary}"
    );
    let v = variant("minishogi.toml");
    Weights::read(&v, &file).expect("a weights file for the variant");
    // Repeatable: the same seed gives the same file, whatever the threads.
    let again = dir.path().join("again.toml");
    assert!(tune(&again, &[]).status.success());
    assert_eq!(
        std::fs::read_to_string(&file).expect("first"),
        std::fs::read_to_string(&again).expect("second")
    );
    let player = format!("engine:nodes=500,weights={}", file.display());
    let out = chimera(&[
        "play",
        "variants/minishogi.toml",
        "--first",
        &player,
        "--max-moves",
        "10",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// `chimera tune --openings`: the games start from the file's positions
/// (so the fit learns from other games: other weights), and a line that is
/// not a position is refused, named, before any game.
#[test]
fn tune_plays_its_games_from_openings() {
    let dir = tempfile::tempdir().expect("temp dir");
    let openings = dir.path().join("starts.epd");
    std::fs::write(
        &openings,
        "# white's pawn one step on\nrbsgk/5/4p/P4/KGSBR b - 3\n",
    )
    .expect("write");
    let (plain, from) = (dir.path().join("plain.toml"), dir.path().join("from.toml"));
    assert!(tune(&plain, &[]).status.success());
    let out = tune(&from, &["--openings", &openings.display().to_string()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_ne!(
        std::fs::read_to_string(&plain).expect("plain"),
        std::fs::read_to_string(&from).expect("from openings")
    );
    let bad = dir.path().join("bad.epd");
    std::fs::write(&bad, "rbsgk/4p/5/P4/KGSBR b - 1\nnot a position\n").expect("write");
    let out = tune(
        &dir.path().join("never.toml"),
        &["--openings", &bad.display().to_string()],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(":2"), "{err}");
}

#[test]
fn kozune_plays_with_its_tuned_weights_from_a_file_or_bundled() {
    let root = common::root();
    let shipped = Weights::read(
        &variant("kozune.toml"),
        &root.join("variants/weights/kozune.weights.toml"),
    )
    .expect("the shipped weights");
    assert_ne!(shipped, Weights::defaults(&variant("kozune.toml")));
    let from_file = variant("kozune.toml");
    assert_eq!(Searcher::new(&from_file).eval().weights(), &shipped);
    // Compiled from text, as the protocols compile bundled variants.
    let text = chimera::bundled::VARIANTS
        .iter()
        .find(|(n, _)| *n == "kozune")
        .map(|(_, t)| *t)
        .expect("bundled");
    let bundled = chimera::load_str("kozune.toml", text).expect("compiles without a folder");
    assert_eq!(Searcher::new(&bundled).eval().weights(), &shipped);
}

/// Ko shogi's command sets: the general, the governor, or a middle troop
/// with a banner or flag waver. A side's command hangs on a piece when it
/// has a complete set and losing that piece would leave none (the
/// evaluation then watches the piece as a king).
#[test]
fn the_piece_a_command_hangs_on_is_found() {
    use chimera::Color::{First, Second};
    let v = variant("ko-shogi.toml");
    let kind = |name: &str| v.kind_by_name(name).expect(name);
    let (general, troop, banner) = (kind("general"), kind("middle troop"), kind("banner"));
    let at = |fen: &str| Position::from_text(&v, fen).expect(fen);
    let rest = "19/12E6/19/19/19/19/19/19/19/19/19/19/19/19/19/19/9G9 b - 1";
    // General, banner and troop: two sets, nothing hangs.
    let both = at(&format!("9g9/8b(ma)9/{rest}"));
    for k in [general, troop, banner] {
        assert!(!both.command_hangs_on(Second, k));
    }
    // General and troop: the general alone commands.
    let general_only = at(&format!("9g9/9(ma)9/{rest}"));
    assert!(general_only.command_hangs_on(Second, general));
    assert!(!general_only.command_hangs_on(Second, troop));
    assert!(!general_only.command_hangs_on(Second, banner));
    // Troop and banner without the general: either one.
    let pair = at(&format!("19/8b(ma)9/{rest}"));
    assert!(pair.command_hangs_on(Second, troop));
    assert!(pair.command_hangs_on(Second, banner));
    assert!(!pair.command_hangs_on(Second, general));
    // The other side's lone general.
    assert!(pair.command_hangs_on(First, general));
}
