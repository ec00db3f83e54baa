//! Positions built from their parts, checked: the structure fits the
//! variant (castling rights with their pieces, en-passant squares a piece
//! passed), the material can arise in a game, and the side not to move is
//! not in check unless the game is over. Above the end of the game, which
//! it asks.

use super::position::{InvalidPosition, Position, Strictness, ep_victim, passed_over};
use super::setup::{Setup, Store};
use super::types::{Color, PieceKind, Square};
use super::variant::Variant;
use std::sync::Arc;

impl Position {
    /// Start number `n` (from 0) of a variant whose start is drawn
    /// (`[setup.shuffle]`; [`Variant::start_count`] says how many there are).
    pub fn numbered_start(v: &Arc<Variant>, n: u64) -> Result<Position, InvalidPosition> {
        let Some(setup) = v.numbered_start(n) else {
            return Err(InvalidPosition(match v.start_count() {
                None => "this variant has no shuffled starts ([setup.shuffle])".into(),
                Some(count) => format!("start {n}: this variant has starts 0 to {}", count - 1),
            }));
        };
        Position::from_setup(v, setup, Strictness::Strict)
    }

    /// Builds a position from its parts, checking that they fit together.
    pub(crate) fn from_setup(
        v: &Arc<Variant>,
        setup: Setup,
        strictness: Strictness,
    ) -> Result<Position, InvalidPosition> {
        validate_setup(v, &setup)?;
        if strictness == Strictness::Lenient {
            return Ok(Position::build(v, setup));
        }
        validate_material(v, &setup)?;
        let pos = Position::build(v, setup);
        if let Some(t) = v.turns {
            let whole = t.length(pos.side, pos.turn_index());
            if pos.turn.left > whole {
                return Err(InvalidPosition(format!(
                    "{} moves left in a turn of {whole}",
                    pos.turn.left
                )));
            }
        }
        let waiting = !pos.side;
        // A game-ending move may leave its own royal piece attacked (blowing
        // up the enemy's wins even out of check), and so may a pass while
        // the royal pieces face each other (`[end] royals_facing`: legal
        // even in check, it ends the game, which a text cannot tell).
        if pos.in_check(waiting) && pos.decided().is_none() && !pos.royals_facing_by_rule() {
            return Err(InvalidPosition(format!(
                "{} is in check with {} to move (its royal piece could be taken)",
                v.side_name(waiting),
                v.side_name(pos.side)
            )));
        }
        Ok(pos)
    }
}

/// How many royal pieces each side has, on the board and in its stores.
fn royal_counts(v: &Variant, setup: &Setup) -> [usize; 2] {
    let nk = v.nkinds();
    let mut n = [0; 2];
    for p in setup.board.iter().flatten() {
        if v.def(p.kind()).royal {
            n[p.color().index()] += 1;
        }
    }
    for store in &setup.stores {
        for (i, &count) in store.iter().enumerate() {
            if count > 0 && v.def(PieceKind::from_index(i % nk)).royal {
                n[i / nk] += count as usize;
            }
        }
    }
    n
}

fn validate_material(v: &Variant, setup: &Setup) -> Result<(), InvalidPosition> {
    // A side that starts with royal pieces cannot lose them all and play
    // on, unless an extinction rule ends the game when it does. Where
    // taking the last one ends the game (`royal_pieces = "last"`), the side
    // to move may have lost its last one (the game just ended), not the
    // side that moved: a board with no royal piece at all was "won".
    if v.end.extinction.is_none() {
        let (start, now) = (royal_counts(v, &v.start), royal_counts(v, setup));
        for c in Color::BOTH {
            let just_lost = v.end.last_royal && c == setup.side;
            if start[c.index()] > 0 && now[c.index()] == 0 && !just_lost {
                let names: Vec<&str> = v
                    .pieces
                    .iter()
                    .filter(|d| d.royal)
                    .map(|d| d.name.as_str())
                    .collect();
                return Err(InvalidPosition(format!(
                    "{} has no royal piece ({}): the game cannot go on without one",
                    v.side_name(c),
                    names.join(", ")
                )));
            }
        }
    }
    for (i, p) in setup.board.iter().enumerate() {
        if let Some(p) = p
            && let Some(region) = &v.def(p.kind()).region
            && !region[p.color().index()][i]
        {
            return Err(InvalidPosition(format!(
                "{} {} on {} stands outside its region",
                v.side_name(p.color()),
                v.def(p.kind()).name,
                v.geometry.name(Square::from_index(i))
            )));
        }
    }
    let nk = v.nkinds();
    let limits = &v.material;
    for (i, &n) in setup.stores[Store::Hand as usize].iter().enumerate() {
        let kind = PieceKind::from_index(i % nk);
        if n > 0 && !limits.hand_kinds.contains(kind) {
            return Err(InvalidPosition(format!(
                "a hand cannot hold `{}` ({}): no capture puts it there",
                v.def(kind).symbol,
                v.def(kind).name
            )));
        }
    }
    for f in &limits.families {
        let mut per_side = [0u32; 2];
        for p in setup.board.iter().flatten() {
            if f.kinds.contains(p.kind()) {
                per_side[p.color().index()] += 1;
            }
        }
        for store in &setup.stores {
            for (i, &n) in store.iter().enumerate() {
                if f.kinds.contains(PieceKind::from_index(i % nk)) {
                    per_side[i / nk] += n as u32;
                }
            }
        }
        let names = || {
            f.kinds
                .iter()
                .map(|k| format!("`{}`", v.def(k).symbol))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if per_side[0] + per_side[1] > f.total {
            return Err(InvalidPosition(format!(
                "{} pieces of {} in all, but the game has only {}",
                per_side[0] + per_side[1],
                names(),
                f.total
            )));
        }
        if let Some(limit) = f.per_side {
            for c in Color::BOTH {
                if per_side[c.index()] > limit[c.index()] {
                    return Err(InvalidPosition(format!(
                        "{} has {} pieces of {}, but starts with only {} and cannot gain any",
                        v.side_name(c),
                        per_side[c.index()],
                        names(),
                        limit[c.index()]
                    )));
                }
            }
        }
    }
    Ok(())
}

/// Checks that a position's parts fit the variant's structure.
pub(crate) fn validate_setup(v: &Variant, setup: &Setup) -> Result<(), InvalidPosition> {
    let g = &v.geometry;
    let victim = setup
        .ep
        .some()
        .map(|ep| ep_victim(v, &setup.board, setup.side, ep));
    if let Some(None) = victim {
        return Err(InvalidPosition(format!(
            "en-passant square {}: no piece of {} has just passed over it with a double step",
            g.name(setup.ep),
            v.side_name(setup.side.other())
        )));
    }
    if setup.ep2.is_some()
        && !victim.flatten().is_some_and(|victim| {
            setup.ep2 != setup.ep && passed_over(v, &setup.board, setup.side, setup.ep2, victim)
        })
    {
        return Err(InvalidPosition(format!(
            "en-passant squares {} and {}: no piece of {} has just passed over both with a triple step",
            g.name(setup.ep),
            g.name(setup.ep2),
            v.side_name(setup.side.other())
        )));
    }
    // Castling rights need the king and rook on their squares.
    for (i, c) in v.castles.iter().enumerate() {
        if setup.castling & (1 << i) == 0 {
            continue;
        }
        let (king, rook) = setup.castle_squares.get(i).copied().unwrap_or((c.king, c.rook));
        let king_ok = setup.board[king.index()].is_some_and(|p| {
            p.color() == c.color && c.piece.map_or(v.def(p.kind()).royal, |k| p.kind() == k)
        });
        let rook_ok = setup.board[rook.index()]
            .is_some_and(|p| p.color() == c.color && c.any_file.is_none_or(|k| p.kind() == k));
        let sides_ok = c.any_file.is_none()
            || (g.rank(king) == g.rank(c.king_to)
                && g.rank(rook) == g.rank(c.king_to)
                && (g.file(rook) > g.file(king)) == (g.file(c.rook) > g.file(c.king)));
        if !king_ok || !rook_ok || !sides_ok {
            let name = c.piece.map_or("king", |k| v.def(k).name.as_str());
            return Err(InvalidPosition(format!(
                "castling right `{}` needs the {name} on {} and the rook on {}",
                c.right,
                g.name(king),
                g.name(rook)
            )));
        }
    }
    Ok(())
}
