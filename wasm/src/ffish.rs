//! ffish.js's module functions (`variants`, `loadVariantConfig`,
//! `startingFen`, `validateFen`, `readGamePGN`, `info`, …) and its `Game`,
//! a game read from PGN.

use chimera::game::Game;
use chimera::game::record::Record;
use chimera::{Color, Position};
use wasm_bindgen::prelude::*;

use crate::{LOADED, clip, ffish_text, fsf_fen, register, start_position, variant, variant_as};

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
