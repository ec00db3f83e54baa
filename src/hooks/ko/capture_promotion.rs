//! `capture_promotion` (KO-R16..R18): capturing a commanding face promotes any
//! capturer; a step mover also promotes on taking a heavy piece; a cavalryman
//! on taking a Frankish cannon. The promotion happens at the end of the
//! movement (A30) and only if the capturer is still the piece that moved.

use std::sync::Arc;

use super::{PriestStones, promoted_face};
use crate::engine::{
    Effects, Hook, HookContext, HookEntry, HookError, KindSet, Move, MoveKind, Piece, PieceKind, Position,
};

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

impl CapturePromotion {
    /// The face the piece moving on `m` turns into by this rule, if it does.
    fn promotes(&self, pos: &Position, moved: Piece, captured: KindSet) -> Option<PieceKind> {
        let k = moved.kind();
        let trigger = captured.intersects(&self.commanders)
            || (self.step_movers.contains(k) && captured.intersects(&self.heavy))
            || (k == self.cavalryman && captured.contains(self.frankish_cannon));
        if !trigger
            || self
                .priest_stones
                .is_some_and(|ps| !ps.allows(pos, k, moved.color()))
        {
            return None;
        }
        promoted_face(pos, moved)
    }
}

impl Hook for CapturePromotion {
    fn name(&self) -> &'static str {
        ENTRY.name
    }

    /// A capture that promotes by this rule cannot also be made "declining"
    /// a zone promotion: the piece promotes either way (A20), so the two are
    /// one move, the promoting one.
    fn filter_moves(&self, pos: &mut Position, moves: &mut Vec<Move>) {
        let compulsory: Vec<Move> = moves
            .iter()
            .filter(|m| m.kind() == MoveKind::Board && m.is_capture() && m.promotion().is_none())
            .filter(|m| {
                let Some(moved) = m.from().and_then(|f| pos.piece_at(f)) else {
                    return false;
                };
                let captured: KindSet = m
                    .captures()
                    .iter()
                    .filter_map(|&c| pos.piece_at(c).map(|q| q.kind()))
                    .collect();
                let Some(face) = self.promotes(pos, moved, captured) else {
                    return false;
                };
                moves.iter().any(|o| {
                    o.from() == m.from()
                        && o.to() == m.to()
                        && o.captures() == m.captures()
                        && o.promotion() == Some(face)
                })
            })
            .copied()
            .collect();
        if !compulsory.is_empty() {
            moves.retain(|m| !compulsory.contains(m));
        }
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
        if let Some(t) = self.promotes(pos, moved, faces) {
            fx.set_square(to, Some(Piece::new(t, us)));
        }
    }
}
