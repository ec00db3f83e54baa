//! Positions as text. One FEN-shaped notation for every variant, in one of two
//! styles chosen by the rules file:
//!
//! - `fen`:  `<board>[<hand>] <side> <castling> <ep> <halfmove> <fullmove>`
//!   (chess FEN; with a hand in `[hand]` or a trailing `/hand`; `~` marks a
//!   promoted piece; with check counting, the checks still to give come
//!   after the en-passant field, `3+3`, as Fairy-Stockfish writes them;
//!   while a count of the counting rule runs, the en-passant field holds
//!   its limit and the halfmove field its plies, as Fairy-Stockfish writes
//!   them);
//! - `sfen`: `<board> <side> <hands> <move number>` (shogi SFEN, `+` prefix for
//!   promoted pieces, hands in count form `2P3p`).
//!
//! Board: ranks from the top (last rank) down, `/` between; digits count empty
//! squares (several digits allowed: `19`); a piece is its symbol, upper case for
//! the first player and lower case for the second; a symbol longer than one
//! letter is written in parentheses, `(Ko)`, `(+MA)`; a letter dressed with
//! `'` or `!` (XBoard's dressed letters, `C'`, `L!`) counts as one letter.
//!
//! After the standard fields, `reserve=…` and `pocket=…` give placement reserves
//! and pockets in count form (`reserve=2(Ko)2(ko)`); hooks' state follows as
//! `flags=war` (yes/no flags) or `key=value`. All are printed only when not
//! empty.

use crate::engine::hook::StateText;
use crate::engine::setup::{MAX_STORE_COUNT, Setup, Store};
use crate::engine::types::{Color, Piece, PieceKind, Square};
use crate::engine::variant::{PositionStyle, Variant};

use super::PositionField;

/// A position text that does not parse: byte offset, the field it is in
/// and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} (at column {column})")]
pub struct TextError {
    /// Byte offset into the text.
    pub offset: usize,
    /// 1-based character column.
    pub column: usize,
    /// The field of the text that is wrong.
    pub field: PositionField,
    /// What is wrong or was expected.
    pub message: String,
}

impl TextError {
    /// The same error, placed in `field`.
    fn in_field(mut self, field: PositionField) -> TextError {
        self.field = field;
        self
    }
}

/// Places an error of a field's reader in that field.
fn within(field: PositionField) -> impl Fn(TextError) -> TextError {
    move |e| e.in_field(field)
}

pub(super) fn terr(text: &str, offset: usize, message: impl Into<String>) -> TextError {
    let offset = offset.min(text.len());
    TextError {
        offset,
        column: text[..offset].chars().count() + 1,
        field: PositionField::Board,
        message: message.into(),
    }
}

/// User text quoted in a message: at most 24 characters.
pub(super) fn clip(s: &str) -> String {
    if s.chars().count() <= 24 {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(24).collect::<String>())
    }
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
    // XBoard's and HaChu's dressed letters: `C'`, `L!`.
    if let Some(&m @ (b'\'' | b'!')) = b.get(j) {
        sym.push(m as char);
        j += 1;
    }
    if b.get(j) == Some(&b'~') {
        sym.push('~');
        j += 1;
    }
    Some((sym, c.is_ascii_uppercase(), j))
}

fn parse_board(v: &Variant, text: &str, start: usize, end: usize) -> Result<Vec<Option<Piece>>, TextError> {
    let g = &v.geometry;
    let s = &text[start..end];
    let rows: Vec<&str> = s.split('/').collect();
    let cells = g.text_rows();
    if rows.len() != cells.len() {
        let board = g.text_rows_described();
        return Err(terr(
            text,
            start,
            format!("{board}, the text gives {}", rows.len()),
        ));
    }
    let mut board = vec![None; g.nsq];
    let mut offset = start;
    for (ri, row) in rows.iter().enumerate() {
        let rank = g.text_row_name(ri);
        let row_cells = &cells[ri];
        let width = row_cells.len();
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
            } else if c == b'*' {
                // A wall.
                let Some(w) = &v.walls else {
                    return Err(terr(
                        text,
                        offset + i,
                        "`*` is a wall, and this variant has no walls",
                    ));
                };
                if file >= width {
                    return Err(terr(
                        text,
                        offset + i,
                        format!("{rank} has more than {width} squares"),
                    ));
                }
                board[row_cells[file].index()] = Some(w.piece);
                file += 1;
                i += 1;
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
                        format!("unknown piece symbol `{}`", clip(&row[i..j])),
                    ));
                };
                if file >= width {
                    return Err(terr(
                        text,
                        offset + i,
                        format!("{rank} has more than {width} squares"),
                    ));
                }
                board[row_cells[file].index()] =
                    Some(Piece::new(k, if upper { Color::First } else { Color::Second }));
                file += 1;
                i = j;
            }
            if file > width {
                return Err(terr(
                    text,
                    offset + i,
                    format!("{rank} has more than {width} squares"),
                ));
            }
        }
        if file != width {
            return Err(terr(
                text,
                offset + row.len(),
                format!("{rank} has {file} squares, expected {width}"),
            ));
        }
        offset += row.len() + 1;
    }
    Ok(board)
}

/// Hand text: FEN style lists pieces (`QPp`), SFEN style counts (`2P3p`).
fn parse_store(v: &Variant, text: &str, start: usize, s: &str) -> Result<Vec<u16>, TextError> {
    let nk = v.nkinds();
    let mut counts = vec![0u16; 2 * nk];
    if s == "-" || s.is_empty() {
        return Ok(counts);
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
                format!("unknown piece symbol `{}` in the hand", clip(&s[j..k])),
            ));
        };
        let idx = if upper { 0 } else { nk } + kind.index();
        let total = counts[idx] as usize + n;
        if total > MAX_STORE_COUNT as usize {
            return Err(terr(
                text,
                start + i,
                format!("at most {MAX_STORE_COUNT} pieces of a kind in a hand"),
            ));
        }
        counts[idx] = total as u16;
        i = k;
    }
    Ok(counts)
}

fn side_of(v: &Variant, text: &str, start: usize, s: &str) -> Result<Color, TextError> {
    let letters = [&v.sides[0].letter, &v.sides[1].letter];
    if s == letters[0] {
        Ok(Color::First)
    } else if s == letters[1] {
        Ok(Color::Second)
    } else {
        Err(terr(
            text,
            start,
            format!("expected the side to move, `{}` or `{}`", letters[0], letters[1]),
        ))
    }
}

/// Reads a `key=value` field after the standard ones.
fn parse_extension(v: &Variant, text: &str, s: usize, f: &str, setup: &mut Setup) -> Result<(), TextError> {
    let (key, value) = f.split_once('=').unwrap_or((f, ""));
    let vs = s + key.len() + 1;
    match key {
        "moves_left" | "ep" if v.turns.is_some() => {
            super::turn_fields::parse(v, text, vs, key, value, setup)?
        }
        "quiet_turns" if v.end.quiet_turn_rule.is_some() => {
            super::turn_fields::parse(v, text, vs, key, value, setup)?
        }
        "reserve" => setup.stores[Store::Reserve as usize] = parse_store(v, text, vs, value)?,
        "pocket" => {
            let counts = parse_store(v, text, vs, value)?;
            let capacity = v.pocket.map_or(0, |p| p.capacity);
            let nk = v.nkinds();
            for c in 0..2 {
                let n: u32 = counts[c * nk..(c + 1) * nk].iter().map(|&x| x as u32).sum();
                if n > capacity {
                    return Err(terr(
                        text,
                        vs,
                        format!("a pocket holds at most {capacity} piece(s)"),
                    ));
                }
            }
            setup.stores[Store::Pocket as usize] = counts;
        }
        "flags" => {
            for name in value.split(',').filter(|n| !n.is_empty()) {
                let slot = v
                    .state_fields
                    .iter()
                    .position(|f| matches!(f.text, StateText::Flag(n) if n == name));
                match slot {
                    Some(slot) => setup.state[slot] = 1,
                    None => return Err(terr(text, vs, format!("unknown flag `{}`", clip(name)))),
                }
            }
        }
        _ => {
            let slot = v.state_fields.iter().enumerate().find_map(|(i, f)| match f.text {
                StateText::Value { key: k, parse, .. } if k == key => Some((i, parse)),
                _ => None,
            });
            let Some((slot, parse)) = slot else {
                let mut known = vec!["reserve=".to_string(), "pocket=".into(), "flags=".into()];
                for f in &v.state_fields {
                    if let StateText::Value { key, .. } = f.text {
                        known.push(format!("{key}="));
                    }
                }
                return Err(terr(
                    text,
                    s,
                    format!("unknown field `{}=` (known: {})", clip(key), known.join(", ")),
                ));
            };
            setup.state[slot] = parse(value, v).map_err(|e| terr(text, vs, e))?;
        }
    }
    Ok(())
}

/// Largest counter position text may give; games may go on for billions of
/// plies from there before a counter could overflow.
pub(crate) const MAX_COUNTER: u32 = 1_000_000_000;

pub(super) fn counter(text: &str, at: usize, field: &str, what: &str) -> Result<u32, TextError> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(terr(text, at, format!("expected {what} (a number)")));
    }
    let n: u64 = field.parse().unwrap_or(u64::MAX);
    if n > MAX_COUNTER as u64 {
        return Err(terr(
            text,
            at,
            format!("{what} {field} is too large (at most {MAX_COUNTER})"),
        ));
    }
    Ok(n as u32)
}

/// FEN's short forms, as XBoard and Fairy-Stockfish write them for games
/// without castling or en passant: `board side castling halfmove fullmove`
/// (no en-passant field) and `board side halfmove fullmove` (neither). The
/// missing fields are read as `-`. Two numbers right after the side, or
/// after a castling field, can only be the counters: the en-passant field
/// and a running count are never followed by exactly one number.
fn short_fen_fields(fields: &mut Vec<(usize, &str)>) {
    let digits = |f: &str| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
    let counters_from = |i: usize| fields.len() == i + 2 && digits(fields[i].1) && digits(fields[i + 1].1);
    let at = |i: usize, fields: &Vec<(usize, &str)>| fields.get(i).map_or(0, |f| f.0);
    if counters_from(2) {
        let a = at(2, fields);
        fields.insert(2, (a, "-"));
        fields.insert(3, (a, "-"));
    } else if counters_from(3) && !digits(fields[2].1) {
        let a = at(3, fields);
        fields.insert(3, (a, "-"));
    }
}

/// The castling field (castling and gating rights, `once` rights): `f` at
/// byte `s` of `text`.
fn castling_field(v: &Variant, text: &str, s: usize, f: &str, setup: &mut Setup) -> Result<(), TextError> {
    if v.castles_any_file() && !v.gates.is_empty() {
        (setup.castling, setup.castle_squares) =
            super::gating_960::any_file_gating_rights(v, text, s, f, setup)?;
    } else if v.castles_any_file() {
        (setup.castling, setup.castle_squares) = any_file_rights(v, text, s, f, &setup.board)?;
    } else {
        setup.castling = rights_field(v, text, s, f, &setup.board)?;
    }
    // A side whose hand is empty has no gates left, unless its captures
    // may fill the hand again.
    let nk = v.nkinds();
    for c in Color::BOTH {
        let hand = &setup.stores[Store::Hand as usize][c.index() * nk..(c.index() + 1) * nk];
        if hand.iter().all(|&n| n == 0) && !v.keeps_captures(c) {
            setup.castling &= !v.gate_bits(c);
        }
    }
    Ok(())
}

/// Parses position text in the variant's style.
pub(crate) fn parse_position(v: &Variant, text: &str) -> Result<Setup, TextError> {
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
        return Err(terr(text, 0, "empty position").in_field(PositionField::Empty));
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
    } else if bfield.matches('/').count() == g.text_rows().len() {
        let last = bfield.rfind('/').unwrap_or(0);
        (last, Some((bstart + last + 1, &bfield[last + 1..])))
    } else {
        (bfield.len(), None)
    };
    let mut setup = Setup::empty(g.nsq, v.nkinds(), v.state_fields.len());
    setup.board = parse_board(v, text, bstart, bstart + board_end)?;
    for (s, f) in extensions {
        parse_extension(v, text, s, f, &mut setup).map_err(within(PositionField::Extension))?;
    }
    if let Some((hs, h)) = hand_text {
        if v.hand_free && !h.is_empty() && h != "-" {
            return Err(terr(text, hs, "this variant's hands are endless and not written")
                .in_field(PositionField::Hand));
        }
        setup.stores[Store::Hand as usize] =
            parse_store(v, text, hs, h).map_err(within(PositionField::Hand))?;
    }
    if v.position_style == PositionStyle::Fen {
        short_fen_fields(&mut fields);
    }
    let get = |i: usize| fields.get(i).copied();
    match v.position_style {
        PositionStyle::Fen => {
            if let Some((s, f)) = get(1) {
                setup.side = side_of(v, text, s, f).map_err(within(PositionField::Side))?;
            }
            if let Some((s, f)) = get(2)
                && f != "-"
            {
                castling_field(v, text, s, f, &mut setup).map_err(within(PositionField::Castling))?;
            }
            if let Some((s, f)) = get(3)
                && v.end.counting.is_some()
                && f.starts_with(|c: char| c.is_ascii_digit())
            {
                // A running count: its limit in plies (Fairy-Stockfish's form).
                setup.count.limit =
                    counter(text, s, f, "the counting limit").map_err(within(PositionField::Counting))?;
            } else if let Some((s, f)) = get(3)
                && f != "-"
            {
                (setup.ep, setup.ep2, setup.ep_victim) =
                    ep_field(v, text, s, f, &setup).map_err(within(PositionField::EnPassant))?;
            }
            // Checks still to give, first player's first (`3+3`), when the
            // variant counts them.
            let mut next = 4;
            if let Some((s, f)) = get(4)
                && f.contains('+')
            {
                setup.checks = checks_field(v, text, s, f).map_err(within(PositionField::Checks))?;
                next = 5;
            }
            if let Some((s, f)) = get(next) {
                setup.halfmove = counter(text, s, f, "the halfmove clock")
                    .map_err(within(PositionField::HalfmoveClock))?;
            }
            if setup.count.limit != 0 {
                // While a count runs, the halfmove field holds its plies.
                setup.count.ply = std::mem::take(&mut setup.halfmove);
            }
            if let Some((s, f)) = get(next + 1) {
                setup.fullmove =
                    counter(text, s, f, "the move number").map_err(within(PositionField::MoveNumber))?;
            }
            if let Some((s, _)) = get(next + 2) {
                return Err(terr(text, s, "unexpected text after the move number")
                    .in_field(PositionField::MoveNumber));
            }
        }
        PositionStyle::Sfen if hand_text.is_some() => fairy_fen_tail(text, &fields, &mut setup)?,
        PositionStyle::Sfen => {
            if let Some((s, f)) = get(1) {
                setup.side = side_of(v, text, s, f).map_err(within(PositionField::Side))?;
            }
            if let Some((s, f)) = get(2) {
                setup.stores[Store::Hand as usize] =
                    parse_store(v, text, s, f).map_err(within(PositionField::Hand))?;
            }
            if let Some((s, f)) = get(3) {
                setup.fullmove =
                    counter(text, s, f, "the move number").map_err(within(PositionField::MoveNumber))?;
            }
            if let Some((s, _)) = get(4) {
                return Err(terr(text, s, "unexpected text after the move number")
                    .in_field(PositionField::MoveNumber));
            }
        }
    }
    Ok(setup)
}

/// The en-passant field: a square, or Fairy-Stockfish's list of squares
/// (`c3d4`: the squares a piece's double step passed over and the one it
/// reached, written after every such step of a pawn that is not the chess
/// pawn; `b3b4`: both squares a triple step passed over). Of a list, the
/// square some piece has just passed over with a double or triple step is
/// the en-passant square, and another the same piece has just passed over
/// the second one; a list without one means none.
fn ep_field(
    v: &Variant,
    text: &str,
    s: usize,
    f: &str,
    setup: &Setup,
) -> Result<(Square, Square, Square), TextError> {
    let g = &v.geometry;
    if let Some(sq) = g.parse_square(f) {
        return Ok((sq, Square::NONE, Square::NONE));
    }
    let mut squares = Vec::new();
    let mut rest = f;
    while !rest.is_empty() {
        let letters = rest.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(rest.len());
        let digits = rest[letters..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len(), |d| letters + d);
        match g.parse_square(&rest[..digits]) {
            Some(sq) if letters > 0 && digits > letters => squares.push(sq),
            _ => return Err(terr(text, s, format!("`{}` is not a square", clip(f)))),
        }
        rest = &rest[digits..];
    }
    let empty = |sq: Square| setup.board[sq.index()].is_none();
    // A listed square that holds the piece which passed: the square it
    // reached, which a path names (`b3c4`: from a2, not from c2 to a4).
    let listed_victim = |sq: Square| {
        squares
            .iter()
            .copied()
            .find(|&w| crate::engine::position::passed_over(v, &setup.board, setup.side, sq, w))
    };
    let Some((ep, victim)) = squares.iter().find_map(|&sq| {
        empty(sq)
            .then(|| {
                listed_victim(sq)
                    .or_else(|| crate::engine::position::ep_victim(v, &setup.board, setup.side, sq))
            })
            .flatten()
            .map(|victim| (sq, victim))
    }) else {
        return Ok((Square::NONE, Square::NONE, Square::NONE));
    };
    let ep2 = squares
        .into_iter()
        .find(|&sq| {
            sq != ep
                && empty(sq)
                && crate::engine::position::passed_over(v, &setup.board, setup.side, sq, victim)
        })
        .unwrap_or(Square::NONE);
    Ok((ep, ep2, victim))
}

/// The castling field: castling rights and, with gating, the gating squares
/// still open (or the back-rank squares whose `once` rights are held) — a file letter (upper case for the first player) for each,
/// where a castling right also opens its king's and rook's squares, as
/// Fairy-Stockfish writes them (`KQBCDFGkqbcdfg`).
fn rights_field(
    v: &Variant,
    text: &str,
    s: usize,
    f: &str,
    board: &[Option<Piece>],
) -> Result<u32, TextError> {
    let g = &v.geometry;
    let mut rights = 0u32;
    let own = |sq: Square, c: Color| board[sq.index()].is_some_and(|p| p.color() == c);
    for (i, ch) in f.char_indices() {
        if let Some(bit) = v.castles.iter().position(|cs| cs.right == ch) {
            // Every rule of that letter (a right may cover several).
            rights |= (v.castles.iter().enumerate()).fold(0, |m, (b, o)| m | u32::from(o.right == ch) << b);
            let cs = &v.castles[bit];
            for sq in [cs.king, cs.rook] {
                if let Some(b) = v.gate_bit(sq, cs.color)
                    && own(sq, cs.color)
                {
                    rights |= b;
                }
            }
            continue;
        }
        let color = if ch.is_ascii_uppercase() {
            Color::First
        } else {
            Color::Second
        };
        let file = (ch.to_ascii_lowercase() as usize).wrapping_sub('a' as usize);
        // Gating squares, or (never both) the squares of `once` rights.
        let gates: Vec<(Square, u32)> = v
            .gates
            .iter()
            .chain(&v.once_squares)
            .filter(|gt| gt.color == color && g.file(gt.square) == file)
            .filter_map(|gt| {
                let bit = v
                    .gate_bit(gt.square, color)
                    .or_else(|| v.once_bit(gt.square, color))?;
                Some((gt.square, bit))
            })
            .collect();
        if !ch.is_ascii_alphabetic() || gates.is_empty() {
            return Err(terr(
                text,
                s + i,
                format!("`{ch}` is not a castling right or gating file of this variant"),
            ));
        }
        for (sq, bit) in gates {
            if !own(sq, color) {
                let what = if v.gates.is_empty() {
                    "a once right"
                } else {
                    "gating"
                };
                return Err(terr(
                    text,
                    s + i,
                    format!(
                        "`{ch}` opens {what} on {}, where that side has no piece",
                        g.name(sq)
                    ),
                ));
            }
            rights |= bit;
        }
    }
    Ok(rights)
}

/// The castling field where castling rules take their king and rook from
/// the position (`any_file`), as Fairy-Stockfish reads Chess960's: a rule's
/// letter (`K`, `q`) names the outermost rook on its side of the king, a
/// file letter (`H`, `b`: Shredder-FEN) the rook on that file, whose side of
/// the king says which rule. The king is the side's castling piece on the
/// rules' rank. Returns the rights and each rule's king and rook squares.
fn any_file_rights(
    v: &Variant,
    text: &str,
    s: usize,
    f: &str,
    board: &[Option<Piece>],
) -> Result<(u32, Vec<(Square, Square)>), TextError> {
    let g = &v.geometry;
    let mut squares: Vec<(Square, Square)> = v.castles.iter().map(|c| (c.king, c.rook)).collect();
    let mut rights = 0u32;
    for (i, ch) in f.char_indices() {
        let color = if ch.is_ascii_uppercase() {
            Color::First
        } else {
            Color::Second
        };
        let rules: Vec<usize> = (0..v.castles.len())
            .filter(|&i| v.castles[i].color == color)
            .collect();
        let bad = |what: String| terr(text, s + i, format!("`{ch}`: {what}"));
        let Some(&first) = rules.first() else {
            return Err(bad("not a castling right of this variant".into()));
        };
        let c0 = &v.castles[first];
        let rank = g.rank(c0.king_to) as i32;
        let on_rank = |file: usize| g.square(file as i32, rank);
        let is = |sq: Square, kind: Option<PieceKind>| {
            board[sq.index()]
                .is_some_and(|p| p.color() == color && kind.map_or(v.def(p.kind()).royal, |k| p.kind() == k))
        };
        let Some(king) = (0..g.files).filter_map(on_rank).find(|&sq| is(sq, c0.piece)) else {
            return Err(bad(format!("no castling king on rank {}", rank + 1)));
        };
        let kf = g.file(king);
        let (bit, rook) = if let Some(&bit) = rules.iter().find(|&&r| v.castles[r].right == ch) {
            let c = &v.castles[bit];
            let files: Vec<usize> = if c.kingside(g) {
                (kf + 1..g.files).rev().collect()
            } else {
                (0..kf).collect()
            };
            let rook = files
                .into_iter()
                .filter_map(on_rank)
                .find(|&sq| c.any_file.is_none_or(|k| is(sq, Some(k))));
            match rook {
                Some(r) if c.any_file.is_some() => (bit, r),
                _ => (bit, c.rook),
            }
        } else {
            let file = (ch.to_ascii_lowercase() as usize).wrapping_sub('a' as usize);
            let Some(rook) = (file < g.files && ch.is_ascii_alphabetic())
                .then(|| on_rank(file))
                .flatten()
            else {
                return Err(bad("not a castling right or file of this variant".into()));
            };
            let rule = rules
                .iter()
                .copied()
                .find(|&r| v.castles[r].any_file.is_some() && v.castles[r].kingside(g) == (file > kf));
            let Some(bit) = rule else {
                return Err(bad(format!("no castling rule for a rook on {}", g.name(rook))));
            };
            (bit, rook)
        };
        if v.castles[bit].any_file.is_some() {
            squares[bit] = (king, rook);
        }
        rights |= 1 << bit;
    }
    Ok((rights, squares))
}

/// The check-counting field `R+R`: the checks each side still has to give,
/// first player first; returns the checks given.
fn checks_field(v: &Variant, text: &str, s: usize, f: &str) -> Result<[u16; 2], TextError> {
    let Some(limit) = v.end.checks_to_win else {
        return Err(terr(text, s, "this variant does not count checks"));
    };
    let (a, b) = f.split_once('+').unwrap_or((f, ""));
    let mut given = [0u16; 2];
    for (i, (part, at)) in [(a, s), (b, s + a.len() + 1)].into_iter().enumerate() {
        match part.parse::<u16>() {
            Ok(n) if n <= limit => given[i] = limit - n,
            _ => {
                return Err(terr(
                    text,
                    at,
                    format!("expected the checks still to give, 0 to {limit}, as in `{limit}+{limit}`"),
                ));
            }
        }
    }
    Ok(given)
}

/// The fields after the board of Fairy-Stockfish's FEN for shogi-style
/// variants (`board[hand] w 0 1`, `board[hand] b - - 1 1`): the side in
/// chess letters (`w` = the first player), an optional castling field and
/// en-passant field (both `-`), the halfmove clock and the full-move number,
/// turned into the SFEN move number (plies).
fn fairy_fen_tail(text: &str, fields: &[(usize, &str)], setup: &mut Setup) -> Result<(), TextError> {
    let mut rest = fields[1..].iter().copied();
    if let Some((s, f)) = rest.next() {
        setup.side = match f {
            "w" => Color::First,
            "b" => Color::Second,
            _ => {
                return Err(
                    terr(text, s, "expected the side to move, `w` or `b`").in_field(PositionField::Side)
                );
            }
        };
    }
    let mut numbers = Vec::new();
    for (s, f) in rest {
        if f == "-" && numbers.is_empty() {
            continue;
        }
        numbers.push(counter(text, s, f, "a move counter").map_err(within(PositionField::MoveNumber))?);
        if numbers.len() > 2 {
            return Err(
                terr(text, s, "unexpected text after the move number").in_field(PositionField::MoveNumber)
            );
        }
    }
    let fullmove = numbers.last().copied().unwrap_or(1).max(1);
    setup.fullmove = 2 * (fullmove - 1) + 1 + u32::from(setup.side == Color::Second);
    // `… w - - 3 1`: the halfmove clock before the move number.
    if numbers.len() == 2 {
        setup.halfmove = numbers[0];
    }
    Ok(())
}
