//! Native rules of the Ko shogi family (RULES.md §4.3), each a separate hook
//! that finds its pieces by name in the rules file:
//!
//! | hook | rule |
//! |---|---|
//! | `capture_promotion` | KO-R16..R18: capturing certain faces promotes the capturer |
//! | `burn` | KO-R23: a poison flame removes every piece next to where it lands |
//! | `clerk_link` | KO-R19: a clerk's promotion promotes the own guards and kills enemy flames |
//! | `priest_loss` | KO-R20, R14: without its priest stone a side's thunderclap and flag waver revert, and drum and banner never promote |
//! | `fog_dispel` | KO-R21: a fog within 5 of any light reverts to a priest |
//! | `drum_loss` | KO-R22: pawns step forward only while their drum stone stands |
//! | `immobilize` | KO-R24: a net freezes the first enemy piece on each ranging ray |
//! | `fog_inhibition` | KO-R12: shooters may not shoot when landing within 5 of an enemy fog |
//!
//! Effects after a move run in the order of RULES A34: capture promotion (A30),
//! burn, clerk link, priest loss, fog dispelled.

use crate::engine::position::NO_PROMO;
use crate::engine::variant::{NO_SQ, Sq, Variant, color_of, kind_of, piece};
use crate::engine::{Move, MoveKind, Position};

pub const NAMES: &[&str] = &[
    "capture_promotion",
    "burn",
    "clerk_link",
    "priest_loss",
    "fog_dispel",
    "drum_loss",
    "immobilize",
    "fog_inhibition",
];

/// Kinds by role; `NONE` when the variant does not use the hook needing it.
#[derive(Clone, Debug, Default)]
pub struct KoRules {
    pub capture_promotion: bool,
    pub burn: bool,
    pub clerk_link: bool,
    pub priest_loss: bool,
    pub fog_dispel: bool,
    pub drum_loss: bool,
    pub immobilize: bool,
    pub fog_inhibition: bool,
    /// KO-R16: faces whose capture promotes any capturer.
    commanders: u128,
    /// KO-R17: faces whose capture promotes a step mover, and the step movers.
    heavy: u128,
    step_movers: u128,
    /// KO-R18: the cavalryman and the face it must take.
    cavalryman: u16,
    frankish_cannon: u16,
    flame: u16,
    clerk: u16,
    master_at_arms: u16,
    /// (unpromoted guard, net) pairs.
    guards: Vec<(u16, u16)>,
    priest_stone: u128,
    reverting: Vec<(u16, u16)>,
    drum_banner: u128,
    fog: u16,
    priest: u16,
    light: u16,
    pawn: u16,
    drum_stone: u128,
    /// (net kind, ranging vectors for the first player).
    nets: Vec<(u16, Vec<(i32, i32)>)>,
    /// A21 switch: freeze every enemy piece up to the first friendly one.
    nets_freeze_all: bool,
    /// A5 switch: only an enemy light dispels a fog.
    only_enemy_light: bool,
    shooters: u128,
}

pub const NONE: u16 = u16::MAX;

fn kind(v: &Variant, name: &str, hook: &str) -> Result<u16, String> {
    v.kind_by_name(name)
        .ok_or_else(|| format!("hook `{hook}` needs a piece named `{name}`"))
}

fn mask(v: &Variant, names: &[&str], hook: &str) -> Result<u128, String> {
    let mut m = 0u128;
    for n in names {
        m |= 1u128 << kind(v, n, hook)?;
    }
    Ok(m)
}

impl KoRules {
    pub fn any(&self) -> bool {
        self.capture_promotion
            || self.burn
            || self.clerk_link
            || self.priest_loss
            || self.fog_dispel
            || self.drum_loss
            || self.immobilize
            || self.fog_inhibition
    }

    pub fn has_filters(&self) -> bool {
        self.drum_loss || self.immobilize || self.fog_inhibition || self.priest_loss
    }

    /// Resolves the pieces each named hook needs, and its switches from the
    /// variant's options (`net_scope`, `fog_light_scope`).
    pub fn build(v: &Variant, names: &[String]) -> Result<KoRules, String> {
        let on = |n: &str| names.iter().any(|x| x == n);
        let mut r = KoRules {
            cavalryman: NONE,
            frankish_cannon: NONE,
            flame: NONE,
            clerk: NONE,
            master_at_arms: NONE,
            fog: NONE,
            priest: NONE,
            light: NONE,
            pawn: NONE,
            ..KoRules::default()
        };
        if on("capture_promotion") {
            r.capture_promotion = true;
            let h = "capture_promotion";
            r.commanders = mask(v, &["general", "governor", "middle troop", "banner", "drum"], h)?;
            r.heavy = mask(
                v,
                &["sumo wrestler", "dragon ascending", "flag waver", "thunderclap"],
                h,
            )?;
            r.step_movers = mask(
                v,
                &[
                    "middle troop",
                    "drum",
                    "banner",
                    "sentry",
                    "aide de camp",
                    "aide",
                    "staff",
                    "chief of staff",
                    "engineer",
                    "frankish cannon",
                    "longbow",
                    "crossbow",
                    "cannon",
                    "shield",
                    "pawn",
                ],
                h,
            )?;
            r.cavalryman = kind(v, "cavalryman", h)?;
            r.frankish_cannon = kind(v, "frankish cannon", h)?;
        }
        if on("burn") {
            r.burn = true;
            r.flame = kind(v, "poison flame", "burn")?;
        }
        if on("clerk_link") {
            r.clerk_link = true;
            let h = "clerk_link";
            r.clerk = kind(v, "clerk", h)?;
            r.master_at_arms = kind(v, "master at arms", h)?;
            r.flame = kind(v, "poison flame", h)?;
            r.guards = vec![
                (kind(v, "advance guard", h)?, kind(v, "skyward net", h)?),
                (kind(v, "rear guard", h)?, kind(v, "earthward net", h)?),
            ];
        }
        if on("priest_loss") {
            r.priest_loss = true;
            let h = "priest_loss";
            r.priest_stone = mask(v, &["taoist priest", "five-li fog"], h)?;
            r.reverting = vec![
                (kind(v, "thunderclap", h)?, kind(v, "drum", h)?),
                (kind(v, "flag waver", h)?, kind(v, "banner", h)?),
            ];
            r.drum_banner = mask(v, &["drum", "banner"], h)?;
        }
        if on("fog_dispel") {
            r.fog_dispel = true;
            r.only_enemy_light = v.options.get("fog_light_scope").is_some_and(|o| o == "enemy");
            r.fog = kind(v, "five-li fog", "fog_dispel")?;
            r.priest = kind(v, "taoist priest", "fog_dispel")?;
            r.light = kind(v, "immaculate light", "fog_dispel")?;
        }
        if on("drum_loss") {
            r.drum_loss = true;
            r.pawn = kind(v, "pawn", "drum_loss")?;
            r.drum_stone = mask(v, &["drum", "thunderclap"], "drum_loss")?;
        }
        if on("immobilize") {
            r.immobilize = true;
            r.nets_freeze_all = v
                .options
                .get("net_scope")
                .is_some_and(|o| o == "all_until_friendly");
            r.nets = vec![
                (
                    kind(v, "skyward net", "immobilize")?,
                    vec![(1, 0), (-1, 0), (1, 1), (-1, 1)],
                ),
                (
                    kind(v, "earthward net", "immobilize")?,
                    vec![(1, 0), (-1, 0), (1, -1), (-1, -1)],
                ),
            ];
        }
        if on("fog_inhibition") {
            r.fog_inhibition = true;
            let h = "fog_inhibition";
            r.fog = kind(v, "five-li fog", h)?;
            r.shooters = mask(
                v,
                &[
                    "longbow",
                    "crossbow",
                    "longbow cavalryman",
                    "crossbow cavalryman",
                    "cannon",
                    "gun carriage",
                    "frankish cannon",
                    "chariot of the gods",
                ],
                h,
            )?;
        }
        Ok(r)
    }
}

fn chebyshev(v: &Variant, a: Sq, b: Sq) -> usize {
    let g = &v.geometry;
    g.file(a).abs_diff(g.file(b)).max(g.rank(a).abs_diff(g.rank(b)))
}

/// The kind a piece promotes to, if it may promote now.
fn promotion_of(pos: &Position, r: &KoRules, p: u16) -> Option<u16> {
    let v = &*pos.v;
    let k = kind_of(p);
    let target = v.kinds[k as usize].promotions.first()?.to.first().copied()?;
    if r.priest_loss && r.drum_banner & (1u128 << k) != 0 && !has_any(pos, color_of(p), r.priest_stone) {
        return None;
    }
    Some(target)
}

fn has_any(pos: &Position, color: usize, kinds: u128) -> bool {
    pos.pieces(color)
        .iter()
        .any(|&s| kinds & (1u128 << kind_of(pos.board[s as usize])) != 0)
}

/// Effects after a move: `moved_kind` is the mover's kind when the move began,
/// `captured` the pieces the move captured. Every change goes through `set`,
/// which records it for unmake.
pub fn after_move(
    pos: &mut Position,
    r: &KoRules,
    m: &Move,
    moved_kind: u16,
    captured: &[u16],
    set: &mut dyn FnMut(&mut Position, Sq, u16),
) {
    if m.kind != MoveKind::Board {
        return;
    }
    let us = 1 - pos.side; // the mover (make has flipped the side already)
    // Only a capture or a burn can take a priest stone off the board.
    let may_lose = !captured.is_empty() || (r.burn && moved_kind == r.flame);
    let priests_before = [0, 1]
        .map(|c| r.priest_loss && may_lose && has_any_captured_or_board(pos, c, r.priest_stone, captured));
    // Capture promotion (A30: at the end of the movement).
    if r.capture_promotion && !captured.is_empty() {
        let p = pos.board[m.to as usize];
        if p != 0 && color_of(p) == us {
            let faces: u128 = captured.iter().fold(0, |acc, &q| acc | 1u128 << kind_of(q));
            let trigger = faces & r.commanders != 0
                || (r.step_movers & (1u128 << moved_kind) != 0 && faces & r.heavy != 0)
                || (moved_kind == r.cavalryman && faces & (1u128 << r.frankish_cannon) != 0);
            if trigger
                && kind_of(p) == moved_kind
                && let Some(t) = promotion_of(pos, r, p)
            {
                set(pos, m.to, piece(t, us));
            }
        }
    }
    // Burn.
    if r.burn && moved_kind == r.flame {
        let g = &pos.v.geometry;
        let around: Vec<Sq> = [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ]
        .iter()
        .filter_map(|&d| g.offset(m.to, d))
        .collect();
        for s in around {
            if pos.board[s as usize] != 0 {
                set(pos, s, 0);
            }
        }
    }
    // Clerk link: the mover's clerk became a master at arms.
    if r.clerk_link && moved_kind == r.clerk && pos.board[m.to as usize] == piece(r.master_at_arms, us) {
        let squares: Vec<Sq> = pos.pieces(us).to_vec();
        for s in squares {
            let k = kind_of(pos.board[s as usize]);
            if let Some(&(_, net)) = r.guards.iter().find(|(g, _)| *g == k) {
                set(pos, s, piece(net, us));
            }
        }
        let enemy: Vec<Sq> = pos.pieces(1 - us).to_vec();
        for s in enemy {
            if kind_of(pos.board[s as usize]) == r.flame {
                set(pos, s, 0);
            }
        }
    }
    // Priest loss.
    if r.priest_loss {
        for c in 0..2 {
            if priests_before[c] && !has_any(pos, c, r.priest_stone) {
                let squares: Vec<Sq> = pos.pieces(c).to_vec();
                for s in squares {
                    let k = kind_of(pos.board[s as usize]);
                    if let Some(&(_, base)) = r.reverting.iter().find(|(f, _)| *f == k) {
                        set(pos, s, piece(base, c));
                    }
                }
            }
        }
    }
    // Fog dispelled by any light within 5.
    if r.fog_dispel && (has_any(pos, 0, 1u128 << r.light) || has_any(pos, 1, 1u128 << r.light)) {
        let lights: Vec<Sq> = [0, 1]
            .iter()
            .flat_map(|&c| pos.pieces(c).to_vec())
            .filter(|&s| kind_of(pos.board[s as usize]) == r.light)
            .collect();
        if !lights.is_empty() {
            let fogs: Vec<Sq> = [0, 1]
                .iter()
                .flat_map(|&c| pos.pieces(c).to_vec())
                .filter(|&s| kind_of(pos.board[s as usize]) == r.fog)
                .collect();
            for f in fogs {
                let owner = color_of(pos.board[f as usize]);
                let dispels = |l: &Sq| !r.only_enemy_light || color_of(pos.board[*l as usize]) != owner;
                if lights
                    .iter()
                    .filter(|l| dispels(l))
                    .any(|&l| chebyshev(&pos.v, f, l) <= 5)
                {
                    let c = color_of(pos.board[f as usize]);
                    set(pos, f, piece(r.priest, c));
                }
            }
        }
    }
}

/// Whether a side had one of `kinds` before the move: on the board now or
/// among the pieces the move captured.
fn has_any_captured_or_board(pos: &Position, color: usize, kinds: u128, captured: &[u16]) -> bool {
    has_any(pos, color, kinds)
        || captured
            .iter()
            .any(|&q| color_of(q) == color && kinds & (1u128 << kind_of(q)) != 0)
}

/// Squares of pieces frozen by enemy nets.
fn frozen(pos: &Position, r: &KoRules, side: usize) -> Vec<Sq> {
    let v = &*pos.v;
    let g = &v.geometry;
    let mut out = Vec::new();
    for &s in pos.pieces(1 - side) {
        let k = kind_of(pos.board[s as usize]);
        let Some((_, dirs)) = r.nets.iter().find(|(n, _)| *n == k) else {
            continue;
        };
        let sign = if side == 1 { 1 } else { -1 }; // the net belongs to the other side
        for &(dx, dy) in dirs {
            let d = (dx, dy * sign);
            let mut cur = s;
            while let Some(t) = g.offset(cur, d) {
                let q = pos.board[t as usize];
                if q != 0 {
                    if color_of(q) != side {
                        break;
                    }
                    out.push(t);
                    if !r.nets_freeze_all {
                        break;
                    }
                }
                cur = t;
            }
        }
    }
    out
}

/// Removes moves the hooks forbid in this position.
pub fn filter(pos: &Position, r: &KoRules, moves: &mut Vec<Move>) {
    let v = &*pos.v;
    let g = &v.geometry;
    let side = pos.side;
    let frozen = if r.immobilize {
        frozen(pos, r, side)
    } else {
        Vec::new()
    };
    let no_drum = r.drum_loss && !has_any(pos, side, r.drum_stone);
    let no_priest = r.priest_loss && !has_any(pos, side, r.priest_stone);
    let fogs: Vec<Sq> = if r.fog_inhibition {
        pos.pieces(1 - side)
            .iter()
            .copied()
            .filter(|&s| kind_of(pos.board[s as usize]) == r.fog)
            .collect()
    } else {
        Vec::new()
    };
    let forward = if side == 0 { 1 } else { -1 };
    moves.retain(|m| {
        if m.kind != MoveKind::Board || m.from == NO_SQ {
            return true;
        }
        let p = pos.board[m.from as usize];
        if p == 0 {
            return true;
        }
        let k = kind_of(p);
        if frozen.contains(&m.from) {
            return false;
        }
        if no_drum && k == r.pawn && g.offset(m.from, (0, forward)) == Some(m.to) {
            return false;
        }
        if no_priest && m.promo != NO_PROMO && r.drum_banner & (1u128 << k) != 0 {
            return false;
        }
        if !fogs.is_empty() && r.shooters & (1u128 << k) != 0 {
            let shoots = m.captures().iter().any(|&c| c != m.to);
            if shoots {
                // A31: judged at the shot, after a fog captured on landing is gone.
                let captured_at_landing = m.captures().contains(&m.to);
                let inhibited = fogs
                    .iter()
                    .any(|&f| !(captured_at_landing && f == m.to) && chebyshev(v, f, m.to) <= 5);
                if inhibited {
                    return false;
                }
            }
        }
        true
    });
}
