//! Moves written as text: canonical, UCI, USI, XBoard's coordinates and the
//! seed documents' notation (SAN and Hodges notation are in `san.rs`).

use crate::engine::moves::{AUX_CASTLE, AUX_GATE_ROOK, Move, MoveKind};
use crate::engine::position::Position;
use crate::engine::types::{PieceKind, Square};
use crate::engine::variant::Variant;

pub(super) fn demotes(pos: &Position, m: &Move, k: PieceKind) -> bool {
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
        s.push_str(&g.name(pos.wall_pass_square(m).unwrap_or(m.to)));
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
        MoveKind::Pass => match pos.wall_pass_square(m) {
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
        && (m.ncap() == 0 || (m.ncap() == 1 && (m.cap(0) == m.to || pos.en_passant_victim(m.cap(0)))))
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
        && let Some(s) = pos.wall_pass_square(m).or_else(|| pos.stuck_pass_square())
    {
        return format!("{}{}", g.name(s), g.name(s));
    }
    match m.kind {
        MoveKind::Drop => format!("{}@{}", v.def(entering(m)).key, g.name(m.to)),
        // Fairy-Stockfish writes a pass as its royal piece moving to its own
        // square (`e2e2`).
        MoveKind::Pass
            if matches!(
                pos.royal_squares(pos.side),
                crate::engine::position::RoyalSquares::One(_)
            ) =>
        {
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
    let wall_pass = pos.wall_pass_square(m);
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
fn xboard_square(g: &crate::engine::geometry::Geometry, sq: Square) -> String {
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
pub(super) fn aliases(pos: &Position, m: &Move) -> Vec<String> {
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
            } else if caps.contains(&m.to) || (m.ncap() == 1 && pos.en_passant_victim(caps[0])) {
                s.push('x');
                s.push_str(&g.usi_name(m.to));
            } else {
                s.push('-');
                s.push_str(&g.usi_name(m.to));
            }
            for c in caps {
                if c != m.to && !(m.ncap() == 1 && pos.en_passant_victim(c) && m.to != m.from) {
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
