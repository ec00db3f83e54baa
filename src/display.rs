//! Human-facing text: the board with coordinates and hands, and piece move
//! diagrams. Diagrams are computed by the engine's own move generator on an
//! otherwise empty board, so what they show is what the engine plays.

use std::sync::Arc;

use crate::engine::{Color, MoveKind, Piece, PieceKind, Position, Square, Store, Variant};

fn cell(v: &Variant, p: Option<Piece>) -> String {
    let Some(p) = p else { return ".".into() };
    let sym = v.piece(p.kind()).symbol().to_uppercase();
    if p.color() == Color::First {
        sym
    } else {
        sym.to_lowercase()
    }
}

/// Off-board pieces of one store as "2 P, R" or "-".
fn store_text(pos: &Position, store: Store, color: Color) -> String {
    let v = pos.variant();
    let items: Vec<String> = v
        .kinds()
        .filter_map(|k| {
            let n = pos.count(store, color, k);
            let s = v.piece(k).symbol();
            match n {
                0 => None,
                1 => Some(s.to_string()),
                n => Some(format!("{n} {s}")),
            }
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
    let v = pos.variant();
    let g = v.board();
    let width = g
        .all_squares()
        .map(|s| cell(v, pos.piece_at(s)).chars().count())
        .max()
        .unwrap_or(1)
        .max(1)
        + 1;
    let mut out = String::new();
    if g.is_hex() {
        out.push_str(&hex_board_text(pos, width));
    } else if v.shogi_coordinates() {
        // Files numbered from the first player's right, ranks lettered from
        // the top, as shogi diagrams and USI moves name them.
        let width = width.max(3);
        out.push_str(&" ".repeat(2));
        for f in 0..g.files() {
            out.push_str(&format!("{:>width$}", g.files() - f));
        }
        out.push('\n');
        for r in (0..g.ranks()).rev() {
            out.push_str(&" ".repeat(2));
            for f in 0..g.files() {
                let sq = Square::from_index(r * g.files() + f);
                out.push_str(&format!("{:>width$}", cell(v, pos.piece_at(sq))));
            }
            out.push_str(&format!("  {}\n", g.usi_rank_name(r)));
        }
    } else {
        for r in (0..g.ranks()).rev() {
            out.push_str(&format!("{:>3} ", g.rank_label(r)));
            for f in 0..g.files() {
                let sq = Square::from_index(r * g.files() + f);
                let mark = if g.is_cell(sq) {
                    cell(v, pos.piece_at(sq))
                } else {
                    " ".into()
                };
                out.push_str(&format!("{:>width$}", mark));
            }
            out.push('\n');
        }
        out.push_str("    ");
        for f in 0..g.files() {
            out.push_str(&format!("{:>width$}", g.file_name(f)));
        }
        out.push('\n');
    }
    let any_reserve = Color::BOTH
        .iter()
        .any(|&c| v.kinds().any(|k| pos.count(Store::Reserve, c, k) > 0));
    for c in Color::BOTH {
        let mut line = Vec::new();
        if v.keeps_captures(c) {
            line.push(format!("hand {}", store_text(pos, Store::Hand, c)));
        }
        if any_reserve {
            line.push(format!("reserve {}", store_text(pos, Store::Reserve, c)));
        }
        if v.pocket_capacity().is_some() {
            line.push(format!("pocket {}", store_text(pos, Store::Pocket, c)));
        }
        if !line.is_empty() {
            out.push_str(&format!("{}: {}\n", v.side_name(c), line.join("; ")));
        }
    }
    out.push_str(&format!("{} to move", v.side_name(pos.side_to_move())));
    if let Some((k, n)) = pos.turn_progress() {
        out.push_str(&format!(" (move {k} of {n} in the turn)"));
    }
    out.push('\n');
    out
}

/// A board of hexagonal cells as text: each file a column, its cells half a
/// line apart from its neighbours' (a cell's line is its height in half
/// cells), the file letters below.
fn hex_board_text(pos: &Position, width: usize) -> String {
    let v = pos.variant();
    hex_layout(v.board(), width, |s| cell(v, pos.piece_at(s)))
}

/// The cells of a hexagonal board laid out as text, each cell's mark from
/// `mark`, `width` characters a file.
fn hex_layout(g: &crate::engine::Geometry, width: usize, mark: impl Fn(Square) -> String) -> String {
    let height = |s: Square| 2 * g.rank(s) + g.file(s);
    let cells: Vec<Square> = g.cells().collect();
    let top = cells.iter().map(|&s| height(s)).max().unwrap_or(0);
    let bottom = cells.iter().map(|&s| height(s)).min().unwrap_or(0);
    let mut out = String::new();
    for h in (bottom..=top).rev() {
        let mut line = String::from("    ");
        for f in 0..g.files() {
            let at = cells.iter().find(|&&s| g.file(s) == f && height(s) == h);
            line.push_str(&format!("{:>width$}", at.map_or(String::new(), |&s| mark(s))));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("    ");
    for f in 0..g.files() {
        out.push_str(&format!("{:>width$}", g.file_name(f)));
    }
    out.push('\n');
    out
}

/// Marks of a move diagram.
pub const LEGEND: &str = "@ the piece   o moves or captures   m moves only   c captures only\n\
x captures without moving (shot, igui)   + both kinds of capture   . not reached";

/// The move diagram of a piece kind for one side, on an empty board of the
/// variant's size (or a 19×19 window of a larger board), the piece in the
/// middle. Multi-leg moves show every square they can end on or capture.
pub fn piece_diagram(v: &Arc<Variant>, kind: PieceKind, color: Color) -> String {
    let g = v.board();
    piece_diagram_at(
        v,
        kind,
        color,
        Square::from_index(g.ranks() / 2 * g.files() + g.files() / 2),
    )
}

/// The square a piece's initial-square diagram puts it on, when it has
/// moves of its own from initial squares (`i`): the one nearest the middle
/// of the board.
pub fn initial_square(v: &Arc<Variant>, kind: PieceKind, color: Color) -> Option<Square> {
    let def = v.def(kind);
    if !def.rays.iter().flatten().any(|r| r.rule.initial)
        && !def.legs.as_ref().is_some_and(|l| l.has_initial())
    {
        return None;
    }
    let g = v.board();
    let (mf, mr) = (g.files() as i64 - 1, g.ranks() as i64 - 1);
    def.initial[color.index()]
        .iter()
        .enumerate()
        .filter(|&(_, &ok)| ok)
        .map(|(i, _)| Square::from_index(i))
        .min_by_key(|&sq| {
            let (f, r) = (g.file(sq) as i64 * 2 - mf, g.rank(sq) as i64 * 2 - mr);
            (f * f + r * r, sq.index())
        })
}

/// [`piece_diagram`] with the piece on `center` (the window around it).
pub fn piece_diagram_at(v: &Arc<Variant>, kind: PieceKind, color: Color, center: Square) -> String {
    let g = v.board();
    let (cf, cr) = (g.file(center), g.rank(center));
    let me = Piece::new(kind, color);
    let filters = &v.piece(kind).filters;
    // A target the piece is allowed to take, for the capture marks.
    let target_kind = v
        .kinds()
        .find(|&t| !filters.cannot_capture.contains(t) && !filters.cannot_shoot.contains(t))
        .or_else(|| v.kinds().find(|&t| !filters.cannot_capture.contains(t)))
        .unwrap_or(PieceKind::from_index(0));
    let empty = || {
        let mut p = Position::bare(v, color);
        p.set_square(center, Some(me));
        p
    };
    let mut moves_to = vec![false; g.squares()];
    let mut displace = vec![false; g.squares()];
    let mut shoot = vec![false; g.squares()];
    let mut buf = Vec::new();
    empty().piece_moves(center, me, &mut buf);
    for m in &buf {
        if m.kind() == MoveKind::Board
            && !m.is_capture()
            && let Some(t) = m.to()
            && t != center
        {
            moves_to[t.index()] = true;
        }
    }
    for sq in g.cells() {
        if sq == center {
            continue;
        }
        let mut p = empty();
        p.set_square(sq, Some(Piece::new(target_kind, !color)));
        buf.clear();
        p.piece_moves(center, me, &mut buf);
        for m in &buf {
            if m.captures().contains(&sq) {
                if m.to() == Some(sq) {
                    displace[sq.index()] = true;
                } else {
                    shoot[sq.index()] = true;
                }
            }
        }
    }
    if g.is_hex() {
        let mark = |sq: Square| {
            let i = sq.index();
            let c = match (sq == center, moves_to[i], displace[i], shoot[i]) {
                (true, ..) => '@',
                (_, _, true, true) => '+',
                (_, _, false, true) => 'x',
                (_, true, true, false) => 'o',
                (_, true, false, false) => 'm',
                (_, false, true, false) => 'c',
                _ => '.',
            };
            c.to_string()
        };
        return hex_layout(g, 2, mark);
    }
    let (w, h) = (g.files().min(19), g.ranks().min(19));
    let (f0, r0) = (
        cf.saturating_sub(w / 2).min(g.files() - w),
        cr.saturating_sub(h / 2).min(g.ranks() - h),
    );
    let mut out = String::new();
    for r in (r0..r0 + h).rev() {
        for f in f0..f0 + w {
            let sq = r * g.files() + f;
            let mark = if sq == center.index() {
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
