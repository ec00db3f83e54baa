//! `chimera play`: one game between two players, every move printed.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use serde_json::json;

use super::context::{Context, drawn_start, numbered_start, position};
use super::output::{Failure, Outcome, Output, bad};
use crate::display::board_text;
use crate::engine::{Color, Variant};
use crate::game::external;
use crate::game::players::{
    DEFAULT_MOVETIME_MS, EnginePlayer, HUMAN_HELP, HumanPlayer, MAX_DEPTH, Player, PlayerSpec, RandomPlayer,
    StdinLines,
};
use crate::game::record::Record;
use crate::game::{Game, PlayOptions, TimeControl, run_game};

/// Play a game: engine against engine by default, printing every move, the
/// final board and the result. Players: human, random, engine,
/// engine:depth=N,movetime=MS, or another program: uci:PATH, usi:PATH,
/// xboard:PATH (then ,movetime=MS ,depth=N ,nodes=N (not xboard) ,OPTION=VALUE).
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The variant's rules file, e.g. variants/chess.toml.
    variant: PathBuf,
    /// Player for the first side to move.
    #[arg(long)]
    first: Option<String>,
    /// Player for the second side.
    #[arg(long)]
    second: Option<String>,
    /// Player for the side named "white" (or the first side if none is).
    #[arg(long)]
    white: Option<String>,
    /// Player for the side named "black" (or the second side if none is).
    #[arg(long)]
    black: Option<String>,
    /// Engine search depth (1 to 64).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(i32).range(1..=64))]
    depth: i32,
    /// Engine time per move in milliseconds: the search stops at the limit
    /// (0 = no limit).
    #[arg(long, default_value_t = DEFAULT_MOVETIME_MS)]
    movetime: u64,
    /// Seed for random players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Start from this position (the variant's position text).
    #[arg(long)]
    position: Option<String>,
    /// Start from the variant's shuffled start number N (`[setup.shuffle]`);
    /// without it (and --position) such a variant's start is drawn from --seed.
    #[arg(long, conflicts_with = "position")]
    start: Option<u64>,
    /// Write the game record here.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Append what external engines (uci:, usi: and xboard: players) are sent and answer
    /// to this file.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Print the engine's depth, nodes and nodes per second after its moves.
    #[arg(long)]
    verbose: bool,
    /// Stop as a draw after this many plies (1 to 100000; the game's memory
    /// grows with every ply).
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_moves: u64,
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

/// The time control of `--tc` and `--byoyomi`.
pub(crate) fn time_control(tc: Option<&str>, byoyomi: Option<f64>) -> Result<Option<TimeControl>, Failure> {
    match (tc, byoyomi) {
        (None, None) => Ok(None),
        (None, Some(_)) => Err(bad("--byoyomi needs --tc (e.g. --tc 0 --byoyomi 1)")),
        (Some(t), b) => TimeControl::parse(t, b.unwrap_or(0.0)).map(Some).map_err(bad),
    }
}

/// What a player needs besides its description: the variant and its name
/// (the rules file's name, for external engines), a seed, a protocol log.
pub(crate) struct Seat<'a> {
    pub variant: &'a Arc<Variant>,
    pub name: &'a str,
    pub seed: u64,
    pub log: Option<&'a std::path::Path>,
}

/// A player from its description; an external engine is started here.
pub(crate) fn make_player(spec: &PlayerSpec, seat: &Seat<'_>) -> Result<Box<dyn Player>, Failure> {
    Ok(match spec {
        PlayerSpec::Human => Box::new(HumanPlayer::new(StdinLines, std::io::stdout())),
        PlayerSpec::Random => Box::new(RandomPlayer::new(seat.seed)),
        PlayerSpec::Engine(c) => Box::new(EnginePlayer::from_config(seat.variant, c).map_err(bad)?),
        PlayerSpec::External(engine) => {
            let log: Option<Box<dyn std::io::Write + Send>> = match seat.log {
                None => None,
                Some(p) => Some(Box::new(
                    std::fs::OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(p)
                        .map_err(|e| bad(format!("cannot write the log {}: {e}", p.display())))?,
                )),
            };
            external::start(engine, seat.name, log).map_err(bad)?
        }
    })
}

/// The variant's name for external engines: the rules file's name.
pub(crate) fn variant_name(path: &std::path::Path) -> String {
    path.file_stem()
        .map_or_else(|| "chess".to_string(), |s| s.to_string_lossy().into_owned())
}

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let out = Output::new(a.json);
    let v = cx.load(&a.variant)?;
    let mut specs = [a.first, a.second];
    for (flag, name, fallback) in [
        (a.white, "white", Color::First),
        (a.black, "black", Color::Second),
    ] {
        if let Some(f) = flag {
            specs[v.side_by_name(name).unwrap_or(fallback).index()] = Some(f);
        }
    }
    let tc = time_control(a.tc.as_deref(), a.byoyomi)?;
    let mut parsed = Vec::new();
    for s in &specs {
        // On a clock, the clock decides the engine's time and depth.
        let (depth, movetime) = match tc {
            Some(_) => (MAX_DEPTH, None),
            None => (a.depth, (a.movetime > 0).then_some(a.movetime)),
        };
        parsed.push(PlayerSpec::parse(s.as_deref().unwrap_or("engine"), depth, movetime).map_err(bad)?);
    }
    let pos = match (a.start, a.position.as_deref()) {
        (Some(n), _) => numbered_start(&v, n)?,
        (None, None) => match drawn_start(&v, a.seed)? {
            Some((_, pos)) => pos,
            None => position(&v, None, None)?,
        },
        (None, text) => position(&v, text, None)?,
    };
    if let Some(path) = &a.record {
        // Found out now, not after the whole game.
        writable(path)?;
    }
    let any_human = parsed.contains(&PlayerSpec::Human);
    let name = variant_name(&a.variant);
    let seat = |seed| Seat {
        variant: &v,
        name: &name,
        seed,
        log: a.log.as_deref(),
    };
    let mut players: [Box<dyn Player>; 2] = [
        make_player(&parsed[0], &seat(a.seed))?,
        make_player(&parsed[1], &seat(a.seed.wrapping_add(1)))?,
    ];
    if any_human {
        out.text(HUMAN_HELP);
    }
    let mut game = Game::new(pos);
    if let Some(tc) = tc {
        game.set_time_control(tc);
    }
    let opts = PlayOptions {
        max_plies: a.max_moves as usize,
        print_moves: !a.json,
        show_board: any_human,
        verbose: a.verbose,
    };
    let result = run_game(&mut game, &mut players, &mut std::io::stdout(), &opts);
    let mut record_failure = None;
    if let Some(path) = &a.record {
        let names = [parsed[0].describe(), parsed[1].describe()];
        let rec = Record::from_game(
            &game,
            &a.variant.display().to_string(),
            [&names[0], &names[1]],
            result,
        );
        record_failure = std::fs::write(path, rec.to_text()).err().map(|e| (path, e, rec));
    }
    let described = result.map_or("unfinished".to_string(), |r| r.describe(&v));
    out.emit(
        format!("{}result: {described}", board_text(game.position())),
        json!({
            "result": described,
            "winner": result.and_then(|r| r.winner).map(|w| v.side_name(w).to_string()),
            "reason": result.map(|r| r.reason),
            "plies": game.moves().len(),
            "position": game.position().to_text(),
        }),
    );
    if let Some((path, e, rec)) = record_failure {
        // Nothing lost: the record goes to standard error instead.
        eprint!("{}", rec.to_text());
        return Err(bad(format!(
            "cannot write the record to {}: {e} (it is printed above, on standard error)",
            path.display()
        )));
    }
    Ok(ExitCode::SUCCESS)
}

/// Fails unless a file can be written at `path`. Nothing is changed: an
/// existing file is opened to append nothing, a new one is made and removed.
pub(crate) fn writable(path: &std::path::Path) -> Result<(), super::output::Failure> {
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| bad(format!("cannot write {}: {e}", path.display())))?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}
