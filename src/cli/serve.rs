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

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};
use std::task::{Context as TaskContext, Poll};
use std::time::{Duration, SystemTime};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use serde_json::{Value, json};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore, oneshot};
use tower::{ServiceBuilder, ServiceExt};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::{RequestBodyDeadlineLayer, TimeoutLayer};

use super::context::Context;
use super::output::{Outcome, bad};
use crate::Loader;
use crate::OptionValues;
use crate::engine::Variant;
use crate::game::Game;
use crate::protocol::clip;
use crate::web;

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

const INDEX: &str = include_str!("../web/assets/index.html");
const APP: &str = include_str!("../web/assets/app.js");
const STYLE: &str = include_str!("../web/assets/style.css");

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

/// The variants on offer: rules files by name, loaded when asked and again
/// when the file changes. Shared by every request: the cache is behind a
/// lock held only to look up or store, never while loading or searching.
struct Library {
    loader: Loader,
    files: Vec<(String, PathBuf)>,
    /// By name and chosen options: the file's time, the variant and its
    /// options (name, choices, description), or the error.
    loaded: RwLock<HashMap<String, (SystemTime, Loaded)>>,
}

type Loaded = Result<(Arc<Variant>, Value), String>;

/// Cache keys longer than this (many or long option values) are loaded
/// every time instead, so that clients cannot fill the memory with them.
const MAX_KEY: usize = 4096;

impl Library {
    fn new(loader: Loader, target: &Path) -> Result<Library, String> {
        let mut files = Vec::new();
        if target.is_dir() {
            let entries =
                std::fs::read_dir(target).map_err(|e| format!("cannot read {}: {e}", target.display()))?;
            for entry in entries.flatten() {
                let path = entry.path();
                if path.extension().is_some_and(|e| e == "toml") && !crate::is_weights_file(&path) {
                    files.push((stem(&path), path));
                }
            }
            files.sort();
        } else if target.is_file() {
            files.push((stem(target), target.to_path_buf()));
        } else {
            return Err(format!(
                "{} is neither a rules file nor a folder",
                target.display()
            ));
        }
        if files.is_empty() {
            return Err(format!("no rules file (*.toml) in {}", target.display()));
        }
        Ok(Library {
            loader,
            files,
            loaded: RwLock::new(HashMap::new()),
        })
    }

    /// The variant of that name with these options, reloaded if its file
    /// changed; an error is the rules file's report (file, line, column).
    fn get(&self, name: &str, options: &OptionValues) -> Loaded {
        let Some((_, path)) = self.files.iter().find(|(n, _)| n == name) else {
            return Err(format!("no variant `{}`", clip(name)));
        };
        let modified = modified(path).unwrap_or(SystemTime::UNIX_EPOCH);
        let key = format!("{name}{options:?}");
        {
            let cache = self.loaded.read().unwrap_or_else(PoisonError::into_inner);
            if let Some((when, v)) = cache.get(&key)
                && *when == modified
            {
                return v.clone();
            }
        }
        // Loaded without the lock: two requests may load the same file at
        // once, and the later one's copy is kept.
        let loaded = self
            .loader
            .with_options(options)
            .load_full(path)
            .map_err(|d| d.render());
        let v = loaded.map(|c| {
            let offered = web::offered_options(&c);
            (c.variant, offered)
        });
        if key.len() <= MAX_KEY {
            let mut cache = self.loaded.write().unwrap_or_else(PoisonError::into_inner);
            if cache.len() > 256 {
                cache.clear();
            }
            cache.insert(key, (modified, v.clone()));
        }
        v
    }
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

fn stem(path: &Path) -> String {
    path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
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
    /// Searches ended, and of those the ones stopped because their client
    /// went away or the request ran out of time.
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

/// Takes connections for ever, each served by a task of its own.
async fn accept(listener: TcpListener, app: Arc<App>) {
    let service = routes(Arc::clone(&app));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors (or a connection reset before it
                // was taken): wait a little rather than spin.
                if !matches!(e.kind(), std::io::ErrorKind::ConnectionAborted) {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let (id, slot) = app.connections.admit(&app.stats).await;
        let app = Arc::clone(&app);
        let service = service.clone();
        tokio::spawn(async move {
            let _leave = Leave(app, id);
            serve_connection(stream, service, &slot).await;
        });
    }
}

/// One connection: HTTP/1 with the head limits, until it ends or is evicted.
async fn serve_connection(stream: TcpStream, service: Router, slot: &Slot) {
    let busy = Arc::clone(&slot.busy);
    let hyper_service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let guard = Busy::enter(&busy);
        let answer = service.clone().oneshot(request);
        async move {
            let response = answer.await;
            drop(guard);
            response
        }
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_header_size(MAX_HEAD)
        .max_buf_size(2 * MAX_HEAD)
        .max_headers(100);
    let io = TokioIo::new(WriteTimeout::new(stream));
    let connection = http.serve_connection(io, hyper_service);
    tokio::select! {
        _ = connection => {}
        () = slot.close.notified() => {}
    }
}

/// The open connections, oldest first.
#[derive(Default)]
struct Connections {
    next: AtomicU64,
    open: Mutex<BTreeMap<u64, Slot>>,
    /// Told when a connection ends.
    freed: Notify,
}

#[derive(Clone, Default)]
struct Slot {
    /// Requests being answered on the connection.
    busy: Arc<AtomicUsize>,
    /// Told to close the connection.
    close: Arc<Notify>,
}

impl Connections {
    /// A place for a new connection. When all are taken the oldest one with
    /// no request being answered (idle between requests, or still sending
    /// its head) is closed to make room; when every one is answering, this
    /// waits until one ends.
    async fn admit(&self, stats: &Stats) -> (u64, Slot) {
        loop {
            let freed = self.freed.notified();
            tokio::pin!(freed);
            freed.as_mut().enable();
            {
                let mut open = lock(&self.open);
                if open.len() >= MAX_CONNECTIONS {
                    let idle = open
                        .iter()
                        .find(|(_, s)| s.busy.load(Ordering::SeqCst) == 0)
                        .map(|(&id, _)| id);
                    if let Some(slot) = idle.and_then(|id| open.remove(&id)) {
                        slot.close.notify_one();
                        stats.evicted.fetch_add(1, Ordering::Relaxed);
                    }
                }
                if open.len() < MAX_CONNECTIONS {
                    let id = self.next.fetch_add(1, Ordering::Relaxed);
                    let slot = Slot::default();
                    open.insert(id, slot.clone());
                    return (id, slot);
                }
            }
            // Every connection is answering a request (each bounded by
            // REQUEST_TIMEOUT); look again when one ends, or in a while.
            let _ = tokio::time::timeout(Duration::from_secs(1), freed).await;
        }
    }

    fn leave(&self, id: u64) {
        lock(&self.open).remove(&id);
        self.freed.notify_waiters();
    }

    fn count(&self) -> usize {
        lock(&self.open).len()
    }
}

/// Takes a connection off the list when its task ends, however it ends.
struct Leave(Arc<App>, u64);

impl Drop for Leave {
    fn drop(&mut self) {
        self.0.connections.leave(self.1);
    }
}

/// Counts a request being answered on its connection while it lives.
struct Busy(Arc<AtomicUsize>);

impl Busy {
    fn enter(count: &Arc<AtomicUsize>) -> Busy {
        count.fetch_add(1, Ordering::SeqCst);
        Busy(Arc::clone(count))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A connection whose writes fail when the client has read nothing of the
/// answer for [`WRITE_TIMEOUT`] (hyper then drops the connection).
struct WriteTimeout {
    stream: TcpStream,
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl WriteTimeout {
    fn new(stream: TcpStream) -> WriteTimeout {
        WriteTimeout {
            stream,
            stalled: None,
        }
    }

    /// A write's outcome, the stall timer started on `Pending` and cleared
    /// on progress; a stall past the timeout is an error.
    fn watch<T>(
        &mut self,
        cx: &mut TaskContext<'_>,
        poll: Poll<std::io::Result<T>>,
    ) -> Poll<std::io::Result<T>> {
        if poll.is_ready() {
            self.stalled = None;
            return poll;
        }
        let timer = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(WRITE_TIMEOUT)));
        if timer.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the client does not read the answer",
            )));
        }
        Poll::Pending
    }
}

impl AsyncRead for WriteTimeout {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut TaskContext<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for WriteTimeout {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut TaskContext<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_write(cx, buf);
        this.watch(cx, poll)
    }

    /// Not vectored: `writev` on a socket the client has reset raises
    /// SIGPIPE (which kills a process that does not ignore it), `send`
    /// (what `poll_write` uses) does not.
    fn is_write_vectored(&self) -> bool {
        false
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_flush(cx);
        this.watch(cx, poll)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_shutdown(cx);
        this.watch(cx, poll)
    }
}

/// The pages and the API, with the request limits as layers.
fn routes(app: Arc<App>) -> Router {
    let limits = ServiceBuilder::new()
        .layer(CatchPanicLayer::new())
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            REQUEST_TIMEOUT,
        ))
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(RequestBodyDeadlineLayer::new(BODY_TIMEOUT));
    Router::new()
        .route("/", get(|| async { asset(INDEX, "text/html; charset=utf-8") }))
        .route(
            "/app.js",
            get(|| async { asset(APP, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/style.css",
            get(|| async { asset(STYLE, "text/css; charset=utf-8") }),
        )
        .route("/api/variants", get(variants))
        .route("/api/piece", get(piece))
        .route("/api/state", post(state))
        .route("/api/engine", post(engine))
        .route("/api/status", get(status))
        .fallback(not_found)
        .method_not_allowed_fallback(not_found)
        .with_state(app)
        .layer(limits)
        .layer(axum::middleware::map_response(json_errors))
}

fn asset(text: &'static str, kind: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], text).into_response()
}

fn json_response(status: StatusCode, body: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

fn error(status: StatusCode, message: &str) -> Response {
    json_response(status, &json!({ "error": message }))
}

fn respond(result: Result<Value, Failure>) -> Response {
    match result {
        Ok(v) => json_response(StatusCode::OK, &v),
        Err((status, e)) => error(status, &e),
    }
}

async fn not_found() -> Response {
    error(StatusCode::NOT_FOUND, "no such page")
}

/// The errors the layers answer themselves (a body too large, a request too
/// slow, a panic) in the API's form, `{error}`.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t == HeaderValue::from_static("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => format!("the request is larger than {MAX_BODY} bytes"),
        StatusCode::SERVICE_UNAVAILABLE => {
            format!("the request took longer than {} s", REQUEST_TIMEOUT.as_secs())
        }
        StatusCode::INTERNAL_SERVER_ERROR => "internal error".to_string(),
        s => s.canonical_reason().unwrap_or("error").to_lowercase(),
    };
    error(status, &message)
}

/// Runs board work on a blocking thread, at most [`App::work`] at a time;
/// 503 when none is free within [`QUEUE_WAIT`].
async fn blocking<T: Send + 'static>(
    app: &Arc<App>,
    job: impl FnOnce(&App) -> Result<T, Failure> + Send + 'static,
) -> Result<T, Failure> {
    let permit = tokio::time::timeout(QUEUE_WAIT, Arc::clone(&app.work).acquire_owned())
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or_else(|| failure(StatusCode::SERVICE_UNAVAILABLE, "the server is busy: try again"))?;
    let app = Arc::clone(app);
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        job(&app)
    })
    .await
    .unwrap_or_else(|_| Err(failure(StatusCode::INTERNAL_SERVER_ERROR, "internal error")))
}

async fn variants(State(app): State<Arc<App>>) -> Response {
    respond(
        blocking(&app, |app| {
            let list: Vec<Value> = app
                .library
                .files
                .iter()
                .map(|(n, path)| {
                    let modified = modified(path)
                        .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
                        .map(|d| d.as_millis() as u64);
                    let error = app.library.get(n, &OptionValues::new()).err();
                    json!({"name": n, "modified": modified, "error": error})
                })
                .collect();
            Ok(json!(list))
        })
        .await,
    )
}

async fn piece(State(app): State<Arc<App>>, uri: Uri) -> Response {
    let query = uri.query().unwrap_or("").to_string();
    let get = |key: &str| {
        query
            .split('&')
            .filter_map(|kv| kv.split_once('='))
            .find(|(k, _)| *k == key)
            .map(|(_, v)| crate::web::decode_query_value(v))
    };
    let (Some(variant), Some(piece)) = (get("variant"), get("piece")) else {
        return error(StatusCode::BAD_REQUEST, "give variant=…&piece=…");
    };
    respond(
        blocking(&app, move |app| {
            let diagram = app
                .library
                .get(&variant, &OptionValues::new())
                .and_then(|(v, _)| web::piece_diagram(&v, &piece))
                .map_err(bad_request)?;
            Ok(json!({ "diagram": diagram }))
        })
        .await,
    )
}

async fn state(State(app): State<Arc<App>>, body: Body) -> Response {
    let answer = async {
        let request = GameRequest::read(body).await?;
        blocking(&app, move |app| {
            let (mut game, offered) = request.replay(&app.library)?;
            Ok(finish(&mut game, offered, None))
        })
        .await
    };
    respond(answer.await)
}

async fn status(State(app): State<Arc<App>>) -> Response {
    let s = &app.stats;
    json_response(
        StatusCode::OK,
        &json!({
            "connections": app.connections.count(),
            "searching": s.searching.load(Ordering::SeqCst),
            "waiting": s.waiting.load(Ordering::SeqCst),
            "searches": s.searches.load(Ordering::SeqCst),
            "stopped": s.stopped.load(Ordering::SeqCst),
            "refused": s.refused.load(Ordering::SeqCst),
            "evicted": s.evicted.load(Ordering::SeqCst),
            "limits": {
                "connections": MAX_CONNECTIONS,
                "searches": app.cores,
                "movetime": MAX_MOVETIME,
                "body": MAX_BODY,
                "head": MAX_HEAD,
            },
        }),
    )
}

/// The state after the engine's move. The search runs on a thread of its
/// own, one per core at most (a request waits [`QUEUE_WAIT`] for one, then
/// 503); when this request is dropped — the client went away, or it ran out
/// of time — the search is told to stop.
async fn engine(State(app): State<Arc<App>>, body: Body) -> Response {
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
    let played = web::engine_move(&mut game, movetime, depth, Some(Arc::clone(stop)));
    if stop.load(Ordering::Relaxed) {
        stats.stopped.fetch_add(1, Ordering::SeqCst);
    }
    stats.searches.fetch_add(1, Ordering::SeqCst);
    stats.searching.fetch_sub(1, Ordering::SeqCst);
    if let Some(text) = &played {
        game.play_text(text)
            .map_err(|e| failure(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    }
    Ok(finish(&mut game, offered, played))
}

/// The answer to a game request: the state, the engine's move, the options.
fn finish(game: &mut Game, offered: Value, played: Option<String>) -> Value {
    web::answer(game, offered, played)
}

/// A game request (`web::GameRequest`), read from a body.
struct GameRequest(web::GameRequest);

impl std::ops::Deref for GameRequest {
    type Target = web::GameRequest;
    fn deref(&self) -> &web::GameRequest {
        &self.0
    }
}

impl GameRequest {
    /// Reads and checks the body (its size and time are bounded by the layers).
    async fn read(body: Body) -> Result<GameRequest, Failure> {
        let bytes = read_body(body).await?;
        let text = std::str::from_utf8(&bytes).map_err(|_| bad_request("the request is not UTF-8"))?;
        let value: Value = serde_json::from_str(text).map_err(|e| bad_request(format!("bad JSON: {e}")))?;
        // Clamped, not refused: the engine thinks 10 ms to MAX_MOVETIME.
        web::GameRequest::parse(value, MAX_MOVETIME)
            .map(GameRequest)
            .map_err(bad_request)
    }

    /// The variant loaded and the game replayed.
    fn replay(&self, library: &Library) -> Result<(Game, Value), Failure> {
        let (v, offered) = library
            .get(&self.variant, &self.options)
            .map_err(|e| failure(StatusCode::UNPROCESSABLE_ENTITY, e))?;
        let game = web::replay(&v, self.start.as_deref(), &self.moves).map_err(bad_request)?;
        Ok((game, offered))
    }
}

/// The whole body: 413 past [`MAX_BODY`], 408 when it does not arrive within
/// [`BODY_TIMEOUT`] (the layers' limits, told apart here).
async fn read_body(body: Body) -> Result<Bytes, Failure> {
    match body.collect().await {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(e) => {
            let e = e.into_inner();
            let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e.as_ref());
            while let Some(c) = cause {
                if c.is::<http_body_util::LengthLimitError>() {
                    return Err(failure(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        format!("the request is larger than {MAX_BODY} bytes"),
                    ));
                }
                if c.is::<tower_http::timeout::TimeoutError>() {
                    return Err(failure(
                        StatusCode::REQUEST_TIMEOUT,
                        format!("the request's body took longer than {} s", BODY_TIMEOUT.as_secs()),
                    ));
                }
                cause = c.source();
            }
            Err(bad_request(format!("cannot read the request: {e}")))
        }
    }
}
