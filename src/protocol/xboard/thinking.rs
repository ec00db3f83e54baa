//! The search on its own thread: started for the engine's move, its lines
//! posted (`post`), stopped to move at once (`?`) or without a move, and
//! its move sent.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use super::moves::move_text;
use super::{Event, XBoard, say};
use crate::engine::Move;
use crate::game::clock::horizon;
use crate::game::search::{Limits, MATE_SCORE, Searcher};

/// A running search.
pub(super) struct Thinking {
    pub(super) id: u64,
    stop: Arc<AtomicBool>,
    /// The searcher back, and the best move (`None`: the search failed).
    handle: JoinHandle<(Searcher, Option<Option<Move>>)>,
}

impl XBoard {
    /// Starts a search for the side to move on its own thread.
    pub(super) fn think(&mut self) {
        if self.result().is_some() {
            self.announce_result(false);
            self.engine = None;
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            stop: Some(stop.clone()),
            threads: self.threads,
            ..self.clock.limits(
                self.played,
                self.received.elapsed(),
                horizon(self.game.position()),
            )
        };
        let v = self.game.variant().clone();
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::with_hash(&v, self.hash_mb));
        let mut pos = self.game.position().clone();
        let line = self.game.line();
        let out = self.out.clone();
        let post = self.post;
        let shown = self.shown.clone();
        let events = self.events.clone();
        self.searches += 1;
        let id = self.searches;
        let handle = std::thread::spawn(move || {
            let root = pos.clone();
            // A search that fails (a bug) is reported, not waited for.
            let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                searcher.search_with(&mut pos, limits, line.history(), &mut |r, pv| {
                    if post {
                        let mut p = root.clone();
                        let mut line = Vec::new();
                        for m in pv {
                            line.push(move_text(&mut p, m, &shown));
                            p.make(*m);
                        }
                        say(
                            &out,
                            &format!(
                                "{} {} {} {} {}",
                                r.depth,
                                xboard_score(r.score),
                                r.elapsed.as_millis() / 10,
                                r.nodes,
                                line.join(" ")
                            ),
                        );
                    }
                })
            }));
            if let Some(tx) = events {
                let _ = tx.send(Event::Searched(id));
            }
            (searcher, searched.map(|report| report.best).ok())
        });
        self.thinking = Some(Thinking { id, stop, handle });
    }

    /// `?`: stop and move now.
    pub(super) fn finish_search_now(&mut self) {
        if let Some(t) = &self.thinking {
            t.stop.store(true, Ordering::Relaxed);
        }
        self.finish_search(true);
    }

    /// Stops a search without moving.
    pub(super) fn abandon_search(&mut self) {
        if let Some(t) = &self.thinking {
            t.stop.store(true, Ordering::Relaxed);
        }
        self.finish_search(false);
    }

    /// Waits for the search; with `play`, makes and sends its move.
    pub(super) fn finish_search(&mut self, play: bool) {
        let Some(t) = self.thinking.take() else {
            return;
        };
        let Ok((searcher, searched)) = t.handle.join() else {
            return;
        };
        self.searcher = Some(searcher);
        let Some(best) = searched else {
            return self.say("telluser chimera: the search failed; no move");
        };
        if !play || self.engine != Some(self.game.side_to_move()) {
            return;
        }
        match best {
            Some(m) => {
                let mut pos = self.game.position().clone();
                let text = move_text(&mut pos, &m, &self.shown);
                self.game.play(m);
                self.played += 1;
                if self.offers_draw() {
                    // Before the move, so that XBoard weighs it as a claim
                    // in the position the move makes.
                    self.say("offer draw");
                }
                self.say(&format!("move {text}"));
                self.announce_result(true);
            }
            None => {
                if !self.announce_result(false) {
                    self.say("resign");
                }
            }
        }
    }
}

/// A score as XBoard shows it: centipawns, mates as 100000 + moves.
fn xboard_score(score: i32) -> i32 {
    if score.abs() >= MATE_SCORE - 1000 {
        let moves = ((MATE_SCORE - score.abs()).max(0) + 1) / 2;
        if score > 0 {
            100_000 + moves
        } else {
            -100_000 - moves
        }
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn scores() {
        assert_eq!(xboard_score(35), 35);
        assert_eq!(xboard_score(MATE_SCORE - 3), 100_002);
        assert_eq!(xboard_score(-(MATE_SCORE - 2)), -100_001);
    }
}
