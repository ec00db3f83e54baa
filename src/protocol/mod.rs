//! Engine protocols: how GUIs and match runners talk to chimera's engine.
//! Each reads commands line by line and answers on a writer, so that tests
//! can drive it in memory as well as through `chimera uci`. Time budgets
//! come from [`crate::game::clock`].

use std::io::{BufRead, ErrorKind, Write};
use std::sync::{Arc, Mutex};

pub mod uci;
pub mod xboard;

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

/// The longest input line read (1 MiB: a `position … moves …` of a very
/// long game is well under it); the rest of a longer line is skipped.
pub(crate) const MAX_LINE: usize = 1 << 20;

/// The next line of input, without its `\n` or `\r\n`: `Ok` with the
/// text, or `Err` with what to say about a line that cannot be a command
/// (not UTF-8, or longer than [`MAX_LINE`]) — the session says so and
/// reads on. `None` at the end of the input (or when it cannot be read).
pub(crate) fn next_line(input: &mut dyn BufRead) -> Option<Result<String, String>> {
    let mut line: Vec<u8> = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            line.extend_from_slice(&chunk[..take]);
            if line.len() > MAX_LINE {
                too_long = true;
                line = Vec::new();
            }
        }
        input.consume(take + usize::from(end));
        if end {
            break;
        }
    }
    if !any {
        return None;
    }
    if too_long {
        return Some(Err(format!("a line longer than {MAX_LINE} bytes")));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Some(String::from_utf8(line).map_err(|e| {
        format!(
            "a line that is not UTF-8: {}",
            clip(&String::from_utf8_lossy(e.as_bytes()))
        )
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<Result<String, String>> {
        let mut input = std::io::Cursor::new(bytes.to_vec());
        std::iter::from_fn(|| next_line(&mut input)).collect()
    }

    #[test]
    fn lines_that_are_not_text_are_reported_and_skipped() {
        let got = lines(b"uci\r\n\xff\xfe go\nisready\n\nquit");
        assert_eq!(got[0], Ok("uci".to_string()));
        assert!(got[1].as_ref().is_err_and(|e| e.contains("not UTF-8")), "{got:?}");
        assert_eq!(
            got[2..],
            [Ok("isready".into()), Ok(String::new()), Ok("quit".into())]
        );
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn an_endless_line_is_cut_short() {
        let mut bytes = vec![b'x'; MAX_LINE + 10];
        bytes.extend_from_slice(b"\nisready\n");
        let got = lines(&bytes);
        assert!(
            got[0].as_ref().is_err_and(|e| e.contains("longer than")),
            "{:?}",
            got[0].as_ref().err()
        );
        assert_eq!(got[1], Ok("isready".to_string()));
        assert_eq!(got.len(), 2);
    }
}
