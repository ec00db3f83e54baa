//! `war` (WWII Chess, RULES §3): until the first player has captured, given
//! check or promoted, the second player may do none of these. The war is a
//! flag in the position (`flags=war`), set by the first player's move that
//! starts it.

use std::sync::Arc;

use crate::engine::{Color, Effects, Hook, HookContext, HookEntry, HookError, Move, Position, StateSlot};

/// The registry entry.
pub const ENTRY: HookEntry = HookEntry {
    name: "war",
    summary: "until the first player has captured, given check or promoted, the second player may not capture, give check or promote (WWII Chess)",
    build,
};

fn build(cx: &mut HookContext<'_>) -> Result<Arc<dyn Hook>, HookError> {
    Ok(Arc::new(War {
        started: cx.flag("war"),
    }))
}

#[derive(Debug)]
struct War {
    started: StateSlot,
}

impl War {
    /// Whether a second-player move is allowed before the war.
    fn peaceful(pos: &mut Position, m: &Move) -> bool {
        if m.is_capture() || m.promotion().is_some() {
            return false;
        }
        pos.make(*m);
        let check = pos.in_check(Color::First);
        pos.unmake();
        !check
    }
}

impl Hook for War {
    fn name(&self) -> &'static str {
        ENTRY.name
    }

    fn filter_moves(&self, pos: &mut Position, moves: &mut Vec<Move>) {
        if pos.side_to_move() != Color::Second || pos.state(self.started) != 0 {
            return;
        }
        let mut i = 0;
        while i < moves.len() {
            if War::peaceful(pos, &moves[i]) {
                i += 1;
            } else {
                moves.swap_remove(i);
            }
        }
    }

    fn changes_board(&self) -> bool {
        false
    }

    fn after_move(&self, fx: &mut Effects<'_>) {
        let pos = fx.position();
        if fx.mover() != Color::First || pos.state(self.started) != 0 {
            return;
        }
        let m = fx.mv();
        if m.is_capture() || m.promotion().is_some() || pos.in_check(Color::Second) {
            fx.set_state(self.started, 1);
        }
    }
}
