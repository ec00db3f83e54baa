//! The engine's move for a request: a search on a thread of its own, one
//! per core at most, at a lower priority than the board work, stopped when
//! its request is dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::body::Body;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::Value;
use tokio::sync::{OwnedSemaphorePermit, oneshot};

use super::routes::{GameRequest, blocking, finish, respond};
use super::{App, Failure, QUEUE_WAIT, Stats, failure};
use crate::game::Game;
use crate::web;

/// The state after the engine's move. The search runs on a thread of its
/// own, one per core at most (a request waits [`QUEUE_WAIT`] for one, then
/// 503); when this request is dropped — the client went away, or it ran out
/// of time — the search is told to stop.
pub(super) async fn engine(State(app): State<Arc<App>>, body: Body) -> Response {
    let answer = async {
        let request = GameRequest::read(body).await?;
        let (movetime, depth) = (request.movetime, request.depth);
        let (game, offered) = blocking(&app, move |app| request.replay(&app.library)).await?;
        let permit = engine_slot(&app).await?;
        let stop = Arc::new(AtomicBool::new(false));
        let _stop_when_dropped = StopWhenDropped(Arc::clone(&stop));
        let (tx, rx) = oneshot::channel();
        let thread_app = Arc::clone(&app);
        std::thread::Builder::new()
            .name("chimera-search".into())
            .spawn(move || {
                let _permit = permit;
                lower_priority();
                let answer = search(&thread_app.stats, game, offered, movetime, depth, &stop);
                let _ = tx.send(answer);
            })
            .map_err(|e| failure(StatusCode::SERVICE_UNAVAILABLE, format!("cannot search: {e}")))?;
        rx.await
            .unwrap_or_else(|_| Err(failure(StatusCode::INTERNAL_SERVER_ERROR, "the search failed")))
    };
    respond(answer.await)
}

/// A free search thread, waited for at most [`QUEUE_WAIT`].
async fn engine_slot(app: &Arc<App>) -> Result<OwnedSemaphorePermit, Failure> {
    let stats = &app.stats;
    stats.waiting.fetch_add(1, Ordering::SeqCst);
    let waited = tokio::time::timeout(QUEUE_WAIT, Arc::clone(&app.engines).acquire_owned()).await;
    stats.waiting.fetch_sub(1, Ordering::SeqCst);
    match waited {
        Ok(Ok(permit)) => Ok(permit),
        _ => {
            stats.refused.fetch_add(1, Ordering::Relaxed);
            Err(failure(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("the engine is busy ({} searches running): try again", app.cores),
            ))
        }
    }
}

/// Makes the calling thread (a search) yield to the board work: searches
/// take what the processor has left, queries stay quick.
fn lower_priority() {
    // On Linux the nice value is the thread's own, and `PRIO_PROCESS, 0`
    // names the calling thread.
    #[cfg(target_os = "linux")]
    // SAFETY: changes the calling thread's nice value, nothing else.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}

/// Sets the stop flag when dropped (with the request's future).
struct StopWhenDropped(Arc<AtomicBool>);

impl Drop for StopWhenDropped {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The engine's move and the state after it (on the search thread).
fn search(
    stats: &Stats,
    mut game: Game,
    offered: Value,
    movetime: u64,
    depth: i32,
    stop: &Arc<AtomicBool>,
) -> Result<Value, Failure> {
    stats.searching.fetch_add(1, Ordering::SeqCst);
    // `movetime` was clamped to MAX_MOVETIME when the request was read.
    let reply = web::engine_reply(&mut game, movetime, depth, Some(Arc::clone(stop)));
    if reply.interrupted {
        stats.stopped.fetch_add(1, Ordering::SeqCst);
    }
    let played = reply.played;
    stats.searches.fetch_add(1, Ordering::SeqCst);
    stats.searching.fetch_sub(1, Ordering::SeqCst);
    if let Some(text) = &played {
        game.play_text(text)
            .map_err(|e| failure(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    }
    Ok(finish(&mut game, offered, played))
}
