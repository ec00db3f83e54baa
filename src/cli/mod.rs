//! The `chimera` command line. Results go to stdout, errors to stderr with a
//! non-zero exit; `--json` prints one JSON object per line.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use clap::{Parser, Subcommand};
use serde_json::json;

use crate::compile;
use crate::engine::movetext::{format_move, parse_move};
use crate::engine::{Position, Variant, perft};
use crate::game::players::{EnginePlayer, HumanPlayer, Player, PlayerSpec, RandomPlayer};
use crate::game::record::Record;
use crate::game::{Game, PlayOptions, run_game};
use crate::notation;

#[derive(Parser)]
#[command(
    name = "chimera",
    version,
    about = "Define chess and shogi variants in text files; check, play and analyse them."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Set a variant option (see the file's [options]), e.g. thunderclap=kooshogifu.
    #[arg(long = "option", global = true, value_name = "NAME=VALUE")]
    options: Vec<String>,
}

static OPTIONS: std::sync::OnceLock<indexmap::IndexMap<String, String>> = std::sync::OnceLock::new();

fn options() -> &'static indexmap::IndexMap<String, String> {
    OPTIONS.get_or_init(indexmap::IndexMap::new)
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree to a depth.
    Perft {
        /// The variant's rules file, e.g. variants/chess.toml.
        variant: PathBuf,
        /// Start from this position (the variant's position text) instead of the start.
        #[arg(long)]
        position: Option<String>,
        /// Play these moves first (space-separated, canonical/UCI/USI).
        #[arg(long)]
        moves: Option<String>,
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
        json: bool,
    },
    /// List the legal moves of a position.
    Moves {
        /// The variant's rules file, e.g. variants/chess.toml.
        variant: PathBuf,
        #[arg(long)]
        position: Option<String>,
        #[arg(long)]
        moves: Option<String>,
        /// Move notation: canonical (default), uci, usi, or seed (the Ko shogi
        /// article's game notation: piece code, -/x, !captures, +/=).
        #[arg(long, default_value = "canonical")]
        notation: String,
        /// Print one JSON object per line (fields in the README).
        #[arg(long)]
        json: bool,
    },
    /// Run the fixed benchmark set (perft with bulk counting) and print nodes per
    /// second. Built with `--features compare`, also runs shakmaty and rsshogi on
    /// the same positions and prints chimera's speed as a ratio of theirs.
    Bench {
        /// Smaller depths (a few seconds in all).
        #[arg(long)]
        quick: bool,
        /// Print one JSON object per line (fields in the README).
        #[arg(long)]
        json: bool,
    },
    /// Validate a rules file and run its test cases.
    ///
    /// Checks the file (every error points at its line and column), prints lint
    /// warnings, then runs the `[[test]]` cases of the file and of any extra
    /// test files. Exit status 0 only if the file is valid and every case passes.
    ///
    /// A test case is a TOML table:
    ///
    ///   [[test]]
    ///   name = "en passant"                      # required
    ///   position = "<position text>"              # default: the start
    ///   moves = ["e2e4", "a7a6", "e4e5", "d7d5"]  # played first
    ///   includes = ["e5d6"]                       # must be legal
    ///   excludes = ["e5e6"]                       # must not be legal
    ///   legal = ["..."]                           # exactly these moves
    ///   piece_moves = { from = "e5", moves = ["e5d6", "e5e6"] }
    ///   count = 31                                # number of legal moves
    ///   perft = [31, 900]                         # perft at depth 1, 2, ...
    ///   promotions = { move = "c7c8", to = ["", "Q"] }   # "" = no promotion
    ///   position_after = "<position text>"
    ///   result = "white wins by checkmate"        # or "ongoing", "draw by repetition"
    ///   in_check = true
    Check {
        /// The variant's rules file, e.g. variants/chess.toml.
        variant: PathBuf,
        /// Extra test files ([[test]] tables).
        tests: Vec<PathBuf>,
        /// Print one JSON object per line (fields in the README).
        #[arg(long)]
        json: bool,
    },
    /// Print the start position (or --position), or a piece's move diagram.
    ///
    /// Diagrams come from the engine's own move generator on an empty board:
    /// @ the piece, o moves or captures, m moves only, c captures only,
    /// x captures without moving (shot, igui), + both kinds of capture.
    Show {
        /// The variant's rules file, e.g. variants/chess.toml.
        variant: PathBuf,
        /// A piece name or symbol, or `all`.
        #[arg(long)]
        piece: Option<String>,
        #[arg(long)]
        position: Option<String>,
    },
    /// Play a game: engine against engine by default, printing every move, the
    /// final board and the result. Players: human, random, engine,
    /// engine:depth=N, engine:movetime=MS.
    Play {
        /// The variant's rules file, e.g. variants/chess.toml.
        variant: PathBuf,
        /// Player for the first side to move (alias: the side's name, see --white).
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
        /// Engine search depth.
        #[arg(long, default_value_t = 3)]
        depth: i32,
        /// Engine time per move in milliseconds (stops deepening at the limit).
        #[arg(long)]
        movetime: Option<u64>,
        /// Seed for random players.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Start from this position.
        #[arg(long)]
        position: Option<String>,
        /// Write the game record here.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Print the engine's depth, nodes and nodes per second after its moves.
        #[arg(long)]
        verbose: bool,
        /// Stop as a draw after this many plies (0 = never).
        #[arg(long, default_value_t = 600)]
        max_moves: usize,
        /// Print one JSON object per line (fields in the README).
        #[arg(long)]
        json: bool,
    },
    /// Play a series of games between two players, alternating colours, and
    /// print the score with a 95% error margin.
    Match {
        /// The variant's rules file, e.g. variants/chess.toml.
        variant: PathBuf,
        #[arg(long, default_value_t = 20)]
        games: usize,
        /// Player A (e.g. engine:depth=2).
        #[arg(long, default_value = "engine:depth=2")]
        a: String,
        /// Player B (e.g. random).
        #[arg(long, default_value = "random")]
        b: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 600)]
        max_moves: usize,
        /// Print one JSON object per line (fields in the README).
        #[arg(long)]
        json: bool,
    },
    /// Replay a game record and verify every move and the result.
    Replay {
        record: PathBuf,
        /// The rules file (default: the record's VariantFile tag).
        #[arg(long)]
        variant: Option<PathBuf>,
    },
    /// Explain a piece-move notation string in words.
    Explain {
        /// A notation string such as "fmWfcF" or "Fa[cxQ3]".
        notation: String,
        /// Print one JSON object per line (fields in the README).
        #[arg(long)]
        json: bool,
    },
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(2)
}

fn load(path: &std::path::Path) -> Result<Arc<Variant>, ExitCode> {
    compile::load_full(path, options())
        .map(|c| Arc::new(c.variant))
        .map_err(|d| {
            eprint!("{}", d.render());
            ExitCode::from(2)
        })
}

/// The variant and a position in it (the start, or `text`, then `moves`).
fn load_at(
    path: &std::path::Path,
    text: Option<&str>,
    moves: Option<&str>,
) -> Result<(Arc<Variant>, Position), ExitCode> {
    let v = load(path)?;
    let pos = position(&v, text, moves)?;
    Ok((v, pos))
}

fn position(v: &Arc<Variant>, text: Option<&str>, moves: Option<&str>) -> Result<Position, ExitCode> {
    let mut pos = match text {
        None => Position::start(v),
        Some(t) => Position::from_text(v, t).map_err(|e| fail(format!("bad position: {e}")))?,
    };
    for (i, m) in moves.unwrap_or("").split_whitespace().enumerate() {
        let mv = parse_move(&mut pos, m).map_err(|e| fail(format!("move {}: {e}", i + 1)))?;
        pos.make(mv);
    }
    Ok(pos)
}

pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let mut opts = indexmap::IndexMap::new();
    for o in &cli.options {
        match o.split_once('=') {
            Some((k, v)) => {
                opts.insert(k.trim().to_string(), v.trim().to_string());
            }
            None => return fail(format!("--option `{o}`: write NAME=VALUE")),
        }
    }
    let _ = OPTIONS.set(opts);
    match cli.command {
        Command::Perft {
            variant,
            position: p,
            moves,
            depth,
            divide,
            by_piece,
            json,
        } => {
            let (v, mut pos) = match load_at(&variant, p.as_deref(), moves.as_deref()) {
                Ok(x) => x,
                Err(e) => return e,
            };
            let start = Instant::now();
            let mut total = 0;
            if divide && depth > 0 {
                let mut list = Vec::new();
                pos.legal_moves(&mut list);
                let mut rows: Vec<(String, u64)> = Vec::new();
                let mut pieces: indexmap::IndexMap<String, (usize, u64)> = indexmap::IndexMap::new();
                for m in list {
                    let name = format_move(&pos, &m);
                    let kind = match m.kind {
                        crate::engine::MoveKind::Board
                        | crate::engine::MoveKind::Castle
                        | crate::engine::MoveKind::ToPocket => {
                            crate::engine::variant::kind_of(pos.board[m.from as usize])
                        }
                        _ => m.piece,
                    };
                    let piece_name = v.kinds[kind as usize].name.clone();
                    pos.make(m);
                    let n = perft(&mut pos, depth - 1);
                    pos.unmake();
                    total += n;
                    rows.push((name, n));
                    let e = pieces.entry(piece_name).or_default();
                    e.0 += 1;
                    e.1 += n;
                }
                rows.sort();
                for (name, n) in &rows {
                    if json {
                        println!("{}", json!({"move": name, "nodes": n}));
                    } else {
                        println!("{name}: {n}");
                    }
                }
                if by_piece {
                    for (name, (count, n)) in &pieces {
                        if json {
                            println!("{}", json!({"piece": name, "moves": count, "nodes": n}));
                        } else {
                            println!("{name}: {count} moves, {n} nodes");
                        }
                    }
                }
            } else {
                total = perft(&mut pos, depth);
            }
            let secs = start.elapsed().as_secs_f64();
            if json {
                println!(
                    "{}",
                    json!({"depth": depth, "nodes": total, "seconds": secs, "nps": (total as f64 / secs.max(1e-9)) as u64})
                );
            } else {
                println!(
                    "depth {depth}: {total} nodes in {secs:.3} s ({:.0} nodes/s)",
                    total as f64 / secs.max(1e-9)
                );
            }
            ExitCode::SUCCESS
        }
        Command::Moves {
            variant,
            position: p,
            moves,
            notation: style,
            json,
        } => {
            let (_, mut pos) = match load_at(&variant, p.as_deref(), moves.as_deref()) {
                Ok(x) => x,
                Err(e) => return e,
            };
            let mut list = Vec::new();
            pos.legal_moves(&mut list);
            let mut names: Vec<String> = Vec::new();
            for m in &list {
                names.push(match style.as_str() {
                    "canonical" => format_move(&pos, m),
                    "uci" => crate::engine::movetext::format_uci(&pos, m),
                    "usi" => crate::engine::movetext::format_usi(&pos, m),
                    "seed" => crate::engine::movetext::format_seed(&mut pos, m),
                    other => return fail(format!("unknown notation `{other}`: canonical, uci, usi or seed")),
                });
            }
            names.sort();
            if json {
                println!(
                    "{}",
                    json!({"position": pos.to_text(), "moves": names, "count": names.len()})
                );
            } else {
                for n in &names {
                    println!("{n}");
                }
            }
            ExitCode::SUCCESS
        }
        Command::Bench { quick, json } => {
            if !cfg!(feature = "compare") && !json {
                eprintln!("note: built without the `compare` feature; reference engines are not run");
            }
            crate::bench::run(quick, |m, ratio| {
                if json {
                    println!(
                        "{}",
                        json!({"case": m.case, "engine": m.engine, "depth": m.depth, "nodes": m.nodes, "seconds": m.seconds, "nps": m.nps as u64, "ratio": ratio})
                    );
                } else {
                    println!("{}", crate::bench::format_line(m, ratio));
                }
            });
            ExitCode::SUCCESS
        }
        Command::Check { variant, tests, json } => check(&variant, &tests, json),
        Command::Show {
            variant,
            piece,
            position: p,
        } => {
            let v = match load(&variant) {
                Ok(v) => v,
                Err(e) => return e,
            };
            match piece {
                None => match position(&v, p.as_deref(), None) {
                    Ok(pos) => {
                        print!("{}", crate::display::board_text(&pos));
                        ExitCode::SUCCESS
                    }
                    Err(e) => e,
                },
                Some(name) => {
                    let kinds: Vec<u16> = if name.eq_ignore_ascii_case("all") {
                        (0..v.kinds.len() as u16).collect()
                    } else {
                        match v.kind_by_name(&name).or_else(|| v.kind_by_symbol(&name)) {
                            Some(k) => vec![k],
                            None => {
                                let names: Vec<&str> = v.kinds.iter().map(|k| k.name.as_str()).collect();
                                let hint = crate::diag::did_you_mean(&name, names.iter().copied())
                                    .map(|s| format!(" (did you mean `{s}`?)"))
                                    .unwrap_or_else(|| format!(" (pieces: {})", names.join(", ")));
                                return fail(format!("no piece `{name}` in {}{hint}", v.name));
                            }
                        }
                    };
                    for k in kinds {
                        let kind = &v.kinds[k as usize];
                        println!("{} ({})", kind.name, kind.display);
                        print!("{}", crate::display::piece_diagram(&v, k, 0));
                        println!();
                    }
                    println!("{}", crate::display::LEGEND);
                    ExitCode::SUCCESS
                }
            }
        }
        Command::Play {
            variant,
            first,
            second,
            white,
            black,
            depth,
            movetime,
            seed,
            position: p,
            record,
            verbose,
            max_moves,
            json,
        } => {
            let v = match load(&variant) {
                Ok(v) => v,
                Err(e) => return e,
            };
            let by_name = |name: &str| v.side_names.iter().position(|n| n.eq_ignore_ascii_case(name));
            let mut specs = [first, second];
            for (flag, name, fallback) in [(white, "white", 0), (black, "black", 1)] {
                if let Some(f) = flag {
                    specs[by_name(name).unwrap_or(fallback)] = Some(f);
                }
            }
            let mut parsed = Vec::new();
            for s in &specs {
                match PlayerSpec::parse(s.as_deref().unwrap_or("engine"), depth, movetime) {
                    Ok(p) => parsed.push(p),
                    Err(e) => return fail(e),
                }
            }
            let pos = match position(&v, p.as_deref(), None) {
                Ok(p) => p,
                Err(e) => return e,
            };
            let any_human = parsed.contains(&PlayerSpec::Human);
            let stdin = std::io::stdin();
            let mut players: [Box<dyn Player>; 2] = [
                make_player(&v, &parsed[0], seed, &stdin),
                make_player(&v, &parsed[1], seed.wrapping_add(1), &stdin),
            ];
            if any_human {
                println!("{}", crate::game::players::HUMAN_HELP);
            }
            let mut game = Game::new(pos);
            let opts = PlayOptions {
                max_plies: max_moves,
                print_moves: !json,
                show_board: any_human,
                verbose,
            };
            let mut out = std::io::stdout();
            let result = run_game(&mut game, &mut players, &mut out, &opts);
            let names = [parsed[0].describe(), parsed[1].describe()];
            if let Some(path) = record {
                let rec = Record::from_game(
                    &game,
                    &variant.display().to_string(),
                    [&names[0], &names[1]],
                    result,
                );
                if let Err(e) = std::fs::write(&path, rec.to_text()) {
                    return fail(format!("cannot write {}: {e}", path.display()));
                }
            }
            let described = result.map_or("unfinished".to_string(), |r| r.describe(&v));
            if json {
                println!(
                    "{}",
                    json!({"result": described, "winner": result.and_then(|r| r.winner).map(|w| v.side_names[w].clone()), "reason": result.map(|r| r.reason), "plies": game.moves().len(), "position": game.pos.to_text()})
                );
            } else {
                print!("{}", crate::display::board_text(&game.pos));
                println!("result: {described}");
            }
            ExitCode::SUCCESS
        }
        Command::Match {
            variant,
            games,
            a,
            b,
            seed,
            max_moves,
            json,
        } => {
            let v = match load(&variant) {
                Ok(v) => v,
                Err(e) => return e,
            };
            let specs = match (PlayerSpec::parse(&a, 2, None), PlayerSpec::parse(&b, 2, None)) {
                (Ok(a), Ok(b)) => [a, b],
                (Err(e), _) | (_, Err(e)) => return fail(e),
            };
            if specs.contains(&PlayerSpec::Human) {
                return fail("match plays without humans: use engine or random");
            }
            let bar = indicatif::ProgressBar::new(games as u64);
            bar.set_style(
                indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            let stdin = std::io::stdin();
            let (mut wins, mut draws, mut losses) = (0usize, 0usize, 0usize);
            let mut reasons: indexmap::IndexMap<String, usize> = indexmap::IndexMap::new();
            for i in 0..games {
                let a_first = i % 2 == 0;
                let order = if a_first { [0, 1] } else { [1, 0] };
                let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
                let mut players: [Box<dyn Player>; 2] = [
                    make_player(&v, &specs[order[0]], game_seed, &stdin),
                    make_player(&v, &specs[order[1]], game_seed ^ 0x5555, &stdin),
                ];
                let mut game = Game::from_start(&v);
                let opts = PlayOptions {
                    max_plies: max_moves,
                    print_moves: false,
                    show_board: false,
                    verbose: false,
                };
                let result = run_game(&mut game, &mut players, &mut std::io::sink(), &opts);
                let a_side = if a_first { 0 } else { 1 };
                let text = result.map_or("unfinished".into(), |r| r.describe(&v));
                match result.and_then(|r| r.winner) {
                    Some(w) if w == a_side => wins += 1,
                    Some(_) => losses += 1,
                    None => draws += 1,
                }
                *reasons
                    .entry(result.map_or("unfinished".into(), |r| r.reason.name().to_string()))
                    .or_default() += 1;
                if json {
                    bar.suspend(|| println!("{}", json!({"game": i + 1, "a_plays": v.side_names[a_side], "result": text, "plies": game.moves().len()})));
                }
                bar.set_message(format!("A {wins}-{draws}-{losses}"));
                bar.inc(1);
            }
            bar.finish_and_clear();
            let n = games.max(1) as f64;
            let score = (wins as f64 + draws as f64 / 2.0) / n;
            let margin = 1.96 * (score * (1.0 - score) / n).sqrt();
            if json {
                println!(
                    "{}",
                    json!({"variant": v.name, "a": specs[0].describe(), "b": specs[1].describe(), "games": games, "wins": wins, "draws": draws, "losses": losses, "score": score, "margin": margin, "reasons": reasons})
                );
            } else {
                println!(
                    "{}: A = {} vs B = {}: {games} games, A won {wins}, drew {draws}, lost {losses}; score {:.1}% ± {:.1}%",
                    v.name,
                    specs[0].describe(),
                    specs[1].describe(),
                    score * 100.0,
                    margin * 100.0
                );
                let r: Vec<String> = reasons.iter().map(|(k, n)| format!("{k} {n}")).collect();
                println!("endings: {}", r.join(", "));
            }
            ExitCode::SUCCESS
        }
        Command::Replay { record, variant } => replay(&record, variant.as_deref()),
        Command::Explain { notation: text, json } => match notation::compile_program(&text) {
            Ok((tree, prog)) => {
                if json {
                    println!(
                        "{}",
                        json!({"canonical": tree.to_string(), "program": prog, "explanation": notation::explain(&prog)})
                    );
                } else {
                    println!("{tree}");
                    print!("{}", notation::explain(&prog));
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: bad notation `{text}`: {}", e.message);
                eprintln!("  {text}");
                eprintln!("  {}^", " ".repeat(e.column - 1));
                ExitCode::from(2)
            }
        },
    }
}

fn check(path: &std::path::Path, extra: &[PathBuf], json: bool) -> ExitCode {
    let compiled = match compile::load_full(path, options()) {
        Ok(c) => c,
        Err(d) => {
            if json {
                println!(
                    "{}",
                    json!({"valid": false, "error": d.message, "file": d.file, "line": d.line, "column": d.column})
                );
            }
            eprint!("{}", d.render());
            return ExitCode::from(1);
        }
    };
    let v = Arc::new(compiled.variant);
    for w in &compiled.warnings {
        if json {
            println!("{}", json!({"warning": w}));
        } else {
            eprintln!("warning: {w}");
        }
    }
    let mut cases: Vec<(String, crate::rules::TestCase)> = compiled
        .file
        .tests
        .iter()
        .cloned()
        .map(|t| (path.display().to_string(), t))
        .collect();
    for p in extra {
        match compile::load_tests(p) {
            Ok(ts) => cases.extend(ts.into_iter().map(|t| (p.display().to_string(), t))),
            Err(d) => {
                eprint!("{}", d.render());
                return ExitCode::from(1);
            }
        }
    }
    let bar = indicatif::ProgressBar::new(cases.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let (mut passed, mut failed) = (0, 0);
    for (source, case) in &cases {
        bar.set_message(case.name.clone());
        let r = if case.options.is_empty() {
            crate::check::run_case(&v, case, source)
        } else {
            let mut chosen = options().clone();
            chosen.extend(case.options.clone());
            match compile::compile_with(&compiled.file, &compiled.source, &chosen) {
                Ok(variant) => crate::check::run_case(&Arc::new(variant), case, source),
                Err(d) => crate::check::CaseReport {
                    name: case.name.clone(),
                    source: source.to_string(),
                    passed: false,
                    failures: vec![format!("options {:?}: {}", case.options, d.message)],
                },
            }
        };
        bar.suspend(|| {
            if json {
                println!("{}", json!(r));
            } else if r.passed {
                println!("PASS {}", r.name);
            } else {
                println!("FAIL {}", r.name);
                for f in &r.failures {
                    println!("    {f}");
                }
            }
        });
        if r.passed {
            passed += 1;
        } else {
            failed += 1;
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    if json {
        println!(
            "{}",
            json!({"variant": v.name, "passed": passed, "failed": failed})
        );
    } else {
        println!("{}: {passed} passed, {failed} failed", v.name);
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn make_player<'a>(
    v: &Arc<Variant>,
    spec: &PlayerSpec,
    seed: u64,
    stdin: &'a std::io::Stdin,
) -> Box<dyn Player + 'a> {
    match spec {
        PlayerSpec::Human => Box::new(HumanPlayer::new(stdin.lock(), std::io::stdout())),
        PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
        PlayerSpec::Engine { depth, movetime } => Box::new(EnginePlayer::new(v, *depth, *movetime)),
    }
}

fn replay(path: &std::path::Path, variant: Option<&std::path::Path>) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return fail(format!("cannot read {}: {e}", path.display())),
    };
    let rec = match Record::parse(&text) {
        Ok(r) => r,
        Err(e) => return fail(format!("{}: {e}", path.display())),
    };
    let vpath = match variant
        .map(|p| p.to_path_buf())
        .or_else(|| rec.tags.get("VariantFile").map(PathBuf::from))
    {
        Some(p) => p,
        None => return fail("the record has no VariantFile tag; give --variant"),
    };
    let v = match load(&vpath) {
        Ok(v) => v,
        Err(e) => return e,
    };
    let pos = match position(&v, rec.tags.get("Start").map(|s| s.as_str()), None) {
        Ok(p) => p,
        Err(e) => return e,
    };
    let mut game = Game::new(pos);
    for (i, m) in rec.moves.iter().enumerate() {
        if let Err(e) = game.play_text(m) {
            return fail(format!(
                "{}: move {} ({}{}): {e}",
                path.display(),
                i / 2 + 1,
                m,
                if i % 2 == 1 { ", second player" } else { "" }
            ));
        }
    }
    let result = game.result();
    print!("{}", crate::display::board_text(&game.pos));
    let described = result.map_or("ongoing".to_string(), |r| r.describe(&v));
    println!("result: {described}");
    if let Some(tag) = rec.tags.get("Result") {
        let external = ["resignation", "move limit", "illegal move"]
            .iter()
            .any(|r| tag.ends_with(r));
        if (external && result.is_none()) || *tag == described {
            println!("record verified: {} moves, result {tag}", rec.moves.len());
        } else {
            return fail(format!(
                "the record says `{tag}` but the moves give `{described}`"
            ));
        }
    }
    ExitCode::SUCCESS
}
