//! What a notation means: the syntax tree turned into a small program over legs,
//! and the geometry of each leg (which vectors a direction set selects in a frame).
//!
//! Dialect rules (the Ko shogi seed's extension of Betza; docs/notation.md):
//! - Legs of a chain default to move-or-capture, and a capture does not end the
//!   chain (a piece may capture on every square it lands on).
//! - `xxx aN yyy`: a first leg `xxx`, then up to N−1 further `yyy` legs (N legs in
//!   all; plain `a` = 2). `a!N` = exactly N. A leading `aN` repeats the whole chain.
//! - Continuation legs take their directions relative to the previous leg (`f` =
//!   straight on, `v` = the same line either way). With no letters they may go in
//!   any direction, back to the start included.
//! - A chain whose first leg is written `m` alone (`mKa3K`) may capture on any leg,
//!   but must stop when it first captures (the seed's own example).

use super::ast::*;

/// One leg: a leap or a ride along one vector of an atom set.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Leg {
    /// Base vectors (x ≥ 0, y ≥ x) of the atoms in this leg: `K` → (0,1), (1,1).
    pub atoms: Vec<(i32, i32)>,
    /// Direction letters as written.
    pub directions: String,
    /// Directions relative to the previous leg (a continuation), not to the owner.
    pub relative: bool,
    /// Smallest and largest number of repetitions of the vector (1,1 for a leap).
    pub min: u32,
    /// `u32::MAX` = unlimited.
    pub max: u32,
    /// May end on an empty square.
    pub moves: bool,
    /// May capture.
    pub captures: bool,
    /// Captures without moving; the piece stays where it is.
    pub shoots: bool,
    /// How it hops, if it does.
    pub hop: Option<Hop>,
    /// Blocked by an occupied square it passes (`n`).
    pub lame: bool,
    /// Must pass over an occupied square (`j`).
    pub jump: bool,
    /// Only from the piece's initial squares (`i`).
    pub initial: bool,
    /// Captures en passant (`e`).
    pub en_passant: bool,
    /// Whether the chain may go on after this leg captured.
    pub continues_after_capture: bool,
}

/// A regular expression over legs.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Program {
    /// One leg.
    Leg(Leg),
    /// All parts in order.
    Seq(Vec<Program>),
    /// Any one of the parts.
    Alt(Vec<Program>),
    /// The part repeated between `min` and `max` times; the move may end after
    /// any count in that range.
    Repeat {
        /// The repeated part.
        body: Box<Program>,
        /// Fewest repetitions.
        min: u32,
        /// Most repetitions.
        max: u32,
    },
}

/// A semantic problem in a notation that parsed (e.g. a range on a group).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct MeaningError(pub String);

/// The atom vector of `U`, the leap to any square: the compiler turns it
/// into every leap that fits the board.
pub const UNIVERSAL: (i32, i32) = (0, 0);

/// Base vector of an atom letter, or the component atoms of a compound.
fn atom_parts(letter: char) -> (Vec<(i32, i32)>, bool) {
    // (vectors, rides by default)
    match letter {
        'W' => (vec![(0, 1)], false),
        'F' => (vec![(1, 1)], false),
        'D' => (vec![(0, 2)], false),
        'N' => (vec![(1, 2)], false),
        'A' => (vec![(2, 2)], false),
        'H' => (vec![(0, 3)], false),
        'G' => (vec![(3, 3)], false),
        'C' | 'L' => (vec![(1, 3)], false),
        'Z' | 'J' => (vec![(2, 3)], false),
        'K' => (vec![(0, 1), (1, 1)], false),
        'R' => (vec![(0, 1)], true),
        'B' => (vec![(1, 1)], true),
        'Q' => (vec![(0, 1), (1, 1)], true),
        // Every leap of the board: (0, 0) stands for them all until the
        // board is known (`UNIVERSAL`).
        'U' => (vec![UNIVERSAL], false),
        _ => (vec![], false),
    }
}

/// Converts a parsed notation into its program.
pub fn program(n: &Notation) -> Result<Program, MeaningError> {
    let mut alts = Vec::new();
    for chain in &n.chains {
        alts.push(chain_program(chain, &Modifiers::default(), false)?);
    }
    Ok(simplify(Program::Alt(alts)))
}

fn simplify(p: Program) -> Program {
    match p {
        Program::Alt(mut v) if v.len() == 1 => simplify(v.remove(0)),
        Program::Seq(mut v) if v.len() == 1 => simplify(v.remove(0)),
        Program::Alt(v) => {
            let mut out = Vec::new();
            for p in v {
                match simplify(p) {
                    Program::Alt(inner) => out.extend(inner),
                    other => out.push(other),
                }
            }
            Program::Alt(out)
        }
        Program::Seq(v) => Program::Seq(v.into_iter().map(simplify).collect()),
        Program::Repeat { body, min: 1, max: 1 } => simplify(*body),
        Program::Repeat { body, min, max } => Program::Repeat {
            body: Box::new(simplify(*body)),
            min,
            max,
        },
        leg => leg,
    }
}

fn count_of(a: &Again) -> u32 {
    match a.count {
        Some(Count::Finite(n)) => n,
        _ => 2,
    }
}

fn chain_program(chain: &Chain, outer: &Modifiers, relative: bool) -> Result<Program, MeaningError> {
    // `m` on the first leg of a multi-leg chain: stop at the first capture.
    let stop_rule = !chain.rest.is_empty()
        && chain.first.mods.moves
        && !chain.first.mods.captures
        && !chain.first.mods.shoots;
    let first = term_program(&chain.first, outer, relative, stop_rule)?;
    // Build the continuation right to left: each part is present only if the one
    // before it was taken; an exact count (`a!5`) makes its part compulsory.
    let mut tail: Option<Program> = None;
    for (again, term) in chain.rest.iter().rev() {
        let reps = count_of(again).saturating_sub(1).max(1);
        let leg = term_program(term, &Modifiers::default(), true, stop_rule)?;
        let rep = Program::Repeat {
            body: Box::new(leg),
            min: if again.exact { reps } else { 1 },
            max: reps,
        };
        let part = match tail.take() {
            Some(t) => Program::Seq(vec![rep, t]),
            None => rep,
        };
        tail = Some(if again.exact { part } else { optional(part) });
    }
    let body = match tail {
        Some(t) => Program::Seq(vec![first, t]),
        None => first,
    };
    Ok(match &chain.lead {
        None => body,
        Some(again) => {
            let n = count_of(again);
            Program::Repeat {
                body: Box::new(body),
                min: if again.exact { n } else { 1 },
                max: n,
            }
        }
    })
}

fn optional(p: Program) -> Program {
    Program::Repeat {
        body: Box::new(p),
        min: 0,
        max: 1,
    }
}

fn merge_mods(inner: &Modifiers, outer: &Modifiers) -> Modifiers {
    let mut m = inner.clone();
    if m.directions.is_empty() {
        m.directions = outer.directions.clone();
    }
    m.moves |= outer.moves;
    m.captures |= outer.captures;
    m.shoots |= outer.shoots;
    if m.hop.is_none() {
        m.hop = outer.hop;
    }
    m.lame |= outer.lame;
    m.jump |= outer.jump;
    m.initial |= outer.initial;
    m.en_passant |= outer.en_passant;
    m
}

fn term_program(
    term: &Term,
    outer: &Modifiers,
    relative: bool,
    stop_rule: bool,
) -> Result<Program, MeaningError> {
    let mods = merge_mods(&term.mods, outer);
    match &term.body {
        Body::Group(inner) => {
            if term.range.is_some() {
                return Err(MeaningError(format!(
                    "a range cannot follow a bracket group (`{term}`)"
                )));
            }
            let mut alts = Vec::new();
            for chain in &inner.chains {
                alts.push(chain_program(chain, &mods, relative)?);
            }
            Ok(Program::Alt(alts))
        }
        Body::Atom(atom) => {
            let (atoms, rides) = atom_parts(atom.letter);
            if atoms.is_empty() {
                return Err(MeaningError(format!("unknown atom `{}`", atom.letter)));
            }
            if atoms == [UNIVERSAL]
                && (term.range.is_some()
                    || mods.hop.is_some()
                    || mods.lame
                    || mods.jump
                    || mods.en_passant
                    || mods.shoots)
            {
                return Err(MeaningError(
                    "`U` (a leap to any square) takes directions and `m`/`c` only: no range, hop, `n`, `j`, `e` or `x`"
                        .into(),
                ));
            }
            let (min, max) = match term.range {
                None if rides || atom.rider => (1, u32::MAX),
                None => (1, 1),
                Some(Range::AtMost(Count::Infinite)) => (1, u32::MAX),
                Some(Range::AtMost(Count::Finite(n))) => (1, n),
                Some(Range::Exactly(n)) => (n, n),
                Some(Range::Between(a, b)) => (a, b),
            };
            let (mut moves, mut captures) = (mods.moves, mods.captures);
            if mods.shoots {
                // For a shot, "moves" means it may aim at an empty square (a pass).
                (moves, captures) = (moves || !captures, captures || !moves);
            } else if !moves && !captures {
                moves = true;
                captures = true;
            }
            if stop_rule && moves && !captures {
                captures = true;
            }
            Ok(Program::Leg(Leg {
                atoms,
                directions: mods.directions.clone(),
                relative,
                min,
                max,
                moves,
                captures,
                shoots: mods.shoots,
                hop: mods.hop,
                lame: mods.lame,
                jump: mods.jump,
                initial: mods.initial,
                en_passant: mods.en_passant,
                continues_after_capture: !stop_rule,
            }))
        }
    }
}

// ---------------------------------------------------------------------------
// Geometry: direction letters select vectors within a frame.

/// All distinct images of a base vector under the 8 board symmetries.
pub fn symmetric_images(v: (i32, i32)) -> Vec<(i32, i32)> {
    let (a, b) = v;
    let mut out: Vec<(i32, i32)> = Vec::with_capacity(8);
    for (x, y) in [
        (a, b),
        (-a, b),
        (a, -b),
        (-a, -b),
        (b, a),
        (-b, a),
        (b, -a),
        (-b, -a),
    ] {
        if !out.contains(&(x, y)) {
            out.push((x, y));
        }
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Token {
    /// An orthogonal direction letter (f b l r) standing alone.
    One(char),
    /// Two perpendicular letters: one diagonal, or one oblique move (major, minor).
    Pair(char, char),
    /// Oblique moves whose minor (short) component is this direction.
    Minor(char),
    /// Oblique moves with this direction as major or minor component.
    Half(char),
    All,
}

fn vertical(c: char) -> bool {
    c == 'f' || c == 'b'
}
fn horizontal(c: char) -> bool {
    c == 'l' || c == 'r'
}
fn perpendicular(a: char, b: char) -> bool {
    (vertical(a) && horizontal(b)) || (horizontal(a) && vertical(b))
}

fn tokens(letters: &str, oblique: bool) -> Vec<Token> {
    let cs: Vec<char> = letters.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        let n = cs.get(i + 1).copied();
        match (c, n) {
            ('v', _) => {
                out.push(Token::One('f'));
                out.push(Token::One('b'));
                i += 1;
            }
            ('s', _) => {
                out.push(Token::One('l'));
                out.push(Token::One('r'));
                i += 1;
            }
            ('h', _) => {
                out.push(Token::All);
                i += 1;
            }
            (c, Some(n)) if n == c => {
                out.push(Token::One(c));
                i += 2;
            }
            (c, Some('h')) if oblique => {
                out.push(Token::Half(c));
                i += 2;
            }
            (c, Some('s')) if oblique && vertical(c) => {
                out.push(Token::Minor(c));
                i += 2;
            }
            (c, Some('v')) if oblique && horizontal(c) => {
                out.push(Token::Minor(c));
                i += 2;
            }
            (c, Some(n)) if perpendicular(c, n) => {
                out.push(Token::Pair(c, n));
                i += 2;
            }
            (c, _) => {
                out.push(Token::One(c));
                i += 1;
            }
        }
    }
    out
}

/// Whether a vector, in frame coordinates (`x` to the right, `y` forward),
/// is selected by the direction letters.
pub fn selected(letters: &str, x: i32, y: i32) -> bool {
    if letters.is_empty() {
        return true;
    }
    let vdir = if y > 0 { 'f' } else { 'b' };
    let hdir = if x > 0 { 'r' } else { 'l' };
    if x == 0 || y == 0 {
        let d = if x == 0 { vdir } else { hdir };
        return tokens(letters, false).iter().any(|t| match t {
            Token::One(c) => *c == d,
            Token::Pair(a, b) => *a == d || *b == d,
            Token::All | Token::Half(_) | Token::Minor(_) => true,
        });
    }
    if x.abs() == y.abs() {
        return tokens(letters, false).iter().any(|t| match t {
            Token::One(c) => *c == vdir || *c == hdir,
            Token::Pair(a, b) => (*a == vdir && *b == hdir) || (*a == hdir && *b == vdir),
            _ => true,
        });
    }
    // Oblique: the major direction is along the longer component.
    let (major, minor) = if y.abs() > x.abs() {
        (vdir, hdir)
    } else {
        (hdir, vdir)
    };
    tokens(letters, true).iter().any(|t| match t {
        Token::One(c) => *c == major,
        Token::Pair(a, b) => *a == major && *b == minor,
        Token::Minor(c) => *c == minor,
        Token::Half(c) => *c == major || *c == minor,
        Token::All => true,
    })
}

/// A frame: the forward direction (any nonzero vector; only its direction
/// counts). Frame coordinates of `v`: y = v·d, x = v·r with r = d turned right.
pub fn to_frame(v: (i32, i32), forward: (i32, i32)) -> (i32, i32) {
    let (dx, dy) = forward;
    let (rx, ry) = (dy, -dx);
    (v.0 * rx + v.1 * ry, v.0 * dx + v.1 * dy)
}

/// The forward direction a continuation leg sees after a leg along `prev`:
/// the vector itself for orthogonal and diagonal moves, its longer orthogonal
/// component for oblique ones (so `ffN` after a knight jump keeps its class).
pub fn continuation_frame(prev: (i32, i32)) -> (i32, i32) {
    let (x, y) = prev;
    if x == 0 || y == 0 || x.abs() == y.abs() {
        (x.signum(), y.signum())
    } else if y.abs() > x.abs() {
        (0, y.signum())
    } else {
        (x.signum(), 0)
    }
}

impl Leg {
    /// Absolute vectors of this leg in a frame whose forward is `forward`.
    pub fn vectors(&self, forward: (i32, i32)) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for &atom in &self.atoms {
            for v in symmetric_images(atom) {
                let (x, y) = to_frame(v, forward);
                if selected(&self.directions, x, y) && !out.contains(&v) {
                    out.push(v);
                }
            }
        }
        out
    }

    /// Whether the leg is a plain single vector per direction, ridden or leapt.
    pub fn is_rider(&self) -> bool {
        self.max > 1
    }
}

impl Program {
    /// Every leg in the program, in order of appearance.
    pub fn legs(&self) -> Vec<&Leg> {
        let mut out = Vec::new();
        fn walk<'a>(p: &'a Program, out: &mut Vec<&'a Leg>) {
            match p {
                Program::Leg(l) => out.push(l),
                Program::Seq(v) | Program::Alt(v) => v.iter().for_each(|p| walk(p, out)),
                Program::Repeat { body, .. } => walk(body, out),
            }
        }
        walk(self, &mut out);
        out
    }

    /// The alternatives of the program if each is a single leg (a "simple" piece).
    pub fn simple_legs(&self) -> Option<Vec<&Leg>> {
        match self {
            Program::Leg(l) => Some(vec![l]),
            Program::Alt(v) => {
                let mut out = Vec::new();
                for p in v {
                    out.extend(p.simple_legs()?);
                }
                Some(out)
            }
            _ => None,
        }
    }
}
