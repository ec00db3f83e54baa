//! Position text's fields for turns of several moves (`[turns]`):
//! `moves_left=N`, `ep=e3,d3` and `quiet_turns=N`.

use super::TextError;
use super::read_position::{clip, counter, terr};
use crate::engine::setup::Setup;
use crate::engine::types::{Color, Square};
use crate::engine::variant::Variant;

/// `moves_left=N` (the moves left in the turn, the next one counted) and
/// `ep=e3,d3` (the en-passant rights kept through turns of several moves:
/// the squares passed, each beside the piece that passed it), and
/// `quiet_turns=N` (whole turns ended in a row without a move that reset
/// the halfmove clock, for `[end] quiet_turn_rule`).
pub(super) fn parse(
    v: &Variant,
    text: &str,
    vs: usize,
    key: &str,
    value: &str,
    setup: &mut Setup,
) -> Result<(), TextError> {
    let turn = setup.turn.get_or_insert(crate::engine::rules::TurnState {
        left: 0,
        ..Default::default()
    });
    if key == "moves_left" {
        let n = counter(text, vs, value, "the moves left in the turn")?;
        if n == 0 {
            return Err(terr(text, vs, "a turn has at least 1 move left (the next)"));
        }
        turn.left = n;
        return Ok(());
    }
    if key == "quiet_turns" {
        turn.quiet = counter(text, vs, value, "the quiet turns")?;
        return Ok(());
    }
    let mut at = vs;
    for name in value.split(',') {
        // The square may be filled since, by a later move of the same turn
        // (a piece that then blocks the capture): the right stays, as the
        // position holds it.
        let Some(sq) = v.geometry.parse_square(name) else {
            return Err(terr(text, at, format!("`{}` is not a square", clip(name))));
        };
        // The piece beyond the square, of the side whose forward step
        // passed it (the square it left may be filled again since).
        let victim = [(Color::First, 1), (Color::Second, -1)]
            .into_iter()
            .find_map(|(c, forward)| {
                let g = &v.geometry;
                let beyond = g.offset(sq, (0, forward))?;
                setup.board[beyond.index()]
                    .is_some_and(|p| p.color() == c)
                    .then_some(beyond)
            });
        let Some(victim) = victim else {
            return Err(terr(
                text,
                at,
                format!("no piece has just passed over {}", clip(name)),
            ));
        };
        if turn.eps().iter().any(|e| e.square == sq) {
            return Err(terr(text, at, format!("{} is listed twice", clip(name))));
        }
        if turn.eps().len() == crate::engine::rules::MAX_TURN_EPS {
            return Err(terr(text, at, "too many en-passant squares"));
        }
        turn.push_ep(crate::engine::rules::EpEntry {
            square: sq,
            second: Square::NONE,
            victim,
        });
        at += name.len() + 1;
    }
    Ok(())
}
