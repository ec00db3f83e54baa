//! What the facade's functions fail with, for the bindings to turn into
//! their own errors (Python exceptions, JavaScript errors).

use crate::diag::Diagnostic;
use crate::text::PositionError;

/// A failure of a facade function.
#[derive(Debug, thiserror::Error)]
pub enum FsfError {
    /// No variant is known by this name.
    #[error("unknown variant `{0}` (see variants(); load a rules file with load_variant_config)")]
    UnknownVariant(String),
    /// An option Fairy-Stockfish does not have (pyffish raises ValueError).
    #[error("No such option {0}'")]
    NoSuchOption(String),
    /// A file that cannot be read.
    #[error("{0}")]
    Read(String),
    /// A rules file that does not compile.
    #[error("{}", .0.render())]
    Rules(Box<Diagnostic>),
    /// A position text that is not a position of the variant.
    #[error("`{fen}`: {error}")]
    Position {
        /// The text.
        fen: String,
        /// Why it is not.
        error: PositionError,
    },
    /// A move text that names no legal move (`index`: its place, from 1, in
    /// a list of moves).
    #[error("{}{message}", index.map(|i| format!("move {i} of the list, ")).unwrap_or_default())]
    Move {
        /// The move's place in a list, from 1.
        index: Option<usize>,
        /// Why it names none.
        message: String,
    },
    /// Chess960's castling asked of a variant whose castling cannot be so.
    #[error("chess960 for `{name}`: {message}")]
    Chess960 {
        /// The variant.
        name: String,
        /// Why not.
        message: String,
    },
    /// A notation number chimera does not write.
    #[error("notation {0}: Fairy-Stockfish's notations are 0 (DEFAULT) to 9 (THAI_LAN)")]
    Notation(i32),
}
