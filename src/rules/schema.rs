//! The TOML rules-file schema (serde). Field docs are the user reference;
//! docs/rules-format.md walks through them with examples.

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

/// A whole rules file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    /// `[variant]`: name, description, sources.
    pub variant: Meta,
    /// `[board]`: files and ranks.
    pub board: Board,
    /// `[sides]`: names, letters and capture rules of the two sides.
    #[serde(default)]
    pub sides: Sides,
    /// `[text]`: the position-text style.
    #[serde(default)]
    pub text: Text,
    /// `[[piece]]` tables, one per piece kind.
    #[serde(rename = "piece")]
    pub pieces: Vec<PieceTable>,
    /// `[setup]`: the start position.
    pub setup: Setup,
    /// `[[castling]]` tables, one per castling move.
    #[serde(default)]
    pub castling: Vec<Castling>,
    /// `[hand]`: captured pieces go to hand and may be dropped.
    #[serde(default)]
    pub hand: Option<HandRules>,
    /// `[pocket]`: a small per-side store pieces may enter and leave.
    #[serde(default)]
    pub pocket: Option<PocketRules>,
    /// `[placement]`: a placement phase before the first move.
    #[serde(default)]
    pub placement: Option<PlacementRules>,
    /// `[gating]`: pieces from hand enter on squares pieces leave.
    #[serde(default)]
    pub gating: Option<GatingRules>,
    /// `[walls]`: squares no piece may enter (`*` in position text), and
    /// walls placed after each move.
    #[serde(default)]
    pub walls: Option<WallRules>,
    /// `[promotion]`: defaults for every promotion rule.
    #[serde(default)]
    pub promotion: PromotionDefaults,
    /// `[end]`: how the game ends.
    #[serde(default)]
    pub end: EndRules,
    /// `[moves]`: rules on which moves are legal, beyond each piece's moves.
    #[serde(default)]
    pub moves: MoveRules,
    /// `[engine]`: settings of chimera's engine for this variant.
    #[serde(default)]
    pub engine: EngineRules,
    /// Native rules by name (`hooks = ["war"]`).
    #[serde(default)]
    pub hooks: Vec<Spanned<String>>,
    /// `[options.NAME]`: switches a user may set (`--option NAME=VALUE`).
    #[serde(default)]
    pub options: IndexMap<String, OptionDef>,
    /// Test cases (`[[test]]`); run by `chimera check`.
    #[serde(default, rename = "test")]
    pub tests: Vec<TestCase>,
    /// `[display]`: how boards draw the pieces; no effect on the rules.
    #[serde(default)]
    pub display: Display,
}

/// `[display]`: how the browser board draws the pieces. It changes nothing
/// in the rules; the pieces' names and symbols stay what positions and moves
/// use.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Display {
    /// The piece set: "letters" (the default: the symbol in a white or black
    /// disc), "chess" (figurines), "shogi" (pentagons of one colour pointing
    /// at the opponent, promoted pieces in red), "xiangqi" (discs with
    /// characters, red and black) or "janggi" (octagons, blue and red).
    #[serde(default)]
    pub pieces: PieceSet,
    /// The text a piece shows instead of its symbol (its kanji), by piece
    /// name: `pawn = "歩"`, or both sides' when they differ: `general =
    /// ["帥", "將"]` (first, second). One to four characters.
    #[serde(default)]
    pub glyphs: IndexMap<Spanned<String>, Spanned<Glyph>>,
    /// The chess figurine a piece is drawn as, by piece name (`met =
    /// "queen"`): "king", "queen", "rook", "bishop", "knight" or "pawn". In
    /// the chess set, pieces named so get theirs without it.
    #[serde(default)]
    pub figurines: IndexMap<Spanned<String>, Figurine>,
}

/// A piece set (`[display] pieces`).
#[derive(Debug, Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PieceSet {
    /// The symbol in a disc, white or black.
    #[default]
    Letters,
    /// Chess figurines, white and black.
    Chess,
    /// Pentagons pointing at the opponent, one colour; promoted in red.
    Shogi,
    /// Discs with characters, red and black.
    Xiangqi,
    /// Octagons with characters, blue and red.
    Janggi,
}

impl PieceSet {
    /// The set's name as the rules file writes it.
    pub fn name(self) -> &'static str {
        match self {
            PieceSet::Letters => "letters",
            PieceSet::Chess => "chess",
            PieceSet::Shogi => "shogi",
            PieceSet::Xiangqi => "xiangqi",
            PieceSet::Janggi => "janggi",
        }
    }
}

/// A piece's glyph: one for both sides, or the first's and the second's.
#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
pub enum Glyph {
    /// The same for both sides.
    Both(String),
    /// The first side's, then the second's.
    Each([String; 2]),
}

/// A chess figurine (`[display.figurines]`).
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Figurine {
    /// ♔
    King,
    /// ♕
    Queen,
    /// ♖
    Rook,
    /// ♗
    Bishop,
    /// ♘
    Knight,
    /// ♙
    Pawn,
}

impl Figurine {
    /// The figurine's name (`knight`).
    pub fn name(self) -> &'static str {
        match self {
            Figurine::King => "king",
            Figurine::Queen => "queen",
            Figurine::Rook => "rook",
            Figurine::Bishop => "bishop",
            Figurine::Knight => "knight",
            Figurine::Pawn => "pawn",
        }
    }
}

/// `[variant]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// The variant's name.
    pub name: String,
    /// One line about the game.
    #[serde(default)]
    pub description: String,
    /// Where the rules come from.
    #[serde(default)]
    pub sources: Vec<String>,
}

/// `[board]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Number of files (columns), 1 to 36.
    pub files: Spanned<u32>,
    /// Number of ranks (rows), 1 to 36.
    pub ranks: Spanned<u32>,
}

/// `[sides]`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    /// The player who moves first.
    #[serde(default)]
    pub first: SideDef,
    /// The other player.
    #[serde(default)]
    pub second: SideDef,
    /// How the second player's pieces are turned: "rotate" (shogi, 180°) or
    /// "reflect" (chess, mirrored across the middle rank). Affects only
    /// asymmetric pieces and left/right direction letters.
    #[serde(default)]
    pub second_orientation: Orientation,
}

/// How the second side is turned (or the setup derived).
#[derive(Debug, Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    /// Turned 180° (shogi).
    #[default]
    Rotate,
    /// Mirrored across the middle rank (chess).
    Reflect,
}

/// One side.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    /// Its name in results ("white"); default "first"/"second".
    pub name: Option<String>,
    /// The side-to-move letter in position text.
    pub letter: Option<String>,
    /// Where this side's captures go: "hand" (demoted), "hand_as_is" (kept as
    /// captured), or "remove". Default: the `[hand]` table's `captures`.
    pub captures: Option<CaptureRule>,
}

/// Where captured pieces go.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum CaptureRule {
    /// Into the capturer's hand, demoted (`demotes_to`).
    Hand,
    /// Into the capturer's hand as they were.
    HandAsIs,
    /// Off the game.
    #[default]
    Remove,
}

/// `[text]`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// "fen" (chess-style, `w`/`b`, castling, en passant, `[hand]`) or "sfen"
    /// (shogi-style, `b`/`w`, hands after the side, move number).
    #[serde(default)]
    pub position: PositionStyle,
    /// How moves are shown to people (`play`, `replay`, a human's move
    /// list): "canonical", "uci", "usi" or "seed" (the Ko shogi article's
    /// notation). Default "usi" for `sfen` variants, "canonical" otherwise.
    /// Boards are drawn with shogi coordinates for "usi" and "seed".
    pub notation: Option<MoveStyle>,
    /// How moves are written for people in algebraic form (SAN lists, the
    /// Python and JavaScript packages' SAN functions): "san" (chess's SAN,
    /// the default) or "hodges_number" (shogi's numeric Hodges notation,
    /// `P-76`, as Fairy-Stockfish writes its shogi variants).
    #[serde(default)]
    pub algebraic: AlgebraicStyle,
    /// The order of each side's pieces in a FEN hand (`[QRBNPqrbnp]`), by
    /// piece name; pieces not listed follow in the file's order. Default:
    /// the file's order. SFEN hands keep the file's order (USI's, when the
    /// file lists the pieces as USI does); this order is also that of the
    /// hands when an SFEN variant is written as Fairy-Stockfish's FEN.
    #[serde(default)]
    pub hand_order: Vec<Spanned<String>>,
}

/// An algebraic move notation.
#[derive(Debug, Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum AlgebraicStyle {
    /// Standard algebraic notation.
    #[default]
    San,
    /// Numeric Hodges notation (shogi).
    HodgesNumber,
}

/// A move notation.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum MoveStyle {
    /// chimera's canonical notation.
    Canonical,
    /// UCI.
    Uci,
    /// USI.
    Usi,
    /// The seed documents' game notation.
    Seed,
}

/// Position-text style.
#[derive(Debug, Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PositionStyle {
    /// Chess FEN.
    #[default]
    Fen,
    /// Shogi SFEN.
    Sfen,
}

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
    pub value: Option<f64>,
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

/// `promotion_move = { to, squares, betza, anywhere_when_last }`: instead of
/// moving, a piece standing on one of `squares` (named for the first player,
/// mirrored for the second) turns into `to` where it stands or with one
/// `betza` step to an empty square — only where the new piece attacks no
/// enemy piece and the move gives no check.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionMove {
    /// The piece it becomes.
    pub to: Spanned<String>,
    /// Where it must stand (the first player's squares).
    pub squares: Vec<Spanned<String>>,
    /// The steps it may take while promoting (single steps or leaps).
    pub betza: Spanned<String>,
    /// A side's last piece of this kind may promote from any square.
    #[serde(default)]
    pub anywhere_when_last: bool,
}

/// One promotion rule of a piece.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionRule {
    /// Relative ranks of the zone; default `[promotion] zone`.
    pub ranks: Option<Vec<u32>>,
    /// Or: the zone as squares (absolute names, the same for each side the
    /// rule applies to; give one rule per side for zones that differ).
    pub squares: Option<Vec<Spanned<String>>>,
    /// The side the rule applies to (default both): promotion choices per
    /// side (Sort of almost chess: white's pawns promote to a chancellor,
    /// black's to a queen).
    pub side: Option<SideName>,
    /// Pieces it may promote to.
    pub to: Vec<Spanned<String>>,
    /// Promotion is compulsory (otherwise optional).
    #[serde(default)]
    pub forced: bool,
    /// "destination" (the move ends in the zone), "either" (starts or ends
    /// there) or "enter_or_capture" (enters it, or captures starting or
    /// ending there). Default `[promotion] trigger`.
    pub trigger: Option<Trigger>,
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

/// What a move must do to promote.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// End in the zone.
    #[default]
    Destination,
    /// Start or end in the zone.
    Either,
    /// Enter the zone (start outside it, end inside), or capture with a move
    /// that starts or ends in it — not a quiet move inside or out of it
    /// (chu shogi).
    EnterOrCapture,
    /// End in the zone, or capture on a square of it: a lion that takes a
    /// piece in the zone and steps out again promotes (taikyoku shogi).
    DestinationOrCapture,
    /// Capture with a move that starts or ends in the zone; quiet moves
    /// never promote (micro shogi, whose zone is the whole board).
    Capture,
}

/// `[promotion]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionDefaults {
    /// Relative ranks of the default zone.
    #[serde(default)]
    pub zone: Vec<u32>,
    /// The default trigger.
    #[serde(default)]
    pub trigger: Trigger,
    /// A piece that arrives where it could never move again must promote
    /// (shogi's pawn, lance and knight).
    #[serde(default)]
    pub forced_on_dead_squares: bool,
    /// A promotion resets the halfmove clock, as a capture does
    /// (Fairy-Stockfish's rule, where a piece that promotes need not be one
    /// whose moves reset it).
    #[serde(default)]
    pub resets_clock: bool,
    /// Promotion chosen by the captured piece: a move that takes one of
    /// `captured` makes the moving piece `to` (maka dai dai shogi's deva and
    /// dark spirit): see [`CapturePromotionRule`].
    #[serde(default)]
    pub when_capturing: Vec<CapturePromotionRule>,
    /// `false`: an en passant capture never promotes, even one that ends in
    /// the zone of a forced promotion (Fairy-Stockfish's rule).
    #[serde(default = "yes")]
    pub en_passant_promotes: bool,
}

impl Default for PromotionDefaults {
    fn default() -> Self {
        PromotionDefaults {
            zone: Vec::new(),
            trigger: Trigger::default(),
            forced_on_dead_squares: false,
            resets_clock: false,
            when_capturing: Vec::new(),
            en_passant_promotes: true,
        }
    }
}

/// `[promotion] when_capturing = [{ captured, to, except }]`: a board move
/// that takes an enemy piece of a kind in `captured` turns the moving piece
/// into `to` at once, instead of any other promotion the move offers; pieces
/// in `except` (and `to` itself) are not changed. The first rule that
/// applies wins.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CapturePromotionRule {
    /// The pieces whose capture changes the capturer.
    pub captured: Vec<Spanned<String>>,
    /// What the capturer becomes.
    pub to: Spanned<String>,
    /// Capturers that stay as they are (and promote as usual).
    #[serde(default)]
    pub except: Vec<Spanned<String>>,
    /// `"NAME=VALUE"`: the rule holds only with that option value.
    pub when: Option<Spanned<String>>,
}

/// Where and how a piece may be dropped.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DropRules {
    /// Relative ranks where the piece may be dropped; default everywhere.
    pub ranks: Option<Vec<u32>>,
    /// At most one unpromoted piece of this kind per file and side (nifu).
    #[serde(default)]
    pub one_per_file: bool,
    /// At most this many unpromoted pieces of this kind per file and side
    /// (`one_per_file` is `per_file = 1`).
    pub per_file: Option<Spanned<u32>>,
    /// It may also be dropped from a hand with a promoted face up: as any
    /// piece its promotion rules name (kyoto shogi).
    #[serde(default)]
    pub promoted: Option<Spanned<bool>>,
    /// A side's pieces of this kind end up split between light and dark
    /// squares: a drop may not put more than half (rounded up) on one colour,
    /// and other drops must leave room for that (placement chess's bishops).
    #[serde(default)]
    pub split_colours: bool,
    /// A drop of this piece may not give checkmate (uchifuzume).
    #[serde(default)]
    pub no_mate: bool,
    /// Squares where the piece may be dropped: a name is the first
    /// player's square (the second player's is on its own relative rank,
    /// same file); `{ side, squares }` names one side's squares by their
    /// own names (Fairy-Stockfish's `dropRegionWhite/Black`); a side no
    /// entry applies to is not limited. With `ranks`, both must allow the
    /// square.
    pub squares: Option<Spanned<Vec<Spanned<InitialSquare>>>>,
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

/// `[hand]`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct HandRules {
    /// `"NAME=VALUE"`: the hand (captures into it, drops from it) is part of
    /// the rules only when option NAME has that value (wa shogi's drops);
    /// otherwise captured pieces leave the game.
    #[serde(default)]
    pub when: Option<Spanned<String>>,
    /// Where captured pieces go by default.
    #[serde(default = "default_capture")]
    pub captures: CaptureRule,
    /// Drops may not be made on squares from which the piece could never move.
    #[serde(default)]
    pub no_dead_drops: bool,
    /// A drop resets the halfmove clock, as a capture does (Fairy-Stockfish's
    /// rule; python-chess's crazyhouse does not).
    #[serde(default)]
    pub drops_reset_clock: bool,
    /// Pieces come to the hands from outside the game too (bughouse's
    /// partner board): a hand may hold any piece that is not royal, in any
    /// number, whatever captures give.
    #[serde(default)]
    pub supplied: bool,
    /// Drops only where they enclose enemy pieces (`"enclosing"`) or next to
    /// an own piece (`"next_to_own"`).
    pub drops_only: Option<Spanned<DropsOnly>>,
    /// While any of these squares is empty, drops go only there, and
    /// `drops_only` does not apply (reversi's four centre squares;
    /// Fairy-Stockfish's `enclosingDropStart`).
    #[serde(default)]
    pub first_drops: Vec<Spanned<String>>,
    /// Every side holds an endless supply of every piece that is not royal:
    /// drops never empty a hand, and position text writes no hand
    /// (Fairy-Stockfish's `freeDrops`).
    #[serde(default)]
    pub free: bool,
    /// Whether a drop may give check (`false`: a drop that checks is
    /// illegal; Fairy-Stockfish's `dropChecks`).
    pub drops_may_check: Option<Spanned<bool>>,
}

fn default_capture() -> CaptureRule {
    CaptureRule::Hand
}

/// `[pocket]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PocketRules {
    /// Most pieces a pocket holds.
    pub capacity: Spanned<u32>,
    /// A piece may move from the board into its owner's pocket if it has a legal
    /// board move.
    #[serde(default)]
    pub from_board: bool,
}

/// `[gating]`: when a piece leaves a square of these relative ranks for the
/// first time, its player may put a piece from hand on the square it left
/// (seirawan chess).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GatingRules {
    /// Relative ranks whose squares may be gated (each once).
    pub ranks: Spanned<Vec<u32>>,
    /// Pieces in hand may also be dropped as usual, not only gated (s-house).
    #[serde(default)]
    pub drops: Option<Spanned<bool>>,
    /// Whether the gated piece shields its own royal piece (`false`: a
    /// gating board move is legal only when the same move without the gate
    /// is, as Fairy-Stockfish judges it).
    #[serde(default)]
    pub shields: Option<Spanned<bool>>,
}

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

/// `[placement]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementRules {
    /// Relative ranks where reserve pieces are placed.
    pub ranks: Vec<u32>,
}

/// `[setup]`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The start as position text (the variant's position style).
    pub position: Option<Spanned<String>>,
    /// Piece lists: `first = { king = "e1", pawn = ["a2", "b2"] }`.
    pub first: Option<IndexMap<String, Spanned<SquareList>>>,
    /// The second side's piece lists.
    pub second: Option<IndexMap<String, Spanned<SquareList>>>,
    /// Derive the second side's setup from the first: "rotate" or "reflect".
    pub second_from_first: Option<Orientation>,
    /// Declares that the start is symmetric this way; `chimera check` warns
    /// when it is not.
    pub symmetry: Option<Orientation>,
    /// Pieces in hand at the start (`[setup.hands.first]`).
    #[serde(default)]
    pub hands: SideCounts,
    /// Placement reserves at the start.
    #[serde(default)]
    pub reserves: SideCounts,
    /// Pockets at the start.
    #[serde(default)]
    pub pockets: SideCounts,
    /// The start is drawn: the pieces of one rank are shuffled by rule
    /// (`[setup.shuffle]`, Chess960).
    pub shuffle: Option<Spanned<ShuffleRule>>,
}

/// `[setup.shuffle]`: the first player's pieces on `rank` of the start take
/// other files, by rule; the second player's mirror them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShuffleRule {
    /// The shuffled rank, counted from the first player's side (default 1).
    pub rank: Option<Spanned<u32>>,
    /// Pairs of piece names whose pieces stand on squares of different
    /// colours (`["bishop", "bishop"]`: the two bishops).
    #[serde(default)]
    pub opposite_colours: Vec<Spanned<Vec<Spanned<String>>>>,
    /// Pieces that stand between two others (`{ piece = "king", outside = "rook" }`).
    #[serde(default)]
    pub between: Vec<Between>,
    /// How the second player's pieces mirror the first's: "reflect" (the
    /// same files) or "rotate" (files reversed); default `[setup] symmetry`,
    /// else "reflect".
    pub mirror: Option<Orientation>,
}

/// `{ piece = "king", outside = "rook" }`: every `piece` has an `outside`
/// piece on a lower and on a higher file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Between {
    /// The piece in the middle.
    pub piece: Spanned<String>,
    /// The pieces around it.
    pub outside: Spanned<String>,
}

/// Piece counts per side: `first = { pawn = 2 }`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct SideCounts {
    /// The first side's counts by piece name.
    #[serde(default)]
    pub first: IndexMap<Spanned<String>, u32>,
    /// The second side's counts by piece name.
    #[serde(default)]
    pub second: IndexMap<Spanned<String>, u32>,
}

/// One square or a list of squares.
#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
pub enum SquareList {
    /// `"e1"`.
    One(String),
    /// `["a2", "b2"]`.
    Many(Vec<String>),
}

impl SquareList {
    /// The squares as written.
    pub fn squares(&self) -> Vec<&str> {
        match self {
            SquareList::One(s) => vec![s.as_str()],
            SquareList::Many(v) => v.iter().map(|s| s.as_str()).collect(),
        }
    }
}

/// A side in tables that name one.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SideName {
    /// The first player.
    First,
    /// The second player.
    Second,
}

/// A `[[castling]]` table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Castling {
    /// Whose castling it is.
    pub side: SideName,
    /// The castling-right letter in FEN (`K`, `Q`, `k`, `q`).
    pub right: Spanned<String>,
    /// The king's square.
    pub king: Spanned<String>,
    /// Where the king goes.
    pub king_to: Spanned<String>,
    /// The rook's square.
    pub rook: Spanned<String>,
    /// Where the rook goes.
    pub rook_to: Spanned<String>,
    /// The piece that castles from the king's square; default: any royal
    /// piece. A piece that is not royal castles whatever attacks its path
    /// (there is no check to avoid): giveaway, extinction chess.
    pub piece: Option<Spanned<String>>,
    /// The right is gained when these pieces stand on the king's and the
    /// rook's squares, the later of the two just dropped (placement chess).
    pub granted_by_drops: Option<DroppedCastling>,
    /// The king and the rook may start on any files of the rule's rank
    /// (Chess960): `king` and `rook` are where the rules file's own start
    /// has them, a position may put them elsewhere (its castling field
    /// names the rook's file). Needs `rook_piece`.
    #[serde(default)]
    pub any_file: bool,
    /// With `any_file`: the kind of piece that castles as the rook.
    pub rook_piece: Option<Spanned<String>>,
    /// Castling rights (`right` letters) this castling also takes away,
    /// besides the castling side's own: `["k"]` on white's kingside
    /// castling leaves black only the other wing (Fairy-Stockfish's
    /// oppositeCastling).
    pub takes_rights: Option<Spanned<Vec<String>>>,
}

/// `granted_by_drops = { king = "king", rook = "rook" }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DroppedCastling {
    /// The piece that must stand on the king's square.
    pub king: Spanned<String>,
    /// The piece that must stand on the rook's square.
    pub rook: Spanned<String>,
}

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

/// `[engine]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineRules {
    /// A weights file written by `chimera tune`, relative to the rules file.
    #[serde(default)]
    pub weights: Option<Spanned<String>>,
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

/// `[hand] drops_only`: where a drop may go, beyond the pieces' own drop
/// rules.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum DropsOnly {
    /// Only where the drop would turn an enclosed line of enemy pieces
    /// (`[moves] flip = "enclosed"`'s lines; Fairy-Stockfish's
    /// `enclosingDrop = reversi`).
    Enclosing,
    /// Only on a square next to (a king step from) one of the side's own
    /// pieces (Fairy-Stockfish's `enclosingDrop = ataxx`).
    NextToOwn,
    /// Only on the first rank or right above a piece, whatever the side
    /// (connect four's gravity; Fairy-Stockfish's `enclosingDrop = top`).
    OnTop,
    /// Only on a square with no enemy piece a rook step away (snort;
    /// Fairy-Stockfish's `enclosingDrop = snort`).
    ApartFromEnemy,
    /// Only where a piece pushed in from an edge along a rank or file
    /// stops: the squares from that edge up to it empty, the next one
    /// occupied or off the board (connect four from any side).
    PushedIn,
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

fn yes() -> bool {
    true
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

/// A named switch: `[options.thunderclap] default = "main", choices = [...]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionDef {
    /// The value when the user chooses none.
    pub default: Spanned<String>,
    /// The values allowed.
    pub choices: Vec<String>,
    /// What the option switches.
    #[serde(default)]
    pub description: String,
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

/// A test-case file: `[[test]]` tables only.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestFile {
    /// The cases.
    #[serde(default, rename = "test")]
    pub tests: Vec<TestCase>,
}

/// One test case: a position (default: the start), moves to play first, and
/// expectations. Every expectation given must hold.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct TestCase {
    /// The case's name in reports.
    pub name: String,
    /// Position text in the variant's style; default the start position.
    pub position: Option<String>,
    /// The variant's shuffled start of this number (`[setup.shuffle]`)
    /// instead of `position`.
    pub start: Option<u64>,
    /// Moves played before the expectations are checked.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The exact set of legal moves.
    pub legal: Option<Vec<String>>,
    /// The exact set of legal moves of the piece on `from`.
    pub piece_moves: Option<PieceMoves>,
    /// Moves that must be legal.
    #[serde(default)]
    pub includes: Vec<String>,
    /// Moves that must not be legal.
    #[serde(default)]
    pub excludes: Vec<String>,
    /// Number of legal moves.
    pub count: Option<usize>,
    /// Perft counts for depths 1, 2, …
    #[serde(default)]
    pub perft: Vec<u64>,
    /// The promotion choices offered for a move (`""` = no promotion).
    pub promotions: Option<Promotions>,
    /// The position after the moves.
    pub position_after: Option<String>,
    /// "ongoing", "draw by repetition", "white wins by checkmate", …
    pub result: Option<String>,
    /// Whether the side to move is in check.
    pub in_check: Option<bool>,
    /// The position need not be one a game can reach (the side not to move
    /// may be in check, hands and material may be impossible).
    #[serde(default)]
    pub lenient: bool,
    /// Option values for this case (`{ thunderclap = "kooshogifu" }`).
    #[serde(default)]
    pub options: IndexMap<String, String>,
}

/// `piece_moves = { from, moves }`.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct PieceMoves {
    /// The piece's square.
    pub from: String,
    /// Its exact legal moves.
    pub moves: Vec<String>,
}

/// `promotions = { move, to }`.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Promotions {
    /// Origin and destination, e.g. `c7c8`.
    #[serde(rename = "move")]
    pub mv: String,
    /// The promotion choices offered (`""` = not promoting).
    pub to: Vec<String>,
}
