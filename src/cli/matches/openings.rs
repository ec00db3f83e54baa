//! Openings for a match: read from a file of positions (FEN/EPD, one a
//! line), or made from the rules file itself — random playouts of a few
//! plies, kept when a shallow search scores them near level, so that a
//! variant with no opening book still gets varied, fair starts. Each
//! opening is played once with each colour (a pair).

use std::path::Path;
use std::sync::Arc;

use rand::{Rng, SeedableRng, rngs::StdRng};

use crate::engine::{History, Move, Position, Variant};
use crate::game::Game;
use crate::game::search::{Limits, Searcher};

/// The most lines an openings file may have.
const MAX_OPENINGS: usize = 1_000_000;

/// Tries at a level opening before the most level one found is taken.
const TRIES: usize = 64;

/// Nodes of the shallow search that judges a generated opening.
const JUDGE_NODES: u64 = 2_000;

/// One opening: a start position and moves from it.
#[derive(Clone)]
pub(crate) struct Opening {
    pub start: Position,
    pub moves: Vec<Move>,
}

impl Opening {
    /// A game from this opening.
    pub fn game(&self) -> Game {
        let mut g = Game::new(self.start.clone());
        for &m in &self.moves {
            g.play(m);
        }
        g
    }
}

/// How the openings of a match are had.
pub(crate) enum Book {
    /// Positions read from a file, used in turn (the pair's index modulo
    /// their number).
    File(Vec<Position>),
    /// Made for each pair from its seed.
    Generated {
        plies: usize,
        /// The most a shallow search may score the opening (centipawns);
        /// `None`: any.
        balance: Option<i32>,
        seed: u64,
    },
}

impl Book {
    /// Reads an openings file ([`read_positions`]).
    pub fn read(v: &Arc<Variant>, path: &Path) -> Result<Book, String> {
        read_positions(v, path).map(Book::File)
    }

    /// The opening of pair `pair`.
    pub fn opening(&self, v: &Arc<Variant>, pair: u64) -> Opening {
        match self {
            Book::File(list) => Opening {
                start: list[(pair % list.len() as u64) as usize].clone(),
                moves: Vec::new(),
            },
            Book::Generated { plies, balance, seed } => {
                generate(v, *plies, *balance, seed.wrapping_mul(7_919).wrapping_add(pair))
            }
        }
    }
}

/// The positions an `--openings` file names, shared by the games that
/// start from them (none given: the variant's start).
pub(crate) fn starts(v: &Arc<Variant>, path: Option<&Path>) -> Result<Arc<Vec<Position>>, String> {
    match path {
        Some(p) => Ok(Arc::new(read_positions(v, p)?)),
        None => Ok(Arc::default()),
    }
}

/// Reads an openings file: one position a line in the variant's position
/// text (FEN, SFEN, …); an EPD line's operations after the position are
/// ignored; blank lines and lines starting with `#` are skipped. Every
/// other line must be a position: the first that is not is an error with
/// its line number.
pub(crate) fn read_positions(v: &Arc<Variant>, path: &Path) -> Result<Vec<Position>, String> {
    let text = crate::read_text_file(path).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if out.len() == MAX_OPENINGS {
            return Err(format!("{}: more than {MAX_OPENINGS} openings", path.display()));
        }
        out.push(read_line(v, line).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?);
    }
    if out.is_empty() {
        return Err(format!("{}: no opening in the file", path.display()));
    }
    Ok(out)
}

/// A position as a line of an openings file gives it: the whole line, or
/// (EPD) its first fields before the operations.
fn read_line(v: &Arc<Variant>, line: &str) -> Result<Position, String> {
    let whole = Position::from_text(v, line);
    let Err(e) = whole else {
        return whole.map_err(|e| e.to_string());
    };
    let fields: Vec<&str> = line.split_whitespace().collect();
    for n in (2..fields.len()).rev() {
        if let Ok(p) = Position::from_text(v, &fields[..n].join(" ")) {
            return Ok(p);
        }
    }
    Err(format!("not a position: {e}"))
}

/// Random playouts of `plies` plies from the start, seeded; with a
/// `balance`, the first whose shallow search scores within it, else the
/// most level of [`TRIES`]. A playout that ends the game is not taken.
fn generate(v: &Arc<Variant>, plies: usize, balance: Option<i32>, seed: u64) -> Opening {
    let mut rng = StdRng::seed_from_u64(seed);
    let start = Position::start(v);
    let mut best: Option<(i32, Vec<Move>)> = None;
    let mut searcher = None;
    for _ in 0..TRIES {
        let mut game = Game::new(start.clone());
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.random_range(0..legal.len())];
            game.play(m);
            moves.push(m);
        }
        if game.result().is_some() {
            continue;
        }
        let Some(limit) = balance else {
            return Opening { start, moves };
        };
        let s = searcher.get_or_insert_with(|| Searcher::with_hash(v, 1));
        let line = game.line();
        let mut pos = game.position().clone();
        let limits = Limits {
            depth: 3,
            nodes: Some(JUDGE_NODES),
            ..Limits::default()
        };
        let score = s
            .search(
                &mut pos,
                limits,
                History {
                    hashes: &line.hashes,
                    checks: Some(&line.checks),
                },
            )
            .score
            .abs();
        if score <= limit {
            return Opening { start, moves };
        }
        if best.as_ref().is_none_or(|(b, _)| score < *b) {
            best = Some((score, moves));
        }
    }
    Opening {
        start,
        moves: best.map(|(_, m)| m).unwrap_or_default(),
    }
}
