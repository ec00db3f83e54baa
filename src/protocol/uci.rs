//! UCI (the Universal Chess Interface) with Fairy-Stockfish's `UCI_Variant`
//! option, so that chess GUIs and match runners can play any loaded variant;
//! and its shogi dialect USI ([`Dialect::Usi`]: `usi`/`usiok`,
//! `usinewgame`, `USI_Variant`, `position sfen …`, USI moves, `btime` for
//! the first player, `byoyomi`, `bestmove resign`).
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption name UCI_Variant
//! value <name>`, `setoption name UCI_Chess960 value true|false` (UCI only:
//! castling as Chess960's, the king taking its own rook, `e1h1`, the
//! castling field naming the rooks' files; for any variant that castles), `position startpos|fen <text> [moves …]`, `go [depth N]
//! [movetime MS] [wtime MS btime MS winc MS binc MS movestogo N] [nodes N]
//! [infinite]`, `stop`, `quit`. The search runs on its own thread, so
//! `stop` and `isready` are answered while it thinks; it reports `info
//! depth … score … nodes … nps … time … pv …` after every iteration and ends
//! with `bestmove`, always the first move of the last `pv` reported. A
//! `go` without limits (or `go infinite`) searches until `stop`. Anything
//! the engine does not understand is answered with `info string …` and
//! otherwise ignored, as the protocol asks; a `go` that cannot be searched
//! (its arguments are wrong, or the last `position` was refused) is
//! answered `info string …` and at once `bestmove 0000` (USI: `bestmove
//! resign`), so that a GUI waiting for a move is not left hanging. Input
//! lines that are not UTF-8 are reported and skipped.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::{Out, clip, next_line, say};
use crate::engine::{History, Move, MoveNotation, Position, Repetitions, Variant, forbidden_repetition};
use crate::game::clock::{Budget, DEFAULT_OVERHEAD_MS, clock_budget, fixed_budget, horizon};

/// The largest `Move Overhead` (ms).
const MAX_OVERHEAD_MS: u64 = 5000;
use crate::game::players::{MAX_DEPTH, MAX_HASH_MB, MAX_THREADS};
use crate::game::search::{DEFAULT_HASH_MB, Limits, MATE_SCORE, SearchReport, Searcher};

/// Which protocol a session speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// UCI, for chess GUIs.
    Uci,
    /// USI, for shogi GUIs.
    Usi,
}

impl Dialect {
    fn hello(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Usi => "usi",
        }
    }
    fn variant_option(self) -> &'static str {
        match self {
            Dialect::Uci => "UCI_Variant",
            Dialect::Usi => "USI_Variant",
        }
    }
    fn position_keyword(self) -> &'static str {
        match self {
            Dialect::Uci => "fen",
            Dialect::Usi => "sfen",
        }
    }
    fn notation(self) -> MoveNotation {
        match self {
            Dialect::Uci => MoveNotation::Uci,
            Dialect::Usi => MoveNotation::Usi,
        }
    }
    /// What `bestmove` says when there is no move.
    fn no_move(self) -> &'static str {
        match self {
            Dialect::Uci => "0000",
            Dialect::Usi => "resign",
        }
    }
    /// The clock keys of the first player (time, increment).
    fn first_clock(self) -> (&'static str, &'static str) {
        match self {
            Dialect::Uci => ("wtime", "winc"),
            Dialect::Usi => ("btime", "binc"),
        }
    }
}

/// A running search.
struct Thinking {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Searcher>,
    /// `go infinite` (or a `go` without limits): it ends only when told.
    infinite: bool,
}

/// The UCI session: the loaded variants, the current one, its position and
/// the game's hashes (for repetitions), and the searcher kept between moves.
pub struct Uci {
    dialect: Dialect,
    variants: Vec<(String, Arc<Variant>)>,
    current: usize,
    /// The current variant as played: under Chess960's castling with
    /// `UCI_Chess960`.
    played: Arc<Variant>,
    /// `UCI_Chess960`: castling is the king taking its own rook, the
    /// castling field names the rooks' files ([`Variant::chess960`]).
    chess960: bool,
    pos: Position,
    hashes: Vec<u64>,
    /// Whether each move of the position's line gave check.
    checks: Vec<bool>,
    searcher: Option<Searcher>,
    /// Search threads (`Threads`).
    threads: usize,
    /// Table size in mebibytes (`Hash`).
    hash_mb: usize,
    /// `Move Overhead` (ms): what each move costs besides its search, kept
    /// in reserve by the clock's budget.
    overhead_ms: u64,
    /// `EvalFile`: a network file `chimera train` wrote, for the variant
    /// being played (none: the rules file's evaluation).
    eval_file: Option<String>,
    thinking: Option<Thinking>,
    /// Why the last `position` command was refused: `go` then has no
    /// position to search (the one before is not the GUI's).
    refused: Option<String>,
    /// The words of the last `position` command `pos` was set from: a
    /// command that repeats them and adds moves plays only the new moves
    /// (a GUI resends the whole game each move; replayed from the start,
    /// a long game of a large variant costs a move's increment).
    line: Vec<String>,
    /// When the line being handled was read (a move's time counts from
    /// there).
    received: Instant,
    out: Out,
    name: String,
}

/// What `go` asks for.
struct Go {
    limits: Limits,
    /// Search until `stop`: `go infinite`, or a `go` with no limit at all.
    infinite: bool,
}

impl Uci {
    /// A session over `variants` (name, variant; the first is the default),
    /// writing to `out`. `variants` must not be empty.
    pub fn new(variants: Vec<(String, Arc<Variant>)>, out: Box<dyn Write + Send>) -> Option<Uci> {
        Uci::speaking(Dialect::Uci, variants, out)
    }

    /// A session in the given dialect.
    pub fn speaking(
        dialect: Dialect,
        variants: Vec<(String, Arc<Variant>)>,
        out: Box<dyn Write + Send>,
    ) -> Option<Uci> {
        let first = variants.first()?.1.clone();
        let pos = Position::start(&first);
        Some(Uci {
            dialect,
            hashes: vec![pos.hash()],
            checks: Vec::new(),
            pos,
            current: 0,
            searcher: Some(Searcher::new(&first)),
            played: first,
            chess960: false,
            threads: 1,
            hash_mb: DEFAULT_HASH_MB,
            overhead_ms: DEFAULT_OVERHEAD_MS,
            eval_file: None,
            thinking: None,
            refused: None,
            line: Vec::new(),
            received: Instant::now(),
            out: Arc::new(Mutex::new(out)),
            name: format!("chimera {}", env!("CARGO_PKG_VERSION")),
            variants,
        })
    }

    /// Reads commands until `quit` (which stops a search at once) or the end
    /// of the input (which lets a running search finish first, and stops
    /// an infinite one). A line that is not UTF-8 is reported and skipped.
    pub fn run(&mut self, mut input: impl BufRead) {
        while let Some(line) = next_line(&mut input) {
            let at = Instant::now();
            match line {
                Ok(line) => {
                    if !self.command_at(&line, at) {
                        return;
                    }
                }
                Err(why) => self.say(&format!("info string ignored {why}")),
            }
        }
        self.finish_search();
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// Handles one command line; `false` on `quit`.
    pub fn command(&mut self, line: &str) -> bool {
        self.command_at(line, Instant::now())
    }

    /// Handles one command line read at `at`; `false` on `quit`.
    fn command_at(&mut self, line: &str, at: Instant) -> bool {
        self.received = at;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            return true;
        };
        match cmd {
            "uci" | "usi" if cmd == self.dialect.hello() => self.hello(),
            "isready" => self.say("readyok"),
            "ucinewgame" | "usinewgame" => {
                self.finish_search();
                self.searcher = Some(self.new_searcher());
                self.set_start();
            }
            "setoption" => self.set_option(args),
            "position" => {
                self.finish_search();
                self.set_position(args);
            }
            "go" => {
                self.finish_search();
                self.go(args);
            }
            "stop" => self.stop_search(),
            "quit" => {
                self.stop_search();
                return false;
            }
            "debug" | "register" | "ponderhit" | "gameover" => {}
            _ => self.say(&format!("info string unknown command: {}", clip(line))),
        }
        true
    }

    fn variant(&self) -> &Arc<Variant> {
        &self.played
    }

    /// Plays the variant `i` (under Chess960's castling with
    /// `UCI_Chess960`; where its castling cannot be so, it is said, and the
    /// variant's own is played) from its start.
    fn play_variant(&mut self, i: usize) {
        self.finish_search();
        self.current = i;
        let (name, v) = &self.variants[i];
        self.played = if self.chess960 {
            match v.with_any_file_castling() {
                Ok(v960) => v960,
                Err(e) => {
                    let line =
                        format!("info string UCI_Chess960 in {name}: {e}; castling is the variant's own");
                    self.say(&line);
                    Arc::clone(v)
                }
            }
        } else {
            Arc::clone(v)
        };
        self.searcher = Some(self.new_searcher());
        self.set_start();
    }

    fn hello(&self) {
        self.say(&format!("id name {}", self.name));
        self.say("id author the chimera developers");
        let names: Vec<&str> = self.variants.iter().map(|(n, _)| n.as_str()).collect();
        let vars: String = names.iter().map(|n| format!(" var {n}")).collect();
        self.say(&format!(
            "option name {} type combo default {}{vars}",
            self.dialect.variant_option(),
            names[0]
        ));
        self.say(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        self.say(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        self.say(&format!(
            "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max {MAX_OVERHEAD_MS}"
        ));
        self.say("option name EvalFile type string default <empty>");
        if self.dialect == Dialect::Uci {
            self.say("option name UCI_Chess960 type check default false");
        }
        self.say(&format!("{}ok", self.dialect.hello()));
    }

    /// A searcher for the current variant with the table size set.
    fn new_searcher(&self) -> Searcher {
        let mut s = Searcher::with_hash(self.variant(), self.hash_mb);
        if self.eval_file.as_deref() == Some("none") {
            s.set_network(None);
        } else if let Some(path) = &self.eval_file {
            let read = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", clip(path)));
            match read.and_then(|b| crate::game::nnue::Network::from_bytes(self.variant(), &b)) {
                Ok(n) => s.set_network(Some(Arc::new(n))),
                Err(e) => self.say(&format!(
                    "info string EvalFile {}: {e}; evaluating without it",
                    clip(path)
                )),
            }
        }
        s
    }

    /// `Hash` and `Threads`: whole numbers within their range; a `Hash`
    /// above the largest table is cut to it (and said so).
    fn set_number(&mut self, name: &str, value: &str) {
        let hash = name.eq_ignore_ascii_case("hash") || name.eq_ignore_ascii_case("usi_hash");
        let max = if hash { MAX_HASH_MB } else { MAX_THREADS };
        // Digits only; too many of them is simply a large number.
        let number = (!value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()))
            .then(|| value.parse::<u64>().unwrap_or(u64::MAX));
        let n = match number {
            Some(n) if (1..=max as u64).contains(&n) => n as usize,
            Some(n) if hash && n > max as u64 => {
                self.say(&format!(
                    "info string {name} {n} is more than the largest table: {max} MiB"
                ));
                max
            }
            _ => {
                return self.say(&format!(
                    "info string {name} is a whole number from 1 to {max}, not `{}`",
                    clip(value)
                ));
            }
        };
        self.finish_search();
        if hash {
            self.hash_mb = n;
            let s = self.new_searcher();
            if s.hash_megabytes() < n / 2 {
                self.say(&format!(
                    "info string Hash: only {} MiB could be had",
                    s.hash_megabytes()
                ));
            }
            self.searcher = Some(s);
        } else {
            self.threads = n;
        }
    }

    fn set_option(&mut self, args: &[&str]) {
        // setoption name <id…> [value <x…>]
        let text = args.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return self.say("info string setoption needs `name <option> value <value>`");
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        // USI GUIs send `USI_Hash`, a protocol option engines do not list.
        let usi_hash = self.dialect == Dialect::Usi && name.eq_ignore_ascii_case("usi_hash");
        if name.eq_ignore_ascii_case("hash") || name.eq_ignore_ascii_case("threads") || usi_hash {
            return self.set_number(name, value);
        }
        if name.eq_ignore_ascii_case("move overhead") {
            return match value.parse::<u64>() {
                Ok(n) if n <= MAX_OVERHEAD_MS && value.bytes().all(|b| b.is_ascii_digit()) => {
                    self.overhead_ms = n
                }
                _ => self.say(&format!(
                    "info string Move Overhead is a whole number of milliseconds from 0 to {MAX_OVERHEAD_MS}, not `{}`",
                    clip(value)
                )),
            };
        }
        if name.eq_ignore_ascii_case("EvalFile") {
            self.finish_search();
            let empty = value.is_empty() || value == "<empty>";
            self.eval_file = (!empty).then(|| value.to_string());
            self.searcher = Some(self.new_searcher());
            return;
        }
        if self.dialect == Dialect::Uci && name.eq_ignore_ascii_case("UCI_Chess960") {
            return match value.to_ascii_lowercase().as_str() {
                "true" | "false" => {
                    self.chess960 = value.eq_ignore_ascii_case("true");
                    self.play_variant(self.current);
                }
                _ => self.say(&format!(
                    "info string UCI_Chess960 is `true` or `false`, not `{}`",
                    clip(value)
                )),
            };
        }
        if !name.eq_ignore_ascii_case(self.dialect.variant_option()) {
            return self.say(&format!("info string unknown option: {}", clip(name)));
        }
        match self
            .variants
            .iter()
            .position(|(n, _)| n.eq_ignore_ascii_case(value))
        {
            Some(i) => self.play_variant(i),
            None => self.say(&format!("info string unknown variant: {}", clip(value))),
        }
    }

    fn set_start(&mut self) {
        self.pos = Position::start(self.variant());
        self.hashes = vec![self.pos.hash()];
        self.checks.clear();
        self.refused = None;
        self.line.clear();
    }

    /// `position startpos|fen <text> [moves …]`; on any error the error is
    /// reported and there is no position until the next good one: a `go`
    /// must not search the one before, which is not the GUI's.
    fn set_position(&mut self, args: &[&str]) {
        match self.read_position(args) {
            Ok((pos, hashes, checks)) => {
                self.pos = pos;
                self.hashes = hashes;
                self.checks = checks;
                self.refused = None;
                self.line = args.iter().map(|w| w.to_string()).collect();
            }
            Err(e) => {
                self.say(&format!("info string {e}"));
                self.refused = Some(e);
                self.line.clear();
            }
        }
    }

    /// The position a `position` command names, with its line's hashes and
    /// whether each move gave check.
    fn read_position(&self, args: &[&str]) -> Result<(Position, Vec<u64>, Vec<bool>), String> {
        let v = self.variant().clone();
        let moves_at = args.iter().position(|&w| w == "moves").unwrap_or(args.len());
        let (head, moves) = args.split_at(moves_at);
        // The last position's line, repeated with more moves: only those
        // are played.
        let known = self.line.len();
        if self.refused.is_none()
            && known > moves_at
            && known <= args.len()
            && self.line.iter().zip(args).all(|(a, b)| a == b)
        {
            let seen = Repetitions::new(&self.hashes);
            let (pos, hashes, checks) = (self.pos.clone(), self.hashes.clone(), self.checks.clone());
            return play_line(pos, hashes, checks, seen, &args[known..]);
        }
        let pos = match head.split_first() {
            Some((&"startpos", [])) => Position::start(&v),
            Some((&kw, fen)) if kw == self.dialect.position_keyword() && !fen.is_empty() => {
                Position::from_text(&v, &fen.join(" ")).map_err(|e| format!("bad position: {e}"))?
            }
            _ => {
                let kw = self.dialect.position_keyword();
                return Err(format!("position needs `startpos` or `{kw} <position>`"));
            }
        };
        let hashes = vec![pos.hash()];
        let seen = Repetitions::new(&hashes);
        play_line(pos, hashes, Vec::new(), seen, moves.get(1..).unwrap_or_default())
    }

    /// `go`: the limits from its arguments, then a search on its own
    /// thread. A `go` that cannot be searched is answered at once with the
    /// reason and no move.
    fn go(&mut self, args: &[&str]) {
        let go = self.limits(args).and_then(|go| match &self.refused {
            Some(why) => Err(format!(
                "no position to search: the last position was refused ({why})"
            )),
            None => Ok(go),
        });
        let Go { limits, infinite } = match go {
            Ok(g) => g,
            Err(e) => {
                self.say(&format!("info string {e}"));
                self.say(&format!("bestmove {}", self.dialect.no_move()));
                return;
            }
        };
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            stop: Some(stop.clone()),
            threads: self.threads,
            ..limits
        };
        let mut searcher = self.searcher.take().unwrap_or_else(|| self.new_searcher());
        let mut pos = self.pos.clone();
        let hashes = self.hashes.clone();
        let checks = self.checks.clone();
        let out = self.out.clone();
        let dialect = self.dialect;
        let stopped = stop.clone();
        let handle = std::thread::spawn(move || {
            let root = pos.clone();
            // A search that fails (a bug) still answers, with no move.
            let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let history = History {
                    hashes: &hashes,
                    checks: Some(&checks),
                };
                searcher.search_with(&mut pos, limits, history, &mut |r, pv| {
                    say(&out, &info_line(r, pv, &root, dialect.notation()));
                })
            }));
            let mut pos = root.clone();
            let best = match searched {
                Ok(report) => report.best,
                Err(_) => {
                    say(&out, "info string the search failed");
                    None
                }
            };
            // An infinite search answers only when told to stop, even when
            // there is nothing more to search (a mate found, the last depth).
            while infinite && !stopped.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            let best = best.map_or(dialect.no_move().to_string(), |m| {
                pos.move_text_as(&m, dialect.notation())
            });
            say(&out, &format!("bestmove {best}"));
            searcher
        });
        self.thinking = Some(Thinking {
            stop,
            handle,
            infinite,
        });
    }

    /// Reads `go`'s arguments: whole numbers, not below zero (a clock,
    /// `wtime`/`btime`, may be: some GUIs let it run past zero; it counts
    /// as zero). A fixed time (`movetime`) keeps a margin; with a clock,
    /// the move gets a share of the time left (a fortieth, or the time over
    /// the moves to go) plus most of the increment, never more than half
    /// the time left ([`clock_budget`]). The time counts from when the
    /// command was read. Without any limit, the search is infinite.
    fn limits(&self, args: &[&str]) -> Result<Go, String> {
        let mut depth = None;
        let mut movetime = None;
        let mut infinite = false;
        let mut nodes = None;
        let (mut wtime, mut btime, mut winc, mut binc, mut togo) = (None, None, 0u64, 0u64, None);
        let mut byoyomi = 0u64;
        let mut i = 0;
        while i < args.len() {
            let key = args[i];
            let raw = args.get(i + 1).copied();
            let number = |what: &str| go_number(what, raw, false);
            let clock = |what: &str| go_number(what, raw, true);
            match key {
                "infinite" => infinite = true,
                "ponder" => {}
                "depth" => depth = Some(number(key)?.clamp(1, MAX_DEPTH as u64) as i32),
                "movetime" => movetime = Some(number(key)?),
                "wtime" => wtime = Some(clock(key)?),
                "btime" => btime = Some(clock(key)?),
                "winc" => winc = number(key)?,
                "binc" => binc = number(key)?,
                "movestogo" => togo = Some(number(key)?.max(1)),
                "byoyomi" => byoyomi = number(key)?,
                "nodes" => nodes = Some(number(key)?.max(1)),
                "mate" => {
                    // Not a mate search: a search deep enough to see one.
                    let plies = (number(key)?.min(MAX_DEPTH as u64) * 2).saturating_sub(1).max(1);
                    self.say(&format!(
                        "info string go mate is not supported; searching to depth {plies}"
                    ));
                    depth = depth.or(Some(plies as i32));
                }
                other => return Err(format!("go: unknown argument `{}`", clip(other))),
            }
            i += if matches!(key, "infinite" | "ponder") {
                1
            } else {
                2
            };
        }
        // UCI's w… clock is the first player's; USI's b… (sente) is.
        let first = self.pos.side_to_move() == crate::engine::Color::First;
        let first_is_w = self.dialect.first_clock().0 == "wtime";
        let ((time_a, inc_a), (time_b, inc_b)) = ((wtime, winc), (btime, binc));
        let (left, inc) = if first == first_is_w {
            (time_a, inc_a)
        } else {
            (time_b, inc_b)
        };
        let budget = movetime
            .map(|ms| Budget::fixed(fixed_budget(ms)))
            .or_else(|| clock_budget(left, inc, togo, byoyomi, self.overhead_ms, horizon(&self.pos)))
            .map(|b| b.less(self.received.elapsed().as_millis() as u64));
        // No limit at all: search until `stop`, as UCI's `go` means.
        let infinite = infinite || (budget.is_none() && nodes.is_none() && depth.is_none());
        Ok(Go {
            limits: Limits {
                depth: depth.unwrap_or(MAX_DEPTH),
                movetime: if infinite {
                    None
                } else {
                    budget.map(|b| Duration::from_millis(b.hard))
                },
                // A fixed time a move is spent in full (no soft time).
                soft: if infinite || movetime.is_some() {
                    None
                } else {
                    budget.map(|b| Duration::from_millis(b.soft))
                },
                stop: None,
                threads: 1,
                nodes: if infinite { None } else { nodes },
            },
            infinite,
        })
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(t) = &self.thinking {
            t.stop.store(true, Ordering::Relaxed);
        }
        self.finish_search();
    }

    /// Waits for a running search to end by its limits (an infinite one is
    /// stopped: a command other than `stop` arrived while it ran).
    fn finish_search(&mut self) {
        if let Some(t) = self.thinking.take() {
            if t.infinite {
                t.stop.store(true, Ordering::Relaxed);
            }
            if let Ok(s) = t.handle.join() {
                self.searcher = Some(s);
            }
        }
    }
}

/// The number after a `go` argument: digits (a leading `-` only for a
/// clock, which then counts as zero; more digits than fit are the most).
fn go_number(what: &str, raw: Option<&str>, clock: bool) -> Result<u64, String> {
    let raw = raw.ok_or_else(|| format!("go {what} needs a number"))?;
    let digits = raw.strip_prefix('-').unwrap_or(raw);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("go {what}: `{}` is not a number", clip(raw)));
    }
    match (raw.starts_with('-'), clock) {
        (false, _) => Ok(digits.parse::<u64>().unwrap_or(u64::MAX)),
        (true, true) => Ok(0),
        (true, false) => Err(format!("go {what}: `{}` is below zero", clip(raw))),
    }
}

/// An `info` line for a completed iteration.
fn info_line(r: &SearchReport, pv: &[Move], pos: &Position, notation: MoveNotation) -> String {
    let ms = r.elapsed.as_millis().max(1) as u64;
    let score = if r.score.abs() >= MATE_SCORE - 1000 {
        let plies = (MATE_SCORE - r.score.abs()).max(0);
        let moves = (plies + 1) / 2;
        format!("mate {}", if r.score > 0 { moves } else { -moves })
    } else {
        format!("cp {}", r.score)
    };
    // An unfinished iteration's move: its score bounds the position's.
    let bound = if r.partial { " lowerbound" } else { "" };
    // The principal variation, spelled move by move from the root.
    let mut p = pos.clone();
    let mut line = Vec::new();
    for m in pv {
        line.push(p.move_text_as(m, notation));
        p.make(*m);
    }
    format!(
        "info depth {} score {score}{bound} nodes {} nps {} time {ms} pv {}",
        r.depth,
        r.nodes,
        r.nodes * 1000 / ms,
        line.join(" ")
    )
}

/// Plays `moves` (texts) from `pos`, whose line so far has `hashes`, the
/// checks `checks` and the repetitions `seen`: the position, the line's
/// hashes and whether each move gave check.
fn play_line(
    mut pos: Position,
    mut hashes: Vec<u64>,
    mut checks: Vec<bool>,
    mut seen: Repetitions,
    moves: &[&str],
) -> Result<(Position, Vec<u64>, Vec<bool>), String> {
    for text in moves {
        let m = pos
            .parse_move(text)
            .map_err(|e| format!("illegal move {}: {e}", clip(text)))?;
        if forbidden_repetition(&mut pos, &seen, m) {
            return Err(format!(
                "illegal move {}: it repeats an earlier position",
                clip(text)
            ));
        }
        let mover = pos.side_to_move();
        pos.make(m);
        checks.push(pos.gives_check(mover));
        hashes.push(pos.hash());
        seen.push(pos.hash());
    }
    Ok((pos, hashes, checks))
}
