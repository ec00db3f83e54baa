//! The moves a piece has besides its notation's: `extra_moves` (from some
//! squares only) and `once` (one-time moves); and whether its rays overlap.

use super::{check_initial, check_ranks, parse_notation};
use crate::compile::{Ctx, Result, legs};
use crate::engine::geometry::{Geometry, VectorId};
use crate::engine::program::Ray;
use crate::engine::types::{Color, KindSet};
use crate::engine::variant::{OnceMoves, Orientation};
use crate::rules::PieceTable;

/// `extra_moves`: single-leg moves added to `rays` that apply only from the
/// given ranks; returns those squares per side.
pub(super) fn extra_moves(
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

/// `i` moves among `extra_moves` start only from squares both initial and
/// the extra moves' own: an error when no square is both (a triple step
/// from a rank the pawn never starts on could never be made).
pub(super) fn check_initial_extra_moves(
    p: &PieceTable,
    cx: &Ctx,
    rays: &[Vec<Ray>; 2],
    zone: &[Vec<bool>; 2],
    initial: &[Vec<bool>; 2],
) -> Result<()> {
    let Some(x) = &p.extra_moves else { return Ok(()) };
    let has_initial = rays.iter().flatten().any(|r| r.rule.zone && r.rule.initial);
    let meet = (0..2).any(|c| zone[c].iter().zip(&initial[c]).any(|(&z, &i)| z && i));
    if has_initial && !meet {
        return Err(cx.err(
            x.betza.span(),
            format!(
                "the `i` moves among the extra moves of `{}` start only from squares that are both initial ones \
                 (`initial_ranks`, `initial_squares`) and the extra moves' (`ranks`, `squares`): no square is both, \
                 so they can never be made",
                p.name.get_ref()
            ),
        ));
    }
    Ok(())
}

/// `once`: the piece's one-time moves — single-leg, move-only steps or
/// leaps — as vectors per side (`lost_when_aimed_by` is resolved with the
/// other names, in [`filters`](fn@super::filters)).
pub(super) fn once_moves(
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

/// Whether two rays of a side can reach the same square: they share a
/// vector and a distance, or their vectors point the same way (`RDD`: the
/// rook's and the dabbaba rider's squares along a file meet). Their moves
/// are then de-duplicated.
pub(super) fn overlapping(rays: &[Vec<Ray>; 2], geo: &Geometry) -> bool {
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
