//! Repetition: the rule applied to a game's history (with perpetual check
//! where the history tracks checks, a hook's ruling on a chase, the
//! variant's settling of draws), and the moves a variant that forbids
//! repeating may not make. [`super::end::judge`] and the search ask the
//! same functions.
//!
//! How often a position stood before is asked of a [`Lookback`]: the
//! game's hashes scanned (a search's path), or [`Repetitions`], counts a
//! game keeps as it goes, so that a long game replays in linear time
//! (issue 45: a chu shogi game of 100,000 plies scanned its whole past at
//! every move).

use rustc_hash::FxHashMap;

use super::moves::Move;
use super::outcome::{GameResult, History, Reason};
use super::position::Position;
use super::types::Color;
use super::variant::{RepetitionResult, Variant};

/// A game's positions as the repetition rules look back on them: how many
/// there are, and how often a position stood.
pub trait Lookback {
    /// The positions so far, the start and one after each move.
    fn positions(&self) -> usize;

    /// How many of the positions at indices of `parity`'s parity (two,
    /// four, … plies apart: only positions with the same side to move can
    /// be equal) have the hash `hash`, and the index of the first of them.
    fn seen(&self, hash: u64, parity: usize) -> (u32, usize);
}

impl Lookback for [u64] {
    fn positions(&self) -> usize {
        self.len()
    }

    fn seen(&self, hash: u64, parity: usize) -> (u32, usize) {
        let mut count = 0u32;
        let mut first = usize::MAX;
        for i in (parity % 2..self.len()).step_by(2) {
            if self[i] == hash {
                count += 1;
                first = first.min(i);
            }
        }
        (count, first)
    }
}

impl Lookback for Vec<u64> {
    fn positions(&self) -> usize {
        self.len()
    }

    fn seen(&self, hash: u64, parity: usize) -> (u32, usize) {
        self.as_slice().seen(hash, parity)
    }
}

impl<const N: usize> Lookback for [u64; N] {
    fn positions(&self) -> usize {
        N
    }

    fn seen(&self, hash: u64, parity: usize) -> (u32, usize) {
        self.as_slice().seen(hash, parity)
    }
}

/// How often each position of a game has stood, kept move by move
/// ([`Repetitions::push`], [`Repetitions::pop`]): the repetition rules ask
/// one lookup instead of scanning the game.
#[derive(Clone, Debug, Default)]
pub struct Repetitions {
    /// (hash, the parity of its index) → (times seen, the first index).
    seen: FxHashMap<(u64, bool), (u32, usize)>,
    positions: usize,
}

impl Repetitions {
    /// The counts of a game's hashes, the start first.
    pub fn new(hashes: &[u64]) -> Repetitions {
        let mut r = Repetitions::default();
        for &h in hashes {
            r.push(h);
        }
        r
    }

    /// The position after the next move (or the start).
    pub fn push(&mut self, hash: u64) {
        let at = self.positions;
        self.seen.entry((hash, at % 2 == 1)).or_insert((0, at)).0 += 1;
        self.positions += 1;
    }

    /// Takes back the last position, whose hash is `hash`.
    pub fn pop(&mut self, hash: u64) {
        let Some(at) = self.positions.checked_sub(1) else {
            return;
        };
        let key = (hash, at % 2 == 1);
        if let Some(e) = self.seen.get_mut(&key) {
            e.0 -= 1;
            if e.0 == 0 {
                self.seen.remove(&key);
            }
        }
        self.positions = at;
    }
}

impl Lookback for Repetitions {
    fn positions(&self) -> usize {
        self.positions
    }

    fn seen(&self, hash: u64, parity: usize) -> (u32, usize) {
        self.seen
            .get(&(hash, parity % 2 == 1))
            .copied()
            .unwrap_or((0, usize::MAX))
    }
}

/// The repetition rule applied to a history whose last entry is the current
/// position, with `to_move` to move there.
pub fn repetition(v: &Variant, history: &History, to_move: Color) -> Option<GameResult> {
    repetition_span(v, history, history.hashes, to_move).map(|(r, _)| r)
}

/// [`repetition`], with how many plies back the repetition's first
/// occurrence stands; `seen` counts the history's positions.
fn repetition_span(
    v: &Variant,
    history: &History,
    seen: &(impl Lookback + ?Sized),
    to_move: Color,
) -> Option<(GameResult, usize)> {
    let rule = v.end.repetition?;
    if matches!(rule.result, RepetitionResult::Illegal { .. }) {
        // Forbidden moves are never played (`forbidden_repetition`).
        return None;
    }
    let last = *history.hashes.last()?;
    let n = history.hashes.len() - 1; // moves played
    if n == 0 {
        return None;
    }
    let (occurrences, first) = seen.seen(last, n);
    if occurrences < rule.count {
        return None;
    }
    // The mover of the move that completed the repetition.
    let mover = !to_move;
    if rule.perpetual_check_loses
        && let Some(checks) = history.checks
    {
        // Moves after the first occurrence: indices first..n; move i was made
        // by `mover` when n - i is odd.
        let perpetual = |side: Color| {
            let own: Vec<bool> = (first..n)
                .filter(|i| (if (n - i) % 2 == 1 { mover } else { !mover }) == side)
                .map(|i| checks.get(i).copied().unwrap_or(false))
                .collect();
            !own.is_empty() && own.iter().all(|&c| c)
        };
        // Both sides checking with every move: the checks cancel out and
        // the repetition draws (the Asian rules; Fairy-Stockfish too).
        match (perpetual(mover), perpetual(!mover)) {
            (true, true) => return Some((GameResult::draw(Reason::PerpetualCheck), n - first)),
            (true, false) => return Some((GameResult::win(!mover, Reason::PerpetualCheck), n - first)),
            (false, true) => return Some((GameResult::win(mover, Reason::PerpetualCheck), n - first)),
            (false, false) => {}
        }
    }
    let result = match rule.result {
        RepetitionResult::Draw => GameResult::draw(Reason::Repetition),
        RepetitionResult::MoverLoses => GameResult::win(!mover, Reason::Repetition),
        RepetitionResult::MoverWins => GameResult::win(mover, Reason::Repetition),
        RepetitionResult::Loses(c) => GameResult::win(!c, Reason::Repetition),
        RepetitionResult::Illegal { .. } => return None,
    };
    Some((result, n - first))
}

/// The result by repetition at `pos` after `history` (whose last entry is
/// `pos`), as [`judge`] rules it: the repetition rule with perpetual check
/// where the history tracks checks, a hook's ruling on a repetition no side
/// checked through (a chase), and the variant's settling of draws. A
/// search asks this at every node to score repetitions as the game would.
pub fn repetition_result(pos: &Position, history: &History) -> Option<GameResult> {
    repetition_result_seen(pos, history, history.hashes)
}

/// [`repetition_result`], with `seen` counting the history's positions.
pub(super) fn repetition_result_seen(
    pos: &Position,
    history: &History,
    seen: &(impl Lookback + ?Sized),
) -> Option<GameResult> {
    let (r, plies) = repetition_span(&pos.v, history, seen, pos.side)?;
    // A hook may decide a repetition no side checked through (a chase).
    let hooked = (r.reason == Reason::Repetition && pos.stack.len() >= plies)
        .then(|| pos.v.hooks.iter().find_map(|h| h.repetition(pos, plies)))
        .flatten();
    Some(hooked.unwrap_or_else(|| pos.settle(r)))
}

/// Whether the variant forbids moves that repeat (`repetition = { result =
/// "illegal" }`): legality then depends on the game's history, and only
/// [`forbidden_repetition`] with that history tells a legal move.
pub fn repetition_forbids_moves(v: &Variant) -> bool {
    v.end
        .repetition
        .is_some_and(|r| matches!(r.result, RepetitionResult::Illegal { .. }))
}

/// Whether `m`, legal at `pos` as far as the position alone tells, may not
/// be played because it would complete a repetition the variant forbids.
/// `hashes` are the game's positions, the current one last (as
/// [`History::hashes`]), or a game's [`Repetitions`].
pub fn forbidden_repetition(pos: &mut Position, hashes: &(impl Lookback + ?Sized), m: Move) -> bool {
    if !repetition_forbids_moves(&pos.v) || hashes.positions() < 2 {
        return false;
    }
    let in_check = pos.in_check(pos.side);
    pos.make(m);
    let after = pos.hash();
    pos.unmake();
    completes_forbidden_repetition(&pos.v, hashes, after, in_check)
}

/// Whether reaching the position hashed `after` from the last of `hashes`
/// (the game's positions so far) completes a repetition the variant
/// forbids; `mover_in_check` says whether the mover was in check.
pub fn completes_forbidden_repetition(
    v: &Variant,
    hashes: &(impl Lookback + ?Sized),
    after: u64,
    mover_in_check: bool,
) -> bool {
    let Some(rule) = v.end.repetition else {
        return false;
    };
    let RepetitionResult::Illegal { allowed_in_check } = rule.result else {
        return false;
    };
    if allowed_in_check && mover_in_check {
        return false;
    }
    // The new position would be entry `hashes.positions()`; entries two,
    // four, … before it have the same side to move.
    let (earlier, _) = hashes.seen(after, hashes.positions());
    earlier + 1 >= rule.count
}

/// Removes from `moves` those [`forbidden_repetition`] forbids.
pub fn drop_forbidden_repetitions(
    pos: &mut Position,
    hashes: &(impl Lookback + ?Sized),
    moves: &mut Vec<Move>,
) {
    if repetition_forbids_moves(&pos.v) {
        moves.retain(|&m| !forbidden_repetition(pos, hashes, m));
    }
}
