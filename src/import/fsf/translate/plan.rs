//! What the translation of a section computes once: `Plan`.

use std::collections::BTreeMap;

use super::drops::drop_region;
use super::en_passant::{
    double_step_ranks, en_passant_from_ranks, en_passant_into_promotion_zone, triple_step_moves,
};
use super::promotions::{
    SidePromotions, forced_piece_promotion_to_limited, promotion_pieces, promotion_zone,
};
use super::royal::{pseudo_royal_kinds, start_counts};
use super::{Plan, Tx};
use crate::import::fsf::parse::resolved_pairs;

pub(super) fn plan(t: &Tx) -> Plan {
    let m = t.m;
    let types = m.types();
    let drops = t.bool("pieceDrops");
    let to_hand = t.bool("capturesToHand");
    let two_boards = t.bool("twoBoards");
    // Promotions, chess style, each side's.
    let (prom_pawns, prom_to, prom_sides) = promotion_pieces(t, &types);
    let mandatory_pawn = t.bool("mandatoryPawnPromotion");
    let limits = resolved_pairs(m, "promotionLimit");
    t.val("promotionLimit");
    let mut promoted = resolved_pairs(m, "promotedPieceType");
    promoted.retain(|from, to| *to != 0 && types.contains(from));
    t.val("promotedPieceType");
    // The promotion region matters only when something promotes.
    let pawns_promote = prom_pawns.iter().any(|p| types.contains(p)) && !prom_to.is_empty();
    let has_pawns = prom_pawns.iter().any(|p| types.contains(p));
    let (prom_ranks, prom_squares) = promotion_zone(t, has_pawns, promoted.is_empty());
    let mandatory_piece = t.bool("mandatoryPiecePromotion");
    let demotion = t.bool("pieceDemotion");
    let on_capture = t.bool("piecePromotionOnCapture");
    let drop_promoted = t.bool("dropPromoted");
    forced_piece_promotion_to_limited(t, &promoted, &limits, mandatory_piece);
    plan_checks(t);
    // Double steps.
    let dsr = double_step_ranks(t, &types);
    let triple = triple_step_moves(t, &types, dsr.is_some());
    t.same_both("enPassantTypes");
    let ep = t.set("enPassantTypes.w");
    let resets = clock_resets(t, (&prom_to, prom_sides.as_ref()), &promoted, drops);
    let ep_unpromoted = en_passant_into_promotion_zone(t, pawns_promote || !promoted.is_empty());
    let drop_no_doubled = t.ty("dropNoDoubled");
    let no_doubled_count = t.int("dropNoDoubledCount");
    let pawn_drop_mate = t.bool("shogiPawnDropMateIllegal");
    let first_rank_pawn = t.bool("firstRankPawnDrops");
    let zone_pawn = t.bool("promotionZonePawnDrops");
    let (drop_ranks, drop_sides) = drop_region(t, drops);
    let soldier_rank = t.int("soldierPromotionRank");
    let blast_immune = t.set("blastImmuneTypes");
    let extinction_royal = t.bool("extinctionPseudoRoyal");
    let ext_types = t.set("extinctionPieceTypes");
    let ext_value = t.text("extinctionValue");
    let ext_count = t.int("extinctionPieceCount");
    let ext_opp = t.int("extinctionOpponentPieceCount");
    let blast = t.bool("blastOnCapture");
    // Fairy-Stockfish's pseudo-royal pieces: while a side has at most
    // extinctionPieceCount + 1 of the kind, each is royal (and, without
    // explosions, the extinction rule does not apply). chimera's royal
    // pieces say this when no side ever has more than that many: at most
    // that many at the start, and none made by promotion.
    let pseudo_royal = pseudo_royal_kinds(
        t,
        to_hand,
        &types,
        &prom_to,
        pawns_promote,
        &promoted,
        extinction_royal,
        ext_types,
        ext_count,
    );
    Plan {
        drops,
        to_hand,
        mandatory_pawn,
        pawns_promote,
        mandatory_piece,
        demotion,
        on_capture,
        drop_promoted,
        ep,
        ep_unpromoted,
        resets,
        drop_no_doubled,
        no_doubled_count,
        pawn_drop_mate,
        first_rank_pawn,
        zone_pawn,
        soldier_rank,
        blast_immune,
        ext_types,
        ext_count,
        ext_opp,
        blast,
        pseudo_royal,
        types,
        prom_pawns,
        prom_to,
        prom_sides,
        limits,
        promoted,
        prom_ranks,
        prom_squares,
        dsr,
        triple,
        drop_ranks,
        drop_sides,
        ext_value,
        no_ep: t.squares("enPassantRegion.w") & t.board() == 0
            && t.squares("enPassantRegion.b") & t.board() == 0,
        petrify: 0,
        two_boards,
    }
}

fn plan_checks(t: &Tx) {
    if t.bool("dropLoop") {
        t.problem(
            "dropLoop",
            "captured promoted pieces that keep their promotion in hand are not imported",
        );
    }
    // The whole board, or no square at all (no en passant: no `e` on any
    // piece's moves).
    let board = t.board();
    let (w, b) = (
        t.squares("enPassantRegion.w") & board,
        t.squares("enPassantRegion.b") & board,
    );
    if !(w == board && b == board || w == 0 && b == 0) && en_passant_from_ranks(t).is_none() {
        let k = if w == board || w == 0 && b != 0 && b != board {
            "enPassantRegion.b"
        } else {
            "enPassantRegion.w"
        };
        t.problem(
            k,
            "en passant limited to a region is imported for the pawn's double steps from whole ranks, the squares they pass being whole ranks mirrored between the sides (chimera's `en_passant_from_ranks`), not here",
        );
    }
}

/// The kinds whose moves reset the move counter (`nMoveRuleTypes`). Where
/// the sides' lists differ, they are joined when each kind only one list
/// names can only ever be that side's: none of the other side's at the
/// start, no drops, not made by the other side's promotions.
fn clock_resets(
    t: &Tx,
    (prom_to, prom_sides): (&[usize], Option<&SidePromotions>),
    promoted: &BTreeMap<usize, usize>,
    drops: bool,
) -> u128 {
    let (w, b) = (t.set("nMoveRuleTypes.w"), t.set("nMoveRuleTypes.b"));
    if w == b {
        return w;
    }
    let counts = start_counts(&t.text("startFen"));
    let only = |k: usize, side: usize| -> bool {
        let Some(l) = t.m.letters[k] else {
            return false;
        };
        let other = if side == 0 {
            l.to_ascii_lowercase()
        } else {
            l.to_ascii_uppercase()
        };
        let made_by_other = match prom_sides {
            Some(s) => s[1 - side].1.contains(&k),
            None => prom_to.contains(&k),
        };
        k != 0
            && !drops
            && !counts.contains_key(&other)
            && !made_by_other
            && !promoted.values().any(|&v| v == k)
    };
    let ok = (0..128).all(|k| match (w >> k & 1 != 0, b >> k & 1 != 0) {
        (true, false) => only(k, 0),
        (false, true) => only(k, 1),
        _ => true,
    });
    if ok {
        w | b
    } else {
        t.same_both("nMoveRuleTypes");
        w
    }
}
