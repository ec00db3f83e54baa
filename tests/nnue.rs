//! The learnt evaluation: its inputs see both sides alike, its gradient is
//! the loss's (finite differences), its integers agree with its floats, its
//! file is checked on load, a tiny network learns, and `chimera train`
//! writes a network the engine, a player and a rules file use — resuming
//! where a run stopped.

use std::sync::Arc;

use crate::common;
use common::{chimera, variant};

use chimera::Position;
use chimera::game::nnue::network::{QA, SCALE};
use chimera::game::nnue::train::{self, FloatNet, Samples, TrainOptions};
use chimera::game::nnue::{Layout, Network, Scratch};
use chimera::game::search::{Limits, Searcher};

fn sorted_features(layout: &Layout, pos: &Position, view: chimera::Color) -> Vec<u32> {
    let mut f = Vec::new();
    layout.features(pos, view, &mut f);
    f.sort_unstable();
    f
}

/// Start positions that are the same for both players are seen alike from
/// both sides: chess reflected, shogi and xiangqi turned; a position that
/// is not, differently.
#[test]
fn both_sides_see_a_symmetric_start_alike() {
    for file in [
        "chess.toml",
        "shogi.toml",
        "xiangqi.toml",
        "crazyhouse.toml",
        "chu-shogi.toml",
    ] {
        let v = variant(file);
        let layout = Layout::new(&v);
        let pos = Position::start(&v);
        let first = sorted_features(&layout, &pos, chimera::Color::First);
        assert_eq!(
            first,
            sorted_features(&layout, &pos, chimera::Color::Second),
            "{file}"
        );
        assert!(first.iter().all(|&f| (f as usize) < layout.inputs()), "{file}");
        assert_eq!(first.len(), pos.pieces(chimera::Color::First).len() * 2, "{file}");
    }
    let v = variant("chess.toml");
    let layout = Layout::new(&v);
    let pos = Position::from_text(&v, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        .expect("position");
    assert_ne!(
        sorted_features(&layout, &pos, chimera::Color::First),
        sorted_features(&layout, &pos, chimera::Color::Second)
    );
    // Pieces in hand are inputs, as many as the count (to the cap).
    let v = variant("crazyhouse.toml");
    let layout = Layout::new(&v);
    let pos = Position::from_text(&v, "rnbqkbnr/pp2pppp/8/8/8/8/PPP1PPPP/RNBQKBNR[PPp] w KQkq - 0 1")
        .expect("position");
    assert_eq!(
        sorted_features(&layout, &pos, chimera::Color::First).len(),
        29 + 3
    );
}

/// The largest boards stay bounded: squares are grouped in blocks.
#[test]
fn large_boards_group_squares() {
    let chu = Layout::new(&variant("chu-shogi.toml"));
    assert_eq!(chu.block(), 1);
    let taikyoku = Layout::new(&variant("taikyoku-shogi.toml"));
    assert!(taikyoku.block() > 1, "block {}", taikyoku.block());
    assert!(taikyoku.inputs() <= chimera::game::nnue::layout::MAX_BOARD_INPUTS + 347 * 2 * 8);
}

/// Samples from a few chess positions, with made-up scores.
fn chess_samples(n: usize) -> (Arc<chimera::Variant>, Layout, Samples) {
    let v = variant("chess.toml");
    let layout = Layout::new(&v);
    let mut s = Samples::default();
    let mut game = chimera::game::Game::from_start(&v);
    for i in 0..n {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[(i * 7 + 3) % moves.len()]);
        s.push(&layout, game.position(), (i as i32 * 37) % 300 - 150, 0.5, 0.8);
    }
    (v, layout, s)
}

/// Each weight's derivative, by the trainer, is the slope of the loss
/// measured by nudging the weight.
#[test]
fn the_gradient_is_the_slope_of_the_loss() {
    let (_, layout, s) = chess_samples(6);
    let mut net = FloatNet::new(layout.inputs(), 4, 3);
    // Accumulators inside (0, 1), where SCReLU bends.
    net.b1.iter_mut().for_each(|b| *b = 0.4);
    for i in 0..s.len() {
        let (g1, gb1, g2, gb2) = train::gradient_of(&net, &s, i);
        let loss = |n: &FloatNet| n.loss(&s, &[i]);
        let slope = |set: &dyn Fn(&mut FloatNet, f32)| {
            let eps = 1e-3;
            let (mut a, mut b) = (net.clone(), net.clone());
            set(&mut a, eps);
            set(&mut b, -eps);
            ((loss(&a) - loss(&b)) / (2.0 * f64::from(eps))) as f32
        };
        let close = |got: f32, want: f32, what: &str| {
            assert!(
                (got - want).abs() <= 2e-3 * want.abs().max(0.05),
                "{what}: {got} vs {want}"
            );
        };
        close(gb2[0], slope(&|n, e| n.b2[0] += e), "b2");
        for (j, &g) in g2.iter().enumerate() {
            close(g, slope(&|n, e| n.w2[j] += e), "w2");
        }
        for (j, &g) in gb1.iter().enumerate() {
            close(g, slope(&|n, e| n.b1[j] += e), "b1");
        }
        let mut f = Vec::new();
        layout.features(
            &Position::start(&variant("chess.toml")),
            chimera::Color::First,
            &mut f,
        );
        for &row in f.iter().take(3) {
            let k = row as usize * 4 + 1;
            close(g1[k], slope(&|n, e| n.w1[k] += e), "w1");
        }
    }
}

/// The integer network scores as the floating-point one, to rounding.
#[test]
fn the_integers_agree_with_the_floats() {
    let (v, layout, _) = chess_samples(1);
    let net = FloatNet::new(layout.inputs(), 16, 5);
    let q = net.quantise(&v, "test");
    let mut scratch = Scratch::default();
    let mut game = chimera::game::Game::from_start(&v);
    for i in 0..30 {
        let pos = game.position();
        let stm = pos.side_to_move();
        let (mut us, mut them) = (Vec::new(), Vec::new());
        layout.features(pos, stm, &mut us);
        layout.features(pos, !stm, &mut them);
        let float = net.output(&us, &them) * SCALE as f32;
        let int = q.evaluate(pos, &mut scratch);
        assert!(
            (float - int as f32).abs() <= 2.0 + float.abs() * 0.02,
            "ply {i}: {float} vs {int}"
        );
        let moves = game.legal_moves();
        game.play(moves[(i * 5 + 1) % moves.len()]);
    }
    assert_eq!(QA, 255);
}

/// Accumulators brought up to date by the inputs that changed score as
/// ones summed afresh: along games of drops and promotions, going back and
/// forth between two games, and across two networks.
#[test]
fn updated_accumulators_equal_fresh_ones() {
    // Hands, a rotated view, walls, and a board of grouped squares.
    // Royal buckets: a king that changes bucket refreshes its side.
    for (file, buckets) in [
        ("crazyhouse.toml", 1),
        ("shogi.toml", 1),
        ("xiangqi.toml", 1),
        ("duck.toml", 1),
        ("taikyoku-shogi.toml", 1),
        ("shogi.toml", 6),
        ("crazyhouse.toml", 9),
        ("xiangqi.toml", 2),
    ] {
        let v = variant(file);
        let layout = Layout::with_buckets(&v, buckets).expect("a bucket count");
        let nets = [1, 2].map(|seed| FloatNet::new(layout.inputs(), 16, seed).quantise(&v, "test"));
        let mut kept = Scratch::default();
        let mut games = [
            chimera::game::Game::from_start(&v),
            chimera::game::Game::from_start(&v),
        ];
        for i in 0..120 {
            let g = &mut games[i % 2];
            let net = &nets[(i / 7) % 2];
            let pos = g.position();
            assert_eq!(
                net.evaluate(pos, &mut kept),
                net.evaluate(pos, &mut Scratch::default()),
                "{file} {buckets} {i}"
            );
            let moves = g.legal_moves();
            if moves.is_empty() || g.result().is_some() {
                *g = chimera::game::Game::from_start(&v);
                continue;
            }
            let m = moves
                .iter()
                .find(|m| m.is_capture() || m.promotion().is_some())
                .copied();
            g.play(m.unwrap_or(moves[(i * 13 + 5) % moves.len()]));
        }
    }
}

/// A network file reads back as it was written; another variant's, a
/// corrupt one, a cut one, and something else are refused with a reason.
#[test]
fn network_files_are_checked_on_load() {
    let (v, layout, _) = chess_samples(1);
    let q = FloatNet::new(layout.inputs(), 8, 1).quantise(&v, "made in a test");
    let bytes = q.to_bytes();
    let back = Network::from_bytes(&v, &bytes).expect("reads back");
    assert_eq!(back.to_bytes(), bytes);
    assert_eq!(back.about, "made in a test");
    let e = Network::from_bytes(&variant("shogi.toml"), &bytes).expect_err("another variant");
    assert!(e.contains("trained for `Chess`"), "{e}");
    let mut corrupt = bytes.clone();
    corrupt[100] ^= 1;
    assert!(
        Network::from_bytes(&v, &corrupt)
            .expect_err("corrupt")
            .contains("corrupt")
    );
    assert!(Network::from_bytes(&v, &bytes[..50]).is_err());
    assert!(
        Network::from_bytes(&v, b"[engine]\nweights = 1\n")
            .expect_err("text")
            .contains("not a chimera network")
    );
}

/// Trained on positions labelled by material alone, a tiny network learns
/// it: its held-out loss falls to a fraction of where it started.
#[test]
fn a_tiny_network_learns_material() {
    let v = variant("chess.toml");
    let layout = Layout::new(&v);
    let mut s = Samples::default();
    let values = [("P", 100), ("N", 300), ("B", 300), ("R", 500), ("Q", 900)];
    let mut seed = 11u64;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    for _ in 0..3000 {
        let mut game = chimera::game::Game::from_start(&v);
        for _ in 0..(10 + next(60)) {
            let moves = game.legal_moves();
            if moves.is_empty() || game.result().is_some() {
                break;
            }
            // Captures first: material changes hands.
            let m = moves
                .iter()
                .find(|m| m.is_capture() && next(2) == 0)
                .copied()
                .unwrap_or(moves[next(moves.len())]);
            game.play(m);
        }
        let pos = game.position();
        let stm = pos.side_to_move();
        let mut material = 0;
        for c in chimera::Color::BOTH {
            for &sq in pos.pieces(c) {
                let p = pos.piece_at(sq).expect("piece");
                let sym = v.piece(p.kind()).symbol().to_uppercase();
                let val = values.iter().find(|(s, _)| *s == sym).map_or(0, |x| x.1);
                material += if c == stm { val } else { -val };
            }
        }
        s.push(&layout, pos, material, 0.5, 1.0);
    }
    let (train_set, held): (Vec<usize>, Vec<usize>) = (0..s.len()).partition(|i| i % 10 != 0);
    let mut net = FloatNet::new(layout.inputs(), 16, 2);
    let mut adam = train::Adam::new(&net);
    let before = net.loss(&s, &held);
    let opts = TrainOptions {
        epochs: 30,
        batch: 256,
        rate: 0.01,
        threads: 2,
        seed: 1,
        ..TrainOptions::default()
    };
    for e in 0..opts.epochs {
        train::epoch(&mut net, &mut adam, &s, &train_set, e, &opts);
    }
    let after = net.loss(&s, &held);
    assert!(after < before * 0.25, "held-out loss {before:.5} -> {after:.5}");
    // A checkpoint brings the run back as it was.
    let bytes = train::checkpoint(&net, &adam, 30);
    let (back, _, done) = train::from_checkpoint(&bytes, layout.inputs(), 16, 1).expect("checkpoint");
    assert_eq!((back, done), (net, 30));
}

/// `chimera train` plays, trains and writes a network; run again, it keeps
/// the games and the epochs done; the network plays through a player, a
/// rules file names it, and a wrong one is refused at its key.
#[test]
fn chimera_train_writes_a_network_and_resumes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let run = dir.path().join("run");
    let run_s = run.to_str().expect("path");
    let args = |epochs: &'static str| {
        vec![
            "train",
            "variants/minishogi.toml",
            "--dir",
            run_s,
            "--games",
            "4",
            "--nodes",
            "200",
            "--max-moves",
            "60",
            "--hidden",
            "8",
            "--epochs",
            epochs,
            "--threads",
            "2",
        ]
    };
    let out = chimera(&args("2"));
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("training: 2 epochs"), "{text}");
    assert!(
        text.contains("4 games in") && text.contains("this run played 4: "),
        "{text}"
    );
    let data = run.join("data").join("games-000000-000004.txt");
    let lines = std::fs::read_to_string(&data).expect("data");
    assert!(lines.lines().count() > 20, "{lines}");
    let modified = std::fs::metadata(&data)
        .and_then(|m| m.modified())
        .expect("mtime");
    let out = chimera(&args("3"));
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    // The games were played before: no outcomes of none played read as 0-0-0.
    assert!(text.contains("(all played before this run)"), "{text}");
    assert_eq!(
        std::fs::metadata(&data)
            .and_then(|m| m.modified())
            .expect("mtime"),
        modified,
        "games played again"
    );
    // Files of another size play only the games no file holds.
    let mut other_size = args("3");
    other_size.extend(["--chunk-games", "3"]);
    let out = chimera(&other_size);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_dir(run.join("data")).expect("data").count(), 1);
    // A range must be one.
    for (flag, value, said) in [
        ("--chunks", "2..1", "START less than END"),
        ("--chunks", "0..9", "make 1 files"),
    ] {
        let mut bad_args = args("3");
        bad_args.extend([flag, value]);
        let out = chimera(&bad_args);
        let text = String::from_utf8_lossy(&out.stderr).to_string();
        assert_eq!(out.status.code(), Some(2), "{flag} {value}: {text}");
        assert!(text.contains(said), "{flag} {value}: {text}");
    }
    let ckpt = std::fs::read(run.join("checkpoint.bin")).expect("checkpoint");
    let v = variant("minishogi.toml");
    let inputs = Layout::new(&v).inputs();
    assert_eq!(
        train::from_checkpoint(&ckpt, inputs, 8, 1).expect("checkpoint").2,
        3
    );
    // The network plays.
    let net = run.join("network.nnue");
    let player = format!("engine:depth=2,network={}", net.display());
    let out = chimera(&[
        "match",
        "variants/minishogi.toml",
        "--a",
        &player,
        "--b",
        "random",
        "--games",
        "2",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // A rules file names it; the search then evaluates with it.
    let rules = common::variant_text("minishogi.toml");
    std::fs::copy(&net, dir.path().join("mini.nnue")).expect("copy");
    let named = dir.path().join("mini.toml");
    std::fs::write(&named, format!("{rules}\n[engine]\nnetwork = \"mini.nnue\"\n")).expect("write");
    let with = chimera::load(&named).expect("loads with its network");
    let network = Network::from_bytes(&v, &std::fs::read(&net).expect("read")).expect("network");
    let mut pos = Position::start(&with);
    let mut s = Searcher::new(&with);
    assert_eq!(s.evaluate(&pos), network.evaluate(&pos, &mut Scratch::default()));
    let root = [pos.hash()];
    let r = s.search(
        &mut pos,
        Limits {
            depth: 2,
            ..Limits::default()
        },
        chimera::History {
            hashes: &root,
            checks: None,
        },
    );
    assert!(r.best.is_some());
    // Another variant's network is refused at the key.
    let chess_net = FloatNet::new(Layout::new(&variant("chess.toml")).inputs(), 4, 1)
        .quantise(&variant("chess.toml"), "chess");
    std::fs::write(dir.path().join("chess.nnue"), chess_net.to_bytes()).expect("write");
    std::fs::write(&named, format!("{rules}\n[engine]\nnetwork = \"chess.nnue\"\n")).expect("write");
    let e = chimera::load(&named).expect_err("a chess network");
    assert!(e.message.contains("cannot use the network file"), "{}", e.message);
    assert_eq!(e.line, rules.lines().count() + 3);
}

/// `chimera train --rounds`: each round in its own folder, its network
/// gated against the best so far; run again, nothing is played again; with
/// no gate, every round's network is kept and the next round plays with it.
#[test]
fn chimera_train_rounds_gate_and_resume() {
    let dir = tempfile::tempdir().expect("temp dir");
    let run = dir.path().join("rounds");
    let run_s = run.to_str().expect("path");
    let args = |gate: &'static str| {
        let mut a = vec![
            "train",
            "variants/minishogi.toml",
            "--dir",
            run_s,
            "--rounds",
            "2",
            "--games",
            "4",
            "--nodes",
            "200",
            "--max-moves",
            "40",
            "--hidden",
            "8",
            "--epochs",
            "1",
            "--threads",
            "2",
            "--gate-tc",
            "0.2+0.01",
            "--gate-games",
        ];
        a.push(gate);
        a
    };
    let out = chimera(&args("2"));
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("round 1: ") && text.contains("round 2: "), "{text}");
    assert!(
        text.contains("against the rules file's evaluation: won "),
        "{text}"
    );
    let gate = run.join("round-2").join("gate.json");
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&gate).expect("gate.json")).expect("json");
    assert_eq!(record["games"], 2, "{record}");
    let mtime = |p: &std::path::Path| std::fs::metadata(p).and_then(|m| m.modified()).expect("mtime");
    let (gate_time, data_time) = (
        mtime(&gate),
        mtime(&run.join("round-1/data/games-000000-000004.txt")),
    );
    let again = chimera(&args("2"));
    assert_eq!(again.status.code(), out.status.code());
    assert_eq!(
        String::from_utf8_lossy(&again.stdout).lines().count(),
        text.lines().count()
    );
    assert_eq!(
        (
            mtime(&gate),
            mtime(&run.join("round-1/data/games-000000-000004.txt"))
        ),
        (gate_time, data_time)
    );
    // No gate: both kept, the best is the last.
    let out = chimera(&args("0"));
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("round-1/network.nnue: no gating match: kept"),
        "{text}"
    );
    assert!(
        text.contains("the best is") || text.contains("best network is"),
        "{text}"
    );
    assert!(run.join("network.nnue").exists());
    // Parts of one round's games are not for --rounds.
    let mut part = args("0");
    part.push("--play-only");
    assert_eq!(chimera(&part).status.code(), Some(2));
}

/// UCI's `EvalFile` sets a network (as Stockfish's does); one for another
/// variant, or no file, is said and the search goes on without it.
#[test]
fn uci_evalfile_takes_a_network() {
    let dir = tempfile::tempdir().expect("temp dir");
    let v = variant("chess.toml");
    let net = FloatNet::new(Layout::new(&v).inputs(), 8, 4).quantise(&v, "chess");
    let path = dir.path().join("chess.nnue");
    std::fs::write(&path, net.to_bytes()).expect("write");
    let p = path.display().to_string();
    let score = |out: &[String]| {
        out.iter()
            .filter_map(|l| l.split(" score cp ").nth(1))
            .filter_map(|t| t.split_whitespace().next()?.parse::<i32>().ok())
            .next_back()
            .expect("a score")
    };
    let go = "position startpos\ngo depth 2\n";
    let with = common::speak(
        "uci",
        &[],
        &format!("uci\nsetoption name EvalFile value {p}\n{go}"),
    );
    assert!(
        with.iter()
            .any(|l| l.starts_with("option name EvalFile type string")),
        "{with:?}"
    );
    assert!(
        !with.iter().any(|l| l.contains("info string EvalFile")),
        "{with:?}"
    );
    let without = common::speak(
        "uci",
        &[],
        &format!("setoption name EvalFile value {p}\nsetoption name EvalFile value <empty>\n{go}"),
    );
    // The random network scores the start otherwise than the hand-written
    // evaluation does.
    assert_ne!(score(&with), score(&without), "{with:?}\n{without:?}");
    let out = common::speak(
        "uci",
        &[],
        &format!(
            "setoption name UCI_Variant value shogi\nsetoption name EvalFile value {p}\nposition startpos\ngo depth 1\n"
        ),
    );
    assert!(
        out.iter()
            .any(|l| l.contains("info string EvalFile") && l.contains("not for `Shogi`")),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l.starts_with("bestmove")), "{out:?}");
    let out = common::speak(
        "uci",
        &[],
        "setoption name EvalFile value /no/such.nnue\nisready\n",
    );
    assert!(
        out.iter().any(|l| l.contains("cannot read /no/such.nnue")),
        "{out:?}"
    );
}

/// The shipped networks are the ones their rules files name, read from the
/// file on disk and, for a rules file compiled from text (as the protocols
/// compile bundled variants), from the copy built into chimera.
#[test]
fn shipped_networks_are_used_from_disk_and_from_the_bundle() {
    for (name, bytes) in chimera::bundled::NETWORKS {
        let on_disk = std::fs::read(common::root().join("variants").join(name)).expect("the file");
        assert_eq!(on_disk, *bytes, "{name}: the bundled copy is the file's");
    }
    let v = variant("xiangqi.toml");
    let net = Network::from_bytes(&v, chimera::bundled::NETWORKS[0].1).expect("fits xiangqi");
    let text = chimera::bundled::VARIANTS
        .iter()
        .find(|(n, _)| *n == "xiangqi")
        .map(|(_, t)| *t)
        .expect("bundled");
    let bundled = chimera::load_str("xiangqi.toml", text).expect("compiles without a folder");
    for v in [v, bundled] {
        let pos = Position::start(&v);
        assert_eq!(
            Searcher::new(&v).evaluate(&pos),
            net.evaluate(&pos, &mut Scratch::default())
        );
    }
    // `EvalFile none` (and `network=none`) turn it off: the search scores
    // otherwise.
    let score = |eval_file: &str| {
        let out = common::speak(
            "uci",
            &[],
            &format!("setoption name UCI_Variant value xiangqi\n{eval_file}position startpos\ngo depth 3\n"),
        );
        assert!(!out.iter().any(|l| l.contains("info string")), "{out:?}");
        out.iter()
            .filter_map(|l| l.split(" score cp ").nth(1))
            .filter_map(|t| t.split_whitespace().next()?.parse::<i32>().ok())
            .next_back()
            .expect("a score")
    };
    assert_ne!(score(""), score("setoption name EvalFile value none\n"));
    let out = chimera(&[
        "match",
        "variants/xiangqi.toml",
        "--a",
        "engine:depth=1,network=none",
        "--b",
        "random",
        "--games",
        "2",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// `chimera train --openings`: the games start from the file's positions,
/// in turn (here a queenless one and a rookless one), then their random
/// plies; a line that is not a position is refused with its line number.
#[test]
fn chimera_train_starts_from_openings() {
    let dir = tempfile::tempdir().expect("temp dir");
    let book = dir.path().join("odds.epd");
    std::fs::write(
        &book,
        "# odds\nrnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1\n\
         1nbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBN1 w - - 0 1 c0 \"no rooks\";\n",
    )
    .expect("write");
    let run = dir.path().join("run");
    let args = |book: &std::path::Path| {
        let mut v: Vec<String> = [
            "train",
            "variants/chess.toml",
            "--games",
            "2",
            "--nodes",
            "100",
            "--max-moves",
            "12",
            "--random-plies",
            "2",
            "--threads",
            "2",
            "--play-only",
            "--dir",
        ]
        .map(String::from)
        .to_vec();
        v.push(run.display().to_string());
        v.extend(["--openings".to_string(), book.display().to_string()]);
        v
    };
    let out = chimera(&args(&book).iter().map(String::as_str).collect::<Vec<_>>());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let data = std::fs::read_to_string(run.join("data").join("games-000000-000002.txt")).expect("data");
    let boards: Vec<&str> = data.lines().filter_map(|l| l.split(' ').next()).collect();
    assert!(boards.len() > 4, "{data}");
    // Game 0 from the queenless start, game 1 from the rookless one.
    assert!(boards.iter().any(|b| !b.contains(['q', 'Q'])), "{data}");
    assert!(boards.iter().any(|b| !b.contains(['r', 'R'])), "{data}");
    assert!(
        boards
            .iter()
            .all(|b| !b.contains(['q', 'Q']) || !b.contains(['r', 'R'])),
        "{data}"
    );
    let wrong = dir.path().join("wrong.epd");
    std::fs::write(
        &wrong,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nnot a position\n",
    )
    .expect("write");
    let out = chimera(&args(&wrong).iter().map(String::as_str).collect::<Vec<_>>());
    let text = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("wrong.epd:2:"), "{text}");
}

/// A network trained with factor inputs (`chimera train --factorise`)
/// folds into one of the layout's inputs alone that scores every position
/// the same: each board input's row plus its kind's factor row.
#[test]
fn a_factorised_network_folds_into_the_same_scores() {
    let v = variant("shogi.toml");
    let layout = Layout::new(&v);
    let (mut plain, mut factored) = (Samples::default(), Samples::factorised());
    let mut game = chimera::game::Game::from_start(&v);
    for i in 0..40 {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[(i * 13 + 5) % moves.len()]);
        plain.push(&layout, game.position(), 0, 0.5, 1.0);
        factored.push(&layout, game.position(), 0, 0.5, 1.0);
    }
    assert!(factored.is_factorised() && !plain.is_factorised());
    let mut net = FloatNet::new_factorised(&layout, 8, 7);
    assert_eq!(net.inputs, layout.inputs() + layout.factors());
    assert!(net.w1[layout.inputs() * 8..].iter().all(|&w| w == 0.0));
    // Factor rows of weight, as training would leave them.
    for (i, w) in net.w1[layout.inputs() * 8..].iter_mut().enumerate() {
        *w = ((i * 37 % 19) as f32 - 9.0) / 40.0;
    }
    let folded = net.folded(&layout);
    assert_eq!(folded.inputs, layout.inputs());
    let all: Vec<usize> = (0..plain.len()).collect();
    assert!(plain.len() > 30);
    let (a, b) = (net.loss(&factored, &all), folded.loss(&plain, &all));
    assert!((a - b).abs() < 1e-9, "factorised {a}, folded {b}");
    // The factors matter: the same weights without them score otherwise.
    let mut unfactored = net.clone();
    unfactored.w1.truncate(layout.inputs() * 8);
    unfactored.inputs = layout.inputs();
    assert!((unfactored.loss(&plain, &all) - a).abs() > 1e-6);
    // Store inputs have no factor; board inputs' factors follow the inputs.
    assert_eq!(layout.factor(layout.inputs() as u32 - 1), None);
    assert_eq!(layout.factor(0), Some(layout.inputs() as u32));
}

/// Royal buckets (`chimera train --buckets`): each input repeated for the
/// region the viewer's king stands in; the king's move to another region
/// changes every input of its side and none of the other's; a factorised
/// bucketed network folds into the same scores; its file reads back and
/// is refused by a layout without buckets' count.
#[test]
fn royal_buckets_tie_pieces_to_their_kings_region() {
    let v = variant("shogi.toml");
    let plain = Layout::new(&v);
    let layout = Layout::with_buckets(&v, 6).expect("6 buckets");
    assert_eq!(layout.inputs(), 6 * plain.inputs());
    assert!(
        Layout::with_buckets(&v, 5)
            .unwrap_err()
            .contains("one of 1, 2, 3, 4, 6, 9")
    );
    assert_ne!(layout.fingerprint(&v), plain.fingerprint(&v));
    // The start: both kings on the middle file of their home rank.
    let start = Position::start(&v);
    let first = chimera::Color::BOTH[0];
    assert_eq!(layout.bucket(&start, first), 1);
    assert_eq!(layout.bucket(&start, !first), 1);
    let bucketed = sorted_features(&layout, &start, first);
    let base: Vec<u32> = sorted_features(&plain, &start, first);
    let shift = plain.inputs() as u32;
    assert_eq!(bucketed, base.iter().map(|f| f + shift).collect::<Vec<_>>());
    // The king walks to the side: its side's bucket changes, the other's not.
    let mut game = chimera::game::Game::from_start(&v);
    for usi in ["5i4h", "3c3d", "4h3h"] {
        let m = game.parse_move(usi).expect(usi);
        game.play(m);
    }
    let pos = game.position();
    assert_eq!(layout.bucket(pos, first), 2, "king on 3h");
    assert_eq!(layout.bucket(pos, !first), 1);
    // Factors: the same input without its bucket, for board and store inputs.
    assert_eq!(layout.factors(), plain.inputs());
    assert_eq!(layout.factor(shift + 5), Some(layout.inputs() as u32 + 5));
    assert_eq!(
        layout.factor(layout.inputs() as u32 - 1),
        Some((layout.inputs() + plain.inputs() - 1) as u32)
    );
    let (mut plain_s, mut factored) = (Samples::default(), Samples::factorised());
    let mut game = chimera::game::Game::from_start(&v);
    for i in 0..60 {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[(i * 13 + 5) % moves.len()]);
        plain_s.push(&layout, game.position(), 0, 0.5, 1.0);
        factored.push(&layout, game.position(), 0, 0.5, 1.0);
    }
    let mut net = FloatNet::new_factorised(&layout, 8, 7);
    for (i, w) in net.w1[layout.inputs() * 8..].iter_mut().enumerate() {
        *w = ((i * 37 % 19) as f32 - 9.0) / 40.0;
    }
    let folded = net.folded(&layout);
    let all: Vec<usize> = (0..plain_s.len()).collect();
    let (a, b) = (net.loss(&factored, &all), folded.loss(&plain_s, &all));
    assert!((a - b).abs() < 1e-9, "factorised {a}, folded {b}");
    // The file keeps its buckets; a network's bytes are read back alike.
    let q = folded.quantise(&v, "bucketed");
    assert_eq!(q.layout().buckets(), 6);
    let bytes = q.to_bytes();
    let back = Network::from_bytes(&v, &bytes).expect("reads back");
    assert_eq!(back.layout().buckets(), 6);
    assert_eq!(back.to_bytes(), bytes);
    assert_eq!(
        back.evaluate(pos, &mut Scratch::default()),
        q.evaluate(pos, &mut Scratch::default())
    );
    let e = Network::from_bytes(&variant("chess.toml"), &bytes).expect_err("another variant");
    assert!(e.contains("trained for `Shogi`"), "{e}");
}
