//! Positions as Fairy-Stockfish writes and reads them: its FEN (chimera's
//! `TextStyle::FairyStockfish`), its start positions' short form, the
//! quirks of its en-passant field, and the validity codes of pyffish's
//! `validate_fen`.

use std::sync::Arc;

use super::FsfError;
use crate::engine::{Color, Position, Strictness, Variant};
use crate::text::{PositionError, PositionField, TextStyle};

/// The position as Fairy-Stockfish writes it, character for character.
pub fn fen(pos: &Position) -> String {
    fen_with(pos, false, 0)
}

/// pyffish's `get_fen` with its `showPromoted` and `countStarted`: a
/// promoted piece keeps its `~` (makruk's promoted met, `M~`) only when
/// `show_promoted` or where Fairy-Stockfish always shows it (captures go
/// to a hand, or to the partner on two boards); a running count
/// (makruk's, Cambodian's) is written from `count_started` as
/// Fairy-Stockfish writes it (`counting_limit`, `counting_ply`): 0 the
/// count as it runs, below 0 the board's honour from 0, above 0 the ply at
/// which the board's honour began (Cambodian's count switches to the
/// board's honour when that ends first).
pub fn fen_with(pos: &Position, show_promoted: bool, count_started: i32) -> String {
    let style = if show_promoted {
        TextStyle::FairyStockfishPromoted
    } else {
        TextStyle::FairyStockfish
    };
    let text = pos.to_text_as(style);
    let v = pos.variant();
    let profile = super::registry::profile(v);
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    if pos.count.limit != 0
        && count_started != 0
        && fields.len() >= 6
        && let Some(p) = &profile
    {
        let (limit, ply) = counting_fields(pos, &p.counting, count_started);
        fields[3] = limit.to_string();
        fields[4] = ply.to_string();
    }
    fields.join(" ")
}

/// Fairy-Stockfish's `counting_limit` and `counting_ply` of a running
/// count, from `count_started` (see [`fen_with`]).
fn counting_fields(pos: &Position, rule: &str, count_started: i32) -> (u32, u32) {
    let (limit, ply) = (pos.count.limit as i64, pos.count.ply as i64);
    let game_ply = 2 * (pos.fullmove_number() as i64 - 1) + i64::from(pos.side_to_move() == Color::Second);
    let board_ply = if count_started < 0 {
        0
    } else {
        (1 + game_ply - count_started as i64).max(0)
    };
    let shorter = rule == "cambodian" && 126 - board_ply < limit - ply;
    let v = pos.variant();
    let pieces = |c: Color| pos.board.iter().flatten().filter(|p| p.color() == c).count();
    let pawns = pos.board.iter().flatten().any(|p| {
        super::registry::profile(v)
            .and_then(|pr| pr.type_name(&v.def(p.kind()).key))
            .as_deref()
            == Some("pawn")
    });
    let bare = pieces(Color::First) <= 1 || pieces(Color::Second) <= 1;
    let limit = if shorter { 126 } else { limit };
    let ply = if !pawns && bare && !shorter {
        ply
    } else {
        board_ply
    };
    (limit as u32, ply as u32)
}

/// The variant's start position as pyffish's `start_fen` gives it: the
/// text of Fairy-Stockfish's `startFen` setting for a variant that is one
/// of its built-ins or was imported from a variants.ini; else as
/// Fairy-Stockfish writes the position, the shogi variants' (written in
/// SFEN by their rules files) in its short form, `…[-] w 0 1`, when the
/// hands are empty.
pub fn start_fen(v: &Arc<Variant>) -> String {
    if let Some(p) = super::registry::profile(v)
        && !p.start_fen.is_empty()
    {
        return p.start_fen.clone();
    }
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
///
/// Read as Fairy-Stockfish reads it ([`fsf_text`]): any position whose
/// parts fit the board (not only those a game can reach: Fairy-Stockfish
/// checks neither material nor whose king is attacked), with as many kings
/// a side as its start has; castling rights that do not match the board
/// dropped. Fairy-Stockfish writes the en-passant field of a pawn that is
/// not the chess pawn (Berolina's) as the squares passed over and reached
/// (`b5c6`): where chimera refuses the list, each square alone is tried.
pub fn read_position(v: &Arc<Variant>, text: &str) -> Result<Position, FsfError> {
    let pos = read(v, text, true)?;
    super::registry::inherit(pos.variant(), v);
    Ok(pos)
}

/// [`read_position`], dropping castling rights the board does not bear
/// when `drop_rights` (as Fairy-Stockfish's `Position::set` does), else
/// refusing them (as its `validate_fen` does).
fn read(v: &Arc<Variant>, text: &str, drop_rights: bool) -> Result<Position, FsfError> {
    let t = text.trim();
    if t.is_empty() || t == "startpos" {
        return Ok(Position::start(v));
    }
    let t = fsf_text(v, t);
    let mut fields: Vec<String> = t.split_whitespace().map(str::to_string).collect();
    let mut v = Arc::clone(v);
    loop {
        match read_lenient(&v, &fields.join(" ")) {
            Err(PositionError::Invalid(m)) if drop_rights && m.starts_with("castling right") => {
                match super::castling::moved_castle(&v, &fields, &m) {
                    Some(moved) => v = moved,
                    None if drop_castling_right(&v, &mut fields, &m) => {}
                    None => {
                        return Err(FsfError::Position {
                            fen: text.to_string(),
                            error: PositionError::Invalid(m),
                        });
                    }
                }
                continue;
            }
            // An en-passant square no pawn has just passed over (the side
            // to move changed, as pychess-variants' fog of war does):
            // Fairy-Stockfish drops it.
            Err(PositionError::Invalid(m))
                if drop_rights
                    && m.starts_with("en-passant square")
                    && fields.get(3).is_some_and(|f| f != "-") =>
            {
                fields[3] = "-".into();
                continue;
            }
            Err(PositionError::Text(e))
                if drop_rights
                    && e.field == PositionField::Castling
                    && drop_castling_right(&v, &mut fields, &format!("castling right {}", e.message)) =>
            {
                continue;
            }
            r => {
                return r.map_err(|error| FsfError::Position {
                    fen: text.to_string(),
                    error,
                });
            }
        }
    }
}

/// A castling right the message says the board does not bear
/// (``castling right `k` needs …``, or a gating letter whose square is
/// empty) taken from the castling field; false when there is none to take.
/// In a variant with gating, a castling right taken leaves the gate on its
/// rook's square, as Fairy-Stockfish reads `Q` for a king that moved
/// (`A`).
fn drop_castling_right(v: &Variant, fields: &mut [String], message: &str) -> bool {
    let Some(right) = message
        .strip_prefix("castling right `")
        .and_then(|r| r.chars().next())
    else {
        return false;
    };
    let Some(f) = fields.get_mut(2).filter(|f| f.contains(right)) else {
        return false;
    };
    *f = f.replacen(right, "", 1);
    if !v.gates.is_empty()
        && let Some(c) = v.castles.iter().find(|c| c.right == right)
    {
        let file = v.geometry.file_name(v.geometry.file(c.rook));
        let gate = if c.color == Color::First {
            file.to_uppercase()
        } else {
            file
        };
        if !f.contains(&gate) {
            f.push_str(&gate);
        }
    }
    if f.is_empty() {
        *f = "-".into();
    } else if f.len() > 1 {
        *f = f.replace('-', "");
    }
    true
}

/// A text read as Fairy-Stockfish reads it, with its en-passant lists.
fn read_lenient(v: &Arc<Variant>, t: &str) -> Result<Position, PositionError> {
    let pos = Position::from_text_with(v, t, Strictness::Lenient).or_else(|error| {
        ep_list_alternatives(t)
            .into_iter()
            .find_map(|alt| Position::from_text_with(v, &alt, Strictness::Lenient).ok())
            .ok_or(error)
    })?;
    kings(v, &pos)?;
    Ok(pos)
}

/// Fairy-Stockfish's count of kings (`check_number_of_kings`): each side
/// has as many of the variant's king (on the board and in hand) as at the
/// start, and at most one; where chimera has no Fairy-Stockfish settings
/// for the variant, as many royal pieces as at the start.
fn kings(v: &Arc<Variant>, pos: &Position) -> Result<(), PositionError> {
    let profile = super::registry::profile(v);
    let is_king = |kind: crate::engine::PieceKind| {
        let d = v.def(kind);
        match &profile {
            Some(p) => p.type_name(&d.key).as_deref() == Some("king"),
            None => d.royal,
        }
    };
    let count = |p: &Position| {
        let mut n = [0usize; 2];
        for piece in p.board.iter().flatten() {
            if is_king(piece.kind()) {
                n[piece.color().index()] += 1;
            }
        }
        let nk = v.nkinds();
        for store in &p.stores {
            for (i, &c) in store.iter().enumerate() {
                if c > 0 && is_king(crate::engine::PieceKind::from_index(i % nk)) {
                    n[i / nk] += c as usize;
                }
            }
        }
        n
    };
    let (now, start) = (count(pos), count(&Position::start(v)));
    for c in Color::BOTH {
        let (n, s) = (now[c.index()], start[c.index()]);
        if n != s || (profile.is_some() && n > 1) {
            return Err(PositionError::Invalid(format!(
                "{} has {n} kings, the game {s}",
                v.side_name(c)
            )));
        }
    }
    Ok(())
}

/// A text in Fairy-Stockfish's FEN as chimera's reader takes it: its
/// letter synonyms (janggi's `h` and `e`: a rules file's `san` letter that
/// is no piece's symbol) as the pieces' symbols; `~` after a piece that has
/// no promoted kind of its own dropped; a shogi-style variant's FEN
/// without a hand (`… w -`) given an empty one, so that its `w` is read as
/// the first player (chimera's own SFEN, `board side hand number` with a
/// hand, is left as it is); the lichess check count (`+1+2` after the move
/// number: checks given) as Fairy-Stockfish's (`2+1` before the clocks:
/// checks still to give). A two-board FEN (bughouse's `A | B`, as
/// pychess-variants writes it) is read as its first board, as
/// Fairy-Stockfish reads it (it stops after the move number).
pub fn fsf_text(v: &Variant, text: &str) -> String {
    let text = text.split_once(" | ").map_or(text, |(first, _)| first);
    // An empty castling field (`w  - 2 9`, two spaces: pychess-variants'
    // fog-of-war FEN of a side without rights) is no castling right.
    let parts: Vec<&str> = text.trim().split(' ').collect();
    let text = if parts.len() > 3 && parts[2].is_empty() && !parts[1].is_empty() {
        let mut p = parts.clone();
        p[2] = "-";
        p.join(" ")
    } else {
        text.to_string()
    };
    let mut fields: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    if fields.is_empty() {
        return String::new();
    }
    fields[0] = board_text(v, &fields[0]);
    // Castling and en passant left out before a check count (`w 7+7 0
    // 1`), as Fairy-Stockfish reads them.
    if !v.uses_sfen()
        && (4..=5).contains(&fields.len())
        && fields[2].starts_with(|c: char| c.is_ascii_digit())
        && fields[2].contains('+')
    {
        fields.splice(2..2, ["-".to_string(), "-".to_string()]);
    }
    missing_en_passant(v, &mut fields);
    // Fairy-Stockfish reads no castling field in a variant without
    // castling (its own start positions may have `KQkq` there).
    if v.castles.is_empty()
        && v.gates.is_empty()
        && v.once_squares.is_empty()
        && !v.uses_sfen()
        && let Some(f) = fields.get_mut(2)
        && f.chars().all(|c| c.is_ascii_alphabetic())
    {
        *f = "-".into();
    }
    if v.uses_sfen() && !fields[0].contains('[') {
        let sfen = fields.len() == 4 && !fields[2].chars().all(|c| c.is_ascii_digit());
        if !sfen {
            fields[0].push_str("[]");
        }
    }
    if let Some(limit) = v.end.checks_to_win
        && fields.len() >= 7
        && let Some(given) = lichess_checks(&fields[fields.len() - 1])
        && given.iter().all(|&g| g <= limit)
    {
        fields.pop();
        let remaining = given.map(|g| limit.saturating_sub(g));
        let at = fields.len() - 2;
        fields.insert(at, format!("{}+{}", remaining[0], remaining[1]));
    }
    fields.join(" ")
}

/// A FEN without its en-passant field (`[] w - 0 1`, chennis' and xiangfu's
/// start positions in pychess-variants' variants.ini) read as
/// Fairy-Stockfish reads it: the first character of the halfmove clock is
/// taken for the en-passant file, which is none, the rest for the clocks
/// (`- 0 1` is `- - 1 1`, `- 12 7` is `- - 2 7`).
fn missing_en_passant(v: &Variant, fields: &mut Vec<String>) {
    let digits = |f: &String| !f.is_empty() && f.chars().all(|c| c.is_ascii_digit());
    if v.uses_sfen()
        || !(4..=5).contains(&fields.len())
        || digits(&fields[2])
        || !fields[3..].iter().all(digits)
    {
        return;
    }
    let mut clocks: Vec<String> = fields.split_off(3);
    clocks[0].remove(0);
    clocks.retain(|f| !f.is_empty());
    fields.push("-".into());
    fields.extend(clocks);
    while fields.len() < 6 {
        fields.push(if fields.len() == 4 { "0" } else { "1" }.into());
    }
}

/// `+1+2` → `[1, 2]`.
fn lichess_checks(f: &str) -> Option<[u16; 2]> {
    let (a, b) = f.strip_prefix('+')?.split_once('+')?;
    Some([a.parse().ok()?, b.parse().ok()?])
}

/// The board part of a FEN with Fairy-Stockfish's synonyms and stray `~`
/// marks turned into chimera's symbols (see [`fsf_text`]).
fn board_text(v: &Variant, board: &str) -> String {
    let known = |s: &str| v.kind_by_symbol(s).is_some();
    let mut out = String::with_capacity(board.len());
    let mut last: Option<char> = None;
    for c in board.chars() {
        if c == '~' && last.is_some_and(|l| !known(&format!("{l}~"))) {
            continue;
        }
        let mut c2 = c;
        if c.is_ascii_alphabetic() && !known(&c.to_string()) {
            let synonyms: Vec<&str> = v
                .pieces
                .iter()
                .filter(|d| d.key.chars().count() == 1)
                .filter(|d| {
                    d.san
                        .as_deref()
                        .is_some_and(|s| s.eq_ignore_ascii_case(&c.to_string()))
                })
                .map(|d| d.key.as_str())
                .collect();
            if let [k] = synonyms[..]
                && let Some(k) = k.chars().next()
            {
                c2 = if c.is_ascii_lowercase() {
                    k.to_ascii_lowercase()
                } else {
                    k
                };
            }
        }
        last = c2.is_ascii_alphabetic().then_some(c2);
        out.push(c2);
    }
    out
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

/// pyffish's `get_fog_fen`: the position as the side to move sees it in
/// fog of war — its FEN with every square `*` that holds none of that
/// side's pieces and that none of its legal moves goes to.
pub fn fog_fen(pos: &Position) -> String {
    let mut p = pos.clone();
    let g = &pos.variant().geometry;
    let mut visible = vec![false; g.squares()];
    for s in g.all_squares() {
        if pos.board[s.index()].is_some_and(|q| q.color() == pos.side_to_move()) {
            visible[s.index()] = true;
        }
    }
    for m in p.legal_move_list() {
        visible[m.to.index()] = true;
    }
    let text = fen(pos);
    let end = text.find([' ', '[']).unwrap_or(text.len());
    let mut ranks = Vec::new();
    for (ri, squares) in board_cells(&text).into_iter().enumerate() {
        let rank = g.ranks() - 1 - ri;
        let mut out = String::new();
        let mut empty = 0;
        for (file, sq) in squares.iter().enumerate() {
            let seen = g
                .square(file as i32, rank as i32)
                .is_some_and(|s| visible[s.index()]);
            let t = if seen { sq.as_deref().unwrap_or("") } else { "*" };
            if t.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push_str(t);
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        ranks.push(out);
    }
    format!("{}{}", ranks.join("/"), &text[end..])
}

/// The squares of a FEN's board, rank by rank from the last as written:
/// each empty (`None`), a wall (`*`), or a
/// piece's letters (`+P` a promoted shogi piece, `M~` a promoted piece
/// that goes back to a hand or stays so).
pub(super) fn board_cells(fen: &str) -> Vec<Vec<Option<String>>> {
    let board = fen.split([' ', '[']).next().unwrap_or("");
    let mut ranks = Vec::new();
    for rank in board.split('/') {
        let mut row: Vec<Option<String>> = Vec::new();
        let mut chars = rank.chars().peekable();
        let mut prefix = String::new();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                let mut n = c.to_digit(10).unwrap_or(0) as usize;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n * 10 + d as usize;
                    chars.next();
                }
                row.extend(std::iter::repeat_n(None, n));
            } else if c == '+' {
                prefix.push(c);
            } else if c == '~' {
                if let Some(Some(last)) = row.last_mut() {
                    last.push('~');
                }
            } else {
                row.push(Some(format!("{prefix}{c}")));
                prefix.clear();
            }
        }
        ranks.push(row);
    }
    ranks
}

/// pyffish's `FEN_INVALID_PROMOTED_PIECE`.
pub const FEN_INVALID_PROMOTED_PIECE: i32 = -12;

/// Fairy-Stockfish's `check_promoted_pieces`: in a variant with promoted
/// pieces written `+X`, a `+` before the letter of a piece that has no
/// promoted face (`+K`) is [`FEN_INVALID_PROMOTED_PIECE`].
fn promoted_piece_code(v: &Variant, board: &str) -> Option<i32> {
    if !v.pieces.iter().any(|d| d.key.starts_with('+')) {
        return None;
    }
    let b: Vec<char> = board.chars().collect();
    for w in b.windows(2) {
        let c = w[1];
        if w[0] == '+' && c.is_ascii_alphabetic() {
            let plain = v.kind_by_symbol(&c.to_string()).is_some();
            if plain && v.kind_by_symbol(&format!("+{c}")).is_none() {
                return Some(FEN_INVALID_PROMOTED_PIECE);
            }
        }
    }
    None
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
    // An empty field between two spaces, which Fairy-Stockfish reads as a
    // field (`KQkq  0 3`: no en-passant square).
    let fields: Vec<&str> = text.trim().split(' ').collect();
    if let Some(i) = fields.iter().position(|f| f.is_empty()) {
        return match i {
            1 => -6,
            2 => -5,
            3 => -4,
            _ => -10,
        };
    }
    if fields[0].split('[').next().is_some_and(|b| b.contains('~'))
        && super::registry::profile(v).is_some_and(|p| !p.reads_promoted_mark())
    {
        return -10;
    }
    // Fairy-Stockfish counts the parts of both boards of a two-board FEN
    // (bughouse's `A | B`): too many.
    if text.contains(" | ") {
        return FEN_INVALID_NB_PARTS;
    }
    if let Some(code) = promoted_piece_code(v, fields[0]) {
        return code;
    }
    if let Some(code) = layout_code(v, fields[0]) {
        return code;
    }
    let touching = || read(v, text, true).is_ok_and(|p| kings_touch(v, &p));
    match read(v, text, false) {
        Ok(p) if kings_touch(v, &p) => FEN_TOUCHING_KINGS,
        Ok(_) => FEN_OK,
        // Castling rights the board does not bear: Fairy-Stockfish's code
        // for the castling field (after its check of the kings).
        Err(FsfError::Position {
            error: PositionError::Invalid(m),
            ..
        }) if m.starts_with("castling right") => {
            if touching() {
                FEN_TOUCHING_KINGS
            } else {
                -5
            }
        }
        Err(FsfError::Position { error, .. }) => match validity_code(&error) {
            -5 if touching() => FEN_TOUCHING_KINGS,
            code => code,
        },
        Err(_) => -10,
    }
}

/// Fairy-Stockfish's code for a FEN of too many or too few parts.
const FEN_INVALID_NB_PARTS: i32 = -11;

/// Fairy-Stockfish's code for two kings side by side.
const FEN_TOUCHING_KINGS: i32 = -9;

/// Fairy-Stockfish's codes for the board's layout, checked before the
/// rest (`fill_char_board`, `check_pocket_info`), where every letter of the
/// board is a piece's: -8 a rank of another width than the board's, or
/// another number of ranks (a variant with a hand may write it as one
/// more, after a `/`); -7 a hand with something other than pieces' letters.
fn layout_code(v: &Variant, board: &str) -> Option<i32> {
    let known = |c: char| {
        v.kind_by_symbol(&c.to_string()).is_some()
            || v.kind_by_symbol(&c.to_ascii_uppercase().to_string()).is_some()
    };
    let (squares, bracket) = match board.split_once('[') {
        Some((b, h)) => (b, Some(h.trim_end_matches(']'))),
        None => (board, None),
    };
    let mut ranks: Vec<&str> = squares.split('/').collect();
    let height = v.geometry.ranks();
    let mut hand = bracket;
    if v.has_hands() && bracket.is_none() && ranks.len() == height + 1 {
        hand = ranks.pop();
    }
    let hand_ok = hand.is_none_or(|h| h.chars().all(|c| c == '-' || known(c)));
    if !board.chars().all(|c| !c.is_ascii_alphabetic() || known(c)) {
        return None;
    }
    let width = |rank: &str| {
        let (mut n, mut number) = (0usize, 0usize);
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                number = number * 10 + d as usize;
                continue;
            }
            n += std::mem::take(&mut number);
            if c.is_ascii_alphabetic() || c == '*' {
                n += 1;
            }
        }
        n + number
    };
    let files = v.geometry.files();
    if ranks.len() != height || ranks.iter().any(|r| width(r) != files) {
        return Some(-8);
    }
    (!hand_ok && v.has_hands()).then_some(-7)
}

/// Whether the two sides' kings stand side by side, where each has one
/// (Fairy-Stockfish's `check_touching_kings`, for its variants whose king
/// is the chess king).
fn kings_touch(v: &Arc<Variant>, pos: &Position) -> bool {
    let Some(profile) = super::registry::profile(v).filter(|p| p.king_is_king()) else {
        return false;
    };
    let g = &v.geometry;
    let mut kings: [Vec<(i32, i32)>; 2] = [Vec::new(), Vec::new()];
    for s in g.all_squares() {
        if let Some(p) = pos.board[s.index()]
            && profile.type_name(&v.def(p.kind()).key).as_deref() == Some("king")
        {
            kings[p.color().index()].push((g.file(s) as i32, g.rank(s) as i32));
        }
    }
    match (&kings[0][..], &kings[1][..]) {
        ([(f1, r1)], [(f2, r2)]) => (f1 - f2).abs() <= 1 && (r1 - r2).abs() <= 1,
        _ => false,
    }
}

/// Fairy-Stockfish's SFEN of a position (pyffish's `get_fen(…,
/// sfen=True)`) in a variant chimera does not write in SFEN: the board as
/// its FEN has it, the side as USI names it (`b` the first), the hand with
/// counts (`N2L3Pnl`, `-` when empty), the ply number (from 1).
pub fn sfen(pos: &Position) -> String {
    let text = fen(pos);
    let mut fields = text.split_whitespace();
    let board_field = fields.next().unwrap_or("");
    let (board, hand) = match board_field.split_once('[') {
        Some((b, h)) => (b, h.trim_end_matches(']')),
        None => (board_field, ""),
    };
    let first = fields.next() != Some("b");
    let letters: Vec<char> = hand.chars().filter(|&c| c != '-').collect();
    let mut counted = String::new();
    let mut i = 0;
    while i < letters.len() {
        let n = letters[i..].iter().take_while(|&&c| c == letters[i]).count();
        if n > 1 {
            counted.push_str(&n.to_string());
        }
        counted.push(letters[i]);
        i += n;
    }
    if counted.is_empty() {
        counted.push('-');
    }
    let ply = 2 * (move_number(pos).max(1) - 1) + u32::from(!first);
    format!("{board} {} {counted} {}", if first { "b" } else { "w" }, ply + 1)
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
