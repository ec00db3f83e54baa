//! Stage: the board. 1 to 36 files and ranks (square names run `a1` to
//! `z26`, then `aa1` … `aj36`).

use super::{Ctx, Result};
use crate::engine::geometry::{Geometry, MAX_FILES};
use crate::rules::RulesFile;

/// The board's geometry, with no rays yet.
pub(super) fn geometry(file: &RulesFile, cx: &Ctx) -> Result<Geometry> {
    let files = *file.board.files.get_ref() as usize;
    let ranks = *file.board.ranks.get_ref() as usize;
    for (v, span, what) in [
        (files, file.board.files.span(), "files"),
        (ranks, file.board.ranks.span(), "ranks"),
    ] {
        if !(1..=MAX_FILES).contains(&v) {
            return Err(Box::new(
                cx.diag(span, format!("a board has 1 to {MAX_FILES} {what}, not {v}"))
                    .label("out of range"),
            ));
        }
    }
    Ok(Geometry::new(files, ranks))
}
