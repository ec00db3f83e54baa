//! `priest_loss` (KO-R20, R14): when a side loses its last priest stone (the
//! Taoist priest or its promoted face, the five-li fog), its thunderclaps and
//! flag wavers revert to drums and banners; and while a side has no priest
//! stone, its drums and banners may not promote.

use std::sync::Arc;

use super::{PriestStones, has_any};
use crate::engine::{
    Color, Effects, Hook, HookContext, HookEntry, HookError, KindSet, Move, Piece, PieceKind, Position,
};

/// The registry entry.
pub const ENTRY: HookEntry = HookEntry {
    name: "priest_loss",
    summary: "without its priest stone a side's thunderclap and flag waver revert, and drum and banner never promote (Ko shogi R20)",
    build,
};

fn build(cx: &mut HookContext<'_>) -> Result<Arc<dyn Hook>, HookError> {
    Ok(Arc::new(PriestLoss {
        stones: PriestStones::new(cx)?,
        reverting: [
            (cx.kind("thunderclap")?, cx.kind("drum")?),
            (cx.kind("flag waver")?, cx.kind("banner")?),
        ],
    }))
}

#[derive(Debug)]
struct PriestLoss {
    stones: PriestStones,
    /// (face, the piece it reverts to).
    reverting: [(PieceKind, PieceKind); 2],
}

impl PriestLoss {
    /// Whether `color` had a priest stone before this move: on the board now,
    /// or taken off by the move or an earlier effect.
    fn had_stone(&self, fx: &Effects<'_>, color: Color) -> bool {
        let set: KindSet = self.stones.stones;
        has_any(fx.position(), color, set)
            || fx.removed().any(|q| q.color() == color && set.contains(q.kind()))
    }
}

impl Hook for PriestLoss {
    fn name(&self) -> &'static str {
        ENTRY.name
    }

    fn filter_moves(&self, pos: &mut Position, moves: &mut Vec<Move>) {
        let side = pos.side_to_move();
        if has_any(pos, side, self.stones.stones) {
            return;
        }
        moves.retain(|m| {
            let moving = m.from().and_then(|s| pos.piece_at(s));
            !(m.promotion().is_some() && moving.is_some_and(|p| self.stones.drum_banner.contains(p.kind())))
        });
    }

    fn after_move(&self, fx: &mut Effects<'_>) {
        // Only a move that took pieces off the board can take a priest stone.
        if fx.removed().next().is_none() {
            return;
        }
        for c in Color::BOTH {
            if has_any(fx.position(), c, self.stones.stones) || !self.had_stone(fx, c) {
                continue;
            }
            for (face, base) in self.reverting {
                for s in super::squares_of(fx.position(), c, face) {
                    fx.set_square(s, Some(Piece::new(base, c)));
                }
            }
        }
    }
}
