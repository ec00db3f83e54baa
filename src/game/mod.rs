//! A game: a position with its history, and the result when the game is over
//! (checkmate, stalemate, repetition with the perpetual-check rule, loss of
//! command, a winning square reached, the fifty-move rule).

use std::fmt;
use std::sync::Arc;

use crate::engine::movetext::{MoveTextError, format_move, parse_move};
use crate::engine::{DecidedBy, Move, Position, Variant};
use crate::rules::{Outcome, RepetitionResult};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    Checkmate,
    Stalemate,
    Repetition,
    PerpetualCheck,
    LossOfCommand,
    Reach,
    FiftyMoves,
    Resignation,
    IllegalMove,
    MoveLimit,
}

impl Reason {
    pub fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "repetition",
            Reason::PerpetualCheck => "perpetual check",
            Reason::LossOfCommand => "loss of command",
            Reason::Reach => "reaching a winning square",
            Reason::FiftyMoves => "fifty-move rule",
            Reason::Resignation => "resignation",
            Reason::IllegalMove => "illegal move",
            Reason::MoveLimit => "move limit",
        }
    }

    pub fn parse(s: &str) -> Option<Reason> {
        let s = s.replace(['_', '-'], " ");
        [
            Reason::Checkmate,
            Reason::Stalemate,
            Reason::Repetition,
            Reason::PerpetualCheck,
            Reason::LossOfCommand,
            Reason::Reach,
            Reason::FiftyMoves,
            Reason::Resignation,
            Reason::IllegalMove,
            Reason::MoveLimit,
        ]
        .into_iter()
        .find(|r| r.name() == s || (s == "reach" && *r == Reason::Reach))
    }
}

/// A finished game's result: the winner (None = draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub winner: Option<usize>,
    pub reason: Reason,
}

impl GameResult {
    pub fn describe(&self, v: &Variant) -> String {
        match self.winner {
            Some(w) => format!("{} wins by {}", v.side_names[w], self.reason.name()),
            None => format!("draw by {}", self.reason.name()),
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether `mover`'s last move checks: it attacks a royal piece, or — in a
/// variant won by taking the opponent's command (no royal pieces) — the mover
/// could win with its next move if it were to move again (KO-R27: a threat to
/// a critical piece by any means, burns and shots included).
pub fn gives_check(pos: &Position, mover: usize) -> bool {
    if pos.in_check(mover ^ 1) {
        return true;
    }
    if pos.v.end.command.is_empty() || pos.decided().is_some() {
        return false;
    }
    let mut again = pos.clone();
    again.side = mover;
    let mut moves = Vec::new();
    again.legal_moves(&mut moves);
    moves.into_iter().any(|m| {
        again.make(m);
        let won = again.decided().is_some_and(|d| d.winner == mover);
        again.unmake();
        won
    })
}

/// A position with its history of moves, hashes and checks.
#[derive(Clone)]
pub struct Game {
    pub pos: Position,
    /// The start position as text.
    pub start: String,
    /// The start position itself (for replays and records).
    start_pos: Position,
    /// Hash of the start position and of the position after each move.
    hashes: Vec<u64>,
    /// Whether each move gave check (attacked the opponent's royal or command).
    checks: Vec<bool>,
    moves: Vec<Move>,
    /// Set when the game ended otherwise than by the rules of the position
    /// (resignation, an illegal move).
    forced: Option<GameResult>,
}

impl Game {
    pub fn new(pos: Position) -> Game {
        let h = pos.hash;
        Game {
            start: pos.to_text(),
            start_pos: pos.clone(),
            pos,
            hashes: vec![h],
            checks: Vec::new(),
            moves: Vec::new(),
            forced: None,
        }
    }

    pub fn from_start(v: &Arc<Variant>) -> Game {
        Game::new(Position::start(v))
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.pos.v
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start_pos
    }

    /// Hashes of the start position and of the position after each move.
    pub fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn legal_moves(&mut self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.result().is_none() {
            self.pos.legal_moves(&mut out);
        }
        out
    }

    /// Plays a legal move (the caller checked legality).
    pub fn play(&mut self, m: Move) {
        let mover = self.pos.side;
        self.pos.make(m);
        let check = gives_check(&self.pos, mover);
        self.checks.push(check);
        self.hashes.push(self.pos.hash);
        self.moves.push(m);
    }

    /// Parses and plays a move text.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveTextError> {
        let m = parse_move(&mut self.pos, text)?;
        self.play(m);
        Ok(m)
    }

    pub fn undo(&mut self) -> bool {
        if self.moves.is_empty() {
            return false;
        }
        self.pos.unmake();
        self.moves.pop();
        self.checks.pop();
        self.hashes.pop();
        self.forced = None;
        true
    }

    pub fn resign(&mut self) {
        self.forced = Some(GameResult {
            winner: Some(self.pos.side ^ 1),
            reason: Reason::Resignation,
        });
    }

    pub fn end(&mut self, result: GameResult) {
        self.forced = Some(result);
    }

    pub fn format(&self, m: &Move) -> String {
        format_move(&self.pos, m)
    }

    /// The result if the game is over.
    pub fn result(&mut self) -> Option<GameResult> {
        if let Some(r) = self.forced {
            return Some(r);
        }
        let v = self.pos.v.clone();
        if let Some(d) = self.pos.decided() {
            let reason = match d.reason {
                DecidedBy::LossOfCommand => Reason::LossOfCommand,
                DecidedBy::Reach => Reason::Reach,
            };
            return Some(GameResult {
                winner: Some(d.winner),
                reason,
            });
        }
        if let Some(rep) = v.end.repetition
            && let Some(r) = self.repetition(rep.count, rep.result, rep.perpetual_check_loses)
        {
            return Some(r);
        }
        let mut moves = Vec::new();
        self.pos.legal_moves(&mut moves);
        let to_move = self.pos.side;
        if moves.is_empty() {
            let in_check = self.pos.in_check(to_move);
            let (outcome, reason) = if in_check {
                (v.end.checkmated, Reason::Checkmate)
            } else {
                (v.end.stalemated, Reason::Stalemate)
            };
            let winner = match outcome {
                Outcome::Win => Some(to_move),
                Outcome::Loss => Some(to_move ^ 1),
                Outcome::Draw => None,
            };
            return Some(GameResult { winner, reason });
        }
        if let Some(n) = v.end.fifty_move_rule
            && self.pos.halfmove >= n
        {
            return Some(GameResult {
                winner: None,
                reason: Reason::FiftyMoves,
            });
        }
        None
    }

    fn repetition(&self, count: u32, result: RepetitionResult, perpetual: bool) -> Option<GameResult> {
        let last = *self.hashes.last()?;
        let occurrences: Vec<usize> = self
            .hashes
            .iter()
            .enumerate()
            .filter(|(_, h)| **h == last)
            .map(|(i, _)| i)
            .collect();
        if (occurrences.len() as u32) < count || self.moves.is_empty() {
            return None;
        }
        let first = occurrences[0];
        let n = self.moves.len();
        // The mover of the move that completed the repetition.
        let mover = self.pos.side ^ 1;
        if perpetual {
            // Moves after the first occurrence: indices first..n; move i was made
            // by the side that is to move at position i.
            for side in [mover, mover ^ 1] {
                let own: Vec<bool> = (first..n)
                    .filter(|i| self.side_at(*i) == side)
                    .map(|i| self.checks[i])
                    .collect();
                if !own.is_empty() && own.iter().all(|&c| c) {
                    return Some(GameResult {
                        winner: Some(side ^ 1),
                        reason: Reason::PerpetualCheck,
                    });
                }
            }
        }
        Some(match result {
            RepetitionResult::Draw => GameResult {
                winner: None,
                reason: Reason::Repetition,
            },
            RepetitionResult::MoverLoses => GameResult {
                winner: Some(mover ^ 1),
                reason: Reason::Repetition,
            },
        })
    }

    /// The side that made move `i`.
    fn side_at(&self, i: usize) -> usize {
        let n = self.moves.len();
        // The side to move now made move n-2, n-4, …; the other side n-1, n-3, …
        if (n - i) % 2 == 1 {
            self.pos.side ^ 1
        } else {
            self.pos.side
        }
    }
}

pub mod players;
pub mod record;
pub mod search;

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
            let r = GameResult {
                winner: None,
                reason: Reason::MoveLimit,
            };
            game.end(r);
            return Some(r);
        }
        let side = game.pos.side;
        match players[side].act(game) {
            Action::Move(m) => {
                let ply = game.moves().len();
                let text = game.format(&m);
                game.play(m);
                if opts.print_moves {
                    let number = if ply.is_multiple_of(2) {
                        format!("{}.", ply / 2 + 1)
                    } else {
                        format!("{}...", ply / 2 + 1)
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
