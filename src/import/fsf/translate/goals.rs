//! Wins by a goal: connected rows (`[end.connect]`), flag regions
//! (`reach`) and check counting.

use super::end::kinds_of;
use super::{Plan, Tx, cname, q, qlist};
use crate::import::fsf::pieces::KING;

/// `[end.connect]`: rows, squares and collinear pieces that win.
pub(super) fn connect_table(t: &Tx, p: &Plan) -> String {
    let (n, nxn, col) = (t.int("connectN"), t.int("connectNxN"), t.int("collinearN"));
    let lines_keys = ["connectHorizontal", "connectVertical", "connectDiagonal"];
    if n == 0 && nxn == 0 && col == 0 {
        for k in lines_keys.iter().chain(&["connectPieceTypes", "connectValue"]) {
            t.val(k);
        }
        return String::new();
    }
    let mut out = format!(
        "\n{}[end.connect]\n",
        t.from(&[
            "connectN",
            "connectNxN",
            "collinearN",
            "connectPieceTypes",
            "connectValue"
        ])
    );
    for (k, v) in [("in_a_row", n), ("square", nxn), ("collinear", col)] {
        if v != 0 {
            out.push_str(&format!("{k} = {v}\n"));
        }
    }
    let set = t.set("connectPieceTypes");
    let kinds: Vec<String> = p
        .types
        .iter()
        .filter(|&&pt| set & (1u128 << pt) != 0)
        .map(|&pt| cname(pt))
        .collect();
    if kinds.len() < p.types.len() {
        out.push_str(&format!("pieces = {}\n", qlist(&kinds)));
    }
    let lines: Vec<String> = lines_keys
        .iter()
        .zip(["ranks", "files", "diagonals"])
        .filter(|(k, _)| t.bool(k))
        .map(|(_, l)| l.to_string())
        .collect();
    if lines.len() < 3 {
        out.push_str(&format!("{}lines = {}\n", t.from(&lines_keys), qlist(&lines)));
    }
    let value = t.text("connectValue");
    if value == "none" {
        t.problem(
            "connectValue",
            "a connection without a result has no chimera rule",
        );
    } else if value != "win" {
        out.push_str(&format!("result = {}\n", q(&value)));
    }
    out
}

/// Flag regions (`reach`) and check counting.
pub(super) fn end_reach(t: &Tx, p: &Plan, end: &mut Vec<String>, kinds: &[(usize, String)]) {
    let Plan { types, .. } = p;
    // Flags (reach).
    let fr_w = t.squares("flagRegion.w");
    let fr_b = t.squares("flagRegion.b");
    if fr_w | fr_b != 0 {
        let mut reach = Vec::new();
        let safe = t.bool("flagPieceSafe");
        let flag_move = t.bool("flagMove");
        let count = t.int("flagPieceCount");
        let blocked = t.bool("flagPieceBlockedWin");
        let mut more = String::new();
        let mut never: Vec<String> = Vec::new();
        if count != 1 {
            more.push_str(&format!(", count = {count}"));
        }
        if blocked {
            more.push_str(", or_when_full = true");
        }
        if safe {
            // Fairy-Stockfish asks for safety only while exactly
            // flagPieceCount pieces stand in the region.
            more.push_str(", safe = true, safe_unless_more = true");
        }
        for (side, region, k) in [("first", fr_w, "flagPiece.w"), ("second", fr_b, "flagPiece.b")] {
            if region == 0 {
                // No region: the side's flag piece has no flag to reach.
                t.val(k);
                continue;
            }
            if !blocked && count > i64::from(region.count_ones()) {
                // More pieces than the region has squares: never met.
                never.push(format!(
                    "# flagPieceCount {count} is more than the {} squares of {side}'s region: its flag is never reached\n",
                    region.count_ones()
                ));
                t.val(k);
                continue;
            }
            let fp = t.ty(k);
            let who: Vec<usize> = if fp == 0 { types.clone() } else { vec![fp] };
            let names: Vec<String> = who.iter().flat_map(|&p| kinds_of(kinds, p)).collect();
            if (count != 1 || blocked || safe) && names.len() > 1 {
                // Fairy-Stockfish counts the pieces of every flag kind together.
                reach.push(format!(
                    "  {{ side = {}, pieces = {}, squares = {}{more} }},",
                    q(side),
                    qlist(&names),
                    qlist(&t.square_names(region)),
                ));
                continue;
            }
            for name in names {
                reach.push(format!(
                    "  {{ side = {}, piece = {}, squares = {}{more} }},",
                    q(side),
                    q(&name),
                    qlist(&t.square_names(region)),
                ));
            }
        }
        if reach.is_empty() {
            t.val("flagMove");
            end.push(never.concat().trim_end().to_string());
        } else {
            end.push(format!(
                "{}{}reach = [\n{}\n]",
                t.from(&[
                    "flagRegion.w",
                    "flagRegion.b",
                    "flagPiece.w",
                    "flagPiece.b",
                    "flagPieceCount",
                    "flagPieceBlockedWin"
                ]),
                never.concat(),
                reach.join("\n")
            ));
            if flag_move {
                reach_reply(t, safe, end);
            }
        }
    } else {
        for k in [
            "flagPiece.w",
            "flagPiece.b",
            "flagMove",
            "flagPieceSafe",
            "flagPieceCount",
            "flagPieceBlockedWin",
        ] {
            t.val(k);
        }
    }
    check_counting(t, end);
}

/// `flagMove`: the reply an arrival gets (`[end] reach_reply`).
fn reach_reply(t: &Tx, safe: bool, end: &mut Vec<String>) {
    if safe {
        // Only an arrival that is not safe is answered; it wins if a
        // piece is still there after the reply, attacked or not.
        end.push(format!(
            "{}reach_reply = \"unsafe\"",
            t.from(&["flagMove", "flagPieceSafe"])
        ));
    } else {
        // Fairy-Stockfish ends the game early (the first player's
        // arrival answered, the second's winning at once) only for a
        // king; any other flag piece's arrival is answered for both.
        let kings = [t.ty("flagPiece.w"), t.ty("flagPiece.b")] == [KING, KING];
        let reply = if kings { "true" } else { "\"both\"" };
        end.push(format!("{}reach_reply = {reply}", t.from(&["flagMove"])));
    }
}

/// `checkCounting`: the checks to give, from the start position's counts.
fn check_counting(t: &Tx, end: &mut Vec<String>) {
    let fen_fields: Vec<String> = t
        .text("startFen")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if t.bool("checkCounting") {
        let checks = fen_fields
            .iter()
            .find(|f| f.contains('+') && f.split('+').all(|x| x.parse::<u32>().is_ok()));
        // Without counts in the start position Fairy-Stockfish gives each
        // side one check to win (`Position::set`).
        let none_given = !fen_fields.iter().skip(1).any(|f| f.contains('+'));
        match checks.and_then(|c| c.split_once('+')) {
            Some((a, b)) if a == b => end.push(format!(
                "{}checks_to_win = {a}",
                t.from(&["checkCounting", "startFen"])
            )),
            None if none_given => end.push(format!(
                "{}checks_to_win = 1",
                t.from(&["checkCounting", "startFen"])
            )),
            _ => t.problem(
                "checkCounting",
                "check counting needs the same count for both sides in the start position (`3+3`)",
            ),
        }
    }
}
