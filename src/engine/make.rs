//! Making and unmaking moves. `make` updates the board, piece lists, stores,
//! castling and en-passant state, counters and the hash incrementally, then
//! runs the variant's hooks' effects; `unmake` restores all of it exactly.

use std::sync::Arc;

use super::geometry::Geometry;
use super::hook::{Effect, Effects};
use super::moves::{
    AUX_CASTLE, AUX_EP_CREATE, AUX_GATE, AUX_GATE_ROOK, AUX_NULL, MAX_CAPTURES, Move, MoveKind,
};
use super::position::{Position, Undo};
use super::setup::{Count, Store};
use super::types::{Color, KindSet, Piece, PieceKind, Square};
use super::variant::{CaptureRule, CountingRule, Flip, PositionStyle};

impl Position {
    /// Where a pass that places a wall (`[walls] instead_of_move`) is written:
    /// the side's lowest-numbered piece standing still, then the wall
    /// (`a1a1,a1c3`), as Fairy-Stockfish writes it.
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
    fn reversible(&self, p: Piece, from: Square, to: Square) -> bool {
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

    #[inline(always)]
    fn list_add(&mut self, sq: Square, color: Color) {
        let list = &mut self.plist[color.index()];
        self.pindex[sq.index()] = list.len() as u16;
        list.push(sq);
        self.occ[color.index()] |= super::bitboard::bit(sq);
    }

    #[inline(always)]
    fn list_remove(&mut self, sq: Square, color: Color) {
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
    fn set_raw(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = Some(p);
        if p == self.v.wall {
            self.wall_occ(sq, true);
        } else {
            self.list_add(sq, p.color());
        }
    }

    #[inline(always)]
    fn clear_raw(&mut self, sq: Square) {
        if let Some(p) = self.board[sq.index()].take() {
            if p == self.v.wall {
                self.wall_occ(sq, false);
            } else {
                self.list_remove(sq, p.color());
            }
        }
    }

    /// A wall is in both sides' occupied squares and in neither piece list.
    #[cold]
    fn wall_occ(&mut self, sq: Square, on: bool) {
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
    fn place_wall(&mut self, sq: Square) {
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
        self.list_add(sq, p.color());
        self.hash ^= self.piece_key(p, sq);
        if self.v.is_royal(p.kind()) {
            self.royal[p.color().index()] = sq;
        }
    }

    /// Removes the piece on an occupied square.
    #[inline(always)]
    pub(crate) fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.board[sq.index()].take()?;
        self.list_remove(sq, p.color());
        self.hash ^= self.piece_key(p, sq);
        Some(p)
    }

    #[inline]
    fn add_store(&mut self, store: Store, color: Color, kind: PieceKind, delta: i32) {
        let idx = self.store_index(color, kind);
        let old = self.stores[store as usize][idx];
        // Counts are bounded when positions are read and only grow by captures
        // of board pieces, so they stay far from the limits of u16.
        let new = (old as i32 + delta).max(0) as u16;
        self.hash ^= self.store_key(store, idx, old) ^ self.store_key(store, idx, new);
        self.stores[store as usize][idx] = new;
    }

    /// The kind a captured piece becomes in the mover's hand, if it goes there.
    fn to_hand_kind(&self, captured: Piece) -> Option<PieceKind> {
        let k = captured.kind();
        match self.v.sides[self.side.index()].captures {
            CaptureRule::Remove => None,
            CaptureRule::HandAsIs => Some(k),
            CaptureRule::Hand => Some(self.v.def(k).demotes_to.some().unwrap_or(k)),
        }
    }

    fn set_castling(&mut self, new: u32) {
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
    fn grant_castling(&mut self, to: Square, us: Color) {
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
    fn gate(&mut self, mv: Move, us: Color, undo: &mut Undo) {
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
    fn close_gates_if_empty(&mut self, us: Color) {
        if !self.v.keeps_captures(us) && self.v.kinds().all(|k| self.count(Store::Hand, us, k) == 0) {
            self.set_castling(self.castling & !self.v.gate_bits(us));
        }
    }

    /// What `unmake` needs to restore the position before `mv`.
    #[inline(always)]
    fn undo_for(&self, mv: Move) -> Undo {
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
    fn clear_ep(&mut self) {
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

    /// A null move, for a search's null-move pruning: the side to move
    /// passes without any rule being consulted (no hooks, counters or
    /// double-pass rule see it). Take it back with [`Position::unmake`].
    pub fn make_null(&mut self) {
        let us = self.side;
        let mut null = Move::pass();
        null.aux = AUX_NULL;
        let mut undo = self.undo_for(null);
        undo.was_facing = false;
        self.clear_ep();
        if us == Color::Second || self.v.position_style == PositionStyle::Sfen {
            self.fullmove += 1;
        }
        self.side = !us;
        self.hash ^= self.v.zobrist.side;
        self.stack.push(undo);
    }

    /// Plays a move (which must be legal in this position).
    pub fn make(&mut self, mv: Move) {
        let us = self.side;
        let mut undo = self.undo_for(mv);
        self.clear_ep();
        self.halfmove += 1;
        match mv.kind {
            MoveKind::Board => self.make_board(mv, us, &mut undo),
            MoveKind::Drop | MoveKind::Place | MoveKind::PocketDrop | MoveKind::Spawn => {
                match mv.kind {
                    MoveKind::Drop if self.v.hand_free => {}
                    MoveKind::Drop => self.add_store(Store::Hand, us, mv.piece(), -1),
                    MoveKind::Place => self.add_store(Store::Reserve, us, mv.piece(), -1),
                    MoveKind::PocketDrop => self.add_store(Store::Pocket, us, mv.piece(), -1),
                    _ => {}
                }
                let placed = mv.promo().some().unwrap_or(mv.piece());
                if self.v.is_royal(placed) {
                    self.royal_count[us.index()] += 1;
                }
                self.put(mv.to, Piece::new(placed, us));
                if mv.kind == MoveKind::Drop {
                    if self.v.drop_castling {
                        self.grant_castling(mv.to, us);
                    }
                    if self.v.drops_reset_clock {
                        self.halfmove = 0;
                    }
                }
            }
            MoveKind::ToPocket => {
                if let Some(p) = self.take(mv.from) {
                    undo.moved = Some(p);
                    self.add_store(Store::Pocket, us, p.kind(), 1);
                }
            }
            MoveKind::Pass => {
                // Fairy-Stockfish makes a stuck player's pass (and a pass
                // that places a wall) as its lowest piece standing still: a
                // piece whose every move resets the clock (a pawn) resets it.
                if let Some(s) = self.wall_pass_square(&mv).or_else(|| self.stuck_pass_square())
                    && let Some(p) = self.board[s.index()]
                {
                    let flags = self.v.kind_flags[p.kind().index()];
                    if flags & super::variant::KIND_RESETS_CLOCK != 0
                        && flags & super::variant::KIND_RESETS_IRREVERSIBLE == 0
                    {
                        self.halfmove = 0;
                    }
                }
            }
            MoveKind::Castle => {
                let c = &self.v.castles[(mv.aux & AUX_CASTLE) as usize];
                let (king, king_to, rook, rook_to, takes) = (c.king, c.king_to, c.rook, c.rook_to, c.takes);
                let k = self.take(king);
                let r = self.take(rook);
                undo.moved = k;
                if let (Some(k), Some(r)) = (k, r) {
                    self.put(king_to, k);
                    self.put(rook_to, r);
                }
                let keep = self.v.castle_keep[king.index()] & self.v.castle_keep[rook.index()] & !takes;
                self.set_castling(self.castling & keep);
            }
        }
        if self.v.extra_make
            && mv.aux & AUX_GATE != 0
            && matches!(mv.kind, MoveKind::Board | MoveKind::Castle)
        {
            self.gate(mv, us, &mut undo);
        } else if self.v.gate_drops && mv.kind == MoveKind::Drop {
            self.close_gates_if_empty(us);
        }
        // FEN counts full moves; SFEN counts plies.
        if us == Color::Second || self.v.position_style == PositionStyle::Sfen {
            self.fullmove += 1;
        }
        self.side = !us;
        self.hash ^= self.v.zobrist.side;
        let (moved, captured) = (undo.moved, undo.captured);
        self.stack.push(undo);
        if self.v.royal_limits {
            // Royalty by count: a capture or promotion can change it.
            self.refresh_royals();
        }
        if self.v.extra_make {
            if let Some(sq) = mv.wall() {
                self.place_wall(sq);
            }
            self.after_move_rules(mv, us, moved, captured);
        }
    }

    /// Explosions, hook effects and check counting, after a move.
    #[inline(never)]
    fn after_move_rules(
        &mut self,
        mv: Move,
        us: Color,
        moved: Option<Piece>,
        captured: [Option<Piece>; MAX_CAPTURES],
    ) {
        // A capturer of a kind that petrifies turns to stone on its
        // destination (with explosions, instead of being blown up).
        let stone = moved.filter(|p| {
            mv.kind == MoveKind::Board && mv.is_capture() && self.v.moves.petrify.contains(p.kind())
        });
        if let Some(x) = self.v.moves.explosion
            && mv.is_capture()
        {
            self.explode(mv.to, x, stone.is_some());
        } else if let Some(p) = stone
            && let Some(to) = mv.to()
        {
            let placed = mv.promo().some().map_or(p, |k| Piece::new(k, us));
            if self.board[to.index()] == Some(placed) {
                self.petrify(to);
            }
        }
        if let Some(p) = moved
            && mv.kind == MoveKind::Board
            && self.v.once_aimers.contains(p.kind())
        {
            self.aim_at_once_rights(mv.to, p.kind(), !us);
        }
        if !self.v.moves.burners.is_empty() && mv.kind == MoveKind::Board {
            self.burn(mv.to, us, moved);
        }
        if let Some(f) = self.v.moves.flip
            && mv.kind != MoveKind::Pass
        {
            self.flip(mv.to, us, f, mv.kind == MoveKind::Drop);
        }
        if !self.v.hooks.is_empty() {
            self.run_effects(mv, us, moved, captured);
        }
        if self.v.end.checks_to_win.is_some() && self.in_check(!us) {
            let n = self.checks[us.index()];
            self.hash ^= self.checks_key(us, n) ^ self.checks_key(us, n + 1);
            self.checks[us.index()] = n + 1;
        }
        if self.v.end.counting.is_some() {
            self.update_count(mv, us, &captured);
        }
    }

    /// A piece of `kind` ended a move on `to`: `them` loses the `once` right
    /// of each square it holds whose piece that kind aims at
    /// (`lost_when_aimed_by`: same file or rank, whatever stands between).
    fn aim_at_once_rights(&mut self, to: Square, kind: PieceKind, them: Color) {
        let v = Arc::clone(&self.v);
        let g = &v.geometry;
        let mut rights = self.castling;
        for o in v.once_squares.iter().filter(|o| o.color == them) {
            let Some(bit) = v.once_bit(o.square, them) else {
                continue;
            };
            if rights & bit == 0 || (g.file(o.square) != g.file(to) && g.rank(o.square) != g.rank(to)) {
                continue;
            }
            if self.board[o.square.index()]
                .filter(|p| p.color() == them)
                .and_then(|p| v.def(p.kind()).once.as_ref())
                .is_some_and(|once| once.aimed_by.contains(kind))
            {
                rights &= !bit;
            }
        }
        self.set_castling(rights);
    }

    /// The counting rule after `us` moved: a running count goes on; the
    /// side to move starts one when it has a limit and none runs, or again
    /// when the move took or promoted and left it a bare royal piece; with
    /// `from_pieces`, a bare royal piece that took the last blocker starts
    /// its own count from the pieces on the board.
    fn update_count(&mut self, mv: Move, us: Color, captured: &[Option<Piece>; MAX_CAPTURES]) {
        let v = Arc::clone(&self.v);
        let Some(rule) = &v.end.counting else { return };
        if self.count.limit != 0 {
            self.count.ply += 1;
        }
        let pieces = |c: Color| self.plist[c.index()].len() as u32;
        let all = pieces(Color::First) + pieces(Color::Second);
        let took = captured.iter().flatten().count() > 0;
        let took_blocker = captured
            .iter()
            .flatten()
            .any(|p| rule.blockers.contains(p.kind()));
        if rule.from_pieces && took_blocker && pieces(us) == 1 {
            let limit = self.count_limit(rule, us);
            if limit != 0 {
                self.count = Count {
                    limit: 2 * limit,
                    ply: 2 * all - 1,
                };
            }
        }
        let them = !us;
        let restart = (took || mv.promo().some().is_some()) && pieces(them) == 1;
        if self.count.limit == 0 || restart {
            let limit = self.count_limit(rule, them);
            if limit != 0 {
                let ply = if rule.from_pieces && pieces(them) == 1 {
                    2 * all
                } else {
                    0
                };
                self.count = Count {
                    limit: 2 * limit,
                    ply,
                };
            }
        }
    }

    /// The moves side `c` may count now: 0 while a blocker stands on the
    /// board or the opponent has only its royal piece; the board's honour
    /// for a side with more than its royal piece (with
    /// `board_honour_at_most`, only up to that many pieces; with
    /// `board_honour_with_blockers`, blockers or not); else the pieces'
    /// honour.
    pub(crate) fn count_limit(&self, rule: &CountingRule, c: Color) -> u32 {
        let on_board = |c: Color, kinds: KindSet| {
            self.plist[c.index()]
                .iter()
                .filter(|s| self.board[s.index()].is_some_and(|p| kinds.contains(p.kind())))
                .count() as u32
        };
        let own = self.plist[c.index()].len() as u32;
        if self.plist[(!c).index()].len() <= 1
            || (rule.board_honour_at_most != 0 && own > rule.board_honour_at_most)
        {
            return 0;
        }
        let blocked = on_board(Color::First, rule.blockers) + on_board(Color::Second, rule.blockers) > 0;
        if own > 1 {
            return if blocked && !rule.board_honour_with_blockers {
                0
            } else {
                rule.board_honour
            };
        }
        if blocked {
            return 0;
        }
        rule.pieces_honour
            .iter()
            .find(|&&(kind, at_least, _)| on_board(!c, KindSet::one(kind)) >= at_least)
            .map_or(rule.otherwise, |&(_, _, moves)| moves)
    }

    fn make_board(&mut self, mv: Move, us: Color, undo: &mut Undo) {
        if mv.is_line_capture() {
            // A range capture: the pieces between origin and destination
            // leave the game, kept in the undo record (as effects, which
            // unmake restores before the move itself).
            let v = Arc::clone(&self.v);
            for sq in between(&v.geometry, mv.from, mv.to) {
                if let Some(q) = self.take(sq) {
                    undo.effects.push(Effect::Square(sq, Some(q)));
                }
            }
            self.halfmove = 0;
        }
        for i in 0..mv.ncap() {
            let sq = mv.cap(i);
            let Some(q) = self.take(sq) else { continue };
            undo.captured[i] = Some(q);
            if self.v.is_royal(q.kind()) {
                let c = q.color().index();
                self.royal_count[c] -= 1;
                if self.royal_count[c] == 1 {
                    // `royal` may name the square just emptied: find the one left.
                    self.royal[c] = self.plist[c]
                        .iter()
                        .copied()
                        .find(|s| self.board[s.index()].is_some_and(|p| self.v.is_royal(p.kind())))
                        .unwrap_or(Square::NONE);
                }
            }
            if let Some(k) = self.to_hand_kind(q) {
                self.add_store(Store::Hand, us, k, 1);
            }
        }
        if mv.is_capture() {
            self.halfmove = 0;
        }
        let Some(p) = self.take(mv.from) else { return };
        undo.moved = Some(p);
        let flags = self.v.kind_flags[p.kind().index()];
        if flags & super::variant::KIND_RESETS_CLOCK != 0
            && (flags & super::variant::KIND_RESETS_IRREVERSIBLE == 0 || !self.reversible(p, mv.from, mv.to))
        {
            self.halfmove = 0;
        }
        if self.v.promotions_reset_clock && mv.promo().some().is_some() {
            self.halfmove = 0;
        }
        let placed = match mv.promo().some() {
            Some(k) => Piece::new(k, us),
            None => p,
        };
        self.put(mv.to, placed);
        // A promotion to a royal kind (a drunk elephant becoming a crown
        // prince) adds a royal piece; one from a royal kind takes one away.
        let (was, now) = (self.v.is_royal(p.kind()), self.v.is_royal(placed.kind()));
        if was != now {
            let c = us.index();
            if now {
                self.royal_count[c] += 1;
            } else {
                self.royal_count[c] -= 1;
            }
            if self.royal_count[c] == 1 {
                self.royal[c] = self.plist[c]
                    .iter()
                    .copied()
                    .find(|s| self.board[s.index()].is_some_and(|q| self.v.is_royal(q.kind())))
                    .unwrap_or(Square::NONE);
            }
        }
        // A double step that promotes leaves no en-passant square: the
        // piece that could be taken so is gone (as Fairy-Stockfish plays).
        if mv.aux & AUX_EP_CREATE != 0 && mv.promo().some().is_none() {
            self.set_ep(mv.from, mv.to);
        }
        let keep = self.v.castle_keep[mv.from.index()] & self.v.castle_keep[mv.to.index()];
        self.set_castling(self.castling & keep);
    }

    /// The en-passant squares a step from `from` to `to` leaves: the square
    /// passed over (halfway, for a double step or a bent leap), or both
    /// squares a straight triple step passed over.
    #[inline(always)]
    fn set_ep(&mut self, from: Square, to: Square) {
        let g = &self.v.geometry;
        let (ff, fr) = (g.file(from) as i32, g.rank(from) as i32);
        let (tf, tr) = (g.file(to) as i32, g.rank(to) as i32);
        if (tf - ff).abs() == 3 || (tr - fr).abs() == 3 {
            self.set_triple_ep(from, to, (tf - ff, tr - fr));
        } else if let Some(mid) = g.square((ff + tf) / 2, (fr + tr) / 2) {
            self.ep = mid;
            self.ep_victim = to;
            self.hash ^= self.v.zobrist.ep[mid.index()];
        }
    }

    /// [`Position::set_ep`] for a step of three squares along `d`: a
    /// straight or diagonal one leaves both squares it passed.
    #[cold]
    #[inline(never)]
    fn set_triple_ep(&mut self, from: Square, to: Square, (df, dr): (i32, i32)) {
        let g = &self.v.geometry;
        if df == 0 || dr == 0 || df.abs() == dr.abs() {
            let unit = (df.signum(), dr.signum());
            if let (Some(near), Some(far)) = (g.offset(to, (-unit.0, -unit.1)), g.offset(from, unit)) {
                self.ep = near;
                self.ep2 = far;
                self.ep_victim = to;
                self.hash ^= self.v.zobrist.ep[near.index()] ^ self.v.zobrist.ep[far.index()];
            }
        } else if let Some(mid) = g.square(
            (2 * g.file(from) as i32 + df) / 2,
            (2 * g.rank(from) as i32 + dr) / 2,
        ) {
            // A bent leap of three: the square halfway, as before.
            self.ep = mid;
            self.ep_victim = to;
            self.hash ^= self.v.zobrist.ep[mid.index()];
        }
    }

    /// Runs every hook's effects after a move, recording each change in the
    /// move's undo record.
    fn run_effects(
        &mut self,
        mv: Move,
        mover: Color,
        moved: Option<Piece>,
        captured: [Option<Piece>; MAX_CAPTURES],
    ) {
        let v = Arc::clone(&self.v);
        let mut fx = Effects {
            pos: self,
            mv,
            mover,
            moved,
            captured,
            may_change_board: true,
        };
        for hook in &v.hooks {
            fx.may_change_board = hook.changes_board();
            hook.after_move(&mut fx);
        }
        if self
            .stack
            .last()
            .is_some_and(|u| u.effects.iter().any(|e| matches!(e, Effect::Square(..))))
        {
            self.refresh_royals();
        }
    }

    /// A capture's explosion: the piece on `at` (unless unharmed) and the
    /// non-immune pieces around it leave the board, recorded like hook
    /// effects; walls stay. With `stone`, the capturer on `at` turns to
    /// stone instead of leaving (it petrifies on capture).
    fn explode(&mut self, at: Square, x: super::variant::Explosion, stone: bool) {
        let immune = x.immune;
        let mut royal_hit = self.board[at.index()].is_some_and(|p| self.v.def(p.kind()).royal);
        if let Some(p) = self.board[at.index()]
            && !x.unharmed.contains(p.kind())
        {
            if stone {
                self.petrify(at);
            } else {
                self.record_square(at, None);
            }
            if x.to_hand {
                self.record_to_hand(p);
            }
        }
        for d in super::geometry::FRAMES {
            let Some(s) = self.v.geometry.offset(at, d) else {
                continue;
            };
            if let Some(p) = self.board[s.index()]
                && p != self.v.wall
                && !immune.contains(p.kind())
            {
                royal_hit |= self.v.def(p.kind()).royal;
                self.record_square(s, None);
                if x.to_hand {
                    self.record_to_hand(p);
                }
                // A king or rook blown up takes its castling rights along.
                self.set_castling(self.castling & self.v.castle_keep[s.index()]);
            }
        }
        if royal_hit {
            self.refresh_royals();
        }
    }

    /// `[moves] flip` after `us` arrived on `to` (by a drop: `dropped`):
    /// the enemy pieces it encloses, or those around it, become `us`'s
    /// (same kind), each change recorded for unmake.
    fn flip(&mut self, to: Square, us: Color, f: Flip, dropped: bool) {
        let around = |own: bool| -> Vec<Square> {
            super::geometry::FRAMES
                .iter()
                .filter_map(|&d| self.v.geometry.offset(to, d))
                .filter(|s| {
                    self.board[s.index()].is_some_and(|p| p != self.v.wall && (p.color() == us) == own)
                })
                .collect()
        };
        let turned = match f {
            Flip::Enclosed => self.enclosed(to, us),
            Flip::Adjacent => around(false),
            Flip::AdjacentSupported if dropped && around(true).is_empty() => Vec::new(),
            Flip::AdjacentSupported => around(false),
        };
        for s in turned {
            if let Some(p) = self.board[s.index()] {
                self.record_square(s, Some(Piece::new(p.kind(), us)));
            }
        }
    }

    /// The enemy pieces (of `us`) that a piece of `us` on `at` encloses: in
    /// each of the eight directions, an unbroken line of enemy pieces from
    /// the next square on, followed by a piece of `us`.
    pub(crate) fn enclosed(&self, at: Square, us: Color) -> Vec<Square> {
        let mut out = Vec::new();
        for d in super::geometry::FRAMES {
            let start = out.len();
            let mut s = at;
            loop {
                let Some(t) = self.v.geometry.offset(s, d) else {
                    out.truncate(start);
                    break;
                };
                match self.board[t.index()] {
                    Some(p) if p != self.v.wall && p.color() != us => out.push(t),
                    Some(p) if p != self.v.wall => break,
                    _ => {
                        out.truncate(start);
                        break;
                    }
                }
                s = t;
            }
        }
        out
    }

    /// Whether a piece of `us` dropped on the empty `at` would enclose an
    /// enemy piece (`[hand] drops_only = "enclosing"`).
    pub(crate) fn encloses(&self, at: Square, us: Color) -> bool {
        !self.enclosed(at, us).is_empty()
    }

    /// Burning after a board move of `us` that ended on `to` (`moved` is
    /// the piece as it left its square: a piece that promotes into a burner
    /// on the move does not burn on it). The mover burns its area if it is a
    /// burner; it burns itself if it ended on an enemy burner's passive area
    /// (a burner meeting one by its `meeting` rule). Every removal is
    /// recorded, so unmake restores it; burnt pieces leave the game.
    fn burn(&mut self, to: Square, us: Color, moved: Option<Piece>) {
        let Some(landed) = self.board[to.index()] else {
            return;
        };
        let v = Arc::clone(&self.v);
        let active = moved.and_then(|p| v.def(p.kind()).burn.as_ref());
        let mut removed = false;
        let burnt_by_enemy = |pos: &Position| pos.burnt_on_landing(to, landed, &[]);
        match active {
            None => {
                if burnt_by_enemy(self) {
                    self.record_square(to, None);
                    removed = true;
                }
            }
            Some(b) => {
                let meeting = b.meeting;
                let passive_before = burnt_by_enemy(self);
                if !(passive_before && meeting == super::variant::BurnMeeting::MoverBurns) {
                    for &vi in &b.area[us.index()] {
                        let Some(&s) = v.geometry.ray(vi, to).first() else {
                            continue;
                        };
                        if let Some(p) = self.board[s.index()]
                            && (p.color() != us || b.friendly)
                            && !b.immune.contains(p.kind())
                        {
                            self.record_square(s, None);
                            self.set_castling(self.castling & v.castle_keep[s.index()]);
                            removed = true;
                        }
                    }
                }
                let self_burns = match meeting {
                    super::variant::BurnMeeting::MoverSurvives => burnt_by_enemy(self),
                    _ => passive_before,
                };
                if self_burns && self.board[to.index()] == Some(landed) {
                    self.record_square(to, None);
                    removed = true;
                }
            }
        }
        if removed {
            self.halfmove = 0;
            self.refresh_royals();
        }
    }

    /// Whether a piece `landed` on `to` burns there: a burner of another
    /// side (or its own, for a `friendly` one) with a passive area that
    /// reaches `to`, and `landed` not immune to it. Burners on the squares
    /// of `gone` do not count (a move about to capture them).
    pub(crate) fn burnt_on_landing(&self, to: Square, landed: Piece, gone: &[Square]) -> bool {
        let v = &*self.v;
        let g = &v.geometry;
        v.moves.burners.iter().any(|k| {
            let Some(b) = v.def(k).burn.as_ref() else {
                return false;
            };
            b.passive
                && !b.immune.contains(landed.kind())
                && Color::BOTH.into_iter().any(|c| {
                    (c != landed.color() || b.friendly)
                        && b.reverse[c.index()].iter().any(|&vi| {
                            g.ray(vi, to).first().is_some_and(|s| {
                                self.board[s.index()] == Some(Piece::new(k, c)) && !gone.contains(s)
                            })
                        })
                })
        })
    }

    /// The squares a range capture (`captures_jumped`) takes besides those
    /// the move holds: the occupied squares between its origin and its
    /// destination, nearest the origin first. Empty for other moves. Ask
    /// before the move is made.
    pub fn line_captures(&self, m: &Move) -> Vec<Square> {
        if !m.is_line_capture() {
            return Vec::new();
        }
        between(&self.v.geometry, m.from, m.to)
            .filter(|s| self.board[s.index()].is_some())
            .collect()
    }

    /// Every square where a move (of this position) captures: the range
    /// capture's jumped pieces first, then the squares the move holds.
    pub fn captured_squares(&self, m: &Move) -> Vec<Square> {
        let mut all = self.line_captures(m);
        for s in m.captures() {
            if !all.contains(&s) {
                all.push(s);
            }
        }
        all
    }

    /// A recorded board change (hook effects).
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

    /// A piece removed from the board goes to its opponent's hand as a
    /// captured piece would (by the receiver's capture rule), recorded.
    fn record_to_hand(&mut self, p: Piece) {
        let receiver = !p.color();
        let k = p.kind();
        let kind = match self.v.sides[receiver.index()].captures {
            CaptureRule::Remove => return,
            CaptureRule::HandAsIs => k,
            CaptureRule::Hand => self.v.def(k).demotes_to.some().unwrap_or(k),
        };
        let idx = self.store_index(receiver, kind);
        let old = self.stores[Store::Hand as usize][idx];
        if let Some(u) = self.stack.last_mut() {
            u.effects.push(Effect::Hand(idx, old));
        }
        self.add_store(Store::Hand, receiver, kind, 1);
    }

    /// The capturer on `sq` turns to stone (`petrifies_on_capture`): a
    /// wall takes its place, recorded for unmake as a placed wall is.
    #[cold]
    fn petrify(&mut self, sq: Square) {
        let Some(p) = self.board[sq.index()] else { return };
        if p == self.v.wall {
            return;
        }
        if let Some(u) = self.stack.last_mut() {
            u.effects.push(Effect::Square(sq, Some(p)));
        }
        self.take(sq);
        let wall = self.v.wall;
        self.board[sq.index()] = Some(wall);
        self.wall_occ(sq, true);
        self.hash ^= self.piece_key(wall, sq);
        if self.v.is_royal(p.kind()) {
            self.refresh_royals();
        }
    }

    /// A recorded state change (hook effects).
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

    /// Takes back the last move made on this position object.
    pub fn unmake(&mut self) {
        let Some(undo) = self.stack.pop() else { return };
        for e in undo.effects.iter().rev() {
            match *e {
                Effect::Square(sq, old) => {
                    self.clear_raw(sq);
                    if let Some(old) = old {
                        self.set_raw(sq, old);
                    }
                }
                Effect::State(slot, old) => self.state[slot] = old,
                Effect::Hand(idx, old) => self.stores[Store::Hand as usize][idx] = old,
            }
        }
        self.side = !self.side;
        let us = self.side;
        if us == Color::Second || self.v.position_style == PositionStyle::Sfen {
            self.fullmove -= 1;
        }
        let mv = undo.mv;
        if mv.aux & AUX_GATE != 0 && matches!(mv.kind, MoveKind::Board | MoveKind::Castle) {
            let idx = self.store_index(us, mv.piece());
            self.stores[Store::Hand as usize][idx] += 1;
        }
        match mv.kind {
            MoveKind::Board => {
                self.clear_raw(mv.to);
                if let Some(p) = undo.moved {
                    self.set_raw(mv.from, p);
                }
                for i in (0..mv.ncap()).rev() {
                    let Some(q) = undo.captured[i] else { continue };
                    self.set_raw(mv.cap(i), q);
                    if let Some(k) = self.to_hand_kind(q) {
                        let idx = self.store_index(us, k);
                        self.stores[Store::Hand as usize][idx] -= 1;
                    }
                }
            }
            MoveKind::Drop | MoveKind::Place | MoveKind::PocketDrop | MoveKind::Spawn => {
                self.clear_raw(mv.to);
                let idx = self.store_index(us, mv.piece());
                let store = match mv.kind {
                    MoveKind::Drop if self.v.hand_free => None,
                    MoveKind::Drop => Some(Store::Hand),
                    MoveKind::Place => Some(Store::Reserve),
                    MoveKind::PocketDrop => Some(Store::Pocket),
                    _ => None,
                };
                if let Some(s) = store {
                    self.stores[s as usize][idx] += 1;
                }
            }
            MoveKind::ToPocket => {
                if let Some(p) = undo.moved {
                    self.set_raw(mv.from, p);
                    let idx = self.store_index(us, p.kind());
                    self.stores[Store::Pocket as usize][idx] -= 1;
                }
            }
            MoveKind::Pass => {}
            MoveKind::Castle => {
                let c = &self.v.castles[(mv.aux & AUX_CASTLE) as usize];
                let (king, king_to, rook, rook_to) = (c.king, c.king_to, c.rook, c.rook_to);
                let r = self.board[rook_to.index()];
                self.clear_raw(king_to);
                self.clear_raw(rook_to);
                if let (Some(k), Some(r)) = (undo.moved, r) {
                    self.set_raw(king, k);
                    self.set_raw(rook, r);
                }
            }
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.ep2 = undo.ep2;
        self.ep_victim = undo.ep_victim;
        self.halfmove = undo.halfmove;
        self.hash = undo.hash;
        self.royal = undo.royal;
        self.royal_count = undo.royal_count;
        self.checks = undo.checks;
        self.count = undo.count;
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
