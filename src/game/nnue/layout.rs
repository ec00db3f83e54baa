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
//! 36 × 36 with 347 kinds: 4 × 4 blocks, 56,214 inputs). A trainer may ask
//! for larger blocks than that (`chimera train --block`): fewer inputs, a
//! smaller file, each input seen more often in the data.
//!
//! Royal buckets (`chimera train --buckets N`) repeat every input for each
//! region of the board the viewer's royal piece can stand in (the board
//! cut in N: files in thirds or halves, ranks into the home third and the
//! rest, or thirds), as HalfKP networks tie each piece to its king's
//! square: a piece near the king and a piece far from it then weigh
//! differently, which a piece-square input alone cannot say. A side with
//! no royal piece on the board counts as in the first region.

use std::sync::Arc;

use crate::engine::{Color, Orientation, Piece, Position, Store, Variant};

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
    cells: usize,
    /// The second player's view is the board rotated (else reflected).
    rotate: bool,
    /// Whether pieces can be off the board (store features).
    stores: bool,
    walls: bool,
    /// The wall piece, when the variant has walls.
    wall: Option<Piece>,
    /// Each square's cell as each side sees it (by the side's index).
    cell_of: [Vec<u32>; 2],
    /// Kinds of pieces (walls not counted).
    piece_kinds: usize,
    /// Royal buckets (1: none): every input repeated for each.
    buckets: usize,
    /// Each square's bucket as each side sees it (by the side's index).
    bucket_of: [Vec<u8>; 2],
    /// Pieces on the board at the start (both sides): the scale of the
    /// output buckets ([`Layout::output_bucket`]).
    start_pieces: usize,
}

/// The royal-bucket counts a layout may have: (buckets, across the files,
/// across the ranks).
pub const BUCKET_GRIDS: [(usize, usize, usize); 6] =
    [(1, 1, 1), (2, 2, 1), (3, 3, 1), (4, 2, 2), (6, 3, 2), (9, 3, 3)];

impl Layout {
    /// The layout of a variant's inputs, without royal buckets.
    pub fn new(v: &Arc<Variant>) -> Layout {
        Layout::build(v, (1, 1, 1), block_range(v).0)
    }

    /// The layout with `buckets` royal buckets (one of [`BUCKET_GRIDS`]).
    pub fn with_buckets(v: &Arc<Variant>, buckets: usize) -> Result<Layout, String> {
        Layout::with(v, buckets, None)
    }

    /// The layout with `buckets` royal buckets (one of [`BUCKET_GRIDS`])
    /// and squares grouped in blocks of `block` × `block` (`None`: the
    /// smallest blocks that keep the inputs within [`MAX_BOARD_INPUTS`]).
    pub fn with(v: &Arc<Variant>, buckets: usize, block: Option<usize>) -> Result<Layout, String> {
        let grid = BUCKET_GRIDS.iter().find(|g| g.0 == buckets).ok_or_else(|| {
            let ok: Vec<String> = BUCKET_GRIDS.iter().map(|g| g.0.to_string()).collect();
            format!("{buckets} royal buckets: one of {}", ok.join(", "))
        })?;
        let (least, most) = block_range(v);
        let block = match block {
            None => least,
            Some(b) if (least..=most).contains(&b) => b,
            Some(b) => {
                return Err(format!(
                    "blocks of {b} × {b} squares: {least} to {most} on this board ({} × {}{})",
                    v.board().files(),
                    v.board().ranks(),
                    if least > 1 {
                        format!(", where smaller blocks would pass {MAX_BOARD_INPUTS} inputs")
                    } else {
                        String::new()
                    }
                ));
            }
        };
        Ok(Layout::build(v, *grid, block))
    }

    /// The layout whose inputs number `inputs` (a trainer's network): the
    /// variant's layout with the smallest blocks that has as many, by
    /// its royal buckets.
    pub fn for_inputs(v: &Arc<Variant>, inputs: usize) -> Option<Layout> {
        Layout::all(v, inputs).next()
    }

    /// The layout a network file names: as many inputs and the same
    /// fingerprint ([`Layout::fingerprint`]).
    pub fn for_file(v: &Arc<Variant>, inputs: usize, fingerprint: u64) -> Option<Layout> {
        Layout::all(v, inputs).find(|l| l.fingerprint(v) == fingerprint)
    }

    /// The variant's layouts with `inputs` inputs: by block size, then
    /// royal buckets.
    fn all(v: &Arc<Variant>, inputs: usize) -> impl Iterator<Item = Layout> + '_ {
        let base = Layout::new(v);
        let (least, most) = block_range(v);
        let per_cell = base.kinds * 2;
        let stores = base.bucket_inputs() - base.board_inputs();
        let (files, ranks) = (base.files, base.ranks);
        (least..=most)
            .flat_map(|b| BUCKET_GRIDS.iter().map(move |&grid| (b, grid)))
            .filter(move |&(b, grid)| {
                grid.0 * (per_cell * files.div_ceil(b) * ranks.div_ceil(b) + stores) == inputs
            })
            .map(move |(b, grid)| Layout::build(v, grid, b))
    }

    fn build(v: &Arc<Variant>, (buckets, across, down): (usize, usize, usize), block: usize) -> Layout {
        let g = v.board();
        let (files, ranks) = (g.files(), g.ranks());
        let walls = v.walls.is_some();
        let kinds = v.kind_count() + usize::from(walls);
        let rotate = turned(v);
        let cells_across = files.div_ceil(block);
        let seen = |sq, view| {
            let (mut f, mut r) = (g.file(sq), g.rank(sq));
            if view == Color::Second {
                r = ranks - 1 - r;
                if rotate {
                    f = files - 1 - f;
                }
            }
            (f, r)
        };
        let cell_of = Color::BOTH.map(|view| {
            g.all_squares()
                .map(|sq| {
                    let (f, r) = seen(sq, view);
                    ((r / block) * cells_across + f / block) as u32
                })
                .collect()
        });
        let bucket_of = Color::BOTH.map(|view| {
            g.all_squares()
                .map(|sq| {
                    let (f, r) = seen(sq, view);
                    let band = match down {
                        1 => 0,
                        2 => usize::from(r >= ranks.div_ceil(3)),
                        _ => r * down / ranks,
                    };
                    (band * across + f * across / files) as u8
                })
                .collect()
        });
        Layout {
            files,
            ranks,
            kinds,
            block,
            cells: cells_across * ranks.div_ceil(block),
            rotate,
            stores: v.has_hands() || v.has_placement() || v.pocket_capacity().is_some(),
            walls,
            wall: walls.then_some(v.wall),
            cell_of,
            piece_kinds: v.kind_count(),
            buckets,
            bucket_of,
            start_pieces: {
                let start = Position::start(v);
                Color::BOTH.iter().map(|&c| start.pieces(c).len()).sum()
            },
        }
    }

    /// Which of `n` output buckets `pos` falls in: by the pieces on the
    /// board (both sides) as a share of the start's, the emptiest boards
    /// in the first, a board as full as the start's in the last. So the
    /// network weighs its accumulators one way in the opening and another
    /// in the ending, as Stockfish's networks choose a layer stack by
    /// their piece count. One bucket: always 0.
    pub fn output_bucket(&self, pos: &Position, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let on: usize = Color::BOTH.iter().map(|&c| pos.pieces(c).len()).sum();
        (on * n / (self.start_pieces + 1)).min(n - 1)
    }

    /// Board inputs of one bucket.
    fn board_inputs(&self) -> usize {
        self.kinds * 2 * self.cells
    }

    /// Inputs of one bucket.
    fn bucket_inputs(&self) -> usize {
        self.board_inputs()
            + if self.stores {
                self.kinds * 2 * STORE_CAP as usize
            } else {
                0
            }
    }

    /// All inputs.
    pub fn inputs(&self) -> usize {
        self.buckets * self.bucket_inputs()
    }

    /// Royal buckets (1: none).
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// The bucket of `pos` for the `view` side: where its royal piece
    /// stands (the first when none is on the board).
    #[inline]
    pub fn bucket(&self, pos: &Position, view: Color) -> usize {
        if self.buckets == 1 {
            return 0;
        }
        let sq = pos.royal[view.index()];
        if sq == crate::engine::Square::NONE {
            0
        } else {
            usize::from(self.bucket_of[view.index()][sq.index()])
        }
    }

    /// Factor inputs, for training only (`chimera train --factorise`): one
    /// for each (kind, whose), on wherever such a piece stands, numbered
    /// after [`Layout::inputs`]. A rare kind's squares then learn its worth
    /// together; the factor's weights are added into each of its squares'
    /// rows when the network is written ([`Layout::factor`]). With royal
    /// buckets, the factors are the inputs of one bucket instead: what a
    /// piece is worth wherever the royal piece stands.
    pub fn factors(&self) -> usize {
        if self.buckets > 1 {
            self.bucket_inputs()
        } else {
            self.kinds * 2
        }
    }

    /// The factor input of input `f`: with buckets, the same input without
    /// its bucket; else a board input's (kind, whose), none for a store
    /// input.
    #[inline]
    pub fn factor(&self, f: u32) -> Option<u32> {
        let f = f as usize;
        if self.buckets > 1 {
            return Some((self.inputs() + f % self.bucket_inputs()) as u32);
        }
        (f < self.board_inputs()).then(|| (self.inputs() + f / self.cells) as u32)
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
        if self.buckets > 1 {
            // Networks without buckets keep the fingerprint they had.
            h.write(b"buckets");
            h.write(&(self.buckets as u64).to_le_bytes());
        }
        for k in v.kinds() {
            h.write(v.piece(k).name().as_bytes());
            h.write(&[0]);
        }
        h.0
    }

    /// The features `pos` turns on for the `view` side, appended to `out`.
    pub fn features(&self, pos: &Position, view: Color, out: &mut Vec<u32>) {
        let bucket = self.bucket(pos, view);
        for (i, &p) in pos.board.iter().enumerate() {
            out.extend(self.square_feature(p, i, view, bucket));
        }
        if self.stores {
            let mut counts = Vec::new();
            self.store_counts(pos, &mut counts);
            for (i, &n) in counts.iter().enumerate() {
                let first = self.store_feature(i, view, 0, bucket);
                out.extend((0..n).map(|j| first + j));
            }
        }
    }

    /// The input a square's content turns on for the `view` side in its
    /// royal `bucket`, if any: a piece (its kind, whose, the cell), or a
    /// wall (of no side).
    #[inline]
    pub fn square_feature(&self, p: Option<Piece>, square: usize, view: Color, bucket: usize) -> Option<u32> {
        let p = p?;
        let cell = self.cell_of[view.index()][square] as usize;
        let first = bucket * self.bucket_inputs();
        if self.wall == Some(p) {
            return Some((first + (self.kinds - 1) * 2 * self.cells + cell) as u32);
        }
        let whose = usize::from(p.color() != view);
        Some((first + (p.kind().index() * 2 + whose) * self.cells + cell) as u32)
    }

    /// Whether positions have store inputs (hands, reserves, pockets).
    pub fn has_stores(&self) -> bool {
        self.stores
    }

    /// Each side's count of each kind off the board (all stores), capped
    /// at [`STORE_CAP`], indexed `side × kinds + kind`, into `out`.
    pub fn store_counts(&self, pos: &Position, out: &mut Vec<u32>) {
        out.clear();
        if !self.stores {
            return;
        }
        let v = pos.variant();
        for c in Color::BOTH {
            for k in v.kinds() {
                let n: u32 = Store::ALL.iter().map(|&st| pos.count(st, c, k)).sum();
                out.push(n.min(STORE_CAP));
            }
        }
    }

    /// The `j`th (from 0) thermometer input of the store count at `index`
    /// ([`Layout::store_counts`]) for the `view` side in its royal `bucket`.
    #[inline]
    pub fn store_feature(&self, index: usize, view: Color, j: u32, bucket: usize) -> u32 {
        let (side, kind) = (index / self.piece_kinds, index % self.piece_kinds);
        let whose = usize::from(side != view.index());
        let first = bucket * self.bucket_inputs() + self.board_inputs();
        (first + (kind * 2 + whose) * STORE_CAP as usize) as u32 + j
    }
}

/// The block sizes a variant's layouts may have: from the smallest that
/// keeps the board inputs within [`MAX_BOARD_INPUTS`] to the board's
/// longer side (the whole board one cell).
fn block_range(v: &Variant) -> (usize, usize) {
    let g = v.board();
    let (files, ranks) = (g.files(), g.ranks());
    let kinds = v.kind_count() + usize::from(v.walls.is_some());
    let mut block = 1;
    while kinds * 2 * files.div_ceil(block) * ranks.div_ceil(block) > MAX_BOARD_INPUTS {
        block += 1;
    }
    (block, files.max(ranks).max(block))
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
