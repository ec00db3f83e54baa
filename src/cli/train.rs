//! `chimera train`: self-play data, then a network trained on it, for any
//! rules file; resumable at every step.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use serde_json::json;

use super::context::Context;
use super::output::{Failure, Outcome, Output, bad};
use crate::engine::{Position, Variant};
use crate::game::nnue::data::{self, PlayOptions};
use crate::game::nnue::train::{self, Adam, FloatNet, Samples, TrainOptions};
use crate::game::nnue::{Layout, Network};

mod rounds;

/// Train a network evaluation for a variant. First self-play: the engine
/// plays seeded games against itself at a fixed number of nodes a move
/// (with the rules file's evaluation, or the network --from names) and keeps
/// each quiet position with the search's score and the game's result, in
/// DIR/data (text, one position a line). Then training: a network (each
/// side's pieces and stores → HIDDEN → 1) is fitted to those positions on
/// this machine's CPU, and written to DIR/network.nnue (or --out), for the
/// rules file to name (`[engine] network = "FILE"`) or a player to use
/// (`engine:network=FILE`). Run it again with the same DIR to resume: games
/// already played and epochs already trained are kept; more --games play
/// more. See whether the network plays better with
/// `chimera match VARIANT --a engine:network=FILE --b engine`, or let
/// --rounds iterate: play with the best network, retrain, keep the new one
/// only when it wins a gating match.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The variant's rules file.
    variant: PathBuf,
    /// The run's folder (default: the rules file's name with `.train`).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Self-play games the data should hold (0 to 1000000; those already in
    /// DIR/data count).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    games: u64,
    /// Engine nodes a move in the games.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    nodes: u64,
    /// Plies after which a game counts as a draw (in gating matches too).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_moves: u64,
    /// Random plies opening each game (variety).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(0..=1000))]
    random_plies: u64,
    /// Start the games from these positions instead of the variant's start
    /// (one a line, as `chimera match --openings` reads them; game N from
    /// the Nth, in turn, then its --random-plies), and play the gating
    /// matches of --rounds from them too: for a game whose start is won
    /// for one side (handicaps, odds), or a book of openings.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Play the games with this network instead of the rules file's evaluation
    /// (to train the next network on the data of the last).
    #[arg(long)]
    from: Option<PathBuf>,
    /// The accumulator's size.
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u64).range(1..=1024))]
    hidden: u64,
    /// Train with a factor input for each kind (and whose): besides its
    /// square, a piece turns on one input shared by all its kind's squares,
    /// so a kind seen on few squares in the data still learns its worth.
    /// The factors are added into the squares' weights when the network is
    /// written: the file and the play are the same as without. For large
    /// boards with many kinds and little data (chu shogi).
    #[arg(long)]
    factorise: bool,
    /// Royal buckets: every input repeated for each region of the board
    /// the viewer's royal piece stands in (1: none; 2 or 3: the files in
    /// halves or thirds; 4 or 6: those again for the home third of the
    /// ranks and the rest; 9: files and ranks in thirds), so that what a
    /// piece is worth can depend on where its king is. Best with
    /// --factorise (each bucket then starts from what is common to all).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=9))]
    buckets: u64,
    /// Squares grouped in blocks of N × N, one input per block and kind
    /// (default: the smallest blocks that keep the board's inputs within
    /// 65,536: single squares unless the board and its kinds are huge).
    /// Fewer inputs are each seen more often in the data and make a
    /// smaller file, but squares of a block are no longer told apart.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=64))]
    block: Option<u64>,
    /// Output buckets: the accumulators weighed into the evaluation by one
    /// of N sets of output weights, chosen by the pieces on the board as a
    /// share of the start's (1: one set), so the network can weigh the
    /// same features one way in the opening and another in the ending.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=16))]
    output_buckets: u64,
    /// Weight decay of the square inputs' weights (decoupled, as AdamW:
    /// each step shrinks them by the step size × this). With --factorise a
    /// square's weights decay towards its kind's factor, so a piece on a
    /// square the data seldom shows is judged as its kind is everywhere;
    /// for large boards on little data. 0: none.
    #[arg(long, default_value_t = 0.0, value_parser = decay_value)]
    decay: f32,
    /// Passes over the data.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    epochs: u64,
    /// Positions a step.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    batch: u64,
    /// Adam's step size at the start (it falls to a tenth by the last epoch).
    #[arg(long, default_value_t = 0.002)]
    rate: f32,
    /// How much the target is the search's score rather than the game's
    /// result (0 to 1). The games' results are noisy at a few thousand
    /// nodes a move: on the same data, a network trained with 1 beat one
    /// trained with 0.75 by +182 Elo in xiangqi (docs/engine.md).
    #[arg(long, default_value_t = 1.0)]
    lambda: f32,
    /// Seed of the openings, the network's first weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads for games and training (default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Games a data file holds: DIR/data/games-FIRST-END.txt holds the
    /// games numbered FIRST to END-1.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    chunk_games: u64,
    /// Play only the data files numbered START to END-1 (of --chunk-games
    /// games each), those missing: a part of the games, played elsewhere
    /// and gathered in one DIR (chimera.distributed.train).
    #[arg(long, value_name = "START..END")]
    chunks: Option<String>,
    /// Text added to what the network file says of its training (e.g. where
    /// data gathered elsewhere came from).
    #[arg(long)]
    about: Option<String>,
    /// Play the games and stop: no training, no network.
    #[arg(long)]
    play_only: bool,
    /// Rounds of play and training (1 to 100). With more than one, each
    /// round lives in DIR/round-N: its games are played by the best network
    /// so far (the first round's by the rules file's evaluation or --from),
    /// a new network is trained on the data of every round, and it must
    /// win a gating match against the best so far (--gate-*) to become the
    /// best. The best is written to DIR/network.nnue (or --out). A run
    /// stopped anywhere resumes with the same command (a gating match cut
    /// short is played again).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=100))]
    rounds: u64,
    /// With --rounds: the most games of a gating match (0: no gate, every
    /// round's network is kept).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    gate_games: u64,
    /// With --rounds: the gating match's SPRT (the new network is kept
    /// only when it accepts H1; no verdict within --gate-games keeps the
    /// old).
    #[arg(long, default_value = "elo0=0,elo1=10", value_name = "elo0=E0,elo1=E1")]
    gate_sprt: String,
    /// With --rounds: the gating match's clock, each side's base and
    /// increment in seconds.
    #[arg(long, default_value = "2+0.02", value_name = "BASE+INC")]
    gate_tc: String,
    /// Where to write the network (default: DIR/network.nnue).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print one JSON object per line (fields in the README).
    #[arg(long)]
    pub json: bool,
}

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let out = Output::new(a.json);
    if !(0.0..=1.0).contains(&a.lambda) {
        return Err(bad(format!("--lambda {}: 0 to 1", a.lambda)));
    }
    if !(a.rate > 0.0 && a.rate <= 1.0) {
        return Err(bad(format!("--rate {}: more than 0, at most 1", a.rate)));
    }
    if a.rounds > 1 && (a.play_only || a.chunks.is_some()) {
        return Err(bad(
            "--play-only and --chunks play a part of one round's games: not with --rounds (give each round its own --dir)",
        ));
    }
    let v = cx.load(&a.variant)?;
    let dir = a.dir.clone().unwrap_or_else(|| a.variant.with_extension("train"));
    std::fs::create_dir_all(&dir).map_err(|e| bad(format!("cannot make {}: {e}", dir.display())))?;
    let target = a.out.clone().unwrap_or_else(|| dir.join("network.nnue"));
    super::play::writable(&target)?;
    let from = match &a.from {
        Some(p) => Some(Arc::new(read_network(&v, p)?)),
        None => None,
    };
    let threads = a.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    );
    if a.rounds > 1 {
        return rounds::run(&a, &v, &dir, &target, threads, &out);
    }
    let only = a.chunks.as_deref().map(parse_range).transpose()?;
    let started = Instant::now();
    let from_name = a.from.as_ref().map(|p| p.display().to_string());
    let round = Round {
        dir: &dir,
        earlier: &[],
        from: from.as_ref().zip(from_name.as_deref()),
        seed: a.seed,
    };
    let (o, trained) = play_and_train(&a, &v, &round, only, threads, &out)?;
    let Some(t) = trained else {
        out.emit(
            format!(
                "{}: games in {} ({})",
                v.name(),
                dir.join("data").display(),
                tally(&o)
            ),
            json!({"variant": v.name(), "outcomes": o, "data": dir.join("data").display().to_string()}),
        );
        return Ok(ExitCode::SUCCESS);
    };
    write_atomically(&target, &t.network.to_bytes())?;
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    let (first, last) = (
        t.losses.first().copied().unwrap_or_default(),
        t.losses.last().copied().unwrap_or_default(),
    );
    out.emit(
        format!(
            "{}: {} games in {} ({}), {} positions ({} held out)\n\
             training: {} epochs, loss {:.5} -> {:.5}, held out {:.5} -> {:.5}; {:.1} minutes this run\nwrote {}\n\
             compare: chimera match {} --a engine:network={} --b engine",
            v.name(),
            a.games,
            dir.join("data").display(),
            tally(&o),
            t.positions,
            t.held,
            a.epochs,
            first.0,
            last.0,
            first.1,
            last.1,
            minutes,
            target.display(),
            a.variant.display(),
            target.display()
        ),
        json!({"variant": v.name(), "games": a.games, "outcomes": o, "positions": t.positions,
               "held_out": t.held, "epochs": a.epochs, "losses": t.losses,
               "minutes": minutes, "network": target.display().to_string()}),
    );
    Ok(ExitCode::SUCCESS)
}

/// One round of a run: where its data and checkpoint live, the data of
/// the rounds before it (trained on too), the network that plays its
/// games (with its name; none: the rules file's evaluation), and the seed
/// of their openings.
struct Round<'a> {
    dir: &'a Path,
    earlier: &'a [PathBuf],
    from: Option<(&'a Arc<Network>, &'a str)>,
    /// Seed of its games' openings.
    seed: u64,
}

/// The positions --openings names (none: the variant's start).
fn starts(a: &Args, v: &Arc<Variant>) -> Result<Arc<Vec<Position>>, Failure> {
    super::matches::openings::starts(v, a.openings.as_deref()).map_err(bad)
}

/// What a round's training gave.
struct Trained {
    positions: usize,
    held: usize,
    /// Each epoch's (training, held-out) loss this run.
    losses: Vec<(f64, f64)>,
    network: Network,
}

/// The outcomes of the games this run played (a resumed run plays only
/// those missing).
fn tally(o: &[usize; 3]) -> String {
    match o.iter().sum::<usize>() {
        0 => "all played before this run".to_string(),
        n => format!(
            "this run played {n}: first player won {}, drawn {}, second won {}",
            o[0], o[1], o[2]
        ),
    }
}

/// Plays the round's missing games (of the files `only`, if given), then
/// trains on its data and the earlier rounds'. Returns the outcomes of the
/// games played now (first won, drawn, second won) and the training's
/// result (`None` under --play-only).
fn play_and_train(
    a: &Args,
    v: &Arc<Variant>,
    r: &Round,
    only: Option<std::ops::Range<usize>>,
    threads: usize,
    out: &Output,
) -> Result<([usize; 3], Option<Trained>), Failure> {
    // Checked before the games are played, not after.
    let layout = Layout::with(v, a.buckets as usize, a.block.map(|b| b as usize))
        .map_err(|e| bad(format!("--buckets, --block: {e}")))?;
    let data_dir = r.dir.join("data");
    std::fs::create_dir_all(&data_dir)
        .map_err(|e| bad(format!("cannot make {}: {e}", data_dir.display())))?;
    let play = PlayOptions {
        nodes: a.nodes,
        max_plies: a.max_moves as usize,
        random_plies: a.random_plies as usize,
        starts: starts(a, v)?,
        seed: r.seed,
        threads,
    };
    let chunking = Chunking {
        games: a.games as usize,
        size: a.chunk_games as usize,
        only,
    };
    let outcomes = play_chunks(v, r.from.map(|f| f.0), &play, &chunking, &data_dir)?;
    if a.play_only {
        return Ok((outcomes, None));
    }
    let mut dirs = r.earlier.to_vec();
    dirs.push(data_dir);
    let (samples, train_set, held) = read_data(v, &layout, &dirs, a)?;
    if train_set.len() < 10 || held.is_empty() {
        return Err(bad(format!(
            "{} positions in {}: too few to train on (play more --games)",
            samples.len(),
            r.dir.display()
        )));
    }
    let opts = TrainOptions {
        epochs: a.epochs as usize,
        batch: a.batch as usize,
        rate: a.rate,
        threads,
        seed: a.seed,
        decay: a.decay,
        decayed_rows: layout.inputs(),
    };
    let mut files = 0;
    for d in &dirs {
        files += data_files(d)?.len();
    }
    // A checkpoint belongs to the data and the targets it was trained on:
    // with more data or another --lambda, the training starts again.
    let stamp = format!(
        "{} positions in {files} data files, hidden {}, lambda {}{}{}\n",
        samples.len(),
        a.hidden,
        a.lambda,
        if a.factorise { ", factorised" } else { "" },
        buckets_text(a)
    );
    let ckpt = r.dir.join("checkpoint.bin");
    let stamp_file = r.dir.join("checkpoint.data");
    if ckpt.exists() && std::fs::read_to_string(&stamp_file).ok().as_deref() != Some(stamp.as_str()) {
        out.warn(&format!(
            "{}: trained on other data or targets (now {}): training again",
            ckpt.display(),
            stamp.trim_end()
        ));
        std::fs::remove_file(&ckpt).map_err(|e| bad(format!("cannot remove {}: {e}", ckpt.display())))?;
    }
    write_atomically(&stamp_file, stamp.as_bytes())?;
    let (net, losses) = fit(
        &layout,
        (a.hidden as usize, a.output_buckets as usize),
        &samples,
        &train_set,
        &held,
        &opts,
        r.dir,
    )?;
    let about = about_text(
        a,
        r.from.map(|f| f.1),
        samples.len(),
        files,
        losses.last().map_or(0.0, |l| l.1),
    );
    let trained = Trained {
        positions: samples.len(),
        held: held.len(),
        losses,
        network: net.folded(&layout).quantise_for(v, layout.clone(), &about),
    };
    Ok((outcomes, Some(trained)))
}

/// A weight decay: finite, 0 to 100.
fn decay_value(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(x) if (0.0..=100.0).contains(&x) => Ok(x),
        _ => Err(format!("`{s}`: a number from 0 to 100")),
    }
}

/// The blocks, royal and output buckets, as the checkpoint's stamp and
/// the network's text say them.
fn buckets_text(a: &Args) -> String {
    let blocks = a
        .block
        .map_or(String::new(), |b| format!(", blocks of {b} × {b}"));
    let royal = match a.buckets {
        1 => blocks,
        n => format!("{blocks}, {n} royal buckets"),
    };
    match a.output_buckets {
        1 => royal,
        n => format!("{royal}, {n} output buckets"),
    }
}

/// What the network file says of its training.
fn about_text(a: &Args, from: Option<&str>, positions: usize, files: usize, held_loss: f64) -> String {
    let games = match a.games {
        0 => "data gathered before".to_string(),
        n => format!(
            "games: {n} at {} nodes a move{}{}",
            a.nodes,
            from.map_or(String::new(), |p| format!(", played by {p}")),
            a.openings.as_ref().map_or(String::new(), |p| format!(
                ", from the openings of {}",
                p.file_name()
                    .map_or(p.display(), |n| std::path::Path::new(n).display())
            ))
        ),
    };
    let about = format!(
        "chimera {} train {}: {positions} positions in {files} data files ({games}); hidden {}{}{}, {} epochs, lambda {}, seed {}; held-out loss {held_loss:.5}",
        env!("CARGO_PKG_VERSION"),
        // The file's name, not its path: networks are bundled into the
        // WebAssembly package a published site carries.
        a.variant
            .file_name()
            .map_or(a.variant.display(), |n| std::path::Path::new(n).display()),
        a.hidden,
        buckets_text(a),
        if a.factorise { " (trained factorised)" } else { "" },
        a.epochs,
        a.lambda,
        a.seed,
    );
    match &a.about {
        Some(more) => format!("{about}. {more}"),
        None => about,
    }
}

/// Reads a network file for `v`.
pub(crate) fn read_network(v: &Arc<Variant>, path: &Path) -> Result<Network, Failure> {
    let bytes =
        std::fs::read(path).map_err(|e| bad(format!("cannot read the network {}: {e}", path.display())))?;
    Network::from_bytes(v, &bytes).map_err(|e| bad(format!("{}: {e}", path.display())))
}

/// Writes a file whole or not at all (a run stopped halfway leaves the
/// old one).
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let tmp = path.with_extension("partial");
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| bad(format!("cannot write {}: {e}", path.display())))
}

/// `START..END`.
fn parse_range(text: &str) -> Result<std::ops::Range<usize>, Failure> {
    let parsed = text
        .split_once("..")
        .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)));
    match parsed {
        Some((a, b)) if a < b => Ok(a..b),
        _ => Err(bad(format!(
            "--chunks {text}: write START..END, START less than END (e.g. 0..4)"
        ))),
    }
}

/// How the games are shared into data files.
struct Chunking {
    games: usize,
    /// Games a file.
    size: usize,
    /// The files to play, by number (default: all).
    only: Option<std::ops::Range<usize>>,
}

/// The games a data file's name says it holds (`games-FIRST-END.txt`).
fn file_games(name: &str) -> Option<std::ops::Range<usize>> {
    let (a, b) = name
        .strip_prefix("games-")?
        .strip_suffix(".txt")?
        .split_once('-')?;
    Some(a.parse().ok()?..b.parse().ok()?)
}

/// Plays the games the data lacks (of the files `c.only`, if given), a
/// file at a time; returns the outcomes of the games played now. Games in
/// the files there already are not played again (game `i` is the same
/// game whichever file holds it), so none is counted twice.
fn play_chunks(
    v: &Arc<Variant>,
    from: Option<&Arc<Network>>,
    play: &PlayOptions,
    c: &Chunking,
    dir: &Path,
) -> Result<[usize; 3], Failure> {
    let count = c.games.div_ceil(c.size);
    let only = c.only.clone().unwrap_or(0..count);
    if only.end > count {
        return Err(bad(format!(
            "--chunks {}..{}: {} games make {count} files of {}",
            only.start, only.end, c.games, c.size
        )));
    }
    let mut have: Vec<std::ops::Range<usize>> = std::fs::read_dir(dir)
        .map_err(|e| bad(format!("cannot read {}: {e}", dir.display())))?
        .filter_map(|e| file_games(e.ok()?.file_name().to_str()?))
        .collect();
    have.sort_by_key(|h| h.start);
    // Each file's games not yet in a file (a file of an earlier, smaller
    // --games may hold the first of them).
    let mut missing = Vec::new();
    for k in only {
        let games = k * c.size..((k + 1) * c.size).min(c.games);
        let mut start = games.start;
        for h in &have {
            if h.start >= games.end || h.end <= start {
                continue;
            }
            if h.start > start {
                missing.push(start..h.start);
            }
            start = start.max(h.end);
        }
        if start < games.end {
            missing.push(start..games.end);
        }
    }
    let mut outcomes = [0; 3];
    if missing.is_empty() {
        return Ok(outcomes);
    }
    let total: usize = missing.iter().map(|g| g.len()).sum();
    let bar = crate::cli::progress::bar(
        total as u64,
        "{bar:30} {pos}/{len} self-play games {elapsed} (eta {eta})",
    );
    for games in missing {
        let name = format!("games-{:06}-{:06}.txt", games.start, games.end);
        let played = data::play(v, from, play, games, &|| bar.inc(1));
        let mut text = played.lines.join("\n");
        text.push('\n');
        write_atomically(&dir.join(name), text.as_bytes())?;
        for i in 0..3 {
            outcomes[i] += played.outcomes[i];
        }
    }
    bar.finish_and_clear();
    Ok(outcomes)
}

/// The data files (`*.txt`) in `dir`, sorted.
pub(crate) fn data_files(dir: &Path) -> Result<Vec<PathBuf>, Failure> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| bad(format!("cannot read {}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    Ok(files)
}

/// Every sample in the data files of `dirs`, with the training and held-out indices.
fn read_data(
    v: &Arc<Variant>,
    layout: &Layout,
    dirs: &[PathBuf],
    a: &Args,
) -> Result<(Samples, Vec<usize>, Vec<usize>), Failure> {
    let mut files = Vec::new();
    for d in dirs {
        files.extend(data_files(d)?);
    }
    let lambda = a.lambda;
    let mut samples = if a.factorise {
        Samples::factorised()
    } else {
        Samples::default()
    }
    .with_outputs(a.output_buckets as usize);
    let (mut train_set, mut held) = (Vec::new(), Vec::new());
    for f in files {
        let text =
            std::fs::read_to_string(&f).map_err(|e| bad(format!("cannot read {}: {e}", f.display())))?;
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let (pos, score, result) =
                data::parse_line(v, line).map_err(|e| bad(format!("{}:{}: {e}", f.display(), n + 1)))?;
            if train::held_out(line) {
                held.push(samples.len());
            } else {
                train_set.push(samples.len());
            }
            samples.push(layout, &pos, score, result, lambda);
        }
    }
    Ok((samples, train_set, held))
}

/// Trains from the checkpoint in `dir` (or from random weights) to
/// `opts.epochs`, saving a checkpoint after each epoch; returns the network
/// and each epoch's (training, held-out) loss this run.
fn fit(
    layout: &Layout,
    (hidden, outputs): (usize, usize),
    samples: &Samples,
    train_set: &[usize],
    held: &[usize],
    opts: &TrainOptions,
    dir: &Path,
) -> Result<(FloatNet, Vec<(f64, f64)>), Failure> {
    let ckpt = dir.join("checkpoint.bin");
    let factorise = samples.is_factorised();
    let inputs = layout.inputs() + if factorise { layout.factors() } else { 0 };
    let (mut net, mut adam, done) = match std::fs::read(&ckpt) {
        Ok(bytes) => train::from_checkpoint(&bytes, inputs, hidden, outputs).map_err(|e| {
            bad(format!(
                "{}: {e} (delete it to start the training again)",
                ckpt.display()
            ))
        })?,
        Err(_) => {
            let net = if factorise {
                FloatNet::new_factorised(layout, hidden, opts.seed)
            } else {
                FloatNet::new(inputs, hidden, opts.seed)
            }
            .with_outputs(outputs);
            let adam = Adam::new(&net);
            (net, adam, 0)
        }
    };
    let bar = crate::cli::progress::bar(
        opts.epochs as u64,
        "{bar:30} {pos}/{len} epochs {elapsed} (eta {eta}) {msg}",
    );
    bar.set_position(done.min(opts.epochs) as u64);
    let mut losses = Vec::new();
    if done >= opts.epochs {
        losses.push((net.loss(samples, train_set), net.loss(samples, held)));
    }
    for e in done..opts.epochs {
        let loss = train::epoch(&mut net, &mut adam, samples, train_set, e, opts);
        let held_loss = net.loss(samples, held);
        losses.push((loss, held_loss));
        bar.set_message(format!("loss {loss:.5}, held out {held_loss:.5}"));
        bar.inc(1);
        write_atomically(&ckpt, &train::checkpoint(&net, &adam, e + 1))?;
    }
    bar.finish_and_clear();
    Ok((net, losses))
}
