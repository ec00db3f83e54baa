//! Training data from self-play: positions with the search's score and the
//! game's result.
//!
//! A sample is one line of text: the position in the variant's own
//! position text, the score of a search from it (centipawns, for the side
//! to move), and the game's result for the side to move (`1`, `0.5`, `0`),
//! separated by tabs. Text keeps the data readable, independent of the
//! network's layout, and easy to merge from many machines.

use std::sync::Arc;

use super::Network;
use crate::engine::{Color, Position, Variant};
use crate::game::search::Searcher;
use crate::game::selfplay::{self, Rules};

/// How self-play games are played.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Nodes a move (a node limit keeps games repeatable).
    pub nodes: u64,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    /// Random plies opening each game.
    pub random_plies: usize,
    /// Positions the games start from, game `i` from the `i`-th (modulo
    /// their number); empty: the variant's start.
    pub starts: Arc<Vec<Position>>,
    /// Seed of the openings: game `i` is played from its own seed.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            nodes: 5000,
            max_plies: 400,
            random_plies: 8,
            starts: Arc::default(),
            seed: 1,
            threads: 1,
        }
    }
}

/// Scores beyond this many centipawns (mates among them) are not kept:
/// they say more about the search than about the position.
pub const MAX_SCORE: i32 = 4000;

/// What some games gave.
#[derive(Clone, Debug, Default)]
pub struct Played {
    /// Sample lines, in game order.
    pub lines: Vec<String>,
    /// Games won by the first player, drawn, won by the second.
    pub outcomes: [usize; 3],
}

/// Plays the games numbered `games` (each from its own seed: the same
/// games wherever and in whatever order they are played), with the network
/// `net` or the weights of the rules file; `progress` hears of each game.
pub fn play(
    v: &Arc<Variant>,
    net: Option<&Arc<Network>>,
    opts: &PlayOptions,
    games: std::ops::Range<usize>,
    progress: &(dyn Fn() + Sync),
) -> Played {
    let rules = Rules {
        nodes: opts.nodes,
        max_plies: opts.max_plies,
        random_plies: opts.random_plies,
        starts: opts.starts.clone(),
        seed: opts.seed,
        stop: None,
    };
    let searcher = || {
        let mut s = Searcher::with_hash(v, 8);
        s.set_network(net.cloned());
        s
    };
    let each = |searcher: &mut Searcher, i: usize| one_game(v, searcher, &rules, i);
    let mut played = Played::default();
    for (lines, outcome) in selfplay::in_parallel(games, opts.threads, &searcher, &each, &|_| progress()) {
        played.lines.extend(lines);
        played.outcomes[outcome] += 1;
    }
    played
}

/// One game: its sample lines and its outcome (0 the first player won, 1
/// a draw, 2 the second won).
fn one_game(v: &Arc<Variant>, searcher: &mut Searcher, rules: &Rules, i: usize) -> (Vec<String>, usize) {
    let mut kept: Vec<(String, i32, Color)> = Vec::new();
    let winner = selfplay::play_one(v, searcher, rules, i, &mut |_, game, side, report, m| {
        // Quiet positions: not in check, a quiet move chosen, the score
        // not a mate's.
        if !game.pos.in_check(side)
            && !m.is_capture()
            && m.promotion().is_none()
            && report.score.abs() < MAX_SCORE
        {
            kept.push((game.pos.to_text(), report.score, side));
        }
    });
    let lines = kept
        .into_iter()
        .map(|(text, score, side)| {
            let result = match winner {
                None => "0.5",
                Some(w) if w == side => "1",
                Some(_) => "0",
            };
            format!("{text}\t{score}\t{result}")
        })
        .collect();
    (lines, selfplay::outcome_index(winner))
}

/// A sample read back: the position, the score, the result for the side
/// to move.
pub fn parse_line(v: &Arc<Variant>, line: &str) -> Result<(Position, i32, f32), String> {
    let mut parts = line.split('\t');
    let (Some(text), Some(score), Some(result), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err("a sample is three fields separated by tabs: position, score, result".into());
    };
    let pos = Position::from_text(v, text).map_err(|e| format!("the position: {e}"))?;
    let score: i32 = score
        .trim()
        .parse()
        .map_err(|_| format!("the score `{score}` is not a whole number"))?;
    let result = match result.trim() {
        "1" => 1.0,
        "0.5" => 0.5,
        "0" => 0.0,
        r => return Err(format!("the result `{r}` is not 1, 0.5 or 0")),
    };
    Ok((pos, score, result))
}
