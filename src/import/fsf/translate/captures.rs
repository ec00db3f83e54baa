//! What a piece may take: Cambodian moves, immune types, petrification.

use super::{Plan, Tx, cname, qlist};
use crate::import::fsf::pieces::{FERS, KING, ROOK, piece_name};
use crate::import::fsf::properties::set_of;

/// Settings that are only ever reported.
/// Fairy-Stockfish's `petrifyOnCaptureTypes`: chimera's
/// `petrifies_on_capture`, which turns a capturer of the kind to stone on
/// its destination (with explosions, instead of being blown up; the stone
/// does not shield its own side on that move, as Fairy-Stockfish judges
/// the capture square empty). Fairy-Stockfish decides by the piece that
/// ends the move (with explosions) or by both it and the capturer
/// (without), chimera by the capturer: a promotion between a kind that
/// petrifies and one that does not is reported, as are captures to the
/// hand (the petrified capturer goes there too in Fairy-Stockfish), a
/// petrifying king, and `petrifyBlastPieces` (pieces blown up turning to
/// stone). `*` names no type there.
pub(super) fn petrify_types(t: &Tx, p: &Plan) -> u128 {
    let present = set_of(&p.types);
    if p.blast && t.bool("petrifyBlastPieces") {
        t.problem(
            "petrifyBlastPieces",
            "pieces blown up by an explosion turning to stone have no chimera rule",
        );
    } else {
        t.val("petrifyBlastPieces");
    }
    let set = t.set("petrifyOnCaptureTypes") & present;
    if set == 0 {
        return 0;
    }
    let has = |pt: usize| set & (1u128 << pt) != 0;
    let why = if p.to_hand {
        Some("petrified capturers with captures to the hand are not imported (Fairy-Stockfish puts the stone's piece in the hand too)".to_string())
    } else if has(KING) {
        Some("a petrifying king is not imported".into())
    } else if let Some((pt, _)) = p
        .pseudo_royal
        .iter()
        .find(|(pt, most)| has(*pt) && (p.blast || most.is_some()))
    {
        Some(format!(
            "a petrifying pseudo-royal `{}` together with explosions or a royalty by count is not imported",
            piece_name(*pt)
        ))
    } else if p.promoted.iter().any(|(a, b)| has(*a) || has(*b)) {
        Some("petrification together with piece promotions (`promotedPieceType`) is not imported".into())
    } else {
        petrify_promotion_mismatch(p, &has)
    };
    if let Some(why) = why {
        t.problem("petrifyOnCaptureTypes", why);
    }
    set
}

/// A pawn promotion between a kind that petrifies and one that does not,
/// where Fairy-Stockfish's choice (the promoted piece with explosions; both
/// without) differs from chimera's (the capturer).
fn petrify_promotion_mismatch(p: &Plan, has: &dyn Fn(usize) -> bool) -> Option<String> {
    for &pawn in p.prom_pawns.iter().filter(|pt| p.types.contains(pt)) {
        for &to in &p.prom_to {
            let differs = if p.blast {
                has(pawn) != has(to)
            } else {
                has(pawn) && !has(to)
            };
            if differs {
                return Some(format!(
                    "a `{}` promoting to a `{}` where one petrifies and the other not: Fairy-Stockfish decides by the promoted piece{}, chimera by the capturer",
                    piece_name(pawn),
                    piece_name(to),
                    if p.blast { "" } else { " too" }
                ));
            }
        }
    }
    None
}

/// A piece's lines from rules about what it may take or how it may start:
/// Cambodian moves, `mutuallyImmuneTypes`, `petrifyOnCaptureTypes`.
pub(super) fn capture_rule_lines(t: &Tx, p: &Plan, pt: usize, comment: &mut String, lines: &mut Vec<String>) {
    if (pt == KING || pt == FERS) && cambodian_moves(t, p) {
        // Fairy-Stockfish's cambodianMoves (movegen.cpp): while its gate
        // stands, the king leaps to an empty square a knight's move away
        // on the next rank, not in check; a fers leaps two squares
        // forward onto an empty one; a rook ending its move on the king's
        // file or rank (whatever stands between) takes the king's gate
        // (position.cpp, do_move).
        if pt == KING {
            let aimed = if p.types.contains(&ROOK) {
                format!(", lost_when_aimed_by = {}", qlist(&[cname(ROOK)]))
            } else {
                String::new()
            };
            lines.push(format!(
                "once = {{ betza = \"mfsN\", not_in_check = true{aimed} }}"
            ));
        } else {
            lines.push("once = { betza = \"mfD\" }".into());
        }
        comment.push_str(&t.from(&["cambodianMoves", "gating"]));
    }
    // Fairy-Stockfish's mutuallyImmuneTypes: such a piece cannot take a
    // piece of its own type (position.cpp, `legal`).
    let mutual = t.set("mutuallyImmuneTypes");
    if mutual & (1u128 << pt) != 0 && !immune_types_refused(t, p, "mutuallyImmuneTypes", mutual) {
        let me = qlist(&[cname(pt)]);
        if !lines.contains(&format!("cannot_capture = {me}")) {
            lines.push(format!("cannot_capture = {me}"));
        }
        comment.push_str(&t.from(&["mutuallyImmuneTypes"]));
    }
    if p.petrify & (1u128 << pt) != 0 {
        lines.push("petrifies_on_capture = true".into());
        comment.push_str(&t.from(&["petrifyOnCaptureTypes"]));
    }
}

/// Whether Fairy-Stockfish's cambodianMoves apply and are imported (as
/// `once` moves of the king and the fers, their rights the gates), with a
/// problem said when they are not. Without gating Fairy-Stockfish sets no
/// gate and the leaps never happen.
pub(super) fn cambodian_moves(t: &Tx, p: &Plan) -> bool {
    if !t.bool("cambodianMoves") || !t.bool("gating") {
        return false;
    }
    let why = if t.bool("castling") || t.bool("seirawanGating") {
        "Cambodian leaps together with castling or seirawanGating: their rights share the castling field (chimera's `once` is not with `[[castling]]` or `[gating]`)".to_string()
    } else if t.int("castlingRank") != 0 {
        "Cambodian leaps with gates off the first rank (castlingRank): chimera's `once` rights are on the back rank".to_string()
    } else if !p.types.contains(&KING) {
        "Cambodian leaps without a king: Fairy-Stockfish's rook rule looks for the king's square".to_string()
    } else if p.drops {
        "Cambodian leaps with drops: Fairy-Stockfish's rook rule counts a dropped rook, chimera's `lost_when_aimed_by` moves on the board only".to_string()
    } else if t.bool("blastOnCapture") || t.set("petrifyOnCaptureTypes") != 0 {
        "Cambodian leaps with explosions or petrification: Fairy-Stockfish keeps the gate of a square whose piece an explosion removed, for the next piece that stands there".to_string()
    } else if let Some(&pt) = p.promoted.values().find(|&&pt| [KING, FERS, ROOK].contains(&pt)) {
        format!(
            "Cambodian leaps with `{}` also a promoted kind, which chimera writes as a kind of its own that the rule would not name",
            piece_name(pt)
        )
    } else {
        return true;
    };
    t.problem("cambodianMoves", why);
    false
}

/// Whether Fairy-Stockfish's `key` (blastImmuneTypes or
/// mutuallyImmuneTypes, the piece types `set`) is refused here, with the
/// problem said: Fairy-Stockfish does not support it with kings or
/// pseudo-royal pieces (parser.cpp warns; its check rules ignore it), a
/// promoted kind of an immune type would be a second chimera kind the rule
/// does not name, and a mutually immune piece still takes its like en
/// passant there (position.cpp, `legal`, compares the type on the target
/// square, empty for en passant), which chimera's `cannot_capture` forbids.
pub(super) fn immune_types_refused(t: &Tx, p: &Plan, key: &str, set: u128) -> bool {
    let why = if p.types.contains(&KING) || t.bool("extinctionPseudoRoyal") {
        "Fairy-Stockfish does not support it with kings or pseudo-royal pieces (parser.cpp: \"Can not use kings or pseudo-royal with …\"; its check rules ignore it)".to_string()
    } else if let Some(&pt) = p.promoted.values().find(|&&pt| set & (1u128 << pt) != 0) {
        format!(
            "`{}` is also a promoted kind, which chimera writes as a kind of its own that the rule would not name",
            piece_name(pt)
        )
    } else if key == "mutuallyImmuneTypes" && set & p.ep != 0 {
        "a mutually immune piece that is taken en passant: Fairy-Stockfish lets its like take it en passant (it compares the piece on the empty target square), chimera's `cannot_capture` does not".to_string()
    } else {
        return false;
    };
    t.problem(key, why);
    true
}
