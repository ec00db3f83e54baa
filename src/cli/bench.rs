//! `chimera bench`: the fixed perft benchmark set.

use std::process::ExitCode;
use std::time::Duration;

use serde_json::json;

use crate::bench::TimedSearch;

use super::output::{Outcome, Output};

/// Run the fixed benchmark set (perft with bulk counting) and print nodes per
/// second. Built with `--features compare`, also runs shakmaty and rsshogi on
/// the same positions and prints chimera's speed as a ratio of theirs.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("fsf_with").args(["suite", "search"]).multiple(true)))]
#[command(group(clap::ArgGroup::new("only_with").args(["suite", "fsf"]).multiple(true)))]
pub(crate) struct Args {
    /// Smaller depths (a few seconds in all); with --search --fsf, 1 s a
    /// search instead of 3.
    #[arg(long)]
    quick: bool,
    /// Print one JSON object per line (fields in the README).
    #[arg(long)]
    pub json: bool,
    /// Measure the engine's search instead of perft: fixed-depth searches
    /// from fixed positions (chess, shogi, Ko shogi), with nodes per second;
    /// with --fsf, searches for a fixed time beside Fairy-Stockfish's.
    #[arg(long)]
    search: bool,
    /// With --search: search threads (Lazy SMP); the time to the same depth shows the gain.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256), requires = "search", conflicts_with = "fsf")]
    threads: u64,
    /// Perft: run each measurement this many times and report the fastest
    /// (chimera's and the references' alike), so a busy machine's slow runs
    /// do not decide the ratio.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100), conflicts_with = "search")]
    runs: u32,
    /// A set of its own instead of the fixed one: `fsf`, Fairy-Stockfish's 28
    /// best-known variants from their start (perft; timed from reading the
    /// rules to the count).
    #[arg(long, value_parser = ["fsf"], conflicts_with = "search")]
    suite: Option<String>,
    /// With --suite fsf: a Fairy-Stockfish binary (built with
    /// largeboards=yes all=yes for every variant) to time on the same perft,
    /// in the same run, process start to exit; prints chimera's speed as a
    /// ratio of its own and checks the node counts agree. With --search:
    /// both engines search the start of chess, shogi, xiangqi, janggi,
    /// crazyhouse and capablanca for the same time (one thread, default
    /// hash) and chimera's nodes per second are given as a ratio of
    /// Fairy-Stockfish's.
    #[arg(long, requires = "fsf_with")]
    fsf: Option<std::path::PathBuf>,
    /// With --suite, or --search --fsf: only these variants (repeatable).
    #[arg(long = "only", requires = "only_with")]
    only: Vec<String>,
}

/// Fairy-Stockfish as a process: `go perft` on the start position, over UCI.
struct FsfProcess(std::path::PathBuf);

impl crate::bench::FsfRunner for FsfProcess {
    fn perft(&self, variant: &str, depth: u32) -> Result<u64, String> {
        use std::io::Write;
        let mut child = std::process::Command::new(&self.0)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", self.0.display()))?;
        let script = format!(
            "setoption name UCI_Variant value {variant}\nposition startpos\ngo perft {depth}\nquit\n"
        );
        if let Some(mut input) = child.stdin.take() {
            input.write_all(script.as_bytes()).map_err(|e| e.to_string())?;
        }
        let out = child.wait_with_output().map_err(|e| e.to_string())?;
        let text = String::from_utf8_lossy(&out.stdout);
        text.lines()
            .find_map(|l| {
                l.strip_prefix("Nodes searched:")
                    .and_then(|n| n.trim().parse().ok())
            })
            .ok_or_else(|| {
                let last: Vec<&str> = text.lines().rev().take(3).collect();
                format!(
                    "no `Nodes searched` line (does it know `{variant}`?): {}",
                    last.join(" | ")
                )
            })
    }

    fn search(&self, variant: &str, movetime: Duration) -> Result<TimedSearch, String> {
        use crate::game::external::{EngineProcess, EngineSpec, Protocol, move_deadline, uci::UciPlayer};
        let spec = EngineSpec {
            protocol: Protocol::Uci,
            command: self.0.display().to_string(),
            movetime: None,
            depth: None,
            nodes: None,
            options: vec![("Threads".into(), "1".into())],
        };
        let process = EngineProcess::spawn(&spec.command, spec.protocol, None)?;
        let mut engine = UciPlayer::start(process, &spec, variant)?.into_engine();
        let ms = movetime.as_millis() as u64;
        engine.send("position startpos")?;
        engine.send(&format!("go movetime {ms}"))?;
        let mut last = None;
        let answer = engine
            .wait_for(
                move_deadline(Some(ms)),
                |l| l.starts_with("bestmove"),
                |l| {
                    if let Some(info) = crate::bench::uci_info("Fairy-Stockfish", l) {
                        last = Some(info);
                    }
                },
            )
            .map_err(|e| format!("no `bestmove` after `go movetime {ms}`: {e}"))?;
        let mut info = last.ok_or("no `info` line with `nodes` and `nps` before `bestmove`")?;
        info.best = answer.split_whitespace().nth(1).unwrap_or("-").to_string();
        Ok(info)
    }
}

/// `bench --search --fsf`: each variant searched by both engines for the
/// same time, one line (text) or two (JSON, chimera's then
/// Fairy-Stockfish's with the ratio) a variant.
fn search_against_fsf(out: Output, quick: bool, only: &[String], fsf: std::path::PathBuf) -> Outcome {
    let movetime = Duration::from_secs(if quick { 1 } else { 3 });
    out.text(format!(
        "search from the start, {} ms a variant, one thread, default hash; nodes include quiescence nodes",
        movetime.as_millis()
    ));
    let line = |s: &TimedSearch, case: &str, ratio: Option<f64>| json!({"case": case, "engine": s.engine, "depth": s.depth, "nodes": s.nodes, "seconds": s.seconds, "nps": s.nps as u64, "best": s.best, "ratio": ratio});
    crate::bench::run_fsf_search(movetime, only, &FsfProcess(fsf), |case, ours, theirs, ratio| {
        out.json_only(line(ours, case, None));
        out.emit(
            crate::bench::format_vs_line(case, ours, theirs, ratio),
            line(theirs, case, Some(ratio)),
        );
    })
    .map_err(super::output::bad)?;
    Ok(ExitCode::SUCCESS)
}

pub(crate) fn run(a: Args) -> Outcome {
    let out = Output::new(a.json);
    if a.search
        && let Some(fsf) = a.fsf
    {
        return search_against_fsf(out, a.quick, &a.only, fsf);
    }
    if a.search {
        crate::bench::run_search(a.quick, a.threads as usize, |m| {
            out.emit(
                crate::bench::format_search_line(m),
                json!({"case": m.case, "depth": m.depth, "nodes": m.nodes, "seconds": m.seconds, "nps": m.nps as u64, "best": m.best, "score": m.score}),
            );
        });
        return Ok(ExitCode::SUCCESS);
    }
    if a.suite.is_some() {
        let fsf = a.fsf.map(FsfProcess);
        let mut differ = 0;
        crate::bench::run_fsf_suite(
            a.quick,
            a.runs,
            &a.only,
            fsf.as_ref().map(|f| f as &dyn crate::bench::FsfRunner),
            |m, ratio| {
                out.emit(
                    crate::bench::format_line(m, ratio),
                    json!({"case": m.case, "engine": m.engine, "depth": m.depth, "nodes": m.nodes, "seconds": m.seconds, "nps": m.nps as u64, "ratio": ratio}),
                );
            },
            |name, ours, theirs| {
                differ += 1;
                out.emit(
                    format!("{name}: node counts differ: chimera {ours}, Fairy-Stockfish {theirs}"),
                    json!({"case": name, "error": "node counts differ", "chimera": ours, "fsf": theirs}),
                );
            },
        );
        return Ok(if differ > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        });
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
