//! The session's commands that change the game or its settings: `protover`
//! (the features), `cores` and `memory`, `variant` (and its announcement),
//! `level`, `setboard` and the opponent's moves.

use super::announce::Presentation;
use super::fen::{from_xboard_fen, same_position, xboard_fen};
use super::moves::parse_move;
use super::{XBoard, clip};
use crate::engine::Position;
use crate::game::Game;
use crate::game::external::xboard::xboard_variant_name;
use crate::game::players::{MAX_HASH_MB, MAX_THREADS};
use crate::game::search::Searcher;

/// Variant names XBoard 4.9 leaves out of its menu when an engine offers
/// them (those of WinBoard's "Alien Edition"): chimera offers these games
/// under its rules files' names as well (`dai-shogi`), which the menu shows;
/// `-variant dai` on XBoard's command line (and HaChu) use the short name.
const HIDDEN_BY_XBOARD: [&str; 6] = ["tenjiku", "dai", "dada", "maka", "tai", "kyoku"];

impl XBoard {
    pub(super) fn features(&self) {
        // A name XBoard leaves out of its menu is offered under the rules
        // file's name too (`dai` and `dai-shogi`).
        let names: Vec<&str> = self
            .variants
            .iter()
            .flat_map(|(n, _)| {
                let x = xboard_variant_name(n);
                std::iter::once(x).chain(HIDDEN_BY_XBOARD.contains(&x).then_some(n.as_str()))
            })
            .collect();
        self.say(&format!(
            "feature myname=\"chimera {}\" setboard=1 usermove=1 ping=1 time=1 draw=0 sigint=0 sigterm=0 \
             reuse=1 analyze=0 colors=0 san=0 debug=1 memory=1 smp=1 variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        self.say("feature done=1");
    }

    /// `cores N` (search threads) and `memory N` (mebibytes for the table),
    /// each cut to its largest: a cut `memory` is said in a debug line (`#`,
    /// in XBoard's log), as is a table smaller than asked for because the
    /// memory could not be had.
    pub(super) fn resources(&mut self, cmd: &str, rest: &str) {
        let max = if cmd == "cores" { MAX_THREADS } else { MAX_HASH_MB };
        // Digits only; too many of them is simply a large number.
        let number = (!rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
            .then(|| rest.parse::<u64>().unwrap_or(u64::MAX));
        let n = match number {
            Some(n) if n >= 1 => n.min(max as u64) as usize,
            _ => return self.say(&format!("Error (bad number): {cmd} {}", clip(rest))),
        };
        if cmd == "cores" {
            self.threads = n;
            return;
        }
        if number > Some(max as u64) {
            self.say(&format!(
                "# memory {}: more than the largest table, {max} MiB",
                clip(rest)
            ));
        }
        if n != self.hash_mb {
            self.abandon_search();
            self.hash_mb = n;
            let s = Searcher::with_hash(self.game.variant(), n);
            if s.hash_megabytes() < n / 2 {
                self.say(&format!(
                    "# memory: only {} MiB could be had for the table",
                    s.hash_megabytes()
                ));
            }
            self.searcher = Some(s);
        }
    }

    /// Makes a variant the current one, at its start position.
    pub(super) fn select(&mut self, i: usize) {
        let (name, v) = self.variants[i].clone();
        if i != self.current || self.searcher.is_none() {
            self.searcher = Some(Searcher::with_hash(&v, self.hash_mb));
        } else if let Some(s) = &mut self.searcher {
            s.clear();
        }
        self.current = i;
        self.shown = Presentation::of(&name, &v);
        self.game = Game::from_start(&v);
        self.withheld = false;
    }

    pub(super) fn variant(&mut self, name: &str) {
        self.abandon_search();
        let Some(i) = self.variants.iter().position(|(n, _)| {
            let x = xboard_variant_name(n);
            x == name || (HIDDEN_BY_XBOARD.contains(&x) && n == name)
        }) else {
            return self.error("unknown variant", &format!("variant {name}"));
        };
        let shown = Presentation::of(&self.variants[i].0, &self.variants[i].1);
        if let Some(why) = &shown.refused {
            self.say(&format!(
                "tellusererror chimera cannot play {name} in XBoard: {why}"
            ));
            return self.error("variant not playable in XBoard", &format!("variant {name}"));
        }
        self.select(i);
        for line in &self.shown.announce {
            self.say(line);
        }
        if !self.shown.warnings.is_empty() {
            self.say(&format!(
                "telluser chimera, {name}: {}",
                self.shown.warnings.join("; ")
            ));
        }
    }

    /// `level MPS BASE INC`: BASE in minutes or `min:sec`, INC in seconds.
    pub(super) fn level(&mut self, rest: &str) {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let parsed = match words.as_slice() {
            [mps, base, inc] => {
                let base_ms = match base.split_once(':') {
                    Some((m, s)) => m
                        .parse::<u64>()
                        .ok()
                        .zip(s.parse::<u64>().ok())
                        .map(|(m, s)| (m * 60 + s) * 1000),
                    None => base
                        .parse::<f64>()
                        .ok()
                        .filter(|b| *b >= 0.0)
                        .map(|b| (b * 60_000.0) as u64),
                };
                let inc_ms = inc
                    .parse::<f64>()
                    .ok()
                    .filter(|i| *i >= 0.0)
                    .map(|i| (i * 1000.0) as u64);
                mps.parse::<u32>().ok().zip(base_ms).zip(inc_ms)
            }
            _ => None,
        };
        match parsed {
            Some(((mps, base), inc)) => {
                self.clock.moves_per_session = mps;
                self.clock.increment = inc;
                self.clock.mine = Some(base);
                self.clock.fixed = None;
                self.clock.set = true;
            }
            None => self.error("bad level", &format!("level {rest}")),
        }
    }

    pub(super) fn setboard(&mut self, fen: &str) {
        self.abandon_search();
        let v = self.variants[self.current].1.clone();
        // XBoard sends the start position it was given back as a FEN.
        let start = Position::start(&v);
        let letters = &self.shown.letters;
        let parsed = if self.shown.known {
            Some(Position::from_text(&v, fen))
        } else if same_position(fen, &xboard_fen(&start, letters)) {
            Some(Ok(start))
        } else {
            // Read without castling rights, then with those XBoard gives
            // whose pieces are in place.
            from_xboard_fen(&v, fen, letters, None).map(|t| {
                let bare = Position::from_text(&v, &t)?;
                match from_xboard_fen(&v, fen, letters, Some(&bare)) {
                    Some(t) if !v.castles.is_empty() => Position::from_text(&v, &t),
                    _ => Ok(bare),
                }
            })
        };
        self.withheld = false;
        match parsed {
            Some(Ok(pos)) => self.game = Game::new(pos),
            Some(Err(e)) => {
                self.say(&format!("tellusererror Illegal position: {e}"));
                self.error("bad position", &format!("setboard {fen}"));
            }
            None => self.error("setboard is not supported for this variant", "setboard"),
        }
    }

    pub(super) fn user_move(&mut self, text: &str) {
        let mut pos = self.game.position().clone();
        if let Some(r) = self.result() {
            // The opponent plays on after a win not claimed: claim it now.
            if self.withheld {
                return self.say_result(&r);
            }
            return self.say(&format!("Illegal move (the game is over): {}", clip(text)));
        }
        match parse_move(&mut pos, text, &self.shown) {
            Some(m) if self.game.repeats_forbidden(m) => self.say(&format!(
                "Illegal move (repeats an earlier position): {}",
                clip(text)
            )),
            Some(m) => {
                self.game.play(m);
                if self.engine.is_some() && self.announce_result(false) {
                    return;
                }
                if self.engine == Some(self.game.side_to_move()) {
                    self.think();
                }
            }
            None => self.say(&format!("Illegal move: {}", clip(text))),
        }
    }
}
