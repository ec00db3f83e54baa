//! The position: board, side to move, hands, castling and en-passant state,
//! counters and an incrementally updated Zobrist hash; make/unmake.

use std::sync::Arc;

use super::text::{self, Parts, TextError};
use super::variant::*;
use crate::rules::CaptureRule;

/// Most squares a single move can capture on (multi-leg moves and shots).
pub const MAX_CAPS: usize = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A piece moves (and may capture, promote, or capture on several squares).
    Board,
    /// A piece comes from the mover's hand.
    Drop,
    /// King and rook castle; `aux` is the castling rule's index.
    Castle,
    /// A reserve piece is placed (placement phase).
    Place,
    /// A piece (`from`) puts a new piece from an unlimited supply on `to`.
    Spawn,
    /// A piece comes from the mover's pocket, keeping its type.
    PocketDrop,
    /// A board piece moves into its owner's pocket (`to` = `from`).
    ToPocket,
    /// No action (a placement turn with an empty reserve).
    Pass,
}

/// Off-board piece stores: 0 = hand, 1 = placement reserve, 2 = pocket.
pub const HAND: usize = 0;
pub const RESERVE: usize = 1;
pub const POCKET: usize = 2;

pub const NO_PROMO: u16 = u16::MAX;
/// `Move::aux` flag: the move leaves an en-passant square behind.
pub const AUX_EP_CREATE: u16 = 1;

/// A move's identity: origin (or dropped piece), final square, the ordered
/// squares where something is captured, and the promotion choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub kind: MoveKind,
    pub from: Sq,
    pub to: Sq,
    /// Dropped piece kind (drops).
    pub piece: u16,
    /// Kind promoted to, or `NO_PROMO`.
    pub promo: u16,
    pub aux: u16,
    pub ncap: u8,
    pub caps: [Sq; MAX_CAPS],
}

impl Move {
    pub fn board(from: Sq, to: Sq) -> Move {
        Move {
            kind: MoveKind::Board,
            from,
            to,
            piece: 0,
            promo: NO_PROMO,
            aux: 0,
            ncap: 0,
            caps: [NO_SQ; MAX_CAPS],
        }
    }
    pub fn captures(&self) -> &[Sq] {
        &self.caps[..self.ncap as usize]
    }
    pub fn with_capture(mut self, sq: Sq) -> Move {
        if (self.ncap as usize) < MAX_CAPS {
            self.caps[self.ncap as usize] = sq;
            self.ncap += 1;
        }
        self
    }
    pub fn is_capture(&self) -> bool {
        self.ncap > 0
    }
}

#[derive(Clone, Debug)]
struct Undo {
    mv: Move,
    flags: u32,
    /// Changes made by hooks after the move: (square, previous piece).
    effects: Vec<(Sq, u16)>,
    royal_count: [u8; 2],
    moved: u16,
    captured: [u16; MAX_CAPS],
    castling: u32,
    ep: Sq,
    ep_victim: Sq,
    halfmove: u32,
    hash: u64,
    pub(crate) royal: [Sq; 2],
}

#[derive(Clone, Debug)]
pub struct Position {
    pub v: Arc<Variant>,
    pub board: Vec<u16>,
    pub side: usize,
    /// `color * nkinds + kind` → count.
    pub hands: Vec<u8>,
    /// Placement reserves, same layout.
    pub reserves: Vec<u8>,
    /// Pockets, same layout.
    pub pockets: Vec<u8>,
    /// Hook state bits (see `hooks::FLAGS`).
    pub flags: u32,
    pub castling: u32,
    /// En-passant target square and the square of the piece captured there.
    pub ep: Sq,
    pub ep_victim: Sq,
    pub halfmove: u32,
    pub fullmove: u32,
    pub hash: u64,
    /// The royal piece's square per side when the side has exactly one.
    pub(crate) royal: [Sq; 2],
    royal_count: [u8; 2],
    /// Squares of each side's pieces (unordered), and each square's index in
    /// its side's list.
    pub(crate) plist: [Vec<Sq>; 2],
    pindex: Vec<u16>,
    stack: Vec<Undo>,
}

/// A problem with a position as a whole (after it parsed).
#[derive(Clone, Debug, thiserror::Error)]
pub enum PositionError {
    #[error(transparent)]
    Text(#[from] TextError),
    #[error("{0}")]
    Invalid(String),
}

impl Position {
    pub fn start(v: &Arc<Variant>) -> Position {
        Position::from_text(v, &v.start)
            .expect("the start position was checked when the variant was compiled")
    }

    pub fn from_text(v: &Arc<Variant>, text: &str) -> Result<Position, PositionError> {
        let parts = text::parse_position(v, text)?;
        Position::from_parts(v, parts)
    }

    pub fn from_parts(v: &Arc<Variant>, parts: Parts) -> Result<Position, PositionError> {
        let g = &v.geometry;
        let mut pos = Position {
            v: v.clone(),
            board: parts.board,
            side: parts.side,
            hands: parts.hands,
            reserves: parts.reserves,
            pockets: parts.pockets,
            flags: parts.flags,
            castling: parts.castling,
            ep: NO_SQ,
            ep_victim: NO_SQ,
            halfmove: parts.halfmove,
            fullmove: parts.fullmove,
            hash: 0,
            royal: [NO_SQ; 2],
            royal_count: [0; 2],
            plist: [Vec::new(), Vec::new()],
            pindex: vec![u16::MAX; g.nsq],
            stack: Vec::with_capacity(64),
        };
        pos.rebuild_lists();
        // Castling rights need the king and rook on their squares.
        for (i, c) in v.castles.iter().enumerate() {
            if pos.castling & (1 << i) != 0 {
                let king_ok = pos.board[c.king as usize] != 0
                    && color_of(pos.board[c.king as usize]) == c.color
                    && v.kinds[kind_of(pos.board[c.king as usize]) as usize].royal;
                let rook_ok =
                    pos.board[c.rook as usize] != 0 && color_of(pos.board[c.rook as usize]) == c.color;
                if !king_ok || !rook_ok {
                    return Err(PositionError::Invalid(format!(
                        "castling right `{}` needs the king on {} and the rook on {}",
                        c.right,
                        g.name(c.king),
                        g.name(c.rook)
                    )));
                }
            }
        }
        if parts.ep != NO_SQ {
            // The capturable piece stands one step behind the target, seen from the
            // side that just moved.
            let back = if pos.side == 0 { -1 } else { 1 };
            let victim = g.offset(parts.ep, (0, back)).unwrap_or(NO_SQ);
            if victim != NO_SQ
                && pos.board[victim as usize] != 0
                && color_of(pos.board[victim as usize]) != pos.side
            {
                pos.ep = parts.ep;
                pos.ep_victim = victim;
            }
        }
        pos.refresh_royals();
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn rebuild_lists(&mut self) {
        self.plist = [Vec::new(), Vec::new()];
        for (sq, &p) in self.board.iter().enumerate() {
            if p != 0 {
                let c = color_of(p);
                self.pindex[sq] = self.plist[c].len() as u16;
                self.plist[c].push(sq as Sq);
            }
        }
    }

    /// The squares of a side's pieces, in no particular order.
    pub fn pieces(&self, color: usize) -> &[Sq] {
        &self.plist[color]
    }

    /// Puts a piece (or 0 = empty) on a square outside of a move, keeping
    /// piece lists, royal squares and the hash right. For setting up positions.
    pub fn set_square(&mut self, sq: Sq, p: u16) {
        if self.board[sq as usize] != 0 {
            self.take(sq);
        }
        if p != 0 {
            self.put(sq, p);
        }
        self.refresh_royals();
    }

    #[inline(always)]
    fn list_add(&mut self, sq: Sq, color: usize) {
        self.pindex[sq as usize] = self.plist[color].len() as u16;
        self.plist[color].push(sq);
    }

    #[inline(always)]
    fn list_remove(&mut self, sq: Sq, color: usize) {
        let idx = self.pindex[sq as usize] as usize;
        let last = self.plist[color].pop().expect("piece list holds the square");
        if idx < self.plist[color].len() {
            self.plist[color][idx] = last;
            self.pindex[last as usize] = idx as u16;
        }
    }

    /// Board writes during unmake: lists follow, the hash is restored wholesale.
    #[inline(always)]
    fn set_raw(&mut self, sq: Sq, p: u16) {
        self.board[sq as usize] = p;
        self.list_add(sq, color_of(p));
    }

    #[inline(always)]
    fn clear_raw(&mut self, sq: Sq) {
        let p = self.board[sq as usize];
        if p != 0 {
            self.board[sq as usize] = 0;
            self.list_remove(sq, color_of(p));
        }
    }

    fn refresh_royals(&mut self) {
        self.royal = [NO_SQ; 2];
        self.royal_count = [0; 2];
        for (sq, &p) in self.board.iter().enumerate() {
            if p != 0 && self.v.kinds[kind_of(p) as usize].royal {
                let c = color_of(p);
                self.royal[c] = sq as Sq;
                self.royal_count[c] += 1;
            }
        }
    }

    pub fn to_text(&self) -> String {
        text::format_parts(
            &self.v,
            &Parts {
                board: self.board.clone(),
                side: self.side,
                hands: self.hands.clone(),
                reserves: self.reserves.clone(),
                pockets: self.pockets.clone(),
                flags: self.flags,
                castling: self.castling,
                ep: self.ep,
                halfmove: self.halfmove,
                fullmove: self.fullmove,
            },
        )
    }

    pub fn hand(&self, color: usize, kind: u16) -> u8 {
        self.hands[color * self.v.nkinds() + kind as usize]
    }

    #[inline]
    fn store_key(&self, store: usize, color: usize, kind: usize, count: u8) -> u64 {
        if count == 0 {
            0
        } else {
            let nk = self.v.nkinds();
            self.v.zobrist.hand[((store * 2 + color) * nk + kind) * (MAX_HAND + 1) + count as usize]
        }
    }

    fn store(&self, store: usize) -> &Vec<u8> {
        match store {
            HAND => &self.hands,
            RESERVE => &self.reserves,
            _ => &self.pockets,
        }
    }

    fn store_mut(&mut self, store: usize) -> &mut Vec<u8> {
        match store {
            HAND => &mut self.hands,
            RESERVE => &mut self.reserves,
            _ => &mut self.pockets,
        }
    }

    /// Whether any placement reserve still holds a piece.
    pub fn in_placement(&self) -> bool {
        self.reserves.iter().any(|&n| n > 0)
    }

    #[inline(always)]
    fn piece_key(&self, p: u16, sq: Sq) -> u64 {
        self.v.zobrist.piece[p as usize * self.v.geometry.nsq + sq as usize]
    }

    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, &p) in self.board.iter().enumerate() {
            if p != 0 {
                h ^= self.piece_key(p, sq as Sq);
            }
        }
        let nk = self.v.nkinds();
        for st in [HAND, RESERVE, POCKET] {
            for c in 0..2 {
                for k in 0..nk {
                    h ^= self.store_key(st, c, k, self.store(st)[c * nk + k]);
                }
            }
        }
        if self.side == 1 {
            h ^= self.v.zobrist.side;
        }
        for i in 0..self.v.castles.len() {
            if self.castling & (1 << i) != 0 {
                h ^= self.v.zobrist.castling[i];
            }
        }
        if self.ep != NO_SQ {
            h ^= self.v.zobrist.ep[self.ep as usize];
        }
        for bit in 0..32 {
            if self.flags & (1 << bit) != 0 {
                h ^= self.v.zobrist.flags[bit];
            }
        }
        h
    }

    #[inline]
    fn add_store(&mut self, store: usize, color: usize, kind: usize, delta: i32) {
        let idx = color * self.v.nkinds() + kind;
        let old = self.store(store)[idx];
        let new = (old as i32 + delta).clamp(0, MAX_HAND as i32) as u8;
        self.hash ^= self.store_key(store, color, kind, old) ^ self.store_key(store, color, kind, new);
        self.store_mut(store)[idx] = new;
    }

    #[inline(always)]
    fn put(&mut self, sq: Sq, p: u16) {
        self.board[sq as usize] = p;
        self.list_add(sq, color_of(p));
        self.hash ^= self.piece_key(p, sq);
        if self.v.kinds[kind_of(p) as usize].royal {
            self.royal[color_of(p)] = sq;
        }
    }

    #[inline(always)]
    fn take(&mut self, sq: Sq) -> u16 {
        let p = self.board[sq as usize];
        self.board[sq as usize] = 0;
        self.list_remove(sq, color_of(p));
        self.hash ^= self.piece_key(p, sq);
        p
    }

    /// Where a captured piece goes.
    fn to_hand_kind(&self, captured: u16) -> Option<usize> {
        let k = kind_of(captured) as usize;
        match self.v.captures[self.side] {
            CaptureRule::Remove => None,
            CaptureRule::HandAsIs => Some(k),
            CaptureRule::Hand => {
                let d = self.v.kinds[k].demotes_to;
                Some(if d == u16::MAX { k } else { d as usize })
            }
        }
    }

    pub fn make(&mut self, mv: Move) {
        let us = self.side;
        let mut undo = Undo {
            mv,
            flags: self.flags,
            effects: Vec::new(),
            royal_count: self.royal_count,
            moved: 0,
            captured: [0; MAX_CAPS],
            castling: self.castling,
            ep: self.ep,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            hash: self.hash,
            royal: self.royal,
        };
        if self.ep != NO_SQ {
            self.hash ^= self.v.zobrist.ep[self.ep as usize];
            self.ep = NO_SQ;
            self.ep_victim = NO_SQ;
        }
        self.halfmove += 1;
        match mv.kind {
            MoveKind::Board => {
                for i in 0..mv.ncap as usize {
                    let sq = mv.caps[i];
                    let q = self.take(sq);
                    undo.captured[i] = q;
                    if self.v.kinds[kind_of(q) as usize].royal {
                        self.royal_count[color_of(q)] -= 1;
                    }
                    if let Some(k) = self.to_hand_kind(q) {
                        self.add_store(HAND, us, k, 1);
                    }
                }
                if mv.ncap > 0 {
                    self.halfmove = 0;
                }
                let p = self.take(mv.from);
                undo.moved = p;
                let placed = if mv.promo != NO_PROMO {
                    piece(mv.promo, us)
                } else {
                    p
                };
                self.put(mv.to, placed);
                if mv.aux & AUX_EP_CREATE != 0 {
                    // The square passed over: halfway between from and to.
                    let g = &self.v.geometry;
                    let (ff, fr) = (g.file(mv.from) as i32, g.rank(mv.from) as i32);
                    let (tf, tr) = (g.file(mv.to) as i32, g.rank(mv.to) as i32);
                    if let Some(mid) = g.square((ff + tf) / 2, (fr + tr) / 2) {
                        self.ep = mid;
                        self.ep_victim = mv.to;
                        self.hash ^= self.v.zobrist.ep[mid as usize];
                    }
                }
                let keep = self.v.castle_keep[mv.from as usize] & self.v.castle_keep[mv.to as usize];
                self.set_castling(self.castling & keep);
            }
            MoveKind::Drop | MoveKind::Place | MoveKind::PocketDrop | MoveKind::Spawn => {
                match mv.kind {
                    MoveKind::Drop => self.add_store(HAND, us, mv.piece as usize, -1),
                    MoveKind::Place => self.add_store(RESERVE, us, mv.piece as usize, -1),
                    MoveKind::PocketDrop => self.add_store(POCKET, us, mv.piece as usize, -1),
                    _ => {}
                }
                let placed = piece(mv.piece, us);
                if self.v.kinds[mv.piece as usize].royal {
                    self.royal_count[us] += 1;
                }
                self.put(mv.to, placed);
            }
            MoveKind::ToPocket => {
                let p = self.take(mv.from);
                undo.moved = p;
                self.add_store(POCKET, us, kind_of(p) as usize, 1);
            }
            MoveKind::Pass => {}
            MoveKind::Castle => {
                let c = &self.v.castles[mv.aux as usize];
                let (king, king_to, rook, rook_to) = (c.king, c.king_to, c.rook, c.rook_to);
                let k = self.take(king);
                let r = self.take(rook);
                undo.moved = k;
                self.put(king_to, k);
                self.put(rook_to, r);
                let keep = self.v.castle_keep[king as usize] & self.v.castle_keep[rook as usize];
                self.set_castling(self.castling & keep);
            }
        }
        if us == 1 {
            self.fullmove += 1;
        }
        self.side ^= 1;
        self.hash ^= self.v.zobrist.side;
        if self.v.hook_set.war
            && self.flags & crate::hooks::FLAG_WAR == 0
            && crate::hooks::war_after_move(self, &mv, us)
        {
            self.flags |= crate::hooks::FLAG_WAR;
            self.hash ^= self.v.zobrist.flags[0];
        }
        if self.v.ko.any() && mv.kind == MoveKind::Board {
            let v = Arc::clone(&self.v);
            let moved_kind = kind_of(undo.moved);
            let captured = undo.captured;
            let mut effects = Vec::new();
            let mut set = |pos: &mut Position, sq: Sq, p: u16| {
                effects.push((sq, pos.board[sq as usize]));
                if pos.board[sq as usize] != 0 {
                    pos.take(sq);
                }
                if p != 0 {
                    pos.put(sq, p);
                }
            };
            crate::hooks::ko::after_move(
                self,
                &v.ko,
                &mv,
                moved_kind,
                &captured[..mv.ncap as usize],
                &mut set,
            );
            if !effects.is_empty() {
                self.refresh_royals();
            }
            undo.effects = effects;
        }
        self.stack.push(undo);
    }

    fn set_castling(&mut self, new: u32) {
        let diff = self.castling ^ new;
        if diff != 0 {
            for i in 0..self.v.castles.len() {
                if diff & (1 << i) != 0 {
                    self.hash ^= self.v.zobrist.castling[i];
                }
            }
            self.castling = new;
        }
    }

    pub fn unmake(&mut self) {
        let Some(undo) = self.stack.pop() else { return };
        for &(sq, old) in undo.effects.iter().rev() {
            self.clear_raw(sq);
            if old != 0 {
                self.set_raw(sq, old);
            }
        }
        self.side ^= 1;
        let us = self.side;
        if us == 1 {
            self.fullmove -= 1;
        }
        let mv = undo.mv;
        match mv.kind {
            MoveKind::Board => {
                self.clear_raw(mv.to);
                self.set_raw(mv.from, undo.moved);
                for i in (0..mv.ncap as usize).rev() {
                    let q = undo.captured[i];
                    self.set_raw(mv.caps[i], q);
                    if self.v.kinds[kind_of(q) as usize].royal {
                        self.royal_count[color_of(q)] += 1;
                    }
                    if let Some(k) = self.to_hand_kind(q) {
                        self.hands[us * self.v.nkinds() + k] -= 1;
                    }
                }
            }
            MoveKind::Drop | MoveKind::Place | MoveKind::PocketDrop | MoveKind::Spawn => {
                self.clear_raw(mv.to);
                let idx = us * self.v.nkinds() + mv.piece as usize;
                match mv.kind {
                    MoveKind::Drop => self.hands[idx] += 1,
                    MoveKind::Place => self.reserves[idx] += 1,
                    MoveKind::PocketDrop => self.pockets[idx] += 1,
                    _ => {}
                }
                if self.v.kinds[mv.piece as usize].royal {
                    self.royal_count[us] -= 1;
                }
            }
            MoveKind::ToPocket => {
                self.set_raw(mv.from, undo.moved);
                self.pockets[us * self.v.nkinds() + kind_of(undo.moved) as usize] -= 1;
            }
            MoveKind::Pass => {}
            MoveKind::Castle => {
                let c = &self.v.castles[mv.aux as usize];
                let (king, king_to, rook, rook_to) = (c.king, c.king_to, c.rook, c.rook_to);
                let r = self.board[rook_to as usize];
                self.clear_raw(king_to);
                self.clear_raw(rook_to);
                self.set_raw(king, undo.moved);
                self.set_raw(rook, r);
            }
        }
        self.flags = undo.flags;
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.ep_victim = undo.ep_victim;
        self.halfmove = undo.halfmove;
        self.hash = undo.hash;
        self.royal = undo.royal;
        self.royal_count = undo.royal_count;
    }

    /// Number of moves made since this position object was created.
    pub fn ply(&self) -> usize {
        self.stack.len()
    }

    /// The moves made so far, oldest first.
    pub fn history(&self) -> impl Iterator<Item = &Move> {
        self.stack.iter().map(|u| &u.mv)
    }

    /// Royal squares of a side.
    pub fn royal_squares(&self, color: usize) -> RoyalSquares {
        match self.royal_count[color] {
            0 => RoyalSquares::None,
            1 => RoyalSquares::One(self.royal[color]),
            _ => RoyalSquares::Many(
                self.board
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| {
                        **p != 0 && color_of(**p) == color && self.v.kinds[kind_of(**p) as usize].royal
                    })
                    .map(|(s, _)| s as Sq)
                    .collect(),
            ),
        }
    }
}

pub enum RoyalSquares {
    None,
    One(Sq),
    Many(Vec<Sq>),
}
