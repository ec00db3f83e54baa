//! Moves as text.
//!
//! Canonical notation (printed by chimera, accepted everywhere):
//! - board move: `e2e4`; with a capture elsewhere than the final square (en
//!   passant) the same — the capture is implied by the rules;
//! - promotion: `e7e8=Q`, `c3c2=+P` (`=` followed by the new piece's symbol);
//!   a move that may promote but does not is written plainly (or with a bare `=`);
//! - drop from hand: `P*e5`;
//! - castling: the king's move, `e1g1`; where king and rook start on any file
//!   (`any_file`), or where an ordinary king move would be written the same
//!   (a king castling one square), the king takes its own rook, `b1a1`;
//! - a move that captures anywhere but (only) its final square — multi-leg
//!   captures, igui, shots — lists the captured squares in order after its
//!   origin and final square: `j9-j14xj10xj11`, igui `e8-e8xf10`, a pass
//!   `e8-e8`, a step and a shot `g7-h8xh11`.
//!
//! Paths as in the rules documents are accepted too: `j9-xj10-xj11-j12-j13-j14`
//! (every visited square, `x` marking a capture) and shots after the path,
//! `g7-h8 !h11`.
//!
//! Also accepted: UCI (`e7e8q`, `P@e4`) and USI (`7g7f`, `7g7f+`, `P*5e`).
//! Parsing matches the text against the legal moves' spellings, so everything
//! printed parses back to the same move.

use super::MoveTextError;
use super::read_moves::parse_move_text;
use super::san::{Algebraic, find_algebraic, format_algebraic, format_san};
use super::write_moves::{format_move, format_seed, format_uci, format_usi, format_xboard};
use crate::engine::conventions::MoveNotation;
use crate::engine::moves::Move;
use crate::engine::position::Position;

impl Position {
    /// The canonical text of a legal move of this position.
    pub fn move_text(&self, m: &Move) -> String {
        format_move(self, m)
    }

    /// The text of a legal move of this position in a notation (moves with no
    /// spelling in that notation fall back to the canonical one).
    pub fn move_text_as(&mut self, m: &Move, notation: MoveNotation) -> String {
        match notation {
            MoveNotation::Canonical => format_move(self, m),
            MoveNotation::Uci => format_uci(self, m),
            MoveNotation::Usi => format_usi(self, m),
            MoveNotation::Seed => format_seed(self, m),
            MoveNotation::XBoard => format_xboard(self, m),
            MoveNotation::San => format_san(self, m, false),
            MoveNotation::HodgesNumber => format_san(self, m, true),
        }
    }

    /// The text of a legal move of this position in one of
    /// Fairy-Stockfish's notations ([`Algebraic`]); `thai` gives the Thai
    /// letter of each piece kind (by index) for the Thai notations, `X`
    /// where it gives none. Moves with no such spelling fall back to the
    /// canonical text.
    pub fn algebraic_text(&mut self, m: &Move, notation: Algebraic, thai: &[&str]) -> String {
        format_algebraic(self, m, notation, thai)
    }

    /// The move among `legal` (legal moves of this position) whose text in
    /// `notation` is `text` ([`Position::algebraic_text`]), else the only
    /// one whose text is `text` but for check marks (`+`, `#`); the texts
    /// are found at the cost of one move generation, whatever the number
    /// of moves.
    pub fn find_algebraic(
        &mut self,
        legal: &[Move],
        text: &str,
        notation: Algebraic,
        thai: &[&str],
    ) -> Option<Move> {
        find_algebraic(self, legal, text, notation, thai)
    }

    /// The legal move an XBoard move text names (`e2e4`, `P@e5`, `h2b8+`,
    /// `a0a1` on ten ranks, `@@@@` a pass). The piece letter of a drop may
    /// be in either case; a trailing `=` (no promotion) is ignored.
    pub fn parse_xboard_move(&mut self, text: &str) -> Result<Move, MoveTextError> {
        let t = text.trim();
        let t = t.strip_suffix('=').unwrap_or(t);
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let same = |ours: &str| {
            ours == t || (ours.contains('@') && ours.len() == t.len() && ours.eq_ignore_ascii_case(t))
        };
        let found: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| same(&format_xboard(self, m)))
            .collect();
        match found.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveTextError::Illegal {
                text: t.to_string(),
                hint: None,
            }),
            _ => Err(MoveTextError::Ambiguous {
                text: t.to_string(),
                candidates: found.iter().map(|m| format_move(self, m)).collect(),
            }),
        }
    }

    /// The legal move a text names: canonical, UCI, USI, or a path.
    pub fn parse_move(&mut self, text: &str) -> Result<Move, MoveTextError> {
        parse_move_text(self, text)
    }
}
