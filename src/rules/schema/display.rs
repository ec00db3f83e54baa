//! `[display]`: how boards draw the pieces (the piece set, glyphs and
//! figurines); no effect on the rules.

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

/// `[display]`: how the browser board draws the pieces. It changes nothing
/// in the rules; the pieces' names and symbols stay what positions and moves
/// use.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Display {
    /// The piece set: "letters" (the default: the symbol in a white or black
    /// disc), "chess" (figurines), "shogi" (pentagons of one colour pointing
    /// at the opponent, promoted pieces in red), "xiangqi" (discs with
    /// characters, red and black) or "janggi" (octagons, blue and red).
    #[serde(default)]
    pub pieces: PieceSet,
    /// The text a piece shows instead of its symbol (its kanji), by piece
    /// name: `pawn = "歩"`, or both sides' when they differ: `general =
    /// ["帥", "將"]` (first, second). One to four characters.
    #[serde(default)]
    pub glyphs: IndexMap<Spanned<String>, Spanned<Glyph>>,
    /// The chess figurine a piece is drawn as, by piece name (`met =
    /// "queen"`): "king", "queen", "rook", "bishop", "knight" or "pawn". In
    /// the chess set, pieces named so get theirs without it.
    #[serde(default)]
    pub figurines: IndexMap<Spanned<String>, Figurine>,
    /// Which way the first player's pieces face on the drawn board: "up"
    /// (the default) or "right" (a board held turned a quarter turn, as Hex
    /// Shogi 91's); the second player's face the other way. Shogi pieces
    /// point so.
    #[serde(default)]
    pub forward: Forward,
}

/// `[display] forward`.
#[derive(Debug, Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Forward {
    /// Up the board.
    #[default]
    Up,
    /// To the right.
    Right,
}

/// A piece set (`[display] pieces`).
#[derive(Debug, Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PieceSet {
    /// The symbol in a disc, white or black.
    #[default]
    Letters,
    /// Chess figurines, white and black.
    Chess,
    /// Pentagons pointing at the opponent, one colour; promoted in red.
    Shogi,
    /// Discs with characters, red and black.
    Xiangqi,
    /// Octagons with characters, blue and red.
    Janggi,
}

impl PieceSet {
    /// The set's name as the rules file writes it.
    pub fn name(self) -> &'static str {
        match self {
            PieceSet::Letters => "letters",
            PieceSet::Chess => "chess",
            PieceSet::Shogi => "shogi",
            PieceSet::Xiangqi => "xiangqi",
            PieceSet::Janggi => "janggi",
        }
    }
}

/// A piece's glyph: one for both sides, or the first's and the second's.
#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
pub enum Glyph {
    /// The same for both sides.
    Both(String),
    /// The first side's, then the second's.
    Each([String; 2]),
}

/// A chess figurine (`[display.figurines]`).
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Figurine {
    /// ♔
    King,
    /// ♕
    Queen,
    /// ♖
    Rook,
    /// ♗
    Bishop,
    /// ♘
    Knight,
    /// ♙
    Pawn,
}

impl Figurine {
    /// The figurine's name (`knight`).
    pub fn name(self) -> &'static str {
        match self {
            Figurine::King => "king",
            Figurine::Queen => "queen",
            Figurine::Rook => "rook",
            Figurine::Bishop => "bishop",
            Figurine::Knight => "knight",
            Figurine::Pawn => "pawn",
        }
    }
}
