//! An external engine that speaks XBoard / CECP version 2, as a player
//! (`--b xboard:/usr/games/fairymax`).
//!
//! The engine is started once per game: `xboard`, `protover 2`, then its
//! `feature` lines until `done=1` (each answered `accepted`); it must offer
//! the variant in its `variants` feature (chess is XBoard's `normal`). Then
//! `memory 68` if it asked for it (`memory=1`, as HaChu does), `new`, `variant <name>`, `force`, the time (`st` seconds a move, or `sd`
//! plies), the player description's options (`option NAME=VALUE`), `post`,
//! and `setboard` when the game does not start from the variant's start
//! position (the engine must have `setboard=1`). `ping` keeps the two sides
//! in step where the engine offers it.
//!
//! Each turn the moves the engine has not seen are sent in force mode
//! (`usermove e2e4` with `usermove=1`), then `go`; the engine answers
//! `move …` and is put back in force mode. Its moves are read in XBoard's
//! coordinate notation (ranks from 0 on a ten-rank board; `P@e5` drops;
//! `O-O` castling as some engines send it). A `resign` or a claim of its own
//! loss is a resignation; a draw claim the rules here do not see ends the
//! game as a draw "by the engine's claim"; an illegal move, a claim of a win
//! the rules do not confirm, an `Illegal move` answer to a move it was sent
//! (the two sides disagree), a time-out and a crash lose the game for it.

use std::time::Duration;

use super::{EngineProcess, EngineSpec, Failure, HANDSHAKE};
use crate::engine::{Color, Move, MoveKind, MoveNotation, Position, Reason};
use crate::game::Game;
use crate::game::players::{Action, Player};

/// XBoard's name for a variant, from the rules file's name: chess is
/// `normal`, chu, dai and tenjiku shogi are `chu`, `dai` and `tenjiku`
/// (XBoard's and HaChu's names; wa shogi is `wa-shogi` there too); the
/// others are the same (Fairy-Stockfish's names, which most XBoard engines
/// share).
pub fn xboard_variant_name(variant: &str) -> &str {
    match variant {
        "chess" => "normal",
        "chu-shogi" => "chu",
        "dai-shogi" => "dai",
        "tenjiku-shogi" => "tenjiku",
        other => other,
    }
}

/// The table size, in MiB, an engine that asks for it (`memory=1`) is
/// given, as XBoard gives it by default.
const ENGINE_MEMORY_MB: u32 = 68;

/// The features an XBoard engine announced that matter here.
#[derive(Debug, Default)]
struct Features {
    name: Option<String>,
    setboard: bool,
    usermove: bool,
    ping: bool,
    san: bool,
    /// `memory=1`: the engine sizes its tables by `memory N` (HaChu finds
    /// no moves without it).
    memory: bool,
    variants: Option<Vec<String>>,
    done: Option<bool>,
}

/// Splits a `feature` line into its `key=value` pairs (values may be
/// quoted and contain spaces).
pub fn feature_pairs(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let Some((key, after)) = rest.split_once('=') else {
            break;
        };
        let key = key.trim().to_string();
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.split_once('"') {
                Some((v, n)) => (v.to_string(), n),
                None => (quoted.to_string(), ""),
            }
        } else {
            match after.split_once(char::is_whitespace) {
                Some((v, n)) => (v.to_string(), n),
                None => (after.to_string(), ""),
            }
        };
        out.push((key, value));
        rest = next.trim_start();
    }
    out
}

/// An XBoard engine playing one game.
pub struct XBoardPlayer {
    engine: EngineProcess,
    features: Features,
    movetime: Option<u64>,
    depth: Option<i32>,
    /// Moves of the game the engine has been told (or made).
    told: usize,
    pings: u32,
    last: Option<String>,
    /// `level` has been sent (a timed game).
    level_sent: bool,
}

impl XBoardPlayer {
    /// Readies a started engine for `variant` (the rules file's name).
    pub fn start(engine: EngineProcess, spec: &EngineSpec, variant: &str) -> Result<XBoardPlayer, String> {
        let mut p = XBoardPlayer {
            engine,
            features: Features::default(),
            movetime: spec.movetime,
            depth: spec.depth,
            told: 0,
            pings: 0,
            last: None,
            level_sent: false,
        };
        let command = p.engine.command.clone();
        p.engine.send("xboard")?;
        p.engine.send("protover 2")?;
        p.read_features()
            .map_err(|e| format!("`{command}` did not finish its XBoard features: {e}"))?;
        let name = xboard_variant_name(variant);
        if let Some(list) = &p.features.variants
            && !list.iter().any(|v| v == name)
        {
            return Err(format!(
                "XBoard engine `{}` does not offer the variant `{name}` (its variants: {})",
                p.display_name(),
                list.join(", ")
            ));
        }
        if p.features.variants.is_none() && name != "normal" {
            return Err(format!(
                "XBoard engine `{}` announces no variants: it plays only chess",
                p.display_name()
            ));
        }
        if p.features.san {
            return Err(format!(
                "XBoard engine `{}` asks for SAN moves (san=1), which this player does not send",
                p.display_name()
            ));
        }
        if p.features.memory {
            // XBoard's default: a 64 MiB table and 4 MiB of cache.
            p.engine.send(&format!("memory {ENGINE_MEMORY_MB}"))?;
        }
        p.engine.send("new")?;
        if name != "normal" {
            p.engine.send(&format!("variant {name}"))?;
        }
        p.engine.send("force")?;
        match (p.depth, p.movetime) {
            (Some(d), _) => p.engine.send(&format!("sd {d}"))?,
            (None, Some(t)) => p.engine.send(&format!("st {}", t.div_ceil(1000).max(1)))?,
            (None, None) => p.engine.send("sd 6")?,
        }
        for (k, v) in &spec.options {
            p.engine.send(&format!("option {k}={v}"))?;
        }
        p.engine.send("post")?;
        p.sync()?;
        Ok(p)
    }

    fn display_name(&self) -> String {
        self.features
            .name
            .clone()
            .unwrap_or_else(|| self.engine.command.clone())
    }

    /// Reads `feature` lines until `done=1` (or, for an engine that never
    /// says `done`, until it has been quiet for two seconds after a feature).
    fn read_features(&mut self) -> Result<(), Failure> {
        let mut any = false;
        loop {
            let limit = match self.features.done {
                // `done=0` asks for more time.
                Some(false) => Duration::from_secs(30),
                _ if any => Duration::from_secs(2),
                _ => HANDSHAKE,
            };
            let line = match self.engine.next_line(limit) {
                Ok(l) => l,
                Err(Failure::TimeOut) if any && self.features.done != Some(false) => return Ok(()),
                Err(e) => return Err(e),
            };
            let Some(rest) = line.strip_prefix("feature ") else {
                continue;
            };
            any = true;
            for (key, value) in feature_pairs(rest) {
                let on = value == "1";
                match key.as_str() {
                    "myname" => self.features.name = Some(value.clone()),
                    "setboard" => self.features.setboard = on,
                    "usermove" => self.features.usermove = on,
                    "ping" => self.features.ping = on,
                    "san" => self.features.san = on,
                    "memory" => self.features.memory = on,
                    "variants" => {
                        self.features.variants =
                            Some(value.split(',').map(|v| v.trim().to_string()).collect())
                    }
                    "done" => self.features.done = Some(on),
                    _ => {}
                }
                let _ = self.engine.send(&format!("accepted {key}"));
            }
            if self.features.done == Some(true) {
                return Ok(());
            }
        }
    }

    /// `ping N` and its `pong N`, where the engine offers them.
    fn sync(&mut self) -> Result<(), String> {
        if !self.features.ping {
            return Ok(());
        }
        self.pings += 1;
        let n = self.pings;
        self.engine.send(&format!("ping {n}"))?;
        let pong = format!("pong {n}");
        self.engine
            .wait_for(HANDSHAKE, |l| l == pong, |_| {})
            .map(|_| ())
            .map_err(|e| format!("no `{pong}` from the engine: {e}"))
    }

    /// Sends the start position (if not the variant's own) and the moves the
    /// engine has not seen, in force mode.
    /// On a timed game: `level` once (XBoard's base in minutes:seconds and
    /// increment in seconds), then `time` and `otim` (centiseconds) each turn.
    fn tell_clock(&mut self, game: &Game) -> Result<(), String> {
        let Some(c) = game.clock() else { return Ok(()) };
        if self.depth.is_some() {
            return Ok(());
        }
        if !self.level_sent {
            let base = c.control.base.as_secs();
            let inc = c.control.inc.as_secs_f64() + c.control.byoyomi.as_secs_f64();
            self.engine
                .send(&format!("level 0 {}:{:02} {}", base / 60, base % 60, inc))?;
            self.level_sent = true;
        }
        let cs = |d: Duration| d.as_millis() / 10;
        self.engine.send(&format!("time {}", cs(c.mine)))?;
        self.engine.send(&format!("otim {}", cs(c.theirs)))
    }

    fn tell(&mut self, game: &Game) -> Result<(), String> {
        let start = game.start_position();
        if self.told == 0 && start.to_text() != Position::start(start.variant()).to_text() {
            if !self.features.setboard {
                return Err("the game starts from a set position and the engine has no setboard".into());
            }
            self.engine
                .send(&format!("setboard {}", super::fen_for_engines(start)))?;
        }
        let mut replay = start.clone();
        for (i, m) in game.moves().iter().enumerate() {
            if i >= self.told {
                let text = replay.move_text_as(m, MoveNotation::XBoard);
                let line = if self.features.usermove {
                    format!("usermove {text}")
                } else {
                    text
                };
                self.engine.send(&line)?;
            }
            replay.make(*m);
        }
        self.told = game.moves().len();
        Ok(())
    }
}

/// What an XBoard engine said on its turn.
enum Answer {
    Move(String),
    Resign,
    /// A claimed result: the winner (`None` = draw) and the comment.
    Claim(Option<Color>),
    /// It rejected a move it was sent.
    Rejected,
}

/// Reads one line of an engine on its turn: a move, a resignation, a claim,
/// or a rejection of a move it was sent (anything else is `None`).
fn answer(line: &str) -> Option<Answer> {
    if let Some(m) = line.strip_prefix("move ") {
        return Some(Answer::Move(m.trim().to_string()));
    }
    if line == "resign" || line.starts_with("tellics resign") {
        return Some(Answer::Resign);
    }
    if line.starts_with("Illegal move") {
        return Some(Answer::Rejected);
    }
    let claim = line.split_whitespace().next()?;
    match claim {
        "1-0" => Some(Answer::Claim(Some(Color::First))),
        "0-1" => Some(Answer::Claim(Some(Color::Second))),
        "1/2-1/2" => Some(Answer::Claim(None)),
        _ => None,
    }
}

/// An engine's move text in XBoard notation, also `O-O`/`O-O-O`.
fn parse_engine_move(pos: &mut Position, text: &str) -> Option<Move> {
    if let Ok(m) = pos.parse_xboard_move(text) {
        return Some(m);
    }
    let long = match text.trim_end_matches(['+', '#']) {
        "O-O" | "0-0" => false,
        "O-O-O" | "0-0-0" => true,
        _ => return None,
    };
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let g = pos.variant().board().clone();
    let castles: Vec<Move> = moves
        .into_iter()
        .filter(|m| m.kind() == MoveKind::Castle)
        .filter(|m| match (m.from(), m.to()) {
            (Some(f), Some(t)) => (g.file(t) < g.file(f)) == long,
            _ => false,
        })
        .collect();
    match castles.as_slice() {
        [m] => Some(*m),
        _ => None,
    }
}

impl Player for XBoardPlayer {
    fn name(&self) -> String {
        format!("xboard:{} ({})", self.engine.command, self.display_name())
    }

    fn act(&mut self, game: &mut Game) -> Action {
        // Lines left from its last turn (a claim after its move) are stale.
        while self.engine.next_line(Duration::ZERO).is_ok() {}
        if self
            .tell(game)
            .and_then(|_| self.tell_clock(game))
            .and_then(|_| self.engine.send("go"))
            .is_err()
        {
            return Action::Forfeit(Reason::EngineFailure);
        }
        let mut info = None;
        let mut said = None;
        // A move of several legs may come a leg a line, each but the last
        // ending in a comma (`move m7l8,` then `move l8m7`), as HaChu sends
        // a lion's double move and XBoard reads it.
        let mut legs = String::new();
        let got = self.engine.wait_for(
            super::turn_deadline(self.movetime, game.clock()),
            |l| {
                said = answer(l);
                match &mut said {
                    Some(Answer::Move(m)) if m.ends_with(',') => {
                        legs.push_str(m);
                        false
                    }
                    Some(Answer::Move(m)) => {
                        m.insert_str(0, &legs);
                        true
                    }
                    other => other.is_some(),
                }
            },
            |l| {
                // Thinking output: ply score time nodes pv.
                if l.split_whitespace()
                    .next()
                    .is_some_and(|w| w.parse::<u32>().is_ok())
                {
                    info = Some(l.to_string());
                }
            },
        );
        self.last = info;
        match got {
            Ok(_) => {}
            Err(Failure::TimeOut) => return Action::Forfeit(Reason::TimeForfeit),
            Err(Failure::Crashed) => return Action::Forfeit(Reason::EngineFailure),
            Err(Failure::Stopped) => return Action::Quit,
        }
        let me = game.side_to_move();
        match said {
            Some(Answer::Move(text)) => {
                // Back to force mode: it moves again only when told to.
                let _ = self.engine.send("force");
                match parse_engine_move(&mut game.pos, &text) {
                    Some(m) if game.legal_moves().contains(&m) => {
                        self.told = game.moves().len() + 1;
                        Action::Move(m)
                    }
                    _ => Action::Forfeit(Reason::IllegalMove),
                }
            }
            Some(Answer::Resign) => Action::Resign,
            Some(Answer::Claim(Some(w))) if w != me => Action::Resign,
            Some(Answer::Claim(None)) => Action::Draw(Reason::DrawClaim),
            Some(Answer::Claim(Some(_))) => Action::Forfeit(Reason::IllegalMove),
            Some(Answer::Rejected) | None => Action::Forfeit(Reason::EngineFailure),
        }
    }

    fn set_stop(&mut self, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.engine.set_stop(stop);
    }

    fn last_info(&self) -> Option<String> {
        self.last.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn chess() -> Position {
        static CHESS: std::sync::OnceLock<std::sync::Arc<crate::engine::Variant>> =
            std::sync::OnceLock::new();
        let v = CHESS.get_or_init(|| {
            let text = crate::bundled::VARIANTS
                .iter()
                .find(|(n, _)| *n == "chess")
                .map_or("", |(_, t)| *t);
            crate::load_str("chess.toml", text).expect("the bundled chess loads")
        });
        Position::start(v)
    }

    proptest! {
        /// Whatever an engine prints, reading it never panics.
        #[test]
        fn engine_lines_never_panic(line in "\\PC{0,80}") {
            let _ = feature_pairs(&line);
            let _ = answer(&line);
            let _ = parse_engine_move(&mut chess(), &line);
        }
    }

    #[test]
    fn features_with_quoted_values() {
        let pairs = feature_pairs(r#"setboard=1 myname="Fairy-Max 5.0b" variants="normal,shatranj" done=0"#);
        assert_eq!(
            pairs,
            vec![
                ("setboard".into(), "1".into()),
                ("myname".into(), "Fairy-Max 5.0b".into()),
                ("variants".into(), "normal,shatranj".into()),
                ("done".into(), "0".into()),
            ]
        );
        assert!(feature_pairs("garbage without pairs").is_empty());
        assert_eq!(
            feature_pairs(r#"x="unterminated"#),
            vec![("x".into(), "unterminated".into())]
        );
    }

    #[test]
    fn answers() {
        assert!(matches!(answer("move e2e4"), Some(Answer::Move(m)) if m == "e2e4"));
        assert!(matches!(answer("resign"), Some(Answer::Resign)));
        assert!(matches!(
            answer("1/2-1/2 {Draw by repetition}"),
            Some(Answer::Claim(None))
        ));
        assert!(matches!(
            answer("0-1 {White resigns}"),
            Some(Answer::Claim(Some(Color::Second)))
        ));
        assert!(matches!(answer("Illegal move: e2e5"), Some(Answer::Rejected)));
        assert!(answer("7 -23 120 4502 e2e4 e7e5").is_none());
    }
}
