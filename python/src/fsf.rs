//! pyffish's interface: the same functions, arguments and meanings as
//! Fairy-Stockfish's Python binding, over chimera's variants.
//!
//! Positions are Fairy-Stockfish FEN (the shogi variants too: `…[Pp] w - - 0 1`,
//! and chimera's SFEN is read as well), moves are Fairy-Stockfish's UCI
//! (`e7e8q`, `P@e4`, `h2b8+`), results are scores for the side to move
//! (`VALUE_MATE` = 32000 for a win, `-VALUE_MATE` for a loss, 0 a draw).

use std::sync::Arc;

use chimera::game::Game;
use chimera::{Color, GameResult, Move, MoveNotation, Position, Reason, TextStyle, Variant};
use pyo3::prelude::*;
use pyo3::types::PyModule;

use crate::{Error, MoveError, guard, position_error, registry};

/// Fairy-Stockfish's score of a won game.
pub(crate) const VALUE_MATE: i32 = 32000;

const NOTATION_DEFAULT: i32 = 0;
const NOTATION_SAN: i32 = 1;
const NOTATION_SHOGI_HODGES_NUMBER: i32 = 5;

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(info, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(set_option, m)?)?;
    m.add_function(wrap_pyfunction!(load_variant_config, m)?)?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(two_boards, m)?)?;
    m.add_function(wrap_pyfunction!(captures_to_hand, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(get_san, m)?)?;
    m.add_function(wrap_pyfunction!(get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(game_result, m)?)?;
    m.add_function(wrap_pyfunction!(is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(has_insufficient_material, m)?)?;
    m.add_function(wrap_pyfunction!(validate_fen, m)?)?;
    Ok(())
}

/// The position after `fen` (the start when empty or `startpos`) and
/// `moves`, as a game that keeps the history the end rules look back on.
pub(crate) fn replay(v: &Arc<Variant>, fen: &str, moves: &[String]) -> PyResult<Game> {
    let pos = if fen.trim().is_empty() || fen.trim() == "startpos" {
        Position::start(v)
    } else {
        match Position::from_text(v, fen) {
            Ok(p) => p,
            // Fairy-Stockfish writes the en-passant field of a pawn that is
            // not the chess pawn (Berolina's) as the squares passed over and
            // reached (`b5c6`): chimera reads the one passed over.
            Err(e) => ep_list_alternatives(fen)
                .into_iter()
                .find_map(|t| Position::from_text(v, &t).ok())
                .ok_or_else(|| position_error(fen, &e))?,
        }
    };
    let mut game = Game::new(pos);
    for (i, text) in moves.iter().enumerate() {
        let m = parse(&mut game, text)
            .map_err(|e| MoveError::new_err(format!("move {} of the list, {e}", i + 1)))?;
        game.play(m);
    }
    Ok(game)
}

/// The FEN with each square of a listed en-passant field (`b5c6`) alone.
fn ep_list_alternatives(fen: &str) -> Vec<String> {
    let fields: Vec<&str> = fen.split(' ').collect();
    let Some(f) = fields.get(3) else {
        return Vec::new();
    };
    let squares = square_list(f);
    if squares.len() < 2 {
        return Vec::new();
    }
    squares
        .iter()
        .map(|sq| {
            let mut g = fields.clone();
            g[3] = sq;
            g.join(" ")
        })
        .collect()
}

/// `g3h4` → [`g3`, `h4`]; empty when the text is not a list of squares.
fn square_list(f: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let b = f.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if !b[i].is_ascii_lowercase() {
            return Vec::new();
        }
        i += 1;
        let digits = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == digits {
            return Vec::new();
        }
        out.push(&f[start..i]);
    }
    out
}

/// A move text of the game's position: Fairy-Stockfish's UCI or any text
/// chimera reads.
fn parse(game: &mut Game, text: &str) -> Result<Move, String> {
    let mut pos = game.position().clone();
    pos.parse_move(text).map_err(|e| e.to_string())
}

/// A legal move in Fairy-Stockfish's UCI: chimera's UCI, where a `+` piece
/// is named by the `+` alone.
pub(crate) fn uci(pos: &mut Position, m: &Move) -> String {
    let s = pos.move_text_as(m, MoveNotation::Uci);
    let b = s.as_bytes();
    if b.len() >= 2 && b[b.len() - 2] == b'+' && b[b.len() - 1].is_ascii_alphabetic() {
        s[..s.len() - 1].to_string()
    } else {
        s
    }
}

/// The position as Fairy-Stockfish writes it (chimera's
/// `TextStyle::FairyStockfish`).
pub(crate) fn fen_of(pos: &Position) -> String {
    pos.to_text_as(TextStyle::FairyStockfish)
}

/// Rules that end a game only when a player claims it (Fairy-Stockfish's
/// `is_optional_game_end`).
fn optional(r: &GameResult) -> bool {
    matches!(
        r.reason,
        Reason::Repetition | Reason::PerpetualCheck | Reason::FiftyMoves | Reason::Counting
    )
}

/// Results of having no legal move (Fairy-Stockfish's `game_result`).
fn no_move(r: &GameResult) -> bool {
    matches!(
        r.reason,
        Reason::Checkmate | Reason::Stalemate | Reason::OnlyPromotions
    )
}

/// A result as a score for the side to move.
fn score(r: &GameResult, to_move: Color) -> i32 {
    match r.winner {
        None => 0,
        Some(w) if w == to_move => VALUE_MATE,
        Some(_) => -VALUE_MATE,
    }
}

/// The package version, as a tuple (`(0, 1, 0)`); pyffish gives its own.
#[pyfunction]
fn version() -> (u32, u32, u32) {
    let mut parts = env!("CARGO_PKG_VERSION")
        .split('.')
        .map(|p| p.parse().unwrap_or(0));
    (
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
    )
}

/// chimera's name and version (pyffish: Fairy-Stockfish's).
#[pyfunction]
fn info() -> String {
    format!("chimera {}", env!("CARGO_PKG_VERSION"))
}

/// The variant names: every bundled rules file (by file name, the
/// Fairy-Stockfish variants under Fairy-Stockfish's names), pyffish's
/// aliases (`normal`, `mini`, `shoshogi`) and the variants loaded since.
#[pyfunction]
fn variants() -> PyResult<Vec<String>> {
    guard(|| Ok(registry::names()))
}

/// Sets an option. `VariantPath` loads a rules file (as
/// `load_variant_config` does); other Fairy-Stockfish options have no
/// meaning here and raise `chimera.Error`.
#[pyfunction]
fn set_option(name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
    guard(|| {
        if name.eq_ignore_ascii_case("VariantPath") {
            let path: String = value.extract()?;
            registry::load(&path)?;
            Ok(())
        } else {
            Err(Error::new_err(format!(
                "option `{name}` has no meaning in chimera (only VariantPath does)"
            )))
        }
    })
}

/// Loads a variant: pyffish takes Fairy-Stockfish's variants.ini text;
/// here it is a chimera rules file, as its path or its TOML text. Returns
/// the variant's name (the rules file's `name`, and for a path also the
/// file name without `.toml`), by which the other functions then know it.
/// A file that does not compile raises `chimera.RulesError` with its line
/// and column.
#[pyfunction]
fn load_variant_config(config: &str) -> PyResult<String> {
    guard(|| registry::load(config).map(|(name, _)| name))
}

/// The start position, in Fairy-Stockfish's FEN.
#[pyfunction]
fn start_fen(variant: &str) -> PyResult<String> {
    guard(|| {
        let v = registry::get(variant)?;
        let pos = Position::start(&v);
        let fen = fen_of(&pos);
        // Fairy-Stockfish's start positions of the shogi variants are in its
        // short form: `…[-] w 0 1`.
        if v.uses_sfen()
            && let Some((board, _)) = fen.split_once('[')
            && fen.contains("[]")
        {
            return Ok(format!("{board}[-] w 0 1"));
        }
        Ok(fen)
    })
}

/// Always False: chimera has no two-board variants (bughouse).
#[pyfunction]
fn two_boards(variant: &str) -> PyResult<bool> {
    guard(|| registry::get(variant).map(|_| false))
}

/// Whether captured pieces go to the capturer's hand.
#[pyfunction]
fn captures_to_hand(variant: &str) -> PyResult<bool> {
    guard(|| Ok(registry::get(variant)?.keeps_captures(Color::First)))
}

/// The legal moves after `fen` and `moves`, in Fairy-Stockfish's UCI.
/// A move chimera has no UCI spelling for (several captures in one move,
/// igui, a pass of a chimera-only piece) is given in chimera's canonical
/// notation (`j9-j14xj10xj11`), which every function here reads back.
/// Differs from pyffish by the rules' own conventions: a pawn drop that
/// mates is not listed where the rules forbid it (pyffish lists it).
/// An empty list does not mean the game is over by other rules
/// (`is_immediate_game_end`, `is_optional_game_end`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn legal_moves(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<Vec<String>> {
    guard(|| {
        let v = registry::get_as(variant, chess960)?;
        py.detach(|| {
            guard(|| {
                let game = replay(&v, fen, &moves)?;
                let mut pos = game.position().clone();
                if pos.decided().is_some() {
                    return Ok(Vec::new());
                }
                let list = pos.legal_move_list();
                Ok(list.iter().map(|m| uci(&mut pos, m)).collect())
            })
        })
    })
}

/// The position after `fen` and `moves`, in Fairy-Stockfish's FEN; with
/// `sfen=True`, chimera's SFEN (USI) for the variants written in SFEN.
/// `showPromoted` and `countStarted` are accepted for pyffish's signature;
/// chimera's FEN always shows promoted pieces (`Q~`) where the rules file
/// writes them.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false, sfen=false, showPromoted=false, countStarted=0))]
#[allow(non_snake_case, clippy::too_many_arguments)]
fn get_fen(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    sfen: bool,
    showPromoted: bool,
    countStarted: i32,
) -> PyResult<String> {
    let _ = (showPromoted, countStarted);
    guard(|| {
        let v = registry::get_as(variant, chess960)?;
        py.detach(|| {
            guard(|| {
                let game = replay(&v, fen, &moves)?;
                let pos = game.position();
                if sfen && v.uses_sfen() {
                    Ok(pos.to_text())
                } else {
                    Ok(fen_of(pos))
                }
            })
        })
    })
}

fn notation_of(v: &Variant, notation: i32) -> PyResult<MoveNotation> {
    match notation {
        // The rules file's `[text] algebraic` (Hodges for the shogi
        // variants, as Fairy-Stockfish's "shogi" template writes them).
        NOTATION_DEFAULT => Ok(v.algebraic_notation()),
        NOTATION_SAN => Ok(MoveNotation::San),
        NOTATION_SHOGI_HODGES_NUMBER => Ok(MoveNotation::HodgesNumber),
        n => Err(Error::new_err(format!(
            "notation {n}: chimera writes NOTATION_DEFAULT (0), NOTATION_SAN (1) and NOTATION_SHOGI_HODGES_NUMBER (5)"
        ))),
    }
}

/// A move (Fairy-Stockfish's UCI) of `fen` in SAN, or in numeric Hodges
/// notation for the shogi variants (Fairy-Stockfish's default there; choose
/// with `notation`: NOTATION_DEFAULT, NOTATION_SAN,
/// NOTATION_SHOGI_HODGES_NUMBER). A chimera-only move with no algebraic
/// spelling (several captures) is written in chimera's canonical notation.
#[pyfunction]
#[pyo3(signature = (variant, fen, r#move, chess960=false, notation=0))]
fn get_san(variant: &str, fen: &str, r#move: &str, chess960: bool, notation: i32) -> PyResult<String> {
    guard(|| {
        let v = registry::get_as(variant, chess960)?;
        let n = notation_of(&v, notation)?;
        let mut game = replay(&v, fen, &[])?;
        let m = parse(&mut game, r#move).map_err(MoveError::new_err)?;
        let mut pos = game.position().clone();
        Ok(pos.move_text_as(&m, n))
    })
}

/// The moves of a game from `fen`, each in SAN (see `get_san`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false, notation=0))]
fn get_san_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    notation: i32,
) -> PyResult<Vec<String>> {
    guard(|| {
        let v = registry::get_as(variant, chess960)?;
        let n = notation_of(&v, notation)?;
        let mut game = replay(&v, fen, &[])?;
        let mut out = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let m = parse(&mut game, text)
                .map_err(|e| MoveError::new_err(format!("move {} of the list, {e}", i + 1)))?;
            let mut pos = game.position().clone();
            out.push(pos.move_text_as(&m, n));
            game.play(m);
        }
        Ok(out)
    })
}

/// Whether the side to move after `fen` and `moves` is in check (the last
/// move gave check). For a variant with command sets instead of one royal
/// piece (chimera-only), whether the last move threatens to win by capture.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn gives_check(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<bool> {
    guard(|| {
        let v = registry::get_as(variant, chess960)?;
        let game = replay(&v, fen, &moves)?;
        let pos = game.position();
        Ok(pos.in_check(pos.side_to_move()))
    })
}

/// Whether `move` captures, after `fen` and `moves` (en passant and a
/// chimera-only multi-capture count).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, r#move, chess960=false))]
fn is_capture(variant: &str, fen: &str, moves: Vec<String>, r#move: &str, chess960: bool) -> PyResult<bool> {
    guard(|| {
        let v = registry::get_as(variant, chess960)?;
        let mut game = replay(&v, fen, &moves)?;
        let m = parse(&mut game, r#move).map_err(MoveError::new_err)?;
        Ok(m.is_capture())
    })
}

/// The result of a position with no legal move, for the side to move:
/// `-VALUE_MATE` lost, `VALUE_MATE` won, 0 drawn (also by a rule that ends
/// the game at once, as pyffish). A position that is not over gives 0.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn game_result(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<i32> {
    guard(|| {
        let v = registry::get_as(variant, chess960)?;
        let mut game = replay(&v, fen, &moves)?;
        let to_move = game.side_to_move();
        let pos = game.position().clone();
        if let Some(r) = pos.decided() {
            return Ok(score(&r, to_move));
        }
        let mut pos = pos;
        if pos.legal_move_list().is_empty() {
            return Ok(score(&pos.no_move_result(), to_move));
        }
        Ok(game.result().map_or(0, |r| score(&r, to_move)))
    })
}

/// `(True, score)` when a rule of the variant has ended the game at once
/// (a check count, a piece on a winning square, a lost king or army, …);
/// `(False, 0)` otherwise. Having no legal move is `game_result`'s.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn is_immediate_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, i32)> {
    guard(|| {
        let v = registry::get_as(variant, chess960)?;
        let mut game = replay(&v, fen, &moves)?;
        let to_move = game.side_to_move();
        Ok(match game.result() {
            Some(r) if !optional(&r) && !no_move(&r) => (true, score(&r, to_move)),
            _ => (false, 0),
        })
    })
}

/// `(True, score)` when the game may end by a claim: repetition (with its
/// perpetual-check rule), the fifty-move rule, a counting rule; `(False, 0)`
/// otherwise. chimera ends the game there by itself; pyffish leaves the
/// claim to the server — the positions are the same. The repetition looks
/// back over `moves` only (not before `fen`). `count_started` is accepted
/// for pyffish's signature.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false, count_started=0))]
fn is_optional_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    count_started: i32,
) -> PyResult<(bool, i32)> {
    let _ = count_started;
    guard(|| {
        let v = registry::get_as(variant, chess960)?;
        let mut game = replay(&v, fen, &moves)?;
        let to_move = game.side_to_move();
        Ok(match game.result() {
            Some(r) if optional(&r) => (true, score(&r, to_move)),
            _ => (false, 0),
        })
    })
}

/// `(first, second)`: whether each side has too little material to win.
/// chimera's rules files have no such rule; this answers True only for a
/// side that has nothing but royal pieces on the board and nothing in hand
/// in a variant without drops — a narrower test than Fairy-Stockfish's
/// (which also counts a lone minor piece).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn has_insufficient_material(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, bool)> {
    guard(|| {
        let v = registry::get_as(variant, chess960)?;
        let game = replay(&v, fen, &moves)?;
        let pos = game.position();
        Ok((pos.only_royals(Color::First), pos.only_royals(Color::Second)))
    })
}

/// 1 (`FEN_OK`) when chimera reads `fen` as a position of the variant,
/// else a negative code as pyffish's (-10 a character, -6 the side to move,
/// -5 castling, -4 en passant, -3 an impossible position, -2 and -1 the
/// counters; 0 empty).
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960=false))]
fn validate_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    guard(|| {
        let v = registry::get_as(variant, chess960)?;
        if fen.trim().is_empty() {
            return Ok(0);
        }
        Ok(match Position::from_text(&v, fen) {
            Ok(_) => 1,
            Err(chimera::PositionError::Invalid(_)) => -3,
            Err(chimera::PositionError::Text(t)) => {
                let m = t.message.to_lowercase();
                if m.contains("side") {
                    -6
                } else if m.contains("castling") {
                    -5
                } else if m.contains("passant") || m.contains("not a square") {
                    -4
                } else if m.contains("halfmove") {
                    -2
                } else if m.contains("move number") {
                    -1
                } else {
                    -10
                }
            }
        })
    })
}
