//! Stage: attack lines. For each side, the capturing rays of its pieces
//! turned around, from a target square outwards: reverse attack lines for
//! leapers and riders (which kinds attack from which distance), screen
//! lines for one-screen hoppers, point attacks for single leaps under
//! conditions (lame or jumping leaps, zone, initial and within leaps) and
//! for short rides and one-screen hops under zone conditions (along a
//! palace's diagonals: one point per distance), and
//! what keeps a kind from attacking a square (its region, its
//! `cannot_capture`). Kinds none of these describe are marked for the slow
//! attack test, which generates their moves.

use crate::engine::geometry::Geometry;
use crate::engine::program::{Hop, LegRule, Passing, Ray};
use crate::engine::tables::AttackLine;
use crate::engine::tables::{Attacks, PointAttack};
use crate::engine::types::{Color, KindSet, PieceKind, Square};
use crate::engine::variant::PieceDef;

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
    /// A ride or a one-screen hop under conditions: a point per distance,
    /// if there are few (see [`MAX_RIDE_POINTS`]).
    Points,
}

/// The most point attacks a ride or hop under conditions may become at one
/// target square along one ray; a kind with more keeps the slow test.
const MAX_RIDE_POINTS: usize = 4;

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
    } else if conditional
        && rule.passing == Passing::Free
        && (rule.hop == Hop::None || (rule.hop == Hop::One && rule.min <= 2 && rule.max >= 2))
    {
        Some(Reach::Points)
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

/// The point attacks of one capturing ray of `def` for side `c`, with their
/// target squares: one per target for a single leap; for a ride or a
/// one-screen hop under conditions, one per distance at which it may take
/// (the squares between empty, or the one square between a screen). `None`
/// when that needs more than [`MAX_RIDE_POINTS`] at a target, or a hop
/// would pass more than one square.
fn ray_points(
    geo: &Geometry,
    def: &PieceDef,
    c: Color,
    ray: &Ray,
    kind: PieceKind,
    how: &Reach,
) -> Option<Vec<(Square, PointAttack)>> {
    let rule = &ray.rule;
    let (vx, vy) = geo.vectors[ray.vector as usize];
    let (zone, initial) = (&def.zone[c.index()], &def.initial[c.index()]);
    let maxdim = geo.files.max(geo.ranks) as i32;
    let screen = rule.hop == Hop::One;
    let mut out = Vec::new();
    for target in geo.all_squares() {
        if rule.within && !zone[target.index()] {
            continue;
        }
        let mut here = 0;
        for d in 1..=(rule.max as i32).min(maxdim) {
            let Some(from) = geo.offset(target, (-vx * d, -vy * d)) else {
                break;
            };
            if d < rule.min as i32
                || (rule.initial && !initial[from.index()])
                || (rule.zone && !zone[from.index()])
            {
                continue;
            }
            let passing = match (how, rule.hop) {
                (Reach::Point, _) => rule.passing,
                (_, Hop::None) if d == 1 => Passing::Free,
                (_, Hop::None) => Passing::Empty {
                    unit: ray.vector,
                    steps: d as u16 - 1,
                },
                (_, _) if d == 1 => continue,
                (_, _) if d == 2 => Passing::Occupied {
                    unit: ray.vector,
                    steps: 1,
                },
                _ => return None,
            };
            let Some((spans, lame)) = passed(geo, from, passing) else {
                continue;
            };
            here += 1;
            if here > MAX_RIDE_POINTS {
                return None;
            }
            out.push((
                target,
                PointAttack {
                    from,
                    kinds: KindSet::one(kind),
                    spans,
                    lame,
                    screen,
                },
            ));
        }
    }
    Some(out)
}

/// Adds point attacks, merging those that differ only in their kinds.
fn add_points(points: &mut [Vec<PointAttack>], new: Vec<(Square, PointAttack)>) {
    for (target, a) in new {
        let here = &mut points[target.index()];
        match here
            .iter_mut()
            .find(|p| p.from == a.from && p.spans == a.spans && p.lame == a.lame && p.screen == a.screen)
        {
            Some(p) => a.kinds.iter().for_each(|k| p.kinds.insert(k)),
            None => here.push(a),
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
            if def.captures_unprotected_only {
                // Tested by trying the capture (`Position::attacked`).
                t.attacks.unprotected[ci].insert(kind);
                continue;
            }
            let capturing: Vec<&Ray> = def.rays[ci].iter().filter(|r| r.rule.captures).collect();
            // A hop whose capture depends on the target's kind
            // (`cannot_capture_by_hop`) is not in the tables: slow.
            let hop_filtered = !def.filters.cannot_capture_by_hop.is_empty();
            let reaches: Option<Vec<Reach>> = capturing
                .iter()
                .map(|r| reach(&r.rule).filter(|_| !(hop_filtered && r.rule.hop != Hop::None)))
                .collect();
            let Some(reaches) = reaches.filter(|_| def.legs.is_none()) else {
                t.slow[ci].insert(kind);
                continue;
            };
            // Point attacks first: a kind whose rides would need too many
            // stays slow, and then adds nothing.
            let kind_points: Option<Vec<_>> = capturing
                .iter()
                .zip(&reaches)
                .filter(|(_, how)| matches!(how, Reach::Point | Reach::Points))
                .map(|(ray, how)| ray_points(geo, def, c, ray, kind, how))
                .collect();
            let Some(kind_points) = kind_points else {
                t.slow[ci].insert(kind);
                continue;
            };
            for new in kind_points {
                add_points(&mut points, new);
                t.attacks.complex[ci].insert(kind);
            }
            for (ray, how) in capturing.iter().zip(reaches) {
                let v = geo.vectors[ray.vector as usize];
                let rv = geo.vector((-v.0, -v.1));
                match how {
                    Reach::Line => add_to_line(&mut t.lines[ci], rv, &ray.rule, kind, maxdim),
                    Reach::Screen => {
                        add_to_line(&mut t.attacks.screens[ci], rv, &ray.rule, kind, maxdim);
                        t.attacks.complex[ci].insert(kind);
                    }
                    Reach::Point | Reach::Points => {}
                }
            }
        }
        // Where each slow kind could capture, so that the slow test skips
        // the pieces too far or off line (none to keep when no kind is slow).
        if !t.slow[ci].is_empty() {
            t.attacks.slow_reach[ci] = pieces
                .iter()
                .enumerate()
                .map(|(k, def)| {
                    if t.slow[ci].contains(PieceKind::from_index(k)) {
                        slow_reach(def, c, geo)
                    } else {
                        Vec::new()
                    }
                })
                .collect();
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

/// The most (displacement, vector, distance) steps the reach of one slow
/// kind may take to work out; past it the kind is left unfiltered.
const REACH_BUDGET: usize = 1 << 21;

/// Where a slow attacker of side `c` could capture, relative to its own
/// square: a bitmap over the board's displacements, bit
/// `(dx + files - 1) + (dy + ranks - 1) * (2 * files - 1)`; or an empty
/// vector when it may be anywhere (or working it out would cost too much).
/// Every leg is followed in every direction it may take and to every
/// distance its range allows, whatever stands on the board: conditions only
/// remove squares, so the set holds every square a leg may end on or pass —
/// wherever the piece captures.
pub(super) fn slow_reach(def: &PieceDef, c: Color, geo: &Geometry) -> Vec<u64> {
    let (f, r) = (geo.files as i32, geo.ranks as i32);
    let (w, h) = (2 * f - 1, 2 * r - 1);
    let cells = (w * h) as usize;
    let words = cells.div_ceil(64);
    let index = |dx: i32, dy: i32| -> Option<usize> {
        (dx.abs() < f && dy.abs() < r).then(|| ((dx + f - 1) + (dy + r - 1) * w) as usize)
    };
    let maxdim = f.max(r);
    let range = |rule: &LegRule| (rule.max as i32).min(maxdim);
    let mut all = vec![0u64; words];
    let set = |bits: &mut [u64], i: usize| -> bool {
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let new = bits[word] & bit == 0;
        bits[word] |= bit;
        new
    };
    if def.spawn.is_some() || def.legs.is_none() && def.rays[c.index()].iter().any(|r| r.rule.en_passant) {
        return Vec::new();
    }
    let Some(m) = def.legs.as_ref() else {
        for ray in def.rays[c.index()].iter().filter(|r| r.rule.captures) {
            let (vx, vy) = geo.vectors[ray.vector as usize];
            for k in 1..=range(&ray.rule) {
                if let Some(i) = index(vx * k, vy * k) {
                    set(&mut all, i);
                }
            }
        }
        return all;
    };
    if m.legs.iter().any(|l| l.rule.en_passant) {
        return Vec::new();
    }
    let vectors: Vec<Vec<(i32, i32)>> = m
        .legs
        .iter()
        .map(|l| {
            let mut ids: Vec<_> = if l.is_relative {
                l.relative.iter().flatten().copied().collect()
            } else {
                l.absolute[c.index()].clone()
            };
            ids.sort_unstable();
            ids.dedup();
            ids.into_iter().map(|id| geo.vectors[id as usize]).collect()
        })
        .collect();
    let mut have = vec![vec![0u64; words]; m.nodes.len()];
    let mut queue = Vec::new();
    if let Some(o) = index(0, 0) {
        set(&mut have[0], o);
        queue.push((0u16, 0i32, 0i32));
    }
    let mut budget = REACH_BUDGET;
    while let Some((node, x, y)) = queue.pop() {
        let n = &m.nodes[node as usize];
        let mut reach = |t: u16, nx: i32, ny: i32, queue: &mut Vec<(u16, i32, i32)>| {
            if let Some(i) = index(nx, ny)
                && set(&mut have[t as usize], i)
            {
                queue.push((t, nx, ny));
            }
        };
        for &t in &n.eps {
            reach(t, x, y, &mut queue);
        }
        for &(leg, t) in &n.edges {
            let rule = &m.legs[leg as usize].rule;
            for &(vx, vy) in &vectors[leg as usize] {
                for k in 1..=range(rule) {
                    budget = match budget.checked_sub(1) {
                        Some(b) => b,
                        None => return Vec::new(),
                    };
                    let (nx, ny) = (x + vx * k, y + vy * k);
                    let Some(i) = index(nx, ny) else { break };
                    set(&mut all, i);
                    reach(t, nx, ny, &mut queue);
                }
            }
        }
    }
    all
}
