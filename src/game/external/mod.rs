//! External engines as players (`--b uci:PATH`, `usi:PATH`, `xboard:PATH`).
//!
//! Each engine runs as a child process for one game. [`EngineProcess`] owns
//! the plumbing the three protocols share: starting the program, writing
//! commands, reading its lines on a thread with a deadline (so that a silent
//! engine never hangs a game), an optional protocol log, and stopping the
//! program at the end. The protocols ([`uci`] for UCI and USI, [`xboard`])
//! turn a [`super::Game`] into commands and the answers into
//! [`super::players::Action`]s: an illegal move, a time-out and a crash each
//! lose the game for the engine, with that reason.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use super::players::Player;

pub mod uci;
pub mod xboard;

pub use uci::fen_for_engines;

/// How long an engine may take to start and answer its handshake.
pub const HANDSHAKE: Duration = Duration::from_secs(10);

/// The protocol an external engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (chess engines, Fairy-Stockfish).
    Uci,
    /// USI (shogi engines).
    Usi,
    /// XBoard / CECP version 2.
    XBoard,
}

impl Protocol {
    /// The prefix of a player description (`uci`, `usi`, `xboard`).
    pub fn prefix(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Usi => "usi",
            Protocol::XBoard => "xboard",
        }
    }

    /// Its name in messages (`UCI`, `USI`, `XBoard`).
    pub fn title(self) -> &'static str {
        match self {
            Protocol::Uci => "UCI",
            Protocol::Usi => "USI",
            Protocol::XBoard => "XBoard",
        }
    }
}

/// An external engine as described on the command line.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// Its protocol.
    pub protocol: Protocol,
    /// The program and its arguments, separated by spaces.
    pub command: String,
    /// Time per move in milliseconds.
    pub movetime: Option<u64>,
    /// A depth to search to instead of a time.
    pub depth: Option<i32>,
    /// A node count to search instead of a time (UCI and USI's `go nodes`).
    pub nodes: Option<u64>,
    /// Engine options set before the game (`name=value`).
    pub options: Vec<(String, String)>,
}

/// Starts the engine a spec describes, for a game of `variant` (the rules
/// file's name).
pub fn start(
    spec: &EngineSpec,
    variant: &str,
    log: Option<Box<dyn Write + Send>>,
) -> Result<Box<dyn Player>, String> {
    let process = EngineProcess::spawn(&spec.command, spec.protocol, log)?;
    Ok(match spec.protocol {
        Protocol::Uci | Protocol::Usi => Box::new(uci::UciPlayer::start(process, spec, variant)?),
        Protocol::XBoard => Box::new(xboard::XBoardPlayer::start(process, spec, variant)?),
    })
}

/// Why an engine gave no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// Nothing came before the deadline.
    TimeOut,
    /// The program exited (or closed its output).
    Crashed,
    /// The stop flag was set while waiting ([`EngineProcess::set_stop`]).
    Stopped,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Failure::TimeOut => "no answer in time",
            Failure::Crashed => "it exited",
            Failure::Stopped => "told to stop",
        })
    }
}

/// A running engine program: its input, its output lines, a log.
pub struct EngineProcess {
    /// The command it was started with.
    pub command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    log: Option<Box<dyn Write + Send>>,
    /// What to send before stopping it (`quit`).
    farewell: &'static str,
    /// Set from another thread: waits for a line end at once (Ctrl-C in
    /// Python while the engine thinks), and the program is then ended.
    stop: Option<Arc<AtomicBool>>,
}

/// How often a wait for the engine looks at the stop flag.
const STOP_TICK: Duration = Duration::from_millis(50);

impl EngineProcess {
    /// Starts `command` (a program, then its arguments, separated by spaces).
    pub fn spawn(
        command: &str,
        protocol: Protocol,
        log: Option<Box<dyn Write + Send>>,
    ) -> Result<EngineProcess, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("no engine program given")?;
        let what = protocol.title();
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {what} engine `{command}`: {e}"))?;
        let stdin = child.stdin.take().ok_or("the engine has no input")?;
        let stdout = child.stdout.take().ok_or("the engine has no output")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            // Lines may not be UTF-8 (old engines): read bytes, keep text.
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(EngineProcess {
            command: command.to_string(),
            child,
            stdin,
            lines,
            log,
            farewell: "quit",
            stop: None,
        })
    }

    /// Ends every wait for the engine's lines once `stop` is set
    /// ([`Failure::Stopped`]); the players then quit the game.
    pub fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        self.stop = Some(stop);
    }

    fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Writes one command line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
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

    /// The next line (trimmed) within `limit`.
    pub fn next_line(&mut self, limit: Duration) -> Result<String, Failure> {
        let deadline = Instant::now() + limit;
        let got = loop {
            if self.stopped() {
                return Err(Failure::Stopped);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let slice = if self.stop.is_some() {
                left.min(STOP_TICK)
            } else {
                left
            };
            match self.lines.recv_timeout(slice) {
                Err(RecvTimeoutError::Timeout) if !left.is_zero() && slice < left => continue,
                other => break other,
            }
        };
        match got {
            Ok(line) => {
                if let Some(log) = &mut self.log {
                    let _ = writeln!(log, "< {line}");
                }
                Ok(line.trim().to_string())
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::TimeOut),
            Err(RecvTimeoutError::Disconnected) => Err(Failure::Crashed),
        }
    }

    /// Reads lines until `done` accepts one (returned), passing the others to
    /// `each`, all within `limit`.
    pub fn wait_for(
        &mut self,
        limit: Duration,
        mut done: impl FnMut(&str) -> bool,
        mut each: impl FnMut(&str),
    ) -> Result<String, Failure> {
        let deadline = Instant::now() + limit;
        loop {
            let line = self.next_line(deadline.saturating_duration_since(Instant::now()))?;
            if done(&line) {
                return Ok(line);
            }
            each(&line);
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.send(self.farewell);
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

/// How long to wait for a move on a clock: the time left, byoyomi and
/// increment, and two seconds (the game's clock decides a loss on time;
/// this only keeps a silent engine from hanging the game).
pub(crate) fn turn_deadline(movetime: Option<u64>, clock: Option<super::ClockView>) -> Duration {
    match clock {
        Some(c) => c.mine + c.control.byoyomi + c.control.inc + Duration::from_secs(2),
        None => move_deadline(movetime),
    }
}

/// Each side's time left in milliseconds, the first player's first.
pub(crate) fn clock_ms(game: &super::Game) -> Option<(u64, u64, super::TimeControl)> {
    let c = game.clock()?;
    let (mine, theirs) = (c.mine.as_millis() as u64, c.theirs.as_millis() as u64);
    Some(if game.side_to_move() == crate::engine::Color::First {
        (mine, theirs, c.control)
    } else {
        (theirs, mine, c.control)
    })
}

/// How long to wait for a move searched for `movetime` milliseconds: the
/// time and as long again, at least two seconds more; a search by depth
/// alone gets a minute.
pub(crate) fn move_deadline(movetime: Option<u64>) -> Duration {
    match movetime {
        Some(t) => Duration::from_millis(t + t.max(2000)),
        None => Duration::from_secs(60),
    }
}
