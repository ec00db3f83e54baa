//! The end of the game, judged in one place for the game layer and the
//! search alike: what the position decides (a winning square reached, the
//! command lost, a hook's rule), repetition with the perpetual-check rule, no
//! legal move (checkmate or stalemate, with the variant's outcome), and the
//! move counter.
//!
//! [`judge`] applies them in that order. The search calls the same pieces —
//! [`Position::decided`], [`repetition`], [`Position::no_move_result`],
//! [`Position::counter_result`] — in the same order.

use super::moves::{Move, MoveKind};
use super::outcome::{CASTLED, CASTLING_LOST, CONNECTION, FULL_BOARD, QUIET_TURNS, ROYALS_CAPTURED};
pub use super::outcome::{GameResult, History, Reason};
use super::position::Position;
use super::repetition::repetition_result_seen;
pub use super::repetition::{
    Lookback, Repetitions, completes_forbidden_repetition, drop_forbidden_repetitions, forbidden_repetition,
    repetition, repetition_forbids_moves, repetition_result,
};
use super::types::{Color, KindSet, PieceKind, Square};
use super::variant::{ConnectRule, Outcome, Variant, Verdict};

impl GameResult {
    /// "white wins by checkmate", "draw by repetition".
    pub fn describe(&self, v: &Variant) -> String {
        match self.winner {
            Some(w) => format!("{} wins by {}", v.side_name(w), self.reason.name()),
            None => format!("draw by {}", self.reason.name()),
        }
    }

    /// The result for `player` by an outcome seen from `player`'s side.
    fn from_outcome(player: Color, outcome: Outcome, reason: Reason) -> GameResult {
        match outcome {
            Outcome::Win => GameResult::win(player, reason),
            Outcome::Loss => GameResult::win(!player, reason),
            Outcome::Draw => GameResult::draw(reason),
        }
    }
}

impl Position {
    /// The legal moves of the side to move, into `out` (cleared first). A
    /// position in which the game is decided has none.
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        out.clear();
        if self.decided().is_some() {
            return;
        }
        self.legal_moves_undecided(out);
    }

    /// The legal moves as a new list.
    pub fn legal_move_list(&mut self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves(&mut out);
        out
    }

    /// Whether a side still has every piece of at least one command set.
    pub fn has_command(&self, color: Color) -> bool {
        let sets = &self.v.end.command;
        if sets.is_empty() {
            return true;
        }
        if !self.v.end.command_bits.is_empty() {
            let counts = &self.command_count[color.index()];
            let mut slot = 0;
            return sets.iter().any(|set| {
                let first = slot;
                slot += set.len();
                counts[first..slot].iter().all(|&n| n > 0)
            });
        }
        self.has_command_walked(color)
    }

    /// Whether `color` has a complete command set now and would have none
    /// after losing one piece of `kind`: the piece its command hangs on.
    /// `false` for a kind in no set, and where the sets are too many to be
    /// counted as pieces come and go.
    pub fn command_hangs_on(&self, color: Color, kind: PieceKind) -> bool {
        let bits = match self.v.end.command_bits.get(kind.index()) {
            Some(&b) if b != 0 => b,
            _ => return false,
        };
        let counts = &self.command_count[color.index()];
        let (mut now, mut after) = (false, false);
        let mut slot = 0;
        for set in &self.v.end.command {
            let slots = slot..slot + set.len();
            slot += set.len();
            now |= slots.clone().all(|i| counts[i] > 0);
            after |= slots.into_iter().all(|i| counts[i] > u16::from(bits >> i & 1));
        }
        now && !after
    }

    /// [`Position::has_command`] from the pieces on the board, not the
    /// counts kept as they come and go (the invariant tests compare them).
    pub fn has_command_walked(&self, color: Color) -> bool {
        let sets = &self.v.end.command;
        if sets.is_empty() {
            return true;
        }
        let mut present = super::types::KindSet::EMPTY;
        for &s in &self.plist[color.index()] {
            if let Some(p) = self.board[s.index()] {
                present.insert(p.kind());
            }
        }
        sets.iter()
            .any(|set| set.iter().all(|&alts| alts.intersects(&present)))
    }

    /// The result the position alone decides: a winning square reached, a
    /// command lost, a hook's rule. A decided position has no legal moves.
    /// Under `draws_by_piece_count` a draw is counted at once, so that
    /// every caller (the search too) sees the counted result.
    pub fn decided(&self) -> Option<GameResult> {
        let r = self.decided_by_rules()?;
        Some(if self.v.end.draws_by_piece_count {
            self.settle(r)
        } else {
            r
        })
    }

    /// [`Position::decided`] before a draw is counted.
    fn decided_by_rules(&self) -> Option<GameResult> {
        let v = &*self.v;
        if v.end.castling_wins != 0
            && let Some(r) = self.castling_result()
        {
            return Some(r);
        }
        if let Some(n) = v.end.checks_to_win {
            // Only the side that just moved can have given the last check.
            let mover = !self.side;
            if self.checks[mover.index()] >= n {
                return Some(GameResult::win(mover, Reason::Checks));
            }
            if self.checks[self.side.index()] >= n {
                return Some(GameResult::win(self.side, Reason::Checks));
            }
        }
        // Taking the last royal piece wins before any count of the rest
        // (a bared king that takes the other king wins).
        if v.end.last_royal {
            // Only a multi-capture can take a side's last royal pieces at
            // once; the side that moved wins also if it lost its own.
            for c in [!self.side, self.side] {
                if self.royal_count[c.index()] == 0 && v.start_royal_count[c.index()] > 0 {
                    return Some(GameResult::win(!c, Reason::Rule(ROYALS_CAPTURED)));
                }
            }
        }
        if let Some(x) = &v.end.extinction
            && let Some(r) = self.extinction(x)
        {
            return Some(r);
        }
        if v.end.reach_reply {
            if let Some(r) = self.reach_with_reply() {
                return Some(r);
            }
        } else if v.end.reach_reply_unsafe {
            // An arrival answered a move ago wins if a piece is still there,
            // attacked or not, before the answer's own arrival counts; a
            // safe arrival wins at once.
            let (to_move, mover) = (self.side, !self.side);
            if self.reached_as(to_move, false) {
                return Some(GameResult::win(to_move, Reason::Reach));
            }
            if self.reached(mover) {
                return Some(GameResult::win(mover, Reason::Reach));
            }
        } else if v.end.reach_safe {
            // A safe arrival wins at once; an attacked one must survive the
            // opponent's move (then it wins for the side to move). Both
            // sides safely arrived draws.
            let (to_move, mover) = (self.side, !self.side);
            match (self.reached(to_move), self.reached(mover)) {
                (true, true) => return Some(GameResult::draw(Reason::Reach)),
                (true, false) => return Some(GameResult::win(to_move, Reason::Reach)),
                (false, true) => return Some(GameResult::win(mover, Reason::Reach)),
                (false, false) => {}
            }
        } else if !v.end.reach.is_empty()
            && let Some(c) = Color::BOTH.into_iter().find(|&c| self.reached(c))
        {
            return Some(GameResult::win(c, Reason::Reach));
        }
        if v.has_command() {
            let to_move = self.side;
            let mover = !to_move;
            if !self.has_command(to_move) {
                // The mover wins, also when both commands fell at once.
                return Some(GameResult::win(mover, Reason::LossOfCommand));
            }
            if !self.has_command(mover) {
                return Some(GameResult::win(to_move, Reason::LossOfCommand));
            }
        }
        if let Some(c) = &v.end.connect
            && self.connected(c)
        {
            return Some(GameResult::from_outcome(
                !self.side,
                c.outcome,
                Reason::Rule(CONNECTION),
            ));
        }
        if let Some(r) = self.facing_or_passes() {
            return Some(r);
        }
        if let Some(o) = v.end.full_board
            && self.board.iter().all(|p| p.is_some())
        {
            return Some(self.verdict(o, Reason::Rule(FULL_BOARD)));
        }
        v.hooks.iter().find_map(|h| h.decided(self))
    }

    /// Whether the player who just moved has formed what `[end.connect]`
    /// asks for with its pieces of the rule's kinds.
    fn connected(&self, c: &ConnectRule) -> bool {
        let g = &self.v.geometry;
        let mover = !self.side;
        let counts = |sq: Square| {
            self.board[sq.index()].is_some_and(|p| p.color() == mover && c.kinds.contains(p.kind()))
        };
        let own: Vec<Square> = self.plist[mover.index()]
            .iter()
            .copied()
            .filter(|&s| counts(s))
            .collect();
        // On a cylinder (`wrap = "files"`) a file off either side is read
        // round the seam: h4-a4-b4 is a line, as moves read it.
        let (wrap, files) = (g.wraps_files(), g.files as i32);
        let cell = |f: i32, r: i32| g.square(if wrap { f.rem_euclid(files) } else { f }, r);
        let at = |f: i32, r: i32| cell(f, r).is_some_and(counts);
        let line_from = |s: Square, d: (i32, i32), n: usize| {
            let (f, r) = (g.file(s) as i32, g.rank(s) as i32);
            (1..n as i32).all(|i| at(f + d.0 * i, r + d.1 * i))
        };
        if c.in_a_row > 0
            && own
                .iter()
                .any(|&s| c.directions.iter().any(|&d| line_from(s, d, c.in_a_row)))
        {
            return true;
        }
        if c.square > 0 {
            let n = c.square as i32;
            let block = |s: Square| {
                let (f, r) = (g.file(s) as i32, g.rank(s) as i32);
                (0..n).all(|i| (0..n).all(|j| at(f + i, r + j)))
            };
            if own.iter().any(|&s| block(s)) {
                return true;
            }
        }
        if let Some((from, to)) = &c.regions[mover.index()]
            && self.chain_joins(from, to, &counts, &c.directions)
        {
            return true;
        }
        if c.collinear > 0 {
            // The pieces on the whole line through `s`, gaps allowed (a
            // hole ends it). On a cylinder a rank closes on itself: each
            // of its squares is counted once, the way left going no
            // further round than the way right left over.
            let on_line = |s: Square, d: (i32, i32)| {
                let (f, r) = (g.file(s) as i32, g.rank(s) as i32);
                let round = if wrap && d.1 == 0 { g.files - 1 } else { usize::MAX };
                // (squares walked, own pieces on them) going `sign` way.
                let side = |sign: i32, most: usize| {
                    let (mut walked, mut own) = (0, 0);
                    while walked < most {
                        let i = walked as i32 + 1;
                        let (x, y) = (f + sign * d.0 * i, r + sign * d.1 * i);
                        if cell(x, y).is_none() {
                            break;
                        }
                        own += usize::from(at(x, y));
                        walked += 1;
                    }
                    (walked, own)
                };
                let (walked, right) = side(1, round);
                1 + right + side(-1, round - walked).1
            };
            if own
                .iter()
                .any(|&s| c.directions.iter().any(|&d| on_line(s, d) >= c.collinear))
            {
                return true;
            }
        }
        false
    }

    /// Whether a chain of squares that `counts`, each a step along
    /// `directions` (either way) from the last, leads from a square of
    /// `from` to one of `to`.
    fn chain_joins(
        &self,
        from: &[Square],
        to: &[bool],
        counts: &impl Fn(Square) -> bool,
        directions: &[(i32, i32)],
    ) -> bool {
        let g = &self.v.geometry;
        let mut seen = vec![false; self.board.len()];
        let mut stack: Vec<Square> = from.iter().copied().filter(|&s| counts(s)).collect();
        for s in &stack {
            seen[s.index()] = true;
        }
        while let Some(s) = stack.pop() {
            if to[s.index()] {
                return true;
            }
            for &(df, dr) in directions {
                for d in [(df, dr), (-df, -dr)] {
                    if let Some(t) = g.offset(s, d)
                        && !seen[t.index()]
                        && counts(t)
                    {
                        seen[t.index()] = true;
                        stack.push(t);
                    }
                }
            }
        }
        false
    }

    /// The royal pieces faced each other before the last move and still do,
    /// or the last two moves were passes.
    fn facing_or_passes(&self) -> Option<GameResult> {
        let v = &*self.v;
        let last = self.stack.last()?;
        if let Some(o) = v.end.royals_facing
            && last.was_facing
            && self.royals_facing()
        {
            return Some(self.verdict(o, Reason::RoyalsFacing));
        }
        if let Some(o) = v.end.double_pass
            && last.mv.kind == super::moves::MoveKind::Pass
            && last.mv.aux != super::moves::AUX_NULL
            && self.stack.len() >= 2
            && self.stack[self.stack.len() - 2].mv.kind == super::moves::MoveKind::Pass
            && self.stack[self.stack.len() - 2].mv.aux != super::moves::AUX_NULL
        {
            return Some(self.verdict(o, Reason::DoublePass));
        }
        None
    }

    /// A draw by repetition or the move counter, decided by points where
    /// the variant says so (`draws_by_points`); any other result as it is.
    /// With draw odds (`draw_odds`), any draw is a win for that side.
    pub fn settle(&self, r: GameResult) -> GameResult {
        let by_count = matches!(r.reason, Reason::Repetition | Reason::FiftyMoves);
        let r = if self.v.end.draws_by_points && r.winner.is_none() && by_count {
            self.verdict(Verdict::Points, r.reason)
        } else {
            r
        };
        let r = if self.v.end.draws_by_piece_count && r.winner.is_none() {
            let n = |c: Color| self.plist[c.index()].len();
            match n(Color::First).cmp(&n(Color::Second)) {
                std::cmp::Ordering::Greater => GameResult::win(Color::First, r.reason),
                std::cmp::Ordering::Less => GameResult::win(Color::Second, r.reason),
                std::cmp::Ordering::Equal => r,
            }
        } else {
            r
        };
        match self.v.end.draw_odds {
            Some(c) if r.winner.is_none() => GameResult::win(c, r.reason),
            _ => r,
        }
    }

    /// A rule's ending: its result for the side to move, or by points.
    fn verdict(&self, v: Verdict, reason: Reason) -> GameResult {
        match v {
            Verdict::Outcome(o) => GameResult::from_outcome(self.side, o, reason),
            Verdict::Points => {
                let (values, bonus) = self
                    .v
                    .end
                    .points
                    .as_ref()
                    .map_or((&[][..], 0.0), |(v, b)| (&v[..], *b));
                let mut score = [0.0f64, bonus];
                for c in Color::BOTH {
                    for &s in &self.plist[c.index()] {
                        if let Some(p) = self.board[s.index()] {
                            score[c.index()] += values.get(p.kind().index()).copied().unwrap_or(0.0);
                        }
                    }
                }
                if score[0] > score[1] {
                    GameResult::win(Color::First, reason)
                } else if score[1] > score[0] {
                    GameResult::win(Color::Second, reason)
                } else {
                    GameResult::draw(reason)
                }
            }
        }
    }

    /// Whether a side has a piece on one of its winning squares.
    pub(crate) fn reached(&self, c: Color) -> bool {
        self.reached_as(c, true)
    }

    /// [`Position::reached`], asking `safe` goals for safety or not.
    fn reached_as(&self, c: Color, safety: bool) -> bool {
        self.v.end.reach.iter().any(|goal| {
            if goal.side != c {
                return false;
            }
            let own = |s: Square| {
                self.board[s.index()].is_some_and(|p| p.color() == c && goal.kinds.contains(p.kind()))
            };
            let present = goal.squares.iter().filter(|&&s| own(s)).count();
            let there = if goal.safe && safety {
                goal.squares
                    .iter()
                    .filter(|&&s| own(s) && !self.attacked(s, !c))
                    .count()
            } else {
                present
            };
            there >= goal.count
                || (goal.safe_unless_more && present > goal.count)
                || (goal.or_when_full
                    && there > 0
                    && goal.squares.iter().all(|&s| self.board[s.index()].is_some()))
        })
    }

    /// The reach rule when the second player may answer: the first player's
    /// arrival wins only if the second cannot arrive with its next move, and
    /// both arriving draws.
    fn reach_with_reply(&self) -> Option<GameResult> {
        let (to_move, mover) = (self.side, !self.side);
        if self.reached(to_move) {
            // It arrived a move ago and was answered.
            return Some(if self.reached(mover) {
                GameResult::draw(Reason::Reach)
            } else {
                GameResult::win(to_move, Reason::Reach)
            });
        }
        if !self.reached(mover) || self.v.end.reach_reply_both {
            // Under "both", every arrival is answered (Fairy-Stockfish's
            // `flagMove` for a piece that is not a king: no early win).
            return None;
        }
        if mover == Color::First && !self.in_check(to_move) {
            // Rare (an arrival just happened): a copy to try the answers on.
            let mut pos = self.clone();
            let mut moves = Vec::new();
            pos.legal_moves_undecided(&mut moves);
            let answers = moves.into_iter().any(|m| {
                pos.make(m);
                let arrived = pos.reached(to_move);
                pos.unmake();
                arrived
            });
            if answers {
                return None;
            }
        }
        Some(GameResult::win(mover, Reason::Reach))
    }

    /// How many pieces of `kinds` a side has, on the board and in hand.
    pub fn material(&self, color: Color, kinds: super::types::KindSet) -> u32 {
        let on_board = self.plist[color.index()]
            .iter()
            .filter(|s| self.board[s.index()].is_some_and(|p| kinds.contains(p.kind())))
            .count() as u32;
        let in_hand: u32 = self
            .v
            .kinds()
            .filter(|&k| kinds.contains(k))
            .map(|k| self.count(super::setup::Store::Hand, color, k))
            .sum();
        on_board + in_hand
    }

    /// Whether `color` has at most `limit` pieces of `kinds` (on the board
    /// and in hand): [`Position::material`] that stops counting the board
    /// once it is past the limit.
    fn material_at_most(&self, color: Color, kinds: super::types::KindSet, limit: u32) -> bool {
        let mut n = 0u32;
        for s in &self.plist[color.index()] {
            if self.board[s.index()].is_some_and(|p| kinds.contains(p.kind())) {
                n += 1;
                if n > limit {
                    return false;
                }
            }
        }
        self.material(color, kinds) <= limit
    }

    /// The extinction rule: the side that just moved is judged first, then
    /// the side to move (which, with grace, needs one more enemy piece).
    fn extinction(&self, x: &super::variant::Extinction) -> Option<GameResult> {
        let stm = self.side;
        for c in [!stm, stm] {
            let needed = x.opponent_at_least + u32::from(x.grace && c == stm);
            let short =
                |kinds| self.material_at_most(c, kinds, x.at_most) && self.material(!c, kinds) >= needed;
            let extinct = if x.each_kind {
                self.v
                    .kinds()
                    .filter(|&k| x.kinds.contains(k))
                    .any(|k| short(KindSet::one(k)))
            } else {
                short(x.kinds)
            };
            if extinct {
                return Some(GameResult::from_outcome(c, x.outcome, Reason::Extinction));
            }
        }
        None
    }

    /// Whether the last move was a drop that mates of a kind whose such
    /// drops lose (`[moves] drop_mate = { result = "loses" }`).
    fn mated_by_losing_drop(&self) -> bool {
        !self.v.drop_mate_loses.is_empty()
            && self.stack.last().is_some_and(|u| {
                u.mv.is_drop()
                    && u.mv
                        .entering_kind()
                        .is_some_and(|k| self.v.drop_mate_loses.contains(k))
            })
    }

    /// The result when the side to move has no legal move: checkmate when in
    /// check, stalemate otherwise, with the variant's outcome for each.
    pub fn no_move_result(&self) -> GameResult {
        let to_move = self.side;
        let r = if self.mated_if_stuck(to_move) {
            if self.mated_by_losing_drop() {
                return GameResult::win(to_move, Reason::DropMate);
            }
            if let Some(rule) = &self.v.end.mate_rule {
                return self.settle(self.mate_by_rule(rule));
            }
            GameResult::from_outcome(to_move, self.v.end.checkmated, Reason::Checkmate)
        } else if self.v.end.stalemate_piece_count {
            let on_board = |c: Color| {
                self.plist[c.index()]
                    .iter()
                    .filter(|s| self.board[s.index()].is_some_and(|p| p.color() == c))
                    .count()
            };
            let outcome = match on_board(to_move).cmp(&on_board(!to_move)) {
                std::cmp::Ordering::Less => self.v.end.stalemated,
                std::cmp::Ordering::Equal => Outcome::Draw,
                std::cmp::Ordering::Greater => match self.v.end.stalemated {
                    Outcome::Win => Outcome::Loss,
                    Outcome::Loss => Outcome::Win,
                    Outcome::Draw => Outcome::Draw,
                },
            };
            GameResult::from_outcome(to_move, outcome, Reason::Stalemate)
        } else {
            GameResult::from_outcome(to_move, self.v.end.stalemated, Reason::Stalemate)
        };
        self.settle(r)
    }

    /// `[end] castling_wins`: the last move castled by a listed right (the
    /// mover wins), or a side holds none of its listed rights any more
    /// (it loses; the side that moved is asked first, as Fairy-Stockfish
    /// does: a rook taking a rook can cost both sides their rights).
    fn castling_result(&self) -> Option<GameResult> {
        let wins = self.v.end.castling_wins;
        let mover = !self.side;
        if let Some(u) = self.stack.last()
            && u.mv.kind == MoveKind::Castle
            && wins & (1 << (u.mv.aux & super::moves::AUX_CASTLE)) != 0
        {
            return Some(GameResult::win(mover, Reason::Rule(CASTLED)));
        }
        for c in [mover, self.side] {
            let listed: u32 = (self.v.castles.iter().enumerate())
                .filter(|(i, cs)| cs.color == c && wins & (1 << i) != 0)
                .fold(0, |m, (i, _)| m | 1 << i);
            if listed != 0 && self.castling & listed == 0 {
                return Some(GameResult::win(!c, Reason::Rule(CASTLING_LOST)));
            }
        }
        None
    }

    /// The result of a position where the side to move has the legal
    /// `moves` (not none): a draw by the move counter or by the counting
    /// rule, or the outcome when the only moves left are promotions.
    /// With the game's `history`, checks can lengthen the counter's limit
    /// (`counter_check_allowance`).
    pub fn counter_result(&self, moves: &[Move], history: Option<&History>) -> Option<GameResult> {
        let end = &self.v.end;
        let extra = history.map_or(0, |h| self.counter_extension(h));
        if end.fifty_move_rule.is_some_and(|n| self.halfmove >= n + extra) {
            return Some(GameResult::draw(Reason::FiftyMoves));
        }
        if end.quiet_turn_rule.is_some_and(|n| self.turn.quiet >= n) {
            return Some(GameResult::draw(Reason::Rule(QUIET_TURNS)));
        }
        if end.counting.is_some() && self.count.limit != 0 && self.count.ply > self.count.limit {
            return Some(GameResult::draw(Reason::Counting));
        }
        if let Some(o) = end.only_promotions
            && self.only_promotions_left(moves)
        {
            return Some(GameResult::from_outcome(self.side, o, Reason::OnlyPromotions));
        }
        None
    }

    /// Plies the move counter's limit is lengthened by: two for each check
    /// beyond the allowance that the side with more checks gave within the
    /// plies the counter covers (games of at least 20 plies).
    fn counter_extension(&self, history: &History) -> u32 {
        let (Some(allowance), Some(checks)) = (self.v.end.counter_check_allowance, history.checks) else {
            return 0;
        };
        let n = history.hashes.len() - 1;
        if n < 20 {
            return 0;
        }
        let window = (self.halfmove as usize).min(n);
        // Moves n-1, n-3, … were made by the side that just moved; moves
        // n-2, n-4, … by the side to move.
        let gave = |first: usize| -> u32 {
            (0..window.div_ceil(2))
                .filter_map(|j| first.checked_sub(2 * j))
                .filter(|&i| checks.get(i).copied().unwrap_or(false))
                .count() as u32
        };
        let most = gave(n - 1).max(n.checked_sub(2).map_or(0, gave));
        2 * most.saturating_sub(allowance)
    }

    /// The side to move is not in check, has its royal piece and one piece
    /// that promotes, and may only promote.
    fn only_promotions_left(&self, moves: &[Move]) -> bool {
        let own = &self.plist[self.side.index()];
        let promoting = |s: &Square| {
            self.board[s.index()].is_some_and(|p| {
                let def = self.v.def(p.kind());
                !def.promotions.is_empty() || def.promotion_move.is_some()
            })
        };
        own.len() == 2
            && own.iter().filter(|s| promoting(s)).count() == 1
            && !moves.is_empty()
            && moves.iter().all(|m| m.promo().some().is_some())
            && !self.in_check(self.side)
    }

    /// Whether `mover`'s last move (just made) gave check: it attacks a royal
    /// piece, a hook says so, or — in a variant won by taking the command
    /// (no royal pieces) — the mover could win with its next move if it were
    /// to move again (a threat to a critical piece by any means).
    pub fn gives_check(&self, mover: Color) -> bool {
        self.gives_check_knowing(mover, self.in_check(!mover))
    }

    /// [`Position::gives_check`] for a caller that knows already whether
    /// the side to move is in check (`in_check`): a search that has asked.
    pub fn gives_check_knowing(&self, mover: Color, in_check: bool) -> bool {
        if in_check {
            return true;
        }
        if let Some(c) = self.v.hooks.iter().find_map(|h| h.gives_check(self, mover)) {
            return c;
        }
        if !self.v.has_command() || self.decided().is_some() {
            return false;
        }
        let mut again = self.clone();
        again.side = mover;
        let mut moves = Vec::new();
        again.legal_moves(&mut moves);
        moves.into_iter().any(|m| {
            again.make(m);
            let won = again.decided().is_some_and(|d| d.winner == Some(mover));
            again.unmake();
            won
        })
    }
}

/// The result of the game at `pos` after `history`, if it is over: decided by
/// the position, by repetition, by having no legal move, or by the counter.
pub fn judge(pos: &mut Position, history: &History) -> Option<GameResult> {
    judge_seen(pos, history, history.hashes)
}

/// [`judge`] for a game that keeps [`Repetitions`] of its history's
/// positions: no scan of the whole game (a long game replayed and judged
/// at every move stays linear).
pub fn judge_counted(pos: &mut Position, history: &History, seen: &Repetitions) -> Option<GameResult> {
    judge_seen(pos, history, seen)
}

/// [`judge`], with `seen` counting the history's positions.
fn judge_seen(pos: &mut Position, history: &History, seen: &(impl Lookback + ?Sized)) -> Option<GameResult> {
    if let Some(r) = pos.decided() {
        return Some(pos.settle(r));
    }
    if let Some(r) = pos.move_repetition() {
        return Some(pos.settle(r));
    }
    if let Some(r) = repetition_result_seen(pos, history, seen) {
        return Some(r);
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    drop_forbidden_repetitions(pos, seen, &mut moves);
    if moves.is_empty() {
        return Some(pos.no_move_result());
    }
    pos.counter_result(&moves, Some(history)).map(|r| pos.settle(r))
}
