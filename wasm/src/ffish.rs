//! ffish.js's module functions (`variants`, `loadVariantConfig`,
//! `startingFen`, `validateFen`, `readGamePGN`, `info`, …) and its `Game`,
//! a game read from PGN.

use chimera::Color;
use chimera::fsf;
use wasm_bindgen::prelude::*;

use crate::js;

/// The variants on offer (bundled, pyffish's aliases `normal` and
/// `mini`, and loaded), separated by spaces.
#[wasm_bindgen]
pub fn variants() -> String {
    fsf::names().join(" ")
}

/// Whether the variant's captured pieces go to the capturer's hand.
#[wasm_bindgen(js_name = capturesToHand)]
pub fn captures_to_hand(variant: &str) -> Result<bool, JsError> {
    Ok(fsf::variant(fsf::ffish_variant(variant))
        .map_err(js)?
        .keeps_captures(Color::First))
}

/// A game read from PGN, as ffish.js's `Game`: its tags and its moves.
#[wasm_bindgen(js_name = Game)]
pub struct PgnGame(fsf::PgnGame);

#[wasm_bindgen(js_class = Game)]
impl PgnGame {
    /// The tag names, in file order, separated by spaces.
    #[wasm_bindgen(js_name = headerKeys)]
    pub fn header_keys(&self) -> String {
        let keys: Vec<&str> = self.0.tags.iter().map(|(k, _)| k.as_str()).collect();
        keys.join(" ")
    }

    /// A tag's value (empty if the game has no such tag).
    pub fn headers(&self, key: &str) -> String {
        self.0.tag(key).unwrap_or_default().to_string()
    }

    /// The game's main line as ffish's UCI, separated by spaces.
    #[wasm_bindgen(js_name = mainlineMoves)]
    pub fn mainline_moves(&self) -> String {
        self.0.moves.join(" ")
    }

    /// Frees the game.
    pub fn delete(self) {}
}

/// Reads the first game of a PGN text (ffish.js's `readGamePGN`; the
/// library's `fsf::read_game_pgn`): its `Variant` tag names the variant
/// (in any case; a `960` suffix for Chess960's castling; chess without
/// one), its `FEN` tag the start; the main line's moves in SAN (also with
/// XBoard's shogi letters), UCI or chimera's notation, with move numbers,
/// comments, variations and annotations skipped. A move that is not legal
/// is an error naming it.
#[wasm_bindgen(js_name = readGamePGN)]
pub fn read_game_pgn(pgn: &str) -> Result<PgnGame, JsError> {
    fsf::read_game_pgn(pgn).map(PgnGame).map_err(js)
}

/// Sets one of Fairy-Stockfish's options (ffish.js's `setOption`,
/// `setOptionInt`, `setOptionBool`): each is accepted and changes nothing
/// here but `VariantPath`, whose files WebAssembly cannot read (load their
/// text with `loadVariantConfig`); a name Fairy-Stockfish does not have
/// throws.
#[wasm_bindgen(js_name = setOption)]
pub fn set_option(name: &str, value: JsValue) -> Result<(), JsError> {
    let text = value.as_string().unwrap_or_else(|| {
        value
            .as_bool()
            .map(|b| b.to_string())
            .or_else(|| value.as_f64().map(|f| f.to_string()))
            .unwrap_or_default()
    });
    match fsf::set_option(name, &text) {
        Ok(_) | Err(fsf::FsfError::Read(_)) => Ok(()),
        Err(e) => Err(js(e)),
    }
}

/// Loads Fairy-Stockfish's variants.ini text, as ffish.js (each section
/// imported by `chimera import fsf`'s translation and known by its name; a
/// section it cannot say is not loaded), or a chimera rules file's text
/// (its variant then known by its name, lower case with hyphens for
/// spaces: `Ko Shogi` → `ko-shogi`). Returns the names loaded, separated
/// by spaces; an error is the rules file's diagnostic.
#[wasm_bindgen(js_name = loadVariantConfig)]
pub fn load_variant_config(text: &str) -> Result<String, JsError> {
    let c = fsf::load_variant_config(text).map_err(js)?;
    let names: Vec<String> = c.loaded.into_iter().map(|l| l.key).collect();
    Ok(names.join(" "))
}

/// The variant's start position, as Fairy-Stockfish writes it (the shogi
/// variants' in its short form: `…[-] w 0 1`).
#[wasm_bindgen(js_name = startingFen)]
pub fn starting_fen(variant: &str) -> Result<String, JsError> {
    Ok(fsf::start_fen(
        &fsf::variant(fsf::ffish_variant(variant)).map_err(js)?,
    ))
}

/// 1 when `fen` is a position of the variant, else Fairy-Stockfish's
/// negative code of why not, as ffish.js and pyffish number them (-10 a
/// character, -6 the side to move, -5 castling, -4 en passant, -3 an
/// impossible position, -2 and -1 the counters; 0 an empty text); -10 for
/// a variant that is not known.
#[wasm_bindgen(js_name = validateFen)]
pub fn validate_fen(fen: &str, variant: Option<String>, chess960: Option<bool>) -> i32 {
    let name = fsf::ffish_variant(variant.as_deref().unwrap_or(""));
    match fsf::variant_as(name, chess960.unwrap_or(false)) {
        Ok(v) => fsf::validate_fen(&v, fen),
        Err(_) => -10,
    }
}

/// The engine's name and version.
#[wasm_bindgen]
pub fn info() -> String {
    format!("chimera {} (WebAssembly)", env!("CARGO_PKG_VERSION"))
}
