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

/// The continuation frame after a move along `v` on hexagonal cells (in
/// axial coordinates): the nearest of the twelve hex directions, counted
/// in steps of 30° clockwise from up the file — orthogonals even, diagonals
/// odd. A continuation leg's directions are read from it
/// (`compile/hex.rs`).
pub fn hex_frame(v: (i32, i32)) -> u8 {
    let (q, r) = (v.0 as f64, v.1 as f64);
    let (x, y) = (1.5 * q, 3f64.sqrt() * (r + q / 2.0));
    let degrees = x.atan2(y).to_degrees().rem_euclid(360.0);
    ((degrees / 30.0).round() as u8) % 12
}

/// A vector in use: an index into [`Geometry`]'s ray tables.
pub(crate) type VectorId = u16;

/// The most files or ranks a board has.
pub const MAX_FILES: usize = 36;

/// The most squares a board has (36 files by 36 ranks).
pub(crate) const MAX_SQUARES: usize = MAX_FILES * MAX_FILES;

/// The letters naming a file (0-based) in square names, or a rank in USI
/// names: `a` … `z`, then `aa` … `az`, `ba` …, as spreadsheet columns are
/// named (a 36-file board ends at `aj`).
pub fn letters(i: usize) -> String {
    let mut out = Vec::new();
    let mut n = i + 1;
    while n > 0 {
        n -= 1;
        out.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// The index named by [`letters`]; `None` unless `s` is one to three
/// lowercase letters.
pub fn parse_letters(s: &str) -> Option<usize> {
    if s.is_empty() || s.len() > 3 || !s.bytes().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    Some(s.bytes().fold(0, |n, c| n * 26 + (c - b'a') as usize + 1) - 1)
}

/// A rank or file number: digits without a leading zero.
fn parse_number(s: &str) -> Option<i32> {
    if s.is_empty() || s.len() > 4 || !s.bytes().all(|c| c.is_ascii_digit()) || s.starts_with('0') {
        return None;
    }
    s.parse().ok()
}

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
    /// The board's shape: which squares of the grid are cells of the board.
    pub(crate) shape: Shape,
}

/// Which squares of the rectangular grid are cells of the board, and how
/// they are named and written. A rectangle is every square; a hexagon is
/// the cells of a regular hexagon of hexagonal cells in axial coordinates
/// (files are the grid's columns, one hex direction is the grid's rank
/// direction, another its file direction); holes are grid squares that are
/// not cells. The other squares of the grid are off the board: no move
/// enters, passes or lands on them, and text never writes them.
#[derive(Debug, Clone)]
pub struct Shape {
    /// Hexagonal cells: pieces move along the six hex orthogonals and six
    /// hex diagonals (see `compile/hex.rs`).
    pub(crate) hex: bool,
    /// One flag per grid square: on the board.
    pub(crate) cell: Vec<bool>,
    /// Letters naming each file (empty: `a`, `b`, … as [`letters`]).
    pub(crate) file_names: Vec<String>,
    /// Per file, the grid rank of the cell named rank 1 (0 on rectangles;
    /// on a hexagon each file counts its ranks from its own lowest cell, or
    /// along slanted lines, where rank 1 may lie below the grid).
    pub(crate) rank_base: Vec<i32>,
    /// The rows position text writes, from the top: each row's cells from
    /// the left. Grid ranks on a rectangle; named ranks on a hexagon.
    pub(crate) rows: Vec<Vec<Square>>,
    /// Files and ranks of the grid around the board proper, off it but for
    /// its extra cells (1 with `extra_cells`, else 0): names, letters and
    /// relative ranks count from inside it.
    pub(crate) margin: usize,
    /// The number naming the board's first rank (1; Omega chess's 0).
    pub(crate) rank_first: i32,
    /// Cells with names of their own (Omega chess's `w1` … `w4`).
    pub(crate) special: Vec<(Square, String)>,
    /// The last file and the first are neighbours (`[board] wrap =
    /// "files"`: a cylinder): a step off one side of the board comes back
    /// on the other.
    pub(crate) wrap_files: bool,
}

impl Shape {
    /// Every square of a `files` × `ranks` grid a cell.
    fn rectangle(files: usize, ranks: usize) -> Self {
        let mut shape = Shape {
            hex: false,
            cell: vec![true; files * ranks],
            file_names: Vec::new(),
            rank_base: vec![0; files],
            rows: Vec::new(),
            margin: 0,
            rank_first: 1,
            special: Vec::new(),
            wrap_files: false,
        };
        shape.rows = shape.grid_rows(files, ranks);
        shape
    }

    /// The grid's rows from the top, each with its cells; a row of the
    /// margin with no cell (beside a board whose extra cells all stand at
    /// its sides, as citadels do) is not written.
    fn grid_rows(&self, files: usize, ranks: usize) -> Vec<Vec<Square>> {
        let m = self.margin;
        (0..ranks)
            .rev()
            .map(|r| {
                let row: Vec<Square> = (0..files)
                    .map(|f| r * files + f)
                    .filter(|&i| self.cell[i])
                    .map(Square::from_index)
                    .collect();
                (r, row)
            })
            .filter(|(r, row)| !row.is_empty() || (*r >= m && r + m < ranks))
            .map(|(_, row)| row)
            .collect()
    }
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
            shape: Shape::rectangle(files, ranks),
        }
    }

    /// Makes the board a hexagon of hexagonal cells inscribed in the grid
    /// (`files` = 2n − 1, odd, for n cells on each slanting side; `ranks`
    /// at least n): in axial coordinates, the grid less its two corners of
    /// n − 1 cells' width, the squares whose file + rank is below n − 1 or
    /// above the mirror bound. With `files` = `ranks` the hexagon is
    /// regular (Gliński's 91 cells); with more ranks its two vertical sides
    /// are longer (Shafran's 70: 9 files, 10 ranks). Ranks are named from
    /// each file's lowest cell (`slanted` false: Gliński's chevrons), or
    /// along the lines running down to the right from the lower-left side
    /// (`slanted`: Shafran's, a1 … e1 the board's lower-left edge).
    pub(crate) fn make_hexagon(&mut self, slanted: bool) {
        let corner = (self.files - 1) / 2;
        let (lo, hi) = (corner, self.files + self.ranks - 2 - corner);
        for sq in 0..self.nsq {
            let (f, r) = (sq % self.files, sq / self.files);
            self.shape.cell[sq] = (lo..=hi).contains(&(f + r));
        }
        self.shape.hex = true;
        self.shape.rank_base = (0..self.files)
            .map(|f| {
                if slanted {
                    corner as i32 - f as i32
                } else {
                    lo.saturating_sub(f) as i32
                }
            })
            .collect();
        let top = self.cells().map(|s| self.rank_number(s)).max().unwrap_or(1);
        self.shape.rows = (1..=top)
            .rev()
            .map(|k| {
                (0..self.files)
                    .filter_map(|f| self.square(f as i32, self.shape.rank_base[f] + k - 1))
                    .collect()
            })
            .collect();
    }

    /// Takes a square off the board (a hole).
    pub(crate) fn remove_cell(&mut self, sq: Square) {
        self.shape.cell[sq.index()] = false;
        if !self.shape.hex {
            self.shape.rows = self.shape.grid_rows(self.files, self.ranks);
        } else {
            for row in &mut self.shape.rows {
                row.retain(|&s| s != sq);
            }
        }
    }

    /// Names the files by these letters instead of `a`, `b`, ….
    pub(crate) fn set_file_names(&mut self, names: Vec<String>) {
        self.shape.file_names = names;
    }

    /// Joins the last file to the first (a cylinder): [`Geometry::offset`]
    /// and the rays built after this wrap around.
    pub(crate) fn set_wrap_files(&mut self) {
        self.shape.wrap_files = true;
    }

    /// Whether the last file and the first are neighbours (a cylinder).
    pub fn wraps_files(&self) -> bool {
        self.shape.wrap_files
    }

    /// Whether the board's cells are hexagons.
    pub fn is_hex(&self) -> bool {
        self.shape.hex
    }

    /// Whether a square of the grid is a cell of the board.
    #[inline(always)]
    pub fn is_cell(&self, sq: Square) -> bool {
        self.shape.cell[sq.index()]
    }

    /// Every cell of the board, `a1` first.
    pub fn cells(&self) -> impl Iterator<Item = Square> + '_ {
        self.all_squares().filter(|&s| self.is_cell(s))
    }

    /// Number of cells of the board (squares of the grid on the board).
    pub fn cell_count(&self) -> usize {
        self.shape.cell.iter().filter(|&&c| c).count()
    }

    /// The rows position text writes, from the top, each from the left.
    pub fn text_rows(&self) -> &[Vec<Square>] {
        &self.shape.rows
    }

    /// A row of the position text (`row` of [`Geometry::text_rows`], 0 the
    /// first written) as messages name it: "rank 8" when its squares' names
    /// share one rank (`first_rank` counted: Omega chess's "rank 0"), else
    /// "row 1 of the text", with its extra cells' names when it holds only
    /// those ("row 1 of the text (w4 w3)"); a rank with an extra cell
    /// beside it is "rank 4 (with x1)".
    pub fn text_row_name(&self, row: usize) -> String {
        let cells = &self.shape.rows[row];
        let special: Vec<&str> = cells.iter().filter_map(|&s| self.special_name(s)).collect();
        let mut board = cells.iter().filter(|&&s| self.special_name(s).is_none());
        let rank = board.clone().next().map(|&s| self.rank_number(s));
        if board.all(|&s| Some(self.rank_number(s)) == rank) {
            match (rank, special.is_empty()) {
                (Some(r), true) => return format!("rank {r}"),
                (Some(r), false) => return format!("rank {r} (with {})", special.join(" ")),
                (None, true) => return format!("row {} of the text", row + 1),
                (None, false) => {}
            }
        }
        if special.len() == cells.len() {
            return format!("row {} of the text ({})", row + 1, special.join(" "));
        }
        format!("row {} of the text", row + 1)
    }

    /// What the position text's rows are, for messages: "the board has 8
    /// ranks", or with rows of extra cells "the board is written in 12
    /// rows (10 ranks and 2 rows of extra cells)".
    pub fn text_rows_described(&self) -> String {
        let rows = self.shape.rows.len();
        // A row of extra cells only; a rank with a citadel beside it is a rank.
        let special = |r: &Vec<Square>| !r.is_empty() && r.iter().all(|&s| self.special_name(s).is_some());
        match self.shape.rows.iter().filter(|r| special(r)).count() {
            0 => format!("the board has {rows} ranks"),
            n => format!(
                "the board is written in {rows} rows ({} ranks and {n} rows of extra cells)",
                rows - n
            ),
        }
    }

    /// The rank number a square's name gives (1 for the first rank, or
    /// the board's `first_rank`).
    pub fn rank_number(&self, sq: Square) -> i32 {
        self.rank(sq) as i32 - self.shape.rank_base[self.file(sq)] + self.shape.rank_first
    }

    /// The file named by these letters.
    pub fn parse_file(&self, s: &str) -> Option<usize> {
        let m = self.shape.margin;
        if self.shape.file_names.is_empty() {
            parse_letters(s)
                .filter(|&f| f + 2 * m < self.files)
                .map(|f| f + m)
        } else {
            self.shape.file_names.iter().position(|n| n == s).map(|f| f + m)
        }
    }

    /// Surrounds the board by a margin of one file and rank on each side,
    /// off the board, and numbers its ranks from `rank_first`: the grid
    /// that extra cells beside the board stand on (see
    /// [`Geometry::add_special_cell`]).
    pub(crate) fn make_margin(&mut self, rank_first: i32) {
        let (files, ranks) = (self.files, self.ranks);
        for sq in 0..self.nsq {
            let (f, r) = (sq % files, sq / files);
            self.shape.cell[sq] = f > 0 && r > 0 && f + 1 < files && r + 1 < ranks;
        }
        self.shape.margin = 1;
        self.shape.rank_base = vec![1; files];
        self.shape.rank_first = rank_first;
        self.shape.rows = self.shape.grid_rows(files, ranks);
    }

    /// Numbers the ranks from `rank_first` (0: Omega chess's a0 … j9).
    pub(crate) fn set_rank_first(&mut self, rank_first: i32) {
        self.shape.rank_first = rank_first;
    }

    /// Makes a margin square a cell of the board with a name of its own.
    pub(crate) fn add_special_cell(&mut self, sq: Square, name: String) {
        self.shape.cell[sq.index()] = true;
        self.shape.special.push((sq, name));
        self.shape.rows = self.shape.grid_rows(self.files, self.ranks);
    }

    /// The number of a row of the grid as names write it, for diagrams
    /// (`3` for the third rank; `0` for Omega's first; empty on a margin
    /// row, whose cells have names of their own).
    pub fn rank_label(&self, rank: usize) -> String {
        let m = self.shape.margin;
        if rank < m || rank + m >= self.ranks {
            return String::new();
        }
        (rank as i32 - m as i32 + self.shape.rank_first).to_string()
    }

    /// How many cells have names of their own (extra cells).
    pub fn special_cells(&self) -> usize {
        self.shape.special.len()
    }

    /// The name a cell has of its own (`w1`), if it has one.
    pub fn special_name(&self, sq: Square) -> Option<&str> {
        (self.shape.special.iter())
            .find(|(s, _)| *s == sq)
            .map(|(_, n)| n.as_str())
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

    /// The square at a file and rank (of the grid), if it is a cell of the
    /// board.
    pub fn square(&self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            return None;
        }
        let i = rank as usize * self.files + file as usize;
        self.shape.cell[i].then(|| Square::from_index(i))
    }

    /// The square `v` (files, ranks) away, if on the board. On a cylinder
    /// the file counts round (from the last file one step right is the
    /// first), and a vector that comes back to `sq` itself reaches nothing.
    pub fn offset(&self, sq: Square, v: (i32, i32)) -> Option<Square> {
        let (file, rank) = (self.file(sq) as i32 + v.0, self.rank(sq) as i32 + v.1);
        if self.shape.wrap_files {
            return (self.square(file.rem_euclid(self.files as i32), rank)).filter(|&t| t != sq);
        }
        self.square(file, rank)
    }

    /// The same square seen from the other side: turned 180° (`rotate`) or
    /// mirrored across the middle rank (`reflect`).
    pub fn mirror(&self, sq: Square, rotate: bool) -> Square {
        let (f, r) = (self.file(sq), self.rank(sq));
        if self.shape.hex && !rotate {
            // Across the middle rank in axial coordinates: the file stays,
            // file + 2 × rank turns about the centre's (the lowest cell of
            // the a-file and its highest trade places).
            let centre = (self.files - 1) / 2 + self.ranks - 1;
            let nr = centre.saturating_sub(r + f).min(self.ranks - 1);
            return Square::from_index(nr * self.files + f);
        }
        let nf = if rotate { self.files - 1 - f } else { f };
        Square::from_index((self.ranks - 1 - r) * self.files + nf)
    }

    /// Chebyshev (king-step) distance between two squares (on a cylinder,
    /// the files counted the shorter way round).
    pub fn distance(&self, a: Square, b: Square) -> usize {
        let mut files = self.file(a).abs_diff(self.file(b));
        if self.shape.wrap_files {
            files = files.min(self.files - files);
        }
        files.max(self.rank(a).abs_diff(self.rank(b)))
    }

    /// Index of a vector, adding its rays if new.
    pub(crate) fn vector(&mut self, v: (i32, i32)) -> VectorId {
        if let Some(i) = self.vectors.iter().position(|&w| w == v) {
            return i as VectorId;
        }
        self.vectors.push(v);
        self.frame_after.push(if self.shape.hex {
            hex_frame(v)
        } else {
            frame_index(continuation_frame(v)) as u8
        });
        for sq in 0..self.nsq {
            let start = self.pool.len() as u32;
            let mut cur = Square::from_index(sq);
            // On a cylinder a ray along the rank comes round to its start:
            // it ends before it (no piece passes its own square).
            while let Some(next) = self.offset(cur, v).filter(|&t| t.index() != sq) {
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

    /// Square name: file letters and rank number, `a1` … `z26`, then on
    /// wider boards `aa1` … `aj36`; `-` for none.
    pub fn name(&self, sq: Square) -> String {
        if !sq.is_some() {
            return "-".into();
        }
        if let Some(n) = self.special_name(sq) {
            return n.to_string();
        }
        format!("{}{}", self.file_name(self.file(sq)), self.rank_number(sq))
    }

    /// The letters naming a file (`a`, …, `z`, `aa`, …, or the rules
    /// file's `file_letters`).
    pub fn file_name(&self, file: usize) -> String {
        let m = self.shape.margin;
        if file < m || file + m >= self.files {
            // A margin file has no letter (only extra cells stand there).
            return String::new();
        }
        match self.shape.file_names.get(file - m) {
            Some(n) => n.clone(),
            None => letters(file - m),
        }
    }

    /// USI name: file number from the first player's right, rank letters
    /// from the top (`7g`; on boards of more than 26 ranks the 27th rank from
    /// the top is `aa`, as files are named in [`Geometry::name`]).
    pub fn usi_name(&self, sq: Square) -> String {
        let file = self.files - self.file(sq);
        format!("{file}{}", letters(self.ranks - 1 - self.rank(sq)))
    }

    /// The USI letters of a rank (0 = the first player's back rank).
    pub fn usi_rank_name(&self, rank: usize) -> String {
        letters(self.ranks - 1 - rank)
    }

    /// Parses a USI square (`7g`: file number from the first player's right,
    /// rank letters from the top); `None` when malformed or off the board.
    pub fn parse_usi_square(&self, s: &str) -> Option<Square> {
        let split = s.find(|c: char| !c.is_ascii_digit())?;
        let file_from_right = parse_number(&s[..split])?;
        let rank_from_top = parse_letters(&s[split..])? as i32;
        if rank_from_top >= self.ranks as i32 {
            return None;
        }
        self.square(
            self.files as i32 - file_from_right,
            self.ranks as i32 - 1 - rank_from_top,
        )
    }

    /// Parses `e4`, `j10`, `aa27`; `None` when malformed or off the board.
    pub fn parse_square(&self, s: &str) -> Option<Square> {
        if let Some((sq, _)) = self.shape.special.iter().find(|(_, n)| n == s) {
            return Some(*sq);
        }
        let split = s.find(|c: char| !c.is_ascii_lowercase())?;
        let f = self.parse_file(&s[..split])?;
        let digits = &s[split..];
        let r = if digits == "0" && self.shape.rank_first == 0 {
            0
        } else {
            parse_number(digits)?
        };
        let sq = self.square(f as i32, r - self.shape.rank_first + self.shape.rank_base[f])?;
        // A margin square stands by its own name only.
        self.special_name(sq).is_none().then_some(sq)
    }

    /// The square whose name ends `s`, and the text before it: `Nbd7` gives
    /// `Nb` and d7. On boards wider than 26 files a two-letter file is read
    /// when it names one (`Naa5` is a move to aa5).
    pub fn split_trailing_square<'a>(&self, s: &'a str) -> Option<(&'a str, Square)> {
        let digits = s.len() - s.bytes().rev().take_while(|c| c.is_ascii_digit()).count();
        let letters_run = s[..digits]
            .bytes()
            .rev()
            .take_while(|c| c.is_ascii_lowercase())
            .count();
        for n in (1..=letters_run.min(if self.files > 26 { 2 } else { 1 })).rev() {
            if let Some(sq) = self.parse_square(&s[digits - n..]) {
                return Some((&s[..digits - n], sq));
            }
        }
        None
    }

    /// Rank counted from a side's own back rank, 1-based.
    pub fn relative_rank(&self, sq: Square, color: Color) -> u32 {
        let (r, m) = (self.rank(sq), self.shape.margin);
        match color {
            Color::First => (r + 1).saturating_sub(m) as u32,
            Color::Second => (self.ranks - r).saturating_sub(m) as u32,
        }
    }

    /// A square set (one flag per square) of the squares whose relative rank,
    /// for `color`, is in `ranks`.
    pub(crate) fn rank_set(&self, ranks: &[u32], color: Color) -> Vec<bool> {
        self.all_squares()
            .map(|s| self.is_cell(s) && ranks.contains(&self.relative_rank(s, color)))
            .collect()
    }
}

/// The squares strictly between `from` and `to` on the straight line joining
/// them (in steps of the smallest whole vector along it: a rook's or
/// bishop's line square by square, a nightrider's by knight leaps), nearest
/// `from` first.
pub(crate) fn between(g: &Geometry, from: Square, to: Square) -> impl Iterator<Item = Square> + '_ {
    let (ff, fr) = (g.file(from) as i32, g.rank(from) as i32);
    let (df, dr) = (g.file(to) as i32 - ff, g.rank(to) as i32 - fr);
    let n = gcd(df.unsigned_abs(), dr.unsigned_abs()).max(1) as i32;
    let (sf, sr) = (df / n, dr / n);
    (1..n).filter_map(move |i| g.square(ff + sf * i, fr + sr * i))
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}
