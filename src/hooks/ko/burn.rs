//! `burn` (KO-R23): a poison flame, after its move, removes every piece — own
//! pieces included — on the squares next to its landing square. A flame that
//! promoted on the move (an engineer) does not burn: the move began as
//! another piece.

use std::sync::Arc;

use crate::engine::{Effects, FRAMES, Hook, HookContext, HookEntry, HookError, MoveKind, PieceKind, Square};

/// The registry entry.
pub const ENTRY: HookEntry = HookEntry {
    name: "burn",
    summary: "a poison flame removes every piece next to its landing square (Ko shogi R23)",
    build,
};

fn build(cx: &mut HookContext<'_>) -> Result<Arc<dyn Hook>, HookError> {
    Ok(Arc::new(Burn {
        flame: cx.kind("poison flame")?,
    }))
}

#[derive(Debug)]
struct Burn {
    flame: PieceKind,
}

impl Hook for Burn {
    fn name(&self) -> &'static str {
        ENTRY.name
    }

    fn after_move(&self, fx: &mut Effects<'_>) {
        if fx.mv().kind() != MoveKind::Board || fx.moved().is_none_or(|p| p.kind() != self.flame) {
            return;
        }
        let Some(to) = fx.mv().to() else { return };
        let around: Vec<Square> = {
            let board = fx.position().variant().board();
            FRAMES.iter().filter_map(|&d| board.offset(to, d)).collect()
        };
        for s in around {
            if fx.position().piece_at(s).is_some() {
                fx.set_square(s, None);
            }
        }
    }
}
