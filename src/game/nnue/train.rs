//! Training a network on CPU: the network in floating point, its gradient
//! written out by hand, and Adam.
//!
//! Why by hand and not a framework (PyTorch, candle, burn): the first
//! layer is sparse — a position turns on 30 to 400 of up to 65,000 inputs
//! — and on a CPU the whole cost of training is that layer. A sparse
//! forward and backward pass over the active rows is a few lines; the
//! frameworks' CPU back ends multiply the dense input matrix instead
//! (hundreds of times the work here) or need Python and gigabytes of
//! libraries at training time. The network is two layers: the gradient
//! is short enough to check against finite differences
//! (`tests/nnue.rs`).
//!
//! The loss: the squared difference between the logistic of the output
//! and a target mixing the search's score and the game's result,
//! `λ·σ(score / SCALE) + (1 − λ)·result`.

use rand::{Rng, SeedableRng, rngs::StdRng};

use super::Network;
use super::layout::Layout;
use super::network::{QA, QB, SCALE};
use crate::engine::Variant;

/// The largest input or accumulator weight (its quantised form stays an i16).
const W1_MAX: f32 = 127.0;
/// The largest output weight.
const W2_MAX: f32 = 32_767.0 / QB as f32;

/// Samples as the trainer reads them: each side's active inputs, and the
/// target.
#[derive(Default)]
pub struct Samples {
    inputs: Vec<u32>,
    /// Per sample: where its inputs start, how many are the side to
    /// move's, how many the other's.
    index: Vec<(u32, u16, u16)>,
    targets: Vec<f32>,
    /// Per sample, its output bucket ([`Layout::output_bucket`]).
    buckets: Vec<u8>,
    /// Output buckets the samples are sorted into (0 or 1: one).
    outputs: usize,
    /// Whether each board input also turns on its factor ([`Layout::factor`]).
    factorised: bool,
}

impl Samples {
    /// Samples whose board inputs also turn on their factors: a network
    /// trained on them has [`Layout::factors`] more inputs, folded away by
    /// [`FloatNet::folded`] before it is written.
    pub fn factorised() -> Samples {
        Samples {
            factorised: true,
            ..Samples::default()
        }
    }

    /// Adds a sample: `pos` with the search's `score` and the `result`,
    /// both for the side to move, mixed by `lambda` (1: the score alone).
    pub fn push(
        &mut self,
        layout: &Layout,
        pos: &crate::engine::Position,
        score: i32,
        result: f32,
        lambda: f32,
    ) {
        let start = self.inputs.len();
        let stm = pos.side_to_move();
        self.features(layout, pos, stm);
        let mid = self.inputs.len();
        self.features(layout, pos, !stm);
        let end = self.inputs.len();
        self.index
            .push((start as u32, (mid - start) as u16, (end - mid) as u16));
        let s = sigmoid(score as f32 / SCALE as f32);
        self.targets.push(lambda * s + (1.0 - lambda) * result);
        self.buckets
            .push(layout.output_bucket(pos, self.outputs.max(1)) as u8);
    }

    /// One side's inputs, with their factors when the samples are factorised.
    fn features(&mut self, layout: &Layout, pos: &crate::engine::Position, view: crate::engine::Color) {
        let first = self.inputs.len();
        layout.features(pos, view, &mut self.inputs);
        if self.factorised {
            for i in first..self.inputs.len() {
                if let Some(f) = layout.factor(self.inputs[i]) {
                    self.inputs.push(f);
                }
            }
        }
    }

    /// The same samples sorted into `n` output buckets (set before any
    /// sample is pushed).
    pub fn with_outputs(self, n: usize) -> Samples {
        assert!(self.is_empty());
        Samples { outputs: n, ..self }
    }

    /// Whether board inputs turn on their factors too.
    pub fn is_factorised(&self) -> bool {
        self.factorised
    }

    /// Number of samples.
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// Sample `i`'s output bucket.
    fn bucket(&self, i: usize) -> usize {
        usize::from(self.buckets[i])
    }

    fn sides(&self, i: usize) -> (&[u32], &[u32]) {
        let (start, us, them) = self.index[i];
        let (start, us, them) = (start as usize, us as usize, them as usize);
        (
            &self.inputs[start..start + us],
            &self.inputs[start + us..start + us + them],
        )
    }
}

/// A network in floating point.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// Inputs ([`Layout::inputs`]).
    pub inputs: usize,
    /// The accumulator's size.
    pub hidden: usize,
    /// `inputs × hidden`, input by input.
    pub w1: Vec<f32>,
    /// The accumulator's biases.
    pub b1: Vec<f32>,
    /// Output buckets ([`Layout::output_bucket`]; 1: none).
    pub outputs: usize,
    /// `outputs × 2 × hidden`: per output bucket, the side to move's half
    /// first.
    pub w2: Vec<f32>,
    /// The output's bias, per output bucket.
    pub b2: Vec<f32>,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// SCReLU and its derivative.
fn screlu(x: f32) -> (f32, f32) {
    if x <= 0.0 {
        (0.0, 0.0)
    } else if x >= 1.0 {
        (1.0, 0.0)
    } else {
        (x * x, 2.0 * x)
    }
}

impl FloatNet {
    /// A network of random weights, from `seed`.
    pub fn new(inputs: usize, hidden: usize, seed: u64) -> FloatNet {
        let mut rng = StdRng::seed_from_u64(seed);
        let a1 = 0.3_f32;
        let a2 = 1.0 / (2.0 * hidden as f32).sqrt();
        FloatNet {
            inputs,
            hidden,
            w1: (0..inputs * hidden)
                .map(|_| rng.random_range(-a1..a1) * 0.2)
                .collect(),
            b1: (0..hidden).map(|_| rng.random_range(0.0..0.5)).collect(),
            outputs: 1,
            w2: (0..2 * hidden).map(|_| rng.random_range(-a2..a2)).collect(),
            b2: vec![0.0],
        }
    }

    /// The network with `n` output buckets, each starting with the output
    /// weights of the first.
    pub fn with_outputs(mut self, n: usize) -> FloatNet {
        let n = n.max(1);
        let first = self.w2[..2 * self.hidden].to_vec();
        self.w2 = first.repeat(n);
        self.b2 = vec![self.b2[0]; n];
        self.outputs = n;
        self
    }

    fn accumulate(&self, active: &[u32], acc: &mut [f32]) {
        acc.copy_from_slice(&self.b1);
        for &f in active {
            let row = &self.w1[f as usize * self.hidden..(f as usize + 1) * self.hidden];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    /// The output (before the logistic) for one sample's two sides, in
    /// the first output bucket.
    pub fn output(&self, us: &[u32], them: &[u32]) -> f32 {
        self.output_in(us, them, 0)
    }

    /// The output (before the logistic) for one sample's two sides, in
    /// output bucket `bucket`.
    pub fn output_in(&self, us: &[u32], them: &[u32], bucket: usize) -> f32 {
        let h = self.hidden;
        let mut acc = vec![0.0; h];
        let mut out = self.b2[bucket];
        for (half, side) in [us, them].into_iter().enumerate() {
            self.accumulate(side, &mut acc);
            out += acc
                .iter()
                .zip(&self.w2[(2 * bucket + half) * h..])
                .map(|(&a, w)| screlu(a).0 * w)
                .sum::<f32>();
        }
        out
    }

    /// The mean loss over some samples.
    pub fn loss(&self, s: &Samples, which: &[usize]) -> f64 {
        let total: f64 = which
            .iter()
            .map(|&i| {
                let (us, them) = s.sides(i);
                let e = sigmoid(self.output_in(us, them, s.bucket(i))) - s.targets[i];
                f64::from(e * e)
            })
            .sum();
        total / which.len().max(1) as f64
    }

    /// Adds the gradient of the summed loss over `which` to `g` (laid out
    /// as the network); returns the summed loss.
    fn gradient(&self, s: &Samples, which: &[usize], g: &mut Grad) -> f64 {
        let h = self.hidden;
        let mut acc = [vec![0.0f32; h], vec![0.0f32; h]];
        let mut total = 0.0f64;
        for &i in which {
            let (us, them) = s.sides(i);
            let sides = [us, them];
            let b = s.bucket(i);
            let mut out = self.b2[b];
            for half in 0..2 {
                self.accumulate(sides[half], &mut acc[half]);
                out += acc[half]
                    .iter()
                    .zip(&self.w2[(2 * b + half) * h..])
                    .map(|(&a, w)| screlu(a).0 * w)
                    .sum::<f32>();
            }
            let p = sigmoid(out);
            let e = p - s.targets[i];
            total += f64::from(e * e);
            let d_out = 2.0 * e * p * (1.0 - p);
            g.b2[b] += d_out;
            for half in 0..2 {
                let at = (2 * b + half) * h;
                let w2 = &self.w2[at..at + h];
                let gw2 = &mut g.w2[at..at + h];
                let d_acc = &mut g.d_acc;
                for j in 0..h {
                    let (y, dy) = screlu(acc[half][j]);
                    gw2[j] += d_out * y;
                    d_acc[j] = d_out * w2[j] * dy;
                    g.b1[j] += d_acc[j];
                }
                for &f in sides[half] {
                    let f = f as usize;
                    if !g.touched[f] {
                        g.touched[f] = true;
                        g.rows.push(f);
                    }
                    for (gw, d) in g.w1[f * h..(f + 1) * h].iter_mut().zip(d_acc.iter()) {
                        *gw += d;
                    }
                }
            }
        }
        total
    }

    /// A network that starts as one without factors: `layout`'s inputs
    /// and then its factors, the factors' weights 0.
    pub fn new_factorised(layout: &Layout, hidden: usize, seed: u64) -> FloatNet {
        let mut net = FloatNet::new(layout.inputs() + layout.factors(), hidden, seed);
        net.w1[layout.inputs() * hidden..].fill(0.0);
        net
    }

    /// The network of `layout`'s inputs alone: a factorised network's
    /// factor rows added into the rows of their inputs (the same outputs
    /// for every position); an unfactorised one as it is.
    pub fn folded(&self, layout: &Layout) -> FloatNet {
        let (n, h) = (layout.inputs(), self.hidden);
        if self.inputs == n {
            return self.clone();
        }
        let mut w1 = self.w1[..n * h].to_vec();
        for f in 0..n {
            if let Some(k) = layout.factor(f as u32) {
                let k = k as usize;
                for j in 0..h {
                    w1[f * h + j] += self.w1[k * h + j];
                }
            }
        }
        FloatNet {
            inputs: n,
            w1,
            ..self.clone()
        }
    }

    /// The network in integers, ready for the search: its inputs those
    /// of the variant's layout with the smallest blocks that has as many.
    pub fn quantise(&self, v: &std::sync::Arc<Variant>, about: &str) -> Network {
        let layout = Layout::for_inputs(v, self.inputs).expect("a network of one of the variant's layouts");
        self.quantise_for(v, layout, about)
    }

    /// The network in integers, its inputs `layout`'s.
    pub fn quantise_for(&self, v: &std::sync::Arc<Variant>, layout: Layout, about: &str) -> Network {
        let q = |x: f32, s: i32, max: f32| (x.clamp(-max, max) * s as f32).round() as i16;
        Network::from_parts(
            v,
            layout,
            self.w1.iter().map(|&x| q(x, QA, W1_MAX)).collect(),
            self.b1.iter().map(|&x| q(x, QA, W1_MAX)).collect(),
            self.w2.iter().map(|&x| q(x, QB, W2_MAX)).collect(),
            self.b2
                .iter()
                .map(|&b| (b * (QA * QB) as f32).round() as i32)
                .collect(),
            about,
        )
    }
}

/// A gradient, with the input rows it touched.
struct Grad {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
    touched: Vec<bool>,
    rows: Vec<usize>,
    d_acc: Vec<f32>,
}

impl Grad {
    fn new(n: &FloatNet) -> Grad {
        Grad {
            w1: vec![0.0; n.w1.len()],
            b1: vec![0.0; n.hidden],
            w2: vec![0.0; n.w2.len()],
            b2: vec![0.0; n.b2.len()],
            touched: vec![false; n.inputs],
            rows: Vec::new(),
            d_acc: vec![0.0; n.hidden],
        }
    }

    fn clear(&mut self, h: usize) {
        for &r in &self.rows {
            self.w1[r * h..(r + 1) * h].fill(0.0);
            self.touched[r] = false;
        }
        self.rows.clear();
        self.b1.fill(0.0);
        self.w2.fill(0.0);
        self.b2.fill(0.0);
    }
}

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainOptions {
    /// Passes over the data.
    pub epochs: usize,
    /// Samples a step.
    pub batch: usize,
    /// Adam's step size at the start; it falls to a tenth by the end.
    pub rate: f32,
    /// Threads sharing each batch.
    pub threads: usize,
    /// Seed of the shuffles.
    pub seed: u64,
    /// Weight decay of the first `decayed_rows` input rows (decoupled, as
    /// AdamW: each step shrinks them by step size × decay). With factors,
    /// the square inputs' rows decay and the factors' do not, so a square
    /// seen rarely in the data falls back towards what its kind is worth
    /// everywhere.
    pub decay: f32,
    /// The input rows that decay (from the first).
    pub decayed_rows: usize,
}

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions {
            epochs: 30,
            batch: 4096,
            rate: 0.002,
            threads: 1,
            seed: 1,
            decay: 0.0,
            decayed_rows: 0,
        }
    }
}

/// Adam's moments, one pair per weight.
#[derive(Clone, Debug, PartialEq)]
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    /// Zero moments for a network's weights.
    pub fn new(n: &FloatNet) -> Adam {
        let len = n.w1.len() + n.b1.len() + n.w2.len() + n.b2.len();
        Adam {
            m: vec![0.0; len],
            v: vec![0.0; len],
            t: 0,
        }
    }
}

/// One pass over the training samples `train` in a shuffled order, in
/// batches; `epoch` of `opts.epochs` sets the step size. Returns the mean
/// training loss.
pub fn epoch(
    net: &mut FloatNet,
    adam: &mut Adam,
    s: &Samples,
    train: &[usize],
    epoch: usize,
    opts: &TrainOptions,
) -> f64 {
    let mut order = train.to_vec();
    let mut rng = StdRng::seed_from_u64(opts.seed ^ (epoch as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    let progress = epoch as f32 / opts.epochs.max(1) as f32;
    let rate = opts.rate * (0.1f32).powf(progress);
    let threads = opts.threads.max(1);
    let mut grads: Vec<Grad> = (0..threads).map(|_| Grad::new(net)).collect();
    let mut total = 0.0;
    for batch in order.chunks(opts.batch.max(1)) {
        let part = batch.len().div_ceil(threads);
        let n: &FloatNet = net;
        total += std::thread::scope(|sc| {
            let hs: Vec<_> = grads
                .iter_mut()
                .zip(batch.chunks(part))
                .map(|(g, chunk)| sc.spawn(move || n.gradient(s, chunk, g)))
                .collect();
            hs.into_iter().map(|h| h.join().unwrap_or(0.0)).sum::<f64>()
        });
        step(net, adam, &mut grads, batch.len(), rate);
        if opts.decay > 0.0 {
            let keep = 1.0 - rate * opts.decay;
            let rows = opts.decayed_rows.min(net.inputs);
            for w in &mut net.w1[..rows * net.hidden] {
                *w *= keep;
            }
        }
    }
    total / order.len().max(1) as f64
}

/// Adam's step from the summed gradients (then cleared).
fn step(net: &mut FloatNet, adam: &mut Adam, grads: &mut [Grad], batch: usize, rate: f32) {
    let (b1m, b2m, eps) = (0.9f32, 0.999f32, 1e-8f32);
    adam.t += 1;
    let c1 = 1.0 - b1m.powi(adam.t);
    let c2 = 1.0 - b2m.powi(adam.t);
    let scale = 1.0 / batch as f32;
    let h = net.hidden;
    let mut update = |w: &mut f32, g: f32, k: usize, max: f32| {
        let g = g * scale;
        let (m, v) = (&mut adam.m[k], &mut adam.v[k]);
        *m = b1m * *m + (1.0 - b1m) * g;
        *v = b2m * *v + (1.0 - b2m) * g * g;
        *w -= rate * (*m / c1) / ((*v / c2).sqrt() + eps);
        *w = w.clamp(-max, max);
    };
    // Input rows: only those some sample touched (the rest have a zero
    // gradient; their moments decay unapplied, as in sparse Adam).
    let mut rows: Vec<usize> = grads.iter().flat_map(|g| g.rows.iter().copied()).collect();
    rows.sort_unstable();
    rows.dedup();
    for r in rows {
        for j in r * h..(r + 1) * h {
            let g: f32 = grads.iter().map(|gr| gr.w1[j]).sum();
            update(&mut net.w1[j], g, j, W1_MAX);
        }
    }
    let base = net.w1.len();
    for j in 0..h {
        let g: f32 = grads.iter().map(|gr| gr.b1[j]).sum();
        update(&mut net.b1[j], g, base + j, W1_MAX);
    }
    let base = base + h;
    for j in 0..net.w2.len() {
        let g: f32 = grads.iter().map(|gr| gr.w2[j]).sum();
        update(&mut net.w2[j], g, base + j, W2_MAX);
    }
    let base = base + net.w2.len();
    for j in 0..net.b2.len() {
        let g: f32 = grads.iter().map(|gr| gr.b2[j]).sum();
        update(&mut net.b2[j], g, base + j, W2_MAX);
    }
    for gr in grads.iter_mut() {
        gr.clear(h);
    }
}

/// Which samples are held out to measure the fit: one in twenty, by a hash
/// of the position (the same wherever the sample sits in the data).
pub fn held_out(text: &str) -> bool {
    let mut h = super::layout::Fnv::default();
    h.write(text.as_bytes());
    h.0 % 20 == 0
}

/// The gradient of one sample's loss, for tests against finite differences.
pub fn gradient_of(net: &FloatNet, s: &Samples, i: usize) -> (Vec<f32>, Vec<f32>, Vec<f32>, Vec<f32>) {
    let mut g = Grad::new(net);
    net.gradient(s, &[i], &mut g);
    (g.w1, g.b1, g.w2, g.b2)
}

const CHECKPOINT: &[u8; 8] = b"CHIMCKPT";

/// A training run's state after `epochs_done` epochs, as bytes: the
/// network in floating point and Adam's moments (a run resumes from it).
/// Version 1 has one output bucket; version 2 says how many after Adam's
/// step count.
pub fn checkpoint(net: &FloatNet, adam: &Adam, epochs_done: usize) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(CHECKPOINT);
    let mut words = vec![
        if net.outputs == 1 { 1 } else { 2 },
        epochs_done as u32,
        net.inputs as u32,
        net.hidden as u32,
        adam.t as u32,
    ];
    if net.outputs > 1 {
        words.push(net.outputs as u32);
    }
    for x in words {
        out.extend_from_slice(&x.to_le_bytes());
    }
    let floats = net.w1.iter().chain(&net.b1).chain(&net.w2).chain(&net.b2);
    for x in floats.chain(&adam.m).chain(&adam.v) {
        out.extend_from_slice(&x.to_le_bytes());
    }
    out
}

/// Reads [`checkpoint`]'s bytes: the network, Adam, the epochs done.
pub fn from_checkpoint(
    bytes: &[u8],
    inputs: usize,
    hidden: usize,
    outputs: usize,
) -> Result<(FloatNet, Adam, usize), String> {
    let words = |i: usize| -> u32 {
        bytes
            .get(8 + 4 * i..12 + 4 * i)
            .map_or(u32::MAX, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    if bytes.len() < 28 || &bytes[..8] != CHECKPOINT || !(1..=2).contains(&words(0)) {
        return Err("not a training checkpoint of this version".into());
    }
    let (had, head) = if words(0) == 1 {
        (1, 28)
    } else {
        (words(5) as usize, 32)
    };
    if (words(2) as usize, words(3) as usize, had) != (inputs, hidden, outputs) {
        return Err(format!(
            "the checkpoint has {} inputs, {} hidden and {had} output buckets, this run {inputs}, {hidden} and {outputs}",
            words(2),
            words(3)
        ));
    }
    let mut net = FloatNet::new(inputs, hidden, 0).with_outputs(outputs);
    let mut adam = Adam::new(&net);
    let n = net.w1.len() + net.b1.len() + net.w2.len() + net.b2.len();
    if bytes.len() != head + 4 * 3 * n {
        return Err("the checkpoint is cut short or too long".into());
    }
    let f: Vec<f32> = bytes[head..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let (w, rest) = f.split_at(n);
    let (m, v) = rest.split_at(n);
    let (a, b) = (net.w1.len(), net.w1.len() + hidden);
    let c = b + net.w2.len();
    net.w1.copy_from_slice(&w[..a]);
    net.b1.copy_from_slice(&w[a..b]);
    net.w2.copy_from_slice(&w[b..c]);
    net.b2.copy_from_slice(&w[c..n]);
    adam.m.copy_from_slice(m);
    adam.v.copy_from_slice(v);
    adam.t = words(4) as i32;
    Ok((net, adam, words(1) as usize))
}
