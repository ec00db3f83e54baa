//! Output buckets (`chimera train --output-buckets N`): a position is
//! weighed by the output weights of its piece count's bucket. The gradient
//! is the loss's slope in every bucket, the integers agree with the
//! floats, and network files (version 2) and checkpoints keep the buckets.

use std::collections::BTreeSet;

use crate::common::variant;

use chimera::Position;
use chimera::game::Game;
use chimera::game::nnue::network::SCALE;
use chimera::game::nnue::train::{self, FloatNet, Samples};
use chimera::game::nnue::{Layout, Network, Scratch};

/// Positions of a chess game that captures whenever it can, so that the
/// board empties through several buckets.
fn emptying_game() -> Vec<Position> {
    let v = variant("chess.toml");
    let mut g = Game::from_start(&v);
    let mut out = vec![g.position().clone()];
    for i in 0..160 {
        let moves = g.legal_moves();
        if moves.is_empty() || g.result().is_some() {
            break;
        }
        let m = moves.iter().find(|m| m.is_capture()).copied();
        g.play(m.unwrap_or(moves[(i * 11 + 3) % moves.len()]));
        out.push(g.position().clone());
    }
    out
}

#[test]
fn the_bucket_is_the_share_of_the_start_s_pieces() {
    let v = variant("chess.toml");
    let layout = Layout::new(&v);
    let start = Position::start(&v);
    assert_eq!(layout.output_bucket(&start, 1), 0);
    assert_eq!(
        layout.output_bucket(&start, 4),
        3,
        "a full board: the last bucket"
    );
    let kings = Position::from_text(&v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").expect("position");
    assert_eq!(layout.output_bucket(&kings, 4), 0, "a bare board: the first");
    let half =
        Position::from_text(&v, "r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R2QK2R w - - 0 1").expect("position");
    assert_eq!(layout.output_bucket(&half, 4), 2, "24 of 32 pieces");
}

#[test]
fn each_bucket_s_gradient_is_the_slope_of_the_loss() {
    let v = variant("chess.toml");
    let layout = Layout::new(&v);
    let positions = emptying_game();
    let mut s = Samples::default().with_outputs(4);
    for (i, p) in positions.iter().enumerate() {
        s.push(&layout, p, (i as i32 * 53) % 400 - 200, 0.5, 0.9);
    }
    let buckets: BTreeSet<usize> = positions.iter().map(|p| layout.output_bucket(p, 4)).collect();
    assert!(buckets.len() >= 3, "the game passes through {buckets:?}");
    let mut net = FloatNet::new(layout.inputs(), 4, 3).with_outputs(4);
    assert_eq!((net.w2.len(), net.b2.len()), (4 * 2 * 4, 4));
    net.b1.iter_mut().for_each(|b| *b = 0.4);
    for (j, w) in net.w2.iter_mut().enumerate() {
        *w += (j as f32 * 0.37).sin() * 0.5;
    }
    for (j, b) in net.b2.iter_mut().enumerate() {
        *b = 0.1 * j as f32 - 0.15;
    }
    // One sample of each bucket the game reached.
    let mut seen = BTreeSet::new();
    for (i, p) in positions.iter().enumerate() {
        let b = layout.output_bucket(p, 4);
        if !seen.insert(b) {
            continue;
        }
        let (_, _, g2, gb2) = train::gradient_of(&net, &s, i);
        let loss = |n: &FloatNet| n.loss(&s, &[i]);
        let slope = |set: &dyn Fn(&mut FloatNet, f32)| {
            let eps = 1e-3;
            let (mut a, mut c) = (net.clone(), net.clone());
            set(&mut a, eps);
            set(&mut c, -eps);
            ((loss(&a) - loss(&c)) / (2.0 * f64::from(eps))) as f32
        };
        let close = |got: f32, want: f32, what: &str| {
            assert!(
                (got - want).abs() <= 2e-3 * want.abs().max(0.05),
                "bucket {b}, {what}: {got} vs {want}"
            );
        };
        for (k, &g) in gb2.iter().enumerate() {
            close(g, slope(&|n, e| n.b2[k] += e), "b2");
            if k != b {
                assert_eq!(g, 0.0, "bucket {b}: another bucket's bias moved");
            }
        }
        for (j, &g) in g2.iter().enumerate() {
            close(g, slope(&|n, e| n.w2[j] += e), "w2");
        }
    }
}

#[test]
fn the_integers_agree_with_the_floats_in_every_bucket() {
    let v = variant("chess.toml");
    let layout = Layout::new(&v);
    let mut net = FloatNet::new(layout.inputs(), 16, 5).with_outputs(4);
    for (j, w) in net.w2.iter_mut().enumerate() {
        *w += (j as f32 * 0.61).cos() * 0.3;
    }
    for (j, b) in net.b2.iter_mut().enumerate() {
        *b = 0.2 * j as f32 - 0.3;
    }
    let q = net.quantise(&v, "buckets");
    assert_eq!(q.outputs(), 4);
    let mut scratch = Scratch::default();
    for (i, pos) in emptying_game().iter().enumerate() {
        let stm = pos.side_to_move();
        let (mut us, mut them) = (Vec::new(), Vec::new());
        layout.features(pos, stm, &mut us);
        layout.features(pos, !stm, &mut them);
        let bucket = layout.output_bucket(pos, 4);
        let float = net.output_in(&us, &them, bucket) * SCALE as f32;
        let int = q.evaluate(pos, &mut scratch);
        // Rounding costs a few centipawns; another bucket's bias alone
        // would move the score by 80.
        assert!(
            (float - int as f32).abs() <= 6.0 + float.abs() * 0.03,
            "ply {i}, bucket {bucket}: {float} vs {int}"
        );
    }
}

#[test]
fn files_and_checkpoints_keep_the_buckets() {
    let v = variant("chess.toml");
    let layout = Layout::new(&v);
    let version = |b: &[u8]| u32::from_le_bytes([b[8], b[9], b[10], b[11]]);
    let one = FloatNet::new(layout.inputs(), 8, 1).quantise(&v, "one");
    assert_eq!(version(&one.to_bytes()), 1, "one bucket: the file as before");
    let net = FloatNet::new(layout.inputs(), 8, 1).with_outputs(3);
    let bytes = net.quantise(&v, "three").to_bytes();
    assert_eq!(version(&bytes), 2);
    let back = Network::from_bytes(&v, &bytes).expect("reads back");
    assert_eq!((back.outputs(), back.to_bytes()), (3, bytes.clone()));
    assert!(Network::from_bytes(&v, &bytes[..bytes.len() - 12]).is_err());
    let adam = train::Adam::new(&net);
    let ckpt = train::checkpoint(&net, &adam, 2);
    let (again, _, done) = train::from_checkpoint(&ckpt, layout.inputs(), 8, 3).expect("checkpoint");
    assert_eq!((again, done), (net, 2));
    let e = train::from_checkpoint(&ckpt, layout.inputs(), 8, 1).expect_err("other buckets");
    assert!(e.contains("3 output buckets"), "{e}");
}
