//! Move text read back: every spelling chimera writes (canonical, UCI,
//! USI, SAN, paths) matched against the legal moves' spellings, with a
//! hint when nothing matches.

use super::move_syntax::{check_move_syntax, san_piece};
use super::write_moves::{aliases, demotes, format_move, format_uci, format_usi, format_xboard};
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;
use crate::engine::types::{PieceKind, Square};
use crate::engine::variant::Variant;

/// A move text that matches no legal move, or several.
#[derive(Clone, Debug, thiserror::Error)]
pub enum MoveTextError {
    /// The text names no legal move.
    #[error("`{text}` is not a legal move here{}", hint.as_ref().map(|h| format!(" ({h})")).unwrap_or_default())]
    Illegal {
        /// The text.
        text: String,
        /// What the text comes close to, if anything.
        hint: Option<String>,
    },
    /// The game is over: no move may be played.
    #[error("the game is over ({0}): no more moves")]
    GameOver(String),
    /// The move would repeat an earlier position, which the variant forbids.
    #[error("`{0}` is not a legal move here: it repeats an earlier position, which this variant forbids")]
    Repeats(String),
    /// The text could name several legal moves.
    #[error("`{text}` is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The text.
        text: String,
        /// The moves it could be, in canonical notation.
        candidates: Vec<String>,
    },
}

/// Finds the legal move a text names (canonical, UCI or USI).
pub(super) fn parse_move_text(pos: &mut Position, text: &str) -> Result<Move, MoveTextError> {
    let t = text.trim();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let declined = t.strip_suffix('=');
    // Letter case may differ from the canonical spelling (`e7e8=q`) only where
    // the text still reads as a move of this variant: `A1a2` is not `a1a2`.
    // A first letter in another case is a piece letter, not a square:
    // `H8h7` is SAN for a dragon horse, not the coordinates `h8h7`.
    let first_upper = |s: &str| s.chars().next().is_some_and(|c| c.is_ascii_uppercase());
    let same = |canon: &str, text: &str| {
        canon == text
            || (canon.eq_ignore_ascii_case(text)
                && first_upper(canon) == first_upper(text)
                && check_move_syntax(&pos.v, t).is_ok())
    };
    // The canonical spelling wins; other spellings only when it names nothing.
    let mut found: Vec<Move> = Vec::new();
    for m in &moves {
        let canon = format_move(pos, m);
        let matches =
            same(&canon, t) || (m.promotion().is_none() && declined.is_some_and(|d| same(&canon, d)));
        if matches && !found.contains(m) {
            found.push(*m);
        }
    }
    if found.is_empty() {
        for m in &moves {
            let matches = format_uci(pos, m) == t
                || format_usi(pos, m) == t
                || aliases(pos, m).iter().any(|a| a.eq_ignore_ascii_case(t));
            if matches && !found.contains(m) {
                found.push(*m);
            }
        }
    }
    if found.is_empty()
        && let Some((squares, caps, promo)) = parse_path(pos, t)
    {
        let (from, to) = (squares[0], squares[squares.len() - 1]);
        // A path through intermediate squares must be one the piece can take.
        let along = if squares.len() > 2 {
            Some(pos.moves_along(from, &squares[1..]))
        } else {
            None
        };
        for m in &moves {
            let promo_ok = match (&promo, m.promotion()) {
                (None, None) => true,
                (Some(p), None) => p.is_empty(),
                (Some(p), Some(k)) if p == "-" => demotes(pos, m, k),
                (Some(p), Some(k)) => p == "+" || pos.v.def(k).symbol.eq_ignore_ascii_case(p),
                (None, Some(_)) => false,
            };
            let path_ok = along.as_ref().is_none_or(|ms| ms.contains(m));
            if m.kind == MoveKind::Board
                && m.from == from
                && m.to == to
                && *m.captures() == *caps.as_slice()
                && promo_ok
                && path_ok
                && !found.contains(m)
            {
                found.push(*m);
            }
        }
    }
    if found.is_empty() && t.contains(',') {
        found = parse_legs(pos, t, &moves);
    }
    if found.is_empty()
        && pos.v.moves.one_piece_pass
        && let Some(pass) = other_piece_pass(pos, t, &moves)
    {
        found.push(pass);
    }
    if found.is_empty() && (t == "--" || t == "@@@@") {
        // XBoard's null move (`--` in its PGN): a pass, or a piece's step
        // out and back that takes nothing. Several pieces' passes leave the
        // same position: any one is the move.
        found.extend(moves.iter().find(|m| format_xboard(pos, m) == "@@@@"));
    }
    if found.is_empty()
        && t.contains('@')
        && let Some(bare) = Some(t.trim_end_matches(['+', '#'])).filter(|b| b.len() < t.len())
    {
        // A drop with SAN's check or mate mark (`P@d2+`, `R@d1#`).
        return parse_move_text(pos, bare);
    }
    if found.is_empty() {
        found = parse_san(pos, t, &moves)?;
    }
    match found.len() {
        0 => Err(MoveTextError::Illegal {
            text: clipped(t),
            hint: hint(pos, t, &moves),
        }),
        1 => Ok(found[0]),
        _ => Err(MoveTextError::Ambiguous {
            text: t.to_string(),
            candidates: found.iter().map(|m| format_move(pos, m)).collect(),
        }),
    }
}

/// A move of several legs as XBoard and HaChu write it, one origin and
/// destination per leg joined by commas (`f7e7,e7e8`: a lion's double move;
/// `j10i11,i11j10`: out and back; `+` after the last leg promotes): the
/// legal moves along that path.
fn parse_legs(pos: &mut Position, t: &str, moves: &[Move]) -> Vec<Move> {
    let (body, promotes) = match t.strip_suffix('+') {
        Some(b) => (b, true),
        None => (t, false),
    };
    let mut squares: Vec<Square> = Vec::new();
    for leg in body.split(',') {
        // Two square names: letters then digits, twice (`f7e7`, `aa10ab11`).
        let cut = leg
            .char_indices()
            .skip(1)
            .find(|&(i, c)| c.is_ascii_alphabetic() && leg[..i].ends_with(|p: char| p.is_ascii_digit()))
            .map(|(i, _)| i);
        let Some((a, b)) = cut.map(|i| leg.split_at(i)) else {
            return Vec::new();
        };
        let (Some(a), Some(b)) = (pos.v.parse_square(a), pos.v.parse_square(b)) else {
            return Vec::new();
        };
        match squares.last() {
            None => squares.push(a),
            Some(&last) if last == a => {}
            Some(_) => return Vec::new(),
        }
        squares.push(b);
    }
    if squares.len() < 3 {
        return Vec::new();
    }
    let along = pos.moves_along(squares[0], &squares[1..]);
    let mut found = Vec::new();
    for m in moves {
        if along.contains(m) && m.promotion().is_some() == promotes && !found.contains(m) {
            found.push(*m);
        }
    }
    found
}

/// Under `one_piece_pass`, a pass written as another piece's (`f9-f9` where
/// the position's one pass is listed as `c4-c4`): the same move, if that
/// piece can pass.
fn other_piece_pass(pos: &mut Position, t: &str, moves: &[Move]) -> Option<Move> {
    let (squares, caps, promo) = parse_path(pos, t)?;
    let from = squares[0];
    if squares.len() != 2 || squares[1] != from || !caps.is_empty() || promo.is_some() {
        return None;
    }
    let p = pos.board[from.index()].filter(|p| p.color() == pos.side)?;
    let mut own = Vec::new();
    pos.piece_moves(from, p, &mut own);
    let can = own
        .iter()
        .any(|m| m.kind == MoveKind::Board && m.to == from && !m.is_capture());
    let is_pass =
        |m: &&Move| m.kind == MoveKind::Board && m.from == m.to && !m.is_capture() && m.promotion().is_none();
    can.then(|| moves.iter().find(is_pass).copied()).flatten()
}

/// A move text as quoted in messages: at most 60 characters.
fn clipped(t: &str) -> String {
    if t.chars().count() <= 60 {
        t.to_string()
    } else {
        format!(
            "{}… ({} characters)",
            t.chars().take(60).collect::<String>(),
            t.chars().count()
        )
    }
}

/// Standard algebraic notation (`Nf3`, `exd5`, `e8=Q`, `Rad1`, `O-O`): for
/// variants whose pieces have one-letter symbols, the pawn being the piece
/// written `P`. Returns the legal moves it names; an error when it names a
/// piece that cannot go there.
fn parse_san(pos: &Position, t: &str, moves: &[Move]) -> Result<Vec<Move>, MoveTextError> {
    let v = &*pos.v;
    let g = &v.geometry;
    let t = t.trim_end_matches(['#', '!', '?']);
    // A trailing `+` is check in chess and a promotion in XBoard's shogi
    // SAN (`Fxi10+`): it promotes where the move can promote to a `+` face.
    let plus = t.ends_with('+');
    let t = t.trim_end_matches('+');
    if matches!(t, "0-0" | "0-0-0" | "O-O" | "O-O-O") {
        // Castling, with zeros or letters, after its check mark (`O-O+`).
        let want = t.replace('0', "O");
        return Ok(moves
            .iter()
            .filter(|m| aliases(pos, m).contains(&want))
            .copied()
            .collect());
    }
    let Some((piece, rest)) = san_piece(t) else {
        return Ok(Vec::new());
    };
    if !rest
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '=' | '~' | '-'))
    {
        return Ok(Vec::new());
    }
    let (body, promo) = match rest.split_once('=') {
        Some((body, p)) => (body, Some(p)),
        None => (rest, None),
    };
    // The piece's symbol, or the letter SAN writes it with (`san = "E"`:
    // xiangqi's elephant, as Fairy-Stockfish and XBoard write it).
    let by_san = || v.kinds().find(|&k| v.def(k).san.as_deref() == Some(piece));
    let Some(kind) = v.kind_by_symbol(piece).or_else(by_san) else {
        return Ok(Vec::new());
    };
    // A promoted pawn that moves as its piece (crazyhouse's `Q~`) is written
    // with the piece's letter, as XBoard writes it.
    let is_kind =
        |k: PieceKind| k == kind || v.def(k).key.strip_suffix('~') == Some(v.def(kind).key.as_str());
    // XBoard's lion double move: the first leg's square, then the last
    // (`Nxg5-g6`); a first square holding the mover's own piece of the kind
    // is an origin instead (long algebraic `Ng1-f3`).
    let legs: Vec<&str> = body.split(['x', '-']).filter(|s| !s.is_empty()).collect();
    let mut mid = None;
    let body = match legs.as_slice() {
        [a, b] if body.contains('-') || body.matches('x').count() == 2 => {
            match (g.parse_square(a), g.parse_square(b)) {
                (Some(a_sq), Some(_))
                    if !pos.board[a_sq.index()]
                        .is_some_and(|p| p.color() == pos.side && is_kind(p.kind())) =>
                {
                    mid = Some(a_sq);
                    b.to_string()
                }
                _ => legs.concat(),
            }
        }
        _ => legs.concat(),
    };
    // The destination is the last square; what comes before disambiguates.
    let Some((from_hint, to)) = g.split_trailing_square(&body) else {
        return Ok(Vec::new());
    };
    if from_hint.len() > 3
        || !from_hint
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
    {
        return Ok(Vec::new());
    }
    // `e2e5` is a coordinate move, not a pawn move in SAN (`e5`, `exd5`).
    if piece == "P" && (from_hint.len() > 1 || from_hint.chars().any(|c| c.is_ascii_digit())) {
        return Ok(Vec::new());
    }
    let (exact, file, rank) = origin_hint(g, from_hint);
    let of_kind: Vec<Move> = moves
        .iter()
        .filter(|m| {
            // A castling is also its king's move to its square (`Kg3`: how
            // SAN writes a castling another of its wing would share `O-O`
            // with).
            matches!(m.kind, MoveKind::Board | MoveKind::Castle)
                && pos.board[m.from.index()].is_some_and(|p| is_kind(p.kind()))
        })
        .copied()
        .collect();
    let placed: Vec<Move> = of_kind
        .iter()
        .filter(|m| {
            m.to == to
                && exact.is_none_or(|sq| m.from == sq)
                && file.is_none_or(|f| g.file(m.from) == f)
                && rank.is_none_or(|r| g.rank_number(m.from) == r)
                && mid.is_none_or(|mid| pos.moves_along(m.from, &[mid, to]).contains(m))
        })
        .copied()
        .collect();
    let mut found = san_promotion_filter(v, placed, promo, plus, mid.is_none());
    if from_hint.is_empty() && t.starts_with(|c: char| c.is_ascii_lowercase()) {
        found = straight_ahead(pos, found);
    }
    if found.is_empty() && !of_kind.is_empty() && from_hint.len() <= 2 {
        let mut options: Vec<String> = of_kind.iter().map(|m| format_move(pos, m)).collect();
        options.sort();
        options.dedup();
        options.truncate(12);
        return Err(MoveTextError::Illegal {
            text: clipped(t),
            hint: Some(format!(
                "no {} can go there; its legal moves: {}",
                v.def(kind).name,
                options.join(" ")
            )),
        });
    }
    Ok(found)
}

/// SAN's file and rank number before the destination (`N1f3`, `Ngf3`,
/// `Ng1f3`), by the board's names; or the square, for a cell named on its
/// own.
fn origin_hint(g: &crate::engine::Geometry, from_hint: &str) -> (Option<Square>, Option<usize>, Option<i32>) {
    if from_hint.is_empty() {
        return (None, None, None);
    }
    // A cell named on its own (Omega's `Ww1a2`) is its whole name.
    if let Some(sq) = g
        .parse_square(from_hint)
        .filter(|&sq| g.special_name(sq).is_some())
    {
        return (Some(sq), None, None);
    }
    let f: String = from_hint.chars().filter(|c| c.is_ascii_lowercase()).collect();
    let r: String = from_hint.chars().filter(|c| c.is_ascii_digit()).collect();
    // A file the board does not have matches no piece.
    let file = (!f.is_empty()).then(|| g.parse_file(&f).unwrap_or(usize::MAX));
    (None, file, r.parse::<i32>().ok())
}

/// A pawn's move written with its destination alone goes straight ahead
/// (`g7`); a step from another file names that file (`fg7`: XBoard's
/// soldier stepping sideways beyond the river). Of several moves to the
/// square, the straight ones when there are any.
fn straight_ahead(pos: &Position, found: Vec<Move>) -> Vec<Move> {
    let g = &pos.v.geometry;
    if found.len() < 2 {
        return found;
    }
    let straight: Vec<Move> = found
        .iter()
        .filter(|m| g.file(m.from) == g.file(m.to))
        .copied()
        .collect();
    if straight.is_empty() { found } else { straight }
}

/// SAN's moves to a square narrowed by what the text says of promotion:
/// `=Q` names one, `=` alone declines (XBoard), a trailing `+` promotes
/// where a move to a promoted (`+`) face is among them, nothing declines.
/// Without the first square of a double move written (`no_mid`), a double
/// move that also takes elsewhere (a lion's `h9-h10xi9xh10`) is not the
/// one named when a plainer one is.
fn san_promotion_filter(
    v: &Variant,
    placed: Vec<Move>,
    promo: Option<&str>,
    plus: bool,
    no_mid: bool,
) -> Vec<Move> {
    let plus_promotes = plus
        && promo.is_none()
        && placed
            .iter()
            .any(|m| m.promotion().is_some_and(|k| v.def(k).symbol.starts_with('+')));
    let found: Vec<Move> = placed
        .into_iter()
        .filter(|m| match (promo, m.promotion()) {
            (None, None) => !plus_promotes,
            (None, Some(k)) => plus_promotes && v.def(k).symbol.starts_with('+'),
            (Some(""), None) => true,
            (Some(p), Some(k)) => v.def(k).key.trim_end_matches('~').eq_ignore_ascii_case(p),
            _ => false,
        })
        .collect();
    if no_mid && found.len() > 1 {
        let plain: Vec<Move> = found
            .iter()
            .filter(|m| m.captures().iter().all(|&c| c == m.to))
            .copied()
            .collect();
        if !plain.is_empty() {
            return plain;
        }
    }
    found
}

/// A helpful word for a move text that names no legal move.
fn hint(pos: &Position, t: &str, moves: &[Move]) -> Option<String> {
    let v = &*pos.v;
    let g = &v.geometry;
    let first: String = t.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    let split = second_square(&first, true)?;
    let from = g.parse_square(&first[..split])?;
    let Some(p) = pos.board[from.index()] else {
        return Some(format!("there is no piece on {}", g.name(from)));
    };
    if p.color() != pos.side {
        return Some(format!(
            "the piece on {} is {}'s, and it is {}'s move",
            g.name(from),
            v.sides[p.color().index()].name,
            v.sides[pos.side.index()].name
        ));
    }
    let mut own: Vec<String> = moves
        .iter()
        .filter(|m| m.from == from)
        .map(|m| format_move(pos, m))
        .collect();
    own.sort();
    own.dedup();
    Some(if own.is_empty() {
        format!(
            "the {} on {} has no legal move",
            v.def(p.kind()).name,
            g.name(from)
        )
    } else {
        own.truncate(16);
        format!(
            "legal moves of the {} on {}: {}",
            v.def(p.kind()).name,
            g.name(from),
            own.join(" ")
        )
    })
}

/// Where the second of two squares written together starts (`b7c9`,
/// `aa1ab2`): the first lowercase letter after a digit (`x` too, with
/// `with_x`).
fn second_square(t: &str, with_x: bool) -> Option<usize> {
    let b = t.as_bytes();
    (1..b.len()).find(|&i| b[i].is_ascii_lowercase() && (with_x || b[i] != b'x') && b[i - 1].is_ascii_digit())
}

/// A path `a1-xb2-c3 !d4 =X`: (every square written, origin first; captures
/// in order; promotion).
fn parse_path(pos: &Position, t: &str) -> Option<(Vec<Square>, Vec<Square>, Option<String>)> {
    let g = &pos.v.geometry;
    let (body, promo) = match t.rfind('=') {
        Some(i) => (&t[..i], Some(t[i + 1..].trim().to_string())),
        None => match t.strip_suffix('+') {
            Some(b) => (b, Some("+".to_string())),
            None => match t.strip_suffix('-') {
                Some(b) => (b, Some("-".to_string())),
                None => (t, None),
            },
        },
    };
    let mut parts = body.split_whitespace();
    let mut path = parts.next()?.to_string();
    if !path.contains('-') {
        // `b7c9`: two squares written together.
        let second = second_square(&path, false)?;
        path.insert(second, '-');
    }
    let mut squares = Vec::new();
    let mut caps = Vec::new();
    for (i, step) in path.split('-').enumerate() {
        let (capture, name) = match step.strip_prefix('x') {
            Some(n) => (true, n),
            None => (false, step),
        };
        // Compact form: `j9-j14xj10xj11` (final square, then captures).
        let mut pieces = name.split('x');
        let sq = g.parse_square(pieces.next()?)?;
        if capture {
            if i == 0 {
                return None;
            }
            caps.push(sq);
        }
        squares.push(sq);
        for extra in pieces {
            caps.push(g.parse_square(extra)?);
        }
    }
    for shot in parts {
        caps.push(g.parse_square(shot.strip_prefix('!')?)?);
    }
    if squares.len() < 2 {
        return None;
    }
    Some((squares, caps, promo))
}
