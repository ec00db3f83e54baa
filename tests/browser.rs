//! `chimera serve` end to end: a headless Chromium (WebDriver, through
//! Selenium in tests/tools/browser.py) loads chess, shogi, xiangqi, Kozune,
//! Pocket Shogi Copper, Janggi, Marseillais (the status line in the middle of
//! a turn of two moves), Gliński's hexagonal chess (91 hexagons), Ko shogi,
//! chu shogi, taikyoku shogi (36×36) and Dobutsu, plays legal moves, has an illegal one refused, drops from hand,
//! places from a reserve, chooses a promotion (captioned "Promote?") and a path ("Choose the path"), gets
//! engine replies and reaches a result; it checks the pieces drawn (chess
//! figurines, kanji on pentagons, xiangqi's and janggi's characters, Latin
//! letters at the user's choice), the coordinates as the move text names
//! squares (USI's 9..1 and a..i for shogi), the sides' own names and the
//! last move marked. Screenshots of the boards go to the test's temporary
//! folder (with CHIMERA_SCREENSHOTS=DIR, to DIR: docs/screenshots/ is made
//! so). Skipped with a message when Selenium or Chromium is missing (CI
//! installs both).
use std::path::Path;
use std::time::Duration;

use crate::common;
use crate::common::serve as common_serve;
use common::python_tool;
use common_serve::{http, serve};

#[test]
fn the_browser_board_plays_the_seed_games_and_the_classics() {
    let server = serve(&["variants"]);
    let url = server.url.clone();
    // The boards folder is copied: the page must follow an edit of a file.
    let root = common::root();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("boards");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    for name in ["tiny.toml", "huge.toml", "broken.toml", "nofont.toml"] {
        std::fs::copy(root.join("tests/data/boards").join(name), dir.join(name)).expect("copy");
    }
    let boards_server = serve(&[&dir.display().to_string()]);
    let boards = boards_server.url.clone();
    let shots = common::screenshots();
    if let Some(out) = python_tool(
        "browser.py",
        &[url, shots, boards, dir.display().to_string()],
        "the browser checks",
    ) {
        assert!(out.trim_end().ends_with("ok"), "{out}");
    }
}

#[test]
fn the_server_checks_every_request_and_keeps_serving() {
    let server = serve(&["variants"]);
    let url = server.url.clone();
    let (status, page) = http(&url, "GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"app.js\">"), "{page}");
    let ok = |body: &str| http(&url, "POST", "/api/state", body.as_bytes());
    let (status, state) = ok(r#"{"variant":"chess","moves":["e2e4"]}"#);
    assert_eq!(status, 200, "{state}");
    let state: serde_json::Value = serde_json::from_str(&state).expect("json");
    assert_eq!(state["side"], "second");
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(20));
    for (body, status, says) in [
        (r#"{"variant":"chess","moves":["e2e5"]}"#, 400, "not a legal move"),
        (
            r#"{"variant":"chess","start":"not a position"}"#,
            400,
            "bad position",
        ),
        (r#"{"variant":"nonsense"}"#, 422, "no variant"),
        (
            r#"{"variant":"chess","moves":"e2e4"}"#,
            400,
            "moves must be a list",
        ),
        (r#"{"variant":"chess","moves":[1]}"#, 400, "moves are texts"),
        ("{", 400, "bad JSON"),
        ("\u{0}\u{ff}garbage", 400, "bad JSON"),
    ] {
        let (got, text) = ok(body);
        assert_eq!(got, status, "{body}: {text}");
        assert!(text.contains(says), "{body}: {text}");
    }
    let huge = vec![b' '; 2 << 20];
    let (status, _) = http(&url, "POST", "/api/state", &huge);
    assert_eq!(status, 413);
    let (status, _) = http(&url, "GET", "/no/such/page", b"");
    assert_eq!(status, 404);
    let (status, text) = http(&url, "GET", "/api/piece?variant=kozune&piece=Ko", b"");
    assert_eq!(status, 200, "{text}");
    assert!(text.contains("diagram"));
    let (status, text) = http(
        &url,
        "POST",
        "/api/engine",
        br#"{"variant":"kozune","movetime":50}"#,
    );
    assert_eq!(status, 200, "{text}");
    let state: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert!(state["engine_move"].is_string(), "{state}");
    // Still serving after all that.
    assert_eq!(ok(r#"{"variant":"shogi"}"#).0, 200);
}

#[test]
fn an_edited_rules_file_is_reloaded_and_its_errors_shown() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-reload");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let root = common::root();
    let file = dir.join("mine.toml");
    let good = std::fs::read_to_string(root.join("variants/chess.toml")).expect("chess");
    std::fs::write(&file, &good).expect("write");
    let server = serve(&[&dir.display().to_string()]);
    let url = server.url.clone();
    let (status, list) = http(&url, "GET", "/api/variants", b"");
    assert_eq!(status, 200);
    assert!(list.contains(r#""error":null"#), "{list}");
    // A broken edit: the page gets the report with file, line and column.
    std::thread::sleep(Duration::from_millis(1100));
    std::fs::write(&file, good.replacen("betza = \"", "betza = \"Zq", 1)).expect("write");
    let (status, text) = http(&url, "POST", "/api/state", br#"{"variant":"mine"}"#);
    assert_eq!(status, 422, "{text}");
    assert!(text.contains("mine.toml:") && text.contains("betza"), "{text}");
    // Fixed again: played as before.
    std::thread::sleep(Duration::from_millis(1100));
    std::fs::write(&file, &good).expect("write");
    assert_eq!(http(&url, "POST", "/api/state", br#"{"variant":"mine"}"#).0, 200);
}
