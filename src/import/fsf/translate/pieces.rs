//! `[[piece]]`: each piece's moves, regions and janggi rules, and the
//! pieces written out.

use std::collections::BTreeSet;

use super::captures::capture_rule_lines;
use super::drops::piece_drops;
use super::en_passant::{en_passant_from_ranks, initial_en_passant};
use super::promotions::{piece_promotions, promotion_limit_lines};
use super::royal::pseudo_royal_lines;
use super::{PieceOut, Plan, Problem, Tx, cname, nums, q, qlist};
use crate::import::fsf::pieces::{
    FIRST_CUSTOM, JANGGI_CANNON, KING, PAWN, PREDEFINED, ROOK, ROYAL_SLOT, SOLDIER, WAZIR, piece_name,
};
use crate::import::fsf::properties::Model;
use crate::import::fsf::squares::{Bb, file_bb, rank_bb, sq};

/// One `[[piece]]` (and its promoted kinds into `promoted_kinds`), or `None`
/// with a problem.
pub(super) fn piece_out(t: &Tx, p: &Plan, pt: usize, promoted_kinds: &mut Vec<PieceOut>) -> Option<PieceOut> {
    let &Plan {
        resets,
        soldier_rank,
        ref pseudo_royal,
        ref dsr,
        ref triple,
        ..
    } = p;
    let m = t.m;
    let letter = m.letters[pt].unwrap_or('?').to_ascii_uppercase();
    let mut lines = Vec::new();
    let mut comment = match &m.piece_src[pt] {
        Some(s) if s.line > 0 => format!("# from {} (line {})\n", s.key, s.line),
        Some(s) => format!("# from {} (built-in `{}`)\n", s.key, s.section),
        None => format!(
            "# a piece of Fairy-Stockfish's built-in `{}`\n",
            m.parents.last().map_or("chess", String::as_str)
        ),
    };
    let mut betza = piece_betza(t, p, pt)?;
    if pt == SOLDIER && soldier_rank > 0 {
        betza = "fW".into();
        let ranks: Vec<u32> = (soldier_rank as u32 + 1..=t.ranks).collect();
        lines.push(format!(
            "extra_moves = {{ ranks = {}, betza = \"sW\" }}",
            nums(&ranks)
        ));
        comment.push_str(&t.from(&["soldierPromotionRank"]));
    }
    janggi_piece_lines(t, pt, &mut comment, &mut lines);
    if let Some(c) = m.synonyms[pt] {
        // Fairy-Stockfish's SAN writes the synonym (xiangqi's horse `H`).
        lines.push(format!("san = {}", q(&c.to_ascii_uppercase().to_string())));
    }
    let has_initial = betza.contains('i') || pt == PAWN;
    if pt == PAWN && dsr.is_some() {
        betza.push_str("ifmnD");
    }
    if has_initial && let Some(r) = &dsr {
        lines.push(r.clone());
        comment.push_str(&t.from(&["doubleStep", "doubleStepRegion.w", "doubleStepRegion.b"]));
        if pt == PAWN
            && let Some(ranks) = en_passant_from_ranks(t)
        {
            lines.push(format!("en_passant_from_ranks = {}", nums(&ranks)));
            comment.push_str(&t.from(&["enPassantRegion.w", "enPassantRegion.b"]));
        }
        if pt != PAWN {
            initial_en_passant(t, p, pt, &mut lines);
        }
        if pt == PAWN
            && let Some(x) = triple
        {
            lines.push(x.clone());
            comment.push_str(&t.from(&["tripleStepRegion.w", "tripleStepRegion.b"]));
        }
    } else if betza.contains('i') {
        t.problem(
            "doubleStep",
            format!(
                "`{}` has moves from its initial squares but the variant has no double-step region",
                piece_name(pt)
            ),
        );
    }
    let pseudo = pseudo_royal.iter().find(|x| x.0 == pt);
    if pt == KING || pseudo.is_some() {
        lines.push("royal = true".into());
        if let Some((_, Some(most))) = pseudo {
            lines.push(format!("royal_while_at_most = {most}"));
        }
        if pt != KING {
            comment.push_str(&t.from(&[
                "extinctionPseudoRoyal",
                "extinctionPieceTypes",
                "extinctionPieceCount",
            ]));
        }
    }
    if resets & (1u128 << pt) != 0 {
        // Fairy-Stockfish resets the clock on the moves such a piece could
        // not undo; for the chess pawn that is every move.
        if pt == PAWN {
            lines.push("resets_clock = true".into());
        } else {
            lines.push("resets_clock = \"irreversible\"".into());
        }
    }
    mobility_region(t, pt, &mut comment, &mut lines);
    piece_promotions(t, p, pt, letter, &mut comment, &mut lines, promoted_kinds);
    piece_drops(t, p, pt, &mut lines);
    capture_rule_lines(t, p, pt, &mut comment, &mut lines);
    Some(PieceOut {
        pt,
        name: cname(pt),
        symbol: letter.to_string(),
        betza,
        lines,
        comment,
    })
}

/// Fairy-Stockfish's janggi rules of one piece (its `moves_from`): a
/// janggi cannon never jumps over or takes a janggi cannon; standing on a
/// square of `diagonalLines`, a wazir (or a king moving as one) also steps
/// diagonally, a soldier diagonally forward, a rook slides diagonally and a
/// janggi cannon jumps diagonally (as restricted), each to another square of
/// the lines (only where the move ends counts) — chimera's `extra_moves`
/// with `within`, as variants/janggi.toml says it.
fn janggi_piece_lines(t: &Tx, pt: usize, comment: &mut String, lines: &mut Vec<String>) {
    if pt == JANGGI_CANNON {
        let me = qlist(&[cname(pt)]);
        lines.push(format!("cannot_capture = {me}"));
        lines.push(format!("cannot_hop = {me}"));
    }
    let diagonal = t.squares("diagonalLines");
    if diagonal == 0 {
        return;
    }
    let betza = match pt {
        WAZIR => "F",
        SOLDIER => "fF",
        ROOK => "B",
        JANGGI_CANNON => "pB",
        KING if t.m.custom_king && t.m.king_wazir => "F",
        _ => return,
    };
    if lines.iter().any(|l| l.starts_with("extra_moves")) {
        t.problem(
            "diagonalLines",
            format!(
                "`{}` has moves across the river and along the diagonal lines: chimera gives a piece one `extra_moves`",
                piece_name(pt)
            ),
        );
        return;
    }
    lines.push(format!(
        "extra_moves = {{ squares = {}, within = true, betza = \"{betza}\" }}",
        qlist(&t.square_names(diagonal))
    ));
    comment.push_str(&t.from(&["diagonalLines"]));
}

/// The janggi rules of a promoted kind of type `pt` (Fairy-Stockfish's are
/// by type): its diagonal lines; a promoted janggi cannon is reported, as
/// the cannons' `cannot_capture` and `cannot_hop` would not name it.
pub(super) fn promoted_janggi_lines(t: &Tx, pt: usize, lines: &mut Vec<String>) {
    if pt == JANGGI_CANNON {
        t.problem(
            "janggiCannon",
            "a promotion to or from a janggi cannon: the cannons' own restrictions would not name the promoted kind",
        );
        return;
    }
    janggi_piece_lines(t, pt, &mut String::new(), lines);
}

/// A piece's mobility region (`region`), from Fairy-Stockfish's
/// `mobilityRegionWhite/Black<Piece>`.
fn mobility_region(t: &Tx, pt: usize, comment: &mut String, lines: &mut Vec<String>) {
    let m = t.m;
    let (mw, mb) = (m.mobility.get(&(pt, 0)), m.mobility.get(&(pt, 1)));
    if mw.is_none() && mb.is_none() {
        return;
    }
    match region(t, mw.map(|x| x.0), mb.map(|x| x.0)) {
        Ok(r) => {
            lines.push(r);
            for s in [mw, mb].into_iter().flatten() {
                if s.1.line > 0 {
                    comment.push_str(&format!("# from {} (line {})\n", s.1.key, s.1.line));
                } else {
                    comment.push_str(&format!("# from {} (built-in `{}`)\n", s.1.key, s.1.section));
                }
            }
        }
        Err(why) => {
            let s = mw.or(mb).map(|x| x.1.clone());
            t.problems.borrow_mut().push(Problem {
                key: s.as_ref().map_or("mobilityRegion".into(), |s| s.key.clone()),
                span: s.and_then(|s| s.span),
                reason: why,
            });
        }
    }
}

/// A piece's moves in chimera's notation, or `None` with a problem.
fn piece_betza(t: &Tx, p: &Plan, pt: usize) -> Option<String> {
    let m = t.m;
    let ep = p.ep;
    let fsf_betza = if (FIRST_CUSTOM..ROYAL_SLOT).contains(&pt) {
        m.betza[pt].clone()
    } else if pt == KING {
        if m.custom_king {
            m.betza[ROYAL_SLOT].clone()
        } else {
            "K".into()
        }
    } else {
        PREDEFINED[pt - 1].1.to_string()
    };
    let is_ep = !p.no_ep && (ep & (1u128 << pt) != 0 || fsf_betza.contains('e'));
    let mut betza = match crate::notation::xbetza::fsf::to_chimera(&fsf_betza, is_ep) {
        Ok(b) => b,
        Err(e) => {
            let key = piece_name(pt);
            let span = m.piece_src[pt].as_ref().and_then(|s| s.span.clone());
            t.problems.borrow_mut().push(Problem {
                key,
                span,
                reason: format!("Betza `{fsf_betza}`: {}", e.message),
            });
            return None;
        }
    };
    // A piece without moves (`immobile`) keeps an empty Betza: it is
    // written `immobile = true`.
    if pt == PAWN {
        // The chess pawn: Fairy-Stockfish's own move code.
        betza = if is_ep { "fmWfceF".into() } else { "fmWfcF".into() };
    }
    Some(betza)
}

/// The pieces and the `[promotion]` defaults.
pub(super) fn write_pieces(
    t: &Tx,
    p: &Plan,
    pieces: &[PieceOut],
    mut promoted_kinds: Vec<PieceOut>,
) -> String {
    let plan = p;
    let Plan {
        promoted,
        prom_ranks,
        pawns_promote,
        pseudo_royal,
        ep_unpromoted,
        ..
    } = p;
    let mut out = String::new();
    // Fairy-Stockfish resets the move counter on promotions.
    let resets = (*pawns_promote || !promoted.is_empty()) && !t.bool("pieceDemotion");
    let resets_line = if resets {
        "# Fairy-Stockfish resets the move counter on promotions\nresets_clock = true\n"
    } else {
        ""
    };
    // Piece list.
    promoted_kinds.dedup_by(|a, b| a.name == b.name);
    let mut seen = BTreeSet::new();
    for p in pieces.iter().chain(promoted_kinds.iter()) {
        if !seen.insert(p.name.clone()) {
            continue;
        }
        out.push_str(&p.comment);
        let moves = if p.betza.is_empty() {
            "immobile = true".to_string()
        } else {
            format!("betza = {}", q(&p.betza))
        };
        out.push_str(&format!(
            "[[piece]]\nname = {}\nsymbol = {}\n{moves}\n",
            q(&p.name),
            q(&p.symbol),
        ));
        for l in p
            .lines
            .iter()
            .chain(&pseudo_royal_lines(p, pseudo_royal, pieces, &promoted_kinds))
            .chain(&promotion_limit_lines(plan, p, pieces, &promoted_kinds))
        {
            out.push_str(l);
            out.push('\n');
        }
        out.push('\n');
    }
    let ep_line = if *ep_unpromoted {
        "# Fairy-Stockfish never promotes an en passant capture\nen_passant_promotes = false\n"
    } else {
        ""
    };
    if !promoted.is_empty() {
        // Zones that differ between the sides are the promotion rules' own.
        let zone = if prom_ranks.is_empty() {
            String::new()
        } else {
            format!("zone = {}\n", nums(prom_ranks))
        };
        out.push_str(&format!(
            "{}[promotion]\n{zone}trigger = \"either\"\nforced_on_dead_squares = {}\n{resets_line}{ep_line}\n",
            t.from(&["promotionRegion.w", "promotionRegion.b", "promotedPieceType"]),
            t.bool("immobilityIllegal")
        ));
    } else if t.bool("immobilityIllegal") || resets || *ep_unpromoted {
        out.push_str(&format!(
            "{}[promotion]\nforced_on_dead_squares = {}\n{resets_line}{ep_line}\n",
            t.from(&["immobilityIllegal"]),
            t.bool("immobilityIllegal")
        ));
    }
    out
}

/// The Fairy-Stockfish Betza of a piece type.
pub(super) fn pieces_def(m: &Model, pt: usize) -> String {
    if (FIRST_CUSTOM..ROYAL_SLOT).contains(&pt) {
        m.betza[pt].clone()
    } else if pt == KING {
        if m.custom_king {
            m.betza[ROYAL_SLOT].clone()
        } else {
            "K".into()
        }
    } else if pt >= 1 && pt <= PREDEFINED.len() {
        PREDEFINED[pt - 1].1.to_string()
    } else {
        String::new()
    }
}

/// A mobility region as chimera's `region = { ranks, files }`; regions that
/// are not whole ranks crossed with whole files, mirrored, or that limit
/// one side only, as each side's squares by name.
pub(super) fn region(t: &Tx, w: Option<Bb>, b: Option<Bb>) -> Result<String, String> {
    let board = t.board();
    let by_side = || {
        let part = |side: &str, bb: Option<Bb>| {
            bb.map(|bb| {
                format!(
                    "{{ side = {}, squares = {} }}",
                    q(side),
                    qlist(&t.square_names(bb & board))
                )
            })
        };
        let parts: Vec<String> = [part("first", w), part("second", b)]
            .into_iter()
            .flatten()
            .collect();
        if [w, b].iter().flatten().any(|bb| bb & board == 0) {
            return Err(
                "a mobility region with no square of the board (the piece could not move)".to_string(),
            );
        }
        Ok(format!("region = [{}]", parts.join(", ")))
    };
    let (Some(w), Some(b)) = (w, b) else {
        return by_side();
    };
    let (w, b) = (w & board, b & board);
    let ranks: Vec<u32> = (0..t.ranks).filter(|&r| w & rank_bb(r) != 0).collect();
    let files: Vec<u32> = (0..t.files).filter(|&f| w & file_bb(f) != 0).collect();
    let product = ranks
        .iter()
        .fold(0, |acc, &r| files.iter().fold(acc, |a, &f| a | sq(f, r)));
    let mirror = ranks.iter().fold(0, |acc, &r| {
        files.iter().fold(acc, |a, &f| a | sq(f, t.ranks - 1 - r))
    });
    if product != w || mirror != b {
        return by_side();
    }
    let all_files = files.len() as u32 == t.files;
    let all_ranks = ranks.len() as u32 == t.ranks;
    let mut parts = Vec::new();
    if !all_ranks {
        parts.push(format!(
            "ranks = {}",
            nums(&ranks.iter().map(|r| r + 1).collect::<Vec<_>>())
        ));
    }
    if !all_files {
        parts.push(format!(
            "files = {}",
            nums(&files.iter().map(|f| f + 1).collect::<Vec<_>>())
        ));
    }
    Ok(format!("region = {{ {} }}", parts.join(", ")))
}
