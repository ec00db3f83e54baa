//! Time for one move: from a game clock (time left, increment, moves to go,
//! byoyomi) or from a fixed time per move, always less a margin for what
//! happens around the search (reading the command, unwinding the search,
//! writing the move, the other side's reading it). The engine player, the
//! protocols (UCI, USI, XBoard) and the browser board take their budgets
//! from here.

use std::time::Duration;

use super::ClockView;

/// The search time for a fixed time per move (XBoard's `st`, UCI's
/// `movetime`, byoyomi): the time less a tenth and 50 ms, never less than
/// half of it — `st 1` searches at most 850 ms, so that the move arrives
/// within the second however the search ends and however busy the machine.
pub fn fixed_budget(ms: u64) -> u64 {
    ms.saturating_sub(ms / 10 + 50).max(ms / 2).max(1)
}

/// The time for one move from a clock (milliseconds): a share of the time
/// left (a fortieth, or the time over the moves to go) plus most of the
/// increment, never more than half the time left; byoyomi, spent whole each
/// move, is used up to its margin ([`fixed_budget`]). `None` when there is
/// no clock at all.
pub fn clock_budget(left: Option<u64>, inc: u64, moves_to_go: Option<u64>, byoyomi: u64) -> Option<u64> {
    let main = left.map(|t| (t / moves_to_go.unwrap_or(40).max(1) + inc * 3 / 4).min(t / 2));
    match (main, byoyomi) {
        (None, 0) => None,
        (m, 0) => Some(m.unwrap_or(0).max(1)),
        (m, b) => Some((m.unwrap_or(0) + fixed_budget(b)).max(1)),
    }
}

/// The engine's time for one move from a game's clock ([`clock_budget`]),
/// less a twentieth and 10 ms for what happens around the search.
pub fn game_budget(c: ClockView) -> Duration {
    let ms = |d: Duration| d.as_millis() as u64;
    let budget = clock_budget(Some(ms(c.mine)), ms(c.control.inc), None, ms(c.control.byoyomi)).unwrap_or(0);
    Duration::from_millis(budget.saturating_sub(budget / 20 + 10).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_times_keep_a_margin() {
        assert_eq!(fixed_budget(1000), 850);
        assert_eq!(fixed_budget(5000), 4450);
        assert_eq!(fixed_budget(100), 50);
        assert_eq!(fixed_budget(1), 1);
        assert_eq!(fixed_budget(0), 1);
        assert_eq!(fixed_budget(u64::MAX), u64::MAX - (u64::MAX / 10 + 50));
    }

    #[test]
    fn clocks_share_the_time_left() {
        assert_eq!(clock_budget(None, 0, None, 0), None);
        assert_eq!(clock_budget(Some(40_000), 0, None, 0), Some(1000));
        assert_eq!(clock_budget(Some(10_000), 0, Some(5), 0), Some(2000));
        // Never more than half the time left, whatever the increment.
        assert_eq!(clock_budget(Some(1000), 10_000, None, 0), Some(500));
        assert_eq!(clock_budget(Some(0), 0, None, 0), Some(1));
        // Byoyomi alone, and on top of the main time.
        assert_eq!(clock_budget(Some(0), 0, None, 1000), Some(850));
        assert_eq!(clock_budget(None, 0, None, 1000), Some(850));
        assert_eq!(clock_budget(Some(40_000), 0, None, 1000), Some(1850));
    }
}
