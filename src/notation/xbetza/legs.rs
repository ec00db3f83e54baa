//! Multi-leg XBetza moves (`a`), as XBoard generates them (`moves.c`,
//! `MovesFromString`), written as chimera's multi-leg chains.
//!
//! XBoard reads `xxx a yyy a zzz ATOM`: legs that share the atom. A
//! continuation leg reads its direction letters in the eight-fold `K`
//! system turned to the previous leg's direction (`f` = straight on), with
//! "all but straight back" as its default (`0xEF`; `0x45` for four-fold
//! atoms); a non-final leg defaults to `m`; `y` (and `g`) turn the next
//! leg's leaper into a slider and back; a leg whose direction is not of
//! its atom's kind turns the next leg's atom orthogonal↔diagonal.
//!
//! Here each XBetza move is run through XBoard's reading: every path of
//! legs (each leg one vector with a range, `m` and/or `c`) is listed, the
//! paths are gathered into a tree whose continuation legs are written in
//! chimera's frame of the previous leg (`continuation_frame`), equal
//! subtrees merge, and each group of vectors is written with the direction
//! letters that select exactly it in chimera's reading. Legs are joined by
//! `a!2` (the continuation is compulsory, as in XBetza) and a leg followed
//! by another is bracketed, so that chimera's "first leg `m` alone: stop at
//! the first capture" rule does not apply (an XBetza `m` leg moves only).
//!
//! `p` before `a` (pass over a piece and go on from its square) has no
//! chimera leg; such a leg is written as its two cases: landing (as its `m`
//! and `c` allow), or merged into the next leg, which leaps over the square
//! (freely when the leg could also land on an empty square: the lion dog's
//! `mcpafmcpavK`, the unicorn's `mpafsyafW`; over a piece that must be
//! there otherwise: the werewolf's `cpafK`, whose pass is a cannon's hop to
//! two squares straight, `pR2` and `pB2`).
//!
//! Errors: what XBoard does that a chimera leg cannot: `g` before `a` (a
//! slide that stops on a piece and goes on from it), `p` on a slide, more
//! than one hurdle or a hurdle inside a multi-leg chain, `d`, `e`, `t`, `o`,
//! `n`/`j`, a hop as the last leg, `i` with `a`.

use super::fsf::BetzaError;
use super::{DIRS3, DIRS4, ROT, SYMMETRY, X_STEP, Y_STEP, at as table, dir_type};
use crate::notation::{continuation_frame, selected, symmetric_images, to_frame};
use std::collections::BTreeMap;

/// Most paths one move may have (Fairy-Max's falcon has 16, the lion dog 64).
const MAX_PATHS: usize = 4096;

const UPGRADE: &[u8] = b"AFCD.BGH.JQL.NO.KW....R..Z";
const ROTATE: &[u8] = b"DRCA.WHG.JKL.NO.QB....F..Z";

/// One leg of one path: a vector, its range (0 = unlimited), and whether it
/// may end on an empty square and on an enemy piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct PathLeg {
    v: (i32, i32),
    max: u32,
    moves: bool,
    captures: bool,
    /// A non-final leg that may also pass over a piece (`p` before `a`).
    pass: bool,
    /// Squares (from the leg's start) that must hold a piece: merged legs
    /// that passed over one without the choice of an empty square.
    hurdles: u8,
}

/// A leg as XBoard reads it from `s` (its letters, the shared atom and the
/// range): its moves by direction bit, and the text of the legs after it.
struct ReadLeg {
    dirs: Vec<(usize, (i32, i32))>,
    expo: u32,
    moves: bool,
    captures: bool,
    all: u16,
    pass: bool,
    next: Option<Vec<u8>>,
}

/// XBoard's direction set of a leg in the `K` system (continuation legs,
/// and `K`/`Q` first legs), turned by `angle`.
fn king_system(s: &[u8], mut desc: usize, all: u16, cont: bool, angle: usize) -> (u16, usize) {
    let mut set: u16 = 0;
    while desc < s.len() && dir_type(s[desc]) != b'0' {
        let c = s[desc];
        let i = dir_type(c);
        let n = s.get(desc + 1).copied().unwrap_or(0);
        let mut b = u16::from(DIRS4[(c - b'a') as usize]);
        if n == c {
            desc += 1;
        } else if n.is_ascii_lowercase() && i < b'4' && ((i | dir_type(n)) & 3) == 3 {
            b = u16::from(DIRS3[(c - b'a') as usize] & DIRS3[(n - b'a') as usize]);
            desc += 1;
        }
        desc += 1;
        set |= b;
    }
    if set == 0 {
        set = if !cont {
            0xFF
        } else if all == 0xFF {
            0xEF
        } else {
            0x45
        };
    }
    ((set << angle | set >> ((8 - angle) % 8)) & 255, desc)
}

/// Reads one leg of `s` (offset `base` in the whole string, for errors).
fn read_leg(s: &[u8], base: usize, cont: bool, angle: usize) -> Result<ReadLeg, BetzaError> {
    let err = |at: usize, m: &str| BetzaError {
        at: base + at,
        message: m.to_string(),
    };
    let mut p = 0;
    while p < s.len() && s[p].is_ascii_lowercase() {
        p += 1;
    }
    let atom = *s.get(p).ok_or_else(|| err(0, "modifiers without an atom"))?;
    let sym = table(SYMMETRY, atom);
    if sym == b'.' || atom == b'O' {
        return Err(err(p, "not an atom XBoard can continue a multi-leg move with"));
    }
    let (dx, dy) = (
        (table(X_STEP, atom) - b'0') as i32,
        (table(Y_STEP, atom) - b'0') as i32,
    );
    let slider = matches!(sym, b'B' | b'R' | b'Q');
    let all: u16 = match sym {
        b'B' | b'F' => 0xAA,
        b'R' | b'W' => 0x55,
        _ => 0xFF,
    };
    let (set, desc) = if cont || matches!(sym, b'K' | b'Q') {
        king_system(s, 0, all, cont, angle)
    } else {
        let (d, _, after, _) = super::directions(s, 0, p, sym, dy);
        (d, after)
    };
    let mut dirs = Vec::new();
    for dir in 0..8 {
        if set & (1 << dir) == 0 {
            continue;
        }
        // In the K system, orthogonal bits step (0, dy), diagonal ones (dy, dy).
        let (ax, ay) = if cont || matches!(sym, b'K' | b'Q') {
            (if dir % 2 == 0 { 0 } else { dy }, dy)
        } else {
            (dx, dy)
        };
        let r = ROT[dir];
        dirs.push((dir, (ax * r[0] + ay * r[1], ax * r[2] + ay * r[3])));
    }
    let (modes, after) = leg_modes(s, desc, p, base)?;
    let (_, digits) = super::range(s, p + 1).map_err(|e| BetzaError {
        at: base + e.at,
        message: e.message,
    })?;
    let expo = match digits {
        Some(n) => n,
        None if slider => 0,
        None => 1,
    };
    let mut leg = ReadLeg {
        dirs,
        expo,
        moves: modes.contains('m'),
        captures: modes.contains('c'),
        all,
        pass: false,
        next: None,
    };
    if after < p && s[after] == b'a' {
        let mut next = s[after + 1..].to_vec();
        let at = next
            .iter()
            .position(|b| !b.is_ascii_lowercase())
            .unwrap_or(next.len());
        if modes.contains('y') {
            // `y`: this leg moves only; the next leg's leaper rides and back.
            leg.moves = true;
            if let Some(a) = next.get_mut(at) {
                *a = table(UPGRADE, *a);
            }
            next.truncate(at + 1);
            if expo == 1 {
                next.push(b'0');
            }
        }
        leg.pass = modes.contains('p');
        if !leg.moves && !leg.captures && !leg.pass {
            leg.moves = true;
        }
        leg.next = Some(next);
    } else if after < p {
        return Err(err(
            after,
            "a letter here would be skipped by XBoard (it reads directions, then m c d e t p g o y n j a in this order)",
        ));
    } else if !leg.moves && !leg.captures {
        (leg.moves, leg.captures) = (true, true);
    }
    Ok(leg)
}

/// The mode letters of a leg (XBoard's order), with an error for those a
/// chimera leg cannot say; returns them and where they end.
fn leg_modes(s: &[u8], mut desc: usize, p: usize, base: usize) -> Result<(String, usize), BetzaError> {
    let mut flags = String::new();
    for m in b"mcdetpgoynj" {
        while desc < p && s[desc] == *m {
            flags.push(*m as char);
            desc += 1;
            if *m != b'j' {
                break;
            }
        }
    }
    let last = !(desc < p && s[desc] == b'a');
    for (c, why) in [
        ('d', "capturing one's own pieces (`d`) has no chimera meaning"),
        (
            'e',
            "en passant (`e`) inside a multi-leg move has no chimera meaning",
        ),
        (
            't',
            "`t` (no capture of royal pieces, no enemy hurdles) has no chimera meaning",
        ),
        ('o', "`o` (a cylinder board) has no chimera meaning"),
        (
            'n',
            "`n` inside a multi-leg move: chimera's legs are not lame (a leg is a step or a slide)",
        ),
        (
            'j',
            "`j` inside a multi-leg move: chimera's legs do not skip or jump squares",
        ),
    ] {
        if let Some(i) = s[..desc].iter().position(|&b| b == c as u8) {
            return Err(BetzaError {
                at: base + i,
                message: why.into(),
            });
        }
    }
    for c in ['p', 'g'] {
        if let Some(i) = s[..desc].iter().position(|&b| b == c as u8) {
            if c == 'p' && !last {
                continue;
            }
            let message = if last {
                format!("a hop (`{c}`) as the last leg of a multi-leg move is not converted")
            } else {
                format!(
                    "`{c}` before `a` hops a slider onto a piece and goes on from its square: a chimera leg cannot stop on a piece without taking it"
                )
            };
            return Err(BetzaError {
                at: base + i,
                message,
            });
        }
    }
    if last && flags.contains('y') {
        let i = s[..desc].iter().position(|&b| b == b'y').unwrap_or(0);
        return Err(BetzaError {
            at: base + i,
            message: "`y` on the last leg has no meaning".into(),
        });
    }
    Ok((flags, desc))
}

/// Every path of legs XBoard generates for the move `s`.
fn walk(
    s: &[u8],
    base: usize,
    cont: bool,
    angle: usize,
    path: &mut Vec<PathLeg>,
    out: &mut Vec<Vec<PathLeg>>,
) -> Result<(), BetzaError> {
    if path.len() > 8 || out.len() > MAX_PATHS {
        return Err(BetzaError {
            at: base,
            message: format!("more than eight legs or {MAX_PATHS} paths"),
        });
    }
    let leg = read_leg(s, base, cont, angle)?;
    for &(dir, v) in &leg.dirs {
        path.push(PathLeg {
            v,
            max: leg.expo,
            moves: leg.moves,
            captures: leg.captures,
            pass: leg.pass,
            hurdles: 0,
        });
        match &leg.next {
            None => out.push(path.clone()),
            Some(next) => {
                let mut next = next.clone();
                let at = next
                    .iter()
                    .position(|b| !b.is_ascii_lowercase())
                    .unwrap_or(next.len());
                // A leg in a direction not of its atom's kind turns the next
                // leg's atom orthogonal <-> diagonal.
                if leg.all & (1 << dir) == 0
                    && let Some(a) = next.get_mut(at)
                {
                    *a = table(ROTATE, *a);
                }
                let offset = s.len() - leg_text_len(s) + 1;
                walk(&next, base + offset, true, dir, path, out)?;
            }
        }
        path.pop();
    }
    Ok(())
}

/// Where the letters of this leg end (at its `a`).
fn leg_text_len(s: &[u8]) -> usize {
    // The continuation is everything after the first `a` among the letters.
    let p = s.iter().position(|b| !b.is_ascii_lowercase()).unwrap_or(s.len());
    match s[..p].iter().position(|&b| b == b'a') {
        Some(i) => s.len() - i,
        None => 0,
    }
}

/// A tree of legs: each edge one vector (first legs: the owner's frame;
/// later legs: chimera's frame of the previous leg), with the base of its
/// absolute vector, range, modality and hurdles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Edge {
    base: (i32, i32),
    v: (i32, i32),
    max: u32,
    moves: bool,
    captures: bool,
    hurdles: u8,
}

#[derive(Default)]
struct Node {
    /// A path ends here (other paths may go on).
    end: bool,
    edges: BTreeMap<Edge, Node>,
}

/// The base of a vector: (short, long) absolute components.
fn base_of(v: (i32, i32)) -> (i32, i32) {
    (v.0.abs().min(v.1.abs()), v.0.abs().max(v.1.abs()))
}

/// The paths chimera can walk for one XBoard path: a leg that may pass over
/// a piece (`p` before `a`) either lands (as `m`/`c` allow) or is merged
/// into the next leg, which then leaps over its square (freely when the leg
/// could also land on an empty square, else over a piece that must be
/// there: a hurdle). A merged leg that comes back to where the previous leg
/// landed ends the path there.
fn expand(
    rest: &[PathLeg],
    carry: Option<((i32, i32), u8)>,
    acc: &mut Vec<PathLeg>,
    out: &mut Vec<Vec<PathLeg>>,
) -> Result<(), &'static str> {
    let Some((first, tail)) = rest.split_first() else {
        out.push(acc.clone());
        return Ok(());
    };
    let mut leg = *first;
    if let Some((cv, hurdles)) = carry {
        if leg.max != 1 {
            return Err("a slide after passing over a piece (`p` before `a`) is not converted");
        }
        leg.v = (leg.v.0 + cv.0, leg.v.1 + cv.1);
        leg.hurdles += hurdles;
    }
    if leg.v == (0, 0) {
        if !tail.is_empty() || acc.is_empty() {
            return Err("a leg back over a piece passed (`p` before `a`) is not converted");
        }
        out.push(acc.clone());
        return Ok(());
    }
    if !leg.pass {
        acc.push(leg);
        expand(tail, None, acc, out)?;
        acc.pop();
        return Ok(());
    }
    if leg.moves || leg.captures {
        acc.push(PathLeg { pass: false, ..leg });
        expand(tail, None, acc, out)?;
        acc.pop();
    }
    if leg.max != 1 {
        return Err("passing over a piece on a slide (`p` before `a`) is not converted");
    }
    expand(tail, Some((leg.v, leg.hurdles + u8::from(!leg.moves))), acc, out)
}

/// Direction letters (one string per chimera term) selecting exactly
/// `want` among `universe`, in chimera's reading.
fn letters_among(universe: &[(i32, i32)], want: &[(i32, i32)]) -> Option<Vec<String>> {
    const TOKENS: &[&str] = &[
        "", "f", "b", "l", "r", "v", "s", "fl", "fr", "bl", "br", "lf", "rf", "lb", "rb", "fs", "bs", "lv",
        "rv", "fh", "bh", "lh", "rh", "ff", "bb", "ll", "rr",
    ];
    let pick = |l: &str| -> Vec<(i32, i32)> {
        universe
            .iter()
            .copied()
            .filter(|&(x, y)| selected(l, x, y))
            .collect()
    };
    let same = |a: &[(i32, i32)]| a.len() == want.len() && a.iter().all(|v| want.contains(v));
    for t in TOKENS {
        if same(&pick(t)) {
            return Some(vec![t.to_string()]);
        }
    }
    let mut parts: Vec<(String, Vec<(i32, i32)>)> = TOKENS[1..]
        .iter()
        .map(|t| (t.to_string(), pick(t)))
        .filter(|(_, s)| !s.is_empty() && s.iter().all(|v| want.contains(v)))
        .collect();
    parts.sort_by_key(|(_, s)| std::cmp::Reverse(s.len()));
    let mut covered: Vec<(i32, i32)> = Vec::new();
    let mut chosen = Vec::new();
    for (t, s) in parts {
        if s.iter().any(|v| !covered.contains(v)) {
            covered.extend(
                s.iter()
                    .copied()
                    .filter(|v| !covered.contains(v))
                    .collect::<Vec<_>>(),
            );
            chosen.push(t);
        }
    }
    same(&covered).then_some(chosen)
}

/// The atom text of a leg along vectors of this base, with its range.
fn atom_text(base: (i32, i32), max: u32) -> Option<String> {
    let (letter, rider) = match base {
        (0, 1) => ('W', "R"),
        (1, 1) => ('F', "B"),
        (0, 2) => ('D', ""),
        (1, 2) => ('N', ""),
        (2, 2) => ('A', ""),
        (0, 3) => ('H', ""),
        (1, 3) => ('C', ""),
        (2, 3) => ('Z', ""),
        (3, 3) => ('G', ""),
        _ => return None,
    };
    Some(match max {
        1 => letter.to_string(),
        0 if !rider.is_empty() => rider.to_string(),
        0 => format!("{letter}{letter}"),
        n => format!("{letter}{n}"),
    })
}

/// The chimera text of a node's edges (first legs when `prev` is `None`,
/// else continuation legs after a leg of base `prev`): its alternatives.
fn node_text(node: &Node, prev: Option<(i32, i32)>) -> Option<Vec<String>> {
    // Group the edges by base, range, modality and what follows.
    type Key = ((i32, i32), u32, bool, bool, u8, bool, String);
    let mut groups: BTreeMap<Key, Vec<(i32, i32)>> = BTreeMap::new();
    for (e, child) in &node.edges {
        let follow = if child.edges.is_empty() {
            String::new()
        } else {
            let alts = node_text(child, Some(e.base))?;
            if alts.len() == 1 {
                alts[0].clone()
            } else {
                format!("[{}]", alts.concat())
            }
        };
        // Hurdles: only a one-leg move two squares straight over the one
        // between (chimera's cannon limited to two squares, `pR2`; `j` is
        // not allowed beside multi-leg moves).
        if e.hurdles > 0
            && (prev.is_some() || !follow.is_empty() || e.hurdles > 1 || !matches!(e.base, (0, 2) | (2, 2)))
        {
            return None;
        }
        let optional = child.end && !follow.is_empty();
        groups
            .entry((e.base, e.max, e.moves, e.captures, e.hurdles, optional, follow))
            .or_default()
            .push(e.v);
    }
    let mut out = Vec::new();
    for ((base, max, moves, captures, hurdles, optional, follow), vecs) in groups {
        let images = symmetric_images(base);
        let universe: Vec<(i32, i32)> = match prev {
            None => images,
            Some(pb) => {
                let fwd = if pb.0 == pb.1 { (1, 1) } else { (0, 1) };
                images.into_iter().map(|v| to_frame(v, fwd)).collect()
            }
        };
        let letters = letters_among(&universe, &vecs)?;
        let atom = match (hurdles, base) {
            (0, _) => atom_text(base, max)?,
            (_, (0, 2)) => "R2".to_string(),
            _ => "B2".to_string(),
        };
        let mode = match (moves, captures) {
            (true, false) => "m",
            (false, true) => "c",
            _ => "",
        };
        let hop = if hurdles > 0 { "p" } else { "" };
        let terms: Vec<String> = letters.iter().map(|l| format!("{mode}{l}{hop}{atom}")).collect();
        if follow.is_empty() {
            out.extend(terms);
        } else {
            let join = if optional { "a" } else { "a!2" };
            out.push(format!("[{}]{join}{follow}", terms.concat()));
        }
    }
    Some(out)
}

/// Converts one multi-leg XBetza move (`s`, at `base` in the whole string)
/// to chimera's notation.
pub fn convert(s: &[u8], base: usize) -> Result<String, BetzaError> {
    let err = |m: &str| BetzaError {
        at: base,
        message: m.to_string(),
    };
    let mut paths = Vec::new();
    walk(s, base, false, 0, &mut Vec::new(), &mut paths)?;
    let mut root = Node::default();
    let mut total = 0;
    for path in &paths {
        let mut variants = Vec::new();
        expand(path, None, &mut Vec::new(), &mut variants).map_err(err)?;
        // A pass over a piece that must be there: only as a one-leg hop
        // two squares straight (see `node_text`).
        for v in &variants {
            let hop = |l: &PathLeg| l.hurdles == 1 && matches!(base_of(l.v), (0, 2) | (2, 2));
            if v.iter().any(|l| l.hurdles > 0) && !(v.len() == 1 && hop(&v[0])) {
                return Err(err(
                    "`p` before `a` without `m` passes over a piece that must be there: converted only as a hop two squares straight",
                ));
            }
        }
        total += variants.len();
        if total > MAX_PATHS {
            return Err(err("too many paths"));
        }
        for variant in variants {
            let mut node = &mut root;
            let mut prev: Option<(i32, i32)> = None;
            for leg in &variant {
                let v = match prev {
                    None => leg.v,
                    Some(pv) => to_frame(leg.v, continuation_frame(pv)),
                };
                prev = Some(leg.v);
                let edge = Edge {
                    base: base_of(leg.v),
                    v,
                    max: leg.max,
                    moves: leg.moves,
                    captures: leg.captures,
                    hurdles: leg.hurdles,
                };
                node = node.edges.entry(edge).or_default();
            }
            node.end = true;
        }
    }
    let alts =
        node_text(&root, None).ok_or_else(|| err("no chimera direction letters select the same legs"))?;
    Ok(alts.concat())
}
