//! Fairy-Stockfish's Betza dialect (its `piece.cpp`, `from_betza`) turned
//! into chimera's notation, move set for move set.
//!
//! Fairy-Stockfish reads a string left to right: modality letters (`m`,
//! `c`), `p`/`g` (hopper, grasshopper), `n` (lame), `i` (only from the
//! double-step region, and only quiet), direction letters read in pairs,
//! then an atom (`W F D N A H L C J Z G K`, riders `R B Q`; an atom doubled
//! or followed by a digit rides). Each atom selects some of its eight
//! images by the directions. Here each atom's images are computed exactly
//! as Fairy-Stockfish does, then written with chimera's direction letters
//! (checked against chimera's own reading of them), one move per group.
//! `e` marks the piece as an en-passant capturer (its capture-only moves
//! may take en passant). Any other character, which Fairy-Stockfish would
//! silently skip, is an error here.

use crate::notation::meaning::{selected, symmetric_images};

/// An error at a character of the string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaError {
    /// Byte offset into the string.
    pub at: usize,
    /// What is wrong.
    pub message: String,
}

fn leaper(c: char) -> Option<&'static [(i32, i32)]> {
    Some(match c {
        'W' => &[(1, 0)],
        'F' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'L' | 'C' => &[(3, 1)],
        'J' | 'Z' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

fn rider(c: char) -> Option<&'static [(i32, i32)]> {
    Some(match c {
        'R' => &[(1, 0)],
        'B' => &[(1, 1)],
        'Q' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

/// The lame leaps Fairy-Stockfish generates: `D`, `N`, `A`, `Z`. It moves a
/// lame leaper only by its tables for these (bitboard.cpp, the rider
/// types): any other lame leap (`nC`, `nW`, a lame `K` …) never moves.
const LAME_ATOMS: &[(i32, i32)] = &[(2, 0), (2, 1), (2, 2), (3, 2)];

/// The riders Fairy-Stockfish generates: along rook and bishop lines and
/// the nightrider's (bitboard.cpp, `init_pieces`: the rider types). It
/// moves any other rider (`AA`, `DD`, `CC` …) by none of its tables: such a
/// rider never moves.
const RIDER_ATOMS: &[(i32, i32)] = &[(1, 0), (1, 1), (2, 1)];

/// The hoppers Fairy-Stockfish generates: along rook and bishop lines
/// (cannons and grasshoppers); any other hopper never moves.
const HOPPER_ATOMS: &[(i32, i32)] = &[(1, 0), (1, 1)];

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";

/// The eight images Fairy-Stockfish's `from_betza` assigns to an atom
/// `(a, b)` (a ranks, b files), as (files right, ranks forward), with the
/// direction tokens that select each.
fn fsf_images(a: i32, b: i32) -> [((i32, i32), &'static [&'static str]); 8] {
    [
        ((b, a), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-b, -a), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((a, -b), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-a, b), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((a, b), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-a, -b), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((b, -a), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-b, a), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

/// Converts a Fairy-Stockfish Betza string. `en_passant`: the piece may take
/// en passant (its string has an `e`, or the variant lists it).
pub fn to_chimera(betza: &str, en_passant: bool) -> Result<String, BetzaError> {
    let cs: Vec<(usize, char)> = betza.char_indices().collect();
    let mut out = String::new();
    let mut modalities: Vec<char> = Vec::new();
    let (mut hopper, mut grass, mut lame, mut initial) = (false, false, false, false);
    let mut dirs: Vec<String> = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let (at, c) = cs[i];
        match c {
            'm' | 'c' => modalities.push(c),
            'p' => hopper = true,
            'g' => {
                hopper = true;
                grass = true;
            }
            'n' => lame = true,
            'i' => initial = true,
            'e' => {}
            _ if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                if let Some(&(_, c2)) = cs.get(i + 1)
                    && (c2 == c
                        || (VERTICALS.contains(c) && HORIZONTALS.contains(c2))
                        || (HORIZONTALS.contains(c) && VERTICALS.contains(c2)))
                {
                    dirs.push(format!("{c}{c2}"));
                    i += 2;
                    continue;
                }
                dirs.push(format!("{c}{c}"));
            }
            _ if leaper(c).is_some() || rider(c).is_some() => {
                let mut is_rider = rider(c).is_some();
                let atoms = rider(c).or(leaper(c)).unwrap_or(&[]);
                let mut distance: u32 = 0;
                if let Some(&(_, n)) = cs.get(i + 1)
                    && (n.is_ascii_digit() || n == c)
                {
                    is_rider = true;
                    if let Some(d) = n.to_digit(10) {
                        distance = d;
                    }
                    i += 1;
                }
                if grass && distance == 0 {
                    distance = 1;
                }
                let mods: Vec<char> = if modalities.is_empty() {
                    vec!['m', 'c']
                } else {
                    modalities.clone()
                };
                let lame_leap = lame && !is_rider && !hopper;
                let moving: &[(i32, i32)] = if hopper {
                    HOPPER_ATOMS
                } else if is_rider {
                    RIDER_ATOMS
                } else if lame_leap {
                    LAME_ATOMS
                } else {
                    &[]
                };
                let mut per_atom = atom_letters(atoms, &dirs, moving, c, at)?;
                // `K` and `Q` stay whole when both their atoms go the same ways.
                if per_atom.len() == 2 && per_atom[0].1 == per_atom[1].1 {
                    per_atom.truncate(1);
                    per_atom[0].0 = (0, 0);
                }
                for ((a, b), letters) in per_atom {
                    let both = mods.contains(&'m') && mods.contains(&'c');
                    let mode_list: Vec<&str> = if initial {
                        // Fairy-Stockfish has no initial captures.
                        if mods.contains(&'m') { vec!["m"] } else { vec![] }
                    } else if both {
                        vec![""]
                    } else if mods.contains(&'m') {
                        vec!["m"]
                    } else {
                        vec!["c"]
                    };
                    emit(
                        &mut out,
                        &mode_list,
                        &letters,
                        initial,
                        en_passant,
                        is_rider,
                        hopper,
                        grass,
                        lame,
                        distance,
                        (a, b),
                        c,
                    );
                }
                modalities.clear();
                dirs.clear();
                hopper = false;
                grass = false;
                lame = false;
                initial = false;
            }
            _ => {
                return Err(BetzaError {
                    at,
                    message: format!("`{c}` is not part of Fairy-Stockfish's Betza (it would skip it)"),
                });
            }
        }
        i += 1;
    }
    if !modalities.is_empty() || !dirs.is_empty() || hopper || lame || initial {
        return Err(BetzaError {
            at: betza.len(),
            message: "modifiers without an atom at the end".into(),
        });
    }
    Ok(out)
}

/// An atom and its chimera direction letters (one string per move).
type AtomLetters = ((i32, i32), Vec<String>);

/// Each atom's chimera direction letters (one string per move), atoms
/// without moves left out: those not in `moving`, when it lists the only
/// atoms Fairy-Stockfish moves this way (empty: every atom moves).
fn atom_letters(
    atoms: &[(i32, i32)],
    dirs: &[String],
    moving: &[(i32, i32)],
    c: char,
    at: usize,
) -> Result<Vec<AtomLetters>, BetzaError> {
    let mut per_atom = Vec::new();
    for &(a, b) in atoms {
        if !moving.is_empty() && !moving.contains(&(a, b)) {
            continue;
        }
        let vecs = atom_vectors((a, b), atoms.len(), dirs);
        if vecs.is_empty() {
            continue;
        }
        let letters = chimera_directions((a, b), &vecs).ok_or_else(|| BetzaError {
            at,
            message: format!("no chimera direction letters select the same moves of `{c}`"),
        })?;
        per_atom.push(((a, b), letters));
    }
    Ok(per_atom)
}

/// The moves of one atom: each mode with each group of direction letters.
#[allow(clippy::too_many_arguments)]
fn emit(
    out: &mut String,
    mode_list: &[&str],
    letters: &[String],
    initial: bool,
    en_passant: bool,
    is_rider: bool,
    hopper: bool,
    grass: bool,
    lame: bool,
    distance: u32,
    (a, b): (i32, i32),
    c: char,
) {
    for &mode in mode_list {
        for l in letters {
            let mut s = String::new();
            if initial {
                s.push('i');
            }
            s.push_str(l);
            s.push_str(mode);
            if en_passant && mode == "c" && !is_rider && !hopper {
                s.push('e');
            }
            if hopper {
                s.push(if grass && distance == 1 { 'g' } else { 'p' });
            } else if lame && !is_rider {
                s.push('n');
            }
            s.push_str(&atom_text(
                (a, b),
                is_rider || hopper,
                if grass { 0 } else { distance },
                c,
            ));
            out.push_str(&s);
        }
    }
}

/// The moves Fairy-Stockfish gives atom `(a, b)` under direction tokens
/// `dirs` (a lone orthogonal atom splits mixed pairs: `fs` is `ff` and `ss`).
fn atom_vectors((a, b): (i32, i32), atoms: usize, dirs: &[String]) -> Vec<(i32, i32)> {
    let mut directions: Vec<String> = Vec::new();
    for s in dirs {
        let b0: Vec<char> = s.chars().collect();
        if atoms == 1 && b == 0 && b0[0] != b0[1] {
            directions.push(format!("{}{}", b0[0], b0[0]));
            directions.push(format!("{}{}", b0[1], b0[1]));
        } else {
            directions.push(s.clone());
        }
    }
    let mut vecs: Vec<(i32, i32)> = Vec::new();
    for (v, keys) in fsf_images(a, b) {
        if (directions.is_empty() || keys.iter().any(|k| directions.iter().any(|d| d == k)))
            && !vecs.contains(&v)
        {
            vecs.push(v);
        }
    }
    vecs
}

fn atom_text(atom: (i32, i32), ride: bool, distance: u32, written: char) -> String {
    if atom == (0, 0) {
        // A whole `K` or `Q` (or a `K` ridden: a queen).
        let l = if ride { 'Q' } else { written };
        return if distance == 0 || !ride {
            l.to_string()
        } else {
            format!("{l}{distance}")
        };
    }
    let letter = match atom {
        (1, 0) => 'W',
        (1, 1) => 'F',
        (2, 0) => 'D',
        (2, 1) => 'N',
        (2, 2) => 'A',
        (3, 0) => 'H',
        (3, 1) => 'C',
        (3, 2) => 'Z',
        _ => 'G',
    };
    if !ride {
        return letter.to_string();
    }
    let base = match letter {
        'W' => "R".to_string(),
        'F' => "B".to_string(),
        l => format!("{l}{l}"),
    };
    if distance == 0 {
        base
    } else if base.len() == 1 {
        format!("{base}{distance}")
    } else {
        format!("{letter}{distance}")
    }
}

/// Direction letters (one string per chimera move) selecting exactly `vecs`
/// among the images of `atom`, in chimera's reading (frame: x right, y
/// forward).
pub(super) fn chimera_directions(atom: (i32, i32), vecs: &[(i32, i32)]) -> Option<Vec<String>> {
    let images = symmetric_images((atom.1, atom.0));
    let pick = |l: &str| -> Vec<(i32, i32)> {
        images
            .iter()
            .copied()
            .filter(|&(x, y)| selected(l, x, y))
            .collect()
    };
    let want: Vec<(i32, i32)> = images.iter().copied().filter(|v| vecs.contains(v)).collect();
    if want.len() != vecs.len() {
        return None;
    }
    let same = |a: &[(i32, i32)]| a.len() == want.len() && a.iter().all(|v| want.contains(v));
    const TOKENS: &[&str] = &[
        "", "f", "b", "l", "r", "v", "s", "fl", "fr", "bl", "br", "lf", "rf", "lb", "rb", "fs", "bs", "lv",
        "rv", "fh", "bh", "lh", "rh", "ff", "bb", "ll", "rr",
    ];
    for t in TOKENS {
        if same(&pick(t)) {
            return Some(vec![t.to_string()]);
        }
    }
    // A union of moves, largest first.
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

#[cfg(test)]
mod tests {
    use super::to_chimera;

    #[test]
    fn common_pieces() {
        assert_eq!(to_chimera("fmWfceF", true).unwrap(), "fmWfceF");
        assert_eq!(to_chimera("N", false).unwrap(), "N");
        assert_eq!(to_chimera("mRcpR", false).unwrap(), "mRcpR");
        assert_eq!(to_chimera("fsW", false).unwrap(), "fsW");
        assert_eq!(to_chimera("nN", false).unwrap(), "nN");
        assert_eq!(to_chimera("ifmnD", false).unwrap(), "ifmnD");
        assert_eq!(to_chimera("NN", false).unwrap(), "NN");
        assert_eq!(to_chimera("R2", false).unwrap(), "R2");
        assert_eq!(to_chimera("gQ", false).unwrap(), "gQ");
        assert_eq!(to_chimera("K", false).unwrap(), "K");
        assert_eq!(to_chimera("fK", false).unwrap(), "fK");
        assert_eq!(to_chimera("KN", false).unwrap(), "KN");
        // Fairy-Stockfish reads `rf` on a knight as two forward, one right.
        assert_eq!(to_chimera("rfN", false).unwrap(), "frN");
    }

    #[test]
    fn lame_leaps_fairy_stockfish_does_not_move() {
        // elgam's `o:nC` never moves in Fairy-Stockfish (pyffish 0.0.90).
        assert_eq!(to_chimera("nC", false).unwrap(), "");
        assert_eq!(to_chimera("nCnN", false).unwrap(), "nN");
        assert_eq!(to_chimera("nK", false).unwrap(), "");
        assert_eq!(to_chimera("nA", false).unwrap(), "nA");
        assert_eq!(to_chimera("nZ", false).unwrap(), "nZ");
    }

    #[test]
    fn riders_and_hoppers_fairy_stockfish_does_not_move() {
        // Only rook, bishop and nightrider lines ride, and only rook and
        // bishop lines hop (pyffish 0.0.90: `AA`, `CC`, `DD` never move).
        assert_eq!(to_chimera("AA", false).unwrap(), "");
        assert_eq!(to_chimera("CC", false).unwrap(), "");
        assert_eq!(to_chimera("DDW", false).unwrap(), "W");
        assert_eq!(to_chimera("NN", false).unwrap(), "NN");
        assert_eq!(to_chimera("KK", false).unwrap(), "Q");
        assert_eq!(to_chimera("pN", false).unwrap(), "");
        // A lame rider is a rider: Fairy-Stockfish reads `n` only for leaps.
        assert_eq!(to_chimera("nNN", false).unwrap(), "NN");
    }

    #[test]
    fn errors() {
        assert!(to_chimera("aW", false).is_err());
        assert!(to_chimera("fm", false).is_err());
        assert!(to_chimera("W[F]", false).is_err());
    }
}
