//! Stage: hooks (native rules). Each name in the rules file's `hooks` list is built
//! from the registry the caller passed in; the hooks claim their state slots,
//! which get hash keys here. Unknown names get a suggestion; a hook that
//! cannot be built (a piece it needs is missing) points at its name.

use std::collections::HashSet;

use super::{Ctx, Result, zobrist};
use crate::engine::hook::{HookContext, HookError, Registry};
use crate::engine::variant::Variant;
use crate::rules::RulesFile;

/// Builds the file's hooks into `variant`.
pub(super) fn attach(file: &RulesFile, cx: &Ctx, registry: &Registry, variant: &mut Variant) -> Result<()> {
    let listed: Vec<&str> = file.hooks.iter().map(|h| h.get_ref().as_str()).collect();
    let mut seen = HashSet::new();
    let mut hooks = Vec::new();
    let mut fields = Vec::new();
    for h in &file.hooks {
        let name = h.get_ref();
        let Some(entry) = registry.get(name) else {
            let known: Vec<&str> = registry.entries().iter().map(|e| e.name).collect();
            let d = cx
                .diag(h.span(), format!("unknown hook `{name}`"))
                .label("no such hook");
            let d = if known.is_empty() {
                d.help("this build of chimera has no native hooks")
            } else {
                cx.suggest(d, name, known.iter().copied(), "known hooks")
            };
            return Err(Box::new(d));
        };
        if !seen.insert(name.clone()) {
            return Err(cx.err(h.span(), format!("hook `{name}` is listed twice")));
        }
        let mut ctx = HookContext::new(variant, entry.name, &listed, &mut fields);
        let hook = (entry.build)(&mut ctx).map_err(|e| {
            let label = match e {
                HookError::MissingPiece { .. } => "this hook",
                HookError::BadOption { .. } => "this hook reads the option",
            };
            Box::new(cx.diag(h.span(), e.to_string()).label(label))
        })?;
        hooks.push(hook);
    }
    for (i, a) in fields.iter().enumerate() {
        if let Some(b) = fields[..i].iter().find(|b| b.text.key() == a.text.key()) {
            return Err(cx.err(
                cx.section("hooks"),
                format!(
                    "hooks `{}` and `{}` both keep state named `{}` in position text",
                    b.hook,
                    a.hook,
                    a.text.key()
                ),
            ));
        }
        if ["reserve", "pocket", "flags"].contains(&a.text.key()) {
            return Err(cx.err(
                cx.section("hooks"),
                format!(
                    "hook `{}` names its state `{}`, a reserved field of position text",
                    a.hook,
                    a.text.key()
                ),
            ));
        }
    }
    variant.zobrist.state = zobrist::state_keys(fields.len());
    variant.state_fields = fields;
    variant.hooks = hooks;
    Ok(())
}
