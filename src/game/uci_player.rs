//! An external engine that speaks UCI, as a player (`--b uci:PATH`).
//!
//! The engine is started once per game: `uci` (answered by `uciok` within
//! ten seconds), `setoption name UCI_Variant value <variant>` when the
//! variant is not chess (the engine must offer it), `isready`. Each turn it
//! gets the game as `position fen <start> moves …` and `go movetime MS` (or
//! `go depth N`), and must answer `bestmove` in time. An illegal move, a
//! time-out (the move time and as long again, at least two seconds more)
//! and a crash each lose the game for the engine, with that reason.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use super::Game;
use super::players::{Action, Player};
use crate::engine::{MoveNotation, Reason};

/// How long the engine may take to start.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// A UCI engine playing one game.
pub struct UciPlayer {
    path: String,
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    movetime: Option<u64>,
    depth: Option<i32>,
    log: Option<Box<dyn Write + Send>>,
    last: Option<String>,
}

impl UciPlayer {
    /// Starts the engine `path` (a program, then its arguments, separated by
    /// spaces) and readies it for `variant` (the rules file's name, which is
    /// Fairy-Stockfish's name for its variants).
    pub fn start(
        path: &str,
        variant: &str,
        movetime: Option<u64>,
        depth: Option<i32>,
        log: Option<Box<dyn Write + Send>>,
    ) -> Result<UciPlayer, String> {
        // The program and its arguments, separated by spaces.
        let mut words = path.split_whitespace();
        let program = words.next().ok_or("no UCI engine program given")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start UCI engine `{path}`: {e}"))?;
        let stdin = child.stdin.take().ok_or("the engine has no input")?;
        let stdout = child.stdout.take().ok_or("the engine has no output")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut p = UciPlayer {
            name: path.to_string(),
            path: path.to_string(),
            child,
            stdin,
            lines,
            movetime,
            depth,
            log,
            last: None,
        };
        p.send("uci")?;
        let mut variants = Vec::new();
        let hello = p.wait_for(
            HANDSHAKE,
            |line| line == "uciok",
            |p, line| {
                if let Some(n) = line.strip_prefix("id name ") {
                    p.name = n.trim().to_string();
                }
                if line.starts_with("option name UCI_Variant ") {
                    variants = line
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .windows(2)
                        .filter(|w| w[0] == "var")
                        .map(|w| w[1].to_string())
                        .collect();
                }
            },
        );
        hello.map_err(|e| format!("`{path}` is not a UCI engine: {e}"))?;
        if variant != "chess" {
            if !variants.iter().any(|v| v == variant) {
                return Err(format!(
                    "UCI engine `{}` does not offer the variant `{variant}` (UCI_Variant: {})",
                    p.name,
                    if variants.is_empty() {
                        "none".to_string()
                    } else {
                        variants.join(", ")
                    }
                ));
            }
            p.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        p.send("isready")?;
        p.wait_for(HANDSHAKE, |l| l == "readyok", |_, _| {})
            .map_err(|e| format!("`{path}` did not get ready: {e}"))?;
        p.send("ucinewgame")?;
        Ok(p)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        if let Ok(Some(status)) = self.child.try_wait() {
            return Err(format!("the engine exited ({status})"));
        }
        if let Some(log) = &mut self.log {
            let _ = writeln!(log, "> {line}");
        }
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("the engine stopped reading: {e}"))
    }

    /// Reads lines until `done` says so, passing the others to `each`.
    fn wait_for(
        &mut self,
        limit: Duration,
        done: impl Fn(&str) -> bool,
        mut each: impl FnMut(&mut Self, &str),
    ) -> Result<String, Failure> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some(log) = &mut self.log {
                        let _ = writeln!(log, "< {line}");
                    }
                    let line = line.trim().to_string();
                    if done(&line) {
                        return Ok(line);
                    }
                    each(self, &line);
                }
                Err(RecvTimeoutError::Timeout) => return Err(Failure::TimeOut),
                Err(RecvTimeoutError::Disconnected) => return Err(Failure::Crashed),
            }
        }
    }
}

/// Why the engine gave no answer.
#[derive(Debug)]
enum Failure {
    TimeOut,
    Crashed,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Failure::TimeOut => "no answer in time",
            Failure::Crashed => "it exited",
        })
    }
}

impl Player for UciPlayer {
    fn name(&self) -> String {
        format!("uci:{} ({})", self.path, self.name)
    }

    fn act(&mut self, game: &mut Game) -> Action {
        let mut replay = game.start_position().clone();
        let mut moves = Vec::new();
        for m in game.moves() {
            moves.push(replay.move_text_as(m, MoveNotation::Uci));
            replay.make(*m);
        }
        let start = game.start_position();
        let mut position = if start.to_text() == crate::engine::Position::start(start.variant()).to_text() {
            "position startpos".to_string()
        } else {
            format!("position fen {}", fen_for_engines(start))
        };
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        let go = match (self.movetime, self.depth) {
            (_, Some(d)) => format!("go depth {d}"),
            (Some(t), None) => format!("go movetime {t}"),
            (None, None) => "go depth 6".to_string(),
        };
        if self.send(&position).and_then(|_| self.send(&go)).is_err() {
            return Action::Forfeit(Reason::EngineFailure);
        }
        let budget = self.movetime.unwrap_or(0);
        let limit = Duration::from_millis(budget + budget.max(2000));
        let mut info = None;
        let answer = self.wait_for(
            limit,
            |l| l.starts_with("bestmove"),
            |_, l| {
                if l.starts_with("info") && l.contains(" pv ") {
                    info = Some(l.to_string());
                }
            },
        );
        self.last = info;
        let line = match answer {
            Ok(l) => l,
            Err(Failure::TimeOut) => return Action::Forfeit(Reason::TimeForfeit),
            Err(Failure::Crashed) => return Action::Forfeit(Reason::EngineFailure),
        };
        let text = line.split_whitespace().nth(1).unwrap_or("");
        if matches!(text, "" | "0000" | "(none)" | "resign") {
            return Action::Resign;
        }
        match game.pos.parse_move(text) {
            Ok(m) if game.legal_moves().contains(&m) => Action::Move(m),
            _ => Action::Forfeit(Reason::IllegalMove),
        }
    }

    fn last_info(&self) -> Option<String> {
        self.last.clone()
    }
}

impl Drop for UciPlayer {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // A well-behaved engine exits at once; any other is stopped.
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The position as Fairy-Stockfish's FEN, which UCI engines read: the
/// variant's own text, except that shogi-style SFEN becomes FEN (hands in
/// brackets, the first player as `w`, move numbers counted in full moves).
pub fn fen_for_engines(pos: &crate::engine::Position) -> String {
    let text = pos.to_text();
    if !pos.variant().uses_sfen() {
        return text;
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (board, side, hand, ply) = match fields.as_slice() {
        [b, s, h, n, ..] => (*b, *s, *h, n.parse::<u32>().unwrap_or(1)),
        _ => return text,
    };
    let mut pieces = String::new();
    let mut count = 0u32;
    for ch in hand.chars().filter(|_| hand != "-") {
        if let Some(d) = ch.to_digit(10) {
            count = count * 10 + d;
        } else {
            pieces.extend(std::iter::repeat_n(ch, count.max(1) as usize));
            count = 0;
        }
    }
    let side = if side == "b" { "w" } else { "b" };
    format!("{board}[{pieces}] {side} - - 0 {}", ply.div_ceil(2).max(1))
}
