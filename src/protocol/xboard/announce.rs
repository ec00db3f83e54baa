//! How a variant is shown to XBoard: known by name, or announced with a
//! `setup` line (its pieces cast onto XBoard's piece types and letters, in
//! the fairy, shogi or chu layout) and a `piece` line per kind, with what
//! XBoard cannot show or test of it.

use std::sync::Arc;

use super::betza::{castle_shapes, castling_betza, xbetza};
use super::fen::xboard_fen;
use crate::engine::{Color, PieceKind, Position, Variant};
use crate::game::external::xboard::xboard_variant_name;

/// XBoard's variants that chimera's files play by the same rules (the
/// names are XBoard's, after [`xboard_variant_name`]).
const KNOWN_TO_XBOARD: [&str; 15] = [
    "normal",
    "crazyhouse",
    "losers",
    "giveaway",
    "atomic",
    "3check",
    "shatranj",
    "shogi",
    "courier",
    "capablanca",
    "makruk",
    "seirawan",
    "grand",
    "xiangqi",
    "chu",
];

/// XBoard's piece types in its order, by their default letters (slot 0 is
/// the pawn; the king is always the last letter of a side in a table); the
/// types past the 21st have no letter of their own here.
const SLOT_LETTERS: &[u8; 40] = b"PNBRQFEACWMOHIJGDVLSU...................";
/// All of XBoard's 65 piece types but the king (XBoard 4.9), for the large
/// shogi games, whose promoted faces each take a type of their own.
const ALL_SLOT_LETTERS: &[u8; 65] = b"PNBRQFEACWMOHIJGDVLSU............................................";
/// The marks XBoard 4.9 puts after a letter to make more piece names
/// (`L'`, `L!`: "dressed letters", as HaChu writes dai and tenjiku shogi).
const DRESSES: [&str; 3] = ["", "'", "!"];
/// The same slots as XBoard's shogi names them (lance, silver, gold).
const SHOGI_SLOT_LETTERS: &[u8; 11] = b"PNBRLS...G.";
/// In a shogi-like table, the promoted form of slot `i` is slot `i + 11`.
const PROMOTED_OFFSET: usize = 11;
/// The widest board XBoard draws (with holdings, two columns each side
/// less), and the most ranks.
const MAX_FILES: usize = 16;
const MAX_RANKS: usize = 16;

/// How a variant is shown to XBoard.
#[derive(Clone, Debug)]
pub(super) struct Presentation {
    /// XBoard knows the variant by this name: nothing to announce.
    pub(super) known: bool,
    /// Per piece kind: its XBoard letter (upper case, with its `'` or `!`
    /// if dressed) and whether it is written `+L` (a promoted shogi piece).
    pub(super) letters: Vec<(String, bool)>,
    /// The `setup` and `piece` lines (empty for a known variant).
    pub(super) announce: Vec<String>,
    /// Why XBoard cannot play it (too large a board), if so.
    pub(super) refused: Option<String>,
    /// What XBoard cannot show of it.
    pub(super) warnings: Vec<String>,
}

impl Presentation {
    pub(super) fn of(name: &str, v: &Arc<Variant>) -> Presentation {
        let g = v.board();
        let xname = xboard_variant_name(name);
        let known = KNOWN_TO_XBOARD.contains(&xname);
        let keys: Vec<(String, bool)> = v
            .kinds()
            .map(|k| {
                let key = v.piece(k).key();
                let promoted = key.starts_with('+');
                let c = key.trim_start_matches('+').chars().next().unwrap_or('?');
                (c.to_string(), promoted)
            })
            .collect();
        let mut p = Presentation {
            known,
            letters: keys,
            announce: Vec::new(),
            refused: None,
            warnings: Vec::new(),
        };
        let holdings = if has_holdings(v) { 2 } else { 0 };
        if g.files() + 2 * holdings > MAX_FILES || g.ranks() > MAX_RANKS {
            p.refused = Some(format!(
                "the board is {}×{}{}; XBoard draws at most {MAX_FILES} files (holdings included) and {MAX_RANKS} ranks",
                g.files(),
                g.ranks(),
                if holdings > 0 { " with holdings" } else { "" }
            ));
            return p;
        }
        p.warnings = limits(v);
        if !known {
            match announce(name, v) {
                Ok((letters, lines, untestable)) => {
                    p.letters = letters;
                    p.announce = lines;
                    p.warnings.extend(untestable);
                }
                Err(e) => p.refused = Some(e),
            }
        }
        p
    }
}

/// What XBoard's move syntax cannot say of a variant. (Moves of several
/// legs are sent leg by leg, `f6f7,f7f8`, as XBoard writes a lion's double
/// move; pieces whose moves XBetza cannot say are named when the variant
/// is announced: [`xbetza`].)
fn limits(v: &Variant) -> Vec<String> {
    // The names of the pieces with a property, joined, if any has it.
    let named = |has: &dyn Fn(&crate::engine::PieceDef) -> bool| {
        let names: Vec<&str> = v
            .kinds()
            .map(|k| v.piece(k))
            .filter(|d| has(d))
            .map(|d| d.name())
            .collect();
        (!names.is_empty()).then(|| names.join(", "))
    };
    let mut out = Vec::new();
    if v.pocket_capacity().is_some() {
        out.push("moves into the pocket have no XBoard spelling".into());
    }
    if let Some(spawners) = named(&|d| d.spawn.is_some()) {
        out.push(format!(
            "moves that put a new piece on the board ({spawners}) have no XBoard spelling: XBoard refuses them"
        ));
    }
    out
}

/// Whether the variant keeps pieces off the board (hands, reserves, a
/// pocket): XBoard then shows holdings.
pub(super) fn has_holdings(v: &Variant) -> bool {
    v.has_hands() || v.has_placement() || v.pocket_capacity().is_some()
}

/// The letters, `setup` and `piece` lines that announce a variant XBoard
/// does not know.
/// Also what XBoard's legality testing would refuse.
type Announcement = (Vec<(String, bool)>, Vec<String>, Vec<String>);

/// How the pieces are laid out in XBoard's table of piece types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// Every kind a type of its own, plain letters (parent `fairy`).
    Fairy,
    /// Shogi's: a promoted (`+`) kind in its base's type plus 11, sharing
    /// the base's letter (parent `shogi`, with holdings).
    Shogi,
    /// The large shogi games' (parent `chu`, as HaChu announces wa shogi):
    /// any of XBoard's 65 types, dressed letters (`L'`, `L!`), a promoted
    /// kind in a type of its own tied to its base's letter by `^` in the
    /// table (`^L!`), written `+L!`.
    Chu,
}

/// How a variant's pieces map onto XBoard's piece types: a letter and a
/// slot (XBoard's type, which picks the picture) per kind; a promoted
/// shogi-like kind shares its base's letter, in the base's slot plus 11
/// (in [`Layout::Chu`], in a slot of its own).
struct Casting {
    kinds: Vec<PieceKind>,
    layout: Layout,
    /// The base kind's index of a promoted (`+`) kind.
    base: Vec<Option<usize>>,
    /// Upper case, with the dress (`'`, `!`) if any.
    letter: Vec<String>,
    slot: Vec<Option<usize>>,
    royal: Option<usize>,
    /// The wall's kind (`[walls]`): no side's piece and no piece type of
    /// XBoard's, but a square off its board (`*` in its FEN: a dark square,
    /// which no piece enters, passes or takes).
    wall: Option<usize>,
}

impl Casting {
    fn new(name: &str, v: &Variant, layout: Layout) -> Result<Casting, String> {
        let kinds: Vec<PieceKind> = v.kinds().collect();
        let base: Vec<Option<usize>> = kinds
            .iter()
            .map(|&k| {
                let def = v.piece(k);
                if layout == Layout::Fairy || !def.key().starts_with('+') {
                    return None;
                }
                def.demotes_to()
                    .or_else(|| {
                        kinds
                            .iter()
                            .copied()
                            .find(|&b| v.piece(b).promotes_to().contains(&k))
                    })
                    .filter(|&b| !v.piece(b).key().starts_with('+'))
                    .and_then(|b| kinds.iter().position(|&x| x == b))
            })
            .collect();
        let mut c = Casting {
            letter: vec![String::new(); kinds.len()],
            slot: vec![None; kinds.len()],
            royal: kinds.iter().position(|&k| v.piece(k).is_royal()),
            wall: kinds.iter().position(|&k| v.wall_kind() == Some(k)),
            kinds,
            layout,
            base,
        };
        c.pick_letters(name, v)?;
        c.pick_slots(
            name,
            match layout {
                Layout::Fairy => &SLOT_LETTERS[..],
                Layout::Shogi => &SHOGI_SLOT_LETTERS[..],
                Layout::Chu => &ALL_SLOT_LETTERS[..],
            },
        )?;
        Ok(c)
    }

    /// Letters: the symbol itself when it is one letter (dressed or not)
    /// and free, else the first free letter of the symbol, else any; in
    /// [`Layout::Chu`] each letter also dressed (`A`, `A'`, `A!`).
    fn pick_letters(&mut self, name: &str, v: &Variant) -> Result<(), String> {
        let dresses: &[&str] = if self.layout == Layout::Chu {
            &DRESSES
        } else {
            &DRESSES[..1]
        };
        let symbol = |i: usize| {
            v.piece(self.kinds[i])
                .key()
                .trim_start_matches('+')
                .trim_end_matches('~')
                .to_ascii_uppercase()
        };
        let mut used: Vec<String> = Vec::new();
        // Kinds whose symbol is already an XBoard letter first, so that a
        // longer symbol does not take it.
        let own = |s: &str| {
            let mut c = s.chars();
            c.next().is_some_and(|l| l.is_ascii_alphabetic()) && dresses.contains(&c.as_str())
        };
        let order: Vec<usize> = (0..self.kinds.len())
            .filter(|&i| own(&symbol(i)))
            .chain((0..self.kinds.len()).filter(|&i| !own(&symbol(i))))
            .filter(|&i| self.base[i].is_none() && Some(i) != self.wall)
            .collect();
        if let Some(w) = self.wall {
            self.letter[w] = "*".into();
        }
        for i in order {
            let sym = symbol(i);
            let pick = own(&sym)
                .then(|| sym.clone())
                .into_iter()
                .chain(
                    sym.chars()
                        .filter(char::is_ascii_alphabetic)
                        .chain('A'..='Z')
                        .flat_map(|c| dresses.iter().map(move |d| format!("{c}{d}"))),
                )
                .find(|c| !used.contains(c))
                .ok_or_else(|| format!("`{name}` has more kinds of pieces than XBoard has letters"))?;
            used.push(pick.clone());
            self.letter[i] = pick;
        }
        for i in 0..self.kinds.len() {
            if let Some(b) = self.base[i] {
                self.letter[i] = self.letter[b].clone();
            }
        }
        Ok(())
    }

    /// Slots: the royal piece is the king; a piece whose letter is a slot's
    /// own takes it; the others the first free slot (the pawn's last). In
    /// [`Layout::Chu`] a promoted kind takes its base's slot plus 11 when
    /// free (XBoard's own pairing), else the first free one.
    fn pick_slots(&mut self, name: &str, defaults: &[u8]) -> Result<(), String> {
        let ordinary = defaults.len();
        let mut used = vec![false; ordinary];
        let own_slot = self.layout == Layout::Chu;
        for pass in 0..3 {
            for i in 0..self.kinds.len() {
                let promoted = self.base[i].is_some();
                if Some(i) == self.royal
                    || Some(i) == self.wall
                    || self.slot[i].is_some()
                    || (promoted && !own_slot)
                {
                    continue;
                }
                let s = match pass {
                    0 if !promoted => defaults
                        .iter()
                        .position(|&c| self.letter[i] == (c as char).to_string())
                        .filter(|&s| !used[s]),
                    0 => None,
                    1 if promoted => self.base[i]
                        .and_then(|b| self.slot[b])
                        .map(|s| s + PROMOTED_OFFSET)
                        .filter(|&s| s < ordinary && !used[s]),
                    1 => None,
                    _ => (1..ordinary).chain([0]).find(|&s| !used[s]),
                };
                if let Some(s) = s {
                    self.slot[i] = Some(s);
                    used[s] = true;
                }
            }
        }
        if (0..self.kinds.len()).any(|i| {
            Some(i) != self.royal
                && Some(i) != self.wall
                && (own_slot || self.base[i].is_none())
                && self.slot[i].is_none()
        }) {
            return Err(format!("`{name}` has more kinds of pieces than XBoard can draw"));
        }
        if !own_slot {
            for i in 0..self.kinds.len() {
                if let Some(b) = self.base[i] {
                    self.slot[i] = self.slot[b].map(|s| s + PROMOTED_OFFSET);
                }
            }
        }
        Ok(())
    }

    /// The piece-to-character table: a character a slot, then the king,
    /// for each side — `.` for the king of a side that has none (`kings`:
    /// per side, whether it has one), which XBoard then never finds in
    /// check (its check test fails on a side without a king, and so would
    /// refuse every move of Horde's White). A promoted kind is `+` (its
    /// base's slot plus 11), or `^` and its base's letter ([`Layout::Chu`]).
    fn table(&self, kings: [bool; 2]) -> String {
        let width = self.slot.iter().flatten().max().map_or(0, |&m| m + 1).max(5);
        let mut white = vec![".".to_string(); width];
        for (i, s) in self.slot.iter().enumerate() {
            if let Some(s) = *s {
                white[s] = match (self.base[i], self.layout) {
                    (Some(_), Layout::Chu) => format!("^{}", self.letter[i]),
                    (Some(_), _) => "+".into(),
                    (None, _) => self.letter[i].clone(),
                };
            }
        }
        let king = |has: bool| {
            self.royal
                .filter(|_| has)
                .map_or(".".to_string(), |r| self.letter[r].clone())
        };
        let white: String = white.concat();
        format!(
            "{white}{}{}{}",
            king(kings[0]),
            white.to_lowercase(),
            king(kings[1]).to_lowercase()
        )
    }

    fn letters(&self) -> Vec<(String, bool)> {
        (0..self.kinds.len())
            .map(|i| (self.letter[i].clone(), self.base[i].is_some()))
            .collect()
    }
}

fn announce(name: &str, v: &Arc<Variant>) -> Result<Announcement, String> {
    let g = v.board();
    let promoting = v.kinds().any(|k| v.piece(k).key().starts_with('+'));
    let shogi_like = v.has_hands() && promoting;
    // Shogi's layout when the pieces fit in it, else every kind on its own;
    // a large shogi without holdings that does not fit that either: chu's.
    // A shogi without holdings (the large family, sho) takes chu's layout,
    // whose letters and `+` faces its players know, when it fits.
    let chu_like = promoting && !has_holdings(v);
    let casting = match Casting::new(name, v, Layout::Shogi) {
        Ok(c) if shogi_like => c,
        _ => match Casting::new(name, v, Layout::Chu) {
            Ok(c) if chu_like => c,
            _ => match Casting::new(name, v, Layout::Fairy) {
                Ok(c) => c,
                Err(_) if chu_like => Casting::new(name, v, Layout::Chu)?,
                Err(e) => return Err(e),
            },
        },
    };
    let layout = casting.layout;
    let letters = casting.letters();
    let holdings = if has_holdings(v) {
        (0..casting.kinds.len())
            .filter(|&i| Some(i) != casting.royal && Some(i) != casting.wall && casting.base[i].is_none())
            .count()
            .min(g.ranks())
    } else {
        0
    };
    let parent = match layout {
        Layout::Fairy => "fairy",
        Layout::Shogi => "shogi",
        Layout::Chu => "chu",
    };
    // A side with no royal piece on the board, none to come from a hand or
    // a reserve (Horde's White).
    let start = Position::start(v);
    let kings = [Color::First, Color::Second].map(|c| {
        v.has_hands()
            || v.has_placement()
            || start
                .pieces(c)
                .iter()
                .any(|&sq| start.piece_at(sq).is_some_and(|p| v.piece(p.kind()).is_royal()))
    });
    let mut lines = vec![format!(
        "setup ({}) {}x{}+{holdings}_{parent} {}",
        casting.table(kings),
        g.files(),
        g.ranks(),
        xboard_fen(&Position::start(v), &letters)
    )];
    let (shapes, mut untested) = castle_shapes(v, casting.royal.map(|r| casting.kinds[r]));
    let mut unsaid = Vec::new();
    for (i, &k) in casting.kinds.iter().enumerate() {
        if Some(i) == casting.wall {
            continue;
        }
        let (l, promoted) = &letters[i];
        let plus = if *promoted { "+" } else { "" };
        let def = v.piece(k);
        // Rules beside the Betza that XBetza has no word for: range capture,
        // capturing only unprotected pieces, hopping limited by kind.
        let beside = def.filters.captures_jumped
            || def.captures_unprotected_only
            || def.captures_anywhere
            || !def.filters.cannot_hop.is_empty()
            || !def.filters.cannot_capture_by_hop.is_empty();
        // Such a piece keeps its nearest XBetza (XBoard cannot read
        // chimera's notation) and is named in the warning.
        if beside {
            unsaid.push(def.name().to_string());
        }
        let betza = match xbetza(def.betza()) {
            Some(x) => x,
            None if beside => def.betza().to_string(),
            None => {
                unsaid.push(v.piece(k).name().to_string());
                v.piece(k).betza().to_string()
            }
        };
        if Some(i) != casting.royal || shapes.is_empty() {
            lines.push(format!("piece {plus}{l}& {betza}"));
            continue;
        }
        // The king castles: XBoard learns how from its Betza (`isO2`).
        let [first, second] = [Color::First, Color::Second].map(|c| castling_betza(&shapes, c));
        if first == second && kings == [true, true] {
            lines.push(format!("piece {l}& {betza}{first}"));
        } else {
            if kings[0] {
                lines.push(format!("piece {l} {betza}{first}"));
            }
            if kings[1] {
                lines.push(format!("piece {} {betza}{second}", l.to_lowercase()));
            }
        }
    }
    if !unsaid.is_empty() {
        untested.push(format!(
            "XBoard's Betza cannot say the moves of the {} (chimera's own notation, sent as it is): \
             its legality testing would refuse some of their moves (switch it off: -testLegality false)",
            unsaid.join(", ")
        ));
    }
    untested.extend(untestable(v, &casting));
    Ok((letters, lines, untested))
}

/// What XBoard's legality testing would refuse of an announced variant:
/// XBoard knows promotion only as a pawn reaching the last rank (under
/// `fairy`) or as a piece turning into its `+` form (under `shogi`).
fn untestable(v: &Variant, casting: &Casting) -> Vec<String> {
    let g = v.board();
    let mut odd = Vec::new();
    for (i, &k) in casting.kinds.iter().enumerate() {
        let def = v.piece(k);
        let unusual = def.promotions.iter().any(|p| {
            if casting.layout != Layout::Fairy {
                p.to.iter().any(|t| casting.base[t.index()] != Some(i))
            } else {
                casting.slot[i] != Some(0)
                    || p.zone[0]
                        .iter()
                        .enumerate()
                        .any(|(s, &z)| z && s / g.files() + 1 != g.ranks())
            }
        });
        if unusual {
            odd.push(format!(
                "the {} promotes where or as XBoard does not expect",
                def.name()
            ));
        }
    }
    if odd.is_empty() {
        return Vec::new();
    }
    vec![format!(
        "XBoard's legality testing would refuse some moves ({}): switch it off (Options > General > Test Legality, or -testLegality false)",
        odd.join("; ")
    )]
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn rules_beside_the_betza_are_reported_unsaid() {
        // Tenjiku's range-capturing generals (hopping limited by rank) are
        // sent in chimera's notation with a warning, not as plain XBetza.
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/tenjiku-shogi.toml");
        let v = crate::load(&path).expect("loads");
        let (_, _, untested) = announce("tenjiku", &v).expect("announced");
        let said = untested.join("\n");
        for name in ["great general", "vice general", "rook general", "bishop general"] {
            assert!(said.contains(name), "{name}: {said}");
        }
        assert!(!said.contains("free eagle"), "{said}");
    }
}
