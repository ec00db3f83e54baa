//! Attack tests. From the target square outwards, the reverse attack lines
//! find leapers and riders (the first piece along a line attacks if its kind
//! attacks from that distance), screen lines find one-screen hoppers
//! (cannons), and point attacks find single leaps under conditions (lame or
//! jumping leaps, leaps from or to a zone, initial-only leaps) and short
//! rides and hops under conditions (one point per distance): the square
//! the attacker would stand on and the squares it passes. Kinds whose region
//! leaves the target out, or that cannot take what stands there, do not
//! attack it. Pieces none of these describe (multi-leg movers, shooters,
//! other hoppers, long riders with conditions) generate their moves against the
//! target.

use super::bitboard::{Bb, bit};
use super::moves::Move;
use super::position::{Position, RoyalSquares};
use super::types::{Color, KindSet, Piece, PieceKind, Square};

/// The kinds that cannot attack a square whatever stands between (from
/// [`Position::cannot_attack`]): borrowed from the variant's tables rather
/// than copied, as kind sets are large and most variants have neither table.
#[derive(Clone, Copy)]
pub(crate) struct Barred<'a> {
    region: &'a KindSet,
    take: &'a KindSet,
}

impl Barred<'_> {
    /// Whether `kind` cannot attack.
    #[inline(always)]
    pub(crate) fn contains(self, kind: PieceKind) -> bool {
        self.region.contains(kind) || self.take.contains(kind)
    }
}

impl Position {
    /// Whether `by` attacks `sq`: could capture a piece of the other side there.
    /// A piece that may capture only unprotected pieces attacks it only where
    /// that capture would be legal (the other side could not reach the
    /// square after it).
    pub fn attacked(&self, sq: Square, by: Color) -> bool {
        let target = self.board[sq.index()].map_or(PieceKind(0), |p| p.kind());
        self.attacked_as(sq, by, self.occ[0] | self.occ[1], target)
    }

    /// Whether a piece of `by` could move to `sq`, taking what stands there
    /// (a piece of the other side): whether `by` protects the square. As
    /// [`Position::attacked`], but a piece that may capture only unprotected
    /// pieces counts wherever it could move (so its own protection is never
    /// asked for again: a piece that leaps anywhere protects every square).
    pub fn reaches(&self, sq: Square, by: Color) -> bool {
        let target = self.board[sq.index()].map_or(PieceKind(0), |p| p.kind());
        self.attacked_by_rules(sq, by, self.occ[0] | self.occ[1], target)
            || self.unprotected_attack(sq, by, target, true)
    }

    /// Whether, after `m` (a legal move of the side to move), the opponent
    /// reaches the square where it ends: whether the piece there would be
    /// retaken. Every piece counts ([`Position::reaches`]), judged on the
    /// board after the move (a slider the mover used to block counts).
    pub fn protected_after(&mut self, m: &Move) -> bool {
        let Some(to) = m.to() else { return false };
        self.make(*m);
        let by = self.side;
        let protected = self.reaches(to, by);
        self.unmake();
        protected
    }

    /// Whether `by` could take a piece of kind `target` on `sq`. Bitboards
    /// take `occupied` for the occupied squares (the mailbox, screens and
    /// point attacks read the board itself: a different `occupied` is for
    /// positions where the other side has none of those).
    #[inline]
    pub(crate) fn attacked_as(&self, sq: Square, by: Color, occupied: Bb, target: PieceKind) -> bool {
        self.attacked_by_rules(sq, by, occupied, target)
            || (!self.v.attacks.unprotected[by.index()].is_empty()
                && self.unprotected_attack(sq, by, target, false))
    }

    /// Whether a piece of `by` that may capture only unprotected pieces
    /// could take a piece of kind `target` on `sq` (`reach`: whether it could
    /// move there, protected or not). The capture is made on a copy of the
    /// position, and the square is protected when the other side then
    /// [`reaches`](Position::reaches) it.
    fn unprotected_attack(&self, sq: Square, by: Color, target: PieceKind, reach: bool) -> bool {
        let kinds = &self.v.attacks.unprotected[by.index()];
        if kinds.is_empty() {
            return false;
        }
        let out = self.cannot_attack(sq, by, target);
        let mut buf = Vec::new();
        for &s in &self.plist[by.index()] {
            let Some(p) = self.board[s.index()] else { continue };
            if s == sq || !kinds.contains(p.kind()) || out.contains(p.kind()) {
                continue;
            }
            let anywhere = self.v.def(p.kind()).captures_anywhere;
            if reach && anywhere {
                // A leap to any square reaches this one.
                return true;
            }
            // The capture, on a copy with a piece of the other side on `sq`.
            let mut copy = self.scratch();
            copy.ep = Square::NONE;
            copy.ep2 = Square::NONE;
            if copy.board[sq.index()].is_none_or(|q| q.color() == by) {
                copy.set_square(sq, Some(Piece::new(target, !by)));
            }
            copy.side = by;
            let m = if anywhere {
                Move::capture(s, sq)
            } else {
                buf.clear();
                copy.piece_moves(s, p, &mut buf);
                let Some(&m) = buf.iter().find(|m| m.to == sq && m.captures().contains(&sq)) else {
                    continue;
                };
                m
            };
            if reach {
                return true;
            }
            copy.make(m);
            if !copy.reaches(sq, !by) {
                return true;
            }
        }
        false
    }

    /// Whether `by` could take a piece of kind `target` on `sq` with a
    /// piece of a kind in the attack tables (all but the
    /// `captures_unprotected_only` kinds).
    #[inline]
    fn attacked_by_rules(&self, sq: Square, by: Color, occupied: Bb, target: PieceKind) -> bool {
        let v = &*self.v;
        if v.reference {
            let limited = &v.attacks.unprotected[by.index()];
            let kinds: KindSet = v.kinds().filter(|k| !limited.contains(*k)).collect();
            return self.generated_attack(sq, by, &kinds, false);
        }
        let out = self.cannot_attack(sq, by, target);
        if self.has_bitboards() {
            if self.bb_attacked(sq, by, occupied, out) {
                return true;
            }
        } else if self.lines_attack(sq, by, out) {
            return true;
        }
        if !v.attacks.complex[by.index()].is_empty() && self.complex_attack(sq, by, out) {
            return true;
        }
        let slow = &v.slow_attackers[by.index()];
        !slow.is_empty() && self.generated_attack(sq, by, slow, true)
    }

    /// Whether a piece of `by` of a kind in `kinds` can capture on `sq`, by
    /// generating its moves.
    fn generated_attack(&self, sq: Square, by: Color, kinds: &KindSet, filtered: bool) -> bool {
        let mut buf = Vec::new();
        let reach = if filtered {
            &self.v.attacks.slow_reach[by.index()][..]
        } else {
            &[]
        };
        self.plist[by.index()].iter().any(|&s| {
            // (The colour is asked for a board changed by a move's squares
            // alone, where a captured piece's square holds the captor.)
            self.board[s.index()].is_some_and(|p| {
                p.color() == by
                    && kinds.contains(p.kind())
                    && self.may_reach(reach, p.kind(), s, sq)
                    && self.captures_on(s, p, sq, &mut buf)
            })
        })
    }

    /// Whether a slow attacker of kind `kind` on `from` could capture on
    /// `to` at all, by its reach (`slow_reach`; no bitmap, no limit).
    #[inline]
    fn may_reach(&self, reach: &[Vec<u64>], kind: PieceKind, from: Square, to: Square) -> bool {
        let g = &self.v.geometry;
        // On a cylinder two squares are apart by more than one offset: no
        // filter there.
        let Some(bits) = reach
            .get(kind.index())
            .filter(|b| !b.is_empty() && !g.wraps_files())
        else {
            return true;
        };
        let (f, r) = (g.files as i32, g.ranks as i32);
        let dx = g.file(to) as i32 - g.file(from) as i32;
        let dy = g.rank(to) as i32 - g.rank(from) as i32;
        let i = ((dx + f - 1) + (dy + r - 1) * (2 * f - 1)) as usize;
        bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// The kinds of `by` that cannot attack `sq` whatever stands between:
    /// their region leaves it out, or they cannot take a piece of kind
    /// `target`.
    #[inline]
    pub(crate) fn cannot_attack(&self, sq: Square, by: Color, target: PieceKind) -> Barred<'_> {
        let a = &self.v.attacks;
        Barred {
            region: a.region_out[by.index()]
                .get(sq.index())
                .unwrap_or(&KindSet::EMPTY),
            take: a.cannot_take[by.index()]
                .get(target.index())
                .unwrap_or(&KindSet::EMPTY),
        }
    }

    /// Whether a reverse attack line from `sq` meets a piece of `by` that
    /// attacks along it (walked square by square); kinds in `out` do not.
    fn lines_attack(&self, sq: Square, by: Color, out: Barred<'_>) -> bool {
        let v = &*self.v;
        let g = &v.geometry;
        for line in &v.attack_lines[by.index()] {
            let ray = g.ray(line.vector, sq);
            let n = ray.len().min(line.masks.len());
            for i in 0..n {
                if let Some(q) = self.board[ray[i].index()] {
                    if q.color() == by && line.masks[i].contains(q.kind()) && !out.contains(q.kind()) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// Whether a one-screen hop or a point attack of `by` reaches `sq`;
    /// kinds in `out` do not.
    fn complex_attack(&self, sq: Square, by: Color, out: Barred<'_>) -> bool {
        let v = &*self.v;
        let g = &v.geometry;
        let a = &v.attacks;
        for line in &a.screens[by.index()] {
            let ray = g.ray(line.vector, sq);
            let n = ray.len().min(line.masks.len());
            let mut screen = None;
            for i in 0..n {
                let Some(q) = self.board[ray[i].index()] else {
                    continue;
                };
                let Some(s) = screen else {
                    screen = Some(q.kind());
                    continue;
                };
                if q.color() == by
                    && line.masks[i].contains(q.kind())
                    && !out.contains(q.kind())
                    && !a.cannot_hop[by.index()]
                        .get(q.kind().index())
                        .is_some_and(|h| h.contains(s))
                {
                    return true;
                }
                break;
            }
        }
        a.points_at(by, sq).iter().any(|p| {
            self.board[p.from.index()].is_some_and(|q| {
                q.color() == by
                    && p.kinds.contains(q.kind())
                    && !out.contains(q.kind())
                    && p.spans
                        .iter()
                        .any(|&(s, n)| g.span(s, n).iter().any(|t| self.board[t.index()].is_some()))
                        != p.lame
                    && (!p.screen || self.hoppable(by, q.kind(), g.span(p.spans[0].0, p.spans[0].1)))
            })
        })
    }

    /// The squares whose occupancy the attacks of `by` on `sq` off the
    /// reverse attack lines depend on: each one-screen hop's line from
    /// `sq`, each point attack's legs and screens, and (where royal pieces
    /// may not face each other) the four orthogonal lines. A move that
    /// changes none of them, lines aside, makes no such attack.
    pub(crate) fn complex_sensitive(&self, sq: Square, by: Color) -> Bb {
        let v = &*self.v;
        let g = &v.geometry;
        let a = &v.attacks;
        let mut mask: Bb = 0;
        for line in &a.screens[by.index()] {
            let ray = g.ray(line.vector, sq);
            for s in &ray[..ray.len().min(line.masks.len())] {
                mask |= bit(*s);
            }
        }
        for p in a.points_at(by, sq) {
            for &(start, n) in &p.spans {
                for s in g.span(start, n) {
                    mask |= bit(*s);
                }
            }
        }
        if v.moves.no_facing_royals {
            for d in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let mut s = sq;
                while let Some(t) = g.offset(s, d) {
                    mask |= bit(t);
                    s = t;
                }
            }
        }
        mask
    }

    /// Whether `kind` of `by` may hop the pieces on `squares`.
    fn hoppable(&self, by: Color, kind: PieceKind, squares: &[Square]) -> bool {
        let Some(&never) = self.v.attacks.cannot_hop[by.index()].get(kind.index()) else {
            return true;
        };
        squares
            .iter()
            .all(|s| self.board[s.index()].is_none_or(|q| !never.contains(q.kind())))
    }

    /// Whether an attacker can capture on `target` (with a phantom enemy
    /// there if it is empty).
    pub(crate) fn captures_on(
        &self,
        from: Square,
        p: Piece,
        target: Square,
        buf: &mut Vec<super::moves::Move>,
    ) -> bool {
        if self.board[target.index()].is_none() {
            let mut tmp = self.clone();
            tmp.ep = Square::NONE;
            tmp.ep2 = Square::NONE;
            tmp.set_square(target, Some(Piece::new(PieceKind(0), !p.color())));
            return tmp.captures_on(from, p, target, buf);
        }
        if self.v.def(p.kind()).legs.is_some() {
            return self.leg_captures_on(from, p, target);
        }
        buf.clear();
        self.piece_moves(from, p, buf);
        buf.iter()
            .any(|m| m.captures().contains(&target) || self.line_captures(m).contains(&target))
    }

    /// Whether a royal piece of `color` is attacked (under `royal_pieces =
    /// "last"`, only a side's last royal piece counts; under `"not_all"`,
    /// every one must be attacked).
    pub fn in_check(&self, color: Color) -> bool {
        if self.v.end.last_royal && self.royal_count[color.index()] > 1 {
            return false;
        }
        match self.royal_squares(color) {
            RoyalSquares::None => false,
            RoyalSquares::One(s) => self.threatened(s, !color),
            RoyalSquares::Many(v) if self.v.end.not_all_royal => {
                v.iter().all(|&s| self.threatened(s, !color))
            }
            RoyalSquares::Many(v) => v.iter().any(|&s| self.threatened(s, !color)),
        }
    }

    /// The squares of `color`'s royal pieces that are in check (those
    /// [`Position::in_check`] finds attacked), in board order.
    pub fn checked_royals(&self, color: Color) -> Vec<Square> {
        if self.v.end.last_royal && self.royal_count[color.index()] > 1 {
            return Vec::new();
        }
        let mut out = match self.royal_squares(color) {
            RoyalSquares::None => Vec::new(),
            RoyalSquares::One(s) => vec![s],
            RoyalSquares::Many(v) => v.to_vec(),
        };
        out.retain(|&s| self.threatened(s, !color));
        if self.v.end.not_all_royal && out.len() < self.royal_count[color.index()] as usize {
            // Some royal piece is safe: no check.
            out.clear();
        }
        out.sort_by_key(|s| s.index());
        out
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
        self.attacked(sq, by) || (!self.v.moves.burners.is_empty() && self.burn_threat(sq, by))
    }

    /// Whether `by` threatens `sq` ([`Position::threatened`]) or a royal
    /// piece of `by` that petrifies on capture could take there but for its
    /// rule (it never captures: taking would turn it to stone). Fairy-Stockfish
    /// counts such a reach as an attack on the squares a king castles out of
    /// or through, and for checkmate against stalemate.
    pub(crate) fn menaced(&self, sq: Square, by: Color) -> bool {
        self.threatened(sq, by) || self.petrified_reach(sq, by)
    }

    /// Whether a piece of `by` could take on `sq`, the royal pieces that
    /// petrify on capture counted as if they could (their attack lines are
    /// kept; only their filters bar them).
    fn petrified_reach(&self, sq: Square, by: Color) -> bool {
        let v = &*self.v;
        if v.moves.petrify_royal.is_empty() {
            return false;
        }
        let a = &v.attacks;
        let target = self.board[sq.index()].map_or(PieceKind(0), |p| p.kind());
        let out = Barred {
            region: a.region_out[by.index()]
                .get(sq.index())
                .unwrap_or(&KindSet::EMPTY),
            take: a.reach_take[by.index()]
                .get(target.index())
                .unwrap_or(&KindSet::EMPTY),
        };
        let hit = if self.has_bitboards() {
            self.bb_attacked(sq, by, self.occ[0] | self.occ[1], out)
        } else {
            self.lines_attack(sq, by, out)
        };
        hit || (!a.complex[by.index()].is_empty() && self.complex_attack(sq, by, out))
    }

    /// Whether `color` has no legal move as a checkmated side rather than a
    /// stalemated one: one of its royal pieces is in check, or (with royal
    /// pieces that petrify on capture) menaced ([`Position::menaced`]).
    pub(crate) fn mated_if_stuck(&self, color: Color) -> bool {
        if self.in_check(color) || (self.v.turns.is_some() && self.turn_check(color)) {
            return true;
        }
        if self.v.moves.petrify_royal.is_empty() {
            return false;
        }
        match self.royal_squares(color) {
            RoyalSquares::None => false,
            RoyalSquares::One(s) => self.menaced(s, !color),
            RoyalSquares::Many(v) => v.iter().any(|&s| self.menaced(s, !color)),
        }
    }

    /// Whether a burner of `by` has a board move after which its burning
    /// removes the piece on `sq`: `sq` is on its area around a square it
    /// can move to, the piece there is not immune, and (unless its meeting
    /// rule lets it burn anyway) the burner does not burn itself there first.
    pub(crate) fn burn_threat(&self, sq: Square, by: Color) -> bool {
        let v = &*self.v;
        let g = &v.geometry;
        let Some(target) = self.board[sq.index()] else {
            return false;
        };
        let mut buf = Vec::new();
        for &s in &self.plist[by.index()] {
            let Some(p) = self.board[s.index()] else { continue };
            if !v.moves.burners.contains(p.kind()) {
                continue;
            }
            let Some(b) = v.def(p.kind()).burn.as_ref() else {
                continue;
            };
            if b.immune.contains(target.kind()) || (target.color() == by && !b.friendly) {
                continue;
            }
            buf.clear();
            self.piece_moves(s, p, &mut buf);
            let threat = buf.iter().any(|m| {
                m.kind == super::moves::MoveKind::Board
                    && m.to != sq
                    && b.area[by.index()]
                        .iter()
                        .any(|&vi| g.ray(vi, m.to).first() == Some(&sq))
                    && (b.meeting != super::variant::BurnMeeting::MoverBurns
                        || !self.burnt_on_landing(m.to, p, &m.captures()))
            });
            if threat {
                return true;
            }
        }
        false
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

    /// Whether the royal pieces face each other where the rules end the
    /// game by it (`[end] royals_facing`; ffish.js's `isBikjang`).
    pub fn royals_facing_by_rule(&self) -> bool {
        self.v.end.royals_facing.is_some() && self.royals_facing()
    }

    /// Whether a side has nothing but royal pieces and no hand to drop
    /// from: it can never give mate (the narrow rule of insufficient
    /// material the Python and JavaScript packages answer with).
    pub fn only_royals(&self, color: Color) -> bool {
        !self.v.has_hands()
            && self.plist[color.index()]
                .iter()
                .all(|&s| self.board[s.index()].is_none_or(|p| self.v.def(p.kind()).royal))
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
        let them = !us;
        let royal = self.board[king.index()].map_or(PieceKind(0), |p| p.kind());
        let out = self.cannot_attack(king, them, royal);
        if self.has_bitboards() {
            return self.bb_royal_safety(us, king, out, s);
        }
        let v = &*self.v;
        let g = &v.geometry;
        for line in &v.attack_lines[them.index()] {
            let (start, len) = g.ray_span(line.vector, king);
            let ray = g.span(start, len);
            let n = ray.len().min(line.masks.len());
            let mut own = usize::MAX;
            for i in 0..n {
                let Some(q) = self.board[ray[i].index()] else {
                    continue;
                };
                let attacks =
                    q.color() == them && line.masks[i].contains(q.kind()) && !out.contains(q.kind());
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
        let standing = self.board[target.index()].map_or(PieceKind(0), |p| p.kind());
        if self.cannot_attack(target, by, standing).contains(k) {
            return set;
        }
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
