//! `clerk_link` (KO-R19): when a side's clerk becomes a master at arms, that
//! side's advance and rear guards become skyward and earthward nets, and the
//! enemy's poison flames die.

use std::sync::Arc;

use super::squares_of;
use crate::engine::{Effects, Hook, HookContext, HookEntry, HookError, MoveKind, Piece, PieceKind};

/// The registry entry.
pub const ENTRY: HookEntry = HookEntry {
    name: "clerk_link",
    summary: "a clerk's promotion promotes the own guards and removes enemy poison flames (Ko shogi R19)",
    build,
};

fn build(cx: &mut HookContext<'_>) -> Result<Arc<dyn Hook>, HookError> {
    Ok(Arc::new(ClerkLink {
        clerk: cx.kind("clerk")?,
        master_at_arms: cx.kind("master at arms")?,
        flame: cx.kind("poison flame")?,
        guards: [
            (cx.kind("advance guard")?, cx.kind("skyward net")?),
            (cx.kind("rear guard")?, cx.kind("earthward net")?),
        ],
    }))
}

#[derive(Debug)]
struct ClerkLink {
    clerk: PieceKind,
    master_at_arms: PieceKind,
    flame: PieceKind,
    /// (unpromoted guard, net) pairs.
    guards: [(PieceKind, PieceKind); 2],
}

impl Hook for ClerkLink {
    fn name(&self) -> &'static str {
        ENTRY.name
    }

    fn after_move(&self, fx: &mut Effects<'_>) {
        let us = fx.mover();
        let (Some(moved), Some(to)) = (fx.moved(), fx.mv().to()) else {
            return;
        };
        if fx.mv().kind() != MoveKind::Board
            || moved.kind() != self.clerk
            || fx.position().piece_at(to) != Some(Piece::new(self.master_at_arms, us))
        {
            return;
        }
        for (guard, net) in self.guards {
            for s in squares_of(fx.position(), us, guard) {
                fx.set_square(s, Some(Piece::new(net, us)));
            }
        }
        for s in squares_of(fx.position(), !us, self.flame) {
            fx.set_square(s, None);
        }
    }
}
