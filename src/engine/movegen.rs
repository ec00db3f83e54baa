//! Move generation from the compiled tables: board moves (through the leg
//! generator), promotions, drops, placement, spawns, castling and pocket moves;
//! legality by a pin-aware fast path or by make/test/unmake; the hooks' move
//! filters and additions.

use std::sync::Arc;

use super::attack::{Safety, SquareSet};
use super::bitboard::{Bits, bit};
use super::legs::keep_inside;
use super::moves::{AUX_GATE, AUX_GATE_ROOK, Move, MoveKind};
use super::position::{Position, RoyalSquares};
use super::setup::Store;
use super::tables::BbTable;
use super::types::{Color, Piece, PieceKind, Square};
use super::variant::{DropArea, PROMO_CAPS, PROMO_FROM, PROMO_TO, Spawn, WallPlacement};

impl Position {
    /// Pseudo-legal moves of the side to move (its royal piece may be left
    /// attacked; hooks are not applied).
    pub(crate) fn pseudo_moves(&self, out: &mut Vec<Move>) {
        if self.in_placement() {
            self.placement_moves(out);
            return;
        }
        for &sq in &self.plist[self.side.index()] {
            if let Some(p) = self.board[sq.index()] {
                self.piece_moves(sq, p, out);
            }
        }
        // With gating, pieces in hand enter only by gating, unless the
        // rules also let them be dropped.
        if self.v.has_drops && (self.v.gates.is_empty() || self.v.gate_drops) {
            self.store_drops(Store::Hand, MoveKind::Drop, out);
        }
        if self.v.pocket.is_some() {
            self.store_drops(Store::Pocket, MoveKind::PocketDrop, out);
        }
        if !self.v.castles.is_empty() {
            self.castle_moves(out);
        }
        if !self.v.once_squares.is_empty() {
            self.once_moves(out);
        }
        if !self.v.gates.is_empty() {
            self.gating_moves(out);
        }
        if self.v.moves.pass {
            out.push(Move::pass());
        }
    }

    /// Each move from a square with its gating right, once more for every
    /// kind in hand that may enter the square left behind (for castling, the
    /// king's or the rook's square).
    #[cold]
    fn gating_moves(&self, out: &mut Vec<Move>) {
        let v = &*self.v;
        let c = self.side;
        let held: Vec<PieceKind> = v.kinds().filter(|&k| self.count(Store::Hand, c, k) > 0).collect();
        if held.is_empty() {
            return;
        }
        let open = |sq: Square| v.gate_bit(sq, c).is_some_and(|b| self.castling & b != 0);
        for i in 0..out.len() {
            let m = out[i];
            // A gate needs the square left behind empty after the move: not
            // where a multi-leg move comes back to, nor where castling puts
            // the king or the rook.
            let flags: &[u8] = match m.kind {
                MoveKind::Board if m.to != m.from && open(m.from) => &[AUX_GATE],
                MoveKind::Castle => {
                    let cs = &v.castles[(m.aux & super::moves::AUX_CASTLE) as usize];
                    let left = |sq: Square| open(sq) && sq != cs.king_to && sq != cs.rook_to;
                    match (left(cs.king), left(cs.rook)) {
                        (true, true) => &[AUX_GATE, AUX_GATE | AUX_GATE_ROOK],
                        (true, false) => &[AUX_GATE],
                        (false, true) => &[AUX_GATE | AUX_GATE_ROOK],
                        (false, false) => &[],
                    }
                }
                _ => &[],
            };
            for &f in flags {
                // The gated piece obeys its drop rules on the gate square.
                let gate = if f & AUX_GATE_ROOK != 0 {
                    v.castles[(m.aux & super::moves::AUX_CASTLE) as usize].rook
                } else if m.kind == MoveKind::Castle {
                    v.castles[(m.aux & super::moves::AUX_CASTLE) as usize].king
                } else {
                    m.from
                };
                for &k in held
                    .iter()
                    .filter(|&&k| v.def(k).drop_ok[c.index()][gate.index()])
                {
                    let mut g = m;
                    g.set_piece(k);
                    g.aux |= f;
                    out.push(g);
                }
            }
        }
    }

    /// Pseudo-legal moves of the piece `p` standing on `from`.
    #[inline]
    pub fn piece_moves(&self, from: Square, p: Piece, out: &mut Vec<Move>) {
        let def = self.v.def(p.kind());
        if let Some(spawn) = &def.spawn {
            self.spawn_moves(from, p.color(), spawn, out);
        }
        let start = out.len();
        if def.legs.is_some() {
            self.leg_moves(from, p, out);
            if def.no_pass {
                let mut i = start;
                while i < out.len() {
                    let m = out[i];
                    if m.kind == MoveKind::Board && m.to == m.from && !m.is_capture() {
                        out.remove(i);
                    } else {
                        i += 1;
                    }
                }
            }
        } else {
            self.ray_moves(from, p, out);
        }
        if let Some(region) = &def.region {
            keep_inside(&region[p.color().index()], out, start);
        }
        if !self.v.capture_promotions.is_empty() {
            self.promote_by_victim(p, out, start);
        }
    }

    /// `[promotion] when_capturing`: a board move of `p` that takes an enemy
    /// piece of a rule's `captured` kinds makes `p` that rule's `to` (the
    /// first rule that applies), instead of the promotions the move offered;
    /// the choices that became one move are kept once.
    #[cold]
    fn promote_by_victim(&self, p: Piece, out: &mut Vec<Move>, start: usize) {
        let v = &*self.v;
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            if m.kind != MoveKind::Board || !m.is_capture() {
                i += 1;
                continue;
            }
            let victims: Vec<PieceKind> = self
                .captured_squares(&m)
                .iter()
                .filter_map(|s| self.board[s.index()])
                .filter(|q| q.color() != p.color())
                .map(|q| q.kind())
                .collect();
            let rule = v.capture_promotions.iter().find(|r| {
                !r.except.contains(p.kind())
                    && r.to != p.kind()
                    && victims.iter().any(|&k| r.captured.contains(k))
            });
            let Some(rule) = rule else {
                i += 1;
                continue;
            };
            let mut changed = m;
            changed.set_promo(rule.to);
            if out[start..i].contains(&changed) {
                out.remove(i);
            } else {
                out[i] = changed;
                i += 1;
            }
        }
    }

    /// Adds a board move with its promotion choices.
    #[inline(always)]
    pub(crate) fn push_board(&self, k: PieceKind, c: Color, m: Move, out: &mut Vec<Move>) {
        let at = &self.v.def(k).promo_at[c.index()];
        if at[m.to.index()] & PROMO_TO == 0
            && at[m.from.index()] & PROMO_FROM == 0
            && (m.ncap() == 0 || (0..m.ncap()).all(|i| at[m.cap(i).index()] & PROMO_CAPS == 0))
        {
            out.push(m);
            return;
        }
        self.push_promotions(k, c, m, out);
    }

    fn push_promotions(&self, k: PieceKind, c: Color, m: Move, out: &mut Vec<Move>) {
        if !self.v.en_passant_promotes && self.is_en_passant(&m) {
            // `[promotion] en_passant_promotes = false`: never promoted,
            // even where promotion is forced.
            out.push(m);
            return;
        }
        let def = self.v.def(k);
        let mut forced = false;
        let mut any = false;
        let start = out.len();
        for pr in &def.promotions {
            let zone = &pr.zone[c.index()];
            let capture_in = (0..m.ncap()).any(|i| zone[m.cap(i).index()]);
            let in_zone = pr.trigger.allows_with(
                zone[m.from.index()],
                zone[m.to.index()],
                m.is_capture(),
                capture_in,
            );
            if !in_zone {
                continue;
            }
            any = true;
            forced |= pr.forced;
            for &t in &pr.to {
                if out[start..].iter().any(|x| x.promo() == t) || self.at_promotion_limit(t, c) {
                    continue;
                }
                let mut pm = m;
                pm.set_promo(t);
                out.push(pm);
            }
        }
        if any && self.v.forced_on_dead && def.dead[c.index()][m.to.index()] {
            forced = true;
        }
        if !forced {
            out.push(m);
        }
    }

    /// Whether a side already has as many pieces of `kind` (and of the
    /// kinds counted with it, `promotion_counted_with`) on the board as may
    /// be reached by promotion.
    fn at_promotion_limit(&self, kind: PieceKind, c: Color) -> bool {
        let def = self.v.def(kind);
        if def.promotion_limit == 0 {
            return false;
        }
        let group = def.promotion_group;
        let n = self.plist[c.index()]
            .iter()
            .filter(|s| self.board[s.index()].is_some_and(|p| p.color() == c && group.contains(p.kind())))
            .count();
        n >= def.promotion_limit as usize
    }

    /// Whether a board move is an en passant capture: it ends on the
    /// en-passant square and takes only the piece that passed it.
    fn is_en_passant(&self, m: &Move) -> bool {
        m.kind == MoveKind::Board
            && self.ep != Square::NONE
            && (m.to == self.ep || m.to == self.ep2)
            && m.ncap() == 1
            && m.cap(0) == self.ep_victim
            && m.cap(0) != m.to
    }

    /// How many of this piece stand on the board.
    fn on_board(&self, p: Piece) -> usize {
        self.plist[p.color().index()]
            .iter()
            .filter(|s| self.board[s.index()] == Some(p))
            .count()
    }

    /// Files holding `limit` or more pieces of this kind and side (for
    /// per-file drop limits such as nifu), as a bit set.
    fn full_files(&self, kind: PieceKind, c: Color, limit: u8) -> u32 {
        let g = &self.v.geometry;
        let own = Piece::new(kind, c);
        let mut count = [0u8; 32];
        let mut files = 0u32;
        for &sq in &self.plist[c.index()] {
            if self.board[sq.index()] == Some(own) {
                let f = g.file(sq);
                count[f] += 1;
                if count[f] >= limit {
                    files |= 1 << f;
                }
            }
        }
        files
    }

    /// Drops from a hand or a pocket, with the dropped kind's restrictions.
    fn store_drops(&self, store: Store, mk: MoveKind, out: &mut Vec<Move>) {
        let v = &*self.v;
        let g = &v.geometry;
        let c = self.side;
        let free = v.hand_free && store == Store::Hand;
        let area = if store == Store::Hand {
            self.drop_area(c)
        } else {
            None
        };
        for k in v.kinds() {
            if free {
                if v.def(k).royal {
                    continue;
                }
            } else if self.stores[store as usize][self.store_index(c, k)] == 0 {
                continue;
            }
            let def = v.def(k);
            let blocked_files = if def.per_file > 0 {
                self.full_files(k, c, def.per_file)
            } else {
                0
            };
            let ok = &def.drop_ok[c.index()];
            for sq in g.all_squares() {
                if self.board[sq.index()].is_none()
                    && ok[sq.index()]
                    && blocked_files & (1 << g.file(sq)) == 0
                    && area.as_ref().is_none_or(|a| a[sq.index()])
                {
                    out.push(Move::entering(mk, Square::NONE, sq, k));
                }
            }
            if mk == MoveKind::Drop && !def.drop_faces.is_empty() {
                self.face_up_drops(k, out);
            }
        }
    }

    /// Promotions as moves of their own (`promotion_move`): a piece on its
    /// promotion squares (or its side's last one, where allowed) becomes the
    /// new kind in place or one step away on an empty square, when the new
    /// piece attacks no enemy piece, the move gives no check and leaves no
    /// royal piece of its side attacked.
    #[cold]
    fn promotion_moves(&mut self, out: &mut Vec<Move>) {
        let v = Arc::clone(&self.v);
        let g = &v.geometry;
        let c = self.side;
        let mut candidates = Vec::new();
        for &from in &self.plist[c.index()] {
            let Some(p) = self.board[from.index()] else {
                continue;
            };
            let Some(pm) = &v.def(p.kind()).promotion_move else {
                continue;
            };
            let last = pm.anywhere_when_last && self.on_board(p) == 1;
            if !(pm.squares[c.index()][from.index()] || last) || self.at_promotion_limit(pm.to, c) {
                continue;
            }
            let mut m = Move::board(from, from);
            m.set_promo(pm.to);
            candidates.push(m);
            for &vi in &pm.vectors[c.index()] {
                if let Some(&t) = g.ray(vi, from).first()
                    && self.board[t.index()].is_none()
                {
                    let mut m = Move::board(from, t);
                    m.set_promo(pm.to);
                    candidates.push(m);
                }
            }
        }
        let mut buf = Vec::new();
        for m in candidates {
            if !self.is_legal_pseudo(m, c) {
                continue;
            }
            self.make(m);
            buf.clear();
            self.piece_moves(m.to, Piece::new(m.promo(), c), &mut buf);
            let quiet = !buf.iter().any(|x| x.is_capture()) && !self.in_check(!c);
            self.unmake();
            if quiet {
                out.push(m);
            }
        }
    }

    /// The royal pieces face each other: a pass is legal even in check, and
    /// every other move must part them.
    #[cold]
    fn part_royals(&mut self, out: &mut Vec<Move>) {
        out.retain(|&m| {
            if m.kind == MoveKind::Pass {
                return true;
            }
            self.make(m);
            // After the move the other side is to move; facing is symmetric.
            let facing = self.royals_facing();
            self.unmake();
            !facing
        });
        let pass = Move::pass();
        if self.v.moves.pass && !out.contains(&pass) {
            out.push(pass);
        }
    }

    /// Drops that keep each split-colour kind evenly on light and dark
    /// squares: such a piece may not make more than half (rounded up) of its
    /// side's pieces of the kind stand on one colour, and any other drop
    /// must leave, for each colour, at least half (rounded down) of them
    /// standing there or with a free drop square there — also when none
    /// is left in hand (Fairy-Stockfish's count).
    #[cold]
    fn keep_colour_split(&self, out: &mut Vec<Move>) {
        let v = &*self.v;
        let g = &v.geometry;
        let c = self.side;
        let dark = |s: Square| (g.file(s) + g.rank(s)).is_multiple_of(2);
        for k in v.kinds().filter(|&k| v.colour_split.contains(k)) {
            let held = self.count(Store::Hand, c, k) as usize;
            let own = Piece::new(k, c);
            let placed: Vec<Square> = self.plist[c.index()]
                .iter()
                .copied()
                .filter(|s| self.board[s.index()] == Some(own))
                .collect();
            let total = placed.len() + held;
            let on = |d: bool| placed.iter().filter(|&&s| dark(s) == d).count();
            let free: Vec<Square> = g
                .all_squares()
                .filter(|s| self.board[s.index()].is_none() && v.def(k).drop_ok[c.index()][s.index()])
                .collect();
            out.retain(|m| {
                if m.kind != MoveKind::Drop {
                    return true;
                }
                if m.entering_kind() == Some(k) {
                    return on(dark(m.to)) < total.div_ceil(2);
                }
                [true, false].iter().all(|&d| {
                    let room = free.iter().filter(|&&s| s != m.to && dark(s) == d).count();
                    on(d) + room >= total / 2
                })
            });
        }
    }

    /// Drops of a hand piece `k` with a promoted face up, under that face's
    /// drop rules.
    #[cold]
    fn face_up_drops(&self, k: PieceKind, out: &mut Vec<Move>) {
        let g = &self.v.geometry;
        let c = self.side;
        for &face in &self.v.def(k).drop_faces {
            let fd = self.v.def(face);
            let blocked_files = if fd.per_file > 0 {
                self.full_files(face, c, fd.per_file)
            } else {
                0
            };
            for sq in g.all_squares() {
                if self.board[sq.index()].is_none()
                    && fd.drop_ok[c.index()][sq.index()]
                    && blocked_files & (1 << g.file(sq)) == 0
                {
                    let mut m = Move::entering(MoveKind::Drop, Square::NONE, sq, k);
                    m.set_promo(face);
                    out.push(m);
                }
            }
        }
    }

    /// Placement phase: put a reserve piece on an empty placement square, or
    /// pass when the own reserve is empty but the other side's is not.
    fn placement_moves(&self, out: &mut Vec<Move>) {
        let v = &*self.v;
        let c = self.side;
        let Some(zones) = &v.placement else { return };
        let mut any = false;
        for k in v.kinds() {
            if self.stores[Store::Reserve as usize][self.store_index(c, k)] == 0 {
                continue;
            }
            any = true;
            for sq in v.geometry.all_squares() {
                if self.board[sq.index()].is_none() && zones[c.index()][sq.index()] {
                    out.push(Move::entering(MoveKind::Place, Square::NONE, sq, k));
                }
            }
        }
        if !any {
            out.push(Move::pass());
        }
    }

    /// A spawner puts a new piece on an empty square it reaches, where that
    /// piece could move (never a dead square) and its drop rules allow.
    fn spawn_moves(&self, from: Square, c: Color, spawn: &Spawn, out: &mut Vec<Move>) {
        let v = &*self.v;
        let g = &v.geometry;
        let def = v.def(spawn.piece);
        let blocked_files = if def.per_file > 0 {
            self.full_files(spawn.piece, c, def.per_file)
        } else {
            0
        };
        for &vi in &spawn.vectors[c.index()] {
            let Some(&t) = g.ray(vi, from).first() else {
                continue;
            };
            if self.board[t.index()].is_none()
                && def.drop_ok[c.index()][t.index()]
                && !def.dead[c.index()][t.index()]
                && blocked_files & (1 << g.file(t)) == 0
            {
                out.push(Move::entering(MoveKind::Spawn, from, t, spawn.piece));
            }
        }
    }

    /// The `once` moves: from each square whose right the side to move
    /// holds, the leaps of the piece there to empty squares (none while in
    /// check for a piece with `not_in_check`).
    #[cold]
    fn once_moves(&self, out: &mut Vec<Move>) {
        let c = self.side;
        let v = &*self.v;
        let mut in_check = None;
        for g in v.once_squares.iter().filter(|g| g.color == c) {
            if v.once_bit(g.square, c).is_none_or(|b| self.castling & b == 0) {
                continue;
            }
            let Some(p) = self.board[g.square.index()].filter(|p| p.color() == c) else {
                continue;
            };
            let Some(once) = &v.def(p.kind()).once else {
                continue;
            };
            if once.not_in_check && *in_check.get_or_insert_with(|| self.in_check(c)) {
                continue;
            }
            // A leap the piece also has by its own moves is not doubled.
            let mut own = Vec::new();
            self.piece_moves(g.square, p, &mut own);
            for &vec in &once.vectors[c.index()] {
                if let Some(&to) = v.geometry.ray(vec, g.square).first()
                    && self.board[to.index()].is_none()
                    && !own
                        .iter()
                        .any(|m| m.kind == MoveKind::Board && m.to == to && !m.is_capture())
                {
                    self.push_board(p.kind(), c, Move::board(g.square, to), out);
                }
            }
        }
    }

    fn castle_moves(&self, out: &mut Vec<Move>) {
        let c = self.side;
        for (i, cs) in self.v.castles.iter().enumerate() {
            if cs.color != c || self.castling & (1 << i) == 0 {
                continue;
            }
            let own = |s: Square| self.board[s.index()].is_some_and(|p| p.color() == c);
            if !own(cs.king) || !own(cs.rook) {
                continue;
            }
            let blocked = if self.has_bitboards() {
                (self.occ[0] | self.occ[1]) & cs.empty_bb != 0
            } else {
                cs.empty.iter().any(|&s| self.board[s.index()].is_some())
            };
            if blocked {
                continue;
            }
            // The squares the king leaves and crosses are judged by
            // `menaced`, where it ends by `threatened` (Fairy-Stockfish's
            // castling test; the two differ only for royal pieces that
            // petrify on capture).
            let unsafe_square = |s: Square| {
                if s == cs.king_to && s != cs.king {
                    self.threatened(s, !c)
                } else {
                    self.menaced(s, !c)
                }
            };
            // A king royal only while few castles freely when it is not.
            let guarded = !self.v.royal_limits
                || self.board[cs.king.index()].is_some_and(|p| self.royal_now(c, p.kind()));
            if guarded && cs.safe.iter().any(|&s| unsafe_square(s)) {
                continue;
            }
            let mut m = Move::board(cs.king, cs.king_to);
            m.kind = MoveKind::Castle;
            m.aux = i as u8;
            out.push(m);
        }
    }

    /// The legal moves of the side to move, into `out` (cleared first). A
    /// position in which the game is decided has none.
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        out.clear();
        if self.decided().is_some() {
            return;
        }
        self.legal_moves_undecided(out);
    }

    /// The legal moves, not asking first whether the game is decided.
    pub(crate) fn legal_moves_undecided(&mut self, out: &mut Vec<Move>) {
        out.clear();
        self.legal_moves_core(out);
        // One test for the common case: no rule below applies.
        if self.v.extra_legality {
            self.special_legality(out);
        }
    }

    /// The rules that add or remove legal moves beyond the pieces' own:
    /// hooks, pocket entries, no checks, compulsory capture, promotion moves,
    /// facing royals, compulsory drops, split colours.
    #[inline(never)]
    fn special_legality(&mut self, out: &mut Vec<Move>) {
        if !self.v.hooks.is_empty() {
            let v = Arc::clone(&self.v);
            for hook in &v.hooks {
                hook.filter_moves(self, out);
            }
        }
        if self.v.pocket.is_some_and(|p| p.from_board) && !self.in_placement() {
            self.pocket_entry_moves(out);
        }
        if !self.v.hooks.is_empty() {
            self.hook_additions(out);
        }
        let rules = self.v.moves;
        if rules.no_checks || rules.no_drop_checks {
            let quick = self.quick_check_test();
            out.retain(|&m| {
                if !rules.no_checks && m.kind != MoveKind::Drop {
                    return true;
                }
                !self.move_gives_check(m, quick)
            });
        }
        if self.v.unprotected_captures {
            self.keep_unprotected_captures(out);
        }
        if rules.check_freezes_royal {
            self.keep_frozen_royal_moves(out);
        }
        if rules.compulsory_capture && out.iter().any(|m| m.is_capture()) {
            out.retain(|m| m.is_capture());
        }
        if self.v.promotion_moves && !self.in_placement() {
            self.promotion_moves(out);
        }
        if self.v.end.royals_facing.is_some() && self.royals_facing() {
            self.part_royals(out);
        }
        // Drops that split colours badly are no drops that must be made.
        if !self.v.colour_split.is_empty() {
            self.keep_colour_split(out);
        }
        if rules.must_drop {
            self.keep_must_drops(out);
        }
        if rules.one_piece_pass {
            // Every piece's pass is the same move: the one from the lowest
            // square stays (whatever order the pieces were generated in).
            if let Some(keep) = out.iter().filter(|m| is_pass(m)).map(|m| m.from).min() {
                out.retain(|m| !is_pass(m) || m.from == keep);
            }
        }
        if self.v.placed_walls() {
            self.wall_moves(out);
        }
        if rules.pass_when_stuck && out.is_empty() && !self.plist[self.side.index()].is_empty() {
            out.push(Move::pass());
        }
    }

    /// Whether [`Position::gives_check_quick`] may judge this position's
    /// moves: the mover's attacks are all on the reverse attack lines of a
    /// board with bitboards, a move changes the board only on its own
    /// squares, and a check is an attack on the opponent's one royal piece.
    fn quick_check_test(&self) -> bool {
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
    fn move_gives_check(&mut self, m: Move, quick: bool) -> bool {
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
    fn gives_check_quick(&mut self, m: Move) -> Option<bool> {
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
    fn put_quick(&mut self, m: Move) -> Option<QuickUndo> {
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
    fn take_back_quick(&mut self, m: Move, undo: QuickUndo) {
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
    fn quick_legality(&self, by: Color) -> bool {
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
    fn legal_quick(&mut self, m: Move) -> Option<bool> {
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
    fn legal_quick_blast(&mut self, m: Move, king: Square, x: super::variant::Explosion) -> Option<bool> {
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

    /// `[moves] must_drop`: while the side holds a piece of the kinds it
    /// names, drops of other kinds are illegal, and while a drop of one is
    /// legal, only drops are (with every kind named: while any drop is
    /// legal).
    fn keep_must_drops(&self, out: &mut Vec<Move>) {
        if let Some(kinds) = self.v.moves.must_drop_kinds {
            let held = self
                .v
                .kinds()
                .any(|k| kinds.contains(k) && self.count(Store::Hand, self.side, k) > 0);
            if !held {
                return;
            }
            out.retain(|m| m.kind != MoveKind::Drop || kinds.contains(m.piece()));
        }
        if out.iter().any(|m| m.kind == MoveKind::Drop) {
            out.retain(|m| m.kind == MoveKind::Drop);
        }
    }

    /// The squares where side `c` may drop under `[hand] drops_only` and
    /// `first_drops` (`None`: no such rule): while a first-drop square is
    /// empty, those squares; else next to an own piece, or where the drop
    /// turns an enclosed line.
    fn drop_area(&self, c: Color) -> Option<Vec<bool>> {
        let v = &*self.v;
        let rule = v.moves.drops_only?;
        let g = &v.geometry;
        let mut area = vec![false; g.nsq];
        let open: Vec<Square> = v
            .first_drops
            .iter()
            .copied()
            .filter(|s| self.board[s.index()].is_none())
            .collect();
        if !open.is_empty() {
            for s in open {
                area[s.index()] = true;
            }
            return Some(area);
        }
        for sq in g.all_squares() {
            area[sq.index()] = match rule {
                DropArea::NextToOwn => super::geometry::FRAMES.iter().any(|&d| {
                    g.offset(sq, d)
                        .is_some_and(|t| self.board[t.index()].is_some_and(|p| p.color() == c))
                }),
                DropArea::Enclosing => self.encloses(sq, c),
                DropArea::OnTop => {
                    g.rank(sq) == 0
                        || g.offset(sq, (0, -1))
                            .is_some_and(|t| self.board[t.index()].is_some())
                }
                // Slid towards `d`: stopped by the next square, entered
                // over empty squares from the edge behind.
                DropArea::PushedIn => [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|&d| {
                    g.offset(sq, d).is_none_or(|t| self.board[t.index()].is_some())
                        && std::iter::successors(g.offset(sq, (-d.0, -d.1)), |&t| g.offset(t, (-d.0, -d.1)))
                            .all(|t| self.board[t.index()].is_none())
                }),
                DropArea::ApartFromEnemy => [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().all(|&d| {
                    g.offset(sq, d)
                        .is_none_or(|t| self.board[t.index()].is_none_or(|p| p.color() == c))
                }),
            };
        }
        Some(area)
    }

    /// Each move once per square its wall may go to (`[walls] after_move`):
    /// an empty square of the board after the move (the single wall's old
    /// square is not empty yet), where walls are allowed, and as the rule
    /// says — the square the piece left, or one the moved piece could move
    /// to from its new square. A move with no such square is not a move.
    #[cold]
    fn wall_moves(&mut self, out: &mut Vec<Move>) {
        let v = Arc::clone(&self.v);
        let Some(walls) = &v.walls else { return };
        let Some(rule) = walls.after else { return };
        if walls.instead_of_move {
            self.wall_passes(walls, rule, out);
            return;
        }
        let moves = std::mem::take(out);
        let mut reach = Vec::new();
        for m in moves {
            if m.wall().is_some() {
                out.push(m);
                continue;
            }
            self.make(m);
            let free =
                |pos: &Position, sq: Square| walls.allowed[sq.index()] && pos.board[sq.index()].is_none();
            match rule {
                WallPlacement::Vacated => {
                    if m.kind == MoveKind::Board && free(self, m.from) {
                        out.push(m.with_wall(m.from));
                    }
                }
                WallPlacement::Anywhere | WallPlacement::Edge => {
                    for i in 0..self.board.len() {
                        let sq = Square::from_index(i);
                        if free(self, sq) && (rule == WallPlacement::Anywhere || self.on_edge_or_by_wall(sq))
                        {
                            out.push(m.with_wall(sq));
                        }
                    }
                }
                WallPlacement::Arrow => {
                    reach.clear();
                    if let Some(to) = m.to.some()
                        && let Some(p) = self.board[to.index()]
                    {
                        self.piece_moves(to, p, &mut reach);
                    }
                    let mut seen = vec![false; self.board.len()];
                    for r in &reach {
                        if !r.is_capture()
                            && r.kind == MoveKind::Board
                            && free(self, r.to)
                            && !seen[r.to.index()]
                        {
                            seen[r.to.index()] = true;
                            out.push(m.with_wall(r.to));
                        }
                    }
                }
            }
            self.unmake();
        }
    }

    /// `[walls] instead_of_move`: the moves stay as they are, without walls;
    /// a pass places a wall on each square the rule allows, when the side
    /// has a piece (its lowest one names the move) and may pass — judged
    /// before the wall stands, as Fairy-Stockfish judges it: a wall placed
    /// in check does not block it.
    fn wall_passes(&mut self, walls: &super::variant::Walls, rule: WallPlacement, out: &mut Vec<Move>) {
        let us = self.side;
        if self.plist[us.index()].is_empty() || !self.is_legal_pseudo(Move::pass(), us) {
            return;
        }
        for i in 0..self.board.len() {
            let sq = Square::from_index(i);
            if walls.allowed[i]
                && self.board[i].is_none()
                && (rule == WallPlacement::Anywhere || self.on_edge_or_by_wall(sq))
            {
                out.push(Move::pass().with_wall(sq));
            }
        }
    }

    /// Whether `sq` is on the board's edge or a rook step from a wall
    /// (`after_move = "edge"`).
    fn on_edge_or_by_wall(&self, sq: Square) -> bool {
        let g = &self.v.geometry;
        let wall = self.v.wall;
        [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|&d| {
            g.offset(sq, d)
                .is_none_or(|t| self.board[t.index()] == Some(wall))
        })
    }

    /// Removes the captures of pieces that may take only unprotected pieces
    /// (`captures_unprotected_only`) when, after the move, the opponent
    /// attacks the final square.
    fn keep_unprotected_captures(&mut self, out: &mut Vec<Move>) {
        let v = Arc::clone(&self.v);
        out.retain(|&m| {
            let limited = m.kind == MoveKind::Board
                && m.is_capture()
                && self.board[m.from.index()].is_some_and(|p| v.def(p.kind()).captures_unprotected_only);
            if !limited {
                return true;
            }
            !self.protected_after(&m)
        });
    }

    /// The legal moves as a new list.
    pub fn legal_move_list(&mut self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves(&mut out);
        out
    }

    /// Moves the hooks add, kept when they leave no royal piece attacked.
    fn hook_additions(&mut self, out: &mut Vec<Move>) {
        let v = Arc::clone(&self.v);
        let mut extra = Vec::new();
        for hook in &v.hooks {
            hook.add_moves(self, &mut extra);
        }
        let us = self.side;
        for m in extra {
            if !out.contains(&m) && self.is_legal_pseudo(m, us) {
                out.push(m);
            }
        }
    }

    /// Board → pocket moves: the pocket has room, the piece is not royal and
    /// has a legal board move, and leaving its square exposes no royal piece.
    fn pocket_entry_moves(&mut self, out: &mut Vec<Move>) {
        let c = self.side;
        let nk = self.v.nkinds();
        let capacity = self.v.pocket.map_or(0, |p| p.capacity);
        let held: u32 = self.stores[Store::Pocket as usize][c.index() * nk..(c.index() + 1) * nk]
            .iter()
            .map(|&n| n as u32)
            .sum();
        if held >= capacity {
            return;
        }
        // Each square with a board move once (a piece's moves are adjacent
        // in the list; the bit set catches any that are not).
        let mut seen = [0u64; super::geometry::MAX_SQUARES.div_ceil(64)];
        let mut last = Square::NONE;
        for i in 0..out.len() {
            let m = out[i];
            if m.kind != MoveKind::Board || m.from == last {
                continue;
            }
            last = m.from;
            let (word, bit) = (m.from.index() / 64, 1u64 << (m.from.index() % 64));
            if seen[word] & bit != 0 {
                continue;
            }
            seen[word] |= bit;
            let sq = m.from;
            let Some(p) = self.board[sq.index()] else { continue };
            if self.v.def(p.kind()).royal {
                continue;
            }
            let m = Move::entering(MoveKind::ToPocket, sq, sq, p.kind());
            if self.is_legal_pseudo(m, c) {
                out.push(m);
            }
        }
    }

    /// Whether the fast path judges this position's moves: one royal piece
    /// and attackers that the reverse attack lines describe completely, and
    /// a board that changes by the move alone. Then the lines tell which
    /// pieces are pinned and which squares answer a check, and the royal
    /// piece's own moves are tested against the attacks on their
    /// destinations.
    fn fast_legality(&self) -> bool {
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
    }

    fn legal_moves_core(&mut self, out: &mut Vec<Move>) {
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

    /// The pseudo-legal moves, for the moves to judge one by one: the fast
    /// path's generator with no royal piece, no check and no pin (the same
    /// moves as [`Position::pseudo_moves`] where no piece gates), else
    /// [`Position::pseudo_moves`].
    fn judged_moves(&self, out: &mut Vec<Move>) {
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
    fn unguarded_generation(&self) -> bool {
        !self.v.reference && !self.has_royal(self.side) && self.v.gates.is_empty()
    }

    /// The legal moves of a side with no royal piece (see
    /// [`Position::unguarded_generation`]): the fast path's generator with
    /// no check and no pin; of the moves it leaves to judge, only drops can
    /// be illegal (a drop that mates under a ban), as
    /// [`Position::slow_legal`] tells.
    fn legal_moves_unguarded(&mut self, out: &mut Vec<Move>) {
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
    fn filter_slow(&mut self, out: &mut Vec<Move>) {
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
    fn quiet_move(&self, q: &Quiet, m: Move) -> bool {
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
    fn quiet_safety(&self) -> Option<Quiet> {
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
    fn slow_legal(&mut self, m: Move, us: Color) -> bool {
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
        if self.fast_legality() || !self.v.per_move_legality {
            self.legal_moves_undecided(out);
            let any = !out.is_empty();
            out.retain(|m| keep(self, m));
            return any;
        }
        out.clear();
        rest.clear();
        self.pseudo_moves(out);
        let mut i = 0;
        while i < out.len() {
            if keep(self, &out[i]) {
                i += 1;
            } else {
                rest.push(out.swap_remove(i));
            }
        }
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

    /// The rules of [`Position::special_legality`] that judge one move by
    /// itself, applied to `m` (the others only thin or dedupe a list that
    /// has moves).
    fn per_move_special(&mut self, m: Move) -> bool {
        if self.v.moves.no_checks || (self.v.moves.no_drop_checks && m.kind == MoveKind::Drop) {
            let quick = self.quick_check_test();
            if self.move_gives_check(m, quick) {
                return false;
            }
        }
        if self.v.moves.check_freezes_royal {
            let mut one = vec![m];
            self.keep_frozen_royal_moves(&mut one);
            if one.is_empty() {
                return false;
            }
        }
        if self.v.unprotected_captures {
            let mut one = vec![m];
            self.keep_unprotected_captures(&mut one);
            return !one.is_empty();
        }
        true
    }

    /// Under `check_freezes_royal`, removes the moves of a royal piece in
    /// check other than taking the one piece that gives check (Fairy-Stockfish's
    /// makpong rule: with two checkers the royal piece may not move at all).
    /// The piece taken is the sole checker when, with a piece of the mover's
    /// in its place (the lines through its square stay blocked), the royal
    /// piece is no longer attacked.
    fn keep_frozen_royal_moves(&mut self, out: &mut Vec<Move>) {
        let us = self.side;
        if !self.in_check(us) {
            return;
        }
        let v = Arc::clone(&self.v);
        out.retain(|&m| {
            let royal =
                m.kind == MoveKind::Board && self.board[m.from.index()].is_some_and(|p| v.is_royal(p.kind()));
            if !royal {
                return true;
            }
            let Some(to) = m.to() else { return false };
            let Some(target) = self.board[to.index()] else {
                return false;
            };
            if target.color() == us || v.is_royal(target.kind()) || m.captures().len() != 1 {
                return false;
            }
            self.take(to);
            self.put(to, Piece::new(target.kind(), us));
            let still = self.threatened(m.from, !us);
            self.take(to);
            self.put(to, target);
            !still
        });
    }

    /// Legal moves where [`Position::royal_safety`] can judge them: the
    /// moves of pieces it leaves free go straight into the list; the others
    /// (the royal piece, pinned pieces, pieces that may capture off their
    /// destination, every piece in check, drops that need a look) are
    /// generated after them and judged one by one.
    fn legal_moves_fast(&mut self, out: &mut Vec<Move>) {
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
    fn free_piece(&self, sq: Square, p: Piece, king: Square, safety: &Safety) -> bool {
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
    fn generate_mailbox(&self, king: Square, safety: &Safety, out: &mut Vec<Move>) -> usize {
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
    fn generate_bb<B: Bits>(&self, t: &BbTable, king: Square, safety: &Safety, out: &mut Vec<Move>) -> usize {
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
    fn en_passant_on_second(&self, t: &BbTable, king: Square, overflow: bool, out: &mut Vec<Move>) {
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
    fn drops_free(&self, safety: &Safety) -> bool {
        safety.checks == 0
            && (self.drop_mates_allowed || self.v.no_drop_mate.is_empty())
            && !self.holds_royal(self.side)
    }

    /// Whether side `c` holds a royal piece in hand.
    fn holds_royal(&self, c: Color) -> bool {
        self.v.has_royal_drops
            && self
                .v
                .kinds()
                .any(|k| self.v.is_royal(k) && self.count(Store::Hand, c, k) > 0)
    }

    /// The moves judged after the pieces': drops (unless free), castling,
    /// the pass.
    fn judged_extras(&self, drops_free: bool, out: &mut Vec<Move>) {
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

    /// Drops from the hand and the pocket.
    fn pieces_in_hand_moves(&self, out: &mut Vec<Move>) {
        if self.v.has_drops {
            self.store_drops(Store::Hand, MoveKind::Drop, out);
        }
        if self.v.pocket.is_some() {
            self.store_drops(Store::Pocket, MoveKind::PocketDrop, out);
        }
    }

    /// Whether a pseudo-legal move keeps the royal piece on `king` safe, by
    /// `safety` and attack tests; `None` when only making it can tell.
    /// `drop_checks` keeps, for one kind under a drop-mate ban, the squares
    /// where its drop gives check.
    #[inline(never)]
    fn judge_move(
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
    fn attacked_without(&mut self, sq: Square, by: Color, lifted: Square) -> bool {
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
    fn drop_mate_banned(&self, m: Move) -> bool {
        !self.drop_mates_allowed && m.entering_kind().is_some_and(|k| self.v.def(k).no_drop_mate)
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
    fn in_check_past_stone(&mut self, m: Move, us: Color) -> bool {
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
    fn before_counted_royalty(&self, m: Move, us: Color) -> BeforeMove {
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
    fn counted_royals_safe(&self, m: Move, us: Color, before: BeforeMove) -> bool {
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
struct BeforeMove {
    /// The kind of the piece that moves on the board.
    moved: Option<PieceKind>,
    /// Whether that piece was royal.
    moved_royal: bool,
    /// Whether the move takes a piece royal for the opponent (always legal,
    /// as in Fairy-Stockfish).
    takes_royal: bool,
}

/// Whether a move is a pass by a piece: out and back, or in place, taking
/// nothing and not promoting (under `one_piece_pass` all are one move).
fn is_pass(m: &Move) -> bool {
    m.kind == MoveKind::Board && m.from == m.to && !m.is_capture() && m.promo().some().is_none()
}

/// What the safety of the side to move's one royal piece, out of check,
/// says of its quiet moves ([`Position::quiet_safety`]): a board move of a
/// piece other than the royal one, to an empty square or (without
/// explosions) taking the enemy piece on its destination alone, and not
/// promoting to a royal kind, is legal when the piece is not pinned
/// and neither of its squares is `sensitive`. A gated piece only blocks
/// more, and an explosion's rules only ever lift a check (enemy royal
/// pieces next to ours attack nothing).
struct Quiet {
    safety: Safety,
    king: Square,
    /// The squares hop and point attacks on the royal piece (and facing
    /// royal pieces) depend on ([`Position::complex_sensitive`]).
    sensitive: super::bitboard::Bb,
}

/// What [`Position::put_quick`] changed.
struct QuickUndo {
    occ: [super::bitboard::Bb; 2],
    at_from: Option<Piece>,
    at_to: Option<Piece>,
    from: Square,
}
