//! A compiled variant: the board, the piece table with per-side move tables,
//! zones as square sets, reverse attack lines, end rules, Zobrist keys and the
//! native hooks the rules file names. Built once by `compile`; read-only
//! afterwards and shared by every position of the variant.
//!
//! The records it holds are data of their own: the pieces in `piece.rs`,
//! the other rules in `rules.rs` (both re-exported here).

use std::sync::Arc;

use indexmap::IndexMap;

use super::geometry::Geometry;
use super::hook::{Hook, StateField};
pub use super::piece::*;
pub use super::rules::*;
use super::setup::Setup;
use super::tables::AttackLine;
use super::types::{Color, KindSet, Piece, PieceKind, Square};

/// A compiled variant. Positions share it through an [`Arc`].
#[derive(Debug, Clone)]
pub struct Variant {
    /// Evaluation weights named by `[engine] weights`, laid out as the
    /// engine's weight vector.
    pub(crate) engine_weights: Option<Vec<f64>>,
    /// The network named by `[engine] network`, read and checked (the
    /// search's type: the engine only carries it).
    pub(crate) engine_network: Option<Arc<dyn std::any::Any + Send + Sync>>,
    pub(crate) name: String,
    pub(crate) description: String,
    pub(crate) geometry: Geometry,
    pub(crate) pieces: Vec<PieceDef>,
    /// Walls, when the variant has them (`[walls]`).
    pub(crate) walls: Option<Walls>,
    /// The wall piece, or a piece no board holds when there are no walls
    /// (so generation tests one value).
    pub(crate) wall: Piece,
    pub(crate) sides: [SideInfo; 2],
    pub(crate) orientation: Orientation,
    pub(crate) position_style: PositionStyle,
    /// How moves are shown to people.
    pub(crate) display_notation: super::conventions::MoveNotation,
    /// How moves are written in algebraic form: SAN or numeric Hodges
    /// (`[text] algebraic`).
    pub(crate) algebraic_notation: super::conventions::MoveNotation,
    /// Every kind, in the order a FEN hand writes them (`[text]
    /// hand_order`, then the rest in the file's order).
    pub(crate) hand_order: Vec<PieceKind>,
    pub(crate) castles: Vec<Castle>,
    /// Squares a piece from hand may enter when their first piece leaves
    /// them; their rights are bits of the castling field after the castles'.
    pub(crate) gates: Vec<Gate>,
    /// With gates: pieces in hand may also be dropped as usual
    /// (`[gating] drops`).
    pub(crate) gate_drops: bool,
    /// With gates: the gated piece does not shield its own royal piece
    /// (`[gating] shields = false`).
    pub(crate) gate_unshielded: bool,
    /// The squares whose rights allow `once` moves (every back-rank square of
    /// each side, when a piece has such moves); their bits follow the
    /// gating squares'.
    pub(crate) once_squares: Vec<Gate>,
    /// The kinds whose moves can take a `once` right away (`lost_when_aimed_by`).
    pub(crate) once_aimers: KindSet,
    /// Some rule adds or removes legal moves after the pieces' own (hooks,
    /// pockets, no checks, compulsory capture or drops, promotion moves,
    /// facing royals, split colours).
    pub(crate) extra_legality: bool,
    /// No rule that adds or removes legal moves looks at the whole list
    /// (none of hooks, pocket entries, compulsory drops, promotion moves,
    /// facing royals, split colours): a move's legality is its own, so a
    /// caller wanting some of the moves need judge only those
    /// ([`Position::legal_moves_selected`](super::Position)).
    pub(crate) per_move_legality: bool,
    /// Some royal kind is royal only while few (`royal_while_at_most`):
    /// royalty is counted after every move and legality is judged slowly.
    pub(crate) royal_limits: bool,
    /// Some piece may capture only unprotected pieces
    /// (`captures_unprotected_only`).
    pub(crate) unprotected_captures: bool,
    /// `[promotion] when_capturing`: promotion chosen by the captured piece.
    pub(crate) capture_promotions: Vec<CapturePromotion>,
    /// Some rule acts in `make` beyond moving pieces (hooks, gating,
    /// explosions, facing royals, check counting).
    pub(crate) extra_make: bool,
    /// Generate with the plain generator only: no bitboards, every move's
    /// legality tested by making it ([`Variant::reference_generator`]).
    pub(crate) reference: bool,
    /// Some hook may change the board after a move
    /// ([`Hook::changes_board`](super::Hook::changes_board)).
    pub(crate) hooks_change_board: bool,
    /// A drop resets the halfmove clock.
    pub(crate) drops_reset_clock: bool,
    /// A promotion resets the halfmove clock.
    pub(crate) promotions_reset_clock: bool,
    /// Some castling right is gained by drops.
    pub(crate) drop_castling: bool,
    /// Castling rights kept after a move from or to each square.
    pub(crate) castle_keep: Vec<u32>,
    pub(crate) attack_lines: [Vec<AttackLine>; 2],
    /// Every piece's single-leg rays from every square, ready to walk
    /// (built last, from the pieces and the geometry).
    pub(crate) ray_table: std::sync::Arc<super::tables::RayTable>,
    /// The same, and the attack lines, as bitboard masks, where the board
    /// has at most 128 squares.
    pub(crate) bb: Option<super::tables::BbTable>,
    /// Kinds whose moves may capture somewhere other than their destination
    /// (shots, multi-leg moves), and kinds that may capture en passant: the
    /// legality of their moves is judged by making them.
    pub(crate) off_target: KindSet,
    pub(crate) en_passant: KindSet,
    /// Kinds whose drops may not mate.
    pub(crate) no_drop_mate: KindSet,
    /// Hands are filled from outside the game too (`[hand] supplied`).
    pub(crate) hand_supplied: bool,
    /// Hands are endless and not written (`[hand] free`).
    pub(crate) hand_free: bool,
    /// While one of these squares is empty, drops go only there
    /// (`[hand] first_drops`).
    pub(crate) first_drops: Vec<Square>,
    /// Kinds whose drops that mate lose at once.
    pub(crate) drop_mate_loses: KindSet,
    /// Per kind: [`KIND_ROYAL`], [`KIND_RESETS_CLOCK`] (what `make` asks of
    /// every piece it moves, without reading the whole definition).
    pub(crate) kind_flags: Vec<u8>,
    /// Screen lines, point attacks and what keeps a kind from attacking a
    /// square (see `attack.rs`).
    pub(crate) attacks: super::tables::Attacks,
    /// Kinds that need the slow attack test, per attacking side.
    pub(crate) slow_attackers: [KindSet; 2],
    pub(crate) has_drops: bool,
    /// Some piece promotes by a move of its own.
    pub(crate) promotion_moves: bool,
    /// Kinds whose drops keep them split between light and dark squares.
    pub(crate) colour_split: KindSet,
    /// The variant has hands and royal kinds: a royal piece may be in hand,
    /// and its drops are judged.
    pub(crate) has_royal_drops: bool,
    /// A piece arriving where it could never move again must promote.
    pub(crate) forced_on_dead: bool,
    /// An en passant capture may promote (`[promotion] en_passant_promotes`;
    /// `false`: it never does, even where promotion is forced).
    pub(crate) en_passant_promotes: bool,
    /// Placement squares per side, when the variant has a placement phase.
    pub(crate) placement: Option<[Vec<bool>; 2]>,
    pub(crate) pocket: Option<PocketRules>,
    pub(crate) start: Setup,
    /// The rule by which starts are drawn (`[setup.shuffle]`).
    pub(crate) shuffle: Option<super::shuffle::Shuffle>,
    /// Royal pieces each side has in the start position.
    pub(crate) start_royal_count: [u16; 2],
    pub(crate) material: MaterialLimits,
    pub(crate) end: EndRules,
    pub(crate) moves: MoveRules,
    /// Turns of several moves (`[turns]`); none: a move a turn.
    pub(crate) turns: Option<super::rules::Turns>,
    pub(crate) zobrist: Zobrist,
    /// Native hooks, in the order the rules file lists them.
    pub(crate) hooks: Vec<Arc<dyn Hook>>,
    /// Position state the hooks keep, one slot each.
    pub(crate) state_fields: Vec<StateField>,
    /// Effective option values (defaults, or as chosen when compiling).
    pub(crate) options: IndexMap<String, String>,
    /// How boards draw the pieces (the rules file's `[display]`); the
    /// engine does not read it.
    pub(crate) display: PieceDisplay,
}

/// How boards draw the pieces: a piece set's name, and per kind the text
/// each side's piece shows (empty: its symbol) and the chess figurine it is
/// drawn as (empty: none named).
#[derive(Debug, Clone, Default)]
pub(crate) struct PieceDisplay {
    pub set: String,
    /// Degrees clockwise the first player's pieces are turned from facing
    /// up (`[display] forward`: 0 or 90).
    pub forward: u16,
    pub glyphs: Vec<[String; 2]>,
    pub figurines: Vec<String>,
}

impl Variant {
    /// The variant with its `any_file` castling rules' kings and rooks on
    /// `squares` (one `(king, rook)` per castling rule); the same variant
    /// when they are already there. Positions of games whose kings and
    /// rooks start elsewhere (Chess960) hold such a copy.
    pub(crate) fn with_castle_squares(self: &Arc<Variant>, squares: &[(Square, Square)]) -> Arc<Variant> {
        let same = squares.len() != self.castles.len()
            || self
                .castles
                .iter()
                .zip(squares)
                .all(|(c, &(k, r))| c.any_file.is_none() || (c.king == k && c.rook == r));
        if same {
            return Arc::clone(self);
        }
        let mut v = (**self).clone();
        for (c, &(k, r)) in v.castles.iter_mut().zip(squares) {
            if c.any_file.is_some() {
                c.place(&self.geometry, k, r);
            }
        }
        v.castle_keep = castle_keep(v.geometry.nsq, &v.castles, &v.gates);
        Arc::new(v)
    }

    /// The variant with castling rule `i`'s king and rook on `king` and
    /// `rook` (squares of its rank), its destinations kept: a right held by
    /// a king that stands elsewhere than the rule says, as Fairy-Stockfish
    /// reads a castling field outside Chess960 (its king castles from where
    /// it stands, with the outermost rook).
    pub(crate) fn with_castle_moved(
        self: &Arc<Variant>,
        i: usize,
        king: Square,
        rook: Square,
    ) -> Arc<Variant> {
        let mut v = (**self).clone();
        v.castles[i].place(&self.geometry, king, rook);
        v.castle_keep = castle_keep(v.geometry.nsq, &v.castles, &v.gates);
        Arc::new(v)
    }

    /// The variant under Fairy-Stockfish's drop-mate convention: a drop
    /// that `drop.no_mate` keeps from mating is legal, and the player who
    /// made it loses at once (what `[moves] drop_mate = { result = "loses"
    /// }` says). The variant itself when no drop is so banned.
    pub fn with_drop_mates_losing(self: &Arc<Variant>) -> Arc<Variant> {
        if self.no_drop_mate.is_empty() {
            return Arc::clone(self);
        }
        let mut v = (**self).clone();
        for (i, d) in v.pieces.iter_mut().enumerate() {
            if d.no_drop_mate {
                d.no_drop_mate = false;
                d.drop_mate_loses = true;
                v.drop_mate_loses.insert(PieceKind::from_index(i));
            }
        }
        v.no_drop_mate = KindSet::EMPTY;
        Arc::new(v)
    }

    /// The variant with every drop resetting the halfmove clock (as
    /// Fairy-Stockfish counts it, where a rules file may count as
    /// python-chess, whose drops do not); the same variant when it has no
    /// drops or its drops reset the clock already.
    pub fn with_drops_resetting_clock(self: &Arc<Variant>) -> Arc<Variant> {
        if !self.has_drops || self.drops_reset_clock {
            return Arc::clone(self);
        }
        let mut v = (**self).clone();
        v.drops_reset_clock = true;
        Arc::new(v)
    }

    /// The variant under Chess960's castling (pyffish's and ffish.js's
    /// `chess960`, UCI's `UCI_Chess960`): every castling rule takes its king
    /// and rook from the position, as `any_file = true` does, its rook being
    /// the kind that stands on the rule's rook square in the start position;
    /// the castling field then names the rooks' files (`HAha`) and castling
    /// is written as the king taking its own rook (`e1h1`); with gating,
    /// the field is read and written as Fairy-Stockfish's S-Chess960's
    /// (`text::gating_960`). The same
    /// variant when it has no castling or all of it is so already. An error
    /// says why a variant's castling cannot be so (rights granted by drops, a rule whose king does not end beyond its rook, a board wider
    /// than 26 files, no piece on a rook square at the start).
    pub fn with_any_file_castling(self: &Arc<Variant>) -> Result<Arc<Variant>, String> {
        if self.castles.iter().all(|c| c.any_file.is_some()) {
            return Ok(Arc::clone(self));
        }
        let g = &self.geometry;
        if g.files > 26 {
            return Err("Chess960 castling needs a board of at most 26 files".into());
        }
        let mut v = (**self).clone();
        for c in &mut v.castles {
            if c.any_file.is_some() {
                continue;
            }
            let kingside = c.kingside(g);
            let beyond = (g.file(c.king_to) > g.file(c.rook_to)) == kingside && c.king_to != c.rook_to;
            if !beyond || c.by_drops.is_some() {
                return Err(format!(
                    "castling `{}` cannot be Chess960's (its king must end beyond its rook, and the right not come from drops)",
                    c.right
                ));
            }
            let Some(rook) = self.start.board[c.rook.index()].filter(|p| p.color() == c.color) else {
                return Err(format!(
                    "castling `{}`: no piece of its side on {} at the start, to castle as the rook",
                    c.right,
                    g.name(c.rook)
                ));
            };
            c.any_file = Some(rook.kind());
        }
        Ok(Arc::new(v))
    }

    /// Whether some castling rule takes its king and rook from the position.
    pub(crate) fn castles_any_file(&self) -> bool {
        self.castles.iter().any(|c| c.any_file.is_some())
    }

    /// How many rights the castling field holds: castling rules, then
    /// gating squares.
    pub(crate) fn rights(&self) -> usize {
        self.castles.len() + self.gates.len() + self.once_squares.len()
    }

    /// The right bit of a `once` square of `color`, if `sq` is one.
    pub(crate) fn once_bit(&self, sq: Square, color: Color) -> Option<u32> {
        let i = self
            .once_squares
            .iter()
            .position(|g| g.square == sq && g.color == color)?;
        Some(1 << (self.castles.len() + self.gates.len() + i))
    }

    /// The right bits of all gating squares of `color`.
    pub(crate) fn gate_bits(&self, color: Color) -> u32 {
        let first = self.castles.len();
        self.gates
            .iter()
            .enumerate()
            .filter(|(_, g)| g.color == color)
            .fold(0, |bits, (i, _)| bits | 1 << (first + i))
    }

    /// The right bit of a gating square of `color`, if `sq` is one.
    pub(crate) fn gate_bit(&self, sq: Square, color: Color) -> Option<u32> {
        let i = self
            .gates
            .iter()
            .position(|g| g.square == sq && g.color == color)?;
        Some(1 << (self.castles.len() + i))
    }
    /// The variant's name, as the rules file gives it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The rules file's one-line description.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The board's shape, square names and coordinates.
    pub fn board(&self) -> &Geometry {
        &self.geometry
    }

    /// Every piece kind, in table order.
    pub fn kinds(&self) -> impl Iterator<Item = PieceKind> + use<> {
        (0..self.pieces.len()).map(PieceKind::from_index)
    }

    /// Number of piece kinds.
    pub fn kind_count(&self) -> usize {
        self.pieces.len()
    }

    /// The definition of a piece kind.
    ///
    /// # Panics
    /// If `kind` does not belong to this variant.
    pub fn piece(&self, kind: PieceKind) -> &PieceDef {
        &self.pieces[kind.index()]
    }

    /// The kind with this symbol (any case: `p`, `+P`, `Ko`).
    pub fn kind_by_symbol(&self, symbol: &str) -> Option<PieceKind> {
        let up = symbol.to_uppercase();
        self.pieces
            .iter()
            .position(|k| k.key == up)
            .map(PieceKind::from_index)
    }

    /// The kind with this name (any case).
    pub fn kind_by_name(&self, name: &str) -> Option<PieceKind> {
        self.pieces
            .iter()
            .position(|k| k.name.eq_ignore_ascii_case(name))
            .map(PieceKind::from_index)
    }

    /// A side's name (`white`, `sente`, or `first`/`second` by default).
    pub fn side_name(&self, color: Color) -> &str {
        &self.sides[color.index()].name
    }

    /// The side with this name (any case).
    pub fn side_by_name(&self, name: &str) -> Option<Color> {
        Color::BOTH
            .into_iter()
            .find(|c| self.sides[c.index()].name.eq_ignore_ascii_case(name))
    }

    /// Whether any side keeps captured pieces in hand.
    pub fn has_hands(&self) -> bool {
        self.has_drops
    }

    /// Whether a side keeps the pieces it captures.
    pub fn keeps_captures(&self, color: Color) -> bool {
        self.sides[color.index()].captures != CaptureRule::Remove
    }

    /// The pocket's capacity, if the variant has pockets.
    pub fn pocket_capacity(&self) -> Option<u32> {
        self.pocket.map(|p| p.capacity)
    }

    /// Whether the variant has a placement phase.
    pub fn has_placement(&self) -> bool {
        self.placement.is_some()
    }

    /// How the second player's pieces are turned relative to the first's.
    pub fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// How moves are shown to people (`[text] notation`).
    pub fn display_notation(&self) -> super::conventions::MoveNotation {
        self.display_notation
    }

    /// Whether boards are drawn with shogi coordinates (files numbered from
    /// the right, ranks lettered from the top).
    pub fn shogi_coordinates(&self) -> bool {
        matches!(
            self.display_notation,
            super::conventions::MoveNotation::Usi | super::conventions::MoveNotation::Seed
        )
    }

    /// The algebraic notation people of this game write: `San` or
    /// `HodgesNumber` (`[text] algebraic`).
    pub fn algebraic_notation(&self) -> super::conventions::MoveNotation {
        self.algebraic_notation
    }

    /// Whether the position text is shogi-style (SFEN) rather than FEN.
    pub fn uses_sfen(&self) -> bool {
        self.position_style == PositionStyle::Sfen
    }

    /// Effective option values (each option's default, or the chosen value).
    pub fn options(&self) -> &IndexMap<String, String> {
        &self.options
    }

    /// Names of the native hooks the variant uses.
    pub fn hook_names(&self) -> Vec<&str> {
        self.hooks.iter().map(|h| h.name()).collect()
    }

    /// Square name (`e4`).
    pub fn square_name(&self, sq: Square) -> String {
        self.geometry.name(sq)
    }

    /// The square with this name, if on the board.
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        self.geometry.parse_square(name)
    }

    /// A reason for the end of a game, in words or as a key: the engine's
    /// own, or one of this variant's hooks' rules.
    pub fn reason(&self, text: &str) -> Option<super::outcome::Reason> {
        const RULES: [&str; 8] = [
            super::outcome::ROYALS_CAPTURED,
            super::outcome::CONNECTION,
            super::outcome::CASTLED,
            super::outcome::CASTLING_LOST,
            super::outcome::FULL_BOARD,
            super::outcome::MATE_RULE,
            super::outcome::MOVE_REPETITION,
            super::outcome::QUIET_TURNS,
        ];
        super::outcome::Reason::parse(text).or_else(|| {
            if let Some(r) = RULES
                .iter()
                .find(|r| r.replace('-', " ") == text.replace(['_', '-'], " "))
            {
                return Some(super::outcome::Reason::Rule(r));
            }
            let text = text.replace(['_', '-'], " ");
            self.hooks
                .iter()
                .flat_map(|h| h.reasons().iter().copied())
                .find(|r| r.replace('-', " ") == text)
                .map(super::outcome::Reason::Rule)
        })
    }

    /// The repetition rule, if the variant has one.
    pub fn repetition_rule(&self) -> Option<RepetitionRule> {
        self.end.repetition
    }

    #[inline(always)]
    pub(crate) fn def(&self, kind: PieceKind) -> &PieceDef {
        &self.pieces[kind.index()]
    }

    /// Whether a kind is royal.
    #[inline(always)]
    pub(crate) fn is_royal(&self, kind: PieceKind) -> bool {
        self.kind_flags[kind.index()] & KIND_ROYAL != 0
    }

    /// The kind of the variant's walls (`[walls]`), if it has any: a wall
    /// is no side's piece, whichever side it is kept under on the board.
    pub fn wall_kind(&self) -> Option<PieceKind> {
        self.walls.as_ref().map(|_| self.wall.kind())
    }

    /// Whether a wall is placed after each move (`[walls] after_move`).
    pub(crate) fn placed_walls(&self) -> bool {
        self.walls.as_ref().is_some_and(|w| w.after.is_some())
    }

    #[inline(always)]
    pub(crate) fn nkinds(&self) -> usize {
        self.pieces.len()
    }

    /// The same variant with the plain generator: no bitboards, no
    /// shortcuts in legality (every move is made and the royal pieces
    /// looked at). Slow; for tests that hold the fast generator to it.
    #[doc(hidden)]
    pub fn reference_generator(&self) -> Variant {
        let mut v = self.clone();
        v.bb = None;
        v.reference = true;
        v
    }

    /// Whether a search may try null moves: no rule makes being forced to
    /// move the point of the game.
    pub(crate) fn null_move_ok(&self) -> bool {
        // Zugzwang is the rule where moves are compulsory; passing is a real
        // move where two passes end the game.
        !self.moves.must_drop && !self.moves.compulsory_capture && self.end.double_pass.is_none()
    }

    /// Whether the game is won by taking the opponent's command (no royals).
    pub(crate) fn has_command(&self) -> bool {
        !self.end.command.is_empty()
    }
}
