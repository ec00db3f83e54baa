//! `chimera replay`: re-play a game record and verify every move and the result.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;

use super::context::{Context, position_with};
use super::output::{Failure, Outcome, Output, bad};
use crate::display::board_text;
use crate::engine::{Color, MoveNotation, Reason, Strictness};
use crate::game::Game;
use crate::game::record::Record;
use crate::text::TextStyle;

/// Replay a game record and verify every move and the result.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The record: a file written by `play --record`, or PGN as `match`
    /// and XBoard write it (moves in chimera's notation, UCI, USI, SAN with
    /// XBoard's piece letters and its lion double moves `Nxg5-g6` or
    /// `f7e7,e7e8`; comments skipped; `1-0` a win of the first player).
    record: PathBuf,
    /// The rules file (default: the record's VariantFile tag, relative to the record's folder).
    #[arg(long)]
    variant: Option<PathBuf>,
    /// Print every position on the way: before each move, the position, the
    /// legal moves (sorted) and the move played; one JSON object per line
    /// with --json. For comparing with other engines move by move.
    #[arg(long)]
    trace: bool,
    /// Move notation of --trace: canonical (default), uci, usi or seed.
    #[arg(long, default_value = "canonical")]
    notation: String,
    /// Position text of --trace and of the JSON result: `own` (the rules
    /// file's FEN or SFEN, the default) or `fsf` (Fairy-Stockfish's FEN,
    /// character for character: docs/python.md).
    #[arg(long, default_value = "own")]
    position_text: String,
    /// Print one JSON object per line (fields in the README).
    #[arg(long)]
    pub json: bool,
    /// Which game of a file of several (PGN, as `match` and XBoard write
    /// them), counting from 1.
    #[arg(long, default_value_t = 1)]
    game: usize,
    /// Accept a start position no game can reach (the side not to move in
    /// check, impossible hands or material), as `moves --lenient` does.
    #[arg(long)]
    lenient: bool,
}

/// One line of `--trace`: the position before move `i`, its legal moves, the move.
fn trace(out: &Output, game: &mut Game, i: usize, m: &str, notation: MoveNotation, style: TextStyle) {
    let mut moves: Vec<String> = {
        let list = game.legal_moves();
        list.iter()
            .map(|mv| game.pos.move_text_as(mv, notation))
            .collect()
    };
    moves.sort();
    let position = game.position().to_text_as(style);
    out.emit(
        format!("{}. {position}  [{}]  {m}", i + 1, moves.join(" ")),
        json!({"ply": i + 1, "position": position, "moves": moves, "move": m}),
    );
}

/// The rules file a record names: as given, or relative to the record.
fn variant_path(record: &Path, tag: &str) -> PathBuf {
    let p = PathBuf::from(tag);
    if p.is_absolute() || p.exists() {
        return p;
    }
    match record.parent() {
        Some(dir) if dir.join(&p).exists() => dir.join(p),
        _ => p,
    }
}

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let out = Output::new(a.json);
    let path = &a.record;
    let text = crate::load::read_text_file(path).map_err(bad)?;
    let mut games = Record::parse_games(&text).map_err(|e| bad(format!("{}: {e}", path.display())))?;
    let count = games.len();
    if a.game == 0 || a.game > count {
        return Err(bad(format!(
            "{}: --game {} but the file has {count} game(s)",
            path.display(),
            a.game
        )));
    }
    let rec = games.swap_remove(a.game - 1);
    if count > 1 {
        out.text(format!("game {} of {count}", a.game));
    }
    let vpath = match (&a.variant, rec.tags.get("VariantFile")) {
        (Some(p), _) => p.clone(),
        (None, Some(tag)) => variant_path(path, tag),
        (None, None) => return Err(bad("the record has no VariantFile tag; give --variant")),
    };
    let v = cx.load(&vpath)?;
    // chimera's records name the start `Start`; PGN (XBoard's) `FEN`.
    let start = rec.tags.get("Start").or_else(|| rec.tags.get("FEN"));
    let strictness = if a.lenient {
        Strictness::Lenient
    } else {
        Strictness::Strict
    };
    let pos = position_with(&v, start.map(|s| s.as_str()), None, strictness)?;
    let notation = MoveNotation::parse(&a.notation).ok_or_else(|| {
        bad(format!(
            "unknown notation `{}`: canonical, uci, usi or seed",
            a.notation
        ))
    })?;
    let style = match a.position_text.as_str() {
        "own" => TextStyle::Own,
        "fsf" => TextStyle::FairyStockfish,
        other => return Err(bad(format!("unknown position text `{other}`: own or fsf"))),
    };
    let mut game = Game::new(pos);
    for (i, m) in rec.moves.iter().enumerate() {
        if a.trace {
            trace(&out, &mut game, i, m, notation, style);
        }
        game.play_text(m).map_err(|e| {
            bad(format!(
                "{}: move {} ({}{}): {e}",
                path.display(),
                i / 2 + 1,
                m,
                if i % 2 == 1 { ", second player" } else { "" }
            ))
        })?;
    }
    let result = game.result();
    let by_rules = result.map_or("ongoing".to_string(), |r| r.describe(&v));
    let Some(tag) = rec.tags.get("Result") else {
        out.text(format!("{}result: {by_rules}", board_text(game.position())));
        out.json_only(json!({
            "result": by_rules,
            "moves": rec.moves.len(),
            "verified": false,
            "position": game.position().to_text_as(style),
        }));
        return Ok(ExitCode::SUCCESS);
    };
    if let Some(expected) = pgn_result(tag) {
        return check_pgn_result(&out, path, &rec, &mut game, tag, expected, style);
    }
    let external = external_reason(tag);
    let fail = |why: String| Err(Failure::Failed(format!("{}: {why}", path.display())));
    match (external, result) {
        // A result the rules give must be the one they give.
        (None, _) if *tag == by_rules => {}
        (None, _) => return fail(format!("the record says `{tag}` but the moves give `{by_rules}`")),
        // A result from outside the rules (a player, a clock, a limit)
        // needs a game the rules have not ended.
        (Some(_), Some(_)) => {
            return fail(format!("the record says `{tag}` but the moves give `{by_rules}`"));
        }
        (Some(Reason::MoveLimit), None) => {
            // The move limit is known from the record's PlyLimit tag; the
            // game must have stopped exactly there (a cut record has not).
            match rec.tags.get("PlyLimit").map(|n| n.parse::<usize>()) {
                Some(Ok(n)) if n == rec.moves.len() => {}
                Some(Ok(n)) => {
                    return fail(format!(
                        "the record says `{tag}` at {n} plies but has {} (a cut record?)",
                        rec.moves.len()
                    ));
                }
                Some(Err(_)) => return fail("the PlyLimit tag is not a number".into()),
                None => {
                    return fail(format!(
                        "the record says `{tag}` but has no PlyLimit tag to check it by"
                    ));
                }
            }
        }
        (Some(_), None) => {}
    }
    let how = if external.is_some() { UNDECIDED } else { "" };
    Ok(verified(
        &out,
        game.position(),
        rec.moves.len(),
        tag,
        how,
        external.is_none(),
        style,
    ))
}

/// What a result from outside the rules is said with.
const UNDECIDED: &str = " (not a rule's: the moves leave the game undecided)";

/// Reports a verified record: the final board, the result and how it
/// stands (`how`), and the JSON line.
fn verified(
    out: &Output,
    pos: &crate::engine::Position,
    moves: usize,
    tag: &str,
    how: &str,
    by_rules: bool,
    style: TextStyle,
) -> ExitCode {
    out.text(format!("{}result: {tag}{how}", board_text(pos)));
    out.text(format!("record verified: {moves} moves, result {tag}"));
    out.json_only(json!({
        "result": tag,
        "by_rules": by_rules,
        "moves": moves,
        "verified": true,
        "position": pos.to_text_as(style),
    }));
    ExitCode::SUCCESS
}

/// PGN's result token as the result it names: `Some(Some(winner))`,
/// `Some(None)` a draw; `None` for `*` (unknown) or any other text. As in
/// XBoard's PGN, `1-0` is a win for the player who moves first, whatever
/// the variant calls the sides (in shogi, black).
fn pgn_result(tag: &str) -> Option<Option<Color>> {
    match tag {
        "1-0" => Some(Some(Color::First)),
        "0-1" => Some(Some(Color::Second)),
        "1/2-1/2" => Some(None),
        _ => None,
    }
}

/// A PGN result (`1-0`: the first player wins, see [`pgn_result`]):
/// where the rules end the game they must give that winner; where they do
/// not, the result came from outside them (a clock, a resignation, an
/// adjudication) and is taken as such.
fn check_pgn_result(
    out: &Output,
    path: &Path,
    rec: &Record,
    game: &mut Game,
    tag: &str,
    expected: Option<Color>,
    style: TextStyle,
) -> Outcome {
    let v = game.variant().clone();
    let result = game.result();
    if let Some(r) = result
        && r.winner != expected
    {
        return Err(Failure::Failed(format!(
            "{}: the record says `{tag}` but the moves give `{}`",
            path.display(),
            r.describe(&v)
        )));
    }
    let how = match result {
        Some(r) => format!(" ({})", r.describe(&v)),
        None => UNDECIDED.to_string(),
    };
    Ok(verified(
        out,
        game.position(),
        rec.moves.len(),
        tag,
        &how,
        result.is_some(),
        style,
    ))
}

/// The reason of a result that comes from outside the rules (a player, a
/// clock, an engine, a move limit), read from its words.
fn external_reason(tag: &str) -> Option<Reason> {
    [
        Reason::Resignation,
        Reason::IllegalMove,
        Reason::TimeForfeit,
        Reason::EngineFailure,
        Reason::DrawClaim,
        Reason::MoveLimit,
    ]
    .into_iter()
    .find(|r| tag.ends_with(&format!("by {}", r.name())))
}
