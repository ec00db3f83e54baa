//! Pseudo-royal pieces (`extinctionPseudoRoyal`): `royal` or
//! `royal_while_at_most`.

use std::collections::BTreeMap;

use super::{PieceOut, Tx, qlist};
use crate::import::fsf::pieces::piece_name;

/// Fairy-Stockfish's pseudo-royal pieces: while a side has at most
/// extinctionPieceCount + 1 of a listed kind on the board, each of them is
/// royal (and, without explosions, the extinction rule does not apply).
/// chimera's `royal = true` says this when no side ever has more than that
/// many (at most that many at the start, and none made by promotion), and
/// `royal_while_at_most` otherwise.
#[allow(clippy::too_many_arguments)]
pub(super) fn pseudo_royal_kinds(
    t: &Tx,
    to_hand: bool,
    types: &[usize],
    prom_to: &[usize],
    pawns_promote: bool,
    promoted: &BTreeMap<usize, usize>,
    extinction_royal: bool,
    ext_types: u128,
    ext_count: i64,
) -> Vec<(usize, Option<i64>)> {
    let m = t.m;
    // Pseudo-royalty is a rule of legality and checkmate of its own:
    // Fairy-Stockfish applies it with no extinction result too (xiangfu).
    if !extinction_royal {
        return Vec::new();
    }
    let start_counts = start_counts(&t.text("startFen"));
    let blast = t.bool("blastOnCapture");
    let listed: Vec<usize> = types
        .iter()
        .copied()
        .filter(|&p| ext_types & (1u128 << p) != 0)
        .collect();
    if ext_types & 1 != 0 || listed.is_empty() {
        t.problem(
            "extinctionPseudoRoyal",
            "pseudo-royal pieces of every kind have no chimera rule",
        );
        return Vec::new();
    }
    // Duple check (spartan): with a count of 0, a side's one piece of the
    // type may not be left attacked, and of several not all at once —
    // chimera's `royal = true` with `[end] royal_pieces = "not_all"`,
    // whatever promotions add (Fairy-Stockfish's candidates are every
    // piece of the type). With captures to the hand, only where a piece of
    // the type is always a promoted one (it reaches the hand demoted, no
    // longer of the type: xiangfu's `+g`).
    if t.bool("dupleCheck") {
        let single = ext_count == 0 && listed.len() == 1 && !blast;
        if single && (!to_hand || only_promoted(t, listed[0], prom_to, pawns_promote)) {
            return vec![(listed[0], None)];
        }
        t.problem(
            "dupleCheck",
            "duple check is imported for one pseudo-royal type with extinctionPieceCount = 0, without explosions, and with captures to the hand only where the type's pieces are all promoted ones (chimera's `royal_pieces = \"not_all\"`)",
        );
        return Vec::new();
    }
    let mut out = Vec::new();
    for &p in &listed {
        let letter = m.letters[p].unwrap_or('?');
        let most = start_counts
            .get(&letter.to_ascii_uppercase())
            .copied()
            .unwrap_or(0)
            .max(start_counts.get(&letter).copied().unwrap_or(0));
        let promoted_to = prom_to.contains(&p) && pawns_promote || promoted.values().any(|&v| v == p);
        let bounded_family = royal_family_bounded(t, p, &listed, promoted, ext_count, &start_counts)
            && !(pawns_promote && prom_to.contains(&p));
        if most as i64 <= ext_count + 1 && !promoted_to || bounded_family {
            out.push((p, None));
        } else if prom_to.contains(&p)
            && pawns_promote
            && !t.approximated("extinctionPseudoRoyal", format!("a pawn promotion (promotionPieceTypes) to pseudo-royal `{}`: Fairy-Stockfish recounts that kind's royalty within the move, which chimera does not (written as `royal_while_at_most`: the promotion itself is judged with the new count)", piece_name(p)))
        {
            return Vec::new();
        } else {
            out.push((p, Some(ext_count + 1)));
        }
    }
    if blast && (out.len() > 1 || out.iter().any(|x| x.1.is_some())) {
        t.problem("extinctionPseudoRoyal", "pseudo-royal pieces of several kinds, or more than count + 1 of a kind, where captures explode have no chimera rule");
        return Vec::new();
    }
    if to_hand && out.iter().any(|x| x.1.is_some()) {
        t.problem("extinctionPseudoRoyal", "pseudo-royal pieces that a side may have more of than count + 1 and that captures put in the hand have no chimera rule (a hand holds no royal piece)");
        return Vec::new();
    }
    out
}

/// Whether no side can ever have more than extinctionPieceCount + 1 of
/// pseudo-royal kind `p` although promotions make it: `p` and the kinds
/// it turns into or comes from by `promotedPieceType` (its family) are all
/// pseudo-royal, and each side starts with at most count + 1 of them
/// together, on the board and in hand. Royal pieces are never captured, so
/// none reaches a hand, and a promotion only turns one member into
/// another: every kind of the family keeps at most that many (gethenian's
/// king and its promoted face).
fn royal_family_bounded(
    t: &Tx,
    p: usize,
    listed: &[usize],
    promoted: &BTreeMap<usize, usize>,
    ext_count: i64,
    board_counts: &BTreeMap<char, usize>,
) -> bool {
    let mut family = vec![p];
    let mut i = 0;
    while i < family.len() {
        let k = family[i];
        for (&from, &to) in promoted {
            for (a, b) in [(from, to), (to, from)] {
                if a == k && !family.contains(&b) {
                    family.push(b);
                }
            }
        }
        i += 1;
    }
    if family.len() < 2 || family.iter().any(|k| !listed.contains(k)) {
        return false;
    }
    let fen = t.text("startFen");
    let hand = fen
        .split_whitespace()
        .next()
        .unwrap_or("")
        .split('[')
        .nth(1)
        .unwrap_or("");
    let side_total = |upper: bool| {
        family
            .iter()
            .filter_map(|&k| t.m.letters[k])
            .map(|c| {
                if upper {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .map(|c| board_counts.get(&c).copied().unwrap_or(0) + hand.chars().filter(|&h| h == c).count())
            .sum::<usize>()
    };
    side_total(true).max(side_total(false)) as i64 <= ext_count + 1
}

/// The royalty a kind of a pseudo-royal type lacks: the promoted kinds
/// moving as one are royal too, and all the kinds of the type are counted
/// together (Fairy-Stockfish counts types).
pub(super) fn pseudo_royal_lines(
    p: &PieceOut,
    pseudo_royal: &[(usize, Option<i64>)],
    pieces: &[PieceOut],
    promoted_kinds: &[PieceOut],
) -> Vec<String> {
    let Some(&(_, most)) = pseudo_royal.iter().find(|x| x.0 == p.pt) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if !p.lines.iter().any(|l| l == "royal = true") {
        out.push("royal = true".to_string());
        if let Some(most) = most {
            out.push(format!("royal_while_at_most = {most}"));
        }
    }
    let mut others: Vec<String> = Vec::new();
    for o in pieces.iter().chain(promoted_kinds) {
        if o.pt == p.pt && o.name != p.name && !others.contains(&o.name) {
            others.push(o.name.clone());
        }
    }
    if !others.is_empty() && most.is_some() {
        out.push(format!("royal_counted_with = {}", qlist(&others)));
    }
    out
}

/// Whether every piece of type `p` is a promoted one (`+x` of a kind that
/// promotes to `p`), never the type itself: its letter is not in the start
/// position, on the board or in a hand, and no pawn promotes to it. A
/// capture to the hand then demotes it to a kind of another type.
fn only_promoted(t: &Tx, p: usize, prom_to: &[usize], pawns_promote: bool) -> bool {
    let Some(letter) = t.m.letters[p] else {
        return false;
    };
    let fen = t.text("startFen");
    let placement = fen.split_whitespace().next().unwrap_or("");
    let mut promoted_next = false;
    for c in placement.chars() {
        if c.eq_ignore_ascii_case(&letter) && !promoted_next {
            return false;
        }
        promoted_next = c == '+';
    }
    !(pawns_promote && prom_to.contains(&p))
}

/// How many of each letter the board part of a FEN holds (case kept).
pub(super) fn start_counts(fen: &str) -> BTreeMap<char, usize> {
    let mut out = BTreeMap::new();
    let board = fen.split_whitespace().next().unwrap_or("");
    let board = board.split('[').next().unwrap_or("");
    for c in board.chars().filter(char::is_ascii_alphabetic) {
        *out.entry(c).or_insert(0) += 1;
    }
    out
}
