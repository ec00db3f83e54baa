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
    /// Count by turns: each step of the depth is a player's whole turn (all
    /// its moves), for variants whose turns have several moves (`[turns]`);
    /// where turns are one move, the same as plies.
    #[arg(long)]
    turns: bool,
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

/// Counts estimated to take longer than this here are refused without
/// --force.
const MAX_ESTIMATED_SECONDS: f64 = 600.0;

/// The shallower counts that measure the tree stop before one expected to
/// count more nodes than this (a number, not a time: the same depths are
/// measured on any machine).
const PROBE_NODES: f64 = 4e6;

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let out = Output::new(a.json);
    let (v, mut pos) = cx.load_at(&a.variant, &a.at)?;
    let threads = usize::from(a.threads);
    if a.turns {
        return by_turns(&out, &mut pos, &a);
    }
    let size = measure(&mut pos, a.depth, threads);
    if size.log_seconds > MAX_ESTIMATED_SECONDS.log10() && !a.force {
        return Err(bad(format!(
            "depth {} would count about 10^{:.0} nodes (each ply more multiplies the count by about {:.0}): perft {} here counted {} nodes in {:.3} s ({:.0} nodes/s), so it would take {}. Choose a smaller depth, or pass --force",
            a.depth,
            size.log_nodes,
            size.growth,
            size.depth,
            size.nodes,
            size.seconds,
            size.nodes as f64 / size.seconds.max(1e-9),
            duration_words(size.log_seconds)
        )));
    }
    let estimate = 10f64.powf(size.log_nodes.min(300.0));
    let start = Instant::now();
    let mut total = 0;
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

/// `--turns`: perft by whole turns (with `--divide`, below each move the
/// side to move may play next). No estimate is made: depths by turns grow
/// by a whole turn's moves each.
fn by_turns(out: &Output, pos: &mut crate::engine::Position, a: &Args) -> Outcome {
    let start = Instant::now();
    let total = if a.divide {
        let mut counts: Vec<(String, u64)> = crate::engine::perft_turns_divide(pos, a.depth)
            .into_iter()
            .map(|(m, n)| (pos.move_text(&m), n))
            .collect();
        counts.sort();
        for (name, n) in &counts {
            out.emit(format!("{name}: {n}"), json!({"move": name, "nodes": n}));
        }
        counts.iter().map(|(_, n)| n).sum()
    } else {
        crate::engine::perft_turns(pos, a.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    out.emit(
        format!("depth {} (turns): {total} nodes in {secs:.3} s", a.depth),
        json!({"depth": a.depth, "turns": true, "nodes": total, "seconds": secs}),
    );
    Ok(ExitCode::SUCCESS)
}

/// The size of a count, measured: shallower counts taken while each takes
/// little time, the last one's speed and growth over the one before
/// extrapolated to the depth asked (a count's speed varies with the
/// variant a hundredfold, from chess's tens of millions of nodes a second
/// to taikyoku's few; the root's number of moves alone tells little — a
/// position with one legal move has a tree as large as the next one's).
struct Size {
    /// The deepest count made.
    depth: u32,
    nodes: u64,
    seconds: f64,
    /// Its nodes over the count one ply shallower.
    growth: f64,
    /// log10 of the nodes and the seconds (on `threads` threads) at the
    /// depth asked.
    log_nodes: f64,
    log_seconds: f64,
}

fn measure(pos: &mut crate::engine::Position, depth: u32, threads: usize) -> Size {
    let mut size = Size {
        depth: 0,
        nodes: 1,
        seconds: 0.0,
        growth: 1.0,
        log_nodes: 0.0,
        log_seconds: -9.0,
    };
    for d in 1..depth {
        let started = Instant::now();
        let n = perft(pos, d);
        let seconds = started.elapsed().as_secs_f64();
        size.growth = n as f64 / size.nodes.max(1) as f64;
        (size.depth, size.nodes, size.seconds) = (d, n, seconds);
        if n == 0 || n as f64 * size.growth.max(1.0) > PROBE_NODES {
            break;
        }
    }
    if size.nodes == 0 {
        return size;
    }
    let plies = f64::from(depth - size.depth);
    let more = plies * size.growth.max(1.0).log10();
    size.log_nodes = (size.nodes as f64).log10() + more;
    size.log_seconds = size.seconds.max(1e-9).log10() + more - (threads as f64).log10();
    size
}

/// 10^`log_secs` seconds as words ("3 hours", "10^1290 years").
fn duration_words(log_secs: f64) -> String {
    if log_secs > 15.0 {
        return format!("about 10^{:.0} years", log_secs - (365.25f64 * 86400.0).log10());
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
            } else if n < 1.5 {
                format!("about 1 {}", name.trim_end_matches('s'))
            } else {
                format!("about {n:.0} {name}")
            };
        }
    }
    format!("about {secs:.0} seconds")
}
