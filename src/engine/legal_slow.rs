//! Legality by making the move: where screens, points, several royal
//! pieces, explosions or hooks leave the fast path nothing to go on.

use super::attack::Safety;
use super::bitboard::bit;
use super::moves::{AUX_GATE, Move, MoveKind};
use super::position::{Position, RoyalSquares};
use super::types::{Color, PieceKind, Square};

impl Position {
    /// The pseudo-legal moves, for the moves to judge one by one: the fast
    /// path's generator with no royal piece, no check and no pin (the same
    /// moves as [`Position::pseudo_moves`] where no piece gates), else
    /// [`Position::pseudo_moves`].
    #[inline]
    pub(crate) fn judged_moves(&self, out: &mut Vec<Move>) {
        let safety = Safety::new(self.has_bitboards());
        match &self.v.bb {
            _ if self.v.reference || !self.v.gates.is_empty() || self.in_placement() => {
                self.pseudo_moves(out)
            }
            Some(t) if t.narrow => {
                self.generate_bb::<u64>(t, Square::NONE, &safety, out);
            }
            Some(t) => {
                self.generate_bb::<u128>(t, Square::NONE, &safety, out);
            }
            None => self.pseudo_moves(out),
        }
    }

    /// Whether the side to move has no royal piece and its moves may be
    /// generated as the fast path does (bitboards, no gating): then no move
    /// can leave it in check, and [`Position::slow_legal`] passes every
    /// move but a drop under a drop-mate ban without making it.
    #[inline]
    pub(crate) fn unguarded_generation(&self) -> bool {
        !self.v.reference && !self.has_royal(self.side) && self.v.gates.is_empty()
    }

    /// The legal moves of a side with no royal piece (see
    /// [`Position::unguarded_generation`]): the fast path's generator with
    /// no check and no pin; of the moves it leaves to judge, only drops can
    /// be illegal (a drop that mates under a ban), as
    /// [`Position::slow_legal`] tells.
    pub(crate) fn legal_moves_unguarded(&mut self, out: &mut Vec<Move>) {
        let safety = Safety::new(self.has_bitboards());
        let judged = match &self.v.bb {
            _ if self.v.placement.is_some() && self.in_placement() => {
                self.placement_moves(out);
                out.len()
            }
            Some(t) if t.narrow => self.generate_bb::<u64>(t, Square::NONE, &safety, out),
            Some(t) => self.generate_bb::<u128>(t, Square::NONE, &safety, out),
            None => self.generate_mailbox(Square::NONE, &safety, out),
        };
        let us = self.side;
        let mut i = judged;
        while i < out.len() {
            if !out[i].is_drop() || self.slow_legal(out[i], us) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// Keeps the pseudo-legal moves in `out` that leave the mover safe,
    /// each made and tested. Without a royal piece nothing can be left in
    /// check (nor with several where only the last one is guarded); only the
    /// drop-mate ban (which needs the opponent's royal) remains to test.
    #[inline]
    pub(crate) fn filter_slow(&mut self, out: &mut Vec<Move>) {
        let us = self.side;
        let quiet = self.quiet_safety();
        let mut i = 0;
        while i < out.len() {
            let m = out[i];
            if quiet.as_ref().is_some_and(|q| self.quiet_move(q, m)) || self.slow_legal(m, us) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// Whether `m` is legal by `q` alone (see [`Quiet`]).
    #[inline]
    pub(crate) fn quiet_move(&self, q: &Quiet, m: Move) -> bool {
        if m.kind != MoveKind::Board
            || m.from == q.king
            || q.sensitive & (bit(m.from) | bit(m.to)) != 0
            || q.safety.pinned(m.from)
        {
            return false;
        }
        let at_to = self.board[m.to.index()];
        let harmless = if m.is_capture() {
            self.v.moves.explosion.is_none()
                && !m.is_line_capture()
                && m.captures_on_target_only()
                && at_to.is_some_and(|p| p.color() != self.side)
        } else {
            at_to.is_none()
        };
        harmless && m.promo().some().is_none_or(|k| !self.v.is_royal(k))
    }

    /// Where a move changes the board on its own squares alone (with a
    /// gated piece on the square left behind), or a capture's explosion
    /// around its destination, and every enemy attack is on the reverse
    /// attack lines or a hop or point attack: what the side to move's one
    /// royal piece's safety says of quiet moves ([`Quiet`]). `None`
    /// elsewhere, and in check.
    pub(crate) fn quiet_safety(&self) -> Option<Quiet> {
        let v = &*self.v;
        let us = self.side;
        let them = !us;
        let complex = !v.attacks.complex[them.index()].is_empty() || v.moves.no_facing_royals;
        if !self.quick_legality(them)
            || v.royal_limits
            || !v.slow_attackers[them.index()].is_empty()
            || complex && !self.has_bitboards()
        {
            return None;
        }
        let RoyalSquares::One(king) = self.royal_squares(us) else {
            return None;
        };
        let mut safety = Safety::new(self.has_bitboards());
        self.royal_safety(us, king, &mut safety);
        if safety.checks > 0 || complex && self.threatened(king, them) {
            return None;
        }
        let sensitive = if complex {
            self.complex_sensitive(king, them)
        } else {
            0
        };
        Some(Quiet {
            safety,
            king,
            sensitive,
        })
    }

    /// Whether a pseudo-legal move is legal by the board rules, judged by
    /// making it (see [`Position::filter_slow`]).
    pub(crate) fn slow_legal(&mut self, m: Move, us: Color) -> bool {
        // `[gating] shields = false`: judged as the move without its gate.
        let m = if self.v.gate_unshielded && m.kind == MoveKind::Board && m.aux & AUX_GATE != 0 {
            let mut g = m;
            g.aux &= !AUX_GATE;
            g.set_piece(PieceKind(0));
            g
        } else {
            m
        };
        // A royal piece dropped by a side that has none on the board may
        // not land in check either.
        let royal_drop = m.is_drop() && self.v.is_royal(m.promo().some().unwrap_or(m.piece()));
        let guarded = self.v.royal_limits
            || (self.has_royal(us) || royal_drop)
                && !(self.v.end.last_royal && self.royal_count[us.index()] > 1);
        if guarded {
            return self.is_legal_pseudo(m, us);
        }
        !self.has_royal(!us) || !m.is_drop() || !self.drop_mate_banned(m) || self.is_legal_pseudo(m, us)
    }

    /// Whether a pseudo-legal move leaves `us` safe (and, for a drop under the
    /// drop-mate ban, does not mate).
    pub(crate) fn is_legal_pseudo(&mut self, m: Move, us: Color) -> bool {
        if us == self.side
            && !(m.is_drop() && self.drop_mate_banned(m))
            && let Some(ok) = self.legal_quick(m)
        {
            return ok;
        }
        let royals = self.royal_count;
        let limited = self.v.royal_limits.then(|| self.before_counted_royalty(m, us));
        self.make(m);
        let mut ok = if let Some(before) = limited {
            before.takes_royal || self.counted_royals_safe(m, us, before)
        } else if self.v.moves.explosion.is_some() {
            // No royal piece of ours may blow up; blowing up theirs wins.
            let (u, t) = (us.index(), (!us).index());
            self.royal_count[u] >= royals[u]
                && (self.royal_count[t] < royals[t] || !self.in_check_past_stone(m, us))
        } else if !self.v.moves.burners.is_empty() {
            // A guarded royal piece of ours may not burn (under
            // `royal_pieces = "last"`, only the last one is guarded).
            let u = us.index();
            let guarded = !(self.v.end.last_royal && royals[u] > 1);
            let burnt_royal = guarded && self.royal_count[u] < royals[u];
            !burnt_royal && !self.in_check(us)
        } else {
            !self.in_check(us)
        };
        if ok && m.is_drop() && self.drop_mate_banned(m) && self.in_check(!us) {
            ok = self.has_legal_move();
        }
        self.unmake();
        ok
    }

    /// After the capture `m` (just made) in a variant with explosions:
    /// whether `us` is in check, judged as the blast leaves the board —
    /// the capturer gone: a stone it turned into does not shield `us`'s
    /// royal piece on the move that makes it (Fairy-Stockfish judges the
    /// capture square empty).
    pub(crate) fn in_check_past_stone(&mut self, m: Move, us: Color) -> bool {
        let wall = Some(self.v.wall);
        let stone = m
            .to()
            .filter(|to| m.kind == MoveKind::Board && m.is_capture() && self.board[to.index()] == wall);
        let Some(to) = stone.filter(|_| !self.v.moves.petrify.is_empty()) else {
            return self.in_check(us);
        };
        self.board[to.index()] = None;
        let occ = self.occ;
        let b = bit(to);
        for o in &mut self.occ {
            *o &= !b;
        }
        let check = self.in_check(us);
        self.board[to.index()] = wall;
        self.occ = occ;
        check
    }

    /// What legality under `royal_while_at_most` needs to know of the
    /// position before the move.
    #[inline]
    pub(crate) fn before_counted_royalty(&self, m: Move, us: Color) -> BeforeMove {
        let moved = match m.kind {
            MoveKind::Board | MoveKind::Castle => {
                m.from().and_then(|f| self.board[f.index()]).map(|p| p.kind())
            }
            _ => None,
        };
        let them = !us;
        BeforeMove {
            moved,
            moved_royal: moved.is_some_and(|k| self.royal_now(us, k)),
            takes_royal: m.captures().iter().any(|s| {
                self.board[s.index()].is_some_and(|p| p.color() == them && self.royal_now(them, p.kind()))
            }),
        }
    }

    /// After the move `m` (just made): whether `us`'s guarded pieces are
    /// safe, as Fairy-Stockfish judges its pseudo-royal pieces. Guarded are
    /// the pieces royal before the move (the moving one at its new square,
    /// whatever it promoted to), and a dropped piece of a royal kind.
    pub(crate) fn counted_royals_safe(&self, m: Move, us: Color, before: BeforeMove) -> bool {
        let dest = match m.kind {
            MoveKind::Castle => Some(self.v.castles[(m.aux & super::moves::AUX_CASTLE) as usize].king_to),
            _ => m.to(),
        };
        let dropped = m.is_drop();
        let placed = dest.and_then(|d| self.board[d.index()]).map(|p| p.kind());
        // Before the move, the side had one more of the kind it promoted
        // from, and one fewer of the kind it dropped.
        let royal_before = |k: PieceKind, delta: isize| {
            let def = self.v.def(k);
            def.royal
                && (def.royal_limit == 0
                    || self.count_on_board(us, k) as isize + delta <= def.royal_limit as isize)
        };
        let them = !us;
        self.plist[us.index()].iter().all(|&sq| {
            let Some(p) = self.board[sq.index()] else {
                return true;
            };
            let k = p.kind();
            let with =
                |o: Option<PieceKind>| o.is_some_and(|o| o == k || self.v.def(o).royal_group.contains(k));
            let guarded = if Some(sq) == dest && dropped {
                self.v.def(k).royal
            } else if Some(sq) == dest && before.moved.is_some() {
                before.moved_royal
            } else {
                royal_before(k, with(before.moved) as isize - with(placed) as isize)
            };
            !guarded || !self.threatened(sq, them)
        })
    }

    /// Whether the side to move has at least one legal move by the board
    /// rules (hooks are not consulted).
    #[inline]
    pub(crate) fn has_legal_move(&mut self) -> bool {
        let mut buf = Vec::new();
        if self.v.placed_walls() {
            // A move stands only with a square for its wall.
            self.legal_moves_undecided(&mut buf);
            return !buf.is_empty();
        }
        self.pseudo_moves(&mut buf);
        // Board moves first: a drop's own legality can need a deeper search.
        buf.sort_by_key(|m| m.kind == MoveKind::Drop);
        let us = self.side;
        buf.into_iter().any(|m| self.is_legal_pseudo(m, us))
    }
}

/// The position before a move, for legality under `royal_while_at_most`.
#[derive(Clone, Copy)]
pub(crate) struct BeforeMove {
    /// The kind of the piece that moves on the board.
    moved: Option<PieceKind>,
    /// Whether that piece was royal.
    moved_royal: bool,
    /// Whether the move takes a piece royal for the opponent (always legal,
    /// as in Fairy-Stockfish).
    takes_royal: bool,
}

/// What the safety of the side to move's one royal piece, out of check,
/// says of its quiet moves ([`Position::quiet_safety`]): a board move of a
/// piece other than the royal one, to an empty square or (without
/// explosions) taking the enemy piece on its destination alone, and not
/// promoting to a royal kind, is legal when the piece is not pinned
/// and neither of its squares is `sensitive`. A gated piece only blocks
/// more, and an explosion's rules only ever lift a check (enemy royal
/// pieces next to ours attack nothing).
pub(crate) struct Quiet {
    safety: Safety,
    king: Square,
    /// The squares hop and point attacks on the royal piece (and facing
    /// royal pieces) depend on ([`Position::complex_sensitive`]).
    sensitive: super::bitboard::Bb,
}
