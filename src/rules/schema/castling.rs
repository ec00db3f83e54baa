//! `[[castling]]`: one castling move per table.

use serde::Deserialize;
use toml::Spanned;

use super::SideName;

/// A `[[castling]]` table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Castling {
    /// Whose castling it is.
    pub side: SideName,
    /// The castling-right letter in FEN (`K`, `Q`, `k`, `q`).
    pub right: Spanned<String>,
    /// The king's square.
    pub king: Spanned<String>,
    /// Where the king goes.
    pub king_to: Spanned<String>,
    /// The rook's square.
    pub rook: Spanned<String>,
    /// Where the rook goes.
    pub rook_to: Spanned<String>,
    /// The piece that castles from the king's square; default: any royal
    /// piece. A piece that is not royal castles whatever attacks its path
    /// (there is no check to avoid): giveaway, extinction chess.
    pub piece: Option<Spanned<String>>,
    /// The right is gained when these pieces stand on the king's and the
    /// rook's squares, the later of the two just dropped (placement chess).
    pub granted_by_drops: Option<DroppedCastling>,
    /// The king and the rook may start on any files of the rule's rank
    /// (Chess960): `king` and `rook` are where the rules file's own start
    /// has them, a position may put them elsewhere (its castling field
    /// names the rook's file). Needs `rook_piece`.
    #[serde(default)]
    pub any_file: bool,
    /// With `any_file`: the kind of piece that castles as the rook.
    pub rook_piece: Option<Spanned<String>>,
    /// Castling rights (`right` letters) this castling also takes away,
    /// besides the castling side's own: `["k"]` on white's kingside
    /// castling leaves black only the other wing (Fairy-Stockfish's
    /// oppositeCastling).
    pub takes_rights: Option<Spanned<Vec<String>>>,
}

/// `granted_by_drops = { king = "king", rook = "rook" }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DroppedCastling {
    /// The piece that must stand on the king's square.
    pub king: Spanned<String>,
    /// The piece that must stand on the rook's square.
    pub rook: Spanned<String>,
}
