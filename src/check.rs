//! `chimera check`'s engine: run a variant's test cases (and extra test files)
//! and report each with a readable diff. A case passes only if every
//! expectation it gives holds; a move text that is not a move of the variant
//! (a square off the board, an unknown piece) fails the case, wherever it
//! appears, so that a mistyped expectation can never pass silently.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::engine::{Color, GameResult, Move, MoveKind, Position, Strictness, Variant, perft_asking};
use crate::game::Game;
use crate::rules::TestCase;

/// Most nodes a test case's `perft` may count at one depth.
pub const MAX_CASE_PERFT_NODES: u64 = 100_000_000;

/// A finished case.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CaseReport {
    /// The case's name.
    pub name: String,
    /// The file it came from.
    pub source: String,
    /// Whether every expectation held.
    pub passed: bool,
    /// What did not hold, one entry per expectation.
    pub failures: Vec<String>,
}

/// Runs one case.
pub fn run_case(v: &Arc<Variant>, case: &TestCase, source: &str) -> CaseReport {
    run_case_until(v, case, source, &mut || false)
}

/// Runs one case, its perft counts given up once `stop` answers true
/// (asked every few hundred nodes: a host's deadline, where nothing else
/// could stop it — the WebAssembly face's `runTests`). A count given up
/// fails the case, saying so.
pub fn run_case_until(
    v: &Arc<Variant>,
    case: &TestCase,
    source: &str,
    stop: &mut dyn FnMut() -> bool,
) -> CaseReport {
    let mut failures = check_move_texts(v, case);
    if failures.is_empty() {
        match play_to_case(v, case) {
            Ok(mut game) => check_expectations(&mut game, case, &mut failures, stop),
            Err(f) => failures.push(f),
        }
    }
    CaseReport {
        name: case.name.clone(),
        source: source.to_string(),
        passed: failures.is_empty(),
        failures,
    }
}

/// Every move text the case gives must be a move of the variant.
fn check_move_texts(v: &Variant, case: &TestCase) -> Vec<String> {
    let mut texts: Vec<(&str, &str)> = Vec::new();
    texts.extend(case.moves.iter().map(|m| ("moves", m.as_str())));
    texts.extend(case.includes.iter().map(|m| ("includes", m.as_str())));
    texts.extend(case.excludes.iter().map(|m| ("excludes", m.as_str())));
    if let Some(l) = &case.legal {
        texts.extend(l.iter().map(|m| ("legal", m.as_str())));
    }
    if let Some(pm) = &case.piece_moves {
        texts.extend(pm.moves.iter().map(|m| ("piece_moves", m.as_str())));
    }
    if let Some(pr) = &case.promotions {
        texts.push(("promotions", pr.mv.as_str()));
    }
    let mut failures: Vec<String> = texts
        .iter()
        .filter_map(|&(what, m)| {
            v.check_move_text(m)
                .err()
                .map(|e| format!("{what}: `{m}` is not a move of this variant: {e}"))
        })
        .collect();
    // A list that names a move twice was not written with care: in `legal`
    // and `piece_moves` it would also hide a missing move.
    for (i, &(what, m)) in texts.iter().enumerate() {
        if what != "moves" && texts[..i].contains(&(what, m)) {
            failures.push(format!("{what}: `{m}` is listed twice"));
        }
    }
    failures
}

/// The case's position with its moves played.
fn play_to_case(v: &Arc<Variant>, case: &TestCase) -> Result<Game, String> {
    let pos = match (&case.position, case.start) {
        (Some(_), Some(_)) => return Err("give `position` or `start`, not both".into()),
        (None, Some(n)) => Position::numbered_start(v, n).map_err(|e| format!("start {n}: {e}"))?,
        (None, None) => Position::start(v),
        (Some(t), None) => {
            let strictness = if case.lenient {
                Strictness::Lenient
            } else {
                Strictness::Strict
            };
            Position::from_text_with(v, t, strictness).map_err(|e| format!("bad position: {e}"))?
        }
    };
    let mut game = Game::new(pos);
    for (i, m) in case.moves.iter().enumerate() {
        game.play_text(m)
            .map_err(|e| format!("move {} `{m}`: {e}", i + 1))?;
    }
    Ok(game)
}

fn check_expectations(
    game: &mut Game,
    case: &TestCase,
    out: &mut Vec<String>,
    stop: &mut dyn FnMut() -> bool,
) {
    let legal = game.legal_moves();
    let pos = &mut game.pos;
    if let Some(expected) = &case.legal {
        compare_sets("legal moves", pos, &legal, expected, out);
    }
    if let Some(pm) = &case.piece_moves {
        match pos.variant().parse_square(&pm.from) {
            Some(sq) => {
                let own: Vec<Move> = legal
                    .iter()
                    .filter(|m| m.from() == Some(sq) && m.kind() != MoveKind::Drop)
                    .copied()
                    .collect();
                compare_sets(&format!("moves from {}", pm.from), pos, &own, &pm.moves, out);
            }
            None => out.push(format!("piece_moves: `{}` is not a square", pm.from)),
        }
    }
    // Judged against the game's legal moves: a move the history forbids (a
    // repetition) is not legal, though the position alone allows it.
    for m in &case.includes {
        if !pos.parse_move(m).is_ok_and(|found| legal.contains(&found)) {
            out.push(format!("`{m}` should be legal but is not"));
        }
    }
    for m in &case.excludes {
        if let Ok(found) = pos.parse_move(m)
            && legal.contains(&found)
        {
            out.push(format!(
                "`{m}` should be illegal but is legal (as {})",
                pos.move_text(&found)
            ));
        }
    }
    if let Some(n) = case.count
        && legal.len() != n
    {
        out.push(format!("expected {n} legal moves, found {}", legal.len()));
    }
    check_perft(pos, &case.perft, out, stop);
    if let Some(pr) = &case.promotions {
        check_promotions(pos, &legal, &pr.mv, &pr.to, out);
    }
    // Check as the variant defines it: with `royal_safety = "end_of_turn"`,
    // a royal piece the opponent's whole next turn could take.
    if let Some(ic) = case.in_check
        && pos.turn_check(pos.side_to_move()) != ic
    {
        out.push(format!("expected in_check = {ic}"));
    }
    if let Some(expected) = &case.position_after {
        check_position_after(game, expected, out);
    }
    if let Some(expected) = &case.result {
        check_result(game, expected, out);
    }
}

/// Perft at depths 1, 2, …; stops at the first difference, and refuses a depth
/// whose count would be far beyond what a test case should take.
fn check_perft(pos: &mut Position, expected: &[u64], out: &mut Vec<String>, stop: &mut dyn FnMut() -> bool) {
    let (mut prev, mut last) = (1u64, 1u64);
    for (i, &n) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        let branching = (last / prev.max(1)).max(1);
        let estimate = n.max(last.saturating_mul(branching));
        if estimate > MAX_CASE_PERFT_NODES {
            out.push(format!(
                "perft {depth}: about {estimate} nodes is more than a test case may count ({MAX_CASE_PERFT_NODES}); use `chimera perft`"
            ));
            return;
        }
        let Some(got) = perft_asking(pos, depth, &mut || stop()) else {
            out.push(format!("perft {depth}: given up, the time ran out"));
            return;
        };
        if got != n {
            out.push(format!("perft {depth}: expected {n}, found {got}"));
            return;
        }
        (prev, last) = (last, got);
    }
}

fn names(pos: &Position, moves: &[Move]) -> BTreeSet<String> {
    moves.iter().map(|m| pos.move_text(m)).collect()
}

/// Compares an expected move list with the actual one, by move identity.
fn compare_sets(what: &str, pos: &mut Position, actual: &[Move], expected: &[String], out: &mut Vec<String>) {
    let mut want: Vec<Move> = Vec::new();
    let mut missing = Vec::new();
    for e in expected {
        match pos.parse_move(e) {
            Ok(m) if actual.contains(&m) => want.push(m),
            _ => missing.push(e.clone()),
        }
    }
    let extra: Vec<Move> = actual.iter().filter(|m| !want.contains(m)).copied().collect();
    if !missing.is_empty() || !extra.is_empty() {
        let mut msg = format!(
            "{what}: expected {} move(s), found {}",
            expected.len(),
            actual.len()
        );
        if !missing.is_empty() {
            msg.push_str(&format!("\n      missing (not legal): {}", missing.join(" ")));
        }
        if !extra.is_empty() {
            let extra: Vec<String> = names(pos, &extra).into_iter().collect();
            msg.push_str(&format!("\n      unexpected (legal): {}", extra.join(" ")));
        }
        out.push(msg);
    }
}

/// The promotion choices offered for a move from one square to another.
fn check_promotions(pos: &Position, legal: &[Move], mv: &str, to: &[String], out: &mut Vec<String>) {
    let v = pos.variant();
    let split = mv.find(|c: char| c.is_ascii_digit()).unwrap_or(0);
    let (a, b) = mv.split_at(split + 1);
    let (from_s, to_s) = match b.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => (format!("{a}{}", &b[..i]), b[i..].to_string()),
        None => (String::new(), String::new()),
    };
    let (Some(f), Some(t)) = (v.parse_square(&from_s), v.parse_square(&to_s)) else {
        out.push(format!(
            "promotions: cannot read the move `{mv}` (write e.g. c7c8)"
        ));
        return;
    };
    // A promoted face is named by its letter with or without its `~`
    // (`M` or `M~`): the same piece, marked as promoted or not.
    let lower = |s: &mut dyn Iterator<Item = String>| {
        s.map(|x| x.trim_end_matches('~').to_lowercase())
            .collect::<BTreeSet<_>>()
    };
    let offered = lower(
        &mut legal
            .iter()
            .filter(|m| m.kind() == MoveKind::Board && m.from() == Some(f) && m.to() == Some(t))
            .map(|m| {
                m.promotion()
                    .map_or(String::new(), |k| v.piece(k).symbol().to_string())
            }),
    );
    let want = lower(&mut to.iter().map(|s| s.trim_start_matches('=').to_string()));
    if offered != want {
        out.push(format!(
            "promotions for {mv}: expected {:?}, offered {:?}",
            want.iter().collect::<Vec<_>>(),
            offered.iter().collect::<Vec<_>>()
        ));
    }
}

fn check_position_after(game: &Game, expected: &str, out: &mut Vec<String>) {
    let actual = game.position().to_text();
    match Position::from_text_with(game.variant(), expected, Strictness::Lenient) {
        Ok(p) if p.to_text() == actual => {}
        Ok(p) => out.push(format!(
            "position after the moves:\n      expected {}\n      found    {actual}",
            p.to_text()
        )),
        Err(e) => out.push(format!("position_after does not parse: {e}")),
    }
}

fn check_result(game: &mut Game, expected: &str, out: &mut Vec<String>) {
    let v = game.variant().clone();
    match parse_result(&v, expected) {
        Err(e) => out.push(e),
        Ok(want) => {
            let got = game.result();
            if got != want {
                let show = |r: Option<GameResult>| r.map_or("ongoing".to_string(), |r| r.describe(&v));
                out.push(format!("result: expected {}, found {}", show(want), show(got)));
            }
        }
    }
}

/// Parses "ongoing", "draw by repetition", "<side> wins by <reason>".
fn parse_result(v: &Variant, s: &str) -> Result<Option<GameResult>, String> {
    let s = s.trim().to_lowercase();
    if s == "ongoing" {
        return Ok(None);
    }
    if let Some(reason) = s.strip_prefix("draw by ") {
        let reason = v
            .reason(reason)
            .ok_or_else(|| format!("unknown reason `{reason}`"))?;
        return Ok(Some(GameResult::draw(reason)));
    }
    if let Some((side, reason)) = s.split_once(" wins by ") {
        let winner = v.side_by_name(side).ok_or_else(|| {
            format!(
                "unknown side `{side}` (sides: {}, {})",
                v.side_name(Color::First),
                v.side_name(Color::Second)
            )
        })?;
        let reason = v
            .reason(reason)
            .ok_or_else(|| format!("unknown reason `{reason}`"))?;
        return Ok(Some(GameResult::win(winner, reason)));
    }
    Err(format!(
        "cannot read result `{s}`: write \"ongoing\", \"draw by <reason>\" or \"<side> wins by <reason>\""
    ))
}
