//! A game: a position with its history, and the result when the game is over.
//! The rules of the end are the engine's ([`crate::engine::judge`]); this
//! layer keeps the history they look back on (hashes, checks), and adds the
//! endings that are not in the rules (resignation, a move limit).

use std::sync::Arc;
use std::time::Duration;

use crate::clock::Instant;
use crate::engine::{
    Color, GameResult, History, Move, Position, Reason, Repetitions, Variant, drop_forbidden_repetitions,
    forbidden_repetition, judge_counted,
};
use crate::text::MoveTextError;

/// A game's history owned: its positions' hashes, the current one last, and
/// whether each move gave check ([`Game::line`]).
#[derive(Clone, Debug, Default)]
pub struct Line {
    /// The positions' hashes, the start first and the current one last.
    pub hashes: Vec<u64>,
    /// Whether each move gave check.
    pub checks: Vec<bool>,
}

impl Line {
    /// The history the end rules and the search look back on.
    pub fn history(&self) -> History<'_> {
        History {
            hashes: &self.hashes,
            checks: Some(&self.checks),
        }
    }
}

/// A position with its history of moves, hashes and checks.
#[derive(Clone)]
pub struct Game {
    pub(crate) pos: Position,
    /// The start position itself (for replays and records).
    start_pos: Position,
    /// Hash of the start position and of the position after each move.
    hashes: Vec<u64>,
    /// How often each of `hashes` stood: the repetition rules look it up
    /// instead of scanning the game (linear replay).
    seen: Repetitions,
    /// Whether each move gave check (attacked the opponent's royal or command).
    checks: Vec<bool>,
    moves: Vec<Move>,
    /// Set when the game ended otherwise than by the rules (resignation, a
    /// move limit, an illegal move of an external player).
    forced: Option<GameResult>,
    /// The time control and each side's time left, when the game is timed.
    clock: Option<(TimeControl, [Duration; 2])>,
}

/// A time control: a base time, an increment after each move, and byoyomi
/// (once the base is spent, each move must take at most this long).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time for the whole game, per side.
    pub base: Duration,
    /// Added after each move.
    pub inc: Duration,
    /// Per move once the base is spent.
    pub byoyomi: Duration,
}

impl TimeControl {
    /// Reads `BASE[+INC]` in seconds (`10+0.1`, `60`, `0.5+0`), with
    /// byoyomi given apart, in seconds.
    pub fn parse(text: &str, byoyomi: f64) -> Result<TimeControl, String> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let secs = |s: &str| -> Result<Duration, String> {
            let x: f64 = s
                .trim()
                .parse()
                .map_err(|_| format!("time control `{text}`: `{s}` is not a number of seconds"))?;
            if !(0.0..=86_400.0).contains(&x) {
                return Err(format!("time control `{text}`: {x} s is not between 0 and 86400"));
            }
            Ok(Duration::from_secs_f64(x))
        };
        let tc = TimeControl {
            base: secs(base)?,
            inc: secs(inc)?,
            byoyomi: secs(&byoyomi.to_string())?,
        };
        if tc.base.is_zero() && tc.inc.is_zero() && tc.byoyomi.is_zero() {
            return Err(format!("time control `{text}`: no time at all"));
        }
        Ok(tc)
    }

    /// The control as text (`10+0.1`, with byoyomi `0+0 byoyomi 1`).
    pub fn describe(&self) -> String {
        let mut s = format!("{}+{}", self.base.as_secs_f64(), self.inc.as_secs_f64());
        if !self.byoyomi.is_zero() {
            s.push_str(&format!(" byoyomi {}", self.byoyomi.as_secs_f64()));
        }
        s
    }
}

/// The clock as the side to move sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockView {
    /// The time control.
    pub control: TimeControl,
    /// Time left to the side to move (byoyomi not counted).
    pub mine: Duration,
    /// Time left to the other side.
    pub theirs: Duration,
}

impl Game {
    /// A game starting at `pos`.
    pub fn new(pos: Position) -> Game {
        let h = pos.hash();
        Game {
            start_pos: pos.clone(),
            pos,
            hashes: vec![h],
            seen: Repetitions::new(&[h]),
            checks: Vec::new(),
            moves: Vec::new(),
            forced: None,
            clock: None,
        }
    }

    /// Times the game: each side starts with the control's base time.
    pub fn set_time_control(&mut self, tc: TimeControl) {
        self.clock = Some((tc, [tc.base; 2]));
    }

    /// The clock for the side to move, when the game is timed.
    pub fn clock(&self) -> Option<ClockView> {
        let (control, left) = self.clock?;
        let me = self.pos.side_to_move().index();
        Some(ClockView {
            control,
            mine: left[me],
            theirs: left[1 - me],
        })
    }

    /// Charges `spent` to the side to move's clock (before its move is
    /// played); false when that oversteps its time: base, then byoyomi.
    fn charge(&mut self, spent: Duration) -> bool {
        let me = self.pos.side_to_move().index();
        let Some((tc, left)) = &mut self.clock else {
            return true;
        };
        let ok = if spent <= left[me] {
            left[me] -= spent;
            true
        } else if spent - left[me] <= tc.byoyomi {
            left[me] = Duration::ZERO;
            true
        } else {
            left[me] = Duration::ZERO;
            false
        };
        left[me] += tc.inc;
        ok
    }

    /// A game from the variant's start position.
    pub fn from_start(v: &Arc<Variant>) -> Game {
        Game::new(Position::start(v))
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        self.pos.variant()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start_pos
    }

    /// The start position as text.
    pub fn start_text(&self) -> String {
        self.start_pos.to_text()
    }

    /// Hashes of the start position and of the position after each move.
    pub fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    /// Whether each move played gave check.
    pub fn checks(&self) -> &[bool] {
        &self.checks
    }

    /// The history the end rules look back on, as a copy: for a search on
    /// another thread, or beside a mutable borrow of the position.
    pub fn line(&self) -> Line {
        Line {
            hashes: self.hashes.clone(),
            checks: self.checks.clone(),
        }
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.pos.side_to_move()
    }

    /// The legal moves (none once the game is over).
    pub fn legal_moves(&mut self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.result().is_none() {
            self.pos.legal_moves(&mut out);
            drop_forbidden_repetitions(&mut self.pos, &self.seen, &mut out);
        }
        out
    }

    /// Whether `m`, legal in the position, would complete a repetition the
    /// variant forbids (`repetition = { result = "illegal" }`).
    pub fn repeats_forbidden(&mut self, m: Move) -> bool {
        forbidden_repetition(&mut self.pos, &self.seen, m)
    }

    /// The legal move a text names (any notation [`Position::parse_move`]
    /// reads), read on the game's own position — no copy of its history —
    /// and refused when it repeats a position the rules forbid.
    pub fn parse_move(&mut self, text: &str) -> Result<Move, MoveTextError> {
        let m = self.pos.parse_move(text)?;
        if self.repeats_forbidden(m) {
            return Err(MoveTextError::Repeats(text.trim().to_string()));
        }
        Ok(m)
    }

    /// Whether `m` is a legal move of the position (forbidden repetitions
    /// left out), asked of the game's own position.
    pub fn is_legal(&mut self, m: Move) -> bool {
        let mut moves = Vec::new();
        self.pos.legal_moves(&mut moves);
        moves.contains(&m) && !self.repeats_forbidden(m)
    }

    /// Runs `f` on the game's own position (to write move texts, try
    /// moves): no copy of its history. Moves `f` leaves made are taken
    /// back, so the game is as it was.
    pub fn probe<R>(&mut self, f: impl FnOnce(&mut Position) -> R) -> R {
        let ply = self.pos.ply();
        let r = f(&mut self.pos);
        while self.pos.ply() > ply {
            self.pos.unmake();
        }
        r
    }

    /// Plays a legal move (the caller checked legality).
    pub fn play(&mut self, m: Move) {
        let mover = self.pos.side_to_move();
        self.pos.make(m);
        let check = self.pos.gives_check(mover);
        self.checks.push(check);
        self.hashes.push(self.pos.hash());
        self.seen.push(self.pos.hash());
        self.moves.push(m);
    }

    /// Parses and plays a move text; refused once the game is over.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveTextError> {
        if let Some(r) = self.result() {
            return Err(MoveTextError::GameOver(r.describe(self.variant())));
        }
        let m = self.pos.parse_move(text)?;
        if self.repeats_forbidden(m) {
            return Err(MoveTextError::Repeats(text.trim().to_string()));
        }
        self.play(m);
        Ok(m)
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> bool {
        if self.moves.is_empty() {
            return false;
        }
        self.pos.unmake();
        self.moves.pop();
        self.checks.pop();
        if let Some(h) = self.hashes.pop() {
            self.seen.pop(h);
        }
        self.forced = None;
        true
    }

    /// The side to move resigns.
    pub fn resign(&mut self) {
        self.forced = Some(GameResult::win(!self.pos.side_to_move(), Reason::Resignation));
    }

    /// Ends the game with a result from outside the rules.
    pub fn end(&mut self, result: GameResult) {
        self.forced = Some(result);
    }

    /// The canonical text of a legal move of the current position.
    pub fn format(&self, m: &Move) -> String {
        self.pos.move_text(m)
    }

    /// A legal move of the current position as the variant shows moves to
    /// people (`[text] notation`).
    pub fn display(&mut self, m: &Move) -> String {
        let notation = self.variant().display_notation();
        self.pos.move_text_as(m, notation)
    }

    /// The history the end rules look back on.
    pub fn history(&self) -> History<'_> {
        History {
            hashes: &self.hashes,
            checks: Some(&self.checks),
        }
    }

    /// The result if the game is over.
    pub fn result(&mut self) -> Option<GameResult> {
        if let Some(r) = self.forced {
            return Some(r);
        }
        let history = History {
            hashes: &self.hashes,
            checks: Some(&self.checks),
        };
        judge_counted(&mut self.pos, &history, &self.seen)
    }
}

pub mod clock;
pub mod external;
pub mod nnue;
pub mod players;
pub mod record;
pub mod search;
pub mod selfplay;
pub mod sprt;
pub mod tune;

use players::{Action, Player};

/// How `run_game` reports.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Plies after which the game stops as a draw by move limit (0 = none).
    pub max_plies: usize,
    /// Print each move.
    pub print_moves: bool,
    /// Print the board after each move (for human players).
    pub show_board: bool,
    /// Print the engine's search figures after its moves.
    pub verbose: bool,
}

/// Plays until the game ends (or a player quits: `None`).
pub fn run_game(
    game: &mut Game,
    players: &mut [Box<dyn Player + '_>; 2],
    out: &mut dyn std::io::Write,
    opts: &PlayOptions,
) -> Option<GameResult> {
    if opts.show_board {
        let _ = write!(out, "{}", crate::display::board_text(&game.pos));
    }
    loop {
        if let Some(r) = game.result() {
            return Some(r);
        }
        if opts.max_plies > 0 && game.moves().len() >= opts.max_plies {
            let r = GameResult::draw(Reason::MoveLimit);
            game.end(r);
            return Some(r);
        }
        let side = game.pos.side_to_move().index();
        let started = Instant::now();
        let action = players[side].act(game);
        if matches!(action, Action::Move(_)) && !game.charge(started.elapsed()) {
            let r = GameResult::win(!game.pos.side_to_move(), Reason::TimeForfeit);
            game.end(r);
            return Some(r);
        }
        match action {
            Action::Move(m) => {
                let ply = game.moves().len();
                let text = game.display(&m);
                let turn = game
                    .pos
                    .turn_progress()
                    .map(|(k, n)| (k, n, game.pos.side_to_move()));
                game.play(m);
                if opts.print_moves {
                    let number = match turn {
                        // Turns of several moves: the side and the move's
                        // place in its turn (`w 3/3`).
                        Some((k, n, side)) => {
                            format!("{} {k}/{n}", game.pos.variant().side_name(side))
                        }
                        None if ply.is_multiple_of(2) => format!("{}.", ply / 2 + 1),
                        None => format!("{}...", ply / 2 + 1),
                    };
                    let _ = write!(out, "{number} {text}");
                    if opts.verbose
                        && let Some(info) = players[side].last_info()
                    {
                        let _ = write!(out, "    ({info})");
                    }
                    let _ = writeln!(out);
                }
                if opts.show_board {
                    let _ = write!(out, "{}", crate::display::board_text(&game.pos));
                }
            }
            Action::Resign => game.resign(),
            Action::Forfeit(reason) => game.end(GameResult::win(!game.pos.side_to_move(), reason)),
            Action::Draw(reason) => game.end(GameResult::draw(reason)),
            Action::Undo => {
                // Take back the opponent's reply and the own move.
                let n = if game.moves().len() >= 2 {
                    2
                } else {
                    game.moves().len()
                };
                for _ in 0..n {
                    game.undo();
                }
                let _ = writeln!(out, "took back {n} move(s)");
                let _ = write!(out, "{}", crate::display::board_text(&game.pos));
            }
            Action::Quit => return None,
        }
    }
}
