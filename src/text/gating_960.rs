//! The castling field of a variant with gating whose castling takes its
//! king and rook from the position (S-Chess960: seirawan under Chess960's
//! castling), read as Fairy-Stockfish reads it. A castling rule's letter
//! (`K`, `q`) is a castling right with the outermost rook on its side of the
//! king, and opens the gates of the king's and the rook's squares; a file
//! letter opens that square's gate (or, once the side's hand is empty and
//! cannot fill again, is a castling right with the rook on that file,
//! Shredder-FEN); a side that holds pieces, whose king's gate is open and
//! that has no castling right yet may castle with each rook whose gate is
//! open (Fairy-Stockfish writes those rights as the rooks' files).

use crate::engine::setup::{Setup, Store};
use crate::engine::types::{Color, Square};
use crate::engine::variant::Variant;

use super::read_position::{TextError, terr};

/// The rights and each rule's king and rook squares (see the module).
pub(super) fn any_file_gating_rights(
    v: &Variant,
    text: &str,
    s: usize,
    f: &str,
    setup: &Setup,
) -> Result<(u32, Vec<(Square, Square)>), TextError> {
    let g = &v.geometry;
    let board = &setup.board;
    let nk = v.nkinds();
    let mut squares: Vec<(Square, Square)> = v.castles.iter().map(|c| (c.king, c.rook)).collect();
    let mut rights = 0u32;
    let holds = |c: Color| {
        setup.stores[Store::Hand as usize][c.index() * nk..(c.index() + 1) * nk]
            .iter()
            .any(|&n| n > 0)
            || v.keeps_captures(c)
    };
    let own = |sq: Square, c: Color| board[sq.index()].is_some_and(|p| p.color() == c);
    // The side's rules, its rank, its king and the rook kind.
    let side = |c: Color| {
        let rules: Vec<usize> = (0..v.castles.len())
            .filter(|&i| v.castles[i].color == c)
            .collect();
        let c0 = &v.castles[*rules.first()?];
        let rank = g.rank(c0.king_to) as i32;
        let king = (0..g.files).filter_map(|f| g.square(f as i32, rank)).find(|&sq| {
            board[sq.index()]
                .is_some_and(|p| p.color() == c && c0.piece.map_or(v.def(p.kind()).royal, |k| p.kind() == k))
        });
        Some((rules, rank, king))
    };
    let rook_at = |sq: Square, c: Color, bit: usize| {
        board[sq.index()].is_some_and(|p| p.color() == c && v.castles[bit].any_file == Some(p.kind()))
    };
    let rule_for = |rules: &[usize], kf: usize, file: usize| {
        rules
            .iter()
            .copied()
            .find(|&r| v.castles[r].any_file.is_some() && v.castles[r].kingside(g) == (file > kf))
    };
    for (i, ch) in f.char_indices() {
        if ch == '-' {
            continue;
        }
        let color = if ch.is_ascii_uppercase() {
            Color::First
        } else {
            Color::Second
        };
        let bad = |what: &str| terr(text, s + i, format!("`{ch}`: {what}"));
        let Some((rules, rank, king)) = side(color) else {
            return Err(bad("not a castling right of this variant"));
        };
        let gate = |sq: Square| v.gate_bit(sq, color).filter(|_| own(sq, color)).unwrap_or(0);
        if let Some(&bit) = rules.iter().find(|&&r| v.castles[r].right == ch) {
            let Some(king) = king else { continue };
            let kf = g.file(king);
            let files: Vec<usize> = if v.castles[bit].kingside(g) {
                (kf + 1..g.files).rev().collect()
            } else {
                (0..kf).collect()
            };
            let rook = files
                .into_iter()
                .filter_map(|f| g.square(f as i32, rank))
                .find(|&sq| rook_at(sq, color, bit));
            if let Some(rook) = rook {
                rights |= 1 << bit | gate(king) | gate(rook);
                squares[bit] = (king, rook);
            }
            continue;
        }
        let file = (ch.to_ascii_lowercase() as usize).wrapping_sub('a' as usize);
        let Some(sq) = (ch.is_ascii_alphabetic() && file < g.files)
            .then(|| g.square(file as i32, rank))
            .flatten()
        else {
            return Err(bad("not a castling right or file of this variant"));
        };
        rights |= gate(sq);
        if !holds(color)
            && let Some(king) = king
            && let Some(bit) = rule_for(&rules, g.file(king), file)
            && rook_at(sq, color, bit)
        {
            rights |= 1 << bit;
            squares[bit] = (king, sq);
        }
    }
    for color in Color::BOTH {
        let Some((rules, rank, Some(king))) = side(color) else {
            continue;
        };
        let gates = rights;
        let open = |sq: Square| v.gate_bit(sq, color).is_some_and(|b| gates & b != 0);
        if !holds(color) || !open(king) || rules.iter().any(|&r| rights & (1 << r) != 0) {
            continue;
        }
        for file in 0..g.files {
            let Some(sq) = g.square(file as i32, rank) else {
                continue;
            };
            if let Some(bit) = rule_for(&rules, g.file(king), file)
                && open(sq)
                && rook_at(sq, color, bit)
                && rights & (1 << bit) == 0
            {
                rights |= 1 << bit;
                squares[bit] = (king, sq);
            }
        }
    }
    Ok((rights, squares))
}
