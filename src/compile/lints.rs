//! Stage: lints — warnings that do not make a rules file invalid but usually
//! mean a mistake: a piece that never appears or never moves, an empty drop
//! zone, a start that is not as symmetric as declared.

use crate::engine::setup::Store;
use crate::engine::types::PieceKind;
use crate::engine::variant::{CaptureRule, Variant};
use crate::rules::{Orientation, RulesFile};

/// Which kinds can appear in a game: in the start position, or reached from
/// there by promotion, demotion or spawning.
fn kinds_that_appear(v: &Variant) -> Vec<bool> {
    let nk = v.nkinds();
    let mut appears = vec![false; nk];
    for p in v.start.board.iter().flatten() {
        appears[p.kind().index()] = true;
    }
    for store in Store::ALL {
        for (i, &n) in v.start.stores[store as usize].iter().enumerate() {
            if n > 0 {
                appears[i % nk] = true;
            }
        }
    }
    loop {
        let mut changed = false;
        for (k, def) in v.pieces.iter().enumerate() {
            if !appears[k] {
                continue;
            }
            let mut reach: Vec<PieceKind> = def.promotes_to();
            reach.extend(def.demotes_to());
            reach.extend(def.spawn.as_ref().map(|s| s.piece));
            for t in reach {
                if !appears[t.index()] {
                    appears[t.index()] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            return appears;
        }
    }
}

/// The declared symmetry's exceptions, if any.
fn symmetry_warning(file: &RulesFile, v: &Variant) -> Option<String> {
    let sym = file.setup.symmetry?;
    let g = &v.geometry;
    let start = &v.start;
    let mut broken = Vec::new();
    for sq in g.all_squares() {
        let mirror = g.mirror(sq, sym == Orientation::Rotate);
        let ok = match (start.board[sq.index()], start.board[mirror.index()]) {
            (None, None) => true,
            // A wall is no side's: it mirrors a wall.
            (Some(a), Some(b)) if a == v.wall => b == v.wall,
            (Some(a), Some(b)) => a.kind() == b.kind() && a.color() != b.color(),
            _ => false,
        };
        if !ok && broken.len() < 4 {
            broken.push(g.name(sq));
        }
    }
    let nk = v.nkinds();
    let halves_equal = |s: &Vec<u16>| s[..nk] == s[nk..];
    let stores_equal = Store::ALL
        .iter()
        .all(|&st| halves_equal(&start.stores[st as usize]));
    if broken.is_empty() && stores_equal {
        return None;
    }
    Some(format!(
        "the setup is declared symmetric ({sym:?}) but is not{}",
        if broken.is_empty() {
            " (hands or reserves differ)".into()
        } else {
            format!(": see {}", broken.join(", "))
        }
    ))
}

/// Warnings about a compiled rules file.
pub fn lints(file: &RulesFile, v: &Variant) -> Vec<String> {
    let mut out = Vec::new();
    out.extend(symmetry_warning(file, v));
    let appears = kinds_that_appear(v);
    let demoting_hands = v.sides.iter().any(|s| s.captures == CaptureRule::Hand);
    // A promotion target that is also in the start is an ordinary piece
    // (a queen that a pawn may also become): going to hand as it is, is the
    // rule, not a slip. So is a kind others demote to (a face that pieces
    // turn back into, as in kyoto shogi).
    let in_start: Vec<PieceKind> = v.start.board.iter().flatten().map(|p| p.kind()).collect();
    let base_faces: Vec<PieceKind> = v.pieces.iter().filter_map(|d| d.demotes_to()).collect();
    let promoted: Vec<PieceKind> = v
        .pieces
        .iter()
        .flat_map(|d| d.promotes_to())
        .filter(|k| !in_start.contains(k) && !base_faces.contains(k))
        .collect();
    // The rules file's pieces (not the wall, which `[walls]` adds).
    for (k, def) in v.pieces.iter().enumerate().take(file.pieces.len()) {
        if !appears[k] {
            out.push(format!(
                "piece `{}` never appears: it is not in the setup and no piece promotes to it",
                def.name
            ));
        }
        if demoting_hands
            && promoted.contains(&PieceKind::from_index(k))
            && def.demotes_to().is_none()
            && !def.royal
        {
            out.push(format!(
                "piece `{}` is a promoted piece without `demotes_to`: captured, it goes to hand promoted",
                def.name
            ));
        }
        // A piece said to be `immobile` is meant not to move.
        if def.never_moves() && !file.pieces[k].immobile {
            out.push(format!("piece `{}` can never move from any square", def.name));
        }
        // `ranks = []` says "never dropped" (docs/rules-format.md): an
        // empty zone meant so.
        let drop = &file.pieces[k].drop;
        let never = drop.ranks.as_ref().is_some_and(|r| r.is_empty()) && drop.squares.is_none();
        if (drop.ranks.is_some() || drop.squares.is_some())
            && !never
            && def.drop_ok.iter().all(|d| d.iter().all(|&x| !x))
        {
            out.push(format!("piece `{}` has an empty drop zone", def.name));
        }
    }
    out
}
