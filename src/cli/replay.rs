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
    let (v, pos) = record_start(cx, &a, &rec, &out)?;
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
    play_moves(&out, &a, &rec, &mut game, (notation, style))?;
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
    if tag == "*" {
        // PGN's "unknown": the moves are checked, the result left open.
        let how = format!(" (left open by the record; the moves give {by_rules})");
        return Ok(verified(
            &out,
            game.position(),
            rec.moves.len(),
            tag,
            &how,
            false,
            style,
        ));
    }
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

/// The variant of a record and its start: the rules file given or named
/// by the record, else the bundled variant its `Variant` tag names; the
/// `Start` (chimera's) or `FEN` (PGN's) tag, else the variant's start.
fn record_start(
    cx: &Context,
    a: &Args,
    rec: &Record,
    out: &Output,
) -> Result<(std::sync::Arc<crate::engine::Variant>, crate::engine::Position), Failure> {
    let path = &a.record;
    let v = match (&a.variant, rec.tags.get("VariantFile")) {
        (Some(p), _) => cx.load(p)?,
        (None, Some(tag)) => cx.load(&variant_path(path, tag))?,
        (None, None) => {
            let (name, v) = bundled_variant(cx, rec)?;
            out.text(format!(
                "no VariantFile tag: replayed as chimera's bundled {name} (give --variant for another)"
            ));
            v
        }
    };
    // chimera's records name the start `Start`; PGN (XBoard's) `FEN`.
    let start = rec.tags.get("Start").or_else(|| rec.tags.get("FEN"));
    let strictness = if a.lenient {
        Strictness::Lenient
    } else {
        Strictness::Strict
    };
    let pos = match position_with(&v, start.map(|s| s.as_str()), None, strictness) {
        Ok(pos) => pos,
        // XBoard's FEN writes pieces with its letters, which SAN writes too
        // (xiangqi's `H` and `E`): read as the pieces' symbols.
        Err(e) => start
            .map(|s| with_symbols(&v, s))
            .and_then(|s| position_with(&v, Some(&s), None, strictness).ok())
            .ok_or(e)?,
    };
    Ok((v, pos))
}

/// Plays the record's moves, each checked (with `--trace`, each position
/// printed first).
fn play_moves(
    out: &Output,
    a: &Args,
    rec: &Record,
    game: &mut Game,
    (notation, style): (MoveNotation, TextStyle),
) -> Result<(), Failure> {
    let path = &a.record;
    // A record of XBoard's (no VariantFile tag) writes a ten-rank board's
    // ranks from 0.
    let moves = if !rec.tags.contains_key("VariantFile") && ranks_from_zero(game.position(), &rec.moves) {
        rec.moves.iter().map(|m| ranks_from_one(m)).collect()
    } else {
        rec.moves.clone()
    };
    for (i, m) in moves.iter().enumerate() {
        if a.trace {
            trace(out, game, i, m, notation, style);
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
    Ok(())
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

/// The variant of a record without a VariantFile tag (XBoard's PGN): the
/// bundled file its `Variant` tag names (XBoard's names too: `normal`,
/// `chu`, `dai`, `tenjiku`), chess without one, as PGN means.
fn bundled_variant(
    cx: &Context,
    rec: &Record,
) -> Result<(String, std::sync::Arc<crate::engine::Variant>), Failure> {
    let tag = rec.tags.get("Variant").map(|t| t.trim().to_lowercase());
    let name = match tag.as_deref() {
        None | Some("" | "normal" | "standard" | "chess") => "chess".to_string(),
        Some("chu") => "chu-shogi".into(),
        Some("dai") => "dai-shogi".into(),
        Some("tenjiku") => "tenjiku-shogi".into(),
        Some(other) => crate::fsf::registry::canonical(other).to_string(),
    };
    match cx.load_bundled(&name) {
        Some(v) => Ok((name, v?)),
        None => Err(bad(format!(
            "the record has no VariantFile tag, and its Variant `{}` is none of chimera's bundled variants; give --variant",
            tag.unwrap_or_default().chars().take(60).collect::<String>()
        ))),
    }
}

/// Whether the moves of a record of XBoard's write a ten-rank board's ranks
/// from 0, as XBoard does (`c0` … `c9`): a rank `0` says so and a rank
/// `10` says not; else they are read from 0 when that replays them and
/// the ranks as written do not.
fn ranks_from_zero(pos: &crate::engine::Position, moves: &[String]) -> bool {
    if pos.variant().board().ranks() != 10 {
        return false;
    }
    let ranks = |m: &String| {
        m.split(|c: char| !c.is_ascii_digit())
            .filter(|d| !d.is_empty())
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let written: Vec<String> = moves.iter().flat_map(ranks).collect();
    if written.iter().any(|d| d == "0") {
        return true;
    }
    if written.iter().any(|d| d == "10") {
        return false;
    }
    let replays = |shift: bool| {
        let mut game = Game::new(pos.clone());
        moves.iter().all(|m| {
            let m = if shift { ranks_from_one(m) } else { m.clone() };
            game.play_text(&m).is_ok()
        })
    };
    !replays(false) && replays(true)
}

/// A move with each rank one higher (`Cbc7` → `Cbc8`): XBoard's ranks from
/// 0 as chimera's from 1. Castling (`O-O`, `0-0`) is left alone.
fn ranks_from_one(m: &str) -> String {
    if m.starts_with("0-0") || m.starts_with("O-O") {
        return m.to_string();
    }
    let mut out = String::with_capacity(m.len() + 2);
    let mut digits = String::new();
    for c in m.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            let n: u64 = digits.parse().unwrap_or(0);
            out.push_str(&(n + 1).to_string());
            digits.clear();
        }
        out.push(c);
    }
    out.pop();
    out
}

/// A position text with each piece letter that is only a SAN letter
/// (`san = "H"`, no piece's symbol) turned into that piece's symbol, in
/// the letter's case; the board field only.
fn with_symbols(v: &crate::engine::Variant, text: &str) -> String {
    let (board, rest) = text.split_once(' ').unwrap_or((text, ""));
    let symbol = |c: char| {
        let up = c.to_ascii_uppercase().to_string();
        if v.kind_by_symbol(&up).is_some() {
            return None;
        }
        let k = v
            .kinds()
            .find(|&k| v.piece(k).san.as_deref() == Some(up.as_str()))?;
        let sym = v.piece(k).key().to_string();
        Some(if c.is_ascii_lowercase() {
            sym.to_lowercase()
        } else {
            sym
        })
    };
    let mut out = String::new();
    for c in board.chars() {
        match symbol(c) {
            Some(s) => out.push_str(&s),
            None => out.push(c),
        }
    }
    if !rest.is_empty() {
        out.push(' ');
        out.push_str(rest);
    }
    out
}
