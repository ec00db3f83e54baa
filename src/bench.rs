//! The fixed benchmark set behind `chimera bench` and `cargo bench`: perft with
//! bulk counting on built-in variant files, timed, and (with the `compare`
//! feature) the dedicated engines shakmaty and rsshogi on the same positions.

use std::sync::Arc;
use std::time::Duration;

use crate::clock::Instant;
use crate::engine::{History, Position, Variant, perft};

/// Chess's "kiwipete" position (Peter McKenzie's perft test position).
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// One benchmark case: a variant file shipped in `variants/`, a depth.
pub struct Case {
    /// The case's name in reports.
    pub name: &'static str,
    /// The rules file's text.
    pub rules: &'static str,
    /// The position, in the variant's notation (`None`: the start).
    pub position: Option<&'static str>,
    /// Perft depth of a full run.
    pub depth: u32,
    /// Perft depth with `--quick`.
    pub quick_depth: u32,
}

/// The fixed set: the start position of every seed game and of the classic
/// games, and chess's "kiwipete" (castling, en passant, pins, checks), at
/// depths that take about a second each.
pub const CASES: &[Case] = &[
    Case {
        name: "chess start",
        rules: include_str!("../variants/chess.toml"),
        position: None,
        depth: 6,
        quick_depth: 5,
    },
    Case {
        name: "chess kiwipete",
        rules: include_str!("../variants/chess.toml"),
        position: Some(KIWIPETE),
        depth: 5,
        quick_depth: 4,
    },
    Case {
        name: "shogi start",
        rules: include_str!("../variants/shogi.toml"),
        position: None,
        depth: 5,
        quick_depth: 4,
    },
    Case {
        name: "crazyhouse start",
        rules: include_str!("../variants/crazyhouse.toml"),
        position: None,
        depth: 5,
        quick_depth: 4,
    },
    Case {
        name: "Ko shogi start",
        rules: include_str!("../variants/ko-shogi.toml"),
        position: None,
        depth: 3,
        quick_depth: 2,
    },
    Case {
        name: "Kozune start",
        rules: include_str!("../variants/kozune.toml"),
        position: None,
        depth: 4,
        quick_depth: 3,
    },
    Case {
        name: "Pocket Shogi Copper start",
        rules: include_str!("../variants/pocket-shogi-copper.toml"),
        position: None,
        depth: 4,
        quick_depth: 3,
    },
    Case {
        name: "WWII Chess start",
        rules: include_str!("../variants/wwii-chess.toml"),
        position: None,
        depth: 5,
        quick_depth: 4,
    },
];

/// A measured run.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Measure {
    /// The case.
    pub case: String,
    /// The engine measured (chimera or a reference).
    pub engine: String,
    /// Perft depth.
    pub depth: u32,
    /// Leaf nodes counted.
    pub nodes: u64,
    /// Wall time.
    pub seconds: f64,
    /// Nodes per second.
    pub nps: f64,
}

fn variant(rules: &str, name: &str) -> Option<Arc<Variant>> {
    match crate::load_str(name, rules) {
        Ok(v) => Some(v),
        Err(d) => {
            eprint!("{}", d.render());
            None
        }
    }
}

/// A case's position: the start, or its text (a bad one is reported).
fn case_position(v: &Arc<Variant>, name: &str, text: Option<&str>) -> Option<Position> {
    match text {
        None => Some(Position::start(v)),
        Some(text) => match Position::from_text(v, text) {
            Ok(p) => Some(p),
            Err(e) => {
                eprintln!("{name}: {e}");
                None
            }
        },
    }
}

/// Times `f` `runs` times (at least once) and keeps the fastest run: on a
/// shared machine the slow runs measure the neighbours, not the code.
fn measure(case: &str, engine: &str, depth: u32, runs: u32, mut f: impl FnMut() -> u64) -> Measure {
    let mut nodes = 0;
    let mut seconds = f64::INFINITY;
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        nodes = f();
        seconds = seconds.min(t.elapsed().as_secs_f64());
    }
    Measure {
        case: case.into(),
        engine: engine.into(),
        depth,
        nodes,
        seconds,
        nps: nodes as f64 / seconds.max(1e-9),
    }
}

/// Runs every case, each measurement the best of `runs`; `report` is called
/// after each measurement (with the ratio chimera/reference after a reference
/// engine's).
pub fn run(quick: bool, runs: u32, mut report: impl FnMut(&Measure, Option<f64>)) -> Vec<Measure> {
    let mut out = Vec::new();
    for case in CASES {
        let depth = if quick { case.quick_depth } else { case.depth };
        let Some(v) = variant(case.rules, case.name) else {
            continue;
        };
        let Some(mut pos) = case_position(&v, case.name, case.position) else {
            continue;
        };
        let ours = measure(case.name, "chimera", depth, runs, || perft(&mut pos, depth));
        report(&ours, None);
        if let Some(reference) = reference(case.name, depth, runs) {
            let ratio = ours.nps / reference.nps;
            report(&reference, Some(ratio));
            out.push(reference);
        }
        out.push(ours);
    }
    out
}

#[cfg(feature = "compare")]
fn reference(case: &str, depth: u32, runs: u32) -> Option<Measure> {
    match case {
        "chess start" => Some(measure(case, "shakmaty 0.30.1", depth, runs, || {
            shakmaty::perft(&shakmaty::Chess::default(), depth)
        })),
        "chess kiwipete" => {
            use shakmaty::{CastlingMode, Chess, fen::Fen};
            let pos: Chess = KIWIPETE
                .parse::<Fen>()
                .ok()?
                .into_position(CastlingMode::Standard)
                .ok()?;
            Some(measure(case, "shakmaty 0.30.1", depth, runs, || {
                shakmaty::perft(&pos, depth)
            }))
        }
        "shogi start" => {
            let pos = rsshogi::board::Position::from_sfen(
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            )
            .ok()?;
            Some(measure(case, "rsshogi 1.7.3", depth, runs, || {
                rsshogi::board::perft::perft(&pos, depth as u8)
                    .map(|r| r.nodes)
                    .unwrap_or(0)
            }))
        }
        _ => None,
    }
}

#[cfg(not(feature = "compare"))]
fn reference(_case: &str, _depth: u32, _runs: u32) -> Option<Measure> {
    None
}

/// One line of the human-readable benchmark report.
pub fn format_line(m: &Measure, ratio: Option<f64>) -> String {
    format!(
        "{:<26} {:<16} depth {} {:>12} nodes {:>8.3} s {:>12.0} nodes/s{}",
        m.case,
        m.engine,
        m.depth,
        m.nodes,
        m.seconds,
        m.nps,
        ratio
            .map(|r| format!("  chimera/reference = {r:.3}"))
            .unwrap_or_default()
    )
}

/// One engine-search benchmark: a variant, a position (`None`: the start),
/// a fixed depth.
pub struct SearchCase {
    /// The case's name in reports.
    pub name: &'static str,
    /// The rules file's text.
    pub rules: &'static str,
    /// The position, in the variant's notation.
    pub position: Option<&'static str>,
    /// Search depth of a full run.
    pub depth: i32,
    /// Search depth with `--quick`.
    pub quick_depth: i32,
}

/// The fixed search set behind `chimera bench --search`: how many nodes a
/// second the engine searches, at chess, shogi and Ko shogi.
pub const SEARCH_CASES: &[SearchCase] = &[
    SearchCase {
        name: "chess start",
        rules: include_str!("../variants/chess.toml"),
        position: None,
        depth: 14,
        quick_depth: 8,
    },
    SearchCase {
        name: "chess kiwipete",
        rules: include_str!("../variants/chess.toml"),
        position: Some(KIWIPETE),
        depth: 12,
        quick_depth: 7,
    },
    SearchCase {
        name: "shogi start",
        rules: include_str!("../variants/shogi.toml"),
        position: None,
        depth: 12,
        quick_depth: 7,
    },
    SearchCase {
        name: "Ko shogi start",
        rules: include_str!("../variants/ko-shogi.toml"),
        position: None,
        depth: 5,
        quick_depth: 3,
    },
];

/// A measured search.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SearchMeasure {
    /// The case.
    pub case: String,
    /// Depth searched.
    pub depth: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time.
    pub seconds: f64,
    /// Nodes per second.
    pub nps: f64,
    /// The move chosen, in the variant's notation.
    pub best: String,
    /// Its score.
    pub score: i32,
}

/// Runs every search case with a fresh searcher; `report` is called after each.
/// `threads` search threads each (Lazy SMP).
pub fn run_search(quick: bool, threads: usize, mut report: impl FnMut(&SearchMeasure)) -> Vec<SearchMeasure> {
    let mut out = Vec::new();
    for case in SEARCH_CASES {
        let depth = if quick { case.quick_depth } else { case.depth };
        let Some(v) = variant(case.rules, case.name) else {
            continue;
        };
        let Some(mut pos) = case_position(&v, case.name, case.position) else {
            continue;
        };
        let mut searcher = crate::game::search::Searcher::new(&v);
        let limits = crate::game::search::Limits {
            depth,
            threads,
            ..Default::default()
        };
        let t = Instant::now();
        let root = [pos.hash()];
        let r = searcher.search(
            &mut pos,
            limits,
            History {
                hashes: &root,
                checks: None,
            },
        );
        let seconds = t.elapsed().as_secs_f64();
        let m = SearchMeasure {
            case: case.name.into(),
            depth: r.depth,
            nodes: r.nodes,
            seconds,
            nps: r.nodes as f64 / seconds.max(1e-9),
            best: r.best.map(|m| pos.move_text(&m)).unwrap_or_else(|| "-".into()),
            score: r.score,
        };
        report(&m);
        out.push(m);
    }
    out
}

/// One line of the human-readable search benchmark report.
pub fn format_search_line(m: &SearchMeasure) -> String {
    format!(
        "{:<26} search depth {:>2} {:>12} nodes {:>8.3} s {:>10.0} nodes/s  best {} ({})",
        m.case, m.depth, m.nodes, m.seconds, m.nps, m.best, m.score
    )
}

/// The Fairy-Stockfish suite behind `chimera bench --suite fsf`: the 28
/// best-known variants of Fairy-Stockfish, each from its start at a depth
/// where both engines take about a second or more, by the bundled rules
/// file of the same name (Fairy-Stockfish's own variant name). The depth
/// with `--quick` is one less.
pub const FSF_SUITE: &[(&str, u32)] = &[
    ("3check", 6),
    ("antichess", 5),
    ("atomic", 6),
    ("capablanca", 5),
    ("chess", 6),
    ("chessgi", 5),
    ("courier", 5),
    ("crazyhouse", 5),
    ("dobutsu", 8),
    ("euroshogi", 5),
    ("grand", 4),
    ("horde", 7),
    ("janggi", 5),
    ("judkins", 5),
    ("kingofthehill", 6),
    ("kyotoshogi", 5),
    ("losers", 5),
    ("makruk", 6),
    ("minishogi", 5),
    ("placement", 4),
    ("racingkings", 6),
    ("seirawan", 5),
    ("shako", 4),
    ("shatranj", 6),
    ("shogi", 5),
    ("sittuyin", 4),
    ("torishogi", 5),
    ("xiangqi", 5),
];

/// Runs the Fairy-Stockfish suite: chimera's perft from the start of each
/// variant, timed from reading the rules to the count (the work a process
/// would do), the best of `runs`. `fsf`, when given, times the same perft
/// in that Fairy-Stockfish (see [`FsfRunner`]) and `report` gets the ratio
/// of speeds (chimera ÷ Fairy-Stockfish); counts that differ are reported
/// as an error line and no ratio.
pub fn run_fsf_suite(
    quick: bool,
    runs: u32,
    only: &[String],
    fsf: Option<&dyn FsfRunner>,
    mut report: impl FnMut(&Measure, Option<f64>),
    mut mismatch: impl FnMut(&str, u64, u64),
) -> Vec<Measure> {
    let mut out = Vec::new();
    for &(name, depth) in FSF_SUITE {
        if !only.is_empty() && !only.iter().any(|o| o == name) {
            continue;
        }
        let depth = if quick { depth - 1 } else { depth };
        let Some(&(_, rules)) = crate::bundled::VARIANTS.iter().find(|(n, _)| *n == name) else {
            eprintln!("{name}: not bundled");
            continue;
        };
        let ours = measure(name, "chimera", depth, runs, || {
            let Some(v) = variant(rules, name) else {
                return 0;
            };
            let mut pos = Position::start(&v);
            perft(&mut pos, depth)
        });
        report(&ours, None);
        if let Some(fsf) = fsf {
            let mut failed = None;
            let theirs = measure(name, "Fairy-Stockfish", depth, runs, || {
                match fsf.perft(name, depth) {
                    Ok(n) => n,
                    Err(e) => {
                        failed = Some(e);
                        0
                    }
                }
            });
            if let Some(e) = failed {
                eprintln!("{name}: Fairy-Stockfish: {e}");
            } else if theirs.nodes != ours.nodes {
                mismatch(name, ours.nodes, theirs.nodes);
                out.push(theirs);
            } else {
                report(&theirs, Some(ours.nps / theirs.nps));
                out.push(theirs);
            }
        }
        out.push(ours);
    }
    out
}

/// A Fairy-Stockfish to time, in a process of its own: the perft of a
/// variant's start position at a depth (start to exit), and a search of it
/// for a fixed time.
pub trait FsfRunner {
    /// The node count, or why there is none.
    fn perft(&self, variant: &str, depth: u32) -> Result<u64, String>;
    /// A search of the start position for `movetime` with one thread: the
    /// last `info` line's depth, nodes and speed, and the move, or why
    /// there is none.
    fn search(&self, variant: &str, movetime: Duration) -> Result<TimedSearch, String>;
}

/// The variants of `chimera bench --search --fsf`: Fairy-Stockfish's names,
/// each a bundled rules file of the same name, searched from the start.
pub const FSF_SEARCH_VARIANTS: &[&str] = &["chess", "shogi", "xiangqi", "janggi", "crazyhouse", "capablanca"];

/// One engine's search for a fixed time.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TimedSearch {
    /// The engine (chimera or Fairy-Stockfish).
    pub engine: String,
    /// The depth reached: chimera's deepest finished iteration,
    /// Fairy-Stockfish's last `info` line's.
    pub depth: i32,
    /// Nodes searched, quiescence nodes included.
    pub nodes: u64,
    /// The search's time.
    pub seconds: f64,
    /// Nodes per second (Fairy-Stockfish's: the `nps` it reports).
    pub nps: f64,
    /// The move chosen, as the engine wrote it.
    pub best: String,
}

/// Reads a UCI `info` line's `depth`, `nodes`, `nps` and `time` (ms) into a
/// [`TimedSearch`] for `engine`; `None` when it has no node count and speed.
pub fn uci_info(engine: &str, line: &str) -> Option<TimedSearch> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") {
        return None;
    }
    let field = |key: &str| -> Option<u64> {
        let at = words.iter().position(|w| *w == key)?;
        words.get(at + 1)?.parse().ok()
    };
    Some(TimedSearch {
        engine: engine.into(),
        depth: field("depth").unwrap_or(0) as i32,
        nodes: field("nodes")?,
        seconds: field("time").unwrap_or(0) as f64 / 1000.0,
        nps: field("nps")? as f64,
        best: String::new(),
    })
}

/// Chimera's search of `v`'s start for `movetime` with one thread and the
/// default table: no iteration is given up for lack of time, so that the
/// whole time is searched, as Fairy-Stockfish does with `go movetime`.
fn timed_search(v: &Arc<Variant>, movetime: Duration) -> TimedSearch {
    let mut pos = Position::start(v);
    let mut searcher = crate::game::search::Searcher::new(v);
    let limits = crate::game::search::Limits {
        depth: crate::game::players::MAX_DEPTH,
        movetime: Some(movetime),
        soft: Some(movetime * 2),
        threads: 1,
        ..Default::default()
    };
    let root = [pos.hash()];
    let history = History {
        hashes: &root,
        checks: None,
    };
    let r = searcher.search(&mut pos, limits, history);
    let seconds = r.elapsed.as_secs_f64();
    TimedSearch {
        engine: "chimera".into(),
        depth: r.depth,
        nodes: r.nodes,
        seconds,
        nps: r.nodes as f64 / seconds.max(1e-9),
        best: r.best.map(|m| pos.move_text(&m)).unwrap_or_else(|| "-".into()),
    }
}

/// Search speed against Fairy-Stockfish (`chimera bench --search --fsf`):
/// for each variant (`only`, else [`FSF_SEARCH_VARIANTS`]; each a bundled
/// rules file), Fairy-Stockfish's search of the start for `movetime`, then
/// chimera's; `report` gets both and chimera's nodes per second over
/// Fairy-Stockfish's. A variant not bundled, or a Fairy-Stockfish that
/// fails, ends the run with the reason.
pub fn run_fsf_search(
    movetime: Duration,
    only: &[String],
    fsf: &dyn FsfRunner,
    mut report: impl FnMut(&str, &TimedSearch, &TimedSearch, f64),
) -> Result<Vec<(TimedSearch, TimedSearch)>, String> {
    let names: Vec<&str> = if only.is_empty() {
        FSF_SEARCH_VARIANTS.to_vec()
    } else {
        only.iter().map(String::as_str).collect()
    };
    // Every name is checked before anything is searched.
    let mut variants = Vec::new();
    for name in names {
        let Some(&(_, rules)) = crate::bundled::VARIANTS.iter().find(|(n, _)| *n == name) else {
            return Err(format!("`{name}` is not a bundled variant"));
        };
        variants.push((name, crate::load_str(name, rules).map_err(|d| d.render())?));
    }
    let mut out = Vec::new();
    for (name, v) in variants {
        let theirs = fsf
            .search(name, movetime)
            .map_err(|e| format!("{name}: Fairy-Stockfish: {e}"))?;
        let ours = timed_search(&v, movetime);
        let ratio = ours.nps / theirs.nps.max(1e-9);
        report(name, &ours, &theirs, ratio);
        out.push((ours, theirs));
    }
    Ok(out)
}

/// One line of `chimera bench --search --fsf`: a variant, both engines'
/// searches, the ratio of their speeds.
pub fn format_vs_line(case: &str, ours: &TimedSearch, theirs: &TimedSearch, ratio: f64) -> String {
    let side = |s: &TimedSearch| {
        format!(
            "{} depth {:>2} {:>11} nodes {:>9.0} nodes/s",
            s.engine, s.depth, s.nodes, s.nps
        )
    };
    format!(
        "{case:<11} {} | {} | chimera/Fairy-Stockfish = {ratio:.3}",
        side(ours),
        side(theirs)
    )
}
