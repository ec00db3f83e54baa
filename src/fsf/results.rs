//! The end of a game in pyffish's and ffish.js's terms: scores for the
//! side to move, the immediate and the optional (claimable) ends, result
//! strings, and the questions about a position they ask alongside (check,
//! capture, material).

use crate::engine::{Color, GameResult, Move, Position, Reason, Store};
use crate::game::Game;
use crate::import::fsf::BoardPiece;

/// Fairy-Stockfish's score of a won game, for the side to move.
pub const VALUE_MATE: i32 = 32000;
/// Fairy-Stockfish's score of a drawn game.
pub const VALUE_DRAW: i32 = 0;

/// Endings Fairy-Stockfish leaves to a claim (`is_optional_game_end`):
/// repetition (with its perpetual-check rule and xiangqi's perpetual
/// chase), the fifty-move rule, counting, sittuyin's stalemate of a side
/// that could only promote. chimera's rules end the game there by
/// themselves.
fn optional(r: &GameResult) -> bool {
    matches!(
        r.reason,
        Reason::Repetition
            | Reason::PerpetualCheck
            | Reason::FiftyMoves
            | Reason::Counting
            | Reason::OnlyPromotions
    ) || r.reason == Reason::Rule(crate::hooks::chasing::PERPETUAL_CHASE)
}

/// Endings by having no legal move (`game_result`'s).
fn no_move(r: &GameResult) -> bool {
    matches!(r.reason, Reason::Checkmate | Reason::Stalemate)
}

/// A result as a score for `to_move`: [`VALUE_MATE`] won, `-VALUE_MATE`
/// lost, [`VALUE_DRAW`] drawn.
pub fn score(r: &GameResult, to_move: Color) -> i32 {
    match r.winner {
        None => VALUE_DRAW,
        Some(w) if w == to_move => VALUE_MATE,
        Some(_) => -VALUE_MATE,
    }
}

/// pyffish's `game_result`: the result of a position with no legal move
/// (or one a rule has ended) as a score for the side to move; 0 for a
/// position that is not over.
pub fn game_result(game: &mut Game) -> i32 {
    let to_move = game.side_to_move();
    let pos = &mut game.pos;
    if let Some(r) = pos.decided() {
        return score(&r, to_move);
    }
    if pos.legal_move_list().is_empty() {
        return score(&pos.no_move_result(), to_move);
    }
    game.result().map_or(0, |r| score(&r, to_move))
}

/// pyffish's `is_immediate_game_end`: `Some(score)` when a rule has ended
/// the game at once (a check count, a piece on a winning square, a lost
/// king or army, …); `None` otherwise (pyffish's `(False, _)`). Having
/// no legal move is [`game_result`]'s.
pub fn immediate_game_end(game: &mut Game) -> Option<i32> {
    let to_move = game.side_to_move();
    game.result()
        .filter(|r| !optional(r) && !no_move(r))
        .map(|r| score(&r, to_move))
}

/// pyffish's `is_optional_game_end`: `Some(score)` when the game may end
/// by a claim (repetition with its perpetual-check rule, the fifty-move
/// rule, counting), looking back over the game's moves only.
pub fn optional_game_end(game: &mut Game) -> Option<i32> {
    let to_move = game.side_to_move();
    game.result().filter(optional).map(|r| score(&r, to_move))
}

/// ffish.js's `result`: `1-0` (the first side won), `0-1`, `1/2-1/2`, or
/// `*` when the game goes on, decided as ffish.js decides it: a rule that
/// ended the game at once ([`immediate_game_end`]), then neither side
/// able to win ([`has_insufficient_material`]), then no legal move
/// ([`game_result`]), then, with `claim_draw`, an end that may be claimed
/// ([`optional_game_end`]: chimera's rules end the game there by
/// themselves, ffish.js waits for the claim). ffish.js's `isGameOver` is
/// this not being `*`.
pub fn result_text(game: &mut Game, claim_draw: bool) -> &'static str {
    let to_move = game.side_to_move();
    let score = immediate_game_end(game)
        .or_else(|| {
            let (first, second) = has_insufficient_material(game.position());
            (first && second).then_some(VALUE_DRAW)
        })
        .or_else(|| {
            let pos = &mut game.pos;
            if let Some(r) = pos.decided() {
                return Some(score(&r, to_move));
            }
            pos.legal_move_list()
                .is_empty()
                .then(|| score(&pos.no_move_result(), to_move))
        })
        .or_else(|| if claim_draw { optional_game_end(game) } else { None });
    match score {
        None => "*",
        Some(VALUE_DRAW) => "1/2-1/2",
        Some(s) if (s > 0) == (to_move == Color::First) => "1-0",
        Some(_) => "0-1",
    }
}

/// pyffish's `gives_check` (ffish.js's `isCheck`): whether the side to
/// move is in check. For a variant with command sets instead of one royal
/// piece, whether it is attacked as its rules count an attack.
pub fn gives_check(pos: &Position) -> bool {
    pos.in_check(pos.side_to_move())
}

/// pyffish's `is_capture`: whether the move takes a piece (en passant and
/// chimera's multi-captures count).
pub fn is_capture(m: &Move) -> bool {
    m.is_capture()
}

/// pyffish's `has_insufficient_material`: for each side (the first side's
/// first), whether it has too little material to win. For a variant that
/// is one of Fairy-Stockfish's (a bundled file named after a built-in, or
/// a variants.ini section) Fairy-Stockfish's rule itself, on its piece
/// types ([`Profile::insufficient_material`]); for chimera's own variants,
/// whether the side has nothing but royal pieces on the board and nothing
/// in hand in a variant without drops.
pub fn has_insufficient_material(pos: &Position) -> (bool, bool) {
    let v = pos.variant();
    let Some(profile) = super::registry::profile(v) else {
        return (pos.only_royals(Color::First), pos.only_royals(Color::Second));
    };
    let g = &v.geometry;
    let wall = v.walls.as_ref().map(|w| w.piece);
    let pieces: Vec<BoardPiece> = g
        .all_squares()
        .filter_map(|s| {
            let p = pos.board[s.index()].filter(|&p| Some(p) != wall)?;
            Some(BoardPiece {
                symbol: v.def(p.kind()).key.clone(),
                color: p.color().index(),
                file: g.file(s) as u32,
                rank: g.rank(s) as u32,
            })
        })
        .collect();
    let nk = v.nkinds();
    let mut in_hand = [false; 2];
    for (i, &n) in pos.stores[Store::Hand as usize].iter().enumerate() {
        if n > 0 {
            in_hand[i / nk] = true;
        }
    }
    let [first, second] = profile.insufficient_material(&pieces, in_hand);
    (first, second)
}

/// pyffish's `piece_to_partner`: the piece the game's last move took, as
/// its letter in the FEN (its side's case), turned back to what it was
/// before it promoted (`P` for a promoted pawn, `S` for shogi's promoted
/// silver) — what bughouse hands to the partner; empty when the last move
/// took nothing.
pub fn piece_to_partner(game: &Game) -> String {
    let Some(&m) = game.moves().last() else {
        return String::new();
    };
    if m.ncap() == 0 {
        return String::new();
    }
    let mut before = game.position().clone();
    before.unmake();
    let v = before.variant();
    let Some(p) = before.board[m.cap(0).index()] else {
        return String::new();
    };
    let kind = v.def(p.kind()).demotes_to().unwrap_or(p.kind());
    let letter = v
        .def(kind)
        .key
        .trim_start_matches('+')
        .trim_end_matches('~')
        .to_string();
    if p.color() == Color::First {
        letter.to_uppercase()
    } else {
        letter.to_lowercase()
    }
}
