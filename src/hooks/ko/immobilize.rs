//! `immobilize` (KO-R24): a net freezes the first enemy piece on each of its
//! ranging rays (the skyward net looks sideways and diagonally forward, the
//! earthward net sideways and diagonally backward); a frozen piece has no
//! moves. Option `net_scope = "all_until_friendly"` (A21) freezes every enemy
//! piece up to the first friendly one instead.

use std::sync::Arc;

use crate::engine::{
    Color, Hook, HookContext, HookEntry, HookError, Move, MoveKind, PieceKind, Position, Square,
};

/// The registry entry.
pub const ENTRY: HookEntry = HookEntry {
    name: "immobilize",
    summary: "a net freezes the first enemy piece on each ranging ray (Ko shogi R24)",
    build,
};

fn build(cx: &mut HookContext<'_>) -> Result<Arc<dyn Hook>, HookError> {
    Ok(Arc::new(Immobilize {
        freeze_all: cx.option("net_scope") == Some("all_until_friendly"),
        nets: [
            (cx.kind("skyward net")?, [(1, 0), (-1, 0), (1, 1), (-1, 1)]),
            (cx.kind("earthward net")?, [(1, 0), (-1, 0), (1, -1), (-1, -1)]),
        ],
    }))
}

#[derive(Debug)]
struct Immobilize {
    /// A21 switch: freeze every enemy piece up to the first friendly one.
    freeze_all: bool,
    /// (net kind, ranging directions for the first player).
    nets: [(PieceKind, [(i32, i32); 4]); 2],
}

impl Immobilize {
    /// Squares of `side`'s pieces frozen by enemy nets.
    fn frozen(&self, pos: &Position, side: Color) -> Vec<Square> {
        let g = pos.variant().board();
        let mut out = Vec::new();
        // The nets belong to the other side, whose forward is the opposite.
        let sign = if side == Color::Second { 1 } else { -1 };
        for &s in pos.pieces(!side) {
            let Some(k) = pos.piece_at(s).map(|p| p.kind()) else {
                continue;
            };
            let Some((_, dirs)) = self.nets.iter().find(|(n, _)| *n == k) else {
                continue;
            };
            for &(dx, dy) in dirs {
                let mut cur = s;
                while let Some(t) = g.offset(cur, (dx, dy * sign)) {
                    if let Some(q) = pos.piece_at(t) {
                        if q.color() != side {
                            break;
                        }
                        out.push(t);
                        if !self.freeze_all {
                            break;
                        }
                    }
                    cur = t;
                }
            }
        }
        out
    }
}

impl Hook for Immobilize {
    fn name(&self) -> &'static str {
        ENTRY.name
    }

    fn changes_board(&self) -> bool {
        false
    }

    fn filter_moves(&self, pos: &mut Position, moves: &mut Vec<Move>) {
        let frozen = self.frozen(pos, pos.side_to_move());
        if frozen.is_empty() {
            return;
        }
        moves.retain(|m| m.kind() != MoveKind::Board || m.from().is_none_or(|f| !frozen.contains(&f)));
    }
}
