//! Stage: names. Every piece has a unique name and a unique symbol; later
//! stages look pieces up by name through [`Names`], which says what is wrong
//! (with a suggestion) when a name is unknown.

use std::collections::HashMap;

use toml::Spanned;

use super::{Ctx, Result};
use crate::diag::did_you_mean;
use crate::engine::types::{MAX_KINDS, PieceKind};
use crate::rules::RulesFile;

/// Piece names → kinds.
pub(super) struct Names {
    index: HashMap<String, PieceKind>,
    list: Vec<String>,
}

impl Names {
    /// The kind a name refers to; `what` says where it was used ("promotion").
    pub fn piece(&self, cx: &Ctx, name: &Spanned<String>, what: &str) -> Result<PieceKind> {
        self.lookup(name.get_ref()).ok_or_else(|| {
            let mut d = cx
                .diag(
                    name.span(),
                    format!("{what} names unknown piece `{}`", name.get_ref()),
                )
                .label("not a piece of this variant");
            d = match did_you_mean(name.get_ref(), self.list.iter().map(|s| s.as_str())) {
                Some(s) => d.help(format!("did you mean `{s}`?")),
                None => d.help(format!("pieces: {}", self.list.join(", "))),
            };
            Box::new(d)
        })
    }

    /// The kind with this name (any case).
    pub fn lookup(&self, name: &str) -> Option<PieceKind> {
        self.index.get(&name.trim().to_lowercase()).copied()
    }

    /// The closest name to a misspelt one.
    pub fn suggestion(&self, name: &str) -> Option<&str> {
        did_you_mean(name, self.list.iter().map(|s| s.as_str()))
    }
}

fn valid_symbol(s: &str) -> bool {
    let s = s.strip_prefix('+').unwrap_or(s);
    let s = s.strip_suffix('~').unwrap_or(s);
    let s = s.strip_suffix(['\'', '!']).unwrap_or(s);
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphabetic())
}

/// Checks names and symbols and numbers the kinds in file order.
pub(super) fn collect(file: &RulesFile, cx: &Ctx) -> Result<Names> {
    let mut names = Names {
        index: HashMap::new(),
        list: Vec::new(),
    };
    let mut symbols: HashMap<String, usize> = HashMap::new();
    if file.pieces.is_empty() {
        return Err(cx.err(0..0, "a variant needs at least one [[piece]]"));
    }
    if file.pieces.len() > MAX_KINDS {
        return Err(cx.err(
            file.pieces[MAX_KINDS].name.span(),
            format!("at most {MAX_KINDS} piece kinds"),
        ));
    }
    for (i, p) in file.pieces.iter().enumerate() {
        let lname = p.name.get_ref().trim().to_lowercase();
        if lname.is_empty() {
            return Err(cx.err(p.name.span(), "a piece name cannot be empty"));
        }
        if names.index.insert(lname, PieceKind::from_index(i)).is_some() {
            return Err(cx.err(
                p.name.span(),
                format!("piece `{}` is defined twice", p.name.get_ref()),
            ));
        }
        names.list.push(p.name.get_ref().clone());
        let sym = p.symbol.get_ref();
        if !valid_symbol(sym) {
            return Err(Box::new(
                cx.diag(p.symbol.span(), format!("`{sym}` is not a piece symbol"))
                    .help(
                        "a symbol is letters, optionally with a leading `+`, a trailing `'` or `!` (XBoard's dressed letters), and a trailing `~`: P, +P, Q~, Ko, C'",
                    ),
            ));
        }
        if let Some(j) = symbols.insert(sym.to_uppercase(), i) {
            return Err(cx.err(
                p.symbol.span(),
                format!(
                    "symbol `{sym}` is already used by `{}`",
                    file.pieces[j].name.get_ref()
                ),
            ));
        }
    }
    Ok(names)
}
