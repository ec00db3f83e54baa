//! What a move sets off beyond its own squares: explosions, flips and
//! enclosures, burning, line captures, captures to the hand and
//! petrification, and the hooks' effects.

use std::sync::Arc;

use super::geometry::between;
use super::hook::{Effect, Effects};
use super::moves::{MAX_CAPTURES, Move};
use super::position::Position;
use super::setup::Store;
use super::types::{Color, Piece, Square};
use super::variant::{CaptureRule, Flip};

impl Position {
    /// Runs every hook's effects after a move, recording each change in the
    /// move's undo record.
    pub(crate) fn run_effects(
        &mut self,
        mv: Move,
        mover: Color,
        moved: Option<Piece>,
        captured: [Option<Piece>; MAX_CAPTURES],
    ) {
        let v = Arc::clone(&self.v);
        let mut fx = Effects {
            pos: self,
            mv,
            mover,
            moved,
            captured,
            may_change_board: true,
        };
        for hook in &v.hooks {
            fx.may_change_board = hook.changes_board();
            hook.after_move(&mut fx);
        }
        if self
            .stack
            .last()
            .is_some_and(|u| u.effects.iter().any(|e| matches!(e, Effect::Square(..))))
        {
            self.refresh_royals();
        }
    }

    /// A capture's explosion: the piece on `at` (unless unharmed) and the
    /// non-immune pieces around it leave the board, recorded like hook
    /// effects; walls stay. With `stone`, the capturer on `at` turns to
    /// stone instead of leaving (it petrifies on capture).
    pub(crate) fn explode(&mut self, at: Square, x: super::variant::Explosion, stone: bool) {
        let immune = x.immune;
        let mut royal_hit = self.board[at.index()].is_some_and(|p| self.v.def(p.kind()).royal);
        if let Some(p) = self.board[at.index()]
            && !x.unharmed.contains(p.kind())
        {
            if stone {
                self.petrify(at);
            } else {
                self.record_square(at, None);
            }
            if x.to_hand {
                self.record_to_hand(p);
            }
        }
        for d in super::geometry::FRAMES {
            let Some(s) = self.v.geometry.offset(at, d) else {
                continue;
            };
            if let Some(p) = self.board[s.index()]
                && p != self.v.wall
                && !immune.contains(p.kind())
            {
                royal_hit |= self.v.def(p.kind()).royal;
                self.record_square(s, None);
                if x.to_hand {
                    self.record_to_hand(p);
                }
                // A king or rook blown up takes its castling rights along.
                self.set_castling(self.castling & self.v.castle_keep[s.index()]);
            }
        }
        if royal_hit {
            self.refresh_royals();
        }
    }

    /// `[moves] flip` after `us` arrived on `to` (by a drop: `dropped`):
    /// the enemy pieces it encloses, or those around it, become `us`'s
    /// (same kind), each change recorded for unmake.
    pub(crate) fn flip(&mut self, to: Square, us: Color, f: Flip, dropped: bool) {
        let around = |own: bool| -> Vec<Square> {
            super::geometry::FRAMES
                .iter()
                .filter_map(|&d| self.v.geometry.offset(to, d))
                .filter(|s| {
                    self.board[s.index()].is_some_and(|p| p != self.v.wall && (p.color() == us) == own)
                })
                .collect()
        };
        let turned = match f {
            Flip::Enclosed => self.enclosed(to, us),
            Flip::Adjacent => around(false),
            Flip::AdjacentSupported if dropped && around(true).is_empty() => Vec::new(),
            Flip::AdjacentSupported => around(false),
        };
        for s in turned {
            if let Some(p) = self.board[s.index()] {
                self.record_square(s, Some(Piece::new(p.kind(), us)));
            }
        }
    }

    /// The enemy pieces (of `us`) that a piece of `us` on `at` encloses: in
    /// each of the eight directions, an unbroken line of enemy pieces from
    /// the next square on, followed by a piece of `us`.
    pub(crate) fn enclosed(&self, at: Square, us: Color) -> Vec<Square> {
        let mut out = Vec::new();
        for d in super::geometry::FRAMES {
            let start = out.len();
            let mut s = at;
            loop {
                let Some(t) = self.v.geometry.offset(s, d) else {
                    out.truncate(start);
                    break;
                };
                match self.board[t.index()] {
                    Some(p) if p != self.v.wall && p.color() != us => out.push(t),
                    Some(p) if p != self.v.wall => break,
                    _ => {
                        out.truncate(start);
                        break;
                    }
                }
                s = t;
            }
        }
        out
    }

    /// Whether a piece of `us` dropped on the empty `at` would enclose an
    /// enemy piece (`[hand] drops_only = "enclosing"`).
    #[inline]
    pub(crate) fn encloses(&self, at: Square, us: Color) -> bool {
        !self.enclosed(at, us).is_empty()
    }

    /// Burning after a board move of `us` that ended on `to` (`moved` is
    /// the piece as it left its square: a piece that promotes into a burner
    /// on the move does not burn on it). The mover burns its area if it is a
    /// burner; it burns itself if it ended on an enemy burner's passive area
    /// (a burner meeting one by its `meeting` rule). Every removal is
    /// recorded, so unmake restores it; burnt pieces leave the game.
    pub(crate) fn burn(&mut self, to: Square, us: Color, moved: Option<Piece>) {
        let Some(landed) = self.board[to.index()] else {
            return;
        };
        let v = Arc::clone(&self.v);
        let active = moved.and_then(|p| v.def(p.kind()).burn.as_ref());
        let mut removed = false;
        let burnt_by_enemy = |pos: &Position| pos.burnt_on_landing(to, landed, &[]);
        match active {
            None => {
                if burnt_by_enemy(self) {
                    self.record_square(to, None);
                    removed = true;
                }
            }
            Some(b) => {
                let meeting = b.meeting;
                let passive_before = burnt_by_enemy(self);
                if !(passive_before && meeting == super::variant::BurnMeeting::MoverBurns) {
                    for &vi in &b.area[us.index()] {
                        let Some(&s) = v.geometry.ray(vi, to).first() else {
                            continue;
                        };
                        if let Some(p) = self.board[s.index()]
                            && (p.color() != us || b.friendly)
                            && !b.immune.contains(p.kind())
                        {
                            self.record_square(s, None);
                            self.set_castling(self.castling & v.castle_keep[s.index()]);
                            removed = true;
                        }
                    }
                }
                let self_burns = match meeting {
                    super::variant::BurnMeeting::MoverSurvives => burnt_by_enemy(self),
                    _ => passive_before,
                };
                if self_burns && self.board[to.index()] == Some(landed) {
                    self.record_square(to, None);
                    removed = true;
                }
            }
        }
        if removed {
            self.halfmove = 0;
            self.refresh_royals();
        }
    }

    /// Whether a piece `landed` on `to` burns there: a burner of another
    /// side (or its own, for a `friendly` one) with a passive area that
    /// reaches `to`, and `landed` not immune to it. Burners on the squares
    /// of `gone` do not count (a move about to capture them).
    pub(crate) fn burnt_on_landing(&self, to: Square, landed: Piece, gone: &[Square]) -> bool {
        let v = &*self.v;
        let g = &v.geometry;
        v.moves.burners.iter().any(|k| {
            let Some(b) = v.def(k).burn.as_ref() else {
                return false;
            };
            b.passive
                && !b.immune.contains(landed.kind())
                && Color::BOTH.into_iter().any(|c| {
                    (c != landed.color() || b.friendly)
                        && b.reverse[c.index()].iter().any(|&vi| {
                            g.ray(vi, to).first().is_some_and(|s| {
                                self.board[s.index()] == Some(Piece::new(k, c)) && !gone.contains(s)
                            })
                        })
                })
        })
    }

    /// The squares a range capture (`captures_jumped`) takes besides those
    /// the move holds: the occupied squares between its origin and its
    /// destination, nearest the origin first. Empty for other moves. Ask
    /// before the move is made.
    #[inline]
    pub fn line_captures(&self, m: &Move) -> Vec<Square> {
        if !m.is_line_capture() {
            return Vec::new();
        }
        between(&self.v.geometry, m.from, m.to)
            .filter(|s| self.board[s.index()].is_some())
            .collect()
    }

    /// Every square where a move (of this position) captures: the range
    /// capture's jumped pieces first, then the squares the move holds.
    #[inline]
    pub fn captured_squares(&self, m: &Move) -> Vec<Square> {
        let mut all = self.line_captures(m);
        for s in m.captures() {
            if !all.contains(&s) {
                all.push(s);
            }
        }
        all
    }

    /// A piece removed from the board goes to its opponent's hand as a
    /// captured piece would (by the receiver's capture rule), recorded.
    #[inline]
    pub(crate) fn record_to_hand(&mut self, p: Piece) {
        let receiver = !p.color();
        let k = p.kind();
        let kind = match self.v.sides[receiver.index()].captures {
            CaptureRule::Remove => return,
            CaptureRule::HandAsIs => k,
            CaptureRule::Hand => self.v.def(k).demotes_to.some().unwrap_or(k),
        };
        let idx = self.store_index(receiver, kind);
        let old = self.stores[Store::Hand as usize][idx];
        if let Some(u) = self.stack.last_mut() {
            u.effects.push(Effect::Hand(idx, old));
        }
        self.add_store(Store::Hand, receiver, kind, 1);
    }

    /// The capturer on `sq` turns to stone (`petrifies_on_capture`): a
    /// wall takes its place, recorded for unmake as a placed wall is.
    #[cold]
    pub(crate) fn petrify(&mut self, sq: Square) {
        let Some(p) = self.board[sq.index()] else { return };
        if p == self.v.wall {
            return;
        }
        if let Some(u) = self.stack.last_mut() {
            u.effects.push(Effect::Square(sq, Some(p)));
        }
        self.take(sq);
        let wall = self.v.wall;
        self.board[sq.index()] = Some(wall);
        self.wall_occ(sq, true);
        self.hash ^= self.piece_key(wall, sq);
        if self.v.is_royal(p.kind()) {
            self.refresh_royals();
        }
    }
}
