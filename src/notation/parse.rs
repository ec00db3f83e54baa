//! Text → [`Notation`] with the pest grammar in `grammar/betza.pest`.

use pest::Parser;
use pest::iterators::Pair;

use super::ast::*;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/betza.pest"]
struct BetzaParser;

/// A notation string that does not parse: where (byte offset and char column
/// within the string) and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} (at column {column})")]
pub struct NotationError {
    /// Byte offset into the string.
    pub offset: usize,
    /// 1-based character column.
    pub column: usize,
    /// What was expected there.
    pub message: String,
}

fn rule_words(rule: &Rule) -> String {
    match rule {
        Rule::EOI => "end of notation".into(),
        Rule::union | Rule::chain | Rule::term | Rule::notation => {
            "a move term such as W, fR5 or [FD]".into()
        }
        Rule::again => "`a` (join another leg)".into(),
        Rule::group => "a bracket group `[ … ]`".into(),
        Rule::atom | Rule::rider | Rule::leaper => "an atom (W F D N A H G C Z L J K Q R B)".into(),
        Rule::direction
        | Rule::modality
        | Rule::hop
        | Rule::pp
        | Rule::p_count
        | Rule::p_plain
        | Rule::grasshopper
        | Rule::lameness
        | Rule::initial
        | Rule::en_passant => "a modifier (f b l r v s h, m c x, p g, n j, i e)".into(),
        Rule::range | Rule::between => "a range such as 5, 4! or (2≤n≤4)".into(),
        Rule::count | Rule::number => "a number".into(),
        Rule::infinity => "∞".into(),
        Rule::exact => "`!`".into(),
        Rule::modifier => "a modifier".into(),
        Rule::le => "≤".into(),
    }
}

/// Deepest nesting of bracket groups (the parser and the meaning recurse on it).
pub const MAX_GROUP_DEPTH: usize = 16;

/// Longest notation string read.
pub const MAX_NOTATION_BYTES: usize = 4096;

/// Refuses groups nested deeper than [`MAX_GROUP_DEPTH`] before the parser
/// recurses into them.
fn check_depth(text: &str) -> Result<(), NotationError> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '[' => {
                depth += 1;
                if depth > MAX_GROUP_DEPTH {
                    return Err(NotationError {
                        offset: i,
                        column: text[..i].chars().count() + 1,
                        message: format!("groups `[ … ]` nested more than {MAX_GROUP_DEPTH} deep"),
                    });
                }
            }
            ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

/// Parses a notation string in chimera's (the Ko shogi seed's) dialect.
pub fn parse(text: &str) -> Result<Notation, NotationError> {
    if text.trim().is_empty() {
        return Err(NotationError {
            offset: 0,
            column: 1,
            message: "empty notation: expected a move term such as W, fR5 or [FD]".into(),
        });
    }
    check_depth(text)?;
    if text.len() > MAX_NOTATION_BYTES {
        return Err(NotationError {
            offset: MAX_NOTATION_BYTES,
            column: text[..MAX_NOTATION_BYTES].chars().count() + 1,
            message: format!("a notation is at most {MAX_NOTATION_BYTES} bytes long"),
        });
    }
    let mut pairs = BetzaParser::parse(Rule::notation, text).map_err(|e| {
        let offset = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((p, _)) => p,
        };
        let found = text[offset..]
            .chars()
            .next()
            .map(|c| format!("`{c}`"))
            .unwrap_or_else(|| "the end".into());
        let message = match &e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => {
                let mut want: Vec<String> = Vec::new();
                for w in positives.iter().map(rule_words) {
                    if !want.contains(&w) {
                        want.push(w);
                    }
                }
                if want.is_empty() {
                    format!("unexpected {found}")
                } else {
                    format!("found {found}, expected {}", want.join(" or "))
                }
            }
            pest::error::ErrorVariant::CustomError { message } => message.clone(),
        };
        NotationError {
            offset,
            column: text[..offset].chars().count() + 1,
            message,
        }
    })?;
    let notation = pairs.next().expect("grammar: notation rule");
    let union = notation.into_inner().next().expect("grammar: union");
    let result = build_union(union, text)?;
    check_counts(&result, text)?;
    Ok(result)
}

fn err_at(text: &str, offset: usize, message: String) -> NotationError {
    NotationError {
        offset,
        column: text[..offset.min(text.len())].chars().count() + 1,
        message,
    }
}

fn build_union(pair: Pair<Rule>, text: &str) -> Result<Notation, NotationError> {
    let mut chains = Vec::new();
    for chain in pair.into_inner() {
        chains.push(build_chain(chain, text)?);
    }
    Ok(Notation { chains })
}

fn build_chain(pair: Pair<Rule>, text: &str) -> Result<Chain, NotationError> {
    let mut lead = None;
    let mut first = None;
    let mut rest = Vec::new();
    let mut pending: Option<Again> = None;
    for item in pair.into_inner() {
        match item.as_rule() {
            Rule::again => {
                let again = build_again(item, text)?;
                if first.is_none() {
                    lead = Some(again);
                } else {
                    pending = Some(again);
                }
            }
            Rule::term => {
                let term = build_term(item, text)?;
                if first.is_none() {
                    first = Some(term);
                } else {
                    let again = pending.take().expect("grammar: again before term");
                    rest.push((again, term));
                }
            }
            _ => unreachable!("grammar: chain holds again and term"),
        }
    }
    Ok(Chain {
        lead,
        first: first.expect("grammar: chain has a term"),
        rest,
    })
}

fn build_count(pair: Pair<Rule>, text: &str) -> Result<Count, NotationError> {
    let inner = pair.into_inner().next().expect("grammar: count");
    match inner.as_rule() {
        Rule::number => {
            let n: u32 = inner.as_str().parse().map_err(|_| {
                err_at(
                    text,
                    inner.as_span().start(),
                    format!("number `{}` is too large", inner.as_str()),
                )
            })?;
            if n > 1000 {
                return Err(err_at(
                    text,
                    inner.as_span().start(),
                    format!("number {n} is too large (at most 1000)"),
                ));
            }
            Ok(Count::Finite(n))
        }
        _ => Ok(Count::Infinite),
    }
}

fn build_again(pair: Pair<Rule>, text: &str) -> Result<Again, NotationError> {
    let mut again = Again {
        count: None,
        exact: false,
        bang_first: false,
    };
    for item in pair.into_inner() {
        match item.as_rule() {
            Rule::exact => {
                again.exact = true;
                if again.count.is_none() {
                    again.bang_first = true;
                }
            }
            Rule::count => again.count = Some(build_count(item, text)?),
            _ => unreachable!(),
        }
    }
    Ok(again)
}

fn build_term(pair: Pair<Rule>, text: &str) -> Result<Term, NotationError> {
    let mut mods = Modifiers::default();
    let mut body = None;
    let mut range = None;
    for item in pair.into_inner() {
        let at = item.as_span().start();
        match item.as_rule() {
            Rule::direction => mods.directions.push_str(item.as_str()),
            Rule::modality => {
                let flag = match item.as_str() {
                    "m" => &mut mods.moves,
                    "c" => &mut mods.captures,
                    _ => &mut mods.shoots,
                };
                if *flag {
                    return Err(err_at(
                        text,
                        at,
                        format!("modifier `{}` is repeated", item.as_str()),
                    ));
                }
                *flag = true;
            }
            Rule::hop => {
                if mods.hop.is_some() {
                    return Err(err_at(text, at, "two hop modifiers on one term".into()));
                }
                let inner = item.into_inner().next().expect("grammar: hop");
                mods.hop = Some(match inner.as_rule() {
                    Rule::pp => Hop::Any,
                    Rule::p_plain => Hop::One,
                    Rule::grasshopper => Hop::Grasshopper,
                    _ => {
                        let count = inner.into_inner().next().expect("grammar: p count");
                        match build_count(count, text)? {
                            Count::Finite(n) => Hop::AtMost(n),
                            Count::Infinite => Hop::Any,
                        }
                    }
                });
            }
            Rule::lameness => {
                if item.as_str() == "n" {
                    mods.lame = true
                } else {
                    mods.jump = true
                }
            }
            Rule::initial => mods.initial = true,
            Rule::en_passant => mods.en_passant = true,
            Rule::atom => {
                let inner = item.into_inner().next().expect("grammar: atom");
                let s = inner.as_str();
                let letter = s.chars().next().expect("atom letter");
                body = Some(Body::Atom(Atom {
                    letter,
                    rider: inner.as_rule() == Rule::rider,
                }));
            }
            Rule::group => {
                let union = item.into_inner().next().expect("grammar: group union");
                body = Some(Body::Group(build_union(union, text)?));
            }
            Rule::range => {
                let mut inner = item.into_inner();
                let first = inner.next().expect("grammar: range");
                range = Some(match first.as_rule() {
                    Rule::between => {
                        let mut counts = first.into_inner();
                        let lo = build_count(counts.next().expect("lo"), text)?;
                        let hi = build_count(counts.next().expect("hi"), text)?;
                        match (lo, hi) {
                            (Count::Finite(lo), Count::Finite(hi)) if lo >= 1 && lo <= hi => {
                                Range::Between(lo, hi)
                            }
                            (Count::Finite(lo), Count::Infinite) if lo >= 1 => {
                                // R(2≤n≤∞): at least two, unbounded.
                                Range::Between(lo, u32::MAX)
                            }
                            _ => {
                                return Err(err_at(text, at, "a range (a≤n≤b) needs 1 ≤ a ≤ b".into()));
                            }
                        }
                    }
                    _ => {
                        let count = build_count(first, text)?;
                        let exact = inner.next().is_some();
                        match (count, exact) {
                            (Count::Finite(0), _) => {
                                return Err(err_at(text, at, "a range must be at least 1".into()));
                            }
                            (Count::Finite(n), true) => Range::Exactly(n),
                            (Count::Infinite, true) => {
                                return Err(err_at(
                                    text,
                                    at,
                                    "`∞!` is not a range: exactly-infinite makes no sense".into(),
                                ));
                            }
                            (c, false) => Range::AtMost(c),
                        }
                    }
                });
            }
            _ => unreachable!("grammar: unexpected rule in term"),
        }
    }
    Ok(Term {
        mods,
        body: body.expect("grammar: term body"),
        range,
    })
}

/// Leg counts must allow at least one leg; `a1` would be a chain of one.
fn check_counts(n: &Notation, text: &str) -> Result<(), NotationError> {
    fn again_ok(a: &Again) -> bool {
        !matches!(a.count, Some(Count::Finite(0)) | Some(Count::Infinite))
    }
    for chain in &n.chains {
        let bad = chain.lead.iter().chain(chain.rest.iter().map(|(a, _)| a));
        for a in bad {
            if !again_ok(a) {
                return Err(err_at(
                    text,
                    0,
                    format!("leg count in `{a}` must be a number of at least 1"),
                ));
            }
        }
        for t in std::iter::once(&chain.first).chain(chain.rest.iter().map(|(_, t)| t)) {
            if let Body::Group(inner) = &t.body {
                check_counts(inner, text)?;
            }
        }
    }
    Ok(())
}
