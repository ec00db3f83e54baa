//! Stage: sides. Names, position-text letters and where captures go; how the
//! second player's pieces are turned; the position-text style.

use super::names::Names;
use super::{Ctx, Result};
use crate::engine::MoveNotation;
use crate::engine::types::PieceKind;
use crate::engine::variant::{CaptureRule, Orientation, PositionStyle, SideInfo};
use crate::rules::{self, RulesFile};

/// How the second player's pieces are turned.
pub(super) fn orientation(file: &RulesFile) -> Orientation {
    match file.sides.second_orientation {
        rules::Orientation::Rotate => Orientation::Rotate,
        rules::Orientation::Reflect => Orientation::Reflect,
    }
}

/// How moves are shown: `[text] notation`, or by the position style.
pub(super) fn display_notation(file: &RulesFile) -> MoveNotation {
    match (file.text.notation, file.text.position) {
        (Some(rules::MoveStyle::Canonical), _) => MoveNotation::Canonical,
        (Some(rules::MoveStyle::Uci), _) => MoveNotation::Uci,
        (Some(rules::MoveStyle::Usi), _) => MoveNotation::Usi,
        (Some(rules::MoveStyle::Seed), _) => MoveNotation::Seed,
        (None, rules::PositionStyle::Sfen) => MoveNotation::Usi,
        (None, rules::PositionStyle::Fen) => MoveNotation::Canonical,
    }
}

/// SAN or numeric Hodges notation: `[text] algebraic`.
pub(super) fn algebraic_notation(file: &RulesFile) -> MoveNotation {
    match file.text.algebraic {
        rules::AlgebraicStyle::San => MoveNotation::San,
        rules::AlgebraicStyle::HodgesNumber => MoveNotation::HodgesNumber,
    }
}

/// The order of the kinds in a FEN hand: `[text] hand_order`, then the
/// kinds it leaves out, in the file's order.
pub(super) fn hand_order(file: &RulesFile, cx: &Ctx, names: &Names, nkinds: usize) -> Result<Vec<PieceKind>> {
    let mut order: Vec<PieceKind> = Vec::new();
    for name in &file.text.hand_order {
        let k = names.piece(cx, name, "`hand_order`")?;
        if order.contains(&k) {
            return Err(cx.err(
                name.span(),
                format!("`hand_order` names `{}` twice", name.get_ref()),
            ));
        }
        order.push(k);
    }
    for k in (0..nkinds).map(PieceKind::from_index) {
        if !order.contains(&k) {
            order.push(k);
        }
    }
    Ok(order)
}

/// FEN or SFEN.
pub(super) fn position_style(file: &RulesFile) -> PositionStyle {
    match file.text.position {
        rules::PositionStyle::Fen => PositionStyle::Fen,
        rules::PositionStyle::Sfen => PositionStyle::Sfen,
    }
}

fn capture_rule(c: rules::CaptureRule) -> CaptureRule {
    match c {
        rules::CaptureRule::Hand => CaptureRule::Hand,
        rules::CaptureRule::HandAsIs => CaptureRule::HandAsIs,
        rules::CaptureRule::Remove => CaptureRule::Remove,
    }
}

/// Both sides' names, letters and capture rules; the two sides must differ in
/// both name and letter, or results and position text would be ambiguous.
pub(super) fn compile(file: &RulesFile, cx: &Ctx, hand: Option<&rules::HandRules>) -> Result<[SideInfo; 2]> {
    let sides = infos(file, hand);
    let span = cx.section("[sides]");
    if sides[0].name.eq_ignore_ascii_case(&sides[1].name) {
        return Err(cx.err(
            span,
            format!(
                "both sides are named `{}`: give them different names",
                sides[0].name
            ),
        ));
    }
    if sides[0].letter.eq_ignore_ascii_case(&sides[1].letter) {
        return Err(cx.err(
            span,
            format!(
                "both sides use the letter `{}` in position text: give them different letters",
                sides[0].letter
            ),
        ));
    }
    for s in &sides {
        if s.letter.is_empty() || s.letter.contains(char::is_whitespace) || s.letter.contains('=') {
            return Err(cx.err(
                span,
                format!("`{}` cannot be a side's letter: use letters, no spaces", s.letter),
            ));
        }
    }
    Ok(sides)
}

fn infos(file: &RulesFile, hand: Option<&rules::HandRules>) -> [SideInfo; 2] {
    let default_capture = hand.map_or(rules::CaptureRule::Remove, |h| h.captures);
    let default_letters = match file.text.position {
        rules::PositionStyle::Fen => ["w", "b"],
        rules::PositionStyle::Sfen => ["b", "w"],
    };
    let defs = [&file.sides.first, &file.sides.second];
    [0, 1].map(|c| SideInfo {
        name: defs[c]
            .name
            .clone()
            .unwrap_or_else(|| ["first", "second"][c].into()),
        letter: defs[c]
            .letter
            .clone()
            .unwrap_or_else(|| default_letters[c].into()),
        captures: capture_rule(defs[c].captures.unwrap_or(default_capture)),
    })
}

/// Whether either side's captures go to a hand.
pub(super) fn some_side_keeps_captures(file: &RulesFile) -> bool {
    infos(file, file.hand.as_ref())
        .iter()
        .any(|s| s.captures != CaptureRule::Remove)
}
