//! The rules records of a compiled variant beyond its pieces: captures and
//! where they go, castling, gating and walls, repetition and the end of the
//! game, explosions, move rules, stores and families, Zobrist keys. Data:
//! `variant.rs` holds them; the rule types of the TOML schema are `rules/`'s,
//! and `compile` translates between them.

use super::geometry::Geometry;
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
    /// Puts the rule's king and rook on `king` and `rook` (of its line),
    /// with the squares that must be empty and those the king must not
    /// cross attacked: every square between the king and its destination
    /// and between the rook and its destination, less the king's and the
    /// rook's own; the king's path, both ends included.
    pub(crate) fn place(&mut self, geo: &Geometry, king: Square, rook: Square) {
        // The squares of the line from `a` to `b`, both ends included: a
        // rank on a rectangle, any straight line of cells on a hexagon.
        let between = |a: Square, b: Square| -> Vec<Square> {
            let mut line = vec![a];
            line.extend(super::geometry::between(geo, a, b));
            if b != a {
                line.push(b);
            }
            line
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

/// The most command-set elements a position counts as pieces come and go.
pub(crate) const COMMAND_SLOTS: usize = 8;

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
    /// Whole turns in a row without a capture or a counter-resetting move
    /// that draw (`[turns]` only).
    pub quiet_turn_rule: Option<u32>,
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
    /// Per piece kind, the elements of [`EndRules::command`] (flattened,
    /// set by set) it is one of, as bits: a position counts each element's
    /// pieces as they come and go. Empty with no sets or more than
    /// [`COMMAND_SLOTS`] elements (then the board is walked).
    pub command_bits: Vec<u8>,
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
    /// Kinds whose drops the position may forbid beyond their squares
    /// (`drop.no_check`, `drop.not_guarded_by`).
    pub drop_limits: KindSet,
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

/// Turns of several moves (`[turns]`): how many moves each turn has and
/// the rules for the middle of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turns {
    /// Moves in a turn, per side (first, second); unused when progressive.
    pub counts: [u32; 2],
    /// The moves of the game's first turn (the first player's), when it
    /// differs.
    pub first_turn: Option<u32>,
    /// The game's n-th turn has n moves.
    pub progressive: bool,
    /// A move that gives check ends its turn.
    pub check_ends_turn: bool,
    /// A move may give check only as the last move of its turn.
    pub check_only_on_last_move: bool,
    /// Royal pieces need be safe only when a turn ends (and "check" is
    /// what the opponent's next turn could take).
    pub end_of_turn: bool,
    /// After an en-passant capture, the same turn may capture en passant
    /// again.
    pub en_passant_chain: bool,
}

impl Turns {
    /// The moves of turn `index` (0: the first player's first turn, 1: the
    /// second player's first, …), played by `side`.
    pub fn length(&self, side: Color, index: u64) -> u32 {
        if self.progressive {
            return u32::try_from(index + 1).unwrap_or(u32::MAX);
        }
        if index == 0
            && let Some(n) = self.first_turn
        {
            return n;
        }
        self.counts[side.index()]
    }
}

/// An en-passant right kept through a turn of several moves: the square
/// passed over (and a second one for a triple step) and the piece that
/// passed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EpEntry {
    pub square: Square,
    pub second: Square,
    pub victim: Square,
}

impl Default for EpEntry {
    fn default() -> Self {
        EpEntry {
            square: Square::NONE,
            second: Square::NONE,
            victim: Square::NONE,
        }
    }
}

/// At most this many en-passant rights are kept through a turn (a side's
/// double steps in one turn; progressive chess's eight pawns fit).
pub const MAX_TURN_EPS: usize = 16;

/// The state of a turn of several moves: the moves left in it (counting
/// the one to play), the en-passant rights the turns' double steps left,
/// and the quiet turns counted for `[end] quiet_turn_rule`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnState {
    pub left: u32,
    pub eps: [EpEntry; MAX_TURN_EPS],
    pub n_eps: u8,
    /// Whole turns ended in a row in which no move reset the halfmove
    /// clock (`[end] quiet_turn_rule`); not hashed, as the clock is not.
    pub quiet: u32,
}

impl Default for TurnState {
    fn default() -> Self {
        TurnState {
            left: 1,
            eps: [EpEntry::default(); MAX_TURN_EPS],
            n_eps: 0,
            quiet: 0,
        }
    }
}

impl TurnState {
    /// The en-passant rights kept.
    pub fn eps(&self) -> &[EpEntry] {
        &self.eps[..self.n_eps as usize]
    }

    /// Keeps the rights `keep` accepts.
    pub fn retain_eps(&mut self, keep: impl Fn(&EpEntry) -> bool) {
        let mut n = 0;
        for i in 0..self.n_eps as usize {
            if keep(&self.eps[i]) {
                self.eps[n] = self.eps[i];
                n += 1;
            }
        }
        self.n_eps = n as u8;
    }

    /// Adds a right (a full list keeps its oldest).
    pub fn push_ep(&mut self, e: EpEntry) {
        if (self.n_eps as usize) < MAX_TURN_EPS {
            self.eps[self.n_eps as usize] = e;
            self.n_eps += 1;
        }
    }
}
