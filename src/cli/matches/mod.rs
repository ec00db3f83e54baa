//! `chimera match`: a series of games between two players, in pairs (each
//! opening once with each colour), on several threads, with the Elo
//! difference they show and, if asked, a sequential probability ratio test
//! that stops the match once it has an answer ([`crate::game::sprt`]).

pub(crate) mod openings;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};

use indexmap::IndexMap;
use serde_json::json;

use super::context::Context;
use super::output::{Failure, Outcome, Output, bad};
use super::play::{Seat, make_player};
use crate::engine::{Color, Position, Variant};
use crate::game::players::{DEFAULT_MOVETIME_MS, MAX_DEPTH, Player, PlayerSpec};
use crate::game::record::Record;
use crate::game::sprt::{Pentanomial, Sprt, Verdict, estimate};
use crate::game::{PlayOptions, TimeControl, run_game};
use openings::Book;

/// The most games a match may have.
const MAX_GAMES: u64 = 1_000_000;

/// The most threads playing at once.
const MAX_CONCURRENCY: usize = 256;

/// Play a series of games between two players: each opening twice, once
/// with each colour; print every game, the score, the Elo difference with
/// its 95% interval and the likelihood of superiority (LOS); with --sprt,
/// stop once a sequential probability ratio test decides.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The variant's rules file, e.g. variants/chess.toml.
    variant: PathBuf,
    /// Number of games, 1 to 1000000 (A plays first in the odd-numbered
    /// ones); the most to play under --sprt. Default 20, under --sprt 100000.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: Option<u64>,
    /// Player A (e.g. engine:depth=2).
    #[arg(long, default_value = "engine:depth=2")]
    a: String,
    /// Player B (e.g. random, or xboard:/usr/games/fairymax,movetime=1000).
    #[arg(long, default_value = "random")]
    b: String,
    /// Seed for random players and generated openings (each game gets its
    /// own from it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random plies that make each pair's opening (both colour assignments
    /// get the same opening), so that deterministic players do not replay
    /// one game; 0 = every game from the start position. Not with
    /// --openings.
    #[arg(long, default_value_t = 2)]
    random_plies: usize,
    /// Keep a generated opening only when a shallow search (2,000 nodes)
    /// scores it within this many centipawns of level (of 64 tries, the
    /// most level otherwise); 0 = any opening.
    #[arg(long, default_value_t = 100, value_name = "CP")]
    balance: u32,
    /// Openings from a file: one position a line in the variant's position
    /// text (FEN, SFEN; EPD operations after it ignored; `#` comments),
    /// taken in turn, each played with both colours.
    #[arg(long, value_name = "FILE", conflicts_with = "random_plies")]
    openings: Option<PathBuf>,
    /// Games played at once, each on its own thread (and its engines' own
    /// processes), 1 to 256.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=MAX_CONCURRENCY as u64))]
    concurrency: u64,
    /// A sequential probability ratio test of A against B, e.g.
    /// `elo0=0,elo1=5` (also alpha=, beta=: 0.05 each): the match stops
    /// when the log-likelihood ratio of the pairs' scores (pentanomial, as
    /// fishtest) accepts H1 (A is at least elo1 stronger) or H0 (at most
    /// elo0), or at --games.
    #[arg(long, value_name = "elo0=E0,elo1=E1")]
    sprt: Option<String>,
    /// Play only the pairs numbered START to END-1 of the match (pair k is
    /// games 2k+1 and 2k+2, its opening and seeds as in the whole match):
    /// the rest is played elsewhere and the parts merged (a cluster:
    /// chimera.distributed.match).
    #[arg(long, value_name = "START..END")]
    pairs: Option<String>,
    /// Play nothing: read the games of the match's parts from FILE (the
    /// JSON lines `--json` prints for each game; other lines are skipped)
    /// and print the match's summary as if it had been played here. A game
    /// number read twice is an error: nothing is counted twice.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["pairs", "concurrency"])]
    tally: Option<PathBuf>,
    /// Stop a game as a draw after this many plies (1 to 100000).
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_moves: u64,
    /// Append what external engines (uci:, usi: and xboard: players) are sent and answer
    /// to this file (the games of several threads interleave).
    #[arg(long)]
    log: Option<PathBuf>,
    /// Play on a clock: each side's base time and increment in seconds,
    /// e.g. `10+0.1` or `60`. Engines then spend their time by it (a
    /// player's own movetime still caps a move); a side whose clock runs out
    /// loses on time.
    #[arg(long, value_name = "BASE+INC")]
    tc: Option<String>,
    /// With --tc: byoyomi in seconds (once the base is spent, each move may
    /// take this long).
    #[arg(long, value_name = "SECONDS")]
    byoyomi: Option<f64>,
    /// Append each finished game's record to this file (the moves and
    /// result, as `chimera play --record` writes one; `chimera replay FILE
    /// --game N` re-plays game N), to see how the games were won and lost.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Print one JSON object per line (fields in the README).
    #[arg(long)]
    pub json: bool,
}

/// One finished game, A's view.
struct Played {
    game: u64,
    a_side: Color,
    /// A's points in halves: 0, 1 or 2.
    a_halves: u8,
    text: String,
    reason: String,
    plies: usize,
    /// The game's record, when the match keeps them.
    record: Option<String>,
}

/// What the threads share: the variant, the players, the openings.
struct Plan {
    v: Arc<Variant>,
    name: String,
    specs: [PlayerSpec; 2],
    tc: Option<TimeControl>,
    book: Book,
    seed: u64,
    max_plies: usize,
    log: Option<PathBuf>,
    /// The rules file's path as records name it, when records are kept.
    record_variant: Option<String>,
}

impl Plan {
    /// Plays game `i` of the match (0-based: pair `i / 2`, A first when `i`
    /// is even).
    fn play(&self, i: u64) -> Result<Played, Failure> {
        let a_side = if i.is_multiple_of(2) {
            Color::First
        } else {
            Color::Second
        };
        let order = if a_side == Color::First { [0, 1] } else { [1, 0] };
        let game_seed = self.seed.wrapping_mul(1_000_003).wrapping_add(i);
        let seat = |seed| Seat {
            variant: &self.v,
            name: &self.name,
            seed,
            log: self.log.as_deref(),
        };
        let mut players: [Box<dyn Player>; 2] = [
            make_player(&self.specs[order[0]], &seat(game_seed))?,
            make_player(&self.specs[order[1]], &seat(game_seed ^ 0x5555))?,
        ];
        let mut game = self.book.opening(&self.v, i / 2).game();
        if let Some(tc) = self.tc {
            game.set_time_control(tc);
        }
        let opts = PlayOptions {
            max_plies: self.max_plies,
            print_moves: false,
            show_board: false,
            verbose: false,
        };
        let result = run_game(&mut game, &mut players, &mut std::io::sink(), &opts);
        let a_halves = match result.and_then(|r| r.winner) {
            Some(w) if w == a_side => 2,
            Some(_) => 0,
            None => 1,
        };
        let record = self.record_variant.as_deref().map(|file| {
            let names = [self.specs[order[0]].describe(), self.specs[order[1]].describe()];
            let mut rec = Record::from_game(&game, file, [&names[0], &names[1]], result);
            rec.tags.insert("Round".into(), (i + 1).to_string());
            rec.to_text()
        });
        Ok(Played {
            game: i,
            a_side,
            a_halves,
            text: result.map_or("unfinished".into(), |r| r.describe(&self.v)),
            reason: result.map_or("unfinished".into(), |r| r.reason.name().to_string()),
            plies: game.moves().len(),
            record,
        })
    }
}

/// Reads `START..END`.
fn pair_range(text: &str, pairs: u64) -> Result<(u64, u64), Failure> {
    let (a, b) = text
        .split_once("..")
        .ok_or_else(|| bad(format!("--pairs `{text}`: write START..END, e.g. 0..50")))?;
    let n = |s: &str| {
        s.trim()
            .parse::<u64>()
            .map_err(|_| bad(format!("--pairs `{text}`: `{s}` is not a whole number")))
    };
    let (a, b) = (n(a)?, n(b)?);
    if a >= b || b > pairs {
        return Err(bad(format!(
            "--pairs `{text}`: START must be below END, and END at most the match's {pairs} pairs"
        )));
    }
    Ok((a, b))
}

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let out = Output::new(a.json);
    let v = cx.load(&a.variant)?;
    let tc = super::play::time_control(a.tc.as_deref(), a.byoyomi)?;
    let sprt = a.sprt.as_deref().map(Sprt::parse).transpose().map_err(bad)?;
    // On a clock, the clock decides the engine's time and depth.
    let (depth, movetime) = match tc {
        Some(_) => (MAX_DEPTH, None),
        None => (2, Some(DEFAULT_MOVETIME_MS)),
    };
    let specs = [
        PlayerSpec::parse(&a.a, depth, movetime).map_err(bad)?,
        PlayerSpec::parse(&a.b, depth, movetime).map_err(bad)?,
    ];
    if specs.contains(&PlayerSpec::Human) {
        return Err(bad("match plays without humans: use engine or random"));
    }
    let games = a.games.unwrap_or(if sprt.is_some() { 100_000 } else { 20 });
    let pairs = games.div_ceil(2);
    let (first_pair, end_pair) = match &a.pairs {
        Some(t) => pair_range(t, pairs)?,
        None => (0, pairs),
    };
    let book = match &a.openings {
        Some(p) => Book::read(&v, p).map_err(bad)?,
        None => Book::Generated {
            plies: a.random_plies,
            balance: (a.balance > 0 && a.random_plies > 0).then_some(a.balance as i32),
            seed: a.seed,
        },
    };
    let plan = Plan {
        v: v.clone(),
        name: super::play::variant_name(&a.variant),
        specs,
        tc,
        book,
        seed: a.seed,
        max_plies: a.max_moves as usize,
        log: a.log.clone(),
        record_variant: a.record.as_ref().map(|_| a.variant.display().to_string()),
    };
    if let Some(path) = &a.tally {
        let tally = read_tally(path, games, sprt)?;
        report(&plan, &tally, sprt, &out, games);
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(path) = &a.record {
        // Found out now, not after the first game.
        super::play::writable(path)?;
    }
    let first_game = first_pair * 2;
    let end_game = (end_pair * 2).min(games);
    let tally = play_all(
        &plan,
        first_game..end_game,
        a.concurrency as usize,
        sprt,
        Some((&out, a.record.as_deref())),
    )?;
    report(&plan, &tally, sprt, &out, end_game - first_game);
    Ok(ExitCode::SUCCESS)
}

/// What a gating match found.
pub(crate) struct Gate {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Elo and its 95% margin, once a pair is complete.
    pub elo: Option<(f64, f64)>,
    /// The SPRT's verdict; `None` when the games ran out first.
    pub verdict: Option<Verdict>,
}

/// A match that decides whether player `a` replaces player `b`
/// (`chimera train --rounds`): on the clock `tc`, from `starts` in turn
/// or, with none, generated openings (8 random plies, balanced), until the SPRT decides or `games` are
/// played, a game drawn after `max_plies`. Prints only a progress bar.
pub(crate) fn gate(
    v: &Arc<Variant>,
    name: &str,
    [a, b]: [&str; 2],
    tc: TimeControl,
    (games, sprt): (u64, Sprt),
    (threads, max_plies): (usize, usize),
    (seed, starts): (u64, &[Position]),
) -> Result<Gate, Failure> {
    let spec = |s: &str| PlayerSpec::parse(s, MAX_DEPTH, None).map_err(bad);
    let plan = Plan {
        v: v.clone(),
        name: name.to_string(),
        specs: [spec(a)?, spec(b)?],
        tc: Some(tc),
        book: if starts.is_empty() {
            Book::Generated {
                plies: 8,
                balance: Some(100),
                seed,
            }
        } else {
            Book::File(starts.to_vec())
        },
        seed,
        max_plies,
        log: None,
        record_variant: None,
    };
    let t = play_all(&plan, 0..games, threads, Some(sprt), None)?;
    Ok(Gate {
        wins: t.wins,
        draws: t.draws,
        losses: t.losses,
        elo: estimate(&t.penta).map(|e| (e.elo, e.margin)),
        verdict: t.verdict,
    })
}

/// The match so far.
#[derive(Default)]
struct Tally {
    wins: u64,
    draws: u64,
    losses: u64,
    penta: Pentanomial,
    /// Halves of a pair's game finished before its partner.
    waiting: IndexMap<u64, u8>,
    reasons: IndexMap<String, u64>,
    verdict: Option<Verdict>,
}

impl Tally {
    fn count(&mut self, p: &Played) {
        match p.a_halves {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
        *self.reasons.entry(p.reason.clone()).or_default() += 1;
        let pair = p.game / 2;
        match self.waiting.swap_remove(&pair) {
            Some(other) => self.penta.add(other, p.a_halves),
            None => {
                self.waiting.insert(pair, p.a_halves);
            }
        }
    }

    fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The progress line: score, Elo, LOS, LLR.
    fn line(&self, sprt: Option<Sprt>) -> String {
        let mut s = format!("A {}-{}-{}", self.wins, self.draws, self.losses);
        if let Some(e) = estimate(&self.penta) {
            s += &format!(", Elo {:+.1} ± {:.1}, LOS {:.1}%", e.elo, e.margin, e.los * 100.0);
        }
        if let Some(t) = sprt {
            let (lo, hi) = t.bounds();
            s += &format!(", LLR {:.2} ({lo:.2}, {hi:.2})", t.llr(&self.penta));
        }
        s
    }
}

/// The games of a match's parts, from the JSON lines of `--json` runs.
fn read_tally(path: &std::path::Path, games: u64, sprt: Option<Sprt>) -> Result<Tally, Failure> {
    let text = crate::read_text_file(path).map_err(|e| bad(e.to_string()))?;
    let mut tally = Tally::default();
    let mut seen = std::collections::HashSet::new();
    for (i, line) in text.lines().enumerate() {
        let at = || format!("{}:{}", path.display(), i + 1);
        let Ok(serde_json::Value::Object(g)) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let Some(n) = g.get("game").and_then(|n| n.as_u64()) else {
            continue;
        };
        if n == 0 || n > games {
            return Err(bad(format!(
                "{}: game {n} is not one of the match's {games}",
                at()
            )));
        }
        if !seen.insert(n) {
            return Err(bad(format!("{}: game {n} a second time", at())));
        }
        let halves = match g.get("a_points").and_then(|p| p.as_f64()) {
            Some(p) if p == 0.0 || p == 0.5 || p == 1.0 => (p * 2.0) as u8,
            _ => return Err(bad(format!("{}: game {n} has no a_points of 0, 0.5 or 1", at()))),
        };
        let field = |k: &str| g.get(k).and_then(|x| x.as_str()).unwrap_or("?").to_string();
        tally.count(&Played {
            game: n - 1,
            a_side: Color::First,
            a_halves: halves,
            text: field("result"),
            reason: field("reason"),
            plies: 0,
            record: None,
        });
    }
    if let Some(t) = sprt {
        tally.verdict = Some(t.verdict(t.llr(&tally.penta))).filter(|v| *v != Verdict::Open);
    }
    Ok(tally)
}

/// Plays games `range` on `threads` threads, in order of their numbers
/// (each thread takes the next), until all are played or the SPRT
/// decides: then no new game starts, and those under way are finished and
/// counted.
fn play_all(
    plan: &Plan,
    range: std::ops::Range<u64>,
    threads: usize,
    sprt: Option<Sprt>,
    out: Option<(&Output, Option<&std::path::Path>)>,
) -> Result<Tally, Failure> {
    let total = range.end - range.start;
    let bar = crate::cli::progress::bar(total, "{bar:30} {pos}/{len} games {msg}");
    let next = AtomicU64::new(range.start);
    let stop = AtomicBool::new(false);
    let mut tally = Tally::default();
    let (tx, rx) = mpsc::channel::<Result<Played, Failure>>();
    let mut failure = None;
    std::thread::scope(|s| {
        for _ in 0..threads.min(total as usize).max(1) {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            s.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= range.end {
                        break;
                    }
                    let r = plan.play(i);
                    let failed = r.is_err();
                    if tx.send(r).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for r in rx {
            let p = match r {
                Ok(p) => p,
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                    continue;
                }
            };
            tally.count(&p);
            if let Some(t) = sprt
                && tally.verdict.is_none()
            {
                let v = t.verdict(t.llr(&tally.penta));
                if v != Verdict::Open {
                    tally.verdict = Some(v);
                    stop.store(true, Ordering::Relaxed);
                }
            }
            let game = p.game + 1;
            let Some((out, record_file)) = out else {
                bar.set_message(tally.line(sprt));
                bar.inc(1);
                continue;
            };
            bar.suspend(|| {
                if let (Some(path), Some(rec)) = (record_file, &p.record) {
                    keep_record(path, rec);
                }
                out.emit(
                    format!(
                        "game {game}: A plays {}: {}, {} plies ({})",
                        plan.v.side_name(p.a_side),
                        p.text,
                        p.plies,
                        tally.line(sprt)
                    ),
                    json!({"game": game, "pair": p.game / 2, "a_plays": plan.v.side_name(p.a_side), "a_points": f64::from(p.a_halves) / 2.0, "result": p.text, "reason": p.reason, "plies": p.plies}),
                )
            });
            bar.set_message(tally.line(sprt));
            bar.inc(1);
        }
    });
    bar.finish_and_clear();
    match failure {
        Some(e) => Err(e),
        None => Ok(tally),
    }
}

/// Appends a game's record to `path`; when that fails, the record goes to
/// standard error with the reason (nothing lost, the match goes on).
fn keep_record(path: &std::path::Path, rec: &str) {
    use std::io::Write;
    let written = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .and_then(|mut f| f.write_all(format!("{rec}\n").as_bytes()));
    if let Err(e) = written {
        eprintln!(
            "cannot append the game's record to {}: {e}; here it is:\n{rec}",
            path.display()
        );
    }
}

/// The match's summary: score with its margin, Elo, LOS, the pentanomial
/// counts and the SPRT's verdict.
fn report(plan: &Plan, t: &Tally, sprt: Option<Sprt>, out: &Output, planned: u64) {
    let v = &plan.v;
    let n = t.games().max(1) as f64;
    let score = (t.wins as f64 + t.draws as f64 / 2.0) / n;
    // The 95% margin from the spread of the games' own scores (1, ½, 0).
    let var = if t.games() > 1 {
        (t.wins as f64 * (1.0 - score).powi(2)
            + t.draws as f64 * (0.5 - score).powi(2)
            + t.losses as f64 * score.powi(2))
            / (n - 1.0)
    } else {
        0.25
    };
    let margin = 1.96 * (var / n).sqrt();
    let endings: Vec<String> = t.reasons.iter().map(|(k, n)| format!("{k} {n}")).collect();
    let est = estimate(&t.penta);
    let llr = sprt.map(|s| s.llr(&t.penta));
    let verdict = match (sprt, t.verdict) {
        (None, _) => None,
        (Some(_), Some(Verdict::H1)) => Some("H1 accepted: A is stronger by at least elo1"),
        (Some(_), Some(Verdict::H0)) => Some("H0 accepted: A is not stronger by elo1 (at most elo0)"),
        (Some(_), _) => Some("no verdict: the games ran out first"),
    };
    let mut text = format!(
        "{}{}: A = {} vs B = {}: {} games{}, A won {}, drew {}, lost {}; score {:.1}% ± {:.1}%",
        v.name(),
        plan.tc
            .map(|t| format!(" at {}", t.describe()))
            .unwrap_or_default(),
        plan.specs[0].describe(),
        plan.specs[1].describe(),
        t.games(),
        if t.games() < planned {
            format!(" of {planned}")
        } else {
            String::new()
        },
        t.wins,
        t.draws,
        t.losses,
        score * 100.0,
        margin * 100.0,
    );
    if let Some(e) = est {
        text += &format!(
            "\nElo {:+.1} ± {:.1} (95%), LOS {:.1}%, pairs {} (0, ½, 1, 1½, 2 points: {:?})",
            e.elo,
            e.margin,
            e.los * 100.0,
            t.penta.pairs(),
            t.penta.0
        );
    }
    if let (Some(s), Some(l), Some(w)) = (sprt, llr, verdict) {
        let (lo, hi) = s.bounds();
        text += &format!("\nSPRT {}: LLR {l:.2} ({lo:.2}, {hi:.2}): {w}", s.describe());
    }
    text += &format!("\nendings: {}", endings.join(", "));
    out.emit(
        text,
        json!({
            "variant": v.name(), "tc": plan.tc.map(|t| t.describe()),
            "a": plan.specs[0].describe(), "b": plan.specs[1].describe(),
            "games": t.games(), "wins": t.wins, "draws": t.draws, "losses": t.losses,
            "score": score, "margin": margin, "reasons": t.reasons,
            "pentanomial": t.penta.0,
            "elo": est.map(|e| e.elo), "elo_margin": est.map(|e| e.margin), "los": est.map(|e| e.los),
            "sprt": sprt.map(|s| json!({"elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta, "llr": llr, "bounds": [s.bounds().0, s.bounds().1], "verdict": match t.verdict { Some(Verdict::H1) => "H1", Some(Verdict::H0) => "H0", _ => "none" }})),
        }),
    );
}
