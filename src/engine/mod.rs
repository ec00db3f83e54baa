//! The generic engine: compiled variants, positions, make/unmake, move
//! generation, attack tests, the end of the game, perft, and the hook interface native rules plug into. Nothing here knows any
//! particular variant, and nothing here imports the rules-file schema or the
//! hooks: `compile` builds a [`Variant`], `hooks` implements [`Hook`].

pub(crate) mod attack;
mod bb_attack;
mod bb_gen;
pub(crate) mod bitboard;
mod board_ops;
pub(crate) mod conventions;
mod effects;
pub(crate) mod end;
pub(crate) mod generate;
pub(crate) mod geometry;
pub(crate) mod hook;
mod leg_walk;
mod legal;
mod legal_lazy;
mod legal_quick;
mod legal_rules;
mod legal_slow;
pub(crate) mod legs;
mod lookback;
mod make;
pub(crate) mod moves;
pub(crate) mod outcome;
mod perft;
pub(crate) mod piece;
pub(crate) mod position;
pub(crate) mod program;
mod repetition;
pub(crate) mod rules;
pub(crate) mod setup;
pub(crate) mod shuffle;
mod starts;
pub(crate) mod tables;
mod turn;
mod turn_legal;
pub(crate) mod types;
mod validate;
pub(crate) mod variant;

pub use conventions::MoveNotation;
pub use end::{
    GameResult, History, Lookback, Reason, Repetitions, completes_forbidden_repetition,
    drop_forbidden_repetitions, forbidden_repetition, judge, judge_counted, repetition,
    repetition_forbids_moves, repetition_result,
};
pub use geometry::{FRAMES, Geometry};
pub use hook::{Effects, Hook, HookConstructor, HookContext, HookEntry, HookError, Registry, StateSlot};
pub use legal_lazy::Judge;
pub use moves::{MAX_CAPTURES, Move, MoveKind};
pub use perft::{
    perft, perft_asking, perft_counting_drop_mates, perft_divide, perft_turns, perft_turns_divide,
    perft_until,
};
pub use position::{InvalidPosition, Position, Strictness};
pub use setup::Store;
pub use types::{Color, KindSet, MAX_KINDS, Piece, PieceKind, Square};
pub use variant::{
    CaptureRule, Orientation, Outcome, PieceDef, PositionStyle, PromotionTrigger, RepetitionResult,
    RepetitionRule, Variant,
};
