//! The position's primitive edits, each keeping the piece lists, occupancy
//! and hash exact: a piece put or taken, stores, castling rights, gates,
//! walls, en-passant state, the undo record. `make.rs` composes them.

use super::hook::Effect;
use super::moves::{AUX_CASTLE, AUX_GATE_ROOK, MAX_CAPTURES, Move, MoveKind};
use super::position::{Position, Undo};
use super::setup::Store;
use super::types::{Color, Piece, PieceKind, Square};
use super::variant::CaptureRule;

impl Position {
    /// Where a pass that places a wall (`[walls] instead_of_move`) is written:
    /// the side's lowest-numbered piece standing still, then the wall
    /// (`a1a1,a1c3`), as Fairy-Stockfish writes it.
    #[inline]
    pub(crate) fn wall_pass_square(&self, m: &Move) -> Option<Square> {
        if m.kind != MoveKind::Pass || m.wall().is_none() {
            return None;
        }
        self.plist[self.side.index()]
            .iter()
            .copied()
            .min_by_key(|s| s.index())
    }

    /// Where Fairy-Stockfish writes a pass under `[moves] pass_when_stuck` in a
    /// variant without royal pieces: the side's lowest-numbered piece (a1, b1,
    /// …, a2, …), standing still (`a1a1`, SAN `Pa1`).
    #[inline]
    pub(crate) fn stuck_pass_square(&self) -> Option<Square> {
        let v = &*self.v;
        if !v.moves.pass_when_stuck || v.start_royal_count != [0, 0] {
            return None;
        }
        self.plist[self.side.index()]
            .iter()
            .copied()
            .min_by_key(|s| s.index())
    }

    /// Whether piece `p` could undo its move `from`→`to` by one quiet move
    /// on an empty board (`resets_clock = "irreversible"`): some single-leg
    /// move of it, not initial-only, not a hop or a shot, leads from `to`
    /// back to `from` within its range.
    pub(crate) fn reversible(&self, p: Piece, from: Square, to: Square) -> bool {
        let def = &self.v.pieces[p.kind().index()];
        def.rays[p.color().index()].iter().any(|r| {
            let rule = &r.rule;
            if !rule.moves
                || rule.initial
                || rule.zone
                || rule.shoots
                || rule.hop != super::program::Hop::None
            {
                return false;
            }
            let squares = self.v.geometry.ray(r.vector, to);
            let reach = (rule.max as usize).min(squares.len());
            squares[..reach]
                .iter()
                .position(|&s| s == from)
                .is_some_and(|i| i + 1 >= rule.min as usize)
        })
    }

    /// Adds a piece put on `sq` to its side's list (and counts).
    #[inline(always)]
    pub(crate) fn list_add(&mut self, sq: Square, p: Piece) {
        let color = p.color();
        let list = &mut self.plist[color.index()];
        self.pindex[sq.index()] = list.len() as u16;
        list.push(sq);
        self.occ[color.index()] |= super::bitboard::bit(sq);
        self.count_command(p, 1);
    }

    /// Counts a piece that comes (`delta` 1) or goes (`u16::MAX`, minus
    /// one) in the command-set elements it is one of.
    #[inline(always)]
    fn count_command(&mut self, p: Piece, delta: u16) {
        if let Some(&bits) = self.v.end.command_bits.get(p.kind().index())
            && bits != 0
        {
            let counts = &mut self.command_count[p.color().index()];
            for (i, n) in counts.iter_mut().enumerate() {
                if bits & (1 << i) != 0 {
                    *n = n.wrapping_add(delta);
                }
            }
        }
    }

    /// Removes the piece taken from `sq` from its side's list (and counts).
    #[inline(always)]
    pub(crate) fn list_remove(&mut self, sq: Square, p: Piece) {
        let color = p.color();
        self.count_command(p, u16::MAX);
        self.occ[color.index()] &= !super::bitboard::bit(sq);
        let idx = self.pindex[sq.index()] as usize;
        let list = &mut self.plist[color.index()];
        let Some(last) = list.pop() else { return };
        if idx < list.len() {
            list[idx] = last;
            self.pindex[last.index()] = idx as u16;
        }
    }

    /// Board writes during unmake: lists follow, the hash is restored wholesale.
    #[inline(always)]
    pub(crate) fn set_raw(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = Some(p);
        if p == self.v.wall {
            self.wall_occ(sq, true);
        } else {
            self.list_add(sq, p);
        }
    }

    #[inline(always)]
    pub(crate) fn clear_raw(&mut self, sq: Square) {
        if let Some(p) = self.board[sq.index()].take() {
            if p == self.v.wall {
                self.wall_occ(sq, false);
            } else {
                self.list_remove(sq, p);
            }
        }
    }

    /// A wall is in both sides' occupied squares and in neither piece list.
    #[cold]
    #[inline]
    pub(crate) fn wall_occ(&mut self, sq: Square, on: bool) {
        let b = super::bitboard::bit(sq);
        for o in &mut self.occ {
            if on {
                *o |= b;
            } else {
                *o &= !b;
            }
        }
    }

    /// Places the move's wall (`[walls] after_move`), recorded as effects:
    /// with a single wall, the old one goes first.
    #[cold]
    pub(crate) fn place_wall(&mut self, sq: Square) {
        let wall = self.v.wall;
        let single = self.v.walls.as_ref().is_some_and(|w| w.single);
        let mut effects = Vec::new();
        if single {
            for i in 0..self.board.len() {
                if self.board[i] == Some(wall) {
                    let s = Square::from_index(i);
                    self.board[i] = None;
                    self.wall_occ(s, false);
                    self.hash ^= self.piece_key(wall, s);
                    effects.push(Effect::Square(s, Some(wall)));
                }
            }
        }
        self.board[sq.index()] = Some(wall);
        self.wall_occ(sq, true);
        self.hash ^= self.piece_key(wall, sq);
        effects.push(Effect::Square(sq, None));
        if let Some(u) = self.stack.last_mut() {
            u.effects.extend(effects);
        }
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = Some(p);
        self.list_add(sq, p);
        self.hash ^= self.piece_key(p, sq);
        if self.v.is_royal(p.kind()) {
            self.royal[p.color().index()] = sq;
        }
    }

    /// Removes the piece on an occupied square.
    #[inline(always)]
    pub(crate) fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.board[sq.index()].take()?;
        self.list_remove(sq, p);
        self.hash ^= self.piece_key(p, sq);
        Some(p)
    }

    #[inline]
    pub(crate) fn add_store(&mut self, store: Store, color: Color, kind: PieceKind, delta: i32) {
        let idx = self.store_index(color, kind);
        let old = self.stores[store as usize][idx];
        // Counts are bounded when positions are read and only grow by captures
        // of board pieces, so they stay far from the limits of u16.
        let new = (old as i32 + delta).max(0) as u16;
        self.hash ^= self.store_key(store, idx, old) ^ self.store_key(store, idx, new);
        self.stores[store as usize][idx] = new;
    }

    /// The kind a captured piece becomes in the mover's hand, if it goes there.
    #[inline]
    pub(crate) fn to_hand_kind(&self, captured: Piece) -> Option<PieceKind> {
        let k = captured.kind();
        match self.v.sides[self.side.index()].captures {
            CaptureRule::Remove => None,
            CaptureRule::HandAsIs => Some(k),
            CaptureRule::Hand => Some(self.v.def(k).demotes_to.some().unwrap_or(k)),
        }
    }

    #[inline]
    pub(crate) fn set_castling(&mut self, new: u32) {
        let mut diff = self.castling ^ new;
        self.castling = new;
        while diff != 0 {
            let i = diff.trailing_zeros() as usize;
            diff &= diff - 1;
            self.hash ^= self.v.zobrist.castling[i];
        }
    }

    /// Castling rights gained by a drop on `to`: the king and the rook of a
    /// `granted_by_drops` rule now both stand on their squares.
    #[cold]
    #[inline]
    pub(crate) fn grant_castling(&mut self, to: Square, us: Color) {
        let mut rights = self.castling;
        for (i, c) in self.v.castles.iter().enumerate() {
            let Some((king, rook)) = c.by_drops else { continue };
            if c.color == us
                && (to == c.king || to == c.rook)
                && self.board[c.king.index()] == Some(Piece::new(king, us))
                && self.board[c.rook.index()] == Some(Piece::new(rook, us))
            {
                rights |= 1 << i;
            }
        }
        self.set_castling(rights);
    }

    /// Gating: the piece from hand enters the square left behind (for
    /// castling, the king's or the rook's), recorded as an effect.
    #[cold]
    #[inline]
    pub(crate) fn gate(&mut self, mv: Move, us: Color, undo: &mut Undo) {
        let sq = if mv.kind == MoveKind::Castle {
            let c = &self.v.castles[(mv.aux & AUX_CASTLE) as usize];
            if mv.aux & AUX_GATE_ROOK != 0 {
                c.rook
            } else {
                c.king
            }
        } else {
            mv.from
        };
        self.add_store(Store::Hand, us, mv.piece(), -1);
        self.put(sq, Piece::new(mv.piece(), us));
        undo.effects.push(Effect::Square(sq, None));
        self.close_gates_if_empty(us);
    }

    /// An empty hand closes the side's gates (as Fairy-Stockfish keeps
    /// them), unless captures may fill it again.
    #[inline]
    pub(crate) fn close_gates_if_empty(&mut self, us: Color) {
        if !self.v.keeps_captures(us) && self.v.kinds().all(|k| self.count(Store::Hand, us, k) == 0) {
            self.set_castling(self.castling & !self.v.gate_bits(us));
        }
    }

    /// What `unmake` needs to restore the position before `mv`.
    #[inline(always)]
    pub(crate) fn undo_for(&self, mv: Move) -> Undo {
        Undo {
            mv,
            effects: Vec::new(),
            royal_count: self.royal_count,
            moved: None,
            captured: [None; MAX_CAPTURES],
            castling: self.castling,
            ep: self.ep,
            ep2: self.ep2,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            hash: self.hash,
            royal: self.royal,
            checks: self.checks,
            count: self.count,
            was_facing: self.v.extra_make && self.v.end.royals_facing.is_some() && self.royals_facing(),
        }
    }

    #[inline(always)]
    pub(crate) fn clear_ep(&mut self) {
        if self.ep.is_some() {
            self.hash ^= self.v.zobrist.ep[self.ep.index()];
            self.ep = Square::NONE;
            self.ep_victim = Square::NONE;
            if self.ep2.is_some() {
                self.hash ^= self.v.zobrist.ep[self.ep2.index()];
                self.ep2 = Square::NONE;
            }
        }
    }

    /// A recorded board change (hook effects).
    #[inline]
    pub(crate) fn record_square(&mut self, sq: Square, p: Option<Piece>) {
        let old = self.board[sq.index()];
        if old == p {
            return;
        }
        if let Some(u) = self.stack.last_mut() {
            u.effects.push(Effect::Square(sq, old));
        }
        self.take(sq);
        if let Some(p) = p {
            self.put(sq, p);
        }
    }

    /// A recorded state change (hook effects).
    #[inline]
    pub(crate) fn record_state(&mut self, slot: usize, value: u32) {
        let old = self.state[slot];
        if old == value {
            return;
        }
        if let Some(u) = self.stack.last_mut() {
            u.effects.push(Effect::State(slot, old));
        }
        self.hash ^= self.state_key(slot, old) ^ self.state_key(slot, value);
        self.state[slot] = value;
    }
}
