//! Positions as Fairy-Stockfish writes and reads them: its FEN (chimera's
//! `TextStyle::FairyStockfish`), its start positions' short form, the
//! quirks of its en-passant field, and the validity codes of pyffish's
//! `validate_fen`.

use std::sync::Arc;

use super::FsfError;
use crate::engine::{Position, Variant};
use crate::text::{PositionError, PositionField, TextStyle};

/// The position as Fairy-Stockfish writes it, character for character.
pub fn fen(pos: &Position) -> String {
    pos.to_text_as(TextStyle::FairyStockfish)
}

/// The variant's start position as Fairy-Stockfish writes it: the shogi
/// variants' (written in SFEN by their rules files) in its short form,
/// `…[-] w 0 1`, when the hands are empty.
pub fn start_fen(v: &Arc<Variant>) -> String {
    let text = fen(&Position::start(v));
    if v.uses_sfen()
        && let Some((board, _)) = text.split_once("[]")
    {
        return format!("{board}[-] w 0 1");
    }
    text
}

/// The position a text gives: the start when it is empty or `startpos`;
/// Fairy-Stockfish's FEN or the rules file's own text (FEN or SFEN).
/// Fairy-Stockfish writes the en-passant field of a pawn that is not the
/// chess pawn (Berolina's) as the squares passed over and reached
/// (`b5c6`): where chimera refuses the list, each square alone is tried.
pub fn read_position(v: &Arc<Variant>, text: &str) -> Result<Position, FsfError> {
    let t = text.trim();
    if t.is_empty() || t == "startpos" {
        return Ok(Position::start(v));
    }
    Position::from_text(v, t).or_else(|error| {
        ep_list_alternatives(t)
            .into_iter()
            .find_map(|alt| Position::from_text(v, &alt).ok())
            .ok_or_else(|| FsfError::Position {
                fen: text.to_string(),
                error,
            })
    })
}

/// The FEN with each square of a listed en-passant field (`b5c6`) alone.
fn ep_list_alternatives(fen: &str) -> Vec<String> {
    let fields: Vec<&str> = fen.split(' ').collect();
    let Some(f) = fields.get(3) else {
        return Vec::new();
    };
    let squares = square_list(f);
    if squares.len() < 2 {
        return Vec::new();
    }
    squares
        .iter()
        .map(|sq| {
            let mut g = fields.clone();
            g[3] = sq;
            g.join(" ")
        })
        .collect()
}

/// `g3h4` → [`g3`, `h4`]; empty when the text is not a list of squares.
fn square_list(f: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let b = f.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if !b[i].is_ascii_lowercase() {
            return Vec::new();
        }
        i += 1;
        let digits = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == digits {
            return Vec::new();
        }
        out.push(&f[start..i]);
    }
    out
}

/// pyffish's `FEN_OK`.
pub const FEN_OK: i32 = 1;

/// The code pyffish's `validate_fen` gives for why a text is not a
/// position (Fairy-Stockfish's `FEN::Validation`): -10 a character (the
/// board, a hand, chimera's extensions, counting and check fields), -6 the
/// side to move, -5 castling, -4 en passant, -3 an impossible position,
/// -2 the halfmove clock, -1 the move number, 0 an empty text.
pub fn validity_code(e: &PositionError) -> i32 {
    match e {
        PositionError::Invalid(_) => -3,
        PositionError::Text(t) => match t.field {
            PositionField::Empty => 0,
            PositionField::Side => -6,
            PositionField::Castling => -5,
            PositionField::EnPassant => -4,
            PositionField::HalfmoveClock => -2,
            PositionField::MoveNumber => -1,
            _ => -10,
        },
    }
}

/// pyffish's `validate_fen`: 1 ([`FEN_OK`]) when the text is a position of
/// the variant ([`read_position`] reads it), 0 when it is empty, else the
/// negative [`validity_code`] of why not.
pub fn validate_fen(v: &Arc<Variant>, text: &str) -> i32 {
    if text.trim().is_empty() {
        return 0;
    }
    match read_position(v, text) {
        Ok(_) => FEN_OK,
        Err(FsfError::Position { error, .. }) => validity_code(&error),
        Err(_) => -10,
    }
}

/// The move number Fairy-Stockfish's FEN gives (1, then one more after
/// the second side moves; SFEN's number counts plies).
pub fn move_number(pos: &Position) -> u32 {
    if pos.variant().uses_sfen() {
        pos.fullmove_number().div_ceil(2)
    } else {
        pos.fullmove_number()
    }
}
