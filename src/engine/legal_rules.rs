//! The rules that add or remove legal moves beyond the pieces' own: hooks,
//! pocket entries, compulsory drops and captures, promotion moves, split
//! colours, walls, frozen royal pieces.

use std::sync::Arc;

use super::moves::{Move, MoveKind};
use super::position::Position;
use super::setup::Store;
use super::types::{Color, KindSet, Piece, Square};
use super::variant::WallPlacement;

impl Position {
    /// Promotions as moves of their own (`promotion_move`): a piece on its
    /// promotion squares (or its side's last one, where allowed) becomes the
    /// new kind in place or one step away on an empty square, when the new
    /// piece attacks no enemy piece, the move gives no check and leaves no
    /// royal piece of its side attacked.
    #[cold]
    pub(crate) fn promotion_moves(&mut self, out: &mut Vec<Move>) {
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
    #[inline]
    pub(crate) fn part_royals(&mut self, out: &mut Vec<Move>) {
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
    pub(crate) fn keep_colour_split(&self, out: &mut Vec<Move>) {
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

    /// The rules that add or remove legal moves beyond the pieces' own:
    /// hooks, pocket entries, no checks, compulsory capture, promotion moves,
    /// facing royals, compulsory drops, split colours.
    #[inline(never)]
    pub(crate) fn special_legality(&mut self, out: &mut Vec<Move>) {
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
        if !self.v.moves.drop_limits.is_empty() {
            let quick = self.quick_check_test();
            out.retain(|&m| self.drop_within_limits(m, quick));
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

    /// `[moves] must_drop`: while the side holds a piece of the kinds it
    /// names, drops of other kinds are illegal, and while a drop of one is
    /// legal, only drops are (with every kind named: while any drop is
    /// legal).
    #[inline]
    pub(crate) fn keep_must_drops(&self, out: &mut Vec<Move>) {
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

    /// Each move once per square its wall may go to (`[walls] after_move`):
    /// an empty square of the board after the move (the single wall's old
    /// square is not empty yet), where walls are allowed, and as the rule
    /// says — the square the piece left, or one the moved piece could move
    /// to from its new square. A move with no such square is not a move.
    #[cold]
    pub(crate) fn wall_moves(&mut self, out: &mut Vec<Move>) {
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
        if walls.single && v.pieces.iter().any(|d| d.royal) {
            // The single wall leaves its square with the move: a move is
            // legal only if the mover's royal piece is not attacked once the
            // wall stands on its new square (the old one may have shielded
            // it).
            let mover = self.side;
            let all = std::mem::take(out);
            for m in all {
                self.make(m);
                let safe = !self.in_check(mover);
                self.unmake();
                if safe {
                    out.push(m);
                }
            }
        }
    }

    /// `[walls] instead_of_move`: the moves stay as they are, without walls;
    /// a pass places a wall on each square the rule allows, when the side
    /// has a piece (its lowest one names the move) and may pass — judged
    /// before the wall stands, as Fairy-Stockfish judges it: a wall placed
    /// in check does not block it.
    pub(crate) fn wall_passes(
        &mut self,
        walls: &super::variant::Walls,
        rule: WallPlacement,
        out: &mut Vec<Move>,
    ) {
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
    #[inline]
    pub(crate) fn on_edge_or_by_wall(&self, sq: Square) -> bool {
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
    #[inline]
    pub(crate) fn keep_unprotected_captures(&mut self, out: &mut Vec<Move>) {
        out.retain(|m| self.unprotected_ok(m));
    }

    /// Whether `m` keeps `captures_unprotected_only`: it is no capture by
    /// such a piece, or what it takes is not protected once it is made.
    #[inline]
    pub(crate) fn unprotected_ok(&mut self, m: &Move) -> bool {
        let limited = m.kind == MoveKind::Board
            && m.is_capture()
            && self.board[m.from.index()].is_some_and(|p| self.v.def(p.kind()).captures_unprotected_only);
        !limited || !self.protected_after(m)
    }

    /// Moves the hooks add, kept when they leave no royal piece attacked.
    #[inline]
    pub(crate) fn hook_additions(&mut self, out: &mut Vec<Move>) {
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
    pub(crate) fn pocket_entry_moves(&mut self, out: &mut Vec<Move>) {
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

    /// The rules of [`Position::special_legality`] that judge one move by
    /// itself, applied to `m` (the others only thin or dedupe a list that
    /// has moves).
    pub(crate) fn per_move_special(&mut self, m: Move) -> bool {
        if !self.v.hooks.is_empty() {
            // Only hooks that judge each move reach here (`per_move_legality`).
            let v = Arc::clone(&self.v);
            if !v.hooks.iter().all(|h| h.allows(self, &m)) {
                return false;
            }
        }
        if self.v.moves.no_checks || (self.v.moves.no_drop_checks && m.kind == MoveKind::Drop) {
            let quick = self.quick_check_test();
            if self.move_gives_check(m, quick) {
                return false;
            }
        }
        if !self.v.moves.drop_limits.is_empty() {
            let quick = self.quick_check_test();
            if !self.drop_within_limits(m, quick) {
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
        !self.v.unprotected_captures || self.unprotected_ok(&m)
    }

    /// Whether a move keeps its piece's drop rules that look at the
    /// position: a drop of a `drop.no_check` kind gives no check, and one of
    /// a `drop.not_guarded_by` kind lands where no piece of its side of
    /// those kinds attacks. Other moves keep them.
    pub(crate) fn drop_within_limits(&mut self, m: Move, quick: bool) -> bool {
        if m.kind != MoveKind::Drop {
            return true;
        }
        let Some(k) = m.entering_kind() else { return true };
        if !self.v.moves.drop_limits.contains(k) {
            return true;
        }
        let rules = self.v.def(k).drop_position;
        if !rules.not_guarded_by.is_empty() && self.guarded_by(m.to, self.side, rules.not_guarded_by) {
            return false;
        }
        !(rules.no_check && self.move_gives_check(m, quick))
    }

    /// Whether a piece of `by` of one of `kinds` attacks `target`: could
    /// capture there (an enemy piece standing there, were it empty).
    fn guarded_by(&self, target: Square, by: Color, kinds: KindSet) -> bool {
        let v = &*self.v;
        let mut buf = Vec::new();
        for &sq in &self.plist[by.index()] {
            let Some(p) = self.board[sq.index()] else { continue };
            if sq == target || !kinds.contains(p.kind()) {
                continue;
            }
            let complex = v.slow_attackers[by.index()].contains(p.kind())
                || v.attacks.complex[by.index()].contains(p.kind());
            let hit = if complex {
                self.captures_on(sq, p, target, &mut buf)
            } else {
                self.attacking_squares(target, by, p.kind()).contains(sq)
            };
            if hit {
                return true;
            }
        }
        false
    }

    /// Under `check_freezes_royal`, removes the moves of a royal piece in
    /// check other than taking the one piece that gives check (Fairy-Stockfish's
    /// makpong rule: with two checkers the royal piece may not move at all).
    /// The piece taken is the sole checker when, with a piece of the mover's
    /// in its place (the lines through its square stay blocked), the royal
    /// piece is no longer attacked.
    pub(crate) fn keep_frozen_royal_moves(&mut self, out: &mut Vec<Move>) {
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
}

/// Whether a move is a pass by a piece: out and back, or in place, taking
/// nothing and not promoting (under `one_piece_pass` all are one move).
#[inline]
pub(crate) fn is_pass(m: &Move) -> bool {
    m.kind == MoveKind::Board && m.from == m.to && !m.is_capture() && m.promo().some().is_none()
}
