//! Whether a text is a move of a variant in a notation chimera reads, with
//! no position: for rules files' test cases, whose moves must parse.

use crate::engine::types::Square;
use crate::engine::variant::Variant;

/// Reads one square at the start of `s` — algebraic (`e4`, `j10`) or USI
/// (`7g`) — and returns it with the rest of the text.
fn take_square<'a>(v: &Variant, s: &'a str) -> Result<(Square, &'a str), String> {
    let b = s.as_bytes();
    let digits = |from: usize| from + b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let letters = |from: usize| from + b[from..].iter().take_while(|c| c.is_ascii_lowercase()).count();
    let (name, rest, square) = if b.first().is_some_and(|c| c.is_ascii_lowercase()) {
        let end = digits(letters(0));
        let name = &s[..end];
        (name, &s[end..], v.geometry.parse_square(name))
    } else if b.first().is_some_and(|c| c.is_ascii_digit()) {
        let end = digits(0);
        // USI ranks: one letter, two on boards of more than 26 ranks.
        let most = if v.geometry.ranks > 26 { 2 } else { 1 };
        let end = end
            + b[end..]
                .iter()
                .take(most)
                .take_while(|c| c.is_ascii_lowercase())
                .count();
        let name = &s[..end];
        (name, &s[end..], v.geometry.parse_usi_square(name))
    } else {
        let shown: String = s.chars().take(4).collect();
        return Err(format!("expected a square, found `{shown}`"));
    };
    match square {
        Some(sq) => Ok((sq, rest)),
        None if name.is_empty() => Err("expected a square".into()),
        None => Err(format!(
            "`{name}` is not a square of the {}×{} board",
            v.geometry.files, v.geometry.ranks
        )),
    }
}

/// Whether `sym` names a piece of the variant, as written (`P`, `+B`, `Ko`)
/// or in UCI's lower case.
fn is_symbol(v: &Variant, sym: &str) -> bool {
    let sym = sym.trim_start_matches('(').trim_end_matches(')');
    !sym.is_empty() && v.kind_by_symbol(sym).is_some()
}

/// Checks that a text is a move of the variant in one of the notations chimera
/// reads, whether or not it is legal anywhere: its squares are on the board
/// and its pieces belong to the variant.
pub(crate) fn check_move_syntax(v: &Variant, text: &str) -> Result<(), String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("empty move".into());
    }
    if t.eq_ignore_ascii_case("pass") {
        return Ok(());
    }
    if v.placed_walls()
        && let Some((body, wall)) = t.rsplit_once(',')
    {
        // The wall after the move: `d1d4,d4d7` (destination, wall square).
        let (_, rest) = take_square(v, wall)?;
        let (_, rest) = take_square(v, rest)?;
        if !rest.is_empty() {
            return Err(format!("unexpected `{rest}` after the wall's square"));
        }
        return check_move_syntax(v, body);
    }
    if t.eq_ignore_ascii_case("O-O") || t.eq_ignore_ascii_case("O-O-O") {
        return if v.castles.is_empty() {
            Err("this variant has no castling".into())
        } else {
            Ok(())
        };
    }
    if let Some(sq) = t.strip_suffix("->pocket") {
        let (_, rest) = take_square(v, sq)?;
        return if rest.is_empty() {
            Ok(())
        } else {
            Err(format!("unexpected `{rest}`"))
        };
    }
    // A piece entering: `P*e5`, `Ko@a1`, `P&d3`, `P^e5`.
    if let Some(i) = t.find(['*', '@', '&', '^']).filter(|&i| i > 0) {
        let (sym, rest) = (&t[..i], &t[i + 1..]);
        if rest.is_empty() && t.ends_with('^') {
            // `e5^`: into the pocket.
            let (_, extra) = take_square(v, sym)?;
            return if extra.is_empty() {
                Ok(())
            } else {
                Err(format!("unexpected `{extra}`"))
            };
        }
        if !is_symbol(v, sym) {
            return Err(format!("`{sym}` is not a piece symbol of this variant"));
        }
        let (_, extra) = take_square(v, rest)?;
        return if extra.is_empty() {
            Ok(())
        } else {
            Err(format!("unexpected `{extra}` after the square"))
        };
    }
    match check_board_move_syntax(v, t) {
        Ok(()) => Ok(()),
        Err(e) if san_syntax(v, t) => {
            let _ = e;
            Ok(())
        }
        Err(e) => Err(e),
    }
}

/// A gated piece's symbol, optionally followed by the square it enters.
fn check_gate_suffix(v: &Variant, gate: &str) -> Result<(), String> {
    let split = gate
        .char_indices()
        .map(|(i, _)| i)
        .chain([gate.len()])
        .find(|&i| {
            i > 0
                && is_symbol(v, &gate[..i])
                && (i == gate.len() || take_square(v, &gate[i..]).is_ok_and(|(_, r)| r.is_empty()))
        });
    match split {
        Some(_) => Ok(()),
        None => Err(format!(
            "`{gate}` is not a piece symbol (with an optional square) of this variant"
        )),
    }
}

/// Whether a text has the shape of standard algebraic notation (`Nf3`,
/// `exd5`, `Rad1`, `e8=Q`, `0-0`) with this variant's pieces and squares.
fn san_syntax(v: &Variant, t: &str) -> bool {
    let t = t.trim_end_matches(['+', '#', '!', '?']);
    if t == "0-0" || t == "0-0-0" {
        return !v.castles.is_empty();
    }
    let (body, promo) = match t.split_once('=') {
        Some((b, p)) => (b, Some(p)),
        None => (t, None),
    };
    // `=` alone declines a promotion (XBoard).
    if promo.is_some_and(|p| !p.is_empty() && !is_symbol(v, p)) {
        return false;
    }
    let Some((piece, rest)) = san_piece(body) else {
        return false;
    };
    if !is_symbol(v, piece) {
        return false;
    }
    let legs: Vec<&str> = rest.split(['x', '-']).filter(|s| !s.is_empty()).collect();
    // A lion's double move: the first leg's square, then the last (`Nxg5-g6`).
    if let [a, b] = legs.as_slice()
        && v.geometry.parse_square(a).is_some()
        && v.geometry.parse_square(b).is_some()
    {
        return true;
    }
    let joined = legs.concat();
    let Some((hint, _)) = v.geometry.split_trailing_square(&joined) else {
        return false;
    };
    hint.len() <= 3 && hint.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
}

/// A board move: two squares (`e2e4`, `7g7f`), a path (`j9-xj10-j11`,
/// `j9-j14xj10xj11`) with shots (`g7-h8 !h11`), and a promotion (`=Q`, `=`,
/// `+`, UCI's `q`).
fn check_board_move_syntax(v: &Variant, t: &str) -> Result<(), String> {
    let mut parts = t.split_whitespace();
    let mut body = parts.next().unwrap_or("");
    // Gating: `b1c3/H`, `e1g1/Hh1`.
    if let Some((b, gate)) = body.split_once('/') {
        if v.gates.is_empty() {
            return Err("`/` names a piece entering by gating, and this variant has no gating".into());
        }
        check_gate_suffix(v, gate)?;
        body = b;
    }
    let mut tail: Vec<&str> = parts.collect();
    // A promotion written apart: `g7-h8 =X`.
    if let Some(last) = tail.last()
        && last.starts_with('=')
    {
        let sym = &last[1..];
        if !sym.is_empty() && !is_symbol(v, sym) {
            return Err(format!("`{sym}` is not a piece symbol of this variant"));
        }
        tail.pop();
    }
    if let Some(i) = body.find('=') {
        let sym = &body[i + 1..];
        if !sym.is_empty() && !is_symbol(v, sym) {
            return Err(format!("`{sym}` is not a piece symbol of this variant"));
        }
        body = &body[..i];
    } else if let Some(b) = body.strip_suffix('+').or_else(|| body.strip_suffix('-')) {
        // `7g7f+` turns a piece up, `a1a2-` turns it back (kyoto shogi).
        body = b;
    }
    let mut squares = 0;
    let mut rest = body;
    while !rest.is_empty() {
        rest = rest.strip_prefix('-').unwrap_or(rest);
        // `x` marks a capture when a square follows it; `x5` is a square.
        if let Some(r) = rest.strip_prefix('x')
            && !r.starts_with(|c: char| c.is_ascii_digit())
        {
            rest = r;
        }
        if squares >= 2 && !v.gates.is_empty() && check_gate_suffix(v, rest).is_ok() {
            // UCI gating: `b1c3h`, `h1e1h`.
            return check_shots(v, &tail);
        }
        if squares >= 2 && rest.chars().all(|c| c.is_ascii_lowercase() || c == '+') && !rest.is_empty() {
            // UCI promotion: `e7e8q`.
            return if is_symbol(v, rest) {
                check_shots(v, &tail)
            } else {
                Err(format!("`{rest}` is not a piece symbol of this variant"))
            };
        }
        let (_, r) = take_square(v, rest)?;
        squares += 1;
        rest = r;
    }
    if squares < 2 {
        return Err("a board move needs an origin and a destination".into());
    }
    check_shots(v, &tail)
}

fn check_shots(v: &Variant, tail: &[&str]) -> Result<(), String> {
    for shot in tail {
        let Some(sq) = shot.strip_prefix('!') else {
            return Err(format!("unexpected `{shot}` (shots are written `!square`)"));
        };
        let (_, rest) = take_square(v, sq)?;
        if !rest.is_empty() {
            return Err(format!("unexpected `{rest}`"));
        }
    }
    Ok(())
}

impl Variant {
    /// Checks that a text is a move of this variant in one of the notations
    /// chimera reads (canonical, UCI, USI, paths), whether or not it is legal
    /// anywhere: its squares are on the board and its pieces exist.
    pub fn check_move_text(&self, text: &str) -> Result<(), String> {
        check_move_syntax(self, text)
    }
}

/// SAN's piece and the rest: an upper-case letter, after `+` for a
/// promoted face and before `'` or `!` for XBoard's dressed letters (`+B`,
/// `C'`); a pawn move starts with its file.
pub(super) fn san_piece(t: &str) -> Option<(&str, &str)> {
    let b = t.as_bytes();
    let start = usize::from(b.first() == Some(&b'+'));
    match b.get(start) {
        Some(c) if c.is_ascii_uppercase() => {
            let end = start + 1 + usize::from(matches!(b.get(start + 1), Some(b'\'' | b'!')));
            Some((&t[..end], &t[end..]))
        }
        Some(c) if c.is_ascii_lowercase() && start == 0 => Some(("P", t)),
        _ => None,
    }
}
