//! `[moves]`.

use super::captures::immune_types_refused;
use super::{Plan, Tx, cname, qlist};
use crate::import::fsf::pieces::{KING, PAWN};

/// `[moves]`.
pub(super) fn moves_table(t: &Tx, p: &Plan) -> String {
    let &Plan {
        blast_immune,
        ref types,
        ..
    } = p;
    let mut out = String::new();
    // Moves.
    let mut moves = Vec::new();
    if t.bool("mustCapture") {
        moves.push(format!("{}compulsory_capture = true", t.from(&["mustCapture"])));
    }
    if !t.bool("checking") {
        moves.push(format!("{}may_give_check = false", t.from(&["checking"])));
    }
    if t.bool("flyingGeneral") {
        moves.push(format!("{}royals_may_face = false", t.from(&["flyingGeneral"])));
    }
    // makpongRule: Fairy-Stockfish's king (its king type only) in check
    // may not move but to take the one checker.
    if t.bool("makpongRule") && types.contains(&KING) {
        if p.pseudo_royal.is_empty() {
            moves.push(format!("{}check_freezes_royal = true", t.from(&["makpongRule"])));
        } else {
            t.problem(
                "makpongRule",
                "makpong's rule with pseudo-royal pieces besides the king (chimera's `check_freezes_royal` would hold them too) is not imported",
            );
        }
    }
    if t.bool("mustDrop") {
        moves.push(format!("{}must_drop = true", t.from(&["mustDrop"])));
        // Fairy-Stockfish's mustDropType: while a piece of that type is in
        // hand, only it may be dropped, and must be while it can.
        let ty = t.ty("mustDropType");
        if ty != 0 {
            moves.push(format!(
                "{}must_drop_pieces = {}",
                t.from(&["mustDropType"]),
                qlist(&[cname(ty)])
            ));
        }
    } else {
        t.val("mustDropType");
    }
    if t.same_both("pass") && t.bool("pass.w") {
        moves.push(format!("{}pass = true", t.from(&["pass.w"])));
    }
    if t.bool("passOnStalemate.w") || t.bool("passOnStalemate.b") {
        if t.same_both("passOnStalemate") {
            moves.push(format!(
                "{}pass_when_stuck = true",
                t.from(&["passOnStalemate.w", "passOnStalemate.b"])
            ));
        } else {
            t.problem(
                "passOnStalemate.w",
                "passing when stuck for one side only has no chimera rule",
            );
        }
    }
    match t.text("flipEnclosedPieces").as_str() {
        "none" => {}
        "reversi" => moves.push(format!("{}flip = \"enclosed\"", t.from(&["flipEnclosedPieces"]))),
        "ataxx" => moves.push(format!("{}flip = \"adjacent\"", t.from(&["flipEnclosedPieces"]))),
        "quadwrangle" => moves.push(format!(
            "{}flip = \"adjacent_supported\"",
            t.from(&["flipEnclosedPieces"])
        )),
        other => t.problem(
            "flipEnclosedPieces",
            format!("turning pieces as `{other}` does has no chimera rule"),
        ),
    }
    if t.bool("blastOnCapture") {
        let mut immune = vec![cname(PAWN)];
        // Fairy-Stockfish's blastImmuneTypes: pieces no explosion removes,
        // the capturer included (position.cpp, do_move) — chimera's
        // `unharmed`.
        let mut unharmed = Vec::new();
        if blast_immune != 0 && !immune_types_refused(t, p, "blastImmuneTypes", blast_immune) {
            for &pt in types {
                if blast_immune & (1u128 << pt) != 0 {
                    unharmed.push(cname(pt));
                }
            }
            immune.retain(|n| !unharmed.contains(n));
        }
        immune.retain(|n| types.iter().any(|&p| &cname(p) == n));
        // Fairy-Stockfish puts every piece an explosion removes in its
        // opponent's hand when captures go to the hand.
        let to_hand = if p.to_hand && p.drops {
            ", to_hand = true"
        } else {
            ""
        };
        let (unharmed, from) = if unharmed.is_empty() {
            (String::new(), t.from(&["blastOnCapture"]))
        } else {
            (
                format!(", unharmed = {}", qlist(&unharmed)),
                t.from(&["blastOnCapture", "blastImmuneTypes"]),
            )
        };
        moves.push(format!(
            "{from}explosions = {{ immune = {}{unharmed}{to_hand} }}",
            qlist(&immune)
        ));
    }
    if !moves.is_empty() {
        out.push_str("[moves]\n");
        for l in moves {
            out.push_str(&l);
            out.push('\n');
        }
        out.push('\n');
    }
    out
}
