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

use crate::engine::{Color, Move, MoveKind, PieceKind, Position, Square, Store, Variant};
use crate::game::Game;
use crate::game::search::Limits;
use crate::protocol::clip;

mod searchers;

/// The most moves a request may carry.
pub const MAX_MOVES: usize = 5000;

/// `%xx` and `+` decoded (a query value), for the server and the
/// WebAssembly board alike.
pub fn decode_query_value(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                match u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz"), 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The value of `key` in a query string (`variant=shogi&piece=N`),
/// decoded; the first one given.
pub fn query_value(query: &str, key: &str) -> Option<String> {
    query
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| decode_query_value(v))
}

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
    let sq = |s: Option<Square>| s.map(|s| v.square_name(s));
    // The piece that moves, or the one that enters the board.
    let piece = match (m.kind(), m.from().and_then(|f| game.position().piece_at(f))) {
        (MoveKind::Board | MoveKind::Castle | MoveKind::ToPocket, Some(p)) => p.kind(),
        _ => m.entering_kind().unwrap_or(m.piece()),
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
        // A range capture's jumped pieces too.
        "captures": game.position().captured_squares(m).iter().map(|&c| v.square_name(c)).collect::<Vec<_>>(),
    })
}

/// The figurines a chess set gives pieces of these names.
const FIGURINES: [&str; 6] = ["king", "queen", "rook", "bishop", "knight", "pawn"];

/// A piece kind as the page draws it: symbol, name, Betza, and from the
/// rules file's `[display]` its glyphs (first side's, second's; `null`: the
/// symbol), chess figurine (`null`: none), whether it is a promoted face
/// (drawn in red in the shogi set) and whether it is royal.
fn piece_json(v: &Variant, k: PieceKind, promoted: &[bool]) -> Value {
    let def = v.piece(k);
    let display = &v.display;
    let glyphs = display.glyphs.get(k.index()).filter(|g| !g[0].is_empty());
    let named = display
        .figurines
        .get(k.index())
        .filter(|f| !f.is_empty())
        .cloned();
    // The chess set draws the six chess pieces by their names.
    let by_name = (display.set == "chess")
        .then(|| def.name().to_lowercase())
        .filter(|n| FIGURINES.contains(&n.as_str()));
    json!({
        "symbol": def.symbol(),
        "name": def.name(),
        "betza": def.betza(),
        "glyphs": glyphs,
        "figurine": named.or(by_name),
        "promoted": promoted[k.index()],
        "royal": def.is_royal(),
        "wall": v.wall_kind() == Some(k),
    })
}

/// Which kinds are promoted faces: those that demote, and those only a
/// promotion brings into the game (none at the start, on the board or in a
/// store).
fn promoted_kinds(v: &Arc<Variant>) -> Vec<bool> {
    let start = Position::start(v);
    let g = v.board();
    let mut out: Vec<bool> = v
        .kinds()
        .map(|k| v.piece(k).demotes_to().is_some_and(|d| d != k))
        .collect();
    for k in v.kinds() {
        for to in v.piece(k).promotes_to() {
            let on_board = g
                .all_squares()
                .any(|s| start.piece_at(s).is_some_and(|p| p.kind() == to));
            let stored = Store::ALL.into_iter().any(|st| {
                [Color::First, Color::Second]
                    .into_iter()
                    .any(|c| start.count(st, c, to) > 0)
            });
            if to != k && !on_board && !stored {
                out[to.index()] = true;
            }
        }
    }
    out
}

/// A square's file and rank labels as the variant's move text names the
/// square (`7` and `g` for USI's `7g`, `e` and `4` for `e4`).
fn square_labels(v: &Variant, s: Square) -> (String, String) {
    let g = v.board();
    if v.shogi_coordinates() {
        ((g.files() - g.file(s)).to_string(), g.usi_rank_name(g.rank(s)))
    } else if g.special_name(s).is_some() {
        // A cell named on its own (Omega's `w1`): no file or rank label.
        (String::new(), String::new())
    } else {
        (g.file_name(g.file(s)), g.rank_number(s).to_string())
    }
}

/// The board's coordinates: each file's and rank's label (by index, as
/// `squares` number them), and the square names the move text uses.
fn coordinates(v: &Variant) -> Value {
    let g = v.board();
    let mut files = vec![String::new(); g.files()];
    let mut ranks = vec![String::new(); g.ranks()];
    // Beside a board with extra cells, the margin's other squares label
    // nothing.
    for s in g
        .all_squares()
        .filter(|&s| g.is_cell(s) || g.special_cells() == 0)
    {
        let (f, r) = square_labels(v, s);
        files[g.file(s)] = f;
        ranks[g.rank(s)] = r;
    }
    let style = if v.shogi_coordinates() { "shogi" } else { "chess" };
    json!({"style": style, "files": files, "ranks": ranks})
}

/// The last move played: its squares (`from` is `null` for drops, `to` for
/// moves into a pocket), captures and display text.
fn last_move(game: &Game, record: &[String]) -> Value {
    let v = game.variant();
    let Some(m) = game.moves().last() else {
        return Value::Null;
    };
    let sq = |s: Option<Square>| s.map(|s| v.square_name(s));
    json!({
        "kind": kind_name(m.kind()),
        "from": sq(m.from()),
        "to": if m.kind() == MoveKind::ToPocket { None } else { sq(m.to()) },
        // With the pieces a range capture jumped and those a hook burnt.
        "captures": m.captures().iter().chain(&game.position().last_move_removed()).map(|&c| v.square_name(c)).collect::<Vec<_>>(),
        "display": record.last(),
    })
}

/// The whole state of a game: what the page draws and may play.
pub fn state(game: &mut Game) -> Value {
    let v = game.variant().clone();
    let g = v.board();
    let pos = game.position().clone();
    let squares: Vec<Value> = g
        .cells()
        .map(|s| {
            let piece = pos.piece_at(s).map(|p| {
                let def = v.piece(p.kind());
                // A wall is no side's piece.
                let color = if v.wall_kind() == Some(p.kind()) {
                    "none"
                } else {
                    color_name(p.color())
                };
                json!({"symbol": def.symbol(), "name": def.name(), "color": color})
            });
            let (file_label, rank_label) = square_labels(&v, s);
            json!({"name": v.square_name(s), "file": g.file(s), "rank": g.rank(s), "piece": piece,
                   "label": format!("{file_label}{rank_label}")})
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
    let promoted = promoted_kinds(&v);
    json!({
        "variant": {
            "name": v.name(),
            "description": v.description(),
            "files": g.files(),
            "ranks": g.ranks(),
            "shape": if g.is_hex() { "hexagon" } else { "rectangle" },
            "sides": [v.side_name(Color::First), v.side_name(Color::Second)],
            "pieces": v.kinds().map(|k| piece_json(&v, k, &promoted)).collect::<Vec<_>>(),
            "piece_set": v.display.set,
            "piece_forward": v.display.forward,
            "coordinates": coordinates(&v),
        },
        "last_move": last_move(game, &record),
        "position": pos.to_text(),
        "start": game.start_text(),
        "side": color_name(side),
        "side_name": v.side_name(side),
        "in_check": pos.in_check(side),
        "turn": pos.turn_progress().map(|(k, n)| json!({"move": k, "of": n})),
        "result": result,
        "squares": squares,
        "stores": stores,
        "moves": moves,
        "record": record,
    })
}

/// The engine's move in a game, by `movetime` milliseconds (10 ms to
/// 60 s; and at most `depth`), ended early when `stop` is set: its
/// canonical text, or `None` when the game is over.
pub fn engine_move(
    game: &mut Game,
    movetime: u64,
    depth: i32,
    stop: Option<Arc<std::sync::atomic::AtomicBool>>,
) -> Option<String> {
    engine_reply(game, movetime, depth, stop).played
}

/// What [`engine_reply`] found.
pub struct EngineReply {
    /// The move's canonical text (`None`: the game is over).
    pub played: Option<String>,
    /// The search was ended by `stop`, not by its time or depth.
    pub interrupted: bool,
}

/// [`engine_move`], and whether `stop` ended the search.
pub fn engine_reply(
    game: &mut Game,
    movetime: u64,
    depth: i32,
    stop: Option<Arc<std::sync::atomic::AtomicBool>>,
) -> EngineReply {
    if game.result().is_some() {
        return EngineReply {
            played: None,
            interrupted: false,
        };
    }
    let v = game.variant().clone();
    let mut searcher = searchers::take(&v);
    let mut pos = game.position().clone();
    let line = game.line();
    let limits = Limits {
        depth: depth.clamp(1, 64),
        movetime: Some(Duration::from_millis(movetime.clamp(10, 60_000))),
        stop,
        ..Default::default()
    };
    let report = searcher.search(&mut pos, limits, line.history());
    searchers::give_back(&v, searcher);
    EngineReply {
        played: report.best.map(|m| game.format(&m)),
        interrupted: report.interrupted,
    }
}

/// The options a rules file offers (`[options]`), each with its choices,
/// description and the value the variant was compiled with.
pub fn offered_options(c: &crate::Compiled) -> Value {
    let offered: Vec<Value> = c
        .file
        .options
        .iter()
        .map(|(n, def)| {
            json!({"name": n, "choices": def.choices, "description": def.description,
                   "value": c.variant.options().get(n)})
        })
        .collect();
    json!(offered)
}

/// The answer to a game request: the state, the engine's move (`null`:
/// none asked or none left), the options offered.
pub fn answer(game: &mut Game, offered: Value, played: Option<String>) -> Value {
    let mut state = state(game);
    state["engine_move"] = json!(played);
    state["options"] = offered;
    state
}

/// A game request, `{variant, options?, start?, moves?, movetime?,
/// depth?}`: each field of its type (other fields are ignored).
#[derive(Clone, Debug)]
pub struct GameRequest {
    /// The variant's name.
    pub variant: String,
    /// Option values chosen (`[options]`).
    pub options: crate::OptionValues,
    /// The start position (none: the variant's).
    pub start: Option<String>,
    /// The moves played since.
    pub moves: Vec<String>,
    /// The engine's time, milliseconds (10 to the caller's most).
    pub movetime: u64,
    /// The engine's deepest iteration (1 to 64).
    pub depth: i32,
}

impl GameRequest {
    /// Reads a request; `max_movetime` (milliseconds) bounds the engine's
    /// time: a longer one is clamped, not refused.
    pub fn parse(value: Value, max_movetime: u64) -> Result<GameRequest, String> {
        let Value::Object(fields) = value else {
            return Err("bad JSON: the request must be an object {variant, …}".into());
        };
        let field = |name: &str| fields.get(name).filter(|v| !v.is_null());
        let variant = match field("variant") {
            None => return Err("no variant".into()),
            Some(Value::String(s)) => s.clone(),
            Some(_) => return Err("variant must be a text (the variant's name)".into()),
        };
        let start = match field("start") {
            None => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(_) => return Err("start must be a text (a position)".into()),
        };
        let moves = match field("moves") {
            None => Vec::new(),
            Some(Value::Array(list)) => list
                .iter()
                .map(|m| m.as_str().map(str::to_string))
                .collect::<Option<_>>()
                .ok_or("moves are texts")?,
            Some(_) => return Err("moves must be a list".into()),
        };
        let mut options = crate::OptionValues::new();
        match field("options") {
            None => {}
            Some(Value::Object(map)) => {
                for (k, val) in map {
                    let val = val
                        .as_str()
                        .ok_or_else(|| format!("options: option values are texts (`{}`)", clip(k)))?;
                    options.insert(k.clone(), val.to_string());
                }
            }
            Some(_) => return Err("options must be an object".into()),
        }
        let number = |name: &str, default: f64| match field(name) {
            None => Ok(default),
            Some(v) => v
                .as_f64()
                .ok_or_else(|| format!("{name} must be a number, not {}", clip(&v.to_string()))),
        };
        let movetime = number("movetime", 1000.0)?.clamp(10.0, max_movetime.max(10) as f64) as u64;
        let depth = number("depth", 64.0)?.clamp(1.0, 64.0) as i32;
        Ok(GameRequest {
            variant,
            options,
            start,
            moves,
            movetime,
            depth,
        })
    }
}

/// A piece's move diagram (as `chimera show --piece` draws it).
pub fn piece_diagram(v: &Arc<Variant>, symbol_or_name: &str) -> Result<String, String> {
    let kind = v
        .kind_by_symbol(symbol_or_name)
        .or_else(|| v.kind_by_name(symbol_or_name))
        .ok_or_else(|| format!("no piece `{}`", clip(symbol_or_name)))?;
    Ok(crate::display::piece_diagram(v, kind, Color::First))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variant(name: &str) -> Arc<Variant> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("variants")
            .join(name);
        crate::load(&path).expect("loads")
    }

    fn piece<'a>(state: &'a Value, symbol: &str) -> &'a Value {
        let pieces = state["variant"]["pieces"].as_array().expect("pieces");
        pieces.iter().find(|p| p["symbol"] == symbol).expect("the piece")
    }

    #[test]
    fn range_captures_list_every_jumped_square() {
        let v = variant("taikyoku-shogi.toml");
        let start = "24(cp)k10/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/12(gg)23/36/36/12(VG)23/12p23/12P23/12(GG)(vg)22/36/36/36/36/36/36/36/36/36/36/K(CP)34 b - - 0 1";
        let mut game = replay(&v, Some(start), &[]).expect("replays");
        let s = state(&mut game);
        let m = s["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .find(|m| m["text"] == "m12-m16xm13xm14xm15")
            .expect("the range capture");
        assert_eq!(m["captures"], json!(["m13", "m14", "m15"]));
        let mut game = replay(&v, Some(start), &["m12-m16xm13xm14xm15".to_string()]).expect("replays");
        let s = state(&mut game);
        assert_eq!(s["last_move"]["captures"], json!(["m13", "m14", "m15"]));
    }

    /// `[display] forward = "right"`: the page turns the first player's
    /// pieces to face right (Hex Shogi 91, held turned a quarter turn).
    #[test]
    fn a_board_held_turned_faces_its_pieces_right() {
        let v = variant("hex-shogi-91.toml");
        let mut game = replay(&v, None, &[]).expect("replays");
        let s = state(&mut game);
        assert_eq!(s["variant"]["piece_forward"], 90);
        assert_eq!(s["variant"]["shape"], "hexagon");
    }

    #[test]
    fn shogi_is_labelled_as_usi_names_its_squares() {
        let v = variant("shogi.toml");
        let mut game = replay(&v, None, &["7g7f".to_string(), "P*5e".to_string()][..1]).expect("replays");
        let s = state(&mut game);
        let c = &s["variant"]["coordinates"];
        assert_eq!(c["style"], "shogi");
        assert_eq!(c["files"], json!(["9", "8", "7", "6", "5", "4", "3", "2", "1"]));
        assert_eq!(c["ranks"], json!(["i", "h", "g", "f", "e", "d", "c", "b", "a"]));
        let c3 = s["squares"]
            .as_array()
            .unwrap()
            .iter()
            .find(|q| q["name"] == "c3")
            .unwrap();
        assert_eq!(c3["label"], "7g");
        assert_eq!(s["last_move"]["from"], "c3");
        assert_eq!(s["last_move"]["to"], "c4");
        assert_eq!(s["last_move"]["display"], "7g7f");
        assert_eq!(s["variant"]["piece_set"], "shogi");
        assert_eq!(s["variant"]["piece_forward"], 0);
        assert_eq!(s["variant"]["sides"], json!(["black", "white"]));
        assert_eq!(piece(&s, "P")["glyphs"], json!(["歩", "歩"]));
        assert_eq!(piece(&s, "K")["glyphs"], json!(["玉", "王"]));
        assert_eq!(piece(&s, "+P")["promoted"], true);
        assert_eq!(piece(&s, "P")["promoted"], false);
        assert_eq!(piece(&s, "K")["royal"], true);
    }

    #[test]
    fn chess_pieces_get_figurines_by_name_and_no_move_is_last_at_the_start() {
        let v = variant("chess.toml");
        let mut game = replay(&v, None, &[]).expect("replays");
        let s = state(&mut game);
        assert_eq!(s["last_move"], Value::Null);
        assert_eq!(s["variant"]["coordinates"]["files"][0], "a");
        assert_eq!(s["variant"]["coordinates"]["ranks"][0], "1");
        for (symbol, figurine) in [("K", "king"), ("N", "knight"), ("P", "pawn")] {
            assert_eq!(piece(&s, symbol)["figurine"], figurine);
            assert_eq!(piece(&s, symbol)["glyphs"], Value::Null);
        }
        // Kozune's pieces only a promotion brings are promoted faces.
        let v = variant("kozune.toml");
        let s = state(&mut replay(&v, None, &[]).expect("replays"));
        assert_eq!(piece(&s, "Kozune")["promoted"], true);
        assert_eq!(piece(&s, "Ko")["promoted"], false);
        assert_eq!(piece(&s, "Ko")["figurine"], Value::Null);
    }

    #[test]
    fn a_drop_is_marked_on_its_square_only() {
        let v = variant("shogi.toml");
        let moves: Vec<String> = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]
            .map(String::from)
            .to_vec();
        let mut game = replay(&v, None, &moves).expect("replays");
        let s = state(&mut game);
        assert_eq!(s["last_move"]["kind"], "drop");
        assert_eq!(s["last_move"]["from"], Value::Null);
        assert_eq!(s["last_move"]["to"], "f5");
        assert_eq!(s["last_move"]["display"], "B*4e");
    }
}
