//! XBoard's time controls (`level`, `st`, `sd`, `time`) and the limits of
//! the engine's next search under them.

use std::time::Duration;

use crate::game::clock::{Budget, clock_budget, fixed_budget};

/// What a move costs besides its search under XBoard (ms): the pipes both
/// ways and XBoard's own handling, kept in reserve for each move to come.
const OVERHEAD_MS: u64 = 30;
use crate::game::players::MAX_DEPTH;
use crate::game::search::Limits;

/// Time controls as XBoard sets them.
#[derive(Clone, Debug, Default)]
pub(super) struct Clock {
    /// `level`: moves per session (0: all), increment (ms).
    pub(super) moves_per_session: u32,
    pub(super) increment: u64,
    /// `st`: a fixed time a move (ms).
    pub(super) fixed: Option<u64>,
    /// `sd`: a depth limit.
    pub(super) depth: Option<i32>,
    /// `time`/`otim`: the engine's clock (ms), set before each move.
    pub(super) mine: Option<u64>,
    /// Whether any time control was given.
    pub(super) set: bool,
}

impl Clock {
    /// The limits for the engine's next move; `played` is how many moves
    /// the engine has made in this game, `spent` how long ago the command
    /// that asks for it was read (the GUI's clock runs from there). A fixed
    /// time (`st`) keeps a margin ([`fixed_budget`]): `st 1` searches at
    /// most 850 ms.
    pub(super) fn limits(&self, played: u32, spent: Duration, horizon: u64) -> Limits {
        let budget = self.fixed.map(|ms| Budget::fixed(fixed_budget(ms))).or_else(|| {
            let togo = (self.moves_per_session > 0)
                .then(|| u64::from(self.moves_per_session - played % self.moves_per_session));
            clock_budget(self.mine, self.increment, togo, 0, OVERHEAD_MS, horizon)
        });
        let spent = spent.as_millis() as u64;
        let (movetime, soft) = match (budget, self.set) {
            // A fixed time a move (`st`) is spent in full: no soft time.
            (Some(b), _) => {
                let b = b.less(spent);
                (Some(b.hard), self.fixed.is_none().then_some(b.soft))
            }
            // No time control at all: a few seconds.
            (None, false) => (Some(5000), None),
            (None, true) => (Some(1000), None),
        };
        Limits {
            depth: self.depth.unwrap_or(MAX_DEPTH),
            movetime: movetime.map(Duration::from_millis),
            soft: soft.map(Duration::from_millis),
            stop: None,
            ..Default::default()
        }
    }
}
