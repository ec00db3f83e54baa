//! Inheritance: a section's parents, built-in or earlier in the file,
//! resolved first.

use std::collections::{BTreeSet, HashMap};

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
/// or earlier in the file, as Fairy-Stockfish does. To resolve many
/// sections of one file, use one [`Resolver`]: each section is resolved
/// once there.
#[allow(clippy::result_large_err)] // one diagnostic per section or file: its size costs nothing
pub fn resolve(ini: &Ini, index: usize) -> Result<Model, Diagnostic> {
    Resolver::new(ini).resolve(index)
}

/// Of a chain of parents longer than this, the model names the nearest
/// ones and the root (a rules file's first line lists them).
pub const PARENTS_NAMED: usize = 8;

/// The models of a file's sections, each resolved once: a section's model
/// is its parent's, resolved before and kept, with its own keys applied —
/// so resolving every section costs time linear in their number, whatever
/// their chains (a chain of 1,000 sections, each inheriting from the one
/// above, took 9.8 s to import when each section walked and applied its
/// whole chain). A parent's model is kept only until its last child is
/// resolved, and at most [`KEPT_MODELS`] at once (past that, a section is
/// resolved again from its nearest kept ancestor).
pub struct Resolver<'a> {
    ini: &'a Ini,
    /// The parent of each section in the file (the first section of that
    /// name, above it), if any.
    parent: Vec<Option<usize>>,
    /// The first section of each name.
    first: HashMap<&'a str, usize>,
    /// Each section's topmost ancestor in the file (itself when it has no
    /// parent there) and the number of its parents in the file.
    root: Vec<(usize, usize)>,
    /// Sections resolved once.
    done: Vec<bool>,
    /// Resolved models (name and parents not yet set), kept while a child
    /// of the section is not resolved; or the section whose error this
    /// section's resolution stops at.
    memo: Vec<Option<Result<Model, usize>>>,
    /// Children of each section not resolved yet.
    pending: Vec<usize>,
    /// The first error of each section that has one of its own.
    errors: HashMap<usize, Diagnostic>,
    /// Built-in parents' models, by name.
    builtin: HashMap<String, Model>,
    kept: usize,
}

/// How many resolved models a [`Resolver`] keeps at most.
pub const KEPT_MODELS: usize = 1024;

/// A section's step up its chain.
enum Step {
    /// No parent: Fairy-Stockfish's defaults.
    Root,
    /// A section above.
    File(usize),
    /// One of Fairy-Stockfish's built-in variants.
    Builtin(String),
}

impl<'a> Resolver<'a> {
    /// A resolver of `ini`'s sections.
    pub fn new(ini: &'a Ini) -> Resolver<'a> {
        let mut first = HashMap::new();
        for (i, s) in ini.sections.iter().enumerate() {
            first.entry(s.name.as_str()).or_insert(i);
        }
        let n = ini.sections.len();
        let mut parent = vec![None; n];
        let mut pending = vec![0; n];
        let mut root = Vec::with_capacity(n);
        for (i, s) in ini.sections.iter().enumerate() {
            match s.parent.as_deref().and_then(|p| first.get(p)) {
                Some(&pi) if pi < i => {
                    parent[i] = Some(pi);
                    pending[pi] += 1;
                    let (r, depth) = root[pi];
                    root.push((r, depth + 1));
                }
                _ => root.push((i, 0)),
            }
        }
        Resolver {
            ini,
            parent,
            first,
            root,
            done: vec![false; n],
            memo: (0..n).map(|_| None).collect(),
            pending,
            errors: HashMap::new(),
            builtin: HashMap::new(),
            kept: 0,
        }
    }

    /// The file.
    pub fn ini(&self) -> &'a Ini {
        self.ini
    }

    /// Section `index`'s model, its parents resolved first.
    #[allow(clippy::result_large_err)] // one diagnostic per section or file: its size costs nothing
    pub fn resolve(&mut self, index: usize) -> Result<Model, Diagnostic> {
        let ini = self.ini;
        let section = &ini.sections[index];
        let first = self.first.get(section.name.as_str()).copied().unwrap_or(index);
        if BUILTIN_NAMES.contains(&section.name.as_str()) || first < index {
            // Refused by its name: no child of its parent waits for it.
            self.settle(index);
        }
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
        if first < index {
            return Err(ini.error(
                section.span.clone(),
                format!(
                    "a second section `{}` (the first is on line {}): Fairy-Stockfish ignores it",
                    section.name, ini.sections[first].line
                ),
            ));
        }
        let mut model = match self.chain_model(index) {
            Ok(m) => m,
            Err(at) => return Err(self.errors[&at].clone()),
        };
        model.name = section.name.clone();
        (model.parents, model.parents_in_chain) = self.parent_names(index);
        Ok(model)
    }

    /// The parents' names, nearest first — all of them, or of a longer
    /// chain than [`PARENTS_NAMED`] the nearest ones and the root — and
    /// how many there are.
    fn parent_names(&self, index: usize) -> (Vec<String>, usize) {
        let name = |i: usize| self.ini.sections[i].name.clone();
        let mut names = Vec::new();
        let mut at = index;
        while let Some(p) = self.parent[at]
            && names.len() < PARENTS_NAMED
        {
            names.push(name(p));
            at = p;
        }
        let (root, depth) = self.root[index];
        let builtin = self.ini.sections[root]
            .parent
            .clone()
            .filter(|_| self.parent[root].is_none());
        let total = depth + usize::from(builtin.is_some());
        let last = builtin.clone().unwrap_or_else(|| name(root));
        if let Some(b) = builtin
            && names.len() < PARENTS_NAMED
        {
            names.push(b);
        }
        if total > PARENTS_NAMED {
            names.truncate(PARENTS_NAMED - 1);
            names.push(last);
        }
        (names, total)
    }

    /// The model section `index`'s chain gives it (or the section whose
    /// error stops it): up to the nearest section resolved before (or
    /// the chain's root), then down again, each section's keys applied.
    fn chain_model(&mut self, index: usize) -> Result<Model, usize> {
        let mut path = Vec::new();
        let mut at = index;
        let mut base = loop {
            if let Some(r) = &self.memo[at] {
                break r.clone();
            }
            path.push(at);
            match self.step(at) {
                Err(d) => {
                    self.errors.insert(at, d);
                    break Err(at);
                }
                Ok(Step::File(p)) => at = p,
                Ok(Step::Root) => break Ok(Model::base(&self.ini.sections[at].name, false)),
                Ok(Step::Builtin(b)) => {
                    if let Some(m) = self.builtin.get(&b) {
                        break Ok(m.clone());
                    }
                    match builtin_model(&b, self.ini, &self.ini.sections[at]) {
                        Ok(m) => {
                            self.builtin.insert(b, m.clone());
                            break Ok(m);
                        }
                        Err(d) => {
                            self.errors.insert(at, d);
                            break Err(at);
                        }
                    }
                }
            }
        };
        // Down the path: the root-most section first.
        for &i in path.iter().rev() {
            if let Ok(m) = &mut base {
                let r = Reader {
                    ini: self.ini,
                    section: &self.ini.sections[i],
                    builtin: false,
                };
                if let Err(d) = apply(m, &r) {
                    self.errors.insert(i, d);
                    base = Err(i);
                }
            }
            self.keep(i, &base);
        }
        base
    }

    /// Section `i` resolved: its parent may be let go, and its own model
    /// is kept while a child of it waits.
    fn keep(&mut self, i: usize, r: &Result<Model, usize>) {
        if !self.settle(i) || self.pending[i] == 0 {
            return;
        }
        match r {
            Ok(m) if self.kept < KEPT_MODELS => {
                self.memo[i] = Some(Ok(m.clone()));
                self.kept += 1;
            }
            Ok(_) => {}
            Err(at) => self.memo[i] = Some(Err(*at)),
        }
    }

    /// Section `i` resolved (or refused) for the first time: true then,
    /// and its parent's model is let go once no child of it waits.
    fn settle(&mut self, i: usize) -> bool {
        if std::mem::replace(&mut self.done[i], true) {
            return false;
        }
        if let Some(p) = self.parent[i] {
            self.pending[p] = self.pending[p].saturating_sub(1);
            if self.pending[p] == 0 && matches!(self.memo[p], Some(Ok(_))) {
                self.memo[p] = None;
                self.kept -= 1;
            }
        }
        true
    }

    /// Section `here`'s parent: none, a section above, or a built-in; an
    /// error for one defined below, a cycle, or an unknown name.
    #[allow(clippy::result_large_err)] // one diagnostic per section or file: its size costs nothing
    fn step(&self, here: usize) -> Result<Step, Diagnostic> {
        let ini = self.ini;
        let cur = &ini.sections[here];
        let Some(p) = &cur.parent else {
            return Ok(Step::Root);
        };
        if let Some(pi) = self.parent[here] {
            return Ok(Step::File(pi));
        }
        if BUILTIN_NAMES.contains(&p.as_str()) {
            return Ok(Step::Builtin(p.clone()));
        }
        let span = cur.parent_span.clone().unwrap_or(cur.span.clone());
        if let Some(&later) = self.first.get(p.as_str()) {
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
                    .and_then(|q| self.first.get(q.as_str()))
                {
                    Some(&n) => at = n,
                    None => break,
                }
            }
            return Err(ini.error(span, format!("parent `{p}` is defined further down: Fairy-Stockfish reads a parent only when it is above")));
        }
        Err(ini
            .error(span, format!("unknown parent variant `{p}`"))
            .help("a parent is a section above this one or one of Fairy-Stockfish's built-in variants"))
    }
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

    /// One resolver over a file resolves each section as resolving it
    /// alone does — models, parents and errors — keeping a model only
    /// while a child of its section waits.
    #[test]
    fn a_resolver_resolves_as_each_section_alone() {
        let mut text = String::from("[v0:chess]\ncastling = false\n");
        for i in 1..300 {
            let parent = match i {
                100 => "nowhere".to_string(),
                200 => "v250".to_string(),
                _ => format!("v{}", i - 1),
            };
            text.push_str(&format!("[v{i}:{parent}]\nmaxRank = {}\n", 6 + i % 3));
        }
        text.push_str("[v5:v4]\n[chess]\n[late:chess]\n[bad:v4]\nmaxRank = x\n[after:bad]\n");
        let ini = ini::parse("chain.ini", &text).unwrap();
        let mut r = Resolver::new(&ini);
        for i in 0..ini.sections.len() {
            let shared = r.resolve(i);
            // The last section's, and v4's: two children of it come last.
            assert!(r.kept <= 2, "{} models kept at {i}", r.kept);
            match (shared, resolve(&ini, i)) {
                (Ok(a), Ok(b)) => assert_eq!(format!("{a:?}"), format!("{b:?}"), "section {i}"),
                (Err(a), Err(b)) => assert_eq!((a.message, a.line), (b.message, b.line), "section {i}"),
                (a, b) => panic!("section {i}: {:?} against {:?}", a.is_ok(), b.is_ok()),
            }
        }
        assert_eq!(r.kept, 0);
        let m = Resolver::new(&ini).resolve(99).unwrap();
        assert_eq!(m.parents_in_chain, 100);
        assert_eq!(m.parents.len(), PARENTS_NAMED);
        assert_eq!(m.parents.first().map(String::as_str), Some("v98"));
        assert_eq!(m.parents.last().map(String::as_str), Some("chess"));
        // Below an unknown parent: its error, at its line.
        let e = Resolver::new(&ini).resolve(150).unwrap_err();
        assert!(
            e.message.contains("unknown parent variant `nowhere`"),
            "{}",
            e.message
        );
    }

    #[test]
    fn builtins_read() {
        let b = ini::parse("b.ini", BUILTINS).unwrap();
        for (i, s) in b.sections.iter().enumerate() {
            let _ = i;
            builtin_model(&s.name, &b, s).unwrap_or_else(|d| panic!("{}: {}", s.name, d.message));
        }
    }
}
