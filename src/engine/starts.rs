//! A variant's start positions: the rules file's own, or one of the
//! shuffled starts its `[setup.shuffle]` allows, numbered.

use super::setup::Setup;
use super::shuffle::Shuffle;
use super::types::{Color, Piece, PieceKind, Square};
use super::variant::{Castle, Variant};

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
    fn castle_squares_in(&self, c: &Castle, setup: &Setup) -> (Square, Square) {
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
