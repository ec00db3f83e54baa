//! The board's shape: files and ranks, square names, and precomputed rays —
//! for each vector a piece uses and each square, the squares reached by
//! repeating the vector until the edge, so generation does no bounds
//! arithmetic.

use super::types::{Color, Square};

/// The eight unit directions, in the order continuation legs index them
/// (clockwise from forward).
pub const FRAMES: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Index into [`FRAMES`] of a unit direction (0 when it is none of them).
pub fn frame_index(d: (i32, i32)) -> usize {
    FRAMES.iter().position(|&f| f == d).unwrap_or(0)
}

/// The direction a continuation leg sees as "forward" after a leg along
/// `prev`: the vector itself for orthogonal and diagonal moves, its longer
/// orthogonal component for oblique ones (so `ffN` after a knight jump keeps
/// its class).
pub fn continuation_frame(prev: (i32, i32)) -> (i32, i32) {
    let (x, y) = prev;
    if x == 0 || y == 0 || x.abs() == y.abs() {
        (x.signum(), y.signum())
    } else if y.abs() > x.abs() {
        (0, y.signum())
    } else {
        (x.signum(), 0)
    }
}

/// A vector in use: an index into [`Geometry`]'s ray tables.
pub(crate) type VectorId = u16;

/// The most squares a board has (26 files by 26 ranks).
pub(crate) const MAX_SQUARES: usize = 26 * 26;

/// The board's shape and its ray tables.
#[derive(Debug, Clone)]
pub struct Geometry {
    pub(crate) files: usize,
    pub(crate) ranks: usize,
    pub(crate) nsq: usize,
    pub(crate) vectors: Vec<(i32, i32)>,
    /// For each vector, the [`FRAMES`] index a continuation leg sees after it.
    pub(crate) frame_after: Vec<u8>,
    /// (start, len) into `pool`, indexed by `vector * nsq + square`.
    spans: Vec<(u32, u16)>,
    pool: Vec<Square>,
}

impl Geometry {
    /// A board of `files` × `ranks` squares with no rays yet.
    pub(crate) fn new(files: usize, ranks: usize) -> Self {
        Geometry {
            files,
            ranks,
            nsq: files * ranks,
            vectors: Vec::new(),
            frame_after: Vec::new(),
            spans: Vec::new(),
            pool: Vec::new(),
        }
    }

    /// Number of files (columns).
    pub fn files(&self) -> usize {
        self.files
    }

    /// Number of ranks (rows).
    pub fn ranks(&self) -> usize {
        self.ranks
    }

    /// Number of squares.
    pub fn squares(&self) -> usize {
        self.nsq
    }

    /// Every square, `a1` first.
    pub fn all_squares(&self) -> impl Iterator<Item = Square> + use<> {
        (0..self.nsq).map(Square::from_index)
    }

    /// File of a square, 0 = the `a` file.
    #[inline(always)]
    pub fn file(&self, sq: Square) -> usize {
        sq.index() % self.files
    }

    /// Rank of a square, 0 = the first rank.
    #[inline(always)]
    pub fn rank(&self, sq: Square) -> usize {
        sq.index() / self.files
    }

    /// The square at a file and rank, if on the board.
    pub fn square(&self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            None
        } else {
            Some(Square::from_index(rank as usize * self.files + file as usize))
        }
    }

    /// The square `v` (files, ranks) away, if on the board.
    pub fn offset(&self, sq: Square, v: (i32, i32)) -> Option<Square> {
        self.square(self.file(sq) as i32 + v.0, self.rank(sq) as i32 + v.1)
    }

    /// The same square seen from the other side: turned 180° (`rotate`) or
    /// mirrored across the middle rank (`reflect`).
    pub fn mirror(&self, sq: Square, rotate: bool) -> Square {
        let (f, r) = (self.file(sq), self.rank(sq));
        let nf = if rotate { self.files - 1 - f } else { f };
        Square::from_index((self.ranks - 1 - r) * self.files + nf)
    }

    /// Chebyshev (king-step) distance between two squares.
    pub fn distance(&self, a: Square, b: Square) -> usize {
        self.file(a)
            .abs_diff(self.file(b))
            .max(self.rank(a).abs_diff(self.rank(b)))
    }

    /// Index of a vector, adding its rays if new.
    pub(crate) fn vector(&mut self, v: (i32, i32)) -> VectorId {
        if let Some(i) = self.vectors.iter().position(|&w| w == v) {
            return i as VectorId;
        }
        self.vectors.push(v);
        self.frame_after.push(frame_index(continuation_frame(v)) as u8);
        for sq in 0..self.nsq {
            let start = self.pool.len() as u32;
            let mut cur = Square::from_index(sq);
            while let Some(next) = self.offset(cur, v) {
                self.pool.push(next);
                cur = next;
            }
            let len = (self.pool.len() as u32 - start) as u16;
            self.spans.push((start, len));
        }
        (self.vectors.len() - 1) as VectorId
    }

    /// The squares reached from `sq` by repeating `vector`, nearest first.
    #[inline(always)]
    pub(crate) fn ray(&self, vector: VectorId, sq: Square) -> &[Square] {
        let (start, len) = self.spans[vector as usize * self.nsq + sq.index()];
        &self.pool[start as usize..start as usize + len as usize]
    }

    /// Where the squares of [`Geometry::ray`] start in the shared pool, and
    /// how many there are: a ray kept as numbers (see [`Geometry::span`]).
    #[inline(always)]
    pub(crate) fn ray_span(&self, vector: VectorId, sq: Square) -> (u32, u16) {
        self.spans[vector as usize * self.nsq + sq.index()]
    }

    /// The squares of a span from [`Geometry::ray_span`] (or a prefix of it).
    #[inline(always)]
    pub(crate) fn span(&self, start: u32, len: u16) -> &[Square] {
        &self.pool[start as usize..start as usize + len as usize]
    }

    /// Square name: file letter and rank number, `a1` … `z26`; `-` for none.
    pub fn name(&self, sq: Square) -> String {
        if !sq.is_some() {
            return "-".into();
        }
        let f = (b'a' + self.file(sq) as u8) as char;
        format!("{f}{}", self.rank(sq) + 1)
    }

    /// USI name: file number from the first player's right, rank letter from
    /// the top (`7g`).
    pub fn usi_name(&self, sq: Square) -> String {
        let file = self.files - self.file(sq);
        let rank = (b'a' + (self.ranks - 1 - self.rank(sq)) as u8) as char;
        format!("{file}{rank}")
    }

    /// Parses a USI square (`7g`: file number from the first player's right,
    /// rank letter from the top); `None` when malformed or off the board.
    pub fn parse_usi_square(&self, s: &str) -> Option<Square> {
        let (num, letter) = s.split_at(s.len().checked_sub(1)?);
        let r = letter.chars().next().filter(|c| c.is_ascii_lowercase())?;
        if num.is_empty() || !num.chars().all(|c| c.is_ascii_digit()) || num.starts_with('0') {
            return None;
        }
        let file_from_right: i32 = num.parse().ok()?;
        let rank_from_top = (r as u8 - b'a') as i32;
        self.square(
            self.files as i32 - file_from_right,
            self.ranks as i32 - 1 - rank_from_top,
        )
    }

    /// Parses `e4`, `j10`; `None` when malformed or off the board.
    pub fn parse_square(&self, s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let rest = chars.as_str();
        if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_digit()) || rest.starts_with('0') {
            return None;
        }
        let r: i32 = rest.parse().ok()?;
        self.square((f as u8 - b'a') as i32, r - 1)
    }

    /// Rank counted from a side's own back rank, 1-based.
    pub fn relative_rank(&self, sq: Square, color: Color) -> u32 {
        let r = self.rank(sq);
        match color {
            Color::First => r as u32 + 1,
            Color::Second => (self.ranks - r) as u32,
        }
    }

    /// A square set (one flag per square) of the squares whose relative rank,
    /// for `color`, is in `ranks`.
    pub(crate) fn rank_set(&self, ranks: &[u32], color: Color) -> Vec<bool> {
        self.all_squares()
            .map(|s| ranks.contains(&self.relative_rank(s, color)))
            .collect()
    }
}
