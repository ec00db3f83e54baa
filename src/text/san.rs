//! Algebraic move text as Fairy-Stockfish writes it: SAN (`Nbd7`, `exd5`,
//! `e8=Q+`, `P@e4`, `O-O/Hh1`, `Qh5#`) and its numeric Hodges notation for
//! the shogi variants (`P-76`, `+B-22`, `S*34`, `G-52=`), and the other
//! notations of its `Notation` enum ([`Algebraic`]: long algebraic, shogi's
//! Hosking and Hodges, janggi's numbers, xiangqi's WXF, Thai). Servers
//! written against pyffish (`get_san`) read and store moves in these forms.
//!
//! The rules, from Fairy-Stockfish's documented notations (Wikipedia's
//! "Algebraic notation (chess)" and "Shogi notation", Western notation):
//! - the piece: its letter, upper case; none for a pawn that moves and
//!   captures differently (the chess pawn and its relatives) in SAN; in
//!   Hodges notation a promoted piece is `+` and its unpromoted letter;
//! - the origin, when another piece of the kind could legally go to the same
//!   square: SAN gives the file if that tells them apart, else the rank,
//!   else the square; Hodges notation always the square; a pawn's capture
//!   always gives its file; drops never give an origin;
//! - the operator: `@` (SAN) or `*` (Hodges) for a drop, `x` for a capture,
//!   `-` for any other move in Hodges notation;
//! - the destination: SAN `e4` (files a, b, … from the left, ranks from 1 at
//!   the bottom); Hodges `76` (files from 1 at the right, ranks from 1 at the
//!   top), numbers of two digits written out;
//! - the suffix: SAN `=Q` for a promotion (the new piece's letter), `/H` for
//!   a gated piece; Hodges `+` for a promotion, `-` for a demotion, `=` when
//!   the move could have promoted and did not;
//! - SAN only: `+` when the move gives check, `#` when it also leaves no
//!   legal move;
//! - castling (SAN): `O-O` towards the higher files, `O-O-O` towards the
//!   lower, then `/H` and the square when a piece is gated.
//!
//! A pass is written as the side's royal piece moving to its own square
//! (`Ke2`), where the side has one; under `[moves] pass_when_stuck` in a
//! variant without royal pieces, as its lowest piece standing still (`Pa1`). A wall placed after the move follows
//! it after a comma (`Qd2,d3`). A move with no such spelling —
//! one that captures elsewhere than on its destination (several captures,
//! igui, shots), another pass, a move into or out of a pocket — is written
//! in chimera's canonical notation.

use crate::engine::moves::{AUX_CASTLE, AUX_GATE_ROOK, Move, MoveKind};
use crate::engine::position::Position;
use crate::engine::types::{Color, Piece, PieceKind, Square};
use crate::engine::variant::Variant;

/// Fairy-Stockfish's notations (its `Notation` enum, `apiutil.h`), as
/// `get_san` writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algebraic {
    /// SAN: `Nbd7`, `exd5`, `e8=Q+`.
    San,
    /// Long algebraic: the origin always, `-` for a quiet move (`e2-e4`, `c7xb8=Q+`).
    Lan,
    /// Shogi, Hosking's: `P76`, `S'34`, the origin only when needed (`G49-58`).
    ShogiHosking,
    /// Shogi, Hodges': `P-7f`, `S*3d`, ranks as letters.
    ShogiHodges,
    /// Shogi, numeric Hodges: `P-76`, `S*34`.
    ShogiHodgesNumber,
    /// Janggi's numbers: the origin always, rank then file (`H02-83`).
    Janggi,
    /// Xiangqi's WXF: files counted from each side's right, `+`/`-`/`=`
    /// for forward, back, sideways (`H2+3`, `C2=5`), tandem pieces by number.
    XiangqiWxf,
    /// Thai SAN (makruk): Thai letters and digits (`ค-ฉ๗`).
    ThaiSan,
    /// Thai long algebraic: `บ จ๓-จ๔`.
    ThaiLan,
}

impl Algebraic {
    fn shogi(self) -> bool {
        matches!(
            self,
            Algebraic::ShogiHosking | Algebraic::ShogiHodges | Algebraic::ShogiHodgesNumber
        )
    }
    fn thai(self) -> bool {
        matches!(self, Algebraic::ThaiSan | Algebraic::ThaiLan)
    }
    /// The origin always written.
    fn long(self) -> bool {
        matches!(self, Algebraic::Lan | Algebraic::ThaiLan | Algebraic::Janggi)
    }
}

const THAI_FILES: [&str; 12] = ["ก", "ข", "ค", "ง", "จ", "ฉ", "ช", "ญ", "ต", "ถ", "ธ", "น"];
const THAI_RANKS: [&str; 12] = ["๑", "๒", "๓", "๔", "๕", "๖", "๗", "๘", "๙", "๑๐", "๑๑", "๑๒"];

/// How far a move's origin is written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Origin {
    None,
    File,
    Rank,
    Square,
}

/// The text of a legal move of `pos` in SAN (`hodges = false`) or
/// Fairy-Stockfish's numeric Hodges notation.
pub(crate) fn format_san(pos: &mut Position, m: &Move, hodges: bool) -> String {
    let n = if hodges {
        Algebraic::ShogiHodgesNumber
    } else {
        Algebraic::San
    };
    format_algebraic(pos, m, n, &[])
}

/// The text of a legal move of `pos` in notation `n`. `thai` gives each
/// piece kind's Thai letter (by index; a kind without one is written `X`,
/// as Fairy-Stockfish writes a piece it has no Thai letter for).
pub(crate) fn format_algebraic(pos: &mut Position, m: &Move, n: Algebraic, thai: &[&str]) -> String {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    match without_check_mark(pos, m, n, thai, &moves) {
        (s, true) => with_check_mark(pos, m, n, s),
        (s, false) => s,
    }
}

/// The legal move among `legal` (legal moves of `pos`) whose text in `n`
/// is `text`, else the only one whose text is `text` but for check marks
/// (`+`, `#`). One list of `pos`'s legal moves tells the origins apart, and
/// check marks are found (a move made, the replies counted) only for the
/// moves whose text matches without them: a move read among a position's
/// `M` moves costs one move generation, not `M` (a 100,000-ply game was
/// read by writing every legal move in full at every ply).
pub(crate) fn find_algebraic(
    pos: &mut Position,
    legal: &[Move],
    text: &str,
    n: Algebraic,
    thai: &[&str],
) -> Option<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let bare = text.trim_end_matches(['+', '#']);
    let mut alike = Vec::new();
    for m in legal {
        let (s, marks) = without_check_mark(pos, m, n, thai, &moves);
        if s.trim_end_matches(['+', '#']) == bare {
            alike.push((*m, s, marks));
        }
    }
    // The full texts of those alike, in the list's order.
    let full: Vec<(Move, String)> = alike
        .into_iter()
        .map(|(m, s, marks)| (m, if marks { with_check_mark(pos, &m, n, s) } else { s }))
        .collect();
    if let Some((m, _)) = full.iter().find(|(_, t)| t == text) {
        return Some(*m);
    }
    match full.as_slice() {
        [(m, _)] => Some(*m),
        _ => None,
    }
}

/// `s`, the text of `m` without check marks, with its `+` when `m` gives
/// check and `#` when it also leaves no legal move (SAN only).
fn with_check_mark(pos: &mut Position, m: &Move, n: Algebraic, mut s: String) -> String {
    if !n.shogi() && n != Algebraic::XiangqiWxf {
        let mover = pos.side_to_move();
        pos.make(*m);
        if pos.gives_check(mover) {
            let mut after = Vec::new();
            pos.legal_moves(&mut after);
            s.push(if after.is_empty() { '#' } else { '+' });
        }
        pos.unmake();
    }
    s
}

/// The text of a legal move of `pos` in notation `n` without its check
/// mark, `moves` being `pos`'s legal moves; and whether a check mark may
/// follow (not after a move written in chimera's own notation).
fn without_check_mark(
    pos: &Position,
    m: &Move,
    n: Algebraic,
    thai: &[&str],
    moves: &[Move],
) -> (String, bool) {
    let plain = super::write_moves::plain(pos, m);
    let mut s = match m.kind {
        MoveKind::Castle if !n.shogi() => castling(pos, m, n),
        MoveKind::Drop => {
            let k = m.entering_kind().unwrap_or(m.piece());
            let hand = m.piece();
            // A piece dropped on its promoted face: `+` and the hand's letter.
            let letter = if n.shogi() && k != hand {
                format!("+{}", letter(&pos.v, hand))
            } else if n.thai() {
                thai_letter(thai, k).to_string()
            } else {
                piece_text(&pos.v, k, n.shogi())
            };
            let op = match n {
                Algebraic::ShogiHosking => '\'',
                _ if n.shogi() => '*',
                _ => '@',
            };
            format!("{letter}{op}{}", square(pos, m.to, n))
        }
        MoveKind::Board | MoveKind::Castle if plain => board_move(pos, m, moves, n, thai),
        // A pass where the side has one royal piece: that piece moving to
        // its own square, as Fairy-Stockfish writes it (`Ke2`).
        // A pass that places a wall: the lowest piece, standing still.
        MoveKind::Pass if let Some(s) = pos.wall_pass_square(m) => match pos.board[s.index()] {
            Some(p) => pass_text(pos, p.kind(), s, n),
            None => return (super::write_moves::format_move(pos, m), false),
        },
        MoveKind::Pass if !n.shogi() => match pos.royal_squares(pos.side) {
            crate::engine::position::RoyalSquares::One(s) => match pos.board[s.index()] {
                Some(p) => pass_text(pos, p.kind(), s, n),
                None => return (super::write_moves::format_move(pos, m), false),
            },
            _ => match pos
                .stuck_pass_square()
                .and_then(|s| pos.board[s.index()].map(|p| (s, p)))
            {
                // Without a royal piece: the lowest piece, standing still (`Pa1`).
                Some((s, p)) => pass_text(pos, p.kind(), s, n),
                None => return (super::write_moves::format_move(pos, m), false),
            },
        },
        _ => return (super::write_moves::format_move(pos, m), false),
    };
    // The wall placed after the move, as Fairy-Stockfish writes it (`Qd2,d3`).
    if let Some(w) = m.wall() {
        s.push(',');
        s.push_str(&square(pos, w, n));
    }
    (s, true)
}

/// A pass as Fairy-Stockfish writes it, a piece's move to its own square:
/// `Ke2`, and with the origin in the notations that always write it
/// (janggi's `K85-85`, LAN's `Ke2-e2`).
fn pass_text(pos: &Position, kind: PieceKind, s: Square, n: Algebraic) -> String {
    let to = square(pos, s, n);
    if n.long() {
        format!("{}{to}-{to}", letter(&pos.v, kind))
    } else {
        format!("{}{to}", letter(&pos.v, kind))
    }
}

/// `O-O`, `O-O-O`, with a gated piece and its square.
fn castling(pos: &Position, m: &Move, n: Algebraic) -> String {
    let v = &*pos.v;
    let g = &v.geometry;
    let c = &v.castles[(m.aux & AUX_CASTLE) as usize];
    let wing = |o: &crate::engine::variant::Castle| g.file(o.rook) > g.file(o.king);
    // Two castlings of a side towards one wing (Shafran's short and long)
    // would both be `O-O`: such a castling is written as its king's move.
    let shared = v
        .castles
        .iter()
        .any(|o| o.color == c.color && wing(o) == wing(c) && o.king_to != c.king_to);
    let mut s = if shared {
        let king = pos.board[m.from.index()].map(|p| letter(v, p.kind()));
        format!("{}{}", king.unwrap_or_default(), square(pos, c.king_to, n))
    } else if wing(c) {
        "O-O".to_string()
    } else {
        "O-O-O".to_string()
    };
    if let Some(k) = m.gated_kind() {
        let at = if m.aux & AUX_GATE_ROOK != 0 {
            c.rook
        } else {
            c.king
        };
        s.push('/');
        s.push_str(&letter(v, k));
        s.push_str(&square(pos, at, n));
    }
    s
}

/// The squares of the side to move's pieces of `kind`.
fn own_of_kind(pos: &Position, kind: PieceKind) -> Vec<Square> {
    let g = &pos.v.geometry;
    g.all_squares()
        .filter(|s| pos.board[s.index()].is_some_and(|p| p.color() == pos.side && p.kind() == kind))
        .collect()
}

/// More than one file holds two or more of these squares (WXF's tandem pieces).
fn multi_tandem(pos: &Position, squares: &[Square]) -> bool {
    let g = &pos.v.geometry;
    let tandems = (0..g.files())
        .filter(|&f| squares.iter().filter(|&&s| g.file(s) == f).count() > 1)
        .count();
    tandems >= 2
}

/// How many of `squares` stand on `at`'s file in front of it (for the side to move).
fn in_front(pos: &Position, squares: &[Square], at: Square) -> usize {
    let g = &pos.v.geometry;
    let side = pos.side;
    squares
        .iter()
        .filter(|&&s| g.file(s) == g.file(at) && g.relative_rank(s, side) > g.relative_rank(at, side))
        .count()
}

/// The piece part of a board move (Fairy-Stockfish's `SAN::piece`).
fn piece_part(pos: &Position, m: &Move, p: Piece, n: Algebraic, thai: &[&str]) -> String {
    let v = &*pos.v;
    let kind = p.kind();
    let pawn = is_pawn(v, kind);
    if matches!(n, Algebraic::San | Algebraic::Lan | Algebraic::ThaiSan) && pawn {
        return String::new();
    }
    if n == Algebraic::XiangqiWxf {
        let same = own_of_kind(pos, kind);
        let on_file = same
            .iter()
            .filter(|&&s| v.geometry.file(s) == v.geometry.file(m.from))
            .count();
        if on_file >= 3 - usize::from(multi_tandem(pos, &same)) {
            return (in_front(pos, &same, m.from) + 1).to_string();
        }
    }
    if n.thai() {
        return thai_letter(thai, kind).to_string();
    }
    piece_text(v, kind, n.shogi())
}

fn thai_letter<'a>(thai: &[&'a str], kind: PieceKind) -> &'a str {
    thai.get(kind.index()).copied().unwrap_or("X")
}

/// How much of the origin a board move writes (Fairy-Stockfish's
/// `disambiguation_level`).
fn origin_level(pos: &Position, m: &Move, moves: &[Move], n: Algebraic, p: Piece) -> Origin {
    let v = &*pos.v;
    let g = &v.geometry;
    let kind = p.kind();
    if n.long() {
        return Origin::Square;
    }
    if n == Algebraic::XiangqiWxf {
        // Two of the kind on the file: `+`/`-` (front, rear) when the other
        // could make the same step.
        let same = own_of_kind(pos, kind);
        let on_file: Vec<Square> = same
            .iter()
            .copied()
            .filter(|&s| g.file(s) == g.file(m.from) && s != m.from)
            .collect();
        if on_file.len() == 1 && !multi_tandem(pos, &same) {
            let d = (
                g.file(m.to) as i32 - g.file(m.from) as i32,
                g.rank(m.to) as i32 - g.rank(m.from) as i32,
            );
            let in_region = |s: Square| {
                v.def(kind)
                    .region
                    .as_ref()
                    .is_none_or(|r| r[pos.side.index()][s.index()])
            };
            if g.offset(on_file[0], d).is_some_and(in_region) {
                return Origin::Rank;
            }
        }
        return Origin::File;
    }
    let pawn = is_pawn(v, kind);
    if matches!(n, Algebraic::San | Algebraic::ThaiSan) && pawn {
        if m.is_capture() {
            return Origin::File;
        }
        // A promotion with a step of its own (a promotion_move's step) is written
        // from its square, as Fairy-Stockfish writes it: `c5b4=F`.
        if m.from != m.to && m.promotion().is_some() && v.def(kind).promotion_move.is_some() {
            return Origin::Square;
        }
    }
    // Other pieces written alike (in SAN, the same letter: shogi's tokin
    // and gold are both `G`; in shogi notations, the same kind) that could
    // go to the same square by a move of the same sort (promoting or not,
    // gating or not, placing the same wall).
    let written = piece_text(v, kind, false);
    let alike = |q: Piece| {
        if n.shogi() {
            q.kind() == kind
        } else {
            piece_text(v, q.kind(), false) == written
        }
    };
    let others: Vec<Square> = moves
        .iter()
        .filter(|o| {
            o.kind == MoveKind::Board
                && o.from != m.from
                && o.to == m.to
                && o.promotion().is_some() == m.promotion().is_some()
                && o.gated_kind().is_some() == m.gated_kind().is_some()
                && o.wall() == m.wall()
                && pos.board[o.from.index()].is_some_and(|q| q.color() == p.color() && alike(q))
        })
        .map(|o| o.from)
        .collect();
    if others.is_empty() {
        Origin::None
    } else if n.shogi() || g.special_name(m.from).is_some() {
        // A cell named on its own (Omega's `w1`) has no file or rank
        // letter to tell it by: its name.
        Origin::Square
    } else if others.iter().all(|&o| g.file(o) != g.file(m.from)) {
        Origin::File
    } else if others.iter().all(|&o| g.rank(o) != g.rank(m.from)) {
        Origin::Rank
    } else {
        Origin::Square
    }
}

fn board_move(pos: &Position, m: &Move, moves: &[Move], n: Algebraic, thai: &[&str]) -> String {
    let v = &*pos.v;
    let g = &v.geometry;
    let Some(p) = pos.board[m.from.index()] else {
        return super::write_moves::format_move(pos, m);
    };
    let kind = p.kind();
    let capture = m.is_capture();
    let mut s = piece_part(pos, m, p, n, thai);
    if n == Algebraic::ThaiLan {
        s.push(' ');
    }
    let origin = origin_level(pos, m, moves, n, p);
    s.push_str(&match origin {
        Origin::None => String::new(),
        Origin::File => file_text(pos, m.from, n),
        Origin::Rank => rank_text(pos, m.from, n),
        Origin::Square => square(pos, m.from, n),
    });
    if n == Algebraic::XiangqiWxf {
        let side = pos.side;
        s.push(if g.rank(m.from) == g.rank(m.to) {
            '='
        } else if g.relative_rank(m.to, side) > g.relative_rank(m.from, side) {
            '+'
        } else {
            '-'
        });
    } else if capture {
        s.push('x');
    } else if n.long()
        || (n.shogi() && (n != Algebraic::ShogiHosking || origin == Origin::Square))
        || (n == Algebraic::ThaiSan && !is_pawn(v, kind))
    {
        s.push('-');
    }
    if n == Algebraic::XiangqiWxf {
        if g.file(m.to) == g.file(m.from) {
            s.push_str(&g.rank(m.to).abs_diff(g.rank(m.from)).to_string());
        } else {
            s.push_str(&file_text(pos, m.to, n));
        }
    } else {
        s.push_str(&square(pos, m.to, n));
    }
    s.push_str(&suffix(pos, m, moves, n, kind));
    s
}

/// Promotion, demotion and gating marks.
fn suffix(pos: &Position, m: &Move, moves: &[Move], n: Algebraic, kind: PieceKind) -> String {
    let v = &*pos.v;
    let mut s = String::new();
    if let Some(k) = m.promotion() {
        if !n.shogi() {
            s.push('=');
            s.push_str(&letter(v, k));
        } else if v.def(kind).demotes_to == k && v.def(k).key.len() < v.def(kind).key.len() {
            s.push('-');
        } else if v.def(k).key.starts_with('+') {
            s.push('+');
        } else {
            s.push('=');
            s.push_str(&letter(v, k));
        }
    } else if n.shogi()
        && moves
            .iter()
            .any(|o| o.from == m.from && o.to == m.to && o.kind == m.kind && o.promotion().is_some())
    {
        s.push('=');
    }
    if m.kind != MoveKind::Castle
        && let Some(k) = m.gated_kind()
    {
        s.push('/');
        s.push_str(&letter(v, k));
    }
    s
}

/// A piece as the notation writes it: its letter, upper case; in the shogi
/// notations a promoted piece keeps its `+`.
fn piece_text(v: &Variant, kind: PieceKind, shogi: bool) -> String {
    let sym = &v.def(kind).key;
    if shogi && sym.starts_with('+') {
        format!("+{}", letter_of(&sym[1..]))
    } else {
        letter(v, kind)
    }
}

/// The piece's letter, upper case, without the marks of a promoted face
/// (`Q~` → `Q`, `+P` → `P`).
fn letter(v: &Variant, kind: PieceKind) -> String {
    match &v.def(kind).san {
        Some(s) if !s.is_empty() => s.clone(),
        _ => letter_of(&v.def(kind).key),
    }
}

fn letter_of(sym: &str) -> String {
    sym.trim_start_matches('+').trim_end_matches('~').to_uppercase()
}

/// A pawn in SAN's sense (written without its letter): `san = ""` in the
/// rules file, or by default a piece lettered `P` whose moves reset the
/// halfmove clock (`resets_clock`: the chess pawn and its relatives); a
/// shogi pawn or a soldier that moves as it captures keeps its letter.
fn is_pawn(v: &Variant, kind: PieceKind) -> bool {
    let d = v.def(kind);
    match &d.san {
        Some(s) => s.is_empty(),
        None => d.key == "P" && d.resets_clock,
    }
}

fn file_text(pos: &Position, sq: Square, n: Algebraic) -> String {
    let g = &pos.v.geometry;
    let f = g.file(sq);
    match n {
        _ if n.shogi() => (g.files() - f).to_string(),
        Algebraic::Janggi => (f + 1).to_string(),
        Algebraic::XiangqiWxf if pos.side == Color::First => (g.files() - f).to_string(),
        Algebraic::XiangqiWxf => (f + 1).to_string(),
        _ if n.thai() => THAI_FILES.get(f).copied().unwrap_or("?").to_string(),
        _ => g.file_name(f),
    }
}

fn rank_text(pos: &Position, sq: Square, n: Algebraic) -> String {
    let g = &pos.v.geometry;
    let r = g.rank(sq);
    match n {
        Algebraic::ShogiHosking | Algebraic::ShogiHodgesNumber => (g.ranks() - r).to_string(),
        Algebraic::ShogiHodges => ((b'a' + (g.ranks() - 1 - r) as u8) as char).to_string(),
        Algebraic::Janggi => ((g.ranks() - r) % 10).to_string(),
        Algebraic::XiangqiWxf => match pos.board[sq.index()] {
            None => g.relative_rank(sq, pos.side).to_string(),
            Some(p) if in_front(pos, &own_of_kind(pos, p.kind()), sq) > 0 => "-".into(),
            Some(_) => "+".into(),
        },
        _ if n.thai() => THAI_RANKS.get(r).copied().unwrap_or("?").to_string(),
        _ => g.rank_number(sq).to_string(),
    }
}

fn square(pos: &Position, sq: Square, n: Algebraic) -> String {
    if let Some(name) = pos.v.geometry.special_name(sq) {
        return name.to_string();
    }
    if n == Algebraic::Janggi {
        format!("{}{}", rank_text(pos, sq, n), file_text(pos, sq, n))
    } else {
        format!("{}{}", file_text(pos, sq, n), rank_text(pos, sq, n))
    }
}
