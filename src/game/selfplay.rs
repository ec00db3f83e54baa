//! Seeded self-play, shared by `chimera tune` and `chimera train`: games
//! numbered so that game `i` is the same game, move for move, whichever
//! thread, process or machine plays it, and in whatever order.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rand::{Rng, SeedableRng, rngs::StdRng};

use super::Game;
use super::players::MAX_DEPTH;
use super::search::{Limits, SearchReport, Searcher};
use crate::engine::{Color, Move, Position, Variant};

/// How the games go.
#[derive(Clone, Debug)]
pub struct Rules {
    /// Nodes a move (a node limit keeps games repeatable).
    pub nodes: u64,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    /// Random plies opening each game.
    pub random_plies: usize,
    /// Positions the games start from, game `i` from the `i`-th (modulo
    /// their number) before its random plies; empty: the variant's start.
    pub starts: Arc<Vec<Position>>,
    /// Seed of the openings.
    pub seed: u64,
    /// Set from another thread to end the game at once (Ctrl-C in
    /// Python): the search stops, no move follows, no winner.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Rules {
    /// Whether the games are to stop.
    pub fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// Plays game `i`: its start (of `rules.starts`, else the variant's), its
/// random opening from its own seed, then the
/// searcher's moves to a result or `rules.max_plies`. `seen` hears of each
/// searched position before its move is played (the searcher, the game,
/// the side to move, the search's report, the move). Returns the winner.
pub fn play_one(
    v: &Arc<Variant>,
    searcher: &mut Searcher,
    rules: &Rules,
    i: usize,
    seen: &mut dyn FnMut(&Searcher, &Game, Color, &SearchReport, Move),
) -> Option<Color> {
    let mut rng = StdRng::seed_from_u64(rules.seed.wrapping_mul(0x9e37_79b9).wrapping_add(i as u64));
    let mut game = match rules.starts.len() {
        0 => Game::from_start(v),
        n => Game::new(rules.starts[i % n].clone()),
    };
    for _ in 0..rules.random_plies {
        let moves = game.legal_moves();
        if moves.is_empty() || game.result().is_some() {
            break;
        }
        game.play(moves[rng.random_range(0..moves.len())]);
    }
    searcher.clear();
    let limits = Limits {
        depth: MAX_DEPTH,
        nodes: Some(rules.nodes),
        stop: rules.stop.clone(),
        ..Limits::default()
    };
    while game.result().is_none() && game.moves().len() < rules.max_plies {
        let side = game.side_to_move();
        let line = game.line();
        let report = searcher.search(&mut game.pos, limits.clone(), line.history());
        if rules.stopped() {
            return None;
        }
        let Some(m) = report.best else { break };
        seen(searcher, &game, side, &report, m);
        game.play(m);
    }
    game.result().and_then(|r| r.winner)
}

/// Runs `each(searcher, i)` for every game number in `games` on `threads`
/// threads, each with its own searcher from `searcher`; `progress` hears of
/// each finished game. The results come back in game order.
pub fn in_parallel<T: Send>(
    games: std::ops::Range<usize>,
    threads: usize,
    searcher: &(dyn Fn() -> Searcher + Sync),
    each: &(dyn Fn(&mut Searcher, usize) -> T + Sync),
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<T> {
    let next = AtomicUsize::new(games.start);
    let threads = threads.clamp(1, games.len().max(1));
    let mut parts: Vec<(usize, T)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut searcher = searcher();
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= games.end {
                            break;
                        }
                        out.push((i, each(&mut searcher, i)));
                        progress(i + 1);
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .filter_map(|h| h.join().ok())
            .flatten()
            .collect()
    });
    parts.sort_by_key(|p| p.0);
    parts.into_iter().map(|p| p.1).collect()
}

/// The index of an outcome: 0 the first player won, 1 a draw, 2 the
/// second won.
pub fn outcome_index(winner: Option<Color>) -> usize {
    match winner {
        Some(Color::First) => 0,
        None => 1,
        Some(_) => 2,
    }
}

/// The result of a game for `side`: 1 a win, ½ a draw, 0 a loss.
pub fn result_for(winner: Option<Color>, side: Color) -> f64 {
    match winner {
        None => 0.5,
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
    }
}
