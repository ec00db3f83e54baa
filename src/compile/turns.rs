//! `[turns]` → [`Turns`]: how many moves a turn has, and the rules for the
//! middle of a turn. Every count is checked here (at least 1), and the keys
//! that contradict each other are refused at their place in the file.

use super::{Ctx, Result};
use crate::engine::rules::Turns;
use crate::rules::RulesFile;
use crate::rules::TurnRules;

/// The most moves a fixed turn may have.
const MAX_MOVES: i64 = 1000;

/// The variant's turns, or none when every turn is one move.
pub(super) fn compile(file: &RulesFile, cx: &Ctx) -> Result<Option<Turns>> {
    let Some(t) = &file.turns else { return Ok(None) };
    let flag = |f: &Option<toml::Spanned<bool>>| f.as_ref().is_some_and(|b| *b.get_ref());
    let progressive = flag(&t.progressive);
    let count = |n: i64, span: std::ops::Range<usize>, what: &str| -> Result<u32> {
        if n < 1 {
            return Err(cx.err(span, format!("{what} must be at least 1 move, not {n}")));
        }
        if n > MAX_MOVES {
            return Err(cx.err(span, format!("{what} may be at most {MAX_MOVES} moves, not {n}")));
        }
        Ok(n as u32)
    };
    let counts = match &t.moves {
        None => [1, 1],
        Some(m) if progressive => {
            return Err(cx.err(
                m.span(),
                "`moves` gives a fixed count, but `progressive = true` makes the n-th turn n moves: keep one",
            ));
        }
        Some(m) => {
            let number = |x: &toml::Value| match x {
                toml::Value::Integer(n) => count(*n, m.span(), "a turn"),
                _ => Err(cx.err(
                    m.span(),
                    "`moves` is a count of moves (`2`) or one per side (`[2, 1]`)",
                )),
            };
            match m.get_ref() {
                toml::Value::Array(list) if list.len() == 2 => [number(&list[0])?, number(&list[1])?],
                toml::Value::Array(list) => {
                    return Err(cx.err(
                        m.span(),
                        format!(
                            "`moves` per side lists two counts, the first player's and the second's, not {}",
                            list.len()
                        ),
                    ));
                }
                one => {
                    let n = number(one)?;
                    [n, n]
                }
            }
        }
    };
    let first_turn = match &t.first_turn {
        None => None,
        Some(f) if progressive => {
            return Err(cx.err(
                f.span(),
                "progressive turns start with 1 move: `first_turn` means nothing with them",
            ));
        }
        Some(f) => Some(count(*f.get_ref(), f.span(), "the first turn")?),
    };
    if t.moves.is_none() && !progressive {
        return Err(cx.err(
            cx.section("[turns]"),
            "`[turns]` needs `moves = N` (or `[first, second]`) or `progressive = true`",
        ));
    }
    let end_of_turn = match &t.royal_safety {
        None => false,
        Some(s) => match s.get_ref().as_str() {
            "every_move" => false,
            "end_of_turn" => true,
            other => {
                let d = cx.diag(s.span(), format!("unknown royal_safety `{other}`"));
                return Err(Box::new(cx.suggest(
                    d,
                    other,
                    ["every_move", "end_of_turn"],
                    "expected one of",
                )));
            }
        },
    };
    let check_only_on_last_move = last_move_checks(t, cx, end_of_turn)?;
    let turns = Turns {
        counts,
        first_turn,
        progressive,
        check_ends_turn: flag(&t.check_ends_turn),
        check_only_on_last_move,
        end_of_turn,
        en_passant_chain: flag(&t.en_passant_chain),
    };
    if !progressive && counts == [1, 1] && first_turn.is_none_or(|f| f == 1) {
        let span = t.moves.as_ref().map_or(0..0, |m| m.span());
        return Err(cx.err(span, "every turn is one move: leave `[turns]` out"));
    }
    Ok(Some(turns))
}

/// `check_only_on_last_move`, refused beside the rules it contradicts: a
/// check that may come only last cannot cut a turn short
/// (`check_ends_turn`), and where "check" is what the opponent's whole
/// turn could take (`royal_safety = "end_of_turn"`) a move's check is not
/// one attack to forbid.
fn last_move_checks(t: &TurnRules, cx: &Ctx, end_of_turn: bool) -> Result<bool> {
    let Some(f) = t.check_only_on_last_move.as_ref().filter(|f| *f.get_ref()) else {
        return Ok(false);
    };
    if t.check_ends_turn.as_ref().is_some_and(|c| *c.get_ref()) {
        return Err(cx.err(
            f.span(),
            "`check_only_on_last_move` lets a check be only the turn's last move, so `check_ends_turn` means nothing beside it: keep one",
        ));
    }
    if end_of_turn {
        return Err(cx.err(
            f.span(),
            "`check_only_on_last_move` forbids a move's check, but with `royal_safety = \"end_of_turn\"` check is what the opponent's whole turn could take: the two do not go together",
        ));
    }
    Ok(true)
}
