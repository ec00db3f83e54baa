//! `drum_loss` (KO-R22): a side's pawns may step straight forward only while
//! it has a drum stone (the drum or its promoted face, the thunderclap).

use std::sync::Arc;

use super::has_any;
use crate::engine::{
    Color, Hook, HookContext, HookEntry, HookError, KindSet, Move, MoveKind, PieceKind, Position,
};

/// The registry entry.
pub const ENTRY: HookEntry = HookEntry {
    name: "drum_loss",
    summary: "pawns step forward only while their drum stone stands (Ko shogi R22)",
    build,
};

fn build(cx: &mut HookContext<'_>) -> Result<Arc<dyn Hook>, HookError> {
    Ok(Arc::new(DrumLoss {
        pawn: cx.kind("pawn")?,
        drum_stones: cx.kinds(&["drum", "thunderclap"])?,
    }))
}

#[derive(Debug)]
struct DrumLoss {
    pawn: PieceKind,
    drum_stones: KindSet,
}

impl Hook for DrumLoss {
    fn name(&self) -> &'static str {
        ENTRY.name
    }

    fn changes_board(&self) -> bool {
        false
    }

    fn filter_moves(&self, pos: &mut Position, moves: &mut Vec<Move>) {
        let side = pos.side_to_move();
        if has_any(pos, side, self.drum_stones) {
            return;
        }
        let forward = if side == Color::First { 1 } else { -1 };
        let board = pos.variant().board();
        moves.retain(|m| {
            let Some(from) = m.from() else { return true };
            let is_pawn = pos.piece_at(from).is_some_and(|p| p.kind() == self.pawn);
            !(m.kind() == MoveKind::Board && is_pawn && board.offset(from, (0, forward)) == m.to())
        });
    }
}
