//! Stage: material limits. Which kinds a hand can hold (what the capture rules
//! put there, and what the start's hands hold), and, for each family of kinds
//! that turn into one another, how many pieces a position can have — so that
//! position text describing an impossible position is refused.

use crate::engine::setup::{Setup, Store};
use crate::engine::types::{KindSet, PieceKind};
use crate::engine::variant::{CaptureRule, Family, MaterialLimits, Variant};

/// The limits of a variant whose start position is `start`.
pub(super) fn limits(v: &Variant, start: &Setup) -> MaterialLimits {
    let nk = v.nkinds();
    let mut hand_kinds = KindSet::EMPTY;
    for side in &v.sides {
        for (k, def) in v.pieces.iter().enumerate() {
            if def.royal {
                continue;
            }
            match side.captures {
                CaptureRule::Remove => {}
                CaptureRule::HandAsIs => hand_kinds.insert(PieceKind::from_index(k)),
                CaptureRule::Hand => {
                    hand_kinds.insert(def.demotes_to.some().unwrap_or(PieceKind::from_index(k)))
                }
            }
        }
    }
    if v.hand_supplied {
        // Any piece but a royal or promoted one may come from outside, in
        // any number.
        let kinds = v
            .kinds()
            .filter(|&k| !v.def(k).royal && v.def(k).demotes_to.some().is_none())
            .collect();
        return MaterialLimits {
            hand_kinds: kinds,
            families: Vec::new(),
        };
    }
    let hands = &start.stores[Store::Hand as usize];
    for (i, &n) in hands.iter().enumerate() {
        if n > 0 {
            hand_kinds.insert(PieceKind::from_index(i % nk));
        }
    }
    // Pieces that change sides (`[moves] flip`) and endless hands leave a
    // side's numbers unbounded by the start's.
    let unbounded = v.moves.flip.is_some() || v.hand_free;
    MaterialLimits {
        hand_kinds,
        families: if unbounded { Vec::new() } else { families(v, start) },
    }
}

/// Kinds linked by promotion or demotion, each with its count in the start
/// position; families a spawner adds to have no limit.
fn families(v: &Variant, start: &Setup) -> Vec<Family> {
    let nk = v.nkinds();
    // Union-find over kinds.
    let mut parent: Vec<usize> = (0..nk).collect();
    fn root(parent: &mut [usize], mut k: usize) -> usize {
        while parent[k] != k {
            parent[k] = parent[parent[k]];
            k = parent[k];
        }
        k
    }
    for (k, def) in v.pieces.iter().enumerate() {
        let mut linked: Vec<PieceKind> = def.promotes_to();
        linked.extend(def.demotes_to());
        // A promoted face `X~` is the piece `X` marked as promoted: text
        // that leaves the mark out (Fairy-Stockfish's FEN does, outside
        // hand variants) writes it as `X`.
        if let Some(plain) = def.key.strip_suffix('~').and_then(|x| v.kind_by_symbol(x)) {
            linked.push(plain);
        }
        for t in linked {
            let (a, b) = (root(&mut parent, k), root(&mut parent, t.index()));
            parent[a] = b;
        }
    }
    // Promotion chosen by the captured piece: any capturer not excepted may
    // become the rule's piece.
    for rule in &v.capture_promotions {
        for k in 0..nk {
            if !rule.except.contains(PieceKind::from_index(k)) {
                let (a, b) = (root(&mut parent, k), root(&mut parent, rule.to.index()));
                parent[a] = b;
            }
        }
    }
    let spawned: Vec<usize> = v
        .pieces
        .iter()
        .filter_map(|d| d.spawn.as_ref().map(|s| s.piece.index()))
        .collect();
    let both_remove = v.sides.iter().all(|s| s.captures == CaptureRule::Remove);
    let mut out = Vec::new();
    for r in 0..nk {
        if root(&mut parent, r) != r {
            continue;
        }
        let kinds: KindSet = (0..nk)
            .filter(|&k| root(&mut parent, k) == r)
            .map(PieceKind::from_index)
            .collect();
        if spawned.iter().any(|&s| kinds.contains(PieceKind::from_index(s))) {
            continue;
        }
        // Walls placed after moves, or left by pieces that petrify, have
        // no limit.
        if (v.placed_walls() || !v.moves.petrify.is_empty()) && kinds.contains(v.wall.kind()) {
            continue;
        }
        let mut per_side = [0u32; 2];
        for p in start.board.iter().flatten() {
            if kinds.contains(p.kind()) {
                per_side[p.color().index()] += 1;
            }
        }
        for store in &start.stores {
            for (i, &n) in store.iter().enumerate() {
                if kinds.contains(PieceKind::from_index(i % nk)) {
                    per_side[i / nk] += n as u32;
                }
            }
        }
        out.push(Family {
            kinds,
            total: per_side[0] + per_side[1],
            per_side: both_remove.then_some(per_side),
        });
    }
    out
}
