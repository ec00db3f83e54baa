//! `[moves]`: which moves are legal beyond each piece's own (compulsory
//! capture, checks, explosions, passes, drop mates, flips), and `[walls]`.

use serde::Deserialize;
use toml::Spanned;

use super::yes;

/// `[walls]`: walls are squares no piece may enter, pass or take, written
/// `*` in position text. With `after_move`, the player puts a wall on the
/// board after each move, as part of the move (`d1d4,d4d7`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WallRules {
    /// Where the wall goes after the move: `"vacated"` (the square the
    /// piece left), `"anywhere"` (any empty square), `"arrow"` (a square the
    /// moved piece could move to from its new square), `"edge"` (an empty
    /// square on the board's edge or beside a wall), or none (walls only
    /// stand where position text puts them).
    #[serde(default)]
    pub after_move: Option<Spanned<String>>,
    /// `true`: the wall is placed instead of a move, not after one: a
    /// player either moves or passes and places a wall (Fairy-Stockfish's
    /// wallOrMove).
    #[serde(default)]
    pub instead_of_move: Option<Spanned<bool>>,
    /// `true`: there is one wall, moved by each player after each move (the
    /// old one goes when the new one is placed: duck chess).
    #[serde(default)]
    pub single: bool,
    /// Squares where no wall may be placed.
    #[serde(default)]
    pub except: Vec<Spanned<String>>,
}

/// `[moves]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRules {
    /// A player who can capture must capture (antichess, losers).
    #[serde(default)]
    pub compulsory_capture: bool,
    /// Whether a move may give check (`false` in racing kings).
    #[serde(default = "yes")]
    pub may_give_check: bool,
    /// Captures explode (atomic).
    pub explosions: Option<Explosions>,
    /// Whether the royal pieces may face each other on a file or rank with
    /// nothing between (`false`: the flying general of xiangqi).
    #[serde(default = "yes")]
    pub royals_may_face: bool,
    /// A player holding pieces in hand must drop one while a drop is legal
    /// (placement chess, sittuyin's setup).
    pub must_drop: Option<Spanned<bool>>,
    /// With `must_drop`: only pieces of these kinds in hand must be
    /// dropped, and while one is held no other piece may be dropped.
    pub must_drop_pieces: Option<Spanned<Vec<Spanned<String>>>>,
    /// A player may pass instead of moving (never leaving its royal piece
    /// attacked).
    #[serde(default)]
    pub pass: bool,
    /// A piece's move out and back that takes nothing (a lion's pass) is
    /// one move per position, whichever piece makes it: they all give the
    /// same position (chu shogi as HaChu counts it).
    #[serde(default)]
    pub one_piece_pass: bool,
    /// What a drop that mates is for the pieces whose drops may not mate
    /// (`drop.no_mate`): illegal (the default, shogi's rule) or legal and
    /// lost at once (Fairy-Stockfish's convention), possibly per option.
    pub drop_mate: Option<Spanned<DropMate>>,
    /// A royal piece in check may not move, except to take the one piece
    /// that gives check (makpong; Fairy-Stockfish's `makpongRule`).
    #[serde(default)]
    pub check_freezes_royal: bool,
    /// Enemy pieces turned into the mover's after every move or drop:
    /// `"enclosed"` (reversi), `"adjacent"` (ataxx) or
    /// `"adjacent_supported"` (quadwrangle).
    pub flip: Option<Spanned<FlipRule>>,
    /// A player with no legal move passes (written `pass`), if it has a piece
    /// on the board (Fairy-Stockfish's `passOnStalemate`).
    #[serde(default)]
    pub pass_when_stuck: bool,
}

/// `[moves] flip`: which enemy pieces change sides after a move or drop
/// arrives on a square.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum FlipRule {
    /// In each of the eight directions from the arrival square, an unbroken
    /// line of enemy pieces that ends on one of the mover's own pieces
    /// (reversi; Fairy-Stockfish's `flipEnclosedPieces = reversi`).
    Enclosed,
    /// Every enemy piece on the eight squares around the arrival square
    /// (ataxx; Fairy-Stockfish's `flipEnclosedPieces = ataxx`).
    Adjacent,
    /// As `adjacent` after a board move; a drop turns them only when it
    /// lands next to one of the mover's own pieces (quadwrangle;
    /// Fairy-Stockfish's `flipEnclosedPieces = quadwrangle`).
    AdjacentSupported,
}

/// `[moves] drop_mate = { result, when }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropMate {
    /// `"illegal"` or `"loses"`.
    pub result: DropMateResult,
    /// `"NAME=VALUE"`: the rule holds only when that option has that value.
    pub when: Option<Spanned<String>>,
}

/// A drop that mates, where the dropped piece's drops may not mate.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum DropMateResult {
    /// Not a legal move (shogi's uchifuzume).
    Illegal,
    /// A legal move after which the player who dropped loses: the mated
    /// player wins (Fairy-Stockfish's convention).
    Loses,
}

/// `[moves] explosions = { immune = [...] }`: a capture removes the capturer
/// and every piece on the eight squares around the capture square, except
/// pieces of the `immune` kinds there.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Explosions {
    /// Pieces that survive an explosion next to them (atomic: pawns).
    #[serde(default)]
    pub immune: Vec<Spanned<String>>,
    /// Pieces no explosion removes, their own captures' included (atomar:
    /// the kings).
    #[serde(default)]
    pub unharmed: Vec<Spanned<String>>,
    /// The pieces an explosion removes go to their opponent's hand, as
    /// captured pieces (Fairy-Stockfish's atomic with drops).
    pub to_hand: Option<Spanned<bool>>,
}

impl Default for MoveRules {
    fn default() -> Self {
        MoveRules {
            compulsory_capture: false,
            may_give_check: true,
            explosions: None,
            royals_may_face: true,
            must_drop: None,
            must_drop_pieces: None,
            pass: false,
            one_piece_pass: false,
            drop_mate: None,
            check_freezes_royal: false,
            flip: None,
            pass_when_stuck: false,
        }
    }
}
