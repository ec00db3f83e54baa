//! Stage: promotions and demotions. Each promotion rule becomes a zone (a
//! square set per side), the kinds it offers, whether it is forced, and what
//! triggers it; `demotes_to` names the kind a captured piece becomes in hand.

use super::names::Names;
use super::{Ctx, Result};
use crate::engine::geometry::Geometry;
use crate::engine::types::Color;
use crate::engine::types::KindSet;
use crate::engine::variant::{
    CapturePromotion, PROMO_CAPS, PROMO_FROM, PROMO_TO, PieceDef, Promotion, PromotionTrigger,
};
use crate::rules::{RulesFile, SideName, Trigger};

fn trigger(t: Trigger) -> PromotionTrigger {
    match t {
        Trigger::Destination => PromotionTrigger::Destination,
        Trigger::Either => PromotionTrigger::Either,
        Trigger::EnterOrCapture => PromotionTrigger::EnterOrCapture,
        Trigger::DestinationOrCapture => PromotionTrigger::DestinationOrCapture,
        Trigger::Capture => PromotionTrigger::Capture,
    }
}

/// Compiles every piece's promotion rules and demotion.
pub(super) fn apply(
    file: &RulesFile,
    cx: &Ctx,
    names: &Names,
    geo: &Geometry,
    options: &super::OptionValues,
    pieces: &mut [PieceDef],
) -> Result<()> {
    let default = match &file.promotion.trigger_when {
        Some(t) if super::options::holds(file, cx, options, &t.when)? => t.trigger,
        _ => file.promotion.trigger,
    };
    for (p, def) in file.pieces.iter().zip(pieces.iter_mut()) {
        for rule in &p.promotion {
            let zone = zone(file, cx, geo, p, rule)?;
            let mut to = Vec::new();
            for t in &rule.to {
                to.push(names.piece(cx, t, "promotion")?);
            }
            // `to = []` with `forced`: the piece may not make a move that
            // would promote (it still attacks the zone).
            if to.is_empty() && !rule.forced {
                return Err(cx.err(
                    p.name.span(),
                    "a promotion rule needs at least one piece in `to` (or `forced = true` with `to = []`: the piece may not enter the zone)",
                ));
            }
            def.promotions.push(Promotion {
                zone,
                to,
                forced: rule.forced,
                trigger: trigger(rule.trigger.unwrap_or(default)),
            });
        }
        for c in Color::BOTH {
            let at = &mut def.promo_at[c.index()];
            for pr in &def.promotions {
                for (sq, &inside) in pr.zone[c.index()].iter().enumerate() {
                    if inside {
                        at[sq] |= PROMO_TO;
                        match pr.trigger {
                            PromotionTrigger::Destination => {}
                            PromotionTrigger::DestinationOrCapture => at[sq] |= PROMO_CAPS,
                            _ => at[sq] |= PROMO_FROM,
                        }
                    }
                }
            }
        }
        if let Some(d) = &p.demotes_to {
            def.demotes_to = names.piece(cx, d, "demotes_to")?;
        }
    }
    promotion_limits(file, cx, names, geo, pieces)
}

/// A promotion rule's zone per side: its `ranks` (or `[promotion] zone`),
/// or its `squares`; empty for the side a `side` rule leaves out.
fn zone(
    file: &RulesFile,
    cx: &Ctx,
    geo: &Geometry,
    p: &crate::rules::PieceTable,
    rule: &crate::rules::PromotionRule,
) -> Result<[Vec<bool>; 2]> {
    let mut zone = if let Some(squares) = &rule.squares {
        if rule.ranks.is_some() {
            return Err(cx.err(
                p.name.span(),
                "a promotion rule gives `ranks` or `squares`, not both",
            ));
        }
        let mut set = vec![false; geo.nsq];
        for s in squares {
            let sq = geo
                .parse_square(s.get_ref())
                .ok_or_else(|| cx.err(s.span(), format!("`{}` is not a square", s.get_ref())))?;
            set[sq.index()] = true;
        }
        if squares.is_empty() {
            return Err(cx.err(p.name.span(), "a promotion rule's `squares` is empty"));
        }
        [set.clone(), set]
    } else {
        let zone_ranks = rule.ranks.clone().unwrap_or_else(|| file.promotion.zone.clone());
        if zone_ranks.is_empty() {
            return Err(cx.err(
                p.name.span(),
                format!(
                    "promotion of `{}` has no zone: give `ranks` or [promotion] zone",
                    p.name.get_ref()
                ),
            ));
        }
        if let Some(r) = zone_ranks.iter().find(|&&r| r == 0 || r as usize > geo.ranks) {
            return Err(cx.err(
                p.name.span(),
                format!("promotion rank {r} is off the board (1..{})", geo.ranks),
            ));
        }
        Color::BOTH.map(|c| geo.rank_set(&zone_ranks, c))
    };
    match rule.side {
        Some(SideName::First) => zone[1].fill(false),
        Some(SideName::Second) => zone[0].fill(false),
        None => {}
    }
    Ok(zone)
}

/// `promotion_limit`: at least 1, at most the board, and on a piece that
/// some piece promotes to (otherwise it would mean nothing); with
/// `promotion_counted_with`, other kinds (not this one, each once) whose
/// pieces count toward it.
fn promotion_limits(
    file: &RulesFile,
    cx: &Ctx,
    names: &Names,
    geo: &Geometry,
    pieces: &mut [PieceDef],
) -> Result<()> {
    for (i, p) in file.pieces.iter().enumerate() {
        let kind = crate::engine::types::PieceKind::from_index(i);
        let mut group = KindSet::EMPTY;
        group.insert(kind);
        for n in &p.promotion_counted_with {
            let k = names.piece(cx, n, "promotion_counted_with")?;
            if k == kind {
                return Err(cx.err(
                    n.span(),
                    "promotion_counted_with names other kinds: a piece's own kind always counts",
                ));
            }
            if group.contains(k) {
                return Err(cx.err(
                    n.span(),
                    format!("`{}` is named twice in promotion_counted_with", n.get_ref()),
                ));
            }
            group.insert(k);
        }
        let Some(lim) = &p.promotion_limit else {
            if let Some(n) = p.promotion_counted_with.first() {
                return Err(cx.err(n.span(), "promotion_counted_with needs `promotion_limit`"));
            }
            continue;
        };
        pieces[i].promotion_group = group;
        let n = *lim.get_ref();
        if n == 0 || n as usize > geo.files * geo.ranks {
            return Err(cx.err(
                lim.span(),
                "promotion_limit must be at least 1 and at most the number of squares",
            ));
        }
        let by_move = file.pieces.iter().any(|q| {
            q.promotion_move
                .as_ref()
                .is_some_and(|pm| pm.to.get_ref() == p.name.get_ref())
        });
        if !by_move
            && !pieces
                .iter()
                .any(|d| d.promotions.iter().any(|r| r.to.contains(&kind)))
        {
            return Err(cx.err(
                lim.span(),
                format!(
                    "no piece promotes to `{}`: its promotion_limit would mean nothing",
                    p.name.get_ref()
                ),
            ));
        }
        pieces[i].promotion_limit = n as u16;
    }
    Ok(())
}

/// `[promotion] when_capturing`: each rule's pieces by name; a rule needs a
/// captured piece, and its `to` may not be among them.
pub(super) fn when_capturing(
    file: &RulesFile,
    cx: &Ctx,
    names: &Names,
    options: &super::OptionValues,
) -> Result<Vec<CapturePromotion>> {
    let mut out = Vec::new();
    for rule in &file.promotion.when_capturing {
        let holds = match &rule.when {
            Some(when) => super::options::holds(file, cx, options, when)?,
            None => true,
        };
        let set = |list: &[toml::Spanned<String>]| -> Result<KindSet> {
            let mut s = KindSet::EMPTY;
            for n in list {
                s.insert(names.piece(cx, n, "when_capturing")?);
            }
            Ok(s)
        };
        let to = names.piece(cx, &rule.to, "when_capturing")?;
        if rule.captured.is_empty() {
            return Err(cx.err(
                rule.to.span(),
                "a `when_capturing` rule needs at least one `captured` piece",
            ));
        }
        let compiled = CapturePromotion {
            captured: set(&rule.captured)?,
            to,
            except: set(&rule.except)?,
        };
        if holds {
            out.push(compiled);
        }
    }
    Ok(out)
}
