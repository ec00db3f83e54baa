//! Stage: walls (`[walls]`). Adds the wall as the last piece kind (symbol
//! `*`, no moves, never royal, owned by no side on the board) and compiles
//! where walls are placed after a move.

use super::{Ctx, Result};
use crate::engine::geometry::Geometry;
use crate::engine::moves::MAX_CAPTURES;
use crate::engine::program::TargetFilters;
use crate::engine::types::{Color, KindSet, MAX_KINDS, Piece, PieceKind};
use crate::engine::variant::{PieceDef, WallPlacement, Walls};
use crate::rules::RulesFile;

/// The walls of the rules file, if any; appends the wall kind to `pieces`.
pub(super) fn compile(
    file: &RulesFile,
    cx: &Ctx,
    geo: &Geometry,
    pieces: &mut Vec<PieceDef>,
) -> Result<Option<Walls>> {
    let Some(w) = &file.walls else { return Ok(None) };
    let after = match &w.after_move {
        None => None,
        Some(s) => Some(match s.get_ref().as_str() {
            "vacated" => WallPlacement::Vacated,
            "anywhere" => WallPlacement::Anywhere,
            "arrow" => WallPlacement::Arrow,
            "edge" => WallPlacement::Edge,
            other => {
                let d = cx.diag(s.span(), format!("unknown wall placement `{other}`"));
                return Err(Box::new(cx.suggest(
                    d,
                    other,
                    ["vacated", "anywhere", "arrow", "edge"],
                    "placements",
                )));
            }
        }),
    };
    let instead_of_move = match &w.instead_of_move {
        Some(b) if *b.get_ref() => {
            if !matches!(after, Some(WallPlacement::Anywhere | WallPlacement::Edge)) || w.single {
                return Err(cx.err(
                    b.span(),
                    "`instead_of_move` places a wall by a pass: it needs `after_move = \"anywhere\"` or `\"edge\"` (no square of a move to place it by) and no `single` wall",
                ));
            }
            true
        }
        _ => false,
    };
    if w.single && after.is_none() {
        return Err(cx.err(
            cx.section("[walls]"),
            "`single = true` needs `after_move`: a single wall is moved after each move",
        ));
    }
    // Never off the board (a hole, a hexagon's cut corners).
    let mut allowed: Vec<bool> = geo.all_squares().map(|s| geo.is_cell(s)).collect();
    for s in &w.except {
        let sq = geo.parse_square(s.get_ref()).ok_or_else(|| {
            cx.err(
                s.span(),
                format!("`{}` is not a square of the board", s.get_ref()),
            )
        })?;
        allowed[sq.index()] = false;
    }
    if after.is_some() {
        // The move keeps the wall's square in its last capture slot.
        check_captures(file, cx, pieces)?;
    }
    if pieces.len() >= MAX_KINDS {
        return Err(cx.err(
            cx.section("[walls]"),
            format!(
                "the wall is a piece kind too: with walls, at most {} `[[piece]]` tables",
                MAX_KINDS - 1
            ),
        ));
    }
    let kind = PieceKind::from_index(pieces.len());
    for def in pieces.iter_mut() {
        def.filters.walls.insert(kind);
    }
    pieces.push(wall_def(geo));
    Ok(Some(Walls {
        piece: Piece::new(kind, Color::First),
        after,
        single: w.single,
        instead_of_move,
        allowed,
    }))
}

/// Moves that place a wall may capture on one square fewer than others.
fn check_captures(file: &RulesFile, cx: &Ctx, pieces: &[PieceDef]) -> Result<()> {
    for (def, table) in pieces.iter().zip(&file.pieces) {
        let (_, prog) = super::pieces::parse_notation(&table.betza, cx)?;
        let n = super::legs::max_captures(&prog);
        if n >= MAX_CAPTURES as u64 {
            return Err(cx.err(
                table.betza.span(),
                format!(
                    "`{}` can capture on {} squares in one move; with walls placed after the move, at most {}",
                    def.name,
                    n,
                    MAX_CAPTURES - 1
                ),
            ));
        }
    }
    Ok(())
}

/// The wall as a piece kind: no moves, no promotion, no drops.
fn wall_def(geo: &Geometry) -> PieceDef {
    PieceDef {
        san: None,
        name: "wall".to_string(),
        key: "*".to_string(),
        symbol: "*".to_string(),
        betza: String::new(),
        royal: false,
        royal_limit: 0,
        royal_group: KindSet::EMPTY,
        rays: [Vec::new(), Vec::new()],
        legs: None,
        overlapping_rays: false,
        initial: Color::BOTH.map(|_| vec![false; geo.nsq]),
        ep_from: Color::BOTH.map(|_| vec![false; geo.nsq]),
        ep_path_text: false,
        region: None,
        zone: Color::BOTH.map(|_| vec![false; geo.nsq]),
        promotions: Vec::new(),
        promo_at: Color::BOTH.map(|_| vec![0; geo.nsq]),
        demotes_to: PieceKind::NONE,
        drop_ok: Color::BOTH.map(|_| vec![false; geo.nsq]),
        per_file: 0,
        drop_faces: Vec::new(),
        drop_split_colours: false,
        no_drop_mate: false,
        drop_position: Default::default(),
        drop_mate_loses: false,
        dead: Color::BOTH.map(|_| vec![false; geo.nsq]),
        filters: TargetFilters::default(),
        resets_clock: false,
        resets_clock_irreversible: false,
        promotion_limit: 0,
        promotion_group: KindSet::EMPTY,
        promotion_move: None,
        value: 0,
        spawn: None,
        burn: None,
        no_pass: false,
        captures_unprotected_only: false,
        captures_anywhere: false,
        once: None,
    }
}
