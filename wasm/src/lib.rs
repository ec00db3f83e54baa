//! chimera in WebAssembly, with two faces.
//!
//! - **ffish.js's interface**: [`Board`] (`new Board(variant, fen)`,
//!   `legalMoves`, `push`, `pop`, `fen`, `isGameOver`, `result`, `turn`,
//!   `isCheck`, …) and the module's functions (`variants`,
//!   `loadVariantConfig`, `startingFen`, `validateFen`, `info`), with the
//!   names and meanings of Fairy-Stockfish's ffish.js, for every variant
//!   chimera ships and every rules file loaded.
//! - **chimera's own**: load rules text with its diagnostics
//!   (`loadRules`), run its test cases (`runTests`), search (`search`),
//!   count (`perft`), and the browser board's questions (`request`: what
//!   `chimera serve` answers, for the board's Web Worker).
//!
//! Functions of chimera's face answer JSON text; `js/chimera.js` parses
//! it. Moves of the ffish face are UCI as Fairy-Stockfish writes them (a
//! shogi promotion is a bare `+`); positions are written as Fairy-Stockfish
//! writes them (`TextStyle::FairyStockfish`) and read in that form or the
//! rules file's own (FEN, or SFEN for a file that asks for it).
//!
//! This file holds what both faces use (the variants compiled so far, moves
//! and positions in ffish's texts); `board.rs` ffish.js's `Board`,
//! `ffish.rs` ffish.js's module functions and `Game`, `own.rs` chimera's
//! own face.

mod board;
mod ffish;
mod own;

pub use board::*;
pub use ffish::*;
pub use own::*;

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use chimera::game::Game;
use chimera::rules::Source;
use chimera::{Compiled, Loader, Move, MoveNotation, Position, TextStyle, Variant};

thread_local! {
    /// The variants compiled so far, by name: the bundled ones when first
    /// asked for, and every rules file loaded.
    static LOADED: RefCell<HashMap<String, Arc<Compiled>>> = RefCell::new(HashMap::new());
}

/// Megabytes of the search's transposition table (memory is the page's).
const HASH_MB: usize = 16;

fn compile(name: &str, text: &str) -> Result<Compiled, String> {
    Loader::new()
        .compile_source(Source {
            name: name.to_string(),
            text: text.to_string(),
        })
        .map_err(|d| d.render())
}

/// The variant of that name: loaded, or bundled (compiled on first use).
fn compiled(name: &str) -> Result<Arc<Compiled>, String> {
    if let Some(c) = LOADED.with(|l| l.borrow().get(name).cloned()) {
        return Ok(c);
    }
    let (file, text) = chimera::bundled::VARIANTS
        .iter()
        .find(|(n, _)| *n == name)
        .ok_or_else(|| format!("no variant `{}`", clip(name)))?;
    let c = Arc::new(compile(&format!("{file}.toml"), text)?);
    LOADED.with(|l| l.borrow_mut().insert(name.to_string(), Arc::clone(&c)));
    Ok(c)
}

fn variant(name: &str) -> Result<Arc<Variant>, String> {
    compiled(name).map(|c| Arc::clone(&c.variant))
}

/// The variant of that name, under Chess960's castling when `chess960`
/// (ffish.js's `is960`: castling is the king taking its own rook, the
/// castling field names the rooks' files).
fn variant_as(name: &str, chess960: bool) -> Result<Arc<Variant>, String> {
    let v = variant(name)?;
    if chess960 {
        v.with_any_file_castling()
            .map_err(|e| format!("is960 for `{}`: {e}", clip(name)))
    } else {
        Ok(v)
    }
}

/// The position as Fairy-Stockfish writes it.
fn fsf_fen(pos: &Position) -> String {
    pos.to_text_as(TextStyle::FairyStockfish)
}

fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

/// The name a rules file is known by: its `[variant] name`, lower case,
/// spaces as hyphens (`Ko Shogi` → `ko-shogi`).
fn slug(v: &Variant) -> String {
    v.name().trim().to_lowercase().replace(char::is_whitespace, "-")
}

/// Registers rules text; its names: `name` when given, else the slug.
fn register(text: &str, name: Option<&str>) -> Result<(String, Arc<Compiled>), String> {
    let file = name.map_or_else(|| "rules.toml".to_string(), |n| format!("{n}.toml"));
    let c = Arc::new(compile(&file, text)?);
    let key = name.map_or_else(|| slug(&c.variant), str::to_string);
    LOADED.with(|l| l.borrow_mut().insert(key.clone(), Arc::clone(&c)));
    Ok((key, c))
}

fn start_position(v: &Arc<Variant>, fen: Option<&str>) -> Result<Position, String> {
    match fen.map(str::trim).filter(|f| !f.is_empty()) {
        Some(text) => Position::from_text(v, text).map_err(|e| format!("bad position: {e}")),
        None => Ok(Position::start(v)),
    }
}

/// A move as Fairy-Stockfish's UCI writes it: chimera names the face a
/// shogi-style promotion takes (`+b`), Fairy-Stockfish writes `+`.
fn ffish_text(pos: &mut Position, m: &Move) -> String {
    let mut t = pos.move_text_as(m, MoveNotation::Uci);
    let b = t.as_bytes();
    if b.len() >= 2 && b[b.len() - 2] == b'+' && b[b.len() - 1].is_ascii_alphabetic() {
        t.pop();
    }
    t
}

/// The move number as FEN counts (1, then one more after the second side
/// moves); SFEN's number counts plies.
fn move_number(pos: &Position) -> u32 {
    if pos.variant().uses_sfen() {
        pos.fullmove_number().div_ceil(2)
    } else {
        pos.fullmove_number()
    }
}

/// The legal moves of a game's position with their ffish texts.
fn legal_list(game: &mut Game) -> Vec<(Move, String)> {
    let mut pos = game.position().clone();
    game.legal_moves()
        .into_iter()
        .map(|m| {
            let t = ffish_text(&mut pos, &m);
            (m, t)
        })
        .collect()
}

/// The legal move a text names: ffish's UCI, or chimera's own texts
/// (canonical, USI, UCI with the face).
fn lookup(game: &Game, legal: &[(Move, String)], uci: &str) -> Option<Move> {
    let uci = uci.trim();
    if let Some(&(m, _)) = legal.iter().find(|(_, t)| t == uci) {
        return Some(m);
    }
    let mut pos = game.position().clone();
    let m = pos.parse_move(uci).ok()?;
    legal.iter().any(|(l, _)| *l == m).then_some(m)
}
