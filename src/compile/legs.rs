//! Multi-leg programs → [`LegMachine`]: Thompson construction over legs, with
//! repetitions unrolled and every leg's vectors precomputed per side (first
//! legs) or per previous direction (continuation legs).

use crate::engine::variant::*;
use crate::notation::{Hop, Leg, Program};
use crate::rules::Orientation;

/// Most legs one move may unroll to; keeps machines small.
const MAX_UNROLLED_LEGS: usize = 256;

pub fn build(prog: &Program, geo: &mut Geometry, orientation: Orientation) -> Result<LegMachine, String> {
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
    Ok(m)
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
    let mut absolute = [Vec::new(), Vec::new()];
    for (c, out) in absolute.iter_mut().enumerate() {
        for v in super::leg_vectors(leg, c, orientation) {
            out.push(geo.vector(v));
        }
    }
    let mut relative = Vec::new();
    for &f in FRAMES.iter() {
        relative.push(leg.vectors(f).into_iter().map(|v| geo.vector(v)).collect());
    }
    let (hop_max, hop_one) = match leg.hop {
        None => (0, false),
        Some(Hop::One) => (1, true),
        Some(Hop::AtMost(n)) => (n.min(u16::MAX as u32 - 1) as u16, false),
        Some(Hop::Any) | Some(Hop::Grasshopper) => (u16::MAX, false),
    };
    Ok(LegRun {
        absolute,
        relative,
        is_relative: leg.relative,
        min: leg.min.min(u16::MAX as u32) as u16,
        max: leg.max.min(u16::MAX as u32) as u16,
        moves: leg.moves,
        captures: leg.captures,
        shoots: leg.shoots,
        hop_max,
        hop_one,
        continues_after_capture: leg.continues_after_capture,
    })
}
