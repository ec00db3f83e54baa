//! `chimera check`: run a variant's test cases (and extra test files) and
//! report each with a readable diff.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::engine::{GameResult, Move, MoveKind, Position, Reason, Variant, perft};
use crate::game::Game;
use crate::rules::TestCase;

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

/// Parses "ongoing", "draw by repetition", "<side> wins by <reason>".
fn parse_result(v: &Variant, s: &str) -> Result<Option<GameResult>, String> {
    let s = s.trim().to_lowercase();
    if s == "ongoing" {
        return Ok(None);
    }
    if let Some(reason) = s.strip_prefix("draw by ") {
        let reason = Reason::parse(reason).ok_or_else(|| format!("unknown reason `{reason}`"))?;
        return Ok(Some(GameResult { winner: None, reason }));
    }
    if let Some((side, reason)) = s.split_once(" wins by ") {
        let winner = v.side_by_name(side).ok_or_else(|| {
            format!(
                "unknown side `{side}` (sides: {}, {})",
                v.side_name(crate::engine::Color::First),
                v.side_name(crate::engine::Color::Second)
            )
        })?;
        let reason = Reason::parse(reason).ok_or_else(|| format!("unknown reason `{reason}`"))?;
        return Ok(Some(GameResult {
            winner: Some(winner),
            reason,
        }));
    }
    Err(format!(
        "cannot read result `{s}`: write \"ongoing\", \"draw by <reason>\" or \"<side> wins by <reason>\""
    ))
}

/// Runs one case.
pub fn run_case(v: &Arc<Variant>, case: &TestCase, source: &str) -> CaseReport {
    let mut failures = Vec::new();
    let report = |failures: Vec<String>| CaseReport {
        name: case.name.clone(),
        source: source.to_string(),
        passed: failures.is_empty(),
        failures,
    };
    let pos = match &case.position {
        None => Position::start(v),
        Some(t) => match Position::from_text(v, t) {
            Ok(p) => p,
            Err(e) => return report(vec![format!("bad position: {e}")]),
        },
    };
    let mut game = Game::new(pos);
    for (i, m) in case.moves.iter().enumerate() {
        if let Err(e) = game.play_text(m) {
            return report(vec![format!("move {} `{m}`: {e}", i + 1)]);
        }
    }
    let mut legal = game.legal_moves();
    let pos = &mut game.pos;
    let g = pos.variant().board().clone();
    if let Some(expected) = &case.legal {
        compare_sets("legal moves", pos, &legal, expected, &mut failures);
    }
    if let Some(pm) = &case.piece_moves {
        match g.parse_square(&pm.from) {
            Some(sq) => {
                let own: Vec<Move> = legal
                    .iter()
                    .filter(|m| m.from() == Some(sq) && m.kind() != MoveKind::Drop)
                    .copied()
                    .collect();
                compare_sets(
                    &format!("moves from {}", pm.from),
                    pos,
                    &own,
                    &pm.moves,
                    &mut failures,
                );
            }
            None => failures.push(format!("piece_moves: `{}` is not a square", pm.from)),
        }
    }
    for m in &case.includes {
        if pos.parse_move(m).is_err() {
            failures.push(format!("`{m}` should be legal but is not"));
        }
    }
    for m in &case.excludes {
        if let Ok(found) = pos.parse_move(m) {
            failures.push(format!(
                "`{m}` should be illegal but is legal (as {})",
                pos.move_text(&found)
            ));
        }
    }
    if let Some(n) = case.count
        && legal.len() != n
    {
        failures.push(format!("expected {n} legal moves, found {}", legal.len()));
    }
    for (i, &n) in case.perft.iter().enumerate() {
        let got = perft(pos, i as u32 + 1);
        if got != n {
            failures.push(format!("perft {}: expected {n}, found {got}", i + 1));
        }
    }
    if let Some(pr) = &case.promotions {
        let (a, b) = pr
            .mv
            .split_at(pr.mv.find(|c: char| c.is_ascii_digit()).unwrap_or(0) + 1);
        let (from_s, to_s) = match b.find(|c: char| c.is_ascii_alphabetic()) {
            Some(i) => (format!("{a}{}", &b[..i]), b[i..].to_string()),
            None => (String::new(), String::new()),
        };
        match (g.parse_square(&from_s), g.parse_square(&to_s)) {
            (Some(f), Some(t)) => {
                let offered: BTreeSet<String> = legal
                    .iter()
                    .filter(|m| m.kind() == MoveKind::Board && m.from() == Some(f) && m.to() == Some(t))
                    .map(|m| {
                        m.promotion()
                            .map_or(String::new(), |k| pos.variant().piece(k).symbol().to_string())
                    })
                    .collect();
                let want: BTreeSet<String> = pr
                    .to
                    .iter()
                    .map(|s| s.trim_start_matches('=').to_string())
                    .collect();
                let lower =
                    |s: &BTreeSet<String>| s.iter().map(|x| x.to_lowercase()).collect::<BTreeSet<_>>();
                if lower(&offered) != lower(&want) {
                    failures.push(format!(
                        "promotions for {}: expected {:?}, offered {:?}",
                        pr.mv,
                        want.iter().collect::<Vec<_>>(),
                        offered.iter().collect::<Vec<_>>()
                    ));
                }
            }
            _ => failures.push(format!(
                "promotions: cannot read the move `{}` (write e.g. c7c8)",
                pr.mv
            )),
        }
    }
    if let Some(expected) = &case.position_after {
        let actual = game.pos.to_text();
        match Position::from_text(game.variant(), expected) {
            Ok(p) if p.to_text() == actual => {}
            Ok(p) => failures.push(format!(
                "position after the moves:\n      expected {}\n      found    {actual}",
                p.to_text()
            )),
            Err(e) => failures.push(format!("position_after does not parse: {e}")),
        }
    }
    if let Some(ic) = case.in_check {
        let side = game.side_to_move();
        if game.pos.in_check(side) != ic {
            failures.push(format!("expected in_check = {ic}"));
        }
    }
    if let Some(expected) = &case.result {
        let v = game.variant().clone();
        match parse_result(&v, expected) {
            Err(e) => failures.push(e),
            Ok(want) => {
                let got = game.result();
                if got != want {
                    let show = |r: Option<GameResult>| r.map_or("ongoing".to_string(), |r| r.describe(&v));
                    failures.push(format!("result: expected {}, found {}", show(want), show(got)));
                }
            }
        }
    }
    legal.clear();
    report(failures)
}
