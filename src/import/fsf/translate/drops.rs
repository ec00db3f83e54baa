//! Hands, drops and gating.

use super::{Plan, Tx, nums, q, qlist};
use crate::import::fsf::pieces::{BISHOP, KING, PAWN, ROOK, SHOGI_PAWN};
use crate::import::fsf::squares::{Bb, rank_bb};

/// `dropRegionWhite/Black`: as relative ranks when they are whole ranks,
/// each the other's mirror image; otherwise each side's squares.
pub(super) fn drop_region(t: &Tx, drops: bool) -> (Option<Vec<u32>>, Option<[Bb; 2]>) {
    if !drops {
        t.val("dropRegion.w");
        t.val("dropRegion.b");
        return (None, None);
    }
    match t.try_rank_region("dropRegion.w", "dropRegion.b") {
        Ok(r) => (Some(r), None),
        Err(_) => (None, Some([t.squares("dropRegion.w"), t.squares("dropRegion.b")])),
    }
}

/// A piece's drop rules.
pub(super) fn piece_drops(t: &Tx, p: &Plan, pt: usize, lines: &mut Vec<String>) {
    let &Plan {
        drops,
        drop_no_doubled,
        no_doubled_count,
        pawn_drop_mate,
        first_rank_pawn,
        zone_pawn,
        ref prom_ranks,
        ref drop_ranks,
        ref prom_squares,
        ..
    } = p;
    if !drops {
        return;
    }
    // Drops.
    {
        let mut d: Vec<String> = Vec::new();
        let mut ranks: Vec<u32> = drop_ranks.clone().unwrap_or_else(|| (1..=t.ranks).collect());
        let per_side = p.drop_sides.is_some() || (pt == PAWN && prom_squares.is_some() && !zone_pawn);
        if per_side {
            if let Some(squares) = drop_side_squares(t, p, pt) {
                d.push(squares);
            }
        } else if pt == PAWN {
            if !zone_pawn {
                ranks.retain(|r| !prom_ranks.contains(r));
            }
            if !first_rank_pawn {
                ranks.retain(|&r| r != 1);
            }
        } else if pt == ROOK && t.bool("sittuyinRookDrop") {
            // Fairy-Stockfish's `sittuyinRookDrop`: rooks on the own first
            // rank only (`drop_region`).
            ranks.retain(|&r| r == 1);
        }
        if ranks.len() as u32 != t.ranks && !per_side {
            d.push(format!("ranks = {}", nums(&ranks)));
        }
        if drop_no_doubled == pt && pt != 0 {
            if no_doubled_count == 0 {
                // No file may hold fewer than none: never dropped, though
                // captures still fill the hand.
                lines.push("# dropNoDoubledCount = 0: never dropped".into());
                lines.push("drop = { ranks = [] }".into());
                return;
            } else if no_doubled_count == 1 {
                d.push("one_per_file = true".into());
            } else {
                d.push(format!("per_file = {no_doubled_count}"));
            }
        }
        if pawn_drop_mate && pt == SHOGI_PAWN {
            d.push("no_mate = true".into());
        }
        if p.drop_promoted && p.promoted.contains_key(&pt) {
            // dropPromoted: either face up, on the squares of the piece's own.
            d.push("promoted = true".into());
        }
        if pt == BISHOP && t.bool("dropOppositeColoredBishop") {
            d.push("split_colours = true".into());
        }
        if !d.is_empty() {
            lines.push(format!("drop = {{ {} }}", d.join(", ")));
        }
    }
}

/// A piece's drop squares per side, as Fairy-Stockfish's `drop_region`
/// limits them before the position is looked at: the side's drop region,
/// for pawns less the side's promotion zone (unless
/// `promotionZonePawnDrops`) and its first rank (unless
/// `firstRankPawnDrops`), as `squares = [{ side, squares }]` for each side
/// that is limited; `None` when neither is.
fn drop_side_squares(t: &Tx, p: &Plan, pt: usize) -> Option<String> {
    let board = t.board();
    let mut sides: [Bb; 2] = match (&p.drop_sides, &p.drop_ranks) {
        (Some(s), _) => *s,
        (None, Some(ranks)) => [0, 1].map(|c| {
            ranks
                .iter()
                .fold(0, |b, &r| b | rank_bb(if c == 0 { r - 1 } else { t.ranks - r }))
                & board
        }),
        (None, None) => [board, board],
    };
    if pt == ROOK && t.bool("sittuyinRookDrop") {
        sides[0] &= rank_bb(0);
        sides[1] &= rank_bb(t.ranks - 1);
    }
    if pt == PAWN {
        let zones: [Bb; 2] = match &p.prom_squares {
            Some(_) => [t.squares("promotionRegion.w"), t.squares("promotionRegion.b")],
            None => [0, 1].map(|c| {
                p.prom_ranks
                    .iter()
                    .fold(0, |b, &r| b | rank_bb(if c == 0 { r - 1 } else { t.ranks - r }))
                    & board
            }),
        };
        for c in 0..2 {
            if !p.zone_pawn {
                sides[c] &= !zones[c];
            }
            if !p.first_rank_pawn {
                sides[c] &= !rank_bb(if c == 0 { 0 } else { t.ranks - 1 });
            }
        }
    }
    if sides.iter().all(|&b| b == board) {
        return None;
    }
    let entries: Vec<String> = ["first", "second"]
        .iter()
        .zip(sides)
        .filter(|(_, b)| *b != board)
        .map(|(side, b)| {
            format!(
                "{{ side = {}, squares = {} }}",
                q(side),
                qlist(&t.square_names(b))
            )
        })
        .collect();
    Some(format!("squares = [{}]", entries.join(", ")))
}

/// `[hand]`, `[gating]` and the drop settings chimera lacks.
pub(super) fn hand_and_gating(t: &Tx, p: &Plan) -> String {
    let &Plan { drops, to_hand, .. } = p;
    let mut out = String::new();
    // Hand.
    if drops {
        // Fairy-Stockfish's check test needs its king piece: with no king
        // (atomic's is a pseudo-royal commoner) no drop gives check.
        // twoBoards: the partner's captures fill the hand, any piece but a
        // royal one in any number.
        let supplied = if p.two_boards { "supplied = true\n" } else { "" };
        let checks = if t.bool("dropChecks") || !p.types.contains(&KING) {
            String::new()
        } else {
            format!("{}drops_may_check = false\n", t.from(&["dropChecks"]))
        };
        out.push_str(&format!(
            "{}[hand]\ncaptures = {}\nno_dead_drops = {}\ndrops_reset_clock = true\n{checks}{supplied}{}\n",
            t.from(&["pieceDrops", "capturesToHand", "immobilityIllegal", "twoBoards"]),
            q(if to_hand { "hand" } else { "remove" }),
            t.bool("immobilityIllegal"),
            drop_area(t)
        ));
    } else {
        t.val("dropChecks");
        // Endless hands mean nothing without drops.
        t.val("freeDrops");
        if to_hand {
            t.problem("capturesToHand", "captures go to the hand but drops are off");
        }
    }
    if !drops {
        // Fairy-Stockfish's rule is one of drops only.
        t.val("sittuyinRookDrop");
    }
    split_colour_checks(t, drops);
    // Gating.
    let gating = t.bool("gating");
    let seirawan = t.bool("seirawanGating");
    if gating || seirawan {
        if gating && seirawan {
            out.push_str(&seirawan_gating(t, drops));
        } else if gating && t.bool("cambodianMoves") {
            // The gates hold the Cambodian leaps' rights (`once`).
        } else {
            t.problem(
                "gating",
                "gating without seirawanGating and drops is not imported",
            );
        }
    }
    out
}

/// `[gating]` for Fairy-Stockfish's `seirawanGating`: gates on the
/// castling rank; the gated piece does not shield its own king there
/// (`Position::legal` judges a gating move without it); with drops, the
/// hand's pieces may also be dropped (S-house); without, the hand holds
/// pieces that only gating brings in (S-chess).
fn seirawan_gating(t: &Tx, drops: bool) -> String {
    let rank = t.int("castlingRank") + 1;
    let mut out = String::new();
    if !drops {
        out.push_str(&format!(
            "{}[hand]\ncaptures = \"remove\"\n\n",
            t.from(&["pieceDrops", "capturesToHand"])
        ));
    }
    out.push_str(&format!(
        "{}[gating]\nranks = [{rank}]\n{}shields = false\n\n",
        t.from(&["gating", "seirawanGating", "castlingRank"]),
        if drops { "drops = true\n" } else { "" }
    ));
    out
}

/// `dropOppositeColoredBishop` is the bishop's `drop.split_colours`
/// (written by [`piece_drops`]): chimera counts the free squares of the
/// bishop's fixed drop squares, as Fairy-Stockfish's `drop_region` has them
/// unless enclosing drops or a file limit on bishops make them depend on
/// the position.
fn split_colour_checks(t: &Tx, drops: bool) {
    if !t.bool("dropOppositeColoredBishop") {
        return;
    }
    if !drops {
        // Fairy-Stockfish's rule is on drops only.
        return;
    }
    if t.text("enclosingDrop") != "none" {
        t.problem(
            "dropOppositeColoredBishop",
            "bishops dropped on both colours together with enclosing drops are not imported (the bishops' free drop squares would depend on the position)",
        );
    }
    if t.ty("dropNoDoubled") == BISHOP {
        t.problem(
            "dropOppositeColoredBishop",
            "bishops dropped on both colours together with a file limit on bishop drops (`dropNoDoubled = b`) are not imported",
        );
    }
}

/// The `[hand]` lines of Fairy-Stockfish's `enclosingDrop`,
/// `enclosingDropStart` and `freeDrops` (the `[hand]` table's text goes
/// just before).
fn drop_area(t: &Tx) -> String {
    let mut lines = String::new();
    let area = match t.text("enclosingDrop").as_str() {
        "none" => None,
        "reversi" => Some("enclosing"),
        "ataxx" => Some("next_to_own"),
        "top" => Some("on_top"),
        "snort" => Some("apart_from_enemy"),
        "anyside" => {
            t.problem(
                "enclosingDrop",
                "`anyside` is not imported: for a piece pushed in from the top or the right, Fairy-Stockfish offers the lowest (leftmost) free square of the file (rank) that rests on a piece or the edge, not the square where the pushed piece would stop (position.h, drop_region: `lsb` where the far end is meant; after P@g4 P@a5 it offers g1 but not g5), which is not the game's rule (chimera's `drops_only = \"pushed_in\"` says the game's)",
            );
            None
        }
        other => {
            t.problem(
                "enclosingDrop",
                format!("drops limited as `{other}` limits them have no chimera rule"),
            );
            None
        }
    };
    if let Some(a) = area {
        lines.push_str(&format!("{}drops_only = {}\n", t.from(&["enclosingDrop"]), q(a)));
        let start = t.squares("enclosingDropStart");
        if start != 0 {
            lines.push_str(&format!(
                "{}first_drops = {}\n",
                t.from(&["enclosingDropStart"]),
                qlist(&t.square_names(start))
            ));
        }
    } else {
        t.val("enclosingDropStart");
    }
    if t.bool("freeDrops") {
        lines.push_str("# Fairy-Stockfish's built-in freeDrops: hands without end\nfree = true\n");
    }
    lines
}
