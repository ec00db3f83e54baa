//! For large boards on little data. Blocks chosen by the trainer
//! (`chimera train --block N`): squares are grouped N × N, one input per
//! (kind, whose, block); a network file of such a layout reads back to the
//! same layout (its fingerprint names the block), and a block the board
//! cannot have is refused before any game is played. Weight decay
//! (`--decay X`): the square inputs' rows shrink each step, the factors'
//! do not.

use std::collections::BTreeSet;

use crate::common::{chimera, variant};

use chimera::Position;
use chimera::game::nnue::train::{self, FloatNet, Samples, TrainOptions};
use chimera::game::nnue::{Layout, Network, Scratch};

#[test]
fn chosen_blocks_group_squares_and_read_back() {
    let v = variant("shogi.toml");
    let plain = Layout::new(&v);
    assert_eq!(plain.block(), 1);
    let layout = Layout::with(&v, 1, Some(3)).expect("blocks of 3");
    assert_eq!(layout.block(), 3);
    let kinds = v.kind_count();
    // Nine cells instead of 81 squares; the store inputs are the same.
    let stores = plain.inputs() - kinds * 2 * 81;
    assert_eq!(layout.inputs(), kinds * 2 * 9 + stores);
    assert_ne!(layout.fingerprint(&v), plain.fingerprint(&v));
    // The first player's nine pawns stand in three blocks of three.
    let start = Position::start(&v);
    let mut on = Vec::new();
    layout.features(&start, chimera::Color::BOTH[0], &mut on);
    assert_eq!(
        on.len(),
        40,
        "one input per piece, blocks counted as often as filled"
    );
    let distinct: BTreeSet<u32> = on.iter().copied().collect();
    assert!(distinct.len() < 40, "squares of a block share an input");
    for bad in [0, 10] {
        let e = Layout::with(&v, 1, Some(bad)).expect_err("no such block");
        assert!(e.contains("1 to 9 on this board (9 × 9)"), "{e}");
    }
    // A network of blocks, with and without royal buckets, reads back to
    // its layout and scores as it did.
    for buckets in [1, 6] {
        let layout = Layout::with(&v, buckets, Some(3)).expect("layout");
        let q = FloatNet::new(layout.inputs(), 8, 3).quantise_for(&v, layout.clone(), "blocks");
        let bytes = q.to_bytes();
        let back = Network::from_bytes(&v, &bytes).expect("reads back");
        assert_eq!(back.layout(), &layout);
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(
            back.evaluate(&start, &mut Scratch::default()),
            q.evaluate(&start, &mut Scratch::default())
        );
    }
}

/// `--block` is checked before the games: a block larger than the board
/// is refused (exit 2) and no game is played.
#[test]
fn chimera_train_refuses_a_block_the_board_cannot_have() {
    let dir = tempfile::tempdir().expect("temp dir");
    let run = dir.path().join("run");
    let out = chimera(&[
        "train",
        "variants/minishogi.toml",
        "--dir",
        run.to_str().expect("path"),
        "--games",
        "2",
        "--block",
        "6",
    ]);
    let text = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains("blocks of 6 × 6 squares: 1 to 5 on this board (5 × 5)"),
        "{text}"
    );
    assert!(!run.join("data").exists(), "games were played");
}

/// With decay, an input row no sample turns on shrinks by the step size ×
/// the decay at every step, and without it stays as it started; rows past
/// the decayed ones (the factors, in `chimera train`) do not shrink.
#[test]
fn weight_decay_shrinks_the_decayed_rows_alone() {
    let v = variant("chess.toml");
    let layout = Layout::new(&v);
    let mut s = Samples::factorised();
    let mut game = chimera::game::Game::from_start(&v);
    for i in 0..40 {
        let moves = game.legal_moves();
        game.play(moves[(i * 7 + 3) % moves.len()]);
        s.push(&layout, game.position(), (i as i32 * 37) % 300 - 150, 0.5, 1.0);
    }
    let all: Vec<usize> = (0..s.len()).collect();
    let hidden = 4;
    let train_with = |decay: f32, decayed_rows: usize| {
        let mut net = FloatNet::new_factorised(&layout, hidden, 5);
        let mut adam = train::Adam::new(&net);
        let opts = TrainOptions {
            epochs: 3,
            batch: 8,
            rate: 0.01,
            decay,
            decayed_rows,
            ..TrainOptions::default()
        };
        for e in 0..opts.epochs {
            train::epoch(&mut net, &mut adam, &s, &all, e, &opts);
        }
        net
    };
    // Rows 0 and 1: the viewer's first kind (chess's pawn) on a1 and b1,
    // which no sample turns on. Only row 0 decays.
    let (plain, decayed) = (train_with(0.0, 0), train_with(2.0, 1));
    let start = FloatNet::new_factorised(&layout, hidden, 5);
    let row = |n: &FloatNet, r: usize| n.w1[r * hidden..(r + 1) * hidden].to_vec();
    assert_eq!(row(&plain, 0), row(&start, 0));
    assert_eq!(row(&decayed, 1), row(&start, 1));
    let steps_per_epoch = s.len().div_ceil(8);
    let mut keep = 1.0f32;
    for e in 0..3 {
        let rate = 0.01 * 0.1f32.powf(e as f32 / 3.0);
        keep *= (1.0 - rate * 2.0).powi(steps_per_epoch as i32);
    }
    assert!(keep < 0.9, "the test decays by {keep}");
    assert!(row(&start, 0).iter().any(|x| x.abs() > 0.01));
    for (d, s0) in row(&decayed, 0).iter().zip(row(&start, 0)) {
        assert!((d - s0 * keep).abs() < 1e-4, "{d} against {s0} x {keep}");
    }
}
