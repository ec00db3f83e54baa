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

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use chimera::game::Game;
use chimera::game::record::Record;
use chimera::game::search::{Limits, Searcher};
use chimera::rules::Source;
use chimera::{Color, Compiled, Loader, Move, MoveNotation, Position, TextStyle, Variant, web};
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

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

// ---------------------------------------------------------------- ffish.js

/// A game of a variant, as ffish.js's `Board`.
#[wasm_bindgen]
pub struct Board {
    name: String,
    /// Castling is Chess960's (`is960`).
    chess960: bool,
    game: Game,
    /// (legal move, its ffish text) of the current position, when known.
    legal: Option<Vec<(Move, String)>>,
}

#[wasm_bindgen]
impl Board {
    /// `new Board(variant, fen, is960)`: the variant's start position, or
    /// `fen` (empty: the start). `variant` defaults to `chess`. With
    /// `is960`, castling is Chess960's: the king takes its own rook
    /// (`e1h1`), the castling field names the rooks' files (`HAha`), for
    /// any variant that castles.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: Option<String>, fen: Option<String>, is960: Option<bool>) -> Result<Board, JsError> {
        let name = variant
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| "chess".into());
        let chess960 = is960.unwrap_or(false);
        let v = variant_as(&name, chess960).map_err(|e| JsError::new(&e))?;
        let pos = start_position(&v, fen.as_deref()).map_err(|e| JsError::new(&e))?;
        Ok(Board {
            name,
            chess960,
            game: Game::new(pos),
            legal: None,
        })
    }

    fn legal(&mut self) -> &[(Move, String)] {
        if self.legal.is_none() {
            self.legal = Some(legal_list(&mut self.game));
        }
        self.legal.as_deref().unwrap_or(&[])
    }

    /// The legal moves, UCI, separated by spaces.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&mut self) -> String {
        let texts: Vec<&str> = self.legal().iter().map(|(_, t)| t.as_str()).collect();
        texts.join(" ")
    }

    /// How many legal moves there are.
    #[wasm_bindgen(js_name = numberLegalMoves)]
    pub fn number_legal_moves(&mut self) -> u32 {
        self.legal().len() as u32
    }

    fn find(&mut self, uci: &str) -> Option<Move> {
        self.legal();
        lookup(&self.game, self.legal.as_deref().unwrap_or(&[]), uci)
    }

    /// Plays a legal move (UCI); false, and nothing played, if it is not one.
    pub fn push(&mut self, uci: &str) -> bool {
        match self.find(uci) {
            Some(m) => {
                self.game.play(m);
                self.legal = None;
                true
            }
            None => false,
        }
    }

    /// Plays moves separated by spaces, up to the first that is not legal;
    /// false if one was not.
    #[wasm_bindgen(js_name = pushMoves)]
    pub fn push_moves(&mut self, ucis: &str) -> bool {
        ucis.split_whitespace().all(|m| self.push(m))
    }

    /// The legal moves in SAN (ffish.js writes them in SAN whatever the
    /// variant; so does this), separated by spaces.
    #[wasm_bindgen(js_name = legalMovesSan)]
    pub fn legal_moves_san(&mut self) -> String {
        let moves: Vec<Move> = self.legal().iter().map(|(m, _)| *m).collect();
        let mut pos = self.game.position().clone();
        let texts: Vec<String> = moves
            .iter()
            .map(|m| pos.move_text_as(m, MoveNotation::San))
            .collect();
        texts.join(" ")
    }

    /// A legal move (UCI) in algebraic notation: `notation` as ffish.js's
    /// `Notation` (absent: SAN; `DEFAULT` (0): the rules file's
    /// `[text] algebraic`; `SAN` (1); `SHOGI_HODGES_NUMBER` (5)); empty if the
    /// move is not legal.
    #[wasm_bindgen(js_name = sanMove)]
    pub fn san_move(&mut self, uci: &str, notation: Option<i32>) -> Result<String, JsError> {
        let n = self.notation(notation)?;
        Ok(match self.find(uci) {
            Some(m) => self.game.position().clone().move_text_as(&m, n),
            None => String::new(),
        })
    }

    /// Plays the legal move whose algebraic text (see `sanMove`) is `san`;
    /// false, and nothing played, if none is.
    #[wasm_bindgen(js_name = pushSan)]
    pub fn push_san(&mut self, san: &str, notation: Option<i32>) -> Result<bool, JsError> {
        let n = self.notation(notation)?;
        let moves: Vec<Move> = self.legal().iter().map(|(m, _)| *m).collect();
        let mut pos = self.game.position().clone();
        let san = san.trim();
        Ok(match moves.into_iter().find(|m| pos.move_text_as(m, n) == san) {
            Some(m) => {
                self.game.play(m);
                self.legal = None;
                true
            }
            None => false,
        })
    }

    /// Plays algebraic moves separated by spaces, up to the first that is
    /// not legal; false if one was not.
    #[wasm_bindgen(js_name = pushSanMoves)]
    pub fn push_san_moves(&mut self, sans: &str, notation: Option<i32>) -> Result<bool, JsError> {
        for san in sans.split_whitespace() {
            if !self.push_san(san, notation)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// UCI moves from the current position written in algebraic notation,
    /// with move numbers unless `moveNumbers` is false (`1. e4 e5 2. Nf3`,
    /// `1...e5` when the second side starts); empty if a move is not legal.
    /// The board is left as it was.
    #[wasm_bindgen(js_name = variationSan)]
    pub fn variation_san(
        &mut self,
        ucis: &str,
        notation: Option<i32>,
        move_numbers: Option<bool>,
    ) -> Result<String, JsError> {
        let n = self.notation(notation)?;
        let numbers = move_numbers.unwrap_or(true);
        let mut game = self.game.clone();
        let mut out = String::new();
        for (i, uci) in ucis.split_whitespace().enumerate() {
            let legal = legal_list(&mut game);
            let Some(m) = lookup(&game, &legal, uci) else {
                return Ok(String::new());
            };
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
            out.push_str(&pos.clone().move_text_as(&m, n));
            game.play(m);
        }
        Ok(out)
    }

    fn notation(&self, notation: Option<i32>) -> Result<MoveNotation, JsError> {
        match notation {
            None | Some(1) => Ok(MoveNotation::San),
            Some(0) => Ok(self.game.variant().algebraic_notation()),
            Some(5) => Ok(MoveNotation::HodgesNumber),
            Some(n) => Err(JsError::new(&format!(
                "notation {n}: chimera writes Notation.DEFAULT (0), SAN (1) and SHOGI_HODGES_NUMBER (5)"
            ))),
        }
    }

    /// Whether the royal pieces face each other where the rules end the
    /// game by it (janggi's bikjang: `[end] royals_facing`).
    #[wasm_bindgen(js_name = isBikjang)]
    pub fn is_bikjang(&self) -> bool {
        self.game.position().royals_facing_by_rule()
    }

    /// Whether a side (`true`: the first) has nothing but royal pieces and
    /// no hand: narrower than ffish.js, which knows more material draws.
    #[wasm_bindgen(js_name = hasInsufficientMaterial)]
    pub fn has_insufficient_material(&self, turn: bool) -> bool {
        let color = if turn { Color::First } else { Color::Second };
        self.game.position().only_royals(color)
    }

    /// Whether both sides have insufficient material (as above).
    #[wasm_bindgen(js_name = isInsufficientMaterial)]
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(true) && self.has_insufficient_material(false)
    }

    /// The board drawn as text, then the position (`Fen: ...`).
    #[wasm_bindgen(js_name = toVerboseString)]
    pub fn to_verbose_string(&self) -> String {
        format!("{}\nFen: {}\n", self.to_string_js(), self.fen())
    }

    /// Whether castling is Chess960's (`new Board(variant, fen, true)`).
    #[wasm_bindgen(js_name = is960)]
    pub fn is_960(&self) -> bool {
        self.chess960
    }

    /// The pieces in a side's hand (`true`: the first side), lower case,
    /// one letter per piece, in the rules file's piece order (`qrbnp`).
    pub fn pocket(&self, turn: bool) -> String {
        let pos = self.game.position();
        let v = pos.variant();
        let color = if turn { Color::First } else { Color::Second };
        let mut out = String::new();
        for k in v.kinds() {
            let letter = v.piece(k).symbol().trim_start_matches('+').to_lowercase();
            for _ in 0..pos.hand(color, k) {
                out.push_str(&letter);
            }
        }
        out
    }

    /// The squares of the side to move's royal pieces that are in check,
    /// separated by spaces (empty when not in check).
    #[wasm_bindgen(js_name = checkedPieces)]
    pub fn checked_pieces(&self) -> String {
        let pos = self.game.position();
        let v = pos.variant();
        let squares: Vec<String> = pos
            .checked_royals(pos.side_to_move())
            .into_iter()
            .map(|s| v.square_name(s))
            .collect();
        squares.join(" ")
    }

    /// Takes back the last move.
    pub fn pop(&mut self) {
        if self.game.undo() {
            self.legal = None;
        }
    }

    /// Back to the start position the board was made with.
    pub fn reset(&mut self) {
        self.game = Game::new(self.game.start_position().clone());
        self.legal = None;
    }

    /// The position as Fairy-Stockfish writes it (chimera's own text, for
    /// an SFEN variant: `chimera.Board`'s `text`).
    pub fn fen(&self) -> String {
        fsf_fen(self.game.position())
    }

    /// Sets the position (the moves played are forgotten).
    #[wasm_bindgen(js_name = setFen)]
    pub fn set_fen(&mut self, fen: &str) -> Result<(), JsError> {
        let v = Arc::clone(self.game.variant());
        let pos = start_position(&v, Some(fen)).map_err(|e| JsError::new(&e))?;
        self.game = Game::new(pos);
        self.legal = None;
        Ok(())
    }

    /// True when the first side (White) is to move.
    pub fn turn(&self) -> bool {
        self.game.position().side_to_move() == Color::First
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        let pos = self.game.position();
        pos.in_check(pos.side_to_move())
    }

    /// Whether a legal move (UCI) captures.
    #[wasm_bindgen(js_name = isCapture)]
    pub fn is_capture(&mut self, uci: &str) -> bool {
        self.find(uci).is_some_and(|m| m.is_capture())
    }

    /// Whether the game is over by the rules file's rules (chimera has no
    /// draw to claim: a repetition or move-count draw the rules give ends
    /// the game, so `claimDraw` changes nothing).
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&mut self, _claim_draw: Option<bool>) -> bool {
        self.game.result().is_some()
    }

    /// `1-0` (the first side won), `0-1`, `1/2-1/2`, or `*` (not over).
    pub fn result(&mut self, _claim_draw: Option<bool>) -> String {
        match self.game.result() {
            None => "*",
            Some(r) => match r.winner {
                Some(Color::First) => "1-0",
                Some(Color::Second) => "0-1",
                None => "1/2-1/2",
            },
        }
        .to_string()
    }

    /// Why the game ended (`checkmate`, `stalemate`, …), empty if not over.
    #[wasm_bindgen(js_name = resultReason)]
    pub fn result_reason(&mut self) -> String {
        let v = Arc::clone(self.game.variant());
        self.game.result().map(|r| r.describe(&v)).unwrap_or_default()
    }

    /// The moves played, UCI, separated by spaces.
    #[wasm_bindgen(js_name = moveStack)]
    pub fn move_stack(&self) -> String {
        let mut pos = self.game.start_position().clone();
        let mut out = Vec::new();
        for m in self.game.moves() {
            out.push(ffish_text(&mut pos, m));
            pos.make(*m);
        }
        out.join(" ")
    }

    /// Plies played since the board's start position.
    #[wasm_bindgen(js_name = gamePly)]
    pub fn game_ply(&self) -> u32 {
        self.game.moves().len() as u32
    }

    /// The move number the position text gives.
    #[wasm_bindgen(js_name = fullmoveNumber)]
    pub fn fullmove_number(&self) -> u32 {
        move_number(self.game.position())
    }

    /// Plies since the last capture or pawn move.
    #[wasm_bindgen(js_name = halfmoveClock)]
    pub fn halfmove_clock(&self) -> u32 {
        self.game.position().halfmove_clock()
    }

    /// The variant's name, as the board was made with.
    pub fn variant(&self) -> String {
        self.name.clone()
    }

    /// The board as text, a rank a line.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        chimera::display::board_text(self.game.position())
    }

    /// Frees the board (ffish.js's name for wasm-bindgen's `free`).
    pub fn delete(self) {}
}

/// The variants on offer (bundled and loaded), separated by spaces.
#[wasm_bindgen]
pub fn variants() -> String {
    let mut names: Vec<String> = chimera::bundled::VARIANTS
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    LOADED.with(|l| names.extend(l.borrow().keys().cloned()));
    names.sort();
    names.dedup();
    names.join(" ")
}

/// Whether the variant's captured pieces go to the capturer's hand.
#[wasm_bindgen(js_name = capturesToHand)]
pub fn captures_to_hand(variant: &str) -> Result<bool, JsError> {
    let v = self::variant(variant).map_err(|e| JsError::new(&e))?;
    Ok(v.keeps_captures(Color::First))
}

/// A game read from PGN, as ffish.js's `Game`: its tags and its moves.
#[wasm_bindgen(js_name = Game)]
pub struct PgnGame {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
}

#[wasm_bindgen(js_class = Game)]
impl PgnGame {
    /// The tag names, in file order, separated by spaces.
    #[wasm_bindgen(js_name = headerKeys)]
    pub fn header_keys(&self) -> String {
        let keys: Vec<&str> = self.tags.iter().map(|(k, _)| k.as_str()).collect();
        keys.join(" ")
    }

    /// A tag's value (empty if the game has no such tag).
    pub fn headers(&self, key: &str) -> String {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }

    /// The game's moves as ffish's UCI, separated by spaces.
    #[wasm_bindgen(js_name = mainlineMoves)]
    pub fn mainline_moves(&self) -> String {
        self.moves.join(" ")
    }

    /// Frees the game.
    pub fn delete(self) {}
}

/// Reads the first game of a PGN text (ffish.js's `readGamePGN`): its
/// `Variant` tag names the variant (lower case; chess without one), its
/// `FEN` tag the start; moves in SAN (also with XBoard's shogi letters),
/// UCI or chimera's own notation. A move that is not legal is an error
/// naming it.
#[wasm_bindgen(js_name = readGamePGN)]
pub fn read_game_pgn(pgn: &str) -> Result<PgnGame, JsError> {
    let rec = Record::parse(pgn).map_err(|e| JsError::new(&e))?;
    let name = rec
        .tags
        .get("Variant")
        .map_or_else(|| "chess".to_string(), |v| v.trim().to_lowercase());
    let v = variant(&name).map_err(|e| JsError::new(&e))?;
    let start = rec.tags.get("FEN").or_else(|| rec.tags.get("Start"));
    let pos = start_position(&v, start.map(String::as_str)).map_err(|e| JsError::new(&e))?;
    let mut game = Game::new(pos);
    let mut moves = Vec::with_capacity(rec.moves.len());
    for (i, text) in rec.moves.iter().enumerate() {
        let mut before = game.position().clone();
        let m = game
            .play_text(text)
            .map_err(|e| JsError::new(&format!("move {} ({}): {e}", i + 1, clip(text))))?;
        moves.push(ffish_text(&mut before, &m));
    }
    Ok(PgnGame {
        tags: rec.tags.into_iter().collect(),
        moves,
    })
}

/// Loads a chimera rules file's text (ffish.js loads a `variants.ini`):
/// its variant is then known by its name, lower case with hyphens for
/// spaces (`Ko Shogi` → `ko-shogi`), which is returned. An error is the
/// rules file's diagnostic.
#[wasm_bindgen(js_name = loadVariantConfig)]
pub fn load_variant_config(text: &str) -> Result<String, JsError> {
    register(text, None).map(|(k, _)| k).map_err(|e| JsError::new(&e))
}

/// The variant's start position, as Fairy-Stockfish writes it (the shogi
/// variants' in its short form: `…[-] w 0 1`).
#[wasm_bindgen(js_name = startingFen)]
pub fn starting_fen(variant: &str) -> Result<String, JsError> {
    let v = self::variant(variant).map_err(|e| JsError::new(&e))?;
    let fen = fsf_fen(&Position::start(&v));
    if v.uses_sfen()
        && let Some((board, _)) = fen.split_once("[]")
    {
        return Ok(format!("{board}[-] w 0 1"));
    }
    Ok(fen)
}

/// 1 when `fen` is a position of the variant, -1 when it is not (ffish.js
/// numbers its reasons; the reason is `chimera.validatePosition`'s).
#[wasm_bindgen(js_name = validateFen)]
pub fn validate_fen(fen: &str, variant: Option<String>, chess960: Option<bool>) -> i32 {
    let name = variant.unwrap_or_else(|| "chess".into());
    match variant_as(&name, chess960.unwrap_or(false)).and_then(|v| start_position(&v, Some(fen))) {
        Ok(_) => 1,
        Err(_) => -1,
    }
}

/// The engine's name and version.
#[wasm_bindgen]
pub fn info() -> String {
    format!("chimera {} (WebAssembly)", env!("CARGO_PKG_VERSION"))
}

// ---------------------------------------------------------------- chimera

/// Compiles rules text: JSON `{ok, name, variant, warnings, tests}` or
/// `{ok: false, error}` (the diagnostic with file, line and column).
/// Registered under `name` (default: the variant's name as a slug).
#[wasm_bindgen(js_name = loadRules)]
pub fn load_rules(text: &str, name: Option<String>) -> String {
    match register(text, name.as_deref()) {
        Ok((key, c)) => json!({
            "ok": true,
            "name": key,
            "variant": c.variant.name(),
            "warnings": c.warnings,
            "tests": c.file.tests.len(),
            "start": Position::start(&c.variant).to_text(),
        }),
        Err(e) => json!({"ok": false, "error": e}),
    }
    .to_string()
}

/// Runs a variant's `[[test]]` cases (as `chimera check`): JSON
/// `{ok, passed, failed, cases: [{name, passed, failures}]}`.
#[wasm_bindgen(js_name = runTests)]
pub fn run_tests(variant: &str) -> String {
    let c = match compiled(variant) {
        Ok(c) => c,
        Err(e) => return json!({"ok": false, "error": e}).to_string(),
    };
    let source = c.source.name.clone();
    let cases: Vec<Value> = c
        .file
        .tests
        .iter()
        .map(|case| {
            let r = if case.options.is_empty() {
                chimera::check::run_case(&c.variant, case, &source)
            } else {
                match c.with_options(&case.options) {
                    Ok(v) => chimera::check::run_case(&v, case, &source),
                    Err(d) => chimera::check::CaseReport {
                        name: case.name.clone(),
                        source: source.clone(),
                        passed: false,
                        failures: vec![format!("options {:?}: {}", case.options, d.message)],
                    },
                }
            };
            json!({"name": r.name, "passed": r.passed, "failures": r.failures})
        })
        .collect();
    let passed = cases.iter().filter(|c| c["passed"] == true).count();
    json!({"ok": true, "passed": passed, "failed": cases.len() - passed, "cases": cases}).to_string()
}

/// Counts the move tree `depth` plies deep from `fen` (empty: the start).
#[wasm_bindgen]
pub fn perft(variant: &str, fen: Option<String>, depth: u32) -> Result<f64, JsError> {
    let v = self::variant(variant).map_err(|e| JsError::new(&e))?;
    let mut pos = start_position(&v, fen.as_deref()).map_err(|e| JsError::new(&e))?;
    Ok(chimera::perft(&mut pos, depth) as f64)
}

/// Searches the position after `moves` (UCI or chimera's texts, separated
/// by spaces) from `fen` (empty: the start), to `depth` plies, stopping
/// after about `nodes` nodes or `movetime` milliseconds (0: no such
/// limit): JSON `{best, score, depth, nodes, pv, ms}` or `{error}`.
#[wasm_bindgen]
pub fn search(
    variant: &str,
    fen: Option<String>,
    moves: Option<String>,
    depth: i32,
    nodes: f64,
    movetime: f64,
) -> String {
    let run = || -> Result<Value, String> {
        let v = self::variant(variant)?;
        let pos = start_position(&v, fen.as_deref())?;
        let mut game = Game::new(pos);
        for (i, m) in moves.as_deref().unwrap_or("").split_whitespace().enumerate() {
            let mut board = Board {
                name: String::new(),
                chess960: false,
                game: game.clone(),
                legal: None,
            };
            let mv = board
                .find(m)
                .ok_or_else(|| format!("move {} `{}` is not legal", i + 1, clip(m)))?;
            game.play(mv);
        }
        let limits = Limits {
            depth: depth.clamp(1, 64),
            nodes: (nodes >= 1.0).then_some(nodes as u64),
            movetime: (movetime >= 1.0).then(|| Duration::from_millis(movetime as u64)),
            ..Default::default()
        };
        let mut pos = game.position().clone();
        let hashes = game.hashes().to_vec();
        // A new table each time: a search by nodes or depth is repeatable.
        let mut searcher = Searcher::with_hash(&v, HASH_MB);
        let report = searcher.search(&mut pos, limits, &hashes);
        let pv = searcher.principal_variation(&mut pos, report.depth);
        let mut p = game.position().clone();
        let mut line = Vec::new();
        for m in &pv {
            line.push(ffish_text(&mut p, m));
            p.make(*m);
        }
        let mut p = game.position().clone();
        Ok(json!({
            "best": report.best.map(|m| ffish_text(&mut p, &m)),
            "score": report.score,
            "depth": report.depth,
            "nodes": report.nodes,
            "pv": line,
            "ms": report.elapsed.as_secs_f64() * 1000.0,
        }))
    };
    run().unwrap_or_else(|e| json!({"error": e})).to_string()
}

/// The browser board's questions, as `chimera serve` answers them:
/// `path` is `/api/variants`, `/api/state`, `/api/engine` or
/// `/api/piece?variant=…&piece=…`; `body` the JSON request. Answers JSON
/// `{status, body}` (status 200, 400, 404 or 422 as the server's).
#[wasm_bindgen]
pub fn request(path: &str, body: Option<String>) -> String {
    let (status, answer) = match answer(path, body.as_deref()) {
        Ok(v) => (200, v),
        Err((status, e)) => (status, json!({ "error": e })),
    };
    json!({"status": status, "body": answer}).to_string()
}

/// The longest engine search the board may ask for, milliseconds.
const MAX_MOVETIME: u64 = 60_000;

fn answer(path: &str, body: Option<&str>) -> Result<Value, (u16, String)> {
    let bad = |e: String| (400u16, e);
    let (route, query) = path.split_once('?').unwrap_or((path, ""));
    match route {
        "/api/variants" => {
            let list: Vec<Value> = variants()
                .split(' ')
                .map(|n| {
                    let error = compiled(n).err();
                    json!({"name": n, "modified": null, "error": error})
                })
                .collect();
            Ok(json!(list))
        }
        "/api/piece" => {
            let get = |key: &str| {
                query
                    .split('&')
                    .filter_map(|kv| kv.split_once('='))
                    .find(|(k, _)| *k == key)
                    .map(|(_, v)| chimera::web::decode_query_value(v))
            };
            let (Some(variant), Some(piece)) = (get("variant"), get("piece")) else {
                return Err(bad("give variant=…&piece=…".into()));
            };
            let v = self::variant(&variant).map_err(bad)?;
            let diagram = web::piece_diagram(&v, &piece).map_err(bad)?;
            Ok(json!({ "diagram": diagram }))
        }
        "/api/state" | "/api/engine" => {
            let value: Value =
                serde_json::from_str(body.unwrap_or("{}")).map_err(|e| bad(format!("bad JSON: {e}")))?;
            let r = web::GameRequest::parse(value, MAX_MOVETIME).map_err(bad)?;
            let c = compiled(&r.variant).map_err(|e| (422, e))?;
            let v = if r.options.is_empty() {
                Arc::clone(&c.variant)
            } else {
                c.with_options(&r.options).map_err(|d| (422, d.render()))?
            };
            let offered = options_offered(&c, &v);
            let mut game = web::replay(&v, r.start.as_deref(), &r.moves).map_err(bad)?;
            let played = if route == "/api/engine" {
                let played = web::engine_move(&mut game, r.movetime, r.depth, None);
                if let Some(t) = &played {
                    game.play_text(t).map_err(|e| (500, e.to_string()))?;
                }
                played
            } else {
                None
            };
            Ok(web::answer(&mut game, offered, played))
        }
        _ => Err((404, format!("no such path: {}", clip(route)))),
    }
}

/// The options a rules file offers, with the values `v` was compiled with.
fn options_offered(c: &Compiled, v: &Variant) -> Value {
    let mut offered = web::offered_options(c);
    if let Value::Array(list) = &mut offered {
        for o in list {
            let name = o["name"].as_str().unwrap_or("").to_string();
            o["value"] = json!(v.options().get(&name));
        }
    }
    offered
}
