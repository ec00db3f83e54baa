//! A piece kind as compiled: its moves (rays per side, a leg automaton),
//! promotions, drops, zones and regions, spawns, burning and the flags the
//! generator reads at a glance ([`PieceDef`]). Data: `variant.rs` holds one
//! per kind.

use super::geometry::VectorId;
use super::program::{LegMachine, Ray, TargetFilters};
use super::types::{KindSet, PieceKind};

/// When a move may promote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromotionTrigger {
    /// The move ends in the zone.
    Destination,
    /// The move starts or ends in the zone.
    Either,
    /// The move enters the zone, or captures and starts or ends in it.
    EnterOrCapture,
    /// The move ends in the zone, or captures on a square of it (a lion's
    /// first step there, then on out of it).
    DestinationOrCapture,
    /// The move captures and starts or ends in the zone (quiet moves never
    /// promote: micro shogi).
    Capture,
}

impl PromotionTrigger {
    /// Whether a move from `from` to `to` (in the zone or not), capturing or
    /// not, may promote.
    #[inline]
    pub fn allows(self, from_in: bool, to_in: bool, capture: bool) -> bool {
        self.allows_with(from_in, to_in, capture, false)
    }

    /// [`PromotionTrigger::allows`], knowing whether the move captures on
    /// a square of the zone (`capture_in`).
    #[inline]
    pub fn allows_with(self, from_in: bool, to_in: bool, capture: bool, capture_in: bool) -> bool {
        match self {
            PromotionTrigger::DestinationOrCapture => to_in || capture_in,
            PromotionTrigger::Destination => to_in,
            PromotionTrigger::Either => to_in || from_in,
            PromotionTrigger::EnterOrCapture if capture => to_in || from_in,
            PromotionTrigger::EnterOrCapture => to_in && !from_in,
            PromotionTrigger::Capture => capture && (to_in || from_in),
        }
    }
}

/// Promotion chosen by the captured piece (`[promotion] when_capturing`).
#[derive(Debug, Clone)]
pub(crate) struct CapturePromotion {
    /// The kinds whose capture changes the capturer.
    pub captured: KindSet,
    /// What the capturer becomes.
    pub to: PieceKind,
    /// Capturers that stay as they are.
    pub except: KindSet,
}

/// One promotion rule of a piece (see [`CapturePromotion`] for promotion
/// chosen by the captured piece).
#[derive(Debug, Clone)]
pub(crate) struct Promotion {
    /// Zone squares per side.
    pub zone: [Vec<bool>; 2],
    /// Kinds the piece may become.
    pub to: Vec<PieceKind>,
    pub forced: bool,
    pub trigger: PromotionTrigger,
}

/// Promotion as a move of its own: from these squares (per side), into
/// `to`, in place or by one step along these vectors to an empty square.
#[derive(Debug, Clone)]
pub(crate) struct PromotionMove {
    pub to: PieceKind,
    pub squares: [Vec<bool>; 2],
    pub vectors: [Vec<super::geometry::VectorId>; 2],
    pub anywhere_when_last: bool,
}

/// A piece that puts a new piece on a square next to it instead of moving.
#[derive(Debug, Clone)]
pub(crate) struct Spawn {
    pub piece: PieceKind,
    pub vectors: [Vec<VectorId>; 2],
}

/// [`Variant::kind_flags`] bit: the kind is royal.
pub(crate) const KIND_ROYAL: u8 = 1;
/// [`Variant::kind_flags`] bit: moving the kind resets the halfmove clock.
pub(crate) const KIND_RESETS_CLOCK: u8 = 2;
/// With [`KIND_RESETS_CLOCK`]: only moves the piece could not undo.
pub(crate) const KIND_RESETS_IRREVERSIBLE: u8 = 4;

/// [`PieceDef::promo_at`] bit: a move ending on the square may promote.
pub(crate) const PROMO_TO: u8 = 1;
/// [`PieceDef::promo_at`] bit: a move starting on the square may promote.
pub(crate) const PROMO_FROM: u8 = 2;
/// [`PieceDef::promo_at`] bit: a move capturing on the square may promote
/// (the `destination_or_capture` trigger).
pub(crate) const PROMO_CAPS: u8 = 4;

/// A compiled piece kind: its names, its moves for each side, promotions,
/// drop rules and target filters.
#[derive(Debug, Clone)]
pub struct PieceDef {
    pub(crate) name: String,
    /// Canonical upper-case symbol (`P`, `+P`, `Q~`, `KOZU`): the key symbols
    /// are matched by.
    pub(crate) key: String,
    /// Symbol as written in the rules file.
    pub(crate) symbol: String,
    /// Its moves in the rules file's notation (the one in force).
    pub(crate) betza: String,
    pub(crate) royal: bool,
    /// A royal kind that is royal only while its side has at most this many
    /// of it on the board (`royal_while_at_most`; 0: always royal).
    pub(crate) royal_limit: u16,
    /// The kinds counted together for `royal_limit`: this one and its
    /// `royal_counted_with`.
    pub(crate) royal_group: KindSet,
    /// Single-leg moves: one ray per direction, per side.
    pub(crate) rays: [Vec<Ray>; 2],
    /// Multi-leg moves and shots, when the piece is not a union of single legs.
    pub(crate) legs: Option<LegMachine>,
    /// Two rays can reach the same square (`fbRW`): moves are de-duplicated.
    pub(crate) overlapping_rays: bool,
    /// Squares from which `i` (initial) moves are allowed, per side.
    pub(crate) initial: [Vec<bool>; 2],
    /// Squares from which a double step leaves an en-passant square, per side.
    pub(crate) ep_from: [Vec<bool>; 2],
    /// The en-passant field after its double step names the square passed
    /// over and the square reached (`en_passant_text = "path"`).
    pub(crate) ep_path_text: bool,
    /// Squares the piece's moves may end on, per side (all when `None`).
    pub(crate) region: Option<[Vec<bool>; 2]>,
    /// Squares from which its `zone` legs (extra moves) apply, per side.
    pub(crate) zone: [Vec<bool>; 2],
    pub(crate) promotions: Vec<Promotion>,
    /// Per side and square: bit [`PROMO_TO`] when a move ending there may
    /// promote, bit [`PROMO_FROM`] when a move starting there may (the
    /// `either` trigger). All zero for a piece that never promotes, so move
    /// generation tests one byte before looking at the rules.
    pub(crate) promo_at: [Vec<u8>; 2],
    /// The kind that enters a hand when this one is captured (demotion).
    pub(crate) demotes_to: PieceKind,
    /// Squares where a drop is allowed (ranks rule, dead squares), per side.
    pub(crate) drop_ok: [Vec<bool>; 2],
    /// Drops and spawns need a file with fewer than this many of the kind
    /// (0 = no limit).
    pub(crate) per_file: u8,
    /// Drops keep this kind split evenly between light and dark squares.
    pub(crate) drop_split_colours: bool,
    /// Promoted faces it may also be dropped from a hand as.
    pub(crate) drop_faces: Vec<PieceKind>,
    pub(crate) no_drop_mate: bool,
    /// Its drop rules that look at the position.
    pub(crate) drop_position: DropPosition,
    /// A drop of this kind that mates is legal and loses at once (`[moves]
    /// drop_mate = { result = "loses" }`).
    pub(crate) drop_mate_loses: bool,
    /// Squares from which the piece has no move at all, per side.
    pub(crate) dead: [Vec<bool>; 2],
    pub(crate) filters: TargetFilters,
    /// Moving this piece resets the halfmove clock.
    pub(crate) resets_clock: bool,
    /// Its letter in SAN, when the rules file gives one (`san`).
    pub(crate) san: Option<String>,
    /// …only when the move is one it could not undo by a quiet move on an
    /// empty board (`resets_clock = "irreversible"`).
    pub(crate) resets_clock_irreversible: bool,
    /// Promotion as a move of its own.
    pub(crate) promotion_move: Option<PromotionMove>,
    /// Promotion to this kind needs fewer than this many on the board (0 =
    /// no limit).
    pub(crate) promotion_limit: u16,
    /// The kinds counted together for `promotion_limit`: this one and its
    /// `promotion_counted_with`.
    pub(crate) promotion_group: KindSet,
    /// Material value in hundredths of a pawn; 0 = derive from mobility.
    pub(crate) value: i32,
    pub(crate) spawn: Option<Spawn>,
    /// Burning (`burn` in the rules file).
    pub(crate) burn: Option<Burn>,
    /// Its multi-leg moves may not end where they started having taken
    /// nothing (`passes = false`: an area move that may not pass).
    pub(crate) no_pass: bool,
    /// It may capture only what the opponent could not take back on the
    /// final square (`captures_unprotected_only`).
    pub(crate) captures_unprotected_only: bool,
    /// Its moves include a capturing leap to every square of the board
    /// (`U` with no direction letters): it can take on any square but its
    /// own, whatever stands between.
    pub(crate) captures_anywhere: bool,
    /// Moves it may make once, while its side holds the right of its
    /// back-rank square (`once`).
    pub(crate) once: Option<OnceMoves>,
}

/// A piece's `once` moves: leaps to empty squares made while its side
/// holds the right of the square it stands on.
#[derive(Debug, Clone)]
pub(crate) struct OnceMoves {
    /// The leaps, per side.
    pub vectors: [Vec<VectorId>; 2],
    /// Not while its side is in check.
    pub not_in_check: bool,
    /// An enemy piece of these kinds ending a move on its file or rank takes
    /// the right of its square away.
    pub aimed_by: KindSet,
}

/// A burning piece (`[[piece]] burn`): after its board move, the pieces on
/// its area around the landing square are removed; with `passive`, so is a
/// piece of the other side that ends its move on its area.
#[derive(Debug, Clone)]
pub(crate) struct Burn {
    /// The burnt squares' vectors from the burner's square, per side.
    pub area: [Vec<super::geometry::VectorId>; 2],
    /// The same vectors reversed: from a square to the burners that reach it.
    pub reverse: [Vec<super::geometry::VectorId>; 2],
    /// Kinds that never burn.
    pub immune: KindSet,
    /// Pieces of the other side that land on its area burn.
    pub passive: bool,
    /// Its own side's pieces burn too.
    pub friendly: bool,
    /// What happens when it lands on an enemy burner's passive area.
    pub meeting: BurnMeeting,
}

/// A burner ending its move on an enemy burner's passive area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BurnMeeting {
    /// It burns, burning nothing (HaChu).
    MoverBurns,
    /// It burns its area (the enemy burner too), then burns.
    BothBurn,
    /// It burns its area first, and burns only if an enemy burner that
    /// reaches it survives.
    MoverSurvives,
}

/// A piece's drop rules that look at the position (`drop.no_check`,
/// `drop.not_guarded_by`).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct DropPosition {
    /// A drop of this kind may not give check.
    pub no_check: bool,
    /// It may not be dropped where a piece of its side of these kinds
    /// attacks.
    pub not_guarded_by: KindSet,
}

impl DropPosition {
    /// Whether any rule applies.
    pub(crate) fn any(&self) -> bool {
        self.no_check || !self.not_guarded_by.is_empty()
    }
}

impl PieceDef {
    /// The piece's name (`pawn`, `dragon king`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The symbol as the rules file writes it (`P`, `+R`, `Ko`).
    pub fn symbol(&self) -> &str {
        &self.symbol
    }

    /// Its moves as the rules file writes them (extended Betza notation).
    pub fn betza(&self) -> &str {
        &self.betza
    }

    /// The upper-case symbol positions and moves match it by (`P`, `+P`,
    /// `KOZU`).
    pub fn key(&self) -> &str {
        &self.key
    }

    /// Whether the piece is royal (checkmate rules apply to it).
    pub fn is_royal(&self) -> bool {
        self.royal
    }

    /// The value given in the rules file, in pawns, if any.
    pub fn value(&self) -> Option<f64> {
        (self.value != 0).then(|| self.value as f64 / 100.0)
    }

    /// Kinds this piece may promote to (from all its promotion rules).
    pub fn promotes_to(&self) -> Vec<PieceKind> {
        let mut out: Vec<PieceKind> = Vec::new();
        for p in &self.promotions {
            for &k in &p.to {
                if !out.contains(&k) {
                    out.push(k);
                }
            }
        }
        out
    }

    /// The kind entering a hand when this piece is captured, if it demotes.
    pub fn demotes_to(&self) -> Option<PieceKind> {
        self.demotes_to.some()
    }

    /// Whether the piece moves by a multi-leg program (igui, shots, …).
    pub fn is_multi_leg(&self) -> bool {
        self.legs.is_some()
    }

    /// Whether the piece can never move from any square (no move reaches the board).
    pub(crate) fn never_moves(&self) -> bool {
        self.legs.is_none() && self.spawn.is_none() && self.dead.iter().all(|d| d.iter().all(|&x| x))
    }
}
