//! Notation legs → the engine's leg rules, and multi-leg programs → leg
//! machines (a Thompson construction over legs, with repetitions unrolled and
//! every leg's vectors precomputed per side for first legs and per previous
//! direction for continuation legs). One translation serves single-leg pieces
//! (rays) and multi-leg ones alike.

use crate::engine::geometry::{FRAMES, Geometry};
use crate::engine::program::{Hop as EngineHop, LegMachine, LegNode, LegRule, LegRun, Passing};
use crate::engine::types::Color;
use crate::engine::variant::Orientation;
use crate::notation::{self, Hop, Leg, Program};

/// Most legs one move may unroll to; keeps machines small.
const MAX_UNROLLED_LEGS: usize = 256;

/// The forward and right directions of a side.
fn frame(color: Color, orientation: Orientation) -> ((i32, i32), (i32, i32)) {
    match (color, orientation) {
        (Color::First, _) => ((0, 1), (1, 0)),
        (Color::Second, Orientation::Rotate) => ((0, -1), (-1, 0)),
        (Color::Second, Orientation::Reflect) => ((0, -1), (1, 0)),
    }
}

/// Absolute vectors of a first leg for one side. `U` (the leap to any
/// square) is every leap that fits the board.
pub(super) fn leg_vectors(
    leg: &Leg,
    color: Color,
    orientation: Orientation,
    geo: &Geometry,
) -> Vec<(i32, i32)> {
    if geo.is_hex() {
        return super::hex::leg_vectors(leg, color, orientation, geo.files as i32);
    }
    let (fwd, right) = frame(color, orientation);
    let mut out = Vec::new();
    let (files, ranks) = (geo.files as i32, geo.ranks as i32);
    let max = files.max(ranks);
    let universal: Vec<(i32, i32)> = (0..max)
        .flat_map(|x| (x.max(1)..max).map(move |y| (x, y)))
        .collect();
    for &atom in &leg.atoms {
        let bases = if atom == notation::UNIVERSAL {
            universal.clone()
        } else {
            vec![atom]
        };
        for v in bases.into_iter().flat_map(notation::symmetric_images) {
            if v.0.abs() >= files || v.1.abs() >= ranks {
                continue;
            }
            let x = v.0 * right.0 + v.1 * right.1;
            let y = v.0 * fwd.0 + v.1 * fwd.1;
            if notation::selected(&leg.directions, x, y) && !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

/// What a lame or jumping leap along `v` passes over: the unit step and the
/// number of squares between start and end; for an oblique leap, the path
/// that goes straight along the longer component until the rest is diagonal
/// (the knight's one orthogonal square, the zebra's orthogonal and diagonal
/// squares).
fn passing(leg: &Leg, v: (i32, i32), geo: &mut Geometry) -> Passing {
    if !leg.lame && !leg.jump {
        return Passing::Free;
    }
    let g = gcd(v.0.abs(), v.1.abs());
    // On hexagonal cells every lame or jumping leap (`nD`, `nA`, `nH`)
    // runs along one hex direction, (−2, 4) by (−1, 2)s: no oblique path
    // (the hex knight's `n` is refused).
    let straight = geo.is_hex() || v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs();
    if !straight {
        // Oblique: straight along the longer component, then diagonally.
        let (long, short) = (v.0.abs().max(v.1.abs()), v.0.abs().min(v.1.abs()));
        let orth = if v.1.abs() > v.0.abs() {
            (0, v.1.signum())
        } else {
            (v.0.signum(), 0)
        };
        return Passing::Bent {
            orth: geo.vector(orth),
            orth_steps: (long - short).min(255) as u8,
            diag: geo.vector((v.0.signum(), v.1.signum())),
            diag_steps: (short - 1).min(255) as u8,
            lame: leg.lame,
        };
    }
    let (unit, steps) = ((v.0 / g, v.1 / g), g - 1);
    let unit = geo.vector(unit);
    let steps = steps as u16;
    if leg.lame {
        Passing::Empty { unit, steps }
    } else {
        Passing::Occupied { unit, steps }
    }
}

/// The engine's rule for a notation leg moving along `v`. `has_ep` says
/// whether the piece has an en-passant capture, which makes its move-only
/// lame double step leave an en-passant square.
pub(super) fn leg_rule(leg: &Leg, v: (i32, i32), has_ep: bool, geo: &mut Geometry) -> LegRule {
    let hop = match leg.hop {
        None => EngineHop::None,
        Some(Hop::One) => EngineHop::One,
        Some(Hop::AtMost(n)) => EngineHop::UpTo(n.min(u16::MAX as u32) as u16),
        Some(Hop::Any) => EngineHop::UpTo(u16::MAX),
        Some(Hop::Grasshopper) => EngineHop::Grasshopper,
    };
    let passing = passing(leg, v, geo);
    LegRule {
        min: leg.min.min(u16::MAX as u32) as u16,
        max: leg.max.min(u16::MAX as u32) as u16,
        moves: leg.moves,
        captures: leg.captures,
        shoots: leg.shoots,
        hop,
        passing,
        initial: leg.initial,
        zone: false,
        within: false,
        en_passant: leg.en_passant,
        ep_create: (leg.lame || leg.jump) && leg.moves && !leg.captures && leg.initial && has_ep,
        continues_after_capture: leg.continues_after_capture,
    }
}

/// The most captures one move of the program can make: a leg captures at most
/// once, so it is the largest number of capturing legs along one path.
pub(super) fn max_captures(p: &Program) -> u64 {
    // A chain whose every leg stops at its first capture captures once.
    let legs = p.legs();
    if !legs.is_empty() && legs.iter().all(|l| !l.continues_after_capture) {
        return u64::from(legs.iter().any(|l| l.captures));
    }
    sum_captures(p)
}

fn sum_captures(p: &Program) -> u64 {
    match p {
        Program::Leg(l) => u64::from(l.captures),
        Program::Seq(parts) => parts.iter().map(sum_captures).sum(),
        Program::Alt(parts) => parts.iter().map(sum_captures).max().unwrap_or(0),
        Program::Repeat { body, max, .. } => sum_captures(body).saturating_mul(*max as u64),
    }
}

/// Walks whose paths could multiply past this are remembered by state.
const MEMOIZE_PATHS: f64 = 4096.0;

/// Most different capture sequences one move of a piece may have (each leg
/// captures at most once per direction): beyond it, generation in a crowded
/// position could take unbounded time, so the notation is refused.
pub(super) const MAX_CAPTURE_SEQUENCES: f64 = 1_000_000.0;

/// How a machine's paths grow: the most paths along one chain of legs (each
/// leg branching into its directions and distances) and the most different
/// capture sequences.
struct Growth {
    paths: f64,
    captures: f64,
}

type Memo = Vec<Option<(f64, f64)>>;

fn growth(m: &LegMachine, node: usize, reach: usize, memo: &mut Memo) -> (f64, f64) {
    if let Some(g) = memo[node] {
        return g;
    }
    let n = &m.nodes[node];
    let (mut paths, mut caps) = (1.0f64, 1.0f64);
    for &e in &n.eps {
        let (p, c) = growth(m, e as usize, reach, memo);
        paths = paths.max(p);
        caps = caps.max(c);
    }
    for &(li, t) in &n.edges {
        let leg = &m.legs[li as usize];
        let dirs = leg
            .absolute
            .iter()
            .chain(leg.relative.iter())
            .map(|v| v.len())
            .max()
            .unwrap_or(0)
            .max(1) as f64;
        let dist = (leg.rule.max as usize).min(reach).max(1) as f64;
        let (p, c) = growth(m, t as usize, reach, memo);
        paths = paths.max(dirs * dist * p);
        // A leg that stops the move when it captures adds its own captures
        // as an alternative to what follows, not as a factor.
        caps = caps.max(match (leg.rule.captures, leg.rule.continues_after_capture) {
            (false, _) => c,
            (true, true) => dirs * c,
            (true, false) => dirs.max(c),
        });
    }
    memo[node] = Some((paths, caps));
    (paths, caps)
}

fn machine_growth(m: &LegMachine, geo: &Geometry) -> Growth {
    let mut memo = vec![None; m.nodes.len()];
    let (paths, captures) = growth(m, 0, geo.files.max(geo.ranks), &mut memo);
    Growth { paths, captures }
}

/// Builds the leg machine of a multi-leg program.
pub(super) fn machine(
    prog: &Program,
    geo: &mut Geometry,
    orientation: Orientation,
) -> Result<LegMachine, String> {
    let mut m = LegMachine::default();
    let mut leg_ids: Vec<(*const Leg, u16)> = Vec::new();
    let (start, end) = fragment(prog, &mut m, geo, orientation, &mut leg_ids)?;
    m.nodes[end as usize].accept = true;
    if start != 0 {
        // Node 0 must be the start.
        let n = m.nodes.len() as u16;
        m.nodes.push(LegNode::default());
        m.nodes.swap(0, n as usize);
        let fix = |x: &mut u16| {
            if *x == 0 {
                *x = n
            } else if *x == n {
                *x = 0
            }
        };
        for node in &mut m.nodes {
            node.eps.iter_mut().for_each(fix);
            node.edges.iter_mut().for_each(|(_, t)| fix(t));
        }
        let start = if start == n { 0 } else { start };
        m.nodes[0].eps.push(start);
    }
    let g = machine_growth(&m, geo);
    if g.captures > MAX_CAPTURE_SEQUENCES {
        return Err(format!(
            "one move could capture in about {:.0e} different ways (at most {:.0e}): use fewer capturing legs",
            g.captures, MAX_CAPTURE_SEQUENCES
        ));
    }
    m.memoize = g.paths > MEMOIZE_PATHS;
    m.needs_dir = needs_dir(&m);
    Ok(m)
}

/// Per node: whether a leg taken next (through any epsilon moves) sees the
/// previous leg's direction.
fn needs_dir(m: &LegMachine) -> Vec<bool> {
    fn visit(m: &LegMachine, node: usize, memo: &mut Vec<Option<bool>>) -> bool {
        if let Some(b) = memo[node] {
            return b;
        }
        memo[node] = Some(false);
        let n = &m.nodes[node];
        let mut b = n.edges.iter().any(|&(li, _)| m.legs[li as usize].is_relative);
        for &e in &n.eps {
            b |= visit(m, e as usize, memo);
        }
        memo[node] = Some(b);
        b
    }
    let mut memo = vec![None; m.nodes.len()];
    (0..m.nodes.len()).map(|i| visit(m, i, &mut memo)).collect()
}

fn new_node(m: &mut LegMachine) -> u16 {
    m.nodes.push(LegNode::default());
    (m.nodes.len() - 1) as u16
}

fn fragment(
    p: &Program,
    m: &mut LegMachine,
    geo: &mut Geometry,
    orientation: Orientation,
    ids: &mut Vec<(*const Leg, u16)>,
) -> Result<(u16, u16), String> {
    if m.nodes.len() > MAX_UNROLLED_LEGS * 4 {
        return Err(format!("the move unrolls to more than {MAX_UNROLLED_LEGS} legs"));
    }
    match p {
        Program::Leg(leg) => {
            let id = match ids.iter().find(|(ptr, _)| std::ptr::eq(*ptr, leg)) {
                Some(&(_, id)) => id,
                None => {
                    let run = leg_run(leg, geo, orientation)?;
                    m.legs.push(run);
                    let id = (m.legs.len() - 1) as u16;
                    ids.push((leg as *const Leg, id));
                    id
                }
            };
            let s = new_node(m);
            let e = new_node(m);
            m.nodes[s as usize].edges.push((id, e));
            Ok((s, e))
        }
        Program::Seq(parts) => {
            let s = new_node(m);
            let mut cur = s;
            for part in parts {
                let (fs, fe) = fragment(part, m, geo, orientation, ids)?;
                m.nodes[cur as usize].eps.push(fs);
                cur = fe;
            }
            Ok((s, cur))
        }
        Program::Alt(parts) => {
            let s = new_node(m);
            let e = new_node(m);
            for part in parts {
                let (fs, fe) = fragment(part, m, geo, orientation, ids)?;
                m.nodes[s as usize].eps.push(fs);
                m.nodes[fe as usize].eps.push(e);
            }
            Ok((s, e))
        }
        Program::Repeat { body, min, max } => {
            if *max as usize > MAX_UNROLLED_LEGS {
                return Err(format!(
                    "a leg count of {max} is too large (at most {MAX_UNROLLED_LEGS})"
                ));
            }
            let s = new_node(m);
            let e = new_node(m);
            let mut cur = s;
            for i in 0..*max {
                if i >= *min {
                    m.nodes[cur as usize].eps.push(e);
                }
                let (fs, fe) = fragment(body, m, geo, orientation, ids)?;
                m.nodes[cur as usize].eps.push(fs);
                cur = fe;
            }
            m.nodes[cur as usize].eps.push(e);
            Ok((s, e))
        }
    }
}

fn leg_run(leg: &Leg, geo: &mut Geometry, orientation: Orientation) -> Result<LegRun, String> {
    if leg.lame || leg.jump || leg.initial || leg.en_passant {
        return Err("n, j, i and e are not supported in multi-leg moves or shots".into());
    }
    if leg.hop == Some(Hop::Grasshopper) {
        return Err("g (grasshopper) is not supported in multi-leg moves or shots".into());
    }
    if leg.atoms.contains(&notation::UNIVERSAL) {
        return Err("U (a leap to any square) is a move of its own: not in multi-leg moves or shots".into());
    }
    let mut absolute = [Vec::new(), Vec::new()];
    for c in Color::BOTH {
        for v in leg_vectors(leg, c, orientation, geo) {
            absolute[c.index()].push(geo.vector(v));
        }
    }
    let mut relative: Vec<Vec<u16>> = Vec::new();
    if geo.is_hex() {
        // The twelve hex directions a leg can have gone (`hex_frame`).
        for f in 0..12 {
            let vs = super::hex::relative_vectors(leg, f, geo.files as i32);
            relative.push(vs.into_iter().map(|v| geo.vector(v)).collect());
        }
    } else {
        for &f in FRAMES.iter() {
            relative.push(leg.vectors(f).into_iter().map(|v| geo.vector(v)).collect());
        }
    }
    // A continuation leg whose directions are the same whatever the previous
    // leg did (no direction letters) does not depend on it.
    let sorted = |v: &Vec<u16>| {
        let mut v = v.clone();
        v.sort_unstable();
        v
    };
    let same_everywhere = relative.iter().all(|r| sorted(r) == sorted(&relative[0]))
        && absolute.iter().all(|a| sorted(a) == sorted(&relative[0]));
    Ok(LegRun {
        absolute,
        relative,
        is_relative: leg.relative && !same_everywhere,
        rule: leg_rule(leg, (0, 1), false, geo),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::moves::MAX_CAPTURES;

    /// A chain of `n` capturing legs of `dirs` directions each.
    fn chain(n: usize, dirs: usize, geo: &mut Geometry) -> LegMachine {
        let vectors: Vec<_> = (0..dirs as i32).map(|i| geo.vector((1 + i, 1))).collect();
        let rule = LegRule {
            min: 1,
            max: 1,
            moves: true,
            captures: true,
            shoots: false,
            hop: EngineHop::None,
            passing: Passing::Free,
            initial: false,
            zone: false,
            within: false,
            en_passant: false,
            ep_create: false,
            continues_after_capture: true,
        };
        let mut m = LegMachine::default();
        m.legs.push(LegRun {
            absolute: [vectors.clone(), vectors],
            relative: Vec::new(),
            is_relative: false,
            rule,
        });
        for i in 0..n {
            m.nodes.push(LegNode {
                accept: false,
                eps: Vec::new(),
                edges: vec![(0, i as u16 + 1)],
            });
        }
        m.nodes.push(LegNode {
            accept: true,
            ..LegNode::default()
        });
        m
    }

    #[test]
    fn capture_sequences_multiply_by_each_legs_directions() {
        let mut geo = Geometry::new(26, 26);
        // Eight directions a leg, as many legs as a move holds captures:
        // under the bound, as every notation of today's atoms is.
        let g = machine_growth(&chain(MAX_CAPTURES, 8, &mut geo), &geo);
        assert_eq!(g.captures, 8f64.powi(MAX_CAPTURES as i32));
        assert!(g.captures <= MAX_CAPTURE_SEQUENCES);
        // Legs of more directions pass the bound, and are refused.
        let g = machine_growth(&chain(MAX_CAPTURES, 16, &mut geo), &geo);
        assert!(g.captures > MAX_CAPTURE_SEQUENCES, "{}", g.captures);
    }
}
