//! Stage (part of `tables`): every piece's single-leg rays from every
//! square, ready to walk ([`RayTable`]); above its byte budget the table is
//! left lazy and generation works each ray out as it goes.

use crate::engine::legs::square_ray;
use crate::engine::tables::{RAY_TABLE_BUDGET, RayTable, SquareRay};
use crate::engine::types::{Color, PieceKind, Square};
use crate::engine::variant::{PieceDef, Variant};

/// The table of a compiled variant's pieces.
pub(super) fn build_ray_table(v: &Variant) -> RayTable {
    let g = &v.geometry;
    let nsq = g.nsq;
    let codes = 2 * v.nkinds() + 1;
    // At most this many rays: every ray of every piece from every square.
    let most: usize = v
        .pieces
        .iter()
        .map(|d| d.rays[0].len() + d.rays[1].len())
        .sum::<usize>()
        * nsq;
    if most * std::mem::size_of::<SquareRay>() + codes * nsq * 4 > RAY_TABLE_BUDGET {
        return RayTable {
            nsq,
            lazy: true,
            ..RayTable::default()
        };
    }
    let mut t = RayTable {
        offsets: Vec::with_capacity(codes * nsq + 1),
        rays: Vec::new(),
        nsq,
        lazy: false,
    };
    for code in 0..codes {
        // Code 0 is no piece; codes are 1 + kind * 2 + side.
        let piece = code
            .checked_sub(1)
            .map(|c| (PieceKind::from_index(c / 2), Color::from_index(c % 2)));
        for sq in g.all_squares() {
            t.offsets.push(t.rays.len() as u32);
            if let Some((k, c)) = piece {
                add_rays(&mut t, v, v.def(k), c, sq);
            }
        }
    }
    t.offsets.push(t.rays.len() as u32);
    t
}

/// The rays of a piece of kind `def` and side `c` from `sq`.
fn add_rays(t: &mut RayTable, v: &Variant, def: &PieceDef, c: Color, sq: Square) {
    for i in 0..def.rays[c.index()].len() {
        if let Some(r) = square_ray(v, def, c, sq, i) {
            t.rays.push(r);
        }
    }
}
