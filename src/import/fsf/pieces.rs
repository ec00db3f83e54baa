//! Fairy-Stockfish's piece types (`types.h`) and their Betza strings.

/// Fairy-Stockfish's piece types in its order (`types.h`), with their Betza
/// strings (`piece.cpp`). Custom pieces follow; the king is last.
pub(super) const PREDEFINED: &[(&str, &str)] = &[
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
pub(super) const FIRST_CUSTOM: usize = PREDEFINED.len() + 1;
/// The reserved custom royal slot, then the king.
pub(super) const ROYAL_SLOT: usize = FIRST_CUSTOM + CUSTOM;
pub(super) const KING: usize = ROYAL_SLOT + 1;
pub(super) const PAWN: usize = 1;
pub(super) const SHOGI_PAWN: usize = 19;
pub(super) const SOLDIER: usize = 29;
pub(super) const KNIGHT: usize = 2;
pub(super) const BISHOP: usize = 3;
pub(super) const BERS: usize = 11;
pub(super) const ROOK: usize = 4;
pub(super) const FERS: usize = 6;
pub(super) const JANGGI_CANNON: usize = 28;
pub(super) const HORSE: usize = 30;
pub(super) const JANGGI_ELEPHANT: usize = 32;
pub(super) const WAZIR: usize = 34;
pub(super) const NTYPES: usize = KING + 1;

/// The ini name of piece type `pt`.
pub(super) fn piece_name(pt: usize) -> String {
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
