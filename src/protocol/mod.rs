//! Engine protocols: how GUIs and match runners talk to chimera's engine.
//! Each reads commands line by line and answers on a writer, so that tests
//! can drive it in memory as well as through `chimera uci`.

use std::io::Write;
use std::sync::{Arc, Mutex};

pub mod uci;
pub mod xboard;

/// The time for one move from a clock (milliseconds): a share of the time
/// left (a fortieth, or the time over the moves to go) plus most of the
/// increment, never more than half the time left; byoyomi, spent whole each
/// move, is mostly used. `None` when there is no clock at all.
pub(crate) fn clock_budget(
    left: Option<u64>,
    inc: u64,
    moves_to_go: Option<u64>,
    byoyomi: u64,
) -> Option<u64> {
    let main = left.map(|t| (t / moves_to_go.unwrap_or(40).max(1) + inc * 3 / 4).min(t / 2));
    match (main, byoyomi) {
        (None, 0) => None,
        (m, b) => Some((m.unwrap_or(0) + b * 9 / 10).max(1)),
    }
}

/// At most 60 characters of untrusted text, for messages.
pub(crate) fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

/// Where a session's lines go: shared with its search thread.
pub(crate) type Out = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes one line and flushes it (a closed output is ignored: the GUI has
/// gone).
pub(crate) fn say(out: &Out, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}
