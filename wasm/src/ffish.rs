//! ffish.js's module functions (`variants`, `loadVariantConfig`,
//! `startingFen`, `validateFen`, `readGamePGN`, `info`, …) and its `Game`,
//! a game read from PGN.

use chimera::Color;
use chimera::fsf;
use chimera::game::Game;
use chimera::game::record::Record;
use wasm_bindgen::prelude::*;

use crate::{clip, js};

/// The variants on offer (bundled, pyffish's aliases `normal`, `mini`,
/// `shoshogi`, and loaded), separated by spaces.
#[wasm_bindgen]
pub fn variants() -> String {
    fsf::names().join(" ")
}

/// Whether the variant's captured pieces go to the capturer's hand.
#[wasm_bindgen(js_name = capturesToHand)]
pub fn captures_to_hand(variant: &str) -> Result<bool, JsError> {
    Ok(fsf::variant(variant).map_err(js)?.keeps_captures(Color::First))
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
    let v = fsf::variant(&name).map_err(js)?;
    let start = rec.tags.get("FEN").or_else(|| rec.tags.get("Start"));
    let pos = fsf::read_position(&v, start.map_or("", String::as_str)).map_err(js)?;
    let mut game = Game::new(pos);
    let mut moves = Vec::with_capacity(rec.moves.len());
    for (i, text) in rec.moves.iter().enumerate() {
        let mut before = game.position().clone();
        let m = game
            .play_text(text)
            .map_err(|e| JsError::new(&format!("move {} ({}): {e}", i + 1, clip(text))))?;
        moves.push(fsf::uci(&mut before, &m));
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
    fsf::load_text(text, "rules.toml", None)
        .map(|l| l.key)
        .map_err(js)
}

/// The variant's start position, as Fairy-Stockfish writes it (the shogi
/// variants' in its short form: `…[-] w 0 1`).
#[wasm_bindgen(js_name = startingFen)]
pub fn starting_fen(variant: &str) -> Result<String, JsError> {
    Ok(fsf::start_fen(&fsf::variant(variant).map_err(js)?))
}

/// 1 when `fen` is a position of the variant, else Fairy-Stockfish's
/// negative code of why not, as ffish.js and pyffish number them (-10 a
/// character, -6 the side to move, -5 castling, -4 en passant, -3 an
/// impossible position, -2 and -1 the counters; 0 an empty text); -10 for
/// a variant that is not known.
#[wasm_bindgen(js_name = validateFen)]
pub fn validate_fen(fen: &str, variant: Option<String>, chess960: Option<bool>) -> i32 {
    let name = variant.unwrap_or_else(|| "chess".into());
    match fsf::variant_as(&name, chess960.unwrap_or(false)) {
        Ok(v) => fsf::validate_fen(&v, fen),
        Err(_) => -10,
    }
}

/// The engine's name and version.
#[wasm_bindgen]
pub fn info() -> String {
    format!("chimera {} (WebAssembly)", env!("CARGO_PKG_VERSION"))
}
