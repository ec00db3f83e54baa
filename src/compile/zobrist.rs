//! Stage: Zobrist keys, from a fixed seed so hashes are reproducible from run
//! to run. Hook state keys are added when the hooks claim their slots.

use rand::{Rng, SeedableRng, rngs::StdRng};

use crate::engine::geometry::Geometry;
use crate::engine::variant::Zobrist;

/// Keys for every piece on every square, every store count, the side to move,
/// castling rights and en-passant squares.
pub(super) fn keys(geo: &Geometry, kinds: usize, castles: usize) -> Zobrist {
    let nsq = geo.nsq;
    let mut rng = StdRng::seed_from_u64(0x00c4_1e5a_u64 ^ (nsq as u64) << 32);
    let codes = 1 + 2 * kinds;
    Zobrist {
        piece: (0..codes * nsq).map(|_| rng.random()).collect(),
        store: (0..3 * 2 * kinds).map(|_| rng.random()).collect(),
        side: rng.random(),
        castling: (0..castles.max(1)).map(|_| rng.random()).collect(),
        ep: (0..nsq).map(|_| rng.random()).collect(),
        state: Vec::new(),
        checks: [rng.random(), rng.random()],
    }
}

/// Keys for hook state slots.
pub(super) fn state_keys(slots: usize) -> Vec<u64> {
    let mut rng = StdRng::seed_from_u64(0x0057_47e5);
    (0..slots).map(|_| rng.random()).collect()
}
