//! Stage: castling. Each `[[castling]]` table becomes a move of king and rook
//! with the squares that must be empty and those the king may not cross while
//! attacked; `castle_keep` says which rights survive a move from or to each
//! square.

use toml::Spanned;

use super::names::Names;
use super::{Ctx, Result};
use crate::engine::geometry::Geometry;
use crate::engine::types::{Color, KindSet, Square};
use crate::engine::variant::{Castle, Gate, PieceDef};
use crate::rules::{RulesFile, SideName};

/// Most castling rules and gating squares together (rights are bits of a
/// `u32`, keys one per right).
const MAX_RIGHTS: usize = 32;

/// The castling moves, the gating squares and, per square, the rights a
/// move from or to it keeps.
pub(super) fn compile(
    file: &RulesFile,
    cx: &Ctx,
    names: &Names,
    geo: &Geometry,
    pieces: &[PieceDef],
) -> Result<Rights> {
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
        let piece = match &c.piece {
            Some(n) => Some(names.piece(cx, n, "castling")?),
            None => None,
        };
        // A piece that is not royal has no check to avoid: attacks on its
        // path do not bar castling (as Fairy-Stockfish plays such games).
        let guarded = piece.is_none_or(|k| pieces[k.index()].royal);
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
            empty_bb: empty.iter().fold(0, |b, &s| b | crate::engine::bitboard::bit(s)),
            empty,
            safe: if guarded {
                between(king, king_to)
            } else {
                Vec::new()
            },
            piece,
            guarded,
            by_drops: match &c.granted_by_drops {
                Some(d) => Some((
                    names.piece(cx, &d.king, "granted_by_drops")?,
                    names.piece(cx, &d.rook, "granted_by_drops")?,
                )),
                None => None,
            },
        });
    }
    let gates = gates(file, cx, geo)?;
    let once = once_squares(file, cx, geo, !castles.is_empty() || !gates.is_empty())?;
    if castles.len() + gates.len() + once.len() > MAX_RIGHTS {
        return Err(cx.err(
            cx.section("[gating]"),
            format!(
                "at most {MAX_RIGHTS} castling rules, gating squares and `once` squares together ({}, {} and {} here)",
                castles.len(),
                gates.len(),
                once.len()
            ),
        ));
    }
    let mut keep = vec![u32::MAX; geo.nsq];
    for (i, c) in castles.iter().enumerate() {
        keep[c.king.index()] &= !(1 << i);
        keep[c.rook.index()] &= !(1 << i);
    }
    for (i, g) in gates.iter().enumerate() {
        keep[g.square.index()] &= !(1 << (castles.len() + i));
    }
    for (i, g) in once.iter().enumerate() {
        keep[g.square.index()] &= !(1 << (castles.len() + gates.len() + i));
    }
    let once_aimers = pieces
        .iter()
        .filter_map(|d| d.once.as_ref())
        .fold(KindSet::EMPTY, |set, o| set | o.aimed_by);
    Ok(Rights {
        castles,
        gates,
        once,
        once_aimers,
        keep,
    })
}

/// The compiled rights of the castling field.
pub(super) struct Rights {
    pub castles: Vec<Castle>,
    pub gates: Vec<Gate>,
    /// The squares of `once` rights.
    pub once: Vec<Gate>,
    /// The kinds that take `once` rights away (`lost_when_aimed_by`).
    pub once_aimers: KindSet,
    /// Per square, the rights a move from or to it keeps.
    pub keep: Vec<u32>,
}

impl Rights {
    /// How many rights the castling field holds.
    pub fn count(&self) -> usize {
        self.castles.len() + self.gates.len() + self.once.len()
    }
}

/// The `once` squares: every back-rank square of each side, when some piece
/// has `once` moves. They share the castling field's file letters, so they
/// do not mix with castling or gating.
fn once_squares(file: &RulesFile, cx: &Ctx, geo: &Geometry, other_rights: bool) -> Result<Vec<Gate>> {
    let Some(p) = file.pieces.iter().find(|p| p.once.is_some()) else {
        return Ok(Vec::new());
    };
    if other_rights {
        return Err(cx.err(
            p.name.span(),
            "`once` moves keep their rights as file letters in the castling field: they do not mix with castling or gating",
        ));
    }
    if geo.files > 26 {
        return Err(cx.err(
            p.name.span(),
            "`once` rights need a file letter per file (at most 26 files)",
        ));
    }
    let mut out = Vec::new();
    for c in Color::BOTH {
        let set = geo.rank_set(&[1], c);
        for s in geo.all_squares().filter(|s| set[s.index()]) {
            out.push(Gate { square: s, color: c });
        }
    }
    Ok(out)
}

/// The gating squares: every square of the `[gating]` ranks, per side.
fn gates(file: &RulesFile, cx: &Ctx, geo: &Geometry) -> Result<Vec<Gate>> {
    let Some(g) = &file.gating else {
        return Ok(Vec::new());
    };
    if file.hand.is_none() {
        return Err(cx.err(g.ranks.span(), "gating brings pieces from a hand: add [hand]"));
    }
    let ranks = g.ranks.get_ref();
    if ranks.is_empty() || ranks.iter().any(|&r| r == 0 || r as usize > geo.ranks) {
        return Err(cx.err(
            g.ranks.span(),
            format!("gating ranks must be between 1 and {}", geo.ranks),
        ));
    }
    let mut out = Vec::new();
    for c in Color::BOTH {
        let set = geo.rank_set(ranks, c);
        for s in geo.all_squares().filter(|s| set[s.index()]) {
            out.push(Gate { square: s, color: c });
        }
    }
    Ok(out)
}
