//! Shuffled starts (`[setup.shuffle]`): the first player's pieces on the
//! shuffled rank of the rules file's start take other files by rule, and the
//! second player's pieces mirror them. Every arrangement the rule allows has
//! a number, counted in a fixed order, so a start can be named and drawn
//! reproducibly.

use super::setup::Setup;
use super::types::{Color, Piece, PieceKind, Square};
use super::variant::Variant;

/// The rule of a shuffled start.
#[derive(Debug, Clone)]
pub(crate) struct Shuffle {
    /// The first player's shuffled squares, in file order, each with the
    /// second player's square that mirrors it.
    pub squares: Vec<(Square, Square)>,
    /// The kinds standing on those squares in the rules file's start, one per
    /// square, in ascending kind order.
    pub kinds: Vec<PieceKind>,
    /// Pairs of kinds whose pieces stand on squares of different colours (a
    /// kind paired with itself: its pieces are not all on one colour).
    pub opposite_colours: Vec<(PieceKind, PieceKind)>,
    /// `(piece, outside)`: every `piece` has an `outside` piece on a lower
    /// and on a higher file (the king between the rooks).
    pub between: Vec<(PieceKind, PieceKind)>,
    /// Each square's colour (0 or 1), as `squares`.
    pub colours: Vec<u8>,
}

impl Shuffle {
    /// Whether an arrangement (a kind per square) obeys the rule.
    pub(crate) fn allows(&self, arrangement: &[PieceKind]) -> bool {
        let colours_of = |k: PieceKind| -> Vec<u8> {
            arrangement
                .iter()
                .zip(&self.colours)
                .filter(|&(&a, _)| a == k)
                .map(|(_, &c)| c)
                .collect()
        };
        for &(a, b) in &self.opposite_colours {
            let (ca, cb) = (colours_of(a), colours_of(b));
            let ok = if a == b {
                ca.contains(&0) && ca.contains(&1)
            } else {
                ca.iter().all(|x| !cb.contains(x))
            };
            if !ok {
                return false;
            }
        }
        for &(piece, outside) in &self.between {
            for (i, &k) in arrangement.iter().enumerate() {
                if k == piece
                    && !(arrangement[..i].contains(&outside) && arrangement[i + 1..].contains(&outside))
                {
                    return false;
                }
            }
        }
        true
    }

    /// Calls `each` with every arrangement the rule allows, in ascending
    /// order of their kinds square by square, until it returns `false`.
    fn arrangements(&self, each: &mut dyn FnMut(&[PieceKind]) -> bool) {
        let mut distinct = self.kinds.clone();
        distinct.dedup();
        let mut left: Vec<usize> = distinct
            .iter()
            .map(|&k| self.kinds.iter().filter(|&&x| x == k).count())
            .collect();
        let mut current = Vec::with_capacity(self.kinds.len());
        self.extend(&distinct, &mut left, &mut current, each);
    }

    fn extend(
        &self,
        distinct: &[PieceKind],
        left: &mut [usize],
        current: &mut Vec<PieceKind>,
        each: &mut dyn FnMut(&[PieceKind]) -> bool,
    ) -> bool {
        if current.len() == self.kinds.len() {
            return !self.allows(current) || each(current);
        }
        for i in 0..distinct.len() {
            if left[i] == 0 {
                continue;
            }
            left[i] -= 1;
            current.push(distinct[i]);
            let go_on = self.extend(distinct, left, current, each);
            current.pop();
            left[i] += 1;
            if !go_on {
                return false;
            }
        }
        true
    }

    /// How many starts the rule allows.
    pub(crate) fn count(&self) -> u64 {
        let mut n = 0u64;
        self.arrangements(&mut |_| {
            n += 1;
            true
        });
        n
    }

    /// The `n`-th allowed arrangement (from 0), if there are more than `n`.
    pub(crate) fn nth(&self, n: u64) -> Option<Vec<PieceKind>> {
        let mut seen = 0u64;
        let mut found = None;
        self.arrangements(&mut |a| {
            if seen == n {
                found = Some(a.to_vec());
                return false;
            }
            seen += 1;
            true
        });
        found
    }
}

impl Variant {
    /// How many starts the variant's `[setup.shuffle]` allows; `None`
    /// without one.
    pub fn start_count(&self) -> Option<u64> {
        self.shuffle.as_ref().map(Shuffle::count)
    }

    /// Start number `n` (from 0) of the variant's shuffled starts: the
    /// rules file's start with the shuffled rank arranged as the `n`-th
    /// arrangement the rule allows, both players' castling rights held with
    /// the king and the outermost rooks (`any_file` castling).
    pub(crate) fn numbered_start(&self, n: u64) -> Option<Setup> {
        let shuffle = self.shuffle.as_ref()?;
        let arrangement = shuffle.nth(n)?;
        let mut setup = self.start.clone();
        for (&(first, second), &k) in shuffle.squares.iter().zip(&arrangement) {
            setup.board[first.index()] = Some(Piece::new(k, Color::First));
            setup.board[second.index()] = Some(Piece::new(k, Color::Second));
        }
        if self.castles_any_file() {
            setup.castle_squares = self
                .castles
                .iter()
                .map(|c| self.castle_squares_in(c, &setup))
                .collect();
        }
        Some(setup)
    }

    /// Where a castling rule's king and rook stand in `setup`: the side's
    /// castling piece on the rule's rank and the outermost rook of the
    /// rule's kind on its side; the rule's own squares where there are none.
    fn castle_squares_in(&self, c: &super::variant::Castle, setup: &Setup) -> (Square, Square) {
        let g = &self.geometry;
        let Some(rook_kind) = c.any_file else {
            return (c.king, c.rook);
        };
        let rank = g.rank(c.king_to) as i32;
        let on_rank: Vec<Square> = (0..g.files as i32).filter_map(|f| g.square(f, rank)).collect();
        let is = |sq: &Square, kind: Option<PieceKind>| {
            setup.board[sq.index()].is_some_and(|p| {
                p.color() == c.color && kind.map_or(self.def(p.kind()).royal, |k| p.kind() == k)
            })
        };
        let Some(&king) = on_rank.iter().find(|s| is(s, c.piece)) else {
            return (c.king, c.rook);
        };
        let kingside = c.kingside(g);
        let rook = if kingside {
            on_rank
                .iter()
                .rev()
                .find(|s| g.file(**s) > g.file(king) && is(s, Some(rook_kind)))
        } else {
            on_rank
                .iter()
                .find(|s| g.file(**s) < g.file(king) && is(s, Some(rook_kind)))
        };
        (king, rook.copied().unwrap_or(c.rook))
    }
}
