//! Stage: attack lines. For each side, the capturing rays of its leapers and
//! riders turned around: from a target square outwards, which kinds at which
//! distance attack it. Pieces these lines cannot describe are marked for the
//! slow attack test.

use crate::engine::geometry::Geometry;
use crate::engine::types::{Color, KindSet, PieceKind};
use crate::engine::variant::{AttackLine, PieceDef};

/// Reverse attack lines per attacking side, and the kinds needing the slow test.
pub(super) fn lines(pieces: &[PieceDef], geo: &mut Geometry) -> ([Vec<AttackLine>; 2], [KindSet; 2]) {
    let maxdim = geo.files.max(geo.ranks);
    let mut lines: [Vec<AttackLine>; 2] = [Vec::new(), Vec::new()];
    let mut slow = [KindSet::EMPTY; 2];
    for c in Color::BOTH {
        let side = &mut lines[c.index()];
        for (k, def) in pieces.iter().enumerate() {
            let kind = PieceKind::from_index(k);
            if def.slow_attacks {
                slow[c.index()].insert(kind);
                continue;
            }
            for ray in &def.rays[c.index()] {
                if !ray.rule.captures {
                    continue;
                }
                let v = geo.vectors[ray.vector as usize];
                let rv = geo.vector((-v.0, -v.1));
                let i = match side.iter().position(|l| l.vector == rv) {
                    Some(i) => i,
                    None => {
                        side.push(AttackLine {
                            vector: rv,
                            masks: Vec::new(),
                        });
                        side.len() - 1
                    }
                };
                let line = &mut side[i];
                let hi = (ray.rule.max as usize).min(maxdim);
                if line.masks.len() < hi {
                    line.masks.resize(hi, KindSet::EMPTY);
                }
                for d in (ray.rule.min as usize).max(1)..=hi {
                    line.masks[d - 1].insert(kind);
                }
            }
        }
        // Short lines first: leaps are cheap to test and find checks sooner.
        side.sort_by_key(|l| l.masks.len());
    }
    (lines, slow)
}
