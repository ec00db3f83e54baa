//! Move generation from the compiled tables, attack tests through reverse
//! attack lines, legality by make/test/unmake, and perft.

use super::position::*;
use super::position::{HAND, POCKET};
use super::variant::*;
use crate::rules::Trigger;

impl Position {
    /// Pseudo-legal moves of the side to move (own royal may be left attacked).
    pub fn pseudo_moves(&self, out: &mut Vec<Move>) {
        let c = self.side;
        if self.in_placement() {
            self.placement_moves(out);
            return;
        }
        for sq in 0..self.board.len() {
            let p = self.board[sq];
            if p != 0 && color_of(p) == c {
                self.piece_moves(sq as Sq, p, out);
            }
        }
        if self.v.has_drops {
            self.store_drops(HAND, MoveKind::Drop, out);
        }
        if self.v.pocket_capacity > 0 {
            self.store_drops(POCKET, MoveKind::PocketDrop, out);
        }
        if !self.v.castles.is_empty() {
            self.castle_moves(out);
        }
    }

    /// Moves of the piece `p` standing on `from`.
    pub fn piece_moves(&self, from: Sq, p: u16, out: &mut Vec<Move>) {
        let v = &*self.v;
        let g = &v.geometry;
        let c = color_of(p);
        let k = kind_of(p);
        let kind = &v.kinds[k as usize];
        if let Some(spawn) = &kind.spawn {
            self.spawn_moves(from, c, spawn, out);
        }
        if kind.legs.is_some() {
            self.leg_moves(from, p, out);
            return;
        }
        let start = out.len();
        for ray in &kind.rays[c] {
            let f = ray.flags;
            if f & flags::INITIAL != 0 && !kind.initial[c][from as usize] {
                continue;
            }
            let sqs = g.ray(ray.vector, from);
            if sqs.is_empty() {
                continue;
            }
            if f & (flags::LAME | flags::JUMP) != 0 {
                let mids = &g.ray(ray.lame_vector, from)[..ray.lame_steps as usize];
                let any_occupied = mids.iter().any(|&s| self.board[s as usize] != 0);
                if (f & flags::LAME != 0 && any_occupied) || (f & flags::JUMP != 0 && !any_occupied) {
                    continue;
                }
            }
            let max = (ray.max as usize).min(sqs.len());
            if f & (flags::HOP_ONE | flags::HOP_UPTO | flags::GRASSHOPPER) != 0 {
                self.hop_moves(from, k, c, ray, &sqs[..max], out);
                continue;
            }
            for (i, &t) in sqs[..max].iter().enumerate() {
                let q = self.board[t as usize];
                let d = i as u16 + 1;
                if q == 0 {
                    if d >= ray.min {
                        if f & flags::MOVE != 0 {
                            let mut m = Move::board(from, t);
                            if f & flags::EP_CREATE != 0 {
                                m.aux = AUX_EP_CREATE;
                            }
                            self.push_board(k, c, m, out);
                        }
                        if f & flags::EP_CAPTURE != 0 && t == self.ep {
                            self.push_board(k, c, Move::board(from, t).with_capture(self.ep_victim), out);
                        }
                    }
                } else {
                    if color_of(q) != c
                        && f & flags::CAPTURE != 0
                        && d >= ray.min
                        && kind.cannot_capture & (1u128 << kind_of(q)) == 0
                    {
                        self.push_board(k, c, Move::board(from, t).with_capture(t), out);
                    }
                    break;
                }
            }
        }
        if kind.overlapping_rays {
            dedup_from(out, start);
        }
    }

    fn hop_moves(&self, from: Sq, k: u16, c: usize, ray: &Ray, sqs: &[Sq], out: &mut Vec<Move>) {
        let f = ray.flags;
        let kind = &self.v.kinds[k as usize];
        let can_take = |q: u16| {
            color_of(q) != c && f & flags::CAPTURE != 0 && kind.cannot_capture & (1u128 << kind_of(q)) == 0
        };
        let mut screens = 0u32;
        for (i, &t) in sqs.iter().enumerate() {
            let q = self.board[t as usize];
            let d = i as u16 + 1;
            let reachable = if f & flags::HOP_UPTO != 0 {
                screens <= ray.hop_max as u32
            } else {
                screens == 1
            };
            if f & flags::GRASSHOPPER != 0 && screens == 1 {
                if q == 0 {
                    if f & flags::MOVE != 0 {
                        self.push_board(k, c, Move::board(from, t), out);
                    }
                } else if can_take(q) {
                    self.push_board(k, c, Move::board(from, t).with_capture(t), out);
                }
                return;
            }
            if q == 0 {
                if reachable && d >= ray.min && f & flags::MOVE != 0 && f & flags::GRASSHOPPER == 0 {
                    self.push_board(k, c, Move::board(from, t), out);
                }
            } else {
                if reachable && d >= ray.min && can_take(q) && f & flags::GRASSHOPPER == 0 {
                    self.push_board(k, c, Move::board(from, t).with_capture(t), out);
                }
                if kind.cannot_hop & (1u128 << kind_of(q)) != 0 {
                    return;
                }
                screens += 1;
                if f & flags::HOP_ONE != 0 && screens > 1 {
                    return;
                }
                if f & flags::HOP_UPTO != 0 && screens > ray.hop_max as u32 {
                    return;
                }
            }
        }
    }

    /// Adds a board move with its promotion choices.
    pub(crate) fn push_board(&self, k: u16, c: usize, m: Move, out: &mut Vec<Move>) {
        let kind = &self.v.kinds[k as usize];
        if kind.promotions.is_empty() {
            out.push(m);
            return;
        }
        let mut forced = false;
        let mut any = false;
        let start = out.len();
        for pr in &kind.promotions {
            let in_zone =
                pr.zone[c][m.to as usize] || (pr.trigger == Trigger::Either && pr.zone[c][m.from as usize]);
            if !in_zone {
                continue;
            }
            any = true;
            forced |= pr.forced;
            for &t in &pr.to {
                if out[start..].iter().any(|x| x.promo == t) {
                    continue;
                }
                let mut pm = m;
                pm.promo = t;
                out.push(pm);
            }
        }
        if any && self.v.forced_on_dead && kind.dead[c][m.to as usize] {
            forced = true;
        }
        if !forced {
            out.push(m);
        }
    }

    /// Files holding a piece of this kind and side (for one-per-file rules).
    fn occupied_files(&self, kind: usize, c: usize) -> u32 {
        let g = &self.v.geometry;
        let own = piece(kind as u16, c);
        let mut files = 0u32;
        for (sq, &p) in self.board.iter().enumerate() {
            if p == own {
                files |= 1 << g.file(sq as Sq);
            }
        }
        files
    }

    fn drop_move(kind: MoveKind, from: Sq, to: Sq, piece: u16) -> Move {
        Move {
            kind,
            from,
            to,
            piece,
            promo: NO_PROMO,
            aux: 0,
            ncap: 0,
            caps: [NO_SQ; MAX_CAPS],
        }
    }

    /// Drops from a hand or a pocket, with the dropped kind's restrictions.
    fn store_drops(&self, store: usize, mk: MoveKind, out: &mut Vec<Move>) {
        let v = &*self.v;
        let g = &v.geometry;
        let c = self.side;
        let nk = v.nkinds();
        let counts = if store == HAND { &self.hands } else { &self.pockets };
        for k in 0..nk {
            if counts[c * nk + k] == 0 {
                continue;
            }
            let kind = &v.kinds[k];
            let blocked_files = if kind.one_per_file {
                self.occupied_files(k, c)
            } else {
                0
            };
            for sq in 0..g.nsq {
                if self.board[sq] == 0 && kind.drop_ok[c][sq] && blocked_files & (1 << g.file(sq as Sq)) == 0
                {
                    out.push(Self::drop_move(mk, NO_SQ, sq as Sq, k as u16));
                }
            }
        }
    }

    /// Placement phase: put a reserve piece on an empty placement square, or
    /// pass when the own reserve is empty but the other side's is not.
    fn placement_moves(&self, out: &mut Vec<Move>) {
        let v = &*self.v;
        let c = self.side;
        let nk = v.nkinds();
        let Some(zones) = &v.placement else { return };
        let mut any = false;
        for k in 0..nk {
            if self.reserves[c * nk + k] == 0 {
                continue;
            }
            any = true;
            for sq in 0..v.geometry.nsq {
                if self.board[sq] == 0 && zones[c][sq] {
                    out.push(Self::drop_move(MoveKind::Place, NO_SQ, sq as Sq, k as u16));
                }
            }
        }
        if !any {
            out.push(Self::drop_move(MoveKind::Pass, NO_SQ, NO_SQ, 0));
        }
    }

    /// A spawner puts a new piece on an empty square it reaches, where that
    /// piece could move (never a dead square) and its drop rules allow.
    fn spawn_moves(&self, from: Sq, c: usize, spawn: &Spawn, out: &mut Vec<Move>) {
        let v = &*self.v;
        let g = &v.geometry;
        let k = spawn.piece as usize;
        let kind = &v.kinds[k];
        let blocked_files = if kind.one_per_file {
            self.occupied_files(k, c)
        } else {
            0
        };
        for &vi in &spawn.vectors[c] {
            let Some(&t) = g.ray(vi, from).first() else {
                continue;
            };
            if self.board[t as usize] == 0
                && kind.drop_ok[c][t as usize]
                && !kind.dead[c][t as usize]
                && blocked_files & (1 << g.file(t)) == 0
            {
                out.push(Self::drop_move(MoveKind::Spawn, from, t, spawn.piece));
            }
        }
    }

    fn castle_moves(&self, out: &mut Vec<Move>) {
        let c = self.side;
        for (i, cs) in self.v.castles.iter().enumerate() {
            if cs.color != c || self.castling & (1 << i) == 0 {
                continue;
            }
            let king = self.board[cs.king as usize];
            let rook = self.board[cs.rook as usize];
            if king == 0 || rook == 0 || color_of(king) != c || color_of(rook) != c {
                continue;
            }
            if cs.empty.iter().any(|&s| self.board[s as usize] != 0) {
                continue;
            }
            if cs.safe.iter().any(|&s| self.attacked(s, c ^ 1)) {
                continue;
            }
            let mut m = Move::board(cs.king, cs.king_to);
            m.kind = MoveKind::Castle;
            m.aux = i as u16;
            out.push(m);
        }
    }

    /// Whether `by` attacks `sq` (could capture a piece of the other side there).
    pub fn attacked(&self, sq: Sq, by: usize) -> bool {
        let v = &*self.v;
        let g = &v.geometry;
        for line in &v.attack_lines[by] {
            let ray = g.ray(line.vector, sq);
            let n = ray.len().min(line.masks.len());
            for i in 0..n {
                let q = self.board[ray[i] as usize];
                if q != 0 {
                    if color_of(q) == by && line.masks[i] & (1u128 << kind_of(q)) != 0 {
                        return true;
                    }
                    break;
                }
            }
        }
        if v.slow_attackers[by] != 0 {
            let mut buf = Vec::new();
            for &s in &self.plist[by] {
                let p = self.board[s as usize];
                if v.slow_attackers[by] & (1u128 << kind_of(p)) != 0 {
                    buf.clear();
                    // Generate as if the attacker were to move; a piece of the
                    // other side on `sq` makes the capture visible.
                    self.piece_moves_for_attack(s, p, sq, &mut buf);
                    if buf.iter().any(|m| m.captures().contains(&sq)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Moves of an attacker, with a phantom enemy on `target` if it is empty.
    fn piece_moves_for_attack(&self, from: Sq, p: u16, target: Sq, out: &mut Vec<Move>) {
        if self.board[target as usize] == 0 {
            let mut tmp = self.clone_board_only();
            tmp.set_square(target, piece(0, color_of(p) ^ 1));
            tmp.piece_moves(from, p, out);
        } else {
            self.piece_moves(from, p, out);
        }
    }

    fn clone_board_only(&self) -> Position {
        let mut p = self.clone();
        p.ep = NO_SQ;
        p
    }

    /// Whether the side `color` has a royal piece under attack.
    pub fn in_check(&self, color: usize) -> bool {
        match self.royal_squares(color) {
            RoyalSquares::None => false,
            RoyalSquares::One(s) => self.attacked(s, color ^ 1),
            RoyalSquares::Many(v) => v.iter().any(|&s| self.attacked(s, color ^ 1)),
        }
    }

    /// Legal moves of the side to move.
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        if self.decided().is_some() {
            out.clear();
            return;
        }
        self.legal_moves_core(out);
        if self.v.ko.has_filters() {
            let v = self.v.clone();
            crate::hooks::ko::filter(self, &v.ko, out);
        }
        if self.v.hook_set.war && self.side == 1 && self.flags & crate::hooks::FLAG_WAR == 0 {
            let mut i = 0;
            while i < out.len() {
                if crate::hooks::war_allows(self, &out[i]) {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
        if self.v.pocket_from_board && !self.in_placement() {
            self.pocket_entry_moves(out);
        }
    }

    /// Board → pocket moves: the pocket has room, the piece is not royal and
    /// has a legal board move, and leaving its square exposes no royal piece.
    fn pocket_entry_moves(&mut self, out: &mut Vec<Move>) {
        let c = self.side;
        let nk = self.v.nkinds();
        let held: u32 = self.pockets[c * nk..(c + 1) * nk].iter().map(|&n| n as u32).sum();
        if held >= self.v.pocket_capacity {
            return;
        }
        let mut from: Vec<Sq> = out
            .iter()
            .filter(|m| m.kind == MoveKind::Board)
            .map(|m| m.from)
            .collect();
        from.sort_unstable();
        from.dedup();
        for sq in from {
            let p = self.board[sq as usize];
            if p == 0 || self.v.kinds[kind_of(p) as usize].royal {
                continue;
            }
            let m = Self::drop_move(MoveKind::ToPocket, sq, sq, kind_of(p));
            if self.is_legal_pseudo(m, c) {
                out.push(m);
            }
        }
    }

    fn legal_moves_core(&mut self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves(out);
        let us = self.side;
        let them = us ^ 1;
        // Fast path: one royal piece and attackers that the reverse attack lines
        // describe completely. Then a move by a non-royal piece that is not
        // pinned, captures only on its destination and is made while not in
        // check cannot expose the royal piece.
        // Without a royal piece nothing can be left in check; only the
        // drop-mate ban (which needs the opponent's royal) remains to test.
        if matches!(self.royal_squares(us), RoyalSquares::None) {
            let opponent_royal = !matches!(self.royal_squares(them), RoyalSquares::None);
            if opponent_royal {
                out.retain(|m| {
                    !matches!(m.kind, MoveKind::Drop | MoveKind::PocketDrop)
                        || !self.v.kinds[m.piece as usize].no_drop_mate
                });
                // Drop-mate candidates are tested in full below.
                let mut drops = Vec::new();
                self.pseudo_moves(&mut drops);
                drops.retain(|m| {
                    matches!(m.kind, MoveKind::Drop | MoveKind::PocketDrop)
                        && self.v.kinds[m.piece as usize].no_drop_mate
                });
                self.filter_full(&mut drops, us);
                out.extend(drops);
            }
            return;
        }
        let fast = self.v.slow_attackers[them] == 0 && matches!(self.royal_squares(us), RoyalSquares::One(_));
        if !fast {
            self.filter_full(out, us);
            return;
        }
        let king = self.royal[us];
        if self.attacked(king, them) {
            self.filter_full(out, us);
            return;
        }
        let mut pinned = [NO_SQ; 32];
        let npinned = self.pinned(us, king, &mut pinned);
        let all_suspect = npinned > pinned.len();
        let mut i = 0;
        while i < out.len() {
            let m = out[i];
            let needs_test = match m.kind {
                MoveKind::Drop | MoveKind::PocketDrop => self.v.kinds[m.piece as usize].no_drop_mate,
                MoveKind::Place | MoveKind::Spawn | MoveKind::Pass => false,
                MoveKind::Castle | MoveKind::ToPocket => true,
                MoveKind::Board => {
                    m.from == king
                        || m.ncap > 1
                        || (m.ncap == 1 && m.caps[0] != m.to)
                        || all_suspect
                        || pinned[..npinned].contains(&m.from)
                }
            };
            if !needs_test || self.is_legal_pseudo(m, us) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    fn filter_full(&mut self, out: &mut Vec<Move>, us: usize) {
        let mut i = 0;
        while i < out.len() {
            let m = out[i];
            if self.is_legal_pseudo(m, us) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// Own pieces standing alone between the royal square and an enemy piece
    /// that attacks along that line. Returns how many (may exceed `out.len()`,
    /// in which case `out` holds only the first ones).
    fn pinned(&self, us: usize, king: Sq, out: &mut [Sq]) -> usize {
        let v = &*self.v;
        let g = &v.geometry;
        let them = us ^ 1;
        let mut n = 0;
        for line in &v.attack_lines[them] {
            if line.masks.len() < 2 {
                continue;
            }
            let ray = g.ray(line.vector, king);
            let len = ray.len().min(line.masks.len());
            let mut candidate = NO_SQ;
            for i in 0..len {
                let q = self.board[ray[i] as usize];
                if q == 0 {
                    continue;
                }
                if candidate == NO_SQ {
                    if color_of(q) != us {
                        break;
                    }
                    candidate = ray[i];
                } else {
                    if color_of(q) == them && line.masks[i] & (1u128 << kind_of(q)) != 0 {
                        if n < out.len() {
                            out[n] = candidate;
                        }
                        n += 1;
                    }
                    break;
                }
            }
        }
        n
    }

    fn is_legal_pseudo(&mut self, m: Move, us: usize) -> bool {
        self.make(m);
        let mut ok = !self.in_check(us);
        if ok
            && matches!(m.kind, MoveKind::Drop | MoveKind::PocketDrop)
            && self.v.kinds[m.piece as usize].no_drop_mate
            && self.in_check(us ^ 1)
        {
            ok = self.has_legal_move();
        }
        self.unmake();
        ok
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&mut self) -> bool {
        let mut buf = Vec::new();
        self.pseudo_moves(&mut buf);
        // Board moves first: a drop's own legality can need a deeper search.
        buf.sort_by_key(|m| m.kind == MoveKind::Drop);
        let us = self.side;
        buf.into_iter().any(|m| self.is_legal_pseudo(m, us))
    }
}

/// Removes repeated moves from `out[start..]`: a move is its identity, so two
/// paths or rays to the same result are one move.
pub(crate) fn dedup_from(out: &mut Vec<Move>, start: usize) {
    let mut i = start;
    while i < out.len() {
        if out[start..i].contains(&out[i]) {
            out.swap_remove(i);
        } else {
            i += 1;
        }
    }
}

/// A game decided by the position alone (not by the move list or history).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decided {
    pub winner: usize,
    pub reason: DecidedBy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecidedBy {
    /// A side's command (every piece of one of its command sets) is gone.
    LossOfCommand,
    /// A piece reached a winning square.
    Reach,
}

impl Position {
    /// Whether a side still has every piece of at least one command set.
    pub fn has_command(&self, color: usize) -> bool {
        let sets = &self.v.end.command;
        if sets.is_empty() {
            return true;
        }
        let mut present = 0u128;
        for &s in &self.plist[color] {
            present |= 1u128 << kind_of(self.board[s as usize]);
        }
        sets.iter().any(|set| set.iter().all(|&alts| alts & present != 0))
    }

    /// The game's end by position: loss of command or a winning square reached.
    /// A decided position has no legal moves.
    pub fn decided(&self) -> Option<Decided> {
        let v = &*self.v;
        for (c, k, squares) in &v.end.reach {
            if squares.iter().any(|&s| self.board[s as usize] == piece(*k, *c)) {
                return Some(Decided {
                    winner: *c,
                    reason: DecidedBy::Reach,
                });
            }
        }
        if !v.end.command.is_empty() {
            let to_move = self.side;
            let mover = to_move ^ 1;
            if !self.has_command(to_move) {
                // The mover wins, also when both commands fell at once.
                return Some(Decided {
                    winner: mover,
                    reason: DecidedBy::LossOfCommand,
                });
            }
            if !self.has_command(mover) {
                return Some(Decided {
                    winner: to_move,
                    reason: DecidedBy::LossOfCommand,
                });
            }
        }
        None
    }
}

/// Perft: the number of leaf nodes of the legal move tree, counting the last
/// ply from the move list (bulk counting).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut bufs: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(128)).collect();
    perft_inner(pos, depth, &mut bufs)
}

fn perft_inner(pos: &mut Position, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (head, tail) = bufs.split_first_mut().expect("one buffer per ply");
    pos.legal_moves(head);
    if depth == 1 {
        return head.len() as u64;
    }
    let mut n = 0;
    for i in 0..head.len() {
        let m = head[i];
        pos.make(m);
        n += perft_inner(pos, depth - 1, tail);
        pos.unmake();
    }
    n
}
