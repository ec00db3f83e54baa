//! The pieces' later passes: the target filters (`cannot_capture`,
//! `cannot_shoot`, `cannot_hop`, …), which name other pieces, and the
//! capture rules checked against the whole variant (range capture,
//! petrification).

use crate::compile::names::Names;
use crate::compile::{Ctx, Result};
use crate::engine::types::{Color, KindSet, PieceKind};
use crate::engine::variant::PieceDef;
use crate::rules::{PieceTable, RulesFile};
use toml::Spanned;

/// The index of a piece table in the file.
fn def_index(file: &RulesFile, p: &PieceTable) -> usize {
    file.pieces.iter().position(|q| std::ptr::eq(q, p)).unwrap_or(0)
}

/// Resolves each piece's target filters (`cannot_capture`, `cannot_shoot`,
/// `cannot_hop`, `cannot_shoot_within`).
pub(in crate::compile) fn filters(
    file: &RulesFile,
    cx: &Ctx,
    names: &Names,
    pieces: &mut [PieceDef],
) -> Result<()> {
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
        def.filters.cannot_capture_by_hop = set(&p.cannot_capture_by_hop, "cannot_capture_by_hop")?;
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
pub(in crate::compile) fn capture_rules(
    file: &RulesFile,
    cx: &Ctx,
    v: &mut crate::engine::Variant,
) -> Result<()> {
    range_capture(file, cx, v)?;
    hop_capture(file, cx, v)?;
    petrification(file, cx, v)
}

/// `cannot_capture_by_hop` needs a hopping move that captures (`p`, `pp`,
/// `p3`, `g` …): on a piece without one the key would say nothing.
fn hop_capture(file: &RulesFile, cx: &Ctx, v: &crate::engine::Variant) -> Result<()> {
    use crate::engine::program::Hop;
    for (k, p) in file.pieces.iter().enumerate() {
        let Some(first) = p.cannot_capture_by_hop.first() else {
            continue;
        };
        let def = &v.pieces[k];
        let rules = def.rays.iter().flatten().map(|r| &r.rule);
        let legs = def.legs.iter().flat_map(|m| m.legs.iter().map(|l| &l.rule));
        if !rules.chain(legs).any(|r| r.captures && r.hop != Hop::None) {
            return Err(cx.err(
                first.span(),
                "`cannot_capture_by_hop` needs a hopping move that captures (`cpp…`, `p…`, `g…`) in the piece's notation",
            ));
        }
    }
    Ok(())
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
/// Not on a board whose files wrap round: a range capture round the seam and
/// one the other way to the same square would be one move with the same
/// UCI text (`c1f1`), though they take different pieces.
fn range_capture(file: &RulesFile, cx: &Ctx, v: &crate::engine::Variant) -> Result<()> {
    use crate::engine::program::Hop;
    for (k, p) in file.pieces.iter().enumerate() {
        let Some(flag) = &p.captures_jumped else { continue };
        if !*flag.get_ref() {
            continue;
        }
        let def = &v.pieces[k];
        let span = flag.span();
        if v.geometry.wraps_files() {
            return Err(cx.err(
                span,
                "`captures_jumped` is not supported on a board that wraps round (`wrap`): a range capture round the seam and one the other way to the same square would have the same move text",
            ));
        }
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
