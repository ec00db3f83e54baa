//! Time for one move: from a game clock (time left, increment, moves to go,
//! byoyomi) or from a fixed time per move, always less a margin for what
//! happens around the search (reading the command, unwinding the search,
//! writing the move, the other side's reading it: the *move overhead*).
//! The engine player, the protocols (UCI, USI, XBoard) and the browser
//! board take their budgets from here.
//!
//! A clock gives two times, as Stockfish-family engines plan them: `soft`,
//! the time the move should take (the search starts no iteration it would
//! not finish within it), and `hard`, the most it may take (the search
//! stops there, inside an iteration). Every move reserves the overhead of
//! the moves still to come, so that a sudden-death game is not lost on
//! time by the overhead alone.

use std::time::Duration;

use super::ClockView;
use crate::engine::{Color, Position};

/// The move overhead assumed where none is measured or set (ms).
pub const DEFAULT_OVERHEAD_MS: u64 = 20;

/// The fewest moves a clock without moves-to-go is planned over
/// (Stockfish's horizon), and the most.
pub const HORIZON: u64 = 50;
const LONGEST_HORIZON: u64 = 200;

/// The moves a clock without moves-to-go is planned over in `pos`: 50
/// (Stockfish's horizon, for chess's 32 pieces), or one and a half moves
/// for each piece on the board and in hand where there are more, to 200. A
/// game of many pieces lasts longer — chu shogi's 92 pieces play some 190
/// moves a side — and planned over 50 moves it would spend its time early:
/// at 1 min a game, 1.2 s on its first move and 0.06 s on its 150th.
pub fn horizon(pos: &Position) -> u64 {
    let pieces = [Color::First, Color::Second]
        .iter()
        .map(|&c| {
            let held: u32 = pos.variant().kinds().map(|k| pos.hand(c, k)).sum();
            pos.pieces(c).len() as u64 + u64::from(held)
        })
        .sum::<u64>();
    (pieces * 3 / 2).clamp(HORIZON, LONGEST_HORIZON)
}

/// The times for one move, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The time to aim at.
    pub soft: u64,
    /// The most the move may take.
    pub hard: u64,
}

impl Budget {
    /// One time, both soft and hard (a fixed time per move).
    pub fn fixed(ms: u64) -> Budget {
        Budget { soft: ms, hard: ms }
    }

    /// Both times less `ms` already gone (never below 1).
    pub fn less(self, ms: u64) -> Budget {
        Budget {
            soft: self.soft.saturating_sub(ms).max(1),
            hard: self.hard.saturating_sub(ms).max(1),
        }
    }
}

/// The search time for a fixed time per move (XBoard's `st`, UCI's
/// `movetime`, byoyomi): the time less a tenth and 50 ms, never less than
/// half of it — `st 1` searches at most 850 ms, so that the move arrives
/// within the second however the search ends and however busy the machine.
pub fn fixed_budget(ms: u64) -> u64 {
    ms.saturating_sub(ms / 10 + 50).max(ms / 2).max(1)
}

/// The times for one move from a clock (milliseconds), `overhead` the
/// time each move costs besides its search. The time left and the
/// increments of the moves to go (at most `horizon`, the moves the game is
/// planned over without a moves-to-go: [`horizon`]),
/// less the overhead of each of them and two more (without moves to go,
/// also the part of the overhead the increment does not pay for, of as
/// many moves again), make the usable time;
/// the move aims at its share of it and may take five times that, never
/// more than four fifths of the time left less the overhead. Byoyomi,
/// spent whole each move, is added to both ([`fixed_budget`], less the
/// overhead). `None` when there is no clock at all.
pub fn clock_budget(
    left: Option<u64>,
    inc: u64,
    moves_to_go: Option<u64>,
    byoyomi: u64,
    overhead: u64,
    horizon: u64,
) -> Option<Budget> {
    let main = left.map(|t| {
        let mtg = moves_to_go.unwrap_or(horizon).clamp(1, horizon.max(1));
        // Without moves to go the game may last well past the horizon:
        // for as many moves again, the overhead their increment does not
        // pay for is kept too (in sudden death, all of it).
        let beyond = if moves_to_go.is_some() {
            0
        } else {
            overhead.saturating_sub(inc).saturating_mul(mtg)
        };
        let reserved = overhead.saturating_mul(mtg + 2).saturating_add(beyond);
        let usable = (t + inc.saturating_mul(mtg - 1)).saturating_sub(reserved);
        let soft = (usable / mtg).max(1);
        let most = (t * 4 / 5).saturating_sub(overhead).max(1);
        Budget {
            soft: soft.min(most),
            hard: soft.saturating_mul(5).min(most),
        }
    });
    match (main, byoyomi) {
        (None, 0) => None,
        (m, 0) => m,
        (m, b) => {
            let extra = fixed_budget(b).saturating_sub(overhead).max(1);
            let m = m.unwrap_or(Budget { soft: 0, hard: 0 });
            Some(Budget {
                soft: m.soft + extra,
                hard: m.hard + extra,
            })
        }
    }
}

/// The engine's times for one move from a game's clock ([`clock_budget`]),
/// `overhead` what its moves have cost besides the search (measured).
pub fn game_budget(c: ClockView, overhead: Duration, horizon: u64) -> Budget {
    let ms = |d: Duration| d.as_millis() as u64;
    let overhead = ms(overhead).max(DEFAULT_OVERHEAD_MS / 2);
    clock_budget(
        Some(ms(c.mine)),
        ms(c.control.inc),
        None,
        ms(c.control.byoyomi),
        overhead,
        horizon,
    )
    .unwrap_or(Budget::fixed(1))
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
    fn clocks_share_the_time_left_less_the_overheads() {
        assert_eq!(clock_budget(None, 0, None, 0, 20, HORIZON), None);
        // Sudden death: a fiftieth of what the next 102 overheads leave.
        assert_eq!(
            clock_budget(Some(10_000), 0, None, 0, 20, HORIZON),
            Some(Budget { soft: 159, hard: 795 })
        );
        // Moves to go: their share; the last move may take most of the time.
        assert_eq!(
            clock_budget(Some(10_000), 0, Some(5), 0, 20, HORIZON),
            Some(Budget {
                soft: 1972,
                hard: 7980
            })
        );
        assert_eq!(
            clock_budget(Some(10_000), 0, Some(1), 0, 20, HORIZON),
            Some(Budget {
                soft: 7980,
                hard: 7980
            })
        );
        // The increment of the moves to come is counted, and where it pays
        // for the overhead, no more is kept past the horizon.
        assert_eq!(
            clock_budget(Some(1000), 100, None, 0, 20, HORIZON),
            Some(Budget { soft: 97, hard: 485 })
        );
        assert_eq!(
            clock_budget(Some(2000), 10, None, 0, 20, HORIZON),
            Some(Budget { soft: 19, hard: 95 })
        );
        // Little time left: an instant move, and never past the clock.
        assert_eq!(
            clock_budget(Some(100), 0, None, 0, 20, HORIZON),
            Some(Budget { soft: 1, hard: 5 })
        );
        assert_eq!(
            clock_budget(Some(10), 0, None, 0, 20, HORIZON),
            Some(Budget { soft: 1, hard: 1 })
        );
        assert_eq!(
            clock_budget(Some(0), 0, None, 0, 20, HORIZON),
            Some(Budget { soft: 1, hard: 1 })
        );
        // Byoyomi alone, and on top of the main time.
        assert_eq!(
            clock_budget(Some(0), 0, None, 1000, 20, HORIZON),
            Some(Budget { soft: 831, hard: 831 })
        );
        assert_eq!(
            clock_budget(None, 0, None, 1000, 20, HORIZON),
            Some(Budget::fixed(830))
        );
        assert_eq!(
            clock_budget(Some(40_000), 0, None, 1000, 20, HORIZON),
            Some(Budget {
                soft: 759 + 830,
                hard: 3795 + 830
            })
        );
    }

    #[test]
    fn a_sudden_death_game_of_many_moves_keeps_time_for_each() {
        // 300 moves at 10 s a game, each costing 10 ms besides its search
        // (spending its whole soft time): the clock never runs out.
        let mut left: u64 = 10_000;
        for _ in 0..300 {
            let b = clock_budget(Some(left), 0, None, 0, 20, HORIZON).unwrap();
            left = left.checked_sub(b.soft + 10).expect("time left");
        }
        assert!(left > 0);
    }

    #[test]
    fn an_increment_that_pays_the_overhead_is_spent_over_a_long_game() {
        // Ko shogi at 2 s + 20 ms (planned over 200 moves), each move
        // costing 20 ms besides its search: the first 100 moves search 5 ms
        // or more (before, 1 ms), and 400 moves never run out of time.
        let mut left: u64 = 2000;
        for n in 0..400 {
            let b = clock_budget(Some(left), 20, None, 0, 20, 200).unwrap();
            assert!(b.soft >= 5 || n >= 100, "move {n}: {b:?} with {left} ms left");
            assert!(b.hard < left, "{b:?} with {left} ms left");
            left = (left + 20).checked_sub(b.soft + 20).expect("time left");
        }
    }
}
