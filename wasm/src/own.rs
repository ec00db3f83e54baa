//! chimera's own face: rules text with its diagnostics, its test cases, a
//! search, perft, and the browser board's questions (what `chimera serve`
//! answers), each answered in JSON.

use std::sync::Arc;
use std::time::Duration;

use chimera::clock::Instant;
use chimera::fsf;
use chimera::game::Game;
use chimera::game::search::{Limits, Searcher};
use chimera::{Compiled, Position, Variant, web};
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

use crate::{HASH_MB, clip, js, message};

/// Compiles rules text: JSON `{ok, name, variant, warnings, tests}` or
/// `{ok: false, error}` (the diagnostic with file, line and column).
/// Registered under `name` (default: the variant's name as a slug).
#[wasm_bindgen(js_name = loadRules)]
pub fn load_rules(text: &str, name: Option<String>) -> String {
    let file = name
        .as_deref()
        .map_or_else(|| "rules.toml".to_string(), |n| format!("{n}.toml"));
    match fsf::load_text(text, &file, name.as_deref()) {
        Ok(fsf::Loaded { key, compiled: c, .. }) => json!({
            "ok": true,
            "name": key,
            "variant": c.variant.name(),
            "warnings": c.warnings,
            "tests": c.file.tests.len(),
            "start": Position::start(&c.variant).to_text(),
        }),
        Err(e) => json!({"ok": false, "error": message(e)}),
    }
    .to_string()
}

/// Runs a variant's `[[test]]` cases (as `chimera check`) within `ms`
/// milliseconds (default 60,000, measured on the host's clock: the host
/// has no Ctrl-C, and a case's perft may count millions of nodes): JSON
/// `{ok, passed, failed, stopped, cases: [{name, passed, failures}]}`.
/// Once the time is spent the count under way is given up and the cases
/// left are not run; each fails, saying so, and `stopped` is true.
#[wasm_bindgen(js_name = runTests)]
pub fn run_tests(variant: &str, ms: Option<f64>) -> String {
    let c = match fsf::compiled(variant) {
        Ok(c) => c,
        Err(e) => return json!({"ok": false, "error": message(e)}).to_string(),
    };
    let source = c.source.name.clone();
    let allowed = budget(ms, TESTS_MS);
    let start = Instant::now();
    let mut stop = past(start, allowed);
    let mut cases = Vec::with_capacity(c.file.tests.len());
    for case in &c.file.tests {
        if start.elapsed() >= allowed {
            let why = format!(
                "not run: the time ({} ms, limits.ms) ran out",
                allowed.as_millis()
            );
            cases.push(json!({"name": case.name, "passed": false, "failures": [why]}));
            continue;
        }
        let r = if case.options.is_empty() {
            chimera::check::run_case_until(&c.variant, case, &source, &mut stop)
        } else {
            match c.with_options(&case.options) {
                Ok(v) => chimera::check::run_case_until(&v, case, &source, &mut stop),
                Err(d) => chimera::check::CaseReport {
                    name: case.name.clone(),
                    source: source.clone(),
                    passed: false,
                    failures: vec![format!("options {:?}: {}", case.options, d.message)],
                },
            }
        };
        cases.push(json!({"name": r.name, "passed": r.passed, "failures": r.failures}));
    }
    let passed = cases.iter().filter(|c| c["passed"] == true).count();
    let stopped = start.elapsed() >= allowed;
    json!({"ok": true, "passed": passed, "failed": cases.len() - passed, "stopped": stopped, "cases": cases})
        .to_string()
}

/// How long a variant's test cases may run when the caller names no time.
const TESTS_MS: f64 = 60_000.0;

/// The deepest perft asked for (as Python's): deeper walks recurse deeper
/// than the module's stack allows, and none of them would end.
const MAX_PERFT_DEPTH: u32 = 255;

/// How long a perft may count when the caller names no time (`ms`).
const PERFT_MS: f64 = 60_000.0;

/// The longest time a caller may give a perft or a search: a day.
const MAX_MS: f64 = 86_400_000.0;

/// How long a search may run when the caller names no time.
const SEARCH_MS: u64 = 60_000;

/// A time budget from JavaScript: `ms` when it is a number of milliseconds
/// above 0 (at most [`MAX_MS`]), else `default`.
fn budget(ms: Option<f64>, default: f64) -> Duration {
    let ms = ms.filter(|m| *m >= 1.0).unwrap_or(default).min(MAX_MS);
    Duration::from_millis(ms as u64)
}

/// A perft's question "stop?", true once `allowed` has passed since
/// `start`: the clock is read every 256 nodes above the last ply (each has
/// all its moves generated), a few times a second on the largest boards.
fn past(start: Instant, allowed: Duration) -> impl FnMut() -> bool {
    let mut nodes = 0u32;
    move || {
        nodes = nodes.wrapping_add(1);
        nodes.is_multiple_of(256) && start.elapsed() >= allowed
    }
}

/// Counts the move tree `depth` plies deep from `fen` (empty: the start),
/// within `ms` milliseconds (default 60,000: the host has no Ctrl-C; the
/// time is measured on its clock, not guessed from a speed): an error
/// once that time is spent, or for a depth beyond 255.
#[wasm_bindgen]
pub fn perft(variant: &str, fen: Option<String>, depth: u32, ms: Option<f64>) -> Result<f64, JsError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(JsError::new(&format!(
            "perft depth {depth} is more than {MAX_PERFT_DEPTH}: it would never end"
        )));
    }
    let v = fsf::variant(variant).map_err(js)?;
    let mut pos = fsf::read_position(&v, fen.as_deref().unwrap_or("")).map_err(js)?;
    let allowed = budget(ms, PERFT_MS);
    let mut stop = past(Instant::now(), allowed);
    match chimera::perft_asking(&mut pos, depth, &mut stop) {
        Some(n) => Ok(n as f64),
        None => Err(JsError::new(&format!(
            "perft to depth {depth} did not end within {} ms: give a smaller depth, or more time (limits.ms)",
            allowed.as_millis()
        ))),
    }
}

/// Searches the position after `moves` (UCI or chimera's texts, separated
/// by spaces) from `fen` (empty: the start), to `depth` plies, stopping
/// after about `nodes` nodes or `movetime` milliseconds (0: 60,000, for
/// the host has no Ctrl-C; at most a day): JSON `{best, score, depth,
/// nodes, pv, ms}` or `{error}`.
#[wasm_bindgen]
pub fn search(
    variant: &str,
    fen: Option<String>,
    moves: Option<String>,
    depth: i32,
    nodes: f64,
    movetime: f64,
) -> String {
    let run = || -> Result<Value, String> {
        let v = fsf::variant(variant).map_err(message)?;
        let pos = fsf::read_position(&v, fen.as_deref().unwrap_or("")).map_err(message)?;
        let mut game = Game::new(pos);
        for (i, m) in moves.as_deref().unwrap_or("").split_whitespace().enumerate() {
            let legal = fsf::legal_moves(&mut game);
            let mv = fsf::find_move(&mut game, &legal, m)
                .ok_or_else(|| format!("move {} `{}` is not legal", i + 1, clip(m)))?;
            game.play(mv);
        }
        let limits = Limits {
            depth: depth.clamp(1, 64),
            nodes: (nodes >= 1.0).then_some(nodes as u64),
            movetime: Some(budget(Some(movetime), SEARCH_MS as f64)),
            ..Default::default()
        };
        let mut pos = game.position().clone();
        let line = game.line();
        // A new table each time: a search by nodes or depth is repeatable.
        let mut searcher = Searcher::with_hash(&v, HASH_MB);
        let report = searcher.search(&mut pos, limits, line.history());
        let pv = searcher.principal_variation(&mut pos, report.depth);
        let mut p = game.position().clone();
        let mut line = Vec::new();
        for m in &pv {
            line.push(fsf::uci(&mut p, m));
            p.make(*m);
        }
        let mut p = game.position().clone();
        Ok(json!({
            "best": report.best.map(|m| fsf::uci(&mut p, &m)),
            "score": report.score,
            "depth": report.depth,
            "nodes": report.nodes,
            "pv": line,
            "ms": report.elapsed.as_secs_f64() * 1000.0,
        }))
    };
    run().unwrap_or_else(|e| json!({"error": e})).to_string()
}

/// The browser board's questions, as `chimera serve` answers them:
/// `path` is `/api/variants`, `/api/state`, `/api/engine` or
/// `/api/piece?variant=…&piece=…`; `body` the JSON request. Answers JSON
/// `{status, body}` (status 200, 400, 404 or 422 as the server's).
#[wasm_bindgen]
pub fn request(path: &str, body: Option<String>) -> String {
    let (status, answer) = match answer(path, body.as_deref()) {
        Ok(v) => (200, v),
        Err((status, e)) => (status, json!({ "error": e })),
    };
    json!({"status": status, "body": answer}).to_string()
}

/// The longest engine search the board may ask for, milliseconds.
const MAX_MOVETIME: u64 = 60_000;

fn answer(path: &str, body: Option<&str>) -> Result<Value, (u16, String)> {
    let bad = |e: String| (400u16, e);
    let (route, query) = path.split_once('?').unwrap_or((path, ""));
    match route {
        "/api/variants" => {
            // The board lists each variant once: pyffish's aliases aside.
            let list: Vec<Value> = fsf::names()
                .into_iter()
                .filter(|n| !fsf::ALIASES.iter().any(|(a, _)| a == n))
                .map(|n| {
                    let error = fsf::compiled(&n).err().map(message);
                    json!({"name": n, "modified": null, "error": error})
                })
                .collect();
            Ok(json!(list))
        }
        "/api/piece" => {
            let get = |key: &str| web::query_value(query, key);
            let (Some(variant), Some(piece)) = (get("variant"), get("piece")) else {
                return Err(bad("give variant=…&piece=…".into()));
            };
            let v = fsf::variant(&variant).map_err(message).map_err(bad)?;
            let diagram = web::piece_diagram(&v, &piece).map_err(bad)?;
            Ok(json!({ "diagram": diagram }))
        }
        "/api/state" | "/api/engine" => {
            let value: Value =
                serde_json::from_str(body.unwrap_or("{}")).map_err(|e| bad(format!("bad JSON: {e}")))?;
            let r = web::GameRequest::parse(value, MAX_MOVETIME).map_err(bad)?;
            let c = fsf::compiled(&r.variant).map_err(|e| (422, message(e)))?;
            let v = if r.options.is_empty() {
                Arc::clone(&c.variant)
            } else {
                c.with_options(&r.options).map_err(|d| (422, d.render()))?
            };
            let offered = options_offered(&c, &v);
            let mut game = web::replay(&v, r.start.as_deref(), &r.moves).map_err(bad)?;
            let played = if route == "/api/engine" {
                let played = web::engine_move(&mut game, r.movetime, r.depth, None);
                if let Some(t) = &played {
                    game.play_text(t).map_err(|e| (500, e.to_string()))?;
                }
                played
            } else {
                None
            };
            Ok(web::answer(&mut game, offered, played))
        }
        _ => Err((404, format!("no such path: {}", clip(route)))),
    }
}

/// The options a rules file offers, with the values `v` was compiled with.
fn options_offered(c: &Compiled, v: &Variant) -> Value {
    let mut offered = web::offered_options(c);
    if let Value::Array(list) = &mut offered {
        for o in list {
            let name = o["name"].as_str().unwrap_or("").to_string();
            o["value"] = json!(v.options().get(&name));
        }
    }
    offered
}
