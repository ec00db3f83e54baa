//! Stage: derived tables. What move generation and `make` read of the pieces
//! at a glance — sets of kinds with a property, per-kind flags — and the
//! tables built from the finished pieces and geometry: every piece's rays
//! from every square ([`RayTable`]) and, on boards of at most 128 squares,
//! their bitboards ([`BbTable`]).

use crate::engine::bitboard::MAX_BB_SQUARES;
use crate::engine::types::{KindSet, PieceKind};
use crate::engine::variant::{KIND_RESETS_CLOCK, KIND_RESETS_IRREVERSIBLE, KIND_ROYAL, PieceDef, Variant};

/// The kinds whose definitions satisfy `f`.
fn kinds_where(pieces: &[PieceDef], f: impl Fn(&PieceDef) -> bool) -> KindSet {
    pieces
        .iter()
        .enumerate()
        .filter(|(_, d)| f(d))
        .map(|(i, _)| PieceKind::from_index(i))
        .collect()
}

/// Fills the variant's derived tables (its pieces, geometry, attack lines
/// and hooks are final).
pub(super) fn derive(v: &mut Variant) {
    let pieces = &v.pieces;
    v.colour_split = kinds_where(pieces, |d| d.drop_split_colours);
    v.has_royal_drops = v.has_hands() && pieces.iter().any(|d| d.royal);
    v.off_target = kinds_where(pieces, |d| {
        d.legs.is_some() || d.filters.captures_jumped || d.rays.iter().flatten().any(|r| r.rule.shoots)
    });
    v.en_passant = kinds_where(pieces, |d| d.rays.iter().flatten().any(|r| r.rule.en_passant));
    v.no_drop_mate = kinds_where(pieces, |d| d.no_drop_mate);
    v.drop_mate_loses = kinds_where(pieces, |d| d.drop_mate_loses);
    v.kind_flags = pieces
        .iter()
        .map(|d| {
            (if d.royal { KIND_ROYAL } else { 0 })
                | (if d.resets_clock { KIND_RESETS_CLOCK } else { 0 })
                | if d.resets_clock_irreversible {
                    KIND_RESETS_IRREVERSIBLE
                } else {
                    0
                }
        })
        .collect();
    v.hooks_change_board = v.hooks.iter().any(|h| h.changes_board());
    v.ray_table = std::sync::Arc::new(super::ray_table::build_ray_table(v));
    // Promotion chosen by the captured piece is applied to a piece's moves
    // as they are generated (`Position::piece_moves`), which the bitboard
    // generator bypasses. On a cylinder a ray's squares do not run one
    // way through the square numbers, which the masks' walk needs.
    if v.geometry.nsq <= MAX_BB_SQUARES && v.capture_promotions.is_empty() && !v.geometry.wraps_files() {
        v.bb = Some(super::bb_table::build_bb_table(v, &v.ray_table));
    }
}
