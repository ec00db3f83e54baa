//! `chimera serve` under hostile and heavy use, over raw TCP: a body
//! announced as a gigabyte, a body announced and never sent, a 300 MiB
//! header, a thousand slow clients, an engine request abandoned by its
//! client, wrong JSON types, and fifty clients querying while the engine
//! searches (its latencies printed: `cargo test --release -- serve::
//! --nocapture`). Each test starts its own server; the heavy ones run one
//! at a time so that their figures are their own.
//!
//! No assertion is on a duration: each is on what was answered, and in
//! what order (answered before the server's own timeouts dropped the
//! silent clients, a search ended by its stop flag rather than its time),
//! so that a busy machine changes the figures printed, not the verdicts.
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::common::serve as common_serve;
use common_serve::{KeepAlive, connect, http, raise_fd_limit, read_status, serve};

/// Held by the tests that load the machine.
static HEAVY: Mutex<()> = Mutex::new(());

fn heavy() -> std::sync::MutexGuard<'static, ()> {
    HEAVY.lock().unwrap_or_else(|e| e.into_inner())
}

const CHESS: &str = r#"{"variant":"chess","moves":["e2e4","e7e5","g1f3","b8c6"]}"#;

fn head(length: &str) -> String {
    format!(
        "POST /api/state HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    )
}

/// Whether the server has neither answered on `s` nor closed it: nothing
/// to read yet, the connection open.
fn still_waiting(s: &TcpStream) -> bool {
    s.set_nonblocking(true).expect("non-blocking");
    let waiting = matches!(s.peek(&mut [0u8; 1]), Err(e) if e.kind() == ErrorKind::WouldBlock);
    s.set_nonblocking(false).expect("blocking");
    waiting
}

/// How the server ended a connection it was waiting on: `Ok` with the
/// status it answered (`None`: closed without one), `Err` when it had
/// done neither by the end of `s`'s read timeout.
fn ending(s: &mut TcpStream) -> Result<Option<u16>, std::io::Error> {
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == ErrorKind::ConnectionReset => break,
            // A read with a timeout comes back interrupted when the test
            // process is stopped and continued (signal(7)): read again.
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    let text = String::from_utf8_lossy(&out);
    Ok(text.split_whitespace().nth(1).and_then(|c| c.parse().ok()))
}

/// A `Content-Length` over the limit is answered 413 from the head alone:
/// not one byte of the body is sent, so an answer that waited for the body
/// would be the body's timeout (408), not 413.
#[test]
fn a_body_announced_as_a_gigabyte_is_refused_at_once() {
    let mut server = serve(&["variants"]);
    for length in ["1000000000", "99999999999999"] {
        let started = Instant::now();
        let mut s = connect(&server.addr, 30);
        s.write_all(head(length).as_bytes()).expect("head");
        let status = read_status(&mut s);
        eprintln!(
            "Content-Length: {length}: {status:?} after {:?}",
            started.elapsed()
        );
        assert_eq!(status, Some(413), "Content-Length: {length}");
    }
    // A client that goes on sending: the server stops reading, closes, and
    // the client's writes fail long before the gigabyte.
    let mut s = connect(&server.addr, 30);
    s.write_all(head("1000000000").as_bytes()).expect("head");
    let chunk = vec![b' '; 1 << 20];
    let mut sent = 0usize;
    while sent < 1_000_000_000 && s.write_all(&chunk).is_ok() {
        sent += chunk.len();
    }
    eprintln!("a client streaming a 1 GB body got {} MiB in", sent >> 20);
    assert!(sent < 100 << 20, "the server read {} MiB of it", sent >> 20);
    assert!(server.alive());
    assert_eq!(http(&server.url, "POST", "/api/state", CHESS.as_bytes()).0, 200);
}

/// The transcript: the silent clients are waited on (10 s for a head or a
/// body); the normal requests made meanwhile are answered while the silent
/// ones are still open — a server blocked by them would answer only once
/// it had dropped them; then each silent one is dropped, the one in its
/// body with 408.
#[test]
fn a_client_that_never_sends_its_body_blocks_no_one_and_is_dropped() {
    let server = serve(&["variants"]);
    let mut silent = connect(&server.addr, 60);
    silent.write_all(head("100").as_bytes()).expect("head");
    // One that sends nothing at all, and one that stops in its head.
    let mut mute = connect(&server.addr, 60);
    let mut halting = connect(&server.addr, 60);
    halting
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .expect("part of a head");
    let started = Instant::now();
    // The silent requests reach the server before the normal ones.
    assert!(still_waiting(&silent) && still_waiting(&mute) && still_waiting(&halting));
    for i in 0..5 {
        assert_eq!(http(&server.url, "POST", "/api/state", CHESS.as_bytes()).0, 200);
        for (what, s) in [
            ("no body", &silent),
            ("no head", &mute),
            ("half a head", &halting),
        ] {
            assert!(
                still_waiting(s),
                "{what}: dropped before request {i} beside it was answered"
            );
        }
    }
    for (what, s, want) in [
        ("no body", &mut silent, Some(408)),
        ("no head", &mut mute, None),
        ("half a head", &mut halting, None),
    ] {
        let ended = ending(s);
        eprintln!("{what}: {ended:?} after {:?}", started.elapsed());
        match ended {
            Ok(status) => assert!(status == want || status.is_none(), "{what}: {status:?}"),
            Err(e) => panic!("{what}: not dropped within the read timeout: {e}"),
        }
    }
}

#[test]
fn a_300_mib_header_is_refused_without_the_memory_growing() {
    let _heavy = heavy();
    let mut server = serve(&["variants"]);
    let before = server.status_kb("VmRSS");
    let mut s = connect(&server.addr, 30);
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Junk: ")
        .expect("head");
    let chunk = vec![b'a'; 64 << 10];
    let (mut sent, mut peak) = (0usize, before);
    while sent < 300 << 20 && s.write_all(&chunk).is_ok() {
        sent += chunk.len();
        if sent % (4 << 20) == 0 {
            peak = peak.max(server.status_kb("VmRSS"));
        }
    }
    let status = read_status(&mut s);
    peak = peak.max(server.status_kb("VmRSS"));
    eprintln!(
        "300 MiB header: {status:?} after {} KiB sent; server RSS {before} kB before, at most {peak} kB",
        sent >> 10
    );
    assert!(matches!(status, Some(431) | None), "{status:?}");
    assert!(sent < 64 << 20, "the server took {} MiB of header", sent >> 20);
    assert!(peak < 200_000, "RSS grew to {peak} kB");
    assert!(server.alive());
    assert_eq!(http(&server.url, "GET", "/", b"").0, 200);
}

#[test]
fn a_thousand_slow_clients_do_not_stop_a_normal_one() {
    let _heavy = heavy();
    let server = serve(&["variants"]);
    raise_fd_limit(4096);
    let baseline = server.fds();
    // Each opens a request and sends its head a byte at a time.
    let mut slow = Vec::new();
    for _ in 0..1000 {
        match std::net::TcpStream::connect(&server.addr) {
            Ok(mut s) => {
                let _ = s.set_write_timeout(Some(Duration::from_millis(100)));
                let _ = s.write_all(b"GET / HTTP/1.1\r\nX");
                slow.push(s);
            }
            Err(e) => panic!("connection {}: {e}", slow.len()),
        }
    }
    let mut times = Vec::new();
    let mut most_fds = 0;
    for round in 0..6 {
        for s in &mut slow {
            let _ = s.write_all(b"a");
        }
        most_fds = most_fds.max(server.fds());
        let open = server.status()["connections"].as_u64().unwrap_or(u64::MAX);
        assert!(open <= 512, "round {round}: {open} connections kept");
        let asked = Instant::now();
        let (status, _) = http(&server.url, "POST", "/api/state", CHESS.as_bytes());
        times.push(asked.elapsed());
        assert_eq!(status, 200, "round {round}");
        // The slow clients' next byte comes later (a pace, not a bound).
        std::thread::sleep(Duration::from_millis(500));
    }
    let status = server.status();
    eprintln!(
        "slowloris: 1000 slow connections; normal requests answered in {times:?}; \
         server fds at most {most_fds}; connections {}, idle ones closed for room {}",
        status["connections"], status["evicted"]
    );
    // An evicted connection's socket closes when its task next runs, so the
    // count seen between rounds may pass the limit for a moment on a busy
    // machine; once the server settles it holds no more than its limit.
    assert!(
        most_fds < baseline + 1000,
        "{most_fds} open files: none was closed"
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    let settled = loop {
        let fds = server.fds();
        if fds <= baseline + 512 + 8 || Instant::now() > deadline {
            break fds;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(
        settled <= baseline + 512 + 8,
        "{settled} open files with 1000 slow clients (baseline {baseline})"
    );
    drop(slow);
}

/// The server's status until `done` accepts it (polled; a minute at most,
/// a guard against a hang, far beyond any search's 10 s).
fn status_when(
    server: &common_serve::Served,
    done: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    let asked = Instant::now();
    loop {
        let status = server.status();
        if done(&status) || asked.elapsed() > Duration::from_secs(60) {
            return status;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The transcript: the search starts, its client goes away, the search ends
/// and the server counts it stopped — which it does only for a search its
/// stop flag ended, not one that ran out its own time (10 s, depth 64).
#[test]
fn an_abandoned_search_stops() {
    let server = serve(&["variants"]);
    let mut s = connect(&server.addr, 30);
    let body = r#"{"variant":"chess","movetime":10000,"depth":64}"#;
    let head = format!(
        "POST /api/engine HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("request");
    let status = status_when(&server, |s| s["searching"] == 1);
    assert_eq!(status["searching"], 1, "the search did not start: {status}");
    drop(s);
    let left = Instant::now();
    let status = status_when(&server, |s| s["searching"] == 0);
    eprintln!(
        "abandoned search: ended {:?} after the client left: {status}",
        left.elapsed()
    );
    assert_eq!(status["searching"], 0, "still searching: {status}");
    assert_eq!(status["searches"], 1, "{status}");
    assert_eq!(status["stopped"], 1, "the search ran to its own limit: {status}");
}

#[test]
fn clients_that_vanish_before_their_answer_do_not_kill_the_server() {
    use std::os::fd::AsRawFd;
    let mut server = serve(&["variants"]);
    for i in 0..300 {
        let mut s = connect(&server.addr, 30);
        let _ = s.write_all(&b"GET /app.js HTTP/1.1\r\nHost: x\r\n\r\n".repeat(3));
        if i % 2 == 1 {
            // Closed with a reset (linger 0) rather than a goodbye.
            let linger = libc::linger {
                l_onoff: 1,
                l_linger: 0,
            };
            // SAFETY: sets an option of a socket this test owns, from a value it owns.
            unsafe {
                libc::setsockopt(
                    s.as_raw_fd(),
                    libc::SOL_SOCKET,
                    libc::SO_LINGER,
                    (&linger as *const libc::linger).cast(),
                    std::mem::size_of::<libc::linger>() as libc::socklen_t,
                );
            }
        }
    }
    // Every one of them closed on the server's side (the one open is the
    // status request's own), and the server still there.
    let status = status_when(&server, |s| s["connections"] == 1);
    assert_eq!(status["connections"], 1, "{status}");
    assert!(server.alive(), "the server died");
    assert_eq!(http(&server.url, "GET", "/", b"").0, 200);
}

#[test]
fn wrong_json_types_are_400_naming_the_field() {
    let server = serve(&["variants"]);
    for (body, field) in [
        (r#"{"variant":"chess","movetime":"abc"}"#, "movetime"),
        (r#"{"variant":"chess","depth":"x"}"#, "depth"),
        (r#"{"variant":"chess","depth":[3]}"#, "depth"),
        (r#"{"variant":5}"#, "variant"),
        (r#"{"variant":"chess","start":3}"#, "start"),
        (r#"{"variant":"chess","moves":"e2e4"}"#, "moves"),
        (r#"{"variant":"chess","moves":[1]}"#, "moves"),
        (r#"{"variant":"chess","options":[]}"#, "options"),
        (r#"{"variant":"chess","options":{"a":1}}"#, "option"),
        (r#"{"moves":[]}"#, "variant"),
        ("[1]", "object"),
        ("{", "JSON"),
    ] {
        for path in ["/api/state", "/api/engine"] {
            let (status, text) = http(&server.url, "POST", path, body.as_bytes());
            assert_eq!(status, 400, "{path} {body}: {text}");
            let error: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            let message = error["error"].as_str().unwrap_or("");
            assert!(message.contains(field), "{path} {body}: {message}");
        }
    }
    // Fields it does not know are ignored; null is an absent field.
    let body = r#"{"variant":"chess","colour":"blue","start":null,"movetime":20.5,"depth":1}"#;
    assert_eq!(http(&server.url, "POST", "/api/engine", body.as_bytes()).0, 200);
    // A wrong method or path is 404, a status is JSON.
    assert_eq!(http(&server.url, "PUT", "/api/state", b"").0, 404);
    let status = server.status();
    assert_eq!(status["limits"]["connections"], 512, "{status}");
}

/// Latencies' percentile (sorted input).
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

/// The transcript: fifty clients make 20 queries each while three others
/// ask the engine for moves, one after another, until the queries are
/// done (each at least once): every query and every search is answered,
/// the searches with a move. The latencies are printed, not judged.
#[test]
fn fifty_clients_query_while_the_engine_searches() {
    let _heavy = heavy();
    let server = serve(&["variants"]);
    const CLIENTS: usize = 50;
    const QUERIES: usize = 20;
    const ENGINES: usize = 3;
    let games = [
        CHESS,
        r#"{"variant":"shogi","moves":["7g7f","3c3d","8h2b+"]}"#,
        r#"{"variant":"crazyhouse","moves":["e2e4","d7d5","e4d5","d8d5"]}"#,
        r#"{"variant":"xiangqi","moves":["h3e3","h10g8"]}"#,
    ];
    let started = Instant::now();
    let addr = server.addr.clone();
    let queried = std::sync::Arc::new(AtomicBool::new(false));
    let engines: Vec<_> = (0..ENGINES)
        .map(|i| {
            let addr = addr.clone();
            let queried = std::sync::Arc::clone(&queried);
            std::thread::spawn(move || {
                let (mut done, mut errors) = (0, Vec::new());
                let variant = ["chess", "shogi", "kozune"][i % 3];
                let body = format!(r#"{{"variant":"{variant}","movetime":1000}}"#);
                while done + errors.len() == 0 || !queried.load(Ordering::SeqCst) {
                    match KeepAlive::new(&addr).and_then(|mut c| c.post("/api/engine", &body)) {
                        Ok((200, answer)) if answer.contains(r#""engine_move":""#) => done += 1,
                        Ok((status, body)) => errors.push(format!("engine: {status} {body}")),
                        Err(e) => errors.push(format!("engine: {e}")),
                    }
                }
                (done, errors)
            })
        })
        .collect();
    let queries: Vec<_> = (0..CLIENTS)
        .map(|i| {
            let addr = addr.clone();
            std::thread::spawn(move || {
                let (mut times, mut errors) = (Vec::new(), Vec::new());
                let mut conn = KeepAlive::new(&addr).ok();
                for n in i..i + QUERIES {
                    let Some(c) = conn.as_mut() else {
                        errors.push("cannot connect".to_string());
                        conn = KeepAlive::new(&addr).ok();
                        continue;
                    };
                    let asked = Instant::now();
                    match c.post("/api/state", games[n % games.len()]) {
                        Ok((200, _)) => times.push(asked.elapsed()),
                        Ok((status, body)) => errors.push(format!("{status} {body}")),
                        Err(e) => {
                            errors.push(e.to_string());
                            conn = KeepAlive::new(&addr).ok();
                        }
                    }
                }
                (times, errors)
            })
        })
        .collect();
    let (mut times, mut errors) = (Vec::new(), Vec::new());
    for q in queries {
        let (t, e) = q.join().expect("client");
        times.extend(t);
        errors.extend(e);
    }
    queried.store(true, Ordering::SeqCst);
    let mut searches = 0;
    for e in engines {
        let (d, errs) = e.join().expect("engine client");
        searches += d;
        errors.extend(errs);
    }
    let elapsed = started.elapsed();
    times.sort();
    eprintln!(
        "load: {CLIENTS} clients, {} queries in {:.1} s ({:.0}/s), {searches} engine searches by {ENGINES} clients \
         alongside; {} errors; latency p50 {:?}, p90 {:?}, p99 {:?}, max {:?}",
        times.len(),
        elapsed.as_secs_f64(),
        times.len() as f64 / elapsed.as_secs_f64(),
        errors.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        percentile(&times, 0.99),
        times.last().copied().unwrap_or_default(),
    );
    assert!(
        errors.is_empty(),
        "{} errors, e.g. {:?}",
        errors.len(),
        &errors[..errors.len().min(5)]
    );
    assert_eq!(times.len(), CLIENTS * QUERIES);
}
