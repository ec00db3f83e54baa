//! `[setup]`: the start position as Fairy-Stockfish reads it.

use super::castling::{castling_rules, drop_castling_rules};
use super::{Tx, q};

/// `[setup]` and `[[castling]]`.
pub(super) fn setup_and_castling(t: &Tx) -> String {
    let gating = t.bool("gating");
    let seirawan = t.bool("seirawanGating");
    let mut out = String::new();
    // Setup.
    let mut start = t.text("startFen").replace("[-]", "[]");
    if !(t.bool("pieceDrops") && (t.bool("capturesToHand") || t.bool("twoBoards"))) {
        // `~` marks a piece as promoted; only a promoted piece that goes
        // back to a hand as a pawn is a kind of its own here (jieqi writes
        // `r~` on every hidden piece, with no effect on the rules).
        let (board, rest) = start.split_once(' ').unwrap_or((start.as_str(), ""));
        start = format!("{} {rest}", board.replace('~', ""));
    }
    let fen = fsf_fen(start.trim_end(), t.files, t.ranks);
    let mut fen_fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    let castling_field = fen_fields.len() >= 5 && !fen_fields[2].chars().all(|c| c.is_ascii_digit());
    // Castling.
    let castling = t.bool("castling");
    let rights: String = if castling_field {
        fen_fields[2].clone()
    } else {
        "-".into()
    };
    let mut castling_text = String::new();
    let fields_ref: Vec<&str> = fen_fields.iter().map(String::as_str).collect();
    if castling && rights != "-" && !(gating && seirawan) {
        match castling_rules(t, &fields_ref, &rights) {
            Ok((s, kept)) => {
                castling_text = s;
                fen_fields[2] = if kept.is_empty() { "-".into() } else { kept };
            }
            Err(why) => t.problem("castling", why),
        }
    } else if gating && seirawan && castling && rights != "-" {
        match castling_rules(
            t,
            &fields_ref,
            &rights.chars().filter(|c| "KQkq".contains(*c)).collect::<String>(),
        ) {
            Ok((s, _)) => castling_text = s,
            Err(why) => t.problem("castling", why),
        }
    } else {
        if castling_field && !castling && gating && t.bool("cambodianMoves") {
            // Fairy-Stockfish reads the file letters as gates, the rights
            // of the Cambodian leaps (chimera's `once` rights, written the
            // same way); other letters it ignores.
            let files = t.files as u8;
            let kept: String = rights
                .chars()
                .filter(|&c| {
                    (b'A'..b'A' + files).contains(&(c as u8)) || (b'a'..b'a' + files).contains(&(c as u8))
                })
                .collect();
            fen_fields[2] = if kept.is_empty() { "-".into() } else { kept };
        } else if castling_field && !castling {
            // Fairy-Stockfish ignores castling rights when castling is off.
            fen_fields[2] = "-".into();
        }
        for k in [
            "castlingKingsideFile",
            "castlingQueensideFile",
            "castlingRank",
            "castlingKingFile",
            "castlingRookKingsideFile",
            "castlingRookQueensideFile",
            "castlingKingPiece.w",
            "castlingKingPiece.b",
            "castlingRookPieces.w",
            "castlingRookPieces.b",
        ] {
            t.val(k);
        }
    }
    out.push_str(&format!(
        "{}[setup]\nposition = {}\n\n",
        t.from(&["startFen"]),
        q(&fen_fields.join(" "))
    ));
    out.push_str(&castling_text);
    if t.bool("castlingDroppedPiece") && t.bool("pieceDrops") {
        if !castling {
            t.problem(
                "castlingDroppedPiece",
                "castling rights granted by drops while castling is off are not imported",
            );
        } else if rights != "-" {
            t.problem(
                "castlingDroppedPiece",
                "castling rights both in the start position and granted by drops are not imported",
            );
        } else {
            match drop_castling_rules(t) {
                Ok(s) => out.push_str(&s),
                Err(why) => t.problem("castlingDroppedPiece", why),
            }
        }
    }
    if t.bool("chess960") && (gating || t.bool("castlingDroppedPiece")) {
        t.problem(
            "chess960",
            "chess960 castling together with gating or castling granted by drops is not imported",
        );
    } else {
        // Read by the castling rules (`any_file`); without castling it
        // changes nothing.
        t.val("chess960");
    }
    out
}

/// A start position as Fairy-Stockfish reads it (`Position::set`), written
/// in full: `board side castling en-passant [checks] halfmove fullmove`.
/// Its reader takes the castling field when the third field does not start
/// with a digit, then reads en-passant squares letter-digit pair by pair
/// (consuming the first character that is not one), then the counters.
fn fsf_fen(fen: &str, files: u32, ranks: u32) -> String {
    let mut parts = fen.splitn(3, char::is_whitespace);
    let board = parts.next().unwrap_or("").to_string();
    let side = parts.next().unwrap_or("w").to_string();
    let rest: Vec<char> = parts.next().unwrap_or("").chars().collect();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < rest.len() && rest[*i].is_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    let mut castling = String::from("-");
    let mut ep: Vec<String> = Vec::new();
    if i < rest.len() && !rest[i].is_ascii_digit() {
        let start = i;
        while i < rest.len() && !rest[i].is_whitespace() {
            i += 1;
        }
        castling = rest[start..i].iter().collect();
        loop {
            skip_ws(&mut i);
            let Some(&col) = rest.get(i) else { break };
            i += 1;
            if !(('a'..=(b'a' + files as u8 - 1) as char).contains(&col)) {
                break;
            }
            skip_ws(&mut i);
            let Some(&row) = rest.get(i) else { break };
            i += 1;
            if !(('1'..=(b'1' + ranks as u8 - 1) as char).contains(&row)) {
                break;
            }
            ep.push(format!("{col}{row}"));
        }
    }
    let tail: String = rest[i.min(rest.len())..].iter().collect();
    let mut tokens: Vec<&str> = tail.split_whitespace().collect();
    let mut checks = None;
    if tokens.first().is_some_and(|t| t.contains('+')) {
        checks = Some(tokens.remove(0).to_string());
    }
    let num = |t: Option<&&str>| -> u64 {
        t.map(|t| t.chars().take_while(char::is_ascii_digit).collect::<String>())
            .and_then(|d| d.parse().ok())
            .unwrap_or(0)
    };
    let half = num(tokens.first());
    let full = num(tokens.get(1)).max(1);
    let ep = if ep.is_empty() {
        "-".to_string()
    } else {
        ep.join("")
    };
    match checks {
        Some(c) => format!("{board} {side} {castling} {ep} {c} {half} {full}"),
        None => format!("{board} {side} {castling} {ep} {half} {full}"),
    }
}

#[cfg(test)]
mod fen_tests {
    use super::fsf_fen;

    #[test]
    fn short_forms_as_fairy_stockfish_reads_them() {
        assert_eq!(fsf_fen("8/8 w 0 1", 8, 2), "8/8 w - - 0 1");
        // `-` then `0`: the 0 is eaten as a would-be en-passant square.
        assert_eq!(fsf_fen("5/5 w - 0 1", 5, 2), "5/5 w - - 1 1");
        assert_eq!(fsf_fen("8/8 w KQkq - 3+3 0 1", 8, 2), "8/8 w KQkq - 3+3 0 1");
        assert_eq!(fsf_fen("8/8[] b - - 4 7", 8, 2), "8/8[] b - - 4 7");
    }
}
