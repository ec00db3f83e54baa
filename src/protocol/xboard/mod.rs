//! XBoard / CECP version 2 (the Chess Engine Communication Protocol), for
//! XBoard, WinBoard and the match runners that speak it.
//!
//! Commands: `xboard`, `protover N` (answered with `feature` lines: the
//! loaded variants, `setboard=1 usermove=1 ping=1 time=1 …`, `done=1`),
//! `accepted`/`rejected`, `new`, `variant NAME`, `force`, `go`, `playother`,
//! `usermove MOVE` (a bare move too), `?`, `level MPS BASE INC`, `st SEC`,
//! `sd DEPTH`, `time CS`, `otim CS`, `ping N`, `result …`, `setboard FEN`,
//! `undo`, `remove`, `post`/`nopost`, `hard`/`easy`, `quit`; the others
//! XBoard may send (`computer`, `name`, `rating`, `random`, `draw`, …) are
//! accepted and ignored, anything else is answered `Error (unknown
//! command): …`, an illegal move `Illegal move: …`.
//!
//! Variants XBoard knows by name (`normal` for chess, `shogi`, `xiangqi`,
//! `crazyhouse`, …) are played as XBoard plays them. Any other variant is
//! announced in reply to `variant NAME` with a `setup` command (the board's
//! size, holdings, a parent variant, the letters of the pieces and the start
//! position) and one `piece` command per piece with its moves in Betza
//! notation, so that XBoard can draw the board and move chimera's own
//! pieces. A shogi game without holdings whose kinds outnumber XBoard's
//! letters (dai, wa, tenjiku) is announced under `chu`, as HaChu announces
//! wa: dressed letters (`L!`, `P'`), a piece type for each promoted face,
//! moves of two legs in XBetza. A board larger than XBoard can draw is
//! refused with a message,
//! and moves XBoard cannot write (shots, multiple captures, moves into a
//! pocket) are announced with a warning when the variant is chosen.
//!
//! The search runs on its own thread: `?` makes it move at once; a command
//! that changes the game stops it without a move; `ping` and the commands
//! after it wait for the move, as the protocol asks.
//!
//! The session is in this file (its state, the input thread, the commands
//! read one by one); `commands.rs` holds the commands that change the game
//! or its settings, `thinking.rs` the search on its thread, `result.rs` the
//! results said, `clock.rs` XBoard's time controls; `announce.rs` how a
//! variant is shown to XBoard (its piece types, letters, `setup` and
//! `piece` lines), `betza.rs` moves and castling in XBoard's Betza,
//! `fen.rs` positions and `moves.rs` moves in XBoard's text.

mod announce;
mod betza;
mod clock;
mod commands;
mod fen;
mod moves;
mod result;
mod thinking;

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::{Out, clip, next_line, say};
use crate::engine::{Color, Variant};
use crate::game::Game;
use crate::game::players::MAX_DEPTH;
use crate::game::search::{DEFAULT_HASH_MB, Searcher};
use announce::Presentation;
use clock::Clock;
use moves::parse_move;
use thinking::Thinking;

/// What the session hears: a line of input (and when it was read), a
/// line that cannot be a command (what to say of it), the input's end, or
/// the search's end.
enum Event {
    Line(String, Instant),
    Bad(String),
    End,
    /// The search with this number ended (an abandoned one's news is stale).
    Searched(u64),
}

/// The XBoard session.
pub struct XBoard {
    variants: Vec<(String, Arc<Variant>)>,
    current: usize,
    shown: Presentation,
    game: Game,
    /// The side the engine plays; `None` in force mode.
    engine: Option<Color>,
    clock: Clock,
    post: bool,
    played: u32,
    searcher: Option<Searcher>,
    thinking: Option<Thinking>,
    /// Lines waiting for the engine's move, with when each was read.
    waiting: VecDeque<(String, Instant)>,
    /// When the line being handled was read.
    received: Instant,
    /// The opponent is a program (`computer`, sent by XBoard before an
    /// engine-engine game): XBoard then tests the engine's claims.
    computer_opponent: bool,
    /// The engine's last move won the game by a rule XBoard would not
    /// believe, and the result was not claimed ([`XBoard::announce_result`]).
    withheld: bool,
    out: Out,
    events: Option<Sender<Event>>,
    /// Searches started so far (each search's number).
    searches: u64,
    /// Search threads (`cores`).
    threads: usize,
    /// Table size in mebibytes (`memory`).
    hash_mb: usize,
}

impl XBoard {
    /// A session over `variants` (name, variant; the first is the default),
    /// writing to `out`. `None` when `variants` is empty.
    pub fn new(variants: Vec<(String, Arc<Variant>)>, out: Box<dyn Write + Send>) -> Option<XBoard> {
        let (name, first) = variants.first()?.clone();
        Some(XBoard {
            shown: Presentation::of(&name, &first),
            game: Game::from_start(&first),
            searcher: Some(Searcher::new(&first)),
            threads: 1,
            hash_mb: DEFAULT_HASH_MB,
            current: 0,
            engine: Some(Color::Second),
            clock: Clock::default(),
            post: false,
            played: 0,
            thinking: None,
            waiting: VecDeque::new(),
            received: Instant::now(),
            computer_opponent: false,
            withheld: false,
            out: Arc::new(Mutex::new(out)),
            events: None,
            searches: 0,
            variants,
        })
    }

    /// Reads commands until `quit` or the end of the input (a running search
    /// then finishes and its move is sent). A line that is not UTF-8 is
    /// answered `Error (bad input): …` and skipped.
    pub fn run(&mut self, mut input: impl BufRead + Send + 'static) {
        let (tx, rx): (Sender<Event>, Receiver<Event>) = channel();
        self.events = Some(tx.clone());
        std::thread::spawn(move || {
            while let Some(line) = next_line(&mut input) {
                let event = match line {
                    Ok(line) => Event::Line(line, Instant::now()),
                    Err(why) => Event::Bad(why),
                };
                if tx.send(event).is_err() {
                    return;
                }
            }
            let _ = tx.send(Event::End);
        });
        let mut ended = false;
        while let Ok(event) = rx.recv() {
            let go_on = match event {
                Event::Searched(id) => {
                    if self.thinking.as_ref().is_some_and(|t| t.id == id) {
                        self.finish_search(true);
                    }
                    self.drain()
                }
                Event::Line(line, at) => self.take(line, at),
                Event::Bad(why) => {
                    self.say(&format!("Error (bad input): {why}"));
                    true
                }
                Event::End => {
                    ended = true;
                    true
                }
            };
            if !go_on {
                // `quit`: a search still running is stopped.
                self.abandon_search();
                return;
            }
            if ended && self.thinking.is_none() && self.waiting.is_empty() {
                return;
            }
        }
    }

    /// Runs the commands that waited for the engine's move, until one of
    /// them starts a search: the rest then arrive as if while it thinks.
    /// `false` on `quit`.
    fn drain(&mut self) -> bool {
        while self.thinking.is_none() {
            let Some((line, at)) = self.waiting.pop_front() else {
                return true;
            };
            if !self.command_at(&line, at) {
                return false;
            }
        }
        let rest = std::mem::take(&mut self.waiting);
        for (line, at) in rest {
            if !self.take(line, at) {
                return false;
            }
        }
        true
    }

    /// Takes one line of input. While the engine thinks: `?` moves now; a
    /// command that changes the game stops the search without a move; the
    /// rest (and everything after a waiting line) waits for the move.
    /// `false` on `quit`.
    fn take(&mut self, line: String, at: Instant) -> bool {
        if self.thinking.is_none() {
            self.waiting.push_back((line, at));
            return self.drain();
        }
        if !self.waiting.is_empty() {
            self.waiting.push_back((line, at));
            return true;
        }
        match line.split_whitespace().next().unwrap_or("") {
            "?" => {
                self.finish_search_now();
                true
            }
            "force" | "new" | "result" | "quit" | "undo" | "remove" | "setboard" | "variant" | "exit" => {
                self.abandon_search();
                self.command_at(&line, at)
            }
            "post" | "nopost" | "time" | "otim" | "hard" | "easy" | "computer" | "name" | "rating" => {
                self.command_at(&line, at)
            }
            _ => {
                self.waiting.push_back((line, at));
                true
            }
        }
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// Handles one command; `false` on `quit`.
    pub fn command(&mut self, line: &str) -> bool {
        self.command_at(line, Instant::now())
    }

    /// Handles one command read at `at`; `false` on `quit`.
    fn command_at(&mut self, line: &str, at: Instant) -> bool {
        self.received = at;
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match cmd {
            "" | "xboard" | "accepted" | "rejected" | "name" | "rating" | "random" | "ics" | "draw"
            | "hard" | "easy" | "bk" | "hint" | "option" | "." | "exit" => {}
            "computer" => self.computer_opponent = true,
            "cores" | "memory" => self.resources(cmd, rest),
            "protover" => self.features(),
            "new" => {
                self.abandon_search();
                self.select(0);
                self.engine = Some(Color::Second);
                self.clock = Clock {
                    depth: None,
                    ..self.clock.clone()
                };
                self.played = 0;
                self.computer_opponent = false;
                self.withheld = false;
            }
            "variant" => self.variant(rest),
            "force" | "result" => self.engine = None,
            "go" => {
                self.engine = Some(self.game.side_to_move());
                self.think();
            }
            "playother" => self.engine = Some(!self.game.side_to_move()),
            "white" | "black" => {
                // Protocol 1: the side to move, the engine the other.
                self.engine = Some(if cmd == "white" {
                    Color::Second
                } else {
                    Color::First
                });
            }
            "level" => self.level(rest),
            "st" => match rest.parse::<f64>() {
                Ok(s) if s > 0.0 && s < 1e6 => {
                    self.clock.fixed = Some((s * 1000.0) as u64);
                    self.clock.set = true;
                }
                _ => self.error("bad time", line),
            },
            "sd" => match rest.parse::<i32>() {
                Ok(d) if d > 0 => self.clock.depth = Some(d.min(MAX_DEPTH)),
                _ => self.error("bad depth", line),
            },
            "time" | "otim" => match rest.parse::<i64>() {
                Ok(cs) => {
                    if cmd == "time" {
                        self.clock.mine = Some(cs.max(0) as u64 * 10);
                    }
                }
                Err(_) => self.error("bad time", line),
            },
            "ping" => self.say(&format!("pong {}", clip(rest))),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "setboard" => self.setboard(rest),
            "undo" => {
                self.game.undo();
                self.withheld = false;
            }
            "remove" => {
                self.game.undo();
                self.game.undo();
                self.withheld = false;
            }
            "usermove" => self.user_move(rest),
            "?" => {}
            "quit" => return false,
            _ => {
                // A bare move (protocol 1 style), else an unknown command.
                let mut pos = self.game.position().clone();
                if rest.is_empty() && parse_move(&mut pos, cmd, &self.shown).is_some() {
                    self.user_move(cmd);
                } else {
                    self.error("unknown command", line);
                }
            }
        }
        true
    }

    fn error(&self, what: &str, line: &str) {
        self.say(&format!("Error ({what}): {}", clip(line)));
    }
}
