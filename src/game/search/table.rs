//! The transposition table: shared by all search threads without locks.
//!
//! Each entry is two 64-bit words, the key XOR the data and the data, so a
//! torn write (two threads storing at once) reads back as a miss rather than
//! as a wrong entry. Entries come in buckets of four; a store replaces the
//! same position's entry (unless it is a bound four plies or more shallower
//! than the entry), else the one least worth keeping: shallow and from an
//! older search first.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::engine::Move;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a fail high).
    Lower,
    /// The true score is at most this (a fail low).
    Upper,
}

/// What a probe finds.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The best move's fingerprint ([`fingerprint`]), 0 for none.
    pub mv: u16,
    /// The score, as stored (mate scores relative to the stored node).
    pub score: i32,
    /// Depth searched.
    pub depth: i32,
    /// The bound.
    pub bound: Bound,
}

const BUCKET: usize = 4;
const SCORE_BIAS: i64 = 1 << 22;

/// The table.
pub struct Table {
    words: Vec<AtomicU64>,
    buckets: usize,
    age: AtomicU64,
}

/// A 16-bit fingerprint of a move, never 0: enough to find the move again
/// among a position's legal moves.
pub fn fingerprint(m: &Move) -> u16 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |x: u64| {
        h ^= x;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    };
    mix(m.kind as u64);
    mix(m.from.0 as u64);
    mix(m.to.0 as u64);
    mix(m.piece().0 as u64);
    mix(m.promo().0 as u64);
    mix(m.aux as u64);
    for c in m.captures() {
        mix(c.0 as u64);
    }
    let f = (h ^ (h >> 16) ^ (h >> 32) ^ (h >> 48)) as u16;
    if f == 0 { 1 } else { f }
}

/// The machine's memory in bytes (Linux's `/proc/meminfo`), if known.
fn physical_memory() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

impl Table {
    /// A table of about `mb` mebibytes (at least one bucket); smaller, by
    /// halves, when the memory cannot be had or `mb` is more than half the
    /// machine's memory ([`Table::megabytes`] tells).
    pub fn new(mb: usize) -> Table {
        let mut bytes = mb.clamp(1, 1 << 24) << 20;
        if let Some(total) = physical_memory() {
            while bytes > 1 << 20 && bytes > total / 2 {
                bytes /= 2;
            }
        }
        loop {
            // The largest power of two that fits (keys are masked).
            let fit = (bytes / (16 * BUCKET)).max(1);
            let buckets = 1usize << (usize::BITS - 1 - fit.leading_zeros());
            let len = buckets * BUCKET * 2;
            if let Some(words) = zeroed_words(len) {
                return Table {
                    words,
                    buckets,
                    age: AtomicU64::new(0),
                };
            }
            bytes /= 2;
        }
    }

    /// Its size in mebibytes.
    pub fn megabytes(&self) -> usize {
        (self.words.len() * 8) >> 20
    }

    /// Empties the table (a new game).
    pub fn clear(&self) {
        for w in &self.words {
            w.store(0, Ordering::Relaxed);
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older entries give way first.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn age(&self) -> u64 {
        self.age.load(Ordering::Relaxed) & 63
    }

    fn bucket(&self, key: u64) -> usize {
        ((key as usize) & (self.buckets - 1)) * BUCKET * 2
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let b = self.bucket(key);
        for i in 0..BUCKET {
            let k = self.words[b + 2 * i].load(Ordering::Relaxed);
            let d = self.words[b + 2 * i + 1].load(Ordering::Relaxed);
            if d != 0 && k ^ d == key {
                return Some(unpack(d));
            }
        }
        None
    }

    /// Stores a search result for `key`.
    pub fn store(&self, key: u64, mv: u16, score: i32, depth: i32, bound: Bound) {
        let b = self.bucket(key);
        let age = self.age();
        let mut victim = 0;
        let mut worst = i64::MAX;
        for i in 0..BUCKET {
            let k = self.words[b + 2 * i].load(Ordering::Relaxed);
            let d = self.words[b + 2 * i + 1].load(Ordering::Relaxed);
            if d == 0 || k ^ d == key {
                victim = i;
                if d != 0 {
                    let old = unpack(d);
                    // A much shallower result (quiescence's) leaves a deep
                    // one of the same position in place.
                    if bound != Bound::Exact && depth + 4 < old.depth {
                        return;
                    }
                    // Keep the old move when this search found none.
                    if mv == 0 {
                        self.write(b + 2 * i, key, pack(old.mv, score, depth, bound, age));
                        return;
                    }
                }
                break;
            }
            let e = unpack(d);
            let e_age = (d >> 56) & 63;
            let stale = ((age + 64 - e_age) & 63) as i64;
            let worth = e.depth as i64 - 8 * stale;
            if worth < worst {
                worst = worth;
                victim = i;
            }
        }
        self.write(b + 2 * victim, key, pack(mv, score, depth, bound, age));
    }

    fn write(&self, at: usize, key: u64, data: u64) {
        self.words[at].store(key ^ data, Ordering::Relaxed);
        self.words[at + 1].store(data, Ordering::Relaxed);
    }
}

/// Layout: move 16 bits | score 23 bits | depth 8 bits | bound 2 bits |
/// (1 bit set, so that data is never 0) | age 6 bits at 56.
fn pack(mv: u16, score: i32, depth: i32, bound: Bound, age: u64) -> u64 {
    let s = (score as i64 + SCORE_BIAS).clamp(0, (1 << 23) - 1) as u64;
    let d = depth.clamp(0, 255) as u64;
    let b = match bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    mv as u64 | s << 16 | d << 39 | b << 47 | 1 << 49 | age << 56
}

fn unpack(d: u64) -> Hit {
    Hit {
        mv: d as u16,
        score: (((d >> 16) & ((1 << 23) - 1)) as i64 - SCORE_BIAS) as i32,
        depth: ((d >> 39) & 255) as i32,
        bound: match (d >> 47) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

/// `len` zeroed words, or `None` when the memory cannot be had. Zeroed
/// memory comes from the system as untouched pages, so a table of many
/// gigabytes costs nothing until it is used (filling it word by word took
/// 11 s for 12 GiB).
fn zeroed_words(len: usize) -> Option<Vec<AtomicU64>> {
    let layout = std::alloc::Layout::array::<AtomicU64>(len).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: the layout is non-zero in size. The allocation is of
    // `AtomicU64`'s own layout (size and alignment), so `Vec` may own and
    // free it; all-zero bytes are a valid `AtomicU64` (it has `u64`'s bit
    // validity), so all `len` elements are initialised.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<AtomicU64>();
        if ptr.is_null() {
            return None;
        }
        Some(Vec::from_raw_parts(ptr, len, len))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_table_is_empty() {
        let t = Table::new(2);
        assert!(t.words.iter().all(|w| w.load(Ordering::Relaxed) == 0));
        assert_eq!(t.words.len(), t.buckets * BUCKET * 2);
        assert!(zeroed_words(0).is_some_and(|w| w.is_empty()));
    }

    #[test]
    fn entries_round_trip_and_keys_differ() {
        let t = Table::new(1);
        t.store(0xdead_beef, 77, -123_456, 9, Bound::Lower);
        let h = t.probe(0xdead_beef).unwrap();
        assert_eq!((h.mv, h.score, h.depth, h.bound), (77, -123_456, 9, Bound::Lower));
        assert!(t.probe(0xdead_beee).is_none());
        t.store(0xdead_beef, 0, 5, 10, Bound::Exact);
        let h = t.probe(0xdead_beef).unwrap();
        assert_eq!(
            (h.mv, h.score, h.depth),
            (77, 5, 10),
            "an entry without a move keeps the old one"
        );
        t.clear();
        assert!(t.probe(0xdead_beef).is_none());
    }

    #[test]
    fn deep_entries_outlive_shallow_ones_in_a_full_bucket() {
        let t = Table::new(1);
        let stride = t.buckets as u64;
        // Five keys in one bucket: the shallowest gives way.
        for i in 0..4u64 {
            t.store(1 + i * stride, 1, 0, 10 + i as i32, Bound::Exact);
        }
        t.store(1 + 4 * stride, 1, 0, 20, Bound::Exact);
        assert!(t.probe(1).is_none(), "the depth-10 entry was replaced");
        for i in 1..5u64 {
            assert!(t.probe(1 + i * stride).is_some());
        }
    }
}
