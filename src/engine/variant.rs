//! A compiled variant: the board, the piece table with per-side move tables,
//! zones as square sets, reverse attack lines, end rules, Zobrist keys and the
//! native hooks the rules file names. Built once by `compile`; read-only
//! afterwards and shared by every position of the variant.
//!
//! The rule types here belong to the engine: the TOML schema in `rules/` has
//! its own, and `compile` translates between them.

use std::sync::Arc;

use indexmap::IndexMap;

use super::geometry::{Geometry, VectorId};
use super::hook::{Hook, StateField};
use super::program::{LegMachine, Ray, TargetFilters};
use super::setup::Setup;
use super::tables::AttackLine;
use super::types::{Color, KindSet, Piece, PieceKind, Square};

/// Where a side's captured pieces go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureRule {
    /// Into the capturer's hand, demoted (shogi).
    Hand,
    /// Into the capturer's hand as they were captured.
    HandAsIs,
    /// Off the game (chess).
    Remove,
}

/// How the second player's pieces are turned relative to the first's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Orientation {
    /// Turned 180° (shogi): left and right swap too.
    Rotate,
    /// Mirrored across the middle rank (chess): left stays left.
    Reflect,
}

/// The shape of the variant's position text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PositionStyle {
    /// Chess FEN: side, castling, en passant, counters; hands in `[...]`.
    Fen,
    /// Shogi SFEN: side, hands in count form, move number.
    Sfen,
}

/// How a rule ends the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// This result for the side to move.
    Outcome(Outcome),
    /// The side with more points on the board wins; equal draws.
    Points,
}

/// A result seen from the player it happens to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// That player wins.
    Win,
    /// That player loses.
    Loss,
    /// The game is drawn.
    Draw,
}

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

/// What a repetition means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RepetitionResult {
    /// The game is drawn.
    Draw,
    /// The player whose move completed the repetition loses.
    MoverLoses,
    /// The player whose move completed the repetition wins (Fairy-Stockfish's
    /// `nFoldValue = loss`, which is the side to move's loss).
    MoverWins,
    /// This player loses, whoever completed it.
    Loses(Color),
    /// A move that would complete the repetition is illegal (chu shogi);
    /// the repetition never happens.
    Illegal {
        /// A player in check may make it all the same.
        allowed_in_check: bool,
    },
}

/// The repetition rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RepetitionRule {
    /// How many times the same position must occur.
    pub count: u32,
    /// What the repetition means.
    pub result: RepetitionResult,
    /// A player who gave check with every move of the cycle loses instead.
    pub perpetual_check_loses: bool,
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

/// One castling move.
#[derive(Debug, Clone)]
pub(crate) struct Castle {
    pub color: Color,
    /// The castling-right letter in position text.
    pub right: char,
    pub king: Square,
    pub king_to: Square,
    pub rook: Square,
    pub rook_to: Square,
    /// Squares that must be empty (other than king and rook themselves).
    pub empty: Vec<Square>,
    /// The same as a bitboard (where the board has bitboards).
    pub empty_bb: super::bitboard::Bb,
    /// Squares the king passes or lands on (must not be attacked); none
    /// when the castling piece is not royal.
    pub safe: Vec<Square>,
    /// The kind that castles from `king`; `None`: any royal piece.
    pub piece: Option<PieceKind>,
    /// The castling piece is royal: it may not castle out of, through or
    /// into an attack.
    pub guarded: bool,
    /// (king kind, rook kind): the right is gained when both stand on their
    /// squares, the later just dropped.
    pub by_drops: Option<(PieceKind, PieceKind)>,
    /// `any_file`: the kind of the rook, whose square (and the king's) the
    /// position gives; `king` and `rook` above are then this position's.
    pub any_file: Option<PieceKind>,
    /// Rights (bits of the castling field) this castling also takes away
    /// (`takes_rights`).
    pub takes: u32,
}

impl Castle {
    /// Puts the rule's king and rook on `king` and `rook` (of its rank),
    /// with the squares that must be empty and those the king must not
    /// cross attacked: every square between the king and its destination
    /// and between the rook and its destination, less the king's and the
    /// rook's own; the king's path, both ends included.
    pub(crate) fn place(&mut self, geo: &Geometry, king: Square, rook: Square) {
        let between = |a: Square, b: Square| -> Vec<Square> {
            let (fa, fb) = (geo.file(a) as i32, geo.file(b) as i32);
            let r = geo.rank(a) as i32;
            (fa.min(fb)..=fa.max(fb))
                .filter_map(|f| geo.square(f, r))
                .collect()
        };
        let mut empty: Vec<Square> = between(king, rook);
        empty.extend(between(king, self.king_to));
        empty.extend(between(rook, self.rook_to));
        empty.sort();
        empty.dedup();
        empty.retain(|&s| s != king && s != rook);
        self.empty_bb = empty.iter().fold(0, |b, &s| b | super::bitboard::bit(s));
        self.empty = empty;
        self.safe = if self.guarded {
            between(king, self.king_to)
        } else {
            Vec::new()
        };
        self.king = king;
        self.rook = rook;
    }

    /// Whether the rook stands on the higher files' side of the king
    /// (`O-O`; `O-O-O` otherwise).
    pub(crate) fn kingside(&self, geo: &Geometry) -> bool {
        geo.file(self.rook) > geo.file(self.king)
    }
}

/// Per square, the castling and gating rights a move from or to it keeps.
pub(crate) fn castle_keep(nsq: usize, castles: &[Castle], gates: &[Gate]) -> Vec<u32> {
    let mut keep = vec![u32::MAX; nsq];
    for (i, c) in castles.iter().enumerate() {
        keep[c.king.index()] &= !(1 << i);
        keep[c.rook.index()] &= !(1 << i);
    }
    for (i, g) in gates.iter().enumerate() {
        keep[g.square.index()] &= !(1 << (castles.len() + i));
    }
    keep
}

/// Walls (`[walls]`): squares no piece may enter, pass or take. A wall is
/// kept on the board as a piece of a kind of its own (the last kind, symbol
/// `*`), owned by no side: it is in neither piece list and in both sides'
/// occupied squares, so every generator sees it as a blocker no one may take.
#[derive(Debug, Clone)]
pub(crate) struct Walls {
    /// The wall as it stands on the board.
    pub piece: Piece,
    /// Where a wall goes after each move, if walls are placed.
    pub after: Option<WallPlacement>,
    /// One wall, moved after each move (the old one goes).
    pub single: bool,
    /// The wall is placed instead of a move, by a pass (`instead_of_move`).
    pub instead_of_move: bool,
    /// Squares where a wall may be placed.
    pub allowed: Vec<bool>,
}

/// Where the wall placed after a move may go (`[walls] after_move`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WallPlacement {
    /// The square the moving piece left.
    Vacated,
    /// Any empty square.
    Anywhere,
    /// A square the moved piece could move to (without capturing) from its
    /// new square, as an arrow shot.
    Arrow,
    /// An empty square on the board's edge or a rook step from a wall.
    Edge,
}

/// A gating square: its side may put a piece from hand here when the
/// square's first piece leaves it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Gate {
    pub square: Square,
    pub color: Color,
}

/// A piece of this kind and side wins by reaching one of the squares.
#[derive(Debug, Clone)]
pub(crate) struct ReachGoal {
    pub side: Color,
    /// The kinds whose pieces count.
    pub kinds: KindSet,
    pub squares: Vec<Square>,
    /// Only while no enemy piece attacks it there.
    pub safe: bool,
    /// With `safe`: more than `count` pieces there need not be safe.
    pub safe_unless_more: bool,
    /// How many of the pieces must stand on the squares at once.
    pub count: usize,
    /// Also met when one is there and every square is occupied.
    pub or_when_full: bool,
}

/// `[end.connect]`: what the mover's pieces must form, and its outcome.
#[derive(Debug, Clone)]
pub(crate) struct ConnectRule {
    /// Pieces side by side on a line (0: not this way).
    pub in_a_row: usize,
    /// A block of n by n pieces (0: not this way).
    pub square: usize,
    /// Pieces anywhere on one line (0: not this way).
    pub collinear: usize,
    /// Per side, the two regions a chain of its pieces must join (none:
    /// not this way), as squares.
    pub regions: [Option<(Vec<Square>, Vec<bool>)>; 2],
    /// The kinds that count.
    pub kinds: KindSet,
    /// The lines' directions, one of each opposite pair: (1, 0) ranks,
    /// (0, 1) files, (1, 1) and (1, -1) diagonals.
    pub directions: Vec<(i32, i32)>,
    /// The outcome for the player who made it.
    pub outcome: Outcome,
}

/// How the game ends.
#[derive(Debug, Clone)]
pub(crate) struct EndRules {
    /// Outcome for a player with no legal move who is in check.
    pub checkmated: Outcome,
    /// Outcome for a player with no legal move who is not in check.
    pub stalemated: Outcome,
    pub repetition: Option<RepetitionRule>,
    /// Plies without a capture or a counter-resetting move that draw.
    pub fifty_move_rule: Option<u32>,
    /// Checks beyond this many by one side within the counter's plies
    /// lengthen the counter's limit by two plies each.
    pub counter_check_allowance: Option<u32>,
    /// Pieces that win by reaching squares.
    pub reach: Vec<ReachGoal>,
    /// The second player may answer the first player's arrival with one more
    /// move; arriving too draws.
    pub reach_reply: bool,
    /// With `reach_reply`: the first player answers the second's arrival too.
    pub reach_reply_both: bool,
    /// `reach_reply = "unsafe"`: a safe arrival wins at once, one that is
    /// not is answered and wins if a piece is still there after the reply.
    pub reach_reply_unsafe: bool,
    /// Royal pieces facing each other must part (see the rules file's
    /// `royals_facing`); facing twice in a row ends the game so.
    pub royals_facing: Option<Verdict>,
    /// Two passes in a row end the game so.
    pub double_pass: Option<Verdict>,
    /// Piece values per kind and the second player's bonus, for
    /// [`Verdict::Points`].
    pub points: Option<(Vec<f64>, f64)>,
    /// Some goal must be reached safely (the draw and order rules of
    /// [`ReachGoal::safe`] apply to all goals).
    pub reach_safe: bool,
    /// Command sets: a side survives while, for one set, every element (a set
    /// of acceptable kinds) has a piece on the board.
    pub command: Vec<Vec<KindSet>>,
    pub extinction: Option<Extinction>,
    /// A side that gives this many checks wins.
    pub checks_to_win: Option<u16>,
    /// The counting rule of the endgame.
    pub counting: Option<CountingRule>,
    /// Draws by repetition or the move counter are decided by points.
    pub draws_by_points: bool,
    /// Stalemate decided by the number of pieces on the board.
    pub stalemate_piece_count: bool,
    /// Drawn endings are wins for this side.
    pub draw_odds: Option<Color>,
    /// A full board ends the game so.
    pub full_board: Option<Verdict>,
    /// Drawn endings go to the side with more pieces on the board.
    pub draws_by_piece_count: bool,
    /// A line or block of the mover's pieces ends the game.
    pub connect: Option<ConnectRule>,
    /// Only a side's last royal piece must be kept safe; losing every one
    /// loses (several royal pieces are otherwise all guarded).
    pub last_royal: bool,
    /// A side may not leave all its royal pieces attacked at once; check is
    /// an attack on every one (`royal_pieces = "not_all"`).
    pub not_all_royal: bool,
    /// Outcome (for the side to move) when its only legal moves are
    /// promotions of its one non-royal piece.
    pub only_promotions: Option<Outcome>,
    /// Checkmates judged by the pieces that give them.
    pub mate_rule: Option<MateRule>,
    /// A piece moved back and forth too often ends the game.
    pub move_repetition: Option<MoveRepetition>,
    /// The castling rights (bits of `castles`) whose castling wins; a side
    /// left with none of its listed rights loses.
    pub castling_wins: u32,
}

/// `[end] mate_rule`: outcomes for the mated player.
#[derive(Debug, Clone)]
pub(crate) struct MateRule {
    /// A mate given by these kinds only.
    pub alone: Option<(KindSet, Outcome)>,
    /// A mate whose series of checks had no check by these kinds.
    pub series: Option<(KindSet, Outcome)>,
}

/// `[end] move_repetition`: the outcome for the player who shuttled.
#[derive(Debug, Clone)]
pub(crate) struct MoveRepetition {
    /// Moves back and forth in a row.
    pub count: u32,
    pub outcome: Outcome,
    /// Kinds whose moves do not count.
    pub except: KindSet,
}

/// The counting rule: see the rules file's `[end.counting]`. Limits are in
/// moves.
#[derive(Debug, Clone)]
pub(crate) struct CountingRule {
    pub blockers: KindSet,
    pub board_honour: u32,
    /// (kind, at least, moves), first match.
    pub pieces_honour: Vec<(PieceKind, u32, u32)>,
    pub otherwise: u32,
    pub from_pieces: bool,
    /// The board's honour only for a side with at most this many pieces
    /// (0 = any number).
    pub board_honour_at_most: u32,
    /// Blockers stop only the pieces' honour.
    pub board_honour_with_blockers: bool,
}

/// What a capture's explosion spares.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Explosion {
    /// Kinds that survive an explosion next to them (pawns, as a rule).
    pub immune: KindSet,
    /// Kinds no explosion removes, not even a capturer's own (kings that
    /// are not royal, in some games).
    pub unharmed: KindSet,
    /// The pieces it removes go to their opponent's hand.
    pub to_hand: bool,
}

/// Rules on which moves are legal, beyond each piece's moves.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct MoveRules {
    /// A player who can capture must capture.
    pub compulsory_capture: bool,
    /// No move may give check.
    pub no_checks: bool,
    /// No drop may give check.
    pub no_drop_checks: bool,
    /// Captures explode: the capturer and every piece on the eight
    /// squares around the capture square leave the board, except the
    /// immune and unharmed kinds.
    pub explosion: Option<Explosion>,
    /// Royal pieces may not face each other on an open file or rank.
    pub no_facing_royals: bool,
    /// While a drop is legal, only drops are.
    pub must_drop: bool,
    /// The kinds `must_drop` applies to (`None`: every kind): while one is
    /// in hand, drops of other kinds are illegal, and a legal drop of one
    /// excludes board moves.
    pub must_drop_kinds: Option<KindSet>,
    /// A player may pass.
    pub pass: bool,
    /// Pieces' passes (out and back, nothing taken) are one move.
    pub one_piece_pass: bool,
    /// A royal piece in check moves only to take the sole checker.
    pub check_freezes_royal: bool,
    /// Kinds that burn (`[[piece]] burn`); empty: no burning.
    pub burners: KindSet,
    /// Enemy pieces that change sides after a move or drop.
    pub flip: Option<Flip>,
    /// A side with no legal move and a piece on the board passes.
    pub pass_when_stuck: bool,
    /// Where drops may go, beyond the pieces' drop rules.
    pub drops_only: Option<DropArea>,
    /// Kinds that turn to stone (a wall on the square where the move ends)
    /// when they capture (`petrifies_on_capture`); empty: none.
    pub petrify: KindSet,
    /// The royal kinds among them: they never capture (their filters bar
    /// every target), yet the squares they could take on but for that count
    /// against castling out of or through them, and for checkmate rather
    /// than stalemate, as Fairy-Stockfish judges.
    pub petrify_royal: KindSet,
}

/// `[moves] flip`: which enemy pieces become the mover's after a move or
/// drop arrives on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flip {
    /// Unbroken lines of enemy pieces from the arrival square to an own
    /// piece, in the eight directions.
    Enclosed,
    /// The enemy pieces on the eight squares around the arrival square.
    Adjacent,
    /// As `Adjacent` after a board move; after a drop only when one of the
    /// mover's own pieces stands next to it.
    AdjacentSupported,
}

/// `[hand] drops_only`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DropArea {
    /// Where the drop turns an enclosed line ([`Flip::Enclosed`]'s).
    Enclosing,
    /// Next to an own piece.
    NextToOwn,
    /// On the first rank (the first player's) or right above a piece.
    OnTop,
    /// With no enemy piece a rook step away.
    ApartFromEnemy,
    /// Where a piece pushed in from an edge along a rank or file stops.
    PushedIn,
}

/// A side with at most `at_most` pieces of `kinds` (board and hand) while the
/// opponent has at least `opponent_at_least` gets `outcome`; with `grace`, the
/// side to move left short first gets its move.
#[derive(Debug, Clone)]
pub(crate) struct Extinction {
    pub kinds: KindSet,
    pub at_most: u32,
    pub opponent_at_least: u32,
    pub grace: bool,
    pub outcome: Outcome,
    /// Each kind counted on its own (any one kind at `at_most` ends it).
    pub each_kind: bool,
}

/// Zobrist keys, from a fixed seed so hashes are reproducible.
#[derive(Debug, Clone)]
pub(crate) struct Zobrist {
    /// Indexed by `piece code * squares + square`.
    pub piece: Vec<u64>,
    /// Base key per (store, side, kind); mixed with the count.
    pub store: Vec<u64>,
    pub side: u64,
    pub castling: Vec<u64>,
    pub ep: Vec<u64>,
    /// Base key per hook state slot; mixed with the value.
    pub state: Vec<u64>,
    /// Base key per side for the checks it has given; mixed with the count.
    pub checks: [u64; 2],
}

/// One side's name, position-text letter and capture rule.
#[derive(Debug, Clone)]
pub(crate) struct SideInfo {
    pub name: String,
    pub letter: String,
    pub captures: CaptureRule,
}

/// The pocket: a per-side store of pieces that keep their type.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PocketRules {
    pub capacity: u32,
    /// A board piece with a legal move may enter its owner's pocket.
    pub from_board: bool,
}

/// A set of kinds that turn into one another (by promotion or demotion), and
/// how many pieces of them a position can hold.
#[derive(Debug, Clone)]
pub(crate) struct Family {
    pub kinds: KindSet,
    /// Both sides together (pieces may change sides in hand variants).
    pub total: u32,
    /// Per side, when captured pieces leave the game for both sides.
    pub per_side: Option<[u32; 2]>,
}

/// What material a position of the variant can have.
#[derive(Debug, Clone, Default)]
pub(crate) struct MaterialLimits {
    /// Kinds that may be held in a hand: what captures can put there, and what
    /// the start position's hands hold.
    pub hand_kinds: KindSet,
    /// Families of kinds with bounded numbers (not those a spawner creates).
    pub families: Vec<Family>,
}

/// A compiled variant. Positions share it through an [`Arc`].
#[derive(Debug, Clone)]
pub struct Variant {
    /// Evaluation weights named by `[engine] weights`, laid out as the
    /// engine's weight vector.
    pub(crate) engine_weights: Option<Vec<f64>>,
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

    /// The variant under Chess960's castling (pyffish's and ffish.js's
    /// `chess960`, UCI's `UCI_Chess960`): every castling rule takes its king
    /// and rook from the position, as `any_file = true` does, its rook being
    /// the kind that stands on the rule's rook square in the start position;
    /// the castling field then names the rooks' files (`HAha`) and castling
    /// is written as the king taking its own rook (`e1h1`). The same
    /// variant when it has no castling or all of it is so already. An error
    /// says why a variant's castling cannot be so (gating, rights granted by
    /// drops, a rule whose king does not end beyond its rook, a board wider
    /// than 26 files, no piece on a rook square at the start).
    pub fn chess960(self: &Arc<Variant>) -> Result<Arc<Variant>, String> {
        if self.castles.iter().all(|c| c.any_file.is_some()) {
            return Ok(Arc::clone(self));
        }
        let g = &self.geometry;
        if !self.gates.is_empty() {
            return Err("Chess960 castling with gating is not supported (both use file letters in the castling field)".into());
        }
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
        const RULES: [&str; 7] = [
            super::outcome::ROYALS_CAPTURED,
            super::outcome::CONNECTION,
            super::outcome::CASTLED,
            super::outcome::CASTLING_LOST,
            super::outcome::FULL_BOARD,
            super::outcome::MATE_RULE,
            super::outcome::MOVE_REPETITION,
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
