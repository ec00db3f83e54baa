//! `[text]`: how positions and moves are written (FEN or SFEN, the move
//! notation, the algebraic style, the order of hands).

use serde::Deserialize;
use toml::Spanned;

/// `[text]`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// "fen" (chess-style, `w`/`b`, castling, en passant, `[hand]`) or "sfen"
    /// (shogi-style, `b`/`w`, hands after the side, move number).
    #[serde(default)]
    pub position: PositionStyle,
    /// How moves are shown to people (`play`, `replay`, a human's move
    /// list): "canonical", "uci", "usi" or "seed" (the Ko shogi article's
    /// notation). Default "usi" for `sfen` variants, "canonical" otherwise.
    /// Boards are drawn with shogi coordinates for "usi" and "seed".
    pub notation: Option<MoveStyle>,
    /// How moves are written for people in algebraic form (SAN lists, the
    /// Python and JavaScript packages' SAN functions): "san" (chess's SAN,
    /// the default) or "hodges_number" (shogi's numeric Hodges notation,
    /// `P-76`, as Fairy-Stockfish writes its shogi variants).
    #[serde(default)]
    pub algebraic: AlgebraicStyle,
    /// The order of each side's pieces in a FEN hand (`[QRBNPqrbnp]`), by
    /// piece name; pieces not listed follow in the file's order. Default:
    /// the file's order. SFEN hands keep the file's order (USI's, when the
    /// file lists the pieces as USI does); this order is also that of the
    /// hands when an SFEN variant is written as Fairy-Stockfish's FEN.
    #[serde(default)]
    pub hand_order: Vec<Spanned<String>>,
}

/// An algebraic move notation.
#[derive(Debug, Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum AlgebraicStyle {
    /// Standard algebraic notation.
    #[default]
    San,
    /// Numeric Hodges notation (shogi).
    HodgesNumber,
}

/// A move notation.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum MoveStyle {
    /// chimera's canonical notation.
    Canonical,
    /// UCI.
    Uci,
    /// USI.
    Usi,
    /// The seed documents' game notation.
    Seed,
}

/// Position-text style.
#[derive(Debug, Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PositionStyle {
    /// Chess FEN.
    #[default]
    Fen,
    /// Shogi SFEN.
    Sfen,
}
