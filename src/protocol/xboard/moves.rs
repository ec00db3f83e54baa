//! Moves in XBoard's text: written with the variant's XBoard letters, and
//! read (with the repair of the 16th rank XBoard writes as `@`).

use super::announce::Presentation;
use crate::engine::{Move, MoveKind, MoveNotation, PieceKind, Position};

/// A legal move in XBoard's notation, with the variant's XBoard letters.
pub(super) fn move_text(pos: &mut Position, m: &Move, p: &Presentation) -> String {
    let xboard = pos.move_text_as(m, MoveNotation::XBoard);
    // Known variants, and moves of several legs (`h8h9,h9h10`, a lion's
    // double move; a pass `@@@@`), as XBoard writes them.
    if p.known || xboard.contains(',') || xboard == "@@@@" {
        return xboard;
    }
    let g = pos.variant().board().clone();
    let sq = |s| {
        format!(
            "{}{}",
            (b'a' + g.file(s) as u8) as char,
            crate::text::xboard_rank_text(g.ranks(), g.rank(s))
        )
    };
    let letter = |k: PieceKind| p.letters[k.index()].0.clone();
    match (m.kind(), m.from(), m.to()) {
        (MoveKind::Pass, ..) => "@@@@".into(),
        (MoveKind::Drop | MoveKind::Place | MoveKind::Spawn | MoveKind::PocketDrop, _, Some(to)) => {
            let k = m.entering_kind().unwrap_or(m.piece());
            format!("{}@{}", letter(k), sq(to))
        }
        (MoveKind::Board | MoveKind::Castle, Some(from), Some(to))
            if m.captures().iter().all(|&c| c == to) || m.captures().len() <= 1 =>
        {
            let mut s = format!("{}{}", sq(from), sq(to));
            if let Some(k) = m.promotion() {
                let (l, promoted) = &p.letters[k.index()];
                if *promoted {
                    s.push('+');
                } else {
                    s.push_str(&l.to_ascii_lowercase());
                }
            }
            s
        }
        _ => pos.move_text_as(m, MoveNotation::XBoard),
    }
}

/// The legal move an XBoard move text names (`=` for "no promotion" and
/// the case of a drop's letter are forgiven). XBoard keeps a rank as one
/// character (`'1'` + rank − 1), so on a board of 16 ranks the 16th is `@`,
/// which it then relays as a drop: `i16h15` reaches the other engine as
/// `I@h15`. Such a text, when it names no drop, is read as the move from
/// the 16th rank.
pub(super) fn parse_move(pos: &mut Position, text: &str, p: &Presentation) -> Option<Move> {
    let t = text.trim();
    let t = t.strip_suffix('=').unwrap_or(t);
    let found = find_move(pos, t, p);
    if found.is_some() || pos.v.geometry.ranks() != 16 {
        return found;
    }
    if !t.contains('@') {
        return None;
    }
    // Each `@` after a file letter is the 16th rank (`C@b15`, `b15c@`).
    let mut repaired = String::new();
    for c in t.chars() {
        if c == '@' && repaired.ends_with(|l: char| l.is_ascii_alphabetic()) {
            let file = repaired.pop().map(|l| l.to_ascii_lowercase());
            repaired.extend(file);
            repaired.push_str("16");
        } else {
            repaired.push(c);
        }
    }
    find_move(pos, &repaired, p)
}

/// [`parse_move`] without the 16th rank's repair.
fn find_move(pos: &mut Position, t: &str, p: &Presentation) -> Option<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let found: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| {
            let ours = move_text(pos, m, p);
            ours == t || (ours.contains('@') && ours.eq_ignore_ascii_case(t))
        })
        .collect();
    match found.as_slice() {
        [m] => Some(*m),
        _ => None,
    }
}
