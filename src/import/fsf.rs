//! Fairy-Stockfish's `variants.ini` read as Fairy-Stockfish reads it
//! (`src/parser.cpp`: the keys in its order, inheritance by copying the
//! parent's settings) into a model of its `Variant`; [`translate`] writes
//! that model as a chimera rules file or says, key by key, what it cannot.
//!
//! Every setting is a property with Fairy-Stockfish's default. The
//! translation marks each property it reads; a property that differs from
//! its default and that no part of the translation read is reported (with
//! the key and line that set it): nothing is dropped silently.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use super::ini::{self, Ini, Section};
use crate::Diagnostic;

// ------------------------------------------------------------------ pieces

/// Fairy-Stockfish's piece types in its order (`types.h`), with their Betza
/// strings (`piece.cpp`). Custom pieces follow; the king is last.
const PREDEFINED: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];
/// Custom piece slots (`customPiece1` …).
const CUSTOM: usize = 25;
/// Index of the first custom piece type (piece types count from 1).
const FIRST_CUSTOM: usize = PREDEFINED.len() + 1;
/// The reserved custom royal slot, then the king.
const ROYAL_SLOT: usize = FIRST_CUSTOM + CUSTOM;
const KING: usize = ROYAL_SLOT + 1;
const PAWN: usize = 1;
const SHOGI_PAWN: usize = 19;
const SOLDIER: usize = 29;
const KNIGHT: usize = 2;
const BISHOP: usize = 3;
const BERS: usize = 11;
const ROOK: usize = 4;
const FERS: usize = 6;
const JANGGI_CANNON: usize = 28;
const HORSE: usize = 30;
const JANGGI_ELEPHANT: usize = 32;
const WAZIR: usize = 34;
const NTYPES: usize = KING + 1;

/// The ini name of piece type `pt`.
fn piece_name(pt: usize) -> String {
    if pt == KING {
        "king".into()
    } else if (FIRST_CUSTOM..ROYAL_SLOT).contains(&pt) {
        format!("customPiece{}", pt - FIRST_CUSTOM + 1)
    } else if (1..FIRST_CUSTOM).contains(&pt) {
        PREDEFINED[pt - 1].0.into()
    } else {
        "customRoyal".into()
    }
}

// --------------------------------------------------------------- squares

/// A set of squares, bit `rank * 12 + file` (Fairy-Stockfish's largest board
/// is 12 files by 10 ranks).
type Bb = u128;
const FILES: u32 = 12;
const RANKS: u32 = 10;
const ALL: Bb = (1u128 << (FILES * RANKS)) - 1;

fn sq(file: u32, rank: u32) -> Bb {
    1u128 << (rank * FILES + file)
}
fn rank_bb(rank: u32) -> Bb {
    (0..FILES).fold(0, |b, f| b | sq(f, rank))
}
fn file_bb(file: u32) -> Bb {
    (0..RANKS).fold(0, |b, r| b | sq(file, r))
}

// ------------------------------------------------------------- properties

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
enum Kind {
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

const VALUES: &[&str] = &["win", "loss", "draw", "none"];
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
const KEYS: &[(&str, Kind, &[&str])] = &[
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
const COSMETIC: &[&str] = &["variantTemplate", "pieceToCharTable", "pocketSize"];

fn set_of(types: &[usize]) -> u128 {
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

fn defaults() -> BTreeMap<String, Val> {
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
    /// The chain of parents, nearest first.
    pub parents: Vec<String>,
    /// Letter of each piece type (index = type), `None` when absent.
    letters: Vec<Option<char>>,
    /// Betza of custom types (and of a custom king, at the royal slot).
    betza: Vec<String>,
    /// Where each piece type was set.
    piece_src: Vec<Option<Src>>,
    /// The king moves by the royal slot's Betza.
    custom_king: bool,
    /// The king moves as Fairy-Stockfish's wazir (`kingType = WAZIR`, which
    /// only a built-in sets): on `diagonalLines` it steps diagonally too.
    king_wazir: bool,
    /// Settings (property → value, where set).
    props: BTreeMap<String, (Val, Option<Src>)>,
    /// Mobility regions (type, color) → squares.
    mobility: BTreeMap<(usize, usize), (Bb, Src)>,
    /// Something no key can say (a built-in parent's rule).
    not_importable: Option<(String, Src)>,
}

impl Model {
    fn base(name: &str, chess_pieces: bool) -> Model {
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
            letters,
            betza: vec![String::new(); NTYPES],
            piece_src: vec![None; NTYPES],
            custom_king: false,
            king_wazir: false,
            props,
            mobility: BTreeMap::new(),
            not_importable: None,
        }
    }

    fn type_of_letter(&self, c: char) -> Option<usize> {
        let u = c.to_ascii_uppercase();
        (1..NTYPES).find(|&t| self.letters[t].map(|l| l.to_ascii_uppercase()) == Some(u))
    }

    fn remove_piece(&mut self, pt: usize) {
        self.letters[pt] = None;
        for c in ["w", "b"] {
            if let Some((Val::Set(s), _)) = self.props.get_mut(&format!("promotionPieceTypes.{c}")) {
                *s &= !(1u128 << pt);
            }
        }
    }

    fn add_piece(&mut self, pt: usize, c: char) {
        if let Some(old) = self.type_of_letter(c) {
            self.remove_piece(old);
        }
        self.letters[pt] = Some(c.to_ascii_lowercase());
    }

    /// The value of a property.
    fn get(&self, k: &str) -> &Val {
        &self.props[k].0
    }

    /// The piece types present, in Fairy-Stockfish's order.
    fn types(&self) -> Vec<usize> {
        (1..NTYPES).filter(|&t| self.letters[t].is_some()).collect()
    }
}

// ------------------------------------------------------------------ parse

fn capitalized(name: &str) -> String {
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// Every key Fairy-Stockfish's parser reads (pieces, mobility regions,
/// piece values and the settings), for the unknown-key check.
fn known_key(k: &str) -> bool {
    if KEYS.iter().any(|(key, _, _)| *key == k)
        || ["maxRank", "maxFile", "pieceValueMg", "pieceValueEg"].contains(&k)
    {
        return true;
    }
    (1..NTYPES).filter(|&t| t != ROYAL_SLOT).any(|t| {
        let n = piece_name(t);
        k == n
            || k == format!("mobilityRegionWhite{}", capitalized(&n))
            || k == format!("mobilityRegionBlack{}", capitalized(&n))
    })
}

fn parse_squares(v: &str) -> Option<Bb> {
    let mut b: Bb = 0;
    for t in v.split_whitespace() {
        if t == "-" {
            break;
        }
        let cs: Vec<char> = t.chars().collect();
        if t.ends_with('*') && cs.len() == 2 && cs[0].is_ascii_alphabetic() {
            let f = cs[0].to_ascii_lowercase() as u32 - 'a' as u32;
            if f >= FILES {
                return None;
            }
            b |= file_bb(f);
        } else if let Some(r) = t.strip_prefix('*') {
            let r: u32 = r.parse().ok()?;
            if r == 0 || r > RANKS {
                return None;
            }
            b |= rank_bb(r - 1);
        } else if cs.len() > 1 && cs[0].is_ascii_alphabetic() {
            let f = cs[0].to_ascii_lowercase() as u32 - 'a' as u32;
            let r: u32 = t[1..].parse().ok()?;
            if f >= FILES || r == 0 || r > RANKS {
                return None;
            }
            b |= sq(f, r - 1);
        } else {
            return None;
        }
    }
    Some(b)
}

/// Piece letters to types, as Fairy-Stockfish reads a piece list (letters
/// may be separated by anything it skips: spaces).
fn parse_types(m: &Model, v: &str) -> Result<Vec<usize>, char> {
    let mut out = Vec::new();
    for c in v.chars().filter(|c| !c.is_whitespace()) {
        if c == '-' {
            break;
        }
        if c == '*' {
            out.push(0);
            continue;
        }
        match m.type_of_letter(c) {
            Some(t) => out.push(t),
            None => return Err(c),
        }
    }
    Ok(out)
}

struct Reader<'a> {
    ini: &'a Ini,
    section: &'a Section,
    builtin: bool,
}

impl Reader<'_> {
    fn src(&self, e: &ini::Entry) -> Src {
        Src {
            key: e.key.clone(),
            section: self.section.name.clone(),
            span: (!self.builtin).then(|| e.key_span.start..e.value_span.end.max(e.key_span.end)),
            line: if self.builtin { 0 } else { e.line },
        }
    }
    fn err(&self, span: Range<usize>, msg: String) -> Diagnostic {
        self.ini.error(span, msg)
    }
}

/// The piece keys of a section and their mobility regions.
#[allow(clippy::result_large_err)] // one diagnostic per section: its size costs nothing
fn apply_pieces(m: &mut Model, r: &Reader) -> Result<(), Diagnostic> {
    let s = r.section;
    for pt in 1..NTYPES {
        if pt == ROYAL_SLOT {
            continue;
        }
        let name = piece_name(pt);
        if let Some(e) = s.get(&name)
            && !e.value.is_empty()
        {
            let first = e.value.chars().next().unwrap_or('-');
            if first.is_ascii_alphabetic() {
                m.add_piece(pt, first);
                m.piece_src[pt] = Some(r.src(e));
            } else if first == '-' {
                m.remove_piece(pt);
            } else {
                return Err(r.err(e.value_span.clone(), format!("`{first}` is not a piece letter")));
            }
            let rest = e.value.get(1..).unwrap_or("");
            let betza = rest.strip_prefix(':');
            if (FIRST_CUSTOM..ROYAL_SLOT).contains(&pt) && first != '-' {
                match betza {
                    Some(b) => m.betza[pt] = b.trim().to_string(),
                    None => {
                        return Err(r.err(
                            e.value_span.clone(),
                            format!("`{name}` needs its moves: `{name} = x:Betza`"),
                        ));
                    }
                }
            } else if pt == KING && first != '-' {
                m.king_wazir = false;
                match betza {
                    Some(b) => {
                        m.betza[ROYAL_SLOT] = b.trim().to_string();
                        m.custom_king = true;
                    }
                    None => m.custom_king = false,
                }
            } else if !rest.trim().is_empty() && first != '-' {
                return Err(r.err(
                    e.value_span.clone(),
                    format!("`{name}` is a predefined piece: give only its letter"),
                ));
            }
        }
        for (ci, color) in ["White", "Black"].iter().enumerate() {
            let key = format!("mobilityRegion{color}{}", capitalized(&name));
            if let Some(e) = s.get(&key) {
                let b = parse_squares(&e.value).ok_or_else(|| {
                    r.err(
                        e.value_span.clone(),
                        format!("`{}` is not a list of squares", e.value),
                    )
                })?;
                m.mobility.insert((pt, ci), (b, r.src(e)));
            }
        }
    }
    for k in ["pieceValueMg", "pieceValueEg"] {
        if let Some(e) = s.get(k) {
            m.props
                .insert(k.into(), (Val::Text(e.value.clone()), Some(r.src(e))));
        }
    }
    Ok(())
}

/// The keys only the built-ins' file has (`resetPieces`, `freeDrops`,
/// `notImportable`), read before the section's other keys.
fn apply_builtin(m: &mut Model, r: &Reader) {
    let s = r.section;
    if s.get("resetPieces").is_some() {
        for t in 1..NTYPES {
            m.letters[t] = None;
        }
        for c in ["w", "b"] {
            m.props
                .insert(format!("promotionPieceTypes.{c}"), (Val::Set(0), None));
        }
    }
    if s.get("freeDrops").is_some() {
        m.props.insert("freeDrops".into(), (Val::Bool(true), None));
    }
    if let Some(e) = s.get("notImportable") {
        m.not_importable = Some((e.value.clone(), r.src(e)));
    }
}

/// Applies one section's entries to `m`, in Fairy-Stockfish's order.
#[allow(clippy::result_large_err)] // one diagnostic per section or file: its size costs nothing
fn apply(m: &mut Model, r: &Reader) -> Result<(), Diagnostic> {
    let s = r.section;
    for e in &s.entries {
        if r.builtin && ["resetPieces", "notImportable", "freeDrops", "kingType"].contains(&e.key.as_str()) {
            continue;
        }
        if !known_key(&e.key) {
            return Err(r
                .err(
                    e.key_span.clone(),
                    format!("`{}` is not a key of Fairy-Stockfish's variants.ini", e.key),
                )
                .help("see the list of keys at the top of Fairy-Stockfish's src/variants.ini"));
        }
    }
    if r.builtin {
        apply_builtin(m, r);
    }
    for (k, kind) in [("maxRank", Kind::Rank), ("maxFile", Kind::File)] {
        if let Some(e) = s.get(k) {
            let v = scalar(kind, &e.value).ok_or_else(|| {
                r.err(
                    e.value_span.clone(),
                    format!(
                        "`{}` is not a {} here",
                        e.value,
                        if k == "maxRank" {
                            "rank (1–10)"
                        } else {
                            "file (1–12 or a–l)"
                        }
                    ),
                )
            })?;
            m.props.insert(k.into(), (v, Some(r.src(e))));
        }
    }
    apply_pieces(m, r)?;
    if r.builtin
        && let Some(e) = s.get("kingType")
    {
        // `king = k:W` then `kingType = wazir`: the C++ `kingType = WAZIR`.
        if e.value != "wazir" {
            return Err(r.err(
                e.value_span.clone(),
                "only `kingType = wazir` is read here".into(),
            ));
        }
        m.king_wazir = true;
    }
    for (key, kind, targets) in KEYS {
        let Some(e) = s.get(key) else { continue };
        let v = match kind {
            Kind::Set | Kind::Type => {
                let ts = parse_types(m, &e.value).map_err(|c| {
                    r.err(
                        e.value_span.clone(),
                        format!(
                            "`{c}` is not a piece of this variant (its letters: {})",
                            letters_of(m)
                        ),
                    )
                })?;
                if *kind == Kind::Type {
                    Val::Type(ts.last().copied().unwrap_or(0))
                } else {
                    Val::Set(set_of(&ts))
                }
            }
            _ => scalar(*kind, &e.value).ok_or_else(|| {
                r.err(
                    e.value_span.clone(),
                    format!(
                        "`{}` is not a valid value of `{key}` ({})",
                        e.value,
                        kind_words(*kind)
                    ),
                )
            })?,
        };
        if *key == "promotionLimit" || *key == "promotedPieceType" {
            check_pairs(m, key, &e.value).map_err(|msg| r.err(e.value_span.clone(), msg))?;
        }
        for t in *targets {
            m.props.insert(t.to_string(), (v.clone(), Some(r.src(e))));
        }
    }
    // Fairy-Stockfish binds piece lists to types when it reads them; the
    // pair lists are kept as text and read against the letters of the
    // section that wrote them: resolve them now.
    for k in ["promotionLimit", "promotedPieceType"] {
        if let Some(e) = s.get(k) {
            let mut pairs = resolved_pairs(m, k);
            for (a, b) in pair_list(&e.value) {
                let ta = m.type_of_letter(a).unwrap_or(0);
                let tb = if k == "promotedPieceType" {
                    if b == "-" {
                        0
                    } else {
                        b.chars().next().and_then(|c| m.type_of_letter(c)).unwrap_or(0)
                    }
                } else {
                    b.parse::<usize>().unwrap_or(0)
                };
                pairs.insert(ta, tb);
            }
            let text = pairs
                .iter()
                .map(|(a, b)| format!("{a}:{b}"))
                .collect::<Vec<_>>()
                .join(" ");
            m.props
                .insert(format!("{k}#types"), (Val::Text(text), Some(r.src(e))));
        }
    }
    Ok(())
}

fn letters_of(m: &Model) -> String {
    m.types().iter().filter_map(|&t| m.letters[t]).collect()
}

fn pair_list(v: &str) -> Vec<(char, String)> {
    v.split_whitespace()
        .filter_map(|t| {
            let (a, b) = t.split_once(':')?;
            Some((a.chars().next()?, b.to_string()))
        })
        .collect()
}

fn check_pairs(m: &Model, key: &str, v: &str) -> Result<(), String> {
    for t in v.split_whitespace() {
        let Some((a, b)) = t.split_once(':') else {
            return Err(format!("`{t}` is not `letter:value`"));
        };
        let mut ac = a.chars();
        let (Some(x), None) = (ac.next(), ac.next()) else {
            return Err(format!("`{a}` is not one piece letter"));
        };
        if m.type_of_letter(x).is_none() {
            return Err(format!("`{x}` is not a piece of this variant"));
        }
        if key == "promotionLimit" {
            b.parse::<u32>().map_err(|_| format!("`{b}` is not a count"))?;
        } else if b != "-" {
            let mut bc = b.chars();
            match (bc.next(), bc.next()) {
                (Some(y), None) if m.type_of_letter(y).is_some() => {}
                _ => return Err(format!("`{b}` is not a piece of this variant")),
            }
        }
    }
    Ok(())
}

fn resolved_pairs(m: &Model, k: &str) -> BTreeMap<usize, usize> {
    match m.props.get(&format!("{k}#types")) {
        Some((Val::Text(t), _)) => t
            .split_whitespace()
            .filter_map(|p| {
                let (a, b) = p.split_once(':')?;
                Some((a.parse().ok()?, b.parse().ok()?))
            })
            .collect(),
        _ => BTreeMap::new(),
    }
}

fn kind_words(k: Kind) -> String {
    match k {
        Kind::Bool => "true or false".into(),
        Kind::Int => "a whole number".into(),
        Kind::Rank => "a rank, 1–10".into(),
        Kind::File => "a file, 1–12 or a–l".into(),
        Kind::Squares => "squares such as `d4 e5`, `*1` (a rank) or `a*` (a file)".into(),
        Kind::Value | Kind::Enum(_) => {
            let list = if let Kind::Enum(l) = k { l } else { VALUES };
            format!("one of {}", list.join(", "))
        }
        Kind::Rights => "castling rights KQkq".into(),
        _ => "text".into(),
    }
}

fn scalar(kind: Kind, v: &str) -> Option<Val> {
    Some(match kind {
        Kind::Bool => match v {
            "true" => Val::Bool(true),
            "false" => Val::Bool(false),
            _ => return None,
        },
        Kind::Int => Val::Int(v.parse::<i64>().ok().filter(|n| (0..=1_000_000).contains(n))?),
        Kind::Rank => {
            let n: i64 = v.parse().ok()?;
            if !(1..=RANKS as i64).contains(&n) {
                return None;
            }
            Val::Int(n - 1)
        }
        Kind::File => {
            let n: i64 = if v.chars().next()?.is_ascii_digit() {
                v.parse().ok()?
            } else {
                let mut c = v.chars();
                let f = c.next()?;
                if c.next().is_some() || !f.is_ascii_lowercase() {
                    return None;
                }
                f as i64 - 'a' as i64 + 1
            };
            if !(1..=FILES as i64).contains(&n) {
                return None;
            }
            Val::Int(n - 1)
        }
        Kind::Squares => Val::Squares(parse_squares(v)?),
        Kind::Text => Val::Text(v.to_string()),
        Kind::Value => Val::Text(VALUES.contains(&v).then(|| v.to_string())?),
        Kind::Enum(list) => Val::Text(list.contains(&v).then(|| v.to_string())?),
        Kind::Rights => {
            if !v.chars().all(|c| "KQkq-".contains(c) || c.is_whitespace()) {
                return None;
            }
            Val::Text(v.replace('-', "").split_whitespace().collect())
        }
        Kind::Set | Kind::Type => return None,
    })
}

// ----------------------------------------------------------- resolution

const BUILTINS: &str = include_str!("fsf_builtins.ini");

fn builtins() -> Ini {
    // The file is part of the program; tests check that it reads.
    ini::parse("fsf_builtins.ini", BUILTINS).unwrap_or(Ini {
        file: String::new(),
        text: String::new(),
        sections: Vec::new(),
    })
}

/// Names of Fairy-Stockfish's built-in variants (pyffish 0.0.90), which an
/// ini section may not redefine.
pub const BUILTIN_NAMES: &[&str] = &[
    "3check",
    "5check",
    "ai-wok",
    "almost",
    "amazon",
    "amazons",
    "antichess",
    "armageddon",
    "asean",
    "ataxx",
    "atomar",
    "atomic",
    "berolina",
    "breakthrough",
    "bughouse",
    "cambodian",
    "capablanca",
    "capahouse",
    "caparandom",
    "centaur",
    "chancellor",
    "chaturanga",
    "checkshogi",
    "chess",
    "chessgi",
    "chigorin",
    "clobber",
    "clobber10",
    "codrus",
    "coregal",
    "courier",
    "crazyhouse",
    "dobutsu",
    "dragon",
    "duck",
    "embassy",
    "euroshogi",
    "extinction",
    "fairy",
    "fischerandom",
    "flipello",
    "flipello10",
    "flipersi",
    "fox-and-hounds",
    "gardner",
    "georgian",
    "giveaway",
    "gorogoro",
    "gothic",
    "grand",
    "grasshopper",
    "gustav3",
    "hoppelpoppel",
    "horde",
    "isolation",
    "isolation7x7",
    "janggi",
    "janggicasual",
    "janggimodern",
    "janggitraditional",
    "janus",
    "jesonmor",
    "joust",
    "judkins",
    "karouk",
    "kinglet",
    "kingofthehill",
    "knightmate",
    "koedem",
    "kyotoshogi",
    "legan",
    "loop",
    "losalamos",
    "losers",
    "makpong",
    "makruk",
    "manchu",
    "micro",
    "mini",
    "minishogi",
    "minixiangqi",
    "misere",
    "modern",
    "newzealand",
    "nightrider",
    "nocastle",
    "nocheckatomic",
    "normal",
    "okisakishogi",
    "omicron",
    "opulent",
    "paradigm",
    "pawnback",
    "pawnsideways",
    "perfect",
    "petrified",
    "placement",
    "pocketknight",
    "raazuvaa",
    "racingkings",
    "seirawan",
    "shako",
    "shatar",
    "shatranj",
    "shogi",
    "shoshogi",
    "shouse",
    "sittuyin",
    "snailtrail",
    "sortofalmost",
    "spartan",
    "suicide",
    "supply",
    "tencubed",
    "threekings",
    "torishogi",
    "torpedo",
    "troitzky",
    "wolf",
    "xiangqi",
    "yarishogi",
];

/// Resolves one section of `ini` (by index): its parents first, built-in
/// or earlier in the file, as Fairy-Stockfish does.
#[allow(clippy::result_large_err)] // one diagnostic per section or file: its size costs nothing
pub fn resolve(ini: &Ini, index: usize) -> Result<Model, Diagnostic> {
    let section = &ini.sections[index];
    if BUILTIN_NAMES.contains(&section.name.as_str()) {
        return Err(ini
            .error(
                section.span.clone(),
                format!(
                    "`{}` is one of Fairy-Stockfish's built-in variants: it ignores this section",
                    section.name
                ),
            )
            .help("give the variant a name of its own"));
    }
    if let Some(first) = ini.sections[..index].iter().position(|s| s.name == section.name) {
        return Err(ini.error(
            section.span.clone(),
            format!(
                "a second section `{}` (the first is on line {}): Fairy-Stockfish ignores it",
                section.name, ini.sections[first].line
            ),
        ));
    }
    // The chain of ini sections, nearest first.
    let mut chain = vec![index];
    let mut builtin_parent: Option<String> = None;
    loop {
        let cur = &ini.sections[*chain.last().unwrap_or(&index)];
        let Some(p) = &cur.parent else { break };
        let here = *chain.last().unwrap_or(&index);
        let span = cur.parent_span.clone().unwrap_or(cur.span.clone());
        if let Some(pi) = ini.sections[..here].iter().position(|s| &s.name == p) {
            chain.push(pi);
            continue;
        }
        if BUILTIN_NAMES.contains(&p.as_str()) {
            builtin_parent = Some(p.clone());
            break;
        }
        if let Some(later) = ini.sections.iter().position(|s| &s.name == p) {
            // Defined below: a cycle if following it comes back here.
            let mut seen = BTreeSet::from([here]);
            let mut at = later;
            loop {
                if !seen.insert(at) {
                    return Err(ini.error(
                        span,
                        format!(
                            "inheritance cycle: `{}` comes back to itself through `{p}`",
                            cur.name
                        ),
                    ));
                }
                match ini.sections[at]
                    .parent
                    .as_ref()
                    .and_then(|q| ini.sections.iter().position(|s| &s.name == q))
                {
                    Some(n) => at = n,
                    None => break,
                }
            }
            return Err(ini.error(span, format!("parent `{p}` is defined further down: Fairy-Stockfish reads a parent only when it is above")));
        }
        return Err(ini
            .error(span, format!("unknown parent variant `{p}`"))
            .help("a parent is a section above this one or one of Fairy-Stockfish's built-in variants"));
    }
    let mut model = match &builtin_parent {
        Some(b) => builtin_model(b, ini, &ini.sections[*chain.last().unwrap_or(&index)])?,
        None => Model::base(&section.name, false),
    };
    for &i in chain.iter().rev() {
        apply(
            &mut model,
            &Reader {
                ini,
                section: &ini.sections[i],
                builtin: false,
            },
        )?;
    }
    model.name = section.name.clone();
    model.parents = chain[1..]
        .iter()
        .map(|&i| ini.sections[i].name.clone())
        .chain(builtin_parent)
        .collect();
    Ok(model)
}

#[allow(clippy::result_large_err)] // one diagnostic per section or file: its size costs nothing
fn builtin_model(name: &str, ini: &Ini, child: &Section) -> Result<Model, Diagnostic> {
    let b = builtins();
    let Some(idx) = b.sections.iter().position(|s| s.name == name) else {
        let span = child.parent_span.clone().unwrap_or(child.span.clone());
        return Err(ini.error(span, format!("chimera does not know the settings of Fairy-Stockfish's built-in `{name}` yet"))
            .help("import a section whose parents are in the file, or one of: chess, crazyhouse, giveaway, antichess, extinction, nocheckatomic, atomic, 3check, kingofthehill, racingkings, makruk, pocketknight, placement, minishogi, gorogoro, shogi, losalamos, gardner, breakthrough, capablanca, janus, grand, xiangqi, janggi, amazons, ataxx, flipersi, flipello, snailtrail"));
    };
    let mut chain = vec![idx];
    while let Some(p) = &b.sections[*chain.last().unwrap_or(&idx)].parent {
        match b.sections.iter().position(|s| &s.name == p) {
            Some(i) if !chain.contains(&i) => chain.push(i),
            _ => break,
        }
    }
    let mut m = Model::base(name, true);
    for &i in chain.iter().rev() {
        apply(
            &mut m,
            &Reader {
                ini: &b,
                section: &b.sections[i],
                builtin: true,
            },
        )?;
    }
    Ok(m)
}

// -------------------------------------------------------------- translate

/// Something a section says that chimera cannot (yet).
#[derive(Debug, Clone)]
pub struct Problem {
    /// The key, or the section when it is about the whole variant.
    pub key: String,
    /// Where (the user's file), `None` when a built-in parent set it.
    pub span: Option<Range<usize>>,
    /// Why.
    pub reason: String,
}

struct Tx<'a> {
    m: &'a Model,
    used: RefCell<BTreeSet<String>>,
    problems: RefCell<Vec<Problem>>,
    files: u32,
    ranks: u32,
}

impl Tx<'_> {
    fn val(&self, k: &str) -> &Val {
        self.used.borrow_mut().insert(k.to_string());
        self.m.get(k)
    }
    fn bool(&self, k: &str) -> bool {
        matches!(self.val(k), Val::Bool(true))
    }
    fn int(&self, k: &str) -> i64 {
        if let Val::Int(n) = self.val(k) { *n } else { 0 }
    }
    fn text(&self, k: &str) -> String {
        if let Val::Text(t) = self.val(k) {
            t.clone()
        } else {
            String::new()
        }
    }
    fn squares(&self, k: &str) -> Bb {
        if let Val::Squares(b) = self.val(k) {
            *b & self.board()
        } else {
            0
        }
    }
    fn set(&self, k: &str) -> u128 {
        if let Val::Set(s) = self.val(k) { *s } else { 0 }
    }
    fn ty(&self, k: &str) -> usize {
        if let Val::Type(t) = self.val(k) { *t } else { 0 }
    }
    fn board(&self) -> Bb {
        (0..self.ranks).fold(0, |b, r| b | (0..self.files).fold(0, |b, f| b | sq(f, r)))
    }
    fn src(&self, k: &str) -> Option<Src> {
        self.m.props.get(k).and_then(|(_, s)| s.clone())
    }
    /// A comment naming where a property came from.
    fn from(&self, keys: &[&str]) -> String {
        let mut parts: Vec<String> = Vec::new();
        for k in keys {
            let s = match self.src(k) {
                Some(s) if s.line > 0 => format!("{} (line {})", s.key, s.line),
                Some(s) => format!("{} (built-in `{}`)", s.key, s.section),
                None => continue,
            };
            if !parts.contains(&s) {
                parts.push(s);
            }
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!("# from {}\n", parts.join(", "))
        }
    }
    fn problem(&self, k: &str, reason: impl Into<String>) {
        let (key, span) = match self.src(k) {
            Some(s) => (s.key.clone(), s.span.clone()),
            None => (k.split('.').next().unwrap_or(k).to_string(), None),
        };
        let reason = reason.into();
        let mut problems = self.problems.borrow_mut();
        if !problems.iter().any(|p| p.key == key && p.reason == reason) {
            problems.push(Problem { key, span, reason });
        }
    }
    fn same_both(&self, k: &str) -> bool {
        let (w, b) = (
            self.val(&format!("{k}.w")).clone(),
            self.val(&format!("{k}.b")).clone(),
        );
        if w != b {
            self.problem(
                &format!("{k}.w"),
                format!("`{k}` differs between the sides; chimera's rules are the same for both"),
            );
            return false;
        }
        true
    }
    /// The relative ranks (1-based, first player's view) of a region that is
    /// whole ranks, the second player's being the mirror image; or why not.
    fn try_rank_region(&self, kw: &str, kb: &str) -> Result<Vec<u32>, String> {
        let (w, b) = (self.squares(kw), self.squares(kb));
        let ranks_of = |bb: Bb| -> Option<Vec<u32>> {
            let mut out = Vec::new();
            for r in 0..self.ranks {
                let row = bb & rank_bb(r) & self.board();
                if row == 0 {
                    continue;
                }
                if row != rank_bb(r) & self.board() {
                    return None;
                }
                out.push(r);
            }
            Some(out)
        };
        let (Some(rw), Some(rb)) = (ranks_of(w), ranks_of(b)) else {
            return Err("a region that is not whole ranks (chimera gives these by relative rank)".into());
        };
        let mirrored: Vec<u32> = {
            let mut v: Vec<u32> = rb.iter().map(|r| self.ranks - 1 - r).collect();
            v.sort();
            v
        };
        if mirrored != rw {
            return Err(format!(
                "the second side's region ({}) is not the mirror image of the first's ({})",
                names(self, b),
                names(self, w)
            ));
        }
        Ok(rw.iter().map(|r| r + 1).collect())
    }
    fn square_names(&self, b: Bb) -> Vec<String> {
        let mut out = Vec::new();
        for r in 0..self.ranks {
            for f in 0..self.files {
                if b & sq(f, r) != 0 {
                    out.push(format!("{}{}", (b'a' + f as u8) as char, r + 1));
                }
            }
        }
        out
    }
}

fn names(t: &Tx, b: Bb) -> String {
    let n = t.square_names(b);
    if n.is_empty() { "none".into() } else { n.join(" ") }
}

fn q(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}
fn qlist(v: &[String]) -> String {
    format!("[{}]", v.iter().map(|s| q(s)).collect::<Vec<_>>().join(", "))
}
fn nums(v: &[u32]) -> String {
    format!(
        "[{}]",
        v.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ")
    )
}

/// The piece types of xiangqi, in the order of the `chasing` hook's names
/// for them.
const XIANGQI_TYPES: [(&str, &str); 7] = [
    ("king", "general"),
    ("fers", "advisor"),
    ("elephant", "elephant"),
    ("horse", "horse"),
    ("rook", "chariot"),
    ("cannon", "cannon"),
    ("soldier", "soldier"),
];

thread_local! {
    /// Set while a section with xiangqi's chasing rule is translated: its
    /// pieces take the names the `chasing` hook finds them by.
    static XIANGQI_NAMES: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// chimera's name of a piece type.
fn cname(pt: usize) -> String {
    let name = piece_name(pt);
    if XIANGQI_NAMES.with(std::cell::Cell::get)
        && let Some((_, x)) = XIANGQI_TYPES.iter().find(|(n, _)| *n == name)
    {
        return (*x).into();
    }
    name
}

/// The result of translating a section.
#[derive(Debug)]
pub struct Translation {
    /// The rules file, if the section could be said.
    pub toml: Option<String>,
    /// What could not be said.
    pub problems: Vec<Problem>,
}

/// Writes the model as a chimera rules file. `source` names the ini file
/// in the rules file's sources.
pub fn translate(m: &Model, source: &str) -> Translation {
    let files = match m.get("maxFile") {
        Val::Int(n) => *n as u32 + 1,
        _ => 8,
    };
    let ranks = match m.get("maxRank") {
        Val::Int(n) => *n as u32 + 1,
        _ => 8,
    };
    let t = Tx {
        m,
        used: RefCell::new(BTreeSet::new()),
        problems: RefCell::new(Vec::new()),
        files,
        ranks,
    };
    t.val("maxFile");
    t.val("maxRank");
    let mut out = String::new();
    let parents = if m.parents.is_empty() {
        String::new()
    } else {
        format!(" (inheriting from {})", m.parents.join(" ← "))
    };
    out.push_str(&format!(
        "# Imported by `chimera import fsf` from Fairy-Stockfish's ini format: section [{}]{parents} of {source}.\n# Comments name the ini keys each part comes from.\n",
        m.name
    ));
    if let Some((what, src)) = &m.not_importable {
        t.problems.borrow_mut().push(Problem {
            key: src.section.clone(),
            span: None,
            reason: format!("built-in parent `{}`: {what}", src.section),
        });
    }
    out.push_str(&format!(
        "[variant]\nname = {}\ndescription = {}\nsources = {}\n\n",
        q(&m.name),
        q(&format!(
            "Fairy-Stockfish variant `{}`, imported from its ini definition.",
            m.name
        )),
        qlist(&[format!("{source} [{}]", m.name)])
    ));
    out.push_str(&format!(
        "{}[board]\nfiles = {files}\nranks = {ranks}\n\n",
        t.from(&["maxFile", "maxRank"])
    ));
    out.push_str("# Fairy-Stockfish turns the second side's moves by 180 degrees.\n[sides]\nfirst = { name = \"white\", letter = \"w\" }\nsecond = { name = \"black\", letter = \"b\" }\nsecond_orientation = \"rotate\"\n\n[text]\nposition = \"fen\"\n");
    for k in COSMETIC.iter().chain(["pieceValueMg", "pieceValueEg"].iter()) {
        if m.props.contains_key(*k) {
            t.val(k);
        }
    }
    // Xiangqi's chasing rule is chimera's `chasing` hook, which finds
    // xiangqi's seven pieces by their names.
    let chasing = t.text("chasingRule") == "axf";
    let xiangqi = m.types();
    let has_xiangqi = XIANGQI_TYPES
        .iter()
        .all(|(n, _)| xiangqi.iter().any(|&pt| piece_name(pt) == *n));
    XIANGQI_NAMES.with(|c| c.set(chasing && has_xiangqi));
    let (body, hand_order) = pieces_and_rules(&t);
    XIANGQI_NAMES.with(|c| c.set(false));
    if chasing && has_xiangqi {
        let at = out.find("[variant]").unwrap_or(0);
        out.insert_str(
            at,
            "# from chasingRule = axf: xiangqi's perpetual chase loses (a native rule)\nhooks = [\"chasing\"]\n\n",
        );
    }
    if let Some(order) = hand_order {
        out.push_str(&format!(
            "# Fairy-Stockfish writes a hand by its piece types, the last first\nhand_order = {}\n",
            qlist(&order)
        ));
    }
    out.push('\n');
    out.push_str(&body);
    // Anything set and not read is not silently dropped.
    let used = t.used.borrow().clone();
    let defaults = defaults();
    for (k, (v, src)) in &m.props {
        if used.contains(k) || k.ends_with("#types") {
            continue;
        }
        let changed = defaults.get(k).is_none_or(|d| d != v);
        if changed {
            let key = src.as_ref().map_or(k.clone(), |s| s.key.clone());
            if !t.problems.borrow().iter().any(|p| p.key == key) {
                t.problems.borrow_mut().push(Problem {
                    key,
                    span: src.as_ref().and_then(|s| s.span.clone()),
                    reason: "no chimera rule says this (yet)".into(),
                });
            }
        }
    }
    let problems = t.problems.into_inner();
    Translation {
        toml: problems.is_empty().then_some(out),
        problems,
    }
}

struct PieceOut {
    pt: usize,
    name: String,
    symbol: String,
    betza: String,
    lines: Vec<String>,
    comment: String,
}

/// What the translation of a section computes once and its parts share.
struct Plan {
    drops: bool,
    to_hand: bool,
    mandatory_pawn: bool,
    pawns_promote: bool,
    mandatory_piece: bool,
    /// `pieceDemotion`: a promoted piece turns back by a move as it
    /// promoted (Kyoto shogi).
    demotion: bool,
    /// `piecePromotionOnCapture`: pieces promote (and demote) only by
    /// capturing.
    on_capture: bool,
    /// `dropPromoted`: a piece in hand may also be dropped promoted.
    drop_promoted: bool,
    ep: u128,
    /// An en passant capture may end in the capturer's promotion zone:
    /// `[promotion] en_passant_promotes = false`.
    ep_unpromoted: bool,
    resets: u128,
    drop_no_doubled: usize,
    no_doubled_count: i64,
    pawn_drop_mate: bool,
    first_rank_pawn: bool,
    zone_pawn: bool,
    soldier_rank: i64,
    blast_immune: u128,
    ext_types: u128,
    ext_count: i64,
    ext_opp: i64,
    blast: bool,
    /// Fairy-Stockfish's pseudo-royal piece types, each with its
    /// `royal_while_at_most` when a side may have more than count + 1.
    pseudo_royal: Vec<(usize, Option<i64>)>,
    types: Vec<usize>,
    /// The promotion pawn types and promotion pieces (of both sides
    /// together where they differ; then `prom_sides` has each side's).
    prom_pawns: Vec<usize>,
    prom_to: Vec<usize>,
    prom_sides: Option<SidePromotions>,
    limits: BTreeMap<usize, usize>,
    promoted: BTreeMap<usize, usize>,
    prom_ranks: Vec<u32>,
    /// The promotion squares of each side, when they are not ranks that
    /// mirror each other.
    prom_squares: Option<[Vec<String>; 2]>,
    /// The `initial_ranks` or `initial_squares` line of the double-step
    /// region, when some piece uses it.
    dsr: Option<String>,
    /// The pawn's `extra_moves` line for its triple steps, when it has any.
    triple: Option<String>,
    drop_ranks: Option<Vec<u32>>,
    /// Each side's drop squares, when `drop_ranks` cannot say them.
    drop_sides: Option<[Bb; 2]>,
    ext_value: String,
    /// No en passant at all (`enPassantRegion = -`).
    no_ep: bool,
    /// The types that petrify on capture (`petrifyOnCaptureTypes`).
    petrify: u128,
    /// Fairy-Stockfish's twoBoards: pawns promote to promoted kinds
    /// (written with `~`), the hands are supplied from outside.
    two_boards: bool,
}

/// The rules after `[text]`, and the hand order to write there (when the
/// section has hands).
fn pieces_and_rules(t: &Tx) -> (String, Option<Vec<String>>) {
    let mut p = plan(t);
    p.petrify = petrify_types(t, &p);
    // Read (and refused, when so) whatever pieces there are.
    cambodian_moves(t, &p);
    let mut pieces = Vec::new();
    let mut promoted_kinds: Vec<PieceOut> = Vec::new();
    for &pt in &p.types {
        if let Some(piece) = piece_out(t, &p, pt, &mut promoted_kinds) {
            pieces.push(piece);
        }
    }
    // Fairy-Stockfish's rules name piece types; a promoted kind of chimera's
    // is its own piece, so a rule naming its type must name it too.
    let kinds: Vec<(usize, String)> = pieces
        .iter()
        .chain(promoted_kinds.iter())
        .map(|k| (k.pt, k.name.clone()))
        .collect();
    let end = extinction_end(t, &p, &kinds);
    let mut out = write_pieces(t, &p, &pieces, promoted_kinds);
    out.push_str(&hand_and_gating(t, &p));
    out.push_str(&setup_and_castling(t));
    out.push_str(&walls_table(t));
    out.push_str(&moves_table(t, &p));
    out.push_str(&end_rules(t, &p, end, &kinds));
    let hands = p.drops || t.text("startFen").contains('[');
    let order = hands.then(|| {
        let mut base: Vec<&PieceOut> = pieces.iter().collect();
        base.sort_by_key(|k| std::cmp::Reverse(k.pt));
        base.iter().map(|k| k.name.clone()).collect()
    });
    (out, order)
}

/// `[walls]`: Fairy-Stockfish's `wallingRule` and `wallingRegion`, and
/// walls (`*`) in the start position.
fn walls_table(t: &Tx) -> String {
    let rule = t.text("wallingRule");
    let in_fen = t
        .text("startFen")
        .split_whitespace()
        .next()
        .is_some_and(|b| b.contains('*'));
    let after = match rule.as_str() {
        "none" => None,
        // Fairy-Stockfish's `static` places a wall after every move too, on
        // any empty square of the walling region (isolation).
        "arrow" => Some(("arrow", false)),
        "static" => Some(("anywhere", false)),
        "duck" => Some(("anywhere", true)),
        "past" => Some(("vacated", false)),
        "edge" => Some(("edge", false)),
        other => {
            t.problem(
                "wallingRule",
                format!("walls placed as `{other}` places them have no chimera rule"),
            );
            return String::new();
        }
    };
    let instead = t.bool("wallOrMove");
    if instead && !matches!(after, Some(("anywhere" | "edge", false))) {
        t.problem(
            "wallOrMove",
            "a wall instead of a move is imported for walls placed anywhere or at the edge, one per turn, not for these",
        );
    }
    // Combinations the comparison with pyffish showed to differ.
    if after.is_some() && t.bool("blastOnCapture") {
        t.problem(
            "wallingRule",
            "walls placed after the move together with explosions are not imported: Fairy-Stockfish puts the wall only on a square that was empty before the move (never where the explosion cleared, nor the capture square: after f1xa6 no wall on a6) and lets the new wall shield the mover's royal piece, which chimera's walls (any square empty after the move, placed once the move is judged) do not say",
        );
    }
    if in_fen && t.text("enclosingDrop") != "none" {
        t.problem(
            "enclosingDrop",
            "walls with drops that must enclose are not imported: Fairy-Stockfish's test of an enclosing drop looks through walls (its board_bb leaves them out), so a drop \"encloses\" an own piece beyond a wall with no enemy piece between, while its flips stop at walls; chimera's enclosing rule stops at walls in both",
        );
    }
    let stones = t.set("petrifyOnCaptureTypes") & !1 != 0;
    if after.is_none() && !in_fen && rule == "none" && !stones {
        t.val("wallingRegion.w");
        t.val("wallingRegion.b");
        return String::new();
    }
    let mut out = format!(
        "{}[walls]\n",
        t.from(&["wallingRule", "startFen", "petrifyOnCaptureTypes"])
    );
    if let Some((where_, single)) = after {
        out.push_str(&format!("after_move = {}\n", q(where_)));
        if single {
            out.push_str("single = true\n");
        }
        if instead {
            out.push_str(&format!("{}instead_of_move = true\n", t.from(&["wallOrMove"])));
        }
    }
    if t.same_both("wallingRegion") {
        let banned = t.board() & !t.squares("wallingRegion.w");
        if banned != 0 && after.is_some() {
            out.push_str(&format!(
                "{}except = {}\n",
                t.from(&["wallingRegion.w"]),
                qlist(&t.square_names(banned))
            ));
        }
    }
    out.push('\n');
    out
}

/// Each side's promotion pawn types and pieces (in Fairy-Stockfish's
/// order), where they differ between the sides.
type SidePromotions = [(Vec<usize>, Vec<usize>); 2];

/// The promotion pawn types and promotion pieces of both sides together,
/// and each side's where they differ.
fn promotion_pieces(t: &Tx, types: &[usize]) -> (Vec<usize>, Vec<usize>, Option<SidePromotions>) {
    let pawns = |k: &str| -> Vec<usize> {
        let s = t.set(k);
        if s & 1 != 0 {
            types.to_vec()
        } else {
            types.iter().copied().filter(|&p| s & (1u128 << p) != 0).collect()
        }
    };
    let targets = |k: &str| -> Vec<usize> {
        let s = t.set(k);
        let mut v: Vec<usize> = types.iter().copied().filter(|&p| s & (1u128 << p) != 0).collect();
        v.reverse();
        v
    };
    let sides = [
        (pawns("promotionPawnTypes.w"), targets("promotionPieceTypes.w")),
        (pawns("promotionPawnTypes.b"), targets("promotionPieceTypes.b")),
    ];
    if sides[0] == sides[1] {
        return (sides[0].0.clone(), sides[0].1.clone(), None);
    }
    let union = |a: &[usize], b: &[usize]| -> Vec<usize> {
        a.iter()
            .chain(b.iter().filter(|x| !a.contains(x)))
            .copied()
            .collect()
    };
    (
        union(&sides[0].0, &sides[1].0),
        union(&sides[0].1, &sides[1].1),
        Some(sides),
    )
}

fn plan(t: &Tx) -> Plan {
    let m = t.m;
    let types = m.types();
    let drops = t.bool("pieceDrops");
    let to_hand = t.bool("capturesToHand");
    let two_boards = t.bool("twoBoards");
    // Promotions, chess style, each side's.
    let (prom_pawns, prom_to, prom_sides) = promotion_pieces(t, &types);
    let mandatory_pawn = t.bool("mandatoryPawnPromotion");
    let limits = resolved_pairs(m, "promotionLimit");
    t.val("promotionLimit");
    let mut promoted = resolved_pairs(m, "promotedPieceType");
    promoted.retain(|from, to| *to != 0 && types.contains(from));
    t.val("promotedPieceType");
    // The promotion region matters only when something promotes.
    let pawns_promote = prom_pawns.iter().any(|p| types.contains(p)) && !prom_to.is_empty();
    let has_pawns = prom_pawns.iter().any(|p| types.contains(p));
    let (prom_ranks, prom_squares) = promotion_zone(t, has_pawns, promoted.is_empty());
    let mandatory_piece = t.bool("mandatoryPiecePromotion");
    let demotion = t.bool("pieceDemotion");
    let on_capture = t.bool("piecePromotionOnCapture");
    let drop_promoted = t.bool("dropPromoted");
    forced_piece_promotion_to_limited(t, &promoted, &limits, mandatory_piece);
    plan_checks(t);
    // Double steps.
    let dsr = double_step_ranks(t, &types);
    let triple = triple_step_moves(t, &types, dsr.is_some());
    t.same_both("enPassantTypes");
    let ep = t.set("enPassantTypes.w");
    let resets = clock_resets(t, (&prom_to, prom_sides.as_ref()), &promoted, drops);
    let ep_unpromoted = en_passant_into_promotion_zone(t, pawns_promote || !promoted.is_empty());
    let drop_no_doubled = t.ty("dropNoDoubled");
    let no_doubled_count = t.int("dropNoDoubledCount");
    let pawn_drop_mate = t.bool("shogiPawnDropMateIllegal");
    let first_rank_pawn = t.bool("firstRankPawnDrops");
    let zone_pawn = t.bool("promotionZonePawnDrops");
    let (drop_ranks, drop_sides) = drop_region(t, drops);
    let soldier_rank = t.int("soldierPromotionRank");
    let blast_immune = t.set("blastImmuneTypes");
    let extinction_royal = t.bool("extinctionPseudoRoyal");
    let ext_types = t.set("extinctionPieceTypes");
    let ext_value = t.text("extinctionValue");
    let ext_count = t.int("extinctionPieceCount");
    let ext_opp = t.int("extinctionOpponentPieceCount");
    let blast = t.bool("blastOnCapture");
    // Fairy-Stockfish's pseudo-royal pieces: while a side has at most
    // extinctionPieceCount + 1 of the kind, each is royal (and, without
    // explosions, the extinction rule does not apply). chimera's royal
    // pieces say this when no side ever has more than that many: at most
    // that many at the start, and none made by promotion.
    let pseudo_royal = pseudo_royal_kinds(
        t,
        to_hand,
        &types,
        &prom_to,
        pawns_promote,
        &promoted,
        extinction_royal,
        &ext_value,
        ext_types,
        ext_count,
    );
    Plan {
        drops,
        to_hand,
        mandatory_pawn,
        pawns_promote,
        mandatory_piece,
        demotion,
        on_capture,
        drop_promoted,
        ep,
        ep_unpromoted,
        resets,
        drop_no_doubled,
        no_doubled_count,
        pawn_drop_mate,
        first_rank_pawn,
        zone_pawn,
        soldier_rank,
        blast_immune,
        ext_types,
        ext_count,
        ext_opp,
        blast,
        pseudo_royal,
        types,
        prom_pawns,
        prom_to,
        prom_sides,
        limits,
        promoted,
        prom_ranks,
        prom_squares,
        dsr,
        triple,
        drop_ranks,
        drop_sides,
        ext_value,
        no_ep: t.squares("enPassantRegion.w") & t.board() == 0
            && t.squares("enPassantRegion.b") & t.board() == 0,
        petrify: 0,
        two_boards,
    }
}

/// Whether an en passant capture may end in the capturer's promotion zone
/// (the square a double step of one side passes over lies in the other's
/// region) while something promotes: Fairy-Stockfish never promotes an en
/// passant capture (its en passant moves carry no promotion, even where
/// promotion is mandatory), which chimera's `[promotion]
/// en_passant_promotes = false` says.
fn en_passant_into_promotion_zone(t: &Tx, promotes: bool) -> bool {
    if !promotes || !t.bool("doubleStep") {
        return false;
    }
    // The squares a double step passes over, per side.
    let passed = [
        t.squares("doubleStepRegion.w") << FILES,
        t.squares("doubleStepRegion.b") >> FILES,
    ];
    passed[1] & t.squares("promotionRegion.w") != 0 || passed[0] & t.squares("promotionRegion.b") != 0
}

/// A forced piece promotion (`mandatoryPiecePromotion`) to a type with a
/// `promotionLimit`: at the limit Fairy-Stockfish lets the piece move into
/// the zone without promoting, where chimera's forced promotion with no
/// choice left bars the move. (A pawn's own piece promotion is not limited
/// in Fairy-Stockfish: no limit is written for it.)
fn forced_piece_promotion_to_limited(
    t: &Tx,
    promoted: &BTreeMap<usize, usize>,
    limits: &BTreeMap<usize, usize>,
    mandatory: bool,
) {
    if !mandatory {
        return;
    }
    if let Some((&from, &to)) = promoted
        .iter()
        .find(|&(&from, to)| from != PAWN && limits.contains_key(to))
    {
        t.problem(
            "promotionLimit",
            format!(
                "`{}` must promote to `{}`, whose promotion is limited: at the limit Fairy-Stockfish lets it move without promoting, which chimera's forced promotion does not",
                piece_name(from),
                piece_name(to)
            ),
        );
    }
}

/// `dropRegionWhite/Black`: as relative ranks when they are whole ranks,
/// each the other's mirror image; otherwise each side's squares.
fn drop_region(t: &Tx, drops: bool) -> (Option<Vec<u32>>, Option<[Bb; 2]>) {
    if !drops {
        t.val("dropRegion.w");
        t.val("dropRegion.b");
        return (None, None);
    }
    match t.try_rank_region("dropRegion.w", "dropRegion.b") {
        Ok(r) => (Some(r), None),
        Err(_) => (None, Some([t.squares("dropRegion.w"), t.squares("dropRegion.b")])),
    }
}

/// The promotion region as relative ranks; or, when the sides' regions
/// are not each other's mirror image, as each side's squares (promotion
/// rules per side).
fn promotion_zone(
    t: &Tx,
    has_pawns: bool,
    no_piece_promotions: bool,
) -> (Vec<u32>, Option<[Vec<String>; 2]>) {
    if !has_pawns && no_piece_promotions {
        t.val("promotionRegion.w");
        t.val("promotionRegion.b");
        return (Vec::new(), None);
    }
    match t.try_rank_region("promotionRegion.w", "promotionRegion.b") {
        Ok(r) => (r, None),
        Err(_) => (
            Vec::new(),
            Some([
                t.square_names(t.squares("promotionRegion.w") & t.board()),
                t.square_names(t.squares("promotionRegion.b") & t.board()),
            ]),
        ),
    }
}

/// The double-step region, when some piece uses it, as the line that says
/// it: `initial_ranks` when the sides' regions are whole ranks that mirror
/// each other, otherwise each side's `initial_squares` by name.
fn double_step_ranks(t: &Tx, types: &[usize]) -> Option<String> {
    let m = t.m;
    let double = t.bool("doubleStep");
    let initial_moves = types.iter().any(|&p| p == PAWN || pieces_def(m, p).contains('i'));
    let (kw, kb) = ("doubleStepRegion.w", "doubleStepRegion.b");
    if initial_moves && double && (t.squares(kw) | t.squares(kb)) & t.board() != 0 {
        Some(match t.try_rank_region(kw, kb) {
            Ok(r) => format!("initial_ranks = {}", nums(&r)),
            Err(_) => format!(
                "initial_squares = [{}]",
                side_squares(t, t.squares(kw), t.squares(kb))
            ),
        })
    } else {
        t.val(kw);
        t.val(kb);
        None
    }
}

/// `tripleStepRegionWhite/Black`: a pawn standing there may also step three
/// squares ahead through empty squares, and both squares it passed are
/// en-passant squares. In chimera, the pawn's extra moves from those
/// squares: an initial lame three-square step (`ifmnH`), which leaves both
/// squares it passes as en-passant squares. Its `i` needs the squares to
/// be initial ones too, so the regions must lie within the double-step
/// region; by relative rank when they are whole ranks that mirror each
/// other, otherwise by square names (the same for both sides, so each
/// side's names must not name another of its double-step squares).
fn triple_step_moves(t: &Tx, types: &[usize], double: bool) -> Option<String> {
    let (kw, kb) = ("tripleStepRegion.w", "tripleStepRegion.b");
    let (w, b) = (t.squares(kw), t.squares(kb));
    if w | b == 0 || !types.contains(&PAWN) {
        return None;
    }
    let (dw, db) = (t.squares("doubleStepRegion.w"), t.squares("doubleStepRegion.b"));
    if !double {
        t.problem(
            kw,
            "pawn triple steps without double steps are not imported (chimera's `i` moves need the double-step region)",
        );
        return None;
    }
    if w & !dw != 0 || b & !db != 0 {
        t.problem(
            kw,
            "pawn triple steps from squares outside the double-step region are not imported (chimera's `i` moves start only from the initial squares)",
        );
        return None;
    }
    let from = match t.try_rank_region(kw, kb) {
        Ok(r) => format!("ranks = {}", nums(&r)),
        Err(_) if (w | b) & dw == w && (w | b) & db == b => {
            format!("squares = {}", qlist(&t.square_names(w | b)))
        }
        Err(why) => {
            t.problem(
                kw,
                format!("pawn triple steps from this region are not imported: {why}"),
            );
            return None;
        }
    };
    Some(format!("extra_moves = {{ {from}, betza = \"ifmnH\" }}"))
}

/// `{ side = "first", squares = […] }, { side = "second", … }` for two
/// sets of squares (a side with none is left out).
fn side_squares(t: &Tx, w: Bb, b: Bb) -> String {
    [("first", w), ("second", b)]
        .iter()
        .filter(|(_, bb)| bb & t.board() != 0)
        .map(|(side, bb)| {
            format!(
                "{{ side = {}, squares = {} }}",
                q(side),
                qlist(&t.square_names(bb & t.board()))
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Settings that are only ever reported.
/// Fairy-Stockfish's `petrifyOnCaptureTypes`: chimera's
/// `petrifies_on_capture`, which turns a capturer of the kind to stone on
/// its destination (with explosions, instead of being blown up; the stone
/// does not shield its own side on that move, as Fairy-Stockfish judges
/// the capture square empty). Fairy-Stockfish decides by the piece that
/// ends the move (with explosions) or by both it and the capturer
/// (without), chimera by the capturer: a promotion between a kind that
/// petrifies and one that does not is reported, as are captures to the
/// hand (the petrified capturer goes there too in Fairy-Stockfish), a
/// petrifying king, and `petrifyBlastPieces` (pieces blown up turning to
/// stone). `*` names no type there.
fn petrify_types(t: &Tx, p: &Plan) -> u128 {
    let present = set_of(&p.types);
    if p.blast && t.bool("petrifyBlastPieces") {
        t.problem(
            "petrifyBlastPieces",
            "pieces blown up by an explosion turning to stone have no chimera rule",
        );
    } else {
        t.val("petrifyBlastPieces");
    }
    let set = t.set("petrifyOnCaptureTypes") & present;
    if set == 0 {
        return 0;
    }
    let has = |pt: usize| set & (1u128 << pt) != 0;
    let why = if p.to_hand {
        Some("petrified capturers with captures to the hand are not imported (Fairy-Stockfish puts the stone's piece in the hand too)".to_string())
    } else if has(KING) {
        Some("a petrifying king is not imported".into())
    } else if let Some((pt, _)) = p
        .pseudo_royal
        .iter()
        .find(|(pt, most)| has(*pt) && (p.blast || most.is_some()))
    {
        Some(format!(
            "a petrifying pseudo-royal `{}` together with explosions or a royalty by count is not imported",
            piece_name(*pt)
        ))
    } else if p.promoted.iter().any(|(a, b)| has(*a) || has(*b)) {
        Some("petrification together with piece promotions (`promotedPieceType`) is not imported".into())
    } else {
        petrify_promotion_mismatch(p, &has)
    };
    if let Some(why) = why {
        t.problem("petrifyOnCaptureTypes", why);
    }
    set
}

/// A pawn promotion between a kind that petrifies and one that does not,
/// where Fairy-Stockfish's choice (the promoted piece with explosions; both
/// without) differs from chimera's (the capturer).
fn petrify_promotion_mismatch(p: &Plan, has: &dyn Fn(usize) -> bool) -> Option<String> {
    for &pawn in p.prom_pawns.iter().filter(|pt| p.types.contains(pt)) {
        for &to in &p.prom_to {
            let differs = if p.blast {
                has(pawn) != has(to)
            } else {
                has(pawn) && !has(to)
            };
            if differs {
                return Some(format!(
                    "a `{}` promoting to a `{}` where one petrifies and the other not: Fairy-Stockfish decides by the promoted piece{}, chimera by the capturer",
                    piece_name(pawn),
                    piece_name(to),
                    if p.blast { "" } else { " too" }
                ));
            }
        }
    }
    None
}

fn plan_checks(t: &Tx) {
    if t.bool("dropLoop") {
        t.problem(
            "dropLoop",
            "captured promoted pieces that keep their promotion in hand are not imported",
        );
    }
    // The whole board, or no square at all (no en passant: no `e` on any
    // piece's moves).
    let board = t.board();
    let (w, b) = (
        t.squares("enPassantRegion.w") & board,
        t.squares("enPassantRegion.b") & board,
    );
    if !(w == board && b == board || w == 0 && b == 0) && en_passant_from_ranks(t).is_none() {
        let k = if w == board || w == 0 && b != 0 && b != board {
            "enPassantRegion.b"
        } else {
            "enPassantRegion.w"
        };
        t.problem(
            k,
            "en passant limited to a region is imported for the pawn's double steps from whole ranks, the squares they pass being whole ranks mirrored between the sides (chimera's `en_passant_from_ranks`), not here",
        );
    }
}

/// `enPassantRegionWhite/Black` that is neither the whole board nor empty:
/// Fairy-Stockfish keeps the squares a double step passes only where the
/// other side's region has them (horde: white takes on rank 6, black on
/// rank 3, so a pawn's step from its first rank is never taken). In
/// chimera, the pawn's `en_passant_from_ranks`: the ranks of its double
/// step whose passed rank the other side's region holds. `None` when that
/// cannot say it: double steps of other pieces, triple steps, regions not
/// whole ranks or not mirrored, no rank left.
fn en_passant_from_ranks(t: &Tx) -> Option<Vec<u32>> {
    let board = t.board();
    let (w, b) = (
        t.squares("enPassantRegion.w") & board,
        t.squares("enPassantRegion.b") & board,
    );
    if w == board && b == board || w == 0 && b == 0 {
        return None;
    }
    let m = t.m;
    let others = (0..NTYPES).any(|p| p != PAWN && m.letters[p].is_some() && pieces_def(m, p).contains('i'));
    let triple = t.squares("tripleStepRegion.w") | t.squares("tripleStepRegion.b") != 0;
    if others || triple || !t.bool("doubleStep") {
        return None;
    }
    // A side's squares as its own relative ranks (1 = its first), when they
    // are whole ranks.
    let relative = |bb: Bb, white: bool| -> Option<Vec<u32>> {
        let mut out = Vec::new();
        for r in 0..t.ranks {
            let row = bb & rank_bb(r) & board;
            if row == 0 {
                continue;
            }
            if row != rank_bb(r) & board {
                return None;
            }
            out.push(if white { r + 1 } else { t.ranks - r });
        }
        Some(out)
    };
    // Each side's ranks: those of its double-step region whose next rank
    // (the square passed) the other side's region holds.
    let side = |from: &str, passed: Bb, white: bool| -> Option<Vec<u32>> {
        let passed = relative(passed, white)?;
        let mut out: Vec<u32> = relative(t.squares(from), white)?
            .into_iter()
            .filter(|r| passed.contains(&(r + 1)))
            .collect();
        out.sort();
        Some(out)
    };
    let first = side("doubleStepRegion.w", b, true)?;
    let second = side("doubleStepRegion.b", w, false)?;
    (first == second && !first.is_empty()).then_some(first)
}

/// Fairy-Stockfish's pseudo-royal pieces: while a side has at most
/// extinctionPieceCount + 1 of a listed kind on the board, each of them is
/// royal (and, without explosions, the extinction rule does not apply).
/// chimera's `royal = true` says this when no side ever has more than that
/// many (at most that many at the start, and none made by promotion), and
/// `royal_while_at_most` otherwise.
#[allow(clippy::too_many_arguments)]
fn pseudo_royal_kinds(
    t: &Tx,
    to_hand: bool,
    types: &[usize],
    prom_to: &[usize],
    pawns_promote: bool,
    promoted: &BTreeMap<usize, usize>,
    extinction_royal: bool,
    ext_value: &str,
    ext_types: u128,
    ext_count: i64,
) -> Vec<(usize, Option<i64>)> {
    let m = t.m;
    if !extinction_royal || ext_value == "none" {
        return Vec::new();
    }
    let start_counts = start_counts(&t.text("startFen"));
    let blast = t.bool("blastOnCapture");
    let listed: Vec<usize> = types
        .iter()
        .copied()
        .filter(|&p| ext_types & (1u128 << p) != 0)
        .collect();
    if ext_types & 1 != 0 || listed.is_empty() {
        t.problem(
            "extinctionPseudoRoyal",
            "pseudo-royal pieces of every kind have no chimera rule",
        );
        return Vec::new();
    }
    // Duple check (spartan): with a count of 0, a side's one piece of the
    // type may not be left attacked, and of several not all at once —
    // chimera's `royal = true` with `[end] royal_pieces = "not_all"`,
    // whatever promotions add (Fairy-Stockfish's candidates are every
    // piece of the type).
    if t.bool("dupleCheck") {
        if ext_count == 0 && listed.len() == 1 && !blast && !to_hand {
            return vec![(listed[0], None)];
        }
        t.problem(
            "dupleCheck",
            "duple check is imported for one pseudo-royal type with extinctionPieceCount = 0, without explosions or captures to the hand (chimera's `royal_pieces = \"not_all\"`)",
        );
        return Vec::new();
    }
    let mut out = Vec::new();
    for &p in &listed {
        let letter = m.letters[p].unwrap_or('?');
        let most = start_counts
            .get(&letter.to_ascii_uppercase())
            .copied()
            .unwrap_or(0)
            .max(start_counts.get(&letter).copied().unwrap_or(0));
        let promoted_to = prom_to.contains(&p) && pawns_promote || promoted.values().any(|&v| v == p);
        let bounded_family = royal_family_bounded(t, p, &listed, promoted, ext_count, &start_counts)
            && !(pawns_promote && prom_to.contains(&p));
        if most as i64 <= ext_count + 1 && !promoted_to || bounded_family {
            out.push((p, None));
        } else if prom_to.contains(&p) && pawns_promote {
            t.problem("extinctionPseudoRoyal", format!("a pawn promotion (promotionPieceTypes) to pseudo-royal `{}`: Fairy-Stockfish recounts that kind's royalty within the move, which chimera does not", piece_name(p)));
            return Vec::new();
        } else {
            out.push((p, Some(ext_count + 1)));
        }
    }
    if blast && (out.len() > 1 || out.iter().any(|x| x.1.is_some())) {
        t.problem("extinctionPseudoRoyal", "pseudo-royal pieces of several kinds, or more than count + 1 of a kind, where captures explode have no chimera rule");
        return Vec::new();
    }
    if to_hand && out.iter().any(|x| x.1.is_some()) {
        t.problem("extinctionPseudoRoyal", "pseudo-royal pieces that a side may have more of than count + 1 and that captures put in the hand have no chimera rule (a hand holds no royal piece)");
        return Vec::new();
    }
    out
}

/// One `[[piece]]` (and its promoted kinds into `promoted_kinds`), or `None`
/// with a problem.
fn piece_out(t: &Tx, p: &Plan, pt: usize, promoted_kinds: &mut Vec<PieceOut>) -> Option<PieceOut> {
    let &Plan {
        resets,
        soldier_rank,
        ref pseudo_royal,
        ref dsr,
        ref triple,
        ..
    } = p;
    let m = t.m;
    let letter = m.letters[pt].unwrap_or('?').to_ascii_uppercase();
    let mut lines = Vec::new();
    let mut comment = match &m.piece_src[pt] {
        Some(s) if s.line > 0 => format!("# from {} (line {})\n", s.key, s.line),
        Some(s) => format!("# from {} (built-in `{}`)\n", s.key, s.section),
        None => format!(
            "# a piece of Fairy-Stockfish's built-in `{}`\n",
            m.parents.last().map_or("chess", String::as_str)
        ),
    };
    let mut betza = piece_betza(t, p, pt)?;
    if pt == SOLDIER && soldier_rank > 0 {
        betza = "fW".into();
        let ranks: Vec<u32> = (soldier_rank as u32 + 1..=t.ranks).collect();
        lines.push(format!(
            "extra_moves = {{ ranks = {}, betza = \"sW\" }}",
            nums(&ranks)
        ));
        comment.push_str(&t.from(&["soldierPromotionRank"]));
    }
    janggi_piece_lines(t, pt, &mut comment, &mut lines);
    let has_initial = betza.contains('i') || pt == PAWN;
    if pt == PAWN && dsr.is_some() {
        betza.push_str("ifmnD");
    }
    if has_initial && let Some(r) = &dsr {
        lines.push(r.clone());
        comment.push_str(&t.from(&["doubleStep", "doubleStepRegion.w", "doubleStepRegion.b"]));
        if pt == PAWN
            && let Some(ranks) = en_passant_from_ranks(t)
        {
            lines.push(format!("en_passant_from_ranks = {}", nums(&ranks)));
            comment.push_str(&t.from(&["enPassantRegion.w", "enPassantRegion.b"]));
        }
        if pt != PAWN {
            initial_en_passant(t, p, pt, &mut lines);
        }
        if pt == PAWN
            && let Some(x) = triple
        {
            lines.push(x.clone());
            comment.push_str(&t.from(&["tripleStepRegion.w", "tripleStepRegion.b"]));
        }
    } else if betza.contains('i') {
        t.problem(
            "doubleStep",
            format!(
                "`{}` has moves from its initial squares but the variant has no double-step region",
                piece_name(pt)
            ),
        );
    }
    let pseudo = pseudo_royal.iter().find(|x| x.0 == pt);
    if pt == KING || pseudo.is_some() {
        lines.push("royal = true".into());
        if let Some((_, Some(most))) = pseudo {
            lines.push(format!("royal_while_at_most = {most}"));
        }
        if pt != KING {
            comment.push_str(&t.from(&[
                "extinctionPseudoRoyal",
                "extinctionPieceTypes",
                "extinctionPieceCount",
            ]));
        }
    }
    if resets & (1u128 << pt) != 0 {
        // Fairy-Stockfish resets the clock on the moves such a piece could
        // not undo; for the chess pawn that is every move.
        if pt == PAWN {
            lines.push("resets_clock = true".into());
        } else {
            lines.push("resets_clock = \"irreversible\"".into());
        }
    }
    mobility_region(t, pt, &mut comment, &mut lines);
    piece_promotions(t, p, pt, letter, &mut comment, &mut lines, promoted_kinds);
    piece_drops(t, p, pt, &mut lines);
    capture_rule_lines(t, p, pt, &mut comment, &mut lines);
    Some(PieceOut {
        pt,
        name: cname(pt),
        symbol: letter.to_string(),
        betza,
        lines,
        comment,
    })
}

/// A piece's lines from rules about what it may take or how it may start:
/// Cambodian moves, `mutuallyImmuneTypes`, `petrifyOnCaptureTypes`.
fn capture_rule_lines(t: &Tx, p: &Plan, pt: usize, comment: &mut String, lines: &mut Vec<String>) {
    if (pt == KING || pt == FERS) && cambodian_moves(t, p) {
        // Fairy-Stockfish's cambodianMoves (movegen.cpp): while its gate
        // stands, the king leaps to an empty square a knight's move away
        // on the next rank, not in check; a fers leaps two squares
        // forward onto an empty one; a rook ending its move on the king's
        // file or rank (whatever stands between) takes the king's gate
        // (position.cpp, do_move).
        if pt == KING {
            let aimed = if p.types.contains(&ROOK) {
                format!(", lost_when_aimed_by = {}", qlist(&[cname(ROOK)]))
            } else {
                String::new()
            };
            lines.push(format!(
                "once = {{ betza = \"mfsN\", not_in_check = true{aimed} }}"
            ));
        } else {
            lines.push("once = { betza = \"mfD\" }".into());
        }
        comment.push_str(&t.from(&["cambodianMoves", "gating"]));
    }
    // Fairy-Stockfish's mutuallyImmuneTypes: such a piece cannot take a
    // piece of its own type (position.cpp, `legal`).
    let mutual = t.set("mutuallyImmuneTypes");
    if mutual & (1u128 << pt) != 0 && !immune_types_refused(t, p, "mutuallyImmuneTypes", mutual) {
        let me = qlist(&[cname(pt)]);
        if !lines.contains(&format!("cannot_capture = {me}")) {
            lines.push(format!("cannot_capture = {me}"));
        }
        comment.push_str(&t.from(&["mutuallyImmuneTypes"]));
    }
    if p.petrify & (1u128 << pt) != 0 {
        lines.push("petrifies_on_capture = true".into());
        comment.push_str(&t.from(&["petrifyOnCaptureTypes"]));
    }
}

/// Fairy-Stockfish's janggi rules of one piece (its `moves_from`): a
/// janggi cannon never jumps over or takes a janggi cannon; standing on a
/// square of `diagonalLines`, a wazir (or a king moving as one) also steps
/// diagonally, a soldier diagonally forward, a rook slides diagonally and a
/// janggi cannon jumps diagonally (as restricted), each to another square of
/// the lines (only where the move ends counts) — chimera's `extra_moves`
/// with `within`, as variants/janggi.toml says it.
fn janggi_piece_lines(t: &Tx, pt: usize, comment: &mut String, lines: &mut Vec<String>) {
    if pt == JANGGI_CANNON {
        let me = qlist(&[cname(pt)]);
        lines.push(format!("cannot_capture = {me}"));
        lines.push(format!("cannot_hop = {me}"));
    }
    let diagonal = t.squares("diagonalLines");
    if diagonal == 0 {
        return;
    }
    let betza = match pt {
        WAZIR => "F",
        SOLDIER => "fF",
        ROOK => "B",
        JANGGI_CANNON => "pB",
        KING if t.m.custom_king && t.m.king_wazir => "F",
        _ => return,
    };
    if lines.iter().any(|l| l.starts_with("extra_moves")) {
        t.problem(
            "diagonalLines",
            format!(
                "`{}` has moves across the river and along the diagonal lines: chimera gives a piece one `extra_moves`",
                piece_name(pt)
            ),
        );
        return;
    }
    lines.push(format!(
        "extra_moves = {{ squares = {}, within = true, betza = \"{betza}\" }}",
        qlist(&t.square_names(diagonal))
    ));
    comment.push_str(&t.from(&["diagonalLines"]));
}

/// The janggi rules of a promoted kind of type `pt` (Fairy-Stockfish's are
/// by type): its diagonal lines; a promoted janggi cannon is reported, as
/// the cannons' `cannot_capture` and `cannot_hop` would not name it.
fn promoted_janggi_lines(t: &Tx, pt: usize, lines: &mut Vec<String>) {
    if pt == JANGGI_CANNON {
        t.problem(
            "janggiCannon",
            "a promotion to or from a janggi cannon: the cannons' own restrictions would not name the promoted kind",
        );
        return;
    }
    janggi_piece_lines(t, pt, &mut String::new(), lines);
}

/// A piece's mobility region (`region`), from Fairy-Stockfish's
/// `mobilityRegionWhite/Black<Piece>`.
fn mobility_region(t: &Tx, pt: usize, comment: &mut String, lines: &mut Vec<String>) {
    let m = t.m;
    let (mw, mb) = (m.mobility.get(&(pt, 0)), m.mobility.get(&(pt, 1)));
    if mw.is_none() && mb.is_none() {
        return;
    }
    match region(t, mw.map(|x| x.0), mb.map(|x| x.0)) {
        Ok(r) => {
            lines.push(r);
            for s in [mw, mb].into_iter().flatten() {
                if s.1.line > 0 {
                    comment.push_str(&format!("# from {} (line {})\n", s.1.key, s.1.line));
                } else {
                    comment.push_str(&format!("# from {} (built-in `{}`)\n", s.1.key, s.1.section));
                }
            }
        }
        Err(why) => {
            let s = mw.or(mb).map(|x| x.1.clone());
            t.problems.borrow_mut().push(Problem {
                key: s.as_ref().map_or("mobilityRegion".into(), |s| s.key.clone()),
                span: s.and_then(|s| s.span),
                reason: why,
            });
        }
    }
}

/// En passant on a piece other than the pawn: Fairy-Stockfish's
/// `do_move` makes the squares between where any piece's initial-only move
/// starts and ends en-passant squares, written in its FEN with the square
/// reached (`b3b4`), for the other side's en-passant capturers to take on.
/// chimera's `en_passant_text = "path"` writes the field so; a piece
/// without en-passant captures of its own gets `taken_en_passant = true`
/// when some piece may take en passant (wolf chess's sergeant, dragon
/// chess's). An initial move other than a lame step that passes squares
/// (`ifmnD`) or a single step has no chimera rule then.
fn initial_en_passant(t: &Tx, p: &Plan, pt: usize, lines: &mut Vec<String>) {
    let custom = (FIRST_CUSTOM..ROYAL_SLOT).contains(&pt) || pt == KING && t.m.custom_king;
    if p.no_ep || !custom {
        return;
    }
    let m = t.m;
    let fsf = if pt == KING {
        &m.betza[ROYAL_SLOT]
    } else {
        &m.betza[pt]
    };
    let defined = |q: usize| (FIRST_CUSTOM..ROYAL_SLOT).contains(&q) && m.letters[q].is_some();
    let capturers = p.ep != 0 || (0..NTYPES).any(|q| defined(q) && m.betza[q].contains('e'));
    if !capturers {
        return;
    }
    // Each atom with its modifiers: an initial one must be a lame
    // move-only step (or a single step, which passes no square).
    let mut mods = String::new();
    let mut lame_initial = false;
    for c in fsf.chars() {
        if c.is_ascii_lowercase() {
            mods.push(c);
            continue;
        }
        if c.is_ascii_uppercase() {
            if mods.contains('i') {
                let single = matches!(c, 'W' | 'F' | 'K');
                if mods.contains('n') && mods.contains('m') && !mods.contains('c') {
                    lame_initial = true;
                } else if !single {
                    t.problems.borrow_mut().push(Problem {
                        key: piece_name(pt),
                        span: m.piece_src[pt].as_ref().and_then(|s| s.span.clone()),
                        reason: format!(
                            "Betza `{fsf}`: an initial move that is not a lame move-only step makes en-passant squares in Fairy-Stockfish (every square between), which chimera's en passant does not say"
                        ),
                    });
                    return;
                }
            }
            mods.clear();
        }
    }
    if !lame_initial {
        return;
    }
    if !fsf.contains('e') && p.ep & (1u128 << pt) == 0 {
        lines.push("taken_en_passant = true".into());
    }
    lines.push("en_passant_text = \"path\"".into());
}

/// A piece's moves in chimera's notation, or `None` with a problem.
fn piece_betza(t: &Tx, p: &Plan, pt: usize) -> Option<String> {
    let m = t.m;
    let ep = p.ep;
    let fsf_betza = if (FIRST_CUSTOM..ROYAL_SLOT).contains(&pt) {
        m.betza[pt].clone()
    } else if pt == KING {
        if m.custom_king {
            m.betza[ROYAL_SLOT].clone()
        } else {
            "K".into()
        }
    } else {
        PREDEFINED[pt - 1].1.to_string()
    };
    let is_ep = !p.no_ep && (ep & (1u128 << pt) != 0 || fsf_betza.contains('e'));
    let mut betza = match super::fsf_betza::to_chimera(&fsf_betza, is_ep) {
        Ok(b) => b,
        Err(e) => {
            let key = piece_name(pt);
            let span = m.piece_src[pt].as_ref().and_then(|s| s.span.clone());
            t.problems.borrow_mut().push(Problem {
                key,
                span,
                reason: format!("Betza `{fsf_betza}`: {}", e.message),
            });
            return None;
        }
    };
    // A piece without moves (`immobile`) keeps an empty Betza: it is
    // written `immobile = true`.
    if pt == PAWN {
        // The chess pawn: Fairy-Stockfish's own move code.
        betza = if is_ep { "fmWfceF".into() } else { "fmWfcF".into() };
    }
    Some(betza)
}

/// A piece's promotion rules.
/// The ini keys a pawn's promotion rules come from.
const PAWN_PROMOTION_KEYS: &[&str] = &[
    "promotionPawnTypes.w",
    "promotionPieceTypes.w",
    "promotionRegion.w",
    "promotionRegion.b",
    "mandatoryPawnPromotion",
];

/// A pawn's promotion rules (`promotionPawnTypes`, `promotionPieceTypes`,
/// `promotionRegion*`, `mandatoryPawnPromotion`): a rule per zone, limited
/// to a side where the sides' pawn types or promotion pieces differ. A pawn
/// that must promote and has nothing to become never enters the zone, but
/// still attacks it (`to = []`).
fn pawn_promotions(
    t: &Tx,
    p: &Plan,
    pt: usize,
    comment: &mut String,
    promoted_kinds: &mut Vec<PieceOut>,
) -> Vec<String> {
    let m = t.m;
    let per_side: [Option<&Vec<usize>>; 2] = match &p.prom_sides {
        None => [p.prom_pawns.contains(&pt).then_some(&p.prom_to); 2],
        Some(s) => [0, 1].map(|i| s[i].0.contains(&pt).then_some(&s[i].1)),
    };
    let names = ["first", "second"];
    let zones: Vec<(usize, String)> = match &p.prom_squares {
        Some(sides) => (0..2)
            .filter(|&i| !sides[i].is_empty())
            .map(|i| {
                (
                    i,
                    format!("side = {}, squares = {}", q(names[i]), qlist(&sides[i])),
                )
            })
            .collect(),
        None if p.prom_ranks.is_empty() => Vec::new(),
        None if per_side[0] == per_side[1] => vec![(0, format!("ranks = {}", nums(&p.prom_ranks)))],
        None => (0..2)
            .map(|i| {
                (
                    i,
                    format!("side = {}, ranks = {}", q(names[i]), nums(&p.prom_ranks)),
                )
            })
            .collect(),
    };
    // Promoted pawns are kinds of their own (`~`) when they go back to the
    // hand as pawns, or to the partner's (twoBoards).
    let to_hand = p.drops && (p.to_hand || p.two_boards);
    let mut prom = Vec::new();
    for (i, zone) in &zones {
        let Some(targets) = per_side[*i] else {
            continue;
        };
        if targets.is_empty() {
            if p.mandatory_pawn && !p.promoted.contains_key(&pt) {
                prom.push(format!("{{ {zone}, to = [], forced = true }}"));
            }
            continue;
        }
        let names: Vec<String> = targets
            .iter()
            .map(|&k| {
                if to_hand {
                    format!("promoted {}", cname(k))
                } else {
                    cname(k)
                }
            })
            .collect();
        prom.push(format!(
            "{{ {zone}, to = {}, forced = {} }}",
            qlist(&names),
            p.mandatory_pawn
        ));
    }
    if prom.is_empty() {
        return prom;
    }
    comment.push_str(&t.from(PAWN_PROMOTION_KEYS));
    if to_hand && per_side.iter().any(|x| x.is_some_and(|v| !v.is_empty())) {
        if p.prom_pawns.len() > 1 || p.prom_sides.is_some() {
            t.problem(
                "promotionPawnTypes.w",
                "several kinds of pawns whose promoted pieces go back to the hand as pawns are not imported",
            );
        }
        for &k in &p.prom_to {
            let base = pieces_def(m, k);
            let b = super::fsf_betza::to_chimera(&base, false).unwrap_or_default();
            let mut plines = vec![format!("demotes_to = {}", q(&cname(pt)))];
            promoted_janggi_lines(t, k, &mut plines);
            promoted_kinds.push(PieceOut {
                pt: k,
                name: format!("promoted {}", cname(k)),
                symbol: format!("{}~", m.letters[k].unwrap_or('?').to_ascii_uppercase()),
                betza: b,
                lines: plines,
                comment: if p.to_hand {
                    "# a promoted pawn: goes back to the hand as a pawn (Fairy-Stockfish writes `~`)\n"
                } else {
                    "# a promoted pawn, which Fairy-Stockfish writes `~` (twoBoards: it goes to the partner's hand as a pawn)\n"
                }
                .into(),
            });
        }
    }
    prom
}

/// The kinds whose moves reset the move counter (`nMoveRuleTypes`). Where
/// the sides' lists differ, they are joined when each kind only one list
/// names can only ever be that side's: none of the other side's at the
/// start, no drops, not made by the other side's promotions.
fn clock_resets(
    t: &Tx,
    (prom_to, prom_sides): (&[usize], Option<&SidePromotions>),
    promoted: &BTreeMap<usize, usize>,
    drops: bool,
) -> u128 {
    let (w, b) = (t.set("nMoveRuleTypes.w"), t.set("nMoveRuleTypes.b"));
    if w == b {
        return w;
    }
    let counts = start_counts(&t.text("startFen"));
    let only = |k: usize, side: usize| -> bool {
        let Some(l) = t.m.letters[k] else {
            return false;
        };
        let other = if side == 0 {
            l.to_ascii_lowercase()
        } else {
            l.to_ascii_uppercase()
        };
        let made_by_other = match prom_sides {
            Some(s) => s[1 - side].1.contains(&k),
            None => prom_to.contains(&k),
        };
        k != 0
            && !drops
            && !counts.contains_key(&other)
            && !made_by_other
            && !promoted.values().any(|&v| v == k)
    };
    let ok = (0..128).all(|k| match (w >> k & 1 != 0, b >> k & 1 != 0) {
        (true, false) => only(k, 0),
        (false, true) => only(k, 1),
        _ => true,
    });
    if ok {
        w | b
    } else {
        t.same_both("nMoveRuleTypes");
        w
    }
}

fn piece_promotions(
    t: &Tx,
    p: &Plan,
    pt: usize,
    letter: char,
    comment: &mut String,
    lines: &mut Vec<String>,
    promoted_kinds: &mut Vec<PieceOut>,
) {
    let m = t.m;
    let mut prom = if pt == PAWN && t.bool("sittuyinPromotion") {
        match sittuyin_promotion(t, p) {
            Ok(line) => {
                comment.push_str(&t.from(&["sittuyinPromotion"]));
                comment.push_str(&t.from(PAWN_PROMOTION_KEYS));
                lines.push(line);
            }
            Err(why) => t.problem("sittuyinPromotion", why),
        }
        Vec::new()
    } else {
        pawn_promotions(t, p, pt, comment, promoted_kinds)
    };
    if let Some(&to) = p.promoted.get(&pt)
        && to != 0
    {
        let base = pieces_def(m, to);
        let b = super::fsf_betza::to_chimera(&base, false).unwrap_or_default();
        let pname = format!("promoted {}", cname(pt));
        prom.extend(piece_promotion_rules(p, &pname));
        comment.push_str(&t.from(&[
            "promotedPieceType#types",
            "mandatoryPiecePromotion",
            "piecePromotionOnCapture",
        ]));
        let mut plines = vec![format!("demotes_to = {}", q(&cname(pt)))];
        if p.demotion {
            // Kyoto shogi's rule: the promoted piece turns back by a move
            // as it promoted (the same zone, compulsion and trigger).
            plines.push(format!(
                "promotion = [{}]",
                piece_promotion_rules(p, &cname(pt)).join(", ")
            ));
        }
        // The promoted piece is of its new type: that type's mobility region
        // is its own (an unsayable one is reported with the type's piece).
        let (mw, mb) = (m.mobility.get(&(to, 0)), m.mobility.get(&(to, 1)));
        if mw.is_some() || mb.is_some() {
            match region(t, mw.map(|x| x.0), mb.map(|x| x.0)) {
                Ok(r) => plines.push(r),
                Err(why) => t.problem("mobilityRegion", why),
            }
        }
        promoted_janggi_lines(t, to, &mut plines);
        if pt == JANGGI_CANNON {
            promoted_janggi_lines(t, pt, &mut Vec::new());
        }
        let mut pcomment = format!("# `{}` promoted: moves as `{}`", piece_name(pt), piece_name(to));
        if p.demotion {
            pcomment.push_str(", and turns back by a move\n");
            pcomment.push_str(t.from(&["pieceDemotion"]).trim_end());
        }
        promoted_kinds.push(PieceOut {
            pt: to,
            name: pname,
            symbol: format!("+{letter}"),
            betza: b,
            lines: plines,
            comment: pcomment + "\n",
        });
    }
    if !prom.is_empty() {
        lines.push(format!("promotion = [{}]", prom.join(", ")));
    }
}

/// Fairy-Stockfish's `sittuyinPromotion` (`generate_pawn_moves`): the pawn
/// does not promote by moving into its zone; instead a pawn on a square of
/// its promotion region (a side's last pawn: anywhere) becomes the
/// promotion piece in place or on an empty square the new piece attacks
/// from there, if the new piece then attacks no enemy piece; such a move
/// may not give check (`Position::legal`); `promotionLimit` applies —
/// chimera's `promotion_move`. Said when the pawn alone promotes (no other
/// promotion pawn type: Fairy-Stockfish forbids every promotion that
/// checks), to one piece type (chimera's `to`) that leaps or steps without
/// modes (its attacks are its moves), on a region whose second side's is
/// the first's both mirrored and turned (so whichever way chimera mirrors
/// it), with captures that leave the board.
fn sittuyin_promotion(t: &Tx, p: &Plan) -> Result<String, String> {
    let m = t.m;
    if p.prom_sides.is_some() || p.prom_pawns.iter().any(|&k| k != PAWN) {
        return Err("sittuyin's promotion with promotion pawns other than the pawn, or that differ between the sides, is not imported (Fairy-Stockfish forbids their promotions that check)".into());
    }
    if p.to_hand || t.bool("twoBoards") || p.promoted.contains_key(&PAWN) {
        return Err(
            "sittuyin's promotion with captures to a hand or a promotedPieceType of the pawn is not imported"
                .into(),
        );
    }
    if t.bool("blastOnCapture") || t.set("petrifyOnCaptureTypes") != 0 {
        return Err("sittuyin's promotion with explosions or petrification is not imported".into());
    }
    let to = match p.prom_to[..] {
        [to] => to,
        _ => {
            return Err(format!(
                "sittuyin's promotion to {} piece types: chimera's `promotion_move` has one `to`",
                p.prom_to.len()
            ));
        }
    };
    let betza = super::fsf_betza::to_chimera(&pieces_def(m, to), false).unwrap_or_default();
    if !plain_leaps(&betza) {
        return Err(format!(
            "sittuyin's promotion to `{}` (`{betza}`): imported for a piece that only leaps or steps, with no modes",
            piece_name(to)
        ));
    }
    let board = t.board();
    let w = t.squares("promotionRegion.w") & board;
    let b = t.squares("promotionRegion.b") & board;
    let image = |turn: bool| {
        (0..t.ranks).fold(0, |acc, r| {
            (0..t.files).fold(acc, |a, f| {
                if w & sq(f, r) != 0 {
                    a | sq(if turn { t.files - 1 - f } else { f }, t.ranks - 1 - r)
                } else {
                    a
                }
            })
        })
    };
    if image(true) != b || image(false) != b || w == 0 {
        return Err("sittuyin's promotion on regions that are not each other's image both mirrored and turned by 180 degrees is not imported".into());
    }
    Ok(format!(
        "promotion_move = {{ to = {}, squares = {}, betza = {}, anywhere_when_last = true }}",
        q(&cname(to)),
        qlist(&t.square_names(w)),
        q(&betza)
    ))
}

/// A notation of leaps and steps only: atoms with direction letters, no
/// modes, riders or ranges.
fn plain_leaps(betza: &str) -> bool {
    let mut last = ' ';
    !betza.is_empty()
        && betza.chars().all(|c| {
            let ok = ("WFDNAHCZGK".contains(c) && c != last) || "fbrlvsh".contains(c);
            last = c;
            ok
        })
}

/// The rules by which a piece becomes `to` under `promotedPieceType` (or
/// turns back under `pieceDemotion`): the zone (a rule per side where the
/// sides' zones are not each other's mirror image), the compulsion, and a
/// capture as the trigger under `piecePromotionOnCapture`.
fn piece_promotion_rules(p: &Plan, to: &str) -> Vec<String> {
    let tail = format!(
        "to = [{}], forced = {}{}",
        q(to),
        p.mandatory_piece,
        if p.on_capture {
            ", trigger = \"capture\""
        } else {
            ""
        }
    );
    match &p.prom_squares {
        Some(sides) => (0..2)
            .filter(|&i| !sides[i].is_empty())
            .map(|i| {
                format!(
                    "{{ side = {}, squares = {}, {tail} }}",
                    q(["first", "second"][i]),
                    qlist(&sides[i])
                )
            })
            .collect(),
        None => vec![format!("{{ {tail} }}")],
    }
}

/// Whether no side can ever have more than extinctionPieceCount + 1 of
/// pseudo-royal kind `p` although promotions make it: `p` and the kinds
/// it turns into or comes from by `promotedPieceType` (its family) are all
/// pseudo-royal, and each side starts with at most count + 1 of them
/// together, on the board and in hand. Royal pieces are never captured, so
/// none reaches a hand, and a promotion only turns one member into
/// another: every kind of the family keeps at most that many (gethenian's
/// king and its promoted face).
fn royal_family_bounded(
    t: &Tx,
    p: usize,
    listed: &[usize],
    promoted: &BTreeMap<usize, usize>,
    ext_count: i64,
    board_counts: &BTreeMap<char, usize>,
) -> bool {
    let mut family = vec![p];
    let mut i = 0;
    while i < family.len() {
        let k = family[i];
        for (&from, &to) in promoted {
            for (a, b) in [(from, to), (to, from)] {
                if a == k && !family.contains(&b) {
                    family.push(b);
                }
            }
        }
        i += 1;
    }
    if family.len() < 2 || family.iter().any(|k| !listed.contains(k)) {
        return false;
    }
    let fen = t.text("startFen");
    let hand = fen
        .split_whitespace()
        .next()
        .unwrap_or("")
        .split('[')
        .nth(1)
        .unwrap_or("");
    let side_total = |upper: bool| {
        family
            .iter()
            .filter_map(|&k| t.m.letters[k])
            .map(|c| {
                if upper {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .map(|c| board_counts.get(&c).copied().unwrap_or(0) + hand.chars().filter(|&h| h == c).count())
            .sum::<usize>()
    };
    side_total(true).max(side_total(false)) as i64 <= ext_count + 1
}

/// A piece's drop rules.
fn piece_drops(t: &Tx, p: &Plan, pt: usize, lines: &mut Vec<String>) {
    let &Plan {
        drops,
        drop_no_doubled,
        no_doubled_count,
        pawn_drop_mate,
        first_rank_pawn,
        zone_pawn,
        ref prom_ranks,
        ref drop_ranks,
        ref prom_squares,
        ..
    } = p;
    if !drops {
        return;
    }
    // Drops.
    {
        let mut d: Vec<String> = Vec::new();
        let mut ranks: Vec<u32> = drop_ranks.clone().unwrap_or_else(|| (1..=t.ranks).collect());
        let per_side = p.drop_sides.is_some() || (pt == PAWN && prom_squares.is_some() && !zone_pawn);
        if per_side {
            if let Some(squares) = drop_side_squares(t, p, pt) {
                d.push(squares);
            }
        } else if pt == PAWN {
            if !zone_pawn {
                ranks.retain(|r| !prom_ranks.contains(r));
            }
            if !first_rank_pawn {
                ranks.retain(|&r| r != 1);
            }
        } else if pt == ROOK && t.bool("sittuyinRookDrop") {
            // Fairy-Stockfish's `sittuyinRookDrop`: rooks on the own first
            // rank only (`drop_region`).
            ranks.retain(|&r| r == 1);
        }
        if ranks.len() as u32 != t.ranks && !per_side {
            d.push(format!("ranks = {}", nums(&ranks)));
        }
        if drop_no_doubled == pt && pt != 0 {
            if no_doubled_count == 0 {
                // No file may hold fewer than none: never dropped, though
                // captures still fill the hand.
                lines.push("# dropNoDoubledCount = 0: never dropped".into());
                lines.push("drop = { ranks = [] }".into());
                return;
            } else if no_doubled_count == 1 {
                d.push("one_per_file = true".into());
            } else {
                d.push(format!("per_file = {no_doubled_count}"));
            }
        }
        if pawn_drop_mate && pt == SHOGI_PAWN {
            d.push("no_mate = true".into());
        }
        if p.drop_promoted && p.promoted.contains_key(&pt) {
            // dropPromoted: either face up, on the squares of the piece's own.
            d.push("promoted = true".into());
        }
        if pt == BISHOP && t.bool("dropOppositeColoredBishop") {
            d.push("split_colours = true".into());
        }
        if !d.is_empty() {
            lines.push(format!("drop = {{ {} }}", d.join(", ")));
        }
    }
}

/// A piece's drop squares per side, as Fairy-Stockfish's `drop_region`
/// limits them before the position is looked at: the side's drop region,
/// for pawns less the side's promotion zone (unless
/// `promotionZonePawnDrops`) and its first rank (unless
/// `firstRankPawnDrops`), as `squares = [{ side, squares }]` for each side
/// that is limited; `None` when neither is.
fn drop_side_squares(t: &Tx, p: &Plan, pt: usize) -> Option<String> {
    let board = t.board();
    let mut sides: [Bb; 2] = match (&p.drop_sides, &p.drop_ranks) {
        (Some(s), _) => *s,
        (None, Some(ranks)) => [0, 1].map(|c| {
            ranks
                .iter()
                .fold(0, |b, &r| b | rank_bb(if c == 0 { r - 1 } else { t.ranks - r }))
                & board
        }),
        (None, None) => [board, board],
    };
    if pt == ROOK && t.bool("sittuyinRookDrop") {
        sides[0] &= rank_bb(0);
        sides[1] &= rank_bb(t.ranks - 1);
    }
    if pt == PAWN {
        let zones: [Bb; 2] = match &p.prom_squares {
            Some(_) => [t.squares("promotionRegion.w"), t.squares("promotionRegion.b")],
            None => [0, 1].map(|c| {
                p.prom_ranks
                    .iter()
                    .fold(0, |b, &r| b | rank_bb(if c == 0 { r - 1 } else { t.ranks - r }))
                    & board
            }),
        };
        for c in 0..2 {
            if !p.zone_pawn {
                sides[c] &= !zones[c];
            }
            if !p.first_rank_pawn {
                sides[c] &= !rank_bb(if c == 0 { 0 } else { t.ranks - 1 });
            }
        }
    }
    if sides.iter().all(|&b| b == board) {
        return None;
    }
    let entries: Vec<String> = ["first", "second"]
        .iter()
        .zip(sides)
        .filter(|(_, b)| *b != board)
        .map(|(side, b)| {
            format!(
                "{{ side = {}, squares = {} }}",
                q(side),
                qlist(&t.square_names(b))
            )
        })
        .collect();
    Some(format!("squares = [{}]", entries.join(", ")))
}

/// The extinction rule.
fn extinction_end(t: &Tx, p: &Plan, kinds: &[(usize, String)]) -> Vec<String> {
    let &Plan {
        ext_types,
        ext_count,
        ext_opp,
        blast,
        ref pseudo_royal,
        ref types,
        ref ext_value,
        ..
    } = p;
    // Extinction.
    let mut end: Vec<String> = Vec::new();
    if ext_value != "none" && !pseudo_royal.is_empty() && !blast {
        // Extinction does not apply to pseudo-royal pieces: they cannot be taken.
        t.val("extinctionClaim");
        t.val("extinctionOpponentPieceCount");
    } else if ext_value != "none" {
        let listed: Vec<usize> = types
            .iter()
            .copied()
            .filter(|&p| ext_types & (1u128 << p) != 0)
            .collect();
        // Fairy-Stockfish counts each listed type on its own: chimera's
        // `each_kind`, which counts each kind on its own — the same when no
        // listed type has promoted kinds moving as it.
        let each_kind = ext_types & 1 == 0 && listed.len() > 1;
        if each_kind && listed.iter().any(|&p| kinds_of(kinds, p).len() > 1) {
            t.problem(
                "extinctionPieceTypes",
                "extinction of any one of several types, one of which has promoted kinds moving as it (Fairy-Stockfish counts the type, chimera's `each_kind` each kind)",
            );
        }
        // extinctionClaim: the side to move is judged extinct only when
        // its opponent has one more than the count (it may even it first):
        // chimera's `grace`.
        let grace = if t.bool("extinctionClaim") {
            ", grace = true"
        } else {
            ""
        };
        let pieces_part = if ext_types & 1 != 0 {
            String::new()
        } else {
            format!(
                "pieces = {}, ",
                qlist(
                    &listed
                        .iter()
                        .flat_map(|&p| kinds_of(kinds, p))
                        .collect::<Vec<_>>()
                )
            )
        };
        let opp = if ext_opp > 0 {
            format!(", opponent_at_least = {ext_opp}")
        } else {
            String::new()
        };
        let each = if each_kind { ", each_kind = true" } else { "" };
        end.push(format!(
            "{}extinction = {{ {pieces_part}at_most = {ext_count}{opp}{grace}{each}, result = {} }}",
            t.from(&[
                "extinctionValue",
                "extinctionPieceTypes",
                "extinctionPieceCount",
                "extinctionClaim",
            ]),
            q(ext_value)
        ));
    } else {
        t.val("extinctionClaim");
    }
    end
}

/// `shatarMateRule` (Fairy-Stockfish's `checkmate_value`): a mate by
/// knights alone loses for the side that gives it; otherwise a mate counts
/// only when a check of the unbroken series that led to it was given by a
/// knight, rook or bers (its `shak`), else it is a draw — chimera's `[end]
/// mate_rule` with those types' kinds.
fn shatar_mate_rule(t: &Tx, p: &Plan, kinds: &[(usize, String)], end: &mut Vec<String>) {
    let present = |pts: &[usize]| -> Vec<String> {
        pts.iter()
            .filter(|pt| p.types.contains(pt))
            .flat_map(|&pt| kinds_of(kinds, pt))
            .collect()
    };
    let (knights, shak) = (present(&[KNIGHT]), present(&[KNIGHT, ROOK, BERS]));
    if shak.is_empty() {
        t.problem(
            "shatarMateRule",
            "shatar's mate rule without knights, rooks or bers (every mate would be a draw) is not imported",
        );
        return;
    }
    let alone = if knights.is_empty() {
        String::new()
    } else {
        format!("alone = {{ pieces = {}, result = \"loss\" }}, ", qlist(&knights))
    };
    end.push(format!(
        "{}mate_rule = {{ {alone}series = {{ pieces = {}, result = \"draw\" }} }}",
        t.from(&["shatarMateRule"]),
        qlist(&shak)
    ));
}

/// `moveRepetitionIllegal`: janggi's rule (Fairy-Stockfish's
/// `is_game_end`): a piece moved back and forth four times in a row loses,
/// unless it may never enter the opponent's king's mobility region (janggi's
/// general and guards) — chimera's `[end] move_repetition` with those kinds
/// in `except`. Fairy-Stockfish judges it only within its n-fold rule (none
/// without one), over the plies the halfmove clock covers (with captures to
/// the hand, over all plies: not imported).
fn move_repetition(t: &Tx, p: &Plan, kinds: &[(usize, String)], end: &mut Vec<String>) {
    if t.int("nFoldRule") == 0 {
        return;
    }
    if t.bool("capturesToHand") {
        t.problem(
            "moveRepetitionIllegal",
            "janggi's move-repetition rule with captures to the hand: Fairy-Stockfish then looks back past captures, chimera's `move_repetition` only over the plies the halfmove clock covers",
        );
        return;
    }
    let board = t.board();
    let region = |pt: usize, c: usize| t.m.mobility.get(&(pt, c)).map_or(board, |x| x.0) & board;
    let except = [0, 1].map(|c| {
        p.types
            .iter()
            .copied()
            .filter(|&pt| region(pt, c) & region(KING, 1 - c) == 0)
            .collect::<Vec<_>>()
    });
    if except[0] != except[1] {
        t.problem(
            "moveRepetitionIllegal",
            "janggi's move-repetition rule where the pieces kept out of the opponent's king's region differ between the sides (chimera's `except` is one list)",
        );
        return;
    }
    let names: Vec<String> = except[0].iter().flat_map(|&pt| kinds_of(kinds, pt)).collect();
    let except = if names.is_empty() {
        String::new()
    } else {
        format!(", except = {}", qlist(&names))
    };
    end.push(format!(
        "{}move_repetition = {{ count = 4, result = \"loss\"{except} }}",
        t.from(&["moveRepetitionIllegal"])
    ));
}

/// The names of chimera's pieces of Fairy-Stockfish's piece type `pt`: the
/// piece itself and the promoted kinds that move as it (a promoted piece is
/// of its promoted type there).
fn kinds_of(kinds: &[(usize, String)], pt: usize) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (_, name) in kinds.iter().filter(|(k, _)| *k == pt) {
        if !names.contains(name) {
            names.push(name.clone());
        }
    }
    if names.is_empty() {
        names.push(cname(pt));
    }
    names
}

/// The royalty a kind of a pseudo-royal type lacks: the promoted kinds
/// moving as one are royal too, and all the kinds of the type are counted
/// together (Fairy-Stockfish counts types).
fn pseudo_royal_lines(
    p: &PieceOut,
    pseudo_royal: &[(usize, Option<i64>)],
    pieces: &[PieceOut],
    promoted_kinds: &[PieceOut],
) -> Vec<String> {
    let Some(&(_, most)) = pseudo_royal.iter().find(|x| x.0 == p.pt) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if !p.lines.iter().any(|l| l == "royal = true") {
        out.push("royal = true".to_string());
        if let Some(most) = most {
            out.push(format!("royal_while_at_most = {most}"));
        }
    }
    let mut others: Vec<String> = Vec::new();
    for o in pieces.iter().chain(promoted_kinds) {
        if o.pt == p.pt && o.name != p.name && !others.contains(&o.name) {
            others.push(o.name.clone());
        }
    }
    if !others.is_empty() && most.is_some() {
        out.push(format!("royal_counted_with = {}", qlist(&others)));
    }
    out
}

/// The promotion limit of a kind that some piece promotes to, when its
/// type has one (`promotionLimit`): Fairy-Stockfish counts every piece of
/// the type on the board, so every other kind of that type (the base piece
/// and the promoted kinds that move as it) is counted with it
/// (`promotion_counted_with`). A pawn's own piece promotion
/// (`promotedPieceType` of the pawn) is not limited in Fairy-Stockfish: its
/// promoted kind gets no limit, though it counts toward the others'.
fn promotion_limit_lines(
    p: &Plan,
    kind: &PieceOut,
    pieces: &[PieceOut],
    promoted_kinds: &[PieceOut],
) -> Vec<String> {
    let Some(&n) = p.limits.get(&kind.pt) else {
        return Vec::new();
    };
    // Promoted pawns are kinds of their own (`~`) when they go back to the
    // hand as pawns, or to the partner's (twoBoards).
    let to_hand = p.drops && (p.to_hand || p.two_boards);
    let by_pawns = p.pawns_promote
        && p.prom_to.iter().any(|&k| {
            let name = if to_hand {
                format!("promoted {}", cname(k))
            } else {
                cname(k)
            };
            name == kind.name
        });
    let by_pieces = p.promoted.iter().any(|(&from, &to)| {
        from != PAWN && to == kind.pt && format!("promoted {}", cname(from)) == kind.name
    });
    if !by_pawns && !by_pieces {
        return Vec::new();
    }
    let mut out = vec![format!("promotion_limit = {n}")];
    let mut others: Vec<String> = Vec::new();
    for o in pieces.iter().chain(promoted_kinds) {
        if o.pt == kind.pt && o.name != kind.name && !others.contains(&o.name) {
            others.push(o.name.clone());
        }
    }
    if !others.is_empty() {
        out.push(format!("promotion_counted_with = {}", qlist(&others)));
    }
    out
}

/// The pieces and the `[promotion]` defaults.
fn write_pieces(t: &Tx, p: &Plan, pieces: &[PieceOut], mut promoted_kinds: Vec<PieceOut>) -> String {
    let plan = p;
    let Plan {
        promoted,
        prom_ranks,
        pawns_promote,
        pseudo_royal,
        ep_unpromoted,
        ..
    } = p;
    let mut out = String::new();
    // Fairy-Stockfish resets the move counter on promotions.
    let resets = (*pawns_promote || !promoted.is_empty()) && !t.bool("pieceDemotion");
    let resets_line = if resets {
        "# Fairy-Stockfish resets the move counter on promotions\nresets_clock = true\n"
    } else {
        ""
    };
    // Piece list.
    promoted_kinds.dedup_by(|a, b| a.name == b.name);
    let mut seen = BTreeSet::new();
    for p in pieces.iter().chain(promoted_kinds.iter()) {
        if !seen.insert(p.name.clone()) {
            continue;
        }
        out.push_str(&p.comment);
        let moves = if p.betza.is_empty() {
            "immobile = true".to_string()
        } else {
            format!("betza = {}", q(&p.betza))
        };
        out.push_str(&format!(
            "[[piece]]\nname = {}\nsymbol = {}\n{moves}\n",
            q(&p.name),
            q(&p.symbol),
        ));
        for l in p
            .lines
            .iter()
            .chain(&pseudo_royal_lines(p, pseudo_royal, pieces, &promoted_kinds))
            .chain(&promotion_limit_lines(plan, p, pieces, &promoted_kinds))
        {
            out.push_str(l);
            out.push('\n');
        }
        out.push('\n');
    }
    let ep_line = if *ep_unpromoted {
        "# Fairy-Stockfish never promotes an en passant capture\nen_passant_promotes = false\n"
    } else {
        ""
    };
    if !promoted.is_empty() {
        // Zones that differ between the sides are the promotion rules' own.
        let zone = if prom_ranks.is_empty() {
            String::new()
        } else {
            format!("zone = {}\n", nums(prom_ranks))
        };
        out.push_str(&format!(
            "{}[promotion]\n{zone}trigger = \"either\"\nforced_on_dead_squares = {}\n{resets_line}{ep_line}\n",
            t.from(&["promotionRegion.w", "promotionRegion.b", "promotedPieceType"]),
            t.bool("immobilityIllegal")
        ));
    } else if t.bool("immobilityIllegal") || resets || *ep_unpromoted {
        out.push_str(&format!(
            "{}[promotion]\nforced_on_dead_squares = {}\n{resets_line}{ep_line}\n",
            t.from(&["immobilityIllegal"]),
            t.bool("immobilityIllegal")
        ));
    }
    out
}

/// `[hand]`, `[gating]` and the drop settings chimera lacks.
fn hand_and_gating(t: &Tx, p: &Plan) -> String {
    let &Plan { drops, to_hand, .. } = p;
    let mut out = String::new();
    // Hand.
    if drops {
        // Fairy-Stockfish's check test needs its king piece: with no king
        // (atomic's is a pseudo-royal commoner) no drop gives check.
        // twoBoards: the partner's captures fill the hand, any piece but a
        // royal one in any number.
        let supplied = if p.two_boards { "supplied = true\n" } else { "" };
        let checks = if t.bool("dropChecks") || !p.types.contains(&KING) {
            String::new()
        } else {
            format!("{}drops_may_check = false\n", t.from(&["dropChecks"]))
        };
        out.push_str(&format!(
            "{}[hand]\ncaptures = {}\nno_dead_drops = {}\ndrops_reset_clock = true\n{checks}{supplied}{}\n",
            t.from(&["pieceDrops", "capturesToHand", "immobilityIllegal", "twoBoards"]),
            q(if to_hand { "hand" } else { "remove" }),
            t.bool("immobilityIllegal"),
            drop_area(t)
        ));
    } else {
        t.val("dropChecks");
        // Endless hands mean nothing without drops.
        t.val("freeDrops");
        if to_hand {
            t.problem("capturesToHand", "captures go to the hand but drops are off");
        }
    }
    if !drops {
        // Fairy-Stockfish's rule is one of drops only.
        t.val("sittuyinRookDrop");
    }
    split_colour_checks(t, drops);
    // Gating.
    let gating = t.bool("gating");
    let seirawan = t.bool("seirawanGating");
    if gating || seirawan {
        if gating && seirawan {
            out.push_str(&seirawan_gating(t, drops));
        } else if gating && t.bool("cambodianMoves") {
            // The gates hold the Cambodian leaps' rights (`once`).
        } else {
            t.problem(
                "gating",
                "gating without seirawanGating and drops is not imported",
            );
        }
    }
    out
}

/// `[gating]` for Fairy-Stockfish's `seirawanGating`: gates on the
/// castling rank; the gated piece does not shield its own king there
/// (`Position::legal` judges a gating move without it); with drops, the
/// hand's pieces may also be dropped (S-house); without, the hand holds
/// pieces that only gating brings in (S-chess).
fn seirawan_gating(t: &Tx, drops: bool) -> String {
    let rank = t.int("castlingRank") + 1;
    let mut out = String::new();
    if !drops {
        out.push_str(&format!(
            "{}[hand]\ncaptures = \"remove\"\n\n",
            t.from(&["pieceDrops", "capturesToHand"])
        ));
    }
    out.push_str(&format!(
        "{}[gating]\nranks = [{rank}]\n{}shields = false\n\n",
        t.from(&["gating", "seirawanGating", "castlingRank"]),
        if drops { "drops = true\n" } else { "" }
    ));
    out
}

/// `dropOppositeColoredBishop` is the bishop's `drop.split_colours`
/// (written by [`piece_drops`]): chimera counts the free squares of the
/// bishop's fixed drop squares, as Fairy-Stockfish's `drop_region` has them
/// unless enclosing drops or a file limit on bishops make them depend on
/// the position.
fn split_colour_checks(t: &Tx, drops: bool) {
    if !t.bool("dropOppositeColoredBishop") {
        return;
    }
    if !drops {
        // Fairy-Stockfish's rule is on drops only.
        return;
    }
    if t.text("enclosingDrop") != "none" {
        t.problem(
            "dropOppositeColoredBishop",
            "bishops dropped on both colours together with enclosing drops are not imported (the bishops' free drop squares would depend on the position)",
        );
    }
    if t.ty("dropNoDoubled") == BISHOP {
        t.problem(
            "dropOppositeColoredBishop",
            "bishops dropped on both colours together with a file limit on bishop drops (`dropNoDoubled = b`) are not imported",
        );
    }
}

/// The `[hand]` lines of Fairy-Stockfish's `enclosingDrop`,
/// `enclosingDropStart` and `freeDrops` (the `[hand]` table's text goes
/// just before).
fn drop_area(t: &Tx) -> String {
    let mut lines = String::new();
    let area = match t.text("enclosingDrop").as_str() {
        "none" => None,
        "reversi" => Some("enclosing"),
        "ataxx" => Some("next_to_own"),
        "top" => Some("on_top"),
        "snort" => Some("apart_from_enemy"),
        "anyside" => {
            t.problem(
                "enclosingDrop",
                "`anyside` is not imported: for a piece pushed in from the top or the right, Fairy-Stockfish offers the lowest (leftmost) free square of the file (rank) that rests on a piece or the edge, not the square where the pushed piece would stop (position.h, drop_region: `lsb` where the far end is meant; after P@g4 P@a5 it offers g1 but not g5), which is not the game's rule (chimera's `drops_only = \"pushed_in\"` says the game's)",
            );
            None
        }
        other => {
            t.problem(
                "enclosingDrop",
                format!("drops limited as `{other}` limits them have no chimera rule"),
            );
            None
        }
    };
    if let Some(a) = area {
        lines.push_str(&format!("{}drops_only = {}\n", t.from(&["enclosingDrop"]), q(a)));
        let start = t.squares("enclosingDropStart");
        if start != 0 {
            lines.push_str(&format!(
                "{}first_drops = {}\n",
                t.from(&["enclosingDropStart"]),
                qlist(&t.square_names(start))
            ));
        }
    } else {
        t.val("enclosingDropStart");
    }
    if t.bool("freeDrops") {
        lines.push_str("# Fairy-Stockfish's built-in freeDrops: hands without end\nfree = true\n");
    }
    lines
}

/// `[setup]` and `[[castling]]`.
fn setup_and_castling(t: &Tx) -> String {
    let gating = t.bool("gating");
    let seirawan = t.bool("seirawanGating");
    let mut out = String::new();
    // Setup.
    let fen = fsf_fen(&t.text("startFen").replace("[-]", "[]"), t.files, t.ranks);
    let mut fen_fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    let castling_field = fen_fields.len() >= 5 && !fen_fields[2].chars().all(|c| c.is_ascii_digit());
    // Castling.
    let castling = t.bool("castling");
    let rights: String = if castling_field {
        fen_fields[2].clone()
    } else {
        "-".into()
    };
    let mut castling_text = String::new();
    let fields_ref: Vec<&str> = fen_fields.iter().map(String::as_str).collect();
    if castling && rights != "-" && !(gating && seirawan) {
        match castling_rules(t, &fields_ref, &rights) {
            Ok((s, kept)) => {
                castling_text = s;
                fen_fields[2] = if kept.is_empty() { "-".into() } else { kept };
            }
            Err(why) => t.problem("castling", why),
        }
    } else if gating && seirawan && castling && rights != "-" {
        match castling_rules(
            t,
            &fields_ref,
            &rights.chars().filter(|c| "KQkq".contains(*c)).collect::<String>(),
        ) {
            Ok((s, _)) => castling_text = s,
            Err(why) => t.problem("castling", why),
        }
    } else {
        if castling_field && !castling && gating && t.bool("cambodianMoves") {
            // Fairy-Stockfish reads the file letters as gates, the rights
            // of the Cambodian leaps (chimera's `once` rights, written the
            // same way); other letters it ignores.
            let files = t.files as u8;
            let kept: String = rights
                .chars()
                .filter(|&c| {
                    (b'A'..b'A' + files).contains(&(c as u8)) || (b'a'..b'a' + files).contains(&(c as u8))
                })
                .collect();
            fen_fields[2] = if kept.is_empty() { "-".into() } else { kept };
        } else if castling_field && !castling {
            // Fairy-Stockfish ignores castling rights when castling is off.
            fen_fields[2] = "-".into();
        }
        for k in [
            "castlingKingsideFile",
            "castlingQueensideFile",
            "castlingRank",
            "castlingKingFile",
            "castlingRookKingsideFile",
            "castlingRookQueensideFile",
            "castlingKingPiece.w",
            "castlingKingPiece.b",
            "castlingRookPieces.w",
            "castlingRookPieces.b",
        ] {
            t.val(k);
        }
    }
    out.push_str(&format!(
        "{}[setup]\nposition = {}\n\n",
        t.from(&["startFen"]),
        q(&fen_fields.join(" "))
    ));
    out.push_str(&castling_text);
    if t.bool("castlingDroppedPiece") && t.bool("pieceDrops") {
        if !castling {
            t.problem(
                "castlingDroppedPiece",
                "castling rights granted by drops while castling is off are not imported",
            );
        } else if rights != "-" {
            t.problem(
                "castlingDroppedPiece",
                "castling rights both in the start position and granted by drops are not imported",
            );
        } else {
            match drop_castling_rules(t) {
                Ok(s) => out.push_str(&s),
                Err(why) => t.problem("castlingDroppedPiece", why),
            }
        }
    }
    if t.bool("chess960") && (gating || t.bool("castlingDroppedPiece")) {
        t.problem(
            "chess960",
            "chess960 castling together with gating or castling granted by drops is not imported",
        );
    } else {
        // Read by the castling rules (`any_file`); without castling it
        // changes nothing.
        t.val("chess960");
    }
    out
}

/// `[moves]`.
fn moves_table(t: &Tx, p: &Plan) -> String {
    let &Plan {
        blast_immune,
        ref types,
        ..
    } = p;
    let mut out = String::new();
    // Moves.
    let mut moves = Vec::new();
    if t.bool("mustCapture") {
        moves.push(format!("{}compulsory_capture = true", t.from(&["mustCapture"])));
    }
    if !t.bool("checking") {
        moves.push(format!("{}may_give_check = false", t.from(&["checking"])));
    }
    if t.bool("flyingGeneral") {
        moves.push(format!("{}royals_may_face = false", t.from(&["flyingGeneral"])));
    }
    // makpongRule: Fairy-Stockfish's king (its king type only) in check
    // may not move but to take the one checker.
    if t.bool("makpongRule") && types.contains(&KING) {
        if p.pseudo_royal.is_empty() {
            moves.push(format!("{}check_freezes_royal = true", t.from(&["makpongRule"])));
        } else {
            t.problem(
                "makpongRule",
                "makpong's rule with pseudo-royal pieces besides the king (chimera's `check_freezes_royal` would hold them too) is not imported",
            );
        }
    }
    if t.bool("mustDrop") {
        moves.push(format!("{}must_drop = true", t.from(&["mustDrop"])));
        // Fairy-Stockfish's mustDropType: while a piece of that type is in
        // hand, only it may be dropped, and must be while it can.
        let ty = t.ty("mustDropType");
        if ty != 0 {
            moves.push(format!(
                "{}must_drop_pieces = {}",
                t.from(&["mustDropType"]),
                qlist(&[cname(ty)])
            ));
        }
    } else {
        t.val("mustDropType");
    }
    if t.same_both("pass") && t.bool("pass.w") {
        moves.push(format!("{}pass = true", t.from(&["pass.w"])));
    }
    if t.bool("passOnStalemate.w") || t.bool("passOnStalemate.b") {
        if t.same_both("passOnStalemate") {
            moves.push(format!(
                "{}pass_when_stuck = true",
                t.from(&["passOnStalemate.w", "passOnStalemate.b"])
            ));
        } else {
            t.problem(
                "passOnStalemate.w",
                "passing when stuck for one side only has no chimera rule",
            );
        }
    }
    match t.text("flipEnclosedPieces").as_str() {
        "none" => {}
        "reversi" => moves.push(format!("{}flip = \"enclosed\"", t.from(&["flipEnclosedPieces"]))),
        "ataxx" => moves.push(format!("{}flip = \"adjacent\"", t.from(&["flipEnclosedPieces"]))),
        "quadwrangle" => moves.push(format!(
            "{}flip = \"adjacent_supported\"",
            t.from(&["flipEnclosedPieces"])
        )),
        other => t.problem(
            "flipEnclosedPieces",
            format!("turning pieces as `{other}` does has no chimera rule"),
        ),
    }
    if t.bool("blastOnCapture") {
        let mut immune = vec![cname(PAWN)];
        // Fairy-Stockfish's blastImmuneTypes: pieces no explosion removes,
        // the capturer included (position.cpp, do_move) — chimera's
        // `unharmed`.
        let mut unharmed = Vec::new();
        if blast_immune != 0 && !immune_types_refused(t, p, "blastImmuneTypes", blast_immune) {
            for &pt in types {
                if blast_immune & (1u128 << pt) != 0 {
                    unharmed.push(cname(pt));
                }
            }
            immune.retain(|n| !unharmed.contains(n));
        }
        immune.retain(|n| types.iter().any(|&p| &cname(p) == n));
        // Fairy-Stockfish puts every piece an explosion removes in its
        // opponent's hand when captures go to the hand.
        let to_hand = if p.to_hand && p.drops {
            ", to_hand = true"
        } else {
            ""
        };
        let (unharmed, from) = if unharmed.is_empty() {
            (String::new(), t.from(&["blastOnCapture"]))
        } else {
            (
                format!(", unharmed = {}", qlist(&unharmed)),
                t.from(&["blastOnCapture", "blastImmuneTypes"]),
            )
        };
        moves.push(format!(
            "{from}explosions = {{ immune = {}{unharmed}{to_hand} }}",
            qlist(&immune)
        ));
    }
    if !moves.is_empty() {
        out.push_str("[moves]\n");
        for l in moves {
            out.push_str(&l);
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// `castlingWins` and `materialCounting`, as `[end]` lines.
fn castling_and_material_ends(t: &Tx, end: &mut Vec<String>) {
    let wins = t.text("castlingWins");
    if !wins.is_empty() {
        // The same letters as the castling rules written from the FEN.
        let letters: Vec<String> = wins
            .chars()
            .filter(|c| *c != '-')
            .map(|c| q(&c.to_string()))
            .collect();
        end.push(format!(
            "{}castling_wins = [{}]",
            t.from(&["castlingWins"]),
            letters.join(", ")
        ));
    }
    match t.text("materialCounting").as_str() {
        "none" => {}
        "unweighted" => end.push(format!(
            "{}draws_by_piece_count = true",
            t.from(&["materialCounting"])
        )),
        // Fairy-Stockfish gives every drawn ending (stalemate, the move
        // counter, repetition, a full board) to the side with draw odds.
        odds @ ("whitedrawodds" | "blackdrawodds") => end.push(format!(
            "{}draw_odds = {}",
            t.from(&["materialCounting"]),
            q(if odds == "whitedrawodds" {
                "first"
            } else {
                "second"
            })
        )),
        _ => janggi_points(t, end),
    }
    facing_and_passes(t, end);
}

/// `materialCounting = janggi`: Fairy-Stockfish gives a drawn ending (the
/// move counter, repetition, bikjang, two passes, a full board) to the side
/// with more points, its second player counting one more (`position.h`,
/// `material_counting_result`: first wins when its points minus the
/// second's, minus one, are above zero — `second_bonus = 1.5` is the same
/// on whole points).
fn janggi_points(t: &Tx, end: &mut Vec<String>) {
    let from = t.from(&["materialCounting"]);
    if t.text("stalemateValue") == "draw" {
        t.problem(
            "materialCounting",
            "a stalemate counted by janggi's points has no chimera rule (`draws_by_points` counts repetition and the move counter)",
        );
    }
    let values: Vec<String> = [
        (ROOK, 13),
        (JANGGI_CANNON, 7),
        (HORSE, 5),
        (JANGGI_ELEPHANT, 3),
        (WAZIR, 3),
        (SOLDIER, 2),
    ]
    .iter()
    .filter(|(pt, _)| t.m.letters[*pt].is_some())
    .map(|(pt, v)| format!("{} = {v}", q(&cname(*pt))))
    .collect();
    end.push(format!("{from}draws_by_points = true"));
    end.push(format!(
        "points = {{ values = {{ {} }}, second_bonus = 1.5 }}",
        values.join(", ")
    ));
}

/// How a drawn ending that Fairy-Stockfish counts by material ends:
/// `"points"` under janggi's counting, else `"draw"` (the other countings
/// are chimera rules that judge every draw).
fn counted_draw(t: &Tx) -> &'static str {
    if t.text("materialCounting") == "janggi" {
        "\"points\""
    } else {
        "\"draw\""
    }
}

/// `bikjangRule` (the kings facing each other before and after a move) and
/// two passes in a row (`pass`, `passOnStalemate`) end the game as a draw, counted by material
/// (`position.cpp`, `is_game_end`).
fn facing_and_passes(t: &Tx, end: &mut Vec<String>) {
    if t.bool("bikjangRule") {
        end.push(format!(
            "{}royals_facing = {}",
            t.from(&["bikjangRule"]),
            counted_draw(t)
        ));
    }
    // Any two passes in a row: passes by choice (`pass`) or when stuck
    // (`passOnStalemate`), not a wall placed instead of a move.
    let passes = |c: &str| t.bool(&format!("pass.{c}")) || t.bool(&format!("passOnStalemate.{c}"));
    if passes("w") && passes("b") && !t.bool("wallOrMove") {
        end.push(format!(
            "{}double_pass = {}",
            t.from(&["pass.w", "passOnStalemate.w"]),
            counted_draw(t)
        ));
    }
}

/// `[end]`.
fn end_rules(t: &Tx, p: &Plan, mut end: Vec<String>, kinds: &[(usize, String)]) -> String {
    let mut out = String::new();
    // End.
    let cm = t.text("checkmateValue");
    end.push(format!(
        "{}checkmate = {}",
        t.from(&["checkmateValue"]),
        q(match cm.as_str() {
            "loss" => "win",
            "win" => "loss",
            _ => "draw",
        })
    ));
    if cm == "none" {
        t.problem("checkmateValue", "checkmate without a result");
    }
    if t.bool("shatarMateRule") {
        shatar_mate_rule(t, p, kinds, &mut end);
    }
    if t.bool("dupleCheck") && !p.pseudo_royal.is_empty() {
        end.push(format!("{}royal_pieces = \"not_all\"", t.from(&["dupleCheck"])));
    }
    let sv = t.text("stalemateValue");
    if sv == "none" {
        t.problem("stalemateValue", "stalemate without a result");
    }
    end.push(format!("{}stalemate = {}", t.from(&["stalemateValue"]), q(&sv)));
    if t.bool("stalematePieceCount") {
        end.push(format!(
            "{}stalemate_piece_count = true",
            t.from(&["stalematePieceCount"])
        ));
    }
    castling_and_material_ends(t, &mut end);
    let sittuyin = t.bool("sittuyinPromotion");
    if sittuyin && !p.types.contains(&PAWN) {
        if p.pawns_promote && p.prom_pawns.iter().any(|k| p.types.contains(k)) {
            t.problem(
                "sittuyinPromotion",
                "sittuyin's promotion forbids other pawns' promotions that check, which chimera cannot say",
            );
        } else {
            t.val("sittuyinPromotion");
        }
    } else if sittuyin && sittuyin_promotion(t, p).is_ok() {
        if p.types.contains(&KING) {
            // Fairy-Stockfish's stalemate by optional promotion
            // (position.cpp): a side with two pieces, one a pawn, not in
            // check, whose every legal move is a promotion, draws — the
            // other piece its king.
            end.push(format!(
                "{}only_promotions = \"draw\"",
                t.from(&["sittuyinPromotion"])
            ));
        } else {
            t.problem(
                "sittuyinPromotion",
                "sittuyin's promotion without a king is not imported (Fairy-Stockfish's draw by promotions only counts any two pieces, chimera's the royal piece and the pawn)",
            );
        }
    }
    if t.bool("adjudicateFullBoard") {
        end.push(format!(
            "{}full_board = {}",
            t.from(&["adjudicateFullBoard"]),
            counted_draw(t)
        ));
    }
    repetition_rules(t, p, kinds, &mut end);
    let nmove = t.int("nMoveRule");
    if nmove > 0 {
        end.push(format!(
            "{}fifty_move_rule = {}",
            t.from(&["nMoveRule"]),
            nmove * 2
        ));
    }
    end_reach(t, p, &mut end, kinds);
    unsupported_rules(t);
    out.push_str("[end]\n");
    for l in end {
        out.push_str(&l);
        out.push('\n');
    }
    out.push_str(&connect_table(t, p));
    out.push_str(&counting_table(t, kinds));
    out
}

/// `nFoldRule` and its value (`[end] repetition`), and janggi's
/// `moveRepetitionIllegal`.
fn repetition_rules(t: &Tx, p: &Plan, kinds: &[(usize, String)], end: &mut Vec<String>) {
    let nfold = t.int("nFoldRule");
    let nval = t.text("nFoldValue");
    let absolute = t.bool("nFoldValueAbsolute");
    let pci = t.bool("perpetualCheckIllegal");
    let rep_result = match (nval.as_str(), absolute) {
        ("draw", _) => Some("draw"),
        ("loss", true) => Some("first_loses"),
        ("win", true) => Some("second_loses"),
        // The value is the side to move's: it lost, so the mover wins.
        ("loss", false) => Some("mover_wins"),
        ("win", false) => Some("mover_loses"),
        _ => None,
    };
    match rep_result {
        _ if nfold == 0 => {}
        Some(r) if nfold >= 2 => end.push(format!(
            "{}repetition = {{ count = {nfold}, result = {}{} }}",
            t.from(&[
                "nFoldRule",
                "nFoldValue",
                "nFoldValueAbsolute",
                "perpetualCheckIllegal"
            ]),
            q(r),
            if pci { ", perpetual_check_loses = true" } else { "" }
        )),
        Some(_) => t.problem("nFoldRule", "a repetition count below 2"),
        None => t.problem(
            "nFoldValue",
            "a repetition that wins or loses for the side to move (not for a fixed side) has no chimera rule",
        ),
    }
    if t.bool("moveRepetitionIllegal") {
        move_repetition(t, p, kinds, end);
    }
}

/// `[end.counting]`: Fairy-Stockfish's `countingRule`, said as the bundled
/// makruk, cambodian and asean files say it. A line of the pieces' honour
/// for a type the variant lacks never applies and is left out.
fn counting_table(t: &Tx, kinds: &[(usize, String)]) -> String {
    const PAWN_T: usize = 1;
    const KNIGHT: usize = 2;
    const ROOK: usize = 4;
    const KHON: usize = 9;
    type Honour = &'static [(usize, u32, u32)];
    let rule = t.text("countingRule");
    let (board, at_most, with_blockers, honour, otherwise, from_pieces): (u32, u32, bool, Honour, u32, bool) =
        match rule.as_str() {
            "makruk" => (
                64,
                0,
                false,
                &[
                    (ROOK, 2, 8),
                    (ROOK, 1, 16),
                    (KHON, 2, 22),
                    (KNIGHT, 2, 32),
                    (KHON, 1, 44),
                ],
                64,
                true,
            ),
            "cambodian" => (
                63,
                3,
                true,
                &[
                    (ROOK, 2, 7),
                    (ROOK, 1, 15),
                    (KHON, 2, 21),
                    (KNIGHT, 2, 31),
                    (KHON, 1, 43),
                ],
                63,
                true,
            ),
            "asean" => (
                0,
                0,
                false,
                &[(ROOK, 1, 16), (KHON, 1, 44), (KNIGHT, 1, 64)],
                0,
                false,
            ),
            _ => return String::new(),
        };
    let names = |pt: usize| -> Vec<String> {
        kinds
            .iter()
            .filter(|(k, _)| *k == pt)
            .map(|(_, n)| n.clone())
            .collect()
    };
    let mut lines = Vec::new();
    for &(pt, n, moves) in honour {
        match names(pt).as_slice() {
            [] => {}
            [one] => lines.push(format!(
                "  {{ piece = {}, at_least = {n}, moves = {moves} }},",
                q(one)
            )),
            _ => {
                t.problem(
                    "countingRule",
                    format!(
                        "the counting rule counts `{}` pieces of several chimera kinds together (promoted ones too); chimera's pieces' honour counts one kind",
                        piece_name(pt)
                    ),
                );
                return String::new();
            }
        }
    }
    let mut out = format!(
        "\n{}[end.counting]\nblockers = {}\nboard_honour = {board}\n",
        t.from(&["countingRule"]),
        qlist(&names(PAWN_T))
    );
    if at_most > 0 {
        out.push_str(&format!("board_honour_at_most = {at_most}\n"));
    }
    if with_blockers {
        out.push_str("board_honour_with_blockers = true\n");
    }
    out.push_str(&format!(
        "pieces_honour = [\n{}\n]\notherwise = {otherwise}\n",
        lines.join("\n")
    ));
    if from_pieces {
        out.push_str("from_pieces = true\n");
    }
    out
}

/// `[end.connect]`: rows, squares and collinear pieces that win.
fn connect_table(t: &Tx, p: &Plan) -> String {
    let (n, nxn, col) = (t.int("connectN"), t.int("connectNxN"), t.int("collinearN"));
    let lines_keys = ["connectHorizontal", "connectVertical", "connectDiagonal"];
    if n == 0 && nxn == 0 && col == 0 {
        for k in lines_keys.iter().chain(&["connectPieceTypes", "connectValue"]) {
            t.val(k);
        }
        return String::new();
    }
    let mut out = format!(
        "\n{}[end.connect]\n",
        t.from(&[
            "connectN",
            "connectNxN",
            "collinearN",
            "connectPieceTypes",
            "connectValue"
        ])
    );
    for (k, v) in [("in_a_row", n), ("square", nxn), ("collinear", col)] {
        if v != 0 {
            out.push_str(&format!("{k} = {v}\n"));
        }
    }
    let set = t.set("connectPieceTypes");
    let kinds: Vec<String> = p
        .types
        .iter()
        .filter(|&&pt| set & (1u128 << pt) != 0)
        .map(|&pt| cname(pt))
        .collect();
    if kinds.len() < p.types.len() {
        out.push_str(&format!("pieces = {}\n", qlist(&kinds)));
    }
    let lines: Vec<String> = lines_keys
        .iter()
        .zip(["ranks", "files", "diagonals"])
        .filter(|(k, _)| t.bool(k))
        .map(|(_, l)| l.to_string())
        .collect();
    if lines.len() < 3 {
        out.push_str(&format!("{}lines = {}\n", t.from(&lines_keys), qlist(&lines)));
    }
    let value = t.text("connectValue");
    if value == "none" {
        t.problem(
            "connectValue",
            "a connection without a result has no chimera rule",
        );
    } else if value != "win" {
        out.push_str(&format!("result = {}\n", q(&value)));
    }
    out
}

/// Flag regions (`reach`) and check counting.
fn end_reach(t: &Tx, p: &Plan, end: &mut Vec<String>, kinds: &[(usize, String)]) {
    let Plan { types, .. } = p;
    // Flags (reach).
    let fr_w = t.squares("flagRegion.w");
    let fr_b = t.squares("flagRegion.b");
    if fr_w | fr_b != 0 {
        let mut reach = Vec::new();
        let safe = t.bool("flagPieceSafe");
        let flag_move = t.bool("flagMove");
        let count = t.int("flagPieceCount");
        let blocked = t.bool("flagPieceBlockedWin");
        let mut more = String::new();
        let mut never: Vec<String> = Vec::new();
        if count != 1 {
            more.push_str(&format!(", count = {count}"));
        }
        if blocked {
            more.push_str(", or_when_full = true");
        }
        if safe {
            // Fairy-Stockfish asks for safety only while exactly
            // flagPieceCount pieces stand in the region.
            more.push_str(", safe = true, safe_unless_more = true");
        }
        for (side, region, k) in [("first", fr_w, "flagPiece.w"), ("second", fr_b, "flagPiece.b")] {
            if region == 0 {
                // No region: the side's flag piece has no flag to reach.
                t.val(k);
                continue;
            }
            if !blocked && count > i64::from(region.count_ones()) {
                // More pieces than the region has squares: never met.
                never.push(format!(
                    "# flagPieceCount {count} is more than the {} squares of {side}'s region: its flag is never reached\n",
                    region.count_ones()
                ));
                t.val(k);
                continue;
            }
            let fp = t.ty(k);
            let who: Vec<usize> = if fp == 0 { types.clone() } else { vec![fp] };
            let names: Vec<String> = who.iter().flat_map(|&p| kinds_of(kinds, p)).collect();
            if (count != 1 || blocked || safe) && names.len() > 1 {
                // Fairy-Stockfish counts the pieces of every flag kind together.
                reach.push(format!(
                    "  {{ side = {}, pieces = {}, squares = {}{more} }},",
                    q(side),
                    qlist(&names),
                    qlist(&t.square_names(region)),
                ));
                continue;
            }
            for name in names {
                reach.push(format!(
                    "  {{ side = {}, piece = {}, squares = {}{more} }},",
                    q(side),
                    q(&name),
                    qlist(&t.square_names(region)),
                ));
            }
        }
        if reach.is_empty() {
            t.val("flagMove");
            end.push(never.concat().trim_end().to_string());
        } else {
            end.push(format!(
                "{}{}reach = [\n{}\n]",
                t.from(&[
                    "flagRegion.w",
                    "flagRegion.b",
                    "flagPiece.w",
                    "flagPiece.b",
                    "flagPieceCount",
                    "flagPieceBlockedWin"
                ]),
                never.concat(),
                reach.join("\n")
            ));
            if flag_move {
                reach_reply(t, safe, end);
            }
        }
    } else {
        for k in [
            "flagPiece.w",
            "flagPiece.b",
            "flagMove",
            "flagPieceSafe",
            "flagPieceCount",
            "flagPieceBlockedWin",
        ] {
            t.val(k);
        }
    }
    check_counting(t, end);
}

/// `flagMove`: the reply an arrival gets (`[end] reach_reply`).
fn reach_reply(t: &Tx, safe: bool, end: &mut Vec<String>) {
    if safe {
        // Only an arrival that is not safe is answered; it wins if a
        // piece is still there after the reply, attacked or not.
        end.push(format!(
            "{}reach_reply = \"unsafe\"",
            t.from(&["flagMove", "flagPieceSafe"])
        ));
    } else {
        // Fairy-Stockfish ends the game early (the first player's
        // arrival answered, the second's winning at once) only for a
        // king; any other flag piece's arrival is answered for both.
        let kings = [t.ty("flagPiece.w"), t.ty("flagPiece.b")] == [KING, KING];
        let reply = if kings { "true" } else { "\"both\"" };
        end.push(format!("{}reach_reply = {reply}", t.from(&["flagMove"])));
    }
}

/// `checkCounting`: the checks to give, from the start position's counts.
fn check_counting(t: &Tx, end: &mut Vec<String>) {
    let fen_fields: Vec<String> = t
        .text("startFen")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if t.bool("checkCounting") {
        let checks = fen_fields
            .iter()
            .find(|f| f.contains('+') && f.split('+').all(|x| x.parse::<u32>().is_ok()));
        // Without counts in the start position Fairy-Stockfish gives each
        // side one check to win (`Position::set`).
        let none_given = !fen_fields.iter().skip(1).any(|f| f.contains('+'));
        match checks.and_then(|c| c.split_once('+')) {
            Some((a, b)) if a == b => end.push(format!(
                "{}checks_to_win = {a}",
                t.from(&["checkCounting", "startFen"])
            )),
            None if none_given => end.push(format!(
                "{}checks_to_win = 1",
                t.from(&["checkCounting", "startFen"])
            )),
            _ => t.problem(
                "checkCounting",
                "check counting needs the same count for both sides in the start position (`3+3`)",
            ),
        }
    }
}

/// Whether Fairy-Stockfish's cambodianMoves apply and are imported (as
/// `once` moves of the king and the fers, their rights the gates), with a
/// problem said when they are not. Without gating Fairy-Stockfish sets no
/// gate and the leaps never happen.
fn cambodian_moves(t: &Tx, p: &Plan) -> bool {
    if !t.bool("cambodianMoves") || !t.bool("gating") {
        return false;
    }
    let why = if t.bool("castling") || t.bool("seirawanGating") {
        "Cambodian leaps together with castling or seirawanGating: their rights share the castling field (chimera's `once` is not with `[[castling]]` or `[gating]`)".to_string()
    } else if t.int("castlingRank") != 0 {
        "Cambodian leaps with gates off the first rank (castlingRank): chimera's `once` rights are on the back rank".to_string()
    } else if !p.types.contains(&KING) {
        "Cambodian leaps without a king: Fairy-Stockfish's rook rule looks for the king's square".to_string()
    } else if p.drops {
        "Cambodian leaps with drops: Fairy-Stockfish's rook rule counts a dropped rook, chimera's `lost_when_aimed_by` moves on the board only".to_string()
    } else if t.bool("blastOnCapture") || t.set("petrifyOnCaptureTypes") != 0 {
        "Cambodian leaps with explosions or petrification: Fairy-Stockfish keeps the gate of a square whose piece an explosion removed, for the next piece that stands there".to_string()
    } else if let Some(&pt) = p.promoted.values().find(|&&pt| [KING, FERS, ROOK].contains(&pt)) {
        format!(
            "Cambodian leaps with `{}` also a promoted kind, which chimera writes as a kind of its own that the rule would not name",
            piece_name(pt)
        )
    } else {
        return true;
    };
    t.problem("cambodianMoves", why);
    false
}

/// Whether Fairy-Stockfish's `key` (blastImmuneTypes or
/// mutuallyImmuneTypes, the piece types `set`) is refused here, with the
/// problem said: Fairy-Stockfish does not support it with kings or
/// pseudo-royal pieces (parser.cpp warns; its check rules ignore it), a
/// promoted kind of an immune type would be a second chimera kind the rule
/// does not name, and a mutually immune piece still takes its like en
/// passant there (position.cpp, `legal`, compares the type on the target
/// square, empty for en passant), which chimera's `cannot_capture` forbids.
fn immune_types_refused(t: &Tx, p: &Plan, key: &str, set: u128) -> bool {
    let why = if p.types.contains(&KING) || t.bool("extinctionPseudoRoyal") {
        "Fairy-Stockfish does not support it with kings or pseudo-royal pieces (parser.cpp: \"Can not use kings or pseudo-royal with …\"; its check rules ignore it)".to_string()
    } else if let Some(&pt) = p.promoted.values().find(|&&pt| set & (1u128 << pt) != 0) {
        format!(
            "`{}` is also a promoted kind, which chimera writes as a kind of its own that the rule would not name",
            piece_name(pt)
        )
    } else if key == "mutuallyImmuneTypes" && set & p.ep != 0 {
        "a mutually immune piece that is taken en passant: Fairy-Stockfish lets its like take it en passant (it compares the piece on the empty target square), chimera's `cannot_capture` does not".to_string()
    } else {
        return false;
    };
    t.problem(key, why);
    true
}

/// Settings chimera has no rule for.
fn unsupported_rules(t: &Tx) {
    if t.text("chasingRule") != "none" && !XIANGQI_NAMES.with(std::cell::Cell::get) {
        t.problem(
            "chasingRule",
            "xiangqi's chasing rule is chimera's `chasing` hook, which needs xiangqi's seven pieces (king, fers, elephant, horse, rook, cannon, soldier)",
        );
    }
    if t.bool("twoBoards") {
        // On its one board Fairy-Stockfish's twoBoards only writes promoted
        // pieces with `~` and lets a hand hold what the partner sends; its
        // virtual drops (of pieces not yet in hand) never pass `legal`'s
        // list (movegen.cpp, generate<LEGAL>), so a position reached by
        // legal moves never has one. Said with drops whose captures leave
        // the board (bughouse), the other combinations are not verified.
        if !t.bool("pieceDrops") || t.bool("capturesToHand") {
            t.problem(
                "twoBoards",
                "two boards are imported with drops and captures that leave the board (bughouse); not without drops or with captures to the hand",
            );
        }
    }
    if t.squares("connectRegion1.w") != 0 || t.squares("connectRegion1.b") != 0 {
        t.problem(
            "connectRegion1.w",
            "connecting two regions is not imported: Fairy-Stockfish grows the chain from the first region only east and north (and north-east, south-east with diagonals; position.cpp, connectRegion1), so a chain that turns back west or south does not win there (a5 b5 c5 c4 c3 d3 … i3 on gale's board), which is not the game's rule (chimera's `[end.connect] regions` says the game's: variants/gale.toml)",
        );
    }
    for k in [
        "connectRegion1.b",
        "connectRegion2.w",
        "connectRegion2.b",
        "connectValue",
    ] {
        t.val(k);
    }
}

/// The Fairy-Stockfish Betza of a piece type.
fn pieces_def(m: &Model, pt: usize) -> String {
    if (FIRST_CUSTOM..ROYAL_SLOT).contains(&pt) {
        m.betza[pt].clone()
    } else if pt == KING {
        if m.custom_king {
            m.betza[ROYAL_SLOT].clone()
        } else {
            "K".into()
        }
    } else if pt >= 1 && pt <= PREDEFINED.len() {
        PREDEFINED[pt - 1].1.to_string()
    } else {
        String::new()
    }
}

/// A mobility region as chimera's `region = { ranks, files }`; regions that
/// are not whole ranks crossed with whole files, mirrored, or that limit
/// one side only, as each side's squares by name.
fn region(t: &Tx, w: Option<Bb>, b: Option<Bb>) -> Result<String, String> {
    let board = t.board();
    let by_side = || {
        let part = |side: &str, bb: Option<Bb>| {
            bb.map(|bb| {
                format!(
                    "{{ side = {}, squares = {} }}",
                    q(side),
                    qlist(&t.square_names(bb & board))
                )
            })
        };
        let parts: Vec<String> = [part("first", w), part("second", b)]
            .into_iter()
            .flatten()
            .collect();
        if [w, b].iter().flatten().any(|bb| bb & board == 0) {
            return Err(
                "a mobility region with no square of the board (the piece could not move)".to_string(),
            );
        }
        Ok(format!("region = [{}]", parts.join(", ")))
    };
    let (Some(w), Some(b)) = (w, b) else {
        return by_side();
    };
    let (w, b) = (w & board, b & board);
    let ranks: Vec<u32> = (0..t.ranks).filter(|&r| w & rank_bb(r) != 0).collect();
    let files: Vec<u32> = (0..t.files).filter(|&f| w & file_bb(f) != 0).collect();
    let product = ranks
        .iter()
        .fold(0, |acc, &r| files.iter().fold(acc, |a, &f| a | sq(f, r)));
    let mirror = ranks.iter().fold(0, |acc, &r| {
        files.iter().fold(acc, |a, &f| a | sq(f, t.ranks - 1 - r))
    });
    if product != w || mirror != b {
        return by_side();
    }
    let all_files = files.len() as u32 == t.files;
    let all_ranks = ranks.len() as u32 == t.ranks;
    let mut parts = Vec::new();
    if !all_ranks {
        parts.push(format!(
            "ranks = {}",
            nums(&ranks.iter().map(|r| r + 1).collect::<Vec<_>>())
        ));
    }
    if !all_files {
        parts.push(format!(
            "files = {}",
            nums(&files.iter().map(|f| f + 1).collect::<Vec<_>>())
        ));
    }
    Ok(format!("region = {{ {} }}", parts.join(", ")))
}

fn castling_rules(t: &Tx, fen: &[&str], rights: &str) -> Result<(String, String), String> {
    let board = fen.first().copied().unwrap_or("");
    let board = board.split('[').next().unwrap_or("");
    let grid = board_grid(board, t.files, t.ranks)
        .ok_or("the start position's board does not fit the board size")?;
    let kfile_default = t.int("castlingKingFile") as u32;
    let rank = t.int("castlingRank") as u32;
    let kside = t.int("castlingKingsideFile") as u32;
    let qside = t.int("castlingQueensideFile") as u32;
    let rk_file = (t.int("castlingRookKingsideFile") as u32).min(t.files - 1);
    let rq_file = (t.int("castlingRookQueensideFile") as u32).min(t.files - 1);
    t.same_both("castlingKingPiece");
    t.same_both("castlingRookPieces");
    let king = t.ty("castlingKingPiece.w");
    let rooks = t.set("castlingRookPieces.w");
    // A castling king of another kind (a commoner where the king is not
    // royal) is the rule's `piece`; the royal king is the default.
    let mut piece_line = if king == KING {
        String::new()
    } else {
        format!("piece = {}\n", q(&cname(king)))
    };
    if t.bool("chess960") {
        piece_line.push_str(&chess960_line(t, rooks)?);
    }
    let mut out = String::new();
    let mut kept = String::new();
    let mut rules: Vec<(char, String)> = Vec::new();
    let from = t.from(&[
        "castling",
        "castlingKingsideFile",
        "castlingQueensideFile",
        "castlingRank",
        "castlingKingFile",
        "castlingRookPieces.w",
    ]);
    out.push_str(&from);
    for c in rights.chars() {
        let (white, kingside) = match c {
            'K' => (true, true),
            'Q' => (true, false),
            'k' => (false, true),
            'q' => (false, false),
            _ => {
                return Err(format!(
                    "castling right `{c}` in the start position is not imported"
                ));
            }
        };
        let r = if white { rank } else { t.ranks - 1 - rank };
        let piece_at = |f: u32| -> Option<char> {
            grid.get(r as usize)
                .and_then(|row| row.get(f as usize))
                .copied()
                .flatten()
        };
        let is_own = |ch: char| {
            if white {
                ch.is_ascii_uppercase()
            } else {
                ch.is_ascii_lowercase()
            }
        };
        // As Fairy-Stockfish finds them: the one castling king on the rank
        // (else the one on the king's file), the rook searched from the
        // rook file inwards; a right without them is dropped.
        let kings: Vec<u32> = (0..t.files)
            .filter(|&f| piece_at(f).is_some_and(|ch| is_own(ch) && t.m.type_of_letter(ch) == Some(king)))
            .collect();
        let kfile = if kings.len() == 1 { kings[0] } else { kfile_default };
        if !kings.contains(&kfile) {
            continue;
        }
        let files: Vec<u32> = if kingside {
            (0..=rk_file).rev().collect()
        } else {
            (rq_file..t.files).collect()
        };
        let Some(rook_file) = files.into_iter().find(|&f| {
            piece_at(f).is_some_and(|ch| {
                is_own(ch) && t.m.type_of_letter(ch).is_some_and(|p| rooks & (1u128 << p) != 0)
            })
        }) else {
            continue;
        };
        kept.push(c);
        let kto = if kingside { kside } else { qside };
        if kto == kfile {
            return Err(format!(
                "castling right `{c}` leaves the king on its square, which no chimera castling rule says"
            ));
        }
        let rto = if kingside { kto - 1 } else { kto + 1 };
        let name = |f: u32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
        rules.push((
            c,
            format!(
                "[[castling]]\nside = {}\nright = {}\nking = {}\nking_to = {}\nrook = {}\nrook_to = {}\n{piece_line}",
                q(if white { "first" } else { "second" }),
                q(&c.to_string()),
                q(&name(kfile)),
                q(&name(kto)),
                q(&name(rook_file)),
                q(&name(rto))
            ),
        ));
    }
    push_castling_rules(t, &mut out, rules, &kept);
    Ok((out, kept))
}

/// The `[[castling]]` tables of the rights kept; with `oppositeCastling`,
/// castling on a wing takes the opponent's right on that wing (its letter
/// in the other case).
fn push_castling_rules(t: &Tx, out: &mut String, rules: Vec<(char, String)>, kept: &str) {
    let opposite = t.bool("oppositeCastling");
    if opposite {
        out.push_str(&t.from(&["oppositeCastling"]));
    }
    for (c, rule) in rules {
        out.push_str(&rule);
        let theirs = if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        };
        if opposite && kept.contains(theirs) {
            out.push_str(&format!("takes_rights = [{}]\n", q(&theirs.to_string())));
        }
        out.push('\n');
    }
}

/// Fairy-Stockfish's `chess960`: castling with the king and its rook on
/// any files of the castling rank (they end where they would in chess),
/// chimera's `any_file` with the one kind of castling rook.
fn chess960_line(t: &Tx, rooks: u128) -> Result<String, String> {
    let kinds: Vec<usize> =
        t.m.types()
            .into_iter()
            .filter(|&pt| rooks & (1u128 << pt) != 0)
            .collect();
    let [rook] = kinds[..] else {
        return Err(format!(
            "chess960 castling with {} kinds of castling rook: chimera's `any_file` names one `rook_piece`",
            kinds.len()
        ));
    };
    Ok(format!(
        "{}any_file = true\nrook_piece = {}\n",
        t.from(&["chess960"]),
        q(&cname(rook))
    ))
}

/// Castling granted by drops (`castlingDroppedPiece`), as Fairy-Stockfish's
/// `do_move` grants it: a castling king dropped on the castling king file
/// of its castling rank, or a castling rook dropped on the first or last
/// file of that rank while the king stands there, gives the right with
/// each such rook on those corner files — chimera's `granted_by_drops` on
/// one rule per side and wing (king from `castlingKingFile`, rook on the
/// corner file, the king's and rook's ends from `castlingKingsideFile` and
/// `castlingQueensideFile`).
fn drop_castling_rules(t: &Tx) -> Result<String, String> {
    let kfile = t.int("castlingKingFile") as u32;
    let rank = t.int("castlingRank") as u32;
    let kside = t.int("castlingKingsideFile") as u32;
    let qside = t.int("castlingQueensideFile") as u32;
    // The rook files of rights in the start position: there are none.
    t.val("castlingRookKingsideFile");
    t.val("castlingRookQueensideFile");
    if !t.same_both("castlingKingPiece") || !t.same_both("castlingRookPieces") {
        return Ok(String::new());
    }
    let king = t.ty("castlingKingPiece.w");
    let rooks = t.set("castlingRookPieces.w");
    let rook_types: Vec<usize> =
        t.m.types()
            .into_iter()
            .filter(|&pt| rooks & (1u128 << pt) != 0)
            .collect();
    let [rook] = rook_types[..] else {
        return Err(format!(
            "castling granted by drops with {} kinds of castling rook: chimera's `granted_by_drops` names one",
            rook_types.len()
        ));
    };
    if kfile == 0 || kfile + 1 >= t.files {
        return Err("castling granted by drops with the king on a corner file is not imported".into());
    }
    let piece_line = if king == KING {
        String::new()
    } else {
        format!("piece = {}\n", q(&cname(king)))
    };
    let mut out = t.from(&[
        "castlingDroppedPiece",
        "castlingKingFile",
        "castlingRank",
        "castlingKingsideFile",
        "castlingQueensideFile",
    ]);
    out.push_str("# the rights come from dropping the king and a rook on their squares\n");
    for (white, kingside, right) in [
        (true, true, 'K'),
        (true, false, 'Q'),
        (false, true, 'k'),
        (false, false, 'q'),
    ] {
        let r = if white { rank } else { t.ranks - 1 - rank };
        let kto = if kingside { kside } else { qside };
        if kto == kfile {
            return Err(format!(
                "castling right `{right}` leaves the king on its square, which no chimera castling rule says"
            ));
        }
        let rook_file = if kingside { t.files - 1 } else { 0 };
        let rto = if kingside { kto - 1 } else { kto + 1 };
        let name = |f: u32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
        out.push_str(&format!(
            "[[castling]]\nside = {}\nright = {}\nking = {}\nking_to = {}\nrook = {}\nrook_to = {}\n{piece_line}granted_by_drops = {{ king = {}, rook = {} }}\n\n",
            q(if white { "first" } else { "second" }),
            q(&right.to_string()),
            q(&name(kfile)),
            q(&name(kto)),
            q(&name(rook_file)),
            q(&name(rto)),
            q(&cname(king)),
            q(&cname(rook)),
        ));
    }
    Ok(out)
}

/// The board part of a FEN as rows of pieces' letters, first rank first.
fn board_grid(board: &str, files: u32, ranks: u32) -> Option<Vec<Vec<Option<char>>>> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() as u32 != ranks {
        return None;
    }
    let mut grid = Vec::new();
    for row in rows.iter().rev() {
        let mut cells = Vec::new();
        let mut num = 0u32;
        let mut promoted = false;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                num = num * 10 + d;
                if num > files {
                    return None;
                }
                continue;
            }
            for _ in 0..num {
                cells.push(None);
            }
            num = 0;
            if ch == '+' {
                promoted = true;
                continue;
            }
            if ch == '~' {
                continue;
            }
            // A wall (`*`) takes its square.
            cells.push(if promoted { Some('+') } else { Some(ch) });
            promoted = false;
        }
        for _ in 0..num {
            cells.push(None);
        }
        if cells.len() as u32 != files {
            return None;
        }
        grid.push(cells);
    }
    Some(grid)
}

/// The problems of a section as positioned diagnostics.
pub fn problem_diagnostics(ini: &Ini, section: &Section, problems: &[Problem]) -> Vec<Diagnostic> {
    problems
        .iter()
        .map(|p| {
            let span = p.span.clone().unwrap_or(section.span.clone());
            ini.error(span, format!("[{}] {}: {}", section.name, p.key, p.reason))
                .label("not imported")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_read() {
        let b = ini::parse("b.ini", BUILTINS).unwrap();
        for (i, s) in b.sections.iter().enumerate() {
            let _ = i;
            builtin_model(&s.name, &b, s).unwrap_or_else(|d| panic!("{}: {}", s.name, d.message));
        }
    }
}

/// How many of each letter the board part of a FEN holds (case kept).
fn start_counts(fen: &str) -> BTreeMap<char, usize> {
    let mut out = BTreeMap::new();
    let board = fen.split_whitespace().next().unwrap_or("");
    let board = board.split('[').next().unwrap_or("");
    for c in board.chars().filter(char::is_ascii_alphabetic) {
        *out.entry(c).or_insert(0) += 1;
    }
    out
}

/// A start position as Fairy-Stockfish reads it (`Position::set`), written
/// in full: `board side castling en-passant [checks] halfmove fullmove`.
/// Its reader takes the castling field when the third field does not start
/// with a digit, then reads en-passant squares letter-digit pair by pair
/// (consuming the first character that is not one), then the counters.
fn fsf_fen(fen: &str, files: u32, ranks: u32) -> String {
    let mut parts = fen.splitn(3, char::is_whitespace);
    let board = parts.next().unwrap_or("").to_string();
    let side = parts.next().unwrap_or("w").to_string();
    let rest: Vec<char> = parts.next().unwrap_or("").chars().collect();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < rest.len() && rest[*i].is_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    let mut castling = String::from("-");
    let mut ep: Vec<String> = Vec::new();
    if i < rest.len() && !rest[i].is_ascii_digit() {
        let start = i;
        while i < rest.len() && !rest[i].is_whitespace() {
            i += 1;
        }
        castling = rest[start..i].iter().collect();
        loop {
            skip_ws(&mut i);
            let Some(&col) = rest.get(i) else { break };
            i += 1;
            if !(('a'..=(b'a' + files as u8 - 1) as char).contains(&col)) {
                break;
            }
            skip_ws(&mut i);
            let Some(&row) = rest.get(i) else { break };
            i += 1;
            if !(('1'..=(b'1' + ranks as u8 - 1) as char).contains(&row)) {
                break;
            }
            ep.push(format!("{col}{row}"));
        }
    }
    let tail: String = rest[i.min(rest.len())..].iter().collect();
    let mut tokens: Vec<&str> = tail.split_whitespace().collect();
    let mut checks = None;
    if tokens.first().is_some_and(|t| t.contains('+')) {
        checks = Some(tokens.remove(0).to_string());
    }
    let num = |t: Option<&&str>| -> u64 {
        t.map(|t| t.chars().take_while(char::is_ascii_digit).collect::<String>())
            .and_then(|d| d.parse().ok())
            .unwrap_or(0)
    };
    let half = num(tokens.first());
    let full = num(tokens.get(1)).max(1);
    let ep = if ep.is_empty() {
        "-".to_string()
    } else {
        ep.join("")
    };
    match checks {
        Some(c) => format!("{board} {side} {castling} {ep} {c} {half} {full}"),
        None => format!("{board} {side} {castling} {ep} {half} {full}"),
    }
}

#[cfg(test)]
mod fen_tests {
    use super::fsf_fen;

    #[test]
    fn short_forms_as_fairy_stockfish_reads_them() {
        assert_eq!(fsf_fen("8/8 w 0 1", 8, 2), "8/8 w - - 0 1");
        // `-` then `0`: the 0 is eaten as a would-be en-passant square.
        assert_eq!(fsf_fen("5/5 w - 0 1", 5, 2), "5/5 w - - 1 1");
        assert_eq!(fsf_fen("8/8 w KQkq - 3+3 0 1", 8, 2), "8/8 w KQkq - 3+3 0 1");
        assert_eq!(fsf_fen("8/8[] b - - 4 7", 8, 2), "8/8[] b - - 4 7");
    }
}
