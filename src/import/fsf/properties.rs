//! Fairy-Stockfish's settings as properties with its defaults, and the
//! model of one variant.

use std::collections::BTreeMap;
use std::ops::Range;

use super::pieces::{KING, NTYPES, PAWN};
use super::squares::{ALL, Bb, FILES, rank_bb};

/// A property's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    /// `true` / `false`.
    Bool(bool),
    /// A number (ranks and files 0-based, as Fairy-Stockfish keeps them).
    Int(i64),
    /// Squares.
    Squares(Bb),
    /// Piece types (bit per type; bit 0 is `*`, every piece).
    Set(u128),
    /// One piece type (0: `*`, any or none).
    Type(usize),
    /// Text.
    Text(String),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    Bool,
    Int,
    Rank,
    File,
    Squares,
    Set,
    Type,
    Text,
    Value,
    Enum(&'static [&'static str]),
    Rights,
}

/// Where a property was last set.
#[derive(Debug, Clone)]
pub struct Src {
    /// The ini key.
    pub key: String,
    /// The section that set it (a built-in parent's name for built-ins).
    pub section: String,
    /// Its span in the user's file, `None` for a built-in parent's setting.
    pub span: Option<Range<usize>>,
    /// 1-based line in the user's file (0 for built-ins).
    pub line: usize,
}

pub(super) const VALUES: &[&str] = &["win", "loss", "draw", "none"];
const MATERIAL: &[&str] = &["janggi", "unweighted", "whitedrawodds", "blackdrawodds", "none"];
const COUNTING: &[&str] = &["makruk", "cambodian", "asean", "none"];
const CHASING: &[&str] = &["axf", "none"];
const ENCLOSING: &[&str] = &[
    "reversi",
    "ataxx",
    "quadwrangle",
    "snort",
    "anyside",
    "top",
    "none",
];
const WALLING: &[&str] = &["arrow", "duck", "edge", "past", "static", "none"];

/// (key, kind, properties it sets) in the order of Fairy-Stockfish's
/// parser (after the pieces and the piece values).
pub(super) const KEYS: &[(&str, Kind, &[&str])] = &[
    // Fairy-Stockfish's deprecated spellings, which it still reads (its
    // `parse_legacy_attributes`, before the official keys, which override
    // them); `promotionRank`, `doubleStepRank(Min)` and `dropOnTop` are
    // read by `parse::apply_legacy`.
    ("whiteFlag", Kind::Squares, &["flagRegion.w"]),
    ("blackFlag", Kind::Squares, &["flagRegion.b"]),
    (
        "castlingRookPiece",
        Kind::Set,
        &["castlingRookPieces.w", "castlingRookPieces.b"],
    ),
    ("whiteDropRegion", Kind::Squares, &["dropRegion.w"]),
    ("blackDropRegion", Kind::Squares, &["dropRegion.b"]),
    (
        "pawnTypes",
        Kind::Set,
        &[
            "promotionPawnTypes.w",
            "promotionPawnTypes.b",
            "enPassantTypes.w",
            "enPassantTypes.b",
            "nMoveRuleTypes.w",
            "nMoveRuleTypes.b",
        ],
    ),
    ("variantTemplate", Kind::Text, &["variantTemplate"]),
    ("pieceToCharTable", Kind::Text, &["pieceToCharTable"]),
    ("pocketSize", Kind::Int, &["pocketSize"]),
    ("chess960", Kind::Bool, &["chess960"]),
    ("twoBoards", Kind::Bool, &["twoBoards"]),
    ("startFen", Kind::Text, &["startFen"]),
    ("promotionRegionWhite", Kind::Squares, &["promotionRegion.w"]),
    ("promotionRegionBlack", Kind::Squares, &["promotionRegion.b"]),
    (
        "promotionPawnTypes",
        Kind::Set,
        &["promotionPawnTypes.w", "promotionPawnTypes.b"],
    ),
    ("promotionPawnTypesWhite", Kind::Set, &["promotionPawnTypes.w"]),
    ("promotionPawnTypesBlack", Kind::Set, &["promotionPawnTypes.b"]),
    (
        "promotionPieceTypes",
        Kind::Set,
        &["promotionPieceTypes.w", "promotionPieceTypes.b"],
    ),
    ("promotionPieceTypesWhite", Kind::Set, &["promotionPieceTypes.w"]),
    ("promotionPieceTypesBlack", Kind::Set, &["promotionPieceTypes.b"]),
    ("sittuyinPromotion", Kind::Bool, &["sittuyinPromotion"]),
    ("promotionLimit", Kind::Text, &["promotionLimit"]),
    ("promotedPieceType", Kind::Text, &["promotedPieceType"]),
    (
        "piecePromotionOnCapture",
        Kind::Bool,
        &["piecePromotionOnCapture"],
    ),
    ("mandatoryPawnPromotion", Kind::Bool, &["mandatoryPawnPromotion"]),
    (
        "mandatoryPiecePromotion",
        Kind::Bool,
        &["mandatoryPiecePromotion"],
    ),
    ("pieceDemotion", Kind::Bool, &["pieceDemotion"]),
    ("blastOnCapture", Kind::Bool, &["blastOnCapture"]),
    ("blastImmuneTypes", Kind::Set, &["blastImmuneTypes"]),
    ("mutuallyImmuneTypes", Kind::Set, &["mutuallyImmuneTypes"]),
    ("petrifyOnCaptureTypes", Kind::Set, &["petrifyOnCaptureTypes"]),
    ("petrifyBlastPieces", Kind::Bool, &["petrifyBlastPieces"]),
    ("doubleStep", Kind::Bool, &["doubleStep"]),
    ("doubleStepRegionWhite", Kind::Squares, &["doubleStepRegion.w"]),
    ("doubleStepRegionBlack", Kind::Squares, &["doubleStepRegion.b"]),
    ("tripleStepRegionWhite", Kind::Squares, &["tripleStepRegion.w"]),
    ("tripleStepRegionBlack", Kind::Squares, &["tripleStepRegion.b"]),
    (
        "enPassantRegion",
        Kind::Squares,
        &["enPassantRegion.w", "enPassantRegion.b"],
    ),
    ("enPassantRegionWhite", Kind::Squares, &["enPassantRegion.w"]),
    ("enPassantRegionBlack", Kind::Squares, &["enPassantRegion.b"]),
    (
        "enPassantTypes",
        Kind::Set,
        &["enPassantTypes.w", "enPassantTypes.b"],
    ),
    ("enPassantTypesWhite", Kind::Set, &["enPassantTypes.w"]),
    ("enPassantTypesBlack", Kind::Set, &["enPassantTypes.b"]),
    ("castling", Kind::Bool, &["castling"]),
    ("castlingDroppedPiece", Kind::Bool, &["castlingDroppedPiece"]),
    ("castlingKingsideFile", Kind::File, &["castlingKingsideFile"]),
    ("castlingQueensideFile", Kind::File, &["castlingQueensideFile"]),
    ("castlingRank", Kind::Rank, &["castlingRank"]),
    ("castlingKingFile", Kind::File, &["castlingKingFile"]),
    (
        "castlingKingPiece",
        Kind::Type,
        &["castlingKingPiece.w", "castlingKingPiece.b"],
    ),
    ("castlingKingPieceWhite", Kind::Type, &["castlingKingPiece.w"]),
    ("castlingKingPieceBlack", Kind::Type, &["castlingKingPiece.b"]),
    (
        "castlingRookKingsideFile",
        Kind::File,
        &["castlingRookKingsideFile"],
    ),
    (
        "castlingRookQueensideFile",
        Kind::File,
        &["castlingRookQueensideFile"],
    ),
    (
        "castlingRookPieces",
        Kind::Set,
        &["castlingRookPieces.w", "castlingRookPieces.b"],
    ),
    ("castlingRookPiecesWhite", Kind::Set, &["castlingRookPieces.w"]),
    ("castlingRookPiecesBlack", Kind::Set, &["castlingRookPieces.b"]),
    ("oppositeCastling", Kind::Bool, &["oppositeCastling"]),
    ("checking", Kind::Bool, &["checking"]),
    ("dropChecks", Kind::Bool, &["dropChecks"]),
    ("mustCapture", Kind::Bool, &["mustCapture"]),
    ("mustDrop", Kind::Bool, &["mustDrop"]),
    ("mustDropType", Kind::Type, &["mustDropType"]),
    ("pieceDrops", Kind::Bool, &["pieceDrops"]),
    ("dropLoop", Kind::Bool, &["dropLoop"]),
    ("capturesToHand", Kind::Bool, &["capturesToHand"]),
    ("firstRankPawnDrops", Kind::Bool, &["firstRankPawnDrops"]),
    ("promotionZonePawnDrops", Kind::Bool, &["promotionZonePawnDrops"]),
    ("enclosingDrop", Kind::Enum(ENCLOSING), &["enclosingDrop"]),
    ("enclosingDropStart", Kind::Squares, &["enclosingDropStart"]),
    ("dropRegionWhite", Kind::Squares, &["dropRegion.w"]),
    ("dropRegionBlack", Kind::Squares, &["dropRegion.b"]),
    ("sittuyinRookDrop", Kind::Bool, &["sittuyinRookDrop"]),
    (
        "dropOppositeColoredBishop",
        Kind::Bool,
        &["dropOppositeColoredBishop"],
    ),
    ("dropPromoted", Kind::Bool, &["dropPromoted"]),
    ("dropNoDoubled", Kind::Type, &["dropNoDoubled"]),
    ("dropNoDoubledCount", Kind::Int, &["dropNoDoubledCount"]),
    ("immobilityIllegal", Kind::Bool, &["immobilityIllegal"]),
    ("gating", Kind::Bool, &["gating"]),
    ("wallingRule", Kind::Enum(WALLING), &["wallingRule"]),
    ("wallingRegionWhite", Kind::Squares, &["wallingRegion.w"]),
    ("wallingRegionBlack", Kind::Squares, &["wallingRegion.b"]),
    (
        "wallingRegion",
        Kind::Squares,
        &["wallingRegion.w", "wallingRegion.b"],
    ),
    ("wallOrMove", Kind::Bool, &["wallOrMove"]),
    ("seirawanGating", Kind::Bool, &["seirawanGating"]),
    ("cambodianMoves", Kind::Bool, &["cambodianMoves"]),
    ("diagonalLines", Kind::Squares, &["diagonalLines"]),
    ("pass", Kind::Bool, &["pass.w", "pass.b"]),
    ("passWhite", Kind::Bool, &["pass.w"]),
    ("passBlack", Kind::Bool, &["pass.b"]),
    (
        "passOnStalemate",
        Kind::Bool,
        &["passOnStalemate.w", "passOnStalemate.b"],
    ),
    ("passOnStalemateWhite", Kind::Bool, &["passOnStalemate.w"]),
    ("passOnStalemateBlack", Kind::Bool, &["passOnStalemate.b"]),
    ("makpongRule", Kind::Bool, &["makpongRule"]),
    ("flyingGeneral", Kind::Bool, &["flyingGeneral"]),
    ("soldierPromotionRank", Kind::Rank, &["soldierPromotionRank"]),
    (
        "flipEnclosedPieces",
        Kind::Enum(ENCLOSING),
        &["flipEnclosedPieces"],
    ),
    (
        "nMoveRuleTypes",
        Kind::Set,
        &["nMoveRuleTypes.w", "nMoveRuleTypes.b"],
    ),
    ("nMoveRuleTypesWhite", Kind::Set, &["nMoveRuleTypes.w"]),
    ("nMoveRuleTypesBlack", Kind::Set, &["nMoveRuleTypes.b"]),
    ("nMoveRule", Kind::Int, &["nMoveRule"]),
    ("nFoldRule", Kind::Int, &["nFoldRule"]),
    ("nFoldValue", Kind::Value, &["nFoldValue"]),
    ("nFoldValueAbsolute", Kind::Bool, &["nFoldValueAbsolute"]),
    ("perpetualCheckIllegal", Kind::Bool, &["perpetualCheckIllegal"]),
    ("moveRepetitionIllegal", Kind::Bool, &["moveRepetitionIllegal"]),
    ("chasingRule", Kind::Enum(CHASING), &["chasingRule"]),
    ("stalemateValue", Kind::Value, &["stalemateValue"]),
    ("stalematePieceCount", Kind::Bool, &["stalematePieceCount"]),
    ("checkmateValue", Kind::Value, &["checkmateValue"]),
    (
        "shogiPawnDropMateIllegal",
        Kind::Bool,
        &["shogiPawnDropMateIllegal"],
    ),
    ("shatarMateRule", Kind::Bool, &["shatarMateRule"]),
    ("bikjangRule", Kind::Bool, &["bikjangRule"]),
    ("extinctionValue", Kind::Value, &["extinctionValue"]),
    ("extinctionClaim", Kind::Bool, &["extinctionClaim"]),
    ("extinctionPseudoRoyal", Kind::Bool, &["extinctionPseudoRoyal"]),
    ("dupleCheck", Kind::Bool, &["dupleCheck"]),
    ("extinctionPieceTypes", Kind::Set, &["extinctionPieceTypes"]),
    ("extinctionPieceCount", Kind::Int, &["extinctionPieceCount"]),
    (
        "extinctionOpponentPieceCount",
        Kind::Int,
        &["extinctionOpponentPieceCount"],
    ),
    ("flagPiece", Kind::Type, &["flagPiece.w", "flagPiece.b"]),
    ("flagPieceWhite", Kind::Type, &["flagPiece.w"]),
    ("flagPieceBlack", Kind::Type, &["flagPiece.b"]),
    ("flagRegion", Kind::Squares, &["flagRegion.w", "flagRegion.b"]),
    ("flagRegionWhite", Kind::Squares, &["flagRegion.w"]),
    ("flagRegionBlack", Kind::Squares, &["flagRegion.b"]),
    ("flagPieceCount", Kind::Int, &["flagPieceCount"]),
    ("flagPieceBlockedWin", Kind::Bool, &["flagPieceBlockedWin"]),
    ("flagMove", Kind::Bool, &["flagMove"]),
    ("flagPieceSafe", Kind::Bool, &["flagPieceSafe"]),
    ("checkCounting", Kind::Bool, &["checkCounting"]),
    ("connectN", Kind::Int, &["connectN"]),
    ("connectPieceTypes", Kind::Set, &["connectPieceTypes"]),
    ("connectHorizontal", Kind::Bool, &["connectHorizontal"]),
    ("connectVertical", Kind::Bool, &["connectVertical"]),
    ("connectDiagonal", Kind::Bool, &["connectDiagonal"]),
    ("connectRegion1White", Kind::Squares, &["connectRegion1.w"]),
    ("connectRegion2White", Kind::Squares, &["connectRegion2.w"]),
    ("connectRegion1Black", Kind::Squares, &["connectRegion1.b"]),
    ("connectRegion2Black", Kind::Squares, &["connectRegion2.b"]),
    ("connectNxN", Kind::Int, &["connectNxN"]),
    ("collinearN", Kind::Int, &["collinearN"]),
    ("connectValue", Kind::Value, &["connectValue"]),
    ("materialCounting", Kind::Enum(MATERIAL), &["materialCounting"]),
    ("adjudicateFullBoard", Kind::Bool, &["adjudicateFullBoard"]),
    ("countingRule", Kind::Enum(COUNTING), &["countingRule"]),
    ("castlingWins", Kind::Rights, &["castlingWins"]),
];

/// Keys that change only how engines and GUIs show or value the game.
pub(super) const COSMETIC: &[&str] = &["variantTemplate", "pieceToCharTable", "pocketSize"];

pub(super) fn set_of(types: &[usize]) -> u128 {
    types.iter().fold(0u128, |s, &t| s | (1u128 << t))
}

/// The settings Fairy-Stockfish keeps per side, with their defaults.
fn side_defaults(d: &mut BTreeMap<String, Val>) {
    use Val::*;
    let mut put = |k: &str, v: Val| {
        d.insert(k.to_string(), v);
    };
    for c in ["w", "b"] {
        put(&format!("promotionPawnTypes.{c}"), Set(set_of(&[PAWN])));
        put(&format!("promotionPieceTypes.{c}"), Set(set_of(&[5, 4, 3, 2])));
        put(&format!("enPassantRegion.{c}"), Squares(ALL));
        put(&format!("enPassantTypes.{c}"), Set(set_of(&[PAWN])));
        put(&format!("tripleStepRegion.{c}"), Squares(0));
        put(&format!("castlingKingPiece.{c}"), Type(KING));
        put(&format!("castlingRookPieces.{c}"), Set(set_of(&[4])));
        put(&format!("dropRegion.{c}"), Squares(ALL));
        put(&format!("wallingRegion.{c}"), Squares(ALL));
        put(&format!("pass.{c}"), Bool(false));
        put(&format!("passOnStalemate.{c}"), Bool(false));
        put(&format!("nMoveRuleTypes.{c}"), Set(set_of(&[PAWN])));
        put(&format!("flagPiece.{c}"), Type(0));
        put(&format!("flagRegion.{c}"), Squares(0));
        put(&format!("connectRegion1.{c}"), Squares(0));
        put(&format!("connectRegion2.{c}"), Squares(0));
    }
}

pub(super) fn defaults() -> BTreeMap<String, Val> {
    use Val::*;
    let mut d = BTreeMap::new();
    side_defaults(&mut d);
    let mut put = |k: &str, v: Val| {
        d.insert(k.to_string(), v);
    };
    put("maxRank", Int(7));
    put("maxFile", Int(7));
    put("variantTemplate", Text("fairy".into()));
    put("pieceToCharTable", Text("-".into()));
    put("pocketSize", Int(0));
    put("chess960", Bool(false));
    put("twoBoards", Bool(false));
    put(
        "startFen",
        Text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into()),
    );
    put("promotionRegion.w", Squares(rank_bb(7)));
    put("promotionRegion.b", Squares(rank_bb(0)));
    put("doubleStepRegion.w", Squares(rank_bb(1)));
    put("doubleStepRegion.b", Squares(rank_bb(6)));
    for k in [
        "sittuyinPromotion",
        "piecePromotionOnCapture",
        "mandatoryPiecePromotion",
        "pieceDemotion",
        "blastOnCapture",
        "petrifyBlastPieces",
        "castlingDroppedPiece",
        "oppositeCastling",
        "mustCapture",
        "mustDrop",
        "pieceDrops",
        "dropLoop",
        "capturesToHand",
        "firstRankPawnDrops",
        "promotionZonePawnDrops",
        "sittuyinRookDrop",
        "dropOppositeColoredBishop",
        "dropPromoted",
        "immobilityIllegal",
        "gating",
        "wallOrMove",
        "seirawanGating",
        "cambodianMoves",
        "makpongRule",
        "flyingGeneral",
        "nFoldValueAbsolute",
        "perpetualCheckIllegal",
        "moveRepetitionIllegal",
        "stalematePieceCount",
        "shogiPawnDropMateIllegal",
        "shatarMateRule",
        "bikjangRule",
        "extinctionClaim",
        "extinctionPseudoRoyal",
        "dupleCheck",
        "flagPieceBlockedWin",
        "flagMove",
        "flagPieceSafe",
        "checkCounting",
        "adjudicateFullBoard",
    ] {
        put(k, Bool(false));
    }
    for k in [
        "mandatoryPawnPromotion",
        "doubleStep",
        "castling",
        "checking",
        "dropChecks",
        "connectHorizontal",
        "connectVertical",
        "connectDiagonal",
    ] {
        put(k, Bool(true));
    }
    put("promotionLimit", Text(String::new()));
    put("promotedPieceType", Text(String::new()));
    put("blastImmuneTypes", Set(0));
    put("mutuallyImmuneTypes", Set(0));
    put("petrifyOnCaptureTypes", Set(0));
    put("castlingKingsideFile", Int(6));
    put("castlingQueensideFile", Int(2));
    put("castlingRank", Int(0));
    put("castlingKingFile", Int(4));
    put("castlingRookKingsideFile", Int(FILES as i64 - 1));
    put("castlingRookQueensideFile", Int(0));
    put("mustDropType", Type(0));
    put("enclosingDrop", Text("none".into()));
    put("enclosingDropStart", Squares(0));
    put("dropNoDoubled", Type(0));
    put("dropNoDoubledCount", Int(1));
    put("wallingRule", Text("none".into()));
    put("diagonalLines", Squares(0));
    put("soldierPromotionRank", Int(0));
    put("flipEnclosedPieces", Text("none".into()));
    put("nMoveRule", Int(50));
    put("nFoldRule", Int(3));
    put("nFoldValue", Text("draw".into()));
    put("chasingRule", Text("none".into()));
    put("stalemateValue", Text("draw".into()));
    put("checkmateValue", Text("loss".into()));
    put("extinctionValue", Text("none".into()));
    put("extinctionPieceTypes", Set(0));
    put("extinctionPieceCount", Int(0));
    put("extinctionOpponentPieceCount", Int(0));
    put("flagPieceCount", Int(1));
    put("connectN", Int(0));
    put("connectPieceTypes", Set(u128::MAX));
    put("connectNxN", Int(0));
    put("collinearN", Int(0));
    put("connectValue", Text("win".into()));
    put("materialCounting", Text("none".into()));
    put("freeDrops", Bool(false));
    put("countingRule", Text("none".into()));
    put("castlingWins", Text(String::new()));
    d
}

/// Fairy-Stockfish's model of one variant: its pieces and its settings.
#[derive(Debug, Clone)]
pub struct Model {
    /// The variant's name.
    pub name: String,
    /// The chain of parents, nearest first: all of them, or of a longer
    /// chain than [`PARENTS_NAMED`](super::resolution::PARENTS_NAMED) the
    /// nearest ones and the root (the last).
    pub parents: Vec<String>,
    /// How many parents the chain has.
    pub parents_in_chain: usize,
    /// Letter of each piece type (index = type), `None` when absent.
    pub(super) letters: Vec<Option<char>>,
    /// Fairy-Stockfish's `pieceToCharSynonyms` of each type (xiangqi's
    /// horse `h` and elephant `e`), which its SAN writes; only a built-in
    /// sets them (`pieceSynonyms`), and a piece defined again loses its own.
    pub(super) synonyms: Vec<Option<char>>,
    /// Betza of custom types (and of a custom king, at the royal slot).
    pub(super) betza: Vec<String>,
    /// Where each piece type was set.
    pub(super) piece_src: Vec<Option<Src>>,
    /// The king moves by the royal slot's Betza.
    pub(super) custom_king: bool,
    /// The king moves as Fairy-Stockfish's wazir (`kingType = WAZIR`, which
    /// only a built-in sets): on `diagonalLines` it steps diagonally too.
    pub(super) king_wazir: bool,
    /// Settings (property → value, where set).
    pub(super) props: BTreeMap<String, (Val, Option<Src>)>,
    /// Mobility regions (type, color) → squares.
    pub(super) mobility: BTreeMap<(usize, usize), (Bb, Src)>,
    /// Something no key can say (a built-in parent's rule).
    pub(super) not_importable: Option<(String, Src)>,
}

impl Model {
    pub(super) fn base(name: &str, chess_pieces: bool) -> Model {
        let mut letters = vec![None; NTYPES];
        let mut props: BTreeMap<String, (Val, Option<Src>)> =
            defaults().into_iter().map(|(k, v)| (k, (v, None))).collect();
        if chess_pieces {
            for (t, c) in [(PAWN, 'p'), (2, 'n'), (3, 'b'), (4, 'r'), (5, 'q'), (KING, 'k')] {
                letters[t] = Some(c);
            }
        } else {
            for c in ["w", "b"] {
                props.insert(format!("promotionPieceTypes.{c}"), (Val::Set(0), None));
            }
        }
        Model {
            name: name.to_string(),
            parents: Vec::new(),
            parents_in_chain: 0,
            letters,
            synonyms: vec![None; NTYPES],
            betza: vec![String::new(); NTYPES],
            piece_src: vec![None; NTYPES],
            custom_king: false,
            king_wazir: false,
            props,
            mobility: BTreeMap::new(),
            not_importable: None,
        }
    }

    pub(super) fn type_of_letter(&self, c: char) -> Option<usize> {
        let u = c.to_ascii_uppercase();
        (1..NTYPES).find(|&t| self.letters[t].map(|l| l.to_ascii_uppercase()) == Some(u))
    }

    pub(super) fn remove_piece(&mut self, pt: usize) {
        self.letters[pt] = None;
        self.synonyms[pt] = None;
        for c in ["w", "b"] {
            if let Some((Val::Set(s), _)) = self.props.get_mut(&format!("promotionPieceTypes.{c}")) {
                *s &= !(1u128 << pt);
            }
        }
    }

    pub(super) fn add_piece(&mut self, pt: usize, c: char) {
        if let Some(old) = self.type_of_letter(c) {
            self.remove_piece(old);
        }
        self.letters[pt] = Some(c.to_ascii_lowercase());
        self.synonyms[pt] = None;
    }

    /// The value of a property.
    pub(super) fn get(&self, k: &str) -> &Val {
        &self.props[k].0
    }

    /// The piece types present, in Fairy-Stockfish's order.
    pub(super) fn types(&self) -> Vec<usize> {
        (1..NTYPES).filter(|&t| self.letters[t].is_some()).collect()
    }
}
