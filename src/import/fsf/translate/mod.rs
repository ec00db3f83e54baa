//! The model written as a chimera rules file: what the parts share (the
//! properties read, the problems, the plan), [`translate`] and the order
//! of the tables. One file per concept below.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use self::captures::{cambodian_moves, petrify_types};
use self::drops::hand_and_gating;
use self::end::{end_rules, extinction_end};
use self::moves::moves_table;
use self::pieces::{piece_out, write_pieces};
use self::plan::plan;
use self::promotions::SidePromotions;
use self::setup::setup_and_castling;
use self::walls::walls_table;
use crate::Diagnostic;
use crate::import::fsf::pieces::piece_name;
use crate::import::fsf::properties::{COSMETIC, Model, Src, Val, defaults};
use crate::import::fsf::squares::{Bb, rank_bb, sq};
use crate::import::ini::{Ini, Section};

mod captures;
mod castling;
mod counting;
mod drops;
mod en_passant;
mod end;
mod goals;
mod moves;
mod pieces;
mod plan;
mod promotions;
mod royal;
mod setup;
mod walls;

/// Something a section says that chimera cannot (yet).
#[derive(Debug, Clone)]
pub struct Problem {
    /// The key, or the section when it is about the whole variant.
    pub key: String,
    /// Where (the user's file), `None` when a built-in parent set it.
    pub span: Option<Range<usize>>,
    /// Why.
    pub reason: String,
}

struct Tx<'a> {
    m: &'a Model,
    used: RefCell<BTreeSet<String>>,
    problems: RefCell<Vec<Problem>>,
    /// Whether a rule chimera says almost as Fairy-Stockfish does may be
    /// written with its difference named ([`translate_approximately`]).
    approximate: bool,
    approximations: RefCell<Vec<Problem>>,
    files: u32,
    ranks: u32,
}

impl Tx<'_> {
    fn val(&self, k: &str) -> &Val {
        self.used.borrow_mut().insert(k.to_string());
        self.m.get(k)
    }
    fn bool(&self, k: &str) -> bool {
        matches!(self.val(k), Val::Bool(true))
    }
    fn int(&self, k: &str) -> i64 {
        if let Val::Int(n) = self.val(k) { *n } else { 0 }
    }
    fn text(&self, k: &str) -> String {
        if let Val::Text(t) = self.val(k) {
            t.clone()
        } else {
            String::new()
        }
    }
    fn squares(&self, k: &str) -> Bb {
        if let Val::Squares(b) = self.val(k) {
            *b & self.board()
        } else {
            0
        }
    }
    fn set(&self, k: &str) -> u128 {
        if let Val::Set(s) = self.val(k) { *s } else { 0 }
    }
    fn ty(&self, k: &str) -> usize {
        if let Val::Type(t) = self.val(k) { *t } else { 0 }
    }
    fn board(&self) -> Bb {
        (0..self.ranks).fold(0, |b, r| b | (0..self.files).fold(0, |b, f| b | sq(f, r)))
    }
    fn src(&self, k: &str) -> Option<Src> {
        self.m.props.get(k).and_then(|(_, s)| s.clone())
    }
    /// A comment naming where a property came from.
    fn from(&self, keys: &[&str]) -> String {
        let mut parts: Vec<String> = Vec::new();
        for k in keys {
            let s = match self.src(k) {
                Some(s) if s.line > 0 => format!("{} (line {})", s.key, s.line),
                Some(s) => format!("{} (built-in `{}`)", s.key, s.section),
                None => continue,
            };
            if !parts.contains(&s) {
                parts.push(s);
            }
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!("# from {}\n", parts.join(", "))
        }
    }
    /// A rule chimera says but for a named corner case: noted, and true
    /// (write it) when translating approximately; else a problem.
    fn approximated(&self, k: &str, reason: impl Into<String>) -> bool {
        if !self.approximate {
            self.problem(k, reason);
            return false;
        }
        let key = self.src(k).map_or(k.to_string(), |s| s.key.clone());
        self.approximations.borrow_mut().push(Problem {
            key,
            span: self.src(k).and_then(|s| s.span.clone()),
            reason: reason.into(),
        });
        true
    }
    fn problem(&self, k: &str, reason: impl Into<String>) {
        let (key, span) = match self.src(k) {
            Some(s) => (s.key.clone(), s.span.clone()),
            None => (k.split('.').next().unwrap_or(k).to_string(), None),
        };
        let reason = reason.into();
        let mut problems = self.problems.borrow_mut();
        if !problems.iter().any(|p| p.key == key && p.reason == reason) {
            problems.push(Problem { key, span, reason });
        }
    }
    fn same_both(&self, k: &str) -> bool {
        let (w, b) = (
            self.val(&format!("{k}.w")).clone(),
            self.val(&format!("{k}.b")).clone(),
        );
        if w != b {
            self.problem(
                &format!("{k}.w"),
                format!("`{k}` differs between the sides; chimera's rules are the same for both"),
            );
            return false;
        }
        true
    }
    /// The relative ranks (1-based, first player's view) of a region that is
    /// whole ranks, the second player's being the mirror image; or why not.
    fn try_rank_region(&self, kw: &str, kb: &str) -> Result<Vec<u32>, String> {
        let (w, b) = (self.squares(kw), self.squares(kb));
        let ranks_of = |bb: Bb| -> Option<Vec<u32>> {
            let mut out = Vec::new();
            for r in 0..self.ranks {
                let row = bb & rank_bb(r) & self.board();
                if row == 0 {
                    continue;
                }
                if row != rank_bb(r) & self.board() {
                    return None;
                }
                out.push(r);
            }
            Some(out)
        };
        let (Some(rw), Some(rb)) = (ranks_of(w), ranks_of(b)) else {
            return Err("a region that is not whole ranks (chimera gives these by relative rank)".into());
        };
        let mirrored: Vec<u32> = {
            let mut v: Vec<u32> = rb.iter().map(|r| self.ranks - 1 - r).collect();
            v.sort();
            v
        };
        if mirrored != rw {
            return Err(format!(
                "the second side's region ({}) is not the mirror image of the first's ({})",
                names(self, b),
                names(self, w)
            ));
        }
        Ok(rw.iter().map(|r| r + 1).collect())
    }
    fn square_names(&self, b: Bb) -> Vec<String> {
        let mut out = Vec::new();
        for r in 0..self.ranks {
            for f in 0..self.files {
                if b & sq(f, r) != 0 {
                    out.push(format!("{}{}", (b'a' + f as u8) as char, r + 1));
                }
            }
        }
        out
    }
}

fn names(t: &Tx, b: Bb) -> String {
    let n = t.square_names(b);
    if n.is_empty() { "none".into() } else { n.join(" ") }
}

pub(super) fn q(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn qlist(v: &[String]) -> String {
    format!("[{}]", v.iter().map(|s| q(s)).collect::<Vec<_>>().join(", "))
}

fn nums(v: &[u32]) -> String {
    format!(
        "[{}]",
        v.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ")
    )
}

/// The piece types of xiangqi, in the order of the `chasing` hook's names
/// for them.
const XIANGQI_TYPES: [(&str, &str); 7] = [
    ("king", "general"),
    ("fers", "advisor"),
    ("elephant", "elephant"),
    ("horse", "horse"),
    ("rook", "chariot"),
    ("cannon", "cannon"),
    ("soldier", "soldier"),
];

thread_local! {
    /// Set while a section with xiangqi's chasing rule is translated: its
    /// pieces take the names the `chasing` hook finds them by.
    static XIANGQI_NAMES: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// chimera's name of a piece type.
fn cname(pt: usize) -> String {
    let name = piece_name(pt);
    if XIANGQI_NAMES.with(std::cell::Cell::get)
        && let Some((_, x)) = XIANGQI_TYPES.iter().find(|(n, _)| *n == name)
    {
        return (*x).into();
    }
    name
}

/// The result of translating a section.
#[derive(Debug)]
pub struct Translation {
    /// The rules file, if the section could be said.
    pub toml: Option<String>,
    /// What could not be said.
    pub problems: Vec<Problem>,
    /// What was said with a difference in a corner case
    /// ([`translate_approximately`]).
    pub approximations: Vec<Problem>,
}

/// Writes the model as a chimera rules file. `source` names the ini file
/// in the rules file's sources.
pub fn translate(m: &Model, source: &str) -> Translation {
    translate_with(m, source, false)
}

/// [`translate`], also writing the rules chimera says but for a corner
/// case (each named in [`Translation::approximations`]): Fairy-Stockfish's
/// interface (`load_variant_config`) loads those sections, with a warning,
/// where `chimera import` refuses them.
pub fn translate_approximately(m: &Model, source: &str) -> Translation {
    translate_with(m, source, true)
}

fn translate_with(m: &Model, source: &str, approximate: bool) -> Translation {
    let files = match m.get("maxFile") {
        Val::Int(n) => *n as u32 + 1,
        _ => 8,
    };
    let ranks = match m.get("maxRank") {
        Val::Int(n) => *n as u32 + 1,
        _ => 8,
    };
    let t = Tx {
        m,
        used: RefCell::new(BTreeSet::new()),
        problems: RefCell::new(Vec::new()),
        approximate,
        approximations: RefCell::new(Vec::new()),
        files,
        ranks,
    };
    t.val("maxFile");
    t.val("maxRank");
    let mut out = String::new();
    let parents = match m.parents.split_last() {
        None => String::new(),
        Some((root, near)) if m.parents_in_chain > m.parents.len() => format!(
            " (inheriting from {} ← … ← {root}: {} parents)",
            near.join(" ← "),
            m.parents_in_chain
        ),
        Some(_) => format!(" (inheriting from {})", m.parents.join(" ← ")),
    };
    out.push_str(&format!(
        "# Imported by `chimera import fsf` from Fairy-Stockfish's ini format: section [{}]{parents} of {source}.\n# Comments name the ini keys each part comes from.\n",
        m.name
    ));
    if let Some((what, src)) = &m.not_importable {
        t.problems.borrow_mut().push(Problem {
            key: src.section.clone(),
            span: None,
            reason: format!("built-in parent `{}`: {what}", src.section),
        });
    }
    out.push_str(&format!(
        "[variant]\nname = {}\ndescription = {}\nsources = {}\n\n",
        q(&m.name),
        q(&format!(
            "Fairy-Stockfish variant `{}`, imported from its ini definition.",
            m.name
        )),
        qlist(&[format!("{source} [{}]", m.name)])
    ));
    out.push_str(&format!(
        "{}[board]\nfiles = {files}\nranks = {ranks}\n\n",
        t.from(&["maxFile", "maxRank"])
    ));
    out.push_str("# Fairy-Stockfish turns the second side's moves by 180 degrees.\n[sides]\nfirst = { name = \"white\", letter = \"w\" }\nsecond = { name = \"black\", letter = \"b\" }\nsecond_orientation = \"rotate\"\n\n[text]\nposition = \"fen\"\n");
    for k in COSMETIC.iter().chain(["pieceValueMg", "pieceValueEg"].iter()) {
        if m.props.contains_key(*k) {
            t.val(k);
        }
    }
    // Xiangqi's chasing rule is chimera's `chasing` hook, which finds
    // xiangqi's seven pieces by their names.
    let chasing = t.text("chasingRule") == "axf";
    let xiangqi = m.types();
    let has_xiangqi = XIANGQI_TYPES
        .iter()
        .all(|(n, _)| xiangqi.iter().any(|&pt| piece_name(pt) == *n));
    XIANGQI_NAMES.with(|c| c.set(chasing && has_xiangqi));
    let (body, hand_order) = pieces_and_rules(&t);
    XIANGQI_NAMES.with(|c| c.set(false));
    if chasing && has_xiangqi {
        let at = out.find("[variant]").unwrap_or(0);
        out.insert_str(
            at,
            "# from chasingRule = axf: xiangqi's perpetual chase loses (a native rule)\nhooks = [\"chasing\"]\n\n",
        );
    }
    if let Some(order) = hand_order {
        out.push_str(&format!(
            "# Fairy-Stockfish writes a hand by its piece types, the last first\nhand_order = {}\n",
            qlist(&order)
        ));
    }
    out.push('\n');
    out.push_str(&body);
    // Anything set and not read is not silently dropped.
    let used = t.used.borrow().clone();
    let defaults = defaults();
    for (k, (v, src)) in &m.props {
        if used.contains(k) || k.ends_with("#types") {
            continue;
        }
        let changed = defaults.get(k).is_none_or(|d| d != v);
        if changed {
            let key = src.as_ref().map_or(k.clone(), |s| s.key.clone());
            if !t.problems.borrow().iter().any(|p| p.key == key) {
                t.problems.borrow_mut().push(Problem {
                    key,
                    span: src.as_ref().and_then(|s| s.span.clone()),
                    reason: "no chimera rule says this (yet)".into(),
                });
            }
        }
    }
    let problems = t.problems.into_inner();
    Translation {
        toml: problems.is_empty().then_some(out),
        problems,
        approximations: t.approximations.into_inner(),
    }
}

struct PieceOut {
    pt: usize,
    name: String,
    symbol: String,
    betza: String,
    lines: Vec<String>,
    comment: String,
}

/// What the translation of a section computes once and its parts share.
struct Plan {
    drops: bool,
    to_hand: bool,
    mandatory_pawn: bool,
    pawns_promote: bool,
    mandatory_piece: bool,
    /// `pieceDemotion`: a promoted piece turns back by a move as it
    /// promoted (Kyoto shogi).
    demotion: bool,
    /// `piecePromotionOnCapture`: pieces promote (and demote) only by
    /// capturing.
    on_capture: bool,
    /// `dropPromoted`: a piece in hand may also be dropped promoted.
    drop_promoted: bool,
    ep: u128,
    /// An en passant capture may end in the capturer's promotion zone:
    /// `[promotion] en_passant_promotes = false`.
    ep_unpromoted: bool,
    resets: u128,
    drop_no_doubled: usize,
    no_doubled_count: i64,
    pawn_drop_mate: bool,
    first_rank_pawn: bool,
    zone_pawn: bool,
    soldier_rank: i64,
    blast_immune: u128,
    ext_types: u128,
    ext_count: i64,
    ext_opp: i64,
    blast: bool,
    /// Fairy-Stockfish's pseudo-royal piece types, each with its
    /// `royal_while_at_most` when a side may have more than count + 1.
    pseudo_royal: Vec<(usize, Option<i64>)>,
    types: Vec<usize>,
    /// The promotion pawn types and promotion pieces (of both sides
    /// together where they differ; then `prom_sides` has each side's).
    prom_pawns: Vec<usize>,
    prom_to: Vec<usize>,
    prom_sides: Option<SidePromotions>,
    limits: BTreeMap<usize, usize>,
    promoted: BTreeMap<usize, usize>,
    prom_ranks: Vec<u32>,
    /// The promotion squares of each side, when they are not ranks that
    /// mirror each other.
    prom_squares: Option<[Vec<String>; 2]>,
    /// The `initial_ranks` or `initial_squares` line of the double-step
    /// region, when some piece uses it.
    dsr: Option<String>,
    /// The pawn's `extra_moves` line for its triple steps, when it has any.
    triple: Option<String>,
    drop_ranks: Option<Vec<u32>>,
    /// Each side's drop squares, when `drop_ranks` cannot say them.
    drop_sides: Option<[Bb; 2]>,
    ext_value: String,
    /// No en passant at all (`enPassantRegion = -`).
    no_ep: bool,
    /// The types that petrify on capture (`petrifyOnCaptureTypes`).
    petrify: u128,
    /// Fairy-Stockfish's twoBoards: pawns promote to promoted kinds
    /// (written with `~`), the hands are supplied from outside.
    two_boards: bool,
}

/// The rules after `[text]`, and the hand order to write there (when the
/// section has hands).
fn pieces_and_rules(t: &Tx) -> (String, Option<Vec<String>>) {
    let mut p = plan(t);
    p.petrify = petrify_types(t, &p);
    // Read (and refused, when so) whatever pieces there are.
    cambodian_moves(t, &p);
    let mut pieces = Vec::new();
    let mut promoted_kinds: Vec<PieceOut> = Vec::new();
    for &pt in &p.types {
        if let Some(piece) = piece_out(t, &p, pt, &mut promoted_kinds) {
            pieces.push(piece);
        }
    }
    // Fairy-Stockfish's rules name piece types; a promoted kind of chimera's
    // is its own piece, so a rule naming its type must name it too.
    let kinds: Vec<(usize, String)> = pieces
        .iter()
        .chain(promoted_kinds.iter())
        .map(|k| (k.pt, k.name.clone()))
        .collect();
    let end = extinction_end(t, &p, &kinds);
    let mut out = write_pieces(t, &p, &pieces, promoted_kinds);
    out.push_str(&hand_and_gating(t, &p));
    out.push_str(&setup_and_castling(t));
    out.push_str(&walls_table(t));
    out.push_str(&moves_table(t, &p));
    out.push_str(&end_rules(t, &p, end, &kinds));
    let hands = p.drops || t.text("startFen").contains('[');
    let order = hands.then(|| {
        let mut base: Vec<&PieceOut> = pieces.iter().collect();
        base.sort_by_key(|k| std::cmp::Reverse(k.pt));
        base.iter().map(|k| k.name.clone()).collect()
    });
    (out, order)
}

/// Settings chimera has no rule for.
fn unsupported_rules(t: &Tx) {
    if t.text("chasingRule") != "none" && !XIANGQI_NAMES.with(std::cell::Cell::get) {
        t.problem(
            "chasingRule",
            "xiangqi's chasing rule is chimera's `chasing` hook, which needs xiangqi's seven pieces (king, fers, elephant, horse, rook, cannon, soldier)",
        );
    }
    if t.bool("twoBoards") {
        // On its one board Fairy-Stockfish's twoBoards only writes promoted
        // pieces with `~` and lets a hand hold what the partner sends; its
        // virtual drops (of pieces not yet in hand) never pass `legal`'s
        // list (movegen.cpp, generate<LEGAL>), so a position reached by
        // legal moves never has one. Said with drops whose captures leave
        // the board (bughouse), the other combinations are not verified.
        if !t.bool("pieceDrops") || t.bool("capturesToHand") {
            t.problem(
                "twoBoards",
                "two boards are imported with drops and captures that leave the board (bughouse); not without drops or with captures to the hand",
            );
        }
    }
    if t.squares("connectRegion1.w") != 0 || t.squares("connectRegion1.b") != 0 {
        t.problem(
            "connectRegion1.w",
            "connecting two regions is not imported: Fairy-Stockfish grows the chain from the first region only east and north (and north-east, south-east with diagonals; position.cpp, connectRegion1), so a chain that turns back west or south does not win there (a5 b5 c5 c4 c3 d3 … i3 on gale's board), which is not the game's rule (chimera's `[end.connect] regions` says the game's: variants/gale.toml)",
        );
    }
    for k in [
        "connectRegion1.b",
        "connectRegion2.w",
        "connectRegion2.b",
        "connectValue",
    ] {
        t.val(k);
    }
}

/// The problems of a section as positioned diagnostics.
pub fn problem_diagnostics(ini: &Ini, section: &Section, problems: &[Problem]) -> Vec<Diagnostic> {
    problems
        .iter()
        .map(|p| {
            let span = p.span.clone().unwrap_or(section.span.clone());
            ini.error(span, format!("[{}] {}: {}", section.name, p.key, p.reason))
                .label("not imported")
        })
        .collect()
}
