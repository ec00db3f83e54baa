//! Moves as Fairy-Stockfish writes them: its UCI (a shogi promotion is a
//! bare `+`), SAN and Hodges text by its notation numbers, and a FEN with a
//! list of moves replayed into a game.

use std::sync::Arc;

use super::FsfError;
use super::fen::{move_number, read_position};
use crate::engine::{Color, Move, MoveNotation, Position, Variant};
use crate::game::Game;
pub use crate::text::Algebraic;

/// Fairy-Stockfish's `NOTATION_DEFAULT`: the rules file's `[text]
/// algebraic` (numeric Hodges for the shogi files, SAN otherwise).
pub const NOTATION_DEFAULT: i32 = 0;
/// Fairy-Stockfish's `NOTATION_SAN`.
pub const NOTATION_SAN: i32 = 1;
/// Fairy-Stockfish's `NOTATION_LAN` (`e2-e4`).
pub const NOTATION_LAN: i32 = 2;
/// Fairy-Stockfish's `NOTATION_SHOGI_HOSKING` (`P76`).
pub const NOTATION_SHOGI_HOSKING: i32 = 3;
/// Fairy-Stockfish's `NOTATION_SHOGI_HODGES` (`P-7f`).
pub const NOTATION_SHOGI_HODGES: i32 = 4;
/// Fairy-Stockfish's `NOTATION_SHOGI_HODGES_NUMBER` (`P-76`).
pub const NOTATION_SHOGI_HODGES_NUMBER: i32 = 5;
/// Fairy-Stockfish's `NOTATION_JANGGI` (`H02-83`).
pub const NOTATION_JANGGI: i32 = 6;
/// Fairy-Stockfish's `NOTATION_XIANGQI_WXF` (`H2+3`).
pub const NOTATION_XIANGQI_WXF: i32 = 7;
/// Fairy-Stockfish's `NOTATION_THAI_SAN` (`ค-ฉ๗`).
pub const NOTATION_THAI_SAN: i32 = 8;
/// Fairy-Stockfish's `NOTATION_THAI_LAN` (`ค ฉ๘-ฉ๗`).
pub const NOTATION_THAI_LAN: i32 = 9;

/// A legal move in Fairy-Stockfish's UCI: chimera's UCI, where a `+`
/// piece is named by the `+` alone. A move with no UCI spelling (several
/// captures) is in chimera's canonical notation, which [`parse_move`]
/// reads back.
pub fn uci(pos: &mut Position, m: &Move) -> String {
    let mut t = pos.move_text_as(m, MoveNotation::Uci);
    let b = t.as_bytes();
    if b.len() >= 2 && b[b.len() - 2] == b'+' && b[b.len() - 1].is_ascii_alphabetic() {
        t.pop();
    }
    t
}

/// The legal moves of a game's position with their UCI texts, as
/// Fairy-Stockfish lists them: none when a rule has ended the game at once
/// (a position decided by itself), but the moves of a position a
/// repetition or a move count ended (Fairy-Stockfish leaves those to a
/// claim); never a move that completes a repetition the rules forbid.
///
/// The game's own position is asked (its moves made and unmade), never a
/// copy: a copy carries the game's whole history, which made a long move
/// list quadratic (issue 45).
pub fn legal_moves(game: &mut Game) -> Vec<(Move, String)> {
    if game.pos.decided().is_some() {
        return Vec::new();
    }
    let mut list = game.pos.legal_move_list();
    list.retain(|&m| !game.repeats_forbidden(m));
    list.into_iter()
        .map(|m| {
            let t = uci(&mut game.pos, &m);
            (m, t)
        })
        .collect()
}

/// The legal move a text names in the game's position: Fairy-Stockfish's
/// UCI or any move text chimera reads (canonical, USI, UCI with the face,
/// SAN).
pub fn parse_move(game: &mut Game, text: &str) -> Result<Move, String> {
    let m = game.pos.parse_move(text).map_err(|e| e.to_string())?;
    if game.repeats_forbidden(m) {
        return Err(format!("`{}` repeats a position the rules forbid", text.trim()));
    }
    Ok(m)
}

/// The move a text names among `legal` (from [`legal_moves`]): its UCI
/// text, else what [`parse_move`] reads, if it is in the list.
pub fn find_move(game: &mut Game, legal: &[(Move, String)], text: &str) -> Option<Move> {
    let text = text.trim();
    if let Some(&(m, _)) = legal.iter().find(|(_, t)| t == text) {
        return Some(m);
    }
    let m = parse_move(game, text).ok()?;
    legal.iter().any(|(l, _)| *l == m).then_some(m)
}

/// The game after `fen` ([`read_position`]: the start when empty) and
/// `moves` (each read by [`parse_move`]), keeping the history the end rules
/// look back on.
pub fn replay(v: &Arc<Variant>, fen: &str, moves: &[impl AsRef<str>]) -> Result<Game, FsfError> {
    let mut game = Game::new(read_position(v, fen)?);
    for (i, text) in moves.iter().enumerate() {
        let m = parse_move(&mut game, text.as_ref()).map_err(|message| FsfError::Move {
            index: Some(i + 1),
            message,
        })?;
        game.play(m);
    }
    Ok(game)
}

/// The notation a Fairy-Stockfish notation number stands for in the
/// variant: [`NOTATION_DEFAULT`] (the rules file's `[text] algebraic`),
/// [`NOTATION_SAN`] … [`NOTATION_THAI_LAN`]; another number is an error.
pub fn notation(v: &Variant, number: i32) -> Result<Algebraic, FsfError> {
    Ok(match number {
        NOTATION_DEFAULT => match v.algebraic_notation() {
            MoveNotation::HodgesNumber => Algebraic::ShogiHodgesNumber,
            _ => Algebraic::San,
        },
        NOTATION_SAN => Algebraic::San,
        NOTATION_LAN => Algebraic::Lan,
        NOTATION_SHOGI_HOSKING => Algebraic::ShogiHosking,
        NOTATION_SHOGI_HODGES => Algebraic::ShogiHodges,
        NOTATION_SHOGI_HODGES_NUMBER => Algebraic::ShogiHodgesNumber,
        NOTATION_JANGGI => Algebraic::Janggi,
        NOTATION_XIANGQI_WXF => Algebraic::XiangqiWxf,
        NOTATION_THAI_SAN => Algebraic::ThaiSan,
        NOTATION_THAI_LAN => Algebraic::ThaiLan,
        n => return Err(FsfError::Notation(n)),
    })
}

/// Fairy-Stockfish's Thai letter of each piece kind of a variant (by its
/// piece type: `SAN::piece_to_thai_char`), `X` for a kind without one.
fn thai_letters(v: &Arc<Variant>) -> Vec<&'static str> {
    let profile = super::registry::profile(v);
    v.pieces
        .iter()
        .map(|d| {
            let promoted = d.demotes_to().is_some();
            match profile.as_ref().and_then(|p| p.type_name(&d.key)).as_deref() {
                Some("king") => "ข",
                Some("silver") => "ค",
                Some("fers") if promoted => "ง",
                Some("fers") => "ม็",
                Some("knight") => "ม",
                Some("rook") => "ร",
                Some("pawn") => "บ",
                Some("aiwok") => "ว",
                _ => "X",
            }
        })
        .collect()
}

/// A legal move of the game's position in `notation`; a chimera-only move
/// with no algebraic spelling in its canonical notation. (The game's own
/// position writes it, its check mark tried and taken back: no copy of the
/// game's history.)
pub fn san(game: &mut Game, m: &Move, notation: Algebraic) -> String {
    let thai = if matches!(notation, Algebraic::ThaiSan | Algebraic::ThaiLan) {
        thai_letters(game.variant())
    } else {
        Vec::new()
    };
    game.pos.algebraic_text(m, notation, &thai)
}

/// pyffish's `get_san_moves`: each move of a game from `fen`, in
/// `notation`.
pub fn san_moves(
    v: &Arc<Variant>,
    fen: &str,
    moves: &[impl AsRef<str>],
    notation: Algebraic,
) -> Result<Vec<String>, FsfError> {
    let mut game = replay(v, fen, &[] as &[&str])?;
    let mut out = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let m = parse_move(&mut game, text.as_ref()).map_err(|message| FsfError::Move {
            index: Some(i + 1),
            message,
        })?;
        out.push(san(&mut game, &m, notation));
        game.play(m);
    }
    Ok(out)
}

/// ffish.js's `variationSan`: moves from the game's position in
/// `notation`, with move numbers when `numbers` (`1. e4 e5 2. Nf3`,
/// `1...e5` when the second side starts); `None` at a move that is not
/// legal. The game is left as it was.
pub fn variation_san(
    game: &Game,
    moves: &[impl AsRef<str>],
    notation: Algebraic,
    numbers: bool,
) -> Option<String> {
    let mut game = game.clone();
    let mut out = String::new();
    for (i, text) in moves.iter().enumerate() {
        let legal = legal_moves(&mut game);
        let m = find_move(&mut game, &legal, text.as_ref())?;
        let pos = game.position();
        let first = pos.side_to_move() == Color::First;
        let number = move_number(pos);
        if numbers && i == 0 {
            out.push_str(&number.to_string());
            out.push_str(if first { ". " } else { "..." });
        } else if numbers && first {
            out.push_str(&format!(" {number}."));
        }
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&san(&mut game, &m, notation));
        game.play(m);
    }
    Some(out)
}

/// ffish.js's `pushSan`: the legal move whose text in `notation` is `text`;
/// else the one whose text is `text` but for a check mark (`+`, `#`): where
/// chimera marks a check Fairy-Stockfish does not see (atomic's `Qd7`,
/// Fairy-Stockfish's king not being royal there), or a record leaves marks
/// out.
pub fn find_san(game: &mut Game, legal: &[(Move, String)], text: &str, notation: Algebraic) -> Option<Move> {
    let thai = if matches!(notation, Algebraic::ThaiSan | Algebraic::ThaiLan) {
        thai_letters(game.variant())
    } else {
        Vec::new()
    };
    let moves: Vec<Move> = legal.iter().map(|(m, _)| *m).collect();
    game.pos.find_algebraic(&moves, text.trim(), notation, &thai)
}

/// The game's moves in Fairy-Stockfish's UCI, from its start position
/// (ffish.js's `moveStack`).
pub fn move_stack(game: &Game) -> Vec<String> {
    let mut pos = game.start_position().clone();
    game.moves()
        .iter()
        .map(|m| {
            let t = uci(&mut pos, m);
            pos.make(*m);
            t
        })
        .collect()
}
