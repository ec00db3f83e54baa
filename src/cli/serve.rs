//! `chimera serve`: a browser board on a local web server.

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::SystemTime;

use serde_json::{Value, json};
use tiny_http::{Header, Method, Request, Response, Server};

use super::context::Context;
use super::output::{Outcome, bad};
use crate::OptionValues;
use crate::engine::Variant;
use crate::web;

/// Serve a browser board: the page draws any variant as SVG (board, hands,
/// reserves, pockets), shows a piece's legal targets when it is clicked, and
/// plays against the engine. Give a rules file or a folder of them; a file
/// edited on disk is reloaded, its errors shown in the page. Listens on
/// 127.0.0.1 (this machine only) unless --host says otherwise.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// A rules file, or a folder of them (e.g. variants/).
    target: PathBuf,
    /// The port to listen on (0: a free one, printed at the start).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on (127.0.0.1: this machine only).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
}

/// The most bytes a request body may have.
const MAX_BODY: u64 = 1 << 20;

const INDEX: &str = include_str!("../web/assets/index.html");
const APP: &str = include_str!("../web/assets/app.js");
const STYLE: &str = include_str!("../web/assets/style.css");

/// The variants on offer: rules files by name, loaded when asked and again
/// when the file changes.
struct Library {
    files: Vec<(String, PathBuf)>,
    /// By name and chosen options: the file's time, the variant and its
    /// options (name, choices, description), or the error.
    loaded: HashMap<String, (SystemTime, Loaded)>,
}

type Loaded = Result<(Arc<Variant>, Value), String>;

impl Library {
    fn new(target: &Path) -> Result<Library, String> {
        let mut files = Vec::new();
        if target.is_dir() {
            let entries =
                std::fs::read_dir(target).map_err(|e| format!("cannot read {}: {e}", target.display()))?;
            for entry in entries.flatten() {
                let path = entry.path();
                if path.extension().is_some_and(|e| e == "toml") && !crate::is_weights_file(&path) {
                    files.push((stem(&path), path));
                }
            }
            files.sort();
        } else if target.is_file() {
            files.push((stem(target), target.to_path_buf()));
        } else {
            return Err(format!(
                "{} is neither a rules file nor a folder",
                target.display()
            ));
        }
        if files.is_empty() {
            return Err(format!("no rules file (*.toml) in {}", target.display()));
        }
        Ok(Library {
            files,
            loaded: HashMap::new(),
        })
    }

    /// The variant of that name with these options, reloaded if its file
    /// changed; an error is the rules file's report (file, line, column).
    fn get(&mut self, cx: &Context, name: &str, options: &OptionValues) -> Loaded {
        let Some((_, path)) = self.files.iter().find(|(n, _)| n == name) else {
            return Err(format!("no variant `{}`", crate::protocol::clip(name)));
        };
        let modified = std::fs::metadata(path)
            .and_then(|m| m.modified())
            .unwrap_or(SystemTime::UNIX_EPOCH);
        let key = format!("{name}{options:?}");
        if let Some((when, v)) = self.loaded.get(&key)
            && *when == modified
        {
            return v.clone();
        }
        let loaded = cx
            .loader
            .with_options(options)
            .load_full(path)
            .map_err(|d| d.render());
        let v = loaded.map(|c| {
            let offered: Vec<Value> = c
                .file
                .options
                .iter()
                .map(|(n, def)| {
                    json!({"name": n, "choices": def.choices, "description": def.description,
                           "value": c.variant.options().get(n)})
                })
                .collect();
            (c.variant, json!(offered))
        });
        if self.loaded.len() > 256 {
            self.loaded.clear();
        }
        self.loaded.insert(key, (modified, v.clone()));
        v
    }
}

fn stem(path: &Path) -> String {
    path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let mut library = Library::new(&a.target).map_err(bad)?;
    let address = format!("{}:{}", a.host, a.port);
    let server = Server::http(&address).map_err(|e| bad(format!("cannot listen on {address}: {e}")))?;
    // The address bound (with --port 0, the port the system chose).
    let bound = server.server_addr().to_ip().map_or(address, |a| a.to_string());
    eprintln!(
        "chimera serve: http://{bound}/ ({} variant(s)); Ctrl-C stops it",
        library.files.len()
    );
    for request in server.incoming_requests() {
        answer(cx, &mut library, request);
    }
    Ok(ExitCode::SUCCESS)
}

type Reply = Response<std::io::Cursor<Vec<u8>>>;

/// A response of this type (the header is a constant, always valid).
fn typed(response: Reply, kind: &str) -> Reply {
    match Header::from_bytes(&b"Content-Type"[..], kind.as_bytes()) {
        Ok(h) => response.with_header(h),
        Err(()) => response,
    }
}

fn json_response(status: u16, body: &Value) -> Reply {
    typed(
        Response::from_string(body.to_string()).with_status_code(status),
        "application/json",
    )
}

fn error(status: u16, message: &str) -> Reply {
    json_response(status, &json!({ "error": message }))
}

fn answer(cx: &Context, library: &mut Library, mut request: Request) {
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let response = match (request.method(), path) {
        (Method::Get, "/") => asset(INDEX, "text/html; charset=utf-8"),
        (Method::Get, "/app.js") => asset(APP, "text/javascript; charset=utf-8"),
        (Method::Get, "/style.css") => asset(STYLE, "text/css; charset=utf-8"),
        (Method::Get, "/api/variants") => {
            let files = library.files.clone();
            let list: Vec<Value> = files
                .iter()
                .map(|(n, path)| {
                    let modified = std::fs::metadata(path)
                        .and_then(|m| m.modified())
                        .ok()
                        .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
                        .map(|d| d.as_millis() as u64);
                    json!({"name": n, "modified": modified, "error": library.get(cx, n, &OptionValues::new()).err()})
                })
                .collect();
            json_response(200, &json!(list))
        }
        (Method::Get, "/api/piece") => {
            let get = |key: &str| {
                query
                    .split('&')
                    .filter_map(|kv| kv.split_once('='))
                    .find(|(k, _)| *k == key)
                    .map(|(_, v)| decode(v))
            };
            match (get("variant"), get("piece")) {
                (Some(vn), Some(p)) => match library
                    .get(cx, &vn, &OptionValues::new())
                    .and_then(|(v, _)| web::piece_diagram(&v, &p))
                {
                    Ok(d) => json_response(200, &json!({ "diagram": d })),
                    Err(e) => error(400, &e),
                },
                _ => error(400, "give variant=…&piece=…"),
            }
        }
        (Method::Post, "/api/state" | "/api/engine") => {
            let engine = path == "/api/engine";
            match read_body(&mut request).and_then(|body| game_request(cx, library, &body, engine)) {
                Ok(v) => json_response(200, &v),
                Err((status, e)) => error(status, &e),
            }
        }
        _ => error(404, "no such page"),
    };
    let _ = request.respond(response);
}

fn asset(text: &str, kind: &str) -> Reply {
    typed(Response::from_string(text), kind)
}

/// The request's body, at most [`MAX_BODY`] bytes of UTF-8.
fn read_body(request: &mut Request) -> Result<String, (u16, String)> {
    if request.body_length().is_some_and(|n| n as u64 > MAX_BODY) {
        return Err((413, format!("the request is larger than {MAX_BODY} bytes")));
    }
    let mut body = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY + 1)
        .read_to_end(&mut body)
        .map_err(|e| (400, format!("cannot read the request: {e}")))?;
    if body.len() as u64 > MAX_BODY {
        return Err((413, format!("the request is larger than {MAX_BODY} bytes")));
    }
    String::from_utf8(body).map_err(|_| (400, "the request is not UTF-8".to_string()))
}

/// `{variant, start?, moves[], movetime?, depth?}`: the game's state, after
/// the engine's move when `engine`.
fn game_request(
    cx: &Context,
    library: &mut Library,
    body: &str,
    engine: bool,
) -> Result<Value, (u16, String)> {
    let req: Value = serde_json::from_str(body).map_err(|e| (400, format!("bad JSON: {e}")))?;
    let name = req["variant"].as_str().ok_or((400, "no variant".to_string()))?;
    let mut options = OptionValues::new();
    match &req["options"] {
        Value::Null => {}
        Value::Object(map) => {
            for (k, val) in map {
                let val = val.as_str().ok_or((400, "option values are texts".to_string()))?;
                options.insert(k.clone(), val.to_string());
            }
        }
        _ => return Err((400, "options must be an object".into())),
    }
    let (v, offered) = library.get(cx, name, &options).map_err(|e| (422, e))?;
    let moves: Vec<String> = match &req["moves"] {
        Value::Null => Vec::new(),
        Value::Array(list) => list
            .iter()
            .map(|m| {
                m.as_str()
                    .map(str::to_string)
                    .ok_or((400, "moves are texts".to_string()))
            })
            .collect::<Result<_, _>>()?,
        _ => return Err((400, "moves must be a list".into())),
    };
    let mut game = web::replay(&v, req["start"].as_str(), &moves).map_err(|e| (400, e))?;
    let mut played = None;
    if engine {
        let movetime = req["movetime"].as_u64().unwrap_or(1000);
        let depth = req["depth"].as_i64().unwrap_or(64).clamp(1, 64) as i32;
        played = web::engine_move(&mut game, movetime, depth);
        if let Some(text) = &played {
            game.play_text(text).map_err(|e| (500, e.to_string()))?;
        }
    }
    let mut state = web::state(&mut game);
    state["engine_move"] = json!(played);
    state["options"] = offered;
    Ok(state)
}

/// `%xx` and `+` decoded (a query value).
fn decode(s: &str) -> String {
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
