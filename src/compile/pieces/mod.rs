//! Stage: pieces. Each `[[piece]]`'s notation (or the one an option chooses)
//! becomes its moves: rays per side for a union of single legs, a leg machine
//! otherwise; then its initial and dead squares. A second pass resolves the
//! target filters, which name other pieces.
//!
//! This file compiles a piece's own moves; `moves.rs` holds the moves it
//! has besides them (extra and once-only moves) and the rays' overlap,
//! `squares.rs` the squares its keys name (regions, initial squares, en
//! passant), `filters.rs` the later passes: the target filters, which name
//! other pieces, and the capture rules checked against the whole variant.

mod filters;
mod moves;
mod squares;

pub(super) use filters::{capture_rules, filters};
pub(super) use squares::side_squares;

use super::{Ctx, OptionValues, Result, legs};
use crate::diag::shorten;
use crate::engine::geometry::Geometry;
use crate::engine::moves::MAX_CAPTURES;
use crate::engine::program::{Ray, TargetFilters};
use crate::engine::types::{Color, KindSet, PieceKind};
use crate::engine::variant::{Orientation, PieceDef};
use crate::notation::{self, Program};
use crate::rules::{PieceTable, RulesFile};
use moves::{check_initial_extra_moves, extra_moves, once_moves, overlapping};
use squares::{en_passant_squares, en_passant_text, initial_squares, region_squares};
use toml::Spanned;

/// Parses a notation string of the rules file, pointing into it on error.
pub(super) fn parse_notation(s: &Spanned<String>, cx: &Ctx) -> Result<(notation::Notation, Program)> {
    notation::compile_program(s.get_ref()).map_err(|e| {
        let at = cx.inner_start(&s.span()) + e.offset;
        Box::new(
            cx.diag(
                at..at + 1,
                format!("bad move notation `{}`: {}", shorten(s.get_ref(), 60), e.message),
            )
            .label("notation error here")
            .help("see docs/notation.md for the notation"),
        )
    })
}

/// Relative ranks must be on the board (1 = the side's own back rank).
pub(super) fn check_ranks(
    cx: &Ctx,
    piece: &Spanned<String>,
    ranks: &[u32],
    board_ranks: usize,
    what: &str,
) -> Result<()> {
    match ranks.iter().find(|&&r| r == 0 || r as usize > board_ranks) {
        Some(r) => Err(cx.err(
            piece.span(),
            format!(
                "{what} {r} of `{}` is off the board (1..{board_ranks}, counted from the side's own back rank)",
                piece.get_ref()
            ),
        )),
        None => Ok(()),
    }
}

/// Compiles every piece's moves, in file order.
pub(super) fn compile(
    file: &RulesFile,
    cx: &Ctx,
    geo: &mut Geometry,
    orientation: Orientation,
    options: &OptionValues,
) -> Result<Vec<PieceDef>> {
    file.pieces
        .iter()
        .map(|p| compile_piece(p, cx, geo, orientation, options))
        .collect()
}

/// The notation in force: `betza`, or a `betza_when` alternative whose option
/// has the given value. Every alternative must parse.
fn chosen_betza<'a>(p: &'a PieceTable, cx: &Ctx, options: &OptionValues) -> Result<&'a Spanned<String>> {
    let mut betza = &p.betza;
    for (cond, alt) in &p.betza_when {
        let (name, value) = cond.split_once('=').unwrap_or((cond, ""));
        match options.get(name.trim()) {
            None => {
                return Err(Box::new(
                    cx.diag(
                        alt.span(),
                        format!("betza_when names unknown option `{}`", name.trim()),
                    )
                    .help("declare it under [options]"),
                ));
            }
            Some(v) if v == value.trim() => betza = alt,
            Some(_) => {}
        }
        parse_notation(alt, cx)?;
    }
    Ok(betza)
}

/// A notation that could capture on more squares than a move holds is an error.
fn check_captures(p: &PieceTable, cx: &Ctx, betza: &Spanned<String>, prog: &Program) -> Result<()> {
    let captures = legs::max_captures(prog);
    if captures > MAX_CAPTURES as u64 {
        return Err(Box::new(
            cx.diag(
                betza.span(),
                format!(
                    "`{}` can capture on up to {} squares in one move; chimera supports at most {MAX_CAPTURES}",
                    p.name.get_ref(),
                    if captures == u64::MAX { "unbounded".to_string() } else { captures.to_string() }
                ),
            )
            .label("this notation")
            .help(format!("limit the number of capturing legs (e.g. a{MAX_CAPTURES} instead of a11)")),
        ));
    }
    Ok(())
}

/// The piece's `san` letter: one upper-case letter, or "" for none.
fn san_letter(p: &PieceTable, cx: &Ctx) -> Result<Option<String>> {
    match &p.san {
        Some(s) if s.get_ref().len() > 1 || !s.get_ref().chars().all(|c| c.is_ascii_uppercase()) => Err(cx
            .err(
                s.span(),
                format!(
                    "`san = \"{}\"`: one upper-case letter, or \"\" for none",
                    s.get_ref()
                ),
            )),
        Some(s) => Ok(Some(s.get_ref().clone())),
        None => Ok(None),
    }
}

/// `resets_clock`: (resets, only when irreversible).
fn resets_clock_mode(p: &PieceTable, cx: &Ctx, single_leg: bool) -> Result<(bool, bool)> {
    Ok(match &p.resets_clock {
        crate::rules::ResetsClock::Always(b) => (*b, false),
        crate::rules::ResetsClock::Mode(m) if m == "irreversible" && single_leg => (true, true),
        crate::rules::ResetsClock::Mode(m) if m == "irreversible" => {
            return Err(cx.err(
                p.name.span(),
                format!(
                    "`{}`: resets_clock = \"irreversible\" needs single-leg moves",
                    p.name.get_ref()
                ),
            ));
        }
        crate::rules::ResetsClock::Mode(m) => {
            return Err(cx.err(
                p.name.span(),
                format!(
                    "`{}`: resets_clock = \"{m}\" is not a choice (true, false or \"irreversible\")",
                    p.name.get_ref()
                ),
            ));
        }
    })
}

/// The moves of an `immobile` piece: none. It may not also be given moves.
fn immobile(p: &PieceTable, cx: &Ctx) -> Result<Program> {
    let given = [Some(&p.betza), p.xbetza.as_ref()]
        .into_iter()
        .flatten()
        .chain(p.betza_when.values())
        .find(|b| b.span() != (0..0));
    match given {
        Some(b) => Err(cx.err(
            b.span(),
            format!(
                "`{}` is immobile: it has no moves to write (drop `betza` or `immobile`)",
                p.name.get_ref()
            ),
        )),
        None => Ok(Program::Alt(Vec::new())),
    }
}

/// `i` (initial) moves need ranks or squares to start from.
fn check_initial(p: &PieceTable, cx: &Ctx, legs: &[&notation::Leg]) -> Result<()> {
    if legs.iter().any(|l| l.initial) && p.initial_ranks.is_empty() && p.initial_squares.is_empty() {
        return Err(Box::new(
            cx.diag(
                p.betza.span(),
                format!(
                    "`{}` has `i` (initial) moves but no `initial_ranks`",
                    p.name.get_ref()
                ),
            )
            .help("add e.g. `initial_ranks = [2]`: the relative ranks an `i` move may start from"),
        ));
    }
    Ok(())
}

/// A piece's notation on a board of hexagonal cells must have a reading
/// there (`compile/hex.rs`).
fn hex_reading(geo: &Geometry, betza: &Spanned<String>, prog: &Program, cx: &Ctx) -> Result<()> {
    if !geo.is_hex() {
        return Ok(());
    }
    super::hex::check(prog).map_err(|e| {
        Box::new(
            cx.diag(
                betza.span(),
                format!("`{}` on a hexagonal board: {e}", shorten(betza.get_ref(), 60)),
            )
            .label("this notation"),
        )
    })
}

fn compile_piece(
    p: &PieceTable,
    cx: &Ctx,
    geo: &mut Geometry,
    orientation: Orientation,
    options: &OptionValues,
) -> Result<PieceDef> {
    let betza = chosen_betza(p, cx, options)?;
    check_ranks(cx, &p.name, &p.initial_ranks, geo.ranks, "initial rank")?;
    let prog = if p.immobile {
        immobile(p, cx)?
    } else {
        parse_notation(betza, cx)?.1
    };
    hex_reading(geo, betza, &prog, cx)?;
    let all_legs = prog.legs();
    check_initial(p, cx, &all_legs)?;
    check_captures(p, cx, betza, &prog)?;
    let has_ep = all_legs.iter().any(|l| l.en_passant) || p.taken_en_passant;
    let simple = prog.simple_legs().filter(|legs| legs.iter().all(|l| !l.shoots));
    let mut rays: [Vec<Ray>; 2] = [Vec::new(), Vec::new()];
    let mut machine = None;
    match simple {
        Some(single) => {
            for c in Color::BOTH {
                for leg in &single {
                    for v in legs::leg_vectors(leg, c, orientation, geo) {
                        let vector = geo.vector(v);
                        let rule = legs::leg_rule(leg, v, has_ep, geo);
                        rays[c.index()].push(Ray::new(vector, rule));
                    }
                }
            }
        }
        None => {
            machine = Some(legs::machine(&prog, geo, orientation).map_err(|e| {
                Box::new(
                    cx.diag(
                        betza.span(),
                        format!("cannot use notation `{}`: {e}", shorten(betza.get_ref(), 60)),
                    )
                    .label("this notation"),
                )
            })?);
        }
    }
    let captures_anywhere = prog.simple_legs().is_some_and(|legs| {
        legs.iter().any(|l| {
            l.atoms == [notation::UNIVERSAL]
                && l.directions.is_empty()
                && l.captures
                && !l.initial
                && !l.shoots
        })
    });
    let (resets_clock, resets_clock_irreversible) = resets_clock_mode(p, cx, machine.is_none())?;
    let zone = extra_moves(p, cx, geo, orientation, &mut rays, machine.is_some(), has_ep)?;
    let once = once_moves(p, cx, geo, orientation)?;
    let region = region_squares(p, cx, geo)?;
    let overlapping_rays = overlapping(&rays, geo);
    let initial = initial_squares(p, cx, geo, orientation)?;
    check_initial_extra_moves(p, cx, &rays, &zone, &initial)?;
    let ep_from = en_passant_squares(p, cx, geo, &rays, &initial)?;
    let ep_path_text = en_passant_text(p, cx)?;
    // Dead squares: no ray reaches any square of the board.
    let dead = Color::BOTH.map(|c| {
        geo.all_squares()
            .map(|s| {
                machine.is_none()
                    && !rays[c.index()].iter().any(|r| {
                        (!r.rule.initial || initial[c.index()][s.index()])
                            && (!r.rule.zone || zone[c.index()][s.index()])
                            && geo.ray(r.vector, s).len() >= r.rule.min as usize
                    })
            })
            .collect()
    });
    Ok(PieceDef {
        san: san_letter(p, cx)?,
        name: p.name.get_ref().clone(),
        key: p.symbol.get_ref().to_uppercase(),
        symbol: p.symbol.get_ref().clone(),
        betza: betza.get_ref().clone(),
        royal: p.royal,
        royal_limit: royal_limit(p, cx)?,
        royal_group: KindSet::EMPTY,
        rays,
        legs: machine,
        overlapping_rays,
        initial,
        ep_from,
        ep_path_text,
        region,
        zone,
        promotions: Vec::new(),
        promo_at: Color::BOTH.map(|_| vec![0; geo.nsq]),
        demotes_to: PieceKind::NONE,
        drop_ok: [Vec::new(), Vec::new()],
        per_file: 0,
        drop_faces: Vec::new(),
        drop_split_colours: false,
        no_drop_mate: false,
        drop_position: Default::default(),
        drop_mate_loses: false,
        dead,
        filters: TargetFilters::default(),
        resets_clock,
        resets_clock_irreversible,
        promotion_limit: 0,
        promotion_group: KindSet::EMPTY,
        promotion_move: None,
        value: piece_value(p, cx)?,
        spawn: None,
        burn: None,
        no_pass: !p.passes,
        captures_unprotected_only: p.captures_unprotected_only,
        captures_anywhere,
        once,
    })
}

/// The most a `value` may be, in pawns: more is taken for centipawns
/// written by mistake (a chu lion is worth 25 pawns, taikyoku's great
/// pieces about 40).
const MAX_PAWNS: f64 = 200.0;

/// `value`, in pawns, as the engine's centipawns: positive and finite, and
/// at most [`MAX_PAWNS`] — a file that writes centipawns (a pawn 100) is
/// refused rather than read as a hundred times the values it means.
fn piece_value(p: &PieceTable, cx: &Ctx) -> Result<i32> {
    let Some(v) = &p.value else {
        return Ok(0);
    };
    let x = *v.get_ref();
    if !x.is_finite() || x <= 0.0 {
        return Err(cx.err(
            v.span(),
            format!("value must be a positive number of pawns, not {x}"),
        ));
    }
    if x > MAX_PAWNS {
        return Err(cx.err(
            v.span(),
            format!(
                "value is in pawns (a pawn is 1): {x} would be worth {x} pawns; \
                 if it is in centipawns, write {}",
                x / 100.0
            ),
        ));
    }
    Ok((x * 100.0).round() as i32)
}

/// `royal_while_at_most`: at least 1, and on a royal piece.
fn royal_limit(p: &PieceTable, cx: &Ctx) -> Result<u16> {
    let Some(lim) = &p.royal_while_at_most else {
        return Ok(0);
    };
    if !p.royal {
        return Err(cx.err(
            lim.span(),
            "royal_while_at_most needs `royal = true`: it says while a royal piece stays royal",
        ));
    }
    match u16::try_from(*lim.get_ref()) {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(cx.err(
            lim.span(),
            "royal_while_at_most must be at least 1 (and below 65536)",
        )),
    }
}
