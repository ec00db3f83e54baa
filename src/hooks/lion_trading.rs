//! `lion_trading` (chu shogi): the rules that keep lions from being traded.
//!
//! - **Protected lion.** A lion may not take a lion that does not stand next
//!   to it (a jump, or a double move ending two squares away) when, after the
//!   move, the opponent could take it back on that square — unless the
//!   lion's first step took a piece other than a pawn or a go-between (a
//!   "bridge"). A lion next to it may always be taken. "Could take it back"
//!   counts every attacker, pinned ones and the king included, judged on the
//!   board after the move (so a slider behind the captured lion counts).
//! - **Counter-strike.** After a non-lion piece takes a lion, the opponent
//!   may not take a lion with a non-lion piece on the next move. The
//!   Okazaki rule (option `counter_strike = "okazaki"`) allows it when the
//!   lion taken is not protected after the move.
//!
//! The promoted kirin is a lion for both rules. The counter-strike state is
//! a flag in the position (`flags=counter_strike`): hashed, written in
//! position text and restored by unmake.
//!
//! Why a hook and not a rules-file key: both rules look at which pieces a
//! move takes, by name, and at whether the opponent could recapture — a
//! judgment about the position after the move that no piece's notation can
//! carry. Chu shogi is the only game that has them (HaChu applies them to chu
//! alone); see docs/hooks.md.

use std::sync::Arc;

use crate::engine::{
    Effects, Hook, HookContext, HookEntry, HookError, KindSet, Move, Position, Square, StateSlot,
};

/// The registry entry.
pub const ENTRY: HookEntry = HookEntry {
    name: "lion_trading",
    summary: "a lion may not take a distant protected lion without a bridge capture; after a lion is taken by a non-lion, the reply may not take a lion with a non-lion (chu shogi)",
    build,
};

fn build(cx: &mut HookContext<'_>) -> Result<Arc<dyn Hook>, HookError> {
    let mut lions = cx.kinds(&["lion"])?;
    let mut weak = KindSet::EMPTY;
    let v = cx.variant();
    if let Some(k) = v.kind_by_name("promoted kirin") {
        lions.insert(k);
    }
    for name in ["pawn", "go-between"] {
        if let Some(k) = v.kind_by_name(name) {
            weak.insert(k);
        }
    }
    let okazaki = match cx.option("counter_strike") {
        None | Some("strict") => false,
        Some("okazaki") => true,
        Some(other) => {
            return Err(HookError::BadOption {
                hook: ENTRY.name.to_string(),
                option: "counter_strike".to_string(),
                message: format!("`{other}` is neither \"strict\" nor \"okazaki\""),
            });
        }
    };
    Ok(Arc::new(LionTrading {
        lions,
        weak,
        okazaki,
        counter_strike: cx.flag("counter_strike"),
    }))
}

#[derive(Debug)]
struct LionTrading {
    /// The pieces the rules call lions.
    lions: KindSet,
    /// Pieces whose capture on a lion's first step is no bridge.
    weak: KindSet,
    /// The Okazaki rule: a counter-strike against an unprotected lion is allowed.
    okazaki: bool,
    /// Set when the last move was a lion taken by a non-lion.
    counter_strike: StateSlot,
}

/// What a move does that the rules look at.
enum LionCapture {
    /// It takes no lion.
    None,
    /// A lion takes a distant lion with no bridge: allowed only when the
    /// landing square is not protected.
    DistantByLion,
    /// A lion takes a lion it may take.
    ByLion,
    /// A non-lion takes a lion.
    ByOther,
}

impl LionTrading {
    fn is_lion(&self, pos: &Position, sq: Square) -> bool {
        pos.piece_at(sq).is_some_and(|p| self.lions.contains(p.kind()))
    }

    fn classify(&self, pos: &Position, m: &Move) -> LionCapture {
        let caps = m.captures();
        if !caps.iter().any(|&sq| self.is_lion(pos, sq)) {
            return LionCapture::None;
        }
        let (Some(from), Some(to)) = (m.from(), m.to()) else {
            return LionCapture::ByOther;
        };
        if !self.is_lion(pos, from) {
            return LionCapture::ByOther;
        }
        if pos.variant().board().distance(from, to) <= 1 {
            return LionCapture::ByLion;
        }
        // The first step's victim, when the first capture is not on the
        // landing square: a bridge unless it is a pawn or a go-between.
        let bridge = caps
            .first()
            .filter(|&&sq| sq != to)
            .and_then(|&sq| pos.piece_at(sq))
            .is_some_and(|p| !self.weak.contains(p.kind()));
        if bridge {
            LionCapture::ByLion
        } else {
            LionCapture::DistantByLion
        }
    }

    fn allowed(&self, pos: &mut Position, m: &Move) -> bool {
        match self.classify(pos, m) {
            LionCapture::None | LionCapture::ByLion => true,
            LionCapture::DistantByLion => !pos.protected_after(m),
            LionCapture::ByOther => {
                pos.state(self.counter_strike) == 0 || (self.okazaki && !pos.protected_after(m))
            }
        }
    }
}

impl Hook for LionTrading {
    fn name(&self) -> &'static str {
        ENTRY.name
    }

    fn filter_moves(&self, pos: &mut Position, moves: &mut Vec<Move>) {
        let mut i = 0;
        while i < moves.len() {
            if self.allowed(pos, &moves[i]) {
                i += 1;
            } else {
                moves.swap_remove(i);
            }
        }
    }

    fn judges_each_move(&self) -> bool {
        true
    }

    fn allows(&self, pos: &mut Position, m: &Move) -> bool {
        self.allowed(pos, m)
    }

    fn changes_board(&self) -> bool {
        false
    }

    fn after_move(&self, fx: &mut Effects<'_>) {
        let took_lion = fx.captured().any(|p| self.lions.contains(p.kind()));
        let by_lion = fx.moved().is_some_and(|p| self.lions.contains(p.kind()));
        let value = u32::from(took_lion && !by_lion);
        if fx.position().state(self.counter_strike) != value {
            fx.set_state(self.counter_strike, value);
        }
    }
}
