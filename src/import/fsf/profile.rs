//! What Fairy-Stockfish's interface (pyffish, ffish.js) tells about a
//! variant beyond its rules, read from the model of its settings: its
//! literal start FEN, whether it is played on two boards, its piece types
//! by letter, and its insufficient-material rule (`apiutil.h`'s
//! `has_insufficient_material`), which depends on Fairy-Stockfish's piece
//! types rather than on the moves.

use super::pieces::{FIRST_CUSTOM, KING, NTYPES, ROYAL_SLOT, piece_name};
use super::properties::{Model, Val};
use super::resolution::builtin_model_named;
use super::squares::{Bb, sq};

/// A variant as Fairy-Stockfish's interface sees it (see the module).
#[derive(Debug, Clone)]
pub struct Profile {
    /// Fairy-Stockfish's `startFen`, as its ini says it.
    pub start_fen: String,
    /// `twoBoards` (bughouse).
    pub two_boards: bool,
    /// `capturesToHand`.
    pub captures_to_hand: bool,
    /// `countingRule`: `makruk`, `cambodian`, `asean` or `none`.
    pub counting: String,
    letters: Vec<Option<char>>,
    promoted: std::collections::BTreeMap<usize, usize>,
    files: u32,
    ranks: u32,
    extinction: bool,
    extinction_pseudo_royal: bool,
    extinction_types: u128,
    blast: bool,
    nfold_not_draw: bool,
    flag: [(Bb, usize); 2],
    promotion_pawns: [u128; 2],
    promotion_pieces: [u128; 2],
    mobility: std::collections::BTreeMap<(usize, usize), Bb>,
    stalemate_draw: bool,
    check_counting: bool,
    makpong: bool,
    king_is_king: bool,
}

/// One piece on the board, as [`Profile::insufficient_material`] reads it.
#[derive(Debug, Clone)]
pub struct BoardPiece {
    /// The piece's symbol as chimera writes it (`P`, `+S`, `Q~`).
    pub symbol: String,
    /// 0 for the first side (white), 1 for the second.
    pub color: usize,
    /// File, from 0.
    pub file: u32,
    /// Rank, from 0.
    pub rank: u32,
}

const MAJOR: &[&str] = &[
    "rook",
    "queen",
    "archbishop",
    "chancellor",
    "silver",
    "gold",
    "commoner",
    "centaur",
    "amazon",
    "bers",
];
const COLORBOUND: &[&str] = &["bishop", "fers", "fersAlfil", "alfil", "elephant"];

fn set_has(set: u128, pt: usize) -> bool {
    set & 1 != 0 || set & (1u128 << pt) != 0
}

impl Profile {
    /// The profile of a model.
    pub fn of(m: &Model) -> Profile {
        let b = |k: &str| matches!(m.get(k), Val::Bool(true));
        let text = |k: &str| match m.get(k) {
            Val::Text(t) => t.clone(),
            _ => String::new(),
        };
        let set = |k: &str| if let Val::Set(s) = m.get(k) { *s } else { 0 };
        let squares = |k: &str| if let Val::Squares(s) = m.get(k) { *s } else { 0 };
        let ty = |k: &str| if let Val::Type(t) = m.get(k) { *t } else { 0 };
        let int = |k: &str| if let Val::Int(n) = m.get(k) { *n } else { 0 };
        Profile {
            start_fen: text("startFen"),
            two_boards: b("twoBoards"),
            letters: m.letters.clone(),
            promoted: super::parse::resolved_pairs(m, "promotedPieceType"),
            files: int("maxFile") as u32 + 1,
            ranks: int("maxRank") as u32 + 1,
            captures_to_hand: b("capturesToHand"),
            counting: text("countingRule"),
            extinction: text("extinctionValue") != "none",
            extinction_pseudo_royal: b("extinctionPseudoRoyal"),
            extinction_types: set("extinctionPieceTypes"),
            blast: b("blastOnCapture"),
            nfold_not_draw: int("nFoldRule") != 0 && text("nFoldValue") != "draw",
            flag: [
                (squares("flagRegion.w"), ty("flagPiece.w")),
                (squares("flagRegion.b"), ty("flagPiece.b")),
            ],
            promotion_pawns: [set("promotionPawnTypes.w"), set("promotionPawnTypes.b")],
            promotion_pieces: [set("promotionPieceTypes.w"), set("promotionPieceTypes.b")],
            mobility: m.mobility.iter().map(|(k, (bb, _))| (*k, *bb)).collect(),
            stalemate_draw: text("stalemateValue") == "draw",
            check_counting: b("checkCounting"),
            makpong: b("makpongRule"),
            king_is_king: !m.custom_king && !m.king_wazir,
        }
    }

    /// Whether Fairy-Stockfish's `validate_fen` takes `~` (a promoted
    /// piece) on the board: only where pieces promote
    /// (`promotionPieceTypes`); xiangqi's children do not (jieqi's `r~`).
    pub fn reads_promoted_mark(&self) -> bool {
        self.promotion_pieces.iter().any(|&s| s != 0)
    }

    /// Whether the variant's king moves as the chess king
    /// (Fairy-Stockfish's `kingType == KING`).
    pub fn king_is_king(&self) -> bool {
        self.king_is_king
    }

    /// The profile of one of Fairy-Stockfish's built-in variants, by name
    /// (`None` for a name that is not one).
    pub fn builtin(name: &str) -> Option<Profile> {
        builtin_model_named(name).map(|m| Profile::of(&m))
    }

    /// Fairy-Stockfish's piece type of a symbol: `P` its letter's, `Q~` a
    /// promoted pawn's (the queen's), `+S` the type a silver promotes to.
    fn type_of(&self, symbol: &str) -> Option<usize> {
        let s = symbol.trim_end_matches('~');
        let (promoted, s) = match s.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let mut chars = s.chars();
        let c = chars.next()?.to_ascii_lowercase();
        if chars.next().is_some() {
            return None;
        }
        let t = (1..NTYPES).find(|&t| self.letters[t] == Some(c))?;
        if promoted {
            self.promoted.get(&t).copied()
        } else {
            Some(t)
        }
    }

    /// Fairy-Stockfish's name of the piece type of a symbol (`fers`,
    /// `silver`, `customPiece1`), if the variant has one.
    pub fn type_name(&self, symbol: &str) -> Option<String> {
        self.type_of(symbol).map(piece_name)
    }

    /// The squares a piece type may stand on for a side (`board_bb`).
    fn board_bb(&self, color: usize, pt: usize) -> Bb {
        let board = (0..self.ranks).fold(0, |b, r| b | (0..self.files).fold(0, |b, f| b | sq(f, r)));
        match self.mobility.get(&(pt, color)) {
            Some(&r) if r != 0 => r & board,
            _ => board,
        }
    }

    /// Fairy-Stockfish's `has_insufficient_material` for each side (white
    /// first): whether it cannot win by the material on the board. `pieces`
    /// are the pieces on the board, `in_hand` whether each side holds a
    /// piece in hand. A piece of a type Fairy-Stockfish does not have
    /// counts as a custom piece (sufficient).
    pub fn insufficient_material(&self, pieces: &[BoardPiece], in_hand: [bool; 2]) -> [bool; 2] {
        let typed: Vec<(usize, usize, Bb)> = pieces
            .iter()
            .map(|p| {
                let t = self.type_of(&p.symbol).unwrap_or(FIRST_CUSTOM);
                (t, p.color, sq(p.file, p.rank))
            })
            .collect();
        [0, 1].map(|c| self.insufficient(c, &typed, in_hand[c]))
    }

    fn insufficient(&self, c: usize, pieces: &[(usize, usize, Bb)], in_hand: bool) -> bool {
        let count = |color: usize, pt: usize| {
            pieces
                .iter()
                .filter(|&&(t, col, _)| col == color && (pt == 0 || t == pt))
                .count()
        };
        let (region, flag_piece) = self.flag[c];
        if self.captures_to_hand
            || in_hand
            || (self.extinction && !self.extinction_pseudo_royal)
            || self.nfold_not_draw
            || (region != 0 && count(c, flag_piece) > 0)
        {
            return false;
        }
        let promoting_pawn =
            (1..NTYPES).any(|t| self.promotion_pawns[c] & (1u128 << t) != 0 && count(c, t) > 0);
        let all = |f: &dyn Fn(usize, usize) -> bool| {
            pieces
                .iter()
                .filter(|&&(t, col, _)| f(t, col))
                .fold(0, |b, &(_, _, s)| b | s)
        };
        let mut restricted = all(&|t, _| t == KING);
        let mut colorbound: Bb = 0;
        let types: Vec<usize> = (1..NTYPES).filter(|&t| self.letters[t].is_some()).collect();
        for pt in types.into_iter().chain(std::iter::once(FIRST_CUSTOM)) {
            let name = piece_name(pt);
            let custom = (FIRST_CUSTOM..=ROYAL_SLOT).contains(&pt);
            if pt == KING
                || self.board_bb(c, pt) & self.board_bb(1 - c, KING) == 0
                || (self.extinction_pseudo_royal && self.blast && set_has(self.extinction_types, pt))
            {
                restricted |= all(&|t, col| t == pt && col == c);
            } else if MAJOR.contains(&name.as_str()) || custom {
                if count(c, pt) > 0 || (promoting_pawn && self.promotion_pieces[c] & (1u128 << pt) != 0) {
                    return false;
                }
            } else if COLORBOUND.contains(&name.as_str()) {
                colorbound |= all(&|t, _| t == pt);
            }
        }
        let occupied = all(&|_, _| true);
        let own = all(&|_, col| col == c);
        let unbound = occupied ^ restricted ^ colorbound;
        let dark = (0..self.ranks).fold(0, |b, r| {
            b | (0..self.files)
                .filter(|f| (f + r) % 2 == 0)
                .fold(0, |b, f| b | sq(f, r))
        });
        let not_plain = !self.stalemate_draw || self.check_counting || self.makpong;
        if colorbound & own != 0
            && ((colorbound & dark != 0 && colorbound & !dark != 0) || unbound != 0 || not_plain)
        {
            return false;
        }
        if own & unbound != 0 && ((occupied ^ restricted).count_ones() >= 2 || not_plain) {
            return false;
        }
        if !self.stalemate_draw
            && !self.king_is_king
            && count(c, KING) > 0
            && self.board_bb(c, KING) & self.board_bb(1 - c, KING) != 0
        {
            return false;
        }
        true
    }
}
