//! How a variant's text is written, as its rules file chooses: declarations
//! that the text layer above the engine reads; the engine writes no text.

/// A move notation chimera can print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveNotation {
    /// chimera's own notation (always accepted, always round-trips).
    Canonical,
    /// UCI (`e7e8q`, `P@e4`), where the move has a UCI spelling.
    Uci,
    /// USI (`7g7f+`, `P*5e`), where the move has a USI spelling.
    Usi,
    /// The game notation of the seed documents (Hodges style: piece code,
    /// `-`/`x`, `!` shots).
    Seed,
    /// XBoard's coordinate notation: UCI's, except that a board of ten ranks
    /// numbers them from 0 and a larger one continues past `9` with `:`,
    /// `;`, … (one character a rank), and a pass is `@@@@`.
    XBoard,
    /// Standard algebraic notation as Fairy-Stockfish writes it (pyffish's
    /// `get_san`): piece letter (none for a pawn that moves and captures
    /// differently), the file, rank or square of origin when another piece
    /// of the kind could go there, `x` for a capture, `@` for a drop,
    /// `=Q` for a promotion, `/H` for a gated piece, `O-O`/`O-O-O` for
    /// castling, `+` for check and `#` for mate. A move with no such
    /// spelling (several captures, a pass) falls back to the canonical text.
    San,
    /// Fairy-Stockfish's numeric Hodges notation, its default for the shogi
    /// variants (`P-76`, `Bx33+`, `S*34`, `+R-82`): files counted from the
    /// right, ranks from the top, a promoted piece as `+` and its unpromoted
    /// letter, the origin square when another piece of the kind could go
    /// there, `+` after a promotion, `=` after a move that could have
    /// promoted and did not, `-` after a demotion; no check marks.
    HodgesNumber,
}

impl MoveNotation {
    /// Reads `canonical`, `uci`, `usi`, `seed`, `xboard`, `san` or
    /// `hodges-number`.
    pub fn parse(s: &str) -> Option<MoveNotation> {
        match s {
            "canonical" => Some(MoveNotation::Canonical),
            "uci" => Some(MoveNotation::Uci),
            "usi" => Some(MoveNotation::Usi),
            "seed" => Some(MoveNotation::Seed),
            "xboard" => Some(MoveNotation::XBoard),
            "san" => Some(MoveNotation::San),
            "hodges-number" => Some(MoveNotation::HodgesNumber),
            _ => None,
        }
    }
}
