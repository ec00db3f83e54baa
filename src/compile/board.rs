//! Stage: the board. 1 to 36 files and ranks (square names run `a1` to
//! `z26`, then `aa1` … `aj36`), its shape (a rectangle or a hexagon of
//! hexagonal cells), holes, the letters naming its files, and whether its
//! edges wrap round (a cylinder).

use super::{Ctx, Result};
use crate::engine::geometry::{Geometry, MAX_FILES};
use crate::engine::types::Square;
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
    let first = first_rank(file, cx)?;
    let margin = usize::from(file.board.extra_cells.is_some());
    if margin > 0 && (files + 2 > MAX_FILES || ranks + 2 > MAX_FILES) {
        return Err(cx.err(
            file.board.files.span(),
            format!(
                "a board with extra cells beside it has at most {} files and ranks",
                MAX_FILES - 2
            ),
        ));
    }
    let mut geo = Geometry::new(files + 2 * margin, ranks + 2 * margin);
    if margin > 0 {
        geo.make_margin(first);
    } else {
        geo.set_rank_first(first);
    }
    if let Some(shape) = &file.board.shape {
        match shape.get_ref().as_str() {
            "rectangle" => {}
            "hexagon" if margin > 0 || first != 1 => {
                return Err(cx.err(
                    shape.span(),
                    "a hexagon takes neither `extra_cells` nor `first_rank` (its ranks are named by `hex_ranks`)",
                ));
            }
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
    if let Some(extra) = &file.board.extra_cells {
        for (name, at) in extra.get_ref() {
            extra_cell(&mut geo, cx, name, at)?;
        }
    }
    if let Some(w) = &file.board.wrap {
        wrap(&mut geo, cx, w)?;
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

/// `wrap`: which edges of the board are joined — `"files"`, the last file
/// and the first (a cylinder). Not on a hexagon, nor with extra cells
/// (whose margin files would come between).
fn wrap(geo: &mut Geometry, cx: &Ctx, w: &toml::Spanned<String>) -> Result<()> {
    match w.get_ref().as_str() {
        "files" if geo.is_hex() || geo.shape.margin > 0 => Err(cx.err(
            w.span(),
            "`wrap` joins the edges of a rectangle of squares: not a hexagon, nor a board with `extra_cells`",
        )),
        "files" => {
            geo.set_wrap_files();
            Ok(())
        }
        other => {
            let d = cx.diag(
                w.span(),
                format!("unknown `wrap` `{other}`: only `\"files\"` (the last file and the first are neighbours) is supported"),
            );
            Err(Box::new(cx.suggest(d, other, ["files"], "wrap values")))
        }
    }
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

/// `first_rank`: 1 (the default) or 0.
fn first_rank(file: &RulesFile, cx: &Ctx) -> Result<i32> {
    match &file.board.first_rank {
        None => Ok(1),
        Some(f) if matches!(f.get_ref(), 0 | 1) => Ok(*f.get_ref() as i32),
        Some(f) => Err(cx.err(
            f.span(),
            format!(
                "`first_rank` is 0 or 1 (the number of the first rank), not {}",
                f.get_ref()
            ),
        )),
    }
}

/// One of `extra_cells`: the cell `name` beside the edge square `at` —
/// diagonally beyond a corner, straight out from another edge square.
fn extra_cell(geo: &mut Geometry, cx: &Ctx, name: &str, at: &toml::Spanned<String>) -> Result<()> {
    let well_formed = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .trim_start_matches(|c: char| c.is_ascii_lowercase())
            .parse::<u32>()
            .is_ok()
        && !name
            .trim_start_matches(|c: char| c.is_ascii_lowercase())
            .starts_with('0');
    if !well_formed || geo.parse_square(name).is_some() {
        return Err(cx.err(
            at.span(),
            format!(
                "an extra cell's name is letters then a number, and no square's of the board (`w1`), not `{name}`"
            ),
        ));
    }
    let sq = geo.parse_square(at.get_ref()).ok_or_else(|| {
        cx.err(
            at.span(),
            format!("`{}` is not a square of the board", at.get_ref()),
        )
    })?;
    let (f, r) = (geo.file(sq), geo.rank(sq));
    let out = |i: usize, n: usize| -> i32 {
        if i == 1 {
            -1
        } else if i == n - 2 {
            1
        } else {
            0
        }
    };
    let (df, dr) = (out(f, geo.files), out(r, geo.ranks));
    let beside = Square::from_index((r as i32 + dr) as usize * geo.files + (f as i32 + df) as usize);
    if (df, dr) == (0, 0) || geo.is_cell(beside) {
        return Err(cx.err(
            at.span(),
            format!(
                "the extra cell `{name}` stands beside an edge square of the board, outside it (diagonally beyond a corner), and no other cell there: `{}` is not one",
                at.get_ref()
            ),
        ));
    }
    geo.add_special_cell(beside, name.to_string());
    Ok(())
}
