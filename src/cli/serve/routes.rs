//! The pages and the board's API: the routes with the request limits as
//! layers, answers and errors in JSON, board work on the blocking threads,
//! and game requests read from their bodies.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::SystemTime;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::{RequestBodyDeadlineLayer, TimeoutLayer};

use super::engine::engine;
use super::library::{Library, modified};
use super::{
    App, BODY_TIMEOUT, Failure, MAX_BODY, MAX_CONNECTIONS, MAX_HEAD, MAX_MOVETIME, QUEUE_WAIT,
    REQUEST_TIMEOUT, bad_request, failure,
};
use crate::OptionValues;
use crate::game::Game;
use crate::web;

const INDEX: &str = include_str!("../../web/assets/index.html");
const APP: &str = include_str!("../../web/assets/app.js");
const STYLE: &str = include_str!("../../web/assets/style.css");

/// The pages and the API, with the request limits as layers.
pub(super) fn routes(app: Arc<App>) -> Router {
    let limits = ServiceBuilder::new()
        .layer(CatchPanicLayer::new())
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            REQUEST_TIMEOUT,
        ))
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(RequestBodyDeadlineLayer::new(BODY_TIMEOUT));
    Router::new()
        .route("/", get(|| async { asset(INDEX, "text/html; charset=utf-8") }))
        .route(
            "/app.js",
            get(|| async { asset(APP, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/style.css",
            get(|| async { asset(STYLE, "text/css; charset=utf-8") }),
        )
        .route("/api/variants", get(variants))
        .route("/api/piece", get(piece))
        .route("/api/state", post(state))
        .route("/api/engine", post(engine))
        .route("/api/status", get(status))
        .fallback(not_found)
        .method_not_allowed_fallback(not_found)
        .with_state(app)
        .layer(limits)
        .layer(axum::middleware::map_response(json_errors))
}

fn asset(text: &'static str, kind: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], text).into_response()
}

fn json_response(status: StatusCode, body: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

fn error(status: StatusCode, message: &str) -> Response {
    json_response(status, &json!({ "error": message }))
}

pub(super) fn respond(result: Result<Value, Failure>) -> Response {
    match result {
        Ok(v) => json_response(StatusCode::OK, &v),
        Err((status, e)) => error(status, &e),
    }
}

async fn not_found() -> Response {
    error(StatusCode::NOT_FOUND, "no such page")
}

/// The errors the layers answer themselves (a body too large, a request too
/// slow, a panic) in the API's form, `{error}`.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t == HeaderValue::from_static("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => format!("the request is larger than {MAX_BODY} bytes"),
        StatusCode::SERVICE_UNAVAILABLE => {
            format!("the request took longer than {} s", REQUEST_TIMEOUT.as_secs())
        }
        StatusCode::INTERNAL_SERVER_ERROR => "internal error".to_string(),
        s => s.canonical_reason().unwrap_or("error").to_lowercase(),
    };
    error(status, &message)
}

/// Runs board work on a blocking thread, at most [`App::work`] at a time;
/// 503 when none is free within [`QUEUE_WAIT`].
pub(super) async fn blocking<T: Send + 'static>(
    app: &Arc<App>,
    job: impl FnOnce(&App) -> Result<T, Failure> + Send + 'static,
) -> Result<T, Failure> {
    let permit = tokio::time::timeout(QUEUE_WAIT, Arc::clone(&app.work).acquire_owned())
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or_else(|| failure(StatusCode::SERVICE_UNAVAILABLE, "the server is busy: try again"))?;
    let app = Arc::clone(app);
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        job(&app)
    })
    .await
    .unwrap_or_else(|_| Err(failure(StatusCode::INTERNAL_SERVER_ERROR, "internal error")))
}

async fn variants(State(app): State<Arc<App>>) -> Response {
    respond(
        blocking(&app, |app| {
            let list: Vec<Value> = app
                .library
                .files
                .iter()
                .map(|(n, path)| {
                    let modified = modified(path)
                        .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
                        .map(|d| d.as_millis() as u64);
                    let error = app.library.get(n, &OptionValues::new()).err();
                    json!({"name": n, "modified": modified, "error": error})
                })
                .collect();
            Ok(json!(list))
        })
        .await,
    )
}

async fn piece(State(app): State<Arc<App>>, uri: Uri) -> Response {
    let query = uri.query().unwrap_or("").to_string();
    let get = |key: &str| crate::web::query_value(&query, key);
    let (Some(variant), Some(piece)) = (get("variant"), get("piece")) else {
        return error(StatusCode::BAD_REQUEST, "give variant=…&piece=…");
    };
    respond(
        blocking(&app, move |app| {
            let diagram = app
                .library
                .get(&variant, &OptionValues::new())
                .and_then(|(v, _)| web::piece_diagram(&v, &piece))
                .map_err(bad_request)?;
            Ok(json!({ "diagram": diagram }))
        })
        .await,
    )
}

async fn state(State(app): State<Arc<App>>, body: Body) -> Response {
    let answer = async {
        let request = GameRequest::read(body).await?;
        blocking(&app, move |app| {
            let (mut game, offered) = request.replay(&app.library)?;
            Ok(finish(&mut game, offered, None))
        })
        .await
    };
    respond(answer.await)
}

async fn status(State(app): State<Arc<App>>) -> Response {
    let s = &app.stats;
    json_response(
        StatusCode::OK,
        &json!({
            "connections": app.connections.count(),
            "searching": s.searching.load(Ordering::SeqCst),
            "waiting": s.waiting.load(Ordering::SeqCst),
            "searches": s.searches.load(Ordering::SeqCst),
            "stopped": s.stopped.load(Ordering::SeqCst),
            "refused": s.refused.load(Ordering::SeqCst),
            "evicted": s.evicted.load(Ordering::SeqCst),
            "limits": {
                "connections": MAX_CONNECTIONS,
                "searches": app.cores,
                "movetime": MAX_MOVETIME,
                "body": MAX_BODY,
                "head": MAX_HEAD,
            },
        }),
    )
}

/// The answer to a game request: the state, the engine's move, the options.
pub(super) fn finish(game: &mut Game, offered: Value, played: Option<String>) -> Value {
    web::answer(game, offered, played)
}

/// A game request (`web::GameRequest`), read from a body.
pub(super) struct GameRequest(web::GameRequest);

impl std::ops::Deref for GameRequest {
    type Target = web::GameRequest;
    fn deref(&self) -> &web::GameRequest {
        &self.0
    }
}

impl GameRequest {
    /// Reads and checks the body (its size and time are bounded by the layers).
    pub(super) async fn read(body: Body) -> Result<GameRequest, Failure> {
        let bytes = read_body(body).await?;
        let text = std::str::from_utf8(&bytes).map_err(|_| bad_request("the request is not UTF-8"))?;
        let value: Value = serde_json::from_str(text).map_err(|e| bad_request(format!("bad JSON: {e}")))?;
        // Clamped, not refused: the engine thinks 10 ms to MAX_MOVETIME.
        web::GameRequest::parse(value, MAX_MOVETIME)
            .map(GameRequest)
            .map_err(bad_request)
    }

    /// The variant loaded and the game replayed.
    pub(super) fn replay(&self, library: &Library) -> Result<(Game, Value), Failure> {
        let (v, offered) = library
            .get(&self.variant, &self.options)
            .map_err(|e| failure(StatusCode::UNPROCESSABLE_ENTITY, e))?;
        let game = web::replay(&v, self.start.as_deref(), &self.moves).map_err(bad_request)?;
        Ok((game, offered))
    }
}

/// The whole body: 413 past [`MAX_BODY`], 408 when it does not arrive within
/// [`BODY_TIMEOUT`] (the layers' limits, told apart here).
async fn read_body(body: Body) -> Result<Bytes, Failure> {
    match body.collect().await {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(e) => {
            let e = e.into_inner();
            let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e.as_ref());
            while let Some(c) = cause {
                if c.is::<http_body_util::LengthLimitError>() {
                    return Err(failure(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        format!("the request is larger than {MAX_BODY} bytes"),
                    ));
                }
                if c.is::<tower_http::timeout::TimeoutError>() {
                    return Err(failure(
                        StatusCode::REQUEST_TIMEOUT,
                        format!("the request's body took longer than {} s", BODY_TIMEOUT.as_secs()),
                    ));
                }
                cause = c.source();
            }
            Err(bad_request(format!("cannot read the request: {e}")))
        }
    }
}
