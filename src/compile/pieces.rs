//! Stage: pieces. Each `[[piece]]`'s notation (or the one an option chooses)
//! becomes its moves: rays per side for a union of single legs, a leg machine
//! otherwise; then its initial and dead squares. A second pass resolves the
//! target filters, which name other pieces.

use super::names::Names;
use super::{Ctx, OptionValues, Result, legs};
use crate::diag::shorten;
use crate::engine::geometry::{Geometry, VectorId};
use crate::engine::moves::MAX_CAPTURES;
use crate::engine::program::{Ray, TargetFilters};
use crate::engine::types::{Color, KindSet, PieceKind};
use crate::engine::variant::{OnceMoves, Orientation, PieceDef};
use crate::notation::{self, Program};
use crate::rules::{InitialSquare, PieceTable, Region, RulesFile, SideName};
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

/// `extra_moves`: single-leg moves added to `rays` that apply only from the
/// given ranks; returns those squares per side.
fn extra_moves(
    p: &PieceTable,
    cx: &Ctx,
    geo: &mut Geometry,
    orientation: Orientation,
    rays: &mut [Vec<Ray>; 2],
    multi_leg: bool,
    has_ep: bool,
) -> Result<[Vec<bool>; 2]> {
    let Some(x) = &p.extra_moves else {
        return Ok(Color::BOTH.map(|_| vec![false; geo.nsq]));
    };
    check_ranks(cx, &p.name, &x.ranks, geo.ranks, "extra-move rank")?;
    let squares = match (&x.squares, x.ranks.is_empty()) {
        (Some(sq), true) => {
            let mut set = vec![false; geo.nsq];
            for s in sq.get_ref() {
                let at = geo
                    .parse_square(s.get_ref())
                    .ok_or_else(|| cx.err(s.span(), format!("`{}` is not a square", s.get_ref())))?;
                set[at.index()] = true;
            }
            Some(set)
        }
        (None, false) => None,
        (Some(sq), false) => {
            return Err(cx.err(
                sq.span(),
                "give extra moves either `ranks` or `squares`, not both",
            ));
        }
        (None, true) => {
            return Err(cx.err(
                x.betza.span(),
                "extra moves need `ranks` or `squares` to apply from",
            ));
        }
    };
    let (_, prog) = parse_notation(&x.betza, cx)?;
    let Some(legs) = prog
        .simple_legs()
        .filter(|l| !multi_leg && l.iter().all(|l| !l.shoots))
    else {
        return Err(cx.err(
            x.betza.span(),
            format!(
                "extra moves of `{}` must be single steps, leaps or rides (no multi-leg moves or shots), on a piece without multi-leg moves",
                p.name.get_ref()
            ),
        ));
    };
    check_initial(p, cx, &legs)?;
    for c in Color::BOTH {
        for leg in &legs {
            for v in legs::leg_vectors(leg, c, orientation, geo) {
                let vector = geo.vector(v);
                // An `i` move here starts from the squares that are both
                // initial and the extra moves' (a pawn's triple step from
                // part of its double-step region) and leaves en-passant
                // squares as the piece's own initial steps do.
                let mut rule = legs::leg_rule(leg, v, has_ep, geo);
                rule.zone = true;
                rule.within = x.within;
                rays[c.index()].push(Ray::new(vector, rule));
            }
        }
    }
    Ok(Color::BOTH.map(|c| squares.clone().unwrap_or_else(|| geo.rank_set(&x.ranks, c))))
}

/// `once`: the piece's one-time moves — single-leg, move-only steps or
/// leaps — as vectors per side (`lost_when_aimed_by` is resolved with the
/// other names, in [`filters`]).
fn once_moves(
    p: &PieceTable,
    cx: &Ctx,
    geo: &mut Geometry,
    orientation: Orientation,
) -> Result<Option<OnceMoves>> {
    let Some(o) = &p.once else { return Ok(None) };
    let (_, prog) = parse_notation(&o.betza, cx)?;
    let Some(legs) = prog.simple_legs().filter(|l| {
        l.iter().all(|l| {
            l.moves
                && !l.captures
                && !l.shoots
                && !l.initial
                && l.hop.is_none()
                && !l.lame
                && !l.jump
                && l.max == 1
        })
    }) else {
        return Err(cx.err(
            o.betza.span(),
            format!(
                "the `once` moves of `{}` must be move-only (`m`) single steps or leaps",
                p.name.get_ref()
            ),
        ));
    };
    let vectors = Color::BOTH.map(|c| {
        let mut out = Vec::new();
        for leg in &legs {
            for v in legs::leg_vectors(leg, c, orientation, geo) {
                let id = geo.vector(v);
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
        out
    });
    Ok(Some(OnceMoves {
        vectors,
        not_in_check: o.not_in_check,
        aimed_by: KindSet::EMPTY,
    }))
}

/// `region`: the squares the piece's moves may end on, per side: the union
/// of the regions that apply to the side; a side none applies to is not
/// limited.
fn region_squares(p: &PieceTable, cx: &Ctx, geo: &Geometry) -> Result<Option<[Vec<bool>; 2]>> {
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

/// Whether two rays of a side can reach the same square: they share a
/// vector and a distance, or their vectors point the same way (`RDD`: the
/// rook's and the dabbaba rider's squares along a file meet). Their moves
/// are then de-duplicated.
fn overlapping(rays: &[Vec<Ray>; 2], geo: &Geometry) -> bool {
    let same_way = |a: VectorId, b: VectorId| {
        let ((ax, ay), (bx, by)) = (geo.vectors[a as usize], geo.vectors[b as usize]);
        ax * by == ay * bx && ax * bx >= 0 && ay * by >= 0
    };
    rays.iter().any(|side| {
        side.iter().enumerate().any(|(i, a)| {
            side[i + 1..].iter().any(|b| {
                if a.vector == b.vector {
                    a.rule.min.max(b.rule.min) <= a.rule.max.min(b.rule.max)
                } else {
                    same_way(a.vector, b.vector)
                }
            })
        })
    })
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

/// The squares from which `i` moves may start, per side: `initial_ranks`
/// and `initial_squares` (a name is the first player's square, mirrored
/// for the second; `{ side, squares }` names one side's squares).
fn initial_squares(
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
pub(super) fn side_squares(
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
fn en_passant_text(p: &PieceTable, cx: &Ctx) -> Result<bool> {
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
fn en_passant_squares(
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
        drop_mate_loses: false,
        dead,
        filters: TargetFilters::default(),
        resets_clock,
        resets_clock_irreversible,
        promotion_limit: 0,
        promotion_group: KindSet::EMPTY,
        promotion_move: None,
        value: p.value.map_or(0, |v| (v * 100.0) as i32),
        spawn: None,
        burn: None,
        no_pass: !p.passes,
        captures_unprotected_only: p.captures_unprotected_only,
        captures_anywhere,
        once,
    })
}

/// The index of a piece table in the file.
fn def_index(file: &RulesFile, p: &PieceTable) -> usize {
    file.pieces.iter().position(|q| std::ptr::eq(q, p)).unwrap_or(0)
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

/// Resolves each piece's target filters (`cannot_capture`, `cannot_shoot`,
/// `cannot_hop`, `cannot_shoot_within`).
pub(super) fn filters(file: &RulesFile, cx: &Ctx, names: &Names, pieces: &mut [PieceDef]) -> Result<()> {
    let n = pieces.len();
    for (p, def) in file.pieces.iter().zip(pieces.iter_mut()) {
        let set = |list: &[Spanned<String>], what: &str| -> Result<KindSet> {
            let mut s = KindSet::EMPTY;
            for n in list {
                s.insert(names.piece(cx, n, what)?);
            }
            Ok(s)
        };
        def.filters.cannot_capture = set(&p.cannot_capture, "cannot_capture")?;
        def.royal_group = set(&p.royal_counted_with, "royal_counted_with")?;
        def.royal_group.insert(PieceKind::from_index(def_index(file, p)));
        if def.royal && p.petrifies_on_capture.as_ref().is_some_and(|b| *b.get_ref()) {
            // A royal piece that petrifies never captures: it would leave
            // the game. Its attack lines stay (see `petrification`).
            def.filters.cannot_capture = (0..n).map(PieceKind::from_index).collect();
        }
        if let (Some(o), Some(once)) = (&p.once, def.once.as_mut()) {
            once.aimed_by = set(&o.lost_when_aimed_by, "lost_when_aimed_by")?;
        }
        def.filters.cannot_shoot = set(&p.cannot_shoot, "cannot_shoot")?;
        def.filters.cannot_hop = set(&p.cannot_hop, "cannot_hop")?;
        def.filters.captures_jumped = p.captures_jumped.as_ref().is_some_and(|b| *b.get_ref());
        for limit in &p.cannot_shoot_within {
            let k = names.piece(cx, &limit.piece, "cannot_shoot_within")?;
            let d = *limit.distance.get_ref();
            if d == 0 {
                return Err(cx.err(
                    limit.distance.span(),
                    "a shot limit's distance is at least 1 (squares from the shooter)",
                ));
            }
            def.filters
                .shot_limits
                .push((KindSet::one(k), d.min(u16::MAX as u32) as u16));
        }
    }
    Ok(())
}

/// The capture rules checked against the whole variant: range capture and
/// petrification.
pub(super) fn capture_rules(file: &RulesFile, cx: &Ctx, v: &mut crate::engine::Variant) -> Result<()> {
    range_capture(file, cx, v)?;
    petrification(file, cx, v)
}

/// `petrifies_on_capture`: fills the variant's petrifying kinds and the
/// attack filters that count a royal petrifier's reach, and checks the key
/// against the rest of the rules: the variant needs `[walls]` (the stone is
/// a wall), captures that leave the game (no hand: where a petrified
/// capturer would go is not said; with explosions the capturer turns to
/// stone instead of being blown up), and a royal petrifier whose
/// attacks the attack tables describe (its reach is read from them; a
/// piece that needs the slow attack test has none there).
fn petrification(file: &RulesFile, cx: &Ctx, v: &mut crate::engine::Variant) -> Result<()> {
    for (k, p) in file.pieces.iter().enumerate() {
        let Some(flag) = &p.petrifies_on_capture else {
            continue;
        };
        if !*flag.get_ref() {
            continue;
        }
        let span = flag.span();
        if v.walls.is_none() {
            return Err(cx.err(
                span,
                "`petrifies_on_capture` needs `[walls]`: the petrified piece becomes a wall (`*` in position text)",
            ));
        }
        if v.keeps_captures(Color::First) || v.keeps_captures(Color::Second) {
            return Err(cx.err(
                span,
                "`petrifies_on_capture` needs captures that leave the game (no hand): where a petrified capturer would go is not said",
            ));
        }
        let kind = PieceKind::from_index(k);
        v.moves.petrify.insert(kind);
        if v.pieces[k].royal {
            if v.slow_attackers.iter().any(|s| s.contains(kind)) {
                return Err(cx.err(
                    span,
                    "a royal piece that petrifies must attack by leaps, rides or hops the attack tables hold (no multi-leg moves, shots or long conditional rides): its reach counts against castling and for checkmate",
                ));
            }
            v.moves.petrify_royal.insert(kind);
        }
    }
    if !v.moves.petrify_royal.is_empty() {
        let royal = v.moves.petrify_royal;
        let a = &mut v.attacks;
        a.reach_take = a.cannot_take.clone().map(|per_target| {
            per_target
                .into_iter()
                .map(|set| set.iter().filter(|k| !royal.contains(*k)).collect())
                .collect()
        });
    }
    Ok(())
}

/// Checks `captures_jumped` against the rest of the rules: the piece needs
/// single-leg hopping moves to capture with (`p`, `pp`, `p3`; no
/// grasshopper, no multi-leg move), every royal piece must be in its
/// `cannot_hop` (a jumped piece is taken, and check is found where the
/// piece lands), and captured pieces must leave the game (no hand, no
/// explosions): the rules for a jumped piece going to a hand are not said.
fn range_capture(file: &RulesFile, cx: &Ctx, v: &crate::engine::Variant) -> Result<()> {
    use crate::engine::program::Hop;
    for (k, p) in file.pieces.iter().enumerate() {
        let Some(flag) = &p.captures_jumped else { continue };
        if !*flag.get_ref() {
            continue;
        }
        let def = &v.pieces[k];
        let span = flag.span();
        if def.legs.is_some() {
            return Err(cx.err(
                span,
                "`captures_jumped` is for single-leg hopping moves; this piece has multi-leg moves",
            ));
        }
        let hops: Vec<Hop> = def.rays.iter().flatten().map(|r| r.rule.hop).collect();
        if hops.contains(&Hop::Grasshopper) {
            return Err(cx.err(span, "`captures_jumped` does not apply to a grasshopper (`g`)"));
        }
        if !hops.iter().any(|h| matches!(h, Hop::One | Hop::UpTo(_))) {
            return Err(cx.err(
                span,
                "`captures_jumped` needs a hopping move (`p`, `pp`, `p3` …) in the piece's notation",
            ));
        }
        let exposed = v
            .pieces
            .iter()
            .enumerate()
            .find(|(r, d)| d.royal && !def.filters.cannot_hop.contains(PieceKind::from_index(*r)));
        if let Some((_, d)) = exposed {
            return Err(cx.err(
                span,
                format!(
                    "`captures_jumped`: the royal piece `{}` must be in `cannot_hop` (a jumped piece is taken)",
                    d.name
                ),
            ));
        }
        captures_leave_the_game(v, cx, span, "captures_jumped")?;
    }
    Ok(())
}

/// A rule that removes captured pieces in its own way (`key`) needs
/// captures that leave the game: no hand, no explosions.
fn captures_leave_the_game(
    v: &crate::engine::Variant,
    cx: &Ctx,
    span: std::ops::Range<usize>,
    key: &str,
) -> Result<()> {
    if v.keeps_captures(Color::First) || v.keeps_captures(Color::Second) || v.moves.explosion.is_some() {
        return Err(cx.err(
            span,
            format!("`{key}` needs captures that leave the game (no hand, no explosions)"),
        ));
    }
    Ok(())
}
