//! `chimera replay`: re-play a game record and verify every move and the result.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;

use super::context::{Context, position};
use super::output::{Failure, Outcome, Output, bad};
use crate::display::board_text;
use crate::engine::{MoveNotation, Reason};
use crate::game::Game;
use crate::game::record::Record;

/// Replay a game record and verify every move and the result.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The record (a PGN-like file written by `play --record`).
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
    /// Print one JSON object per line (fields in the README).
    #[arg(long)]
    pub json: bool,
}

/// One line of `--trace`: the position before move `i`, its legal moves, the move.
fn trace(out: &Output, game: &mut Game, i: usize, m: &str, notation: MoveNotation) {
    let mut moves: Vec<String> = {
        let list = game.legal_moves();
        list.iter()
            .map(|mv| game.pos.move_text_as(mv, notation))
            .collect()
    };
    moves.sort();
    let position = game.position().to_text();
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
    let rec = Record::parse(&text).map_err(|e| bad(format!("{}: {e}", path.display())))?;
    let vpath = match (&a.variant, rec.tags.get("VariantFile")) {
        (Some(p), _) => p.clone(),
        (None, Some(tag)) => variant_path(path, tag),
        (None, None) => return Err(bad("the record has no VariantFile tag; give --variant")),
    };
    let v = cx.load(&vpath)?;
    let pos = position(&v, rec.tags.get("Start").map(|s| s.as_str()), None)?;
    let notation = MoveNotation::parse(&a.notation).ok_or_else(|| {
        bad(format!(
            "unknown notation `{}`: canonical, uci, usi or seed",
            a.notation
        ))
    })?;
    let mut game = Game::new(pos);
    for (i, m) in rec.moves.iter().enumerate() {
        if a.trace {
            trace(&out, &mut game, i, m, notation);
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
            "position": game.position().to_text(),
        }));
        return Ok(ExitCode::SUCCESS);
    };
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
    let how = if external.is_some() {
        " (not a rule's: the moves leave the game undecided)"
    } else {
        ""
    };
    out.text(format!("{}result: {tag}{how}", board_text(game.position())));
    out.text(format!(
        "record verified: {} moves, result {tag}",
        rec.moves.len()
    ));
    out.json_only(json!({
        "result": tag,
        "by_rules": external.is_none(),
        "moves": rec.moves.len(),
        "verified": true,
        "position": game.position().to_text(),
    }));
    Ok(ExitCode::SUCCESS)
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
