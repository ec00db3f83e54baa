//! Stage: pieces entering the board — drop zones from hands (ranks, dead
//! squares, one per file, the drop-mate ban), spawn moves, the pocket and the
//! placement phase.

use super::names::Names;
use super::pieces::{check_ranks, parse_notation};
use super::{Ctx, Result, legs};
use crate::engine::geometry::Geometry;
use crate::engine::types::Color;
use crate::engine::variant::{Orientation, PieceDef, PocketRules, PromotionMove, Spawn};
use crate::rules::RulesFile;

/// Drop zones and spawns of every piece.
pub(super) fn apply(
    file: &RulesFile,
    cx: &Ctx,
    names: &Names,
    geo: &mut Geometry,
    orientation: Orientation,
    pieces: &mut [PieceDef],
) -> Result<()> {
    let no_dead_drops = file.hand.as_ref().is_some_and(|h| h.no_dead_drops);
    check_pocket(file, cx)?;
    for (p, def) in file.pieces.iter().zip(pieces.iter_mut()) {
        if let Some(ranks) = &p.drop.ranks {
            check_ranks(cx, &p.name, ranks, geo.ranks, "drop rank")?;
        }
        if let Some(pm) = &p.promotion_move {
            def.promotion_move = Some(promotion_move(pm, cx, names, geo, orientation)?);
        }
        if let Some(sp) = &p.spawn {
            let piece = names.piece(cx, &sp.piece, "spawn")?;
            let vectors = step_vectors(&sp.betza, cx, geo, orientation)?;
            def.spawn = Some(Spawn { piece, vectors });
        }
        let listed = drop_squares(p, cx, geo)?;
        for c in Color::BOTH {
            let listed = &listed[c.index()];
            def.drop_ok[c.index()] = geo
                .all_squares()
                .map(|s| {
                    let rank_ok = p
                        .drop
                        .ranks
                        .as_ref()
                        .is_none_or(|r| r.contains(&geo.relative_rank(s, c)))
                        && listed.as_ref().is_none_or(|l| l[s.index()]);
                    let in_region = def.region.as_ref().is_none_or(|r| r[c.index()][s.index()]);
                    // Never off the board (a hole, a hexagon's cut corners).
                    geo.is_cell(s)
                        && rank_ok
                        && in_region
                        && !(no_dead_drops && def.dead[c.index()][s.index()])
                })
                .collect();
        }
        if let Some(up) = &p.drop.promoted
            && *up.get_ref()
        {
            for pr in &def.promotions {
                for &t in &pr.to {
                    if !def.drop_faces.contains(&t) {
                        def.drop_faces.push(t);
                    }
                }
            }
            if def.drop_faces.is_empty() {
                return Err(cx.err(
                    up.span(),
                    format!(
                        "`{}` has no promotion: it has no promoted face to drop",
                        p.name.get_ref()
                    ),
                ));
            }
        }
        def.drop_split_colours = p.drop.split_colours;
        def.per_file = match &p.drop.per_file {
            None => u8::from(p.drop.one_per_file),
            Some(n) if p.drop.one_per_file && *n.get_ref() != 1 => {
                return Err(cx.err(n.span(), "`one_per_file = true` already says `per_file = 1`"));
            }
            Some(n) => match u8::try_from(*n.get_ref()) {
                Ok(k) if k >= 1 && usize::from(k) <= geo.ranks => k,
                _ => {
                    return Err(cx.err(
                        n.span(),
                        format!(
                            "`per_file` must be between 1 and the number of ranks ({})",
                            geo.ranks
                        ),
                    ));
                }
            },
        };
        def.no_drop_mate = p.drop.no_mate;
        position_limits(file, p, cx, names, def)?;
    }
    Ok(())
}

/// A piece's drop rules that look at the position: `no_check` (no drop
/// that gives check) and `not_guarded_by` (no drop where a piece of its
/// side of those kinds attacks).
fn position_limits(
    file: &RulesFile,
    p: &crate::rules::PieceTable,
    cx: &Ctx,
    names: &Names,
    def: &mut PieceDef,
) -> Result<()> {
    if let Some(no_check) = &p.drop.no_check
        && *no_check.get_ref()
    {
        let all = file
            .hand
            .as_ref()
            .and_then(|h| h.drops_may_check.as_ref())
            .is_some_and(|m| !*m.get_ref());
        if all {
            return Err(cx.err(
                no_check.span(),
                "`[hand] drops_may_check = false` already forbids every drop that gives check",
            ));
        }
        def.drop_position.no_check = true;
    }
    for n in &p.drop.not_guarded_by {
        def.drop_position
            .not_guarded_by
            .insert(names.piece(cx, n, "not_guarded_by")?);
    }
    Ok(())
}

/// `[moves] drop_mate`: with `result = "loses"` (when its option holds),
/// the drops `no_mate` bans from mating are legal and lose at once.
pub(super) fn drop_mate(
    file: &RulesFile,
    cx: &Ctx,
    options: &super::OptionValues,
    pieces: &mut [PieceDef],
) -> Result<()> {
    let Some(rule) = &file.moves.drop_mate else {
        return Ok(());
    };
    if !pieces.iter().any(|d| d.no_drop_mate) {
        return Err(cx.err(
            rule.span(),
            "`drop_mate` means nothing here: no piece's drops may not mate (`drop.no_mate`)",
        ));
    }
    let holds = match &rule.get_ref().when {
        Some(when) => super::options::holds(file, cx, options, when)?,
        None => true,
    };
    if holds && rule.get_ref().result == crate::rules::DropMateResult::Loses {
        for d in pieces.iter_mut().filter(|d| d.no_drop_mate) {
            d.no_drop_mate = false;
            d.drop_mate_loses = true;
        }
    }
    Ok(())
}

/// The single-step vectors of a notation, per side.
fn step_vectors(
    betza: &toml::Spanned<String>,
    cx: &Ctx,
    geo: &mut Geometry,
    orientation: Orientation,
) -> Result<[Vec<crate::engine::geometry::VectorId>; 2]> {
    let (_, prog) = parse_notation(betza, cx)?;
    let Some(single) = prog.simple_legs() else {
        return Err(cx.err(
            betza.span(),
            "only single steps and leaps can be said here (no multi-leg moves)",
        ));
    };
    let mut vectors = [Vec::new(), Vec::new()];
    for c in Color::BOTH {
        for leg in &single {
            for v in legs::leg_vectors(leg, c, orientation, geo) {
                let vi = geo.vector(v);
                if !vectors[c.index()].contains(&vi) {
                    vectors[c.index()].push(vi);
                }
            }
        }
    }
    Ok(vectors)
}

/// `promotion_move`: its target, squares per side (the second player's
/// mirrored) and step vectors.
fn promotion_move(
    pm: &crate::rules::PromotionMove,
    cx: &Ctx,
    names: &Names,
    geo: &mut Geometry,
    orientation: Orientation,
) -> Result<PromotionMove> {
    let to = names.piece(cx, &pm.to, "promotion_move")?;
    let mut squares = [vec![false; geo.nsq], vec![false; geo.nsq]];
    for s in &pm.squares {
        let sq = geo
            .parse_square(s.get_ref())
            .ok_or_else(|| cx.err(s.span(), format!("`{}` is not a square", s.get_ref())))?;
        squares[0][sq.index()] = true;
        squares[1][geo.mirror(sq, orientation == Orientation::Rotate).index()] = true;
    }
    let vectors = step_vectors(&pm.betza, cx, geo, orientation)?;
    Ok(PromotionMove {
        to,
        squares,
        vectors,
        anywhere_when_last: pm.anywhere_when_last,
    })
}

/// A pocket must hold at least one piece.
pub(super) fn check_pocket(file: &RulesFile, cx: &Ctx) -> Result<()> {
    if let Some(p) = &file.pocket
        && *p.capacity.get_ref() == 0
    {
        return Err(cx.err(
            p.capacity.span(),
            "a pocket holds at least one piece (leave out [pocket] for none)",
        ));
    }
    Ok(())
}

/// Placement squares per side, when the variant has a placement phase.
pub(super) fn placement(file: &RulesFile, cx: &Ctx) -> Result<Option<[Vec<bool>; 2]>> {
    let Some(p) = &file.placement else {
        return Ok(None);
    };
    let ranks = *file.board.ranks.get_ref();
    if let Some(r) = p.ranks.iter().find(|&&r| r == 0 || r > ranks) {
        return Err(cx.err(
            cx.section("[placement]"),
            format!("placement rank {r} is off the board (1..{ranks})"),
        ));
    }
    let geo = Geometry::new(*file.board.files.get_ref() as usize, ranks as usize);
    Ok(Some(Color::BOTH.map(|c| geo.rank_set(&p.ranks, c))))
}

/// The pocket's rules, if the variant has pockets.
pub(super) fn pocket(file: &RulesFile) -> Option<PocketRules> {
    file.pocket.as_ref().map(|p| PocketRules {
        capacity: *p.capacity.get_ref(),
        from_board: p.from_board,
    })
}

/// A piece's `drop.squares`, per side: where it may be dropped, or `None`
/// when no entry applies to that side. A name is the first player's square,
/// the second player's being the same file on its own relative rank;
/// `{ side, squares }` names one side's squares by their own names.
fn drop_squares(p: &crate::rules::PieceTable, cx: &Ctx, geo: &Geometry) -> Result<[Option<Vec<bool>>; 2]> {
    let Some(list) = &p.drop.squares else {
        return Ok([None, None]);
    };
    if list.get_ref().is_empty() {
        return Err(cx.err(list.span(), "drop squares need at least one square"));
    }
    // A name said for the first player: the same file on the second's own
    // relative rank.
    super::pieces::side_squares(list.get_ref(), cx, geo, |sq| geo.mirror(sq, false))
}

/// `[hand] first_drops`: the squares drops must fill first (they need
/// `drops_only`, whose rule they suspend until they are full).
pub(super) fn first_drops(
    file: &RulesFile,
    cx: &Ctx,
    hand: Option<&crate::rules::HandRules>,
) -> Result<Vec<crate::engine::types::Square>> {
    let Some(h) = hand else { return Ok(Vec::new()) };
    if let Some(s) = h.first_drops.first()
        && h.drops_only.is_none()
    {
        return Err(cx.err(
            s.span(),
            "`first_drops` suspends `drops_only` while they are empty, and there is no `drops_only`",
        ));
    }
    let geo = Geometry::new(
        *file.board.files.get_ref() as usize,
        *file.board.ranks.get_ref() as usize,
    );
    let mut out = Vec::new();
    for s in &h.first_drops {
        let sq = geo.parse_square(s.get_ref()).ok_or_else(|| {
            cx.err(
                s.span(),
                format!("`{}` is not a square of the board", s.get_ref()),
            )
        })?;
        out.push(sq);
    }
    Ok(out)
}
