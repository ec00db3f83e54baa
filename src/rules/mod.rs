//! Rules files: reading TOML into the schema, with positioned diagnostics for
//! syntax errors, unknown keys (with suggestions) and wrong types. Semantic
//! checks (unknown pieces, bad squares) happen in `compile`, which has the
//! spans too.

pub mod schema;

pub use schema::*;

use crate::diag::{Diagnostic, did_you_mean};

/// A rules file's text with its name, kept for diagnostics.
#[derive(Clone, Debug)]
pub struct Source {
    /// The file name (or another name for diagnostics).
    pub name: String,
    /// The text.
    pub text: String,
}

impl Source {
    /// A diagnostic pointing at `span` of this text.
    pub fn error(&self, span: std::ops::Range<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(&self.name, &self.text, span, message)
    }
}

/// Parses the TOML text into the schema.
pub fn parse(src: &Source) -> Result<RulesFile, Box<Diagnostic>> {
    let mut file = toml::from_str::<RulesFile>(&src.text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        let raw = e.message().trim().to_string();
        let mut d = src.error(span, first_line(&raw));
        if let Some(help) = unknown_key_help(&raw) {
            d = d.help(help);
        }
        Box::new(d.label("here"))
    })?;
    for p in &mut file.pieces {
        let betza_given = p.betza.span() != (0..0);
        match &p.xbetza {
            Some(x) if betza_given => {
                return Err(Box::new(
                    src.error(x.span(), "give `betza` or `xbetza`, not both"),
                ));
            }
            Some(x) => {
                let converted = crate::notation::xbetza::to_chimera(x.get_ref()).map_err(|e| {
                    // The string's first character is one past the opening quote.
                    let at = x.span().start + 1 + e.at;
                    Box::new(
                        src.error(at..at + 1, format!("xbetza: {}", e.message))
                            .label("here"),
                    )
                })?;
                p.betza = toml::Spanned::new(x.span(), converted);
            }
            None if !betza_given && !p.immobile => {
                return Err(Box::new(
                    src.error(
                        p.name.span(),
                        format!(
                            "piece `{}` has no moves: give `betza` (or `xbetza`, or `immobile = true`)",
                            p.name.get_ref()
                        ),
                    )
                    .label("this piece"),
                ));
            }
            None => {}
        }
    }
    Ok(file)
}

fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or("invalid rules file").to_string()
}

/// serde says "unknown field `foo`, expected one of `a`, `b`"; turn that into a
/// suggestion.
fn unknown_key_help(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    let (word, rest) = rest.split_once('`')?;
    let expected: Vec<&str> = rest
        .split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s)
        .collect();
    match did_you_mean(word, expected.iter().copied()) {
        Some(s) => Some(format!("did you mean `{s}`?")),
        None if !expected.is_empty() => Some(format!("known keys here: {}", expected.join(", "))),
        None => None,
    }
}
