//! Stage: sides. Names, position-text letters and where captures go; how the
//! second player's pieces are turned; the position-text style.

use crate::engine::variant::{CaptureRule, Orientation, PositionStyle, SideInfo};
use crate::rules::{self, RulesFile};

/// How the second player's pieces are turned.
pub(super) fn orientation(file: &RulesFile) -> Orientation {
    match file.sides.second_orientation {
        rules::Orientation::Rotate => Orientation::Rotate,
        rules::Orientation::Reflect => Orientation::Reflect,
    }
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

/// Both sides' names, letters and capture rules.
pub(super) fn compile(file: &RulesFile) -> [SideInfo; 2] {
    let default_capture = file
        .hand
        .as_ref()
        .map_or(rules::CaptureRule::Remove, |h| h.captures);
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
