//! The Pythonic face: `Variant`, `Position`, `Move`.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use chimera::game::Game;
use chimera::game::search::{Limits, Searcher, Weights};
use chimera::game::tune::{Sample, TuneOptions, fit, self_play_games};
use chimera::{Color, Move, MoveKind, MoveNotation, Position};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::work::Stoppable;
use crate::{Error, MoveError, fsf_error, guard, position_error, rules_error, work};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyVariant>()?;
    m.add_class::<PyPosition>()?;
    m.add_class::<PyMove>()?;
    Ok(())
}

/// A compiled variant: `Variant.load(path)`, `Variant.from_text(toml)`,
/// `Variant.bundled(name)`.
#[pyclass(name = "Variant", module = "chimera", frozen)]
pub(crate) struct PyVariant {
    pub(crate) v: Arc<chimera::Variant>,
    /// The rules file, when loaded from one (for `check`).
    path: Option<PathBuf>,
    /// Its text, when given as text or bundled.
    text: Option<String>,
}

#[pymethods]
impl PyVariant {
    /// Loads and compiles a rules file; a file that does not compile raises
    /// `chimera.RulesError` (with `line` and `column`).
    #[staticmethod]
    fn load(path: PathBuf) -> PyResult<PyVariant> {
        guard(|| {
            let v = chimera::load(&path).map_err(|d| rules_error(&d))?;
            Ok(PyVariant {
                v,
                path: Some(path),
                text: None,
            })
        })
    }

    /// Compiles a rules file's text.
    #[staticmethod]
    #[pyo3(signature = (text, name = "<rules text>"))]
    fn from_text(text: &str, name: &str) -> PyResult<PyVariant> {
        guard(|| {
            let v = chimera::load_str(name, text).map_err(|d| rules_error(&d))?;
            Ok(PyVariant {
                v,
                path: None,
                text: Some(text.to_string()),
            })
        })
    }

    /// A bundled variant by name (`chess`, `shogi`, `ko-shogi`, pyffish's
    /// names too), or one loaded with `load_variant_config`.
    #[staticmethod]
    fn bundled(name: &str) -> PyResult<PyVariant> {
        guard(|| {
            let c = chimera::fsf::compiled(name).map_err(fsf_error)?;
            Ok(PyVariant {
                v: c.variant.clone(),
                path: None,
                text: Some(c.source.text.clone()),
            })
        })
    }

    /// The names of the bundled variants.
    #[staticmethod]
    fn names() -> Vec<String> {
        chimera::bundled::VARIANTS
            .iter()
            .map(|(n, _)| n.to_string())
            .collect()
    }

    /// The name the rules file gives.
    #[getter]
    fn name(&self) -> String {
        self.v.name().to_string()
    }

    /// The rules file's description.
    #[getter]
    fn description(&self) -> String {
        self.v.description().to_string()
    }

    /// (files, ranks).
    #[getter]
    fn size(&self) -> (usize, usize) {
        (self.v.board().files(), self.v.board().ranks())
    }

    /// The pieces: a list of dicts (name, symbol, betza, royal, value).
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.v
            .kinds()
            .map(|k| {
                let p = self.v.piece(k);
                let d = PyDict::new(py);
                d.set_item("name", p.name())?;
                d.set_item("symbol", p.symbol())?;
                d.set_item("betza", p.betza())?;
                d.set_item("royal", p.is_royal())?;
                d.set_item("value", p.value())?;
                Ok(d)
            })
            .collect()
    }

    /// The start position.
    fn start(&self) -> PyResult<PyPosition> {
        guard(|| {
            Ok(PyPosition {
                game: Game::new(Position::start(&self.v)),
            })
        })
    }

    /// A position from text (FEN, SFEN, chimera's position text).
    fn position(&self, text: &str) -> PyResult<PyPosition> {
        guard(|| {
            let pos = Position::from_text(&self.v, text).map_err(|e| position_error(text, &e))?;
            Ok(PyPosition { game: Game::new(pos) })
        })
    }

    /// Runs the rules file's `[[test]]` cases (what `chimera check` does):
    /// a list of dicts (name, passed, failures), in the file's order. Each
    /// case runs with its own option values where it gives some.
    fn check<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let (name, text) = guard(|| match (&self.path, &self.text) {
            (Some(path), _) => chimera::read_text_file(path)
                .map(|t| (path.display().to_string(), t))
                .map_err(Error::new_err),
            (None, Some(text)) => Ok((format!("{}.toml", self.v.name()), text.clone())),
            (None, None) => Err(Error::new_err(
                "this variant has no rules text to read test cases from",
            )),
        })?;
        let reports = py.detach(move || {
            guard(move || {
                let source = chimera::rules::Source {
                    name: name.clone(),
                    text,
                };
                let compiled = chimera::Loader::new()
                    .compile_source(source)
                    .map_err(|d| rules_error(&d))?;
                let mut out = Vec::new();
                for case in &compiled.file.tests {
                    let r = if case.options.is_empty() {
                        chimera::check::run_case(&compiled.variant, case, &name)
                    } else {
                        match compiled.with_options(&case.options) {
                            Ok(v) => chimera::check::run_case(&v, case, &name),
                            Err(d) => chimera::check::CaseReport {
                                name: case.name.clone(),
                                source: name.clone(),
                                passed: false,
                                failures: vec![format!("options {:?}: {}", case.options, d.message)],
                            },
                        }
                    };
                    out.push(r);
                }
                Ok(out)
            })
        })?;
        reports
            .into_iter()
            .map(|r| {
                let d = PyDict::new(py);
                d.set_item("name", r.name)?;
                d.set_item("passed", r.passed)?;
                d.set_item("failures", r.failures)?;
                Ok(d)
            })
            .collect()
    }

    /// The self-play games of `chimera tune` numbered `games` (a list of
    /// ints), each opened by `random_plies` random plies from `seed` and
    /// played by the engine against itself at `nodes` nodes a move with the
    /// weights of the file `weights` (default: the variant's own): the
    /// same games, move for move, as `chimera tune --seed` plays under those
    /// numbers, wherever they are played. A dict: `games`, `outcomes`
    /// (first player won, drawn, second won) and `samples`, a list of
    /// `(game, result, features)` (the quiet positions; result for the side
    /// to move: 1, ½ or 0). The GIL is released while the games run, and
    /// Ctrl-C stops them (`KeyboardInterrupt`).
    #[pyo3(signature = (games, nodes = 2000, max_plies = 300, random_plies = 6, seed = 1, weights = None))]
    #[allow(clippy::too_many_arguments)]
    fn self_play<'py>(
        &self,
        py: Python<'py>,
        games: Vec<usize>,
        nodes: u64,
        max_plies: usize,
        random_plies: usize,
        seed: u64,
        weights: Option<PathBuf>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let v = Arc::clone(&self.v);
        let played = work::interruptible(py, move |stop| {
            let start = start_weights(&v, weights.as_deref())?;
            let opts = TuneOptions {
                games: games.len(),
                nodes: nodes.max(1),
                max_plies,
                random_plies,
                seed,
                stop: Some(stop),
                ..TuneOptions::default()
            };
            Ok(self_play_games(&v, &start, &opts, &games))
        })?;
        let d = PyDict::new(py);
        d.set_item("games", played.games)?;
        d.set_item("outcomes", played.outcomes.to_vec())?;
        let samples: Vec<(usize, f64, Vec<f64>)> = played
            .samples
            .into_iter()
            .map(|s| (s.game, s.result, s.features))
            .collect();
        d.set_item("samples", samples)?;
        Ok(d)
    }

    /// One game between two players, as `chimera play --first … --second …`:
    /// each `"engine"` (chimera's, or `"engine:depth=N,movetime=MS,…"`),
    /// `"random"`, or an external engine — `"uci:PATH"`, `"usi:PATH"`,
    /// `"xboard:PATH"`, with `,movetime=MS,depth=N,OPTION=VALUE` — started
    /// for the game and stopped after it. From the start or the position
    /// text `start`; `tc` a clock (`"BASE+INC"` seconds, with `byoyomi`)
    /// on which a side whose time runs out loses. External engines are told
    /// the variant as `engine_variant` (default: the rules file's name, or
    /// the bundled name). The GIL is released while the game runs, and
    /// Ctrl-C stops it (`KeyboardInterrupt`, within a second; an external
    /// engine thinking is not waited for: it is told to quit, and ended). A dict:
    /// `moves` (chimera's move texts), `result` (`winner`, `reason`,
    /// `text`; None if a player quit), `plies`.
    #[pyo3(signature = (first = "engine", second = "engine", *, start = None, max_plies = 400, depth = 64, movetime = None, tc = None, byoyomi = 0.0, seed = 1, engine_variant = None))]
    #[allow(clippy::too_many_arguments)]
    fn play<'py>(
        &self,
        py: Python<'py>,
        first: &str,
        second: &str,
        start: Option<&str>,
        max_plies: usize,
        depth: i32,
        movetime: Option<u64>,
        tc: Option<&str>,
        byoyomi: f64,
        seed: u64,
        engine_variant: Option<String>,
    ) -> PyResult<Bound<'py, PyDict>> {
        use chimera::game::players::{EnginePlayer, Player, PlayerSpec, RandomPlayer};
        use chimera::game::{PlayOptions, TimeControl, run_game};
        // A game needs a limit: the CLI's default thinking time when none is given.
        let movetime = movetime.or((depth >= 64).then_some(chimera::game::players::DEFAULT_MOVETIME_MS));
        let specs = [first, second].map(|s| PlayerSpec::parse(s, depth, movetime).map_err(Error::new_err));
        let [a, b] = specs;
        let specs = [a?, b?];
        if specs.iter().any(|s| matches!(s, PlayerSpec::Human)) {
            return Err(Error::new_err(
                "a human player reads the terminal: give a callable to play_game instead",
            ));
        }
        let control = tc
            .map(|t| TimeControl::parse(t, byoyomi).map_err(Error::new_err))
            .transpose()?;
        let v = Arc::clone(&self.v);
        let name = engine_variant.unwrap_or_else(|| match &self.path {
            Some(p) => p
                .file_stem()
                .map_or_else(|| v.name().to_string(), |s| s.to_string_lossy().into_owned()),
            None => v.name().to_lowercase().replace(' ', "-"),
        });
        let start = start.map(str::to_string);
        let (texts, result) = work::interruptible(py, move |stop| {
            let pos = match &start {
                Some(t) => Position::from_text(&v, t).map_err(|e| position_error(t, &e))?,
                None => Position::start(&v),
            };
            let mut game = Game::new(pos);
            if let Some(c) = control {
                game.set_time_control(c);
            }
            let mut seats = Vec::with_capacity(2);
            for (i, spec) in specs.iter().enumerate() {
                let p: Box<dyn Player> = match spec {
                    PlayerSpec::Random => Box::new(RandomPlayer::new(seed.wrapping_add(i as u64))),
                    PlayerSpec::Engine(c) => {
                        let mut p = EnginePlayer::from_config(&v, c).map_err(Error::new_err)?;
                        p.set_stop(Arc::clone(&stop));
                        Box::new(p)
                    }
                    PlayerSpec::External(e) => {
                        let mut p = chimera::game::external::start(e, &name, None).map_err(Error::new_err)?;
                        // Ctrl-C ends the wait for its move; the program is ended with the game.
                        p.set_stop(Arc::clone(&stop));
                        p
                    }
                    PlayerSpec::Human => return Err(Error::new_err("no human player here")),
                };
                seats.push(p);
            }
            let (Some(b), Some(a)) = (seats.pop(), seats.pop()) else {
                return Err(Error::new_err("two players are needed"));
            };
            let mut players: [Box<dyn Player>; 2] = [
                Box::new(Stoppable(a, Arc::clone(&stop))),
                Box::new(Stoppable(b, Arc::clone(&stop))),
            ];
            let opts = PlayOptions {
                max_plies,
                print_moves: false,
                show_board: false,
                verbose: false,
            };
            let result = run_game(&mut game, &mut players, &mut std::io::sink(), &opts);
            let mut replay = game.start_position().clone();
            let mut texts = Vec::with_capacity(game.moves().len());
            for m in game.moves() {
                texts.push(replay.move_text(m));
                replay.make(*m);
            }
            let result = result.map(|r| {
                let winner = r.winner.map(|c| side_name(&replay, c));
                (winner, r.reason.key(), r.describe(replay.variant()))
            });
            Ok((texts, result))
        })?;
        let d = PyDict::new(py);
        d.set_item("plies", texts.len())?;
        d.set_item("moves", texts)?;
        match result {
            Some((winner, reason, text)) => {
                let r = PyDict::new(py);
                r.set_item("winner", winner)?;
                r.set_item("reason", reason)?;
                r.set_item("text", text)?;
                d.set_item("result", r)?;
            }
            None => d.set_item("result", py.None())?,
        }
        Ok(d)
    }

    /// The fit of `chimera tune` over samples from `self_play` (in game
    /// order, as `chimera tune` fits them), starting from the weights of the
    /// file `weights` (default: the variant's own). A dict: `text` (the
    /// weights file, as `chimera tune` writes it, with `comment` on top),
    /// `loss_before`, `loss_after`, `held_out_before`, `held_out_after`,
    /// `scale`, `positions`.
    #[pyo3(signature = (samples, iterations = 2000, weights = None, comment = "Evaluation weights fitted by chimera.distributed.tune"))]
    fn fit<'py>(
        &self,
        py: Python<'py>,
        samples: Vec<(usize, f64, Vec<f64>)>,
        iterations: usize,
        weights: Option<PathBuf>,
        comment: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let v = Arc::clone(&self.v);
        let comment = comment.to_string();
        let (f, text, positions) = py.detach(move || {
            guard(move || {
                let start = start_weights(&v, weights.as_deref())?;
                let width = start.to_vec().len();
                let mut all = Vec::with_capacity(samples.len());
                for (game, result, features) in samples {
                    if features.len() != width {
                        return Err(Error::new_err(format!(
                            "a sample has {} features; {} has {width}",
                            features.len(),
                            v.name()
                        )));
                    }
                    all.push(Sample {
                        features,
                        result,
                        game,
                    });
                }
                if all.len() < 10 {
                    return Err(Error::new_err(format!(
                        "only {} positions: too few to fit (play more games)",
                        all.len()
                    )));
                }
                let f = fit(&v, &start, &all, iterations.max(1));
                let text = f.weights.to_toml(&v, &comment);
                Ok((f, text, all.len()))
            })
        })?;
        let d = PyDict::new(py);
        d.set_item("text", text)?;
        d.set_item("loss_before", f.loss_before)?;
        d.set_item("loss_after", f.loss_after)?;
        d.set_item("held_out_before", f.held_out_before)?;
        d.set_item("held_out_after", f.held_out_after)?;
        d.set_item("scale", f.scale)?;
        d.set_item("positions", positions)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!("<chimera.Variant {}>", self.v.name())
    }
}

/// The weights a tune starts from: a weights file's, or the variant's own.
fn start_weights(v: &Arc<chimera::Variant>, path: Option<&std::path::Path>) -> PyResult<Weights> {
    match path {
        Some(p) => Weights::read(v, p).map_err(Error::new_err),
        None => Ok(Searcher::new(v).eval().weights().clone()),
    }
}

/// A legal move of a position, with its texts.
#[pyclass(name = "Move", module = "chimera", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyMove {
    m: Move,
    /// Fairy-Stockfish's UCI (canonical where UCI has no spelling).
    #[pyo3(get)]
    uci: String,
    /// chimera's canonical notation.
    #[pyo3(get)]
    text: String,
    /// SAN (Fairy-Stockfish's).
    #[pyo3(get)]
    san: String,
    /// The origin square's name (None for a drop).
    #[pyo3(get)]
    from_square: Option<String>,
    /// The final square's name (None for a pass).
    #[pyo3(get)]
    to_square: Option<String>,
    /// Whether it captures.
    #[pyo3(get)]
    is_capture: bool,
    /// Whether it enters a piece from a hand.
    #[pyo3(get)]
    is_drop: bool,
    /// The name of the piece it promotes to, if any.
    #[pyo3(get)]
    promotion: Option<String>,
}

impl PyMove {
    fn new(pos: &mut Position, m: Move) -> PyMove {
        let v = pos.variant().clone();
        PyMove {
            uci: chimera::fsf::uci(pos, &m),
            text: pos.move_text(&m),
            san: pos.move_text_as(&m, MoveNotation::San),
            from_square: m.from().map(|s| v.square_name(s)),
            to_square: m.to().map(|s| v.square_name(s)),
            is_capture: m.is_capture(),
            is_drop: matches!(m.kind(), MoveKind::Drop),
            promotion: m.promotion().map(|k| v.piece(k).name().to_string()),
            m,
        }
    }
}

#[pymethods]
impl PyMove {
    fn __str__(&self) -> String {
        self.uci.clone()
    }
    fn __repr__(&self) -> String {
        format!("<chimera.Move {}>", self.text)
    }
}

/// A position with its game history (for repetition and the other end
/// rules): `make`/`unmake`, legal moves, perft, result, engine search.
#[pyclass(name = "Position", module = "chimera")]
pub(crate) struct PyPosition {
    game: Game,
}

fn side_name(pos: &Position, c: Color) -> String {
    pos.variant().side_name(c).to_string()
}

impl PyPosition {
    /// The legal move `mv` names (a `Move` or a text), asked of the game's
    /// own position: a copy would carry the game's whole history, which
    /// made a long game quadratic (issue 45).
    fn find(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<Move> {
        if let Ok(m) = mv.cast::<PyMove>() {
            let m = m.get().m;
            if self.game.is_legal(m) {
                return Ok(m);
            }
            return Err(MoveError::new_err(format!(
                "{} is not legal here",
                describe(self.game.position(), &m)
            )));
        }
        let text: String = mv.extract()?;
        self.game
            .parse_move(&text)
            .map_err(|e| MoveError::new_err(e.to_string()))
    }
}

fn describe(pos: &Position, m: &Move) -> String {
    let v = pos.variant();
    format!(
        "the move {}-{}",
        m.from().map(|s| v.square_name(s)).unwrap_or_default(),
        m.to().map(|s| v.square_name(s)).unwrap_or_default()
    )
}

#[pymethods]
impl PyPosition {
    /// The position text (the variant's FEN or SFEN).
    #[getter]
    fn text(&self) -> String {
        self.game.position().to_text()
    }

    /// The position in Fairy-Stockfish's FEN.
    #[getter]
    fn fen(&self) -> PyResult<String> {
        guard(|| Ok(chimera::fsf::fen(self.game.position())))
    }

    /// The name of the side to move (`white`, `black`, …).
    #[getter]
    fn side_to_move(&self) -> String {
        let pos = self.game.position();
        side_name(pos, pos.side_to_move())
    }

    /// Plies played since this object's start.
    #[getter]
    fn ply(&self) -> usize {
        self.game.moves().len()
    }

    /// The legal moves (none once the game is over by a rule).
    fn legal_moves(&mut self) -> PyResult<Vec<PyMove>> {
        guard(|| {
            let moves = self.game.legal_moves();
            Ok(self
                .game
                .probe(|pos| moves.into_iter().map(|m| PyMove::new(pos, m)).collect()))
        })
    }

    /// Plays a move: a `Move` of this position or a move text (UCI, USI,
    /// SAN is not read; chimera's canonical notation).
    fn make(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        guard(|| {
            let m = self.find(r#move)?;
            self.game.play(m);
            Ok(())
        })
    }

    /// Takes back the last move; False when there is none.
    fn unmake(&mut self) -> PyResult<bool> {
        guard(|| Ok(self.game.undo()))
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> PyResult<bool> {
        guard(|| {
            let pos = self.game.position();
            Ok(pos.in_check(pos.side_to_move()))
        })
    }

    /// The move's text in a notation: `canonical`, `uci`, `usi`, `san`,
    /// `hodges-number`, `xboard`, `seed`.
    #[pyo3(signature = (r#move, notation = "san"))]
    fn move_text(&mut self, r#move: &Bound<'_, PyAny>, notation: &str) -> PyResult<String> {
        guard(|| {
            let n = MoveNotation::parse(notation)
                .ok_or_else(|| Error::new_err(format!("unknown notation `{notation}`")))?;
            let m = self.find(r#move)?;
            Ok(self.game.probe(|pos| pos.move_text_as(&m, n)))
        })
    }

    /// None while the game goes on; else a dict: `winner` (a side's name or
    /// None for a draw), `reason` (`checkmate`, `repetition`, …), `text`.
    fn result<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(r) = guard(|| Ok(self.game.result()))? else {
            return Ok(None);
        };
        let pos = self.game.position();
        let d = PyDict::new(py);
        d.set_item("winner", r.winner.map(|c| side_name(pos, c)))?;
        d.set_item("reason", r.reason.key())?;
        d.set_item("text", r.describe(pos.variant()))?;
        Ok(Some(d))
    }

    /// Counts the leaf nodes of the move tree to `depth` (at most 255; the
    /// GIL is released while it runs, and Ctrl-C stops it:
    /// `KeyboardInterrupt`). `divide=True` gives a dict: each legal move's
    /// UCI text and its subtree's count.
    #[pyo3(signature = (depth, divide = false))]
    fn perft(&self, py: Python<'_>, depth: u32, divide: bool) -> PyResult<Py<PyAny>> {
        let pos = self.game.position().clone();
        if !divide {
            let n = work::perft(py, pos, depth)?;
            return Ok(n.into_pyobject(py)?.into_any().unbind());
        }
        let d = PyDict::new(py);
        for (k, n) in work::perft_divide(py, pos, depth)? {
            d.set_item(k, n)?;
        }
        Ok(d.into_any().unbind())
    }

    /// The move sequences `depth` plies deep, as perft walks them (UCI
    /// texts): perft(d) is the sum of perft(d - depth) after each. For
    /// splitting perft into tasks (`chimera.distributed.perft`). At most
    /// 2,000,000 move texts in all (chess's depth 4), else `ValueError`;
    /// Ctrl-C stops it.
    fn perft_prefixes(&self, py: Python<'_>, depth: u32) -> PyResult<Vec<Vec<String>>> {
        work::perft_prefixes(py, self.game.position().clone(), depth)
    }

    /// chimera's engine: the best move found within `depth` plies or
    /// `movetime` milliseconds (or `nodes`), as a dict: `move` (a `Move`),
    /// `score` (centipawns for the side to move), `depth`, `nodes`. The
    /// GIL is released while it searches, and Ctrl-C stops it
    /// (`KeyboardInterrupt`). None when there is no legal move.
    #[pyo3(signature = (depth = 64, movetime = None, nodes = None, hash_mb = 16))]
    fn best_move<'py>(
        &self,
        py: Python<'py>,
        depth: i32,
        movetime: Option<u64>,
        nodes: Option<u64>,
        hash_mb: usize,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        if movetime.is_none() && nodes.is_none() && depth >= 64 {
            return Err(Error::new_err("give a limit: depth, movetime or nodes"));
        }
        let mut pos = self.game.position().clone();
        let line = self.game.line();
        let report = work::interruptible(py, move |stop| {
            let v = pos.variant().clone();
            let mut s = Searcher::with_hash(&v, hash_mb);
            let limits = Limits {
                depth,
                movetime: movetime.map(Duration::from_millis),
                soft: None,
                stop: Some(stop),
                threads: 1,
                nodes,
            };
            Ok(s.search(&mut pos, limits, line.history()))
        })?;
        let Some(best) = report.best else {
            return Ok(None);
        };
        let mut pos = self.game.position().clone();
        let d = PyDict::new(py);
        d.set_item("move", PyMove::new(&mut pos, best))?;
        d.set_item("score", report.score)?;
        d.set_item("depth", report.depth)?;
        d.set_item("nodes", report.nodes)?;
        Ok(Some(d))
    }

    /// A copy (with its history).
    fn copy(&self) -> PyPosition {
        PyPosition {
            game: self.game.clone(),
        }
    }

    fn __repr__(&self) -> String {
        format!("<chimera.Position {}>", self.game.position().to_text())
    }
}
