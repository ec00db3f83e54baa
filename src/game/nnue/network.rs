//! A trained network in integers, as the search uses it, and its file.
//!
//! The network: each side's view of the position ([`Layout::features`])
//! sums rows of one weight matrix into an accumulator of `hidden` numbers;
//! the side to move's accumulator and the other's, each clipped to [0, 1]
//! and squared (SCReLU), are weighed into one number, the evaluation in
//! units of [`SCALE`] centipawns.
//!
//! With output buckets ([`Layout::output_bucket`]) there is one set of
//! output weights and bias per bucket, the one of the position's piece
//! count weighing the accumulators.
//!
//! The file (little-endian), version 1, or 2 where there are several
//! output buckets:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `CHIMNNUE` |
//! | 4 | version (1 or 2) |
//! | 8 | the layout's fingerprint ([`Layout::fingerprint`]) |
//! | 4, 4 | inputs, hidden |
//! | 4 | output buckets (version 2 only; version 1 has one) |
//! | 2 + n | the variant's name (UTF-8) |
//! | 4 + n | how it was trained (UTF-8 text) |
//! | 2 × inputs × hidden | input weights, i16, input by input, × [`QA`] |
//! | 2 × hidden | accumulator biases, i16, × [`QA`] |
//! | buckets × 2 × 2 × hidden | output weights, i16, bucket by bucket, the side to move's half first, × [`QB`] |
//! | buckets × 4 | output biases, i32, × [`QA`] × [`QB`] |
//! | 8 | FNV-1a of every byte before it |

use super::layout::{Fnv, Layout};
use std::sync::Arc;

use crate::engine::{Color, Piece, Position, Variant};

/// The activation's scale: an accumulator of `QA` is 1.0.
pub const QA: i32 = 255;
/// The output weights' scale.
pub const QB: i32 = 256;
/// Centipawns per unit of the network's output (the logistic's scale).
pub const SCALE: i32 = 400;

const MAGIC: &[u8; 8] = b"CHIMNNUE";
const VERSION: u32 = 2;
/// The largest hidden layer a file may ask for.
pub const MAX_HIDDEN: usize = 4096;
/// The most output buckets a network may have.
pub const MAX_OUTPUTS: usize = 16;

/// A network ready to evaluate.
#[derive(Clone, Debug)]
pub struct Network {
    /// Told apart from every other network made in this process (a
    /// scratch's accumulators belong to one).
    id: u64,
    layout: Layout,
    fingerprint: u64,
    hidden: usize,
    /// `inputs × hidden`, input by input.
    w1: Vec<i16>,
    b1: Vec<i16>,
    /// `outputs × 2 × hidden`: per output bucket, the side to move's
    /// half, then the other's.
    w2: Vec<i16>,
    /// One per output bucket.
    b2: Vec<i32>,
    /// How it was trained.
    pub about: String,
    /// The variant it was trained for.
    pub variant: String,
}

impl Network {
    /// A network of `layout`'s inputs from quantised weights (the
    /// trainer's output): as many hidden units as `b1` has biases, as many
    /// output buckets as `b2` has.
    pub fn from_parts(
        v: &Arc<Variant>,
        layout: Layout,
        w1: Vec<i16>,
        b1: Vec<i16>,
        w2: Vec<i16>,
        b2: Vec<i32>,
        about: &str,
    ) -> Network {
        let hidden = b1.len();
        assert_eq!(w1.len(), layout.inputs() * hidden);
        assert_eq!((b1.len(), w2.len()), (hidden, 2 * hidden * b2.len()));
        Network {
            id: next_id(),
            fingerprint: layout.fingerprint(v),
            layout,
            hidden,
            w1,
            b1,
            w2,
            b2,
            about: about.to_string(),
            variant: v.name().to_string(),
        }
    }

    /// The hidden layer's size.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Output buckets (1: none).
    pub fn outputs(&self) -> usize {
        self.b2.len()
    }

    /// The inputs' layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The evaluation of `pos` for the side to move, in centipawns.
    /// `scratch` keeps each side's accumulator from evaluations before:
    /// one made a ply earlier (the parent, as the search goes) or at the
    /// same ply (a sibling) is brought up to date by the inputs that differ
    /// — a move changes two to four — rather than summed again: the
    /// squares whose content differs from that position's board (kept
    /// with it) and the store counts that differ. Any earlier position
    /// serves (the difference is exact), so hooks that rewrite the board
    /// need nothing special.
    pub fn evaluate(&self, pos: &Position, scratch: &mut Scratch) -> i32 {
        let h = self.hidden;
        let ply = pos.ply() % SLOTS;
        if scratch.slots.len() != SLOTS || scratch.network != self.id {
            scratch.slots = (0..SLOTS).map(|_| Slot::default()).collect();
            scratch.network = self.id;
        }
        let mut counts = std::mem::take(&mut scratch.counts);
        self.layout.store_counts(pos, &mut counts);
        let mut acc = std::mem::take(&mut scratch.acc);
        let parent = (ply + SLOTS - 1) % SLOTS;
        let buckets = Color::BOTH.map(|view| self.layout.bucket(pos, view));
        let old = [parent, ply].into_iter().find(|&i| scratch.slots[i].valid);
        let mut changed = std::mem::take(&mut scratch.changed);
        changed.clear();
        if let Some(i) = old {
            let before = &scratch.slots[i].board;
            changed.extend((0..before.len()).filter(|&s| before[s] != pos.board[s]));
        }
        for view in Color::BOTH {
            let b = buckets[view.index()];
            match old
                .map(|i| &scratch.slots[i])
                .filter(|o| o.buckets[view.index()] == b)
            {
                Some(old) => {
                    acc[view.index()].clone_from(&old.acc[view.index()]);
                    let a = &mut acc[view.index()];
                    self.update(old, &changed, &pos.board, &counts, a, view, b);
                }
                // No earlier accumulator, or the royal piece went to
                // another bucket: every input changed.
                None => {
                    let fresh = &mut scratch.fresh;
                    fresh.clear();
                    self.layout.features(pos, view, fresh);
                    self.refresh(fresh, &mut acc[view.index()]);
                }
            }
        }
        let slot = &mut scratch.slots[ply];
        slot.board.clone_from(&pos.board);
        slot.counts.clone_from(&counts);
        slot.buckets = buckets;
        scratch.changed = changed;
        for view in Color::BOTH {
            slot.acc[view.index()].clone_from(&acc[view.index()]);
        }
        slot.valid = true;
        let stm = pos.side_to_move();
        let bucket = self.layout.output_bucket(pos, self.b2.len());
        let mut sum: i64 = 0;
        for view in Color::BOTH {
            let half = 2 * bucket + usize::from(view != stm);
            let out = &self.w2[half * h..(half + 1) * h];
            let mut part: i64 = 0;
            for (&a, &w) in acc[view.index()].iter().zip(out) {
                let x = a.clamp(0, QA);
                part += i64::from(x * i32::from(w)) * i64::from(x);
            }
            sum += part;
        }
        scratch.acc = acc;
        scratch.counts = counts;
        let out = sum / i64::from(QA) + i64::from(self.b2[bucket]);
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// Brings the `view` side's accumulator of `old`'s position up to that
    /// of a position with `board` and store `counts` in the same royal
    /// `bucket`: the inputs of each square whose content differs (the
    /// `changed` squares), and of each count that differs, taken out and
    /// put in.
    #[allow(clippy::too_many_arguments)]
    fn update(
        &self,
        old: &Slot,
        changed: &[usize],
        board: &[Option<Piece>],
        counts: &[u32],
        acc: &mut [i32],
        view: Color,
        bucket: usize,
    ) {
        let l = &self.layout;
        for &i in changed {
            if let Some(f) = l.square_feature(old.board[i], i, view, bucket) {
                self.add_row(f, acc, -1);
            }
            if let Some(f) = l.square_feature(board[i], i, view, bucket) {
                self.add_row(f, acc, 1);
            }
        }
        for (i, (&a, &b)) in old.counts.iter().zip(counts).enumerate() {
            if a != b {
                let (lo, hi, sign) = if a < b { (a, b, 1) } else { (b, a, -1) };
                for j in lo..hi {
                    self.add_row(l.store_feature(i, view, j, bucket), acc, sign);
                }
            }
        }
    }

    /// The accumulator of `features`, summed from the biases.
    fn refresh(&self, features: &[u32], acc: &mut Vec<i32>) {
        let h = self.hidden;
        acc.clear();
        acc.extend(self.b1.iter().map(|&b| i32::from(b)));
        for &f in features {
            self.add_row(f, acc, 1);
        }
        debug_assert_eq!(acc.len(), h);
    }

    #[inline]
    fn add_row(&self, f: u32, acc: &mut [i32], sign: i32) {
        let h = self.hidden;
        let row = &self.w1[f as usize * h..(f as usize + 1) * h];
        if sign > 0 {
            for (a, &w) in acc.iter_mut().zip(row) {
                *a += i32::from(w);
            }
        } else {
            for (a, &w) in acc.iter_mut().zip(row) {
                *a -= i32::from(w);
            }
        }
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 2 * self.w1.len());
        out.extend_from_slice(MAGIC);
        // One output bucket: version 1, as files were before buckets.
        let version: u32 = if self.b2.len() == 1 { 1 } else { VERSION };
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&self.fingerprint.to_le_bytes());
        out.extend_from_slice(&(self.layout.inputs() as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        if version > 1 {
            out.extend_from_slice(&(self.b2.len() as u32).to_le_bytes());
        }
        let name = self.variant.as_bytes();
        out.extend_from_slice(&(name.len().min(u16::MAX as usize) as u16).to_le_bytes());
        out.extend_from_slice(&name[..name.len().min(u16::MAX as usize)]);
        out.extend_from_slice(&(self.about.len() as u32).to_le_bytes());
        out.extend_from_slice(self.about.as_bytes());
        for x in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        for b in &self.b2 {
            out.extend_from_slice(&b.to_le_bytes());
        }
        let mut h = Fnv::default();
        h.write(&out);
        out.extend_from_slice(&h.0.to_le_bytes());
        out
    }

    /// Reads a network file for `v`: an error says what is wrong (not a
    /// network, another version, another variant, cut short, corrupt).
    pub fn from_bytes(v: &Arc<Variant>, bytes: &[u8]) -> Result<Network, String> {
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err("not a chimera network file (it does not start with CHIMNNUE)".into());
        }
        if bytes.len() < 16 {
            return Err("the file is cut short".into());
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let mut h = Fnv::default();
        h.write(body);
        let mut r = Reader { bytes: body, at: 8 };
        let version = r.u32()?;
        if version == 0 || version > VERSION {
            return Err(format!(
                "network file version {version}: this chimera reads versions 1 to {VERSION}"
            ));
        }
        if h.0.to_le_bytes() != sum {
            return Err("the file is corrupt (its checksum does not match)".into());
        }
        let fingerprint = r.u64()?;
        let (inputs, hidden) = (r.u32()? as usize, r.u32()? as usize);
        let outputs = if version > 1 { r.u32()? as usize } else { 1 };
        let n = r.u16()? as usize;
        let variant = String::from_utf8_lossy(r.take(n)?).into_owned();
        let n = r.u32()? as usize;
        let about = String::from_utf8_lossy(r.take(n)?).into_owned();
        let layout = Layout::for_file(v, inputs, fingerprint);
        let Some(layout) = layout else {
            return Err(format!(
                "the network was trained for `{variant}` ({inputs} inputs), not for `{}` ({} inputs without royal buckets): its pieces, board or stores differ",
                v.name(),
                Layout::new(v).inputs()
            ));
        };
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(format!("a hidden layer of {hidden}: 1 to {MAX_HIDDEN}"));
        }
        if outputs == 0 || outputs > MAX_OUTPUTS {
            return Err(format!("{outputs} output buckets: 1 to {MAX_OUTPUTS}"));
        }
        let w1 = r.i16s(inputs * hidden)?;
        let b1 = r.i16s(hidden)?;
        let w2 = r.i16s(2 * hidden * outputs)?;
        let b2 = (0..outputs)
            .map(|_| r.u32().map(|b| b as i32))
            .collect::<Result<_, _>>()?;
        if r.at != body.len() {
            return Err(format!("{} bytes after the weights", body.len() - r.at));
        }
        Ok(Network {
            id: next_id(),
            layout,
            fingerprint,
            hidden,
            w1,
            b1,
            w2,
            b2,
            about,
            variant,
        })
    }
}

fn next_id() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// Accumulators kept, by ply (mod this).
const SLOTS: usize = 256;

/// What evaluations keep for the next: each side's accumulator of the
/// last position evaluated at each ply, with its inputs.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    slots: Vec<Slot>,
    /// The network the accumulators are of.
    network: u64,
    acc: [Vec<i32>; 2],
    fresh: Vec<u32>,
    counts: Vec<u32>,
    /// The squares whose content differs from the earlier position's.
    changed: Vec<usize>,
}

/// One ply's last evaluation: its board and store counts, and each
/// side's accumulator.
#[derive(Clone, Debug, Default)]
struct Slot {
    valid: bool,
    board: Vec<Option<Piece>>,
    counts: Vec<u32>,
    acc: [Vec<i32>; 2],
    /// Each side's royal bucket.
    buckets: [usize; 2],
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or("the file is cut short")?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }
    fn u16(&mut self) -> Result<u16, String> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().unwrap_or_default()))
    }
    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().unwrap_or_default()))
    }
    fn u64(&mut self) -> Result<u64, String> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().unwrap_or_default()))
    }
    fn i16s(&mut self, n: usize) -> Result<Vec<i16>, String> {
        let bytes = self.take(n.checked_mul(2).ok_or("the file is cut short")?)?;
        Ok(bytes
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}
