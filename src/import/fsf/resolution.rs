//! Inheritance: a section's parents, built-in or earlier in the file,
//! resolved first.

use std::collections::BTreeSet;

use super::parse::{Reader, apply};
use super::properties::Model;
use crate::Diagnostic;
use crate::import::ini::{self, Ini, Section};

const BUILTINS: &str = include_str!("../fsf_builtins.ini");

fn builtins() -> Ini {
    // The file is part of the program; tests check that it reads.
    ini::parse("fsf_builtins.ini", BUILTINS).unwrap_or(Ini {
        file: String::new(),
        text: String::new(),
        sections: Vec::new(),
    })
}

/// Names of Fairy-Stockfish's built-in variants (pyffish 0.0.90), which an
/// ini section may not redefine.
pub const BUILTIN_NAMES: &[&str] = &[
    "3check",
    "5check",
    "ai-wok",
    "almost",
    "amazon",
    "amazons",
    "antichess",
    "armageddon",
    "asean",
    "ataxx",
    "atomar",
    "atomic",
    "berolina",
    "breakthrough",
    "bughouse",
    "cambodian",
    "capablanca",
    "capahouse",
    "caparandom",
    "centaur",
    "chancellor",
    "chaturanga",
    "checkshogi",
    "chess",
    "chessgi",
    "chigorin",
    "clobber",
    "clobber10",
    "codrus",
    "coregal",
    "courier",
    "crazyhouse",
    "dobutsu",
    "dragon",
    "duck",
    "embassy",
    "euroshogi",
    "extinction",
    "fairy",
    "fischerandom",
    "flipello",
    "flipello10",
    "flipersi",
    "fox-and-hounds",
    "gardner",
    "georgian",
    "giveaway",
    "gorogoro",
    "gothic",
    "grand",
    "grasshopper",
    "gustav3",
    "hoppelpoppel",
    "horde",
    "isolation",
    "isolation7x7",
    "janggi",
    "janggicasual",
    "janggimodern",
    "janggitraditional",
    "janus",
    "jesonmor",
    "joust",
    "judkins",
    "karouk",
    "kinglet",
    "kingofthehill",
    "knightmate",
    "koedem",
    "kyotoshogi",
    "legan",
    "loop",
    "losalamos",
    "losers",
    "makpong",
    "makruk",
    "manchu",
    "micro",
    "mini",
    "minishogi",
    "minixiangqi",
    "misere",
    "modern",
    "newzealand",
    "nightrider",
    "nocastle",
    "nocheckatomic",
    "normal",
    "okisakishogi",
    "omicron",
    "opulent",
    "paradigm",
    "pawnback",
    "pawnsideways",
    "perfect",
    "petrified",
    "placement",
    "pocketknight",
    "raazuvaa",
    "racingkings",
    "seirawan",
    "shako",
    "shatar",
    "shatranj",
    "shogi",
    "shoshogi",
    "shouse",
    "sittuyin",
    "snailtrail",
    "sortofalmost",
    "spartan",
    "suicide",
    "supply",
    "tencubed",
    "threekings",
    "torishogi",
    "torpedo",
    "troitzky",
    "wolf",
    "xiangqi",
    "yarishogi",
];

/// Resolves one section of `ini` (by index): its parents first, built-in
/// or earlier in the file, as Fairy-Stockfish does.
#[allow(clippy::result_large_err)] // one diagnostic per section or file: its size costs nothing
pub fn resolve(ini: &Ini, index: usize) -> Result<Model, Diagnostic> {
    let section = &ini.sections[index];
    if BUILTIN_NAMES.contains(&section.name.as_str()) {
        return Err(ini
            .error(
                section.span.clone(),
                format!(
                    "`{}` is one of Fairy-Stockfish's built-in variants: it ignores this section",
                    section.name
                ),
            )
            .help("give the variant a name of its own"));
    }
    if let Some(first) = ini.sections[..index].iter().position(|s| s.name == section.name) {
        return Err(ini.error(
            section.span.clone(),
            format!(
                "a second section `{}` (the first is on line {}): Fairy-Stockfish ignores it",
                section.name, ini.sections[first].line
            ),
        ));
    }
    // The chain of ini sections, nearest first.
    let mut chain = vec![index];
    let mut builtin_parent: Option<String> = None;
    loop {
        let cur = &ini.sections[*chain.last().unwrap_or(&index)];
        let Some(p) = &cur.parent else { break };
        let here = *chain.last().unwrap_or(&index);
        let span = cur.parent_span.clone().unwrap_or(cur.span.clone());
        if let Some(pi) = ini.sections[..here].iter().position(|s| &s.name == p) {
            chain.push(pi);
            continue;
        }
        if BUILTIN_NAMES.contains(&p.as_str()) {
            builtin_parent = Some(p.clone());
            break;
        }
        if let Some(later) = ini.sections.iter().position(|s| &s.name == p) {
            // Defined below: a cycle if following it comes back here.
            let mut seen = BTreeSet::from([here]);
            let mut at = later;
            loop {
                if !seen.insert(at) {
                    return Err(ini.error(
                        span,
                        format!(
                            "inheritance cycle: `{}` comes back to itself through `{p}`",
                            cur.name
                        ),
                    ));
                }
                match ini.sections[at]
                    .parent
                    .as_ref()
                    .and_then(|q| ini.sections.iter().position(|s| &s.name == q))
                {
                    Some(n) => at = n,
                    None => break,
                }
            }
            return Err(ini.error(span, format!("parent `{p}` is defined further down: Fairy-Stockfish reads a parent only when it is above")));
        }
        return Err(ini
            .error(span, format!("unknown parent variant `{p}`"))
            .help("a parent is a section above this one or one of Fairy-Stockfish's built-in variants"));
    }
    let mut model = match &builtin_parent {
        Some(b) => builtin_model(b, ini, &ini.sections[*chain.last().unwrap_or(&index)])?,
        None => Model::base(&section.name, false),
    };
    for &i in chain.iter().rev() {
        apply(
            &mut model,
            &Reader {
                ini,
                section: &ini.sections[i],
                builtin: false,
            },
        )?;
    }
    model.name = section.name.clone();
    model.parents = chain[1..]
        .iter()
        .map(|&i| ini.sections[i].name.clone())
        .chain(builtin_parent)
        .collect();
    Ok(model)
}

/// The model of one of Fairy-Stockfish's built-in variants, by name
/// (`None` for a name chimera does not know the settings of).
pub(super) fn builtin_model_named(name: &str) -> Option<Model> {
    let b = builtins();
    let s = b.sections.iter().find(|s| s.name == name)?.clone();
    builtin_model(name, &b, &s).ok()
}

#[allow(clippy::result_large_err)] // one diagnostic per section or file: its size costs nothing
fn builtin_model(name: &str, ini: &Ini, child: &Section) -> Result<Model, Diagnostic> {
    let b = builtins();
    let Some(idx) = b.sections.iter().position(|s| s.name == name) else {
        let span = child.parent_span.clone().unwrap_or(child.span.clone());
        return Err(ini.error(span, format!("chimera does not know the settings of Fairy-Stockfish's built-in `{name}` yet"))
            .help("import a section whose parents are in the file, or one of: chess, crazyhouse, giveaway, antichess, extinction, nocheckatomic, atomic, 3check, kingofthehill, racingkings, makruk, pocketknight, placement, minishogi, gorogoro, shogi, losalamos, gardner, breakthrough, capablanca, janus, grand, xiangqi, janggi, amazons, ataxx, flipersi, flipello, snailtrail"));
    };
    let mut chain = vec![idx];
    while let Some(p) = &b.sections[*chain.last().unwrap_or(&idx)].parent {
        match b.sections.iter().position(|s| &s.name == p) {
            Some(i) if !chain.contains(&i) => chain.push(i),
            _ => break,
        }
    }
    let mut m = Model::base(name, true);
    for &i in chain.iter().rev() {
        apply(
            &mut m,
            &Reader {
                ini: &b,
                section: &b.sections[i],
                builtin: true,
            },
        )?;
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_read() {
        let b = ini::parse("b.ini", BUILTINS).unwrap();
        for (i, s) in b.sections.iter().enumerate() {
            let _ = i;
            builtin_model(&s.name, &b, s).unwrap_or_else(|d| panic!("{}: {}", s.name, d.message));
        }
    }
}
