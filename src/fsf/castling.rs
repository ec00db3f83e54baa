//! Castling rights as Fairy-Stockfish reads them outside Chess960: a king
//! that stands elsewhere on its rank than the variant's start keeps its
//! right (pychess-variants stores Capablanca games whose king starts on the
//! e-file, Embassy's square, and castles them `e8i8`), and castles from
//! where it stands with the outermost rook of its side, to the variant's
//! own destination squares. chimera's rules keep a right's king and rook on
//! fixed squares; the facade reads such a right into a copy of the variant
//! whose rule has them where the position has them. The move is written as
//! the king's own move, as Fairy-Stockfish writes castling outside Chess960.

use std::sync::Arc;

use crate::engine::{Position, Strictness, Variant};

/// The variant with the castling rule of the right the message names
/// (``castling right `k` needs …``) moved to where `fields`' board has
/// its king and its outermost rook, when that is elsewhere than the rule
/// says; `None` when the board bears no such right.
pub(super) fn moved_castle(v: &Arc<Variant>, fields: &[String], message: &str) -> Option<Arc<Variant>> {
    let right = message.strip_prefix("castling right `")?.chars().next()?;
    let i = v.castles.iter().position(|c| c.right == right)?;
    let c = &v.castles[i];
    if c.any_file.is_some() || c.by_drops.is_some() || !v.gates.is_empty() {
        return None;
    }
    let mut board_only = fields.to_vec();
    *board_only.get_mut(2)? = "-".into();
    let pos = Position::from_text_with(v, &board_only.join(" "), Strictness::Lenient).ok()?;
    let g = &v.geometry;
    let rank = g.rank(c.king) as i32;
    let on_rank = |f: usize| g.square(f as i32, rank).map(|sq| (sq, pos.piece_at(sq)));
    let castler = |p: crate::engine::Piece| {
        p.color() == c.color && c.piece.map_or(v.def(p.kind()).royal, |k| p.kind() == k)
    };
    let mut kings = (0..g.files)
        .filter_map(on_rank)
        .filter(|(_, p)| p.is_some_and(castler));
    let (king, _) = kings.next()?;
    if kings.next().is_some() {
        return None;
    }
    // The rook: the kind on the rule's rook square at the start, the
    // outermost of that side of the king.
    let rook_kind = v.start.board[c.rook.index()].filter(|p| p.color() == c.color)?;
    let kingside = g.file(c.rook) > g.file(c.king);
    let files: Vec<usize> = if kingside {
        (g.file(king) + 1..g.files).rev().collect()
    } else {
        (0..g.file(king)).collect()
    };
    let (rook, _) = files
        .into_iter()
        .filter_map(on_rank)
        .find(|(_, p)| *p == Some(rook_kind))?;
    if (king, rook) == (c.king, c.rook) || king == c.king_to {
        return None;
    }
    Some(v.with_castle_moved(i, king, rook))
}
