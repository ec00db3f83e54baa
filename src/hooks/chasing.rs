//! `chasing` (xiangqi): a repetition in which one side chased an enemy piece
//! with every move loses for that side, as perpetual check does — the Asian
//! rules as Fairy-Stockfish applies them (its AXF chasing rule).
//!
//! Why a hook: what counts as a chase rests on xiangqi's own classes of
//! pieces — a horse or cannon chases a chariot even when it is protected, an
//! elephant or advisor chases a chariot, cannon or horse; attacks on the
//! general (checks) and on soldiers that have not crossed the river never
//! count; mutual attacks between pieces of one kind do not count unless the
//! target is pinned, but a lame horse's one-sided attack does; protection by
//! a pinned piece, or by the general where recapturing would bring the
//! generals face to face, is no protection. No rules-file key can say that.
//!
//! After each move, the pieces it newly chases are those it attacks
//! directly or by discovery, that are unprotected or stronger, plus pieces
//! left without their protection by a new pin, plus pieces a discovered
//! check attacks that the general cannot take back. A side chased
//! perpetually when one piece was chased after each of its moves since the
//! first occurrence of the repeated position (following the piece when it
//! moves). If only one side chased, it loses; if both, the repetition draws.

use std::sync::Arc;

use crate::engine::{
    Color, GameResult, Hook, HookContext, HookEntry, HookError, Move, MoveKind, Piece, PieceKind, Position,
    Reason, Square, Strictness,
};

/// The registry entry.
pub const ENTRY: HookEntry = HookEntry {
    name: "chasing",
    summary: "a repetition in which one side chased an unprotected or stronger enemy piece with every move loses for that side (xiangqi, Fairy-Stockfish's AXF chasing rule)",
    build,
};

/// The reason a chase ends the game with (a repetition's ending, which
/// Fairy-Stockfish's interface reports as one to claim).
pub const PERPETUAL_CHASE: &str = "perpetual chase";

/// The most squares the hook handles (its square sets are 128 bits).
const MAX_SQUARES: usize = 128;

fn build(cx: &mut HookContext<'_>) -> Result<Arc<dyn Hook>, HookError> {
    let squares = cx.variant().board().squares();
    if squares > MAX_SQUARES {
        return Err(HookError::BadOption {
            hook: ENTRY.name.to_string(),
            option: "board".to_string(),
            message: format!("the board has {squares} squares; this rule handles at most {MAX_SQUARES}"),
        });
    }
    Ok(Arc::new(Chasing {
        general: cx.kind("general")?,
        advisor: cx.kind("advisor")?,
        elephant: cx.kind("elephant")?,
        horse: cx.kind("horse")?,
        chariot: cx.kind("chariot")?,
        cannon: cx.kind("cannon")?,
        soldier: cx.kind("soldier")?,
    }))
}

/// A set of squares.
type Set = u128;

fn bit(s: Square) -> Set {
    1u128 << s.index()
}

fn squares(set: Set) -> impl Iterator<Item = Square> {
    (0..MAX_SQUARES)
        .filter(move |&i| set & (1u128 << i) != 0)
        .map(Square::from_index)
}

/// What every part of the chase test looks at.
struct Scene<'a> {
    pos: &'a Position,
    /// The side whose pieces are chased (to move).
    stm: Color,
    own: Set,
    /// Pieces that protect nothing (pinned, or alone between the generals).
    pins: Set,
    /// The general and the soldiers before the river.
    excluded: Set,
}

#[derive(Debug)]
struct Chasing {
    general: PieceKind,
    advisor: PieceKind,
    elephant: PieceKind,
    horse: PieceKind,
    chariot: PieceKind,
    cannon: PieceKind,
    soldier: PieceKind,
}

/// A position without its move list, to try changes on.
fn snapshot(pos: &Position) -> Option<Position> {
    Position::from_text_with(pos.variant(), &pos.to_text(), Strictness::Lenient).ok()
}

/// The pieces of one side on the board.
fn side(pos: &Position, c: Color) -> Set {
    pos.pieces(c).iter().fold(0, |acc, &s| acc | bit(s))
}

/// The pieces of one side and kind on the board.
fn of_kind(pos: &Position, c: Color, k: PieceKind) -> Set {
    pos.pieces(c)
        .iter()
        .filter(|&&s| pos.piece_at(s).is_some_and(|p| p.kind() == k))
        .fold(0, |acc, &s| acc | bit(s))
}

/// The occupied squares the piece `p`, standing on `s`, attacks on this
/// board (pieces of either side): its own side's pieces are shown to it as
/// enemies, so that its captures are its attacks.
fn attacks_of(pos: &Position, s: Square, p: Piece) -> Set {
    let mut q = pos.clone();
    for t in squares(side(pos, p.color()) & !bit(s)) {
        if let Some(o) = q.piece_at(t) {
            q.set_square(t, Some(Piece::new(o.kind(), !o.color())));
        }
    }
    q.set_square(s, Some(p));
    let mut out = Vec::new();
    q.piece_moves(s, p, &mut out);
    out.iter()
        .filter(|m| m.kind() == MoveKind::Board)
        .flat_map(|m| m.captures())
        .fold(0, |acc, t| acc | bit(t))
}

/// What the piece on `s` attacks.
fn attacks(pos: &Position, s: Square) -> Set {
    pos.piece_at(s).map_or(0, |p| attacks_of(pos, s, p))
}

/// The pieces of side `by` that attack `s`, with the squares of `removed`
/// emptied first.
fn attackers_to(pos: &Position, s: Square, by: Color, removed: Set) -> Set {
    let mut q = pos.clone();
    for r in squares(removed) {
        q.set_square(r, None);
    }
    squares(side(&q, by))
        .filter(|&a| attacks(&q, a) & bit(s) != 0)
        .fold(0, |acc, a| acc | bit(a))
}

impl Chasing {
    fn general_square(&self, pos: &Position, c: Color) -> Option<Square> {
        squares(of_kind(pos, c, self.general)).next()
    }

    /// Pieces of either side whose removal would let a piece of `!c`
    /// attack `c`'s general that does not attack it now.
    fn blockers_for_general(&self, pos: &Position, c: Color) -> Set {
        let Some(g) = self.general_square(pos, c) else {
            return 0;
        };
        let now = attackers_to(pos, g, !c, 0);
        let all = side(pos, Color::First) | side(pos, Color::Second);
        squares(all & !bit(g))
            .filter(|&x| attackers_to(pos, g, !c, bit(x)) & !now & !bit(x) != 0)
            .fold(0, |acc, x| acc | bit(x))
    }

    /// Soldiers of `c` that have not crossed the river, and `c`'s general:
    /// attacks on them are never chases.
    fn never_chased(&self, pos: &Position, c: Color) -> Set {
        let v = pos.variant();
        let g = v.board();
        let half = g.ranks() as u32 / 2;
        let raw = squares(of_kind(pos, c, self.soldier))
            .filter(|&s| g.relative_rank(s, c) <= half)
            .fold(0, |acc, s| acc | bit(s));
        raw | of_kind(pos, c, self.general)
    }

    /// The side to move's pieces the last move (`mv`, from `prev`) chases.
    fn chased(&self, pos: &Position, prev: &Position, mv: &Move) -> Set {
        let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
            return 0;
        };
        let stm = pos.side_to_move();
        let board_pins = self.blockers_for_general(pos, stm);
        let scene = Scene {
            pos,
            stm,
            own: side(pos, stm),
            pins: board_pins | self.facing_pins(pos, stm),
            excluded: self.never_chased(pos, stm),
        };
        let mut b: Set = 0;
        // Direct attacks of the moved piece (new ones only, for riders).
        if let Some(moved) = pos.piece_at(to)
            && moved.kind() != self.general
            && moved.kind() != self.soldier
        {
            let mut direct = attacks(pos, to) & scene.own;
            if moved.kind() == self.chariot || moved.kind() == self.cannon {
                direct &= !self.line(pos, from, to);
            }
            self.add(&scene, to, moved.kind(), direct, &mut b);
        }
        self.discovered(&scene, mv, from, to, &mut b);
        let new_pins = board_pins & !self.blockers_for_general(prev, stm);
        self.new_pins(&scene, new_pins, &mut b);
        b
    }

    /// The side's only piece between the two generals' files counts as
    /// pinned (the flying general).
    fn facing_pins(&self, pos: &Position, stm: Color) -> Set {
        let Some(mg) = self.general_square(pos, !stm) else {
            return 0;
        };
        let geo = pos.variant().board();
        let on_file = squares(side(pos, stm))
            .filter(|&s| geo.file(s) == geo.file(mg))
            .fold(0, |acc, s| acc | bit(s));
        let generals = of_kind(pos, stm, self.general);
        let others = on_file & !generals;
        if on_file & generals != 0 && others.count_ones() <= 1 {
            others
        } else {
            0
        }
    }

    /// Adds to `b` the pieces among `hits` (attacked by the `kind` on `at`)
    /// that count as chased.
    fn add(&self, sc: &Scene<'_>, at: Square, kind: PieceKind, hits: Set, b: &mut Set) {
        if hits & !*b == 0 {
            return;
        }
        let (pos, stm) = (sc.pos, sc.stm);
        let mut hits = hits & !sc.excluded;
        // Stronger pieces are chased even when protected.
        if kind == self.horse || kind == self.cannon {
            *b |= hits & of_kind(pos, stm, self.chariot);
        }
        if kind == self.elephant || kind == self.advisor {
            *b |= hits
                & (of_kind(pos, stm, self.chariot)
                    | of_kind(pos, stm, self.cannon)
                    | of_kind(pos, stm, self.horse));
        }
        // Mutual attacks do not count, but a lame horse's one-sided one does.
        let geo = pos.variant().board();
        let lame = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .into_iter()
            .filter_map(|d| geo.offset(at, d))
            .any(|s| pos.piece_at(s).is_some());
        if kind == self.horse && lame {
            for s in squares(hits & of_kind(pos, stm, self.horse)) {
                if attacks(pos, s) & bit(at) != 0 {
                    hits &= !bit(s);
                }
            }
        } else {
            hits &= !of_kind(pos, stm, kind) | sc.pins;
        }
        let generals = of_kind(pos, stm, self.general);
        for s in squares(hits) {
            let roots = attackers_to(pos, s, stm, bit(at)) & !sc.pins;
            let facing = roots == generals
                && self.general_square(pos, !stm).is_some_and(|mg| {
                    // The general could take back only by facing the other.
                    let mut q = pos.clone();
                    q.set_square(at, None);
                    attacks_of(&q, mg, Piece::new(self.chariot, stm)) & bit(s) != 0
                });
            if roots == 0 || facing {
                *b |= bit(s);
            }
        }
    }

    /// Discovered attacks: the pieces whose lines or legs the move opened.
    fn discovered(&self, sc: &Scene<'_>, mv: &Move, from: Square, to: Square, b: &mut Set) {
        let pos = sc.pos;
        let mover = !sc.stm;
        let geo = pos.variant().board();
        let near = |s: Square, ds: &[(i32, i32)]| -> Set {
            ds.iter()
                .filter_map(|&d| geo.offset(s, d))
                .fold(0, |acc, t| acc | bit(t))
        };
        let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let lines = |s: Square| self.line(pos, s, s) & !bit(s);
        let candidates = (near(from, &orth) & of_kind(pos, mover, self.horse))
            | (near(from, &diag) & of_kind(pos, mover, self.elephant))
            | (lines(from) & (of_kind(pos, mover, self.cannon) | of_kind(pos, mover, self.chariot)))
            | (lines(to) & of_kind(pos, mover, self.cannon));
        // The board before the move, for each piece as it stands now.
        let mut before = pos.clone();
        if let Some(p) = pos.piece_at(to) {
            before.set_square(from, Some(p));
        }
        if !mv.is_capture() {
            before.set_square(to, None);
        }
        for s in squares(candidates) {
            let Some(p) = pos.piece_at(s) else { continue };
            let discoveries = sc.own & attacks(pos, s) & !attacks_of(&before, s, p);
            self.add(sc, s, p.kind(), discoveries, b);
        }
    }

    /// New pins take protection away (pieces a newly pinned piece guarded
    /// are chased if attacked); a new discovered check chases what it
    /// attacks that the general cannot take back.
    fn new_pins(&self, sc: &Scene<'_>, new_pins: Set, b: &mut Set) {
        let (pos, stm) = (sc.pos, sc.stm);
        let mover = !stm;
        let mover_pins = self.blockers_for_general(pos, mover);
        for s in squares(new_pins & sc.own) {
            for s2 in squares(sc.own & !sc.excluded & attacks(pos, s)) {
                if attackers_to(pos, s2, mover, 0) & !mover_pins != 0 {
                    *b |= bit(s2);
                }
            }
        }
        let Some(g) = self.general_square(pos, stm) else {
            return;
        };
        let reach = attacks(pos, g);
        for s in squares(new_pins & side(pos, mover)) {
            let hits = attacks(pos, s) & sc.own;
            *b |= hits & !reach;
            for s2 in squares(hits & reach) {
                if attackers_to(pos, s2, mover, bit(s) | bit(g)) != 0 {
                    *b |= bit(s2);
                }
            }
        }
    }

    /// The squares of the rank or file through `a` and `b` (none if they
    /// share neither; both lines when `a` is `b`).
    fn line(&self, pos: &Position, a: Square, b: Square) -> Set {
        let geo = pos.variant().board();
        let same_file = geo.file(a) == geo.file(b);
        let same_rank = geo.rank(a) == geo.rank(b);
        squares(!0u128 >> (MAX_SQUARES - geo.squares()))
            .filter(|&t| {
                (same_file && geo.file(t) == geo.file(a)) || (same_rank && geo.rank(t) == geo.rank(a))
            })
            .fold(0, |acc, t| acc | bit(t))
    }
}

/// A set of pieces followed back over a move: the piece that moved is
/// looked for where it came from.
fn undo_move(set: Set, mv: &Move) -> Set {
    match (mv.from(), mv.to()) {
        (Some(from), Some(to)) if set & bit(to) != 0 => (set & !bit(to)) | bit(from),
        _ => set,
    }
}

impl Hook for Chasing {
    fn name(&self) -> &'static str {
        ENTRY.name
    }

    fn changes_board(&self) -> bool {
        false
    }

    fn reasons(&self) -> &'static [&'static str] {
        &[PERPETUAL_CHASE]
    }

    fn repetition(&self, pos: &Position, plies: usize) -> Option<GameResult> {
        // Positions P[0] (plies + 1 back, if the list reaches) … P[last] (now),
        // with the move that led to each.
        let moves: Vec<Move> = pos.history().copied().collect();
        let back = (plies + 1).min(moves.len());
        let mut walk = pos.clone();
        let mut boards = Vec::with_capacity(back + 1);
        boards.push(snapshot(&walk)?);
        for _ in 0..back {
            walk.unmake();
            boards.push(snapshot(&walk)?);
        }
        boards.reverse();
        let led = &moves[moves.len() - back..];
        // chased[k]: pieces chased after the k-th move counted from now
        // (k = 0: the last move); None before the list starts.
        let chased = |k: usize| -> Option<Set> {
            let i = boards.len() - 1 - k;
            (i >= 1).then(|| self.chased(&boards[i], &boards[i - 1], &led[i - 1]))
        };
        let mv = |k: usize| &led[led.len() - 1 - k];
        let follow = |start: usize, end: usize| -> Set {
            let mut set = chased(start).unwrap_or(0);
            let mut k = start + 2;
            while k <= end {
                set = undo_move(set, mv(k - 1));
                if let Some(c) = chased(k) {
                    set &= c;
                }
                k += 2;
            }
            set
        };
        // The side that just moved chased after its moves 0, 2, …, plies;
        // the side to move after its moves 1, 3, …, plies - 1.
        let them = follow(0, plies);
        let us = follow(1, plies - 1);
        let stm = pos.side_to_move();
        let reason = Reason::Rule(PERPETUAL_CHASE);
        match (them != 0, us != 0) {
            (false, false) => None,
            (true, false) => Some(GameResult::win(stm, reason)),
            (false, true) => Some(GameResult::win(!stm, reason)),
            (true, true) => Some(GameResult::draw(reason)),
        }
    }
}
