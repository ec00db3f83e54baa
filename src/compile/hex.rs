//! Betza's atoms read on a board of hexagonal cells (`[board] shape =
//! "hexagon"`), in the axial coordinates the grid keeps them in: file `q`
//! across, rank `r` up the file, a cell's centre at x = 1.5 q,
//! y = √3 (r + q / 2).
//!
//! As the Interactive Diagram reads them on hex boards: `W` is a step to one
//! of the six cells sharing an edge (the hex orthogonals), `F` one of the
//! six nearest cells of the same colour (the hex diagonals), `D`, `H` and
//! `A`, `G` two and three of those steps, `N` the twelve knight leaps (two
//! orthogonal steps and one at 60° to them); `K`, `R`, `B`, `Q` are their
//! compounds and riders. A direction letter picks, of an atom's moves, the
//! ones nearest to its direction in the piece's frame (`f` forward, `r`
//! right, …; two perpendicular letters the direction between them): `fW`
//! is the one step up the file, `fF` the two diagonals at 30° either side
//! of it, `flfrW` the two orthogonal steps at 60°. On a square board the
//! same rule gives Betza's usual meanings.

use std::f64::consts::PI;

use crate::engine::types::Color;
use crate::engine::variant::Orientation;
use crate::notation::{self, Leg, Program};

/// The six hex orthogonal steps, clockwise from forward.
const ORTHOGONAL: [(i32, i32); 6] = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)];
/// The six hex diagonal steps, clockwise from forward right.
const DIAGONAL: [(i32, i32); 6] = [(1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2)];

/// The hex moves of a base atom (`W` = (0,1), `F` = (1,1), `N` = (1,2), …),
/// or `None` for an atom with no hexagonal reading.
fn atom_moves(base: (i32, i32)) -> Option<Vec<(i32, i32)>> {
    match base {
        (0, k) if k > 0 => Some(ORTHOGONAL.iter().map(|&(q, r)| (q * k, r * k)).collect()),
        (k, l) if k == l && k > 0 => Some(DIAGONAL.iter().map(|&(q, r)| (q * k, r * k)).collect()),
        (1, 2) => {
            let mut out = Vec::new();
            for (i, a) in ORTHOGONAL.iter().enumerate() {
                for b in [ORTHOGONAL[(i + 1) % 6], ORTHOGONAL[(i + 5) % 6]] {
                    out.push((2 * a.0 + b.0, 2 * a.1 + b.1));
                }
            }
            Some(out)
        }
        _ => None,
    }
}

/// The angle of a hex move in a side's frame: degrees clockwise from its
/// forward direction, 0 to 360.
fn angle(v: (i32, i32), color: Color, orientation: Orientation) -> f64 {
    let (q, r) = (v.0 as f64, v.1 as f64);
    let mut x = 1.5 * q;
    let mut y = 3f64.sqrt() * (r + q / 2.0);
    if color == Color::Second {
        y = -y;
        if orientation == Orientation::Rotate {
            x = -x;
        }
    }
    (x.atan2(y) * 180.0 / PI).rem_euclid(360.0)
}

fn letter_angle(c: char) -> f64 {
    match c {
        'r' => 90.0,
        'b' => 180.0,
        'l' => 270.0,
        _ => 0.0,
    }
}

/// The directions (angles in the piece's frame) the letters name.
fn directions(letters: &str) -> Vec<f64> {
    let cs: Vec<char> = letters.chars().collect();
    let vertical = |c: char| c == 'f' || c == 'b';
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        match (c, cs.get(i + 1).copied()) {
            ('v', _) => out.extend([0.0, 180.0]),
            ('s', _) => out.extend([90.0, 270.0]),
            ('h', _) => out.extend((0..12).map(|k| k as f64 * 30.0)),
            (c, Some(n)) if "fblr".contains(n) && vertical(c) != vertical(n) => {
                let (a, b) = (letter_angle(c), letter_angle(n));
                // The bisector of two perpendicular directions.
                let mid = if (a - b).abs() > 180.0 {
                    (a + b + 360.0) / 2.0
                } else {
                    (a + b) / 2.0
                };
                out.push(mid.rem_euclid(360.0));
                i += 1;
            }
            (c, _) => out.push(letter_angle(c)),
        }
        i += 1;
    }
    out
}

fn apart(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(360.0);
    d.min(360.0 - d)
}

/// Absolute hex vectors of a leg for one side.
pub(super) fn leg_vectors(leg: &Leg, color: Color, orientation: Orientation, files: i32) -> Vec<(i32, i32)> {
    select(leg, files, |v| angle(v, color, orientation))
}

/// Hex vectors of a continuation leg after a leg that went `frame` × 30°
/// clockwise from up the file (see `geometry::hex_frame`): its direction
/// letters are read from that direction, `f` straight on.
pub(super) fn relative_vectors(leg: &Leg, frame: u8, files: i32) -> Vec<(i32, i32)> {
    let base = f64::from(frame) * 30.0;
    select(leg, files, |v| {
        (angle(v, Color::First, Orientation::Reflect) - base).rem_euclid(360.0)
    })
}

/// The moves of a leg's atoms whose angles (by `angle_of`, in the frame its
/// direction letters are read in) are nearest the letters' directions.
fn select(leg: &Leg, files: i32, angle_of: impl Fn((i32, i32)) -> f64) -> Vec<(i32, i32)> {
    let mut out: Vec<(i32, i32)> = Vec::new();
    let wanted = directions(&leg.directions);
    for &atom in &leg.atoms {
        let moves = if atom == notation::UNIVERSAL {
            (1 - files..files)
                .flat_map(|q| (1 - files..files).map(move |r| (q, r)))
                .filter(|&v| v != (0, 0))
                .collect()
        } else {
            atom_moves(atom).unwrap_or_default()
        };
        let angles: Vec<f64> = moves.iter().map(|&v| angle_of(v)).collect();
        for (i, &v) in moves.iter().enumerate() {
            let chosen = wanted.is_empty()
                || wanted.iter().any(|&t| {
                    let best = angles.iter().map(|&a| apart(a, t)).fold(f64::MAX, f64::min);
                    apart(angles[i], t) <= best + 1e-6
                });
            if chosen && !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// The atom letter of a base vector, for messages.
fn atom_letter(base: (i32, i32)) -> String {
    match base {
        (1, 3) => "C".into(),
        (2, 3) => "Z".into(),
        (x, y) => format!("the ({x},{y}) leaper"),
    }
}

/// Why a piece's notation has no meaning on a hexagonal board, if it has
/// none.
pub(super) fn check(prog: &Program) -> Result<(), String> {
    // Multi-leg moves and shots read each leg on the hex grid, a
    // continuation leg's letters from the direction the leg before went.
    for leg in prog.legs() {
        for &atom in &leg.atoms {
            if atom == notation::UNIVERSAL {
                if !leg.directions.is_empty() {
                    return Err("`U` takes no direction letters on a hexagonal board".into());
                }
                continue;
            }
            if atom_moves(atom).is_none() {
                return Err(format!(
                    "{} has no reading on a hexagonal board: its atoms are W and F (the hex orthogonal and diagonal steps), D, H, A, G (two or three of them), N (the hex knight) and the compounds K, R, B, Q",
                    atom_letter(atom)
                ));
            }
            if (leg.lame || leg.jump) && atom == (1, 2) {
                return Err(
                    "`n` and `j` on the knight have no hexagonal reading: its leap has no single path on hex cells".into(),
                );
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vectors(betza: &str, color: Color) -> Vec<(i32, i32)> {
        let n = notation::parse(betza).unwrap();
        let prog = notation::program(&n).unwrap();
        let mut out: Vec<(i32, i32)> = prog
            .legs()
            .iter()
            .flat_map(|l| leg_vectors(l, color, Orientation::Reflect, 11))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn atoms_and_directions() {
        assert_eq!(vectors("W", Color::First).len(), 6);
        assert_eq!(vectors("F", Color::First).len(), 6);
        assert_eq!(vectors("N", Color::First).len(), 12);
        assert_eq!(vectors("K", Color::First).len(), 12);
        assert_eq!(vectors("fW", Color::First), vec![(0, 1)]);
        assert_eq!(vectors("fW", Color::Second), vec![(0, -1)]);
        assert_eq!(vectors("flfrW", Color::First), vec![(-1, 1), (1, 0)]);
        assert_eq!(vectors("flfrW", Color::Second), vec![(-1, 0), (1, -1)]);
        assert_eq!(vectors("fF", Color::First), vec![(-1, 2), (1, 1)]);
        assert_eq!(vectors("sF", Color::First), vec![(-2, 1), (2, -1)]);
        assert_eq!(vectors("fD", Color::First), vec![(0, 2)]);
        // The knight's two narrow forward leaps, 19° either side of forward.
        assert_eq!(vectors("fN", Color::First), vec![(-1, 3), (1, 2)]);
    }

    /// A continuation leg reads its letters from the direction the leg
    /// before went: `f` straight on, `b` back, `fl`/`fr` the hex
    /// orthogonals at 60° either side, `fF` the two diagonals 30° off.
    #[test]
    fn continuation_legs_turn_with_the_previous_leg() {
        let leg = |s: &str| notation::program(&notation::parse(s).unwrap()).unwrap().legs()[0].clone();
        let rel = |s: &str, v: (i32, i32)| {
            let mut out = relative_vectors(&leg(s), crate::engine::geometry::hex_frame(v), 11);
            out.sort();
            out
        };
        for &v in &ORTHOGONAL {
            assert_eq!(rel("fW", v), vec![v], "{v:?}");
            assert_eq!(rel("bW", v), vec![(-v.0, -v.1)], "{v:?}");
        }
        for &v in &DIAGONAL {
            assert_eq!(rel("fF", v), vec![v], "{v:?}");
        }
        // After a step to the upper right (60°): straight on, and the two
        // orthogonals beside it.
        assert_eq!(rel("fW", (1, 0)), vec![(1, 0)]);
        assert_eq!(rel("flfrW", (1, 0)), vec![(0, 1), (1, -1)]);
        assert_eq!(rel("W", (1, 0)).len(), 6);
    }

    #[test]
    fn meaningless_on_hex() {
        let prog = |s: &str| notation::program(&notation::parse(s).unwrap()).unwrap();
        assert!(check(&prog("QN")).is_ok());
        assert!(check(&prog("C")).unwrap_err().contains("C has no reading"));
        assert!(check(&prog("aK")).is_ok());
        assert!(check(&prog("WafW")).is_ok());
        assert!(check(&prog("aC")).is_err());
        assert!(check(&prog("nN")).is_err());
    }
}
