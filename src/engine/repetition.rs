//! Repetition: the rule applied to a game's history (with perpetual check
//! where the history tracks checks, a hook's ruling on a chase, the
//! variant's settling of draws), and the moves a variant that forbids
//! repeating may not make. [`super::end::judge`] and the search ask the
//! same functions.

use super::moves::Move;
use super::outcome::{GameResult, History, Reason};
use super::position::Position;
use super::types::Color;
use super::variant::{RepetitionResult, Variant};

/// The repetition rule applied to a history whose last entry is the current
/// position, with `to_move` to move there.
pub fn repetition(v: &Variant, history: &History, to_move: Color) -> Option<GameResult> {
    repetition_span(v, history, to_move).map(|(r, _)| r)
}

/// [`repetition`], with how many plies back the repetition's first
/// occurrence stands.
fn repetition_span(v: &Variant, history: &History, to_move: Color) -> Option<(GameResult, usize)> {
    let rule = v.end.repetition?;
    if matches!(rule.result, RepetitionResult::Illegal { .. }) {
        // Forbidden moves are never played (`forbidden_repetition`).
        return None;
    }
    let hashes = history.hashes;
    let last = *hashes.last()?;
    let n = hashes.len() - 1; // moves played
    if n == 0 {
        return None;
    }
    let mut occurrences = 0u32;
    let mut first = n;
    // Only positions with the same side to move can be equal.
    let mut i = n as isize;
    while i >= 0 {
        if hashes[i as usize] == last {
            occurrences += 1;
            first = i as usize;
        }
        i -= 2;
    }
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
    let (r, plies) = repetition_span(&pos.v, history, pos.side)?;
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
/// [`History::hashes`]).
pub fn forbidden_repetition(pos: &mut Position, hashes: &[u64], m: Move) -> bool {
    if !repetition_forbids_moves(&pos.v) || hashes.len() < 2 {
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
pub fn completes_forbidden_repetition(v: &Variant, hashes: &[u64], after: u64, mover_in_check: bool) -> bool {
    let Some(rule) = v.end.repetition else {
        return false;
    };
    let RepetitionResult::Illegal { allowed_in_check } = rule.result else {
        return false;
    };
    if allowed_in_check && mover_in_check {
        return false;
    }
    // The new position would be entry `hashes.len()`; entries two, four, …
    // before it have the same side to move.
    let earlier = hashes
        .iter()
        .rev()
        .skip(1)
        .step_by(2)
        .filter(|&&h| h == after)
        .count();
    earlier as u32 + 1 >= rule.count
}

/// Removes from `moves` those [`forbidden_repetition`] forbids.
pub fn drop_forbidden_repetitions(pos: &mut Position, hashes: &[u64], moves: &mut Vec<Move>) {
    if repetition_forbids_moves(&pos.v) {
        moves.retain(|&m| !forbidden_repetition(pos, hashes, m));
    }
}
