//! The variants on offer: the rules files of a folder (or one file),
//! loaded when asked, with their options, and again when a file changes.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, PoisonError, RwLock};
use std::time::SystemTime;

use serde_json::Value;

use crate::Loader;
use crate::OptionValues;
use crate::engine::Variant;
use crate::protocol::clip;
use crate::web;

/// The variants on offer: rules files by name, loaded when asked and again
/// when the file changes. Shared by every request: the cache is behind a
/// lock held only to look up or store, never while loading or searching.
pub(super) struct Library {
    loader: Loader,
    pub(super) files: Vec<(String, PathBuf)>,
    /// By name and chosen options: the file's time, the variant and its
    /// options (name, choices, description), or the error.
    loaded: RwLock<HashMap<String, (SystemTime, Loaded)>>,
}

type Loaded = Result<(Arc<Variant>, Value), String>;

/// Cache keys longer than this (many or long option values) are loaded
/// every time instead, so that clients cannot fill the memory with them.
const MAX_KEY: usize = 4096;

impl Library {
    pub(super) fn new(loader: Loader, target: &Path) -> Result<Library, String> {
        let mut files = Vec::new();
        if target.is_dir() {
            let entries =
                std::fs::read_dir(target).map_err(|e| format!("cannot read {}: {e}", target.display()))?;
            for entry in entries.flatten() {
                let path = entry.path();
                if path.extension().is_some_and(|e| e == "toml") && !crate::is_weights_file(&path) {
                    files.push((stem(&path), path));
                }
            }
            files.sort();
        } else if target.is_file() {
            files.push((stem(target), target.to_path_buf()));
        } else {
            return Err(format!(
                "{} is neither a rules file nor a folder",
                target.display()
            ));
        }
        if files.is_empty() {
            return Err(format!("no rules file (*.toml) in {}", target.display()));
        }
        Ok(Library {
            loader,
            files,
            loaded: RwLock::new(HashMap::new()),
        })
    }

    /// The variant of that name with these options, reloaded if its file
    /// changed; an error is the rules file's report (file, line, column).
    pub(super) fn get(&self, name: &str, options: &OptionValues) -> Loaded {
        let Some((_, path)) = self.files.iter().find(|(n, _)| n == name) else {
            return Err(format!("no variant `{}`", clip(name)));
        };
        let modified = modified(path).unwrap_or(SystemTime::UNIX_EPOCH);
        let key = format!("{name}{options:?}");
        {
            let cache = self.loaded.read().unwrap_or_else(PoisonError::into_inner);
            if let Some((when, v)) = cache.get(&key)
                && *when == modified
            {
                return v.clone();
            }
        }
        // Loaded without the lock: two requests may load the same file at
        // once, and the later one's copy is kept.
        let loaded = self
            .loader
            .with_options(options)
            .load_full(path)
            .map_err(|d| d.render());
        let v = loaded.map(|c| {
            let offered = web::offered_options(&c);
            (c.variant, offered)
        });
        if key.len() <= MAX_KEY {
            let mut cache = self.loaded.write().unwrap_or_else(PoisonError::into_inner);
            if cache.len() > 256 {
                cache.clear();
            }
            cache.insert(key, (modified, v.clone()));
        }
        v
    }
}

pub(super) fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

fn stem(path: &Path) -> String {
    path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}
