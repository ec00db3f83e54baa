//! `[end]`: extinction, mate, repetition, castling and material wins.

use super::counting::{counted_draw, counting_table, janggi_points};
use super::goals::{connect_table, end_reach};
use super::promotions::sittuyin_promotion;
use super::{Plan, Tx, cname, q, qlist, unsupported_rules};
use crate::import::fsf::pieces::{BERS, KING, KNIGHT, PAWN, ROOK};

/// The extinction rule.
pub(super) fn extinction_end(t: &Tx, p: &Plan, kinds: &[(usize, String)]) -> Vec<String> {
    let &Plan {
        ext_types,
        ext_count,
        ext_opp,
        blast,
        ref pseudo_royal,
        ref types,
        ref ext_value,
        ..
    } = p;
    // Extinction.
    let mut end: Vec<String> = Vec::new();
    if ext_value != "none" && !pseudo_royal.is_empty() && !blast {
        // Extinction does not apply to pseudo-royal pieces: they cannot be taken.
        t.val("extinctionClaim");
        t.val("extinctionOpponentPieceCount");
    } else if ext_value != "none" {
        let listed: Vec<usize> = types
            .iter()
            .copied()
            .filter(|&p| ext_types & (1u128 << p) != 0)
            .collect();
        // Fairy-Stockfish counts each listed type on its own: chimera's
        // `each_kind`, which counts each kind on its own — the same when no
        // listed type has promoted kinds moving as it.
        let each_kind = ext_types & 1 == 0 && listed.len() > 1;
        if each_kind && listed.iter().any(|&p| kinds_of(kinds, p).len() > 1) {
            t.problem(
                "extinctionPieceTypes",
                "extinction of any one of several types, one of which has promoted kinds moving as it (Fairy-Stockfish counts the type, chimera's `each_kind` each kind)",
            );
        }
        // extinctionClaim: the side to move is judged extinct only when
        // its opponent has one more than the count (it may even it first):
        // chimera's `grace`.
        let grace = if t.bool("extinctionClaim") {
            ", grace = true"
        } else {
            ""
        };
        let pieces_part = if ext_types & 1 != 0 {
            String::new()
        } else {
            format!(
                "pieces = {}, ",
                qlist(
                    &listed
                        .iter()
                        .flat_map(|&p| kinds_of(kinds, p))
                        .collect::<Vec<_>>()
                )
            )
        };
        let opp = if ext_opp > 0 {
            format!(", opponent_at_least = {ext_opp}")
        } else {
            String::new()
        };
        let each = if each_kind { ", each_kind = true" } else { "" };
        end.push(format!(
            "{}extinction = {{ {pieces_part}at_most = {ext_count}{opp}{grace}{each}, result = {} }}",
            t.from(&[
                "extinctionValue",
                "extinctionPieceTypes",
                "extinctionPieceCount",
                "extinctionClaim",
            ]),
            q(ext_value)
        ));
    } else {
        t.val("extinctionClaim");
    }
    end
}

/// `shatarMateRule` (Fairy-Stockfish's `checkmate_value`): a mate by
/// knights alone loses for the side that gives it; otherwise a mate counts
/// only when a check of the unbroken series that led to it was given by a
/// knight, rook or bers (its `shak`), else it is a draw — chimera's `[end]
/// mate_rule` with those types' kinds.
fn shatar_mate_rule(t: &Tx, p: &Plan, kinds: &[(usize, String)], end: &mut Vec<String>) {
    let present = |pts: &[usize]| -> Vec<String> {
        pts.iter()
            .filter(|pt| p.types.contains(pt))
            .flat_map(|&pt| kinds_of(kinds, pt))
            .collect()
    };
    let (knights, shak) = (present(&[KNIGHT]), present(&[KNIGHT, ROOK, BERS]));
    if shak.is_empty() {
        t.problem(
            "shatarMateRule",
            "shatar's mate rule without knights, rooks or bers (every mate would be a draw) is not imported",
        );
        return;
    }
    let alone = if knights.is_empty() {
        String::new()
    } else {
        format!("alone = {{ pieces = {}, result = \"loss\" }}, ", qlist(&knights))
    };
    end.push(format!(
        "{}mate_rule = {{ {alone}series = {{ pieces = {}, result = \"draw\" }} }}",
        t.from(&["shatarMateRule"]),
        qlist(&shak)
    ));
}

/// `moveRepetitionIllegal`: janggi's rule (Fairy-Stockfish's
/// `is_game_end`): a piece moved back and forth four times in a row loses,
/// unless it may never enter the opponent's king's mobility region (janggi's
/// general and guards) — chimera's `[end] move_repetition` with those kinds
/// in `except`. Fairy-Stockfish judges it only within its n-fold rule (none
/// without one), over the plies the halfmove clock covers (with captures to
/// the hand, over all plies: not imported).
fn move_repetition(t: &Tx, p: &Plan, kinds: &[(usize, String)], end: &mut Vec<String>) {
    if t.int("nFoldRule") == 0 {
        return;
    }
    if t.bool("capturesToHand") {
        t.problem(
            "moveRepetitionIllegal",
            "janggi's move-repetition rule with captures to the hand: Fairy-Stockfish then looks back past captures, chimera's `move_repetition` only over the plies the halfmove clock covers",
        );
        return;
    }
    let board = t.board();
    let region = |pt: usize, c: usize| t.m.mobility.get(&(pt, c)).map_or(board, |x| x.0) & board;
    let except = [0, 1].map(|c| {
        p.types
            .iter()
            .copied()
            .filter(|&pt| region(pt, c) & region(KING, 1 - c) == 0)
            .collect::<Vec<_>>()
    });
    if except[0] != except[1] {
        t.problem(
            "moveRepetitionIllegal",
            "janggi's move-repetition rule where the pieces kept out of the opponent's king's region differ between the sides (chimera's `except` is one list)",
        );
        return;
    }
    let names: Vec<String> = except[0].iter().flat_map(|&pt| kinds_of(kinds, pt)).collect();
    let except = if names.is_empty() {
        String::new()
    } else {
        format!(", except = {}", qlist(&names))
    };
    end.push(format!(
        "{}move_repetition = {{ count = 4, result = \"loss\"{except} }}",
        t.from(&["moveRepetitionIllegal"])
    ));
}

/// The names of chimera's pieces of Fairy-Stockfish's piece type `pt`: the
/// piece itself and the promoted kinds that move as it (a promoted piece is
/// of its promoted type there).
pub(super) fn kinds_of(kinds: &[(usize, String)], pt: usize) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (_, name) in kinds.iter().filter(|(k, _)| *k == pt) {
        if !names.contains(name) {
            names.push(name.clone());
        }
    }
    if names.is_empty() {
        names.push(cname(pt));
    }
    names
}

/// `castlingWins` and `materialCounting`, as `[end]` lines.
fn castling_and_material_ends(t: &Tx, end: &mut Vec<String>) {
    let wins = t.text("castlingWins");
    if !wins.is_empty() {
        // The same letters as the castling rules written from the FEN.
        let letters: Vec<String> = wins
            .chars()
            .filter(|c| *c != '-')
            .map(|c| q(&c.to_string()))
            .collect();
        end.push(format!(
            "{}castling_wins = [{}]",
            t.from(&["castlingWins"]),
            letters.join(", ")
        ));
    }
    match t.text("materialCounting").as_str() {
        "none" => {}
        "unweighted" => end.push(format!(
            "{}draws_by_piece_count = true",
            t.from(&["materialCounting"])
        )),
        // Fairy-Stockfish gives every drawn ending (stalemate, the move
        // counter, repetition, a full board) to the side with draw odds.
        odds @ ("whitedrawodds" | "blackdrawodds") => end.push(format!(
            "{}draw_odds = {}",
            t.from(&["materialCounting"]),
            q(if odds == "whitedrawodds" {
                "first"
            } else {
                "second"
            })
        )),
        _ => janggi_points(t, end),
    }
    facing_and_passes(t, end);
}

/// `bikjangRule` (the kings facing each other before and after a move) and
/// two passes in a row (`pass`, `passOnStalemate`) end the game as a draw, counted by material
/// (`position.cpp`, `is_game_end`).
fn facing_and_passes(t: &Tx, end: &mut Vec<String>) {
    if t.bool("bikjangRule") {
        end.push(format!(
            "{}royals_facing = {}",
            t.from(&["bikjangRule"]),
            counted_draw(t)
        ));
    }
    // Any two passes in a row: passes by choice (`pass`) or when stuck
    // (`passOnStalemate`), not a wall placed instead of a move.
    let passes = |c: &str| t.bool(&format!("pass.{c}")) || t.bool(&format!("passOnStalemate.{c}"));
    if passes("w") && passes("b") && !t.bool("wallOrMove") {
        end.push(format!(
            "{}double_pass = {}",
            t.from(&["pass.w", "passOnStalemate.w"]),
            counted_draw(t)
        ));
    }
}

/// `[end]`.
pub(super) fn end_rules(t: &Tx, p: &Plan, mut end: Vec<String>, kinds: &[(usize, String)]) -> String {
    let mut out = String::new();
    // End.
    let cm = t.text("checkmateValue");
    end.push(format!(
        "{}checkmate = {}",
        t.from(&["checkmateValue"]),
        q(match cm.as_str() {
            "loss" => "win",
            "win" => "loss",
            _ => "draw",
        })
    ));
    if cm == "none" {
        t.problem("checkmateValue", "checkmate without a result");
    }
    if t.bool("shatarMateRule") {
        shatar_mate_rule(t, p, kinds, &mut end);
    }
    if t.bool("dupleCheck") && !p.pseudo_royal.is_empty() {
        end.push(format!("{}royal_pieces = \"not_all\"", t.from(&["dupleCheck"])));
    }
    let sv = t.text("stalemateValue");
    if sv == "none" {
        t.problem("stalemateValue", "stalemate without a result");
    }
    end.push(format!("{}stalemate = {}", t.from(&["stalemateValue"]), q(&sv)));
    if t.bool("stalematePieceCount") {
        end.push(format!(
            "{}stalemate_piece_count = true",
            t.from(&["stalematePieceCount"])
        ));
    }
    castling_and_material_ends(t, &mut end);
    let sittuyin = t.bool("sittuyinPromotion");
    if sittuyin && !p.types.contains(&PAWN) {
        if p.pawns_promote && p.prom_pawns.iter().any(|k| p.types.contains(k)) {
            t.problem(
                "sittuyinPromotion",
                "sittuyin's promotion forbids other pawns' promotions that check, which chimera cannot say",
            );
        } else {
            t.val("sittuyinPromotion");
        }
    } else if sittuyin && sittuyin_promotion(t, p).is_ok() {
        if p.types.contains(&KING) {
            // Fairy-Stockfish's stalemate by optional promotion
            // (position.cpp): a side with two pieces, one a pawn, not in
            // check, whose every legal move is a promotion, draws — the
            // other piece its king.
            end.push(format!(
                "{}only_promotions = \"draw\"",
                t.from(&["sittuyinPromotion"])
            ));
        } else {
            t.problem(
                "sittuyinPromotion",
                "sittuyin's promotion without a king is not imported (Fairy-Stockfish's draw by promotions only counts any two pieces, chimera's the royal piece and the pawn)",
            );
        }
    }
    if t.bool("adjudicateFullBoard") {
        end.push(format!(
            "{}full_board = {}",
            t.from(&["adjudicateFullBoard"]),
            counted_draw(t)
        ));
    }
    repetition_rules(t, p, kinds, &mut end);
    let nmove = t.int("nMoveRule");
    if nmove > 0 {
        end.push(format!(
            "{}fifty_move_rule = {}",
            t.from(&["nMoveRule"]),
            nmove * 2
        ));
    }
    end_reach(t, p, &mut end, kinds);
    unsupported_rules(t);
    out.push_str("[end]\n");
    for l in end {
        out.push_str(&l);
        out.push('\n');
    }
    out.push_str(&connect_table(t, p));
    out.push_str(&counting_table(t, kinds));
    out
}

/// `nFoldRule` and its value (`[end] repetition`), and janggi's
/// `moveRepetitionIllegal`.
fn repetition_rules(t: &Tx, p: &Plan, kinds: &[(usize, String)], end: &mut Vec<String>) {
    let nfold = t.int("nFoldRule");
    let nval = t.text("nFoldValue");
    let absolute = t.bool("nFoldValueAbsolute");
    let pci = t.bool("perpetualCheckIllegal");
    let rep_result = match (nval.as_str(), absolute) {
        ("draw", _) => Some("draw"),
        ("loss", true) => Some("first_loses"),
        ("win", true) => Some("second_loses"),
        // The value is the side to move's: it lost, so the mover wins.
        ("loss", false) => Some("mover_wins"),
        ("win", false) => Some("mover_loses"),
        _ => None,
    };
    match rep_result {
        _ if nfold == 0 => {}
        Some(r) if nfold >= 2 => end.push(format!(
            "{}repetition = {{ count = {nfold}, result = {}{} }}",
            t.from(&[
                "nFoldRule",
                "nFoldValue",
                "nFoldValueAbsolute",
                "perpetualCheckIllegal"
            ]),
            q(r),
            if pci { ", perpetual_check_loses = true" } else { "" }
        )),
        Some(_) => t.problem("nFoldRule", "a repetition count below 2"),
        None => t.problem(
            "nFoldValue",
            "a repetition that wins or loses for the side to move (not for a fixed side) has no chimera rule",
        ),
    }
    if t.bool("moveRepetitionIllegal") {
        move_repetition(t, p, kinds, end);
    }
}
