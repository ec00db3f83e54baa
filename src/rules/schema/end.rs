//! `[end]`: how the game ends (checkmate and stalemate, royal pieces,
//! repetition, counters, reaching squares, command sets, extinction,
//! connecting lines, counting, points) and the results rules give.

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

use super::SideName;

/// How a rule ends the game: a result for the side to move, or `"points"`
/// (the side with more `[end] points` wins; equal is a draw).
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RuleEnd {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Loss,
    /// A draw.
    Draw,
    /// Counted by `[end] points`.
    Points,
}

/// `[end.connect]`: the player who just moved and now has `in_a_row`
/// pieces side by side on a line, a `square` of pieces, or `collinear`
/// pieces anywhere on one line, gets `result`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Connect {
    /// Pieces side by side on one line (tic-tac-toe: 3).
    pub in_a_row: Option<Spanned<u32>>,
    /// A block of this many files by this many ranks (teeko: 2).
    pub square: Option<Spanned<u32>>,
    /// Pieces on one line, whatever stands between them.
    pub collinear: Option<Spanned<u32>>,
    /// A chain of a side's pieces, each next to the last along `lines`,
    /// from a square of `from` to one of `to` (gale, Bridg-it).
    #[serde(default)]
    pub regions: Vec<ConnectRegions>,
    /// The pieces that count (default: all).
    #[serde(default)]
    pub pieces: Vec<Spanned<String>>,
    /// The lines that count: "ranks", "files", "diagonals" (default: all).
    pub lines: Option<Vec<Spanned<String>>>,
    /// The result for the player who made it (default "win").
    #[serde(default = "connect_win")]
    pub result: Outcome,
}

/// `[end.connect] regions = [{ side, from, to }]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConnectRegions {
    /// Whose chain.
    pub side: SideName,
    /// Squares one end of the chain must stand on.
    pub from: Vec<Spanned<String>>,
    /// Squares the other end must stand on.
    pub to: Vec<Spanned<String>>,
}

fn connect_win() -> Outcome {
    Outcome::Win
}

/// `[end] points = { values = { chariot = 13, … }, second_bonus = 1.5 }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointsTable {
    /// Points per piece on the board, by piece name (others count 0).
    pub values: IndexMap<String, f64>,
    /// Added to the second player's points.
    #[serde(default)]
    pub second_bonus: f64,
}

/// A result seen from the player it happens to.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    #[default]
    Loss,
    /// The game is drawn.
    Draw,
}

/// What a repetition means.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RepetitionResult {
    /// The game is drawn.
    Draw,
    /// The player whose move completes the repetition loses.
    MoverLoses,
    /// The player whose move completes the repetition wins (the side to move
    /// loses: Fairy-Stockfish's `nFoldValue = loss`).
    MoverWins,
    /// The first player loses, whoever completes it (minishogi).
    FirstLoses,
    /// The second player loses, whoever completes it.
    SecondLoses,
    /// A move that would complete it is illegal.
    Illegal,
}

/// `[end.repetition]`.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Repetition {
    /// How many times the position must occur (at least 2).
    pub count: Spanned<u32>,
    /// What the repetition means.
    pub result: RepetitionResult,
    /// A player who checked with every move of the cycle loses.
    #[serde(default)]
    pub perpetual_check_loses: Option<Spanned<bool>>,
    /// With `result = "illegal"`: a player in check may repeat.
    #[serde(default)]
    pub allowed_in_check: Option<Spanned<bool>>,
}

/// `[end] royal_pieces`.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum RoyalPieces {
    /// Every royal piece must be kept safe.
    #[default]
    Every,
    /// Only a side's last royal piece.
    Last,
    /// Not all of a side's royal pieces at once: a move may not leave every
    /// one of them attacked, and check is an attack on every one
    /// (Fairy-Stockfish's duple check).
    NotAll,
}

/// `[end] reach_reply`: `true` (the first player's arrival is answered),
/// `"both"` (either side's is) or `"unsafe"` (with `safe` goals: an
/// arrival that is not safe is answered).
#[derive(Debug, Deserialize, Clone, PartialEq)]
#[serde(untagged)]
pub enum ReachReply {
    /// `true` or `false`.
    Flag(bool),
    /// `"both"` or `"unsafe"`.
    Sides(String),
}

/// `[end]`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct EndRules {
    /// Result for the checkmating side: "win" (the default), "loss" (losers:
    /// the checkmated player wins) or "draw".
    pub checkmate: Option<Spanned<String>>,
    /// Result for a player with no legal move who is not in check (from that
    /// player's point of view): "loss", "draw" or "win".
    pub stalemate: Option<Outcome>,
    /// The royal pieces face each other on an open file or rank: the side to
    /// move must end that (or pass, even in check); if the position after
    /// its move still shows them facing, the game ends with this result for
    /// the side to move then.
    pub royals_facing: Option<RuleEnd>,
    /// Two passes in a row end the game with this result for the side to
    /// move.
    pub double_pass: Option<RuleEnd>,
    /// A draw by repetition or by the move counter goes instead to the
    /// side with more points (`points`), as janggi counts.
    #[serde(default)]
    pub draws_by_points: bool,
    /// Stalemate is decided by the pieces on the board: the stalemated
    /// player with fewer gets the `stalemate` result, with more the
    /// opposite one; equal numbers draw (suicide chess).
    #[serde(default)]
    pub stalemate_piece_count: bool,
    /// A board with no empty square ends the game with this result for the
    /// side to move (Fairy-Stockfish's `adjudicateFullBoard`).
    pub full_board: Option<RuleEnd>,
    /// Every drawn ending (stalemate, repetition, the move counter, a rule
    /// that draws) goes instead to the side with more pieces on the board;
    /// equal numbers still draw (Fairy-Stockfish's `materialCounting =
    /// unweighted`).
    #[serde(default)]
    pub draws_by_piece_count: bool,
    /// Every drawn ending (stalemate, repetition, the move counter) is a win
    /// for this side instead (armageddon: black has draw odds).
    pub draw_odds: Option<SideName>,
    /// Castling rights (their `right` letters) whose castling wins; a side
    /// that has lost every one of its listed rights loses (Fairy-Stockfish's
    /// `castlingWins`).
    pub castling_wins: Option<Spanned<Vec<String>>>,
    /// Which royal pieces must be kept safe: "every" one (the default), or
    /// only the "last" one a side has left (chu shogi's king and crown
    /// prince): while a side has two or more, any may be left attacked and
    /// taken; a side that loses them all loses. Or "not_all": a side may
    /// not leave all its royal pieces attacked at once (spartan chess's two
    /// kings).
    #[serde(default)]
    pub royal_pieces: RoyalPieces,
    /// How `"points"` endings count: piece values and the second player's
    /// bonus (janggi: 1.5).
    pub points: Option<Spanned<PointsTable>>,
    /// The repetition rule, if any.
    pub repetition: Option<Repetition>,
    /// Plies without capture or pawn move that end the game in a draw.
    pub fifty_move_rule: Option<Spanned<u32>>,
    /// Whole turns in a row, of either side, in which no move captured or
    /// reset the halfmove clock, that end the game in a draw (with
    /// `[turns]`: progressive chess's ten series).
    pub quiet_turn_rule: Option<Spanned<u32>>,
    /// Checks a side may give within the plies the move counter covers
    /// before each further check lengthens `fifty_move_rule` by two plies
    /// (xiangqi as Fairy-Stockfish judges it: 10); applied in games of at
    /// least 20 plies.
    pub counter_check_allowance: Option<Spanned<u32>>,
    /// A royal piece reaching one of these squares wins (per side).
    #[serde(default)]
    pub reach: Vec<Reach>,
    /// The second player may answer the first player's arrival: it gets one
    /// more move, and arriving too draws (racing kings); `"both"`: either
    /// side's arrival is answered, and the arrival wins if the piece is still
    /// there when its side is to move again (jeson mor).
    pub reach_reply: Option<Spanned<ReachReply>>,
    /// A side survives while at least one of these sets of pieces is on the
    /// board (Ko shogi's command); empty = royal pieces / checkmate rules.
    #[serde(default)]
    pub command: Vec<Vec<Spanned<String>>>,
    /// Counting pieces: a side with few enough of them loses (or wins).
    pub extinction: Option<Extinction>,
    /// A side that gives this many checks wins (three-check: 3). The checks
    /// given are part of the position (Fairy-Stockfish's `3+3` field).
    pub checks_to_win: Option<Spanned<u32>>,
    /// The counting rule of the endgame (makruk, sittuyin): once the
    /// `blockers` are gone, a side counts its moves and the game is drawn
    /// when the count passes the limit.
    pub counting: Option<Spanned<Counting>>,
    /// A line or block of the mover's pieces ends the game
    /// (`[end.connect]`: tic-tac-toe, connect four, teeko).
    pub connect: Option<Spanned<Connect>>,
    /// A side not in check whose only pieces are its royal piece and one
    /// piece that promotes, and whose every legal move is a promotion, ends
    /// the game with this result (sittuyin: a draw — promoting is optional,
    /// so being left only promotions counts as stalemate).
    pub only_promotions: Option<Outcome>,
    /// Checkmates judged by the pieces that give them: a mate given by
    /// `alone` pieces only, or one whose series of checks no `series` piece
    /// took part in, has another result (shatar).
    pub mate_rule: Option<Spanned<MateRule>>,
    /// A player who moves one piece back and forth `count` times in a row
    /// gets `result` (Fairy-Stockfish's `moveRepetitionIllegal`, janggi).
    pub move_repetition: Option<Spanned<MoveRepetition>>,
}

/// `[end] mate_rule = { alone, series }`. Results are said, as
/// `[end] checkmate`, for the side that mates.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MateRule {
    /// A mate whose checking pieces are all of these kinds has this result.
    pub alone: Option<MatePieces>,
    /// A mate counts only when a check of the unbroken series of checks
    /// that leads to it was given by one of these kinds; otherwise it has
    /// this result.
    pub series: Option<MatePieces>,
}

/// Pieces of `[end] mate_rule` and the result they bring.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MatePieces {
    /// The pieces, by name.
    pub pieces: Vec<Spanned<String>>,
    /// For the side that mates: "win", "loss" or "draw".
    pub result: Spanned<String>,
}

/// `[end] move_repetition = { count, result, except }`: a player's move
/// that is the `count`-th in a row of one piece going back and forth
/// between two squares, having come to the first by a move that took
/// nothing, while the player was in check before none of these moves.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MoveRepetition {
    /// The moves back and forth (at least 2).
    pub count: u32,
    /// For the player who made them: "loss" (default), "win" or "draw".
    #[serde(default)]
    pub result: Outcome,
    /// Pieces whose moves do not count.
    #[serde(default)]
    pub except: Vec<Spanned<String>>,
}

/// `[end.counting]`: a count of moves toward a draw, as the Thai and Burmese
/// games have it. No side counts while any piece of `blockers` is on the
/// board, or while its opponent has nothing but royal pieces. A side with
/// more than its royal piece counts `board_honour` moves; a side with a bare
/// royal piece counts by what its opponent has (`pieces_honour`, the first
/// line that matches, else `otherwise`). The side to move starts counting
/// when it has a limit and no count runs, and starts again when the last
/// move took or promoted and left it a bare royal piece. When the count
/// passes the limit the game is drawn (a checkmate on the last count
/// stands). A running count is part of the position text, as
/// Fairy-Stockfish writes it: the limit in plies in the en-passant field and
/// the plies counted in the halfmove field.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Counting {
    /// No counting while any of these stands on the board (pawns).
    pub blockers: Vec<Spanned<String>>,
    /// Moves a side with more than its royal piece counts; 0 = it does not.
    #[serde(default)]
    pub board_honour: u32,
    /// A bare royal piece's limit by the opponent's pieces, first match.
    #[serde(default)]
    pub pieces_honour: Vec<HonourLine>,
    /// The limit when no line matches; 0 = no counting then.
    #[serde(default)]
    pub otherwise: u32,
    /// A bare royal piece counts on from the number of pieces on the board
    /// (the Thai rule), also when it has just taken the last blocker itself;
    /// otherwise every count starts at zero.
    #[serde(default)]
    pub from_pieces: bool,
    /// A side counts the board's honour only while it has at most this many
    /// pieces, its royal piece included; with more it counts nothing (the
    /// Cambodian rule: 3). 0 = no such bound.
    #[serde(default)]
    pub board_honour_at_most: u32,
    /// The board's honour is counted also while blockers stand on the board
    /// (they then stop only the pieces' honour).
    #[serde(default)]
    pub board_honour_with_blockers: bool,
}

/// One line of `pieces_honour`: the opponent has at least `at_least` of
/// `piece` → count `moves`.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct HonourLine {
    /// The opponent's piece.
    pub piece: Spanned<String>,
    /// How many of it, at least.
    pub at_least: u32,
    /// The limit in moves.
    pub moves: u32,
}

/// `[end] extinction = { … }`: a side left with at most `at_most` of `pieces`
/// (on the board and in hand) while its opponent has at least
/// `opponent_at_least` of them gets `result` — the bare-king rule of
/// shatranj, horde's "capture every white piece", antichess's "lose every
/// piece to win".
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Extinction {
    /// The pieces counted; default every piece.
    #[serde(default)]
    pub pieces: Vec<Spanned<String>>,
    /// The side has at most this many.
    #[serde(default)]
    pub at_most: u32,
    /// While the opponent has at least this many.
    #[serde(default)]
    pub opponent_at_least: u32,
    /// The side to move, if it is the one left short, may first even the
    /// count with its move (shatranj's bare king: baring the last enemy piece
    /// at once draws).
    #[serde(default)]
    pub grace: bool,
    /// What it means for that side: "loss" (default), "win" or "draw".
    #[serde(default)]
    pub result: Outcome,
    /// Pieces not counted (with `pieces` empty: every other piece counts).
    #[serde(default)]
    pub except: Vec<Spanned<String>>,
    /// `"NAME=VALUE"`: the rule holds only when that option has that value.
    #[serde(default)]
    pub when: Option<Spanned<String>>,
    /// Each kind of `pieces` is counted on its own: a side with at most
    /// `at_most` of any one of them (while the opponent has at least
    /// `opponent_at_least` of that kind) gets `result` (extinction chess).
    #[serde(default)]
    pub each_kind: bool,
}

/// A `[[end.reach]]` table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reach {
    /// Whose piece.
    pub side: SideName,
    /// The piece that must reach a square.
    pub piece: Option<Spanned<String>>,
    /// Or: pieces of any of these kinds (counted together).
    #[serde(default)]
    pub pieces: Vec<Spanned<String>>,
    /// The winning squares.
    pub squares: Vec<Spanned<String>>,
    /// Only while no enemy piece attacks it there (dobutsu's try).
    #[serde(default)]
    pub safe: bool,
    /// With `safe`: more than `count` pieces on the squares win even
    /// attacked; only exactly `count` must all be safe (Fairy-Stockfish's
    /// flagPieceSafe).
    #[serde(default)]
    pub safe_unless_more: bool,
    /// How many of these pieces must stand on the squares at once (1).
    pub count: Option<Spanned<i64>>,
    /// Also met when one of them is there and no square is left empty.
    #[serde(default)]
    pub or_when_full: bool,
}
