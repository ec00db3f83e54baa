//! `chimera perft`: count the leaf nodes of the legal move tree.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use indexmap::IndexMap;
use serde_json::json;

use super::context::{Context, PositionArgs};
use super::output::{Outcome, Output, bad};
use crate::engine::{MoveKind, perft, perft_divide};

/// Count the leaf nodes of the legal move tree to a depth.
///
/// With --divide, the count below each legal move is printed as it is found
/// (moves in alphabetical order), then the total.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The variant's rules file, e.g. variants/chess.toml.
    variant: PathBuf,
    #[command(flatten)]
    at: PositionArgs,
    /// How many plies deep to count (1 = the legal moves).
    #[arg(long, short)]
    depth: u32,
    /// Print the count below each legal move.
    #[arg(long)]
    divide: bool,
    /// With --divide: also sum the counts by moving (or dropped) piece.
    #[arg(long)]
    by_piece: bool,
    /// Run even when the count would take very long (see the estimate).
    #[arg(long)]
    force: bool,
    /// Count on this many threads, the root moves shared out among them (1 to
    /// 256; the counts do not change).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Print one JSON object per line (fields in the README).
    #[arg(long)]
    pub json: bool,
}

/// Counts that would take longer than this are refused without --force.
const MAX_ESTIMATED_NODES: f64 = 1e12;

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let out = Output::new(a.json);
    let (v, mut pos) = cx.load_at(&a.variant, &a.at)?;
    let width = pos.legal_move_list().len().max(1) as f64;
    // log10 of (moves here) ^ depth: a rough size of the tree.
    let digits = a.depth as f64 * width.log10();
    let estimate = 10f64.powf(digits.min(300.0));
    if estimate > MAX_ESTIMATED_NODES && !a.force {
        return Err(bad(format!(
            "depth {} would count about 10^{:.0} nodes ({} moves here, to the power {}): at 30 million nodes a second that is {}. Choose a smaller depth, or pass --force",
            a.depth,
            digits,
            width,
            a.depth,
            duration_words(digits - 7.5)
        )));
    }
    let start = Instant::now();
    let mut total = 0;
    let threads = usize::from(a.threads);
    if a.divide && a.depth > 0 {
        let list = pos.legal_move_list();
        // Counted in parallel first when threads are asked for; one by one
        // (each printed as it is found) otherwise.
        let counted = (threads > 1).then(|| perft_divide(&pos, a.depth, threads, &|_, _| {}));
        let count_of = |m: &crate::engine::Move| {
            counted
                .as_ref()
                .and_then(|c| c.iter().find(|(x, _)| x == m))
                .map(|&(_, n)| n)
        };
        let mut named: Vec<(String, usize)> = list
            .iter()
            .enumerate()
            .map(|(i, m)| (pos.move_text(m), i))
            .collect();
        named.sort_by(|x, y| x.0.cmp(&y.0));
        let mut pieces: IndexMap<String, (usize, u64)> = IndexMap::new();
        for (name, i) in named {
            let m = list[i];
            let kind = match m.kind() {
                MoveKind::Board | MoveKind::Castle | MoveKind::ToPocket => {
                    m.from().and_then(|f| pos.piece_at(f)).map(|p| p.kind())
                }
                _ => m.entering_kind(),
            };
            let n = match count_of(&m) {
                Some(n) => n,
                None => {
                    pos.make(m);
                    let n = perft(&mut pos, a.depth - 1);
                    pos.unmake();
                    n
                }
            };
            total += n;
            out.emit(format!("{name}: {n}"), json!({"move": name, "nodes": n}));
            if let Some(k) = kind {
                let e = pieces.entry(v.piece(k).name().to_string()).or_default();
                e.0 += 1;
                e.1 += n;
            }
        }
        if a.by_piece {
            for (name, (count, n)) in &pieces {
                out.emit(
                    format!("{name}: {count} moves, {n} nodes"),
                    json!({"piece": name, "moves": count, "nodes": n}),
                );
            }
        }
    } else if a.depth > 1 && (estimate > 1e8 || threads > 1) {
        // Root moves shared out among the threads; long counts show progress.
        let bar = crate::cli::progress::bar(
            pos.legal_move_list().len() as u64,
            "{bar:30} {pos}/{len} root moves, {msg}",
        );
        if estimate <= 1e8 {
            bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        }
        let counted = std::sync::atomic::AtomicU64::new(0);
        let counts = perft_divide(&pos, a.depth, threads, &|_, n| {
            let sum = counted.fetch_add(n, std::sync::atomic::Ordering::Relaxed) + n;
            bar.set_message(format!("{sum} nodes"));
            bar.inc(1);
        });
        bar.finish_and_clear();
        total = counts.iter().map(|&(_, n)| n).sum();
    } else {
        total = perft(&mut pos, a.depth);
    }
    let secs = start.elapsed().as_secs_f64();
    let nps = total as f64 / secs.max(1e-9);
    out.emit(
        format!(
            "depth {}: {total} nodes in {secs:.3} s ({nps:.0} nodes/s)",
            a.depth
        ),
        json!({"depth": a.depth, "nodes": total, "seconds": secs, "nps": nps as u64}),
    );
    Ok(ExitCode::SUCCESS)
}

/// 10^`log_secs` seconds as words ("3 hours", "10^1290 years").
fn duration_words(log_secs: f64) -> String {
    if log_secs > 15.0 {
        return format!("about 10^{:.0} years", log_secs - 7.5);
    }
    let secs = 10f64.powf(log_secs);
    let units = [
        (365.25 * 86400.0, "years"),
        (86400.0, "days"),
        (3600.0, "hours"),
        (60.0, "minutes"),
    ];
    for (size, name) in units {
        if secs >= size {
            let n = secs / size;
            return if n >= 1e6 {
                format!("about {n:.0e} {name}")
            } else {
                format!("about {n:.0} {name}")
            };
        }
    }
    format!("about {secs:.0} seconds")
}
