//! XBoard / CECP version 2 (the Chess Engine Communication Protocol), for
//! XBoard, WinBoard and the match runners that speak it.
//!
//! Commands: `xboard`, `protover N` (answered with `feature` lines: the
//! loaded variants, `setboard=1 usermove=1 ping=1 time=1 …`, `done=1`),
//! `accepted`/`rejected`, `new`, `variant NAME`, `force`, `go`, `playother`,
//! `usermove MOVE` (a bare move too), `?`, `level MPS BASE INC`, `st SEC`,
//! `sd DEPTH`, `time CS`, `otim CS`, `ping N`, `result …`, `setboard FEN`,
//! `undo`, `remove`, `post`/`nopost`, `hard`/`easy`, `quit`; the others
//! XBoard may send (`computer`, `name`, `rating`, `random`, `draw`, …) are
//! accepted and ignored, anything else is answered `Error (unknown
//! command): …`, an illegal move `Illegal move: …`.
//!
//! Variants XBoard knows by name (`normal` for chess, `shogi`, `xiangqi`,
//! `crazyhouse`, …) are played as XBoard plays them. Any other variant is
//! announced in reply to `variant NAME` with a `setup` command (the board's
//! size, holdings, a parent variant, the letters of the pieces and the start
//! position) and one `piece` command per piece with its moves in Betza
//! notation, so that XBoard can draw the board and move chimera's own
//! pieces. A shogi game without holdings whose kinds outnumber XBoard's
//! letters (dai, wa, tenjiku) is announced under `chu`, as HaChu announces
//! wa: dressed letters (`L!`, `P'`), a piece type for each promoted face,
//! moves of two legs in XBetza. A board larger than XBoard can draw is
//! refused with a message,
//! and moves XBoard cannot write (shots, multiple captures, moves into a
//! pocket) are announced with a warning when the variant is chosen.
//!
//! The search runs on its own thread: `?` makes it move at once; a command
//! that changes the game stops it without a move; `ping` and the commands
//! after it wait for the move, as the protocol asks.

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::{Out, clip, next_line, say};
use crate::engine::{
    Color, GameResult, Move, MoveKind, MoveNotation, PieceKind, Position, Reason, Store, Variant,
};
use crate::game::Game;
use crate::game::clock::{clock_budget, fixed_budget};
use crate::game::external::xboard::xboard_variant_name;
use crate::game::players::MAX_DEPTH;
use crate::game::players::{MAX_HASH_MB, MAX_THREADS};
use crate::game::search::{DEFAULT_HASH_MB, Limits, MATE_SCORE, Searcher};

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

/// Variant names XBoard 4.9 leaves out of its menu when an engine offers
/// them (those of WinBoard's "Alien Edition"): chimera offers these games
/// under its rules files' names as well (`dai-shogi`), which the menu shows;
/// `-variant dai` on XBoard's command line (and HaChu) use the short name.
const HIDDEN_BY_XBOARD: [&str; 6] = ["tenjiku", "dai", "dada", "maka", "tai", "kyoku"];

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
struct Presentation {
    /// XBoard knows the variant by this name: nothing to announce.
    known: bool,
    /// Per piece kind: its XBoard letter (upper case, with its `'` or `!`
    /// if dressed) and whether it is written `+L` (a promoted shogi piece).
    letters: Vec<(String, bool)>,
    /// The `setup` and `piece` lines (empty for a known variant).
    announce: Vec<String>,
    /// Why XBoard cannot play it (too large a board), if so.
    refused: Option<String>,
    /// What XBoard cannot show of it.
    warnings: Vec<String>,
}

impl Presentation {
    fn of(name: &str, v: &Arc<Variant>) -> Presentation {
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
fn has_holdings(v: &Variant) -> bool {
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
            .filter(|&i| self.base[i].is_none())
            .collect();
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
                if Some(i) == self.royal || self.slot[i].is_some() || (promoted && !own_slot) {
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
        if (0..self.kinds.len())
            .any(|i| Some(i) != self.royal && (own_slot || self.base[i].is_none()) && self.slot[i].is_none())
        {
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
            .filter(|&i| Some(i) != casting.royal && casting.base[i].is_none())
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
        let (l, promoted) = &letters[i];
        let plus = if *promoted { "+" } else { "" };
        let def = v.piece(k);
        // Rules beside the Betza that XBetza has no word for: range capture,
        // capturing only unprotected pieces, hopping limited by kind.
        let beside = def.filters.captures_jumped
            || def.captures_unprotected_only
            || def.captures_anywhere
            || !def.filters.cannot_hop.is_empty();
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

/// A piece's moves in H. G. Muller's XBetza, as XBoard 4.9 reads them in a
/// `piece` command, from chimera's notation: the same letters for moves of
/// one leg, but for directions on K and Q, which XBetza reads otherwise
/// (`fK`: `fWfF`); a move of two legs (`fWavW`: a step, then maybe another along
/// the line; `aK` at the start: one or two king steps) becomes XBetza's
/// stop after the first leg, capture and go on (`fcavW`), and step to an
/// empty square and go on (`fmavW`), a second leg without directions
/// written both ways XBoard needs (`caK` omits the way back: `cabK`).
/// `None` for what XBetza cannot say or reads otherwise: ranges of legs
/// (`a3K`), several hops (`pp`), shooting (`x`), groups, exact ranges.
fn xbetza(betza: &str) -> Option<String> {
    if !betza.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    // Moves: modifiers, an atom, a range (`fR2`).
    let mut moves: Vec<(String, String)> = Vec::new();
    let mut mods = String::new();
    let mut chars = betza.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_lowercase() {
            mods.push(c);
        } else if c.is_ascii_uppercase() {
            let mut atom = c.to_string();
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                atom.push(d);
            }
            moves.push((std::mem::take(&mut mods), atom));
        } else {
            // A digit before an atom: a count of legs (`a3K`).
            return None;
        }
    }
    if !mods.is_empty() {
        return None;
    }
    // XBetza's directions and modalities; `x` (a relay there) and `pp` (a
    // single hop there) mean something else.
    let plain = |m: &str| !m.contains(['x', 'a']) && !m.contains("pp");
    let legs = |m: &str| m.chars().all(|c| "fbvslrh".contains(c));
    let mut out = String::new();
    let mut i = 0;
    while i < moves.len() {
        let (m, atom) = &moves[i];
        // `aK` at the start of a move: the atom, then maybe again.
        let (first, second): ((String, String), Option<(String, String)>) =
            if let Some(rest) = m.strip_prefix('a') {
                (
                    (String::new(), atom.clone()),
                    Some((rest.to_string(), atom.clone())),
                )
            } else if let Some((m2, a2)) = moves.get(i + 1).filter(|(m2, _)| m2.starts_with('a')) {
                i += 1;
                ((m.clone(), atom.clone()), Some((m2[1..].to_string(), a2.clone())))
            } else {
                ((m.clone(), atom.clone()), None)
            };
        i += 1;
        let (m1, a1) = first;
        if !plain(&m1) {
            return None;
        }
        let Some((m2, a2)) = second else {
            // XBetza reads directions on K and Q in eight ways (`fK` is
            // one step straight forward); here they pick among the moves of
            // both halves (`fK` is the three forward steps): `fWfF`.
            let halves = match a1.chars().next() {
                Some('K') => Some(('W', 'F')),
                Some('Q') => Some(('R', 'B')),
                _ => None,
            };
            match halves {
                Some((o, d)) if m1.contains(['f', 'b', 'v', 's', 'l', 'r']) => {
                    let range = &a1[1..];
                    out.push_str(&format!("{m1}{o}{range}{m1}{d}{range}"));
                }
                _ => out.push_str(&format!("{m1}{a1}")),
            }
            continue;
        };
        if !legs(&m1) || !legs(&m2) || a1.len() > 1 || a2.len() > 1 {
            return None;
        }
        // XBetza's second leg: directions relative to the first, as here;
        // without any it omits the way back.
        let again: Vec<String> = if m2.chars().any(|c| "fbvslrh".contains(c)) {
            vec![format!("{m2}{a2}")]
        } else {
            vec![format!("{m2}{a2}"), format!("b{m2}{a2}")]
        };
        out.push_str(&format!("{m1}{a1}"));
        for mode in ["c", "m"] {
            for leg in &again {
                out.push_str(&format!("{m1}{mode}a{leg}"));
            }
        }
    }
    Some(out)
}

/// A castling move as XBoard's Betza castling (`O`) plays it: the king
/// steps `step` files (at least two) towards the partner, which stands
/// `skip` files in from the board's edge, nothing between them, and lands
/// beside the king on the square it crossed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CastleShape {
    color: Color,
    /// Towards the last file (else the first).
    up: bool,
    step: usize,
    skip: usize,
}

/// The castling moves of a variant as XBoard can play them, and a warning
/// for those it cannot (its legality testing would refuse them).
fn castle_shapes(v: &Arc<Variant>, royal: Option<PieceKind>) -> (Vec<CastleShape>, Vec<String>) {
    let g = v.board();
    let start = Position::start(v);
    let mut shapes: Vec<CastleShape> = Vec::new();
    let mut odd: Vec<char> = Vec::new();
    for c in &v.castles {
        let (kf, ktf, rf, rtf) = (
            g.file(c.king),
            g.file(c.king_to),
            g.file(c.rook),
            g.file(c.rook_to),
        );
        let rank = g.rank(c.king);
        let up = rf > kf;
        let step = kf.abs_diff(ktf);
        let mut between = (kf.min(rf) + 1..kf.max(rf)).filter_map(|f| g.square(f as i32, rank as i32));
        let fits = c.by_drops.is_none()
            && [c.king_to, c.rook, c.rook_to].iter().all(|&s| g.rank(s) == rank)
            && step >= 2
            && (ktf > kf) == up
            && (if up { rtf + 1 == ktf } else { rtf == ktf + 1 })
            && start
                .piece_at(c.king)
                .is_some_and(|p| Some(p.kind()) == royal && p.color() == c.color)
            && between.all(|s| c.empty.contains(&s));
        let shape = CastleShape {
            color: c.color,
            up,
            step,
            skip: if up { g.files() - 1 - rf } else { rf },
        };
        // One way of castling a side and direction: XBoard's Betza has one.
        let clash = shapes
            .iter()
            .any(|o| o.color == shape.color && o.up == up && *o != shape);
        if fits && !clash {
            shapes.push(shape);
        } else {
            odd.push(c.right);
        }
    }
    let warning = (!odd.is_empty()).then(|| {
        format!(
            "XBoard's legality testing would refuse castling {}: XBoard castles only the king, from its \
             start square, two squares or more towards a piece at the edge that lands beside it \
             (switch it off: -testLegality false)",
            odd.iter()
                .map(|r| format!("`{r}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    });
    (shapes, warning.into_iter().collect())
}

/// The castling part of the king's Betza for `color`, in XBoard's dialect:
/// `i` (only a king that has not moved), the directions, one `j` per file
/// the partner stands in from the edge, `O` and the king's step — `isO2`
/// for chess. XBoard turns Black's directions round, so Black's right is
/// towards the first file. Empty when `color` does not castle.
fn castling_betza(shapes: &[CastleShape], color: Color) -> String {
    let way = |up: bool| {
        shapes
            .iter()
            .find(|s| s.color == color && s.up == up)
            .map(|s| format!("{}O{}", "j".repeat(s.skip), s.step))
    };
    let (up, down) = (way(true), way(false));
    if up.is_some() && up == down {
        return format!("is{}", up.unwrap_or_default());
    }
    // A white king's right is up the files; a black king's is down.
    let right_is_up = color == Color::First;
    [(up, right_is_up), (down, !right_is_up)]
        .into_iter()
        .filter_map(|(w, right)| w.map(|w| format!("i{}{w}", if right { 'r' } else { 'l' })))
        .collect()
}

/// The castling rights of a position as XBoard's FEN writes them: `K` and
/// `Q` for a castling of the first player towards the last and the first
/// file, `k` and `q` for the second player's; `-` for none.
fn xboard_rights(pos: &Position) -> String {
    let v = pos.variant();
    let g = v.board();
    let mut out = String::new();
    for (color, letters) in [(Color::First, ['K', 'Q']), (Color::Second, ['k', 'q'])] {
        for (up, ch) in [(true, letters[0]), (false, letters[1])] {
            let held = v.castles.iter().enumerate().any(|(i, c)| {
                c.color == color && pos.castling & (1 << i) != 0 && (g.file(c.rook) > g.file(c.king)) == up
            });
            if held {
                out.push(ch);
            }
        }
    }
    if out.is_empty() { "-".into() } else { out }
}

/// XBoard's castling field read back: the variant's own right letters for
/// each castling of the side and direction each letter names, whose king
/// and partner stand on their squares in `board`.
fn rights_from_xboard(v: &Variant, field: &str, board: &Position) -> String {
    let g = v.board();
    let stands = |sq, color: Color, royal: bool| {
        board
            .piece_at(sq)
            .is_some_and(|p| p.color() == color && (!royal || v.piece(p.kind()).is_royal()))
    };
    let mut out = String::new();
    for ch in field.chars() {
        let (color, up) = match ch {
            'K' => (Color::First, true),
            'Q' => (Color::First, false),
            'k' => (Color::Second, true),
            'q' => (Color::Second, false),
            _ => continue,
        };
        for c in &v.castles {
            if c.color == color
                && (g.file(c.rook) > g.file(c.king)) == up
                && stands(c.king, color, true)
                && stands(c.rook, color, false)
                && !out.contains(c.right)
            {
                out.push(c.right);
            }
        }
    }
    if out.is_empty() { "-".into() } else { out }
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

/// A position as XBoard's FEN with the given letters: the board, the
/// holdings of both sides in brackets (when the variant has any), the side
/// to move (`w` the first player), the castling rights ([`xboard_rights`]),
/// no en-passant square.
fn xboard_fen(pos: &Position, letters: &[(String, bool)]) -> String {
    let v = pos.variant();
    let g = v.board();
    let name = |kind: PieceKind, color: Color| {
        let (l, promoted) = &letters[kind.index()];
        let l = if color == Color::First {
            l.to_ascii_uppercase()
        } else {
            l.to_ascii_lowercase()
        };
        if *promoted { format!("+{l}") } else { l }
    };
    let mut rows = Vec::new();
    for r in (0..g.ranks()).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..g.files() {
            let piece = g.square(f as i32, r as i32).and_then(|s| pos.piece_at(s));
            match piece {
                Some(p) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(&name(p.kind(), p.color()));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let mut fen = rows.join("/");
    if has_holdings(v) {
        let mut held = String::new();
        for color in [Color::First, Color::Second] {
            for k in v.kinds() {
                let n: u32 = Store::ALL.iter().map(|&s| pos.count(s, color, k)).sum();
                for _ in 0..n {
                    held.push_str(&name(k, color));
                }
            }
        }
        fen.push_str(&format!("[{}]", if held.is_empty() { "-".into() } else { held }));
    }
    let side = if pos.side_to_move() == Color::First {
        "w"
    } else {
        "b"
    };
    format!("{fen} {side} {} - 0 1", xboard_rights(pos))
}

/// A legal move in XBoard's notation, with the variant's XBoard letters.
fn move_text(pos: &mut Position, m: &Move, p: &Presentation) -> String {
    let xboard = pos.move_text_as(m, MoveNotation::XBoard);
    // Known variants, and moves of several legs (`h8h9,h9h10`, a lion's
    // double move; a pass `@@@@`), as XBoard writes them.
    if p.known || xboard.contains(',') || xboard == "@@@@" {
        return xboard;
    }
    let g = pos.variant().board().clone();
    let sq = |s| {
        format!(
            "{}{}",
            (b'a' + g.file(s) as u8) as char,
            crate::text::xboard_rank_text(g.ranks(), g.rank(s))
        )
    };
    let letter = |k: PieceKind| p.letters[k.index()].0.clone();
    match (m.kind(), m.from(), m.to()) {
        (MoveKind::Pass, ..) => "@@@@".into(),
        (MoveKind::Drop | MoveKind::Place | MoveKind::Spawn | MoveKind::PocketDrop, _, Some(to)) => {
            let k = m.entering_kind().unwrap_or(m.piece());
            format!("{}@{}", letter(k), sq(to))
        }
        (MoveKind::Board | MoveKind::Castle, Some(from), Some(to))
            if m.captures().iter().all(|&c| c == to) || m.captures().len() <= 1 =>
        {
            let mut s = format!("{}{}", sq(from), sq(to));
            if let Some(k) = m.promotion() {
                let (l, promoted) = &p.letters[k.index()];
                if *promoted {
                    s.push('+');
                } else {
                    s.push_str(&l.to_ascii_lowercase());
                }
            }
            s
        }
        _ => pos.move_text_as(m, MoveNotation::XBoard),
    }
}

/// The legal move an XBoard move text names (`=` for "no promotion" and
/// the case of a drop's letter are forgiven). XBoard keeps a rank as one
/// character (`'1'` + rank − 1), so on a board of 16 ranks the 16th is `@`,
/// which it then relays as a drop: `i16h15` reaches the other engine as
/// `I@h15`. Such a text, when it names no drop, is read as the move from
/// the 16th rank.
fn parse_move(pos: &mut Position, text: &str, p: &Presentation) -> Option<Move> {
    let t = text.trim();
    let t = t.strip_suffix('=').unwrap_or(t);
    let found = find_move(pos, t, p);
    if found.is_some() || pos.v.geometry.ranks() != 16 {
        return found;
    }
    if !t.contains('@') {
        return None;
    }
    // Each `@` after a file letter is the 16th rank (`C@b15`, `b15c@`).
    let mut repaired = String::new();
    for c in t.chars() {
        if c == '@' && repaired.ends_with(|l: char| l.is_ascii_alphabetic()) {
            let file = repaired.pop().map(|l| l.to_ascii_lowercase());
            repaired.extend(file);
            repaired.push_str("16");
        } else {
            repaired.push(c);
        }
    }
    find_move(pos, &repaired, p)
}

/// [`parse_move`] without the 16th rank's repair.
fn find_move(pos: &mut Position, t: &str, p: &Presentation) -> Option<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let found: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| {
            let ours = move_text(pos, m, p);
            ours == t || (ours.contains('@') && ours.eq_ignore_ascii_case(t))
        })
        .collect();
    match found.as_slice() {
        [m] => Some(*m),
        _ => None,
    }
}

/// Time controls as XBoard sets them.
#[derive(Clone, Debug, Default)]
struct Clock {
    /// `level`: moves per session (0: all), increment (ms).
    moves_per_session: u32,
    increment: u64,
    /// `st`: a fixed time a move (ms).
    fixed: Option<u64>,
    /// `sd`: a depth limit.
    depth: Option<i32>,
    /// `time`/`otim`: the engine's clock (ms), set before each move.
    mine: Option<u64>,
    /// Whether any time control was given.
    set: bool,
}

impl Clock {
    /// The limits for the engine's next move; `played` is how many moves
    /// the engine has made in this game, `spent` how long ago the command
    /// that asks for it was read (the GUI's clock runs from there). A fixed
    /// time (`st`) keeps a margin ([`fixed_budget`]): `st 1` searches at
    /// most 850 ms.
    fn limits(&self, played: u32, spent: Duration) -> Limits {
        let budget = self.fixed.map(fixed_budget).or_else(|| {
            let togo = (self.moves_per_session > 0)
                .then(|| u64::from(self.moves_per_session - played % self.moves_per_session));
            // Keep a little for the way to the GUI.
            clock_budget(
                self.mine.map(|t| t.saturating_sub(50)),
                self.increment,
                togo.or(Some(30)),
                0,
            )
        });
        let movetime = match (budget, self.set) {
            (Some(b), _) => Some(b.max(10).saturating_sub(spent.as_millis() as u64).max(1)),
            // No time control at all: a few seconds.
            (None, false) => Some(5000),
            (None, true) => Some(1000),
        };
        Limits {
            depth: self.depth.unwrap_or(MAX_DEPTH),
            movetime: movetime.map(Duration::from_millis),
            stop: None,
            ..Default::default()
        }
    }
}

/// What the session hears: a line of input (and when it was read), a
/// line that cannot be a command (what to say of it), the input's end, or
/// the search's end.
enum Event {
    Line(String, Instant),
    Bad(String),
    End,
    /// The search with this number ended (an abandoned one's news is stale).
    Searched(u64),
}

/// A running search.
struct Thinking {
    id: u64,
    stop: Arc<AtomicBool>,
    /// The searcher back, and the best move (`None`: the search failed).
    handle: JoinHandle<(Searcher, Option<Option<Move>>)>,
}

/// The XBoard session.
pub struct XBoard {
    variants: Vec<(String, Arc<Variant>)>,
    current: usize,
    shown: Presentation,
    game: Game,
    /// The side the engine plays; `None` in force mode.
    engine: Option<Color>,
    clock: Clock,
    post: bool,
    played: u32,
    searcher: Option<Searcher>,
    thinking: Option<Thinking>,
    /// Lines waiting for the engine's move, with when each was read.
    waiting: VecDeque<(String, Instant)>,
    /// When the line being handled was read.
    received: Instant,
    /// The opponent is a program (`computer`, sent by XBoard before an
    /// engine-engine game): XBoard then tests the engine's claims.
    computer_opponent: bool,
    /// The engine's last move won the game by a rule XBoard would not
    /// believe, and the result was not claimed ([`XBoard::announce_result`]).
    withheld: bool,
    out: Out,
    events: Option<Sender<Event>>,
    /// Searches started so far (each search's number).
    searches: u64,
    /// Search threads (`cores`).
    threads: usize,
    /// Table size in mebibytes (`memory`).
    hash_mb: usize,
}

impl XBoard {
    /// A session over `variants` (name, variant; the first is the default),
    /// writing to `out`. `None` when `variants` is empty.
    pub fn new(variants: Vec<(String, Arc<Variant>)>, out: Box<dyn Write + Send>) -> Option<XBoard> {
        let (name, first) = variants.first()?.clone();
        Some(XBoard {
            shown: Presentation::of(&name, &first),
            game: Game::from_start(&first),
            searcher: Some(Searcher::new(&first)),
            threads: 1,
            hash_mb: DEFAULT_HASH_MB,
            current: 0,
            engine: Some(Color::Second),
            clock: Clock::default(),
            post: false,
            played: 0,
            thinking: None,
            waiting: VecDeque::new(),
            received: Instant::now(),
            computer_opponent: false,
            withheld: false,
            out: Arc::new(Mutex::new(out)),
            events: None,
            searches: 0,
            variants,
        })
    }

    /// Reads commands until `quit` or the end of the input (a running search
    /// then finishes and its move is sent). A line that is not UTF-8 is
    /// answered `Error (bad input): …` and skipped.
    pub fn run(&mut self, mut input: impl BufRead + Send + 'static) {
        let (tx, rx): (Sender<Event>, Receiver<Event>) = channel();
        self.events = Some(tx.clone());
        std::thread::spawn(move || {
            while let Some(line) = next_line(&mut input) {
                let event = match line {
                    Ok(line) => Event::Line(line, Instant::now()),
                    Err(why) => Event::Bad(why),
                };
                if tx.send(event).is_err() {
                    return;
                }
            }
            let _ = tx.send(Event::End);
        });
        let mut ended = false;
        while let Ok(event) = rx.recv() {
            let go_on = match event {
                Event::Searched(id) => {
                    if self.thinking.as_ref().is_some_and(|t| t.id == id) {
                        self.finish_search(true);
                    }
                    self.drain()
                }
                Event::Line(line, at) => self.take(line, at),
                Event::Bad(why) => {
                    self.say(&format!("Error (bad input): {why}"));
                    true
                }
                Event::End => {
                    ended = true;
                    true
                }
            };
            if !go_on {
                // `quit`: a search still running is stopped.
                self.abandon_search();
                return;
            }
            if ended && self.thinking.is_none() && self.waiting.is_empty() {
                return;
            }
        }
    }

    /// Runs the commands that waited for the engine's move, until one of
    /// them starts a search: the rest then arrive as if while it thinks.
    /// `false` on `quit`.
    fn drain(&mut self) -> bool {
        while self.thinking.is_none() {
            let Some((line, at)) = self.waiting.pop_front() else {
                return true;
            };
            if !self.command_at(&line, at) {
                return false;
            }
        }
        let rest = std::mem::take(&mut self.waiting);
        for (line, at) in rest {
            if !self.take(line, at) {
                return false;
            }
        }
        true
    }

    /// Takes one line of input. While the engine thinks: `?` moves now; a
    /// command that changes the game stops the search without a move; the
    /// rest (and everything after a waiting line) waits for the move.
    /// `false` on `quit`.
    fn take(&mut self, line: String, at: Instant) -> bool {
        if self.thinking.is_none() {
            self.waiting.push_back((line, at));
            return self.drain();
        }
        if !self.waiting.is_empty() {
            self.waiting.push_back((line, at));
            return true;
        }
        match line.split_whitespace().next().unwrap_or("") {
            "?" => {
                self.finish_search_now();
                true
            }
            "force" | "new" | "result" | "quit" | "undo" | "remove" | "setboard" | "variant" | "exit" => {
                self.abandon_search();
                self.command_at(&line, at)
            }
            "post" | "nopost" | "time" | "otim" | "hard" | "easy" | "computer" | "name" | "rating" => {
                self.command_at(&line, at)
            }
            _ => {
                self.waiting.push_back((line, at));
                true
            }
        }
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// Handles one command; `false` on `quit`.
    pub fn command(&mut self, line: &str) -> bool {
        self.command_at(line, Instant::now())
    }

    /// Handles one command read at `at`; `false` on `quit`.
    fn command_at(&mut self, line: &str, at: Instant) -> bool {
        self.received = at;
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match cmd {
            "" | "xboard" | "accepted" | "rejected" | "name" | "rating" | "random" | "ics" | "draw"
            | "hard" | "easy" | "bk" | "hint" | "option" | "." | "exit" => {}
            "computer" => self.computer_opponent = true,
            "cores" | "memory" => self.resources(cmd, rest),
            "protover" => self.features(),
            "new" => {
                self.abandon_search();
                self.select(0);
                self.engine = Some(Color::Second);
                self.clock = Clock {
                    depth: None,
                    ..self.clock.clone()
                };
                self.played = 0;
                self.computer_opponent = false;
                self.withheld = false;
            }
            "variant" => self.variant(rest),
            "force" | "result" => self.engine = None,
            "go" => {
                self.engine = Some(self.game.side_to_move());
                self.think();
            }
            "playother" => self.engine = Some(!self.game.side_to_move()),
            "white" | "black" => {
                // Protocol 1: the side to move, the engine the other.
                self.engine = Some(if cmd == "white" {
                    Color::Second
                } else {
                    Color::First
                });
            }
            "level" => self.level(rest),
            "st" => match rest.parse::<f64>() {
                Ok(s) if s > 0.0 && s < 1e6 => {
                    self.clock.fixed = Some((s * 1000.0) as u64);
                    self.clock.set = true;
                }
                _ => self.error("bad time", line),
            },
            "sd" => match rest.parse::<i32>() {
                Ok(d) if d > 0 => self.clock.depth = Some(d.min(MAX_DEPTH)),
                _ => self.error("bad depth", line),
            },
            "time" | "otim" => match rest.parse::<i64>() {
                Ok(cs) => {
                    if cmd == "time" {
                        self.clock.mine = Some(cs.max(0) as u64 * 10);
                    }
                }
                Err(_) => self.error("bad time", line),
            },
            "ping" => self.say(&format!("pong {}", clip(rest))),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "setboard" => self.setboard(rest),
            "undo" => {
                self.game.undo();
                self.withheld = false;
            }
            "remove" => {
                self.game.undo();
                self.game.undo();
                self.withheld = false;
            }
            "usermove" => self.user_move(rest),
            "?" => {}
            "quit" => return false,
            _ => {
                // A bare move (protocol 1 style), else an unknown command.
                let mut pos = self.game.position().clone();
                if rest.is_empty() && parse_move(&mut pos, cmd, &self.shown).is_some() {
                    self.user_move(cmd);
                } else {
                    self.error("unknown command", line);
                }
            }
        }
        true
    }

    fn error(&self, what: &str, line: &str) {
        self.say(&format!("Error ({what}): {}", clip(line)));
    }

    fn features(&self) {
        // A name XBoard leaves out of its menu is offered under the rules
        // file's name too (`dai` and `dai-shogi`).
        let names: Vec<&str> = self
            .variants
            .iter()
            .flat_map(|(n, _)| {
                let x = xboard_variant_name(n);
                std::iter::once(x).chain(HIDDEN_BY_XBOARD.contains(&x).then_some(n.as_str()))
            })
            .collect();
        self.say(&format!(
            "feature myname=\"chimera {}\" setboard=1 usermove=1 ping=1 time=1 draw=0 sigint=0 sigterm=0 \
             reuse=1 analyze=0 colors=0 san=0 debug=1 memory=1 smp=1 variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        self.say("feature done=1");
    }

    /// `cores N` (search threads) and `memory N` (mebibytes for the table),
    /// each cut to its largest: a cut `memory` is said in a debug line (`#`,
    /// in XBoard's log), as is a table smaller than asked for because the
    /// memory could not be had.
    fn resources(&mut self, cmd: &str, rest: &str) {
        let max = if cmd == "cores" { MAX_THREADS } else { MAX_HASH_MB };
        // Digits only; too many of them is simply a large number.
        let number = (!rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
            .then(|| rest.parse::<u64>().unwrap_or(u64::MAX));
        let n = match number {
            Some(n) if n >= 1 => n.min(max as u64) as usize,
            _ => return self.say(&format!("Error (bad number): {cmd} {}", clip(rest))),
        };
        if cmd == "cores" {
            self.threads = n;
            return;
        }
        if number > Some(max as u64) {
            self.say(&format!(
                "# memory {}: more than the largest table, {max} MiB",
                clip(rest)
            ));
        }
        if n != self.hash_mb {
            self.abandon_search();
            self.hash_mb = n;
            let s = Searcher::with_hash(self.game.variant(), n);
            if s.hash_megabytes() < n / 2 {
                self.say(&format!(
                    "# memory: only {} MiB could be had for the table",
                    s.hash_megabytes()
                ));
            }
            self.searcher = Some(s);
        }
    }

    /// Makes a variant the current one, at its start position.
    fn select(&mut self, i: usize) {
        let (name, v) = self.variants[i].clone();
        if i != self.current || self.searcher.is_none() {
            self.searcher = Some(Searcher::with_hash(&v, self.hash_mb));
        } else if let Some(s) = &mut self.searcher {
            s.clear();
        }
        self.current = i;
        self.shown = Presentation::of(&name, &v);
        self.game = Game::from_start(&v);
        self.withheld = false;
    }

    fn variant(&mut self, name: &str) {
        self.abandon_search();
        let Some(i) = self.variants.iter().position(|(n, _)| {
            let x = xboard_variant_name(n);
            x == name || (HIDDEN_BY_XBOARD.contains(&x) && n == name)
        }) else {
            return self.error("unknown variant", &format!("variant {name}"));
        };
        let shown = Presentation::of(&self.variants[i].0, &self.variants[i].1);
        if let Some(why) = &shown.refused {
            self.say(&format!(
                "tellusererror chimera cannot play {name} in XBoard: {why}"
            ));
            return self.error("variant not playable in XBoard", &format!("variant {name}"));
        }
        self.select(i);
        for line in &self.shown.announce {
            self.say(line);
        }
        if !self.shown.warnings.is_empty() {
            self.say(&format!(
                "telluser chimera, {name}: {}",
                self.shown.warnings.join("; ")
            ));
        }
    }

    /// `level MPS BASE INC`: BASE in minutes or `min:sec`, INC in seconds.
    fn level(&mut self, rest: &str) {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let parsed = match words.as_slice() {
            [mps, base, inc] => {
                let base_ms = match base.split_once(':') {
                    Some((m, s)) => m
                        .parse::<u64>()
                        .ok()
                        .zip(s.parse::<u64>().ok())
                        .map(|(m, s)| (m * 60 + s) * 1000),
                    None => base
                        .parse::<f64>()
                        .ok()
                        .filter(|b| *b >= 0.0)
                        .map(|b| (b * 60_000.0) as u64),
                };
                let inc_ms = inc
                    .parse::<f64>()
                    .ok()
                    .filter(|i| *i >= 0.0)
                    .map(|i| (i * 1000.0) as u64);
                mps.parse::<u32>().ok().zip(base_ms).zip(inc_ms)
            }
            _ => None,
        };
        match parsed {
            Some(((mps, base), inc)) => {
                self.clock.moves_per_session = mps;
                self.clock.increment = inc;
                self.clock.mine = Some(base);
                self.clock.fixed = None;
                self.clock.set = true;
            }
            None => self.error("bad level", &format!("level {rest}")),
        }
    }

    fn setboard(&mut self, fen: &str) {
        self.abandon_search();
        let v = self.variants[self.current].1.clone();
        // XBoard sends the start position it was given back as a FEN.
        let start = Position::start(&v);
        let letters = &self.shown.letters;
        let parsed = if self.shown.known {
            Some(Position::from_text(&v, fen))
        } else if same_position(fen, &xboard_fen(&start, letters)) {
            Some(Ok(start))
        } else {
            // Read without castling rights, then with those XBoard gives
            // whose pieces are in place.
            from_xboard_fen(&v, fen, letters, None).map(|t| {
                let bare = Position::from_text(&v, &t)?;
                match from_xboard_fen(&v, fen, letters, Some(&bare)) {
                    Some(t) if !v.castles.is_empty() => Position::from_text(&v, &t),
                    _ => Ok(bare),
                }
            })
        };
        self.withheld = false;
        match parsed {
            Some(Ok(pos)) => self.game = Game::new(pos),
            Some(Err(e)) => {
                self.say(&format!("tellusererror Illegal position: {e}"));
                self.error("bad position", &format!("setboard {fen}"));
            }
            None => self.error("setboard is not supported for this variant", "setboard"),
        }
    }

    fn user_move(&mut self, text: &str) {
        let mut pos = self.game.position().clone();
        if let Some(r) = self.game.result() {
            // The opponent plays on after a win not claimed: claim it now.
            if self.withheld {
                return self.say_result(&r);
            }
            return self.say(&format!("Illegal move (the game is over): {}", clip(text)));
        }
        match parse_move(&mut pos, text, &self.shown) {
            Some(m) if self.game.repeats_forbidden(m) => self.say(&format!(
                "Illegal move (repeats an earlier position): {}",
                clip(text)
            )),
            Some(m) => {
                self.game.play(m);
                if self.engine.is_some() && self.announce_result(false) {
                    return;
                }
                if self.engine == Some(self.game.side_to_move()) {
                    self.think();
                }
            }
            None => self.say(&format!("Illegal move: {}", clip(text))),
        }
    }

    /// Says the result if the game is over (while the engine plays); `true`
    /// when it is. After the engine's own move (`own_move`), a win XBoard
    /// would judge a false claim though the rules here make it true is not
    /// claimed ([`XBoard::unverifiable`]): the opponent is asked to move,
    /// finds the game over and claims its loss, which XBoard accepts as it
    /// is (chimera and Fairy-Stockfish both do).
    fn announce_result(&mut self, own_move: bool) -> bool {
        let Some(r) = self.game.result() else {
            return false;
        };
        if own_move && self.unverifiable(&r) {
            self.withheld = true;
            return true;
        }
        self.say_result(&r);
        true
    }

    /// Whether XBoard would take the engine's claim of `r` for false. In a
    /// game between two engines (after `computer`) XBoard tests an engine's
    /// claim of its own win against its own rules, unless the board has
    /// holdings. In an announced variant it sees checkmate, not a king on
    /// the hill, a side's last piece lost or a count of checks. A variant it
    /// plays by its own rules agrees with chimera's but for the bare king:
    /// XBoard believes a king destroyed (atomic) at once, a bare king
    /// (shatranj) only after the bared side's reply, whether or not that
    /// side could bare the other in turn.
    fn unverifiable(&self, r: &GameResult) -> bool {
        let judged_later = if self.shown.known {
            r.reason == Reason::Extinction
                && r.winner
                    .is_some_and(|w| self.game.position().has_royal(w.other()))
        } else {
            r.reason != Reason::Checkmate
        };
        self.computer_opponent
            && !has_holdings(self.game.variant())
            && r.winner.is_some()
            && r.winner == self.engine
            && judged_later
    }

    /// `1-0 {…}`, `0-1 {…}` or `1/2-1/2 {…}`.
    fn say_result(&mut self, r: &GameResult) {
        self.withheld = false;
        let score = match r.winner {
            Some(Color::First) => "1-0",
            Some(Color::Second) => "0-1",
            None => "1/2-1/2",
        };
        let v = self.game.variant().clone();
        self.say(&format!("{score} {{{}}}", r.describe(&v)));
    }

    /// Starts a search for the side to move on its own thread.
    fn think(&mut self) {
        if self.game.result().is_some() {
            self.announce_result(false);
            self.engine = None;
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            stop: Some(stop.clone()),
            threads: self.threads,
            ..self.clock.limits(self.played, self.received.elapsed())
        };
        let v = self.game.variant().clone();
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::with_hash(&v, self.hash_mb));
        let mut pos = self.game.position().clone();
        let hashes = self.game.hashes().to_vec();
        let out = self.out.clone();
        let post = self.post;
        let shown = self.shown.clone();
        let events = self.events.clone();
        self.searches += 1;
        let id = self.searches;
        let handle = std::thread::spawn(move || {
            let root = pos.clone();
            // A search that fails (a bug) is reported, not waited for.
            let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                searcher.search_with(&mut pos, limits, &hashes, &mut |r, pv| {
                    if post {
                        let mut p = root.clone();
                        let mut line = Vec::new();
                        for m in pv {
                            line.push(move_text(&mut p, m, &shown));
                            p.make(*m);
                        }
                        say(
                            &out,
                            &format!(
                                "{} {} {} {} {}",
                                r.depth,
                                xboard_score(r.score),
                                r.elapsed.as_millis() / 10,
                                r.nodes,
                                line.join(" ")
                            ),
                        );
                    }
                })
            }));
            if let Some(tx) = events {
                let _ = tx.send(Event::Searched(id));
            }
            (searcher, searched.map(|report| report.best).ok())
        });
        self.thinking = Some(Thinking { id, stop, handle });
    }

    /// `?`: stop and move now.
    fn finish_search_now(&mut self) {
        if let Some(t) = &self.thinking {
            t.stop.store(true, Ordering::Relaxed);
        }
        self.finish_search(true);
    }

    /// Stops a search without moving.
    fn abandon_search(&mut self) {
        if let Some(t) = &self.thinking {
            t.stop.store(true, Ordering::Relaxed);
        }
        self.finish_search(false);
    }

    /// Waits for the search; with `play`, makes and sends its move.
    fn finish_search(&mut self, play: bool) {
        let Some(t) = self.thinking.take() else {
            return;
        };
        let Ok((searcher, searched)) = t.handle.join() else {
            return;
        };
        self.searcher = Some(searcher);
        let Some(best) = searched else {
            return self.say("telluser chimera: the search failed; no move");
        };
        if !play || self.engine != Some(self.game.side_to_move()) {
            return;
        }
        match best {
            Some(m) => {
                let mut pos = self.game.position().clone();
                let text = move_text(&mut pos, &m, &self.shown);
                self.game.play(m);
                self.played += 1;
                self.say(&format!("move {text}"));
                self.announce_result(true);
            }
            None => {
                if !self.announce_result(false) {
                    self.say("resign");
                }
            }
        }
    }
}

/// A score as XBoard shows it: centipawns, mates as 100000 + moves.
fn xboard_score(score: i32) -> i32 {
    if score.abs() >= MATE_SCORE - 1000 {
        let moves = ((MATE_SCORE - score.abs()).max(0) + 1) / 2;
        if score > 0 {
            100_000 + moves
        } else {
            -100_000 - moves
        }
    } else {
        score
    }
}

/// Whether two XBoard FENs have the same board, holdings and side to move
/// (the counters and rights aside; the holdings in any order).
fn same_position(a: &str, b: &str) -> bool {
    let key = |fen: &str| {
        let mut w = fen.split_whitespace();
        let board = w.next().unwrap_or("");
        let (board, held) = board.split_once('[').unwrap_or((board, ""));
        let mut held: Vec<char> = held.trim_end_matches(']').chars().filter(|&c| c != '-').collect();
        held.sort_unstable();
        (board.to_string(), held, w.next().unwrap_or("w").to_string())
    };
    key(a) == key(b)
}

/// An XBoard FEN of a variant XBoard does not know, in chimera's FEN: the
/// letters mapped back to the pieces' symbols. `None` when the variant
/// keeps pieces off the board in a way XBoard's holdings do not say
/// (reserves, pockets).
/// With `placed` (the same position read without rights), the castling
/// rights XBoard gives whose pieces are in place.
fn from_xboard_fen(
    v: &Variant,
    fen: &str,
    letters: &[(String, bool)],
    placed: Option<&Position>,
) -> Option<String> {
    if v.has_placement() || v.pocket_capacity().is_some() {
        return None;
    }
    let mut words = fen.split_whitespace();
    let board = words.next()?;
    let side = words.next().unwrap_or("w");
    let castling = match (words.next(), placed) {
        (Some(field), Some(placed)) => rights_from_xboard(v, field, placed),
        _ => "-".into(),
    };
    let symbol = |c: &str, promoted: bool| -> Option<String> {
        let i = letters
            .iter()
            .position(|(l, p)| l.eq_ignore_ascii_case(c) && *p == promoted)?;
        let key = v.piece(v.kinds().nth(i)?).key().to_string();
        // Symbols of more than one letter in parentheses (`(DE)`, `(+DE)`);
        // a dressed letter is one (`C'`, `+C'`).
        let key = if key.chars().filter(char::is_ascii_alphabetic).count() > 1 {
            format!("({key})")
        } else {
            key
        };
        Some(if c.starts_with(|l: char| l.is_ascii_lowercase()) {
            key.to_lowercase()
        } else {
            key
        })
    };
    let mut out = String::new();
    let mut promoted = false;
    let mut chars = board.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '+' => promoted = true,
            c if c.is_ascii_alphabetic() => {
                // A dressed letter: `L'`, `l!`.
                let mut name = c.to_string();
                if let Some(d) = chars.next_if(|&d| d == '\'' || d == '!') {
                    name.push(d);
                }
                out.push_str(&symbol(&name, promoted)?);
                promoted = false;
            }
            '[' | ']' | '/' | '-' | '0'..='9' => out.push(c),
            _ => return None,
        }
    }
    Some(format!("{out} {side} {castling} - 0 1"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xbetza_of_two_leg_moves() {
        // One leg: as it is.
        assert_eq!(xbetza("WfF").as_deref(), Some("WfF"));
        assert_eq!(xbetza("fRbW2").as_deref(), Some("fRbW2"));
        // Directions on K and Q: both halves (XBetza's `fK` is one step).
        assert_eq!(xbetza("fK").as_deref(), Some("fWfF"));
        assert_eq!(xbetza("fKbW").as_deref(), Some("fWfFbW"));
        assert_eq!(xbetza("vRK").as_deref(), Some("vRK"));
        // The lion: one or two king steps, and its jumps.
        assert_eq!(xbetza("aKNAD").as_deref(), Some("KcaKcabKmaKmabKNAD"));
        // The horned falcon: forward, a step that may go on along the line.
        assert_eq!(xbetza("BsbRfDfWavW").as_deref(), Some("BsbRfDfWfcavWfmavW"));
        // Beyond XBetza: a count of legs, several hops, a shot, groups.
        for odd in ["mKa3K", "QcppQ", "cxK", "a[FD]", "R4!"] {
            assert_eq!(xbetza(odd), None, "{odd}");
        }
    }

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

    #[test]
    fn scores() {
        assert_eq!(xboard_score(35), 35);
        assert_eq!(xboard_score(MATE_SCORE - 3), 100_002);
        assert_eq!(xboard_score(-(MATE_SCORE - 2)), -100_001);
    }
}
