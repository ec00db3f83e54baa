//! `chimera tune`: fits the engine's evaluation weights to a variant by
//! self-play and writes them to a weights file.

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::json;

use super::context::Context;
use super::output::{Outcome, Output, bad};
use crate::game::search::{TERMS, Weights};
use crate::game::tune::{SCALE_RANGE, Sample, SelfPlay, TuneOptions, fit, self_play};

/// Fit the engine's evaluation to a variant: play seeded self-play games,
/// keep their quiet positions with the results, and fit the evaluation's
/// weights (piece values on the board and in hand, mobility, placement,
/// promotion potential, royal danger and shelter, tempo) so that they predict
/// the results (logistic regression). Writes a weights file that the rules
/// file can name (`[engine] weights = "FILE"`) or a player can use
/// (`engine:weights=FILE`). See whether it plays better with
/// `chimera match VARIANT --a engine:weights=FILE --b engine`.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The variant's rules file.
    variant: PathBuf,
    /// Self-play games (1 to 100000).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: u64,
    /// Engine nodes per move in the games (repeatable, unlike time).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    nodes: u64,
    /// Plies after which a game counts as a draw.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_moves: u64,
    /// Random plies opening each game (variety).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u64).range(0..=1000))]
    random_plies: u64,
    /// Start the games from these positions instead of the variant's start
    /// (one a line, as `chimera match --openings` reads them; game N from
    /// the Nth, in turn, then its --random-plies): where the start is won
    /// for one side, odds starts give results the fit can learn from.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
    /// Fit to the positions `chimera train` gathered in these folders
    /// (a train run's folder or its `data` folder; repeatable) instead of
    /// playing games: its quiet positions with their games' results. Every
    /// tenth data file is held out.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["games", "nodes", "max_moves", "random_plies", "openings", "seed", "threads"])]
    data: Vec<PathBuf>,
    /// Start from these weights instead of the variant's own.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Steps of the fit.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    iterations: u64,
    /// Where to write the weights (default: the rules file's name with
    /// `.weights.toml`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print one JSON object per line (fields in the README).
    #[arg(long)]
    pub json: bool,
}

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let out = Output::new(a.json);
    let v = cx.load(&a.variant)?;
    let start = match &a.weights {
        Some(p) => Weights::read(&v, p).map_err(bad)?,
        None => crate::game::search::Searcher::new(&v).eval().weights().clone(),
    };
    let target = a
        .out
        .clone()
        .unwrap_or_else(|| a.variant.with_extension("weights.toml"));
    // Found out now, not after the self-play: the file must be writable and
    // must not be the rules file (or another file that is not weights).
    let same = |x: &std::path::Path, y: &std::path::Path| matches!((x.canonicalize(), y.canonicalize()), (Ok(p), Ok(q)) if p == q);
    if same(&target, &a.variant) {
        return Err(bad(format!(
            "--out {} is the rules file being tuned; give another file (e.g. {})",
            target.display(),
            a.variant.with_extension("weights.toml").display()
        )));
    }
    if target.exists() && !crate::is_weights_file(&target) && Weights::read(&v, &target).is_err() {
        return Err(bad(format!(
            "--out {} exists and is not a weights file; it is not overwritten (name a new file, or one ending in .weights.toml)",
            target.display()
        )));
    }
    super::play::writable(&target)?;
    let opts = TuneOptions {
        games: a.games as usize,
        nodes: a.nodes,
        max_plies: a.max_moves as usize,
        random_plies: a.random_plies as usize,
        starts: super::matches::openings::starts(&v, a.openings.as_deref()).map_err(bad)?,
        seed: a.seed,
        threads: a.threads as usize,
        iterations: a.iterations as usize,
        stop: None,
    };
    let (played, source) = if a.data.is_empty() {
        let bar = crate::cli::progress::bar(a.games, "{bar:30} {pos}/{len} self-play games {elapsed}");
        let played = self_play(&v, &start, &opts, &|_| bar.inc(1));
        bar.finish_and_clear();
        let source = format!(
            "{} self-play games at {} nodes a move, seed {}",
            played.games, opts.nodes, opts.seed
        );
        (played, source)
    } else {
        read_train_data(&v, &start, &a.data)?
    };
    if played.samples.len() < 10 {
        return Err(bad(format!(
            "only {} quiet positions from {}: too few to fit (play more games)",
            played.samples.len(),
            source
        )));
    }
    let f = fit(&v, &start, &played.samples, opts.iterations);
    if f.scale < SCALE_RANGE.0 * 1.1 || f.scale > SCALE_RANGE.1 / 1.1 {
        out.warn(&format!(
            "the fitted scale {:.5} is at the end of its range ({} to {}): the evaluation predicts these results hardly at all (mostly draws, or the side it favours does not win), so the fit moved the weights little",
            f.scale, SCALE_RANGE.0, SCALE_RANGE.1
        ));
    }
    let comment = format!(
        "Evaluation weights for {} by `chimera tune` ({} {source}:\n\
         {} positions; loss {:.5} -> {:.5}, held out {:.5} -> {:.5}). Name this file in the rules file\n\
         ([engine] weights = \"...\") or use it as engine:weights=FILE.",
        v.name(),
        chimera_version(),
        played.samples.len(),
        f.loss_before,
        f.loss_after,
        f.held_out_before,
        f.held_out_after
    );
    std::fs::write(&target, f.weights.to_toml(&v, &comment))
        .map_err(|e| bad(format!("cannot write {}: {e}", target.display())))?;
    let terms: Vec<String> = TERMS
        .iter()
        .zip(start.terms.iter().zip(f.weights.terms))
        .map(|(t, (a, b))| format!("{t} {a:.2} -> {b:.2}"))
        .collect();
    out.emit(
        format!(
            "{}: {source}{}, {} positions\n\
             fit: loss {:.5} -> {:.5} on {} positions, {:.5} -> {:.5} on {} held out (every tenth {}); scale {:.5}\nterms: {}\nwrote {}\n\
             compare: chimera match {} --a engine:weights={} --b engine",
            v.name(),
            if a.data.is_empty() {
                format!(
                    " (first player won {}, drawn {}, second won {})",
                    played.outcomes[0], played.outcomes[1], played.outcomes[2]
                )
            } else {
                String::new()
            },
            played.samples.len(),
            f.loss_before,
            f.loss_after,
            f.counts.0,
            f.held_out_before,
            f.held_out_after,
            f.counts.1,
            if a.data.is_empty() { "game" } else { "data file" },
            f.scale,
            terms.join(", "),
            target.display(),
            a.variant.display(),
            target.display()
        ),
        json!({"variant": v.name(), "source": source, "games": played.games, "outcomes": played.outcomes,
               "positions": played.samples.len(), "loss_before": f.loss_before,
               "loss_after": f.loss_after, "held_out_before": f.held_out_before,
               "held_out_after": f.held_out_after, "scale": f.scale, "weights": target.display().to_string()}),
    );
    Ok(ExitCode::SUCCESS)
}

/// The samples of `chimera train`'s data files in `dirs` (each a train
/// run's folder or its `data` folder): each position's features under the
/// `start` weights' evaluation and its game's result for the side to move.
/// A sample's game is its file's number, so every tenth file is held out
/// (a file holds whole games). Also says where the samples came from.
fn read_train_data(
    v: &std::sync::Arc<crate::engine::Variant>,
    start: &Weights,
    dirs: &[PathBuf],
) -> Result<(SelfPlay, String), super::output::Failure> {
    let mut files = Vec::new();
    for d in dirs {
        let data = d.join("data");
        let d = if data.is_dir() { data } else { d.clone() };
        let found = super::train::data_files(&d)?;
        if found.is_empty() {
            return Err(bad(format!(
                "{}: no data files (*.txt) of `chimera train`",
                d.display()
            )));
        }
        files.extend(found);
    }
    let mut searcher = crate::game::search::Searcher::new(v);
    searcher.set_weights(start.clone());
    let mut scratch = Vec::new();
    let mut played = SelfPlay::default();
    let bar = crate::cli::progress::bar(files.len() as u64, "{bar:30} {pos}/{len} data files {elapsed}");
    for (i, f) in files.iter().enumerate() {
        let text =
            std::fs::read_to_string(f).map_err(|e| bad(format!("cannot read {}: {e}", f.display())))?;
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let (pos, _, result) = crate::game::nnue::data::parse_line(v, line)
                .map_err(|e| bad(format!("{}:{}: {e}", f.display(), n + 1)))?;
            played.samples.push(Sample {
                features: searcher.eval().features(&pos, &mut scratch),
                result: f64::from(result),
                game: i,
            });
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let source = format!("the {} data files of `chimera train` in {}", files.len(), {
        let names: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
        names.join(", ")
    });
    Ok((played, source))
}

fn chimera_version() -> String {
    format!("chimera {}", env!("CARGO_PKG_VERSION"))
}
