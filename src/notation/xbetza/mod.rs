//! XBetza, as XBoard reads it (`moves.c`, `MovesFromString`, XBoard 4.9),
//! turned into chimera's notation.
//!
//! XBoard reads each move as: leading `i`s, then direction letters, then
//! mode letters in a fixed order (`m c d e t p g o y n j a`), then an atom
//! (its own table of leaps: `J` is the camel (1,3) and `L` the zebra (2,3)),
//! then a range (`0` rides without limit). Direction letters are read as
//! XBoard does for the atom's symmetry; the directions they select are
//! written with chimera's letters (checked against chimera's reading). What
//! converts: single-leg moves, with `m`, `c`, `e`, `p`, `g`, `n` and `j`
//! (lame and must-jump only on the knight, dabbaba and alfil, where XBoard
//! and chimera test the same square), `i`, and ranges; multi-leg moves
//! (`a`, with `y` and `p` before `a`) in `legs`. Everything else is
//! an error at its character: `d` (capturing one's own piece), `t`, `o` (a
//! cylinder board), `y` outside a multi-leg move, `ii`, `j` on a one-step
//! atom (XBoard skips the first square), `O` (castling).
//!
//! Fairy-Stockfish's own Betza dialect is [`fsf`]; both write chimera's
//! direction letters with `fsf::chimera_directions` and report a
//! [`BetzaError`].

use fsf::{BetzaError, chimera_directions};

pub mod fsf;
mod legs;

const SYMMETRY: &[u8] = b"FBNW.FFW.NKN.NW.QR....W..N";
const X_STEP: &[u8] = b"2110.130.102.10.00....0..2";
const Y_STEP: &[u8] = b"2132.133.313.20.11....1..3";
const DIR_TYPE: &[u8] = b"01000104000200000260050000";
const DIRS1: [u8; 26] = [
    0, 0x3C, 0, 0, 0, 0xC3, 0, 0, 0, 0, 0, 0xF0, 0, 0, 0, 0, 0, 0x0F, 0, 0, 0, 0, 0, 0, 0, 0,
];
const DIRS2: [u8; 26] = [
    0, 0x18, 0, 0, 0, 0x81, 0, 0xFF, 0, 0, 0, 0x60, 0, 0, 0, 0, 0, 0x06, 0x66, 0, 0, 0x99, 0, 0, 0, 0,
];
const DIRS3: [u8; 26] = [
    0, 0x38, 0, 0, 0, 0x83, 0, 0xFF, 0, 0, 0, 0xE0, 0, 0, 0, 0, 0, 0x0E, 0xEE, 0, 0, 0xBB, 0, 0, 0, 0,
];
const DIRS4: [u8; 26] = [
    0, 0x10, 0, 0, 0, 0x01, 0, 0xFF, 0, 0, 0, 0x40, 0, 0, 0, 0, 0, 0x04, 0x44, 0, 0, 0x11, 0, 0, 0, 0,
];
const ROT: [[i32; 4]; 8] = [
    [1, 0, 0, 1],
    [0, 1, 1, 0],
    [0, 1, -1, 0],
    [1, 0, 0, -1],
    [-1, 0, 0, -1],
    [0, -1, -1, 0],
    [0, -1, 1, 0],
    [-1, 0, 0, 1],
];

fn at(b: &[u8], c: u8) -> u8 {
    b.get(c.wrapping_sub(b'A') as usize).copied().unwrap_or(b'.')
}
fn dir_type(c: u8) -> u8 {
    if c.is_ascii_lowercase() {
        DIR_TYPE[(c - b'a') as usize]
    } else {
        b'0'
    }
}
fn idx(c: u8) -> usize {
    (c - b'a') as usize
}

/// The direction set XBoard reads from `s[desc..p]` for an atom of this
/// symmetry (for `K`/`Q`: the orthogonal set and the diagonal one, and what
/// becomes of the step's x), and where the direction letters end.
fn directions(s: &[u8], mut desc: usize, p: usize, sym: u8, dy: i32) -> (u16, u16, usize, Option<i32>) {
    let mut dx_override = None;
    // Directions, as XBoard reads them for this symmetry.
    let next = |d: usize| s.get(d).copied().unwrap_or(0);
    let mut dir_set: u16 = 0;
    let mut ds2: u16 = 0;
    match sym {
        b'B' | b'F' => {
            while desc < p && dir_type(s[desc]) != b'0' {
                let c = s[desc];
                let mut b = DIRS1[idx(c)] as u16;
                let n = next(desc + 1);
                if n.is_ascii_lowercase() && ((dir_type(c) | dir_type(n)) & 3) == 3 {
                    b = (DIRS1[idx(c)] & DIRS1[idx(n)]) as u16;
                    desc += 2;
                } else {
                    desc += 1;
                }
                dir_set |= b;
            }
            dir_set &= 0xAA;
            if dir_set == 0 {
                dir_set = 0xAA;
            }
        }
        b'R' | b'W' => {
            while desc < p && (dir_type(s[desc]) & !4) != b'0' {
                dir_set |= DIRS2[idx(s[desc])] as u16;
                desc += 1;
            }
            dir_set &= 0x55;
            if dir_set == 0 {
                dir_set = 0x55;
            }
        }
        b'N' => {
            if desc < p && s[desc] == b'h' {
                dir_set = if next(desc + 1) == b'r' { 0x55 } else { 0xAA };
                desc += 2;
            } else {
                while desc < p && dir_type(s[desc]) != b'0' {
                    let c = s[desc];
                    let i = dir_type(c);
                    let n = next(desc + 1);
                    let mut b = DIRS2[idx(c)] as u16;
                    if n == b'h' {
                        b = DIRS1[idx(c)] as u16;
                        desc += 2;
                    } else if n == c || (n.is_ascii_lowercase() && i < b'4' && ((i | dir_type(n)) & 3) == 3) {
                        b = (DIRS1[idx(c)] & DIRS2[idx(n)]) as u16;
                        desc += 2;
                    } else {
                        desc += 1;
                    }
                    dir_set |= b;
                }
            }
            if dir_set == 0 {
                dir_set = 0xFF;
            }
        }
        _ => {
            // K and Q.
            while desc < p && dir_type(s[desc]) != b'0' {
                let c = s[desc];
                let i = dir_type(c);
                let n = next(desc + 1);
                let mut b = DIRS4[idx(c)] as u16;
                if n == c {
                    desc += 1;
                } else if n.is_ascii_lowercase() && i < b'4' && ((i | dir_type(n)) & 3) == 3 {
                    b = (DIRS3[idx(c)] & DIRS3[idx(n)]) as u16;
                    desc += 1;
                }
                desc += 1;
                dir_set |= b;
            }
            if dir_set == 0 {
                dir_set = 0xFF;
            }
            ds2 = dir_set & 0xAA;
            dir_set &= 0x55;
            if dir_set == 0 {
                dx_override = Some(dy);
                dir_set = ds2;
                ds2 = 0;
            } else {
                dx_override = Some(0);
            }
        }
    }
    (dir_set, ds2, desc, dx_override)
}

/// The mode letters, in XBoard's order, with an error for those that have
/// no meaning here or stand out of order.
fn modes(s: &[u8], start: usize, mut desc: usize, p: usize) -> Result<String, BetzaError> {
    let err = |at: usize, m: String| BetzaError { at, message: m };
    // Modes, in XBoard's order.
    let mut flags = String::new();
    for m in b"mcdetpgoynja" {
        while desc < p && s[desc] == *m {
            flags.push(*m as char);
            desc += 1;
            if *m != b'j' {
                break;
            }
        }
    }
    if flags.contains('a') {
        let at = start + s[start..p].iter().position(|&b| b == b'a').unwrap_or(0);
        return Err(err(at, "multi-leg moves (`a`) are not converted yet".into()));
    }
    if desc < p {
        return Err(err(
            desc,
            format!(
                "`{}` here would be skipped by XBoard (it reads i, directions, then m c d e t p g o y n j a in this order)",
                s[desc] as char
            ),
        ));
    }
    let atom_pos = p;
    let mode_pos = |c: char| start + s[start..atom_pos].iter().position(|&b| b == c as u8).unwrap_or(0);
    for (c, why) in [
        ('a', "multi-leg moves (`a`) are not converted yet"),
        ('d', "capturing one's own pieces (`d`) has no chimera meaning"),
        (
            't',
            "`t` (no capture of royal pieces, no enemy hurdles) has no chimera meaning",
        ),
        ('o', "`o` (a cylinder board) has no chimera meaning"),
        (
            'y',
            "`y` only has a meaning in a multi-leg move, which is not converted yet",
        ),
    ] {
        if flags.contains(c) {
            return Err(err(mode_pos(c), why.into()));
        }
    }
    Ok(flags)
}

/// One XBetza move read, ready to be written.
struct Parsed<'a> {
    start: usize,
    initial: usize,
    dx: i32,
    dy: i32,
    dir_set: u16,
    ds2: u16,
    slide: bool,
    limit: u32,
    modality: &'a str,
    e: bool,
    hop: &'a str,
    lame: bool,
    jumps: usize,
}

/// Writes one XBetza move's moves in chimera's notation.
fn emit(x: &Parsed, out: &mut String) -> Result<(), BetzaError> {
    let err = |at: usize, m: String| BetzaError { at, message: m };
    let &Parsed {
        start,
        initial,
        dx,
        dy,
        dir_set,
        ds2,
        slide,
        limit,
        modality,
        e,
        hop,
        lame,
        jumps,
    } = x;
    // Each direction set: orthogonal moves then (for K and Q) diagonal ones.
    let mut groups = vec![((dx, dy), dir_set)];
    if ds2 != 0 {
        groups.push(((dy, dy), ds2));
    }
    for ((ax, ay), set) in groups {
        let mut vecs: Vec<(i32, i32)> = Vec::new();
        for (d, r) in ROT.iter().enumerate() {
            if set & (1 << d) == 0 {
                continue;
            }
            let v = (ax * r[0] + ay * r[1], ax * r[2] + ay * r[3]);
            if !vecs.contains(&v) {
                vecs.push(v);
            }
        }
        let base = (ax.abs().min(ay.abs()), ax.abs().max(ay.abs()));
        let letters = chimera_directions((base.1, base.0), &vecs)
            .ok_or_else(|| err(start, "no chimera direction letters select the same moves".into()))?;
        let letter = match base {
            (0, 1) => 'W',
            (1, 1) => 'F',
            (0, 2) => 'D',
            (1, 2) => 'N',
            (2, 2) => 'A',
            (0, 3) => 'H',
            (1, 3) => 'C',
            (2, 3) => 'Z',
            _ => 'G',
        };
        let atom_text = if !slide {
            letter.to_string()
        } else {
            let base = match letter {
                'W' => "R".to_string(),
                'F' => "B".to_string(),
                l => format!("{l}{l}"),
            };
            match (limit, base.len()) {
                (0, _) => base,
                (n, 1) => format!("{base}{n}"),
                (n, _) => format!("{letter}{n}"),
            }
        };
        let modes: Vec<&str> = if modality == "mc" && !e {
            vec![""]
        } else if modality == "mc" {
            vec!["m", "c"]
        } else {
            vec![modality]
        };
        for l in &letters {
            for md in &modes {
                if initial == 1 {
                    out.push('i');
                }
                out.push_str(l);
                out.push_str(md);
                if e && md.contains('c') {
                    out.push('e');
                }
                out.push_str(hop);
                if lame {
                    out.push('n');
                }
                if jumps == 1 {
                    out.push('j');
                }
                out.push_str(&atom_text);
            }
        }
    }
    Ok(())
}

/// The range after an atom at `p`: its digits, as many as there are
/// (XBoard's parser reads them all with `atoi`; three digits were once
/// refused here as "`0` is not an atom").
fn range(s: &[u8], mut p: usize) -> Result<(usize, Option<u32>), BetzaError> {
    let digits_start = p;
    while p < s.len() && s[p].is_ascii_digit() {
        p += 1;
    }
    if p == digits_start {
        return Ok((p, None));
    }
    let digits = std::str::from_utf8(&s[digits_start..p]).unwrap_or("");
    match digits.parse::<u32>() {
        Ok(n) if n <= 9999 => Ok((p, Some(n))),
        _ => Err(BetzaError {
            at: digits_start,
            message: format!("count `{digits}` is too large (a ride of at most 9999 steps)"),
        }),
    }
}

/// A multi-leg move (`a` among its letters), converted, with where it
/// ends; or the error for castling and `ii`; `None` for a one-leg move.
fn multi_leg_or_refused(
    s: &[u8],
    start: usize,
    desc: usize,
    p: usize,
    initial: usize,
) -> Result<Option<(String, usize)>, BetzaError> {
    let err = |at: usize, m: &str| BetzaError {
        at,
        message: m.to_string(),
    };
    if s[desc..p].contains(&b'a') {
        if initial > 0 {
            return Err(err(
                start,
                "`i` on a multi-leg move: chimera's initial moves are single legs",
            ));
        }
        let (end, _) = range(s, p + 1)?;
        return Ok(Some((legs::convert(&s[desc..end], desc)?, end)));
    }
    if s[p] == b'O' {
        return Err(err(
            p,
            "castling (`O`) is a rules-file table in chimera ([[castling]]), not a move",
        ));
    }
    if initial > 1 {
        return Err(err(
            start,
            "`ii` (a move from the square the opposite piece started on) has no chimera meaning",
        ));
    }
    Ok(None)
}

/// Converts an XBetza string to chimera's notation.
pub fn to_chimera(text: &str) -> Result<String, BetzaError> {
    let s = text.as_bytes();
    let err = |at: usize, m: String| BetzaError { at, message: m };
    if let Some(p) = s.iter().position(|b| !b.is_ascii()) {
        return Err(err(p, "not an XBetza character".into()));
    }
    let mut out = String::new();
    let mut p = 0;
    while p < s.len() {
        let start = p;
        let mut initial = 0;
        while p < s.len() && s[p] == b'i' {
            initial += 1;
            p += 1;
        }
        let mut desc = p;
        while p < s.len() && s[p].is_ascii_lowercase() {
            p += 1;
        }
        let Some(&atom) = s.get(p) else {
            return Err(err(start, "modifiers without an atom".into()));
        };
        if !atom.is_ascii_uppercase() || at(SYMMETRY, atom) == b'.' {
            return Err(err(p, format!("`{}` is not an XBetza atom", atom as char)));
        }
        if let Some((text, end)) = multi_leg_or_refused(s, start, desc, p, initial)? {
            out.push_str(&text);
            p = end;
            continue;
        }
        let sym = at(SYMMETRY, atom);
        let (mut dx, dy) = ((at(X_STEP, atom) - b'0') as i32, (at(Y_STEP, atom) - b'0') as i32);
        let mut slide = matches!(sym, b'B' | b'R' | b'Q');
        let (dir_set, ds2, after, dx_override) = directions(s, desc, p, sym, dy);
        desc = after;
        if let Some(x) = dx_override {
            dx = x;
        }
        let flags = modes(s, start, desc, p)?;
        let atom_pos = p;
        let mode_pos = |c: char| start + s[start..atom_pos].iter().position(|&b| b == c as u8).unwrap_or(0);
        // Range.
        let (after, expo) = range(s, p + 1)?;
        p = after;
        // `0` rides without limit; a digit after a leaper makes it a rider.
        let (ride, limit) = match expo {
            Some(0) => (true, 0),
            Some(n) if slide => (true, n),
            Some(1) => (false, 0),
            Some(n) => (true, n),
            None if slide => (true, 0),
            None => (false, 0),
        };
        slide = ride;
        let jumps = flags.matches('j').count();
        let lame = flags.contains('n');
        let leap = (dx.abs().min(dy.abs()), dx.abs().max(dy.abs()));
        if (jumps > 0 || lame) && !matches!(leap, (1, 2) | (0, 2) | (2, 2)) {
            let c = if lame { 'n' } else { 'j' };
            return Err(err(
                mode_pos(c),
                format!(
                    "`{c}` on `{}`: XBoard tests a different square than chimera (or skips one)",
                    atom as char
                ),
            ));
        }
        if jumps > 1 {
            return Err(err(mode_pos('j'), "`jj` has no chimera meaning".into()));
        }
        let hop = if flags.contains('g') {
            "g"
        } else if flags.contains('p') {
            "p"
        } else {
            ""
        };
        if !hop.is_empty() && !slide {
            return Err(err(
                mode_pos(hop.chars().next().unwrap_or('p')),
                "a hop on a leap goes nowhere in XBoard".into(),
            ));
        }
        let m = flags.contains('m');
        let c = flags.contains('c');
        let e = flags.contains('e');
        let modality = match (m, c || e) {
            (true, true) => "mc",
            (true, false) => "m",
            (false, true) => "c",
            (false, false) => "",
        };
        emit(
            &Parsed {
                start,
                initial,
                dx,
                dy,
                dir_set,
                ds2,
                slide,
                limit,
                modality,
                e,
                hop,
                lame,
                jumps,
            },
            &mut out,
        )?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::to_chimera;

    #[test]
    fn xboard_pieces() {
        assert_eq!(to_chimera("fmWfceFifmnD").unwrap(), "fmWfceFifmnD");
        assert_eq!(to_chimera("K").unwrap(), "WF");
        assert_eq!(to_chimera("NN").unwrap(), "NN");
        assert_eq!(to_chimera("BD0").unwrap(), "BDD");
        assert_eq!(to_chimera("WfF").unwrap(), "WfF");
        assert_eq!(to_chimera("vRsW").unwrap(), "vRsW");
        assert_eq!(to_chimera("fR").unwrap(), "fR");
        assert_eq!(to_chimera("F3sRvW2").unwrap(), "B3sRvR2");
        // XBoard's J is the camel, L the zebra.
        assert_eq!(to_chimera("J").unwrap(), "C");
        assert_eq!(to_chimera("L").unwrap(), "Z");
        assert_eq!(to_chimera("mRcpR").unwrap(), "mRcpR");
    }

    #[test]
    fn multi_leg_moves() {
        // The xiangqi horse: a step to an empty square, then diagonally on.
        assert_eq!(to_chimera("mafsW").unwrap(), "[mW]a!2fF");
        // Hook mover, griffon, aanca.
        assert_eq!(to_chimera("RmasR").unwrap(), "R[mR]a!2sR");
        assert_eq!(to_chimera("FyafsF").unwrap(), "F[mF]a!2fR");
        assert_eq!(to_chimera("WyafsW").unwrap(), "W[mW]a!2fB");
        // HaChu's lion: a capture, then any step but straight back; a step
        // out and back (a pass).
        assert_eq!(
            to_chimera("KNADcaKmabK").unwrap(),
            "WFNAD[cW]a!2[fsWF][cF]a!2[WfsF][mW]a!2bW[mF]a!2bF"
        );
        // Every converted string is chimera notation.
        for s in ["aflafrKafraflKafafsKafsafK", "K3NADcaKmabK", "WBmasB", "cafK"] {
            let c = to_chimera(s).unwrap();
            assert!(crate::notation::parse(&c).is_ok(), "{s}: {c}");
        }
    }

    #[test]
    fn what_has_no_meaning_here() {
        for (s, at) in [
            ("KpaK", 1),
            ("BtgabyabsB", 1),
            ("iaK", 0),
            ("KgaR", 1),
            ("aaaaaaaaaK", 9),
            ("oR", 0),
            ("dK", 0),
            ("jR", 0),
            ("nZ", 0),
            ("Kx", 1),
            ("cmW", 1),
            ("iiW", 0),
            ("O2", 0),
            ("f", 0),
        ] {
            let e = to_chimera(s).unwrap_err();
            assert_eq!(e.at, at, "{s}: {}", e.message);
        }
    }
}
