//! `capture_promotion` (KO-R16..R18): capturing a commanding face promotes any
//! capturer; a step mover also promotes on taking a heavy piece; a cavalryman
//! on taking a Frankish cannon. The promotion happens at the end of the
//! movement (A30) and only if the capturer is still the piece that moved.

use std::sync::Arc;

use super::{PriestStones, promoted_face};
use crate::engine::{Effects, Hook, HookContext, HookEntry, HookError, KindSet, MoveKind, Piece, PieceKind};

/// The registry entry.
pub const ENTRY: HookEntry = HookEntry {
    name: "capture_promotion",
    summary: "capturing a commanding face (or, for a step mover, a heavy one) promotes the capturer (Ko shogi R16-R18)",
    build,
};

fn build(cx: &mut HookContext<'_>) -> Result<Arc<dyn Hook>, HookError> {
    Ok(Arc::new(CapturePromotion {
        commanders: cx.kinds(&["general", "governor", "middle troop", "banner", "drum"])?,
        heavy: cx.kinds(&["sumo wrestler", "dragon ascending", "flag waver", "thunderclap"])?,
        step_movers: cx.kinds(&[
            "middle troop",
            "drum",
            "banner",
            "sentry",
            "aide de camp",
            "aide",
            "staff",
            "chief of staff",
            "engineer",
            "frankish cannon",
            "longbow",
            "crossbow",
            "cannon",
            "shield",
            "pawn",
        ])?,
        cavalryman: cx.kind("cavalryman")?,
        frankish_cannon: cx.kind("frankish cannon")?,
        priest_stones: if cx.has_hook("priest_loss") {
            Some(PriestStones::new(cx)?)
        } else {
            None
        },
    }))
}

#[derive(Debug)]
struct CapturePromotion {
    /// KO-R16: faces whose capture promotes any capturer.
    commanders: KindSet,
    /// KO-R17: faces whose capture promotes a step mover.
    heavy: KindSet,
    step_movers: KindSet,
    /// KO-R18: the cavalryman and the face it must take.
    cavalryman: PieceKind,
    frankish_cannon: PieceKind,
    /// KO-R14 via `priest_loss`: drum and banner need a priest stone to promote.
    priest_stones: Option<PriestStones>,
}

impl Hook for CapturePromotion {
    fn name(&self) -> &'static str {
        ENTRY.name
    }

    fn after_move(&self, fx: &mut Effects<'_>) {
        if fx.mv().kind() != MoveKind::Board || !fx.mv().is_capture() {
            return;
        }
        let (Some(moved), Some(to)) = (fx.moved(), fx.mv().to()) else {
            return;
        };
        let us = fx.mover();
        let pos = fx.position();
        // Still the piece that moved (not already promoted by the move).
        if pos.piece_at(to) != Some(moved) {
            return;
        }
        let faces: KindSet = fx.captured().map(|q| q.kind()).collect();
        let k = moved.kind();
        let trigger = faces.intersects(self.commanders)
            || (self.step_movers.contains(k) && faces.intersects(self.heavy))
            || (k == self.cavalryman && faces.contains(self.frankish_cannon));
        if !trigger {
            return;
        }
        if self.priest_stones.is_some_and(|ps| !ps.allows(pos, k, us)) {
            return;
        }
        if let Some(t) = promoted_face(pos, moved) {
            fx.set_square(to, Some(Piece::new(t, us)));
        }
    }
}
