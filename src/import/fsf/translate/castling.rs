//! `[[castling]]`: the castling rules, chess960's, and castling granted by
//! drops.

use super::{Tx, cname, q};
use crate::import::fsf::pieces::KING;

pub(super) fn castling_rules(t: &Tx, fen: &[&str], rights: &str) -> Result<(String, String), String> {
    let board = fen.first().copied().unwrap_or("");
    let board = board.split('[').next().unwrap_or("");
    let grid = board_grid(board, t.files, t.ranks)
        .ok_or("the start position's board does not fit the board size")?;
    let kfile_default = t.int("castlingKingFile") as u32;
    let rank = t.int("castlingRank") as u32;
    let kside = t.int("castlingKingsideFile") as u32;
    let qside = t.int("castlingQueensideFile") as u32;
    let rk_file = (t.int("castlingRookKingsideFile") as u32).min(t.files - 1);
    let rq_file = (t.int("castlingRookQueensideFile") as u32).min(t.files - 1);
    t.same_both("castlingKingPiece");
    t.same_both("castlingRookPieces");
    let king = t.ty("castlingKingPiece.w");
    let rooks = t.set("castlingRookPieces.w");
    // A castling king of another kind (a commoner where the king is not
    // royal) is the rule's `piece`; the royal king is the default.
    let mut piece_line = if king == KING {
        String::new()
    } else {
        format!("piece = {}\n", q(&cname(king)))
    };
    if t.bool("chess960") {
        piece_line.push_str(&chess960_line(t, rooks)?);
    }
    let mut out = String::new();
    let mut kept = String::new();
    let mut rules: Vec<(char, String)> = Vec::new();
    let from = t.from(&[
        "castling",
        "castlingKingsideFile",
        "castlingQueensideFile",
        "castlingRank",
        "castlingKingFile",
        "castlingRookPieces.w",
    ]);
    out.push_str(&from);
    for c in rights.chars() {
        let (white, kingside) = match c {
            'K' => (true, true),
            'Q' => (true, false),
            'k' => (false, true),
            'q' => (false, false),
            _ => {
                return Err(format!(
                    "castling right `{c}` in the start position is not imported"
                ));
            }
        };
        let r = if white { rank } else { t.ranks - 1 - rank };
        let piece_at = |f: u32| -> Option<char> {
            grid.get(r as usize)
                .and_then(|row| row.get(f as usize))
                .copied()
                .flatten()
        };
        let is_own = |ch: char| {
            if white {
                ch.is_ascii_uppercase()
            } else {
                ch.is_ascii_lowercase()
            }
        };
        // As Fairy-Stockfish finds them: the one castling king on the rank
        // (else the one on the king's file), the rook searched from the
        // rook file inwards; a right without them is dropped.
        let kings: Vec<u32> = (0..t.files)
            .filter(|&f| piece_at(f).is_some_and(|ch| is_own(ch) && t.m.type_of_letter(ch) == Some(king)))
            .collect();
        let kfile = if kings.len() == 1 { kings[0] } else { kfile_default };
        if !kings.contains(&kfile) {
            continue;
        }
        let files: Vec<u32> = if kingside {
            (0..=rk_file).rev().collect()
        } else {
            (rq_file..t.files).collect()
        };
        let Some(rook_file) = files.into_iter().find(|&f| {
            piece_at(f).is_some_and(|ch| {
                is_own(ch) && t.m.type_of_letter(ch).is_some_and(|p| rooks & (1u128 << p) != 0)
            })
        }) else {
            continue;
        };
        kept.push(c);
        let kto = if kingside { kside } else { qside };
        if kto == kfile {
            return Err(format!(
                "castling right `{c}` leaves the king on its square, which no chimera castling rule says"
            ));
        }
        let rto = if kingside { kto - 1 } else { kto + 1 };
        let name = |f: u32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
        rules.push((
            c,
            format!(
                "[[castling]]\nside = {}\nright = {}\nking = {}\nking_to = {}\nrook = {}\nrook_to = {}\n{piece_line}",
                q(if white { "first" } else { "second" }),
                q(&c.to_string()),
                q(&name(kfile)),
                q(&name(kto)),
                q(&name(rook_file)),
                q(&name(rto))
            ),
        ));
    }
    push_castling_rules(t, &mut out, rules, &kept);
    Ok((out, kept))
}

/// The `[[castling]]` tables of the rights kept; with `oppositeCastling`,
/// castling on a wing takes the opponent's right on that wing (its letter
/// in the other case).
fn push_castling_rules(t: &Tx, out: &mut String, rules: Vec<(char, String)>, kept: &str) {
    let opposite = t.bool("oppositeCastling");
    if opposite {
        out.push_str(&t.from(&["oppositeCastling"]));
    }
    for (c, rule) in rules {
        out.push_str(&rule);
        let theirs = if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        };
        if opposite && kept.contains(theirs) {
            out.push_str(&format!("takes_rights = [{}]\n", q(&theirs.to_string())));
        }
        out.push('\n');
    }
}

/// Fairy-Stockfish's `chess960`: castling with the king and its rook on
/// any files of the castling rank (they end where they would in chess),
/// chimera's `any_file` with the one kind of castling rook.
fn chess960_line(t: &Tx, rooks: u128) -> Result<String, String> {
    let kinds: Vec<usize> =
        t.m.types()
            .into_iter()
            .filter(|&pt| rooks & (1u128 << pt) != 0)
            .collect();
    let [rook] = kinds[..] else {
        return Err(format!(
            "chess960 castling with {} kinds of castling rook: chimera's `any_file` names one `rook_piece`",
            kinds.len()
        ));
    };
    Ok(format!(
        "{}any_file = true\nrook_piece = {}\n",
        t.from(&["chess960"]),
        q(&cname(rook))
    ))
}

/// Castling granted by drops (`castlingDroppedPiece`), as Fairy-Stockfish's
/// `do_move` grants it: a castling king dropped on the castling king file
/// of its castling rank, or a castling rook dropped on the first or last
/// file of that rank while the king stands there, gives the right with
/// each such rook on those corner files — chimera's `granted_by_drops` on
/// one rule per side and wing (king from `castlingKingFile`, rook on the
/// corner file, the king's and rook's ends from `castlingKingsideFile` and
/// `castlingQueensideFile`).
pub(super) fn drop_castling_rules(t: &Tx) -> Result<String, String> {
    let kfile = t.int("castlingKingFile") as u32;
    let rank = t.int("castlingRank") as u32;
    let kside = t.int("castlingKingsideFile") as u32;
    let qside = t.int("castlingQueensideFile") as u32;
    // The rook files of rights in the start position: there are none.
    t.val("castlingRookKingsideFile");
    t.val("castlingRookQueensideFile");
    if !t.same_both("castlingKingPiece") || !t.same_both("castlingRookPieces") {
        return Ok(String::new());
    }
    let king = t.ty("castlingKingPiece.w");
    let rooks = t.set("castlingRookPieces.w");
    let rook_types: Vec<usize> =
        t.m.types()
            .into_iter()
            .filter(|&pt| rooks & (1u128 << pt) != 0)
            .collect();
    let [rook] = rook_types[..] else {
        return Err(format!(
            "castling granted by drops with {} kinds of castling rook: chimera's `granted_by_drops` names one",
            rook_types.len()
        ));
    };
    if kfile == 0 || kfile + 1 >= t.files {
        return Err("castling granted by drops with the king on a corner file is not imported".into());
    }
    let piece_line = if king == KING {
        String::new()
    } else {
        format!("piece = {}\n", q(&cname(king)))
    };
    let mut out = t.from(&[
        "castlingDroppedPiece",
        "castlingKingFile",
        "castlingRank",
        "castlingKingsideFile",
        "castlingQueensideFile",
    ]);
    out.push_str("# the rights come from dropping the king and a rook on their squares\n");
    for (white, kingside, right) in [
        (true, true, 'K'),
        (true, false, 'Q'),
        (false, true, 'k'),
        (false, false, 'q'),
    ] {
        let r = if white { rank } else { t.ranks - 1 - rank };
        let kto = if kingside { kside } else { qside };
        if kto == kfile {
            return Err(format!(
                "castling right `{right}` leaves the king on its square, which no chimera castling rule says"
            ));
        }
        let rook_file = if kingside { t.files - 1 } else { 0 };
        let rto = if kingside { kto - 1 } else { kto + 1 };
        let name = |f: u32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
        out.push_str(&format!(
            "[[castling]]\nside = {}\nright = {}\nking = {}\nking_to = {}\nrook = {}\nrook_to = {}\n{piece_line}granted_by_drops = {{ king = {}, rook = {} }}\n\n",
            q(if white { "first" } else { "second" }),
            q(&right.to_string()),
            q(&name(kfile)),
            q(&name(kto)),
            q(&name(rook_file)),
            q(&name(rto)),
            q(&cname(king)),
            q(&cname(rook)),
        ));
    }
    Ok(out)
}

/// The board part of a FEN as rows of pieces' letters, first rank first.
fn board_grid(board: &str, files: u32, ranks: u32) -> Option<Vec<Vec<Option<char>>>> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() as u32 != ranks {
        return None;
    }
    let mut grid = Vec::new();
    for row in rows.iter().rev() {
        let mut cells = Vec::new();
        let mut num = 0u32;
        let mut promoted = false;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                num = num * 10 + d;
                if num > files {
                    return None;
                }
                continue;
            }
            for _ in 0..num {
                cells.push(None);
            }
            num = 0;
            if ch == '+' {
                promoted = true;
                continue;
            }
            if ch == '~' {
                continue;
            }
            // A wall (`*`) takes its square.
            cells.push(if promoted { Some('+') } else { Some(ch) });
            promoted = false;
        }
        for _ in 0..num {
            cells.push(None);
        }
        if cells.len() as u32 != files {
            return None;
        }
        grid.push(cells);
    }
    Some(grid)
}
