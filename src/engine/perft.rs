//! Perft: the number of leaf nodes of the legal move tree, the standard test of
//! a move generator. The last ply is counted from the move list (bulk counting).

use super::moves::Move;
use super::position::Position;

/// Counts the leaf nodes of the legal move tree `depth` plies deep.
///
/// ```
/// use chimera::{Position, perft};
/// let chess = chimera::load_str("chess.toml", include_str!("../../variants/chess.toml"))?;
/// let mut pos = Position::start(&chess);
/// assert_eq!(perft(&mut pos, 3), 8_902);
/// # Ok::<(), Box<chimera::Diagnostic>>(())
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut bufs: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(128)).collect();
    perft_inner(pos, depth, &mut bufs)
}

/// Perft as Fairy-Stockfish counts it: a drop that mates counts as a legal
/// move even where a drop-mate ban forbids it (shogi's uchifuzume). Used to
/// show that where the two engines' counts differ, these drops are the whole
/// difference.
pub fn perft_counting_drop_mates(pos: &mut Position, depth: u32) -> u64 {
    let was = pos.drop_mates_allowed;
    pos.drop_mates_allowed = true;
    let n = perft(pos, depth);
    pos.drop_mates_allowed = was;
    n
}

fn perft_inner(pos: &mut Position, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((head, tail)) = bufs.split_first_mut() else {
        return 0;
    };
    pos.legal_moves(head);
    if depth == 1 {
        return head.len() as u64;
    }
    let mut n = 0;
    for i in 0..head.len() {
        let m = head[i];
        pos.make(m);
        n += perft_inner(pos, depth - 1, tail);
        pos.unmake();
    }
    n
}

/// Perft below each legal move of `pos`, on `threads` threads: each takes
/// the next root move not yet counted, so the counts are those of [`perft`]
/// whatever the threads. Returns each move with its count; `done(m, n)` is
/// called as move `m` is counted (`n` nodes), from the thread that counted
/// it. `depth` is the depth from `pos` (at least 1).
pub fn perft_divide(
    pos: &Position,
    depth: u32,
    threads: usize,
    done: &(dyn Fn(Move, u64) + Sync),
) -> Vec<(Move, u64)> {
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
    let moves = pos.clone().legal_move_list();
    let counts: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
    let next = AtomicUsize::new(0);
    let below = depth.saturating_sub(1);
    // One thread: this one (where threads cannot be started, as in a
    // browser, none is asked for).
    if threads <= 1 || moves.len() <= 1 {
        let mut p = pos.clone();
        let mut bufs: Vec<Vec<Move>> = (0..=below).map(|_| Vec::with_capacity(128)).collect();
        return moves
            .into_iter()
            .map(|m| {
                p.make(m);
                let n = perft_inner(&mut p, below, &mut bufs);
                p.unmake();
                done(m, n);
                (m, n)
            })
            .collect();
    }
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, moves.len().max(1)) {
            let mut p = pos.clone();
            let (moves, counts, next) = (&moves, &counts, &next);
            s.spawn(move || {
                let mut bufs: Vec<Vec<Move>> = (0..=below).map(|_| Vec::with_capacity(128)).collect();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&m) = moves.get(i) else { break };
                    p.make(m);
                    let n = perft_inner(&mut p, below, &mut bufs);
                    p.unmake();
                    counts[i].store(n, Ordering::Relaxed);
                    done(m, n);
                }
            });
        }
    });
    moves
        .into_iter()
        .zip(counts.into_iter().map(AtomicU64::into_inner))
        .collect()
}

/// [`perft`] that gives up as soon as `stop` is set (looked at on every
/// node above the last ply, so within moments at any depth): `None` then.
/// The position is left as it was either way. Its buffers grow with the
/// depth the walk reaches, not the depth asked (`u32::MAX` allocates
/// nothing up front); the walk itself recurses once a ply, so a caller
/// bounds `depth` by its stack.
pub fn perft_until(pos: &mut Position, depth: u32, stop: &std::sync::atomic::AtomicBool) -> Option<u64> {
    perft_asking(pos, depth, &mut || {
        stop.load(std::sync::atomic::Ordering::Relaxed)
    })
}

/// [`perft_until`] asking `stop` instead of reading a flag: on every node
/// above the last ply, the walk gives up (`None`) once it answers true. A
/// host without threads (WebAssembly) stops a walk by its clock so.
pub fn perft_asking(pos: &mut Position, depth: u32, stop: &mut impl FnMut() -> bool) -> Option<u64> {
    let mut bufs = Vec::new();
    perft_stoppable(pos, depth, 0, &mut bufs, stop)
}

fn perft_stoppable(
    pos: &mut Position,
    depth: u32,
    level: usize,
    bufs: &mut Vec<Vec<Move>>,
    stop: &mut impl FnMut() -> bool,
) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    if stop() {
        return None;
    }
    if bufs.len() <= level {
        bufs.push(Vec::with_capacity(128));
    }
    let mut head = std::mem::take(&mut bufs[level]);
    pos.legal_moves(&mut head);
    let mut n = 0;
    if depth == 1 {
        n = head.len() as u64;
    } else {
        for &m in &head {
            pos.make(m);
            let below = perft_stoppable(pos, depth - 1, level + 1, bufs, stop);
            pos.unmake();
            n += below?;
        }
    }
    bufs[level] = head;
    Some(n)
}

/// Perft by turns: the number of ways to play `depth` whole turns, a turn
/// being all the moves a player makes before the other is to move (where
/// turns are one move, [`perft`]). A turn cut short because the player has
/// no move left in its middle (the game is over there) counts as one.
pub fn perft_turns(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    turn_rest(pos, depth, true)
}

/// Perft by turns below each legal move of `pos` (the first move of the
/// turn, or the next move of a turn already begun).
pub fn perft_turns_divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let us = pos.side_to_move();
    let moves = pos.legal_move_list();
    moves
        .into_iter()
        .map(|m| {
            pos.make(m);
            let n = if pos.side_to_move() != us {
                perft_turns(pos, depth.saturating_sub(1))
            } else {
                turn_rest(pos, depth, false)
            };
            pos.unmake();
            (m, n)
        })
        .collect()
}

/// The rest of the side to move's turn, then `depth - 1` more turns;
/// `start` at the turn's first move.
fn turn_rest(pos: &mut Position, depth: u32, start: bool) -> u64 {
    let us = pos.side_to_move();
    let moves = pos.legal_move_list();
    if moves.is_empty() {
        return u64::from(!start && depth == 1);
    }
    if depth == 1 && pos.moves_left_in_turn() == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for m in moves {
        pos.make(m);
        n += if pos.side_to_move() != us {
            perft_turns(pos, depth - 1)
        } else {
            turn_rest(pos, depth, false)
        };
        pos.unmake();
    }
    n
}
