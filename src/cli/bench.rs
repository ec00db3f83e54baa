//! `chimera bench`: the fixed perft benchmark set.

use std::process::ExitCode;

use serde_json::json;

use super::output::{Outcome, Output};

/// Run the fixed benchmark set (perft with bulk counting) and print nodes per
/// second. Built with `--features compare`, also runs shakmaty and rsshogi on
/// the same positions and prints chimera's speed as a ratio of theirs.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Smaller depths (a few seconds in all).
    #[arg(long)]
    quick: bool,
    /// Print one JSON object per line (fields in the README).
    #[arg(long)]
    pub json: bool,
    /// Measure the engine's search instead of perft: fixed-depth searches
    /// from fixed positions (chess, shogi, Ko shogi), with nodes per second.
    #[arg(long)]
    search: bool,
    /// With --search: search threads (Lazy SMP); the time to the same depth shows the gain.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256), requires = "search")]
    threads: u64,
    /// Perft: run each measurement this many times and report the fastest
    /// (chimera's and the references' alike), so a busy machine's slow runs
    /// do not decide the ratio.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100), conflicts_with = "search")]
    runs: u32,
}

pub(crate) fn run(a: Args) -> Outcome {
    let out = Output::new(a.json);
    if a.search {
        crate::bench::run_search(a.quick, a.threads as usize, |m| {
            out.emit(
                crate::bench::format_search_line(m),
                json!({"case": m.case, "depth": m.depth, "nodes": m.nodes, "seconds": m.seconds, "nps": m.nps as u64, "best": m.best, "score": m.score}),
            );
        });
        return Ok(ExitCode::SUCCESS);
    }
    if !cfg!(feature = "compare") && !a.json {
        eprintln!("note: built without the `compare` feature; reference engines are not run");
    }
    crate::bench::run(a.quick, a.runs, |m, ratio| {
        out.emit(
            crate::bench::format_line(m, ratio),
            json!({"case": m.case, "engine": m.engine, "depth": m.depth, "nodes": m.nodes, "seconds": m.seconds, "nps": m.nps as u64, "ratio": ratio}),
        );
    });
    Ok(ExitCode::SUCCESS)
}
