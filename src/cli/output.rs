//! The one place the command line prints: results as text or as one JSON
//! object per line, and failures with the exit status they mean.

/// Prints a line on standard output; a closed output (`chimera … | head`)
/// is not an error worth a panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

use std::fmt::Display;
use std::process::ExitCode;

use serde_json::{Value, json};

use crate::diag::Diagnostic;

/// How a command prints its results.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Output {
    pub json: bool,
}

impl Output {
    pub fn new(json: bool) -> Output {
        Output { json }
    }

    /// One result: `text` for people, `value` as a JSON line.
    pub fn emit(&self, text: impl Display, value: Value) {
        if self.json {
            say!("{value}");
        } else {
            say!("{text}");
        }
    }

    /// A result that only people see (JSON output leaves it out).
    pub fn text(&self, text: impl Display) {
        if !self.json {
            say!("{text}");
        }
    }

    /// A JSON line that has no text form.
    pub fn json_only(&self, value: Value) {
        if self.json {
            say!("{value}");
        }
    }

    /// A warning: stderr for people, a JSON line otherwise.
    pub fn warn(&self, message: &str) {
        if self.json {
            say!("{}", json!({ "warning": message }));
        } else {
            eprintln!("warning: {message}");
        }
    }

    /// Reports a failure and gives the exit status for it.
    pub fn fail(&self, f: Failure) -> ExitCode {
        match &f {
            Failure::BadInput(msg) | Failure::Failed(msg) => {
                if self.json {
                    say!("{}", json!({ "error": msg }));
                }
                eprintln!("error: {msg}");
            }
            Failure::Diagnostic(d, _) => {
                if self.json {
                    say!(
                        "{}",
                        json!({"valid": false, "error": d.message, "file": d.file, "line": d.line, "column": d.column})
                    );
                }
                eprint!("{}", d.render());
            }
        }
        f.code()
    }
}

/// Why a command stopped.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The input was wrong (a file, a position, a move, an argument): exit 2.
    BadInput(String),
    /// A check did not hold (a test case, a record's result): exit 1.
    Failed(String),
    /// A rules file is wrong; `exit` is 2, or 1 when checking the file is the
    /// command's purpose.
    Diagnostic(Box<Diagnostic>, u8),
}

impl Failure {
    pub fn code(&self) -> ExitCode {
        match self {
            Failure::BadInput(_) => ExitCode::from(2),
            Failure::Failed(_) => ExitCode::from(1),
            Failure::Diagnostic(_, code) => ExitCode::from(*code),
        }
    }
}

impl From<Box<Diagnostic>> for Failure {
    fn from(d: Box<Diagnostic>) -> Failure {
        Failure::Diagnostic(d, 2)
    }
}

/// Bad input with a message.
pub(crate) fn bad(msg: impl Display) -> Failure {
    Failure::BadInput(msg.to_string())
}

/// A command's result: its exit status or a failure.
pub(crate) type Outcome = Result<ExitCode, Failure>;
