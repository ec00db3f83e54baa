//! `[walls]`.

use super::{Tx, q, qlist};

/// `[walls]`: Fairy-Stockfish's `wallingRule` and `wallingRegion`, and
/// walls (`*`) in the start position.
pub(super) fn walls_table(t: &Tx) -> String {
    let rule = t.text("wallingRule");
    let in_fen = t
        .text("startFen")
        .split_whitespace()
        .next()
        .is_some_and(|b| b.contains('*'));
    let after = match rule.as_str() {
        "none" => None,
        // Fairy-Stockfish's `static` places a wall after every move too, on
        // any empty square of the walling region (isolation).
        "arrow" => Some(("arrow", false)),
        "static" => Some(("anywhere", false)),
        "duck" => Some(("anywhere", true)),
        "past" => Some(("vacated", false)),
        "edge" => Some(("edge", false)),
        other => {
            t.problem(
                "wallingRule",
                format!("walls placed as `{other}` places them have no chimera rule"),
            );
            return String::new();
        }
    };
    let instead = t.bool("wallOrMove");
    if instead && !matches!(after, Some(("anywhere" | "edge", false))) {
        t.problem(
            "wallOrMove",
            "a wall instead of a move is imported for walls placed anywhere or at the edge, one per turn, not for these",
        );
    }
    // Combinations the comparison with pyffish showed to differ.
    if after.is_some() && t.bool("blastOnCapture") {
        t.problem(
            "wallingRule",
            "walls placed after the move together with explosions are not imported: Fairy-Stockfish puts the wall only on a square that was empty before the move (never where the explosion cleared, nor the capture square: after f1xa6 no wall on a6) and lets the new wall shield the mover's royal piece, which chimera's walls (any square empty after the move, placed once the move is judged) do not say",
        );
    }
    if in_fen && t.text("enclosingDrop") != "none" {
        t.problem(
            "enclosingDrop",
            "walls with drops that must enclose are not imported: Fairy-Stockfish's test of an enclosing drop looks through walls (its board_bb leaves them out), so a drop \"encloses\" an own piece beyond a wall with no enemy piece between, while its flips stop at walls; chimera's enclosing rule stops at walls in both",
        );
    }
    let stones = t.set("petrifyOnCaptureTypes") & !1 != 0;
    if after.is_none() && !in_fen && rule == "none" && !stones {
        t.val("wallingRegion.w");
        t.val("wallingRegion.b");
        return String::new();
    }
    let mut out = format!(
        "{}[walls]\n",
        t.from(&["wallingRule", "startFen", "petrifyOnCaptureTypes"])
    );
    if let Some((where_, single)) = after {
        out.push_str(&format!("after_move = {}\n", q(where_)));
        if single {
            out.push_str("single = true\n");
        }
        if instead {
            out.push_str(&format!("{}instead_of_move = true\n", t.from(&["wallOrMove"])));
        }
    }
    if t.same_both("wallingRegion") {
        let banned = t.board() & !t.squares("wallingRegion.w");
        if banned != 0 && after.is_some() {
            out.push_str(&format!(
                "{}except = {}\n",
                t.from(&["wallingRegion.w"]),
                qlist(&t.square_names(banned))
            ));
        }
    }
    out.push('\n');
    out
}
