//! `chimera explain`: a notation string in words.

use std::process::ExitCode;

use serde_json::json;

use super::output::{Outcome, Output, bad};
use crate::diag::shorten;
use crate::notation;

/// Explain a piece-move notation string in words.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// A notation string such as "fmWfcF" or "Fa[cxQ3]".
    notation: String,
    /// Print one JSON object per line (fields in the README).
    #[arg(long)]
    pub json: bool,
}

pub(crate) fn run(a: Args) -> Outcome {
    let out = Output::new(a.json);
    match notation::compile_program(&a.notation) {
        Ok((tree, prog)) => {
            let words = notation::explain(&prog);
            out.emit(
                format!("{tree}\n{}", words.trim_end()),
                json!({"canonical": tree.to_string(), "program": prog, "explanation": words}),
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(e) if a.notation.chars().count() > 80 => Err(bad(format!(
            "bad notation `{}` ({} characters): {} at column {}",
            shorten(&a.notation, 40),
            a.notation.chars().count(),
            e.message,
            e.column
        ))),
        Err(e) => Err(bad(format!(
            "bad notation `{}`: {}\n  {}\n  {}^",
            a.notation,
            e.message,
            a.notation,
            " ".repeat(e.column.saturating_sub(1))
        ))),
    }
}
