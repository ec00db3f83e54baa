//! Players: a human at the terminal, a seeded random mover, and the engine.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::time::Duration;

use rand::{Rng, SeedableRng, rngs::StdRng};

use super::Game;
use super::external::{EngineSpec, Protocol};
use super::search::{Limits, SearchReport, Searcher};
use crate::clock::Instant;
use crate::display::board_text;
use crate::engine::{Move, Position, Variant};
use crate::text::MoveTextError;

/// What a player does on its turn.
pub enum Action {
    /// Play this move.
    Move(Move),
    /// Give up.
    Resign,
    /// Take back the last own move (and the opponent's reply).
    Undo,
    /// Stop the program.
    Quit,
    /// Lose the game for this reason (an external engine's illegal move,
    /// time-out or crash).
    Forfeit(crate::engine::Reason),
    /// End the game as a draw for this reason (an external engine's draw
    /// claim).
    Draw(crate::engine::Reason),
}

/// Someone or something that decides on moves: a person, a random mover,
/// the engine.
pub trait Player {
    /// A short description ("random", "engine depth 3").
    fn name(&self) -> String;
    /// Decides on a move (or another action) in the game's current position.
    fn act(&mut self, game: &mut Game) -> Action;
    /// Extra information about the last decision (engine search figures).
    fn last_info(&self) -> Option<String> {
        None
    }
    /// Gives up thinking once `stop` is set (from another thread), quitting
    /// the game: an external engine's wait ends at once. Others ignore it.
    fn set_stop(&mut self, _stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {}
}

/// An external engine's spec: `uci:PATH[,movetime=MS,depth=N,nodes=N,OPTION=VALUE]`
/// (`usi:`, `xboard:` alike; no `nodes` for XBoard).
fn external_spec(kind: &str, opts: &str, default_movetime: Option<u64>) -> Result<EngineSpec, String> {
    let protocol = match kind {
        "uci" => Protocol::Uci,
        "usi" => Protocol::Usi,
        _ => Protocol::XBoard,
    };
    let (path, opts) = opts.split_once(',').unwrap_or((opts, ""));
    if path.trim().is_empty() {
        return Err(format!(
            "{kind}: give the engine's program, as in {kind}:/usr/games/{}",
            match protocol {
                Protocol::Uci => "stockfish",
                Protocol::Usi => "gpsusi",
                Protocol::XBoard => "fairymax",
            }
        ));
    }
    let mut spec = EngineSpec {
        protocol,
        command: path.trim().to_string(),
        movetime: default_movetime,
        depth: None,
        nodes: None,
        options: Vec::new(),
    };
    for opt in opts.split(',').filter(|o| !o.is_empty()) {
        let (k, v) = opt
            .split_once('=')
            .ok_or_else(|| format!("`{opt}`: write key=value"))?;
        match k {
            "depth" | "movetime" => {
                let (_, n) = key_number(opt)?;
                if k == "movetime" {
                    spec.movetime = (n > 0).then_some(n);
                } else if (1..=MAX_DEPTH as u64).contains(&n) {
                    spec.depth = Some(n as i32);
                } else {
                    return Err(format!("`{opt}`: the depth is 1 to {MAX_DEPTH}"));
                }
            }
            "nodes" if protocol == Protocol::XBoard => {
                return Err(format!(
                    "`{opt}`: XBoard has no node limit (use depth or movetime)"
                ));
            }
            "nodes" => {
                let (_, n) = key_number(opt)?;
                if n == 0 {
                    return Err(format!("`{opt}`: the node limit is at least 1"));
                }
                spec.nodes = Some(n);
            }
            // Anything else is one of the engine's own options.
            _ if k.trim().is_empty() => return Err(format!("`{opt}`: the option has no name")),
            _ => spec.options.push((k.trim().to_string(), v.to_string())),
        }
    }
    Ok(spec)
}

/// The engine's time per move when none is given on the command line: the
/// search stops deepening there, so it answers within seconds on any board.
pub const DEFAULT_MOVETIME_MS: u64 = 5000;

/// Deepest engine search accepted (the time limit usually stops it first).
pub const MAX_DEPTH: i32 = 64;

/// The settings of chimera's engine as a player.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    /// Search depth.
    pub depth: i32,
    /// Time per move in milliseconds.
    pub movetime: Option<u64>,
    /// Node limit per move (repeatable searches).
    pub nodes: Option<u64>,
    /// Search threads.
    pub threads: usize,
    /// Transposition table size in mebibytes.
    pub hash_mb: usize,
    /// A weights file written by `chimera tune` (else the variant's own or
    /// the defaults).
    pub weights: Option<std::path::PathBuf>,
    /// A network file written by `chimera train` (else the variant's own,
    /// if it names one); `none`: the hand-written evaluation.
    pub network: Option<std::path::PathBuf>,
}

impl EngineConfig {
    /// An engine searching to `depth` or for `movetime` ms, other settings default.
    pub fn new(depth: i32, movetime: Option<u64>) -> EngineConfig {
        EngineConfig {
            depth,
            movetime,
            nodes: None,
            threads: 1,
            hash_mb: super::search::DEFAULT_HASH_MB,
            weights: None,
            network: None,
        }
    }
}

/// Most search threads accepted.
pub const MAX_THREADS: usize = 256;
/// Largest transposition table accepted, in mebibytes (4 GiB): larger
/// requests (UCI's `Hash`, XBoard's `memory`) are cut to it, and the table
/// itself never takes more than half the machine's memory
/// ([`super::search::table::Table::new`]).
pub const MAX_HASH_MB: usize = 4096;

/// A player description from the command line: `human`, `random`,
/// `engine`, `engine:depth=4`, `engine:movetime=500` (`movetime=0`: no time
/// limit).
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// A person at the terminal.
    Human,
    /// A seeded random mover.
    Random,
    /// chimera's engine with its settings.
    Engine(EngineConfig),
    /// An external engine (UCI, USI or XBoard).
    External(super::external::EngineSpec),
}

impl PlayerSpec {
    /// Reads `human`, `random`, `engine`, `engine:depth=N,movetime=MS`.
    pub fn parse(s: &str, default_depth: i32, default_movetime: Option<u64>) -> Result<PlayerSpec, String> {
        let (kind, opts) = s.split_once(':').unwrap_or((s, ""));
        match kind {
            "human" => Ok(PlayerSpec::Human),
            "random" => Ok(PlayerSpec::Random),
            "engine" => {
                let mut cfg = EngineConfig::new(default_depth, default_movetime);
                let mut depth = None;
                let mut timed = false;
                for opt in opts.split(',').filter(|o| !o.is_empty()) {
                    if let Some(path) = opt.strip_prefix("weights=") {
                        if path.trim().is_empty() {
                            return Err(format!("`{opt}`: give the weights file"));
                        }
                        cfg.weights = Some(path.trim().into());
                        continue;
                    }
                    if let Some(path) = opt.strip_prefix("network=") {
                        if path.trim().is_empty() {
                            return Err(format!("`{opt}`: give the network file"));
                        }
                        cfg.network = Some(path.trim().into());
                        continue;
                    }
                    let (k, n) = key_number(opt)?;
                    match k {
                        "depth" => {
                            if n == 0 || n > MAX_DEPTH as u64 {
                                return Err(format!("`{opt}`: the depth is 1 to {MAX_DEPTH}"));
                            }
                            depth = Some(n as i32)
                        }
                        // 0 = no time limit.
                        "movetime" => {
                            cfg.movetime = (n > 0).then_some(n);
                            timed = n > 0;
                        }
                        "nodes" => {
                            if n == 0 {
                                return Err(format!("`{opt}`: the node limit is at least 1"));
                            }
                            cfg.nodes = Some(n);
                            timed = true;
                        }
                        "threads" => {
                            if n == 0 || n > MAX_THREADS as u64 {
                                return Err(format!("`{opt}`: threads are 1 to {MAX_THREADS}"));
                            }
                            cfg.threads = n as usize;
                        }
                        "hash" => {
                            if n == 0 || n > MAX_HASH_MB as u64 {
                                return Err(format!("`{opt}`: the hash is 1 to {MAX_HASH_MB} MiB"));
                            }
                            cfg.hash_mb = n as usize;
                        }
                        _ => {
                            return Err(format!(
                                "unknown engine option `{k}` (depth, movetime, nodes, threads, hash, weights, network)"
                            ));
                        }
                    }
                }
                // A time of its own lifts the default depth: the time decides.
                cfg.depth = depth.unwrap_or(if timed { MAX_DEPTH } else { default_depth });
                Ok(PlayerSpec::Engine(cfg))
            }
            "uci" | "usi" | "xboard" => external_spec(kind, opts, default_movetime).map(PlayerSpec::External),
            _ => Err(format!(
                "unknown player `{s}`: use human, random, engine[:depth=N,movetime=MS,nodes=N,threads=N,hash=MB,weights=FILE,network=FILE], or an external engine uci:PATH, usi:PATH or xboard:PATH [,movetime=MS,depth=N,OPTION=VALUE]"
            )),
        }
    }

    /// The spec as text (parses back).
    pub fn describe(&self) -> String {
        match self {
            PlayerSpec::External(e) => {
                let mut s = format!("{}:{}", e.protocol.prefix(), e.command);
                if let Some(d) = e.depth {
                    s.push_str(&format!(",depth={d}"));
                }
                s.push_str(&format!(",movetime={}", e.movetime.unwrap_or(0)));
                if let Some(n) = e.nodes {
                    s.push_str(&format!(",nodes={n}"));
                }
                for (k, v) in &e.options {
                    s.push_str(&format!(",{k}={v}"));
                }
                s
            }
            PlayerSpec::Human => "human".into(),
            PlayerSpec::Random => "random".into(),
            PlayerSpec::Engine(c) => {
                let mut s = format!("engine:depth={},movetime={}", c.depth, c.movetime.unwrap_or(0));
                if let Some(n) = c.nodes {
                    s.push_str(&format!(",nodes={n}"));
                }
                if c.threads != 1 {
                    s.push_str(&format!(",threads={}", c.threads));
                }
                if c.hash_mb != super::search::DEFAULT_HASH_MB {
                    s.push_str(&format!(",hash={}", c.hash_mb));
                }
                if let Some(w) = &c.weights {
                    s.push_str(&format!(",weights={}", w.display()));
                }
                if let Some(n) = &c.network {
                    s.push_str(&format!(",network={}", n.display()));
                }
                s
            }
        }
    }
}

/// `key=number` of a player description.
fn key_number(opt: &str) -> Result<(&str, u64), String> {
    let (k, val) = opt
        .split_once('=')
        .ok_or_else(|| format!("`{opt}`: write key=value"))?;
    let n = val
        .parse()
        .map_err(|_| format!("`{opt}`: {val} is not a number"))?;
    Ok((k, n))
}

/// Plays a uniformly random legal move, from a seed.
pub struct RandomPlayer {
    rng: StdRng,
}

impl RandomPlayer {
    /// A random player with this seed.
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

/// chimera's engine as a player.
pub struct EnginePlayer {
    searcher: Searcher,
    limits: Limits,
    /// The last search, written out only when asked for ([`Player::last_info`]):
    /// its position, report and principal variation.
    last: Option<(Position, SearchReport, Vec<Move>)>,
    /// What the last move cost beyond its search (the clock is charged for
    /// the whole turn): taken off the next search's time, so that a turn
    /// keeps to its share of the clock however slow the work around the
    /// search is (a large board, a loaded machine).
    overhead: Duration,
}

impl EnginePlayer {
    /// An engine player searching to `depth`, or for `movetime` milliseconds.
    pub fn new(v: &Arc<Variant>, depth: i32, movetime: Option<u64>) -> Self {
        Self::build(v, &EngineConfig::new(depth, movetime))
    }

    fn build(v: &Arc<Variant>, c: &EngineConfig) -> Self {
        EnginePlayer {
            searcher: Searcher::with_hash(v, c.hash_mb),
            limits: Limits {
                depth: c.depth,
                movetime: c.movetime.map(Duration::from_millis),
                soft: None,
                stop: None,
                threads: c.threads,
                nodes: c.nodes,
            },
            last: None,
            overhead: Duration::ZERO,
        }
    }

    /// Stops each search at once when `stop` is set (from another thread:
    /// Ctrl-C in Python); the search then answers with what it has.
    pub fn set_stop(&mut self, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.limits.stop = Some(stop);
    }

    /// An engine player with these settings; fails on a weights file that
    /// cannot be read or does not fit the variant.
    pub fn from_config(v: &Arc<Variant>, c: &EngineConfig) -> Result<Self, String> {
        let mut p = Self::build(v, c);
        let got = p.searcher.hash_megabytes();
        if got < c.hash_mb / 2 {
            return Err(format!(
                "engine:hash={}: only {got} MiB could be had for the table",
                c.hash_mb
            ));
        }
        if let Some(path) = &c.weights {
            p.searcher.set_weights(super::search::Weights::read(v, path)?);
        }
        if c.network.as_deref() == Some(std::path::Path::new("none")) {
            // The hand-written evaluation, where the rules file names a network.
            p.searcher.set_network(None);
        } else if let Some(path) = &c.network {
            let bytes = std::fs::read(path)
                .map_err(|e| format!("cannot read the network {}: {e}", path.display()))?;
            let n = super::nnue::Network::from_bytes(v, &bytes)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            p.searcher.set_network(Some(Arc::new(n)));
        }
        Ok(p)
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> String {
        format!("engine depth {}", self.limits.depth)
    }
    fn act(&mut self, game: &mut Game) -> Action {
        let started = Instant::now();
        let history = game.line();
        let mut limits = self.limits.clone();
        if let Some(view) = game.clock() {
            let horizon = super::clock::horizon(game.position());
            let budget = super::clock::game_budget(view, self.overhead, horizon);
            let hard = limits.movetime.map_or(Duration::from_millis(budget.hard), |t| {
                t.min(Duration::from_millis(budget.hard))
            });
            limits.movetime = Some(hard);
            limits.soft = Some(Duration::from_millis(budget.soft).min(hard));
        }
        // The principal variation of the last completed iteration.
        let mut pv = Vec::new();
        let r = self
            .searcher
            .search_with(&mut game.pos, limits, history.history(), &mut |_, line| {
                pv = line.to_vec();
            });
        let best = r.best;
        let searched = r.elapsed;
        self.last = Some((game.pos.clone(), r, pv));
        // Most of the last turns' overhead, the latest weighing most.
        let now = started.elapsed().saturating_sub(searched);
        self.overhead = (self.overhead + now * 3) / 4;
        match best {
            Some(m) => Action::Move(m),
            None => Action::Resign,
        }
    }
    fn last_info(&self) -> Option<String> {
        let (pos, r, pv) = self.last.as_ref()?;
        let secs = r.elapsed.as_secs_f64().max(1e-6);
        let notation = pos.variant().display_notation();
        let mut p = pos.clone();
        let mut line = Vec::new();
        for m in pv {
            line.push(p.move_text_as(m, notation));
            p.make(*m);
        }
        Some(format!(
            "depth {} score {} nodes {} time {:.2}s ({:.0} nodes/s) pv {}",
            r.depth,
            r.score,
            r.nodes,
            secs,
            r.nodes as f64 / secs,
            line.join(" ")
        ))
    }
}

/// Where a human player's lines come from: any buffered reader, or the
/// process's standard input shared by both players ([`StdinLines`]).
pub trait LineInput {
    /// Reads one line into `buf` (appending); 0 at the end of input.
    fn read_line(&mut self, buf: &mut String) -> std::io::Result<usize>;
}

impl<T: BufRead> LineInput for T {
    fn read_line(&mut self, buf: &mut String) -> std::io::Result<usize> {
        BufRead::read_line(self, buf)
    }
}

/// Standard input, locked only while a line is read, so two human players can
/// share it.
pub struct StdinLines;

impl LineInput for StdinLines {
    fn read_line(&mut self, buf: &mut String) -> std::io::Result<usize> {
        std::io::stdin().read_line(buf)
    }
}

/// A human at a terminal (or any reader/writer: tests script it).
pub struct HumanPlayer<R: LineInput, W: Write> {
    input: R,
    output: W,
}

impl<R: LineInput, W: Write> HumanPlayer<R, W> {
    /// A human reading moves from `input` and writing prompts to `output`.
    pub fn new(input: R, output: W) -> Self {
        HumanPlayer { input, output }
    }
}

/// What a human player may type.
pub const HUMAN_HELP: &str = "Type a move (canonical e2e4 / e7e8=Q / P*e5 / Ko@a1, UCI e7e8q, or USI 7g7f+),\n\
or: moves (list legal moves), board, undo, resign, quit, help.";

impl<R: LineInput, W: Write> Player for HumanPlayer<R, W> {
    fn name(&self) -> String {
        "human".into()
    }
    fn act(&mut self, game: &mut Game) -> Action {
        let side = game.variant().side_name(game.side_to_move()).to_string();
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
                    let mut names: Vec<String> = moves.iter().map(|m| game.display(m)).collect();
                    names.sort();
                    let _ = writeln!(self.output, "{} legal moves: {}", names.len(), names.join(" "));
                }
                "board" => {
                    let _ = write!(self.output, "{}", board_text(&game.pos));
                }
                "undo" => return Action::Undo,
                "resign" => return Action::Resign,
                "quit" | "exit" => return Action::Quit,
                text => match game.pos.parse_move(text).and_then(|m| {
                    if game.repeats_forbidden(m) {
                        Err(MoveTextError::Repeats(text.to_string()))
                    } else {
                        Ok(m)
                    }
                }) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_descriptions() {
        let engine = |s: &str| PlayerSpec::parse(s, 3, Some(5000));
        assert_eq!(
            engine("engine"),
            Ok(PlayerSpec::Engine(EngineConfig::new(3, Some(5000))))
        );
        // A time of its own lifts the default depth; a depth given stays.
        assert_eq!(
            engine("engine:movetime=300"),
            Ok(PlayerSpec::Engine(EngineConfig::new(MAX_DEPTH, Some(300))))
        );
        assert_eq!(
            engine("engine:depth=4,movetime=300"),
            Ok(PlayerSpec::Engine(EngineConfig::new(4, Some(300))))
        );
        assert_eq!(
            engine("engine:movetime=0"),
            Ok(PlayerSpec::Engine(EngineConfig::new(3, None)))
        );
        let full = engine("engine:depth=5,threads=2,hash=16,weights=w.toml,network=n.nnue").expect("engine");
        assert_eq!(
            full,
            PlayerSpec::Engine(EngineConfig {
                depth: 5,
                movetime: Some(5000),
                nodes: None,
                threads: 2,
                hash_mb: 16,
                weights: Some("w.toml".into()),
                network: Some("n.nnue".into()),
            })
        );
        assert_eq!(PlayerSpec::parse(&full.describe(), 3, None), Ok(full));
        for bad in [
            "engine:threads=0",
            "engine:hash=0",
            "engine:weights=",
            "engine:threads=x",
        ] {
            assert!(engine(bad).is_err(), "{bad}");
        }
        assert!(engine("engine:depth=0").is_err());
        assert!(engine("engine:speed=3").is_err());
        let Ok(PlayerSpec::External(e)) = engine("usi:/usr/games/gpsusi,movetime=500,LimitDepth=6") else {
            panic!("an external engine");
        };
        assert_eq!(
            (e.protocol, e.command.as_str(), e.movetime),
            (Protocol::Usi, "/usr/games/gpsusi", Some(500))
        );
        assert_eq!(e.options, vec![("LimitDepth".to_string(), "6".to_string())]);
        for s in [
            "xboard:",
            "uci:,movetime=5",
            "usi:x,depth=0",
            "xboard:x,=3",
            "xboard:x,nokey",
        ] {
            assert!(engine(s).is_err(), "{s}");
        }
        let spec = engine("xboard:/usr/games/fairymax,depth=3,Resign=1").expect("spec");
        assert_eq!(PlayerSpec::parse(&spec.describe(), 3, Some(5000)), Ok(spec));
    }
}
