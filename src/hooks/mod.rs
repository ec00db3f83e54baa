//! Native rules that no notation or rules-file key can say, written against
//! the engine's hook interface ([`crate::engine::Hook`]). A rules file opts in
//! by name (`hooks = ["war"]`); a variant with none runs no hook code.
//!
//! One file per hook family; [`registry`] lists them by name. Adding a hook is
//! a new file here plus one line in [`registry`].

use crate::engine::{HookEntry, Registry};

pub mod chasing;
pub mod ko;
pub mod lion_trading;
pub mod war;

/// Every hook this crate ships, by name.
pub fn registry() -> Registry {
    let mut r = Registry::new();
    for entry in ENTRIES {
        r.register(*entry);
    }
    r
}

const ENTRIES: &[HookEntry] = &[
    war::ENTRY,
    chasing::ENTRY,
    lion_trading::ENTRY,
    ko::capture_promotion::ENTRY,
    ko::burn::ENTRY,
    ko::clerk_link::ENTRY,
    ko::priest_loss::ENTRY,
    ko::fog_dispel::ENTRY,
    ko::drum_loss::ENTRY,
    ko::immobilize::ENTRY,
    ko::fog_inhibition::ENTRY,
];
