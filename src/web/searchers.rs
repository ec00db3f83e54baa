//! Searchers kept between engine requests: making one sets up the
//! variant's evaluation and a table, which takes seconds on the largest
//! boards (taikyoku: about 0.9 s a request before a move was searched at
//! all). A few idle ones are kept, each with its variant, the least
//! recently used dropped first.

use std::sync::{Arc, Mutex};

use crate::engine::Variant;
use crate::game::search::Searcher;

/// Idle searchers kept at most (each holds its table: 16 MiB by default).
const KEPT: usize = 4;

static IDLE: Mutex<Vec<(Arc<Variant>, Searcher)>> = Mutex::new(Vec::new());

/// A searcher for `v`: an idle one made for it, or a new one.
pub(super) fn take(v: &Arc<Variant>) -> Searcher {
    let mut idle = IDLE.lock().unwrap_or_else(|e| e.into_inner());
    match idle.iter().rposition(|(w, _)| Arc::ptr_eq(w, v)) {
        Some(i) => idle.remove(i).1,
        None => {
            drop(idle);
            Searcher::new(v)
        }
    }
}

/// Keeps `s` for the next request of `v`.
pub(super) fn give_back(v: &Arc<Variant>, s: Searcher) {
    let mut idle = IDLE.lock().unwrap_or_else(|e| e.into_inner());
    idle.push((Arc::clone(v), s));
    if idle.len() > KEPT {
        idle.remove(0);
    }
}
