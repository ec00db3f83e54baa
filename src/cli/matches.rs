//! `chimera match`: a series of games between two players.

use std::path::PathBuf;
use std::process::ExitCode;

use indexmap::IndexMap;
use rand::{Rng, SeedableRng, rngs::StdRng};
use serde_json::json;

use super::context::Context;
use super::output::{Outcome, Output, bad};
use super::play::{Seat, make_player};
use crate::engine::Color;
use crate::game::players::{DEFAULT_MOVETIME_MS, MAX_DEPTH, Player, PlayerSpec};
use crate::game::{Game, PlayOptions, run_game};

/// Play a series of games between two players, alternating colours, and
/// print the score with a 95% error margin.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The variant's rules file, e.g. variants/chess.toml.
    variant: PathBuf,
    /// Number of games, 1 to 100000 (A plays first in the odd-numbered ones).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: u64,
    /// Player A (e.g. engine:depth=2).
    #[arg(long, default_value = "engine:depth=2")]
    a: String,
    /// Player B (e.g. random, or xboard:/usr/games/fairymax,movetime=1000).
    #[arg(long, default_value = "random")]
    b: String,
    /// Seed for random players and openings (each game gets its own from it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random plies that open each pair of games (both colour assignments get
    /// the same opening), so that deterministic players do not replay one
    /// game; 0 = every game from the start position.
    #[arg(long, default_value_t = 2)]
    random_plies: usize,
    /// Stop a game as a draw after this many plies (1 to 100000).
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_moves: u64,
    /// Append what external engines (uci:, usi: and xboard: players) are sent and answer
    /// to this file.
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
    /// Print one JSON object per line (fields in the README).
    #[arg(long)]
    pub json: bool,
}

/// Plays `plies` random moves (the same ones for the same seed).
fn open_randomly(game: &mut Game, plies: usize, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.random_range(0..moves.len())]);
    }
}

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let out = Output::new(a.json);
    let v = cx.load(&a.variant)?;
    let tc = super::play::time_control(a.tc.as_deref(), a.byoyomi)?;
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
    let bar = indicatif::ProgressBar::new(a.games);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let name = super::play::variant_name(&a.variant);
    let (mut wins, mut draws, mut losses) = (0usize, 0usize, 0usize);
    let mut reasons: IndexMap<String, usize> = IndexMap::new();
    for i in 0..a.games {
        let a_side = if i % 2 == 0 { Color::First } else { Color::Second };
        let order = if a_side == Color::First { [0, 1] } else { [1, 0] };
        let game_seed = a.seed.wrapping_mul(1_000_003).wrapping_add(i);
        let seat = |seed| Seat {
            variant: &v,
            name: &name,
            seed,
            log: a.log.as_deref(),
        };
        let mut players: [Box<dyn Player>; 2] = [
            make_player(&specs[order[0]], &seat(game_seed))?,
            make_player(&specs[order[1]], &seat(game_seed ^ 0x5555))?,
        ];
        let mut game = Game::from_start(&v);
        if let Some(tc) = tc {
            game.set_time_control(tc);
        }
        open_randomly(
            &mut game,
            a.random_plies,
            a.seed.wrapping_mul(7_919).wrapping_add(i / 2),
        );
        let opts = PlayOptions {
            max_plies: a.max_moves as usize,
            print_moves: false,
            show_board: false,
            verbose: false,
        };
        let result = run_game(&mut game, &mut players, &mut std::io::sink(), &opts);
        let text = result.map_or("unfinished".into(), |r| r.describe(&v));
        match result.and_then(|r| r.winner) {
            Some(w) if w == a_side => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
        *reasons
            .entry(result.map_or("unfinished".into(), |r| r.reason.name().to_string()))
            .or_default() += 1;
        bar.suspend(|| {
            out.emit(
                format!(
                    "game {}/{}: A plays {}: {text}, {} plies (A {wins}-{draws}-{losses})",
                    i + 1,
                    a.games,
                    v.side_name(a_side),
                    game.moves().len()
                ),
                json!({"game": i + 1, "a_plays": v.side_name(a_side), "result": text, "plies": game.moves().len()}),
            )
        });
        bar.set_message(format!("A {wins}-{draws}-{losses}"));
        bar.inc(1);
    }
    bar.finish_and_clear();
    let n = a.games.max(1) as f64;
    let score = (wins as f64 + draws as f64 / 2.0) / n;
    // The 95% margin from the spread of the games' own scores (1, ½, 0).
    let var = if a.games > 1 {
        (wins as f64 * (1.0 - score).powi(2)
            + draws as f64 * (0.5 - score).powi(2)
            + losses as f64 * score.powi(2))
            / (n - 1.0)
    } else {
        0.25
    };
    let margin = 1.96 * (var / n).sqrt();
    let endings: Vec<String> = reasons.iter().map(|(k, n)| format!("{k} {n}")).collect();
    out.emit(
        format!(
            "{}{}: A = {} vs B = {}: {} games, A won {wins}, drew {draws}, lost {losses}; score {:.1}% ± {:.1}%\nendings: {}",
            v.name(),
            tc.map(|t| format!(" at {}", t.describe())).unwrap_or_default(),
            specs[0].describe(),
            specs[1].describe(),
            a.games,
            score * 100.0,
            margin * 100.0,
            endings.join(", ")
        ),
        json!({"variant": v.name(), "tc": tc.map(|t| t.describe()), "a": specs[0].describe(), "b": specs[1].describe(), "games": a.games, "wins": wins, "draws": draws, "losses": losses, "score": score, "margin": margin, "reasons": reasons}),
    );
    Ok(ExitCode::SUCCESS)
}
