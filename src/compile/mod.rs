//! Rules file → [`Variant`], in stages. Each stage checks the references it
//! meets (pieces, squares, ranks, hooks) and reports the first problem as a
//! diagnostic pointing into the rules file. No variant is named here:
//! everything comes from the rules file, and native hooks come from the
//! [`Registry`] the caller passes in.
//!
//! | stage | file | makes |
//! |---|---|---|
//! | options | `options.rs` | effective option values |
//! | board | `board.rs` | the board's geometry: size, shape (rectangle or hexagon), holes, file letters |
//! | names | `names.rs` | piece names and symbols → kinds |
//! | pieces | `pieces/`, `legs.rs`, `hex.rs` | each kind's moves (rays or a leg machine), filters; atoms read on hex cells |
//! | promotions | `promotions.rs` | promotion zones, demotions |
//! | drops | `drops.rs` | drop zones, spawns, hands, pockets, placement |
//! | burning | `burning.rs` | burning pieces' areas, immune kinds, meeting rule |
//! | walls | `walls.rs` | the wall kind, where walls are placed after a move |
//! | sides | `sides.rs` | side names, letters, capture rules |
//! | castling | `castling.rs` | castling moves and the rights they keep |
//! | attack lines | `attack.rs` | reverse attack lines for the check test |
//! | end rules | `end.rs` | checkmate, stalemate, repetition, reach, command |
//! | turns | `turns.rs` | turns of several moves |
//! | zobrist | `zobrist.rs` | hash keys |
//! | hooks | `native.rs` | native hooks from the registry, their state |
//! | tables | `tables.rs` | what generation reads at a glance: kind sets and flags, the ray table, bitboards |
//! | material | `material.rs` | which kinds may be in hand, how many pieces can exist |
//! | setup | `setup.rs` | the start position, as data |
//! | lints | `lints.rs` | warnings that do not make a file invalid |
//! | display | `display.rs` | how boards draw the pieces (`[display]`; no rule) |

use std::ops::Range;

use indexmap::IndexMap;

use crate::diag::{Diagnostic, did_you_mean};
use crate::engine::Registry;
use crate::engine::variant::Variant;
use crate::rules::{RulesFile, Source};

mod attack;
mod bb_table;
mod board;
mod burning;
mod castling;
mod connect;
mod display;
mod drops;
mod end;
mod hex;
mod legs;
mod lints;
mod material;
mod names;
mod native;
mod options;
mod pieces;
mod promotions;
mod ray_table;
mod setup;
mod sides;
mod tables;
mod turns;
mod walls;
mod zobrist;

pub use lints::lints;

/// A compile result: the variant or the first problem, as a diagnostic.
pub type Result<T> = std::result::Result<T, Box<Diagnostic>>;

/// Option values chosen by the user (`--option thunderclap=kooshogifu`).
pub type OptionValues = IndexMap<String, String>;

/// Compiles a parsed rules file with chosen option values; hooks the file
/// names are built from `registry`.
pub fn compile(
    file: &RulesFile,
    src: &Source,
    chosen: &OptionValues,
    registry: &Registry,
) -> Result<Variant> {
    let cx = Ctx { src };
    let options = options::resolve(file, &cx, chosen)?;
    let hand = options::hand(file, &cx, &options)?;
    let mut geometry = board::geometry(file, &cx)?;
    let names = names::collect(file, &cx)?;
    let display = display::compile(file, &cx, &names)?;
    let orientation = sides::orientation(file);
    let mut pieces = pieces::compile(file, &cx, &mut geometry, orientation, &options)?;
    promotions::apply(file, &cx, &names, &geometry, &options, &mut pieces)?;
    pieces::filters(file, &cx, &names, &mut pieces)?;
    drops::apply(file, &cx, &names, &mut geometry, orientation, &mut pieces)?;
    drops::drop_mate(file, &cx, &options, &mut pieces)?;
    let burners = burning::apply(file, &cx, &names, &mut geometry, orientation, &mut pieces)?;
    let walls = walls::compile(file, &cx, &geometry, &mut pieces)?;
    let sides = sides::compile(file, &cx, hand)?;
    let rights = castling::compile(file, &cx, &names, &geometry, &pieces)?;
    let attack::AttackTables {
        lines: attack_lines,
        slow: slow_attackers,
        attacks,
    } = attack::lines(&pieces, &mut geometry);
    let mut end = end::compile(file, &cx, &names, &geometry, &pieces, &options)?;
    end.castling_wins = castling::winning_rights(file, &cx, &rights.castles)?;
    let move_rules = end::move_rules(file, &cx, &names, &pieces)?;
    let turns = turns::compile(file, &cx)?;
    let zobrist = zobrist::keys(&geometry, pieces.len(), rights.count());
    let (gate_drops, gate_unshielded) = gating_flags(file);
    let has_drops = hand.is_some()
        || sides
            .iter()
            .any(|s| s.captures != crate::engine::CaptureRule::Remove);
    let promotion_moves_any = pieces.iter().any(|d| d.promotion_move.is_some());
    let start = crate::engine::setup::Setup::empty(geometry.nsq, pieces.len(), 0);
    let material = Default::default();
    let hand_order = sides::hand_order(file, &cx, &names, pieces.len())?;
    let mut variant = Variant {
        engine_weights: None,
        engine_network: None,
        name: file.variant.name.clone(),
        description: file.variant.description.clone(),
        geometry,
        pieces,
        wall: walls
            .as_ref()
            .map_or(crate::engine::types::Piece::NONE, |w| w.piece),
        walls,
        sides,
        orientation,
        position_style: sides::position_style(file),
        display_notation: sides::display_notation(file),
        algebraic_notation: sides::algebraic_notation(file),
        hand_order,
        drop_castling: rights.castles.iter().any(|c| c.by_drops.is_some()),
        gates: rights.gates,
        gate_drops,
        gate_unshielded,
        once_squares: rights.once,
        once_aimers: rights.once_aimers,
        extra_legality: false,
        per_move_legality: false,
        royal_limits: false,
        unprotected_captures: false,
        capture_promotions: promotions::when_capturing(file, &cx, &names, &options)?,
        extra_make: false,
        hooks_change_board: false,
        reference: false,
        drops_reset_clock: hand.is_some_and(|h| h.drops_reset_clock),
        hand_supplied: hand.is_some_and(|h| h.supplied),
        hand_free: hand.is_some_and(|h| h.free),
        first_drops: drops::first_drops(file, &cx, hand)?,
        promotions_reset_clock: file.promotion.resets_clock,
        castles: rights.castles,
        castle_keep: rights.keep,
        attack_lines,
        attacks,
        ray_table: Default::default(),
        bb: None,
        off_target: Default::default(),
        en_passant: Default::default(),
        no_drop_mate: Default::default(),
        drop_mate_loses: Default::default(),
        kind_flags: Vec::new(),
        slow_attackers,
        has_drops,
        colour_split: Default::default(),
        has_royal_drops: false,
        promotion_moves: promotion_moves_any,
        forced_on_dead: file.promotion.forced_on_dead_squares,
        en_passant_promotes: file.promotion.en_passant_promotes,
        placement: drops::placement(file, &cx)?,
        pocket: drops::pocket(file),
        start,
        shuffle: None,
        start_royal_count: [0; 2],
        material,
        end,
        moves: crate::engine::variant::MoveRules {
            burners,
            ..move_rules
        },
        turns,
        zobrist,
        hooks: Vec::new(),
        state_fields: Vec::new(),
        options,
        display,
    };
    pieces::capture_rules(file, &cx, &mut variant)?;
    native::attach(file, &cx, registry, &mut variant)?;
    tables::derive(&mut variant);
    rule_flags(&mut variant);
    start_position(file, &cx, &names, &mut variant)?;
    Ok(variant)
}

/// The start position, its material limits and royal count, checked; and
/// the shuffled starts.
fn start_position(file: &RulesFile, cx: &Ctx, names: &names::Names, variant: &mut Variant) -> Result<()> {
    let start = setup::start(file, cx, names, variant)?;
    variant.material = material::limits(variant, &start);
    for p in start.board.iter().flatten() {
        if variant.pieces[p.kind().index()].royal {
            variant.start_royal_count[p.color().index()] += 1;
        }
    }
    variant.start = start;
    setup::check(file, cx, variant)?;
    variant.shuffle = setup::shuffle(file, cx, names, variant)?;
    Ok(())
}

/// The source being compiled, for diagnostics.
pub(crate) struct Ctx<'a> {
    pub src: &'a Source,
}

impl Ctx<'_> {
    /// An error at `span` of the rules file.
    pub fn err(&self, span: Range<usize>, msg: impl Into<String>) -> Box<Diagnostic> {
        Box::new(self.src.error(span, msg))
    }

    /// A diagnostic to refine with a label or help.
    pub fn diag(&self, span: Range<usize>, msg: impl Into<String>) -> Diagnostic {
        self.src.error(span, msg)
    }

    /// Offset of a string value's contents (inside its quotes), for pointing
    /// into it.
    pub fn inner_start(&self, span: &Range<usize>) -> usize {
        let q = self.src.text.as_bytes().get(span.start).copied();
        if matches!(q, Some(b'"') | Some(b'\'')) {
            span.start + 1
        } else {
            span.start
        }
    }

    /// The span of a table header such as `[setup]`, for errors about a whole
    /// table.
    pub fn section(&self, header: &str) -> Range<usize> {
        self.src.text.find(header).map_or(0..0, |i| i..i + header.len())
    }

    /// "did you mean" help for a word among candidates, or the list of them.
    pub fn suggest<'b>(
        &self,
        d: Diagnostic,
        word: &str,
        candidates: impl IntoIterator<Item = &'b str> + Clone,
        what: &str,
    ) -> Diagnostic {
        match did_you_mean(word, candidates.clone()) {
            Some(s) => d.help(format!("did you mean `{s}`?")),
            None => {
                let all: Vec<&str> = candidates.into_iter().collect();
                if all.is_empty() {
                    d
                } else {
                    d.help(format!("{what}: {}", all.join(", ")))
                }
            }
        }
    }
}

/// `[gating] drops` and `shields = false`: whether pieces in hand may also
/// be dropped, and whether the gated piece leaves its king unshielded.
fn gating_flags(file: &RulesFile) -> (bool, bool) {
    let flag = |f: fn(&crate::rules::GatingRules) -> Option<&toml::Spanned<bool>>| {
        file.gating.as_ref().and_then(f).map(|d| *d.get_ref())
    };
    (
        flag(|g| g.drops.as_ref()).unwrap_or(false),
        !flag(|g| g.shields.as_ref()).unwrap_or(true),
    )
}

/// The flags that tell generation and `make` which rules beyond the pieces'
/// own moves apply (see their fields in `Variant`).
fn rule_flags(v: &mut Variant) {
    v.royal_limits = v.kinds().any(|k| v.def(k).royal_limit > 0);
    v.unprotected_captures = v.kinds().any(|k| v.def(k).captures_unprotected_only);
    v.moves.drop_limits = v.kinds().filter(|&k| v.def(k).drop_position.any()).collect();
    v.extra_legality = !v.hooks.is_empty()
        || v.pocket.is_some_and(|p| p.from_board)
        || v.moves.no_checks
        || v.moves.no_drop_checks
        || !v.moves.drop_limits.is_empty()
        || v.moves.compulsory_capture
        || v.moves.must_drop
        || v.moves.one_piece_pass
        || v.moves.check_freezes_royal
        || v.promotion_moves
        || v.end.royals_facing.is_some()
        || !v.colour_split.is_empty()
        || v.unprotected_captures
        || v.moves.pass_when_stuck
        || v.placed_walls();
    v.per_move_legality = v.hooks.iter().all(|h| h.judges_each_move())
        && !v.pocket.is_some_and(|p| p.from_board)
        && !v.moves.must_drop
        && !v.promotion_moves
        && v.end.royals_facing.is_none()
        && v.colour_split.is_empty()
        && !v.moves.pass_when_stuck
        && !v.placed_walls();
    v.extra_make = !v.hooks.is_empty()
        || !v.gates.is_empty()
        || v.moves.explosion.is_some()
        || !v.moves.burners.is_empty()
        || v.end.royals_facing.is_some()
        || v.end.checks_to_win.is_some()
        || v.end.counting.is_some()
        || v.moves.flip.is_some()
        || !v.once_aimers.is_empty()
        || !v.moves.petrify.is_empty()
        || v.placed_walls();
}
