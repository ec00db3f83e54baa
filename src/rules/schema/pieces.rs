//! `[[piece]]`: a piece kind's table, with what its keys hold: regions,
//! initial squares, extra and once-only moves, burning, spawning, shot
//! limits and the clock rule.

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

use super::{DropRules, PromotionMove, PromotionRule, SideName, yes};

/// A `[[piece]]` table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceTable {
    /// The piece's name (unique, any case).
    pub name: Spanned<String>,
    /// Letter(s) in positions: "P", "+P", "Q~", "Ko". Upper case; the second
    /// player's pieces are written in lower case.
    pub symbol: Spanned<String>,
    /// Moves in chimera's extended Betza notation.
    #[serde(default = "no_betza")]
    pub betza: Spanned<String>,
    /// Moves in XBetza (XBoard's and the Interactive Diagram's dialect),
    /// converted to `betza` when the file is read (`chimera import xbetza`).
    #[serde(default)]
    pub xbetza: Option<Spanned<String>>,
    /// A piece without moves (it enters by drops and stays where it is put:
    /// tic-tac-toe's marks, reversi's discs); it has no `betza`.
    #[serde(default)]
    pub immobile: bool,
    /// Checkmate rules apply to it.
    #[serde(default)]
    pub royal: bool,
    /// A royal piece that is royal only while its side has at most this many
    /// pieces of its kind on the board (Fairy-Stockfish's pseudo-royal
    /// pieces, `extinctionPseudoRoyal`).
    pub royal_while_at_most: Option<Spanned<u32>>,
    /// Other kinds counted with this one for `royal_while_at_most` (a
    /// promoted kind that moves as it).
    #[serde(default)]
    pub royal_counted_with: Vec<Spanned<String>>,
    /// Relative ranks from which `i` (initial) moves are allowed.
    #[serde(default)]
    pub initial_ranks: Vec<u32>,
    /// Further squares from which `i` moves are allowed: a name is the first
    /// player's square, mirrored for the second (wolf chess's b3, c3, f3, g3);
    /// `{ side, squares }` gives one side's squares by their own names
    /// (Fairy-Stockfish's `doubleStepRegionWhite/Black`).
    #[serde(default)]
    pub initial_squares: Vec<Spanned<InitialSquare>>,
    /// Its double step may be taken en passant (by other pieces' `e`
    /// captures) though it has no `e` capture of its own.
    #[serde(default)]
    pub taken_en_passant: bool,
    /// How position text writes the en-passant field after its double step:
    /// "square" (the square passed over, the default) or "path" (the square
    /// passed over and the square reached, as Fairy-Stockfish writes the
    /// field of a piece that is not its built-in pawn).
    pub en_passant_text: Option<Spanned<String>>,
    /// Relative ranks from which a double step may be taken en passant
    /// (default: all of `initial_ranks`). Horde: `[2]` for pawns that also
    /// double-step from the first rank.
    pub en_passant_from_ranks: Option<Spanned<Vec<u32>>>,
    /// Promotion rules (`[[piece.promotion]]`).
    #[serde(default)]
    pub promotion: Vec<PromotionRule>,
    /// The piece this one becomes when captured into a hand (shogi demotion).
    pub demotes_to: Option<Spanned<String>>,
    /// Drop rules (`[piece.drop]`).
    #[serde(default)]
    pub drop: DropRules,
    /// Instead of moving, places a new piece from an unlimited supply.
    pub spawn: Option<SpawnRule>,
    /// Pieces this one may not capture by displacement.
    #[serde(default)]
    pub cannot_capture: Vec<Spanned<String>>,
    /// Pieces this one's shots may not target.
    #[serde(default)]
    pub cannot_shoot: Vec<Spanned<String>>,
    /// Pieces this one may not hop over.
    #[serde(default)]
    pub cannot_hop: Vec<Spanned<String>>,
    /// Pieces this one may not capture by hopping: its hopping moves may
    /// not end on them after passing a piece (tenjiku's range-jumping
    /// generals, which jump-capture only lower ranks); its other captures
    /// are not limited.
    #[serde(default)]
    pub cannot_capture_by_hop: Vec<Spanned<String>>,
    /// Pieces this one's shots may hit only beyond a distance:
    /// `[{ piece = "five-li fog", distance = 5 }]` = not within 5 squares.
    #[serde(default)]
    pub cannot_shoot_within: Vec<ShotLimit>,
    /// Other notations chosen by an option: `{ "thunderclap=kooshogifu" = "…" }`.
    #[serde(default)]
    pub betza_when: IndexMap<String, Spanned<String>>,
    /// A move of this piece resets the halfmove clock, as a capture does
    /// (chess pawns; the clock counts toward `[end] fifty_move_rule`). Drops
    /// do not reset it. `"irreversible"`: only a move the piece could not
    /// undo by one quiet move on an empty board (Fairy-Stockfish's rule).
    #[serde(default)]
    pub resets_clock: ResetsClock,
    /// The piece's letter in SAN (`MoveNotation::San`), when not its
    /// symbol's: `"H"` for a xiangqi horse written `N` in positions, `""`
    /// for a pawn written without a letter.
    pub san: Option<Spanned<String>>,
    /// Promotion as a move of its own (sittuyin): see [`PromotionMove`].
    pub promotion_move: Option<PromotionMove>,
    /// A piece may promote to this one only while its side has fewer than
    /// this many of it on the board (grand chess: one queen, two rooks).
    pub promotion_limit: Option<Spanned<u32>>,
    /// Other kinds counted with this one for its `promotion_limit`: a
    /// promotion to it needs fewer than the limit of them all together (a
    /// promoted kind that moves as it; Fairy-Stockfish limits piece types).
    #[serde(default)]
    pub promotion_counted_with: Vec<Spanned<String>>,
    /// Material value in pawns for the engine; default derived from mobility.
    pub value: Option<Spanned<f64>>,
    /// Where the piece may go: its moves end only on these squares (the
    /// xiangqi palace and river).
    pub region: Option<Spanned<OneOrMany<Region>>>,
    /// More moves the piece has while it stands on some ranks (a soldier
    /// across the river).
    pub extra_moves: Option<ExtraMoves>,
    /// Moves it may make once, from its side's back rank, while its side
    /// holds the right of the square it stands on: see [`OnceMoves`].
    pub once: Option<OnceMoves>,
    /// Burning (tenjiku's fire demon): see [`BurnRule`].
    pub burn: Option<BurnRule>,
    /// `false`: the piece's multi-leg moves may not end where they started
    /// having taken nothing (no pass; tenjiku's area movers).
    #[serde(default = "yes")]
    pub passes: bool,
    /// `true`: the piece may capture only what the opponent could not take
    /// back: a capture whose final square the opponent attacks after it is
    /// illegal (the emperor of maka dai dai and tai shogi).
    #[serde(default)]
    pub captures_unprotected_only: bool,
    /// `true`: range capture (taikyoku shogi's generals): the piece's
    /// hopping moves take every piece they jump, of either side; they may
    /// also end on a piece they could jump (taking it, of either side) and
    /// stop before a piece they may not jump (`cannot_hop`) without taking it.
    pub captures_jumped: Option<Spanned<bool>>,
    /// `true`: a capture by this piece turns it to stone: it becomes a wall
    /// on the square where its move ends (Fairy-Stockfish's
    /// `petrifyOnCaptureTypes`). Needs `[walls]`. A royal piece that
    /// petrifies never captures (it would leave the game).
    pub petrifies_on_capture: Option<Spanned<bool>>,
}

/// The `betza` of a piece that gives none (its `xbetza` then fills it in).
fn no_betza() -> Spanned<String> {
    Spanned::new(0..0, String::new())
}

/// `resets_clock`: `true`, `false` or `"irreversible"`.
#[derive(Debug, Deserialize, Clone, PartialEq, Eq)]
#[serde(untagged)]
pub enum ResetsClock {
    /// `true` / `false`.
    Always(bool),
    /// A mode by name; only `"irreversible"` is one.
    Mode(String),
}

impl Default for ResetsClock {
    fn default() -> Self {
        ResetsClock::Always(false)
    }
}

/// `burn = { area, immune, passive, friendly, meeting }`: after this piece
/// makes a board move, the enemy pieces on its `area` around the square where
/// it lands are removed (burnt); with `passive`, a piece of the other side
/// whose move ends on the area around this piece is removed after its move.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BurnRule {
    /// The squares burnt, as single steps or leaps from the landing square
    /// (`"K"`: the eight neighbours).
    pub area: Spanned<String>,
    /// Pieces that never burn.
    #[serde(default)]
    pub immune: Vec<Spanned<String>>,
    /// A piece of the other side that ends its move on this piece's area
    /// burns (default `true`).
    #[serde(default = "yes")]
    pub passive: bool,
    /// The burner's own pieces burn too (default `false`).
    #[serde(default)]
    pub friendly: bool,
    /// When this burner ends its move on an enemy burner's passive area:
    /// `"mover_burns"` (it burns and burns nothing; the default),
    /// `"both_burn"` (it burns its area, then burns), `"mover_survives"`
    /// (it burns its area first; it burns only if an enemy burner survives).
    pub meeting: Option<Spanned<String>>,
}

/// `region = { ranks, files }`: squares on these ranks (counted from the
/// side's own back rank) and files (1 = the a-file; default all); or
/// `{ side, squares }`: these squares (absolute names). A list of regions
/// joins them; a side no region applies to is not limited.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Region {
    /// Relative ranks; default all.
    #[serde(default)]
    pub ranks: Vec<u32>,
    /// Files, 1 = a; default all.
    #[serde(default)]
    pub files: Vec<u32>,
    /// Or: the squares, by absolute name (not with `ranks` or `files`).
    pub squares: Option<Spanned<Vec<Spanned<String>>>>,
    /// The side the region applies to (default both).
    pub side: Option<SideName>,
}

/// One table or a list of them (`region`).
#[derive(Debug, Clone)]
pub enum OneOrMany<T> {
    /// `{ … }`.
    One(T),
    /// `[{ … }, { … }]`.
    Many(Vec<T>),
}

impl<T> OneOrMany<T> {
    /// The tables, in order.
    pub fn items(&self) -> &[T] {
        match self {
            OneOrMany::One(t) => std::slice::from_ref(t),
            OneOrMany::Many(v) => v,
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OneOrMany<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for V<T> {
            type Value = OneOrMany<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a table or a list of tables")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, a: A) -> Result<Self::Value, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(a)).map(OneOrMany::One)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, a: A) -> Result<Self::Value, A::Error> {
                Vec::<T>::deserialize(serde::de::value::SeqAccessDeserializer::new(a)).map(OneOrMany::Many)
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

/// An entry of `initial_squares`: a square name (the first player's,
/// mirrored for the second) or `{ side, squares }` (that side's squares by
/// their own names).
#[derive(Debug, Clone)]
pub enum InitialSquare {
    /// `"b3"`.
    Mirrored(String),
    /// `{ side = "second", squares = ["a7", "b7"] }`.
    Side(SideSquares),
}

/// `{ side, squares }`: one side's squares, by absolute name.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct SideSquares {
    /// The side.
    pub side: SideName,
    /// The squares (may be empty: none).
    pub squares: Vec<Spanned<String>>,
}

impl<'de> Deserialize<'de> for InitialSquare {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = InitialSquare;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a square name or a table { side, squares }")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Self::Value, E> {
                Ok(InitialSquare::Mirrored(s.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, a: A) -> Result<Self::Value, A::Error> {
                SideSquares::deserialize(serde::de::value::MapAccessDeserializer::new(a))
                    .map(InitialSquare::Side)
            }
        }
        d.deserialize_any(V)
    }
}

/// `extra_moves = { ranks, betza }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraMoves {
    /// Relative ranks the piece must stand on.
    #[serde(default)]
    pub ranks: Vec<u32>,
    /// Or: squares it must stand on (absolute names, both sides).
    pub squares: Option<Spanned<Vec<Spanned<String>>>>,
    /// The moves also end only on those squares (palace diagonals).
    #[serde(default)]
    pub within: bool,
    /// The moves it then has besides its `betza` (single legs only).
    pub betza: Spanned<String>,
}

/// `once = { betza, not_in_check, lost_when_aimed_by }`: moves a piece may
/// make while its side holds the right of the back-rank square it stands on
/// (Fairy-Stockfish's Cambodian king and met leaps). Every back-rank square
/// of a side has such a right, kept in the castling field as the square's
/// file letter (upper case for the first player); it is lost when a piece
/// leaves the square or is taken on it, so a right is used once.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnceMoves {
    /// The moves: single-leg, move-only (`m`) steps or leaps.
    pub betza: Spanned<String>,
    /// Not while its side is in check.
    #[serde(default)]
    pub not_in_check: bool,
    /// The right of its square is lost when an enemy piece of these kinds
    /// ends a move on its file or rank (whatever stands between).
    #[serde(default)]
    pub lost_when_aimed_by: Vec<Spanned<String>>,
}

/// `spawn = { piece, betza }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpawnRule {
    /// The piece placed.
    pub piece: Spanned<String>,
    /// Where the new piece may go, as notation from the spawner (e.g. "K").
    pub betza: Spanned<String>,
}

/// `{ piece, distance }`.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct ShotLimit {
    /// The protected piece.
    pub piece: Spanned<String>,
    /// It may not be shot from this many squares or closer.
    pub distance: Spanned<u32>,
}
