//! Promotions: the pawns' and the pieces' rules, sittuyin's, the limits.

use std::collections::BTreeMap;

use super::pieces::{pieces_def, promoted_janggi_lines, region};
use super::{PieceOut, Plan, Tx, cname, nums, q, qlist};
use crate::import::fsf::pieces::{JANGGI_CANNON, PAWN, piece_name};
use crate::import::fsf::squares::sq;

/// Each side's promotion pawn types and pieces (in Fairy-Stockfish's
/// order), where they differ between the sides.
pub(super) type SidePromotions = [(Vec<usize>, Vec<usize>); 2];

/// The promotion pawn types and promotion pieces of both sides together,
/// and each side's where they differ.
pub(super) fn promotion_pieces(t: &Tx, types: &[usize]) -> (Vec<usize>, Vec<usize>, Option<SidePromotions>) {
    let pawns = |k: &str| -> Vec<usize> {
        let s = t.set(k);
        if s & 1 != 0 {
            types.to_vec()
        } else {
            types.iter().copied().filter(|&p| s & (1u128 << p) != 0).collect()
        }
    };
    let targets = |k: &str| -> Vec<usize> {
        let s = t.set(k);
        let mut v: Vec<usize> = types.iter().copied().filter(|&p| s & (1u128 << p) != 0).collect();
        v.reverse();
        v
    };
    let sides = [
        (pawns("promotionPawnTypes.w"), targets("promotionPieceTypes.w")),
        (pawns("promotionPawnTypes.b"), targets("promotionPieceTypes.b")),
    ];
    if sides[0] == sides[1] {
        return (sides[0].0.clone(), sides[0].1.clone(), None);
    }
    let union = |a: &[usize], b: &[usize]| -> Vec<usize> {
        a.iter()
            .chain(b.iter().filter(|x| !a.contains(x)))
            .copied()
            .collect()
    };
    (
        union(&sides[0].0, &sides[1].0),
        union(&sides[0].1, &sides[1].1),
        Some(sides),
    )
}

/// A forced piece promotion (`mandatoryPiecePromotion`) to a type with a
/// `promotionLimit`: at the limit Fairy-Stockfish lets the piece move into
/// the zone without promoting, where chimera's forced promotion with no
/// choice left bars the move. (A pawn's own piece promotion is not limited
/// in Fairy-Stockfish: no limit is written for it.)
pub(super) fn forced_piece_promotion_to_limited(
    t: &Tx,
    promoted: &BTreeMap<usize, usize>,
    limits: &BTreeMap<usize, usize>,
    mandatory: bool,
) {
    if !mandatory {
        return;
    }
    if let Some((&from, &to)) = promoted
        .iter()
        .find(|&(&from, to)| from != PAWN && limits.contains_key(to))
    {
        t.problem(
            "promotionLimit",
            format!(
                "`{}` must promote to `{}`, whose promotion is limited: at the limit Fairy-Stockfish lets it move without promoting, which chimera's forced promotion does not",
                piece_name(from),
                piece_name(to)
            ),
        );
    }
}

/// The promotion region as relative ranks; or, when the sides' regions
/// are not each other's mirror image, as each side's squares (promotion
/// rules per side).
pub(super) fn promotion_zone(
    t: &Tx,
    has_pawns: bool,
    no_piece_promotions: bool,
) -> (Vec<u32>, Option<[Vec<String>; 2]>) {
    if !has_pawns && no_piece_promotions {
        t.val("promotionRegion.w");
        t.val("promotionRegion.b");
        return (Vec::new(), None);
    }
    match t.try_rank_region("promotionRegion.w", "promotionRegion.b") {
        Ok(r) => (r, None),
        Err(_) => (
            Vec::new(),
            Some([
                t.square_names(t.squares("promotionRegion.w") & t.board()),
                t.square_names(t.squares("promotionRegion.b") & t.board()),
            ]),
        ),
    }
}

/// A piece's promotion rules.
/// The ini keys a pawn's promotion rules come from.
const PAWN_PROMOTION_KEYS: &[&str] = &[
    "promotionPawnTypes.w",
    "promotionPieceTypes.w",
    "promotionRegion.w",
    "promotionRegion.b",
    "mandatoryPawnPromotion",
];

/// A pawn's promotion rules (`promotionPawnTypes`, `promotionPieceTypes`,
/// `promotionRegion*`, `mandatoryPawnPromotion`): a rule per zone, limited
/// to a side where the sides' pawn types or promotion pieces differ. A pawn
/// that must promote and has nothing to become never enters the zone, but
/// still attacks it (`to = []`).
fn pawn_promotions(
    t: &Tx,
    p: &Plan,
    pt: usize,
    comment: &mut String,
    promoted_kinds: &mut Vec<PieceOut>,
) -> Vec<String> {
    let m = t.m;
    let per_side: [Option<&Vec<usize>>; 2] = match &p.prom_sides {
        None => [p.prom_pawns.contains(&pt).then_some(&p.prom_to); 2],
        Some(s) => [0, 1].map(|i| s[i].0.contains(&pt).then_some(&s[i].1)),
    };
    let names = ["first", "second"];
    let zones: Vec<(usize, String)> = match &p.prom_squares {
        Some(sides) => (0..2)
            .filter(|&i| !sides[i].is_empty())
            .map(|i| {
                (
                    i,
                    format!("side = {}, squares = {}", q(names[i]), qlist(&sides[i])),
                )
            })
            .collect(),
        None if p.prom_ranks.is_empty() => Vec::new(),
        None if per_side[0] == per_side[1] => vec![(0, format!("ranks = {}", nums(&p.prom_ranks)))],
        None => (0..2)
            .map(|i| {
                (
                    i,
                    format!("side = {}, ranks = {}", q(names[i]), nums(&p.prom_ranks)),
                )
            })
            .collect(),
    };
    // Promoted pawns are kinds of their own (`~`) when they go back to the
    // hand as pawns, or to the partner's (twoBoards).
    let to_hand = p.drops && (p.to_hand || p.two_boards);
    let mut prom = Vec::new();
    for (i, zone) in &zones {
        let Some(targets) = per_side[*i] else {
            continue;
        };
        if targets.is_empty() {
            if p.mandatory_pawn && !p.promoted.contains_key(&pt) {
                prom.push(format!("{{ {zone}, to = [], forced = true }}"));
            }
            continue;
        }
        let names: Vec<String> = targets
            .iter()
            .map(|&k| {
                if to_hand {
                    format!("promoted {}", cname(k))
                } else {
                    cname(k)
                }
            })
            .collect();
        prom.push(format!(
            "{{ {zone}, to = {}, forced = {} }}",
            qlist(&names),
            p.mandatory_pawn
        ));
    }
    if prom.is_empty() {
        return prom;
    }
    comment.push_str(&t.from(PAWN_PROMOTION_KEYS));
    if to_hand && per_side.iter().any(|x| x.is_some_and(|v| !v.is_empty())) {
        if p.prom_pawns.len() > 1 || p.prom_sides.is_some() {
            t.problem(
                "promotionPawnTypes.w",
                "several kinds of pawns whose promoted pieces go back to the hand as pawns are not imported",
            );
        }
        for &k in &p.prom_to {
            let base = pieces_def(m, k);
            let b = crate::notation::xbetza::fsf::to_chimera(&base, false).unwrap_or_default();
            let mut plines = vec![format!("demotes_to = {}", q(&cname(pt)))];
            promoted_janggi_lines(t, k, &mut plines);
            promoted_kinds.push(PieceOut {
                pt: k,
                name: format!("promoted {}", cname(k)),
                symbol: format!("{}~", m.letters[k].unwrap_or('?').to_ascii_uppercase()),
                betza: b,
                lines: plines,
                comment: if p.to_hand {
                    "# a promoted pawn: goes back to the hand as a pawn (Fairy-Stockfish writes `~`)\n"
                } else {
                    "# a promoted pawn, which Fairy-Stockfish writes `~` (twoBoards: it goes to the partner's hand as a pawn)\n"
                }
                .into(),
            });
        }
    }
    prom
}

pub(super) fn piece_promotions(
    t: &Tx,
    p: &Plan,
    pt: usize,
    letter: char,
    comment: &mut String,
    lines: &mut Vec<String>,
    promoted_kinds: &mut Vec<PieceOut>,
) {
    let m = t.m;
    let mut prom = if pt == PAWN && t.bool("sittuyinPromotion") {
        match sittuyin_promotion(t, p) {
            Ok(line) => {
                comment.push_str(&t.from(&["sittuyinPromotion"]));
                comment.push_str(&t.from(PAWN_PROMOTION_KEYS));
                lines.push(line);
            }
            Err(why) => t.problem("sittuyinPromotion", why),
        }
        Vec::new()
    } else {
        pawn_promotions(t, p, pt, comment, promoted_kinds)
    };
    if let Some(&to) = p.promoted.get(&pt)
        && to != 0
    {
        let base = pieces_def(m, to);
        let b = crate::notation::xbetza::fsf::to_chimera(&base, false).unwrap_or_default();
        let pname = format!("promoted {}", cname(pt));
        prom.extend(piece_promotion_rules(p, &pname));
        comment.push_str(&t.from(&[
            "promotedPieceType#types",
            "mandatoryPiecePromotion",
            "piecePromotionOnCapture",
        ]));
        let mut plines = vec![format!("demotes_to = {}", q(&cname(pt)))];
        // Fairy-Stockfish writes a promoted piece by its new type's letter
        // (shogun's promoted fers is `Q` in SAN, `+F` on the board).
        if let Some(l) = m.letters[to]
            && !l.eq_ignore_ascii_case(&letter)
        {
            plines.push(format!("san = {}", q(&l.to_ascii_uppercase().to_string())));
        }
        if p.demotion {
            // Kyoto shogi's rule: the promoted piece turns back by a move
            // as it promoted (the same zone, compulsion and trigger).
            plines.push(format!(
                "promotion = [{}]",
                piece_promotion_rules(p, &cname(pt)).join(", ")
            ));
        }
        // The promoted piece is of its new type: that type's mobility region
        // is its own (an unsayable one is reported with the type's piece).
        let (mw, mb) = (m.mobility.get(&(to, 0)), m.mobility.get(&(to, 1)));
        if mw.is_some() || mb.is_some() {
            match region(t, mw.map(|x| x.0), mb.map(|x| x.0)) {
                Ok(r) => plines.push(r),
                Err(why) => t.problem("mobilityRegion", why),
            }
        }
        promoted_janggi_lines(t, to, &mut plines);
        if pt == JANGGI_CANNON {
            promoted_janggi_lines(t, pt, &mut Vec::new());
        }
        let mut pcomment = format!("# `{}` promoted: moves as `{}`", piece_name(pt), piece_name(to));
        if p.demotion {
            pcomment.push_str(", and turns back by a move\n");
            pcomment.push_str(t.from(&["pieceDemotion"]).trim_end());
        }
        promoted_kinds.push(PieceOut {
            pt: to,
            name: pname,
            symbol: format!("+{letter}"),
            betza: b,
            lines: plines,
            comment: pcomment + "\n",
        });
    }
    if !prom.is_empty() {
        lines.push(format!("promotion = [{}]", prom.join(", ")));
    }
}

/// Fairy-Stockfish's `sittuyinPromotion` (`generate_pawn_moves`): the pawn
/// does not promote by moving into its zone; instead a pawn on a square of
/// its promotion region (a side's last pawn: anywhere) becomes the
/// promotion piece in place or on an empty square the new piece attacks
/// from there, if the new piece then attacks no enemy piece; such a move
/// may not give check (`Position::legal`); `promotionLimit` applies —
/// chimera's `promotion_move`. Said when the pawn alone promotes (no other
/// promotion pawn type: Fairy-Stockfish forbids every promotion that
/// checks), to one piece type (chimera's `to`) that leaps or steps without
/// modes (its attacks are its moves), on a region whose second side's is
/// the first's both mirrored and turned (so whichever way chimera mirrors
/// it), with captures that leave the board.
pub(super) fn sittuyin_promotion(t: &Tx, p: &Plan) -> Result<String, String> {
    let m = t.m;
    if p.prom_sides.is_some() || p.prom_pawns.iter().any(|&k| k != PAWN) {
        return Err("sittuyin's promotion with promotion pawns other than the pawn, or that differ between the sides, is not imported (Fairy-Stockfish forbids their promotions that check)".into());
    }
    if p.to_hand || t.bool("twoBoards") || p.promoted.contains_key(&PAWN) {
        return Err(
            "sittuyin's promotion with captures to a hand or a promotedPieceType of the pawn is not imported"
                .into(),
        );
    }
    if t.bool("blastOnCapture") || t.set("petrifyOnCaptureTypes") != 0 {
        return Err("sittuyin's promotion with explosions or petrification is not imported".into());
    }
    let to = match p.prom_to[..] {
        [to] => to,
        _ => {
            return Err(format!(
                "sittuyin's promotion to {} piece types: chimera's `promotion_move` has one `to`",
                p.prom_to.len()
            ));
        }
    };
    let betza = crate::notation::xbetza::fsf::to_chimera(&pieces_def(m, to), false).unwrap_or_default();
    if !plain_leaps(&betza) {
        return Err(format!(
            "sittuyin's promotion to `{}` (`{betza}`): imported for a piece that only leaps or steps, with no modes",
            piece_name(to)
        ));
    }
    let board = t.board();
    let w = t.squares("promotionRegion.w") & board;
    let b = t.squares("promotionRegion.b") & board;
    let image = |turn: bool| {
        (0..t.ranks).fold(0, |acc, r| {
            (0..t.files).fold(acc, |a, f| {
                if w & sq(f, r) != 0 {
                    a | sq(if turn { t.files - 1 - f } else { f }, t.ranks - 1 - r)
                } else {
                    a
                }
            })
        })
    };
    if image(true) != b || image(false) != b || w == 0 {
        return Err("sittuyin's promotion on regions that are not each other's image both mirrored and turned by 180 degrees is not imported".into());
    }
    Ok(format!(
        "promotion_move = {{ to = {}, squares = {}, betza = {}, anywhere_when_last = true }}",
        q(&cname(to)),
        qlist(&t.square_names(w)),
        q(&betza)
    ))
}

/// A notation of leaps and steps only: atoms with direction letters, no
/// modes, riders or ranges.
fn plain_leaps(betza: &str) -> bool {
    let mut last = ' ';
    !betza.is_empty()
        && betza.chars().all(|c| {
            let ok = ("WFDNAHCZGK".contains(c) && c != last) || "fbrlvsh".contains(c);
            last = c;
            ok
        })
}

/// The rules by which a piece becomes `to` under `promotedPieceType` (or
/// turns back under `pieceDemotion`): the zone (a rule per side where the
/// sides' zones are not each other's mirror image), the compulsion, and a
/// capture as the trigger under `piecePromotionOnCapture`.
fn piece_promotion_rules(p: &Plan, to: &str) -> Vec<String> {
    if p.prom_ranks.is_empty() && p.prom_squares.is_none() {
        // An empty promotion region (xiangfu's `-`): the piece never
        // promotes by moving; its promoted kind stands in the start
        // position only.
        return Vec::new();
    }
    let tail = format!(
        "to = [{}], forced = {}{}",
        q(to),
        p.mandatory_piece,
        if p.on_capture {
            ", trigger = \"capture\""
        } else {
            ""
        }
    );
    match &p.prom_squares {
        Some(sides) => (0..2)
            .filter(|&i| !sides[i].is_empty())
            .map(|i| {
                format!(
                    "{{ side = {}, squares = {}, {tail} }}",
                    q(["first", "second"][i]),
                    qlist(&sides[i])
                )
            })
            .collect(),
        None => vec![format!("{{ {tail} }}")],
    }
}

/// The promotion limit of a kind that some piece promotes to, when its
/// type has one (`promotionLimit`): Fairy-Stockfish counts every piece of
/// the type on the board, so every other kind of that type (the base piece
/// and the promoted kinds that move as it) is counted with it
/// (`promotion_counted_with`). A pawn's own piece promotion
/// (`promotedPieceType` of the pawn) is not limited in Fairy-Stockfish: its
/// promoted kind gets no limit, though it counts toward the others'.
pub(super) fn promotion_limit_lines(
    p: &Plan,
    kind: &PieceOut,
    pieces: &[PieceOut],
    promoted_kinds: &[PieceOut],
) -> Vec<String> {
    let Some(&n) = p.limits.get(&kind.pt) else {
        return Vec::new();
    };
    // Promoted pawns are kinds of their own (`~`) when they go back to the
    // hand as pawns, or to the partner's (twoBoards).
    let to_hand = p.drops && (p.to_hand || p.two_boards);
    let by_pawns = p.pawns_promote
        && p.prom_to.iter().any(|&k| {
            let name = if to_hand {
                format!("promoted {}", cname(k))
            } else {
                cname(k)
            };
            name == kind.name
        });
    let by_pieces = p.promoted.iter().any(|(&from, &to)| {
        from != PAWN && to == kind.pt && format!("promoted {}", cname(from)) == kind.name
    });
    if !by_pawns && !by_pieces {
        return Vec::new();
    }
    let mut out = vec![format!("promotion_limit = {n}")];
    let mut others: Vec<String> = Vec::new();
    for o in pieces.iter().chain(promoted_kinds) {
        if o.pt == kind.pt && o.name != kind.name && !others.contains(&o.name) {
            others.push(o.name.clone());
        }
    }
    if !others.is_empty() {
        out.push(format!("promotion_counted_with = {}", qlist(&others)));
    }
    out
}
