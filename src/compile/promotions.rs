//! Stage: promotions and demotions. Each promotion rule becomes a zone (a
//! square set per side), the kinds it offers, whether it is forced, and what
//! triggers it; `demotes_to` names the kind a captured piece becomes in hand.

use super::names::Names;
use super::{Ctx, Result};
use crate::engine::geometry::Geometry;
use crate::engine::types::Color;
use crate::engine::variant::{PieceDef, Promotion, PromotionTrigger};
use crate::rules::{RulesFile, Trigger};

fn trigger(t: Trigger) -> PromotionTrigger {
    match t {
        Trigger::Destination => PromotionTrigger::Destination,
        Trigger::Either => PromotionTrigger::Either,
    }
}

/// Compiles every piece's promotion rules and demotion.
pub(super) fn apply(
    file: &RulesFile,
    cx: &Ctx,
    names: &Names,
    geo: &Geometry,
    pieces: &mut [PieceDef],
) -> Result<()> {
    for (p, def) in file.pieces.iter().zip(pieces.iter_mut()) {
        for rule in &p.promotion {
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
            let mut to = Vec::new();
            for t in &rule.to {
                to.push(names.piece(cx, t, "promotion")?);
            }
            if to.is_empty() {
                return Err(cx.err(p.name.span(), "a promotion rule needs at least one piece in `to`"));
            }
            def.promotions.push(Promotion {
                zone: Color::BOTH.map(|c| geo.rank_set(&zone_ranks, c)),
                to,
                forced: rule.forced,
                trigger: trigger(rule.trigger.unwrap_or(file.promotion.trigger)),
            });
        }
        if let Some(d) = &p.demotes_to {
            def.demotes_to = names.piece(cx, d, "demotes_to")?;
        }
    }
    Ok(())
}
