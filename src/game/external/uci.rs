//! An external engine that speaks UCI (`--b uci:PATH`) or USI
//! (`--b usi:PATH`), as a player.
//!
//! The engine is started once per game: `uci`/`usi` (answered by
//! `uciok`/`usiok` within ten seconds), `setoption name UCI_Variant value
//! <variant>` (`USI_Variant`) when the variant is not the protocol's own game
//! (chess, shogi; the engine must offer it), the options of the player
//! description, `isready`. Each turn it gets the game as `position
//! startpos|fen <start> moves …` (USI: `sfen`) and `go movetime MS` (USI: `go
//! btime 0 wtime 0 byoyomi MS`), `go depth N` or `go nodes N`, and must answer `bestmove`
//! in time. An illegal move, a time-out and a crash each lose the game for
//! the engine, with that reason.

use super::{EngineProcess, EngineSpec, Failure, HANDSHAKE, Protocol};
use crate::engine::{MoveNotation, Position, Reason};
use crate::game::Game;
use crate::game::players::{Action, Player};

/// A UCI or USI engine playing one game.
pub struct UciPlayer {
    engine: EngineProcess,
    usi: bool,
    name: String,
    movetime: Option<u64>,
    depth: Option<i32>,
    nodes: Option<u64>,
    last: Option<String>,
}

impl UciPlayer {
    /// Readies a started engine for `variant` (the rules file's name, which
    /// is Fairy-Stockfish's name for its variants).
    pub fn start(engine: EngineProcess, spec: &EngineSpec, variant: &str) -> Result<UciPlayer, String> {
        let usi = spec.protocol == Protocol::Usi;
        let (hello, option, own) = if usi {
            ("usi", "USI_Variant", "shogi")
        } else {
            ("uci", "UCI_Variant", "chess")
        };
        let mut p = UciPlayer {
            name: engine.command.clone(),
            engine,
            usi,
            movetime: spec.movetime,
            depth: spec.depth,
            nodes: spec.nodes,
            last: None,
        };
        let command = p.engine.command.clone();
        p.engine.send(hello)?;
        let mut variants = Vec::new();
        let mut name = None;
        let ok = format!("{hello}ok");
        let greeting = p.engine.wait_for(
            HANDSHAKE,
            |line| line == ok,
            |line| {
                if let Some(n) = line.strip_prefix("id name ") {
                    name = Some(n.trim().to_string());
                }
                if line.starts_with(&format!("option name {option} ")) {
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
        greeting.map_err(|e| format!("`{command}` is not a {} engine: {e}", hello.to_uppercase()))?;
        if let Some(n) = name {
            p.name = n;
        }
        if variant != own {
            if !variants.iter().any(|v| v == variant) {
                return Err(format!(
                    "{} engine `{}` does not offer the variant `{variant}` ({option}: {})",
                    hello.to_uppercase(),
                    p.name,
                    if variants.is_empty() {
                        "none".to_string()
                    } else {
                        variants.join(", ")
                    }
                ));
            }
            p.engine
                .send(&format!("setoption name {option} value {variant}"))?;
        }
        for (k, v) in &spec.options {
            p.engine.send(&format!("setoption name {k} value {v}"))?;
        }
        p.engine.send("isready")?;
        p.engine
            .wait_for(HANDSHAKE, |l| l == "readyok", |_| {})
            .map_err(|e| format!("`{command}` did not get ready: {e}"))?;
        p.engine.send(&format!("{hello}newgame"))?;
        Ok(p)
    }

    /// The engine process, ready (after `ucinewgame`), for commands of the
    /// caller's own (`chimera bench --search --fsf`).
    pub fn into_engine(self) -> EngineProcess {
        self.engine
    }

    fn notation(&self) -> MoveNotation {
        if self.usi {
            MoveNotation::Usi
        } else {
            MoveNotation::Uci
        }
    }

    /// `position …` for the game so far.
    fn position_command(&self, game: &Game) -> Result<String, String> {
        let start = game.start_position();
        let mut replay = start.clone();
        let mut moves = Vec::new();
        for m in game.moves() {
            moves.push(replay.move_text_as(m, self.notation()));
            replay.make(*m);
        }
        let at_start = start.to_text() == Position::start(start.variant()).to_text();
        let mut position = if at_start {
            "position startpos".to_string()
        } else if self.usi {
            if !start.variant().uses_sfen() {
                return Err("USI needs a variant written in SFEN".into());
            }
            format!("position sfen {}", start.to_text())
        } else {
            format!("position fen {}", fen_for_engines(start))
        };
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        Ok(position)
    }
}

impl Player for UciPlayer {
    fn name(&self) -> String {
        let prefix = if self.usi { "usi" } else { "uci" };
        format!("{prefix}:{} ({})", self.engine.command, self.name)
    }

    fn act(&mut self, game: &mut Game) -> Action {
        let Ok(position) = self.position_command(game) else {
            return Action::Forfeit(Reason::EngineFailure);
        };
        let clock = super::clock_ms(game);
        let go = match (self.movetime, self.depth) {
            (_, Some(d)) => format!("go depth {d}"),
            (_, None) if let Some(n) = self.nodes => format!("go nodes {n}"),
            (_, None) if let Some((first, second, tc)) = clock => {
                let (inc, byoyomi) = (tc.inc.as_millis(), tc.byoyomi.as_millis());
                // UCI's white and USI's black (sente) are the first player.
                let mut go = if self.usi {
                    format!("go btime {first} wtime {second}")
                } else {
                    format!("go wtime {first} btime {second}")
                };
                if inc > 0 {
                    let (a, b) = if self.usi {
                        ("binc", "winc")
                    } else {
                        ("winc", "binc")
                    };
                    go.push_str(&format!(" {a} {inc} {b} {inc}"));
                }
                if byoyomi > 0 {
                    go.push_str(&format!(" byoyomi {byoyomi}"));
                }
                go
            }
            (Some(t), None) if self.usi => format!("go btime 0 wtime 0 byoyomi {t}"),
            (Some(t), None) => format!("go movetime {t}"),
            (None, None) => "go depth 6".to_string(),
        };
        if self
            .engine
            .send(&position)
            .and_then(|_| self.engine.send(&go))
            .is_err()
        {
            return Action::Forfeit(Reason::EngineFailure);
        }
        let mut info = None;
        let answer = self.engine.wait_for(
            super::turn_deadline(self.movetime, game.clock()),
            |l| l.starts_with("bestmove"),
            |l| {
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
            Err(Failure::Stopped) => return Action::Quit,
        };
        let text = line.split_whitespace().nth(1).unwrap_or("");
        if matches!(text, "" | "0000" | "(none)" | "resign") {
            return Action::Resign;
        }
        match game.pos.parse_move(text) {
            Ok(m) if game.legal_moves().contains(&m) => Action::Move(m),
            // USI's `win` declares a win the rules here do not confirm.
            _ => Action::Forfeit(Reason::IllegalMove),
        }
    }

    fn set_stop(&mut self, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.engine.set_stop(stop);
    }

    fn last_info(&self) -> Option<String> {
        self.last.clone()
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
