//! `chimera moves`: list the legal moves of a position.

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::json;

use super::context::{Context, PositionArgs};
use super::output::{Outcome, Output, bad};
use crate::engine::MoveNotation;

/// List the legal moves of a position, sorted, one per line.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The variant's rules file, e.g. variants/chess.toml.
    variant: PathBuf,
    #[command(flatten)]
    at: PositionArgs,
    /// Move notation: canonical (default), uci, usi, or seed (the Ko shogi
    /// article's game notation: piece code, -/x, !captures, +/=).
    #[arg(long, default_value = "canonical")]
    notation: String,
    /// Print one JSON object per line (fields in the README).
    #[arg(long)]
    pub json: bool,
}

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let out = Output::new(a.json);
    let Some(notation) = MoveNotation::parse(&a.notation) else {
        return Err(bad(format!(
            "unknown notation `{}`: canonical, uci, usi or seed",
            a.notation
        )));
    };
    let v = cx.load(&a.variant)?;
    let mut game = a.at.game(&v)?;
    let mut pos = game.position().clone();
    // A game that is over has no moves to list, whichever rule ended it
    // (the same judgement `play` makes: counters, counts and repetitions of
    // the moves given included).
    if let Some(result) = game.result() {
        if !a.json {
            eprintln!("the game is over: {}", result.describe(pos.variant()));
        }
        out.json_only(json!({"position": pos.to_text(), "moves": [], "count": 0, "result": result.describe(pos.variant())}));
        return Ok(ExitCode::SUCCESS);
    }
    // The moves the history allows (a variant may forbid repeating).
    let list = game.legal_moves();
    let mut names: Vec<String> = list.iter().map(|m| pos.move_text_as(m, notation)).collect();
    names.sort();
    for n in &names {
        out.text(n);
    }
    out.json_only(json!({"position": pos.to_text(), "moves": names, "count": names.len()}));
    Ok(ExitCode::SUCCESS)
}
