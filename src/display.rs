//! Human-facing text: the board with coordinates and hands, and piece move
//! diagrams. Diagrams are computed by the engine's own move generator on an
//! otherwise empty board, so what they show is what the engine plays.

use std::sync::Arc;

use crate::engine::text::Parts;
use crate::engine::variant::*;
use crate::engine::{MoveKind, Position, Variant};

fn cell(v: &Variant, p: u16) -> String {
    if p == 0 {
        return ".".into();
    }
    let k = &v.kinds[kind_of(p) as usize];
    if color_of(p) == 0 {
        k.symbol.clone()
    } else {
        k.symbol.to_lowercase()
    }
}

/// Off-board pieces of one store as "2 P, R" or "-".
fn store_text(v: &Variant, store: &[u8], color: usize) -> String {
    let nk = v.nkinds();
    let items: Vec<String> = (0..nk)
        .filter(|&k| store[color * nk + k] > 0)
        .map(|k| {
            let n = store[color * nk + k];
            let s = &v.kinds[k].display;
            if n > 1 { format!("{n} {s}") } else { s.clone() }
        })
        .collect();
    if items.is_empty() {
        "-".into()
    } else {
        items.join(", ")
    }
}

/// The board with file letters and rank numbers, upper case for the first
/// player; hands, reserves and pockets below; the side to move.
pub fn board_text(pos: &Position) -> String {
    let v = &*pos.v;
    let g = &v.geometry;
    let width = pos
        .board
        .iter()
        .map(|&p| cell(v, p).chars().count())
        .max()
        .unwrap_or(1)
        .max(1)
        + 1;
    let mut out = String::new();
    for r in (0..g.ranks).rev() {
        out.push_str(&format!("{:>3} ", r + 1));
        for f in 0..g.files {
            out.push_str(&format!("{:>width$}", cell(v, pos.board[r * g.files + f])));
        }
        out.push('\n');
    }
    out.push_str("    ");
    for f in 0..g.files {
        out.push_str(&format!("{:>width$}", (b'a' + f as u8) as char));
    }
    out.push('\n');
    let parts = Parts {
        board: vec![],
        side: pos.side,
        hands: pos.hands.clone(),
        reserves: pos.reserves.clone(),
        pockets: pos.pockets.clone(),
        flags: 0,
        castling: 0,
        ep: NO_SQ,
        halfmove: 0,
        fullmove: 0,
    };
    for c in 0..2 {
        let mut line = Vec::new();
        if v.captures[c] != crate::rules::CaptureRule::Remove {
            line.push(format!("hand {}", store_text(v, &parts.hands, c)));
        }
        if parts.reserves.iter().any(|&n| n > 0) {
            line.push(format!("reserve {}", store_text(v, &parts.reserves, c)));
        }
        if v.pocket_capacity > 0 {
            line.push(format!("pocket {}", store_text(v, &parts.pockets, c)));
        }
        if !line.is_empty() {
            out.push_str(&format!("{}: {}\n", v.side_names[c], line.join("; ")));
        }
    }
    out.push_str(&format!("{} to move\n", v.side_names[pos.side]));
    out
}

/// Marks of a move diagram.
pub const LEGEND: &str = "@ the piece   o moves or captures   m moves only   c captures only\n\
x captures without moving (shot, igui)   + both kinds of capture   . not reached";

/// The move diagram of a piece kind for one side, on an empty board of the
/// variant's size (or a smaller window for very large boards), the piece in the
/// middle. Multi-leg moves show every square they can end on or capture.
pub fn piece_diagram(v: &Arc<Variant>, kind: u16, color: usize) -> String {
    let g = &v.geometry;
    let (cf, cr) = (g.files / 2, g.ranks / 2);
    let center = (cr * g.files + cf) as Sq;
    let me = piece(kind, color);
    let k = &v.kinds[kind as usize];
    // A target the piece is allowed to take, for the capture marks.
    let target_kind = (0..v.kinds.len() as u16)
        .find(|&t| (k.cannot_capture | k.cannot_shoot) & (1u128 << t) == 0)
        .or_else(|| (0..v.kinds.len() as u16).find(|&t| k.cannot_capture & (1u128 << t) == 0))
        .unwrap_or(0);
    let empty = || {
        let mut p = Position::start(v);
        for sq in 0..g.nsq {
            p.set_square(sq as Sq, 0);
        }
        p.hands.iter_mut().for_each(|s| *s = 0);
        p.reserves.iter_mut().for_each(|s| *s = 0);
        p.pockets.iter_mut().for_each(|s| *s = 0);
        p.castling = 0;
        p.ep = NO_SQ;
        p.side = color;
        p.set_square(center, me);
        p
    };
    let mut moves_to = vec![false; g.nsq];
    let mut displace = vec![false; g.nsq];
    let mut shoot = vec![false; g.nsq];
    let mut buf = Vec::new();
    let pos = empty();
    pos.piece_moves(center, me, &mut buf);
    for m in &buf {
        if m.kind == MoveKind::Board && m.ncap == 0 && m.to != center {
            moves_to[m.to as usize] = true;
        }
    }
    for sq in 0..g.nsq {
        if sq == center as usize {
            continue;
        }
        let mut p = empty();
        p.set_square(sq as Sq, piece(target_kind, color ^ 1));
        buf.clear();
        p.piece_moves(center, me, &mut buf);
        for m in &buf {
            if m.captures().contains(&(sq as Sq)) {
                if m.to == sq as Sq {
                    displace[sq] = true;
                } else {
                    shoot[sq] = true;
                }
            }
        }
    }
    let (w, h) = (g.files.min(19), g.ranks.min(19));
    let (f0, r0) = (cf.saturating_sub(w / 2), cr.saturating_sub(h / 2));
    let mut out = String::new();
    for r in (r0..r0 + h).rev() {
        for f in f0..f0 + w {
            let sq = r * g.files + f;
            let mark = if sq == center as usize {
                '@'
            } else {
                match (moves_to[sq], displace[sq], shoot[sq]) {
                    (_, true, true) => '+',
                    (_, false, true) => 'x',
                    (true, true, false) => 'o',
                    (true, false, false) => 'm',
                    (false, true, false) => 'c',
                    (false, false, false) => '.',
                }
            };
            out.push(mark);
            if f + 1 < f0 + w {
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out
}
