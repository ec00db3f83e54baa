//! The engine's evaluation, generic over variants: a linear function of a
//! few terms whose weights can be tuned per variant (`chimera tune`).
//!
//! Terms, each counted for the side to move minus the other side:
//! - material on the board, one value per kind: the rules file's `value`, or
//!   one estimated from what the piece attacks on crowded boards;
//! - material off the board (hand, reserve, pocket), one value per kind;
//! - mobility: pseudo-legal board moves (of pieces with single-leg moves);
//! - placement: for each piece, its number of moves on an empty board from
//!   its square minus its average (centre over edge, for every kind alike);
//! - promotion potential: what a promotion would gain, times nearness to the
//!   nearest square where the piece may promote;
//! - royal danger: enemy material near each royal piece (or, without royal
//!   pieces, each piece of a command set), and in hand;
//! - shelter: own pieces next to each of them;
//! - tempo: being the side to move.

use std::sync::Arc;

use crate::engine::{Color, Geometry, MoveKind, Piece, PieceKind, Position, Square, Store, Variant};

/// Terms after the per-kind ones, in this order, in a feature vector.
pub const TERMS: [&str; 6] = [
    "mobility",
    "placement",
    "promotion",
    "royal_danger",
    "shelter",
    "tempo",
];

/// Evaluation weights, in centipawns per unit of each term.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Value of each kind on the board.
    pub board: Vec<f64>,
    /// Value of each kind off the board (hand, reserve, pocket).
    pub hand: Vec<f64>,
    /// The scalar terms, as in [`TERMS`].
    pub terms: [f64; 6],
}

impl Weights {
    /// The defaults for a variant: mobility-derived piece values (or the
    /// rules file's), pieces in hand worth a tenth more, fixed term weights.
    pub fn defaults(v: &Arc<Variant>) -> Weights {
        let board: Vec<f64> = piece_values(v).iter().map(|&x| x as f64).collect();
        let hand = board.iter().map(|x| x * 1.1).collect();
        Weights {
            board,
            hand,
            terms: [2.0, 3.0, 0.3, 8.0, 4.0, 10.0],
        }
    }

    /// The weights as one vector: board values, hand values, terms.
    pub fn to_vec(&self) -> Vec<f64> {
        let mut out = self.board.clone();
        out.extend_from_slice(&self.hand);
        out.extend_from_slice(&self.terms);
        out
    }

    /// Weights from a vector laid out as [`Weights::to_vec`] writes it.
    pub fn from_vec(kinds: usize, x: &[f64]) -> Weights {
        let mut terms = [0.0; 6];
        terms.copy_from_slice(&x[2 * kinds..2 * kinds + 6]);
        Weights {
            board: x[..kinds].to_vec(),
            hand: x[kinds..2 * kinds].to_vec(),
            terms,
        }
    }
}

/// Piece values in centipawn-like units, one per kind: the rules file's
/// `value`, or one estimated from what the piece can capture. Royal pieces
/// are worth 0 (losing them is judged otherwise).
///
/// The estimate puts the piece on boards a third full of other pieces of
/// either side (seeded, so always the same boards) and counts the pieces it
/// could capture, plus a tenth of the empty squares it could move to: what
/// a piece attacks is most of its worth, and a count on a crowded board
/// tells a hopper (which needs a screen) from a slider, and a lame leaper
/// from a free one, where moves on an empty board do not. Scaled so that a
/// chess knight is worth about 320, it gives the chess, xiangqi and janggi
/// pieces their customary proportions within about a tenth.
pub fn piece_values(v: &Arc<Variant>) -> Vec<i32> {
    let boards = crowded_boards(v);
    let mut buf = Vec::new();
    v.kinds()
        .map(|k| {
            let def = v.piece(k);
            if let Some(value) = def.value() {
                (value * 100.0) as i32
            } else if def.is_royal() {
                0
            } else {
                let (captures, moves) = reach_on_crowded_boards(v, &boards, k, &mut buf);
                (VALUE_SCALE * (captures + 0.1 * moves)).round().max(10.0) as i32
            }
        })
        .collect()
}

/// Centipawns per piece a piece could capture on a crowded board
/// ([`piece_values`]).
const VALUE_SCALE: f64 = 282.0;

/// How many crowded boards [`piece_values`] samples, and how full they are.
const CROWDED_BOARDS: usize = 8;
const CROWDED_PERCENT: u64 = 30;

/// Boards a third full of pieces of either side, of kinds that are not
/// royal (a royal piece changes what is legal), for [`piece_values`].
fn crowded_boards(v: &Arc<Variant>) -> Vec<Position> {
    use rand::{Rng, SeedableRng, rngs::StdRng};
    let mut rng = StdRng::seed_from_u64(0x5eed_0fc0_ffee);
    let filler: Vec<PieceKind> = v.kinds().filter(|&k| !v.piece(k).is_royal()).collect();
    if filler.is_empty() {
        return vec![Position::bare(v, Color::First)];
    }
    (0..CROWDED_BOARDS)
        .map(|_| {
            let mut pos = Position::bare(v, Color::First);
            for sq in v.board().all_squares() {
                if rng.random_range(0..100) < CROWDED_PERCENT {
                    let k = filler[rng.random_range(0..filler.len())];
                    let c = if rng.random_bool(0.5) {
                        Color::First
                    } else {
                        Color::Second
                    };
                    pos.set_square(sq, Some(Piece::new(k, c)));
                }
            }
            pos
        })
        .collect()
}

/// The average number of pieces kind `k` of the first side could capture,
/// and of empty squares it could move to, over the crowded boards and the
/// squares it may stand on (a sample of them on large boards).
fn reach_on_crowded_boards(
    v: &Arc<Variant>,
    boards: &[Position],
    k: PieceKind,
    buf: &mut Vec<crate::engine::Move>,
) -> (f64, f64) {
    let g = v.board();
    let region = v.def(k).region.as_ref().map(|r| &r[Color::First.index()]);
    let squares: Vec<Square> = g
        .all_squares()
        .filter(|s| region.is_none_or(|r| r[s.index()]))
        .collect();
    let step = (squares.len() / 64).max(1);
    let p = Piece::new(k, Color::First);
    let (mut captures, mut moves, mut samples) = (0usize, 0usize, 0usize);
    let mut taken = Vec::new();
    let mut reached = Vec::new();
    for board in boards {
        let mut pos = board.clone();
        for &sq in squares.iter().step_by(step) {
            let before = pos.piece_at(sq);
            pos.set_square(sq, Some(p));
            buf.clear();
            pos.piece_moves(sq, p, buf);
            taken.clear();
            reached.clear();
            for m in buf.iter() {
                let enemy: Vec<Square> = pos
                    .captured_squares(m)
                    .into_iter()
                    .filter(|c| pos.piece_at(*c).is_some_and(|q| q.color() != Color::First))
                    .collect();
                if enemy.is_empty() {
                    if let Some(t) = m.to()
                        && t != sq
                        && pos.piece_at(t).is_none()
                    {
                        reached.push(t);
                    }
                } else {
                    taken.extend(enemy);
                }
            }
            taken.sort_unstable();
            taken.dedup();
            reached.sort_unstable();
            reached.dedup();
            captures += taken.len();
            moves += reached.len();
            samples += 1;
            pos.set_square(sq, before);
        }
    }
    let n = samples.max(1) as f64;
    (captures as f64 / n, moves as f64 / n)
}

/// Board moves of `p` alone on `sq` of an otherwise empty board.
fn empty_board_moves(pos: &mut Position, sq: Square, p: Piece, buf: &mut Vec<crate::engine::Move>) -> usize {
    pos.set_square(sq, Some(p));
    buf.clear();
    pos.piece_moves(sq, p, buf);
    pos.set_square(sq, None);
    buf.iter().filter(|m| m.kind() == MoveKind::Board).count()
}

/// Per-square tables that do not depend on the weights.
#[derive(Clone, Debug)]
struct Tables {
    /// `[color][kind * squares + sq]`: moves from the square minus the
    /// kind's average, on an empty board.
    placement: [Vec<f32>; 2],
    /// `[color][kind * squares + sq]`: promotion gain (centipawns of the
    /// default values) times nearness to a promoting square.
    promotion: [Vec<f32>; 2],
    /// `[sq]`: the squares at king-step distance 1 to 3 from the square,
    /// with their distance: where the royal terms look.
    near: Vec<Vec<(Square, u8)>>,
}

/// Each square's king-step (Chebyshev) distance to the nearest square of
/// `zone` (not empty), by a breadth-first walk from the zone: linear in the
/// board, where comparing every square with every zone square is quadratic
/// (1,296 squares on 36×36, a zone of all of them).
fn zone_distances(g: &Geometry, zone: &[Square]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; g.squares()];
    let mut queue = std::collections::VecDeque::with_capacity(g.squares());
    for &z in zone {
        dist[z.index()] = 0;
        queue.push_back(z);
    }
    while let Some(sq) = queue.pop_front() {
        let (f, r) = (g.file(sq) as i32, g.rank(sq) as i32);
        let next = dist[sq.index()] + 1;
        for (df, dr) in crate::engine::FRAMES {
            if let Some(t) = g.square(f + df, r + dr)
                && dist[t.index()] > next
            {
                dist[t.index()] = next;
                queue.push_back(t);
            }
        }
    }
    dist
}

impl Tables {
    fn new(v: &Arc<Variant>, values: &[i32]) -> Tables {
        let g = v.board();
        let n = g.squares();
        let kinds = v.kind_count();
        let mut placement = [vec![0.0f32; kinds * n], vec![0.0f32; kinds * n]];
        let mut promotion = [vec![0.0f32; kinds * n], vec![0.0f32; kinds * n]];
        let mut buf = Vec::new();
        let big = n > 200;
        for k in v.kinds() {
            let def = v.def(k);
            for c in Color::BOTH {
                let ci = c.index();
                // Placement: skipped on very large boards for pieces of many
                // moves (their count hardly varies) and multi-leg pieces
                // (each square's walk is costly), to keep set-up quick.
                let skip = def.royal || (big && (def.rays[ci].len() > 8 || def.legs.is_some()));
                if !skip {
                    let mut pos = Position::bare(v, c);
                    let p = Piece::new(k, c);
                    let counts: Vec<f32> = g
                        .all_squares()
                        .map(|sq| empty_board_moves(&mut pos, sq, p, &mut buf) as f32)
                        .collect();
                    let avg = counts.iter().sum::<f32>() / n as f32;
                    for (i, m) in counts.iter().enumerate() {
                        placement[ci][k.index() * n + i] = m - avg;
                    }
                }
                // Promotion potential: the best gain, over (1 + distance)².
                let gain = def
                    .promotions
                    .iter()
                    .flat_map(|p| p.to.iter())
                    .map(|t| values[t.index()] - values[k.index()])
                    .max()
                    .unwrap_or(0);
                if gain <= 0 {
                    continue;
                }
                let zone: Vec<Square> = g
                    .all_squares()
                    .filter(|s| def.promo_at[ci].get(s.index()).is_some_and(|&b| b != 0))
                    .collect();
                if zone.is_empty() {
                    continue;
                }
                for (sq, d) in zone_distances(g, &zone).into_iter().enumerate() {
                    let d = d as f32;
                    promotion[ci][k.index() * n + sq] = gain as f32 / ((1.0 + d) * (1.0 + d));
                }
            }
        }
        let near = g
            .all_squares()
            .map(|sq| {
                let (f, r) = (g.file(sq) as i32, g.rank(sq) as i32);
                let mut out = Vec::new();
                for df in -3..=3i32 {
                    for dr in -3..=3i32 {
                        let d = df.abs().max(dr.abs());
                        if let (1.., Some(t)) = (d, g.square(f + df, r + dr)) {
                            out.push((t, d as u8));
                        }
                    }
                }
                out
            })
            .collect();
        Tables {
            placement,
            promotion,
            near,
        }
    }
}

/// The evaluation: tables and weights, ready for the search.
#[derive(Clone, Debug)]
pub struct Eval {
    weights: Weights,
    tables: Arc<Tables>,
    squares: usize,
    /// `[color][kind * squares + sq]`: board value + placement + promotion,
    /// in centipawns, from the weights.
    psq: [Vec<i32>; 2],
    hand: Vec<i32>,
    royal: Vec<bool>,
    /// Kinds whose safety counts: royal pieces, or where there are none,
    /// the pieces of the command sets.
    guarded: Vec<bool>,
    /// Values for move ordering and exchange estimates (royal pieces high).
    order_values: Vec<i32>,
    /// A trained network: when there is one, the evaluation is its.
    network: Option<Arc<crate::game::nnue::Network>>,
}

impl Eval {
    /// The default evaluation of a variant.
    pub fn new(v: &Arc<Variant>) -> Eval {
        let w = Weights::defaults(v);
        let values: Vec<i32> = w.board.iter().map(|&x| x as i32).collect();
        let tables = Arc::new(Tables::new(v, &values));
        let mut e = Eval {
            weights: w.clone(),
            tables,
            squares: v.board().squares(),
            psq: [Vec::new(), Vec::new()],
            hand: Vec::new(),
            royal: v.kinds().map(|k| v.piece(k).is_royal()).collect(),
            guarded: guarded_kinds(v),
            order_values: Vec::new(),
            network: None,
        };
        e.set_weights(w);
        e
    }

    /// The network that evaluates in place of the weights, if any.
    pub fn network(&self) -> Option<&crate::game::nnue::Network> {
        self.network.as_deref()
    }

    /// Evaluates with this network (`None`: with the weights again).
    pub fn set_network(&mut self, n: Option<Arc<crate::game::nnue::Network>>) {
        self.network = n;
    }

    /// The weights in use.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Uses these weights (same number of kinds as the variant).
    pub fn set_weights(&mut self, w: Weights) {
        let n = self.squares;
        let kinds = w.board.len();
        let [_, place, promo, ..] = w.terms;
        for c in 0..2 {
            let t = &self.tables;
            self.psq[c] = (0..kinds * n)
                .map(|i| {
                    let k = i / n;
                    (w.board[k] + place * t.placement[c][i] as f64 + promo * t.promotion[c][i] as f64).round()
                        as i32
                })
                .collect();
        }
        self.hand = w.hand.iter().map(|x| x.round() as i32).collect();
        self.order_values = w
            .board
            .iter()
            .zip(&self.royal)
            .map(|(&x, &r)| if r { 20_000 } else { x.round().max(1.0) as i32 })
            .collect();
        self.weights = w;
    }

    /// A kind's value for move ordering (royal pieces the highest).
    #[inline]
    pub fn order_value(&self, k: PieceKind) -> i32 {
        self.order_values[k.index()]
    }

    /// The static evaluation, for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position, scratch: &mut Vec<crate::engine::Move>) -> i32 {
        let t = self.weights.terms;
        let side = pos.side_to_move();
        let mut score = 0i32;
        for c in Color::BOTH {
            let sign = if c == side { 1 } else { -1 };
            let table = &self.psq[c.index()];
            let mut s = 0;
            for &sq in pos.pieces(c) {
                if let Some(p) = pos.piece_at(sq) {
                    s += table[p.kind().index() * self.squares + sq.index()];
                }
            }
            s += self.off_board(pos, c);
            score += sign * s;
        }
        let mobility = mobility(pos, side, scratch) - mobility(pos, !side, scratch);
        let (danger, shelter) = self.royal_terms(pos, side);
        score + (t[0] * mobility as f64 + t[3] * danger + t[4] * shelter + t[5]).round() as i32
    }

    /// Material off the board of side `c`.
    fn off_board(&self, pos: &Position, c: Color) -> i32 {
        let v = pos.variant();
        if !v.has_hands() && !v.has_placement() && v.pocket_capacity().is_none() {
            return 0;
        }
        v.kinds()
            .map(|k| {
                let n: u32 = Store::ALL.iter().map(|&st| pos.count(st, c, k)).sum();
                n as i32 * self.hand[k.index()]
            })
            .sum()
    }

    /// Royal danger and shelter, side to move minus the other: danger is the
    /// other side's material (in pawns) near a royal piece, weighted by
    /// nearness, plus half its material in hand, plus half the square of
    /// the number of squares of its zone (itself and the squares next to
    /// it) the other side attacks; shelter counts own pieces next to it.
    /// Where command sets stand for royal pieces, the danger to a piece
    /// whose loss alone would lose the game counts [`HANGING_COMMAND`]
    /// times. Danger to the side to move counts against it.
    fn royal_terms(&self, pos: &Position, side: Color) -> (f64, f64) {
        let mut danger = [0.0f64; 2];
        let mut shelter = [0.0f64; 2];
        for c in Color::BOTH {
            let mut in_hand = None;
            let mut zones = 0;
            for &rsq in pos.pieces(c) {
                let Some(p) = pos.piece_at(rsq) else { continue };
                if !self.guarded[p.kind().index()] {
                    continue;
                }
                // A piece whose loss alone would lose the game by command
                // is watched as a king is, whatever its place in the list.
                let weight = if pos.command_hangs_on(c, p.kind()) {
                    HANGING_COMMAND
                } else {
                    1.0
                };
                // The zone's attacks, for those pieces and the first two
                // other guarded ones (a game without royal pieces may guard
                // dozens).
                if weight > 1.0 || zones < MAX_ZONES {
                    zones += usize::from(weight == 1.0);
                    let hits = std::iter::once(rsq)
                        .chain(
                            self.tables.near[rsq.index()]
                                .iter()
                                .filter(|(_, d)| *d == 1)
                                .map(|(s, _)| *s),
                        )
                        .filter(|&s| pos.attacked(s, !c))
                        .count();
                    danger[c.index()] += weight * ZONE_WEIGHT * (hits * hits) as f64;
                }
                // One pass over the squares near the piece (at most 48)
                // rather than over every piece: a large game has hundreds.
                for &(sq, d) in &self.tables.near[rsq.index()] {
                    let Some(q) = pos.piece_at(sq) else { continue };
                    if q.color() == c {
                        if d == 1 {
                            shelter[c.index()] += 1.0;
                        }
                    } else if !self.royal[q.kind().index()] {
                        danger[c.index()] +=
                            weight * self.weights.board[q.kind().index()] / 100.0 * (4 - d) as f64 / 3.0;
                    }
                }
                danger[c.index()] += *in_hand.get_or_insert_with(|| self.off_board(pos, !c)) as f64 / 200.0;
            }
        }
        let (us, them) = (side.index(), 1 - side.index());
        (danger[them] - danger[us], shelter[us] - shelter[them])
    }

    /// The evaluation's features for the side to move, laid out as
    /// [`Weights::to_vec`]: `evaluate` is their dot product with the
    /// weights (up to rounding).
    pub fn features(&self, pos: &Position, scratch: &mut Vec<crate::engine::Move>) -> Vec<f64> {
        let v = pos.variant();
        let kinds = v.kind_count();
        let n = self.squares;
        let side = pos.side_to_move();
        let mut f = vec![0.0; 2 * kinds + TERMS.len()];
        for c in Color::BOTH {
            let sign = if c == side { 1.0 } else { -1.0 };
            for &sq in pos.pieces(c) {
                if let Some(p) = pos.piece_at(sq) {
                    let i = p.kind().index() * n + sq.index();
                    f[p.kind().index()] += sign;
                    f[2 * kinds + 1] += sign * self.tables.placement[c.index()][i] as f64;
                    f[2 * kinds + 2] += sign * self.tables.promotion[c.index()][i] as f64;
                }
            }
            for k in v.kinds() {
                let m: u32 = Store::ALL.iter().map(|&st| pos.count(st, c, k)).sum();
                f[kinds + k.index()] += sign * m as f64;
            }
        }
        f[2 * kinds] = (mobility(pos, side, scratch) - mobility(pos, !side, scratch)) as f64;
        let (danger, shelter) = self.royal_terms(pos, side);
        f[2 * kinds + 3] = danger;
        f[2 * kinds + 4] = shelter;
        f[2 * kinds + 5] = 1.0;
        f
    }
}

/// Royal pieces per side whose zone's attacks count ([`Eval::royal_terms`]).
const MAX_ZONES: usize = 2;

/// Danger (in pawns of nearby material) per squared attacked zone square.
const ZONE_WEIGHT: f64 = 0.5;

/// How much more the danger to a piece counts when its side's command
/// hangs on it ([`Position::command_hangs_on`]).
const HANGING_COMMAND: f64 = 3.0;

/// The kinds the royal-safety terms watch: the royal pieces, or, in a
/// variant without any, the pieces of its command sets.
fn guarded_kinds(v: &Variant) -> Vec<bool> {
    let any_royal = v.kinds().any(|k| v.piece(k).is_royal());
    v.kinds()
        .map(|k| {
            v.piece(k).is_royal() || (!any_royal && v.end.command.iter().flatten().any(|set| set.contains(k)))
        })
        .collect()
}

/// Board moves of a side's pieces (pseudo-legal, drops left out). Pieces of
/// several legs (lions, cavalry, shots) are left out: their walks cost far
/// more than a ray scan, and their placement term already rewards squares
/// where they have many moves.
fn mobility(pos: &Position, color: Color, buf: &mut Vec<crate::engine::Move>) -> i32 {
    buf.clear();
    let v = pos.variant();
    for &sq in pos.pieces(color) {
        if let Some(p) = pos.piece_at(sq)
            && v.def(p.kind()).legs.is_none()
        {
            pos.piece_moves(sq, p, buf);
        }
    }
    buf.len() as i32
}

/// A weights file as written by `chimera tune`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct WeightsFile {
    /// The variant's name, checked against the rules file's.
    variant: toml::Spanned<String>,
    #[serde(default)]
    terms: std::collections::BTreeMap<toml::Spanned<String>, f64>,
    #[serde(default)]
    board: std::collections::BTreeMap<toml::Spanned<String>, f64>,
    #[serde(default)]
    hand: std::collections::BTreeMap<toml::Spanned<String>, f64>,
}

/// Largest weight accepted in a weights file (centipawns).
const MAX_WEIGHT: f64 = 1.0e6;

impl Weights {
    /// Reads a weights file for a variant: the defaults, with every value the
    /// file gives. Errors name the file, line and column.
    pub fn read(v: &Arc<Variant>, path: &std::path::Path) -> Result<Weights, String> {
        let text = crate::read_text_file(path)?;
        Weights::parse(v, &path.display().to_string(), &text)
    }

    /// Reads weights from text (`name` names it in errors).
    pub fn parse(v: &Arc<Variant>, name: &str, text: &str) -> Result<Weights, String> {
        let err = |span: std::ops::Range<usize>, msg: String| {
            let d = crate::Diagnostic::new(name, text, span, msg);
            format!("{}:{}:{}: {}", d.file, d.line, d.column, d.message)
        };
        let file: WeightsFile = toml::from_str(text).map_err(|e| {
            err(
                e.span().unwrap_or(0..0),
                e.message()
                    .lines()
                    .next()
                    .unwrap_or("not a weights file")
                    .to_string(),
            )
        })?;
        if file.variant.get_ref() != v.name() {
            return Err(err(
                file.variant.span(),
                format!(
                    "these weights are for `{}`, not `{}`",
                    file.variant.get_ref(),
                    v.name()
                ),
            ));
        }
        let mut w = Weights::defaults(v);
        let check = |key: &toml::Spanned<String>, x: f64| -> Result<(), String> {
            if x.is_finite() && x.abs() <= MAX_WEIGHT {
                Ok(())
            } else {
                Err(err(
                    key.span(),
                    format!(
                        "`{}`: weights are finite, at most {MAX_WEIGHT:e} in size",
                        key.get_ref()
                    ),
                ))
            }
        };
        for (key, &x) in &file.terms {
            check(key, x)?;
            let i = TERMS.iter().position(|t| t == key.get_ref()).ok_or_else(|| {
                err(
                    key.span(),
                    format!("unknown term `{}` (terms: {})", key.get_ref(), TERMS.join(", ")),
                )
            })?;
            w.terms[i] = x;
        }
        for (table, out) in [(&file.board, &mut w.board), (&file.hand, &mut w.hand)] {
            for (key, &x) in table {
                check(key, x)?;
                let k = v.kind_by_symbol(key.get_ref()).ok_or_else(|| {
                    err(
                        key.span(),
                        format!("`{}` is not a piece of {}", key.get_ref(), v.name()),
                    )
                })?;
                out[k.index()] = x;
            }
        }
        Ok(w)
    }

    /// The weights as a weights file, with a comment at the top.
    pub fn to_toml(&self, v: &Variant, comment: &str) -> String {
        let mut s = String::new();
        for line in comment.lines() {
            s.push_str(&format!("# {line}\n"));
        }
        s.push_str(&format!("variant = {}\n\n[terms]\n", toml_string(v.name())));
        for (t, x) in TERMS.iter().zip(self.terms) {
            s.push_str(&format!("{t} = {x:.3}\n"));
        }
        for (title, values) in [("board", &self.board), ("hand", &self.hand)] {
            s.push_str(&format!("\n[{title}]\n"));
            for k in v.kinds() {
                s.push_str(&format!(
                    "{} = {:.1}\n",
                    toml_string(v.piece(k).symbol()),
                    values[k.index()]
                ));
            }
        }
        s
    }
}

/// A TOML basic string.
fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk from the zone gives what comparing every pair gives.
    #[test]
    fn zone_distances_are_the_nearest_king_step_distances() {
        let g = Geometry::new(7, 5);
        let zone = [
            Square::from_index(3),
            Square::from_index(30),
            Square::from_index(12),
        ];
        let walked = zone_distances(&g, &zone);
        for sq in g.all_squares() {
            let brute = zone.iter().map(|&z| g.distance(sq, z)).min().unwrap_or(0) as u32;
            assert_eq!(walked[sq.index()], brute, "square {}", sq.index());
        }
    }
}
