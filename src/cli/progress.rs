//! Progress bars for long work. On a terminal, indicatif's bar; where
//! standard error is not one (a log file, a pipe, a batch job), where
//! indicatif would draw nothing, a plain line every half minute, so a long
//! run's log still shows how far it got. Work that ends within the first
//! half minute prints nothing there.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};
use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often a line is written where standard error is no terminal.
const EVERY: Duration = Duration::from_secs(30);

/// A bar of `total` steps drawn with `template` (indicatif's syntax; a
/// `{bar:30}` in it is left out of the plain lines).
pub(crate) fn bar(total: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    let terminal = std::io::stderr().is_terminal();
    let template = if terminal {
        template.to_string()
    } else {
        template.replace("{bar:30} ", "")
    };
    bar.set_style(ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()));
    if !terminal {
        bar.set_draw_target(ProgressDrawTarget::term_like_with_hz(
            Box::new(Lines::new(Box::new(std::io::stderr()))),
            1,
        ));
    }
    bar
}

/// Writes the bar's text as a line (to standard error) at most every
/// [`EVERY`], the first after [`EVERY`]; cursor moves and clearing mean
/// nothing in a log.
struct Lines {
    /// When the last line was written (or the bar made), and where to.
    state: Mutex<(Instant, Box<dyn Write + Send>)>,
}

impl Lines {
    fn new(out: Box<dyn Write + Send>) -> Lines {
        Lines {
            state: Mutex::new((Instant::now(), out)),
        }
    }
}

impl std::fmt::Debug for Lines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Lines")
    }
}

impl TermLike for Lines {
    fn width(&self) -> u16 {
        120
    }
    fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.write_str(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        let s = s.trim();
        if s.is_empty() {
            return Ok(());
        }
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.0.elapsed() < EVERY {
            return Ok(());
        }
        state.0 = Instant::now();
        // A log that cannot be written to loses a progress line, nothing more.
        let _ = writeln!(state.1, "{s}");
        Ok(())
    }
    fn clear_line(&self) -> std::io::Result<()> {
        Ok(())
    }
    fn flush(&self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A writer whose bytes the test can read.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_line_every_half_minute_and_none_at_first() {
        let out = Shared::default();
        let lines = Lines::new(Box::new(out.clone()));
        lines.write_line("1/10 games").unwrap();
        assert!(
            out.0.lock().unwrap().is_empty(),
            "nothing in the first half minute"
        );
        lines.state.lock().unwrap().0 -= EVERY;
        lines.write_str("  2/10 games  ").unwrap();
        lines.write_line("3/10 games").unwrap();
        lines.write_line("").unwrap();
        assert_eq!(
            String::from_utf8(out.0.lock().unwrap().clone()).unwrap(),
            "2/10 games\n"
        );
    }
}
