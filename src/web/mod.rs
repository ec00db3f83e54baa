//! The browser board's questions, answered as JSON (the HTTP server that
//! carries them is `chimera serve`, in the command line): a game's state —
//! board, stores, side to move, result, the legal moves with what the page
//! needs to draw and choose them — the engine's move, a piece's diagram.
//!
//! A game travels as its start position (optional) and its moves in
//! canonical notation; every request replays and checks them, so the server
//! keeps no state and a bad request is an error, never a wrong board.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};

use crate::engine::{Color, Move, MoveKind, Position, Store, Variant};
use crate::game::Game;
use crate::game::search::{Limits, Searcher};
use crate::protocol::clip;

/// The most moves a request may carry.
pub const MAX_MOVES: usize = 5000;

/// A game from its start text (none: the variant's start) and moves.
pub fn replay(v: &Arc<Variant>, start: Option<&str>, moves: &[String]) -> Result<Game, String> {
    if moves.len() > MAX_MOVES {
        return Err(format!("at most {MAX_MOVES} moves"));
    }
    let pos = match start.map(str::trim).filter(|s| !s.is_empty()) {
        Some(text) => Position::from_text(v, text).map_err(|e| format!("bad position: {e}"))?,
        None => Position::start(v),
    };
    let mut game = Game::new(pos);
    for (i, text) in moves.iter().enumerate() {
        game.play_text(text)
            .map_err(|e| format!("move {} `{}`: {e}", i + 1, clip(text)))?;
    }
    Ok(game)
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::First => "first",
        Color::Second => "second",
    }
}

fn kind_name(k: MoveKind) -> &'static str {
    match k {
        MoveKind::Board => "board",
        MoveKind::Drop => "drop",
        MoveKind::Castle => "castle",
        MoveKind::Place => "place",
        MoveKind::Spawn => "spawn",
        MoveKind::PocketDrop => "pocket-drop",
        MoveKind::ToPocket => "to-pocket",
        MoveKind::Pass => "pass",
    }
}

fn store_name(s: Store) -> &'static str {
    match s {
        Store::Hand => "hand",
        Store::Reserve => "reserve",
        Store::Pocket => "pocket",
    }
}

/// One legal move as the page uses it.
fn move_json(game: &mut Game, m: &Move) -> Value {
    let v = game.variant().clone();
    let sq = |s: Option<crate::engine::Square>| s.map(|s| v.square_name(s));
    // The piece that moves, or the one that enters the board.
    let piece = match (m.kind(), m.from().and_then(|f| game.position().piece_at(f))) {
        (MoveKind::Board | MoveKind::Castle | MoveKind::ToPocket, Some(p)) => p.kind(),
        _ => m.entering_kind().unwrap_or(m.piece),
    };
    json!({
        "text": game.format(m),
        "display": game.display(m),
        "kind": kind_name(m.kind()),
        "from": sq(m.from()),
        // A move into the pocket leaves the board: it has no target square.
        "to": if m.kind() == MoveKind::ToPocket { None } else { sq(m.to()) },
        "piece": v.piece(piece).symbol(),
        "promotion": m.promotion().map(|k| v.piece(k).symbol().to_string()),
        "captures": m.captures().iter().map(|&c| v.square_name(c)).collect::<Vec<_>>(),
    })
}

/// The whole state of a game: what the page draws and may play.
pub fn state(game: &mut Game) -> Value {
    let v = game.variant().clone();
    let g = v.board();
    let pos = game.position().clone();
    let squares: Vec<Value> = g
        .all_squares()
        .map(|s| {
            let piece = pos.piece_at(s).map(|p| {
                let def = v.piece(p.kind());
                json!({"symbol": def.symbol(), "name": def.name(), "color": color_name(p.color())})
            });
            json!({"name": v.square_name(s), "file": g.file(s), "rank": g.rank(s), "piece": piece})
        })
        .collect();
    let mut stores = Vec::new();
    for color in [Color::First, Color::Second] {
        for store in Store::ALL {
            let pieces: Vec<Value> = v
                .kinds()
                .filter_map(|k| {
                    let n = pos.count(store, color, k);
                    (n > 0).then(
                        || json!({"symbol": v.piece(k).symbol(), "name": v.piece(k).name(), "count": n}),
                    )
                })
                .collect();
            if !pieces.is_empty() {
                stores
                    .push(json!({"color": color_name(color), "store": store_name(store), "pieces": pieces}));
            }
        }
    }
    let result = game.result().map(|r| r.describe(&v));
    let legal = game.legal_moves();
    let moves: Vec<Value> = legal.iter().map(|m| move_json(game, m)).collect();
    let mut replay = game.start_position().clone();
    let mut record = Vec::new();
    for m in game.moves().to_vec() {
        record.push(replay.move_text_as(&m, v.display_notation()));
        replay.make(m);
    }
    let side = pos.side_to_move();
    json!({
        "variant": {
            "name": v.name(),
            "description": v.description(),
            "files": g.files(),
            "ranks": g.ranks(),
            "sides": [v.side_name(Color::First), v.side_name(Color::Second)],
            "pieces": v.kinds().map(|k| json!({"symbol": v.piece(k).symbol(), "name": v.piece(k).name(), "betza": v.piece(k).betza()})).collect::<Vec<_>>(),
        },
        "position": pos.to_text(),
        "start": game.start_text(),
        "side": color_name(side),
        "side_name": v.side_name(side),
        "in_check": pos.in_check(side),
        "result": result,
        "squares": squares,
        "stores": stores,
        "moves": moves,
        "record": record,
    })
}

/// The engine's move in a game, by `movetime` milliseconds (and at most
/// `depth`): its canonical text, or `None` when the game is over.
pub fn engine_move(game: &mut Game, movetime: u64, depth: i32) -> Option<String> {
    if game.result().is_some() {
        return None;
    }
    let v = game.variant().clone();
    let mut searcher = Searcher::new(&v);
    let mut pos = game.position().clone();
    let hashes = game.hashes().to_vec();
    let limits = Limits {
        depth: depth.clamp(1, 64),
        movetime: Some(Duration::from_millis(movetime.clamp(10, 60_000))),
        stop: None,
        ..Default::default()
    };
    let report = searcher.search(&mut pos, limits, &hashes);
    report.best.map(|m| game.format(&m))
}

/// A piece's move diagram (as `chimera show --piece` draws it).
pub fn piece_diagram(v: &Arc<Variant>, symbol_or_name: &str) -> Result<String, String> {
    let kind = v
        .kind_by_symbol(symbol_or_name)
        .or_else(|| v.kind_by_name(symbol_or_name))
        .ok_or_else(|| format!("no piece `{}`", clip(symbol_or_name)))?;
    Ok(crate::display::piece_diagram(v, kind, Color::First))
}
