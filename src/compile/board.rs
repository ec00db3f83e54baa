//! Stage: the board. 1 to 36 files and ranks (square names run `a1` to
//! `z26`, then `aa1` … `aj36`), its shape (a rectangle or a hexagon of
//! hexagonal cells), holes, and the letters naming its files.

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
    let mut geo = Geometry::new(files, ranks);
    if let Some(shape) = &file.board.shape {
        match shape.get_ref().as_str() {
            "rectangle" => {}
            "hexagon" => {
                let n = files.div_ceil(2);
                if files.is_multiple_of(2) || files < 3 || ranks < n {
                    return Err(cx.err(
                        shape.span(),
                        format!(
                            "a hexagon of hexagonal cells is 2n − 1 files wide (odd, at least 3) and at least n ranks high, for n cells on each slanting side (11 × 11 for Gliński's 91 cells, 9 × 10 for Shafran's 70), not {files} × {ranks}"
                        ),
                    ));
                }
                geo.make_hexagon(slanted_ranks(file, cx)?);
            }
            other => {
                let d = cx.diag(shape.span(), format!("unknown board shape `{other}`"));
                return Err(Box::new(cx.suggest(d, other, ["rectangle", "hexagon"], "shapes")));
            }
        }
    }
    if let Some(h) = &file.board.hex_ranks
        && !geo.is_hex()
    {
        return Err(cx.err(
            h.span(),
            "`hex_ranks` names the ranks of a hexagonal board: add `shape = \"hexagon\"`",
        ));
    }
    if let Some(letters) = &file.board.file_letters {
        let names: Vec<String> = letters.get_ref().chars().map(String::from).collect();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        if names.len() != files
            || sorted.len() != names.len()
            || !letters.get_ref().chars().all(|c| c.is_ascii_lowercase())
        {
            return Err(cx.err(
                letters.span(),
                format!(
                    "`file_letters` names each of the {files} files by one lower-case letter, no letter twice"
                ),
            ));
        }
        geo.set_file_names(names);
    }
    for hole in &file.board.holes {
        let sq = geo.parse_square(hole.get_ref()).ok_or_else(|| {
            cx.err(
                hole.span(),
                format!("`{}` is not a square of the board", hole.get_ref()),
            )
        })?;
        geo.remove_cell(sq);
    }
    Ok(geo)
}

/// `hex_ranks`: how a hexagonal board's ranks are named — `"chevron"` (the
/// default: each file from its lowest cell, Gliński's) or `"slanted"`
/// (along the lines running down to the right, Shafran's).
fn slanted_ranks(file: &RulesFile, cx: &Ctx) -> Result<bool> {
    let Some(h) = &file.board.hex_ranks else {
        return Ok(false);
    };
    match h.get_ref().as_str() {
        "chevron" => Ok(false),
        "slanted" => Ok(true),
        other => {
            let d = cx.diag(h.span(), format!("unknown `hex_ranks` `{other}`"));
            Err(Box::new(cx.suggest(
                d,
                other,
                ["chevron", "slanted"],
                "rank namings",
            )))
        }
    }
}
