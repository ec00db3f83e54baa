//! The engine's extension points for native rules — rules that neither the
//! notation nor a rules-file key can say.
//!
//! A [`Hook`] may
//! - remove moves ([`Hook::filter_moves`]) or add moves ([`Hook::add_moves`]);
//! - change the board or its own state after a move ([`Hook::after_move`]),
//!   through [`Effects`], which records every change so `unmake` restores it
//!   exactly and the hash stays right;
//! - keep state in the position ([`HookContext::flag`], [`HookContext::value`]):
//!   hashed, written in position text and restored by unmake;
//! - end the game ([`Hook::decided`]), decide a repetition
//!   ([`Hook::repetition`]) and say what "check" means
//!   ([`Hook::gives_check`]).
//!
//! Hooks are built by name from a [`Registry`] when a rules file is compiled;
//! `Variant` keeps them in the order the file lists them, and runs them in
//! that order. A variant with no hooks runs no hook code. The engine knows no
//! hook by name: the crate's `hooks` module implements the shipped hooks and
//! lists them in its `registry()`.

use std::fmt;
use std::sync::Arc;

use super::moves::{MAX_CAPTURES, Move};
use super::outcome::GameResult;
use super::position::Position;
use super::types::{Color, KindSet, Piece, PieceKind, Square};
use super::variant::Variant;

/// A native rule.
pub trait Hook: Send + Sync + fmt::Debug {
    /// The name a rules file uses (`hooks = ["war"]`).
    fn name(&self) -> &'static str;

    /// Removes moves the rule forbids from `moves`, which are legal by the
    /// board rules. The position is the one the moves are made from.
    fn filter_moves(&self, _pos: &mut Position, _moves: &mut Vec<Move>) {}

    /// Adds moves the rule allows. The engine keeps only those that do not
    /// leave the mover's royal piece attacked.
    fn add_moves(&self, _pos: &mut Position, _moves: &mut Vec<Move>) {}

    /// Whether the rule judges each move by itself: [`Hook::filter_moves`]
    /// removes exactly the moves [`Hook::allows`] refuses, whatever else
    /// is in the list, and [`Hook::add_moves`] adds none. A search may then
    /// judge only the moves it tries. `false` (the default) for a rule that
    /// looks at the whole list.
    fn judges_each_move(&self) -> bool {
        false
    }

    /// Where [`Hook::judges_each_move`]: whether the rule allows `m`, a move
    /// legal by the board rules from `pos`.
    fn allows(&self, _pos: &mut Position, _m: &Move) -> bool {
        true
    }

    /// Changes after a move (the side to move has already passed to the
    /// opponent). Every change goes through `fx`.
    fn after_move(&self, _fx: &mut Effects<'_>) {}

    /// Whether [`Hook::after_move`] may change the board (put, remove or
    /// change pieces; state slots do not count). Only where no hook does can
    /// the engine judge a move's legality from the board before it (pins,
    /// checks); otherwise it makes each move and looks. A hook that says
    /// `false` must not call [`Effects::set_square`] (debug builds check).
    fn changes_board(&self) -> bool {
        true
    }

    /// A result the position alone decides (the game is then over and the
    /// position has no legal moves).
    fn decided(&self, _pos: &Position) -> Option<GameResult> {
        None
    }

    /// A repetition just completed: the current position also stood
    /// `plies` plies back (the first of its occurrences), and neither side
    /// checked throughout (perpetual check is judged first). The position's
    /// move list reaches back at least that far. A hook may decide the game
    /// instead of the repetition rule (a perpetual chase); `None` leaves the
    /// rule's result.
    fn repetition(&self, _pos: &Position, _plies: usize) -> Option<GameResult> {
        None
    }
    /// The reasons ([`Reason::Rule`](super::Reason::Rule)) this hook ends
    /// games with, so that test cases can name them.
    fn reasons(&self) -> &'static [&'static str] {
        &[]
    }
    /// Whether `mover`'s last move gave check, where the rule says so; `None`
    /// leaves it to the engine (a royal piece attacked, or a threat to the
    /// command).
    fn gives_check(&self, _pos: &Position, _mover: Color) -> Option<bool> {
        None
    }
}

/// A handle on one slot of hook state in the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateSlot(pub(crate) usize);

/// How a slot of hook state reads and writes in position text.
#[derive(Clone, Debug)]
pub(crate) enum StateText {
    /// A yes/no flag, listed by name in the `flags=` field when set.
    Flag(&'static str),
    /// A value written as `key=text` when not zero.
    Value {
        key: &'static str,
        format: fn(u32, &Variant) -> String,
        parse: fn(&str, &Variant) -> Result<u32, String>,
    },
}

impl StateText {
    /// The name or key the slot uses in position text.
    pub(crate) fn key(&self) -> &'static str {
        match self {
            StateText::Flag(name) => name,
            StateText::Value { key, .. } => key,
        }
    }
}

/// One slot of hook state: its owner and its text form.
#[derive(Clone, Debug)]
pub(crate) struct StateField {
    pub hook: &'static str,
    pub text: StateText,
}

/// What a hook needs while it is built: the compiled variant (pieces by name,
/// options) and state slots to claim.
pub struct HookContext<'a> {
    variant: &'a Variant,
    hook: &'static str,
    listed: &'a [&'a str],
    fields: &'a mut Vec<StateField>,
}

impl<'a> HookContext<'a> {
    pub(crate) fn new(
        variant: &'a Variant,
        hook: &'static str,
        listed: &'a [&'a str],
        fields: &'a mut Vec<StateField>,
    ) -> Self {
        HookContext {
            variant,
            hook,
            listed,
            fields,
        }
    }

    /// Whether the rules file also names another hook (for rules that
    /// combine, such as a promotion another rule can forbid).
    pub fn has_hook(&self, name: &str) -> bool {
        self.listed.contains(&name)
    }

    /// The variant being compiled (without its hooks).
    pub fn variant(&self) -> &Variant {
        self.variant
    }

    /// The kind with this name, or an error naming the hook and the piece.
    pub fn kind(&self, name: &str) -> Result<PieceKind, HookError> {
        self.variant
            .kind_by_name(name)
            .ok_or_else(|| HookError::MissingPiece {
                hook: self.hook.to_string(),
                piece: name.to_string(),
            })
    }

    /// The set of kinds with these names.
    pub fn kinds(&self, names: &[&str]) -> Result<KindSet, HookError> {
        let mut set = KindSet::EMPTY;
        for n in names {
            set.insert(self.kind(n)?);
        }
        Ok(set)
    }

    /// An option's effective value (declared under `[options]`).
    pub fn option(&self, name: &str) -> Option<&str> {
        self.variant.options.get(name).map(String::as_str)
    }

    /// Claims a yes/no state slot, written `flags=<name>` in position text.
    pub fn flag(&mut self, name: &'static str) -> StateSlot {
        self.claim(StateText::Flag(name))
    }

    /// Claims a state slot written `key=<text>` in position text when not
    /// zero; `format` and `parse` convert between the value and its text.
    pub fn value(
        &mut self,
        key: &'static str,
        format: fn(u32, &Variant) -> String,
        parse: fn(&str, &Variant) -> Result<u32, String>,
    ) -> StateSlot {
        self.claim(StateText::Value { key, format, parse })
    }

    fn claim(&mut self, text: StateText) -> StateSlot {
        self.fields.push(StateField {
            hook: self.hook,
            text,
        });
        StateSlot(self.fields.len() - 1)
    }
}

/// Why a hook could not be built for a variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HookError {
    /// The hook looks a piece up by name and the variant has none.
    #[error("hook `{hook}` needs a piece named `{piece}`")]
    MissingPiece {
        /// The hook.
        hook: String,
        /// The missing piece's name.
        piece: String,
    },
    /// An option the hook reads has a value it does not understand.
    #[error("hook `{hook}`: option `{option}`: {message}")]
    BadOption {
        /// The hook.
        hook: String,
        /// The option.
        option: String,
        /// What is wrong.
        message: String,
    },
}

/// Builds a hook for a variant.
pub type HookConstructor = fn(&mut HookContext<'_>) -> Result<Arc<dyn Hook>, HookError>;

/// A hook a rules file may name.
#[derive(Clone, Copy)]
pub struct HookEntry {
    /// The name in rules files.
    pub name: &'static str,
    /// One line: what the rule does.
    pub summary: &'static str,
    /// Builds the hook for a variant.
    pub build: HookConstructor,
}

impl fmt::Debug for HookEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HookEntry").field("name", &self.name).finish()
    }
}

/// The hooks a compile may use, by name.
#[derive(Clone, Debug, Default)]
pub struct Registry {
    entries: Vec<HookEntry>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Adds a hook (replacing one of the same name).
    pub fn register(&mut self, entry: HookEntry) {
        self.entries.retain(|e| e.name != entry.name);
        self.entries.push(entry);
    }

    /// The registry with one more hook.
    pub fn with(mut self, entry: HookEntry) -> Registry {
        self.register(entry);
        self
    }

    /// The hook with this name.
    pub fn get(&self, name: &str) -> Option<&HookEntry> {
        self.entries.iter().find(|e| e.name == name)
    }

    /// Every hook, in registration order.
    pub fn entries(&self) -> &[HookEntry] {
        &self.entries
    }
}

/// One recorded change, undone by `unmake`.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Effect {
    /// A square's previous content.
    Square(Square, Option<Piece>),
    /// A state slot's previous value.
    State(usize, u32),
    /// A hand count's previous value (its index in the hand store).
    Hand(usize, u16),
}

/// The move just made, and the way to change the position after it. Reading
/// goes through [`Effects::position`]; every write is recorded for unmake.
pub struct Effects<'a> {
    pub(crate) pos: &'a mut Position,
    pub(crate) mv: Move,
    pub(crate) mover: Color,
    pub(crate) moved: Option<Piece>,
    pub(crate) captured: [Option<Piece>; MAX_CAPTURES],
    /// The running hook said it may change the board.
    pub(crate) may_change_board: bool,
}

impl Effects<'_> {
    /// The position after the move (and after earlier hooks' effects).
    pub fn position(&self) -> &Position {
        self.pos
    }

    /// The move.
    pub fn mv(&self) -> &Move {
        &self.mv
    }

    /// The side that made the move.
    pub fn mover(&self) -> Color {
        self.mover
    }

    /// The piece that moved, as it was before the move (`None` for moves that
    /// bring a piece onto the board, castling aside).
    pub fn moved(&self) -> Option<Piece> {
        self.moved
    }

    /// The pieces the move captured on its own capture squares, in their
    /// order. The pieces a range capture (`captures_jumped`) took on the
    /// way are among [`Effects::removed`].
    pub fn captured(&self) -> impl Iterator<Item = Piece> + '_ {
        self.captured.iter().flatten().copied()
    }

    /// Pieces taken off the board by this move so far: its captures and the
    /// squares earlier effects overwrote.
    pub fn removed(&self) -> impl Iterator<Item = Piece> + '_ {
        let effects = self.pos.stack_top_effects();
        self.captured().chain(effects.iter().filter_map(|e| match e {
            Effect::Square(_, old) => *old,
            Effect::State(..) | Effect::Hand(..) => None,
        }))
    }

    /// Puts a piece on a square, or empties it (`None`).
    pub fn set_square(&mut self, sq: Square, piece: Option<Piece>) {
        debug_assert!(
            self.may_change_board,
            "a hook whose changes_board() is false changed the board"
        );
        self.pos.record_square(sq, piece);
    }

    /// Sets a state slot.
    pub fn set_state(&mut self, slot: StateSlot, value: u32) {
        self.pos.record_state(slot.0, value);
    }
}
