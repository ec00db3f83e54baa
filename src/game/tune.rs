//! Self-tuning of the evaluation for one variant (`chimera tune`): seeded
//! self-play games record quiet positions with the game's result, then the
//! evaluation's weights are fitted so that a logistic function of the
//! evaluation predicts the results (Texel's method): the evaluation is linear
//! in its weights ([`super::search::Eval::features`]), so this is a logistic regression,
//! here by gradient descent (Adam) with a pull towards the starting weights.

use std::sync::Arc;

use super::search::{Searcher, Weights};
use super::selfplay::{self, Rules};
use crate::engine::Variant;

/// How to gather and fit.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// Self-play games.
    pub games: usize,
    /// Nodes per move (a node limit keeps the games repeatable).
    pub nodes: u64,
    /// A game still going after this many plies counts as a draw.
    pub max_plies: usize,
    /// Random plies opening each game.
    pub random_plies: usize,
    /// Positions the games start from (game `i` from the `i`-th, modulo
    /// their number, before its random plies); empty: the variant's start.
    pub starts: Arc<Vec<crate::engine::Position>>,
    /// Seed of the openings.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// Steps of the fit.
    pub iterations: usize,
    /// Set from another thread to stop the self-play at once (Ctrl-C in
    /// Python): [`self_play_games`] then returns what it has.
    pub stop: Option<Arc<std::sync::atomic::AtomicBool>>,
}

impl Default for TuneOptions {
    fn default() -> Self {
        TuneOptions {
            games: 200,
            nodes: 2000,
            max_plies: 300,
            random_plies: 6,
            starts: Arc::default(),
            seed: 1,
            threads: 1,
            iterations: 2000,
            stop: None,
        }
    }
}

/// One position of a self-play game: its features for the side to move and
/// that side's result (1 a win, ½ a draw, 0 a loss).
#[derive(Clone, Debug)]
pub struct Sample {
    /// [`super::search::Eval::features`] of the position.
    pub features: Vec<f64>,
    /// The result for the side to move.
    pub result: f64,
    /// The game it comes from (every tenth game is held out of the fit,
    /// to measure it).
    pub game: usize,
}

/// What self-play gathered.
#[derive(Clone, Debug, Default)]
pub struct SelfPlay {
    /// The positions.
    pub samples: Vec<Sample>,
    /// Games played.
    pub games: usize,
    /// Games won by the first player, drawn, won by the second.
    pub outcomes: [usize; 3],
}

/// Plays `opts.games` seeded games of the engine against itself with
/// `weights`; `progress` hears of each finished game (its number).
pub fn self_play(
    v: &Arc<Variant>,
    weights: &Weights,
    opts: &TuneOptions,
    progress: &(dyn Fn(usize) + Sync),
) -> SelfPlay {
    let searcher = || {
        let mut s = Searcher::with_hash(v, 8);
        s.set_weights(weights.clone());
        s
    };
    let each = |searcher: &mut Searcher, i: usize| {
        let mut out = SelfPlay::default();
        one_game(v, searcher, opts, i, &mut out);
        out
    };
    let mut all = SelfPlay::default();
    // In game order, whatever thread played which game: the fit is repeatable.
    for p in selfplay::in_parallel(0..opts.games, opts.threads, &searcher, &each, progress) {
        all.samples.extend(p.samples);
        all.games += p.games;
        for i in 0..3 {
            all.outcomes[i] += p.outcomes[i];
        }
    }
    all
}

/// Plays the self-play games numbered `games` (each from its own seed, as
/// [`self_play`] numbers them) one after another: the same games, move for
/// move, as `self_play` plays under those numbers, so the games of one run
/// can be shared out among processes or machines and gathered again.
pub fn self_play_games(v: &Arc<Variant>, weights: &Weights, opts: &TuneOptions, games: &[usize]) -> SelfPlay {
    let mut searcher = Searcher::with_hash(v, 8);
    searcher.set_weights(weights.clone());
    let mut out = SelfPlay::default();
    for &i in games {
        if opts
            .stop
            .as_ref()
            .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
        {
            break;
        }
        one_game(v, &mut searcher, opts, i, &mut out);
    }
    out
}

fn one_game(v: &Arc<Variant>, searcher: &mut Searcher, opts: &TuneOptions, i: usize, out: &mut SelfPlay) {
    let rules = Rules {
        nodes: opts.nodes,
        max_plies: opts.max_plies,
        random_plies: opts.random_plies,
        starts: opts.starts.clone(),
        seed: opts.seed,
        stop: opts.stop.clone(),
    };
    let mut scratch = Vec::new();
    // (features, side to move) of the positions kept.
    let mut kept = Vec::new();
    let winner = selfplay::play_one(v, searcher, &rules, i, &mut |s, game, side, report, m| {
        // Quiet positions only: not in check, a quiet move chosen, no mate
        // in sight (their features do not explain the result).
        if !game.pos.in_check(side)
            && !m.is_capture()
            && m.promotion().is_none()
            && report.score.abs() < 50_000
        {
            kept.push((s.eval().features(&game.pos, &mut scratch), side));
        }
    });
    out.games += 1;
    out.outcomes[selfplay::outcome_index(winner)] += 1;
    for (features, side) in kept {
        out.samples.push(Sample {
            features,
            result: selfplay::result_for(winner, side),
            game: i,
        });
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Mean squared error of `sigmoid(k · w·f)` against the results.
pub fn loss(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    samples
        .iter()
        .map(|s| (s.result - sigmoid(k * dot(w, &s.features))).powi(2))
        .sum::<f64>()
        / samples.len() as f64
}

/// The scales [`best_scale`] chooses from (per centipawn): a fit at either
/// end says the evaluation and the results hardly agree.
pub const SCALE_RANGE: (f64, f64) = (1e-4, 5e-2);

/// The scale `k` (per centipawn) that best fits the results with weights `w`.
pub fn best_scale(samples: &[Sample], w: &[f64]) -> f64 {
    // Golden-section search on log k.
    let (mut a, mut b) = (SCALE_RANGE.0.ln(), SCALE_RANGE.1.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if loss(samples, w, c.exp()) < loss(samples, w, d.exp()) {
            b = d;
        } else {
            a = c;
        }
    }
    ((a + b) / 2.0).exp()
}

/// The result of a fit.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The fitted weights.
    pub weights: Weights,
    /// The scale used.
    pub scale: f64,
    /// Loss of the starting weights.
    pub loss_before: f64,
    /// Loss of the fitted weights.
    pub loss_after: f64,
    /// Loss of the starting weights on the held-out games.
    pub held_out_before: f64,
    /// Loss of the fitted weights on the held-out games.
    pub held_out_after: f64,
    /// Positions fitted and held out.
    pub counts: (usize, usize),
}

/// Fits the weights to the samples, starting from (and pulled towards)
/// `start`. Kinds worth 0 at the start (royal pieces) stay 0.
pub fn fit(v: &Variant, start: &Weights, all: &[Sample], iterations: usize) -> Fit {
    let (held, train): (Vec<Sample>, Vec<Sample>) = all.iter().cloned().partition(|s| s.game % 10 == 9);
    let samples = &train[..];
    let x0 = start.to_vec();
    let k = best_scale(samples, &x0);
    let loss_before = loss(samples, &x0, k);
    let n = x0.len();
    // Each weight moves in steps scaled to its own size (pieces in
    // centipawns, terms in their units).
    let scale: Vec<f64> = x0.iter().map(|x| x.abs().max(1.0)).collect();
    let frozen: Vec<bool> = (0..n).map(|i| i < 2 * v.kind_count() && x0[i] == 0.0).collect();
    let mut x = x0.clone();
    let (mut m, mut vv) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, lr, eps, pull) = (0.9, 0.999, 0.01, 1e-12, 1e-3);
    let count = samples.len().max(1) as f64;
    for t in 1..=iterations {
        let mut grad = vec![0.0; n];
        for s in samples {
            let p = sigmoid(k * dot(&x, &s.features));
            let g = -2.0 * (s.result - p) * p * (1.0 - p) * k / count;
            for (gi, f) in grad.iter_mut().zip(&s.features) {
                *gi += g * f;
            }
        }
        for i in 0..n {
            if frozen[i] {
                continue;
            }
            // In units of the weight's own size, with a pull to the start.
            let gi = grad[i] * scale[i] + pull * (x[i] - x0[i]) / scale[i];
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            vv[i] = b2 * vv[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = vv[i] / (1.0 - b2.powi(t as i32));
            x[i] -= lr * scale[i] * mh / (vh.sqrt() + eps);
        }
    }
    let loss_after = loss(samples, &x, k);
    Fit {
        weights: Weights::from_vec(v.kind_count(), &x),
        scale: k,
        loss_before,
        loss_after,
        held_out_before: loss(&held, &x0, k),
        held_out_after: loss(&held, &x, k),
        counts: (train.len(), held.len()),
    }
}
