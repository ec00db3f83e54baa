//! The network's inputs for a variant: which features a position turns on,
//! seen from one side.
//!
//! A board feature is (kind, whose piece: the viewer's or the other side's,
//! square as the viewer sees it). The second player sees the board turned
//! as the rules file turns it (`Orientation`: shogi rotated, chess
//! reflected), so one set of weights serves both sides. A store feature
//! (hand, reserve, pocket) is (kind, whose, count), on as a thermometer:
//! two pawns in hand turn on "at least one" and "at least two", up to
//! [`STORE_CAP`]. Walls are a kind of their own, after the pieces.
//!
//! Large boards stay bounded: where kinds × 2 × squares would pass
//! [`MAX_BOARD_INPUTS`], squares are grouped in blocks of b × b (taikyoku,
//! 36 × 36 with 347 kinds: 4 × 4 blocks, 56,214 inputs).

use std::sync::Arc;

use crate::engine::{Color, Orientation, Position, Store, Variant};

/// The most board inputs a layout has (kinds × 2 × cells).
pub const MAX_BOARD_INPUTS: usize = 1 << 16;

/// Store counts are told apart up to this many of a kind.
pub const STORE_CAP: u32 = 8;

/// The inputs of one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    files: usize,
    ranks: usize,
    /// Kinds, walls included when the variant has them.
    kinds: usize,
    /// Squares are grouped in blocks of `block` × `block`.
    block: usize,
    cells_across: usize,
    cells: usize,
    /// The second player's view is the board rotated (else reflected).
    rotate: bool,
    /// Whether pieces can be off the board (store features).
    stores: bool,
    walls: bool,
}

impl Layout {
    /// The layout of a variant's inputs.
    pub fn new(v: &Arc<Variant>) -> Layout {
        let g = v.board();
        let (files, ranks) = (g.files(), g.ranks());
        let walls = v.walls.is_some();
        let kinds = v.kind_count() + usize::from(walls);
        let mut block = 1;
        while kinds * 2 * files.div_ceil(block) * ranks.div_ceil(block) > MAX_BOARD_INPUTS {
            block += 1;
        }
        Layout {
            files,
            ranks,
            kinds,
            block,
            cells_across: files.div_ceil(block),
            cells: files.div_ceil(block) * ranks.div_ceil(block),
            rotate: turned(v),
            stores: v.has_hands() || v.has_placement() || v.pocket_capacity().is_some(),
            walls,
        }
    }

    /// Board inputs.
    fn board_inputs(&self) -> usize {
        self.kinds * 2 * self.cells
    }

    /// All inputs.
    pub fn inputs(&self) -> usize {
        self.board_inputs()
            + if self.stores {
                self.kinds * 2 * STORE_CAP as usize
            } else {
                0
            }
    }

    /// The squares in a block's side (1: every square its own input).
    pub fn block(&self) -> usize {
        self.block
    }

    /// A number that changes with anything that changes what the inputs
    /// mean: a network is checked against it when it is loaded.
    pub fn fingerprint(&self, v: &Variant) -> u64 {
        let mut h = Fnv::default();
        for x in [
            self.files,
            self.ranks,
            self.kinds,
            self.block,
            usize::from(self.rotate),
            usize::from(self.stores),
            usize::from(self.walls),
            STORE_CAP as usize,
        ] {
            h.write(&(x as u64).to_le_bytes());
        }
        for k in v.kinds() {
            h.write(v.piece(k).name().as_bytes());
            h.write(&[0]);
        }
        h.0
    }

    /// The features `pos` turns on for the `view` side, appended to `out`.
    pub fn features(&self, pos: &Position, view: Color, out: &mut Vec<u32>) {
        let v = pos.variant();
        let g = v.board();
        let cell = |sq| {
            let (mut f, mut r) = (g.file(sq), g.rank(sq));
            if view == Color::Second {
                r = self.ranks - 1 - r;
                if self.rotate {
                    f = self.files - 1 - f;
                }
            }
            (r / self.block) * self.cells_across + f / self.block
        };
        for c in Color::BOTH {
            let whose = usize::from(c != view);
            for &sq in pos.pieces(c) {
                if let Some(p) = pos.piece_at(sq) {
                    out.push(((p.kind().index() * 2 + whose) * self.cells + cell(sq)) as u32);
                }
            }
        }
        if self.walls {
            let wall = self.kinds - 1;
            for sq in g.all_squares() {
                if pos.piece_at(sq) == Some(v.wall) {
                    out.push(((wall * 2) * self.cells + cell(sq)) as u32);
                }
            }
        }
        if self.stores {
            let base = self.board_inputs();
            for c in Color::BOTH {
                let whose = usize::from(c != view);
                for k in v.kinds() {
                    let n: u32 = Store::ALL.iter().map(|&st| pos.count(st, c, k)).sum();
                    let first = base + (k.index() * 2 + whose) * STORE_CAP as usize;
                    out.extend((0..n.min(STORE_CAP) as usize).map(|j| (first + j) as u32));
                }
            }
        }
    }
}

/// Whether the second player sees the board turned 180° rather than
/// reflected: as its start position shows when it is the first player's
/// turned or reflected (chess's is reflected, whatever the rules file says
/// of asymmetric pieces), else as the rules file turns the second side.
fn turned(v: &Arc<Variant>) -> bool {
    let pos = Position::start(v);
    let g = v.board();
    let (files, ranks) = (g.files() as i32, g.ranks() as i32);
    let mirrors = |rotate: bool| {
        g.all_squares().all(|sq| {
            let (f, r) = (g.file(sq) as i32, g.rank(sq) as i32);
            let f2 = if rotate { files - 1 - f } else { f };
            let other = g.square(f2, ranks - 1 - r).and_then(|t| pos.piece_at(t));
            match (pos.piece_at(sq), other) {
                (None, None) => true,
                (Some(a), Some(b)) => a.kind() == b.kind() && a.color() != b.color(),
                _ => false,
            }
        })
    };
    if mirrors(false) && !mirrors(true) {
        false
    } else if mirrors(true) && !mirrors(false) {
        true
    } else {
        v.orientation == Orientation::Rotate
    }
}

/// FNV-1a, 64 bits: a fingerprint stable across builds and machines.
#[derive(Clone, Copy)]
pub struct Fnv(pub u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    /// Adds bytes.
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}
