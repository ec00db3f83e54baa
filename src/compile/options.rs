//! Stage: options. Each `[options.NAME]` has a default among its choices; the
//! user may choose another (`--option NAME=VALUE`, a test case's `options`).

use super::{Ctx, OptionValues, Result};
use crate::rules::{HandRules, RulesFile};

/// The effective value of every option.
pub(super) fn resolve(file: &RulesFile, cx: &Ctx, chosen: &OptionValues) -> Result<OptionValues> {
    let mut options = OptionValues::new();
    for (name, def) in &file.options {
        let mut seen = std::collections::HashSet::new();
        if let Some(dup) = def.choices.iter().find(|c| !seen.insert(c.as_str())) {
            return Err(cx.err(
                def.default.span(),
                format!("option `{name}` lists the choice `{dup}` twice"),
            ));
        }
        if !def.choices.contains(def.default.get_ref()) {
            return Err(Box::new(
                cx.diag(
                    def.default.span(),
                    format!("default `{}` is not one of the choices", def.default.get_ref()),
                )
                .help(format!("choices: {}", def.choices.join(", "))),
            ));
        }
        options.insert(name.clone(), def.default.get_ref().clone());
    }
    for (name, value) in chosen {
        let Some(def) = file.options.get(name) else {
            let known: Vec<&str> = file.options.keys().map(|k| k.as_str()).collect();
            return Err(cx.err(
                0..0,
                format!(
                    "unknown option `{name}` (options: {})",
                    if known.is_empty() {
                        "none".into()
                    } else {
                        known.join(", ")
                    }
                ),
            ));
        };
        if !def.choices.contains(value) {
            return Err(cx.err(
                def.default.span(),
                format!(
                    "option `{name}` has no choice `{value}` (choices: {})",
                    def.choices.join(", ")
                ),
            ));
        }
        options.insert(name.clone(), value.clone());
    }
    Ok(options)
}

/// The `[hand]` in force: none without one, or when its `when =
/// "NAME=VALUE"` names an option that has another value.
pub(super) fn hand<'a>(
    file: &'a RulesFile,
    cx: &Ctx,
    options: &OptionValues,
) -> Result<Option<&'a HandRules>> {
    let Some(h) = &file.hand else {
        return Ok(None);
    };
    let Some(when) = &h.when else {
        return Ok(Some(h));
    };
    Ok(holds(file, cx, options, when)?.then_some(h))
}

/// Whether a `when = "NAME=VALUE"` condition holds: the option has that
/// value. An unknown option or choice is an error at the condition.
pub(super) fn holds(
    file: &RulesFile,
    cx: &Ctx,
    options: &OptionValues,
    when: &toml::Spanned<String>,
) -> Result<bool> {
    let Some((name, value)) = when.get_ref().split_once('=') else {
        return Err(Box::new(
            cx.diag(when.span(), format!("`{}` is not a condition", when.get_ref()))
                .help("write `when = \"NAME=VALUE\"` with an option of [options]"),
        ));
    };
    let (name, value) = (name.trim(), value.trim());
    let Some(def) = file.options.get(name) else {
        return Err(cx.err(when.span(), format!("`when` names unknown option `{name}`")));
    };
    if !def.choices.iter().any(|c| c == value) {
        return Err(cx.err(
            when.span(),
            format!(
                "option `{name}` has no choice `{value}` (choices: {})",
                def.choices.join(", ")
            ),
        ));
    }
    Ok(options.get(name).map(|v| v.as_str()) == Some(value))
}
