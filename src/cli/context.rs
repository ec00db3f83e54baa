//! What every command shares: loading a rules file with the `--option`
//! values, and building a position from `--position` and `--moves`.

use std::path::Path;
use std::sync::Arc;

use super::output::{Failure, bad};
use crate::compile::OptionValues;
use crate::engine::{Position, Strictness, Variant};
use crate::game::Game;
use crate::load::{Compiled, Loader};
use crate::text::MoveTextError;

/// The options given on the command line.
pub(crate) struct Context {
    pub loader: Loader,
}

impl Context {
    /// Reads `--option NAME=VALUE` flags.
    pub fn new(flags: &[String]) -> Result<Context, Failure> {
        let mut options = OptionValues::new();
        for o in flags {
            match o.split_once('=') {
                Some((k, v)) => {
                    options.insert(k.trim().to_string(), v.trim().to_string());
                }
                None => return Err(bad(format!("--option `{o}`: write NAME=VALUE"))),
            }
        }
        Ok(Context {
            loader: Loader::new().options(options),
        })
    }

    /// Loads and compiles a rules file.
    pub fn load(&self, path: &Path) -> Result<Arc<Variant>, Failure> {
        Ok(self.loader.load(path)?)
    }

    /// Compiles a variant bundled with chimera (`variants/NAME.toml`, built
    /// in), if there is one of that name.
    pub fn load_bundled(&self, name: &str) -> Option<Result<Arc<Variant>, Failure>> {
        let (file, text) = crate::bundled::VARIANTS.iter().find(|(n, _)| *n == name)?;
        Some(
            self.loader
                .load_str(&format!("{file}.toml"), text)
                .map_err(Failure::from),
        )
    }

    /// Loads a rules file with its schema and warnings.
    pub fn load_full(&self, path: &Path) -> Result<Compiled, Failure> {
        Ok(self.loader.load_full(path)?)
    }

    /// The variant and a position in it: the start, or `text`, then `moves`.
    pub fn load_at(&self, path: &Path, at: &PositionArgs) -> Result<(Arc<Variant>, Position), Failure> {
        let v = self.load(path)?;
        let pos = at.position(&v)?;
        Ok((v, pos))
    }
}

/// The position arguments several commands share.
#[derive(clap::Args, Debug, Clone, Default)]
pub(crate) struct PositionArgs {
    /// Start from this position (the variant's position text) instead of the start.
    #[arg(long)]
    pub position: Option<String>,
    /// Start from the variant's shuffled start number N (a variant with
    /// `[setup.shuffle]`: Chess960), instead of the start.
    #[arg(long, conflicts_with = "position")]
    pub start: Option<u64>,
    /// Play these moves first (space-separated; canonical, UCI or USI).
    #[arg(long)]
    pub moves: Option<String>,
    /// Accept a position no game can reach (the side not to move in check,
    /// impossible hands or material), as some test suites have.
    #[arg(long)]
    pub lenient: bool,
}

impl PositionArgs {
    /// The position these arguments describe.
    pub fn position(&self, v: &Arc<Variant>) -> Result<Position, Failure> {
        self.game(v).map(|g| g.position().clone())
    }

    fn strictness(&self) -> Strictness {
        if self.lenient {
            Strictness::Lenient
        } else {
            Strictness::Strict
        }
    }

    /// The game these arguments describe: the position with the history of
    /// its moves.
    pub fn game(&self, v: &Arc<Variant>) -> Result<Game, Failure> {
        let text = match self.start {
            Some(n) => Some(numbered_start(v, n)?.to_text()),
            None => self.position.clone(),
        };
        game_with(v, text.as_deref(), self.moves.as_deref(), self.strictness())
    }
}

/// A position: the start or `text`, then `moves` (space-separated).
pub(crate) fn position(
    v: &Arc<Variant>,
    text: Option<&str>,
    moves: Option<&str>,
) -> Result<Position, Failure> {
    position_with(v, text, moves, Strictness::Strict)
}

pub(crate) fn position_with(
    v: &Arc<Variant>,
    text: Option<&str>,
    moves: Option<&str>,
    strictness: Strictness,
) -> Result<Position, Failure> {
    game_with(v, text, moves, strictness).map(|g| g.position().clone())
}

/// The game of `position_with`: its history decides repetitions. Moves
/// are played past a result the rules would declare (as in a test suite's
/// lines), but never one the history forbids.
fn game_with(
    v: &Arc<Variant>,
    text: Option<&str>,
    moves: Option<&str>,
    strictness: Strictness,
) -> Result<Game, Failure> {
    let pos = match text {
        None => Position::start(v),
        Some(t) => {
            Position::from_text_with(v, t, strictness).map_err(|e| bad(format!("bad position: {e}")))?
        }
    };
    let mut game = Game::new(pos);
    for (i, m) in moves.unwrap_or("").split_whitespace().enumerate() {
        let mv = game
            .pos
            .parse_move(m)
            .map_err(|e| bad(format!("move {}: {e}", i + 1)))?;
        if game.repeats_forbidden(mv) {
            return Err(bad(format!(
                "move {}: {}",
                i + 1,
                MoveTextError::Repeats(m.to_string())
            )));
        }
        game.play(mv);
    }
    Ok(game)
}

/// Shuffled start number `n` of the variant (`--start N`).
pub(crate) fn numbered_start(v: &Arc<Variant>, n: u64) -> Result<Position, Failure> {
    Position::numbered_start(v, n).map_err(|e| bad(format!("--start: {e}")))
}

/// A shuffled start drawn by `seed`, with its number, when the variant's
/// start is drawn (`[setup.shuffle]`): the same seed, the same start.
pub(crate) fn drawn_start(v: &Arc<Variant>, seed: u64) -> Result<Option<(u64, Position)>, Failure> {
    use rand::{Rng, SeedableRng};
    let Some(count) = v.start_count() else {
        return Ok(None);
    };
    let n = rand::rngs::StdRng::seed_from_u64(seed).random_range(0..count);
    Ok(Some((n, numbered_start(v, n)?)))
}
