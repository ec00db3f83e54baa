//! Positions as text. One FEN-shaped notation for every variant, in one of two
//! styles chosen by the rules file:
//!
//! - `fen`:  `<board>[<hand>] <side> <castling> <ep> <halfmove> <fullmove>`
//!   (chess FEN, crazyhouse FEN with `[hand]` or a trailing `/hand`, `~` marks a
//!   promoted piece);
//! - `sfen`: `<board> <side> <hands> <move number>` (shogi SFEN, `+` prefix for
//!   promoted pieces, hands in count form `2P3p`).
//!
//! Board: ranks from the top (last rank) down, `/` between; digits count empty
//! squares (several digits allowed: `19`); a piece is its symbol, upper case for
//! the first player and lower case for the second; a symbol longer than one
//! letter is written in parentheses, `(Ko)`, `(+MA)`.
//!
//! After the standard fields, `reserve=…` and `pocket=…` give placement reserves
//! and pockets in count form (`reserve=2(Ko)2(ko)`); they are printed only when
//! not empty.

use super::variant::*;
use crate::rules::PositionStyle;

/// A position text that does not parse: byte offset and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} (at column {column})")]
pub struct TextError {
    pub offset: usize,
    pub column: usize,
    pub message: String,
}

fn terr(text: &str, offset: usize, message: impl Into<String>) -> TextError {
    let offset = offset.min(text.len());
    TextError {
        offset,
        column: text[..offset].chars().count() + 1,
        message: message.into(),
    }
}

/// The parts of a position, before it is built.
#[derive(Clone, Debug)]
pub struct Parts {
    pub board: Vec<u16>,
    pub side: usize,
    /// `color * nkinds + kind` → count.
    pub hands: Vec<u8>,
    /// Placement reserves and pockets, same layout as `hands`.
    pub reserves: Vec<u8>,
    pub pockets: Vec<u8>,
    /// Hook flags (`flags=war`).
    pub flags: u32,
    pub castling: u32,
    pub ep: Sq,
    pub halfmove: u32,
    pub fullmove: u32,
}

/// Splits a board-square token at `i`: returns (symbol, is_upper, next index).
fn piece_token(s: &str, i: usize) -> Option<(String, bool, usize)> {
    let b = s.as_bytes();
    let mut j = i;
    let mut sym = String::new();
    if b.get(j) == Some(&b'(') {
        let close = s[j..].find(')')? + j;
        let inner = &s[j + 1..close];
        let upper = inner.trim_start_matches('+').chars().next()?.is_ascii_uppercase();
        return Some((inner.to_uppercase(), upper, close + 1));
    }
    if b.get(j) == Some(&b'+') {
        sym.push('+');
        j += 1;
    }
    let c = *b.get(j)? as char;
    if !c.is_ascii_alphabetic() {
        return None;
    }
    sym.push(c.to_ascii_uppercase());
    j += 1;
    if b.get(j) == Some(&b'~') {
        sym.push('~');
        j += 1;
    }
    Some((sym, c.is_ascii_uppercase(), j))
}

fn parse_board(v: &Variant, text: &str, start: usize, end: usize) -> Result<Vec<u16>, TextError> {
    let g = &v.geometry;
    let s = &text[start..end];
    let rows: Vec<&str> = s.split('/').collect();
    if rows.len() != g.ranks {
        return Err(terr(
            text,
            start,
            format!("the board has {} ranks, the text gives {}", g.ranks, rows.len()),
        ));
    }
    let mut board = vec![0u16; g.nsq];
    let mut offset = start;
    for (ri, row) in rows.iter().enumerate() {
        let rank = g.ranks - 1 - ri;
        let mut file = 0usize;
        let mut i = 0;
        while i < row.len() {
            let c = row.as_bytes()[i];
            if c.is_ascii_digit() {
                let mut j = i;
                while j < row.len() && row.as_bytes()[j].is_ascii_digit() {
                    j += 1;
                }
                let n: usize = row[i..j]
                    .parse()
                    .map_err(|_| terr(text, offset + i, "bad number"))?;
                if n == 0 {
                    return Err(terr(text, offset + i, "an empty-square count must be at least 1"));
                }
                file += n;
                i = j;
            } else {
                let Some((sym, upper, j)) = piece_token(row, i) else {
                    return Err(terr(
                        text,
                        offset + i,
                        format!("expected a piece symbol or a digit, found `{}`", c as char),
                    ));
                };
                let Some(k) = v.kind_by_symbol(&sym) else {
                    return Err(terr(
                        text,
                        offset + i,
                        format!("unknown piece symbol `{}`", &row[i..j]),
                    ));
                };
                if file >= g.files {
                    return Err(terr(
                        text,
                        offset + i,
                        format!("rank {} has more than {} squares", rank + 1, g.files),
                    ));
                }
                board[rank * g.files + file] = piece(k, if upper { 0 } else { 1 });
                file += 1;
                i = j;
            }
            if file > g.files {
                return Err(terr(
                    text,
                    offset + i,
                    format!("rank {} has more than {} squares", rank + 1, g.files),
                ));
            }
        }
        if file != g.files {
            return Err(terr(
                text,
                offset + row.len(),
                format!("rank {} has {} squares, expected {}", rank + 1, file, g.files),
            ));
        }
        offset += row.len() + 1;
    }
    Ok(board)
}

/// Hand text: FEN style lists pieces (`QPp`), SFEN style counts (`2P3p`).
fn parse_hand(v: &Variant, text: &str, start: usize, s: &str) -> Result<Vec<u8>, TextError> {
    let nk = v.nkinds();
    let mut hands = vec![0u8; 2 * nk];
    if s == "-" || s.is_empty() {
        return Ok(hands);
    }
    let mut i = 0;
    while i < s.len() {
        let mut j = i;
        while j < s.len() && s.as_bytes()[j].is_ascii_digit() {
            j += 1;
        }
        let n: usize = if j > i {
            s[i..j].parse().map_err(|_| terr(text, start + i, "bad count"))?
        } else {
            1
        };
        let Some((sym, upper, k)) = piece_token(s, j) else {
            return Err(terr(text, start + j, "expected a piece symbol in the hand"));
        };
        let Some(kind) = v.kind_by_symbol(&sym) else {
            return Err(terr(
                text,
                start + j,
                format!("unknown piece symbol `{}` in the hand", &s[j..k]),
            ));
        };
        let idx = if upper { 0 } else { nk } + kind as usize;
        let total = hands[idx] as usize + n;
        if total > MAX_HAND {
            return Err(terr(
                text,
                start + i,
                format!("at most {MAX_HAND} pieces of a kind in hand"),
            ));
        }
        hands[idx] = total as u8;
        i = k;
    }
    Ok(hands)
}

fn side_of(v: &Variant, text: &str, start: usize, s: &str) -> Result<usize, TextError> {
    if s == v.side_letters[0] {
        Ok(0)
    } else if s == v.side_letters[1] {
        Ok(1)
    } else {
        Err(terr(
            text,
            start,
            format!(
                "expected the side to move, `{}` or `{}`",
                v.side_letters[0], v.side_letters[1]
            ),
        ))
    }
}

/// Parses position text in the variant's style.
pub fn parse_position(v: &Variant, text: &str) -> Result<Parts, TextError> {
    // Fields with their byte offsets.
    let mut fields: Vec<(usize, &str)> = Vec::new();
    let mut extensions: Vec<(usize, &str)> = Vec::new();
    let mut at = 0;
    for part in text.split(' ') {
        if part.contains('=') {
            extensions.push((at, part));
        } else if !part.is_empty() {
            fields.push((at, part));
        }
        at += part.len() + 1;
    }
    if fields.is_empty() {
        return Err(terr(text, 0, "empty position"));
    }
    let (bstart, bfield) = fields[0];
    let g = &v.geometry;
    // Board with an optional hand: `board[hand]` or `board/hand` (one extra rank).
    let (board_end, hand_text) = if let Some(open) = bfield.find('[') {
        if !bfield.ends_with(']') {
            return Err(terr(text, bstart + bfield.len(), "expected `]` closing the hand"));
        }
        (
            open,
            Some((bstart + open + 1, &bfield[open + 1..bfield.len() - 1])),
        )
    } else if bfield.matches('/').count() == g.ranks {
        let last = bfield.rfind('/').unwrap_or(0);
        (last, Some((bstart + last + 1, &bfield[last + 1..])))
    } else {
        (bfield.len(), None)
    };
    let board = parse_board(v, text, bstart, bstart + board_end)?;
    let empty = vec![0; 2 * v.nkinds()];
    let mut parts = Parts {
        board,
        side: 0,
        hands: empty.clone(),
        reserves: empty.clone(),
        pockets: empty,
        flags: 0,
        castling: 0,
        ep: NO_SQ,
        halfmove: 0,
        fullmove: 1,
    };
    for (s, f) in extensions {
        let (key, value) = f.split_once('=').unwrap_or((f, ""));
        let vs = s + key.len() + 1;
        match key {
            "reserve" => parts.reserves = parse_hand(v, text, vs, value)?,
            "pocket" => {
                parts.pockets = parse_hand(v, text, vs, value)?;
                for c in 0..2 {
                    let n: u32 = parts.pockets[c * v.nkinds()..(c + 1) * v.nkinds()]
                        .iter()
                        .map(|&x| x as u32)
                        .sum();
                    if n > v.pocket_capacity {
                        return Err(terr(
                            text,
                            vs,
                            format!("a pocket holds at most {} piece(s)", v.pocket_capacity),
                        ));
                    }
                }
            }
            "flags" => {
                for name in value.split(',').filter(|n| !n.is_empty()) {
                    match crate::hooks::FLAGS.iter().find(|(_, n)| *n == name) {
                        Some((bit, _)) => parts.flags |= bit,
                        None => return Err(terr(text, vs, format!("unknown flag `{name}`"))),
                    }
                }
            }
            _ => {
                return Err(terr(
                    text,
                    s,
                    format!("unknown field `{key}=` (known: reserve=, pocket=, flags=)"),
                ));
            }
        }
    }
    if let Some((hs, h)) = hand_text {
        parts.hands = parse_hand(v, text, hs, h)?;
    }
    let get = |i: usize| fields.get(i).copied();
    match v.position_style {
        PositionStyle::Fen => {
            if let Some((s, f)) = get(1) {
                parts.side = side_of(v, text, s, f)?;
            }
            if let Some((s, f)) = get(2)
                && f != "-"
            {
                for (i, c) in f.char_indices() {
                    match v.castles.iter().position(|cs| cs.right == c) {
                        Some(bit) => parts.castling |= 1 << bit,
                        None => {
                            return Err(terr(
                                text,
                                s + i,
                                format!("`{c}` is not a castling right of this variant"),
                            ));
                        }
                    }
                }
            }
            if let Some((s, f)) = get(3)
                && f != "-"
            {
                parts.ep = g
                    .parse_square(f)
                    .ok_or_else(|| terr(text, s, format!("`{f}` is not a square")))?;
            }
            if let Some((s, f)) = get(4) {
                parts.halfmove = f
                    .parse()
                    .map_err(|_| terr(text, s, "expected the halfmove clock (a number)"))?;
            }
            if let Some((s, f)) = get(5) {
                parts.fullmove = f.parse().map_err(|_| terr(text, s, "expected the move number"))?;
            }
            if let Some((s, _)) = get(6) {
                return Err(terr(text, s, "unexpected text after the move number"));
            }
        }
        PositionStyle::Sfen => {
            if let Some((s, f)) = get(1) {
                parts.side = side_of(v, text, s, f)?;
            }
            if let Some((s, f)) = get(2) {
                parts.hands = parse_hand(v, text, s, f)?;
            }
            if let Some((s, f)) = get(3) {
                parts.fullmove = f.parse().map_err(|_| terr(text, s, "expected the move number"))?;
            }
            if let Some((s, _)) = get(4) {
                return Err(terr(text, s, "unexpected text after the move number"));
            }
        }
    }
    Ok(parts)
}

fn symbol_text(v: &Variant, p: u16) -> String {
    let k = &v.kinds[kind_of(p) as usize];
    let core = k.symbol.trim_start_matches('+').trim_end_matches('~');
    let s = if core.len() > 1 {
        format!("({})", k.symbol)
    } else {
        k.symbol.clone()
    };
    if color_of(p) == 1 { s.to_lowercase() } else { s }
}

fn hand_text(v: &Variant, hands: &[u8], counts: bool) -> String {
    let nk = v.nkinds();
    let mut out = String::new();
    for c in 0..2 {
        for k in 0..nk {
            let n = hands[c * nk + k];
            if n == 0 {
                continue;
            }
            let sym = symbol_text(v, piece(k as u16, c));
            if counts {
                if n > 1 {
                    out.push_str(&n.to_string());
                }
                out.push_str(&sym);
            } else {
                for _ in 0..n {
                    out.push_str(&sym);
                }
            }
        }
    }
    out
}

/// Formats position parts as text. `castling == u32::MAX` means "all rights".
pub fn format_parts(v: &Variant, parts: &Parts) -> String {
    let Parts {
        board,
        side,
        hands,
        castling,
        ep,
        halfmove,
        fullmove,
        ..
    } = parts;
    let (side, castling, ep, halfmove, fullmove) = (*side, *castling, *ep, *halfmove, *fullmove);
    let g = &v.geometry;
    let mut s = String::new();
    for r in (0..g.ranks).rev() {
        let mut empty = 0;
        for f in 0..g.files {
            let p = board[r * g.files + f];
            if p == 0 {
                empty += 1;
                continue;
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
                empty = 0;
            }
            s.push_str(&symbol_text(v, p));
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    let castling = if castling == u32::MAX {
        (1u32 << v.castles.len()) - 1
    } else {
        castling
    };
    match v.position_style {
        PositionStyle::Fen => {
            if v.has_drops {
                s.push_str(&format!("[{}]", hand_text(v, hands, false)));
            }
            s.push(' ');
            s.push_str(&v.side_letters[side]);
            let mut cs = String::new();
            for (i, c) in v.castles.iter().enumerate() {
                if castling & (1 << i) != 0 {
                    cs.push(c.right);
                }
            }
            if cs.is_empty() {
                cs.push('-');
            }
            s.push_str(&format!(" {cs} {} {halfmove} {fullmove}", g.name(ep)));
        }
        PositionStyle::Sfen => {
            let h = hand_text(v, hands, true);
            s.push_str(&format!(
                " {} {} {fullmove}",
                v.side_letters[side],
                if h.is_empty() { "-".into() } else { h }
            ));
        }
    }
    for (key, store) in [("reserve", &parts.reserves), ("pocket", &parts.pockets)] {
        let t = hand_text(v, store, true);
        if !t.is_empty() {
            s.push_str(&format!(" {key}={t}"));
        }
    }
    let names: Vec<&str> = crate::hooks::FLAGS
        .iter()
        .filter(|(bit, _)| parts.flags & bit != 0)
        .map(|(_, n)| *n)
        .collect();
    if !names.is_empty() {
        s.push_str(&format!(" flags={}", names.join(",")));
    }
    s
}
