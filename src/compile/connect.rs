//! Stage: `[end.connect]` — the lines, blocks and chains of pieces that end
//! the game, checked to fit the board.

use toml::Spanned;

use super::names::Names;
use super::{Ctx, Result};
use crate::engine::geometry::Geometry;
use crate::engine::types::{KindSet, Square};
use crate::engine::variant::ConnectRule;
use crate::rules::{self, SideName};

/// One side's pair of regions: the first region's squares, and the second's
/// as a set indexed by square.
type Regions = (Vec<Square>, Vec<bool>);

/// `[end.connect] regions`: per side, the first region's squares and the
/// second's as a set.
fn connect_regions(r: &rules::Connect, cx: &Ctx, geo: &Geometry) -> Result<[Option<Regions>; 2]> {
    let mut out = [None, None];
    for reg in &r.regions {
        let side = if reg.side == SideName::First { 0 } else { 1 };
        let squares = |list: &[Spanned<String>], key: &str| -> Result<Vec<Square>> {
            if list.is_empty() {
                return Err(cx.err(
                    cx.section("[end.connect]"),
                    format!("a region's `{key}` names no square"),
                ));
            }
            list.iter()
                .map(|s| {
                    geo.parse_square(s.get_ref())
                        .ok_or_else(|| cx.err(s.span(), format!("`{}` is not a square", s.get_ref())))
                })
                .collect()
        };
        let from = squares(&reg.from, "from")?;
        let mut to = vec![false; geo.nsq];
        for s in squares(&reg.to, "to")? {
            to[s.index()] = true;
        }
        if out[side].is_some() {
            return Err(cx.err(
                reg.from[0].span(),
                "one pair of regions per side: this side has one already",
            ));
        }
        out[side] = Some((from, to));
    }
    Ok(out)
}

/// `[end.connect]`.
pub(super) fn compile(
    c: &Spanned<rules::Connect>,
    cx: &Ctx,
    names: &Names,
    geo: &Geometry,
) -> Result<ConnectRule> {
    let r = c.get_ref();
    let count = |n: &Option<Spanned<u32>>, least: u32| -> Result<usize> {
        match n {
            None => Ok(0),
            Some(n) if *n.get_ref() < least => Err(cx.err(
                n.span(),
                format!("a connection of fewer than {least} pieces means nothing here"),
            )),
            Some(n) => Ok(*n.get_ref() as usize),
        }
    };
    let (in_a_row, square, collinear) = (
        count(&r.in_a_row, 2)?,
        count(&r.square, 2)?,
        count(&r.collinear, 2)?,
    );
    let regions = connect_regions(r, cx, geo)?;
    if in_a_row + square + collinear == 0 && r.regions.is_empty() {
        return Err(cx.err(
            c.span(),
            "`[end.connect]` needs `in_a_row`, `square`, `collinear` or `regions`: what the pieces must form",
        ));
    }
    let kinds = if r.pieces.is_empty() {
        KindSet::ALL
    } else {
        let mut set = KindSet::EMPTY;
        for n in &r.pieces {
            set.insert(names.piece(cx, n, "connect")?);
        }
        set
    };
    let mut directions = Vec::new();
    match &r.lines {
        None => directions.extend([(1, 0), (0, 1), (1, 1), (1, -1)]),
        Some(lines) => {
            for l in lines {
                let d: &[(i32, i32)] = match l.get_ref().as_str() {
                    "ranks" => &[(1, 0)],
                    "files" => &[(0, 1)],
                    "diagonals" => &[(1, 1), (1, -1)],
                    other => {
                        return Err(cx.err(
                            l.span(),
                            format!("lines are \"ranks\", \"files\" or \"diagonals\", not `{other}`"),
                        ));
                    }
                };
                directions.extend_from_slice(d);
            }
        }
    }
    if directions.is_empty() && (in_a_row + collinear > 0 || !r.regions.is_empty()) {
        return Err(cx.err(c.span(), "`lines` is empty: no line can be formed"));
    }
    fits(r, cx, geo, &directions)?;
    Ok(ConnectRule {
        in_a_row,
        square,
        collinear,
        regions,
        kinds,
        directions,
        outcome: super::end::outcome(r.result),
    })
}

/// A count the board has room for: `in_a_row` and `collinear` pieces on
/// its longest line along `lines`, a `square` block within its width and
/// height (a connection that can never be formed would pass silently). On
/// a cylinder (`wrap = "files"`) a diagonal runs round the seam from the
/// first rank to the last: it holds `ranks` squares, whatever the width.
fn fits(r: &rules::Connect, cx: &Ctx, geo: &Geometry, directions: &[(i32, i32)]) -> Result<()> {
    let (files, ranks) = (geo.files, geo.ranks);
    let diagonal = if geo.wraps_files() {
        ranks
    } else {
        files.min(ranks)
    };
    let longest = directions
        .iter()
        .map(|&(dx, dy)| match (dx != 0, dy != 0) {
            (true, true) => diagonal,
            (true, false) => files,
            _ => ranks,
        })
        .max()
        .unwrap_or(0);
    let lines = [
        (&r.in_a_row, "in_a_row", longest, "its longest line along `lines`"),
        (
            &r.collinear,
            "collinear",
            longest,
            "its longest line along `lines`",
        ),
        (&r.square, "square", files.min(ranks), "its width and height"),
    ];
    for (n, key, room, what) in lines {
        if let Some(n) = n
            && *n.get_ref() as usize > room
        {
            return Err(cx.err(
                n.span(),
                format!(
                    "`{key} = {}` cannot be formed on a {files}x{ranks} board: {what} holds {room}",
                    n.get_ref()
                ),
            ));
        }
    }
    Ok(())
}
