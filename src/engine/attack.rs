//! Attack tests. Leapers and riders are found by walking the reverse attack
//! lines outwards from the target square; pieces whose captures those lines
//! cannot describe (hoppers, lame leapers, multi-leg movers, shooters) are
//! asked to generate their moves against the target.

use super::bitboard::{Bb, bit};
use super::position::{Position, RoyalSquares};
use super::types::{Color, Piece, PieceKind, Square};

impl Position {
    /// Whether `by` attacks `sq`: could capture a piece of the other side there.
    pub fn attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_with(sq, by, self.occ[0] | self.occ[1])
    }

    /// [`Position::attacked`], where bitboards take `occupied` for the
    /// occupied squares (the mailbox reads the board itself).
    #[inline]
    pub(crate) fn attacked_with(&self, sq: Square, by: Color, occupied: Bb) -> bool {
        let v = &*self.v;
        if self.has_bitboards() {
            if self.bb_attacked(sq, by, occupied) {
                return true;
            }
        } else if self.lines_attack(sq, by) {
            return true;
        }
        let slow = v.slow_attackers[by.index()];
        if !slow.is_empty() {
            let mut buf = Vec::new();
            for &s in &self.plist[by.index()] {
                let Some(p) = self.board[s.index()] else { continue };
                if slow.contains(p.kind()) && self.captures_on(s, p, sq, &mut buf) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a reverse attack line from `sq` meets a piece of `by` that
    /// attacks along it (walked square by square).
    fn lines_attack(&self, sq: Square, by: Color) -> bool {
        let v = &*self.v;
        let g = &v.geometry;
        for line in &v.attack_lines[by.index()] {
            let ray = g.ray(line.vector, sq);
            let n = ray.len().min(line.masks.len());
            for i in 0..n {
                if let Some(q) = self.board[ray[i].index()] {
                    if q.color() == by && line.masks[i].contains(q.kind()) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// Whether an attacker can capture on `target` (with a phantom enemy
    /// there if it is empty).
    fn captures_on(&self, from: Square, p: Piece, target: Square, buf: &mut Vec<super::moves::Move>) -> bool {
        if self.board[target.index()].is_none() {
            let mut tmp = self.clone();
            tmp.ep = Square::NONE;
            tmp.set_square(target, Some(Piece::new(PieceKind(0), !p.color())));
            return tmp.captures_on(from, p, target, buf);
        }
        if self.v.def(p.kind()).legs.is_some() {
            return self.leg_captures_on(from, p, target);
        }
        buf.clear();
        self.piece_moves(from, p, buf);
        buf.iter().any(|m| m.captures().contains(&target))
    }

    /// Whether a royal piece of `color` is attacked.
    pub fn in_check(&self, color: Color) -> bool {
        match self.royal_squares(color) {
            RoyalSquares::None => false,
            RoyalSquares::One(s) => self.threatened(s, !color),
            RoyalSquares::Many(v) => v.iter().any(|&s| self.threatened(s, !color)),
        }
    }

    /// Whether a royal piece on `sq` could be taken by `by`. Where captures
    /// explode, not when a royal piece of `by` stands next to it: taking it
    /// would blow that one up too.
    pub(crate) fn threatened(&self, sq: Square, by: Color) -> bool {
        if self.v.moves.explosion.is_some() && self.royal_next_to(sq, by) {
            return false;
        }
        if self.v.moves.no_facing_royals && self.royal_faces(sq, by) {
            return true;
        }
        self.attacked(sq, by)
    }

    /// Whether the first piece along a file or rank from `sq` is a royal
    /// piece of `by` (the flying general).
    fn royal_faces(&self, sq: Square, by: Color) -> bool {
        let g = &self.v.geometry;
        [(0, 1), (0, -1), (1, 0), (-1, 0)].into_iter().any(|d| {
            let mut s = sq;
            while let Some(t) = g.offset(s, d) {
                if let Some(p) = self.board[t.index()] {
                    return p.color() == by && self.v.def(p.kind()).royal;
                }
                s = t;
            }
            false
        })
    }

    /// Whether the two sides' royal pieces face each other on an open file
    /// or rank.
    pub(crate) fn royals_facing(&self) -> bool {
        let c = self.side;
        match self.royal_squares(c) {
            RoyalSquares::None => false,
            RoyalSquares::One(s) => self.royal_faces(s, !c),
            RoyalSquares::Many(v) => v.iter().any(|&s| self.royal_faces(s, !c)),
        }
    }

    fn royal_next_to(&self, sq: Square, by: Color) -> bool {
        let g = &self.v.geometry;
        super::geometry::FRAMES.iter().any(|&d| {
            g.offset(sq, d).is_some_and(|s| {
                self.board[s.index()].is_some_and(|p| p.color() == by && self.v.def(p.kind()).royal)
            })
        })
    }

    /// What the safety of `us`'s royal piece on `king` asks of `us`'s
    /// moves, read off the enemy's reverse attack lines: the lines that give
    /// check and the pieces that are pinned. Only where those lines describe
    /// every enemy attack (no slow attackers).
    #[inline]
    pub(crate) fn royal_safety(&self, us: Color, king: Square, s: &mut Safety) {
        if self.has_bitboards() {
            return self.bb_royal_safety(us, king, s);
        }
        let v = &*self.v;
        let g = &v.geometry;
        let them = !us;
        for line in &v.attack_lines[them.index()] {
            let (start, len) = g.ray_span(line.vector, king);
            let ray = g.span(start, len);
            let n = ray.len().min(line.masks.len());
            let mut own = usize::MAX;
            for i in 0..n {
                let Some(q) = self.board[ray[i].index()] else {
                    continue;
                };
                let attacks = q.color() == them && line.masks[i].contains(q.kind());
                if own == usize::MAX {
                    if attacks {
                        s.add_check(SquareSet::of(&ray[..=i]));
                    } else if q.color() == us && line.masks.len() > i + 1 {
                        own = i;
                        continue;
                    }
                } else if attacks {
                    s.add_pin_span(ray[own], start, i as u16 + 1);
                }
                break;
            }
        }
    }

    /// Squares where a piece of kind `k` of `by` would attack `target`
    /// straight away (the reverse attack lines from `target`, up to the first
    /// piece): where a drop of it gives check.
    pub(crate) fn attacking_squares(&self, target: Square, by: Color, k: PieceKind) -> SquareSet {
        let v = &*self.v;
        let g = &v.geometry;
        let mut set = SquareSet::EMPTY;
        for line in &v.attack_lines[by.index()] {
            let ray = g.ray(line.vector, target);
            for (i, &t) in ray.iter().enumerate().take(line.masks.len()) {
                if line.masks[i].contains(k) {
                    set.insert(t);
                }
                if self.board[t.index()].is_some() {
                    break;
                }
            }
        }
        set
    }
}

/// Most pins [`Safety`] keeps square by square; beyond them, every move is
/// tested by making it.
const MAX_PINS: usize = 8;

/// A set of squares of any board (26 × 26 at most).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SquareSet([u64; super::geometry::MAX_SQUARES.div_ceil(64)]);

impl SquareSet {
    /// No square.
    pub(crate) const EMPTY: SquareSet = SquareSet([0; super::geometry::MAX_SQUARES.div_ceil(64)]);

    /// The set of these squares.
    fn of(squares: &[Square]) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for &t in squares {
            s.insert(t);
        }
        s
    }

    /// Adds a square.
    #[inline(always)]
    pub(crate) fn insert(&mut self, sq: Square) {
        self.0[sq.index() / 64] |= 1 << (sq.index() % 64);
    }

    /// Whether the set holds a square.
    #[inline(always)]
    pub(crate) fn contains(&self, sq: Square) -> bool {
        self.0[sq.index() / 64] & (1 << (sq.index() % 64)) != 0
    }

    /// The squares in both sets.
    fn and(&self, other: &SquareSet) -> SquareSet {
        let mut s = *self;
        for (a, b) in s.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        s
    }
}

/// The demands of a royal piece's safety on its side's moves (see
/// [`Position::royal_safety`]). A move of another piece that captures on
/// its destination alone is legal when [`Safety::allows`] it; the royal
/// piece's own moves are tested against the enemy's attacks.
pub(crate) struct Safety {
    /// How many lines give check.
    pub checks: u8,
    /// The board has bitboards: evasions and pin lines are bitboards.
    bitboards: bool,
    /// With checks, on a board without bitboards: the squares that answer
    /// all of them.
    evasions: SquareSet,
    /// With bitboards: the squares that answer every check (all squares
    /// when there is none).
    pub evasions_bb: Bb,
    npins: usize,
    /// Pinned squares and the lines they must stay on, up to the pinner
    /// inclusive: a bitboard, or (without bitboards) a span of the
    /// geometry's pool as `start | len << 32`.
    pinned: [Square; MAX_PINS],
    lines: [Bb; MAX_PINS],
}

impl Safety {
    /// No check, no pin.
    pub(crate) fn new(bitboards: bool) -> Safety {
        Safety {
            checks: 0,
            bitboards,
            evasions: SquareSet::EMPTY,
            evasions_bb: !0,
            npins: 0,
            pinned: [Square::NONE; MAX_PINS],
            lines: [0; MAX_PINS],
        }
    }

    /// A line gives check (board without bitboards): a move by another
    /// piece must end on it (between the royal piece and the checker, or on
    /// the checker) as on every other checking line.
    pub(crate) fn add_check(&mut self, segment: SquareSet) {
        self.evasions = if self.checks == 0 {
            segment
        } else {
            self.evasions.and(&segment)
        };
        self.checks += 1;
    }

    /// A line gives check, on a board with bitboards.
    pub(crate) fn add_check_bb(&mut self, segment: Bb) {
        self.evasions_bb &= segment;
        self.checks += 1;
    }

    fn add_pin(&mut self, sq: Square, line: Bb) {
        if self.npins < MAX_PINS {
            self.pinned[self.npins] = sq;
            self.lines[self.npins] = line;
        }
        self.npins += 1;
    }

    /// The piece on `sq` may move only along this span of the geometry's
    /// pool (board without bitboards).
    pub(crate) fn add_pin_span(&mut self, sq: Square, start: u32, len: u16) {
        self.add_pin(sq, start as Bb | (len as Bb) << 32);
    }

    /// The piece on `sq` may move only to these squares.
    pub(crate) fn add_pin_bb(&mut self, sq: Square, line: Bb) {
        self.add_pin(sq, line);
    }

    /// Whether there are more pins than kept (every move is then judged by
    /// making it).
    #[inline]
    pub(crate) fn overflow(&self) -> bool {
        self.npins > MAX_PINS
    }

    /// Whether no piece is pinned.
    #[inline]
    pub(crate) fn unpinned(&self) -> bool {
        self.npins == 0
    }

    /// Whether the piece on `sq` is pinned (or may be: pins beyond those
    /// kept count every piece as pinned).
    #[inline]
    pub(crate) fn pinned(&self, sq: Square) -> bool {
        self.npins > MAX_PINS || self.pinned[..self.npins].contains(&sq)
    }

    /// Where the piece on `sq` may go for its pins, on a board with
    /// bitboards (every square when it is not pinned).
    #[inline]
    pub(crate) fn pin_mask(&self, sq: Square) -> Bb {
        let mut m = !0;
        for i in 0..self.npins.min(MAX_PINS) {
            if self.pinned[i] == sq {
                m &= self.lines[i];
            }
        }
        m
    }

    /// Whether a piece entering `to` (from the board at `from`, or from a
    /// hand with `from` none) keeps the royal piece safe; `None` when only
    /// making the move can tell (too many pins).
    #[inline]
    pub(crate) fn allows(&self, g: &super::geometry::Geometry, from: Square, to: Square) -> Option<bool> {
        if self.checks > 0
            && !(if self.bitboards {
                self.evasions_bb & bit(to) != 0
            } else {
                self.evasions.contains(to)
            })
        {
            return Some(false);
        }
        if self.npins == 0 || !from.is_some() {
            return Some(true);
        }
        if self.npins > MAX_PINS {
            return None;
        }
        Some((0..self.npins).all(|i| {
            self.pinned[i] != from
                || if self.bitboards {
                    self.lines[i] & bit(to) != 0
                } else {
                    let l = self.lines[i];
                    g.span(l as u32, (l >> 32) as u16).contains(&to)
                }
        }))
    }
}
