//! chimera's Python binding (the native module `chimera._native`).
//!
//! Two faces, both thin over the library: `fsf` speaks pyffish's interface
//! (Fairy-Stockfish's Python binding: variant name, FEN and a list of UCI
//! moves in, strings and numbers out), `objects` the Pythonic one
//! (`Variant`, `Position`, `Move`). The Python package (python/chimera/)
//! re-exports both.
//!
//! No panic crosses into Python: every entry point runs inside
//! [`guard`], which turns a panic into `chimera.Error`; rules-file errors are
//! `chimera.RulesError` carrying the file, line and column; the GIL is
//! released during perft and search.

use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::create_exception;
use pyo3::prelude::*;

mod fsf;
mod objects;
mod work;

// A `ValueError`, as pyffish's errors are (`ValueError: Invalid move`):
// a program's `except ValueError` around its pyffish calls catches them.
create_exception!(
    _native,
    Error,
    pyo3::exceptions::PyValueError,
    "An error of chimera (pyffish's `error`), a ValueError."
);
create_exception!(
    _native,
    RulesError,
    Error,
    "A rules file that does not compile: `file`, `line`, `column` and `message` say where and why."
);
create_exception!(
    _native,
    PositionTextError,
    Error,
    "A position text (FEN) that does not read: `column` says where."
);
create_exception!(_native, MoveError, Error, "A move text that names no legal move.");

/// Runs `f`, turning a panic into `chimera.Error` (a bug in chimera, never a
/// crash of the interpreter).
pub(crate) fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => {
            let what = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown".into());
            Err(Error::new_err(format!(
                "internal error in chimera (please report): {what}"
            )))
        }
    }
}

/// A rules-file diagnostic as `chimera.RulesError`.
pub(crate) fn rules_error(d: &chimera::Diagnostic) -> PyErr {
    let text = format!("{}:{}:{}: {}", d.file, d.line, d.column, d.message);
    let err = RulesError::new_err(text);
    Python::attach(|py| {
        let v = err.value(py);
        let _ = v.setattr("file", d.file.clone());
        let _ = v.setattr("line", d.line);
        let _ = v.setattr("column", d.column);
        let _ = v.setattr("message", d.message.clone());
        let _ = v.setattr("help", d.help.clone());
    });
    err
}

/// A failure of the library's Fairy-Stockfish facade as the exception
/// that says it: `RulesError`, `PositionTextError`, `MoveError`, else
/// `chimera.Error`.
pub(crate) fn fsf_error(e: chimera::fsf::FsfError) -> PyErr {
    use chimera::fsf::FsfError;
    match e {
        FsfError::Rules(d) => rules_error(&d),
        FsfError::Position { fen, error } => position_error(&fen, &error),
        e @ FsfError::Move { .. } => MoveError::new_err(e.to_string()),
        e @ FsfError::NoSuchOption(_) => pyo3::exceptions::PyValueError::new_err(e.to_string()),
        e => Error::new_err(e.to_string()),
    }
}

/// A position text error as `chimera.PositionTextError`.
pub(crate) fn position_error(fen: &str, e: &chimera::PositionError) -> PyErr {
    let column = match e {
        chimera::PositionError::Text(t) => Some(t.column),
        chimera::PositionError::Invalid(_) => None,
    };
    let err = PositionTextError::new_err(format!("`{fen}`: {e}"));
    Python::attach(|py| {
        let _ = err.value(py).setattr("column", column);
        let _ = err.value(py).setattr("fen", fen);
    });
    err
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("PositionTextError", py.get_type::<PositionTextError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    fsf::register(m)?;
    objects::register(m)?;
    Ok(())
}
