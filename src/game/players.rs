//! Players: a human at the terminal, a seeded random mover, and the engine.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::time::Duration;

use rand::{Rng, SeedableRng, rngs::StdRng};

use super::Game;
use super::search::{Limits, Searcher};
use crate::display::board_text;
use crate::engine::Move;
use crate::engine::movetext::format_move;

/// What a player does on its turn.
pub enum Action {
    Move(Move),
    Resign,
    /// Take back the last own move (and the opponent's reply).
    Undo,
    /// Stop the program.
    Quit,
}

pub trait Player {
    fn name(&self) -> String;
    fn act(&mut self, game: &mut Game) -> Action;
    /// Extra information about the last decision (engine search figures).
    fn last_info(&self) -> Option<String> {
        None
    }
}

/// A player description from the command line: `human`, `random`,
/// `engine`, `engine:depth=4`, `engine:movetime=500`.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    Human,
    Random,
    Engine { depth: i32, movetime: Option<u64> },
}

impl PlayerSpec {
    pub fn parse(s: &str, default_depth: i32, default_movetime: Option<u64>) -> Result<PlayerSpec, String> {
        let (kind, opts) = s.split_once(':').unwrap_or((s, ""));
        match kind {
            "human" => Ok(PlayerSpec::Human),
            "random" => Ok(PlayerSpec::Random),
            "engine" => {
                let (mut depth, mut movetime) = (default_depth, default_movetime);
                for opt in opts.split(',').filter(|o| !o.is_empty()) {
                    let (k, val) = opt
                        .split_once('=')
                        .ok_or_else(|| format!("`{opt}`: write key=value"))?;
                    let n: u64 = val
                        .parse()
                        .map_err(|_| format!("`{opt}`: {val} is not a number"))?;
                    match k {
                        "depth" => depth = n.clamp(1, 64) as i32,
                        "movetime" => movetime = Some(n),
                        _ => return Err(format!("unknown engine option `{k}` (depth, movetime)")),
                    }
                }
                Ok(PlayerSpec::Engine { depth, movetime })
            }
            _ => Err(format!(
                "unknown player `{s}`: use human, random, engine or engine:depth=N,movetime=MS"
            )),
        }
    }

    pub fn describe(&self) -> String {
        match self {
            PlayerSpec::Human => "human".into(),
            PlayerSpec::Random => "random".into(),
            PlayerSpec::Engine {
                depth,
                movetime: None,
            } => format!("engine:depth={depth}"),
            PlayerSpec::Engine {
                depth,
                movetime: Some(t),
            } => format!("engine:depth={depth},movetime={t}"),
        }
    }
}

pub struct RandomPlayer {
    rng: StdRng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: StdRng::seed_from_u64(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }
    fn act(&mut self, game: &mut Game) -> Action {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Action::Resign;
        }
        Action::Move(moves[self.rng.random_range(0..moves.len())])
    }
}

pub struct EnginePlayer {
    searcher: Searcher,
    limits: Limits,
    info: Option<String>,
}

impl EnginePlayer {
    pub fn new(v: &Arc<crate::engine::Variant>, depth: i32, movetime: Option<u64>) -> Self {
        EnginePlayer {
            searcher: Searcher::new(v),
            limits: Limits {
                depth,
                movetime: movetime.map(Duration::from_millis),
            },
            info: None,
        }
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> String {
        format!("engine depth {}", self.limits.depth)
    }
    fn act(&mut self, game: &mut Game) -> Action {
        let history = game.hashes().to_vec();
        let r = self.searcher.search(&mut game.pos, self.limits, &history);
        let secs = r.elapsed.as_secs_f64().max(1e-6);
        self.info = Some(format!(
            "depth {} score {} nodes {} time {:.2}s ({:.0} nodes/s)",
            r.depth,
            r.score,
            r.nodes,
            secs,
            r.nodes as f64 / secs
        ));
        match r.best {
            Some(m) => Action::Move(m),
            None => Action::Resign,
        }
    }
    fn last_info(&self) -> Option<String> {
        self.info.clone()
    }
}

/// A human at a terminal (or any reader/writer: tests script it).
pub struct HumanPlayer<R: BufRead, W: Write> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> HumanPlayer<R, W> {
    pub fn new(input: R, output: W) -> Self {
        HumanPlayer { input, output }
    }
}

pub const HUMAN_HELP: &str = "Type a move (canonical e2e4 / e7e8=Q / P*e5 / Ko@a1, UCI e7e8q, or USI 7g7f+),\n\
or: moves (list legal moves), board, undo, resign, quit, help.";

impl<R: BufRead, W: Write> Player for HumanPlayer<R, W> {
    fn name(&self) -> String {
        "human".into()
    }
    fn act(&mut self, game: &mut Game) -> Action {
        let side = game.variant().side_names[game.pos.side].clone();
        loop {
            let _ = write!(self.output, "{side}> ");
            let _ = self.output.flush();
            let mut line = String::new();
            match self.input.read_line(&mut line) {
                Ok(0) | Err(_) => return Action::Quit,
                Ok(_) => {}
            }
            let cmd = line.trim();
            match cmd {
                "" => continue,
                "help" | "?" => {
                    let _ = writeln!(self.output, "{HUMAN_HELP}");
                }
                "moves" => {
                    let moves = game.legal_moves();
                    let mut names: Vec<String> = moves.iter().map(|m| format_move(&game.pos, m)).collect();
                    names.sort();
                    let _ = writeln!(self.output, "{} legal moves: {}", names.len(), names.join(" "));
                }
                "board" => {
                    let _ = write!(self.output, "{}", board_text(&game.pos));
                }
                "undo" => return Action::Undo,
                "resign" => return Action::Resign,
                "quit" | "exit" => return Action::Quit,
                text => match crate::engine::movetext::parse_move(&mut game.pos, text) {
                    Ok(m) => return Action::Move(m),
                    Err(e) => {
                        let _ = writeln!(
                            self.output,
                            "{e}. Type `moves` for the legal moves, `help` for help."
                        );
                    }
                },
            }
        }
    }
}
