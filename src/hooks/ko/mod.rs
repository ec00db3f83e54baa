//! The Ko shogi family's native rules (RULES.md §4.3), one hook each. Every
//! hook finds the pieces it needs by name in the rules file and fails to build,
//! naming the piece, when one is missing.
//!
//! | hook | rule |
//! |---|---|
//! | `capture_promotion` | KO-R16..R18: capturing certain faces promotes the capturer |
//! | `burn` | KO-R23: a poison flame removes every piece next to where it lands |
//! | `clerk_link` | KO-R19: a clerk's promotion promotes the own guards and kills enemy flames |
//! | `priest_loss` | KO-R20, R14: without its priest stone a side's thunderclap and flag waver revert, and drum and banner never promote |
//! | `fog_dispel` | KO-R21: a fog within 5 of any light reverts to a priest |
//! | `drum_loss` | KO-R22: pawns step forward only while their drum stone stands |
//! | `immobilize` | KO-R24: a net freezes the first enemy piece on each ranging ray |
//! | `fog_inhibition` | KO-R12: shooters may not shoot when landing within 5 of an enemy fog |
//!
//! Effects after a move run in the order the rules file lists the hooks;
//! `variants/ko-shogi.toml` lists them in the order of RULES A34 (capture
//! promotion at the end of the movement, A30; then burn, clerk link, priest
//! loss, fog dispelled).

pub mod burn;
pub mod capture_promotion;
pub mod clerk_link;
pub mod drum_loss;
pub mod fog_dispel;
pub mod fog_inhibition;
pub mod immobilize;
pub mod priest_loss;

use crate::engine::{Color, KindSet, Piece, PieceKind, Position};

/// Whether `color` has a piece of one of `kinds` on the board.
pub(crate) fn has_any(pos: &Position, color: Color, kinds: KindSet) -> bool {
    pos.pieces(color)
        .iter()
        .any(|&s| pos.piece_at(s).is_some_and(|p| kinds.contains(p.kind())))
}

/// The squares of `color`'s pieces of `kind`.
pub(crate) fn squares_of(pos: &Position, color: Color, kind: PieceKind) -> Vec<crate::engine::Square> {
    pos.pieces(color)
        .iter()
        .copied()
        .filter(|&s| pos.piece_at(s).is_some_and(|p| p.kind() == kind))
        .collect()
}

/// The face a piece turns into when it promotes (its first promotion choice).
pub(crate) fn promoted_face(pos: &Position, p: Piece) -> Option<PieceKind> {
    pos.variant().piece(p.kind()).promotes_to().first().copied()
}

/// The priest-stone rule as other hooks consult it (KO-R14): drum and banner
/// may not promote while their side has no priest stone.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PriestStones {
    pub stones: KindSet,
    pub drum_banner: KindSet,
}

impl PriestStones {
    pub(crate) fn new(cx: &crate::engine::HookContext<'_>) -> Result<PriestStones, crate::engine::HookError> {
        Ok(PriestStones {
            stones: cx.kinds(&["taoist priest", "five-li fog"])?,
            drum_banner: cx.kinds(&["drum", "banner"])?,
        })
    }

    /// Whether a piece of `kind` and `color` may promote now.
    pub(crate) fn allows(&self, pos: &Position, kind: PieceKind, color: Color) -> bool {
        !self.drum_banner.contains(kind) || has_any(pos, color, self.stones)
    }
}
