//! The registry's store of compiled variants, by name: the bundled files
//! (and Fairy-Stockfish's built-ins), kept once compiled — there are only
//! as many as the files — and the variants loaded since
//! (`load_variant_config`, `load_text`), at most [`LOADED_CAPACITY`] of
//! them: past that, the one least recently used is dropped, and its name
//! must be loaded again before it is used (issue 45: a server that loaded
//! 20,000 variants under new names kept them all: 6.7 GB).

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::load::Compiled;

/// How many loaded variants (names registered by `load_variant_config`
/// and `load_text`, a rules file's path counting its two names) are kept
/// compiled: a compiled chess is ~0.55 MB, so ~150 MB at most (20,000
/// loads of chess under new names: 166 MB from the 256th on).
/// Fairy-Stockfish's whole variants.ini has about 120 sections.
pub const LOADED_CAPACITY: usize = 256;

struct Entry {
    compiled: Arc<Compiled>,
    /// Registered by a load (else a bundled file or built-in).
    loaded: bool,
    /// When it was last registered or asked for (the store's clock).
    used: u64,
}

/// Compiled variants by name, the loaded ones bounded (least recently
/// used dropped first).
pub(super) struct Store {
    entries: BTreeMap<String, Entry>,
    clock: u64,
    capacity: usize,
}

impl Store {
    pub(super) const fn with_capacity(capacity: usize) -> Store {
        Store {
            entries: BTreeMap::new(),
            clock: 0,
            capacity,
        }
    }

    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// The variant registered under `key`, marked as used.
    pub(super) fn get(&mut self, key: &str) -> Option<Arc<Compiled>> {
        let now = self.tick();
        let e = self.entries.get_mut(key)?;
        e.used = now;
        Some(Arc::clone(&e.compiled))
    }

    /// The names registered.
    pub(super) fn keys(&self) -> impl Iterator<Item = &String> {
        self.entries.keys()
    }

    /// Registers a bundled file's variant under its name, unless one is
    /// there already (two threads compiling the same file: the first one
    /// stored is the one every caller gets); the one registered.
    pub(super) fn insert_bundled(&mut self, key: &str, c: Arc<Compiled>) -> Arc<Compiled> {
        let now = self.tick();
        let e = self.entries.entry(key.to_string()).or_insert(Entry {
            compiled: c,
            loaded: false,
            used: now,
        });
        Arc::clone(&e.compiled)
    }

    /// Registers a loaded variant under `key` (replacing what was there),
    /// then drops the least recently used loaded variants beyond the
    /// capacity; whether any was dropped or replaced.
    pub(super) fn insert_loaded(&mut self, key: &str, c: Arc<Compiled>) -> bool {
        let now = self.tick();
        let entry = Entry {
            compiled: c,
            loaded: true,
            used: now,
        };
        let mut dropped = self.entries.insert(key.to_string(), entry).is_some();
        while self.entries.values().filter(|e| e.loaded).count() > self.capacity {
            let oldest = self
                .entries
                .iter()
                .filter(|(_, e)| e.loaded)
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone());
            let Some(k) = oldest else { break };
            self.entries.remove(&k);
            dropped = true;
        }
        dropped
    }

    /// The addresses of the entries' variants.
    pub(super) fn variants(&self) -> std::collections::BTreeSet<usize> {
        self.entries
            .values()
            .map(|e| Arc::as_ptr(&e.compiled.variant) as usize)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loaded_variants_beyond_the_capacity_are_dropped_least_recently_used_first() {
        let chess = super::super::compiled("chess").unwrap();
        let mut store = Store::with_capacity(3);
        store.insert_bundled("chess", Arc::clone(&chess));
        for k in ["a", "b", "c"] {
            assert!(!store.insert_loaded(k, Arc::clone(&chess)));
        }
        assert!(store.get("a").is_some()); // `b` is now the least recently used
        assert!(store.insert_loaded("d", Arc::clone(&chess)));
        let keys: Vec<&str> = store.keys().map(String::as_str).collect();
        assert_eq!(keys, ["a", "c", "chess", "d"]);
        // Loading a name again replaces it and counts once.
        assert!(store.insert_loaded("c", Arc::clone(&chess)));
        assert_eq!(store.keys().count(), 4);
        // Bundled files are never dropped, however many loads follow.
        for i in 0..1000 {
            store.insert_loaded(&format!("x{i}"), Arc::clone(&chess));
        }
        assert!(store.get("chess").is_some());
        assert_eq!(store.keys().count(), 4);
        assert!(store.get("x999").is_some() && store.get("x996").is_none());
    }
}
