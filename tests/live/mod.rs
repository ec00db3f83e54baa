//! A protocol session with chimera running beside the test: lines go in
//! when the test says, and each line out is kept with when it came (for
//! tests of timing: `stop`, `st`).
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// A running `chimera <protocol> [args]`.
pub struct Live {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
}

#[allow(dead_code)]
impl Live {
    pub fn start(protocol: &str) -> Live {
        Live::with_args(protocol, &[])
    }

    pub fn with_args(protocol: &str, args: &[&str]) -> Live {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .arg(protocol)
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("chimera runs");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        Live { child, stdin, lines }
    }

    pub fn send(&mut self, text: &[u8]) {
        self.stdin.write_all(text).expect("written");
        self.stdin.flush().expect("flushed");
    }

    /// The lines until one that `done` accepts (it last); panics after a
    /// minute.
    pub fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<(Instant, String)> {
        let mut out = Vec::new();
        loop {
            match self.lines.recv_timeout(Duration::from_secs(60)) {
                Ok((at, line)) => {
                    let last = done(&line);
                    out.push((at, line));
                    if last {
                        return out;
                    }
                }
                Err(_) => panic!("no answer within a minute: {out:?}"),
            }
        }
    }

    /// Everything said until the process ends (after `quit`).
    pub fn finish(mut self) -> Vec<(Instant, String)> {
        self.send(b"quit\n");
        let out: Vec<_> = self.lines.iter().collect();
        let status = self.child.wait().expect("chimera ends");
        assert!(status.success(), "exit status {status:?}");
        out
    }
}
