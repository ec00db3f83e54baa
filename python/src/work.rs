//! Long work kept under Python's control: perft and the engine's search run
//! on a thread of their own while the caller's thread, the GIL released,
//! waits for them and looks at Python's signals every 50 ms. Ctrl-C
//! (`KeyboardInterrupt`, or whatever a signal handler raises) stops the work
//! within moments and is raised; other Python threads run meanwhile.
//! What the work may allocate is bounded up front: perft's depth, the
//! number of move texts `perft_prefixes` gives. Games (`Variant.play`,
//! `self_play`) run so too: their players and searches look at the flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

use chimera::Position;
use chimera::game::Game;
use chimera::game::players::{Action, Player};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::{Error, guard};

/// The deepest perft asked for: deeper walks recurse deeper than a thread's
/// stack allows, and none of them would end (chess's perft(15) is beyond
/// any machine).
pub(crate) const MAX_PERFT_DEPTH: u32 = 255;

/// The most move texts `perft_prefixes` gives (about 100 MB): chess's
/// depth 4 (197,281 sequences, 789,124 moves) fits, its depth 5 (4.9
/// million sequences) raises `ValueError` instead of exhausting memory.
pub(crate) const MAX_PREFIX_MOVES: usize = 2_000_000;

/// The stack of the thread the work runs on.
const STACK: usize = 64 << 20;

/// How often the waiting thread looks at Python's signals.
const TICK: Duration = Duration::from_millis(50);

/// Runs `work` (given the flag that tells it to stop) on a thread of its
/// own, as above: its answer, or the exception a signal handler raised
/// (the work stopped and waited for first).
pub(crate) fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(Arc<AtomicBool>) -> PyResult<T> + Send + 'static,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = channel();
    let flag = Arc::clone(&stop);
    let handle = std::thread::Builder::new()
        .name("chimera-work".into())
        .stack_size(STACK)
        .spawn(move || {
            let _ = tx.send(guard(move || work(flag)));
        })
        .map_err(|e| Error::new_err(format!("cannot start a thread for the work: {e}")))?;
    // The receiver is not `Sync`: it goes into each wait and comes back.
    let mut rx = rx;
    loop {
        let (answer, back) = py.detach(move || (rx.recv_timeout(TICK), rx));
        rx = back;
        match answer {
            Ok(answer) => {
                let _ = handle.join();
                return answer;
            }
            Err(RecvTimeoutError::Disconnected) => {
                let _ = handle.join();
                return Err(Error::new_err(
                    "internal error in chimera: the work ended without an answer",
                ));
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
        if let Err(e) = py.check_signals() {
            stop.store(true, Ordering::Relaxed);
            py.detach(move || {
                let _ = rx.recv();
                let _ = handle.join();
            });
            return Err(e);
        }
    }
}

/// A player of a game run by [`interruptible`]: once the flag is set it
/// quits (the game ends with no result) instead of moving, and a move
/// found after the flag was set is not played. The engine's own search
/// stops at the flag (`EnginePlayer::set_stop`), and so does the wait for
/// an external engine's move (`Player::set_stop`: the program is then
/// told to quit and ended).
pub(crate) struct Stoppable(pub Box<dyn Player>, pub Arc<AtomicBool>);

impl Player for Stoppable {
    fn name(&self) -> String {
        self.0.name()
    }

    fn act(&mut self, game: &mut Game) -> Action {
        if self.1.load(Ordering::Relaxed) {
            return Action::Quit;
        }
        let action = self.0.act(game);
        if self.1.load(Ordering::Relaxed) {
            return Action::Quit;
        }
        action
    }

    fn last_info(&self) -> Option<String> {
        self.0.last_info()
    }
}

/// `ValueError` for a perft deeper than [`MAX_PERFT_DEPTH`].
pub(crate) fn check_depth(depth: u32) -> PyResult<()> {
    if depth > MAX_PERFT_DEPTH {
        return Err(PyValueError::new_err(format!(
            "perft depth {depth} is more than {MAX_PERFT_DEPTH}: it would never end"
        )));
    }
    Ok(())
}

/// The answer of work that was told to stop: never seen by the caller,
/// which raises the signal's exception instead.
fn stopped() -> PyErr {
    Error::new_err("stopped")
}

/// Perft to `depth`, interruptible.
pub(crate) fn perft(py: Python<'_>, mut pos: Position, depth: u32) -> PyResult<u64> {
    check_depth(depth)?;
    interruptible(py, move |stop| {
        chimera::perft_until(&mut pos, depth, &stop).ok_or_else(stopped)
    })
}

/// Perft below each legal move (its UCI text and count), interruptible.
pub(crate) fn perft_divide(py: Python<'_>, mut pos: Position, depth: u32) -> PyResult<Vec<(String, u64)>> {
    check_depth(depth)?;
    if depth == 0 {
        // perft(0) is 1, the position itself: no move lies below it.
        return Err(PyValueError::new_err(
            "perft divide needs a depth of at least 1 (perft(0) is 1: the position itself, no move below it)",
        ));
    }
    interruptible(py, move |stop| {
        let moves = pos.legal_move_list();
        let mut rows = Vec::with_capacity(moves.len());
        for m in moves {
            let text = chimera::fsf::uci(&mut pos, &m);
            pos.make(m);
            let n = if depth <= 1 {
                Some(1)
            } else {
                chimera::perft_until(&mut pos, depth - 1, &stop)
            };
            pos.unmake();
            rows.push((text, n.ok_or_else(stopped)?));
        }
        Ok(rows)
    })
}

/// The move sequences `depth` plies deep, interruptible; `ValueError` past
/// [`MAX_PREFIX_MOVES`] move texts.
pub(crate) fn perft_prefixes(py: Python<'_>, mut pos: Position, depth: u32) -> PyResult<Vec<Vec<String>>> {
    check_depth(depth)?;
    struct Walk {
        out: Vec<Vec<String>>,
        texts: usize,
        stop: Arc<AtomicBool>,
    }
    fn walk(pos: &mut Position, left: u32, prefix: &mut Vec<String>, w: &mut Walk) -> PyResult<()> {
        if left == 0 {
            w.texts += prefix.len().max(1);
            if w.texts > MAX_PREFIX_MOVES {
                return Err(PyValueError::new_err(format!(
                    "perft_prefixes gives more than {MAX_PREFIX_MOVES} move texts at this depth: \
                     split at a shallower depth"
                )));
            }
            w.out.push(prefix.clone());
            return Ok(());
        }
        if w.stop.load(Ordering::Relaxed) {
            return Err(stopped());
        }
        for m in pos.legal_move_list() {
            prefix.push(chimera::fsf::uci(pos, &m));
            pos.make(m);
            let r = walk(pos, left - 1, prefix, w);
            pos.unmake();
            prefix.pop();
            r?;
        }
        Ok(())
    }
    interruptible(py, move |stop| {
        let mut w = Walk {
            out: Vec::new(),
            texts: 0,
            stop,
        };
        walk(&mut pos, depth, &mut Vec::new(), &mut w)?;
        Ok(w.out)
    })
}
