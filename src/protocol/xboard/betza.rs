//! Moves in XBoard's Betza (H. G. Muller's XBetza, as a `piece` command
//! gives them), and the castling XBoard's Betza can say.

use std::sync::Arc;

use crate::engine::{Color, PieceKind, Position, Variant};

/// A piece's moves in H. G. Muller's XBetza, as XBoard 4.9 reads them in a
/// `piece` command, from chimera's notation: the same letters for moves of
/// one leg, but for directions on K and Q, which XBetza reads otherwise
/// (`fK`: `fWfF`); a move of two legs (`fWavW`: a step, then maybe another along
/// the line; `aK` at the start: one or two king steps) becomes XBetza's
/// stop after the first leg, capture and go on (`fcavW`), and step to an
/// empty square and go on (`fmavW`), a second leg without directions
/// written both ways XBoard needs (`caK` omits the way back: `cabK`).
/// `None` for what XBetza cannot say or reads otherwise: ranges of legs
/// (`a3K`), several hops (`pp`), shooting (`x`), groups, exact ranges.
pub(super) fn xbetza(betza: &str) -> Option<String> {
    if !betza.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    // Moves: modifiers, an atom, a range (`fR2`).
    let mut moves: Vec<(String, String)> = Vec::new();
    let mut mods = String::new();
    let mut chars = betza.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_lowercase() {
            mods.push(c);
        } else if c.is_ascii_uppercase() {
            let mut atom = c.to_string();
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                atom.push(d);
            }
            moves.push((std::mem::take(&mut mods), atom));
        } else {
            // A digit before an atom: a count of legs (`a3K`).
            return None;
        }
    }
    if !mods.is_empty() {
        return None;
    }
    // XBetza's directions and modalities; `x` (a relay there) and `pp` (a
    // single hop there) mean something else.
    let plain = |m: &str| !m.contains(['x', 'a']) && !m.contains("pp");
    let legs = |m: &str| m.chars().all(|c| "fbvslrh".contains(c));
    let mut out = String::new();
    let mut i = 0;
    while i < moves.len() {
        let (m, atom) = &moves[i];
        // `aK` at the start of a move: the atom, then maybe again.
        let (first, second): ((String, String), Option<(String, String)>) =
            if let Some(rest) = m.strip_prefix('a') {
                (
                    (String::new(), atom.clone()),
                    Some((rest.to_string(), atom.clone())),
                )
            } else if let Some((m2, a2)) = moves.get(i + 1).filter(|(m2, _)| m2.starts_with('a')) {
                i += 1;
                ((m.clone(), atom.clone()), Some((m2[1..].to_string(), a2.clone())))
            } else {
                ((m.clone(), atom.clone()), None)
            };
        i += 1;
        let (m1, a1) = first;
        if !plain(&m1) {
            return None;
        }
        let Some((m2, a2)) = second else {
            // XBetza reads directions on K and Q in eight ways (`fK` is
            // one step straight forward); here they pick among the moves of
            // both halves (`fK` is the three forward steps): `fWfF`.
            let halves = match a1.chars().next() {
                Some('K') => Some(('W', 'F')),
                Some('Q') => Some(('R', 'B')),
                _ => None,
            };
            match halves {
                Some((o, d)) if m1.contains(['f', 'b', 'v', 's', 'l', 'r']) => {
                    let range = &a1[1..];
                    out.push_str(&format!("{m1}{o}{range}{m1}{d}{range}"));
                }
                _ => out.push_str(&format!("{m1}{a1}")),
            }
            continue;
        };
        if !legs(&m1) || !legs(&m2) || a1.len() > 1 || a2.len() > 1 {
            return None;
        }
        // XBetza's second leg: directions relative to the first, as here;
        // without any it omits the way back.
        let again: Vec<String> = if m2.chars().any(|c| "fbvslrh".contains(c)) {
            vec![format!("{m2}{a2}")]
        } else {
            vec![format!("{m2}{a2}"), format!("b{m2}{a2}")]
        };
        out.push_str(&format!("{m1}{a1}"));
        for mode in ["c", "m"] {
            for leg in &again {
                out.push_str(&format!("{m1}{mode}a{leg}"));
            }
        }
    }
    Some(out)
}

/// A castling move as XBoard's Betza castling (`O`) plays it: the king
/// steps `step` files (at least two) towards the partner, which stands
/// `skip` files in from the board's edge, nothing between them, and lands
/// beside the king on the square it crossed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct CastleShape {
    color: Color,
    /// Towards the last file (else the first).
    up: bool,
    step: usize,
    skip: usize,
}

/// The castling moves of a variant as XBoard can play them, and a warning
/// for those it cannot (its legality testing would refuse them).
pub(super) fn castle_shapes(v: &Arc<Variant>, royal: Option<PieceKind>) -> (Vec<CastleShape>, Vec<String>) {
    let g = v.board();
    let start = Position::start(v);
    let mut shapes: Vec<CastleShape> = Vec::new();
    let mut odd: Vec<char> = Vec::new();
    for c in &v.castles {
        let (kf, ktf, rf, rtf) = (
            g.file(c.king),
            g.file(c.king_to),
            g.file(c.rook),
            g.file(c.rook_to),
        );
        let rank = g.rank(c.king);
        let up = rf > kf;
        let step = kf.abs_diff(ktf);
        let mut between = (kf.min(rf) + 1..kf.max(rf)).filter_map(|f| g.square(f as i32, rank as i32));
        let fits = c.by_drops.is_none()
            && [c.king_to, c.rook, c.rook_to].iter().all(|&s| g.rank(s) == rank)
            && step >= 2
            && (ktf > kf) == up
            && (if up { rtf + 1 == ktf } else { rtf == ktf + 1 })
            && start
                .piece_at(c.king)
                .is_some_and(|p| Some(p.kind()) == royal && p.color() == c.color)
            && between.all(|s| c.empty.contains(&s));
        let shape = CastleShape {
            color: c.color,
            up,
            step,
            skip: if up { g.files() - 1 - rf } else { rf },
        };
        // One way of castling a side and direction: XBoard's Betza has one.
        let clash = shapes
            .iter()
            .any(|o| o.color == shape.color && o.up == up && *o != shape);
        if fits && !clash {
            shapes.push(shape);
        } else {
            odd.push(c.right);
        }
    }
    let warning = (!odd.is_empty()).then(|| {
        format!(
            "XBoard's legality testing would refuse castling {}: XBoard castles only the king, from its \
             start square, two squares or more towards a piece at the edge that lands beside it \
             (switch it off: -testLegality false)",
            odd.iter()
                .map(|r| format!("`{r}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    });
    (shapes, warning.into_iter().collect())
}

/// The castling part of the king's Betza for `color`, in XBoard's dialect:
/// `i` (only a king that has not moved), the directions, one `j` per file
/// the partner stands in from the edge, `O` and the king's step — `isO2`
/// for chess. XBoard turns Black's directions round, so Black's right is
/// towards the first file. Empty when `color` does not castle.
pub(super) fn castling_betza(shapes: &[CastleShape], color: Color) -> String {
    let way = |up: bool| {
        shapes
            .iter()
            .find(|s| s.color == color && s.up == up)
            .map(|s| format!("{}O{}", "j".repeat(s.skip), s.step))
    };
    let (up, down) = (way(true), way(false));
    if up.is_some() && up == down {
        return format!("is{}", up.unwrap_or_default());
    }
    // A white king's right is up the files; a black king's is down.
    let right_is_up = color == Color::First;
    [(up, right_is_up), (down, !right_is_up)]
        .into_iter()
        .filter_map(|(w, right)| w.map(|w| format!("i{}{w}", if right { 'r' } else { 'l' })))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn xbetza_of_two_leg_moves() {
        // One leg: as it is.
        assert_eq!(xbetza("WfF").as_deref(), Some("WfF"));
        assert_eq!(xbetza("fRbW2").as_deref(), Some("fRbW2"));
        // Directions on K and Q: both halves (XBetza's `fK` is one step).
        assert_eq!(xbetza("fK").as_deref(), Some("fWfF"));
        assert_eq!(xbetza("fKbW").as_deref(), Some("fWfFbW"));
        assert_eq!(xbetza("vRK").as_deref(), Some("vRK"));
        // The lion: one or two king steps, and its jumps.
        assert_eq!(xbetza("aKNAD").as_deref(), Some("KcaKcabKmaKmabKNAD"));
        // The horned falcon: forward, a step that may go on along the line.
        assert_eq!(xbetza("BsbRfDfWavW").as_deref(), Some("BsbRfDfWfcavWfmavW"));
        // Beyond XBetza: a count of legs, several hops, a shot, groups.
        for odd in ["mKa3K", "QcppQ", "cxK", "a[FD]", "R4!"] {
            assert_eq!(xbetza(odd), None, "{odd}");
        }
    }
}
