//! Stage: castling. Each `[[castling]]` table becomes a move of king and rook
//! with the squares that must be empty and those the king may not cross while
//! attacked; `castle_keep` says which rights survive a move from or to each
//! square.

use toml::Spanned;

use super::names::Names;
use super::{Ctx, Result};
use crate::engine::geometry::Geometry;
use crate::engine::types::{Color, Square};
use crate::engine::variant::Castle;
use crate::rules::{RulesFile, SideName};

/// Most castling rules (rights are bits of a `u32`, keys one per rule).
const MAX_CASTLES: usize = 16;

/// The castling moves and, per square, the rights a move there keeps.
pub(super) fn compile(
    file: &RulesFile,
    cx: &Ctx,
    names: &Names,
    geo: &Geometry,
) -> Result<(Vec<Castle>, Vec<u32>)> {
    let mut castles = Vec::new();
    for c in &file.castling {
        let sq = |s: &Spanned<String>| -> Result<Square> {
            geo.parse_square(s.get_ref()).ok_or_else(|| {
                cx.err(
                    s.span(),
                    format!(
                        "`{}` is not a square of this {}×{} board",
                        s.get_ref(),
                        geo.files,
                        geo.ranks
                    ),
                )
            })
        };
        let (king, king_to, rook, rook_to) = (sq(&c.king)?, sq(&c.king_to)?, sq(&c.rook)?, sq(&c.rook_to)?);
        let mut letters = c.right.get_ref().chars();
        let (Some(right), None) = (letters.next(), letters.next()) else {
            return Err(cx.err(c.right.span(), "a castling right is one letter"));
        };
        if geo.rank(king) != geo.rank(rook)
            || geo.rank(king) != geo.rank(king_to)
            || geo.rank(rook) != geo.rank(rook_to)
        {
            return Err(cx.err(c.king.span(), "castling squares must lie on one rank"));
        }
        let between = |a: Square, b: Square| -> Vec<Square> {
            let (fa, fb) = (geo.file(a) as i32, geo.file(b) as i32);
            let r = geo.rank(a) as i32;
            (fa.min(fb)..=fa.max(fb))
                .filter_map(|f| geo.square(f, r))
                .collect()
        };
        let mut empty: Vec<Square> = between(king, rook);
        empty.extend(between(king, king_to));
        empty.extend(between(rook, rook_to));
        empty.sort();
        empty.dedup();
        empty.retain(|&s| s != king && s != rook);
        castles.push(Castle {
            color: if c.side == SideName::First {
                Color::First
            } else {
                Color::Second
            },
            right,
            king,
            king_to,
            rook,
            rook_to,
            empty,
            safe: between(king, king_to),
            by_drops: match &c.granted_by_drops {
                Some(d) => Some((
                    names.piece(cx, &d.king, "granted_by_drops")?,
                    names.piece(cx, &d.rook, "granted_by_drops")?,
                )),
                None => None,
            },
        });
    }
    if castles.len() > MAX_CASTLES {
        return Err(cx.err(0..0, format!("at most {MAX_CASTLES} castling rules")));
    }
    let mut keep = vec![u32::MAX; geo.nsq];
    for (i, c) in castles.iter().enumerate() {
        keep[c.king.index()] &= !(1 << i);
        keep[c.rook.index()] &= !(1 << i);
    }
    Ok((castles, keep))
}
