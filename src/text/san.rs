//! Algebraic move text as Fairy-Stockfish writes it: SAN (`Nbd7`, `exd5`,
//! `e8=Q+`, `P@e4`, `O-O/Hh1`, `Qh5#`) and its numeric Hodges notation for
//! the shogi variants (`P-76`, `+B-22`, `S*34`, `G-52=`). Servers written
//! against pyffish (`get_san`) read and store moves in these forms.
//!
//! The rules, from Fairy-Stockfish's documented notations (Wikipedia's
//! "Algebraic notation (chess)" and "Shogi notation", Western notation):
//! - the piece: its letter, upper case; none for a pawn that moves and
//!   captures differently (the chess pawn and its relatives) in SAN; in
//!   Hodges notation a promoted piece is `+` and its unpromoted letter;
//! - the origin, when another piece of the kind could legally go to the same
//!   square: SAN gives the file if that tells them apart, else the rank,
//!   else the square; Hodges notation always the square; a pawn's capture
//!   always gives its file; drops never give an origin;
//! - the operator: `@` (SAN) or `*` (Hodges) for a drop, `x` for a capture,
//!   `-` for any other move in Hodges notation;
//! - the destination: SAN `e4` (files a, b, … from the left, ranks from 1 at
//!   the bottom); Hodges `76` (files from 1 at the right, ranks from 1 at the
//!   top), numbers of two digits written out;
//! - the suffix: SAN `=Q` for a promotion (the new piece's letter), `/H` for
//!   a gated piece; Hodges `+` for a promotion, `-` for a demotion, `=` when
//!   the move could have promoted and did not;
//! - SAN only: `+` when the move gives check, `#` when it also leaves no
//!   legal move;
//! - castling (SAN): `O-O` towards the higher files, `O-O-O` towards the
//!   lower, then `/H` and the square when a piece is gated.
//!
//! A pass is written as the side's royal piece moving to its own square
//! (`Ke2`), where the side has one; under `[moves] pass_when_stuck` in a
//! variant without royal pieces, as its lowest piece standing still (`Pa1`). A wall placed after the move follows
//! it after a comma (`Qd2,d3`). A move with no such spelling —
//! one that captures elsewhere than on its destination (several captures,
//! igui, shots), another pass, a move into or out of a pocket — is written
//! in chimera's canonical notation.

use crate::engine::moves::{AUX_CASTLE, AUX_GATE_ROOK, Move, MoveKind};
use crate::engine::position::Position;
use crate::engine::types::{Piece, PieceKind, Square};
use crate::engine::variant::Variant;

/// The text of a legal move of `pos` in SAN (`hodges = false`) or
/// Fairy-Stockfish's numeric Hodges notation.
pub(crate) fn format_san(pos: &mut Position, m: &Move, hodges: bool) -> String {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let plain = super::write_moves::plain(pos, m);
    let mut s = match m.kind {
        MoveKind::Castle if !hodges => castling(pos, m),
        MoveKind::Drop => {
            let k = m.entering_kind().unwrap_or(m.piece());
            let hand = m.piece();
            // A piece dropped on its promoted face: `+` and the hand's letter.
            let letter = if hodges && k != hand {
                format!("+{}", letter(&pos.v, hand))
            } else {
                piece_text(&pos.v, k, hodges)
            };
            format!(
                "{letter}{}{}",
                if hodges { '*' } else { '@' },
                square(pos, m.to, hodges)
            )
        }
        MoveKind::Board | MoveKind::Castle if plain => board_move(pos, m, &moves, hodges),
        // A pass where the side has one royal piece: that piece moving to
        // its own square, as Fairy-Stockfish writes it (`Ke2`).
        // A pass that places a wall: the lowest piece, standing still.
        MoveKind::Pass if let Some(s) = pos.wall_pass_square(m) => match pos.board[s.index()] {
            Some(p) => format!("{}{}", letter(&pos.v, p.kind()), square(pos, s, hodges)),
            None => return super::write_moves::format_move(pos, m),
        },
        MoveKind::Pass if !hodges => match pos.royal_squares(pos.side) {
            crate::engine::position::RoyalSquares::One(s) => match pos.board[s.index()] {
                Some(p) => format!("{}{}", letter(&pos.v, p.kind()), square(pos, s, false)),
                None => return super::write_moves::format_move(pos, m),
            },
            _ => match pos
                .stuck_pass_square()
                .and_then(|s| pos.board[s.index()].map(|p| (s, p)))
            {
                // Without a royal piece: the lowest piece, standing still (`Pa1`).
                Some((s, p)) => format!("{}{}", letter(&pos.v, p.kind()), square(pos, s, false)),
                None => return super::write_moves::format_move(pos, m),
            },
        },
        _ => return super::write_moves::format_move(pos, m),
    };
    // The wall placed after the move, as Fairy-Stockfish writes it (`Qd2,d3`).
    if let Some(w) = m.wall() {
        s.push(',');
        s.push_str(&square(pos, w, hodges));
    }
    if !hodges {
        let mover = pos.side_to_move();
        pos.make(*m);
        if pos.gives_check(mover) {
            let mut after = Vec::new();
            pos.legal_moves(&mut after);
            s.push(if after.is_empty() { '#' } else { '+' });
        }
        pos.unmake();
    }
    s
}

/// `O-O`, `O-O-O`, with a gated piece and its square.
fn castling(pos: &Position, m: &Move) -> String {
    let v = &*pos.v;
    let g = &v.geometry;
    let c = &v.castles[(m.aux & AUX_CASTLE) as usize];
    let mut s = if g.file(c.rook) > g.file(c.king) {
        "O-O"
    } else {
        "O-O-O"
    }
    .to_string();
    if let Some(k) = m.gated_kind() {
        let at = if m.aux & AUX_GATE_ROOK != 0 {
            c.rook
        } else {
            c.king
        };
        s.push('/');
        s.push_str(&letter(v, k));
        s.push_str(&square(pos, at, false));
    }
    s
}

fn board_move(pos: &Position, m: &Move, moves: &[Move], hodges: bool) -> String {
    let v = &*pos.v;
    let g = &v.geometry;
    let Some(p) = pos.board[m.from.index()] else {
        return super::write_moves::format_move(pos, m);
    };
    let kind = p.kind();
    let capture = m.is_capture();
    let pawn = !hodges && is_pawn(v, kind);
    let mut s = if pawn {
        String::new()
    } else {
        piece_text(v, kind, hodges)
    };
    // Other pieces written alike (in SAN, the same letter: shogi's tokin
    // and gold are both `G`; in Hodges, the same kind) that could go to the
    // same square by a move of the same sort (promoting or not, gating or
    // not, placing the same wall).
    let written = piece_text(v, kind, hodges);
    let alike = |q: Piece| {
        if hodges {
            q.kind() == kind
        } else {
            piece_text(v, q.kind(), false) == written
        }
    };
    let others: Vec<Square> = moves
        .iter()
        .filter(|o| {
            o.kind == MoveKind::Board
                && o.from != m.from
                && o.to == m.to
                && o.promotion().is_some() == m.promotion().is_some()
                && o.gated_kind().is_some() == m.gated_kind().is_some()
                && o.wall() == m.wall()
                && pos.board[o.from.index()].is_some_and(|q| q.color() == p.color() && alike(q))
        })
        .map(|o| o.from)
        .collect();
    if hodges {
        if !others.is_empty() {
            s.push_str(&square(pos, m.from, true));
        }
    } else if pawn && capture {
        s.push_str(&file_text(pos, m.from, false));
    } else if pawn && m.from != m.to && m.promotion().is_some() && v.def(kind).promotion_move.is_some() {
        // A promotion with a step of its own (a promotion_move's step) is written
        // from its square, as Fairy-Stockfish writes it: `c5b4=F`.
        s.push_str(&square(pos, m.from, false));
    } else if !others.is_empty() {
        if others.iter().all(|&o| g.file(o) != g.file(m.from)) {
            s.push_str(&file_text(pos, m.from, false));
        } else if others.iter().all(|&o| g.rank(o) != g.rank(m.from)) {
            s.push_str(&rank_text(pos, m.from, false));
        } else {
            s.push_str(&square(pos, m.from, false));
        }
    }
    if capture {
        s.push('x');
    } else if hodges {
        s.push('-');
    }
    s.push_str(&square(pos, m.to, hodges));
    if let Some(k) = m.promotion() {
        if !hodges {
            s.push('=');
            s.push_str(&letter(v, k));
        } else if v.def(kind).demotes_to == k && v.def(k).key.len() < v.def(kind).key.len() {
            s.push('-');
        } else if v.def(k).key.starts_with('+') {
            s.push('+');
        } else {
            s.push('=');
            s.push_str(&letter(v, k));
        }
    } else if hodges
        && moves
            .iter()
            .any(|o| o.from == m.from && o.to == m.to && o.kind == m.kind && o.promotion().is_some())
    {
        s.push('=');
    }
    if !hodges
        && m.kind != MoveKind::Castle
        && let Some(k) = m.gated_kind()
    {
        s.push('/');
        s.push_str(&letter(v, k));
    }
    s
}

/// A piece as the notation writes it: its letter, upper case; in Hodges
/// notation a promoted piece keeps its `+`.
fn piece_text(v: &Variant, kind: PieceKind, hodges: bool) -> String {
    let sym = &v.def(kind).key;
    if hodges && sym.starts_with('+') {
        format!("+{}", letter_of(&sym[1..]))
    } else {
        letter(v, kind)
    }
}

/// The piece's letter, upper case, without the marks of a promoted face
/// (`Q~` → `Q`, `+P` → `P`).
fn letter(v: &Variant, kind: PieceKind) -> String {
    match &v.def(kind).san {
        Some(s) if !s.is_empty() => s.clone(),
        _ => letter_of(&v.def(kind).key),
    }
}

fn letter_of(sym: &str) -> String {
    sym.trim_start_matches('+').trim_end_matches('~').to_uppercase()
}

/// A pawn in SAN's sense (written without its letter): `san = ""` in the
/// rules file, or by default a piece lettered `P` whose moves reset the
/// halfmove clock (`resets_clock`: the chess pawn and its relatives); a
/// shogi pawn or a soldier that moves as it captures keeps its letter.
fn is_pawn(v: &Variant, kind: PieceKind) -> bool {
    let d = v.def(kind);
    match &d.san {
        Some(s) => s.is_empty(),
        None => d.key == "P" && d.resets_clock,
    }
}

fn file_text(pos: &Position, sq: Square, hodges: bool) -> String {
    let g = &pos.v.geometry;
    if hodges {
        (g.files() - g.file(sq)).to_string()
    } else {
        ((b'a' + g.file(sq) as u8) as char).to_string()
    }
}

fn rank_text(pos: &Position, sq: Square, hodges: bool) -> String {
    let g = &pos.v.geometry;
    if hodges {
        (g.ranks() - g.rank(sq)).to_string()
    } else {
        (g.rank(sq) + 1).to_string()
    }
}

fn square(pos: &Position, sq: Square, hodges: bool) -> String {
    format!("{}{}", file_text(pos, sq, hodges), rank_text(pos, sq, hodges))
}
