//! Quick legality and check tests that put a move on the board's occupancy
//! alone, where the variant allows (no hook, no explosion beyond its
//! squares), instead of making it.

use super::bitboard::bit;
use super::moves::{Move, MoveKind};
use super::position::{Position, RoyalSquares};
use super::types::{Color, Piece, PieceKind, Square};

impl Position {
    /// Whether [`Position::gives_check_quick`] may judge this position's
    /// moves: the mover's attacks are all on the reverse attack lines of a
    /// board with bitboards, a move changes the board only on its own
    /// squares, and a check is an attack on the opponent's one royal piece.
    #[inline]
    pub(crate) fn quick_check_test(&self) -> bool {
        let v = &*self.v;
        let (us, them) = (self.side.index(), (!self.side).index());
        !v.reference
            && !v.extra_make
            && self.has_bitboards()
            && v.slow_attackers[us].is_empty()
            && v.attacks.complex[us].is_empty()
            && v.attacks.unprotected[us].is_empty()
            && v.moves.explosion.is_none()
            && v.moves.burners.is_empty()
            && !v.moves.no_facing_royals
            && self.royal_count[them] <= 1
    }

    /// Whether the pseudo-legal move `m` puts the opponent in check: judged
    /// on the board with only the move's squares changed when `quick` (see
    /// [`Position::quick_check_test`]) and the move allows, else made.
    #[inline]
    pub(crate) fn move_gives_check(&mut self, m: Move, quick: bool) -> bool {
        if quick && let Some(check) = self.gives_check_quick(m) {
            return check;
        }
        let them = !self.side;
        self.make(m);
        let check = self.in_check(them);
        self.unmake();
        check
    }

    /// [`Position::move_gives_check`] without making the move: the moved (or
    /// dropped) piece is put on its destination, the origin emptied, the
    /// reverse attack lines from the opponent's royal piece asked, and the
    /// two squares restored. `None` for the moves that change more squares
    /// (captures elsewhere, castling) or take the royal piece.
    pub(crate) fn gives_check_quick(&mut self, m: Move) -> Option<bool> {
        let us = self.side;
        let them = !us;
        let r = match self.royal_squares(them) {
            RoyalSquares::None => return Some(false),
            RoyalSquares::One(r) => r,
            RoyalSquares::Many(_) => return None,
        };
        if m.kind == MoveKind::Board && m.to == r {
            return None;
        }
        let royal = self.board[r.index()].map_or(PieceKind(0), |p| p.kind());
        let undo = self.put_quick(m)?;
        let out = self.cannot_attack(r, us, royal);
        let check = self.bb_attacked(r, us, self.occ[0] | self.occ[1], out);
        self.take_back_quick(m, undo);
        Some(check)
    }

    /// The board and occupancy changes of `m` alone (a board move that
    /// captures at most on its destination, or a drop on an empty square),
    /// for a test that [`Position::take_back_quick`] undoes; `None` for
    /// other moves and for a move that takes a piece of its own side or
    /// makes or unmakes a royal piece.
    #[inline]
    pub(crate) fn put_quick(&mut self, m: Move) -> Option<QuickUndo> {
        let us = self.side;
        let (from, placed) = match m.kind {
            MoveKind::Board if !m.is_line_capture() && (!m.is_capture() || m.captures_on_target_only()) => {
                let p = self.board[m.from.index()]?;
                let placed = m.promo().some().map_or(p, |k| Piece::new(k, us));
                if self.v.is_royal(p.kind()) != self.v.is_royal(placed.kind()) {
                    return None;
                }
                (m.from, placed)
            }
            MoveKind::Drop | MoveKind::PocketDrop if self.board[m.to.index()].is_none() => {
                let placed = Piece::new(m.promo().some().unwrap_or(m.piece()), us);
                if self.v.is_royal(placed.kind()) {
                    return None;
                }
                (Square::NONE, placed)
            }
            _ => return None,
        };
        let at_to = self.board[m.to.index()];
        if at_to.is_some_and(|q| q.color() == us) && m.to != from
            || m.gated_kind()
                .is_some_and(|k| m.kind != MoveKind::Board || m.to == from || self.v.is_royal(k))
        {
            return None;
        }
        let undo = QuickUndo {
            occ: self.occ,
            at_from: self.board.get(from.index()).copied().flatten(),
            at_to,
            from,
        };
        if from != Square::NONE {
            self.board[from.index()] = None;
            self.occ[us.index()] &= !bit(from);
        }
        self.board[m.to.index()] = Some(placed);
        self.occ[us.index()] |= bit(m.to);
        self.occ[(!us).index()] &= !bit(m.to);
        // A gated piece enters the square left behind.
        if let Some(k) = m.gated_kind()
            && from != Square::NONE
        {
            self.board[from.index()] = Some(Piece::new(k, us));
            self.occ[us.index()] |= bit(from);
        }
        Some(undo)
    }

    /// Undoes [`Position::put_quick`].
    #[inline]
    pub(crate) fn take_back_quick(&mut self, m: Move, undo: QuickUndo) {
        self.board[m.to.index()] = undo.at_to;
        if undo.from != Square::NONE {
            self.board[undo.from.index()] = undo.at_from;
        }
        self.occ = undo.occ;
    }

    /// Whether the board changes by a move's own squares alone (and a gated
    /// piece's, the square left behind; or, for a capture, its explosion's,
    /// which [`Position::legal_quick_blast`] judges), and every
    /// attack of `by` on a royal piece is judged from the board (slow
    /// attackers from their list, each asked for its colour): then
    /// [`Position::legal_quick`] may judge a move without making it.
    #[inline]
    pub(crate) fn quick_legality(&self, by: Color) -> bool {
        let v = &*self.v;
        !v.reference
            && !v.hooks_change_board
            && v.moves.burners.is_empty()
            && v.moves.flip.is_none()
            && !v.placed_walls()
            && v.attacks.unprotected[by.index()].is_empty()
            && !v.end.last_royal
            && !v.end.not_all_royal
    }

    /// Whether the pseudo-legal move `m` of the side to move leaves its one
    /// royal piece safe, judged with only the move's squares changed (see
    /// [`Position::put_quick`]); `None` when only making it can tell.
    pub(crate) fn legal_quick(&mut self, m: Move) -> Option<bool> {
        let us = self.side;
        if !self.quick_legality(!us) {
            return None;
        }
        let RoyalSquares::One(king) = self.royal_squares(us) else {
            return None;
        };
        let king = if m.kind == MoveKind::Board && m.from == king {
            m.to
        } else {
            king
        };
        if let Some(x) = self.v.moves.explosion
            && m.is_capture()
        {
            return self.legal_quick_blast(m, king, x);
        }
        let undo = self.put_quick(m)?;
        let safe = !self.threatened(king, !us);
        self.take_back_quick(m, undo);
        Some(safe)
    }

    /// [`Position::legal_quick`] for a capture that explodes: the capture
    /// and its blast (as [`Position::explode`] has it) are put on the board
    /// and occupancy alone, judged as [`Position::is_legal_pseudo`] judges
    /// a made explosion (no royal piece of ours lost; one of theirs lost, or
    /// ours safe), and restored. `king` is our one royal piece's square
    /// after the move. `None` for captures off the destination.
    pub(crate) fn legal_quick_blast(
        &mut self,
        m: Move,
        king: Square,
        x: super::variant::Explosion,
    ) -> Option<bool> {
        if m.kind != MoveKind::Board
            || m.is_line_capture()
            || !m.captures_on_target_only()
            || m.gated_kind().is_some()
        {
            return None;
        }
        let us = self.side;
        let p = self.board[m.from.index()]?;
        let placed = m.promo().some().map_or(p, |k| Piece::new(k, us));
        if self.v.is_royal(p.kind()) != self.v.is_royal(placed.kind())
            || self.board[m.to.index()].is_some_and(|q| q.color() == us)
        {
            return None;
        }
        let occ = self.occ;
        let mut saved = [(Square::NONE, None); 10];
        let mut n = 0;
        let (mut ours_lost, mut theirs_lost) = (false, false);
        saved[n] = (m.from, Some(p));
        n += 1;
        saved[n] = (m.to, self.board[m.to.index()]);
        n += 1;
        self.board[m.from.index()] = None;
        self.board[m.to.index()] = Some(placed);
        self.occ[us.index()] = (self.occ[us.index()] & !bit(m.from)) | bit(m.to);
        self.occ[(!us).index()] &= !bit(m.to);
        let g = &self.v.geometry;
        let around = super::geometry::FRAMES.iter().filter_map(|&d| g.offset(m.to, d));
        for s in std::iter::once(m.to).chain(around) {
            let Some(q) = self.board[s.index()] else { continue };
            let spared = if s == m.to { x.unharmed } else { x.immune };
            if spared.contains(q.kind()) {
                continue;
            }
            if self.v.def(q.kind()).royal {
                if q.color() == us {
                    ours_lost = true;
                } else {
                    theirs_lost = true;
                }
            }
            if s != m.to {
                saved[n] = (s, Some(q));
                n += 1;
            }
            self.board[s.index()] = None;
            self.occ[q.color().index()] &= !bit(s);
        }
        let legal = !ours_lost && (theirs_lost || !self.threatened(king, !us));
        for &(s, q) in saved[..n].iter().rev() {
            self.board[s.index()] = q;
        }
        self.occ = occ;
        Some(legal)
    }
}

/// What [`Position::put_quick`] changed.
pub(crate) struct QuickUndo {
    occ: [super::bitboard::Bb; 2],
    at_from: Option<Piece>,
    at_to: Option<Piece>,
    from: Square,
}
