//! `chimera serve` under hostile and heavy use, over raw TCP: a body
//! announced as a gigabyte, a body announced and never sent, a 300 MiB
//! header, a thousand slow clients, an engine request abandoned by its
//! client, wrong JSON types, and fifty clients querying while the engine
//! searches (its latencies printed: `cargo test --release --test serve --
//! --nocapture`). Each test starts its own server; the heavy ones run one
//! at a time so that their figures are their own.
use std::io::Write;
use std::sync::Mutex;
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

#[test]
fn a_body_announced_as_a_gigabyte_is_refused_at_once() {
    let mut server = serve(&["variants"]);
    for length in ["1000000000", "99999999999999"] {
        let started = Instant::now();
        let mut s = connect(&server.addr, 30);
        s.write_all(head(length).as_bytes()).expect("head");
        let _ = s.write_all(br#"{"variant""#);
        let status = read_status(&mut s);
        let took = started.elapsed();
        eprintln!("Content-Length: {length}: {status:?} after {took:?}");
        assert!(matches!(status, Some(413) | None), "{status:?}");
        assert!(took < Duration::from_secs(5), "answered only after {took:?}");
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

#[test]
fn a_client_that_never_sends_its_body_blocks_no_one_and_is_dropped() {
    let server = serve(&["variants"]);
    let mut silent = connect(&server.addr, 30);
    silent.write_all(head("100").as_bytes()).expect("head");
    // One that sends nothing at all, and one that stops in its head.
    let mut mute = connect(&server.addr, 30);
    let mut halting = connect(&server.addr, 30);
    halting
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .expect("part of a head");
    let started = Instant::now();
    std::thread::sleep(Duration::from_millis(200));
    for _ in 0..5 {
        let asked = Instant::now();
        assert_eq!(http(&server.url, "POST", "/api/state", CHESS.as_bytes()).0, 200);
        let took = asked.elapsed();
        assert!(
            took < Duration::from_secs(2),
            "a request took {took:?} beside a silent one"
        );
    }
    for (what, s) in [
        ("no body", &mut silent),
        ("no head", &mut mute),
        ("half a head", &mut halting),
    ] {
        let status = read_status(s);
        let took = started.elapsed();
        eprintln!("{what}: dropped after {took:?} ({status:?})");
        assert!(matches!(status, Some(408) | None), "{what}: {status:?}");
        assert!(
            took > Duration::from_secs(5) && took < Duration::from_secs(20),
            "{what}: dropped after {took:?}"
        );
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
        let asked = Instant::now();
        let (status, _) = http(&server.url, "POST", "/api/state", CHESS.as_bytes());
        times.push(asked.elapsed());
        assert_eq!(status, 200, "round {round}");
        std::thread::sleep(Duration::from_millis(500));
    }
    let status = server.status();
    eprintln!(
        "slowloris: 1000 slow connections; normal requests answered in {times:?}; \
         server fds at most {most_fds}; connections {}, idle ones closed for room {}",
        status["connections"], status["evicted"]
    );
    assert!(most_fds <= 512 + 64, "{most_fds} open files");
    drop(slow);
}

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
    std::thread::sleep(Duration::from_millis(100));
    let mut searching = server.status()["searching"].as_u64();
    for _ in 0..20 {
        if searching == Some(1) {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
        searching = server.status()["searching"].as_u64();
    }
    assert_eq!(searching, Some(1), "the search did not start");
    drop(s);
    let dropped = Instant::now();
    let mut status = server.status();
    while status["searching"] != 0 && dropped.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
        status = server.status();
    }
    let stopped_in = dropped.elapsed();
    let cpu = server.cpu_ticks();
    std::thread::sleep(Duration::from_secs(1));
    let used = server.cpu_ticks() - cpu;
    eprintln!(
        "abandoned search: stopped {stopped_in:?} after the client left; then {used} ticks of CPU in 1 s"
    );
    assert_eq!(status["searching"], 0, "{status}");
    assert_eq!(status["stopped"], 1, "{status}");
    // A search still running would use about 100 ticks a second.
    assert!(used < 30, "the server used {used} ticks in a second");
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
    std::thread::sleep(Duration::from_millis(300));
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

#[test]
fn fifty_clients_query_while_the_engine_searches() {
    let _heavy = heavy();
    let server = serve(&["variants"]);
    const CLIENTS: usize = 50;
    const ENGINES: usize = 3;
    let run_for = Duration::from_secs(8);
    let games = [
        CHESS,
        r#"{"variant":"shogi","moves":["7g7f","3c3d","8h2b+"]}"#,
        r#"{"variant":"crazyhouse","moves":["e2e4","d7d5","e4d5","d8d5"]}"#,
        r#"{"variant":"xiangqi","moves":["h3e3","h10g8"]}"#,
    ];
    let started = Instant::now();
    let addr = server.addr.clone();
    let queries: Vec<_> = (0..CLIENTS)
        .map(|i| {
            let addr = addr.clone();
            std::thread::spawn(move || {
                let (mut times, mut errors) = (Vec::new(), Vec::new());
                let mut conn = KeepAlive::new(&addr).ok();
                let mut n = i;
                while started.elapsed() < run_for {
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
                    n += 1;
                }
                (times, errors)
            })
        })
        .collect();
    let engines: Vec<_> = (0..ENGINES)
        .map(|i| {
            let addr = addr.clone();
            std::thread::spawn(move || {
                let (mut done, mut errors) = (0, Vec::new());
                let variant = ["chess", "shogi", "kozune"][i % 3];
                let body = format!(r#"{{"variant":"{variant}","movetime":1000}}"#);
                while started.elapsed() < run_for {
                    match KeepAlive::new(&addr).and_then(|mut c| c.post("/api/engine", &body)) {
                        Ok((200, _)) => done += 1,
                        Ok((status, body)) => errors.push(format!("engine: {status} {body}")),
                        Err(e) => errors.push(format!("engine: {e}")),
                    }
                }
                (done, errors)
            })
        })
        .collect();
    let (mut times, mut errors) = (Vec::new(), Vec::new());
    for q in queries {
        let (t, e) = q.join().expect("client");
        times.extend(t);
        errors.extend(e);
    }
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
    assert!(!times.is_empty() && searches > 0);
}
