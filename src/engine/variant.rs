//! A compiled variant: geometry, piece kinds with per-side move tables, zones,
//! attack lines and Zobrist keys. Built once by `compile`; read-only afterwards.

use crate::notation::Program;
use crate::rules::{CaptureRule, Orientation, Outcome, PositionStyle, Repetition, Trigger};

/// A square index: `rank * files + file`, rank 0 = the first player's back rank.
pub type Sq = u16;
pub const NO_SQ: Sq = u16::MAX;
/// Up to 128 piece kinds; kind masks are `u128`.
pub const MAX_KINDS: usize = 128;

/// Precomputed rays: for each vector in use and each square, the squares
/// reached by repeating the vector until the edge.
#[derive(Debug, Clone)]
pub struct Geometry {
    pub files: usize,
    pub ranks: usize,
    pub nsq: usize,
    pub vectors: Vec<(i32, i32)>,
    /// (start, len) into `pool`, indexed by `vector * nsq + square`.
    spans: Vec<(u32, u16)>,
    pool: Vec<Sq>,
}

impl Geometry {
    pub fn new(files: usize, ranks: usize) -> Self {
        Geometry {
            files,
            ranks,
            nsq: files * ranks,
            vectors: Vec::new(),
            spans: Vec::new(),
            pool: Vec::new(),
        }
    }

    pub fn file(&self, sq: Sq) -> usize {
        sq as usize % self.files
    }
    pub fn rank(&self, sq: Sq) -> usize {
        sq as usize / self.files
    }
    pub fn square(&self, file: i32, rank: i32) -> Option<Sq> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            None
        } else {
            Some((rank as usize * self.files + file as usize) as Sq)
        }
    }
    pub fn offset(&self, sq: Sq, v: (i32, i32)) -> Option<Sq> {
        self.square(self.file(sq) as i32 + v.0, self.rank(sq) as i32 + v.1)
    }

    /// Index of a vector, adding its rays if new.
    pub fn vector(&mut self, v: (i32, i32)) -> u16 {
        if let Some(i) = self.vectors.iter().position(|&w| w == v) {
            return i as u16;
        }
        self.vectors.push(v);
        for sq in 0..self.nsq {
            let start = self.pool.len() as u32;
            let mut cur = sq as Sq;
            while let Some(next) = self.offset(cur, v) {
                self.pool.push(next);
                cur = next;
            }
            let len = (self.pool.len() as u32 - start) as u16;
            self.spans.push((start, len));
        }
        (self.vectors.len() - 1) as u16
    }

    #[inline(always)]
    pub fn ray(&self, vector: u16, sq: Sq) -> &[Sq] {
        let (start, len) = self.spans[vector as usize * self.nsq + sq as usize];
        &self.pool[start as usize..start as usize + len as usize]
    }

    /// Square name: file letter and rank number, `a1` … `z26`.
    pub fn name(&self, sq: Sq) -> String {
        if sq == NO_SQ {
            return "-".into();
        }
        let f = (b'a' + self.file(sq) as u8) as char;
        format!("{f}{}", self.rank(sq) + 1)
    }

    /// Parses `e4`, `j10`; `None` when malformed or off the board.
    pub fn parse_square(&self, s: &str) -> Option<Sq> {
        let mut chars = s.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let rest = chars.as_str();
        if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_digit()) || rest.starts_with('0') {
            return None;
        }
        let r: i32 = rest.parse().ok()?;
        self.square((f as u8 - b'a') as i32, r - 1)
    }

    /// Rank counted from a side's own back rank, 1-based.
    pub fn relative_rank(&self, sq: Sq, color: usize) -> u32 {
        let r = self.rank(sq);
        if color == 0 {
            r as u32 + 1
        } else {
            (self.ranks - r) as u32
        }
    }
}

pub mod flags {
    pub const MOVE: u16 = 1;
    pub const CAPTURE: u16 = 2;
    pub const INITIAL: u16 = 4;
    pub const EP_CAPTURE: u16 = 8;
    /// A move-only lame double step: leaves an en-passant square behind.
    pub const EP_CREATE: u16 = 16;
    /// Hop over at most `hop_max` pieces (`pp`, `p3`).
    pub const HOP_UPTO: u16 = 32;
    /// Standard cannon: exactly one screen before moving or capturing.
    pub const HOP_ONE: u16 = 64;
    pub const GRASSHOPPER: u16 = 128;
    pub const LAME: u16 = 256;
    pub const JUMP: u16 = 512;
}

/// One direction of a single-leg move: ride `vector` between `min` and `max`
/// times.
#[derive(Debug, Clone, Copy)]
pub struct Ray {
    pub vector: u16,
    pub min: u16,
    pub max: u16,
    pub flags: u16,
    pub hop_max: u16,
    /// For lame/jumping leaps: the unit vector and number of intermediate steps.
    pub lame_vector: u16,
    pub lame_steps: u16,
}

/// A promotion rule, compiled per side into a square set.
#[derive(Debug, Clone)]
pub struct Promotion {
    pub zone: [Vec<bool>; 2],
    pub to: Vec<u16>,
    pub forced: bool,
    pub trigger: Trigger,
}

#[derive(Debug, Clone)]
pub struct Kind {
    pub name: String,
    /// Canonical upper-case symbol (`P`, `+P`, `Q~`, `KOZU`).
    pub symbol: String,
    /// Symbol as written in the rules file (for display).
    pub display: String,
    pub royal: bool,
    pub rays: [Vec<Ray>; 2],
    /// Multi-leg program, if the piece is not a union of single legs.
    pub program: Option<Program>,
    /// Two of its rays can reach the same square (`fbRW`, `fbRK`): moves must
    /// be de-duplicated, since a move is its identity, not its path.
    pub overlapping_rays: bool,
    /// The program compiled for generation.
    pub legs: Option<LegMachine>,
    pub initial: [Vec<bool>; 2],
    pub promotions: Vec<Promotion>,
    /// Kind entering a hand when this one is captured and demotion applies.
    pub demotes_to: u16,
    /// Squares where a drop is allowed (ranks rule, dead squares).
    pub drop_ok: [Vec<bool>; 2],
    pub one_per_file: bool,
    pub no_drop_mate: bool,
    /// Squares from which the piece has no move at all.
    pub dead: [Vec<bool>; 2],
    pub cannot_capture: u128,
    /// Kinds this piece's shots may not target.
    pub cannot_shoot: u128,
    /// Kinds this piece may not hop over (they stop its line).
    pub cannot_hop: u128,
    /// (kinds, distance): these may not be shot from this close or closer.
    pub shot_limits: Vec<(u128, u16)>,
    pub value: i32,
    /// Attack detection must generate this piece's moves (hoppers, lame,
    /// initial-only captures, multi-leg programs).
    pub slow_attacks: bool,
    pub spawn: Option<Spawn>,
}

/// One leg of a multi-leg move, ready for generation.
#[derive(Debug, Clone)]
pub struct LegRun {
    /// Vector indices per side (first legs, owner-relative directions).
    pub absolute: [Vec<u16>; 2],
    /// Vector indices per frame direction (continuation legs): index by
    /// [`frame_index`] of the previous leg's direction.
    pub relative: Vec<Vec<u16>>,
    pub is_relative: bool,
    pub min: u16,
    pub max: u16,
    pub moves: bool,
    pub captures: bool,
    pub shoots: bool,
    /// Pieces that may be hopped: 0 = none, u16::MAX = any number.
    pub hop_max: u16,
    /// Standard cannon: exactly one screen.
    pub hop_one: bool,
    pub continues_after_capture: bool,
}

/// A nondeterministic automaton over legs: node 0 is the start.
#[derive(Debug, Clone, Default)]
pub struct LegMachine {
    pub legs: Vec<LegRun>,
    pub nodes: Vec<LegNode>,
}

#[derive(Debug, Clone, Default)]
pub struct LegNode {
    pub accept: bool,
    pub eps: Vec<u16>,
    /// (leg index, target node).
    pub edges: Vec<(u16, u16)>,
}

/// The eight directions, in the order used by `LegRun::relative`.
pub const FRAMES: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Index into [`FRAMES`] of a unit direction.
pub fn frame_index(d: (i32, i32)) -> usize {
    FRAMES.iter().position(|&f| f == d).unwrap_or(0)
}

#[derive(Debug, Clone)]
pub struct Spawn {
    pub piece: u16,
    pub vectors: [Vec<u16>; 2],
}

/// Reverse attack lines: from a target square along `vector`, a piece of the
/// attacking side at distance `d` (1-based) attacks it when the squares before
/// are empty and its kind is in `masks[d - 1]`.
#[derive(Debug, Clone)]
pub struct AttackLine {
    pub vector: u16,
    pub masks: Vec<u128>,
    pub any: u128,
}

#[derive(Debug, Clone)]
pub struct Castle {
    pub color: usize,
    pub right: char,
    pub king: Sq,
    pub king_to: Sq,
    pub rook: Sq,
    pub rook_to: Sq,
    /// Squares that must be empty (other than king and rook themselves).
    pub empty: Vec<Sq>,
    /// Squares the king passes or lands on (must not be attacked).
    pub safe: Vec<Sq>,
}

#[derive(Debug, Clone)]
pub struct EndRules {
    /// Outcome for a player with no legal move who is in check.
    pub checkmated: Outcome,
    /// Outcome for a player with no legal move who is not in check.
    pub stalemated: Outcome,
    pub repetition: Option<Repetition>,
    pub fifty_move_rule: Option<u32>,
    /// (side, kind, squares): a piece of that kind and side wins by reaching one.
    pub reach: Vec<(usize, u16, Vec<Sq>)>,
    /// Command sets: a side survives while, for one set, every element (a mask
    /// of acceptable kinds) has a piece on the board.
    pub command: Vec<Vec<u128>>,
}

#[derive(Debug, Clone)]
pub struct Zobrist {
    pub piece: Vec<u64>,
    pub hand: Vec<u64>,
    pub side: u64,
    pub castling: Vec<u64>,
    pub ep: Vec<u64>,
    /// One key per hook flag bit.
    pub flags: Vec<u64>,
}

pub const MAX_HAND: usize = 64;

#[derive(Debug, Clone)]
pub struct Variant {
    pub name: String,
    pub description: String,
    pub geometry: Geometry,
    pub kinds: Vec<Kind>,
    pub side_names: [String; 2],
    pub side_letters: [String; 2],
    pub orientation: Orientation,
    pub position_style: PositionStyle,
    pub castles: Vec<Castle>,
    /// Castling rights kept after a move from or to each square.
    pub castle_keep: Vec<u32>,
    pub captures: [CaptureRule; 2],
    pub attack_lines: [Vec<AttackLine>; 2],
    /// Kinds that need the slow attack path, per attacking side.
    pub slow_attackers: [u128; 2],
    pub army: [u128; 2],
    pub has_drops: bool,
    /// A piece arriving where it could never move again must promote.
    pub forced_on_dead: bool,
    /// Placement squares per side, when the variant has a placement phase.
    pub placement: Option<[Vec<bool>; 2]>,
    /// Pocket capacity per side (0 = no pocket) and whether board pieces may
    /// enter it.
    pub pocket_capacity: u32,
    pub pocket_from_board: bool,
    pub start: String,
    pub end: EndRules,
    pub zobrist: Zobrist,
    pub hooks: Vec<String>,
    pub hook_set: crate::hooks::Hooks,
    /// The Ko shogi family's native rules, resolved to kinds.
    pub ko: crate::hooks::ko::KoRules,
    /// Effective option values (defaults, or as chosen when compiling).
    pub options: indexmap::IndexMap<String, String>,
}

impl Variant {
    pub fn kind_by_symbol(&self, symbol: &str) -> Option<u16> {
        let up = symbol.to_uppercase();
        self.kinds.iter().position(|k| k.symbol == up).map(|i| i as u16)
    }
    pub fn kind_by_name(&self, name: &str) -> Option<u16> {
        self.kinds
            .iter()
            .position(|k| k.name.eq_ignore_ascii_case(name))
            .map(|i| i as u16)
    }
    pub fn nkinds(&self) -> usize {
        self.kinds.len()
    }
}

/// A piece on the board: 0 = empty, else `1 + kind * 2 + color`.
#[inline(always)]
pub fn piece(kind: u16, color: usize) -> u16 {
    1 + kind * 2 + color as u16
}
#[inline(always)]
pub fn kind_of(p: u16) -> u16 {
    (p - 1) >> 1
}
#[inline(always)]
pub fn color_of(p: u16) -> usize {
    ((p - 1) & 1) as usize
}
