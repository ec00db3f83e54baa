//! The leg program of a piece, as compiled: how a leg treats pieces in its
//! way ([`Hop`]) and the squares it passes ([`Passing`]), its rule
//! ([`LegRule`]), single-leg rays ([`Ray`]), what a piece may not take
//! ([`TargetFilters`]), and the automaton of multi-leg moves
//! ([`LegMachine`]). Data only: `legs.rs` runs it.

use super::geometry::VectorId;
use super::types::{KindSet, PieceKind};

/// How a leg treats pieces in its way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hop {
    /// Stops at the first piece (capturing it if allowed).
    None,
    /// Cannon: exactly one piece must stand between start and end.
    One,
    /// May pass over at most this many pieces (`u16::MAX` = any number).
    UpTo(u16),
    /// Grasshopper: lands just beyond the first piece.
    Grasshopper,
}

/// What must stand on the squares a leaper passes over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Passing {
    /// Nothing is checked (a free leap).
    Free,
    /// Lame: the passed squares must be empty (`n`).
    Empty { unit: VectorId, steps: u16 },
    /// Jumping: at least one passed square must be occupied.
    Occupied { unit: VectorId, steps: u16 },
    /// An oblique leap's path: `orth_steps` squares straight along the
    /// longer component, then `diag_steps` diagonally to the end (the
    /// lame knight, the lame zebra); `lame`: all must be empty,
    /// otherwise at least one occupied.
    Bent {
        orth: VectorId,
        orth_steps: u8,
        diag: VectorId,
        diag_steps: u8,
        lame: bool,
    },
}

/// Everything one leg may do, compiled from the notation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LegRule {
    pub min: u16,
    pub max: u16,
    pub moves: bool,
    pub captures: bool,
    /// Captures without moving; the piece stays where it is.
    pub shoots: bool,
    pub hop: Hop,
    pub passing: Passing,
    /// Only from the piece's initial squares.
    pub initial: bool,
    /// Only from the squares of the piece's extra moves.
    pub zone: bool,
    /// Also ends only on those squares.
    pub within: bool,
    /// May capture en passant.
    pub en_passant: bool,
    /// A move-only step that leaves an en-passant square behind.
    pub ep_create: bool,
    /// The chain may go on after this leg captured.
    pub continues_after_capture: bool,
}

/// One direction of a single-leg move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    pub vector: VectorId,
    pub rule: LegRule,
    /// Nothing to test before or after the scan: no initial-only or zone
    /// start, no squares passed, no en-passant square left, no `within`.
    pub plain: bool,
}

impl Ray {
    /// A ray, with its `plain` flag derived from the rule.
    pub(crate) fn new(vector: VectorId, rule: LegRule) -> Ray {
        let plain =
            !rule.initial && !rule.zone && !rule.within && !rule.ep_create && rule.passing == Passing::Free;
        Ray { vector, rule, plain }
    }
}

/// Which pieces a piece may not take, shoot or hop.
#[derive(Clone, Debug, Default)]
pub(crate) struct TargetFilters {
    pub cannot_capture: KindSet,
    pub cannot_shoot: KindSet,
    pub cannot_hop: KindSet,
    /// Kinds a hopping leg may not take once it has passed a piece.
    pub cannot_capture_by_hop: KindSet,
    /// (kinds, distance): these may not be shot from this close or closer.
    pub shot_limits: Vec<(KindSet, u16)>,
    /// Range capture (`captures_jumped`): a hopping leg takes every piece
    /// it jumps, of either side, may end on any piece it could jump (taking
    /// it, of either side), and stops before a piece it may not jump,
    /// without taking it.
    pub captures_jumped: bool,
    /// The wall kind (`[walls]`): no leg takes or shoots a wall.
    pub walls: KindSet,
}

impl TargetFilters {
    /// Whether a leg may take `kind` at `dist`.
    #[inline(always)]
    pub(crate) fn allows(&self, rule: &LegRule, kind: PieceKind, dist: u16) -> bool {
        if rule.shoots {
            !self.cannot_shoot.contains(kind)
                && !self
                    .shot_limits
                    .iter()
                    .any(|(set, within)| dist <= *within && set.contains(kind))
        } else {
            !self.cannot_capture.contains(kind)
        }
    }
}

/// One leg of a multi-leg move, ready for generation.
#[derive(Debug, Clone)]
pub(crate) struct LegRun {
    /// Vectors per side (first legs, owner-relative directions).
    pub absolute: [Vec<VectorId>; 2],
    /// Vectors per previous direction (continuation legs): indexed by the
    /// `geometry::FRAMES` index the previous leg's vector leads to.
    pub relative: Vec<Vec<VectorId>>,
    pub is_relative: bool,
    pub rule: LegRule,
}

/// A nondeterministic automaton over legs; node 0 is the start.
#[derive(Debug, Clone, Default)]
pub(crate) struct LegMachine {
    pub legs: Vec<LegRun>,
    pub nodes: Vec<LegNode>,
    /// Its paths multiply (many legs, many directions): generation remembers
    /// the states it has explored instead of walking every path.
    pub memoize: bool,
    /// Per node: whether a leg taken from it depends on the previous leg's
    /// direction (otherwise states that differ only in it are the same).
    pub needs_dir: Vec<bool>,
}

impl LegMachine {
    /// Whether some leg is allowed only from the piece's initial squares.
    pub(crate) fn has_initial(&self) -> bool {
        self.legs.iter().any(|l| l.rule.initial)
    }
}

/// A state of a [`LegMachine`].
#[derive(Debug, Clone, Default)]
pub(crate) struct LegNode {
    /// The move may end here.
    pub accept: bool,
    /// Nodes reached without a leg.
    pub eps: Vec<u16>,
    /// (leg index, target node).
    pub edges: Vec<(u16, u16)>,
}
