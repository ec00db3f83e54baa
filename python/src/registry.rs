//! The variants Python code names: the bundled rules files (compiled on
//! first use) and those loaded with `load_variant_config` / `Variant.load`.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use chimera::Variant;
use pyo3::prelude::*;

use crate::{Error, rules_error};

/// pyffish's names for bundled variants whose file has another name here.
pub(crate) const ALIASES: &[(&str, &str)] = &[
    ("normal", "chess"),
    ("mini", "minishogi"),
    ("shoshogi", "sho-shogi"),
];

fn loaded() -> &'static Mutex<BTreeMap<String, Arc<Variant>>> {
    static LOADED: OnceLock<Mutex<BTreeMap<String, Arc<Variant>>>> = OnceLock::new();
    LOADED.get_or_init(|| Mutex::new(BTreeMap::new()))
}

/// The file name a variant name stands for (aliases resolved).
pub(crate) fn canonical(name: &str) -> &str {
    ALIASES.iter().find(|(a, _)| *a == name).map_or(name, |(_, n)| n)
}

/// The variant called `name`: one loaded by the user, else a bundled one.
pub(crate) fn get(name: &str) -> PyResult<Arc<Variant>> {
    let key = canonical(name);
    let mut map = loaded().lock().unwrap_or_else(|p| p.into_inner());
    if let Some(v) = map.get(key) {
        return Ok(v.clone());
    }
    let Some((_, text)) = chimera::bundled::VARIANTS.iter().find(|(n, _)| *n == key) else {
        return Err(Error::new_err(format!(
            "unknown variant `{name}` (see variants(); load a rules file with load_variant_config)"
        )));
    };
    let v = chimera::load_str(&format!("{key}.toml"), text).map_err(|d| rules_error(&d))?;
    map.insert(key.to_string(), v.clone());
    Ok(v)
}

/// The variant called `name`, under Chess960's castling when `chess960`
/// (pyffish's flag: castling is the king taking its own rook, the castling
/// field names the rooks' files); `chimera.Error` when its castling cannot
/// be so.
pub(crate) fn get_as(name: &str, chess960: bool) -> PyResult<Arc<Variant>> {
    type Cache = Mutex<BTreeMap<String, (Arc<Variant>, Arc<Variant>)>>;
    static CHESS960: OnceLock<Cache> = OnceLock::new();
    let v = get(name)?;
    if !chess960 {
        return Ok(v);
    }
    let cache = CHESS960.get_or_init(|| Mutex::new(BTreeMap::new()));
    let mut map = cache.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((base, v960)) = map.get(name)
        && Arc::ptr_eq(base, &v)
    {
        return Ok(v960.clone());
    }
    let v960 = v
        .with_any_file_castling()
        .map_err(|e| Error::new_err(format!("chess960=True for `{name}`: {e}")))?;
    map.insert(name.to_string(), (v, v960.clone()));
    Ok(v960)
}

/// Every name `get` accepts: bundled, aliases, loaded.
pub(crate) fn names() -> Vec<String> {
    let map = loaded().lock().unwrap_or_else(|p| p.into_inner());
    let mut out: Vec<String> = chimera::bundled::VARIANTS
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    out.extend(ALIASES.iter().map(|(a, _)| a.to_string()));
    out.extend(map.keys().cloned());
    out.sort();
    out.dedup();
    out
}

/// Compiles a rules file given as its path or its text; registers it under
/// its name (the file's `name`, also the file name without `.toml` for a
/// path) and returns it.
pub(crate) fn load(config: &str) -> PyResult<(String, Arc<Variant>)> {
    let path = Path::new(config);
    let looks_like_path = !config.contains('\n') && config.len() < 4096 && path.is_file();
    let v = if looks_like_path {
        chimera::load(path).map_err(|d| rules_error(&d))?
    } else {
        chimera::load_str("<rules text>", config).map_err(|d| rules_error(&d))?
    };
    let name = v.name().to_string();
    let mut map = loaded().lock().unwrap_or_else(|p| p.into_inner());
    map.insert(name.clone(), v.clone());
    if looks_like_path && let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
        map.insert(stem.to_string(), v.clone());
    }
    Ok((name, v))
}
