//! `fog_inhibition` (KO-R12): a shooter may not shoot when its move lands
//! within 5 squares (king steps) of an enemy five-li fog. Judged at the shot,
//! after a fog captured on landing is gone (A31).

use std::sync::Arc;

use super::squares_of;
use crate::engine::{Hook, HookContext, HookEntry, HookError, KindSet, Move, MoveKind, PieceKind, Position};

/// The registry entry.
pub const ENTRY: HookEntry = HookEntry {
    name: "fog_inhibition",
    summary: "shooters may not shoot when landing within 5 of an enemy five-li fog (Ko shogi R12)",
    build,
};

fn build(cx: &mut HookContext<'_>) -> Result<Arc<dyn Hook>, HookError> {
    Ok(Arc::new(FogInhibition {
        fog: cx.kind("five-li fog")?,
        shooters: cx.kinds(&[
            "longbow",
            "crossbow",
            "longbow cavalryman",
            "crossbow cavalryman",
            "cannon",
            "gun carriage",
            "frankish cannon",
            "chariot of the gods",
        ])?,
    }))
}

#[derive(Debug)]
struct FogInhibition {
    fog: PieceKind,
    shooters: KindSet,
}

impl Hook for FogInhibition {
    fn name(&self) -> &'static str {
        ENTRY.name
    }

    fn changes_board(&self) -> bool {
        false
    }

    fn filter_moves(&self, pos: &mut Position, moves: &mut Vec<Move>) {
        let fogs = squares_of(pos, !pos.side_to_move(), self.fog);
        if fogs.is_empty() {
            return;
        }
        let board = pos.variant().board();
        moves.retain(|m| {
            let (Some(from), Some(to)) = (m.from(), m.to()) else {
                return true;
            };
            let shooter = pos
                .piece_at(from)
                .is_some_and(|p| self.shooters.contains(p.kind()));
            let shoots = m.captures().iter().any(|&c| c != to);
            if m.kind() != MoveKind::Board || !shooter || !shoots {
                return true;
            }
            let captured_at_landing = m.captures().contains(&to);
            !fogs
                .iter()
                .any(|&f| !(captured_at_landing && f == to) && board.distance(f, to) <= 5)
        });
    }
}
