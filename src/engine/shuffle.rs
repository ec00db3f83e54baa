//! Shuffled starts (`[setup.shuffle]`): the first player's pieces on the
//! shuffled rank of the rules file's start take other files by rule, and the
//! second player's pieces mirror them. Every arrangement the rule allows has
//! a number, counted in a fixed order, so a start can be named and drawn
//! reproducibly.

use super::types::{PieceKind, Square};

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
