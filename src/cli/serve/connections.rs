//! The listener and the connections: HTTP/1 with the head's limits, the
//! open connections counted (the oldest idle one closed to make room), and
//! writes that fail when the client stops reading.

use std::collections::BTreeMap;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context as TaskContext, Poll};
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tower::ServiceExt;

use super::routes::routes;
use super::{App, HEAD_TIMEOUT, MAX_CONNECTIONS, MAX_HEAD, Stats, WRITE_TIMEOUT, lock};

/// Takes connections for ever, each served by a task of its own.
pub(super) async fn accept(listener: TcpListener, app: Arc<App>) {
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
pub(super) struct Connections {
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

    pub(super) fn count(&self) -> usize {
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
