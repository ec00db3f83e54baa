//! What ffish.js (Fairy-Stockfish's WebAssembly binding) answers beyond
//! pyffish: its variant names (`standard`), the board drawn as its
//! `toString` and `toVerboseString` draw it, and a game read from PGN
//! (`readGamePGN`).

use super::{Algebraic, FsfError, find_san, legal_moves, parse_move, read_position, uci, variant_as};
use crate::engine::{Color, Position};
use crate::game::Game;
use crate::game::record::Record;

/// The variant ffish.js's functions mean by a name: `chess` for an empty
/// name and for `standard` or `Standard` (its `get_variant`), else the
/// name itself.
pub fn ffish_variant(name: &str) -> &str {
    match name {
        "" | "standard" | "Standard" => "chess",
        _ => name,
    }
}

/// ffish.js's `toString`: a rank a line from the last, each square's
/// letter (`.` for an empty one) separated by spaces; no newline at the
/// end.
pub fn board_text(pos: &Position) -> String {
    let lines: Vec<String> = super::fen::board_cells(&super::fen(pos))
        .iter()
        .map(|row| {
            let cells: Vec<&str> = row
                .iter()
                .map(|s| s.as_deref().map_or(".", |p| p.trim_end_matches('~')))
                .collect();
            cells.join(" ")
        })
        .collect();
    lines.join("\n")
}

/// ffish.js's `toVerboseString`, as Fairy-Stockfish's `d` command draws a
/// position: the board in boxes, ranks numbered, the side to move marked
/// `*` (and each side's hand beside its first rank, for a variant with
/// one), the files lettered; then `Fen:`, `Sfen:` (Fairy-Stockfish's SFEN
/// form of it), `Key:` (chimera's hash of the position, not
/// Fairy-Stockfish's), `Checkers:` and `Chased:` (left empty here).
pub fn verbose_text(pos: &Position) -> String {
    let fen = super::fen(pos);
    let board = super::fen::board_cells(&fen);
    let files = board.iter().map(Vec::len).max().unwrap_or(0);
    let line = format!(" {}+\n", "+---".repeat(files));
    let hand = fen
        .split_once('[')
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(h, _)| h.to_string());
    let first = pos.side_to_move() == Color::First;
    let mut out = format!("\n{line}");
    let ranks = board.len();
    for (i, row) in board.iter().enumerate() {
        for s in row {
            match s.as_deref() {
                None => out.push_str(" |  "),
                Some("*") => out.push_str(" | *"),
                Some(p) if p.starts_with('+') => out.push_str(&format!(" |{p}")),
                Some(p) if p.ends_with('~') => out.push_str(&format!(" |~{}", p.trim_end_matches('~'))),
                Some(p) => out.push_str(&format!(" | {p}")),
            }
        }
        let number = ranks - i;
        out.push_str(&format!(" |{number}"));
        if i == 0 || number == 1 {
            let side_first = number == 1;
            out.push_str(if side_first == first { " *" } else { "  " });
            if let Some(h) = &hand {
                let mine: String = h
                    .chars()
                    .filter(|c| c.is_alphabetic() && c.is_uppercase() == side_first)
                    .collect();
                out.push_str(&format!(" [{mine}]"));
            }
        }
        out.push('\n');
        out.push_str(&line);
    }
    for f in 0..files {
        out.push_str(&format!("   {}", (b'a' + f as u8) as char));
    }
    out.push('\n');
    let board_part = fen.split([' ', '[']).next().unwrap_or("");
    let ply = 2 * (pos.fullmove_number().max(1) - 1) + u32::from(!first);
    let sfen_hand = hand
        .filter(|h| !h.is_empty() && h != "-")
        .unwrap_or_else(|| "-".into());
    let sfen = format!(
        "{board_part} {} {sfen_hand} {}",
        if first { "b" } else { "w" },
        ply + 1
    );
    out.push_str(&format!(
        "\nFen: {fen}\nSfen: {sfen}\nKey: {:016X}\nCheckers: \nChased: ",
        pos.hash()
    ));
    out
}

/// A game read from PGN (ffish.js's `Game`): its tags in file order and
/// its main line as Fairy-Stockfish's UCI.
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    /// The tags, in file order.
    pub tags: Vec<(String, String)>,
    /// The main line's moves, as Fairy-Stockfish's UCI.
    pub moves: Vec<String>,
}

impl PgnGame {
    /// A tag's value.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

/// ffish.js's `readGamePGN`: the first game of a PGN text. Its `Variant`
/// tag names the variant in any case (a `960` suffix: Chess960's castling,
/// `Seirawan960`; `chess` without one), its `FEN` tag the start; the main
/// line's moves (move numbers, comments, variations and annotation glyphs
/// skipped: [`Record::parse`]) in SAN as Fairy-Stockfish writes it (with a
/// check mark or without), or any text chimera reads (UCI, XBoard's shogi
/// letters, its own notation). A move that is not legal is an error
/// naming it (ffish.js skips it).
pub fn read_game_pgn(text: &str) -> Result<PgnGame, FsfError> {
    let rec = Record::parse(text).map_err(|message| FsfError::Move { index: None, message })?;
    let tag = rec.tags.get("Variant").map_or("", |v| v.trim());
    let (name, chess960) = match tag.strip_suffix("960") {
        Some(base) if !base.is_empty() => (base, true),
        _ => (tag, false),
    };
    let name = ffish_variant(name).to_lowercase();
    let v = variant_as(&name, chess960)?;
    let start = rec.tags.get("FEN").or_else(|| rec.tags.get("Start"));
    let mut game = Game::new(read_position(&v, start.map_or("", String::as_str))?);
    let mut moves = Vec::with_capacity(rec.moves.len());
    for (i, text) in rec.moves.iter().enumerate() {
        let m = pgn_move(&mut game, text).ok_or_else(|| FsfError::Move {
            index: Some(i + 1),
            message: format!(
                "`{}` is not a legal move here",
                text.chars().take(60).collect::<String>()
            ),
        })?;
        moves.push(uci(&mut game.pos, &m));
        game.play(m);
    }
    Ok(PgnGame {
        tags: rec.tags.into_iter().collect(),
        moves,
    })
}

/// The legal move a PGN move text names: Fairy-Stockfish's SAN (with its
/// check mark or without: [`find_san`]), else any move text chimera reads.
fn pgn_move(game: &mut Game, text: &str) -> Option<crate::engine::Move> {
    let legal = legal_moves(game);
    if let Some(m) = find_san(game, &legal, text, Algebraic::San) {
        return Some(m);
    }
    let m = parse_move(game, text).ok()?;
    legal.iter().any(|(l, _)| *l == m).then_some(m)
}
