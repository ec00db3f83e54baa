//! Stage: attack lines. For each side, the capturing rays of its pieces
//! turned around, from a target square outwards: reverse attack lines for
//! leapers and riders (which kinds attack from which distance), screen
//! lines for one-screen hoppers, point attacks for single leaps under
//! conditions (lame or jumping leaps, zone, initial and within leaps), and
//! what keeps a kind from attacking a square (its region, its
//! `cannot_capture`). Kinds none of these describe are marked for the slow
//! attack test, which generates their moves.

use crate::engine::attack::{Attacks, PointAttack};
use crate::engine::geometry::Geometry;
use crate::engine::legs::{Hop, LegRule, Passing, Ray};
use crate::engine::types::{Color, KindSet, PieceKind, Square};
use crate::engine::variant::{AttackLine, PieceDef};

/// What the attack stage makes.
pub(super) struct AttackTables {
    pub lines: [Vec<AttackLine>; 2],
    pub slow: [KindSet; 2],
    pub attacks: Attacks,
}

/// How a capturing ray attacks, seen from its target.
#[derive(PartialEq)]
enum Reach {
    /// Along a reverse attack line: the first piece on it.
    Line,
    /// Along a screen line: the piece after exactly one screen.
    Screen,
    /// From one square, with conditions.
    Point,
}

fn reach(rule: &LegRule) -> Option<Reach> {
    let conditional = rule.initial || rule.zone || rule.within;
    if rule.shoots {
        None
    } else if rule.hop == Hop::None && rule.passing == Passing::Free && !conditional {
        Some(Reach::Line)
    } else if rule.hop == Hop::One && rule.passing == Passing::Free && !conditional {
        Some(Reach::Screen)
    } else if rule.hop == Hop::None && rule.max == 1 && rule.min <= 1 {
        Some(Reach::Point)
    } else {
        None
    }
}

/// Adds distances `min..=max` (capped at `maxdim`) of `kind` to the line of
/// vector `rv` in `lines`.
fn add_to_line(lines: &mut Vec<AttackLine>, rv: u16, rule: &LegRule, kind: PieceKind, maxdim: usize) {
    let i = match lines.iter().position(|l| l.vector == rv) {
        Some(i) => i,
        None => {
            lines.push(AttackLine {
                vector: rv,
                masks: Vec::new(),
            });
            lines.len() - 1
        }
    };
    let line = &mut lines[i];
    let hi = (rule.max as usize).min(maxdim);
    if line.masks.len() < hi {
        line.masks.resize(hi, KindSet::EMPTY);
    }
    for d in (rule.min as usize).max(1)..=hi {
        line.masks[d - 1].insert(kind);
    }
}

/// The squares a leap from `from` passes, as up to two spans of the pool,
/// and whether they must be empty; `None` when the leap cannot start there.
fn passed(geo: &Geometry, from: Square, passing: Passing) -> Option<([(u32, u16); 2], bool)> {
    let span = |vector, steps: u16| {
        let (start, len) = geo.ray_span(vector, from);
        (len >= steps).then_some((start, steps))
    };
    Some(match passing {
        Passing::Free => ([(0, 0); 2], true),
        Passing::Empty { unit, steps } => ([span(unit, steps)?, (0, 0)], true),
        Passing::Occupied { unit, steps } => ([span(unit, steps)?, (0, 0)], false),
        Passing::Bent {
            orth,
            orth_steps,
            diag,
            diag_steps,
            lame,
        } => {
            let first = span(orth, orth_steps as u16)?;
            let corner = *geo.span(first.0, first.1).last()?;
            let (start, len) = geo.ray_span(diag, corner);
            if len < diag_steps as u16 {
                return None;
            }
            ([first, (start, diag_steps as u16)], lame)
        }
    })
}

/// The point attacks of one ray of `def` for side `c`, per target square.
fn add_points(
    points: &mut [Vec<PointAttack>],
    geo: &Geometry,
    def: &PieceDef,
    c: Color,
    ray: &Ray,
    kind: PieceKind,
) {
    let rule = &ray.rule;
    let (vx, vy) = geo.vectors[ray.vector as usize];
    for target in geo.all_squares() {
        let Some(from) = geo.offset(target, (-vx, -vy)) else {
            continue;
        };
        let (zone, initial) = (&def.zone[c.index()], &def.initial[c.index()]);
        if (rule.initial && !initial[from.index()])
            || (rule.zone && !zone[from.index()])
            || (rule.within && !zone[target.index()])
        {
            continue;
        }
        let Some((spans, lame)) = passed(geo, from, rule.passing) else {
            continue;
        };
        let here = &mut points[target.index()];
        match here
            .iter_mut()
            .find(|p| p.from == from && p.spans == spans && p.lame == lame)
        {
            Some(p) => p.kinds.insert(kind),
            None => here.push(PointAttack {
                from,
                kinds: KindSet::one(kind),
                spans,
                lame,
            }),
        }
    }
}

/// The attack tables of a variant's pieces.
pub(super) fn lines(pieces: &[PieceDef], geo: &mut Geometry) -> AttackTables {
    let maxdim = geo.files.max(geo.ranks);
    let mut t = AttackTables {
        lines: [Vec::new(), Vec::new()],
        slow: [KindSet::EMPTY; 2],
        attacks: Attacks::default(),
    };
    for c in Color::BOTH {
        let ci = c.index();
        let mut points: Vec<Vec<PointAttack>> = vec![Vec::new(); geo.nsq];
        for (k, def) in pieces.iter().enumerate() {
            let kind = PieceKind::from_index(k);
            let capturing: Vec<&Ray> = def.rays[ci].iter().filter(|r| r.rule.captures).collect();
            let reaches: Option<Vec<Reach>> = capturing.iter().map(|r| reach(&r.rule)).collect();
            let Some(reaches) = reaches.filter(|_| def.legs.is_none()) else {
                t.slow[ci].insert(kind);
                continue;
            };
            for (ray, how) in capturing.iter().zip(reaches) {
                let v = geo.vectors[ray.vector as usize];
                let rv = geo.vector((-v.0, -v.1));
                match how {
                    Reach::Line => add_to_line(&mut t.lines[ci], rv, &ray.rule, kind, maxdim),
                    Reach::Screen => {
                        add_to_line(&mut t.attacks.screens[ci], rv, &ray.rule, kind, maxdim);
                        t.attacks.complex[ci].insert(kind);
                    }
                    Reach::Point => {
                        add_points(&mut points, geo, def, c, ray, kind);
                        t.attacks.complex[ci].insert(kind);
                    }
                }
            }
        }
        // Short lines first: leaps are cheap to test and find checks sooner.
        t.lines[ci].sort_by_key(|l| l.masks.len());
        let a = &mut t.attacks;
        a.point_offsets[ci].push(0);
        for at in points {
            a.points[ci].extend(at);
            a.point_offsets[ci].push(a.points[ci].len() as u32);
        }
        if pieces.iter().any(|d| d.region.is_some()) {
            a.region_out[ci] = geo
                .all_squares()
                .map(|s| {
                    pieces
                        .iter()
                        .enumerate()
                        .filter(|(_, d)| d.region.as_ref().is_some_and(|r| !r[ci][s.index()]))
                        .map(|(k, _)| PieceKind::from_index(k))
                        .collect()
                })
                .collect();
        }
        if pieces.iter().any(|d| !d.filters.cannot_hop.is_empty()) {
            a.cannot_hop[ci] = pieces.iter().map(|d| d.filters.cannot_hop).collect();
        }
        if pieces.iter().any(|d| !d.filters.cannot_capture.is_empty()) {
            a.cannot_take[ci] = (0..pieces.len())
                .map(|target| {
                    let target = PieceKind::from_index(target);
                    pieces
                        .iter()
                        .enumerate()
                        .filter(|(_, d)| d.filters.cannot_capture.contains(target))
                        .map(|(k, _)| PieceKind::from_index(k))
                        .collect()
                })
                .collect();
        }
    }
    t
}
