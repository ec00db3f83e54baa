//! Making and unmaking moves. `make` updates the board, piece lists, stores,
//! castling and en-passant state, counters and the hash incrementally, then
//! runs the variant's hooks' effects; `unmake` restores all of it exactly.

use std::sync::Arc;

use super::geometry::between;
use super::hook::Effect;
use super::moves::{AUX_CASTLE, AUX_EP_CREATE, AUX_GATE, AUX_NULL, MAX_CAPTURES, Move, MoveKind};
use super::position::{Position, Undo};
use super::setup::{Count, Store};
use super::types::{Color, KindSet, Piece, PieceKind, Square};
use super::variant::{CountingRule, PositionStyle};

impl Position {
    /// A null move, for a search's null-move pruning: the side to move
    /// passes without any rule being consulted (no hooks, counters or
    /// double-pass rule see it). Take it back with [`Position::unmake`].
    pub fn make_null(&mut self) {
        let us = self.side;
        let mut null = Move::pass();
        null.aux = AUX_NULL;
        let mut undo = self.undo_for(null);
        undo.was_facing = false;
        let fullmove = self.fullmove;
        self.clear_ep();
        if us == Color::Second || self.v.position_style == PositionStyle::Sfen {
            self.fullmove += 1;
        }
        self.side = !us;
        self.hash ^= self.v.zobrist.side;
        self.stack.push(undo);
        if self.v.turns.is_some() {
            self.null_turn(us, fullmove);
        }
    }

    /// Plays a move (which must be legal in this position).
    pub fn make(&mut self, mv: Move) {
        let us = self.side;
        let turn_before = self
            .v
            .turns
            .is_some()
            .then(|| ((self.turn, self.fullmove), self.takes_by_turn_right(&mv)));
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
        if let Some((before, took_ep)) = turn_before {
            self.after_turn_move(mv, us, before, took_ep);
        }
    }

    /// Explosions, hook effects and check counting, after a move.
    #[inline(never)]
    pub(crate) fn after_move_rules(
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
    pub(crate) fn aim_at_once_rights(&mut self, to: Square, kind: PieceKind, them: Color) {
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
    pub(crate) fn update_count(&mut self, mv: Move, us: Color, captured: &[Option<Piece>; MAX_CAPTURES]) {
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

    pub(crate) fn make_board(&mut self, mv: Move, us: Color, undo: &mut Undo) {
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
    pub(crate) fn set_ep(&mut self, from: Square, to: Square) {
        let g = &self.v.geometry;
        let mut df = g.file(to) as i32 - g.file(from) as i32;
        let dr = g.rank(to) as i32 - g.rank(from) as i32;
        if g.wraps_files() {
            // On a cylinder the step went the short way round: a2-g4 is
            // two files left, by h3, not six right.
            let n = g.files() as i32;
            if df > n / 2 {
                df -= n;
            } else if df < -(n / 2) {
                df += n;
            }
        }
        if df.abs() == 3 || dr.abs() == 3 {
            self.set_triple_ep(from, to, (df, dr));
        } else if let Some(mid) = g.offset(from, (df.div_euclid(2), dr.div_euclid(2))) {
            self.ep = mid;
            self.ep_victim = to;
            self.hash ^= self.v.zobrist.ep[mid.index()];
        }
    }

    /// [`Position::set_ep`] for a step of three squares along `d`: a
    /// straight or diagonal one leaves both squares it passed.
    #[cold]
    #[inline(never)]
    pub(crate) fn set_triple_ep(&mut self, from: Square, to: Square, (df, dr): (i32, i32)) {
        let g = &self.v.geometry;
        if df == 0 || dr == 0 || df.abs() == dr.abs() {
            let unit = (df.signum(), dr.signum());
            if let (Some(near), Some(far)) = (g.offset(to, (-unit.0, -unit.1)), g.offset(from, unit)) {
                self.ep = near;
                self.ep2 = far;
                self.ep_victim = to;
                self.hash ^= self.v.zobrist.ep[near.index()] ^ self.v.zobrist.ep[far.index()];
            }
        } else if let Some(mid) = g.offset(from, (df.div_euclid(2), dr.div_euclid(2))) {
            // A bent leap of three: the square halfway, as before.
            self.ep = mid;
            self.ep_victim = to;
            self.hash ^= self.v.zobrist.ep[mid.index()];
        }
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
        let us = if self.v.turns.is_some() {
            self.unmake_turn()
        } else {
            self.side = !self.side;
            if self.side == Color::Second || self.v.position_style == PositionStyle::Sfen {
                self.fullmove -= 1;
            }
            self.side
        };
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
