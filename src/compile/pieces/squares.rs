//! The squares a piece's keys name: its `region`, the squares its initial
//! moves start from, those from which its double step may be taken en
//! passant, and how the en-passant field writes it.

use super::check_ranks;
use crate::compile::{Ctx, Result};
use crate::engine::geometry::Geometry;
use crate::engine::program::Ray;
use crate::engine::types::Color;
use crate::engine::variant::Orientation;
use crate::rules::{InitialSquare, PieceTable, Region, SideName};
use toml::Spanned;

/// `region`: the squares the piece's moves may end on, per side: the union
/// of the regions that apply to the side; a side none applies to is not
/// limited.
pub(super) fn region_squares(p: &PieceTable, cx: &Ctx, geo: &Geometry) -> Result<Option<[Vec<bool>; 2]>> {
    let Some(r) = &p.region else { return Ok(None) };
    let n = geo.all_squares().count();
    let mut out: [Option<Vec<bool>>; 2] = [None, None];
    for reg in r.get_ref().items() {
        let sides: &[Color] = match reg.side {
            None => &Color::BOTH,
            Some(SideName::First) => &[Color::First],
            Some(SideName::Second) => &[Color::Second],
        };
        for &c in sides {
            let set = out[c.index()].get_or_insert_with(|| vec![false; n]);
            for s in region_of(p, cx, geo, r.span(), reg, c)? {
                set[s] = true;
            }
        }
    }
    let [w, b] = out;
    if w.is_none() && b.is_none() {
        return Err(cx.err(
            r.span(),
            format!("`{}` has an empty list of regions", p.name.get_ref()),
        ));
    }
    Ok(Some([
        w.unwrap_or_else(|| vec![true; n]),
        b.unwrap_or_else(|| vec![true; n]),
    ]))
}

/// The squares (indices) of one region table for side `c`.
fn region_of(
    p: &PieceTable,
    cx: &Ctx,
    geo: &Geometry,
    span: std::ops::Range<usize>,
    reg: &Region,
    c: Color,
) -> Result<Vec<usize>> {
    if let Some(sq) = &reg.squares {
        if !reg.ranks.is_empty() || !reg.files.is_empty() {
            return Err(cx.err(
                sq.span(),
                format!(
                    "a region of `{}` gives `squares` and `ranks`/`files`: one or the other",
                    p.name.get_ref()
                ),
            ));
        }
        if sq.get_ref().is_empty() {
            return Err(cx.err(
                sq.span(),
                "`squares = []`: a region with no square (leave the side out instead)",
            ));
        }
        return sq
            .get_ref()
            .iter()
            .map(|s| {
                geo.parse_square(s.get_ref()).map(|q| q.index()).ok_or_else(|| {
                    cx.err(
                        s.span(),
                        format!("`{}` is not a square of the board", s.get_ref()),
                    )
                })
            })
            .collect();
    }
    check_ranks(cx, &p.name, &reg.ranks, geo.ranks, "region rank")?;
    if let Some(f) = reg.files.iter().find(|&&f| f == 0 || f as usize > geo.files) {
        return Err(cx.err(
            span,
            format!(
                "region file {f} of `{}` is off the board (1..{})",
                p.name.get_ref(),
                geo.files
            ),
        ));
    }
    Ok(geo
        .all_squares()
        .filter(|&s| {
            (reg.ranks.is_empty() || reg.ranks.contains(&geo.relative_rank(s, c)))
                && (reg.files.is_empty() || reg.files.contains(&(geo.file(s) as u32 + 1)))
        })
        .map(|s| s.index())
        .collect())
}

/// The squares from which `i` moves may start, per side: `initial_ranks`
/// and `initial_squares` (a name is the first player's square, mirrored
/// for the second; `{ side, squares }` names one side's squares).
pub(super) fn initial_squares(
    p: &PieceTable,
    cx: &Ctx,
    geo: &Geometry,
    orientation: Orientation,
) -> Result<[Vec<bool>; 2]> {
    let mut initial = Color::BOTH.map(|c| geo.rank_set(&p.initial_ranks, c));
    let listed = side_squares(&p.initial_squares, cx, geo, |sq| {
        geo.mirror(sq, orientation == Orientation::Rotate)
    })?;
    for (set, listed) in initial.iter_mut().zip(listed) {
        for (x, l) in set.iter_mut().zip(listed.into_iter().flatten()) {
            *x |= l;
        }
    }
    Ok(initial)
}

/// Squares per side from `{ side, squares }` entries (a side's own names)
/// and names said for the first player, whose second-player square is
/// `mirror(sq)`: `None` for a side no entry applies to.
pub(in crate::compile) fn side_squares(
    entries: &[Spanned<InitialSquare>],
    cx: &Ctx,
    geo: &Geometry,
    mirror: impl Fn(crate::engine::types::Square) -> crate::engine::types::Square,
) -> Result<[Option<Vec<bool>>; 2]> {
    let mut out: [Option<Vec<bool>>; 2] = [None, None];
    let parse = |name: &str, span: std::ops::Range<usize>| {
        geo.parse_square(name)
            .ok_or_else(|| cx.err(span, format!("`{name}` is not a square of the board")))
    };
    for entry in entries {
        match entry.get_ref() {
            InitialSquare::Mirrored(name) => {
                let sq = parse(name, entry.span())?;
                out[0].get_or_insert_with(|| vec![false; geo.nsq])[sq.index()] = true;
                out[1].get_or_insert_with(|| vec![false; geo.nsq])[mirror(sq).index()] = true;
            }
            InitialSquare::Side(side) => {
                let c = match side.side {
                    SideName::First => 0,
                    SideName::Second => 1,
                };
                let set = out[c].get_or_insert_with(|| vec![false; geo.nsq]);
                for name in &side.squares {
                    set[parse(name.get_ref(), name.span())?.index()] = true;
                }
            }
        }
    }
    Ok(out)
}

/// `en_passant_text`: whether the en-passant field names the path
/// ("path") or the square passed over ("square", the default).
pub(super) fn en_passant_text(p: &PieceTable, cx: &Ctx) -> Result<bool> {
    match &p.en_passant_text {
        None => Ok(false),
        Some(t) if t.get_ref() == "square" => Ok(false),
        Some(t) if t.get_ref() == "path" => Ok(true),
        Some(t) => Err(cx.err(
            t.span(),
            format!(
                "`en_passant_text = \"{}\"` is not a choice (\"square\" or \"path\")",
                t.get_ref()
            ),
        )),
    }
}

/// The squares from which the piece's double step may be taken en passant:
/// `en_passant_from_ranks`, or else all its initial squares.
pub(super) fn en_passant_squares(
    p: &PieceTable,
    cx: &Ctx,
    geo: &Geometry,
    rays: &[Vec<Ray>; 2],
    initial: &[Vec<bool>; 2],
) -> Result<[Vec<bool>; 2]> {
    let Some(ranks) = &p.en_passant_from_ranks else {
        return Ok(initial.clone());
    };
    check_ranks(cx, &p.name, ranks.get_ref(), geo.ranks, "en passant rank")?;
    if !rays.iter().flatten().any(|r| r.rule.ep_create) {
        return Err(cx.err(
            ranks.span(),
            format!(
                "`{}` has no double step that could be taken en passant (an `i…n…` move-only step beside an `e` capture)",
                p.name.get_ref()
            ),
        ));
    }
    Ok(Color::BOTH.map(|c| geo.rank_set(ranks.get_ref(), c)))
}
