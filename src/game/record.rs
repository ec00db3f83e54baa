//! Game records: a PGN-like text.
//!
//! ```text
//! [Variant "Kozune"]
//! [VariantFile "variants/kozune.toml"]
//! [Start "<position text>"]          (only if not the variant's start)
//! [First "engine:depth=3"]
//! [Second "random"]
//! [Result "white wins by checkmate"]
//!
//! 1. Ko@a1 Ko@i9 2. Zu@b1 …
//! ```
//!
//! Moves are in canonical notation (UCI/USI are accepted when reading).

use std::fmt::Write;

use indexmap::IndexMap;

use super::{Game, GameResult};

/// PGN's result tokens, which end a game's moves.
pub const PGN_RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// A parsed record.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// Tags in file order (`Variant`, `VariantFile`, `Start`, `Result`, …).
    pub tags: IndexMap<String, String>,
    /// Moves as written.
    pub moves: Vec<String>,
}

impl Record {
    /// The record of a game (moves in canonical notation).
    pub fn from_game(
        game: &Game,
        variant_file: &str,
        players: [&str; 2],
        result: Option<GameResult>,
    ) -> Record {
        let v = game.variant();
        let mut tags = IndexMap::new();
        tags.insert("Variant".into(), v.name().to_string());
        tags.insert("VariantFile".into(), variant_file.into());
        let start = game.start_text();
        if start != crate::engine::Position::start(v).to_text() {
            tags.insert("Start".into(), start);
        }
        tags.insert("First".into(), players[0].into());
        tags.insert("Second".into(), players[1].into());
        tags.insert(
            "Result".into(),
            result.map_or("ongoing".into(), |r| r.describe(v)),
        );
        if result.is_some_and(|r| r.reason == crate::engine::Reason::MoveLimit) {
            // The limit the game stopped at, so that `replay` can tell a
            // finished record from a cut one.
            tags.insert("PlyLimit".into(), game.moves().len().to_string());
        }
        // Replay from the start to print each move in its own position.
        let mut replay = Game::new(game.start_position().clone());
        let mut moves = Vec::new();
        for m in game.moves() {
            moves.push(replay.format(m));
            replay.play(*m);
        }
        Record { tags, moves }
    }

    /// The record as text.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for (k, v) in &self.tags {
            let _ = writeln!(s, "[{k} \"{}\"]", v.replace('"', "'"));
        }
        s.push('\n');
        let mut line = String::new();
        for (i, m) in self.moves.iter().enumerate() {
            let token = if i % 2 == 0 {
                format!("{}. {m}", i / 2 + 1)
            } else {
                m.clone()
            };
            if line.len() + token.len() > 78 {
                s.push_str(line.trim_end());
                s.push('\n');
                line.clear();
            }
            line.push_str(&token);
            line.push(' ');
        }
        s.push_str(line.trim_end());
        s.push('\n');
        s
    }

    /// Parses a record; errors name the line. A file of several games
    /// (PGN) gives its first: see [`Record::parse_games`].
    pub fn parse(text: &str) -> Result<Record, String> {
        Ok(Record::parse_games(text)?.into_iter().next().unwrap_or_default())
    }

    /// Parses every game of a file: a game ends at PGN's result token
    /// (`1-0`, `0-1`, `1/2-1/2`, `*`) or where tags follow moves. Errors
    /// name the line.
    pub fn parse_games(text: &str) -> Result<Vec<Record>, String> {
        let mut games = Vec::new();
        let mut rec = Record::default();
        // Whether the current game's moves have ended (a result token).
        let mut ended = false;
        // Inside a PGN comment `{…}` or variation `(…)` (either may span
        // lines).
        let mut skip = Skip::default();
        for (n, raw) in text.lines().enumerate() {
            let stripped = strip_comments(raw, &mut skip);
            let line = stripped.trim();
            if line.is_empty() || line.starts_with(';') {
                continue;
            }
            if let Some(tag) = line.strip_prefix('[') {
                if ended || !rec.moves.is_empty() {
                    games.push(std::mem::take(&mut rec));
                    ended = false;
                }
                let tag = tag
                    .strip_suffix(']')
                    .ok_or_else(|| format!("line {}: tag without `]`", n + 1))?;
                let (k, v) = tag
                    .split_once(' ')
                    .ok_or_else(|| format!("line {}: write [Name \"value\"]", n + 1))?;
                let v = v.trim().trim_matches('"');
                rec.tags.insert(k.to_string(), v.to_string());
                continue;
            }
            // Moves may contain spaces in path form only with `!` shots: join them.
            for token in line.split_whitespace() {
                if ended {
                    return Err(format!(
                        "line {}: `{}` after the game's result (a new game starts with its tags)",
                        n + 1,
                        token.chars().take(40).collect::<String>()
                    ));
                }
                // A move number: `12.`, or `12...` before the second
                // player's move; also written against its move (`1.e4`,
                // `8...Nf6`).
                let token = without_number(token);
                if token.is_empty() {
                    continue;
                }
                // PGN's move annotations (`Nf6?!`, `e4!`).
                let token = match token.trim_end_matches(['!', '?']) {
                    "" => token,
                    t if !token.starts_with('!') => t,
                    _ => token,
                };
                if token.starts_with('$') && token[1..].chars().all(|c| c.is_ascii_digit()) {
                    // A PGN annotation glyph.
                    continue;
                }
                if PGN_RESULTS.contains(&token) {
                    ended = true;
                    continue;
                }
                if token.starts_with('!')
                    && let Some(last) = rec.moves.last_mut()
                {
                    last.push(' ');
                    last.push_str(token);
                    continue;
                }
                rec.moves.push(token.to_string());
            }
        }
        if !rec.tags.is_empty() || !rec.moves.is_empty() || games.is_empty() {
            games.push(rec);
        }
        Ok(games)
    }
}

/// A token without the move number written before it (`12.`, `12...`,
/// `1.e4` → `e4`); the token itself when it starts with none.
fn without_number(token: &str) -> &str {
    let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() == token.len() || !rest.starts_with('.') {
        return token;
    }
    rest.trim_start_matches('.')
}

/// Where a line starts: inside a comment, or how many variations deep.
#[derive(Default)]
struct Skip {
    comment: bool,
    depth: usize,
}

/// A line without its PGN comments (`{…}`) and variations (`(…)`, nested,
/// with comments inside), each replaced by a space; either may run over
/// several lines (`skip` carries that over). A tag line outside them is
/// kept whole (a tag's value may hold parentheses).
fn strip_comments(line: &str, skip: &mut Skip) -> String {
    let outside = !skip.comment && skip.depth == 0;
    if outside && (line.trim_start().starts_with('[') || !line.contains(['{', '('])) {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        if skip.comment {
            if c == '}' {
                skip.comment = false;
                out.push(' ');
            }
            continue;
        }
        match c {
            '{' => skip.comment = true,
            '(' => skip.depth += 1,
            ')' if skip.depth > 0 => {
                skip.depth -= 1;
                out.push(' ');
            }
            _ if skip.depth > 0 => {}
            c => out.push(c),
        }
    }
    out
}
