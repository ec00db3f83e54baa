//! Positions in XBoard's FEN: written with the letters a variant is
//! announced with, read back (with the castling rights XBoard gives), and
//! compared.

use super::announce::has_holdings;
use crate::engine::{Color, PieceKind, Position, Store, Variant};

/// The castling rights of a position as XBoard's FEN writes them: `K` and
/// `Q` for a castling of the first player towards the last and the first
/// file, `k` and `q` for the second player's; `-` for none.
fn xboard_rights(pos: &Position) -> String {
    let v = pos.variant();
    let g = v.board();
    let mut out = String::new();
    for (color, letters) in [(Color::First, ['K', 'Q']), (Color::Second, ['k', 'q'])] {
        for (up, ch) in [(true, letters[0]), (false, letters[1])] {
            let held = v.castles.iter().enumerate().any(|(i, c)| {
                c.color == color && pos.castling & (1 << i) != 0 && (g.file(c.rook) > g.file(c.king)) == up
            });
            if held {
                out.push(ch);
            }
        }
    }
    if out.is_empty() { "-".into() } else { out }
}

/// XBoard's castling field read back: the variant's own right letters for
/// each castling of the side and direction each letter names, whose king
/// and partner stand on their squares in `board`.
fn rights_from_xboard(v: &Variant, field: &str, board: &Position) -> String {
    let g = v.board();
    let stands = |sq, color: Color, royal: bool| {
        board
            .piece_at(sq)
            .is_some_and(|p| p.color() == color && (!royal || v.piece(p.kind()).is_royal()))
    };
    let mut out = String::new();
    for ch in field.chars() {
        let (color, up) = match ch {
            'K' => (Color::First, true),
            'Q' => (Color::First, false),
            'k' => (Color::Second, true),
            'q' => (Color::Second, false),
            _ => continue,
        };
        for c in &v.castles {
            if c.color == color
                && (g.file(c.rook) > g.file(c.king)) == up
                && stands(c.king, color, true)
                && stands(c.rook, color, false)
                && !out.contains(c.right)
            {
                out.push(c.right);
            }
        }
    }
    if out.is_empty() { "-".into() } else { out }
}

/// A position as XBoard's FEN with the given letters: the board, the
/// holdings of both sides in brackets (when the variant has any), the side
/// to move (`w` the first player), the castling rights ([`xboard_rights`]),
/// no en-passant square.
pub(super) fn xboard_fen(pos: &Position, letters: &[(String, bool)]) -> String {
    let v = pos.variant();
    let g = v.board();
    let name = |kind: PieceKind, color: Color| {
        let (l, promoted) = &letters[kind.index()];
        let l = if color == Color::First {
            l.to_ascii_uppercase()
        } else {
            l.to_ascii_lowercase()
        };
        if *promoted { format!("+{l}") } else { l }
    };
    let mut rows = Vec::new();
    for r in (0..g.ranks()).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..g.files() {
            let piece = g.square(f as i32, r as i32).and_then(|s| pos.piece_at(s));
            match piece {
                Some(p) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(&name(p.kind(), p.color()));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let mut fen = rows.join("/");
    if has_holdings(v) {
        let mut held = String::new();
        for color in [Color::First, Color::Second] {
            for k in v.kinds() {
                let n: u32 = Store::ALL.iter().map(|&s| pos.count(s, color, k)).sum();
                for _ in 0..n {
                    held.push_str(&name(k, color));
                }
            }
        }
        fen.push_str(&format!("[{}]", if held.is_empty() { "-".into() } else { held }));
    }
    let side = if pos.side_to_move() == Color::First {
        "w"
    } else {
        "b"
    };
    format!("{fen} {side} {} - 0 1", xboard_rights(pos))
}

/// Whether two XBoard FENs have the same board, holdings and side to move
/// (the counters and rights aside; the holdings in any order).
pub(super) fn same_position(a: &str, b: &str) -> bool {
    let key = |fen: &str| {
        let mut w = fen.split_whitespace();
        let board = w.next().unwrap_or("");
        let (board, held) = board.split_once('[').unwrap_or((board, ""));
        let mut held: Vec<char> = held.trim_end_matches(']').chars().filter(|&c| c != '-').collect();
        held.sort_unstable();
        (board.to_string(), held, w.next().unwrap_or("w").to_string())
    };
    key(a) == key(b)
}

/// An XBoard FEN of a variant XBoard does not know, in chimera's FEN: the
/// letters mapped back to the pieces' symbols. `None` when the variant
/// keeps pieces off the board in a way XBoard's holdings do not say
/// (reserves, pockets).
/// With `placed` (the same position read without rights), the castling
/// rights XBoard gives whose pieces are in place.
pub(super) fn from_xboard_fen(
    v: &Variant,
    fen: &str,
    letters: &[(String, bool)],
    placed: Option<&Position>,
) -> Option<String> {
    if v.has_placement() || v.pocket_capacity().is_some() {
        return None;
    }
    let mut words = fen.split_whitespace();
    let board = words.next()?;
    let side = words.next().unwrap_or("w");
    let castling = match (words.next(), placed) {
        (Some(field), Some(placed)) => rights_from_xboard(v, field, placed),
        _ => "-".into(),
    };
    let symbol = |c: &str, promoted: bool| -> Option<String> {
        let i = letters
            .iter()
            .position(|(l, p)| l.eq_ignore_ascii_case(c) && *p == promoted)?;
        let key = v.piece(v.kinds().nth(i)?).key().to_string();
        // Symbols of more than one letter in parentheses (`(DE)`, `(+DE)`);
        // a dressed letter is one (`C'`, `+C'`).
        let key = if key.chars().filter(char::is_ascii_alphabetic).count() > 1 {
            format!("({key})")
        } else {
            key
        };
        Some(if c.starts_with(|l: char| l.is_ascii_lowercase()) {
            key.to_lowercase()
        } else {
            key
        })
    };
    let mut out = String::new();
    let mut promoted = false;
    let mut chars = board.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '+' => promoted = true,
            c if c.is_ascii_alphabetic() => {
                // A dressed letter: `L'`, `l!`.
                let mut name = c.to_string();
                if let Some(d) = chars.next_if(|&d| d == '\'' || d == '!') {
                    name.push(d);
                }
                out.push_str(&symbol(&name, promoted)?);
                promoted = false;
            }
            // A wall: XBoard's dark square, chimera's `*`.
            '[' | ']' | '/' | '-' | '*' | '0'..='9' => out.push(c),
            _ => return None,
        }
    }
    Some(format!("{out} {side} {castling} - 0 1"))
}
