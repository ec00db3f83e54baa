//! `chimera serve`: a browser board on a local web server.
//!
//! HTTP/1 by hyper on a tokio runtime, routed by axum, with limits at every
//! step so that no client can stop the others being served: the request head
//! (size and time), the body (size and time), the answer's writing (time),
//! the whole request (time), the open connections (count: past it the
//! oldest idle one is closed), the work on the processor (a few at a time,
//! off the network threads) and the engine (one search per core, each
//! capped in time and stopped when its client goes away). The figures are
//! the constants below; docs/browser.md describes them.
//!
//! This file holds the command, the limits and what the requests share;
//! `library.rs` the rules files on offer, `connections.rs` the listener and
//! the connections, `routes.rs` the pages and the board's API, `engine.rs`
//! the engine's searches.

mod connections;
mod engine;
mod library;
mod routes;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use axum::http::StatusCode;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::context::Context;
use super::output::{Outcome, bad};
use connections::{Connections, accept};
use library::Library;

/// Serve a browser board: the page draws any variant as SVG (board, hands,
/// reserves, pockets), shows a piece's legal targets when it is clicked, and
/// plays against the engine. Give a rules file or a folder of them; a file
/// edited on disk is reloaded, its errors shown in the page. Listens on
/// 127.0.0.1 (this machine only) unless --host says otherwise.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// A rules file, or a folder of them (e.g. variants/).
    target: PathBuf,
    /// The port to listen on (0: a free one, printed at the start).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on (127.0.0.1: this machine only).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
}

/// The most bytes a request body may have (more: 413).
const MAX_BODY: usize = 1 << 20;
/// The most bytes a request line and headers may have (more: 431).
const MAX_HEAD: usize = 64 << 10;
/// The time a request's head may take to arrive, counted from the end of the
/// previous answer on a kept-alive connection (then the connection is closed).
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// The time a request's body may take to arrive (more: 408).
const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// The time a client may leave an answer unread before it is dropped.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// The time one request may take, waiting included (more: 503).
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// Open connections; past this the oldest idle one (no request being
/// answered) is closed to make room, or, when all are busy, new ones wait.
const MAX_CONNECTIONS: usize = 512;
/// How long a request waits for a free worker (board work or the engine)
/// before it is answered 503.
const QUEUE_WAIT: Duration = Duration::from_secs(5);
/// The engine's longest think, in milliseconds (`movetime` is clamped to it).
const MAX_MOVETIME: u64 = 10_000;

/// A failed request: its status and the message of its `{error}` answer.
type Failure = (StatusCode, String);

fn failure(status: StatusCode, message: impl Into<String>) -> Failure {
    (status, message.into())
}

fn bad_request(message: impl Into<String>) -> Failure {
    failure(StatusCode::BAD_REQUEST, message)
}

/// A lock, even one a panicking thread left (the data stays consistent:
/// every change under these locks is a single insert or remove).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What the server shares between requests.
struct App {
    library: Library,
    /// Board work (replaying a game, listing its moves, loading a file): a
    /// few at a time on tokio's blocking threads.
    work: Arc<Semaphore>,
    /// Engine searches: one per core, each on a thread of its own.
    engines: Arc<Semaphore>,
    cores: usize,
    connections: Connections,
    stats: Stats,
}

/// Counters, answered by `GET /api/status`.
#[derive(Default)]
struct Stats {
    /// Searches running (their threads have not ended).
    searching: AtomicUsize,
    /// Engine requests waiting for a free search thread.
    waiting: AtomicUsize,
    /// Searches ended, and of those the ones stopped (their search ended by
    /// the stop flag, before its own limits) because their client went away
    /// or the request ran out of time.
    searches: AtomicU64,
    stopped: AtomicU64,
    /// Engine requests refused because every search thread stayed busy.
    refused: AtomicU64,
    /// Idle connections closed to make room for new ones.
    evicted: AtomicU64,
}

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    // A client that goes away while it is answered must not end the server
    // (the writes do not raise SIGPIPE either: see `WriteTimeout`).
    #[cfg(unix)]
    // SAFETY: setting SIGPIPE's action before any thread of the server starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let library = Library::new(cx.loader.clone(), &a.target).map_err(bad)?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores.max(2))
        .max_blocking_threads(64)
        .thread_name("chimera-serve")
        .enable_all()
        .build()
        .map_err(|e| bad(format!("cannot start the server: {e}")))?;
    let app = Arc::new(App {
        library,
        work: Arc::new(Semaphore::new(2 * cores)),
        engines: Arc::new(Semaphore::new(cores)),
        cores,
        connections: Connections::default(),
        stats: Stats::default(),
    });
    runtime.block_on(async move {
        let listener = TcpListener::bind((a.host.as_str(), a.port))
            .await
            .map_err(|e| bad(format!("cannot listen on {}:{}: {e}", a.host, a.port)))?;
        // The address bound (with --port 0, the port the system chose).
        let bound = listener
            .local_addr()
            .map_or_else(|_| format!("{}:{}", a.host, a.port), |a| a.to_string());
        eprintln!(
            "chimera serve: http://{bound}/ ({} variant(s)); Ctrl-C stops it",
            app.library.files.len()
        );
        accept(listener, app).await;
        Ok(ExitCode::SUCCESS)
    })
}
