//! `chimera perft`: count the leaf nodes of the legal move tree.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use indexmap::IndexMap;
use serde_json::json;

use super::context::{Context, PositionArgs};
use super::output::{Outcome, Output};
use crate::engine::{MoveKind, perft};

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
    /// Print one JSON object per line (fields in the README).
    #[arg(long)]
    pub json: bool,
}

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let out = Output::new(a.json);
    let (v, mut pos) = cx.load_at(&a.variant, &a.at)?;
    let start = Instant::now();
    let mut total = 0;
    if a.divide && a.depth > 0 {
        let mut list = pos.legal_move_list();
        let mut named: Vec<(String, crate::engine::Move)> =
            list.drain(..).map(|m| (pos.move_text(&m), m)).collect();
        named.sort_by(|x, y| x.0.cmp(&y.0));
        let mut pieces: IndexMap<String, (usize, u64)> = IndexMap::new();
        for (name, m) in named {
            let kind = match m.kind() {
                MoveKind::Board | MoveKind::Castle | MoveKind::ToPocket => {
                    m.from().and_then(|f| pos.piece_at(f)).map(|p| p.kind())
                }
                _ => m.entering_kind(),
            };
            pos.make(m);
            let n = perft(&mut pos, a.depth - 1);
            pos.unmake();
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
