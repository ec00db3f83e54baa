//! Stage (part of `tables`): on boards of up to 128 squares, every piece's
//! simple rays from every square as bitboard masks, and the reverse attack
//! lines as a mask per square ([`BbTable`]).

use crate::engine::bitboard::{MAX_BB_SQUARES, bit, set_of};
use crate::engine::legs::rays_at;
use crate::engine::tables::{
    BbTable, Entry, LineAt, RAY_CAPTURES, RAY_EN_PASSANT, RAY_MOVES, RAY_SIMPLE, RayTable, Special,
};
use crate::engine::types::{Color, Piece, PieceKind, Square};
use crate::engine::variant::{PROMO_FROM, PROMO_TO, Variant};

/// The table of a compiled variant, from its ray table and attack lines
/// (the board must have at most [`MAX_BB_SQUARES`] squares).
pub(super) fn build_bb_table(v: &Variant, rays: &RayTable) -> BbTable {
    let g = &v.geometry;
    let nsq = g.nsq;
    debug_assert!(nsq <= MAX_BB_SQUARES);
    let codes = 2 * v.nkinds() + 1;
    let mut t = BbTable {
        entries: Vec::with_capacity(codes * nsq),
        nsq,
        narrow: nsq <= 64,
        ..BbTable::default()
    };
    for code in 0..codes {
        let piece = code
            .checked_sub(1)
            .map(|c| Piece::new(PieceKind::from_index(c / 2), Color::from_index(c % 2)));
        for sq in g.all_squares() {
            let e = match piece {
                Some(p) => build_entry(&mut t, v, rays, p, sq),
                None => Entry::default(),
            };
            t.entries.push(e);
        }
    }
    // Attack lines: each line's kinds per distance, then per side and
    // square the lines that reach beyond it.
    let mut first_mask = [Vec::new(), Vec::new()];
    for c in 0..2 {
        for line in &v.attack_lines[c] {
            first_mask[c].push(t.kinds.len() as u32);
            t.kinds.extend_from_slice(&line.masks);
        }
    }
    for c in 0..2 {
        for sq in g.all_squares() {
            t.line_offsets.push(t.lines.len() as u32);
            for (li, line) in v.attack_lines[c].iter().enumerate() {
                let ray = g.ray(line.vector, sq);
                let ray = &ray[..ray.len().min(line.masks.len())];
                if ray.is_empty() {
                    continue;
                }
                t.lines.push(LineAt {
                    ray: set_of(ray),
                    masks: first_mask[c][li],
                    up: ray[0] > sq,
                });
            }
        }
    }
    t.line_offsets.push(t.lines.len() as u32);
    t
}

fn build_entry(t: &mut BbTable, v: &Variant, rays: &RayTable, p: Piece, sq: Square) -> Entry {
    let g = &v.geometry;
    let def = v.def(p.kind());
    let region = match &def.region {
        Some(r) => g
            .all_squares()
            .filter(|s| r[p.color().index()][s.index()])
            .fold(0, |b, s| b | bit(s)),
        None => !0,
    };
    let promo = &def.promo_at[p.color().index()];
    let mut e = Entry {
        first: t.slides.len() as u32,
        special: t.specials.len() as u32,
        simple: def.legs.is_none() && def.spawn.is_none(),
        promotes: if promo[sq.index()] & PROMO_FROM != 0 {
            !0
        } else {
            g.all_squares()
                .filter(|s| promo[s.index()] & PROMO_TO != 0)
                .fold(0, |b, s| b | bit(s))
        },
        ..Entry::default()
    };
    let (mut ups, mut downs) = (Vec::new(), Vec::new());
    for r in rays_at(rays, v, p, sq).iter() {
        let span = g.span(r.start, r.len);
        // En passant is taken by single capturing steps only.
        let ep = r.flags & RAY_EN_PASSANT != 0;
        if r.flags & RAY_SIMPLE == 0 || (ep && (r.len != 1 || r.flags & RAY_MOVES != 0)) {
            e.simple = false;
            continue;
        }
        // A ray that crosses a square outside the piece's region is
        // still blocked there: the slow path sees such pieces.
        if r.len > 1 && set_of(span) & !region != 0 {
            e.simple = false;
            continue;
        }
        let ray = set_of(span) & region;
        let passes = set_of(g.span(r.passes, r.passes_len as u16));
        let up = span[0] > sq;
        let both = r.flags & (RAY_MOVES | RAY_CAPTURES) == RAY_MOVES | RAY_CAPTURES;
        if passes != 0 || r.aux != 0 || (r.len > 1 && !both) {
            t.specials.push(Special {
                ray,
                passes,
                up,
                flags: r.flags,
                aux: r.aux,
            });
        } else if r.len == 1 {
            if r.flags & RAY_MOVES != 0 {
                e.leap_moves |= ray;
            }
            if r.flags & RAY_CAPTURES != 0 {
                e.leap_captures |= ray;
            }
            if ep {
                e.en_passant |= ray;
            }
        } else if up {
            ups.push(ray);
        } else {
            downs.push(ray);
        }
    }
    e.ups = ups.len() as u8;
    e.downs = downs.len() as u8;
    t.slides.extend(ups);
    t.slides.extend(downs);
    e.nspecial = (t.specials.len() as u32 - e.special) as u8;
    e
}
