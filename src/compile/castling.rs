//! Stage: castling. Each `[[castling]]` table becomes a move of king and rook
//! with the squares that must be empty and those the king may not cross while
//! attacked; `castle_keep` says which rights survive a move from or to each
//! square.

use toml::Spanned;

use super::names::Names;
use super::{Ctx, Result};
use crate::engine::geometry::Geometry;
use crate::engine::types::{Color, KindSet, Square};
use crate::engine::variant::{Castle, Gate, PieceDef, castle_keep};
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
        on_one_line(c, cx, geo, (king, king_to, rook, rook_to))?;
        let piece = match &c.piece {
            Some(n) => Some(names.piece(cx, n, "castling")?),
            None => None,
        };
        // A piece that is not royal has no check to avoid: attacks on its
        // path do not bar castling (as Fairy-Stockfish plays such games).
        let guarded = piece.is_none_or(|k| pieces[k.index()].royal);
        let mut castle = Castle {
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
            empty_bb: 0,
            empty: Vec::new(),
            safe: Vec::new(),
            piece,
            guarded,
            by_drops: match &c.granted_by_drops {
                Some(d) => Some((
                    names.piece(cx, &d.king, "granted_by_drops")?,
                    names.piece(cx, &d.rook, "granted_by_drops")?,
                )),
                None => None,
            },
            any_file: any_file(c, cx, names, geo, (king, king_to, rook, rook_to))?,
            takes: 0,
        };
        castle.place(geo, king, rook);
        shares_right_with(c, cx, &castles, &castle)?;
        castles.push(castle);
    }
    // Rights are named by letter: resolved once every rule is known.
    for (i, c) in file.castling.iter().enumerate() {
        if let Some(listed) = &c.takes_rights {
            castles[i].takes = rights_named(cx, listed, &castles, "takes_rights")?;
        }
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
    if castles.iter().any(|c| c.any_file.is_some()) && !gates.is_empty() {
        return Err(cx.err(
            cx.section("[gating]"),
            "castling with `any_file` and gating together are not supported (both read file letters in the castling field)",
        ));
    }
    let mut keep = castle_keep(geo.nsq, &castles, &gates);
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

/// The rule's four squares lie on one rank (a rectangle), or on one
/// straight line of cells (a hexagon: Shafran's castling runs along the
/// slanted back edges).
fn on_one_line(
    c: &crate::rules::Castling,
    cx: &Ctx,
    geo: &Geometry,
    (king, king_to, rook, rook_to): (Square, Square, Square, Square),
) -> Result<()> {
    if geo.is_hex() {
        let at = |s: Square| (geo.file(s) as i32, geo.rank(s) as i32);
        let (k, r) = (at(king), at(rook));
        let on_line = |s: Square| {
            let p = at(s);
            (r.0 - k.0) * (p.1 - k.1) == (r.1 - k.1) * (p.0 - k.0)
        };
        if king == rook || !on_line(king_to) || !on_line(rook_to) {
            return Err(cx.err(
                c.king.span(),
                "castling squares must lie on one straight line of cells",
            ));
        }
    } else if geo.rank(king) != geo.rank(rook)
        || geo.rank(king) != geo.rank(king_to)
        || geo.rank(rook) != geo.rank(rook_to)
    {
        return Err(cx.err(c.king.span(), "castling squares must lie on one rank"));
    }
    Ok(())
}

/// Rules may share a right (Shafran's short and long castling towards one
/// rook): one letter, the same side, king and rook, lost together.
fn shares_right_with(
    c: &crate::rules::Castling,
    cx: &Ctx,
    earlier: &[Castle],
    castle: &Castle,
) -> Result<()> {
    match earlier.iter().find(|o| o.right == castle.right) {
        Some(o) if o.color != castle.color || o.king != castle.king || o.rook != castle.rook => Err(cx.err(
            c.right.span(),
            format!(
                "castling right `{}` is another rule's: rules may share a right only with the same side, king and rook squares",
                castle.right
            ),
        )),
        _ => Ok(()),
    }
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

/// `any_file` and `rook_piece`: the rook's kind when the king and the rook
/// may start on any files. The destinations must lie on the far sides of the
/// king's and the rook's start (the king's beyond the rook's, seen from the
/// king), so that the side of the king a rook stands on says which rule it
/// castles by.
fn any_file(
    c: &crate::rules::Castling,
    cx: &Ctx,
    names: &Names,
    geo: &Geometry,
    (king, king_to, rook, rook_to): (Square, Square, Square, Square),
) -> Result<Option<crate::engine::types::PieceKind>> {
    match (&c.rook_piece, c.any_file) {
        (None, false) => Ok(None),
        (Some(r), false) => Err(cx.err(r.span(), "`rook_piece` goes with `any_file = true`")),
        (None, true) => Err(cx.err(
            c.king.span(),
            "`any_file = true` needs `rook_piece` (the kind that castles as the rook)",
        )),
        (Some(r), true) => {
            let kingside = geo.file(rook) > geo.file(king);
            let beyond =
                (geo.file(king_to) > geo.file(rook_to)) == kingside && geo.file(king_to) != geo.file(rook_to);
            if !beyond || c.granted_by_drops.is_some() {
                return Err(cx.err(
                    c.king_to.span(),
                    "with `any_file`, the king must end beyond the rook, on the rook's side (`king_to` g1, `rook_to` f1), and the right cannot be `granted_by_drops`",
                ));
            }
            if geo.files > 26 {
                return Err(cx.err(
                    c.king.span(),
                    "`any_file` castling needs a board of at most 26 files (its rights are written as file letters)",
                ));
            }
            Ok(Some(names.piece(cx, r, "rook_piece")?))
        }
    }
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

/// `[end] castling_wins`: the castling rights it names, by their `right`
/// letters, as bits of the castling rules (`castles[i]` is bit `i`).
pub(super) fn winning_rights(file: &RulesFile, cx: &Ctx, castles: &[Castle]) -> Result<u32> {
    match &file.end.castling_wins {
        None => Ok(0),
        Some(listed) => rights_named(cx, listed, castles, "castling_wins"),
    }
}

/// The castling rights `listed` names by their `right` letters, as bits of
/// the castling rules (`castles[i]` is bit `i`); `key` names the list in
/// errors.
fn rights_named(cx: &Ctx, listed: &Spanned<Vec<String>>, castles: &[Castle], key: &str) -> Result<u32> {
    if listed.get_ref().is_empty() {
        return Err(cx.err(listed.span(), format!("`{key}` names no castling right")));
    }
    let mut mask = 0;
    for letter in listed.get_ref() {
        let found: Vec<usize> = (castles.iter().enumerate())
            .filter(|(_, c)| letter.chars().eq(std::iter::once(c.right)))
            .map(|(i, _)| i)
            .collect();
        if found.is_empty() {
            let known: Vec<String> = castles.iter().map(|c| format!("`{}`", c.right)).collect();
            return Err(cx.err(
                listed.span(),
                if known.is_empty() {
                    format!("`{key}` names `{letter}`, but the rules have no [[castling]]")
                } else {
                    format!(
                        "`{key}` names `{letter}`, no castling right (the rights: {})",
                        known.join(", ")
                    )
                },
            ));
        }
        for i in found {
            mask |= 1 << i;
        }
    }
    Ok(mask)
}
