//! Pseudo-legal move generation: board moves through the leg generator,
//! promotion choices, drops, placement, spawns, once-only moves, gating and
//! castling. The royal piece may be left attacked; legality is `legal.rs`.

use super::legs::keep_inside;
use super::moves::{AUX_GATE, AUX_GATE_ROOK, Move, MoveKind};
use super::position::Position;
use super::setup::Store;
use super::types::{Color, Piece, PieceKind, Square};
use super::variant::{DropArea, PROMO_CAPS, PROMO_FROM, PROMO_TO, Spawn};

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
    pub(crate) fn gating_moves(&self, out: &mut Vec<Move>) {
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
        if self.v.geometry.wraps_files() {
            once_each(out, start);
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
    pub(crate) fn promote_by_victim(&self, p: Piece, out: &mut Vec<Move>, start: usize) {
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

    pub(crate) fn push_promotions(&self, k: PieceKind, c: Color, m: Move, out: &mut Vec<Move>) {
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
    #[inline]
    pub(crate) fn at_promotion_limit(&self, kind: PieceKind, c: Color) -> bool {
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
    #[inline]
    pub(crate) fn is_en_passant(&self, m: &Move) -> bool {
        (m.kind == MoveKind::Board
            && self.ep != Square::NONE
            && (m.to == self.ep || m.to == self.ep2)
            && m.ncap() == 1
            && m.cap(0) == self.ep_victim
            && m.cap(0) != m.to)
            || (self.v.turns.is_some() && m.kind == MoveKind::Board && self.takes_by_turn_right(m))
    }

    /// Whether the piece on `sq` may be taken en passant now: the engine's
    /// en-passant victim, or, where turns have several moves, one of the
    /// turn's rights the side to move holds.
    pub(crate) fn en_passant_victim(&self, sq: Square) -> bool {
        sq == self.ep_victim
            || (self.v.turns.is_some()
                && sq != Square::NONE
                && self.turn.eps().iter().any(|e| e.victim == sq)
                && self.board[sq.index()].is_some_and(|p| p.color() != self.side))
    }

    /// Whether `mv` takes en passant by one of the turn's rights (where
    /// turns have several moves).
    pub(crate) fn takes_by_turn_right(&self, mv: &Move) -> bool {
        mv.ncap() == 1
            && mv.cap(0) != mv.to
            && self
                .turn
                .eps()
                .iter()
                .any(|e| e.victim == mv.cap(0) && (mv.to == e.square || mv.to == e.second))
    }

    /// How many of this piece stand on the board.
    #[inline]
    pub(crate) fn on_board(&self, p: Piece) -> usize {
        self.plist[p.color().index()]
            .iter()
            .filter(|s| self.board[s.index()] == Some(p))
            .count()
    }

    /// Files holding `limit` or more pieces of this kind and side (for
    /// per-file drop limits such as nifu), as a bit set.
    #[inline]
    pub(crate) fn full_files(&self, kind: PieceKind, c: Color, limit: u8) -> u32 {
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
    pub(crate) fn store_drops(&self, store: Store, mk: MoveKind, out: &mut Vec<Move>) {
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

    /// Drops of a hand piece `k` with a promoted face up, under that face's
    /// drop rules.
    #[cold]
    pub(crate) fn face_up_drops(&self, k: PieceKind, out: &mut Vec<Move>) {
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
    pub(crate) fn placement_moves(&self, out: &mut Vec<Move>) {
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
    pub(crate) fn spawn_moves(&self, from: Square, c: Color, spawn: &Spawn, out: &mut Vec<Move>) {
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
    pub(crate) fn once_moves(&self, out: &mut Vec<Move>) {
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

    pub(crate) fn castle_moves(&self, out: &mut Vec<Move>) {
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

    /// The squares where side `c` may drop under `[hand] drops_only` and
    /// `first_drops` (`None`: no such rule): while a first-drop square is
    /// empty, those squares; else next to an own piece, or where the drop
    /// turns an enclosed line.
    pub(crate) fn drop_area(&self, c: Color) -> Option<Vec<bool>> {
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
                // A wall is no side's piece, whichever side it is kept under.
                DropArea::NextToOwn => super::geometry::FRAMES.iter().any(|&d| {
                    g.offset(sq, d).is_some_and(|t| {
                        self.board[t.index()]
                            .is_some_and(|p| p.color() == c && Some(p.kind()) != v.wall_kind())
                    })
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

    /// Drops from the hand and the pocket.
    #[inline]
    pub(crate) fn pieces_in_hand_moves(&self, out: &mut Vec<Move>) {
        if self.v.has_drops {
            self.store_drops(Store::Hand, MoveKind::Drop, out);
        }
        if self.v.pocket.is_some() {
            self.store_drops(Store::Pocket, MoveKind::PocketDrop, out);
        }
    }
}

/// Each move of `out[start..]` once: on a board that wraps round, two ways
/// may lead to one square (a rook round its rank either way, a bishop's two
/// diagonals meeting again across the seam), and they are one move.
fn once_each(out: &mut Vec<Move>, start: usize) {
    let mut i = start + 1;
    while i < out.len() {
        if out[start..i].contains(&out[i]) {
            out.remove(i);
        } else {
            i += 1;
        }
    }
}
