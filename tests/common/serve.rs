//! Running `chimera serve` in a test and talking HTTP/1.1 to it over plain
//! TCP (`#[path = "common/serve.rs"] mod serve;` — not part of mod.rs).
#![allow(dead_code)]
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running server, stopped when dropped.
pub struct Served {
    child: Child,
    /// `http://127.0.0.1:PORT`
    pub url: String,
    /// `127.0.0.1:PORT`
    pub addr: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Served {
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether the process still runs.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// A line of /proc/PID/status in kB (e.g. `VmRSS`).
    pub fn status_kb(&self, field: &str) -> u64 {
        let text = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap_or_default();
        text.lines()
            .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    }

    /// Open file descriptors of the server.
    pub fn fds(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.pid())).map_or(0, |d| d.count())
    }

    /// `GET /api/status` as JSON.
    pub fn status(&self) -> serde_json::Value {
        let (code, body) = http(&self.url, "GET", "/api/status", b"");
        assert_eq!(code, 200, "{body}");
        serde_json::from_str(&body).expect("status is JSON")
    }
}

/// `chimera serve ARGS --port 0` from the project root; the address is read
/// from the line it prints on stderr.
pub fn serve(args: &[&str]) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .current_dir(super::root())
        .arg("serve")
        .args(args)
        .args(["--port", "0"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chimera serve starts");
    let stderr = child.stderr.take().expect("stderr");
    let mut lines = BufReader::new(stderr).lines();
    let first = lines.next().and_then(Result::ok).unwrap_or_default();
    // Keep reading what it says, so that it never writes into a closed pipe.
    std::thread::spawn(move || lines.for_each(drop));
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .map(|u| u.trim_end_matches('/').to_string());
    let Some(url) = url else {
        let _ = child.kill();
        panic!("chimera serve did not say where it listens: {first:?}");
    };
    let addr = url.trim_start_matches("http://").to_string();
    Served { child, url, addr }
}

/// A connection with read and write timeouts of `secs`.
pub fn connect(addr: &str, secs: u64) -> TcpStream {
    let s = TcpStream::connect(addr).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(secs)))
        .expect("timeout");
    s.set_write_timeout(Some(Duration::from_secs(secs)))
        .expect("timeout");
    s
}

/// One HTTP request (`Connection: close`); the status and the body.
pub fn http(base: &str, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let host = base.trim_start_matches("http://");
    let mut s = connect(host, 60);
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("request head");
    // A server may answer (and close) before reading a refused body.
    let _ = s.write_all(body);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("a status line: {text:?}"));
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
    (status, body)
}

/// The status of the answer on `s` (`None`: closed or timed out before
/// one came).
pub fn read_status(s: &mut TcpStream) -> Option<u16> {
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    while !out.windows(4).any(|w| w == b"\r\n\r\n") {
        match s.read(&mut buf) {
            // Interrupted by a stop and continue of this process: read again.
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Ok(0) | Err(_) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&out);
    text.split_whitespace().nth(1).and_then(|c| c.parse().ok())
}

/// An HTTP/1.1 connection kept alive across requests.
pub struct KeepAlive {
    reader: BufReader<TcpStream>,
    host: String,
}

impl KeepAlive {
    pub fn new(addr: &str) -> std::io::Result<KeepAlive> {
        let s = TcpStream::connect(addr)?;
        s.set_read_timeout(Some(Duration::from_secs(60)))?;
        s.set_write_timeout(Some(Duration::from_secs(60)))?;
        s.set_nodelay(true)?;
        Ok(KeepAlive {
            reader: BufReader::new(s),
            host: addr.to_string(),
        })
    }

    /// A POST of a JSON body: the status and the body.
    pub fn post(&mut self, path: &str, body: &str) -> std::io::Result<(u16, String)> {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.host,
            body.len()
        );
        self.reader.get_mut().write_all(head.as_bytes())?;
        let mut line = String::new();
        self.reader.read_line(&mut line)?;
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| std::io::Error::other(format!("no status line: {line:?}")))?;
        let mut length = 0;
        loop {
            line.clear();
            if self.reader.read_line(&mut line)? == 0 {
                return Err(std::io::Error::other("closed in the head"));
            }
            if line == "\r\n" {
                break;
            }
            if let Some((k, v)) = line.split_once(':')
                && k.eq_ignore_ascii_case("content-length")
            {
                length = v.trim().parse().map_err(std::io::Error::other)?;
            }
        }
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body)?;
        Ok((status, String::from_utf8_lossy(&body).into_owned()))
    }
}

/// Raises this process's open-file limit to `want` (or the hard limit).
pub fn raise_fd_limit(want: u64) {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write `lim`.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 && lim.rlim_cur < want {
            lim.rlim_cur = want.min(lim.rlim_max);
            libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
        }
    }
}
