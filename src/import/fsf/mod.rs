//! Fairy-Stockfish's `variants.ini` read as Fairy-Stockfish reads it
//! (`src/parser.cpp`: the keys in its order, inheritance by copying the
//! parent's settings) into a model of its `Variant`; [`translate()`] writes
//! that model as a chimera rules file or says, key by key, what it cannot.
//!
//! Every setting is a property with Fairy-Stockfish's default. The
//! translation marks each property it reads; a property that differs from
//! its default and that no part of the translation read is reported (with
//! the key and line that set it): nothing is dropped silently.
//!
//! In the order a section goes through them: `pieces` and `squares`
//! (Fairy-Stockfish's piece types and boards), `properties` (the settings,
//! their defaults, the [`Model`]), `parse` (a section's keys read into the
//! model), `resolution` (its parents first) and `translate/` (the rules
//! file, one file per concept).

mod parse;
mod pieces;
mod profile;
mod properties;
mod resolution;
mod squares;
mod translate;

pub use profile::{BoardPiece, Profile};
pub use properties::{Model, Src, Val};
pub use resolution::{BUILTIN_NAMES, KEPT_MODELS, PARENTS_NAMED, Resolver, resolve};
pub use translate::{Problem, Translation, problem_diagnostics, translate, translate_approximately};

use crate::import::ini::Ini;
use crate::load::{Compiled, Loader};
use crate::rules::Source;

/// A section imported: the rules file's text, the file compiled, and what
/// Fairy-Stockfish's interface tells about the variant beyond its rules.
pub struct Imported {
    /// The rules file.
    pub toml: String,
    /// The rules file compiled.
    pub compiled: Compiled,
    /// Fairy-Stockfish's start FEN, piece types, insufficient material.
    pub profile: Profile,
    /// The corner cases in which the rules file differs from
    /// Fairy-Stockfish (only when imported approximately).
    pub approximations: Vec<Problem>,
}

/// One of Fairy-Stockfish's built-in variants, by name, as a rules file
/// that chimera compiles (approximately: see [`translate_approximately`]);
/// `None` for a name that is not one chimera knows the settings of, or
/// that it cannot say.
pub fn import_builtin(name: &str) -> Option<Imported> {
    let model = resolution::builtin_model_named(name)?;
    let t = translate_approximately(&model, "Fairy-Stockfish's built-in variants");
    let toml = t.toml?;
    let compiled = Loader::new()
        .compile_source(Source {
            name: format!("{name}.toml"),
            text: toml.clone(),
        })
        .ok()?;
    Some(Imported {
        toml,
        compiled,
        profile: Profile::of(&model),
        approximations: t.approximations,
    })
}

/// Section `i` of a parsed ini as a rules file that chimera compiles, or
/// the reasons why not, each at its line. `source` names the ini in the
/// rules file's sources; `approximately`: see [`translate_approximately`].
/// To import many sections of one file, [`import_section_with`] one
/// [`Resolver`].
pub fn import_section(
    parsed: &Ini,
    i: usize,
    source: &str,
    approximately: bool,
) -> Result<Imported, Vec<crate::Diagnostic>> {
    import_section_with(&mut Resolver::new(parsed), i, source, approximately)
}

/// [`import_section`] through a [`Resolver`] of the file, which resolves
/// each section once.
pub fn import_section_with(
    resolver: &mut Resolver,
    i: usize,
    source: &str,
    approximately: bool,
) -> Result<Imported, Vec<crate::Diagnostic>> {
    let parsed = resolver.ini();
    let section = &parsed.sections[i];
    let model = resolver.resolve(i).map_err(|d| vec![d])?;
    let t = if approximately {
        translate_approximately(&model, source)
    } else {
        translate(&model, source)
    };
    let approximations = t.approximations;
    let Some(toml) = t.toml else {
        return Err(problem_diagnostics(parsed, section, &t.problems));
    };
    // The written file must be one chimera reads.
    let compiled = Loader::new().compile_source(Source {
        name: format!("{}.toml", section.name),
        text: toml.clone(),
    });
    match compiled {
        Ok(compiled) => Ok(Imported {
            toml,
            compiled,
            profile: Profile::of(&model),
            approximations,
        }),
        Err(d) => {
            let p = Problem {
                key: section.name.clone(),
                span: None,
                reason: format!(
                    "chimera refuses the translation: {} (line {} of the rules file)",
                    d.message, d.line
                ),
            };
            Err(problem_diagnostics(parsed, section, &[p]))
        }
    }
}
