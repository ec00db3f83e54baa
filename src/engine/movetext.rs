//! Moves as text.
//!
//! Canonical notation (printed by chimera, accepted everywhere):
//! - board move: `e2e4`; with a capture elsewhere than the final square (en
//!   passant) the same — the capture is implied by the rules;
//! - promotion: `e7e8=Q`, `c3c2=+P` (`=` followed by the new piece's symbol);
//!   a move that may promote but does not is written plainly (or with a bare `=`);
//! - drop from hand: `P*e5`;
//! - castling: the king's move, `e1g1`.
//!
//! Also accepted: UCI (`e7e8q`, `P@e4`) and USI (`7g7f`, `7g7f+`, `P*5e`).
//! Parsing matches the text against the legal moves' spellings, so everything
//! printed parses back to the same move.

use super::position::*;
use super::variant::*;

fn sym_plain(v: &Variant, kind: u16) -> String {
    v.kinds[kind as usize].display.clone()
}

/// Canonical text of a legal move in `pos`.
pub fn format_move(pos: &Position, m: &Move) -> String {
    let v = &*pos.v;
    let g = &v.geometry;
    match m.kind {
        MoveKind::Drop => format!("{}*{}", sym_plain(v, m.piece), g.name(m.to)),
        MoveKind::Castle | MoveKind::Board => {
            let mut s = format!("{}{}", g.name(m.from), g.name(m.to));
            if m.promo != NO_PROMO {
                s.push('=');
                s.push_str(&sym_plain(v, m.promo));
            }
            s
        }
    }
}

/// UCI spelling (`e7e8q`, `P@e4`), when the variant's symbols allow it.
pub fn format_uci(pos: &Position, m: &Move) -> String {
    let v = &*pos.v;
    let g = &v.geometry;
    match m.kind {
        MoveKind::Drop => format!("{}@{}", v.kinds[m.piece as usize].symbol, g.name(m.to)),
        _ => {
            let mut s = format!("{}{}", g.name(m.from), g.name(m.to));
            if m.promo != NO_PROMO {
                s.push_str(&v.kinds[m.promo as usize].symbol.to_lowercase());
            }
            s
        }
    }
}

fn usi_square(g: &Geometry, sq: Sq) -> String {
    let file = g.files - g.file(sq);
    let rank = (b'a' + (g.ranks - 1 - g.rank(sq)) as u8) as char;
    format!("{file}{rank}")
}

/// USI spelling (`7g7f+`, `P*5e`).
pub fn format_usi(pos: &Position, m: &Move) -> String {
    let v = &*pos.v;
    let g = &v.geometry;
    match m.kind {
        MoveKind::Drop => format!("{}*{}", v.kinds[m.piece as usize].symbol, usi_square(g, m.to)),
        _ => {
            let mut s = format!("{}{}", usi_square(g, m.from), usi_square(g, m.to));
            if m.promo != NO_PROMO {
                s.push('+');
            }
            s
        }
    }
}

/// A move text that matches no legal move, or several.
#[derive(Clone, Debug, thiserror::Error)]
pub enum MoveTextError {
    #[error("`{0}` is not a legal move here")]
    Illegal(String),
    #[error("`{text}` is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous { text: String, candidates: Vec<String> },
}

/// Finds the legal move a text names (canonical, UCI or USI).
pub fn parse_move(pos: &mut Position, text: &str) -> Result<Move, MoveTextError> {
    let t = text.trim();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let declined = t.strip_suffix('=');
    let mut found: Vec<Move> = Vec::new();
    for m in &moves {
        let canon = format_move(pos, m);
        let matches = canon.eq_ignore_ascii_case(t)
            || (m.promo == NO_PROMO && declined.is_some_and(|d| canon.eq_ignore_ascii_case(d)))
            || format_uci(pos, m) == t
            || format_usi(pos, m) == t;
        if matches && !found.contains(m) {
            found.push(*m);
        }
    }
    match found.len() {
        0 => Err(MoveTextError::Illegal(t.to_string())),
        1 => Ok(found[0]),
        _ => Err(MoveTextError::Ambiguous {
            text: t.to_string(),
            candidates: found.iter().map(|m| format_move(pos, m)).collect(),
        }),
    }
}
