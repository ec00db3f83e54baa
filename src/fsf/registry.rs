//! The variants named by pyffish's and ffish.js's functions: the bundled
//! rules files (compiled on first use, by file name), pyffish's names for
//! some of them ([`ALIASES`]), and the rules files loaded since
//! ([`load_variant_config`], [`load_text`]); each also under Chess960's
//! castling ([`variant_as`]).
//!
//! One registry for the process: the Python binding's threads share it.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use super::FsfError;
pub use super::cache::LOADED_CAPACITY;
use super::cache::Store;
use crate::engine::Variant;
use crate::import::fsf::Profile;
use crate::load::{Compiled, Loader};
use crate::rules::Source;

/// pyffish's names for bundled variants whose file has another name here.
pub const ALIASES: &[(&str, &str)] = &[("normal", "chess"), ("mini", "minishogi")];

/// The variants compiled so far, by name (bundled ones by file name); the
/// loaded ones at most [`LOADED_CAPACITY`], the least recently used dropped
/// first.
static LOADED: Mutex<Store> = Mutex::new(Store::with_capacity(LOADED_CAPACITY));

/// Variants under Chess960's castling, by name, with the variant each was
/// made from (a name loaded again gets a new one).
type Chess960Cache = BTreeMap<String, (Arc<Variant>, Arc<Variant>)>;
static CHESS960: Mutex<Chess960Cache> = Mutex::new(BTreeMap::new());

/// What Fairy-Stockfish tells of each variant handed out (its built-in's or
/// its ini section's settings), by the variant's address; the weak
/// reference tells a variant since dropped from one at the same address.
type Profiles = BTreeMap<usize, (Weak<Variant>, Arc<Profile>)>;
static PROFILES: Mutex<Profiles> = Mutex::new(BTreeMap::new());

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

fn remember(v: &Arc<Variant>, p: Option<Arc<Profile>>) {
    let key = Arc::as_ptr(v) as usize;
    let mut map = lock(&PROFILES);
    match p {
        Some(p) => {
            map.insert(key, (Arc::downgrade(v), p));
        }
        None => {
            map.remove(&key);
        }
    }
}

/// Gives `derived` the settings of `base` (see [`profile`]): a position
/// whose Chess960 king and rooks stand elsewhere than the variant's start
/// holds a copy of the variant with them there, which is still the same
/// Fairy-Stockfish variant. Entries of copies since dropped are cleared.
pub(super) fn inherit(derived: &Arc<Variant>, base: &Arc<Variant>) {
    if Arc::ptr_eq(derived, base) || profile(derived).is_some() {
        return;
    }
    if let Some(p) = profile(base) {
        lock(&PROFILES).retain(|_, (w, _)| w.strong_count() > 0);
        remember(derived, Some(p));
    }
}

/// Fairy-Stockfish's settings of a variant the registry handed out: those
/// of the built-in variant a bundled file is named after, or of the
/// variants.ini section it was imported from; `None` for chimera's own
/// variants (and rules files loaded as such).
pub fn profile(v: &Arc<Variant>) -> Option<Arc<Profile>> {
    let map = lock(&PROFILES);
    let (weak, p) = map.get(&(Arc::as_ptr(v) as usize))?;
    weak.upgrade()
        .is_some_and(|w| Arc::ptr_eq(&w, v))
        .then(|| Arc::clone(p))
}

/// The name a variant's name stands for: an alias resolved, else itself.
pub fn canonical(name: &str) -> &str {
    ALIASES.iter().find(|(a, _)| *a == name).map_or(name, |(_, n)| n)
}

/// A rules file's variant name as a name to call it by: lower case,
/// hyphens for spaces (`Ko Shogi` → `ko-shogi`).
pub fn slug(name: &str) -> String {
    name.trim().to_lowercase().replace(char::is_whitespace, "-")
}

fn compile(file: &str, text: &str) -> Result<Compiled, FsfError> {
    Loader::new()
        .compile_source(Source {
            name: file.to_string(),
            text: text.to_string(),
        })
        .map_err(FsfError::Rules)
}

/// The variant called `name` with its rules file: one loaded, else a
/// bundled one (an alias, a loaded variant's own name in any case are
/// accepted).
pub fn compiled(name: &str) -> Result<Arc<Compiled>, FsfError> {
    let key = canonical(name);
    if let Some(c) = {
        let mut map = lock(&LOADED);
        map.get(key).or_else(|| map.get(&slug(key)))
    } {
        return Ok(c);
    }
    let Some((file, text)) = crate::bundled::VARIANTS.iter().find(|(n, _)| *n == key) else {
        // One of Fairy-Stockfish's built-ins without a file here (`fairy`):
        // imported from its settings.
        if let Some(x) = crate::import::fsf::BUILTIN_NAMES
            .contains(&key)
            .then(|| crate::import::fsf::import_builtin(key))
            .flatten()
        {
            return Ok(insert(x.compiled, Some(key), None, Some(x.profile)).compiled);
        }
        return Err(FsfError::UnknownVariant(name.chars().take(60).collect()));
    };
    let c = Arc::new(compile(&format!("{file}.toml"), text)?);
    // Fairy-Stockfish's settings, under its name for the file's
    // (`normal` for `chess`).
    let profile = Profile::builtin(key).or_else(|| {
        ALIASES
            .iter()
            .find(|(_, n)| *n == key)
            .and_then(|(a, _)| Profile::builtin(a))
    });
    remember(&c.variant, profile.map(Arc::new));
    // Two threads may compile the same file at once: the first one stored
    // is the one every caller gets, so the caches keyed by it stay valid.
    Ok(lock(&LOADED).insert_bundled(key, c))
}

/// Variants as the facade plays them (see [`variant`]), by name, with the
/// compiled variant each was made from.
static FACADE: Mutex<Chess960Cache> = Mutex::new(BTreeMap::new());

/// The variant called `name` (see [`compiled`]) as Fairy-Stockfish plays
/// it: a drop that the rules forbid to mate is legal and loses at once
/// ([`Variant::with_drop_mates_losing`]: pyffish lists shogi's pawn drop
/// that mates, and its `game_result` then gives the mated side the win);
/// in one of Fairy-Stockfish's variants, a drop resets the halfmove clock
/// ([`Variant::with_drops_resetting_clock`]: crazyhouse's rules file counts
/// as python-chess does).
pub fn variant(name: &str) -> Result<Arc<Variant>, FsfError> {
    let c = compiled(name)?;
    let mut map = lock(&FACADE);
    if let Some((base, v)) = map.get(name)
        && Arc::ptr_eq(base, &c.variant)
    {
        return Ok(Arc::clone(v));
    }
    let mut v = c.variant.with_drop_mates_losing();
    if profile(&c.variant).is_some() {
        v = v.with_drops_resetting_clock();
    }
    if !Arc::ptr_eq(&v, &c.variant) {
        remember(&v, profile(&c.variant));
    }
    map.insert(name.to_string(), (Arc::clone(&c.variant), Arc::clone(&v)));
    Ok(v)
}

/// The variant called `name`, under Chess960's castling when `chess960`
/// (pyffish's `chess960`, ffish.js's `is960`: castling is the king taking
/// its own rook, the castling field names the rooks' files).
pub fn variant_as(name: &str, chess960: bool) -> Result<Arc<Variant>, FsfError> {
    let v = variant(name)?;
    if !chess960 {
        return Ok(v);
    }
    let mut map = lock(&CHESS960);
    if let Some((base, v960)) = map.get(name)
        && Arc::ptr_eq(base, &v)
    {
        return Ok(Arc::clone(v960));
    }
    // With gating (S-Chess960), castling and gates share the castling
    // field as Fairy-Stockfish writes them (`text::gating_960`).
    let v960 = match v.with_any_file_castling() {
        Ok(v960) => v960,
        Err(message) => {
            return Err(FsfError::Chess960 {
                name: name.chars().take(60).collect(),
                message,
            });
        }
    };
    remember(&v960, profile(&v));
    map.insert(name.to_string(), (v, Arc::clone(&v960)));
    Ok(v960)
}

/// Every name [`compiled`] accepts but a loaded variant's own: the bundled
/// files, the aliases, the names loaded variants were registered under;
/// sorted.
pub fn names() -> Vec<String> {
    let mut out: Vec<String> = crate::bundled::VARIANTS
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    out.extend(unbundled_builtins().iter().cloned());
    out.extend(ALIASES.iter().map(|(a, _)| a.to_string()));
    out.extend(lock(&LOADED).keys().cloned());
    out.sort();
    out.dedup();
    out
}

/// Fairy-Stockfish's built-ins without a file here (`fairy`), which
/// [`compiled`] imports from their settings.
fn unbundled_builtins() -> &'static [String] {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        crate::import::fsf::BUILTIN_NAMES
            .iter()
            .filter(|n| canonical(n) == **n && !crate::bundled::VARIANTS.iter().any(|(b, _)| b == *n))
            .filter(|n| Profile::builtin(n).is_some())
            .map(|n| n.to_string())
            .collect()
    })
}

/// A rules file loaded: the name it is registered under, its variant's
/// own name, and the file compiled.
#[derive(Clone)]
pub struct Loaded {
    /// The name it is registered under: the one asked for, else the
    /// variant's name as a [`slug`].
    pub key: String,
    /// The rules file's `[variant] name`.
    pub name: String,
    /// The compiled rules file.
    pub compiled: Arc<Compiled>,
}

fn insert(c: Compiled, key: Option<&str>, also: Option<&str>, p: Option<Profile>) -> Loaded {
    let c = Arc::new(c);
    remember(&c.variant, p.map(Arc::new));
    let name = c.variant.name().to_string();
    let key = key.map_or_else(|| slug(&name), str::to_string);
    let dropped = {
        let mut map = lock(&LOADED);
        let mut dropped = map.insert_loaded(&key, Arc::clone(&c));
        if let Some(other) = also {
            dropped |= map.insert_loaded(other, Arc::clone(&c));
        }
        dropped
    };
    if dropped {
        forget_dropped();
    }
    Loaded {
        key,
        name,
        compiled: c,
    }
}

/// Clears the caches of what the registry no longer holds: the facade's
/// and Chess960's variants made from a variant since dropped (or replaced
/// under its name), and Fairy-Stockfish's settings of variants since freed.
/// A game still playing one keeps its variant alive.
fn forget_dropped() {
    let held = lock(&LOADED).variants();
    let ptr = |v: &Arc<Variant>| Arc::as_ptr(v) as usize;
    let facade: std::collections::BTreeSet<usize> = {
        let mut map = lock(&FACADE);
        map.retain(|_, (base, _)| held.contains(&ptr(base)));
        map.values().map(|(_, v)| ptr(v)).collect()
    };
    lock(&CHESS960).retain(|_, (base, _)| facade.contains(&ptr(base)));
    lock(&PROFILES).retain(|_, (w, _)| w.strong_count() > 0);
}

/// Compiles rules text (`file` names it in diagnostics) and registers it
/// under `key`, or its variant's name as a slug.
pub fn load_text(text: &str, file: &str, key: Option<&str>) -> Result<Loaded, FsfError> {
    Ok(insert(compile(file, text)?, key, None, None))
}

/// What [`load_variant_config`] loaded.
pub struct Config {
    /// The variants registered, in the order of the text.
    pub loaded: Vec<Loaded>,
    /// What to warn of: the sections of a variants.ini text that were not
    /// loaded (the section's name and why: the importer's diagnostics), and
    /// those loaded with a difference in a corner case (`loaded, but …`).
    pub refused: Vec<(String, String)>,
    /// Whether the text was Fairy-Stockfish's variants.ini (else one
    /// chimera rules file).
    pub ini: bool,
}

/// Whether a text is a chimera rules file (it has a `[variant]` table)
/// rather than Fairy-Stockfish's variants.ini.
fn is_rules_file(text: &str) -> bool {
    text.lines().any(|l| l.trim() == "[variant]")
}

/// pyffish's `load_variant_config`: Fairy-Stockfish's variants.ini text
/// (each section imported by `chimera import fsf`'s translation and
/// registered under its section name; a section the importer refuses is
/// listed with why, the others are still loaded), or a chimera rules file;
/// either as a path to the file (a rules file is registered also under the
/// file name without `.toml`) or as its text.
pub fn load_variant_config(config: &str) -> Result<Config, FsfError> {
    let path = Path::new(config);
    let looks_like_path = !config.contains('\n') && config.len() < 4096 && path.is_file();
    if looks_like_path {
        let text = crate::read_text_file(path).map_err(FsfError::Read)?;
        if !is_rules_file(&text) {
            return load_ini(&text, config);
        }
        let c = Loader::new().load_full(path).map_err(FsfError::Rules)?;
        let stem = path.file_stem().and_then(|s| s.to_str());
        Ok(one(insert(c, None, stem, None)))
    } else if looks_like_a_missing_file(config) {
        Err(FsfError::Read(format!(
            "`{config}` is no file here (load_variant_config takes a variants.ini text, a rules file's TOML text, or a path to either)"
        )))
    } else if is_rules_file(config) {
        load_text(config, "<rules text>", None).map(one)
    } else {
        load_ini(config, "<variants.ini text>")
    }
}

/// One line that no configuration can be: no section (`[`), no key
/// (`=`) — a path to a file that is not there (it was read as an empty
/// variants.ini, and nothing was said).
fn looks_like_a_missing_file(config: &str) -> bool {
    let t = config.trim();
    !t.is_empty()
        && !t.contains('\n')
        && !t.contains('[')
        && !t.contains('=')
        && !t.starts_with('#')
        && !t.starts_with(';')
}

fn one(l: Loaded) -> Config {
    Config {
        loaded: vec![l],
        refused: Vec::new(),
        ini: false,
    }
}

/// Every section of a variants.ini text, imported and registered under
/// its name — the first [`LOADED_CAPACITY`] of them: no more are kept at
/// once, and the work is bounded (a section may inherit from each one
/// above it: a chain of 3,000 took 6.5 minutes in WebAssembly, which
/// has no Ctrl-C). The sections after those are refused in one entry.
fn load_ini(text: &str, file: &str) -> Result<Config, FsfError> {
    let parsed = crate::import::ini::parse(file, text).map_err(|d| FsfError::Rules(Box::new(d)))?;
    let source = Path::new(file)
        .file_name()
        .map_or(file.to_string(), |n| n.to_string_lossy().into_owned());
    let mut out = Config {
        loaded: Vec::new(),
        refused: Vec::new(),
        ini: true,
    };
    let sections = &parsed.sections;
    let mut resolver = crate::import::fsf::Resolver::new(&parsed);
    for (i, section) in sections.iter().enumerate().take(LOADED_CAPACITY) {
        match crate::import::fsf::import_section_with(&mut resolver, i, &source, true) {
            Ok(x) => {
                for a in &x.approximations {
                    let why = format!("loaded, but {}: {}", a.key, a.reason);
                    out.refused.push((section.name.clone(), why));
                }
                out.loaded
                    .push(insert(x.compiled, Some(&section.name), None, Some(x.profile)));
            }
            Err(diags) => {
                let why: Vec<String> = diags.iter().map(|d| d.message.clone()).collect();
                out.refused.push((section.name.clone(), why.join("; ")));
            }
        }
    }
    let rest = sections.get(LOADED_CAPACITY..).unwrap_or(&[]);
    if let (Some(first), Some(last)) = (rest.first(), rest.last()) {
        let names = if rest.len() == 1 {
            first.name.clone()
        } else {
            format!("{} … {}", first.name, last.name)
        };
        let why = format!(
            "{} section(s) after the first {LOADED_CAPACITY}: a text loads at most {LOADED_CAPACITY} (the loaded variants kept at once)",
            rest.len()
        );
        out.refused.push((names, why));
    }
    Ok(out)
}

/// Fairy-Stockfish's UCI options (`ucioption.cpp`), which pyffish's
/// `set_option` accepts; only `VariantPath` means something here.
pub const OPTIONS: &[&str] = &[
    "Debug Log File",
    "Threads",
    "Hash",
    "Clear Hash",
    "Ponder",
    "MultiPV",
    "Skill Level",
    "Move Overhead",
    "Slow Mover",
    "nodestime",
    "UCI_Chess960",
    "UCI_Variant",
    "UCI_AnalyseMode",
    "UCI_LimitStrength",
    "UCI_Elo",
    "UCI_ShowWDL",
    "SyzygyPath",
    "SyzygyProbeDepth",
    "Syzygy50MoveRule",
    "SyzygyProbeLimit",
    "Use NNUE",
    "EvalFile",
    "TsumeMode",
    "VariantPath",
    "usemillisec",
];

/// pyffish's `set_option`: `VariantPath` loads each file of its
/// `:`-separated list (Fairy-Stockfish's variants.ini or chimera rules
/// files, as [`load_variant_config`]); the other options of
/// Fairy-Stockfish (names in any case, [`OPTIONS`]) are accepted and change
/// nothing here; any other name is an error, as in pyffish.
pub fn set_option(name: &str, value: &str) -> Result<Vec<Config>, FsfError> {
    let Some(known) = OPTIONS.iter().find(|o| o.eq_ignore_ascii_case(name)) else {
        return Err(FsfError::NoSuchOption(name.chars().take(60).collect()));
    };
    if *known != "VariantPath" || value == "<empty>" {
        return Ok(Vec::new());
    }
    value
        .split(':')
        .filter(|p| !p.is_empty())
        .map(|p| {
            if Path::new(p).is_file() {
                load_variant_config(p)
            } else {
                Err(FsfError::Read(format!("VariantPath: cannot read {p}")))
            }
        })
        .collect()
}

/// pyffish's `two_boards`: whether the variant is played on two boards
/// (Fairy-Stockfish's `twoBoards`: bughouse and its relatives).
pub fn two_boards(v: &Arc<Variant>) -> Result<bool, FsfError> {
    Ok(profile(v).is_some_and(|p| p.two_boards))
}
