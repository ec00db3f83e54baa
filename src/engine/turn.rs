//! Turns of several moves (`[turns]`): after a move, whether the turn goes
//! on (the same side moves again) or passes to the opponent, with the turn's
//! moves left and the en-passant rights that last through a turn in the
//! position, its hash and what `unmake` restores.
//!
//! A turn's en-passant rights are kept as a list: each double step of a
//! turn leaves a right for the opponent's next turn (Marseillais chess:
//! "even if the opponent moved the pawn on the first move of their turn";
//! progressive chess: "at some point during the last turn"), lost when the
//! pawn moves on or is taken. The opponent may use them on the first move
//! of its turn only, or, with `en_passant_chain`, on the moves right after
//! an en-passant capture too. The engine's own en-passant square is the
//! first right the side to move holds; legality adds the others' captures.

use super::moves::Move;
use super::position::{Position, TurnUndo, turn_key};
use super::rules::{EpEntry, TurnState};
use super::types::{Color, Square};
use super::variant::PositionStyle;

impl Position {
    /// The turn's moves left, the one to play counted (1 where turns are one
    /// move).
    pub fn moves_left_in_turn(&self) -> u32 {
        if self.v.turns.is_some() { self.turn.left } else { 1 }
    }

    /// The side that made the last move made on this position object (none
    /// before one).
    pub fn last_mover(&self) -> Option<Color> {
        self.stack.last()?;
        Some(match self.turn_stack.last() {
            Some(u) if self.v.turns.is_some() => u.side,
            _ => !self.side,
        })
    }

    /// The moves of the side to move's whole turn (1 where turns are one
    /// move).
    pub fn turn_length(&self) -> u32 {
        match &self.v.turns {
            Some(t) => t.length(self.side, self.turn_index()).max(self.turn.left),
            None => 1,
        }
    }

    /// "move 1 of 2" of the side to move's turn, where turns have several
    /// moves (for boards and game records).
    pub fn turn_progress(&self) -> Option<(u32, u32)> {
        self.v.turns?;
        let whole = self.turn_length();
        Some((whole + 1 - self.turn.left.min(whole), whole))
    }

    /// Whether the side to move is at the start of its turn (always, where
    /// turns are one move).
    pub fn at_turn_start(&self) -> bool {
        match &self.v.turns {
            Some(t) => self.turn.left == t.length(self.side, self.turn_index()),
            None => true,
        }
    }

    /// The game's turn number from 0 (the first player's first turn), by
    /// the move counter: FEN counts both sides' turns, SFEN each turn.
    pub(crate) fn turn_index(&self) -> u64 {
        self.turn_index_at(self.fullmove, self.side)
    }

    /// The turn number of `side`'s turn under the move counter `fullmove`.
    fn turn_index_at(&self, fullmove: u32, side: Color) -> u64 {
        let done = u64::from(fullmove.max(1) - 1);
        match self.v.position_style {
            PositionStyle::Sfen => done,
            PositionStyle::Fen => 2 * done + side.index() as u64,
        }
    }

    /// The turn of a position built from parts: the side to move's whole
    /// turn unless given; the rights from the en-passant square when no
    /// list is given; the engine's square from the list.
    pub(crate) fn build_turn(&mut self, given: Option<TurnState>) {
        let Some(t) = self.v.turns else { return };
        self.turn = given.unwrap_or_default();
        if self.turn.left == 0 || given.is_none() {
            self.turn.left = t.length(self.side, self.turn_index());
        }
        if self.ep.is_some() && !self.turn.eps().iter().any(|e| e.square == self.ep) {
            self.turn.push_ep(EpEntry {
                square: self.ep,
                second: self.ep2,
                victim: self.ep_victim,
            });
        }
        self.ep = Square::NONE;
        self.ep2 = Square::NONE;
        self.ep_victim = Square::NONE;
        self.set_turn_ep(false);
    }

    /// The engine's en-passant square: the first right the side to move
    /// holds (hashed as the one-move game's when `hash`).
    fn set_turn_ep(&mut self, hash: bool) {
        let side = self.side;
        let board = &self.board;
        if let Some(e) = self
            .turn
            .eps()
            .iter()
            .find(|e| board[e.victim.index()].is_some_and(|p| p.color() != side))
        {
            self.ep = e.square;
            self.ep2 = e.second;
            self.ep_victim = e.victim;
            if hash {
                self.hash ^= self.v.zobrist.ep[e.square.index()];
                if e.second.is_some() {
                    self.hash ^= self.v.zobrist.ep[e.second.index()];
                }
            }
        }
    }

    /// After `make` played `mv` for `us` (the side already passed to the
    /// opponent, the move counter moved as for a one-move turn): the turn
    /// goes on or ends. `before` is the turn and move counter before the
    /// move; `took_ep` whether it took en passant.
    pub(crate) fn after_turn_move(&mut self, mv: Move, us: Color, before: (TurnState, u32), took_ep: bool) {
        let Some(t) = self.v.turns else { return };
        self.turn_stack.push(TurnUndo {
            turn: before.0,
            side: us,
            fullmove: before.1,
        });
        self.hash ^= turn_key(&self.turn);
        let created = self.ep.is_some().then_some(EpEntry {
            square: self.ep,
            second: self.ep2,
            victim: self.ep_victim,
        });
        self.clear_ep();
        let caps = mv.captures();
        let board = &self.board;
        self.turn.retain_eps(|e| {
            e.victim != mv.from && !caps.contains(&e.victim) && board[e.victim.index()].is_some()
        });
        if let Some(e) = created {
            self.turn.push_ep(e);
        }
        let goes_on = self.turn.left > 1 && self.side != us && !(t.check_ends_turn && self.in_check(!us));
        if goes_on {
            self.turn.left -= 1;
            self.side = us;
            self.hash ^= self.v.zobrist.side;
            self.fullmove = before.1;
            if !(t.en_passant_chain && took_ep) {
                self.keep_rights_of(!us);
            }
        } else {
            self.count_quiet_turn(us, before);
            self.end_turn(us);
        }
        self.set_turn_ep(true);
        self.hash ^= turn_key(&self.turn);
    }

    /// `us`'s turn ended with the move just made (`before` as in
    /// [`Self::after_turn_move`]): it was quiet, for `[end]
    /// quiet_turn_rule`, when the halfmove clock covers all its moves.
    fn count_quiet_turn(&mut self, us: Color, before: (TurnState, u32)) {
        let (Some(t), Some(_)) = (self.v.turns, self.v.end.quiet_turn_rule) else {
            return;
        };
        let left = before.0.left;
        let whole = t.length(us, self.turn_index_at(before.1, us)).max(left);
        let made = whole - left + 1;
        self.turn.quiet = if self.halfmove >= made {
            self.turn.quiet + 1
        } else {
            0
        };
    }

    /// `us`'s turn is over (the side to move already the opponent's): the
    /// rights `us` held are gone, and the opponent's turn starts whole.
    fn end_turn(&mut self, us: Color) {
        let Some(t) = self.v.turns else { return };
        self.keep_rights_of(!us);
        self.turn.left = t.length(self.side, self.turn_index());
    }

    /// Keeps only the en-passant rights `holder` will hold (those against
    /// the other side's pieces).
    fn keep_rights_of(&mut self, holder: Color) {
        let board = &self.board;
        self.turn
            .retain_eps(|e| board[e.victim.index()].is_some_and(|p| p.color() != holder));
    }

    /// A null move where turns have several moves: the turn ends there.
    pub(crate) fn null_turn(&mut self, us: Color, fullmove: u32) {
        let before = self.turn;
        self.turn_stack.push(TurnUndo {
            turn: before,
            side: us,
            fullmove,
        });
        self.hash ^= turn_key(&self.turn);
        self.end_turn(us);
        self.set_turn_ep(true);
        self.hash ^= turn_key(&self.turn);
    }

    /// `unmake`'s part where turns have several moves: the side, move
    /// counter and turn before the move; returns the side that moved.
    pub(crate) fn unmake_turn(&mut self) -> Color {
        match self.turn_stack.pop() {
            Some(u) => {
                self.side = u.side;
                self.fullmove = u.fullmove;
                self.turn = u.turn;
                u.side
            }
            None => {
                self.side = !self.side;
                self.side
            }
        }
    }
}

impl Position {
    /// Where royal pieces need be safe only when a turn ends: whether
    /// `c`'s royal piece is in check, that is attacked now, or open to
    /// capture within the opponent's next turn (its first moves may leave
    /// its own royal piece attacked: only the capture counts). Elsewhere:
    /// attacked now.
    pub(crate) fn turn_check(&self, c: Color) -> bool {
        if self.in_check(c) {
            return true;
        }
        let Some(t) = self.v.turns.filter(|t| t.end_of_turn) else {
            return false;
        };
        let k = if self.side == !c {
            self.turn.left
        } else {
            t.length(!c, self.turn_index() + 1)
        };
        if k < 2 {
            return false;
        }
        let mut p = self.scratch();
        if p.side != !c {
            p.side = !c;
            p.ep = Square::NONE;
            p.ep2 = Square::NONE;
            p.turn = TurnState::default();
        }
        p.turn.left = k;
        p.capture_within(c, k - 1)
    }

    /// With `!c` to move and at least `depth + 1` moves left in its turn:
    /// whether some `depth` of its moves leave `c`'s royal piece attacked.
    pub(crate) fn capture_within(&mut self, c: Color, depth: u32) -> bool {
        let mut moves = Vec::new();
        self.pseudo_moves(&mut moves);
        for m in moves {
            self.make(m);
            let hit = self.in_check(c) || (depth > 1 && self.side == !c && self.capture_within(c, depth - 1));
            self.unmake();
            if hit {
                return true;
            }
        }
        false
    }
}
