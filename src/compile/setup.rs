//! Stage: the start position, kept as data. Given as position text
//! (`[setup] position`) or as piece lists per side (the second side's possibly
//! derived from the first's), with hands, reserves and pockets; either way it
//! must make a valid position.

use std::ops::Range;

use indexmap::IndexMap;
use toml::Spanned;

use super::names::Names;
use super::{Ctx, Result};
use std::sync::Arc;

use crate::engine::position::{Position, Strictness};
use crate::engine::setup::{MAX_STORE_COUNT, Setup, Store};
use crate::engine::types::{Color, Piece};
use crate::engine::variant::Variant;
use crate::rules::{self, RulesFile, SideCounts, SquareList};
use crate::text;

/// The start position of the variant, as given.
pub(super) fn start(file: &RulesFile, cx: &Ctx, names: &Names, v: &Variant) -> Result<Setup> {
    match &file.setup.position {
        Some(pos) => from_text(file, cx, v, pos),
        None => from_lists(file, cx, names, v),
    }
}

/// The start must be a valid position of the variant, as any position text
/// must (castling rights with their pieces, possible material, the side not
/// to move not in check).
pub(super) fn check(file: &RulesFile, cx: &Ctx, v: &Variant) -> Result<()> {
    let v = Arc::new(v.clone());
    if let Err(e) = Position::from_setup(&v, v.start.clone(), Strictness::Strict) {
        let span = file
            .setup
            .position
            .as_ref()
            .map_or(cx.section("[setup]"), |p| p.span());
        return Err(Box::new(
            cx.diag(span, format!("bad start position: {e}")).label("here"),
        ));
    }
    Ok(())
}

fn from_text(file: &RulesFile, cx: &Ctx, v: &Variant, pos: &Spanned<String>) -> Result<Setup> {
    if file.setup.first.is_some() || file.setup.second.is_some() {
        return Err(cx.err(
            pos.span(),
            "give the setup either as `position` or as piece lists, not both",
        ));
    }
    for (table, counts) in [
        ("hands", &file.setup.hands),
        ("reserves", &file.setup.reserves),
        ("pockets", &file.setup.pockets),
    ] {
        if !counts.first.is_empty() || !counts.second.is_empty() {
            return Err(Box::new(
                cx.diag(
                    cx.section(&format!("[setup.{table}")),
                    format!("[setup.{table}] cannot be combined with `position`"),
                )
                .help("write the pieces in the position text instead (hands in `[...]` or after the side, `reserve=`, `pocket=`)"),
            ));
        }
    }
    text::parse_position(v, pos.get_ref()).map_err(|e| {
        let at = cx.inner_start(&pos.span()) + e.offset;
        Box::new(
            cx.diag(at..at + 1, format!("bad start position: {}", e.message))
                .label("here"),
        )
    })
}

fn from_lists(file: &RulesFile, cx: &Ctx, names: &Names, v: &Variant) -> Result<Setup> {
    let geo = &v.geometry;
    let mut setup = Setup::empty(geo.nsq, v.nkinds(), v.state_fields.len());
    let mut origin: Vec<Option<Range<usize>>> = vec![None; geo.nsq];
    let Some(first) = &file.setup.first else {
        return Err(cx.err(
            cx.section("[setup]"),
            "[setup] needs `position` or a `first` piece list",
        ));
    };
    let mut place = |color: Color,
                     list: &IndexMap<String, Spanned<SquareList>>,
                     mirror: Option<rules::Orientation>|
     -> Result<()> {
        for (name, squares) in list {
            place_list(
                cx,
                names,
                v,
                &mut setup,
                &mut origin,
                color,
                name,
                squares,
                mirror,
            )?;
        }
        Ok(())
    };
    place(Color::First, first, None)?;
    match (&file.setup.second, file.setup.second_from_first) {
        (Some(second), None) => place(Color::Second, second, None)?,
        (None, Some(m)) => place(Color::Second, first, Some(m))?,
        _ => {
            return Err(cx.err(
                cx.section("[setup]"),
                "[setup] needs exactly one of `second` and `second_from_first`",
            ));
        }
    }
    setup.stores[Store::Hand as usize] = counts(cx, names, v, &file.setup.hands, "hand")?;
    setup.stores[Store::Reserve as usize] = counts(cx, names, v, &file.setup.reserves, "reserve")?;
    setup.stores[Store::Pocket as usize] = counts(cx, names, v, &file.setup.pockets, "pocket")?;
    setup.castling = (1u32 << v.castles.len()) - 1;
    Ok(setup)
}

#[allow(clippy::too_many_arguments)]
fn place_list(
    cx: &Ctx,
    names: &Names,
    v: &Variant,
    setup: &mut Setup,
    origin: &mut [Option<Range<usize>>],
    color: Color,
    name: &str,
    list: &Spanned<SquareList>,
    mirror: Option<rules::Orientation>,
) -> Result<()> {
    let geo = &v.geometry;
    let Some(k) = names.lookup(name) else {
        let mut d = cx
            .diag(list.span(), format!("setup names unknown piece `{name}`"))
            .label("for this piece");
        if let Some(s) = names.suggestion(name) {
            d = d.help(format!("did you mean `{s}`?"));
        }
        return Err(Box::new(d));
    };
    for s in list.get_ref().squares() {
        let Some(mut sq) = geo.parse_square(s) else {
            return Err(Box::new(
                cx.diag(
                    list.span(),
                    format!(
                        "setup square `{s}` is not on the {}×{} board",
                        geo.files, geo.ranks
                    ),
                )
                .label("in this list"),
            ));
        };
        if let Some(m) = mirror {
            sq = geo.mirror(sq, m == rules::Orientation::Rotate);
        }
        if setup.board[sq.index()].is_some() {
            let mut d = cx
                .diag(list.span(), format!("two pieces on {}", geo.name(sq)))
                .label("second piece here");
            if let Some(o) = &origin[sq.index()] {
                let (l, _) = crate::diag::line_col(&cx.src.text, o.start);
                d = d.help(format!("{} was already given on line {l}", geo.name(sq)));
            }
            return Err(Box::new(d));
        }
        setup.board[sq.index()] = Some(Piece::new(k, color));
        origin[sq.index()] = Some(list.span());
    }
    Ok(())
}

/// Store counts from `[setup.hands]` and the like.
fn counts(cx: &Ctx, names: &Names, v: &Variant, sc: &SideCounts, what: &str) -> Result<Vec<u16>> {
    let mut out = vec![0u16; 2 * v.nkinds()];
    for (c, counts) in [&sc.first, &sc.second].iter().enumerate() {
        for (name, n) in counts.iter() {
            let k = names.piece(cx, name, &format!("setup {what}"))?;
            if *n > MAX_STORE_COUNT as u32 {
                return Err(cx.err(
                    name.span(),
                    format!("at most {MAX_STORE_COUNT} pieces of a kind in a {what}"),
                ));
            }
            out[c * v.nkinds() + k.index()] = *n as u16;
        }
    }
    Ok(out)
}

/// `[setup.shuffle]`: the squares of the shuffled rank that hold the first
/// player's pieces in the start, each with the second player's square that
/// mirrors it (which must hold the same kind), and the rule's constraints.
/// The start itself must obey them (so at least one start can be drawn).
pub(super) fn shuffle(
    file: &RulesFile,
    cx: &Ctx,
    names: &Names,
    v: &Variant,
) -> Result<Option<crate::engine::shuffle::Shuffle>> {
    let Some(rule) = &file.setup.shuffle else {
        return Ok(None);
    };
    let g = &v.geometry;
    let rank = match &rule.get_ref().rank {
        None => 1,
        Some(r) if (1..=g.ranks as u32).contains(r.get_ref()) => *r.get_ref(),
        Some(r) => {
            return Err(cx.err(
                r.span(),
                format!("the shuffled rank must be between 1 and {}", g.ranks),
            ));
        }
    };
    let r = rank as i32 - 1;
    let mut squares = Vec::new();
    let mut kinds = Vec::new();
    let mut colours = Vec::new();
    for f in 0..g.files as i32 {
        let Some(sq) = g.square(f, r) else { continue };
        let Some(p) = v.start.board[sq.index()].filter(|p| p.color() == Color::First) else {
            continue;
        };
        let mirror_file = match rule.get_ref().mirror.or(file.setup.symmetry) {
            Some(rules::Orientation::Rotate) => g.files as i32 - 1 - f,
            _ => f,
        };
        let mirror = g.square(mirror_file, g.ranks as i32 - 1 - r);
        let Some(mirror) =
            mirror.filter(|m| v.start.board[m.index()] == Some(Piece::new(p.kind(), Color::Second)))
        else {
            return Err(cx.err(
                rule.span(),
                format!(
                    "the start's second player does not mirror the first on the shuffled rank (at {})",
                    g.name(sq)
                ),
            ));
        };
        squares.push((sq, mirror));
        kinds.push(p.kind());
        colours.push(((f + r) % 2) as u8);
    }
    if squares.len() < 2 {
        return Err(cx.err(
            rule.span(),
            format!("the first player has fewer than two pieces on rank {rank} of the start to shuffle"),
        ));
    }
    let mut sorted = kinds.clone();
    sorted.sort();
    let present = |n: &Spanned<String>| -> Result<crate::engine::types::PieceKind> {
        let k = names.piece(cx, n, "shuffle")?;
        if !kinds.contains(&k) {
            return Err(cx.err(
                n.span(),
                format!("no `{}` stands on the shuffled rank of the start", n.get_ref()),
            ));
        }
        Ok(k)
    };
    let mut opposite_colours = Vec::new();
    for pair in &rule.get_ref().opposite_colours {
        let [a, b] = pair.get_ref().as_slice() else {
            return Err(cx.err(
                pair.span(),
                "`opposite_colours` takes pairs of piece names: [\"bishop\", \"bishop\"]",
            ));
        };
        opposite_colours.push((present(a)?, present(b)?));
    }
    let mut between = Vec::new();
    for b in &rule.get_ref().between {
        between.push((present(&b.piece)?, present(&b.outside)?));
    }
    let shuffle = crate::engine::shuffle::Shuffle {
        squares,
        kinds: sorted,
        opposite_colours,
        between,
        colours,
    };
    if !shuffle.allows(&kinds) {
        return Err(cx.err(
            rule.span(),
            "the rules file's own start does not obey its shuffle rule",
        ));
    }
    Ok(Some(shuffle))
}
