//! `fog_dispel` (KO-R21): after every move, a five-li fog within 5 squares
//! (king steps) of an immaculate light reverts to a Taoist priest. Option
//! `fog_light_scope`: `any` light (A5, the default) or only an `enemy` one.

use std::sync::Arc;

use super::squares_of;
use crate::engine::{Color, Effects, Hook, HookContext, HookEntry, HookError, Piece, PieceKind, Square};

/// The registry entry.
pub const ENTRY: HookEntry = HookEntry {
    name: "fog_dispel",
    summary: "a five-li fog within 5 of an immaculate light reverts to a priest (Ko shogi R21)",
    build,
};

fn build(cx: &mut HookContext<'_>) -> Result<Arc<dyn Hook>, HookError> {
    Ok(Arc::new(FogDispel {
        only_enemy_light: cx.option("fog_light_scope") == Some("enemy"),
        fog: cx.kind("five-li fog")?,
        priest: cx.kind("taoist priest")?,
        light: cx.kind("immaculate light")?,
    }))
}

#[derive(Debug)]
struct FogDispel {
    /// A5 switch: only an enemy light dispels a fog.
    only_enemy_light: bool,
    fog: PieceKind,
    priest: PieceKind,
    light: PieceKind,
}

impl Hook for FogDispel {
    fn name(&self) -> &'static str {
        ENTRY.name
    }

    fn after_move(&self, fx: &mut Effects<'_>) {
        let pos = fx.position();
        let lights: Vec<(Square, Color)> = Color::BOTH
            .iter()
            .flat_map(|&c| squares_of(pos, c, self.light).into_iter().map(move |s| (s, c)))
            .collect();
        if lights.is_empty() {
            return;
        }
        let fogs: Vec<(Square, Color)> = Color::BOTH
            .iter()
            .flat_map(|&c| squares_of(pos, c, self.fog).into_iter().map(move |s| (s, c)))
            .collect();
        let board = pos.variant().board();
        let dispelled: Vec<(Square, Color)> = fogs
            .into_iter()
            .filter(|&(f, owner)| {
                lights
                    .iter()
                    .any(|&(l, lc)| (!self.only_enemy_light || lc != owner) && board.distance(f, l) <= 5)
            })
            .collect();
        for (f, owner) in dispelled {
            fx.set_square(f, Some(Piece::new(self.priest, owner)));
        }
    }
}
