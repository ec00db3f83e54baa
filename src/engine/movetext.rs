//! Moves as text.
//!
//! Canonical notation (printed by chimera, accepted everywhere):
//! - board move: `e2e4`; with a capture elsewhere than the final square (en
//!   passant) the same — the capture is implied by the rules;
//! - promotion: `e7e8=Q`, `c3c2=+P` (`=` followed by the new piece's symbol);
//!   a move that may promote but does not is written plainly (or with a bare `=`);
//! - drop from hand: `P*e5`;
//! - castling: the king's move, `e1g1`; where king and rook start on any file
//!   (`any_file`), or where an ordinary king move would be written the same
//!   (a king castling one square), the king takes its own rook, `b1a1`;
//! - a move that captures anywhere but (only) its final square — multi-leg
//!   captures, igui, shots — lists the captured squares in order after its
//!   origin and final square: `j9-j14xj10xj11`, igui `e8-e8xf10`, a pass
//!   `e8-e8`, a step and a shot `g7-h8xh11`.
//!
//! Paths as in the rules documents are accepted too: `j9-xj10-xj11-j12-j13-j14`
//! (every visited square, `x` marking a capture) and shots after the path,
//! `g7-h8 !h11`.
//!
//! Also accepted: UCI (`e7e8q`, `P@e4`) and USI (`7g7f`, `7g7f+`, `P*5e`).
//! Parsing matches the text against the legal moves' spellings, so everything
//! printed parses back to the same move.

use super::moves::{AUX_CASTLE, AUX_GATE_ROOK, Move, MoveKind};
use super::position::Position;
use super::types::{PieceKind, Square};
use super::variant::Variant;

/// A move notation chimera can print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveNotation {
    /// chimera's own notation (always accepted, always round-trips).
    Canonical,
    /// UCI (`e7e8q`, `P@e4`), where the move has a UCI spelling.
    Uci,
    /// USI (`7g7f+`, `P*5e`), where the move has a USI spelling.
    Usi,
    /// The game notation of the seed documents (Hodges style: piece code,
    /// `-`/`x`, `!` shots).
    Seed,
    /// XBoard's coordinate notation: UCI's, except that a board of ten ranks
    /// numbers them from 0 and a larger one continues past `9` with `:`,
    /// `;`, … (one character a rank), and a pass is `@@@@`.
    XBoard,
    /// Standard algebraic notation as Fairy-Stockfish writes it (pyffish's
    /// `get_san`): piece letter (none for a pawn that moves and captures
    /// differently), the file, rank or square of origin when another piece
    /// of the kind could go there, `x` for a capture, `@` for a drop,
    /// `=Q` for a promotion, `/H` for a gated piece, `O-O`/`O-O-O` for
    /// castling, `+` for check and `#` for mate. A move with no such
    /// spelling (several captures, a pass) falls back to the canonical text.
    San,
    /// Fairy-Stockfish's numeric Hodges notation, its default for the shogi
    /// variants (`P-76`, `Bx33+`, `S*34`, `+R-82`): files counted from the
    /// right, ranks from the top, a promoted piece as `+` and its unpromoted
    /// letter, the origin square when another piece of the kind could go
    /// there, `+` after a promotion, `=` after a move that could have
    /// promoted and did not, `-` after a demotion; no check marks.
    HodgesNumber,
}

impl MoveNotation {
    /// Reads `canonical`, `uci`, `usi`, `seed`, `xboard`, `san` or
    /// `hodges-number`.
    pub fn parse(s: &str) -> Option<MoveNotation> {
        match s {
            "canonical" => Some(MoveNotation::Canonical),
            "uci" => Some(MoveNotation::Uci),
            "usi" => Some(MoveNotation::Usi),
            "seed" => Some(MoveNotation::Seed),
            "xboard" => Some(MoveNotation::XBoard),
            "san" => Some(MoveNotation::San),
            "hodges-number" => Some(MoveNotation::HodgesNumber),
            _ => None,
        }
    }
}

impl Position {
    /// The canonical text of a legal move of this position.
    pub fn move_text(&self, m: &Move) -> String {
        format_move(self, m)
    }

    /// The text of a legal move of this position in a notation (moves with no
    /// spelling in that notation fall back to the canonical one).
    pub fn move_text_as(&mut self, m: &Move, notation: MoveNotation) -> String {
        match notation {
            MoveNotation::Canonical => format_move(self, m),
            MoveNotation::Uci => format_uci(self, m),
            MoveNotation::Usi => format_usi(self, m),
            MoveNotation::Seed => format_seed(self, m),
            MoveNotation::XBoard => format_xboard(self, m),
            MoveNotation::San => super::san::format_san(self, m, false),
            MoveNotation::HodgesNumber => super::san::format_san(self, m, true),
        }
    }

    /// The legal move an XBoard move text names (`e2e4`, `P@e5`, `h2b8+`,
    /// `a0a1` on ten ranks, `@@@@` a pass). The piece letter of a drop may
    /// be in either case; a trailing `=` (no promotion) is ignored.
    pub fn parse_xboard_move(&mut self, text: &str) -> Result<Move, MoveTextError> {
        let t = text.trim();
        let t = t.strip_suffix('=').unwrap_or(t);
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let same = |ours: &str| {
            ours == t || (ours.contains('@') && ours.len() == t.len() && ours.eq_ignore_ascii_case(t))
        };
        let found: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| same(&format_xboard(self, m)))
            .collect();
        match found.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveTextError::Illegal {
                text: t.to_string(),
                hint: None,
            }),
            _ => Err(MoveTextError::Ambiguous {
                text: t.to_string(),
                candidates: found.iter().map(|m| format_move(self, m)).collect(),
            }),
        }
    }

    /// The legal move a text names: canonical, UCI, USI, or a path.
    pub fn parse_move(&mut self, text: &str) -> Result<Move, MoveTextError> {
        parse_move_text(self, text)
    }
}

/// Whether a board move turns its piece back into the kind it demotes to
/// (kyoto shogi's flip back; Fairy-Stockfish writes it `-`).
fn demotes(pos: &Position, m: &Move, k: PieceKind) -> bool {
    pos.board[m.from.index()].is_some_and(|p| pos.v.def(p.kind()).demotes_to == k)
}

/// The kind a drop puts on the board (its promoted face, if dropped so).
fn entering(m: &Move) -> PieceKind {
    m.entering_kind().unwrap_or(m.piece())
}

fn sym_plain(v: &Variant, kind: PieceKind) -> String {
    v.def(kind).symbol.clone()
}

/// Canonical text of a legal move in `pos`.
pub(crate) fn format_move(pos: &Position, m: &Move) -> String {
    with_wall(pos, m, move_body(pos, m))
}

/// A move's wall (`[walls] after_move`) after its text, as Fairy-Stockfish
/// writes it: `,` then the destination and the wall's square (`d1d4,d4d7`).
fn with_wall(pos: &Position, m: &Move, mut s: String) -> String {
    if let Some(w) = m.wall() {
        let g = &pos.v.geometry;
        s.push(',');
        s.push_str(&g.name(wall_pass_square(pos, m).unwrap_or(m.to)));
        s.push_str(&g.name(w));
    }
    s
}

/// [`format_move`] without the wall.
fn move_body(pos: &Position, m: &Move) -> String {
    let v = &*pos.v;
    let g = &v.geometry;
    match m.kind {
        MoveKind::Drop => format!("{}*{}", sym_plain(v, entering(m)), g.name(m.to)),
        MoveKind::Place => format!("{}@{}", sym_plain(v, m.piece()), g.name(m.to)),
        MoveKind::Spawn => format!("{}&{}", sym_plain(v, m.piece()), g.name(m.to)),
        MoveKind::PocketDrop => format!("{}^{}", sym_plain(v, m.piece()), g.name(m.to)),
        MoveKind::ToPocket => format!("{}^", g.name(m.from)),
        MoveKind::Pass => match wall_pass_square(pos, m) {
            Some(s) => format!("{}{}", g.name(s), g.name(s)),
            None => "pass".into(),
        },
        MoveKind::Castle | MoveKind::Board => {
            let mut s = if plain(pos, m) {
                format!("{}{}", g.name(m.from), g.name(written_to(pos, m)))
            } else {
                let mut s = format!("{}-{}", g.name(m.from), g.name(m.to));
                for c in pos.captured_squares(m) {
                    s.push('x');
                    s.push_str(&g.name(c));
                }
                s
            };
            if let Some(k) = m.promotion() {
                s.push('=');
                s.push_str(&sym_plain(v, k));
            }
            if let Some(k) = m.gated_kind() {
                s.push('/');
                s.push_str(&sym_plain(v, k));
                s.push_str(&gate_rook_square(pos, m));
            }
            s
        }
    }
}

/// The rook's square of a castling move that gates there (written after the
/// gated piece: `e1g1/Hh1`), or nothing.
fn gate_rook_square(pos: &Position, m: &Move) -> String {
    if m.kind == MoveKind::Castle && m.aux & AUX_GATE_ROOK != 0 {
        let c = &pos.v.castles[(m.aux & AUX_CASTLE) as usize];
        pos.v.geometry.name(c.rook)
    } else {
        String::new()
    }
}

/// Where a pass that places a wall (`[walls] instead_of_move`) is written:
/// the side's lowest-numbered piece standing still, then the wall
/// (`a1a1,a1c3`), as Fairy-Stockfish writes it.
pub(crate) fn wall_pass_square(pos: &Position, m: &Move) -> Option<Square> {
    if m.kind != MoveKind::Pass || m.wall().is_none() {
        return None;
    }
    pos.plist[pos.side.index()]
        .iter()
        .copied()
        .min_by_key(|s| s.index())
}

/// Where Fairy-Stockfish writes a pass under `[moves] pass_when_stuck` in a
/// variant without royal pieces: the side's lowest-numbered piece (a1, b1,
/// …, a2, …), standing still (`a1a1`, SAN `Pa1`).
pub(crate) fn stuck_pass_square(pos: &Position) -> Option<Square> {
    let v = &*pos.v;
    if !v.moves.pass_when_stuck || v.start_royal_count != [0, 0] {
        return None;
    }
    pos.plist[pos.side.index()]
        .iter()
        .copied()
        .min_by_key(|s| s.index())
}

/// The square a move is written to: its destination, or for castling the
/// rook's square — the king takes its own rook, as Fairy-Stockfish writes
/// Chess960's castling (`b1a1`; the king may not move at all) — where king
/// and rook start on any file, or where an ordinary move of the king would
/// be written the same (a king that castles one square, `d1e1`, or that
/// may leap to its castling square), as Fairy-Stockfish also does.
fn written_to(pos: &Position, m: &Move) -> Square {
    if m.kind == MoveKind::Castle {
        let c = &pos.v.castles[(m.aux & AUX_CASTLE) as usize];
        if c.any_file.is_some() || ordinary_move_alike(pos, m) {
            return c.rook;
        }
    }
    m.to
}

/// Whether the castling piece has an ordinary move from its square to the
/// castling move's destination, which the king's-move text would name too.
fn ordinary_move_alike(pos: &Position, m: &Move) -> bool {
    let Some(p) = pos.piece_at(m.from) else {
        return false;
    };
    let mut moves = Vec::new();
    pos.piece_moves(m.from, p, &mut moves);
    moves
        .iter()
        .any(|o| o.kind == MoveKind::Board && o.to == m.to && o.promotion().is_none() && plain(pos, o))
}

/// Whether a board move's captures are implied by its squares (none, the
/// destination, or en passant) — only such moves have UCI/USI spellings.
pub(crate) fn plain(pos: &Position, m: &Move) -> bool {
    if m.kind == MoveKind::Castle && written_to(pos, m) != m.to {
        return true;
    }
    !m.is_line_capture()
        && (m.from != m.to || m.promo().some().is_some())
        && (m.ncap() == 0 || (m.ncap() == 1 && (m.cap(0) == m.to || m.cap(0) == pos.ep_victim)))
}

/// UCI spelling (`e7e8q`, `P@e4`), when the variant's symbols allow it.
pub(crate) fn format_uci(pos: &Position, m: &Move) -> String {
    let text = with_wall(pos, m, uci_body(pos, m));
    // Where a wall is placed instead of a move, Fairy-Stockfish's UCI gives
    // every move a wall field; a move that places none names its first
    // square, a1 (`b1a3,a3a1`): written so, and read so, for its engines
    // and GUIs.
    if m.wall().is_none()
        && m.kind != MoveKind::Drop
        && m.to.is_some()
        && pos.v.walls.as_ref().is_some_and(|w| w.instead_of_move)
    {
        let g = &pos.v.geometry;
        return format!(
            "{text},{}{}",
            g.name(written_to(pos, m)),
            g.name(Square::from_index(0))
        );
    }
    text
}

/// [`format_uci`] without the wall.
fn uci_body(pos: &Position, m: &Move) -> String {
    let v = &*pos.v;
    let g = &v.geometry;
    if matches!(m.kind, MoveKind::Board) && !plain(pos, m) {
        return move_body(pos, m);
    }
    // Without a royal piece, a pass is the lowest piece standing still; so
    // is a pass that places a wall.
    if m.kind == MoveKind::Pass
        && let Some(s) = wall_pass_square(pos, m).or_else(|| stuck_pass_square(pos))
    {
        return format!("{}{}", g.name(s), g.name(s));
    }
    match m.kind {
        MoveKind::Drop => format!("{}@{}", v.def(entering(m)).key, g.name(m.to)),
        // Fairy-Stockfish writes a pass as its royal piece moving to its own
        // square (`e2e2`).
        MoveKind::Pass if matches!(pos.royal_squares(pos.side), super::position::RoyalSquares::One(_)) => {
            let s = pos.royal[pos.side.index()];
            format!("{}{}", g.name(s), g.name(s))
        }
        // Without a royal piece, as its lowest-numbered piece (a1, b1, …,
        // a2 …) standing still (`a1a1`), as Fairy-Stockfish does.
        MoveKind::Board | MoveKind::Castle => {
            let mut s = format!("{}{}", g.name(m.from), g.name(written_to(pos, m)));
            if let Some(k) = m.promotion() {
                // UCI names the new piece by its letter (`q`, also for a
                // promoted-pawn kind such as `Q~`); a `+` promotion is `+`, as
                // Fairy-Stockfish writes it.
                let key = &v.def(k).key;
                if demotes(pos, m, k) {
                    s.push('-');
                } else if key.starts_with('+') {
                    s.push('+');
                } else {
                    s.push_str(&key.trim_end_matches('~').to_lowercase());
                }
            }
            if let Some(k) = m.gated_kind() {
                // Fairy-Stockfish's gating: `b1c3h`, `e1g1h`; castling that
                // gates on the rook's square is written from the rook's
                // square to the king's: `h1e1h`.
                if m.kind == MoveKind::Castle && m.aux & AUX_GATE_ROOK != 0 {
                    let c = &v.castles[(m.aux & AUX_CASTLE) as usize];
                    s = format!("{}{}", g.name(c.rook), g.name(c.king));
                }
                s.push_str(&v.def(k).key.to_lowercase());
            }
            s
        }
        _ => move_body(pos, m),
    }
}

/// XBoard spelling: UCI's with XBoard's squares (ranks from `0` on a board
/// of ten ranks). A move that captures on a square other than its final one
/// (a lion's double move, igui) is written leg by leg, as XBoard and HaChu
/// write it: `f6f7,f7f8` (capture on f7, then go on to f8), `f6f7,f7f6`
/// (igui); a piece's pass (out and back, nothing taken) is `@@@@`.
pub(crate) fn format_xboard(pos: &Position, m: &Move) -> String {
    // A pass, or a piece's step out and back that takes nothing (a lion's
    // pass, one move per position): XBoard's null move.
    let wall_pass = wall_pass_square(pos, m);
    if (m.kind == MoveKind::Pass && wall_pass.is_none())
        || (m.kind == MoveKind::Board && m.from == m.to && m.ncap() == 0)
    {
        return "@@@@".into();
    }
    let g = &pos.v.geometry;
    if m.kind == MoveKind::Board && !plain(pos, m) && m.from.is_some() {
        let mut text = String::new();
        let mut at = m.from;
        for &c in m.captures().iter().filter(|&&c| c != m.to) {
            text.push_str(&format!("{}{},", xboard_square(g, at), xboard_square(g, c)));
            at = c;
        }
        text.push_str(&format!("{}{}", xboard_square(g, at), xboard_square(g, m.to)));
        if let Some(k) = m.promotion() {
            let key = &pos.v.def(k).key;
            if key.starts_with('+') {
                text.push('+');
            } else {
                text.push_str(&key.trim_end_matches('~').to_lowercase());
            }
        }
        return text;
    }
    let mut text = uci_body(pos, m);
    if let Some(w) = m.wall() {
        // XBoard's order (Fairy-Stockfish): the wall before a promotion,
        // `a7a8,a8b5q`.
        let (from, to) = wall_pass.map_or((m.from, m.to), |s| (s, s));
        let squares = format!("{}{}", g.name(from), g.name(to));
        let tail = text.strip_prefix(&squares).unwrap_or("").to_string();
        text = format!("{squares},{}{}{tail}", g.name(to), g.name(w));
    }
    if g.ranks() != 10 {
        return text;
    }
    // Rewrite each square (a file letter, then the rank's digits).
    let mut out = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        out.push(c);
        i += 1;
        if c.is_ascii_lowercase() && chars.get(i).is_some_and(char::is_ascii_digit) {
            let digits: String = chars[i..].iter().take_while(|d| d.is_ascii_digit()).collect();
            i += digits.len();
            let rank: u32 = digits.parse().unwrap_or(1);
            out.push_str(&xboard_rank_text(g.ranks(), rank.saturating_sub(1) as usize));
        }
    }
    out
}

/// A square as XBoard writes it.
fn xboard_square(g: &super::geometry::Geometry, sq: Square) -> String {
    format!(
        "{}{}",
        (b'a' + g.file(sq) as u8) as char,
        xboard_rank_text(g.ranks(), g.rank(sq))
    )
}

/// XBoard's text for a rank (0-based): `0`…`9` on a board of ten ranks,
/// the rank's number from `1` on any other (`10` to `12` on a board of
/// twelve ranks, as XBoard 4.9 and HaChu write them).
pub fn xboard_rank_text(ranks: usize, rank: usize) -> String {
    if ranks == 10 {
        rank.to_string()
    } else {
        (rank + 1).to_string()
    }
}

/// USI spelling (`7g7f+`, `P*5e`).
pub(crate) fn format_usi(pos: &Position, m: &Move) -> String {
    with_wall(pos, m, usi_body(pos, m))
}

/// [`format_usi`] without the wall.
fn usi_body(pos: &Position, m: &Move) -> String {
    let v = &*pos.v;
    let g = &v.geometry;
    if matches!(m.kind, MoveKind::Board) && !plain(pos, m) {
        return move_body(pos, m);
    }
    match m.kind {
        MoveKind::Drop => format!("{}*{}", v.def(entering(m)).key, g.usi_name(m.to)),
        MoveKind::Board | MoveKind::Castle => {
            let mut s = format!("{}{}", g.usi_name(m.from), g.usi_name(m.to));
            if let Some(k) = m.promo().some() {
                s.push(if demotes(pos, m, k) { '-' } else { '+' });
            }
            s
        }
        _ => move_body(pos, m),
    }
}

/// Other accepted spellings: the spawner's symbol for a spawn (`S*d3`), the
/// rules documents' pocket forms (`e5->pocket`, `+B*a5` for a pocket drop).
fn aliases(pos: &Position, m: &Move) -> Vec<String> {
    let v = &*pos.v;
    let g = &v.geometry;
    match m.kind {
        MoveKind::Spawn => {
            let Some(spawner) = pos.board[m.from.index()] else {
                return vec![];
            };
            vec![format!("{}*{}", sym_plain(v, spawner.kind()), g.name(m.to))]
        }
        MoveKind::ToPocket => vec![format!("{}->pocket", g.name(m.from))],
        MoveKind::Castle => {
            let c = &v.castles[(m.aux & AUX_CASTLE) as usize];
            vec![if c.kingside(g) {
                "O-O".into()
            } else {
                "O-O-O".into()
            }]
        }
        MoveKind::PocketDrop => vec![format!("{}*{}", sym_plain(v, m.piece()), g.name(m.to))],
        _ => vec![],
    }
}

/// A move text that matches no legal move, or several.
#[derive(Clone, Debug, thiserror::Error)]
pub enum MoveTextError {
    /// The text names no legal move.
    #[error("`{text}` is not a legal move here{}", hint.as_ref().map(|h| format!(" ({h})")).unwrap_or_default())]
    Illegal {
        /// The text.
        text: String,
        /// What the text comes close to, if anything.
        hint: Option<String>,
    },
    /// The game is over: no move may be played.
    #[error("the game is over ({0}): no more moves")]
    GameOver(String),
    /// The move would repeat an earlier position, which the variant forbids.
    #[error("`{0}` is not a legal move here: it repeats an earlier position, which this variant forbids")]
    Repeats(String),
    /// The text could name several legal moves.
    #[error("`{text}` is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The text.
        text: String,
        /// The moves it could be, in canonical notation.
        candidates: Vec<String>,
    },
}

/// Finds the legal move a text names (canonical, UCI or USI).
fn parse_move_text(pos: &mut Position, text: &str) -> Result<Move, MoveTextError> {
    let t = text.trim();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let declined = t.strip_suffix('=');
    // Letter case may differ from the canonical spelling (`e7e8=q`) only where
    // the text still reads as a move of this variant: `A1a2` is not `a1a2`.
    // A first letter in another case is a piece letter, not a square:
    // `H8h7` is SAN for a dragon horse, not the coordinates `h8h7`.
    let first_upper = |s: &str| s.chars().next().is_some_and(|c| c.is_ascii_uppercase());
    let same = |canon: &str, text: &str| {
        canon == text
            || (canon.eq_ignore_ascii_case(text)
                && first_upper(canon) == first_upper(text)
                && check_move_syntax(&pos.v, t).is_ok())
    };
    // The canonical spelling wins; other spellings only when it names nothing.
    let mut found: Vec<Move> = Vec::new();
    for m in &moves {
        let canon = format_move(pos, m);
        let matches =
            same(&canon, t) || (m.promotion().is_none() && declined.is_some_and(|d| same(&canon, d)));
        if matches && !found.contains(m) {
            found.push(*m);
        }
    }
    if found.is_empty() {
        for m in &moves {
            let matches = format_uci(pos, m) == t
                || format_usi(pos, m) == t
                || aliases(pos, m).iter().any(|a| a.eq_ignore_ascii_case(t));
            if matches && !found.contains(m) {
                found.push(*m);
            }
        }
    }
    if found.is_empty()
        && let Some((squares, caps, promo)) = parse_path(pos, t)
    {
        let (from, to) = (squares[0], squares[squares.len() - 1]);
        // A path through intermediate squares must be one the piece can take.
        let along = if squares.len() > 2 {
            Some(pos.moves_along(from, &squares[1..]))
        } else {
            None
        };
        for m in &moves {
            let promo_ok = match (&promo, m.promotion()) {
                (None, None) => true,
                (Some(p), None) => p.is_empty(),
                (Some(p), Some(k)) if p == "-" => demotes(pos, m, k),
                (Some(p), Some(k)) => p == "+" || pos.v.def(k).symbol.eq_ignore_ascii_case(p),
                (None, Some(_)) => false,
            };
            let path_ok = along.as_ref().is_none_or(|ms| ms.contains(m));
            if m.kind == MoveKind::Board
                && m.from == from
                && m.to == to
                && *m.captures() == *caps.as_slice()
                && promo_ok
                && path_ok
                && !found.contains(m)
            {
                found.push(*m);
            }
        }
    }
    if found.is_empty() && t.contains(',') {
        found = parse_legs(pos, t, &moves);
    }
    if found.is_empty()
        && pos.v.moves.one_piece_pass
        && let Some(pass) = other_piece_pass(pos, t, &moves)
    {
        found.push(pass);
    }
    if found.is_empty() {
        found = parse_san(pos, t, &moves)?;
    }
    match found.len() {
        0 => Err(MoveTextError::Illegal {
            text: clipped(t),
            hint: hint(pos, t, &moves),
        }),
        1 => Ok(found[0]),
        _ => Err(MoveTextError::Ambiguous {
            text: t.to_string(),
            candidates: found.iter().map(|m| format_move(pos, m)).collect(),
        }),
    }
}

/// A move of several legs as XBoard and HaChu write it, one origin and
/// destination per leg joined by commas (`f7e7,e7e8`: a lion's double move;
/// `j10i11,i11j10`: out and back; `+` after the last leg promotes): the
/// legal moves along that path.
fn parse_legs(pos: &mut Position, t: &str, moves: &[Move]) -> Vec<Move> {
    let (body, promotes) = match t.strip_suffix('+') {
        Some(b) => (b, true),
        None => (t, false),
    };
    let mut squares: Vec<Square> = Vec::new();
    for leg in body.split(',') {
        // Two square names: letters then digits, twice (`f7e7`, `aa10ab11`).
        let cut = leg
            .char_indices()
            .skip(1)
            .find(|&(i, c)| c.is_ascii_alphabetic() && leg[..i].ends_with(|p: char| p.is_ascii_digit()))
            .map(|(i, _)| i);
        let Some((a, b)) = cut.map(|i| leg.split_at(i)) else {
            return Vec::new();
        };
        let (Some(a), Some(b)) = (pos.v.parse_square(a), pos.v.parse_square(b)) else {
            return Vec::new();
        };
        match squares.last() {
            None => squares.push(a),
            Some(&last) if last == a => {}
            Some(_) => return Vec::new(),
        }
        squares.push(b);
    }
    if squares.len() < 3 {
        return Vec::new();
    }
    let along = pos.moves_along(squares[0], &squares[1..]);
    let mut found = Vec::new();
    for m in moves {
        if along.contains(m) && m.promotion().is_some() == promotes && !found.contains(m) {
            found.push(*m);
        }
    }
    found
}

/// Under `one_piece_pass`, a pass written as another piece's (`f9-f9` where
/// the position's one pass is listed as `c4-c4`): the same move, if that
/// piece can pass.
fn other_piece_pass(pos: &mut Position, t: &str, moves: &[Move]) -> Option<Move> {
    let (squares, caps, promo) = parse_path(pos, t)?;
    let from = squares[0];
    if squares.len() != 2 || squares[1] != from || !caps.is_empty() || promo.is_some() {
        return None;
    }
    let p = pos.board[from.index()].filter(|p| p.color() == pos.side)?;
    let mut own = Vec::new();
    pos.piece_moves(from, p, &mut own);
    let can = own
        .iter()
        .any(|m| m.kind == MoveKind::Board && m.to == from && !m.is_capture());
    let is_pass =
        |m: &&Move| m.kind == MoveKind::Board && m.from == m.to && !m.is_capture() && m.promotion().is_none();
    can.then(|| moves.iter().find(is_pass).copied()).flatten()
}

/// A move text as quoted in messages: at most 60 characters.
fn clipped(t: &str) -> String {
    if t.chars().count() <= 60 {
        t.to_string()
    } else {
        format!(
            "{}… ({} characters)",
            t.chars().take(60).collect::<String>(),
            t.chars().count()
        )
    }
}

/// Standard algebraic notation (`Nf3`, `exd5`, `e8=Q`, `Rad1`, `O-O`): for
/// variants whose pieces have one-letter symbols, the pawn being the piece
/// written `P`. Returns the legal moves it names; an error when it names a
/// piece that cannot go there.
fn parse_san(pos: &Position, t: &str, moves: &[Move]) -> Result<Vec<Move>, MoveTextError> {
    let v = &*pos.v;
    let g = &v.geometry;
    let t = t.trim_end_matches(['#', '!', '?']);
    // A trailing `+` is check in chess and a promotion in XBoard's shogi
    // SAN (`Fxi10+`): it promotes where the move can promote to a `+` face.
    let plus = t.ends_with('+');
    let t = t.trim_end_matches('+');
    if t == "0-0" || t == "0-0-0" {
        let want = t.replace('0', "O");
        return Ok(moves
            .iter()
            .filter(|m| aliases(pos, m).contains(&want))
            .copied()
            .collect());
    }
    let Some((piece, rest)) = san_piece(t) else {
        return Ok(Vec::new());
    };
    if !rest
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '=' | '~' | '-'))
    {
        return Ok(Vec::new());
    }
    let (body, promo) = match rest.split_once('=') {
        Some((body, p)) => (body, Some(p)),
        None => (rest, None),
    };
    let Some(kind) = v.kind_by_symbol(piece) else {
        return Ok(Vec::new());
    };
    // XBoard's lion double move: the first leg's square, then the last
    // (`Nxg5-g6`); a first square holding the mover's own piece of the kind
    // is an origin instead (long algebraic `Ng1-f3`).
    let legs: Vec<&str> = body.split(['x', '-']).filter(|s| !s.is_empty()).collect();
    let mut mid = None;
    let body = match legs.as_slice() {
        [a, b] if body.contains('-') || body.matches('x').count() == 2 => {
            match (g.parse_square(a), g.parse_square(b)) {
                (Some(a_sq), Some(_))
                    if !pos.board[a_sq.index()]
                        .is_some_and(|p| p.color() == pos.side && p.kind() == kind) =>
                {
                    mid = Some(a_sq);
                    b.to_string()
                }
                _ => legs.concat(),
            }
        }
        _ => legs.concat(),
    };
    // The destination is the last square; what comes before disambiguates.
    let Some((from_hint, to)) = g.split_trailing_square(&body) else {
        return Ok(Vec::new());
    };
    if from_hint.len() > 3
        || !from_hint
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
    {
        return Ok(Vec::new());
    }
    // `e2e5` is a coordinate move, not a pawn move in SAN (`e5`, `exd5`).
    if piece == "P" && (from_hint.len() > 1 || from_hint.chars().any(|c| c.is_ascii_digit())) {
        return Ok(Vec::new());
    }
    let (file, rank) = match from_hint.len() {
        0 => (None, None),
        _ => {
            let f: String = from_hint.chars().filter(|c| c.is_ascii_lowercase()).collect();
            let r: String = from_hint.chars().filter(|c| c.is_ascii_digit()).collect();
            (
                super::geometry::parse_letters(&f),
                r.parse::<usize>().ok().map(|r| r - 1),
            )
        }
    };
    let of_kind: Vec<Move> = moves
        .iter()
        .filter(|m| m.kind == MoveKind::Board && pos.board[m.from.index()].is_some_and(|p| p.kind() == kind))
        .copied()
        .collect();
    let placed: Vec<Move> = of_kind
        .iter()
        .filter(|m| {
            m.to == to
                && file.is_none_or(|f| g.file(m.from) == f)
                && rank.is_none_or(|r| g.rank(m.from) == r)
                && mid.is_none_or(|mid| pos.moves_along(m.from, &[mid, to]).contains(m))
        })
        .copied()
        .collect();
    let found = san_promotion_filter(v, placed, promo, plus, mid.is_none());
    if found.is_empty() && !of_kind.is_empty() && from_hint.len() <= 2 {
        let mut options: Vec<String> = of_kind.iter().map(|m| format_move(pos, m)).collect();
        options.sort();
        options.dedup();
        options.truncate(12);
        return Err(MoveTextError::Illegal {
            text: clipped(t),
            hint: Some(format!(
                "no {} can go there; its legal moves: {}",
                v.def(kind).name,
                options.join(" ")
            )),
        });
    }
    Ok(found)
}

/// SAN's moves to a square narrowed by what the text says of promotion:
/// `=Q` names one, `=` alone declines (XBoard), a trailing `+` promotes
/// where a move to a promoted (`+`) face is among them, nothing declines.
/// Without the first square of a double move written (`no_mid`), a double
/// move that also takes elsewhere (a lion's `h9-h10xi9xh10`) is not the
/// one named when a plainer one is.
fn san_promotion_filter(
    v: &Variant,
    placed: Vec<Move>,
    promo: Option<&str>,
    plus: bool,
    no_mid: bool,
) -> Vec<Move> {
    let plus_promotes = plus
        && promo.is_none()
        && placed
            .iter()
            .any(|m| m.promotion().is_some_and(|k| v.def(k).symbol.starts_with('+')));
    let found: Vec<Move> = placed
        .into_iter()
        .filter(|m| match (promo, m.promotion()) {
            (None, None) => !plus_promotes,
            (None, Some(k)) => plus_promotes && v.def(k).symbol.starts_with('+'),
            (Some(""), None) => true,
            (Some(p), Some(k)) => v.def(k).key.trim_end_matches('~').eq_ignore_ascii_case(p),
            _ => false,
        })
        .collect();
    if no_mid && found.len() > 1 {
        let plain: Vec<Move> = found
            .iter()
            .filter(|m| m.captures().iter().all(|&c| c == m.to))
            .copied()
            .collect();
        if !plain.is_empty() {
            return plain;
        }
    }
    found
}

/// SAN's piece and the rest: an upper-case letter, after `+` for a
/// promoted face and before `'` or `!` for XBoard's dressed letters (`+B`,
/// `C'`); a pawn move starts with its file.
fn san_piece(t: &str) -> Option<(&str, &str)> {
    let b = t.as_bytes();
    let start = usize::from(b.first() == Some(&b'+'));
    match b.get(start) {
        Some(c) if c.is_ascii_uppercase() => {
            let end = start + 1 + usize::from(matches!(b.get(start + 1), Some(b'\'' | b'!')));
            Some((&t[..end], &t[end..]))
        }
        Some(c) if c.is_ascii_lowercase() && start == 0 => Some(("P", t)),
        _ => None,
    }
}

/// A helpful word for a move text that names no legal move.
fn hint(pos: &Position, t: &str, moves: &[Move]) -> Option<String> {
    let v = &*pos.v;
    let g = &v.geometry;
    let first: String = t.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    let split = second_square(&first, true)?;
    let from = g.parse_square(&first[..split])?;
    let Some(p) = pos.board[from.index()] else {
        return Some(format!("there is no piece on {}", g.name(from)));
    };
    if p.color() != pos.side {
        return Some(format!(
            "the piece on {} is {}'s, and it is {}'s move",
            g.name(from),
            v.sides[p.color().index()].name,
            v.sides[pos.side.index()].name
        ));
    }
    let mut own: Vec<String> = moves
        .iter()
        .filter(|m| m.from == from)
        .map(|m| format_move(pos, m))
        .collect();
    own.sort();
    own.dedup();
    Some(if own.is_empty() {
        format!(
            "the {} on {} has no legal move",
            v.def(p.kind()).name,
            g.name(from)
        )
    } else {
        own.truncate(16);
        format!(
            "legal moves of the {} on {}: {}",
            v.def(p.kind()).name,
            g.name(from),
            own.join(" ")
        )
    })
}

/// Where the second of two squares written together starts (`b7c9`,
/// `aa1ab2`): the first lowercase letter after a digit (`x` too, with
/// `with_x`).
fn second_square(t: &str, with_x: bool) -> Option<usize> {
    let b = t.as_bytes();
    (1..b.len()).find(|&i| b[i].is_ascii_lowercase() && (with_x || b[i] != b'x') && b[i - 1].is_ascii_digit())
}

/// A path `a1-xb2-c3 !d4 =X`: (every square written, origin first; captures
/// in order; promotion).
fn parse_path(pos: &Position, t: &str) -> Option<(Vec<Square>, Vec<Square>, Option<String>)> {
    let g = &pos.v.geometry;
    let (body, promo) = match t.rfind('=') {
        Some(i) => (&t[..i], Some(t[i + 1..].trim().to_string())),
        None => match t.strip_suffix('+') {
            Some(b) => (b, Some("+".to_string())),
            None => match t.strip_suffix('-') {
                Some(b) => (b, Some("-".to_string())),
                None => (t, None),
            },
        },
    };
    let mut parts = body.split_whitespace();
    let mut path = parts.next()?.to_string();
    if !path.contains('-') {
        // `b7c9`: two squares written together.
        let second = second_square(&path, false)?;
        path.insert(second, '-');
    }
    let mut squares = Vec::new();
    let mut caps = Vec::new();
    for (i, step) in path.split('-').enumerate() {
        let (capture, name) = match step.strip_prefix('x') {
            Some(n) => (true, n),
            None => (false, step),
        };
        // Compact form: `j9-j14xj10xj11` (final square, then captures).
        let mut pieces = name.split('x');
        let sq = g.parse_square(pieces.next()?)?;
        if capture {
            if i == 0 {
                return None;
            }
            caps.push(sq);
        }
        squares.push(sq);
        for extra in pieces {
            caps.push(g.parse_square(extra)?);
        }
    }
    for shot in parts {
        caps.push(g.parse_square(shot.strip_prefix('!')?)?);
    }
    if squares.len() < 2 {
        return None;
    }
    Some((squares, caps, promo))
}

/// The seed documents' game notation (Hodges style), for any variant: piece
/// code, `-` or `x` and the destination in Japanese coordinates (file number
/// from the first player's right, rank letter from the top); captures other than
/// on the destination (igui, shots, multi-captures) follow as `!square`; `+` or
/// `=` when the move could promote; the origin is added after the piece when
/// the text would otherwise be ambiguous. Drops: `P*5e`.
pub(crate) fn format_seed(pos: &mut Position, m: &Move) -> String {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let base = seed_text(pos, m, &moves, false);
    let ambiguous = moves
        .iter()
        .any(|o| o != m && seed_text(pos, o, &moves, false) == base);
    if ambiguous {
        seed_text(pos, m, &moves, true)
    } else {
        base
    }
}

fn seed_text(pos: &Position, m: &Move, moves: &[Move], with_origin: bool) -> String {
    let v = &*pos.v;
    let g = &v.geometry;
    match m.kind {
        MoveKind::Board => {
            let code = match pos.board[m.from.index()] {
                Some(p) => v.def(p.kind()).symbol.clone(),
                None => "?".to_string(),
            };
            let mut s = code;
            if with_origin {
                s.push_str(&g.usi_name(m.from));
            }
            let caps = m.captures();
            if m.to == m.from {
                if caps.is_empty() {
                    s.push('-');
                    s.push_str(&g.usi_name(m.to));
                }
            } else if caps.contains(&m.to) || (m.ncap() == 1 && caps[0] == pos.ep_victim) {
                s.push('x');
                s.push_str(&g.usi_name(m.to));
            } else {
                s.push('-');
                s.push_str(&g.usi_name(m.to));
            }
            for c in caps {
                if c != m.to && !(m.ncap() == 1 && c == pos.ep_victim && m.to != m.from) {
                    s.push('!');
                    s.push_str(&g.usi_name(c));
                }
            }
            let could_promote = moves.iter().any(|o| {
                o.kind == MoveKind::Board
                    && o.from == m.from
                    && o.to == m.to
                    && o.captures() == caps
                    && o.promo() != m.promo()
            });
            if could_promote {
                s.push(if m.promotion().is_some() { '+' } else { '=' });
            }
            s
        }
        _ => format_usi(pos, m),
    }
}

/// Reads one square at the start of `s` — algebraic (`e4`, `j10`) or USI
/// (`7g`) — and returns it with the rest of the text.
fn take_square<'a>(v: &Variant, s: &'a str) -> Result<(Square, &'a str), String> {
    let b = s.as_bytes();
    let digits = |from: usize| from + b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let letters = |from: usize| from + b[from..].iter().take_while(|c| c.is_ascii_lowercase()).count();
    let (name, rest, square) = if b.first().is_some_and(|c| c.is_ascii_lowercase()) {
        let end = digits(letters(0));
        let name = &s[..end];
        (name, &s[end..], v.geometry.parse_square(name))
    } else if b.first().is_some_and(|c| c.is_ascii_digit()) {
        let end = digits(0);
        // USI ranks: one letter, two on boards of more than 26 ranks.
        let most = if v.geometry.ranks > 26 { 2 } else { 1 };
        let end = end
            + b[end..]
                .iter()
                .take(most)
                .take_while(|c| c.is_ascii_lowercase())
                .count();
        let name = &s[..end];
        (name, &s[end..], v.geometry.parse_usi_square(name))
    } else {
        let shown: String = s.chars().take(4).collect();
        return Err(format!("expected a square, found `{shown}`"));
    };
    match square {
        Some(sq) => Ok((sq, rest)),
        None if name.is_empty() => Err("expected a square".into()),
        None => Err(format!(
            "`{name}` is not a square of the {}×{} board",
            v.geometry.files, v.geometry.ranks
        )),
    }
}

/// Whether `sym` names a piece of the variant, as written (`P`, `+B`, `Ko`)
/// or in UCI's lower case.
fn is_symbol(v: &Variant, sym: &str) -> bool {
    let sym = sym.trim_start_matches('(').trim_end_matches(')');
    !sym.is_empty() && v.kind_by_symbol(sym).is_some()
}

/// Checks that a text is a move of the variant in one of the notations chimera
/// reads, whether or not it is legal anywhere: its squares are on the board
/// and its pieces belong to the variant.
pub(crate) fn check_move_syntax(v: &Variant, text: &str) -> Result<(), String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("empty move".into());
    }
    if t.eq_ignore_ascii_case("pass") {
        return Ok(());
    }
    if v.placed_walls()
        && let Some((body, wall)) = t.rsplit_once(',')
    {
        // The wall after the move: `d1d4,d4d7` (destination, wall square).
        let (_, rest) = take_square(v, wall)?;
        let (_, rest) = take_square(v, rest)?;
        if !rest.is_empty() {
            return Err(format!("unexpected `{rest}` after the wall's square"));
        }
        return check_move_syntax(v, body);
    }
    if t.eq_ignore_ascii_case("O-O") || t.eq_ignore_ascii_case("O-O-O") {
        return if v.castles.is_empty() {
            Err("this variant has no castling".into())
        } else {
            Ok(())
        };
    }
    if let Some(sq) = t.strip_suffix("->pocket") {
        let (_, rest) = take_square(v, sq)?;
        return if rest.is_empty() {
            Ok(())
        } else {
            Err(format!("unexpected `{rest}`"))
        };
    }
    // A piece entering: `P*e5`, `Ko@a1`, `P&d3`, `P^e5`.
    if let Some(i) = t.find(['*', '@', '&', '^']).filter(|&i| i > 0) {
        let (sym, rest) = (&t[..i], &t[i + 1..]);
        if rest.is_empty() && t.ends_with('^') {
            // `e5^`: into the pocket.
            let (_, extra) = take_square(v, sym)?;
            return if extra.is_empty() {
                Ok(())
            } else {
                Err(format!("unexpected `{extra}`"))
            };
        }
        if !is_symbol(v, sym) {
            return Err(format!("`{sym}` is not a piece symbol of this variant"));
        }
        let (_, extra) = take_square(v, rest)?;
        return if extra.is_empty() {
            Ok(())
        } else {
            Err(format!("unexpected `{extra}` after the square"))
        };
    }
    match check_board_move_syntax(v, t) {
        Ok(()) => Ok(()),
        Err(e) if san_syntax(v, t) => {
            let _ = e;
            Ok(())
        }
        Err(e) => Err(e),
    }
}

/// A gated piece's symbol, optionally followed by the square it enters.
fn check_gate_suffix(v: &Variant, gate: &str) -> Result<(), String> {
    let split = gate
        .char_indices()
        .map(|(i, _)| i)
        .chain([gate.len()])
        .find(|&i| {
            i > 0
                && is_symbol(v, &gate[..i])
                && (i == gate.len() || take_square(v, &gate[i..]).is_ok_and(|(_, r)| r.is_empty()))
        });
    match split {
        Some(_) => Ok(()),
        None => Err(format!(
            "`{gate}` is not a piece symbol (with an optional square) of this variant"
        )),
    }
}

/// Whether a text has the shape of standard algebraic notation (`Nf3`,
/// `exd5`, `Rad1`, `e8=Q`, `0-0`) with this variant's pieces and squares.
fn san_syntax(v: &Variant, t: &str) -> bool {
    let t = t.trim_end_matches(['+', '#', '!', '?']);
    if t == "0-0" || t == "0-0-0" {
        return !v.castles.is_empty();
    }
    let (body, promo) = match t.split_once('=') {
        Some((b, p)) => (b, Some(p)),
        None => (t, None),
    };
    // `=` alone declines a promotion (XBoard).
    if promo.is_some_and(|p| !p.is_empty() && !is_symbol(v, p)) {
        return false;
    }
    let Some((piece, rest)) = san_piece(body) else {
        return false;
    };
    if !is_symbol(v, piece) {
        return false;
    }
    let legs: Vec<&str> = rest.split(['x', '-']).filter(|s| !s.is_empty()).collect();
    // A lion's double move: the first leg's square, then the last (`Nxg5-g6`).
    if let [a, b] = legs.as_slice()
        && v.geometry.parse_square(a).is_some()
        && v.geometry.parse_square(b).is_some()
    {
        return true;
    }
    let joined = legs.concat();
    let Some((hint, _)) = v.geometry.split_trailing_square(&joined) else {
        return false;
    };
    hint.len() <= 3 && hint.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
}

/// A board move: two squares (`e2e4`, `7g7f`), a path (`j9-xj10-j11`,
/// `j9-j14xj10xj11`) with shots (`g7-h8 !h11`), and a promotion (`=Q`, `=`,
/// `+`, UCI's `q`).
fn check_board_move_syntax(v: &Variant, t: &str) -> Result<(), String> {
    let mut parts = t.split_whitespace();
    let mut body = parts.next().unwrap_or("");
    // Gating: `b1c3/H`, `e1g1/Hh1`.
    if let Some((b, gate)) = body.split_once('/') {
        if v.gates.is_empty() {
            return Err("`/` names a piece entering by gating, and this variant has no gating".into());
        }
        check_gate_suffix(v, gate)?;
        body = b;
    }
    let mut tail: Vec<&str> = parts.collect();
    // A promotion written apart: `g7-h8 =X`.
    if let Some(last) = tail.last()
        && last.starts_with('=')
    {
        let sym = &last[1..];
        if !sym.is_empty() && !is_symbol(v, sym) {
            return Err(format!("`{sym}` is not a piece symbol of this variant"));
        }
        tail.pop();
    }
    if let Some(i) = body.find('=') {
        let sym = &body[i + 1..];
        if !sym.is_empty() && !is_symbol(v, sym) {
            return Err(format!("`{sym}` is not a piece symbol of this variant"));
        }
        body = &body[..i];
    } else if let Some(b) = body.strip_suffix('+').or_else(|| body.strip_suffix('-')) {
        // `7g7f+` turns a piece up, `a1a2-` turns it back (kyoto shogi).
        body = b;
    }
    let mut squares = 0;
    let mut rest = body;
    while !rest.is_empty() {
        rest = rest.strip_prefix('-').unwrap_or(rest);
        // `x` marks a capture when a square follows it; `x5` is a square.
        if let Some(r) = rest.strip_prefix('x')
            && !r.starts_with(|c: char| c.is_ascii_digit())
        {
            rest = r;
        }
        if squares >= 2 && !v.gates.is_empty() && check_gate_suffix(v, rest).is_ok() {
            // UCI gating: `b1c3h`, `h1e1h`.
            return check_shots(v, &tail);
        }
        if squares >= 2 && rest.chars().all(|c| c.is_ascii_lowercase() || c == '+') && !rest.is_empty() {
            // UCI promotion: `e7e8q`.
            return if is_symbol(v, rest) {
                check_shots(v, &tail)
            } else {
                Err(format!("`{rest}` is not a piece symbol of this variant"))
            };
        }
        let (_, r) = take_square(v, rest)?;
        squares += 1;
        rest = r;
    }
    if squares < 2 {
        return Err("a board move needs an origin and a destination".into());
    }
    check_shots(v, &tail)
}

fn check_shots(v: &Variant, tail: &[&str]) -> Result<(), String> {
    for shot in tail {
        let Some(sq) = shot.strip_prefix('!') else {
            return Err(format!("unexpected `{shot}` (shots are written `!square`)"));
        };
        let (_, rest) = take_square(v, sq)?;
        if !rest.is_empty() {
            return Err(format!("unexpected `{rest}`"));
        }
    }
    Ok(())
}

impl Variant {
    /// Checks that a text is a move of this variant in one of the notations
    /// chimera reads (canonical, UCI, USI, paths), whether or not it is legal
    /// anywhere: its squares are on the board and its pieces exist.
    pub fn check_move_text(&self, text: &str) -> Result<(), String> {
        check_move_syntax(self, text)
    }
}
