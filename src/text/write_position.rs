//! Positions written as text: the rules file's own FEN or SFEN, and
//! Fairy-Stockfish's FEN ([`TextStyle`]). `read_position.rs` reads both back.

use crate::engine::hook::StateText;
use crate::engine::setup::{Setup, Store};
use crate::engine::types::{Color, Piece, PieceKind, Square};
use crate::engine::variant::{PositionStyle, Variant};

/// The castling field's text: per side, its castling rights, then the files
/// of its open gating squares that no held castling right already implies.
/// A rule whose king and rook start on any file writes its rook's file
/// (Shredder-FEN, as Fairy-Stockfish writes Chess960's: `HAha`).
fn rights_text(v: &Variant, setup: &Setup) -> String {
    let g = &v.geometry;
    let rights = setup.castling;
    let mut cs = String::new();
    for color in Color::BOTH {
        let mut implied = Vec::new();
        for (i, c) in v.castles.iter().enumerate() {
            if c.color == color && rights & (1 << i) != 0 {
                let (king, rook) = setup.castle_squares.get(i).copied().unwrap_or((c.king, c.rook));
                if c.any_file.is_some() {
                    let letter = (b'a' + g.file(rook) as u8) as char;
                    cs.push(if color == Color::First {
                        letter.to_ascii_uppercase()
                    } else {
                        letter
                    });
                    // Chess960's castling leaves the king's gate to be
                    // written (Fairy-Stockfish's S-Chess960).
                    implied.push(rook);
                } else {
                    // A right several rules share is written once.
                    if !cs.contains(c.right) {
                        cs.push(c.right);
                    }
                    implied.extend([king, rook]);
                }
            }
        }
        for gt in v
            .gates
            .iter()
            .chain(&v.once_squares)
            .filter(|gt| gt.color == color)
        {
            let open = v
                .gate_bit(gt.square, color)
                .or_else(|| v.once_bit(gt.square, color))
                .is_some_and(|b| rights & b != 0);
            if open && !implied.contains(&gt.square) {
                let letter = (b'a' + g.file(gt.square) as u8) as char;
                cs.push(if color == Color::First {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
    }
    if cs.is_empty() {
        cs.push('-');
    }
    cs
}

/// A piece as position text: its symbol, lower case for the second player,
/// in parentheses when longer than one letter.
pub(crate) fn symbol_text(v: &Variant, p: Piece) -> String {
    let k = v.def(p.kind());
    let core = k
        .key
        .trim_start_matches('+')
        .trim_end_matches('~')
        .trim_end_matches(['\'', '!']);
    let s = if core.len() > 1 {
        format!("({})", k.key)
    } else {
        k.key.clone()
    };
    if p.color() == Color::Second {
        s.to_lowercase()
    } else {
        s
    }
}

/// A store's pieces, first player's then second's, each side's kinds in
/// `order`; in count form (`2P`) or a letter per piece.
fn store_text(v: &Variant, counts: &[u16], order: &[PieceKind], with_counts: bool) -> String {
    let mut out = String::new();
    for c in Color::BOTH {
        for &k in order {
            let n = counts[c.index() * v.nkinds() + k.index()];
            if n == 0 {
                continue;
            }
            let sym = symbol_text(v, Piece::new(k, c));
            if with_counts {
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

fn board_text(v: &Variant, board: &[Option<Piece>], promoted_marks: bool) -> String {
    let g = &v.geometry;
    let mut s = String::new();
    for (i, row) in g.text_rows().iter().enumerate() {
        let mut empty = 0;
        for sq in row {
            let Some(p) = board[sq.index()] else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                s.push_str(&empty.to_string());
                empty = 0;
            }
            let t = symbol_text(v, p);
            match t.strip_suffix('~') {
                Some(plain) if !promoted_marks => s.push_str(plain),
                _ => s.push_str(&t),
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if i + 1 < g.text_rows().len() {
            s.push('/');
        }
    }
    s
}

/// The en-passant field: the square passed over (both squares, in board
/// order, after a triple step), or with `en_passant_text = "path"` on the
/// piece that passed them, those squares and the one it reached, in board
/// order (as Fairy-Stockfish writes them).
fn ep_text(v: &Variant, setup: &Setup) -> String {
    let g = &v.geometry;
    let mut squares: Vec<Square> = [setup.ep, setup.ep2]
        .into_iter()
        .filter(|s| s.is_some())
        .collect();
    let known = (setup.ep.is_some()
        && setup.ep_victim.is_some()
        && crate::engine::position::passed_over(v, &setup.board, setup.side, setup.ep, setup.ep_victim))
    .then_some(setup.ep_victim);
    if let Some(victim) = known
        .or_else(|| crate::engine::position::ep_victim(v, &setup.board, setup.side, setup.ep))
        .filter(|victim| setup.board[victim.index()].is_some_and(|p| v.def(p.kind()).ep_path_text))
    {
        squares.push(victim);
    }
    squares.sort_by_key(|s| s.index());
    squares.into_iter().map(|s| g.name(s)).collect()
}

/// How a position is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TextStyle {
    /// The rules file's own text (`[text] position`: FEN or SFEN), which
    /// reads back to the same position.
    #[default]
    Own,
    /// Fairy-Stockfish's FEN, as its `Position::fen` writes it: an SFEN
    /// variant as `board[hands] w - - halfmove move` (hands without counts,
    /// `w` for the first player, the move number counting both sides'
    /// moves), hands in `[text] hand_order`, and the en-passant square only
    /// where a piece of the side to move could take there (by its moves,
    /// whether or not that leaves its king attacked; a piece whose rules
    /// file writes its en-passant squares as a path, `en_passant_text =
    /// "path"`, always). It reads back, but a dropped en-passant square is
    /// gone. Castling rights are the rules file's letters, the rooks' files
    /// for `any_file` castling (Chess960's Shredder-FEN, `HAha`). A
    /// promoted piece keeps the `~` of its symbol (`Q~`) only where captures
    /// go to a hand or hands are filled from outside (bughouse), as
    /// Fairy-Stockfish shows it; makruk's promoted met is `M`.
    FairyStockfish,
    /// [`TextStyle::FairyStockfish`] with every promoted piece's `~`
    /// (makruk's `M~`): Fairy-Stockfish's FEN with its `showPromoted`.
    FairyStockfishPromoted,
}

/// Formats a position's parts as text, in the variant's own style.
pub(crate) fn format_setup(v: &Variant, setup: &Setup) -> String {
    format_setup_as(v, setup, TextStyle::Own)
}

/// Formats a position's parts as text in `style` (an en-passant square
/// Fairy-Stockfish would not write is the caller's to remove).
pub(crate) fn format_setup_as(v: &Variant, setup: &Setup, style: TextStyle) -> String {
    let marks = style != TextStyle::FairyStockfish
        || v.hand_supplied
        || Color::BOTH.iter().any(|&c| v.keeps_captures(c));
    let mut s = board_text(v, &setup.board, marks);
    let hands = &setup.stores[Store::Hand as usize];
    let side = &v.sides[setup.side.index()].letter;
    match (v.position_style, style) {
        (PositionStyle::Fen, _) => {
            if v.has_drops && !v.hand_free {
                s.push_str(&format!("[{}]", store_text(v, hands, &v.hand_order, false)));
            }
            let cs = rights_text(v, setup);
            let counting = setup.count.limit != 0;
            let ep = if counting {
                setup.count.limit.to_string()
            } else if setup.ep.is_some() && setup.turn.is_none() {
                ep_text(v, setup)
            } else {
                "-".into()
            };
            s.push_str(&format!(" {side} {cs} {ep}"));
            if let Some(n) = v.end.checks_to_win {
                s.push_str(&format!(" {}+{}", n - setup.checks[0], n - setup.checks[1]));
            }
            let clock = if counting { setup.count.ply } else { setup.halfmove };
            s.push_str(&format!(" {clock} {}", setup.fullmove));
        }
        (PositionStyle::Sfen, TextStyle::Own) => {
            let order: Vec<PieceKind> = v.kinds().collect();
            let h = store_text(v, hands, &order, true);
            s.push_str(&format!(
                " {side} {} {}",
                if h.is_empty() { "-".into() } else { h },
                setup.fullmove
            ));
        }
        (PositionStyle::Sfen, TextStyle::FairyStockfish | TextStyle::FairyStockfishPromoted) => {
            // SFEN's move number counts plies; FEN's, both sides' moves.
            if v.has_drops && !v.hand_free {
                s.push_str(&format!("[{}]", store_text(v, hands, &v.hand_order, false)));
            }
            let side = if setup.side == Color::First { 'w' } else { 'b' };
            s.push_str(&format!(
                " {side} - - {} {}",
                setup.halfmove,
                setup.fullmove.div_ceil(2)
            ));
        }
    }
    let all: Vec<PieceKind> = v.kinds().collect();
    for (key, store) in [("reserve", Store::Reserve), ("pocket", Store::Pocket)] {
        let t = store_text(v, &setup.stores[store as usize], &all, true);
        if !t.is_empty() {
            s.push_str(&format!(" {key}={t}"));
        }
    }
    let mut flags = Vec::new();
    for (slot, f) in v.state_fields.iter().enumerate() {
        let value = setup.state[slot];
        if value == 0 {
            continue;
        }
        match f.text {
            StateText::Flag(name) => flags.push(name),
            StateText::Value { key, format, .. } => s.push_str(&format!(" {key}={}", format(value, v))),
        }
    }
    if !flags.is_empty() {
        s.push_str(&format!(" flags={}", flags.join(",")));
    }
    if let Some(t) = &setup.turn {
        s.push_str(&format!(" moves_left={}", t.left));
        // The turn's en-passant rights, all of them here (FEN's field says
        // `-`): a right outlives moves that FEN's field could not follow
        // (a piece put on the square the pawn left, in the same turn).
        if t.n_eps > 0 {
            let names: Vec<String> = t.eps().iter().map(|e| v.square_name(e.square)).collect();
            s.push_str(&format!(" ep={}", names.join(",")));
        }
        if t.quiet > 0 && v.end.quiet_turn_rule.is_some() {
            s.push_str(&format!(" quiet_turns={}", t.quiet));
        }
    }
    s
}
