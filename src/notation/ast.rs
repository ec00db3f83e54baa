//! The typed syntax tree of a piece-move notation string.
//!
//! The tree keeps what was written (direction letters in their order, the exact
//! range form) so that printing it gives back the same tree. Meanings — which
//! vectors a direction set selects, how legs chain — are in `meaning.rs`.

use std::fmt;

/// A whole notation string: the union of its chains (`WfF` = `W` or `fF`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Notation {
    /// The alternatives, in the order written.
    pub chains: Vec<Chain>,
}

/// Legs joined by `a`: `mKa3K`, `Fa[cxQ3]`, or a lone term such as `R5`.
/// A leading `a` (`aK`, `a!5W`, `a[DA]acxK`) repeats the whole chain.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Chain {
    /// A leading `a` that repeats the whole chain.
    pub lead: Option<Again>,
    /// The first leg.
    pub first: Term,
    /// Further legs, each after its `a`.
    pub rest: Vec<(Again, Term)>,
}

/// The `a` connector with its optional leg count (`a`, `a3`, `a!5`, `a3!`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Again {
    /// The leg count, if written (`a3` = up to three legs in all).
    pub count: Option<Count>,
    /// `!`: exactly that many legs.
    pub exact: bool,
    /// Whether `!` was written before the count (`a!5`) rather than after (`a5!`).
    pub bang_first: bool,
}

/// A count: a number or `∞` (`inf`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Count {
    /// A number.
    Finite(u32),
    /// No limit.
    Infinite,
}

/// Modifiers, then an atom or a bracket group, then an optional range.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Term {
    /// Direction, modality and other modifier letters.
    pub mods: Modifiers,
    /// The atom or group.
    pub body: Body,
    /// A range or count after the atom (`R5`, `R4!`).
    pub range: Option<Range>,
}

/// What a term moves by.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Body {
    /// One atom letter (`W`, `NN`).
    Atom(Atom),
    /// A bracket group `[ … ]`: a sub-move.
    Group(Notation),
}

/// A Betza atom letter; `rider` when doubled (`WW`, `NN`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Atom {
    /// The atom letter (`W F D N A H G C Z L J K Q R B`).
    pub letter: char,
    /// Doubled: rides (`WW` = `R`).
    pub rider: bool,
}

/// How a hopper treats the pieces on its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Hop {
    /// `p`: exactly one screen (standard Betza cannon).
    One,
    /// `p3`: at most n pieces hopped.
    AtMost(u32),
    /// `pp` (= p∞): any number of pieces hopped.
    Any,
    /// `g`: grasshopper, lands on the square just past the screen.
    Grasshopper,
}

/// The letters before an atom or group.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Modifiers {
    /// Direction letters (`f b l r v s h`) in the order written.
    pub directions: String,
    /// `m`: moves (without capturing).
    pub moves: bool,
    /// `c`: captures.
    pub captures: bool,
    /// `x`: shoots (captures without moving).
    pub shoots: bool,
    /// `p`, `pN`, `pp`, `g`: hops.
    pub hop: Option<Hop>,
    /// `n`: lame (blocked by an occupied intermediate square).
    pub lame: bool,
    /// `j`: must jump (intermediate square occupied).
    pub jump: bool,
    /// `i`: only from the piece's initial squares.
    pub initial: bool,
    /// `e`: en passant capture.
    pub en_passant: bool,
}

/// A range after an atom: `R5` = 1..=5, `R4!` = 4..=4, `R(2≤n≤4)`, `R∞`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Range {
    /// `R5`, `R∞`: up to n steps.
    AtMost(Count),
    /// `R4!`: exactly n steps.
    Exactly(u32),
    /// `R(2≤n≤4)`: between a and b steps; `b` is `u32::MAX` for `R(2≤n≤∞)`.
    Between(u32, u32),
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Count::Finite(n) => write!(f, "{n}"),
            Count::Infinite => write!(f, "∞"),
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for chain in &self.chains {
            write!(f, "{chain}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Again {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a")?;
        match (self.count, self.exact, self.bang_first) {
            (Some(c), true, true) => write!(f, "!{c}"),
            (Some(c), true, false) => write!(f, "{c}!"),
            (Some(c), false, _) => write!(f, "{c}"),
            (None, _, _) => Ok(()),
        }
    }
}

impl fmt::Display for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(lead) = &self.lead {
            write!(f, "{lead}")?;
        }
        write!(f, "{}", self.first)?;
        for (again, term) in &self.rest {
            write!(f, "{again}{term}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.mods)?;
        match &self.body {
            Body::Atom(atom) => {
                write!(f, "{}", atom.letter)?;
                if atom.rider {
                    write!(f, "{}", atom.letter)?;
                }
            }
            Body::Group(inner) => write!(f, "[{inner}]")?,
        }
        match self.range {
            None => Ok(()),
            Some(Range::AtMost(c)) => write!(f, "{c}"),
            Some(Range::Exactly(n)) => write!(f, "{n}!"),
            Some(Range::Between(a, u32::MAX)) => write!(f, "({a}≤n≤∞)"),
            Some(Range::Between(a, b)) => write!(f, "({a}≤n≤{b})"),
        }
    }
}

impl fmt::Display for Modifiers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.initial {
            f.write_str("i")?;
        }
        f.write_str(&self.directions)?;
        if self.moves {
            f.write_str("m")?;
        }
        if self.captures {
            f.write_str("c")?;
        }
        if self.shoots {
            f.write_str("x")?;
        }
        match self.hop {
            None => {}
            Some(Hop::One) => f.write_str("p")?,
            Some(Hop::AtMost(n)) => write!(f, "p{n}")?,
            Some(Hop::Any) => f.write_str("pp")?,
            Some(Hop::Grasshopper) => f.write_str("g")?,
        }
        if self.lame {
            f.write_str("n")?;
        }
        if self.jump {
            f.write_str("j")?;
        }
        if self.en_passant {
            f.write_str("e")?;
        }
        Ok(())
    }
}
