//! Native rules that no notation or schema field can say. A rules file names
//! the hooks it uses (`hooks = ["war"]`); a variant with none pays nothing.
//! Hook state lives in [`Position::flags`]: hashed, printed in position text as
//! `flags=war`, restored by unmake.
//!
//! Hooks here are written against the engine's general operations (make, attack
//! tests) and know nothing of any variant's pieces.

pub mod ko;

use crate::engine::position::NO_PROMO;
use crate::engine::{Move, Position};

/// The hooks this build knows, with what each does.
pub const KNOWN: &[(&str, &str)] = &[
    (
        "war",
        "until the first player has captured, given check or promoted, the second player may not capture, give check or promote (WWII Chess)",
    ),
    (
        "capture_promotion",
        "capturing a commanding face (or, for a step mover, a heavy one) promotes the capturer (Ko shogi R16-R18)",
    ),
    (
        "burn",
        "a poison flame removes every piece next to its landing square (Ko shogi R23)",
    ),
    (
        "clerk_link",
        "a clerk's promotion promotes the own guards and removes enemy poison flames (Ko shogi R19)",
    ),
    (
        "priest_loss",
        "without its priest stone a side's thunderclap and flag waver revert, and drum and banner never promote (Ko shogi R20)",
    ),
    (
        "fog_dispel",
        "a five-li fog within 5 of an immaculate light reverts to a priest (Ko shogi R21)",
    ),
    (
        "drum_loss",
        "pawns step forward only while their drum stone stands (Ko shogi R22)",
    ),
    (
        "immobilize",
        "a net freezes the first enemy piece on each ranging ray (Ko shogi R24)",
    ),
    (
        "fog_inhibition",
        "shooters may not shoot when landing within 5 of an enemy five-li fog (Ko shogi R12)",
    ),
];

/// Position flags owned by hooks: bit, name in position text.
pub const FLAGS: &[(u32, &str)] = &[(FLAG_WAR, "war")];
pub const FLAG_WAR: u32 = 1;

/// Which hooks a variant uses.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hooks {
    pub war: bool,
}

impl Hooks {
    pub fn from_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Hooks {
        let mut h = Hooks::default();
        for n in names {
            if n == "war" {
                h.war = true;
            }
        }
        h
    }

    pub fn any(&self) -> bool {
        self.war
    }
}

/// Whether a move of the first player starts the war: a capture, a promotion,
/// or a check to the second player's royal piece (direct, discovered, by a drop).
/// Called after the move was made; `mover` is the side that made it.
pub fn war_after_move(pos: &Position, m: &Move, mover: usize) -> bool {
    mover == 0 && (m.ncap > 0 || m.promo != NO_PROMO || pos.in_check(1))
}

/// Before the war, the second player's captures, promotions and checks are
/// illegal.
pub fn war_allows(pos: &mut Position, m: &Move) -> bool {
    if pos.side != 1 || pos.flags & FLAG_WAR != 0 {
        return true;
    }
    if m.ncap > 0 || m.promo != NO_PROMO {
        return false;
    }
    pos.make(*m);
    let check = pos.in_check(0);
    pos.unmake();
    !check
}
