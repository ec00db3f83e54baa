//! The legal moves: the pin-aware fast path (checking lines and pins limit
//! each piece's moves; the royal piece's own moves by an attack test) and
//! the moves judged one by one where nothing shorter can tell.

use super::attack::{Safety, SquareSet};
use super::bitboard::{Bits, bit};
use super::legal_rules::is_pass;
use super::moves::{Move, MoveKind};
use super::position::{Position, RoyalSquares};
use super::setup::Store;
use super::tables::BbTable;
use super::types::{Color, Piece, PieceKind, Square};

impl Position {
    /// The legal moves, not asking first whether the game is decided.
    #[inline]
    pub(crate) fn legal_moves_undecided(&mut self, out: &mut Vec<Move>) {
        out.clear();
        if self.v.turns.is_some() {
            self.turn_legal_moves(out);
            return;
        }
        self.legal_moves_core(out);
        // One test for the common case: no rule below applies.
        if self.v.extra_legality {
            self.special_legality(out);
        }
    }

    /// Whether the fast path judges this position's moves: one royal piece
    /// and attackers that the reverse attack lines describe completely, and
    /// a board that changes by the move alone. Then the lines tell which
    /// pieces are pinned and which squares answer a check, and the royal
    /// piece's own moves are tested against the attacks on their
    /// destinations.
    pub(crate) fn fast_legality(&self) -> bool {
        let us = self.side;
        let them = !us;
        !self.v.reference
            && self.v.slow_attackers[them.index()].is_empty()
            && self.v.attacks.complex[them.index()].is_empty()
            && self.v.attacks.unprotected[them.index()].is_empty()
            && self.v.moves.explosion.is_none()
            && self.v.moves.burners.is_empty()
            && !self.v.moves.no_facing_royals
            && self.v.gates.is_empty()
            && !self.v.hooks_change_board
            && !self.v.royal_limits
            && self.royal_count[us.index()] == 1
            // A promotion to a second royal piece can answer a check.
            && !self.v.end.not_all_royal
            // On a cylinder two lines may join a piece to the royal one.
            && !self.v.geometry.wraps_files()
    }

    #[inline]
    pub(crate) fn legal_moves_core(&mut self, out: &mut Vec<Move>) {
        if self.fast_legality() {
            self.legal_moves_fast(out);
            return;
        }
        if self.unguarded_generation() {
            self.legal_moves_unguarded(out);
            return;
        }
        self.judged_moves(out);
        self.filter_slow(out);
    }

    /// The legal moves that `keep` selects, in `out`, and whether the
    /// position has any legal move at all (not asking first whether the
    /// game is decided). The same moves as [`Position::legal_moves`] and
    /// then `keep`, but where legality is judged by making each move and
    /// no rule looks at the whole list, only the selected moves are judged
    /// (and, when none is legal, the others until one is): quiescence wants
    /// the captures of positions with hundreds of moves. `rest` is scratch.
    pub fn legal_moves_selected(
        &mut self,
        out: &mut Vec<Move>,
        rest: &mut Vec<Move>,
        keep: impl Fn(&Position, &Move) -> bool,
    ) -> bool {
        if self.fast_legality() || !self.v.per_move_legality || self.v.turns.is_some() {
            self.legal_moves_undecided(out);
            let any = !out.is_empty();
            out.retain(|m| keep(self, m));
            return any;
        }
        out.clear();
        self.pseudo_moves(out);
        self.set_aside(out, rest, keep);
        self.filter_slow(out);
        if self.v.extra_legality {
            self.special_legality(out);
        }
        if self.v.moves.one_piece_pass {
            // The pass that stands is the one from the lowest square of all
            // (a pass leaves the same position whichever piece makes it, so
            // they are all legal or none is).
            if let Some(low) = rest.iter().filter(|m| is_pass(m)).map(|m| m.from).min() {
                out.retain(|m| !is_pass(m) || m.from < low);
            }
        }
        let compulsory = self.v.moves.compulsory_capture;
        if !out.is_empty() && (!compulsory || out.iter().any(|m| m.is_capture())) {
            return true;
        }
        // Nothing selected is legal (or, under compulsory capture, no
        // selected capture is): does any other move stand? Captures first,
        // which compulsory capture would put before the selected moves.
        rest.sort_by_key(|m| !m.is_capture());
        let us = self.side;
        for &m in rest.iter() {
            if self.slow_legal(m, us) && self.per_move_special(m) {
                if compulsory && m.is_capture() {
                    out.retain(|m| m.is_capture());
                }
                return true;
            }
        }
        !out.is_empty()
    }

    /// Moves `out` for which `keep` says no go to `rest` (cleared first).
    pub fn set_aside(
        &self,
        out: &mut Vec<Move>,
        rest: &mut Vec<Move>,
        keep: impl Fn(&Position, &Move) -> bool,
    ) {
        rest.clear();
        let mut i = 0;
        while i < out.len() {
            if keep(self, &out[i]) {
                i += 1;
            } else {
                rest.push(out.swap_remove(i));
            }
        }
    }

    /// Legal moves where [`Position::royal_safety`] can judge them: the
    /// moves of pieces it leaves free go straight into the list; the others
    /// (the royal piece, pinned pieces, pieces that may capture off their
    /// destination, every piece in check, drops that need a look) are
    /// generated after them and judged one by one.
    pub(crate) fn legal_moves_fast(&mut self, out: &mut Vec<Move>) {
        let us = self.side;
        let king = self.royal[us.index()];
        let mut safety = Safety::new(self.has_bitboards());
        self.royal_safety(us, king, &mut safety);
        let judged = match &self.v.bb {
            // Placements cannot expose the royal piece; in check they are
            // judged.
            _ if self.v.placement.is_some() && self.in_placement() => {
                self.placement_moves(out);
                if safety.checks == 0 { out.len() } else { 0 }
            }
            Some(t) if t.narrow => self.generate_bb::<u64>(t, king, &safety, out),
            Some(t) => self.generate_bb::<u128>(t, king, &safety, out),
            None => self.generate_mailbox(king, &safety, out),
        };
        let mut drop_checks = None;
        let mut i = judged;
        while i < out.len() {
            let m = out[i];
            let legal = match self.judge_move(m, king, &safety, &mut drop_checks) {
                Some(ok) => ok,
                None => self.is_legal_pseudo(m, us),
            };
            if legal {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// Whether the moves of the piece `p` on `sq` need no judging: no
    /// check, no pin, nothing captured off its destination.
    #[inline(always)]
    pub(crate) fn free_piece(&self, sq: Square, p: Piece, king: Square, safety: &Safety) -> bool {
        let v = &*self.v;
        sq != king
            && safety.checks == 0
            && !safety.pinned(sq)
            && !v.off_target.contains(p.kind())
            && !(self.ep.is_some() && v.en_passant.contains(p.kind()))
    }

    /// The moves of the side to move on a board without bitboards, for
    /// [`Position::legal_moves_fast`]: the free pieces' moves and free
    /// drops first, then the moves to judge; returns where those start.
    pub(crate) fn generate_mailbox(&self, king: Square, safety: &Safety, out: &mut Vec<Move>) -> usize {
        let us = self.side;
        for &sq in &self.plist[us.index()] {
            if let Some(p) = self.board[sq.index()]
                && self.free_piece(sq, p, king, safety)
            {
                self.piece_moves(sq, p, out);
            }
        }
        let drops_free = self.drops_free(safety);
        if drops_free {
            self.pieces_in_hand_moves(out);
        }
        let judged = out.len();
        for &sq in &self.plist[us.index()] {
            if let Some(p) = self.board[sq.index()]
                && !self.free_piece(sq, p, king, safety)
            {
                self.piece_moves(sq, p, out);
            }
        }
        self.judged_extras(drops_free, out);
        judged
    }

    /// [`Position::generate_mailbox`] on a board with bitboards: pieces
    /// whose moves are all simple from their square get their bitboard
    /// moves limited to the squares their safety allows (legal as made);
    /// the others go to the mailbox.
    #[inline(always)]
    pub(crate) fn generate_bb<B: Bits>(
        &self,
        t: &BbTable,
        king: Square,
        safety: &Safety,
        out: &mut Vec<Move>,
    ) -> usize {
        let us = self.side;
        let (own, enemy) = (B::of(self.occ[us.index()]), B::of(self.occ[(!us).index()]));
        // An en-passant capture lands on an empty square: not on a wall
        // placed there after the double step (`[walls] after_move`).
        let ep_bit = if self.ep.is_some() && self.board[self.ep.index()].is_none() {
            B::of(bit(self.ep))
        } else {
            B::ZERO
        };
        let evasions = B::of(safety.evasions_bb);
        let pins = !safety.unpinned();
        let overflow = safety.overflow();
        // Pieces to judge, and pieces whose bitboard moves may capture en
        // passant (those captures are judged too).
        let (mut judged, mut en_passant) = (B::ZERO, B::ZERO);
        for &sq in &self.plist[us.index()] {
            let Some(p) = self.board[sq.index()] else { continue };
            let e = t.entry(p, sq);
            if e.simple && sq != king && !overflow {
                let allowed = if pins {
                    evasions & B::of(safety.pin_mask(sq))
                } else {
                    evasions
                };
                if self.bb_gen(t, e, p, sq, allowed, own, enemy, out) & ep_bit != B::ZERO {
                    en_passant |= B::one(sq.0 as u32);
                }
            } else if self.free_piece(sq, p, king, safety) {
                self.piece_moves(sq, p, out);
            } else {
                judged |= B::one(sq.0 as u32);
            }
        }
        let drops_free = self.drops_free(safety);
        if drops_free {
            self.pieces_in_hand_moves(out);
        }
        let start = out.len();
        while en_passant != B::ZERO {
            let from = Square(en_passant.pop() as u16);
            if let Some(p) = self.board[from.index()] {
                let m = Move::board(from, self.ep).with_capture(self.ep_victim);
                self.push_board(p.kind(), us, m, out);
            }
        }
        if self.ep2 != Square::NONE {
            self.en_passant_on_second(t, king, overflow, out);
        }
        while judged != B::ZERO {
            let sq = Square(judged.pop() as u16);
            let Some(p) = self.board[sq.index()] else { continue };
            let e = t.entry(p, sq);
            if e.simple {
                self.bb_gen(t, e, p, sq, !B::ZERO, own, enemy, out);
            } else {
                self.piece_moves(sq, p, out);
            }
        }
        self.judged_extras(drops_free, out);
        start
    }

    /// After a triple step, the en passant captures onto its second square
    /// (`ep2`) by the pieces [`Position::generate_bb`] gave bitboard moves
    /// (those onto `ep` it makes itself); judged like those.
    #[cold]
    #[inline(never)]
    pub(crate) fn en_passant_on_second(
        &self,
        t: &BbTable,
        king: Square,
        overflow: bool,
        out: &mut Vec<Move>,
    ) {
        let to = self.ep2;
        if self.board[to.index()].is_some() {
            return;
        }
        for &sq in &self.plist[self.side.index()] {
            let Some(p) = self.board[sq.index()] else { continue };
            let e = t.entry(p, sq);
            if e.simple && sq != king && !overflow && e.en_passant_squares() & bit(to) != 0 {
                let m = Move::board(sq, to).with_capture(self.ep_victim);
                self.push_board(p.kind(), p.color(), m, out);
            }
        }
    }

    /// Whether drops need no judging: no check, no drop-mate ban, and no
    /// royal piece in hand (it may not be dropped where it is attacked).
    #[inline]
    pub(crate) fn drops_free(&self, safety: &Safety) -> bool {
        safety.checks == 0
            && (self.drop_mates_allowed || self.v.no_drop_mate.is_empty())
            && !self.holds_royal(self.side)
    }

    /// Whether side `c` holds a royal piece in hand.
    #[inline]
    pub(crate) fn holds_royal(&self, c: Color) -> bool {
        self.v.has_royal_drops
            && self
                .v
                .kinds()
                .any(|k| self.v.is_royal(k) && self.count(Store::Hand, c, k) > 0)
    }

    /// The moves judged after the pieces': drops (unless free), castling,
    /// the pass.
    #[inline]
    pub(crate) fn judged_extras(&self, drops_free: bool, out: &mut Vec<Move>) {
        if !drops_free {
            self.pieces_in_hand_moves(out);
        }
        if !self.v.castles.is_empty() {
            self.castle_moves(out);
        }
        if !self.v.once_squares.is_empty() {
            self.once_moves(out);
        }
        if self.v.moves.pass {
            out.push(Move::pass());
        }
    }

    /// Whether a pseudo-legal move keeps the royal piece on `king` safe, by
    /// `safety` and attack tests; `None` when only making it can tell.
    /// `drop_checks` keeps, for one kind under a drop-mate ban, the squares
    /// where its drop gives check.
    #[inline(never)]
    pub(crate) fn judge_move(
        &mut self,
        m: Move,
        king: Square,
        safety: &Safety,
        drop_checks: &mut Option<(PieceKind, SquareSet)>,
    ) -> Option<bool> {
        let us = self.side;
        let them = !us;
        match m.kind {
            MoveKind::Board if m.is_capture() && !m.captures_on_target_only() => None,
            // A range capture may take a piece of its own side.
            MoveKind::Board
                if m.is_capture() && self.board[m.to.index()].is_some_and(|p| p.color() == us) =>
            {
                None
            }
            MoveKind::Board if m.from == king => {
                (m.to != king).then(|| !self.attacked_without(m.to, them, king))
            }
            MoveKind::Board => safety.allows(&self.v.geometry, m.from, m.to),
            // The spawner stays where it is: only the new piece counts.
            MoveKind::Spawn => safety.allows(&self.v.geometry, Square::NONE, m.to),
            MoveKind::Drop | MoveKind::PocketDrop => {
                match safety.allows(&self.v.geometry, Square::NONE, m.to) {
                    Some(true) if self.drop_mate_banned(m) => {
                        let k = m.entering_kind().unwrap_or(m.piece());
                        let gives_check = match (&*drop_checks, self.royal_squares(them)) {
                            (_, RoyalSquares::None) => false,
                            (Some((dk, set)), _) if *dk == k => set.contains(m.to),
                            (_, RoyalSquares::One(r))
                                if !self.v.slow_attackers[us.index()].contains(k)
                                    && !self.v.attacks.complex[us.index()].contains(k) =>
                            {
                                let set = self.attacking_squares(r, us, k);
                                *drop_checks = Some((k, set));
                                set.contains(m.to)
                            }
                            _ => true,
                        };
                        // A drop that gives check under the ban must not mate.
                        (!gives_check).then_some(true)
                    }
                    other => other,
                }
            }
            MoveKind::Castle
                if self.has_bitboards()
                    && self.v.castles[(m.aux & super::moves::AUX_CASTLE) as usize].guarded =>
            {
                // Safe squares were tested when the move was made; the royal
                // piece must also be safe where it ends, with king and rook
                // moved (only they change: no hook changes the board here).
                let cs = &self.v.castles[(m.aux & super::moves::AUX_CASTLE) as usize];
                let occupied = ((self.occ[0] | self.occ[1]) & !bit(cs.king) & !bit(cs.rook))
                    | bit(cs.king_to)
                    | bit(cs.rook_to);
                let king = self.board[cs.king.index()].map_or(PieceKind(0), |p| p.kind());
                let out = self.cannot_attack(cs.king_to, them, king);
                Some(!self.bb_attacked(cs.king_to, them, occupied, out))
            }
            MoveKind::Place | MoveKind::Pass if safety.checks == 0 => Some(true),
            MoveKind::Place | MoveKind::Pass | MoveKind::Castle | MoveKind::ToPocket => None,
        }
    }

    /// Whether `by` could take the piece on `lifted` (the mover's royal
    /// piece) once it has moved to `sq`.
    #[inline]
    pub(crate) fn attacked_without(&mut self, sq: Square, by: Color, lifted: Square) -> bool {
        let Some(royal) = self.board[lifted.index()] else {
            return self.attacked(sq, by);
        };
        let occupied = (self.occ[0] | self.occ[1]) & !bit(lifted);
        if self.has_bitboards() {
            return self.attacked_as(sq, by, occupied, royal.kind());
        }
        self.board[lifted.index()] = None;
        let attacked = self.attacked_as(sq, by, occupied, royal.kind());
        self.board[lifted.index()] = Some(royal);
        attacked
    }

    /// Whether this drop falls under a drop-mate ban (and the ban is on).
    #[inline]
    pub(crate) fn drop_mate_banned(&self, m: Move) -> bool {
        !self.drop_mates_allowed && m.entering_kind().is_some_and(|k| self.v.def(k).no_drop_mate)
    }
}
