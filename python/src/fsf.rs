//! pyffish's interface: the same functions, arguments and meanings as
//! Fairy-Stockfish's Python binding, over chimera's variants.
//!
//! Each function marshals: Python's arguments in, the library's
//! Fairy-Stockfish facade (`chimera::fsf`) called, its answer or its
//! failure (as the exception that says it) out.
//!
//! Positions are Fairy-Stockfish FEN (the shogi variants too: `…[Pp] w - - 0 1`,
//! and chimera's SFEN is read as well), moves are Fairy-Stockfish's UCI
//! (`e7e8q`, `P@e4`, `h2b8+`), results are scores for the side to move
//! (`VALUE_MATE` = 32000 for a win, `-VALUE_MATE` for a loss, 0 a draw).

use chimera::Color;
use chimera::fsf::{self, FsfError};
use pyo3::prelude::*;
use pyo3::types::PyModule;

use crate::{fsf_error, guard};

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
    m.add_function(wrap_pyfunction!(piece_to_partner, m)?)?;
    m.add_function(wrap_pyfunction!(get_fog_fen, m)?)?;
    Ok(())
}

/// Runs a facade call inside [`guard`], its failure as a Python exception.
fn call<T>(f: impl FnOnce() -> Result<T, FsfError>) -> PyResult<T> {
    guard(|| f().map_err(fsf_error))
}

/// The game after `fen` and `moves` in the variant (under Chess960's
/// castling when `chess960`).
fn game(variant: &str, chess960: bool, fen: &str, moves: &[String]) -> Result<chimera::game::Game, FsfError> {
    fsf::replay(&fsf::variant_as(variant, chess960)?, fen, moves)
}

/// A `(bool, int)` of an answer that may be absent.
fn flag(score: Option<i32>) -> (bool, i32) {
    score.map_or((false, 0), |s| (true, s))
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

/// `Fairy-Stockfish interface of chimera VERSION` (pyffish: Fairy-Stockfish's
/// name and version; programs test that it starts with `Fairy-Stockfish`).
#[pyfunction]
fn info() -> String {
    format!(
        "Fairy-Stockfish interface of chimera {}",
        env!("CARGO_PKG_VERSION")
    )
}

/// The variant names: every bundled rules file (by file name, the
/// Fairy-Stockfish variants under Fairy-Stockfish's names), pyffish's
/// aliases (`normal`, `mini`, `shoshogi`) and the variants loaded since.
#[pyfunction]
fn variants() -> PyResult<Vec<String>> {
    guard(|| Ok(fsf::names()))
}

/// Sets one of Fairy-Stockfish's options, as pyffish: `VariantPath` loads
/// the files it lists (`:`-separated; variants.ini or rules files, as
/// `load_variant_config`); the others are accepted and change nothing; a
/// name Fairy-Stockfish does not have raises `ValueError`.
#[pyfunction]
fn set_option(name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
    let value = value.str()?.to_string();
    guard(|| {
        for c in fsf::set_option(name, &value).map_err(fsf_error)? {
            loaded(c)?;
        }
        Ok(())
    })
}

/// Loads variants, as pyffish: Fairy-Stockfish's variants.ini text (each
/// section imported and named by its section; a section chimera cannot say
/// is not loaded, with a `UserWarning` saying why) — returns `None`; or a
/// chimera rules file, as its path or its TOML text — returns the
/// variant's name (the rules file's `name`; it is also known by that name
/// in lower case with hyphens for spaces, and for a path by the file name
/// without `.toml`). A rules file that does not compile raises
/// `chimera.RulesError` with its line and column.
#[pyfunction]
fn load_variant_config(config: &str) -> PyResult<Option<String>> {
    guard(|| loaded(fsf::load_variant_config(config).map_err(fsf_error)?))
}

/// What a configuration loaded, as pyffish answers: `None` for a
/// variants.ini (each section it could not load a `UserWarning` saying
/// why), the variant's name for a rules file.
fn loaded(c: fsf::Config) -> PyResult<Option<String>> {
    if !c.ini {
        return Ok(c.loaded.into_iter().next().map(|l| l.name));
    }
    Python::attach(|py| {
        for (name, why) in &c.refused {
            let what = if why.starts_with("loaded, but") {
                why.clone()
            } else {
                format!("not loaded: {why}")
            };
            let message = std::ffi::CString::new(format!("[{name}] {what}")).unwrap_or_default();
            PyErr::warn(py, &py.get_type::<pyo3::exceptions::PyUserWarning>(), &message, 1)?;
        }
        Ok(None)
    })
}

/// The start position, in Fairy-Stockfish's FEN.
#[pyfunction]
fn start_fen(variant: &str) -> PyResult<String> {
    call(|| Ok(fsf::start_fen(&fsf::variant(variant)?)))
}

/// Whether the variant is played on two boards (bughouse: its captures go
/// to the partner).
#[pyfunction]
fn two_boards(variant: &str) -> PyResult<bool> {
    call(|| fsf::two_boards(&fsf::variant(variant)?))
}

/// Whether captured pieces go to the capturer's hand.
#[pyfunction]
fn captures_to_hand(variant: &str) -> PyResult<bool> {
    call(|| Ok(fsf::variant(variant)?.keeps_captures(Color::First)))
}

/// The legal moves after `fen` and `moves`, in Fairy-Stockfish's UCI.
/// A move chimera has no UCI spelling for (several captures in one move,
/// igui, a pass of a chimera-only piece) is given in chimera's canonical
/// notation (`j9-j14xj10xj11`), which every function here reads back.
/// A pawn drop that mates is listed, as pyffish lists it (it loses at
/// once: `game_result`). An empty list does not mean the game is over by other rules
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
    py.detach(|| {
        call(|| {
            let mut game = game(variant, chess960, fen, &moves)?;
            Ok(fsf::legal_moves(&mut game).into_iter().map(|(_, t)| t).collect())
        })
    })
}

/// The position after `fen` and `moves`, in Fairy-Stockfish's FEN; with
/// `sfen=True`, chimera's SFEN (USI) for the variants written in SFEN,
/// Fairy-Stockfish's SFEN for the others.
/// `showPromoted`: promoted pieces with their `~` (makruk's `M~`; always
/// where captures go to a hand); `countStarted`: the ply the board's
/// honour count began, for makruk's and Cambodian's counting fields, as
/// pyffish.
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
    py.detach(|| {
        call(|| {
            let game = game(variant, chess960, fen, &moves)?;
            let pos = game.position();
            Ok(if sfen && pos.variant().uses_sfen() {
                pos.to_text()
            } else if sfen {
                fsf::fen::sfen(pos)
            } else {
                fsf::fen_with(pos, showPromoted, countStarted)
            })
        })
    })
}

/// A move (Fairy-Stockfish's UCI) of `fen` in SAN, or in numeric Hodges
/// notation for the shogi variants (Fairy-Stockfish's default there), or in
/// any of its notations (`notation`: NOTATION_DEFAULT … NOTATION_THAI_LAN).
/// A chimera-only move with no algebraic spelling (several captures) is
/// written in chimera's canonical notation. A move that is not legal here
/// has no SAN: the empty string, as ffish.js's `sanMove` here answers
/// (pyffish raises no error either, and writes the SAN of no move, `Ra1`
/// or ` aa1`; a server may ask before it plays the move and finds it
/// illegal). The variant, the position and the notation still raise.
#[pyfunction]
#[pyo3(signature = (variant, fen, r#move, chess960=false, notation=0))]
fn get_san(variant: &str, fen: &str, r#move: &str, chess960: bool, notation: i32) -> PyResult<String> {
    call(|| {
        let mut game = game(variant, chess960, fen, &[])?;
        let n = fsf::notation(game.variant(), notation)?;
        Ok(match fsf::parse_move(&mut game, r#move) {
            Ok(m) => fsf::san(&mut game, &m, n),
            Err(_) => String::new(),
        })
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
    call(|| {
        let v = fsf::variant_as(variant, chess960)?;
        fsf::san_moves(&v, fen, &moves, fsf::notation(&v, notation)?)
    })
}

/// Whether the side to move after `fen` and `moves` is in check (the last
/// move gave check). For a variant with command sets instead of one royal
/// piece (chimera-only), whether the last move threatens to win by capture.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn gives_check(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<bool> {
    call(|| Ok(fsf::gives_check(game(variant, chess960, fen, &moves)?.position())))
}

/// Whether `move` captures, after `fen` and `moves` (en passant and a
/// chimera-only multi-capture count).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, r#move, chess960=false))]
fn is_capture(variant: &str, fen: &str, moves: Vec<String>, r#move: &str, chess960: bool) -> PyResult<bool> {
    call(|| {
        let mut game = game(variant, chess960, fen, &moves)?;
        let m =
            fsf::parse_move(&mut game, r#move).map_err(|message| FsfError::Move { index: None, message })?;
        Ok(fsf::is_capture(&m))
    })
}

/// The result of a position with no legal move, for the side to move:
/// `-VALUE_MATE` lost, `VALUE_MATE` won, 0 drawn (also by a rule that ends
/// the game at once, as pyffish). A position that is not over gives 0.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn game_result(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<i32> {
    call(|| Ok(fsf::game_result(&mut game(variant, chess960, fen, &moves)?)))
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
    call(|| {
        Ok(flag(fsf::immediate_game_end(&mut game(
            variant, chess960, fen, &moves,
        )?)))
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
    call(|| {
        Ok(flag(fsf::optional_game_end(&mut game(
            variant, chess960, fen, &moves,
        )?)))
    })
}

/// `(first, second)`: whether each side has too little material to win:
/// Fairy-Stockfish's rule on its piece types for its variants (bundled
/// built-ins, imported sections); for chimera's own, True only for a side
/// that has nothing but royal pieces on the board and nothing in hand in a
/// variant without drops.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn has_insufficient_material(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, bool)> {
    call(|| {
        Ok(fsf::has_insufficient_material(
            game(variant, chess960, fen, &moves)?.position(),
        ))
    })
}

/// 1 (`FEN_OK`) when chimera reads `fen` as a position of the variant,
/// else a negative code as pyffish's (-12 a `+` on a piece that cannot
/// promote, -10 a character, -6 the side to move, -5 castling, -4 en
/// passant, -3 an impossible position, -2 and -1 the counters; 0 empty).
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960=false))]
fn validate_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    call(|| Ok(fsf::validate_fen(&fsf::variant_as(variant, chess960)?, fen)))
}

/// The piece the last of `moves` took, as it goes to the partner in
/// bughouse: its FEN letter, a promoted piece turned back (`P`); empty
/// when the move took nothing.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn piece_to_partner(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<String> {
    call(|| Ok(fsf::piece_to_partner(&game(variant, chess960, fen, &moves)?)))
}

/// The FEN as the side to move sees it in fog of war: `*` on every square
/// it has no piece on and no legal move to.
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960=false))]
fn get_fog_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<String> {
    call(|| Ok(fsf::fog_fen(game(variant, chess960, fen, &[])?.position())))
}
