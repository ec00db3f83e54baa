//! The position: board, side to move, hands, reserves and pockets, castling and
//! en-passant state, counters, hook state and an incrementally updated Zobrist
//! hash. Make/unmake live in `make.rs`, generation in `generate.rs` and `legs.rs`, legality in `legal*.rs`.

use std::sync::Arc;

use super::hook::Effect;
use super::moves::{MAX_CAPTURES, Move};
use super::rules::TurnState;
use super::setup::{Count, Setup, Store};
use super::types::{Color, Piece, PieceKind, Square};
use super::variant::Variant;

/// What `unmake` needs to restore a move.
#[derive(Clone, Debug)]
pub(crate) struct Undo {
    pub mv: Move,
    /// Changes made by hooks after the move, oldest first.
    pub effects: Vec<Effect>,
    pub royal_count: [u16; 2],
    pub moved: Option<Piece>,
    pub captured: [Option<Piece>; MAX_CAPTURES],
    pub castling: u32,
    pub ep: Square,
    pub ep2: Square,
    pub ep_victim: Square,
    pub halfmove: u32,
    pub hash: u64,
    pub royal: [Square; 2],
    pub checks: [u16; 2],
    pub count: Count,
    /// The royal pieces faced each other before the move (kept only where
    /// `royals_facing` is a rule).
    pub was_facing: bool,
}

/// A position of a variant, with the moves made since it was built (for
/// `unmake`).
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) v: Arc<Variant>,
    pub(crate) board: Vec<Option<Piece>>,
    pub(crate) side: Color,
    /// Counts per store, indexed `color * kinds + kind`.
    pub(crate) stores: [Vec<u16>; 3],
    /// Hook state slots.
    pub(crate) state: Vec<u32>,
    pub(crate) castling: u32,
    /// En-passant target square and the square of the piece captured there.
    pub(crate) ep: Square,
    /// A second en-passant square, taking the same piece: the other square a
    /// triple step passed over (`Square::NONE` unless `ep` is set too).
    pub(crate) ep2: Square,
    pub(crate) ep_victim: Square,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// Checks each side has given, when the variant counts them.
    pub(crate) checks: [u16; 2],
    /// The counting rule's running count.
    pub(crate) count: Count,
    pub(crate) hash: u64,
    /// The royal piece's square per side when the side has exactly one.
    pub(crate) royal: [Square; 2],
    pub(crate) royal_count: [u16; 2],
    /// Squares of each side's pieces (unordered), and each square's index in
    /// its side's list.
    pub(crate) plist: [Vec<Square>; 2],
    /// Each side's pieces of each command-set element
    /// ([`super::rules::EndRules::command_bits`]), where the variant has them.
    pub(crate) command_count: [[u16; super::rules::COMMAND_SLOTS]; 2],
    /// Each side's occupied squares, on a board with bitboards (kept on
    /// other boards too, but meaningless there).
    pub(crate) occ: [super::bitboard::Bb; 2],
    pub(crate) pindex: Vec<u16>,
    pub(crate) stack: Vec<Undo>,
    /// Drops that mate count as legal despite a drop-mate ban (to compare with
    /// engines that count them so in perft).
    pub(crate) drop_mates_allowed: bool,
    /// The turn's moves left and en-passant rights, where turns have
    /// several moves (`[turns]`; otherwise left at its default).
    pub(crate) turn: TurnState,
    /// What `unmake` restores of the turn, one entry a move where turns
    /// have several moves.
    pub(crate) turn_stack: Vec<TurnUndo>,
}

/// The turn before a move (where turns have several moves).
#[derive(Clone, Copy, Debug)]
pub(crate) struct TurnUndo {
    pub turn: TurnState,
    pub side: Color,
    pub fullmove: u32,
}

/// Parts that cannot make a position of the variant (a castling right
/// without its rook, an en-passant square no piece passed, a side left in
/// check, more pieces than the game has).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvalidPosition(pub String);

/// How strictly a position is checked when it is built from text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strictness {
    /// Only positions that can arise in a game: the side not to move is not
    /// in check, hands hold only what captures can put there, no more pieces
    /// of a kind than the game has.
    Strict,
    /// Also positions no game reaches (for odd test suites): only the
    /// structure is checked (castling rights need their pieces).
    Lenient,
}

/// The royal pieces of a side.
pub(crate) enum RoyalSquares {
    None,
    One(Square),
    Many(Vec<Square>),
}

impl Position {
    /// The variant's start position.
    pub fn start(v: &Arc<Variant>) -> Position {
        Position::build(v, v.start.clone())
    }

    /// Builds a position from parts known to be valid.
    pub(crate) fn build(v: &Arc<Variant>, setup: Setup) -> Position {
        let v = &v.with_castle_squares(&setup.castle_squares);
        let g = &v.geometry;
        let mut pos = Position {
            v: v.clone(),
            board: setup.board,
            side: setup.side,
            stores: setup.stores,
            state: setup.state,
            castling: setup.castling,
            ep: Square::NONE,
            ep2: Square::NONE,
            ep_victim: Square::NONE,
            halfmove: setup.halfmove,
            fullmove: setup.fullmove,
            checks: setup.checks,
            count: setup.count,
            hash: 0,
            royal: [Square::NONE; 2],
            royal_count: [0; 2],
            plist: [Vec::new(), Vec::new()],
            command_count: [[0; super::rules::COMMAND_SLOTS]; 2],
            occ: [0; 2],
            pindex: vec![u16::MAX; g.nsq],
            stack: Vec::with_capacity(64),
            drop_mates_allowed: false,
            turn: TurnState::default(),
            turn_stack: Vec::new(),
        };
        pos.rebuild_lists();
        let known = (setup.ep.is_some()
            && setup.ep_victim.is_some()
            && passed_over(v, &pos.board, pos.side, setup.ep, setup.ep_victim))
        .then_some(setup.ep_victim);
        if setup.ep.is_some()
            && let Some(victim) = known.or_else(|| ep_victim(v, &pos.board, pos.side, setup.ep))
        {
            pos.ep = setup.ep;
            pos.ep_victim = victim;
            if setup.ep2.is_some()
                && setup.ep2 != setup.ep
                && passed_over(v, &pos.board, pos.side, setup.ep2, victim)
            {
                pos.ep2 = setup.ep2;
            }
        }
        pos.refresh_royals();
        if v.turns.is_some() {
            pos.build_turn(setup.turn);
        }
        pos.hash = pos.compute_hash();
        pos
    }

    /// The position's parts as data.
    pub(crate) fn setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            side: self.side,
            stores: self.stores.clone(),
            state: self.state.clone(),
            castling: self.castling,
            ep: self.ep,
            ep2: self.ep2,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            checks: self.checks,
            count: self.count,
            castle_squares: if self.v.castles_any_file() {
                self.v.castles.iter().map(|c| (c.king, c.rook)).collect()
            } else {
                Vec::new()
            },
            turn: self.v.turns.is_some().then_some(self.turn),
        }
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.v
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on a square.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The squares of a side's pieces, in no particular order.
    pub fn pieces(&self, color: Color) -> &[Square] {
        &self.plist[color.index()]
    }

    /// How many pieces of a kind a side holds in a store.
    pub fn count(&self, store: Store, color: Color, kind: PieceKind) -> u32 {
        self.stores[store as usize][color.index() * self.v.nkinds() + kind.index()] as u32
    }

    /// How many pieces of a kind a side holds in hand.
    pub fn hand(&self, color: Color, kind: PieceKind) -> u32 {
        self.count(Store::Hand, color, kind)
    }

    /// The Zobrist hash (equal positions have equal hashes).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Plies since the last capture or counter-resetting move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number of position text: in FEN it starts at 1 and grows
    /// after the second player moves; in SFEN it counts plies (1 at the start,
    /// 2 after the first move).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The en-passant target square, if a capture there is possible.
    pub fn en_passant(&self) -> Option<Square> {
        self.ep.some()
    }

    /// Every en-passant target square: the square a double step passed
    /// over, or both squares a triple step passed over.
    pub fn en_passant_squares(&self) -> Vec<Square> {
        [self.ep, self.ep2].into_iter().filter(|s| s.is_some()).collect()
    }

    /// A hook state slot's value.
    pub fn state(&self, slot: super::hook::StateSlot) -> u32 {
        self.state[slot.0]
    }

    /// Whether any placement reserve still holds a piece.
    pub fn in_placement(&self) -> bool {
        self.stores[Store::Reserve as usize].iter().any(|&n| n > 0)
    }

    /// Number of moves made since this position object was built.
    pub fn ply(&self) -> usize {
        self.stack.len()
    }

    /// The moves made since this position object was built, oldest first.
    pub fn history(&self) -> impl Iterator<Item = &Move> {
        self.stack.iter().map(|u| &u.mv)
    }

    /// A copy of the position without its move history (for trying a move
    /// out inside an attack test, where `&self` is all there is).
    pub(crate) fn scratch(&self) -> Position {
        Position {
            v: Arc::clone(&self.v),
            board: self.board.clone(),
            side: self.side,
            stores: self.stores.clone(),
            state: self.state.clone(),
            castling: self.castling,
            ep: self.ep,
            ep2: self.ep2,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            checks: self.checks,
            count: self.count,
            hash: self.hash,
            royal: self.royal,
            royal_count: self.royal_count,
            plist: self.plist.clone(),
            command_count: self.command_count,
            occ: self.occ,
            pindex: self.pindex.clone(),
            stack: Vec::new(),
            drop_mates_allowed: self.drop_mates_allowed,
            turn: self.turn,
            turn_stack: Vec::new(),
        }
    }

    /// Puts a piece (or `None`) on a square outside of a move, keeping piece
    /// lists, royal squares and the hash right. For setting up positions.
    pub fn set_square(&mut self, sq: Square, p: Option<Piece>) {
        if self.board[sq.index()].is_some() {
            self.take(sq);
        }
        if let Some(p) = p {
            self.put(sq, p);
        }
        self.refresh_royals();
    }

    /// A position with the same pieces but nothing else: empty stores, no
    /// castling, no en passant, `color` to move. For diagrams and mobility.
    pub(crate) fn bare(v: &Arc<Variant>, color: Color) -> Position {
        let mut setup = Setup::empty(v.geometry.nsq, v.nkinds(), v.state_fields.len());
        setup.side = color;
        Position::build(v, setup)
    }

    pub(crate) fn rebuild_lists(&mut self) {
        self.plist = [Vec::new(), Vec::new()];
        self.occ = [0; 2];
        self.command_count = [[0; super::rules::COMMAND_SLOTS]; 2];
        for sq in 0..self.board.len() {
            if let Some(p) = self.board[sq] {
                if p == self.v.wall {
                    // A wall is no side's piece and blocks both.
                    let b = super::bitboard::bit(Square::from_index(sq));
                    self.occ[0] |= b;
                    self.occ[1] |= b;
                    continue;
                }
                self.list_add(Square::from_index(sq), p);
            }
        }
    }

    /// Counts each side's royal pieces and keeps the highest royal square,
    /// walking the piece lists (not the whole board: set-up calls this for
    /// every square it fills). A kind with `royal_while_at_most` counts only
    /// while its side has at most that many of it on the board.
    pub(crate) fn refresh_royals(&mut self) {
        self.royal = [Square::NONE; 2];
        self.royal_count = [0; 2];
        for c in 0..2 {
            let color = if c == 0 { Color::First } else { Color::Second };
            for i in 0..self.plist[c].len() {
                let sq = self.plist[c][i];
                if let Some(p) = self.board[sq.index()]
                    && self.royal_now(color, p.kind())
                {
                    if !self.royal[c].is_some() || sq > self.royal[c] {
                        self.royal[c] = sq;
                    }
                    self.royal_count[c] += 1;
                }
            }
        }
    }

    /// Whether `color`'s pieces of `kind` are royal now: a royal kind, and
    /// under `royal_while_at_most` while the side has at most that many.
    pub(crate) fn royal_now(&self, color: Color, kind: PieceKind) -> bool {
        let def = self.v.def(kind);
        def.royal && (def.royal_limit == 0 || self.count_on_board(color, kind) <= def.royal_limit as usize)
    }

    /// How many pieces of `kind` (and the kinds counted with it,
    /// `royal_counted_with`) `color` has on the board.
    pub(crate) fn count_on_board(&self, color: Color, kind: PieceKind) -> usize {
        let group = self.v.def(kind).royal_group;
        self.plist[color.index()]
            .iter()
            .filter(|s| {
                self.board[s.index()]
                    .is_some_and(|p| p.color() == color && (p.kind() == kind || group.contains(p.kind())))
            })
            .count()
    }

    /// Royal squares of a side.
    pub(crate) fn royal_squares(&self, color: Color) -> RoyalSquares {
        match self.royal_count[color.index()] {
            0 => RoyalSquares::None,
            1 => RoyalSquares::One(self.royal[color.index()]),
            _ => RoyalSquares::Many(
                self.plist[color.index()]
                    .iter()
                    .copied()
                    .filter(|s| self.board[s.index()].is_some_and(|p| self.royal_now(color, p.kind())))
                    .collect(),
            ),
        }
    }

    /// Whether a side has a royal piece on the board.
    pub fn has_royal(&self, color: Color) -> bool {
        self.royal_count[color.index()] > 0
    }

    #[inline(always)]
    pub(crate) fn store_index(&self, color: Color, kind: PieceKind) -> usize {
        color.index() * self.v.nkinds() + kind.index()
    }

    #[inline(always)]
    pub(crate) fn piece_key(&self, p: Piece, sq: Square) -> u64 {
        self.v.zobrist.piece[p.code() * self.v.geometry.nsq + sq.index()]
    }

    #[inline]
    pub(crate) fn store_key(&self, store: Store, idx: usize, count: u16) -> u64 {
        if count == 0 {
            0
        } else {
            let base = self.v.zobrist.store[store as usize * 2 * self.v.nkinds() + idx];
            mix(base ^ count as u64)
        }
    }

    #[inline]
    pub(crate) fn checks_key(&self, c: Color, n: u16) -> u64 {
        if n == 0 {
            0
        } else {
            mix(self.v.zobrist.checks[c.index()] ^ n as u64)
        }
    }

    #[inline]
    pub(crate) fn state_key(&self, slot: usize, value: u32) -> u64 {
        if value == 0 {
            0
        } else {
            mix(self.v.zobrist.state[slot] ^ value as u64)
        }
    }

    /// The hash computed from scratch (the incremental one must equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in 0..self.board.len() {
            if let Some(p) = self.board[sq] {
                h ^= self.piece_key(p, Square::from_index(sq));
            }
        }
        for store in Store::ALL {
            for (idx, &n) in self.stores[store as usize].iter().enumerate() {
                h ^= self.store_key(store, idx, n);
            }
        }
        if self.side == Color::Second {
            h ^= self.v.zobrist.side;
        }
        for i in 0..self.v.rights() {
            if self.castling & (1 << i) != 0 {
                h ^= self.v.zobrist.castling[i];
            }
        }
        if self.ep.is_some() {
            h ^= self.v.zobrist.ep[self.ep.index()];
        }
        if self.ep2.is_some() {
            h ^= self.v.zobrist.ep[self.ep2.index()];
        }
        for c in Color::BOTH {
            h ^= self.checks_key(c, self.checks[c.index()]);
        }
        for (slot, &value) in self.state.iter().enumerate() {
            h ^= self.state_key(slot, value);
        }
        if self.v.turns.is_some() {
            h ^= turn_key(&self.turn);
        }
        h
    }

    /// Effects recorded so far for the move being made.
    pub(crate) fn stack_top_effects(&self) -> &[Effect] {
        self.stack.last().map_or(&[], |u| &u.effects)
    }

    /// The squares the last move emptied of a piece besides its own capture
    /// squares: the pieces a range capture jumped and those a hook removed
    /// (burnt), in the order they went. Empty before any move.
    pub fn last_move_removed(&self) -> Vec<Square> {
        let mut out = Vec::new();
        for e in self.stack_top_effects() {
            if let Effect::Square(sq, Some(_)) = *e
                && self.board[sq.index()].is_none()
                && !out.contains(&sq)
            {
                out.push(sq);
            }
        }
        out
    }
}

/// A 64-bit mixer (splitmix64's finaliser), for keys of counts and values.
#[inline]
/// The hash of a turn's state: its moves left and its en-passant rights
/// (keys of their own, apart from the one-move game's).
pub(crate) fn turn_key(t: &TurnState) -> u64 {
    let mut h = mix(0x7475_726e_0000_0000 ^ t.left as u64);
    for e in t.eps() {
        h ^= mix(0x6570_0000_0000_0000 ^ ((e.square.0 as u64) << 16) ^ e.victim.0 as u64);
    }
    h
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Checks that parsed parts make a position of the variant.
/// Checks that a position's material can arise in a game of the variant.
/// The piece that passed over the en-passant square `ep` with a double
/// (or triple) step: a piece of the side that just moved (not `side`), one
/// step beyond `ep` in any direction (straight ahead as a pawn steps, or
/// diagonally as a Berolina pawn does), or two steps beyond it past an
/// empty square (a triple step's first square), of a kind whose step from
/// the square before the squares passed leaves en-passant squares (see
/// [`passed_over`]). Straight ahead is preferred when several could have,
/// and one step beyond before two.
pub(crate) fn ep_victim(v: &Variant, board: &[Option<Piece>], side: Color, ep: Square) -> Option<Square> {
    let g = &v.geometry;
    let forward = if side.other() == Color::First { 1 } else { -1 };
    let dirs = [
        (0, forward),
        (-1, forward),
        (1, forward),
        (-1, 0),
        (1, 0),
        (0, -forward),
        (-1, -forward),
        (1, -forward),
    ];
    [1, 2]
        .into_iter()
        .flat_map(|n| dirs.into_iter().map(move |d| (d.0 * n, d.1 * n)))
        .filter_map(|d| g.offset(ep, d))
        .find(|&victim| passed_over(v, board, side, ep, victim))
}

/// Whether the piece on `victim`, of the side that just moved (not
/// `side`), has just passed over the square `sq` with a step that
/// leaves en-passant squares (`sq` may hold the wall placed after that
/// move): a double step from the square before `sq`
/// (one step beyond it is `victim`), or a triple step — an `i…n…` step
/// passing two squares, both en-passant squares — whose passed squares
/// `sq` is one of. The square left must be empty (or hold the wall placed
/// after the move) and one the piece's step there may be taken en passant
/// from (`en_passant_from_ranks`).
pub(crate) fn passed_over(
    v: &Variant,
    board: &[Option<Piece>],
    side: Color,
    sq: Square,
    victim: Square,
) -> bool {
    let g = &v.geometry;
    let mover = side.other();
    let Some(p) = board[victim.index()] else {
        return false;
    };
    if p.color() != mover || sq == victim {
        return false;
    }
    let def = v.def(p.kind());
    let left_empty = |origin: Square| match board[origin.index()] {
        None => true,
        Some(w) => v.placed_walls() && w == v.wall,
    };
    let leaves_ep = |origin: Square| left_empty(origin) && def.ep_from[mover.index()][origin.index()];
    // A step from `origin` that leaves en-passant squares, passes `passed`
    // empty squares and ends on `victim`: the piece's own, in that
    // direction, from a square it may take it from.
    let step = |origin: Square, passed: u16| {
        leaves_ep(origin) && def.rays[mover.index()].iter().any(|r| {
            r.rule.ep_create
                && (passed == 1
                    || matches!(r.rule.passing, super::program::Passing::Empty { steps, .. } if steps == passed))
                && (!r.rule.initial || def.initial[mover.index()][origin.index()])
                && (!r.rule.zone || def.zone[mover.index()][origin.index()])
                && g.ray(r.vector, origin).first() == Some(&victim)
        })
    };
    let triple = |origin: Square| step(origin, 2);
    let (df, dr) = (
        g.file(victim) as i32 - g.file(sq) as i32,
        g.rank(victim) as i32 - g.rank(sq) as i32,
    );
    let back = |n: i32, unit: (i32, i32)| g.offset(sq, (-unit.0 * n, -unit.1 * n));
    let empty = |s: Option<Square>| s.is_some_and(|s| board[s.index()].is_none());
    if df.abs() <= 1 && dr.abs() <= 1 {
        let d = (df, dr);
        // A double step from the square before, or the second square of a
        // triple step from two squares before.
        back(1, d).is_some_and(|origin| step(origin, 1))
            || (empty(back(1, d)) && back(2, d).is_some_and(triple))
    } else if df % 2 == 0 && dr % 2 == 0 && df.abs() <= 2 && dr.abs() <= 2 {
        // The first square of a triple step: the next one passed too.
        let unit = (df / 2, dr / 2);
        empty(g.offset(sq, unit)) && back(1, unit).is_some_and(triple)
    } else {
        false
    }
}
