//! Double and triple steps and en passant.

use super::pieces::pieces_def;
use super::{Plan, Problem, Tx, nums, q, qlist};
use crate::import::fsf::pieces::{FIRST_CUSTOM, KING, NTYPES, PAWN, ROYAL_SLOT, piece_name};
use crate::import::fsf::squares::{Bb, FILES, rank_bb};

/// Whether an en passant capture may end in the capturer's promotion zone
/// (the square a double step of one side passes over lies in the other's
/// region) while something promotes: Fairy-Stockfish never promotes an en
/// passant capture (its en passant moves carry no promotion, even where
/// promotion is mandatory), which chimera's `[promotion]
/// en_passant_promotes = false` says.
pub(super) fn en_passant_into_promotion_zone(t: &Tx, promotes: bool) -> bool {
    if !promotes || !t.bool("doubleStep") {
        return false;
    }
    // The squares a double step passes over, per side.
    let passed = [
        t.squares("doubleStepRegion.w") << FILES,
        t.squares("doubleStepRegion.b") >> FILES,
    ];
    passed[1] & t.squares("promotionRegion.w") != 0 || passed[0] & t.squares("promotionRegion.b") != 0
}

/// The double-step region, when some piece uses it, as the line that says
/// it: `initial_ranks` when the sides' regions are whole ranks that mirror
/// each other, otherwise each side's `initial_squares` by name.
pub(super) fn double_step_ranks(t: &Tx, types: &[usize]) -> Option<String> {
    let m = t.m;
    let double = t.bool("doubleStep");
    let initial_moves = types.iter().any(|&p| p == PAWN || pieces_def(m, p).contains('i'));
    let (kw, kb) = ("doubleStepRegion.w", "doubleStepRegion.b");
    if initial_moves && double && (t.squares(kw) | t.squares(kb)) & t.board() != 0 {
        Some(match t.try_rank_region(kw, kb) {
            Ok(r) => format!("initial_ranks = {}", nums(&r)),
            Err(_) => format!(
                "initial_squares = [{}]",
                side_squares(t, t.squares(kw), t.squares(kb))
            ),
        })
    } else {
        t.val(kw);
        t.val(kb);
        None
    }
}

/// `tripleStepRegionWhite/Black`: a pawn standing there may also step three
/// squares ahead through empty squares, and both squares it passed are
/// en-passant squares. In chimera, the pawn's extra moves from those
/// squares: an initial lame three-square step (`ifmnH`), which leaves both
/// squares it passes as en-passant squares. Its `i` needs the squares to
/// be initial ones too, so the regions must lie within the double-step
/// region; by relative rank when they are whole ranks that mirror each
/// other, otherwise by square names (the same for both sides, so each
/// side's names must not name another of its double-step squares).
pub(super) fn triple_step_moves(t: &Tx, types: &[usize], double: bool) -> Option<String> {
    let (kw, kb) = ("tripleStepRegion.w", "tripleStepRegion.b");
    let (w, b) = (t.squares(kw), t.squares(kb));
    if w | b == 0 || !types.contains(&PAWN) {
        return None;
    }
    let (dw, db) = (t.squares("doubleStepRegion.w"), t.squares("doubleStepRegion.b"));
    if !double {
        t.problem(
            kw,
            "pawn triple steps without double steps are not imported (chimera's `i` moves need the double-step region)",
        );
        return None;
    }
    if w & !dw != 0 || b & !db != 0 {
        t.problem(
            kw,
            "pawn triple steps from squares outside the double-step region are not imported (chimera's `i` moves start only from the initial squares)",
        );
        return None;
    }
    let from = match t.try_rank_region(kw, kb) {
        Ok(r) => format!("ranks = {}", nums(&r)),
        Err(_) if (w | b) & dw == w && (w | b) & db == b => {
            format!("squares = {}", qlist(&t.square_names(w | b)))
        }
        Err(why) => {
            t.problem(
                kw,
                format!("pawn triple steps from this region are not imported: {why}"),
            );
            return None;
        }
    };
    Some(format!("extra_moves = {{ {from}, betza = \"ifmnH\" }}"))
}

/// `{ side = "first", squares = […] }, { side = "second", … }` for two
/// sets of squares (a side with none is left out).
fn side_squares(t: &Tx, w: Bb, b: Bb) -> String {
    [("first", w), ("second", b)]
        .iter()
        .filter(|(_, bb)| bb & t.board() != 0)
        .map(|(side, bb)| {
            format!(
                "{{ side = {}, squares = {} }}",
                q(side),
                qlist(&t.square_names(bb & t.board()))
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `enPassantRegionWhite/Black` that is neither the whole board nor empty:
/// Fairy-Stockfish keeps the squares a double step passes only where the
/// other side's region has them (horde: white takes on rank 6, black on
/// rank 3, so a pawn's step from its first rank is never taken). In
/// chimera, the pawn's `en_passant_from_ranks`: the ranks of its double
/// step whose passed rank the other side's region holds. `None` when that
/// cannot say it: double steps of other pieces, triple steps, regions not
/// whole ranks or not mirrored, no rank left.
pub(super) fn en_passant_from_ranks(t: &Tx) -> Option<Vec<u32>> {
    let board = t.board();
    let (w, b) = (
        t.squares("enPassantRegion.w") & board,
        t.squares("enPassantRegion.b") & board,
    );
    if w == board && b == board || w == 0 && b == 0 {
        return None;
    }
    let m = t.m;
    let others = (0..NTYPES).any(|p| p != PAWN && m.letters[p].is_some() && pieces_def(m, p).contains('i'));
    let triple = t.squares("tripleStepRegion.w") | t.squares("tripleStepRegion.b") != 0;
    if others || triple || !t.bool("doubleStep") {
        return None;
    }
    // A side's squares as its own relative ranks (1 = its first), when they
    // are whole ranks.
    let relative = |bb: Bb, white: bool| -> Option<Vec<u32>> {
        let mut out = Vec::new();
        for r in 0..t.ranks {
            let row = bb & rank_bb(r) & board;
            if row == 0 {
                continue;
            }
            if row != rank_bb(r) & board {
                return None;
            }
            out.push(if white { r + 1 } else { t.ranks - r });
        }
        Some(out)
    };
    // Each side's ranks: those of its double-step region whose next rank
    // (the square passed) the other side's region holds.
    let side = |from: &str, passed: Bb, white: bool| -> Option<Vec<u32>> {
        let passed = relative(passed, white)?;
        let mut out: Vec<u32> = relative(t.squares(from), white)?
            .into_iter()
            .filter(|r| passed.contains(&(r + 1)))
            .collect();
        out.sort();
        Some(out)
    };
    let first = side("doubleStepRegion.w", b, true)?;
    let second = side("doubleStepRegion.b", w, false)?;
    (first == second && !first.is_empty()).then_some(first)
}

/// En passant on a piece other than the pawn: Fairy-Stockfish's
/// `do_move` makes the squares between where any piece's initial-only move
/// starts and ends en-passant squares, written in its FEN with the square
/// reached (`b3b4`), for the other side's en-passant capturers to take on.
/// chimera's `en_passant_text = "path"` writes the field so; a piece
/// without en-passant captures of its own gets `taken_en_passant = true`
/// when some piece may take en passant (wolf chess's sergeant, dragon
/// chess's). An initial move other than a lame step that passes squares
/// (`ifmnD`) or a single step has no chimera rule then.
pub(super) fn initial_en_passant(t: &Tx, p: &Plan, pt: usize, lines: &mut Vec<String>) {
    let custom = (FIRST_CUSTOM..ROYAL_SLOT).contains(&pt) || pt == KING && t.m.custom_king;
    if p.no_ep || !custom {
        return;
    }
    let m = t.m;
    let fsf = if pt == KING {
        &m.betza[ROYAL_SLOT]
    } else {
        &m.betza[pt]
    };
    let defined = |q: usize| (FIRST_CUSTOM..ROYAL_SLOT).contains(&q) && m.letters[q].is_some();
    let capturers = p.ep != 0 || (0..NTYPES).any(|q| defined(q) && m.betza[q].contains('e'));
    if !capturers {
        return;
    }
    // Each atom with its modifiers: an initial one must be a lame
    // move-only step (or a single step, which passes no square).
    let mut mods = String::new();
    let mut lame_initial = false;
    for c in fsf.chars() {
        if c.is_ascii_lowercase() {
            mods.push(c);
            continue;
        }
        if c.is_ascii_uppercase() {
            if mods.contains('i') {
                let single = matches!(c, 'W' | 'F' | 'K');
                if mods.contains('n') && mods.contains('m') && !mods.contains('c') {
                    lame_initial = true;
                } else if !single {
                    t.problems.borrow_mut().push(Problem {
                        key: piece_name(pt),
                        span: m.piece_src[pt].as_ref().and_then(|s| s.span.clone()),
                        reason: format!(
                            "Betza `{fsf}`: an initial move that is not a lame move-only step makes en-passant squares in Fairy-Stockfish (every square between), which chimera's en passant does not say"
                        ),
                    });
                    return;
                }
            }
            mods.clear();
        }
    }
    if !lame_initial {
        return;
    }
    if !fsf.contains('e') && p.ep & (1u128 << pt) == 0 {
        lines.push("taken_en_passant = true".into());
    }
    lines.push("en_passant_text = \"path\"".into());
}
