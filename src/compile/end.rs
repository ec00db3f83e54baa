//! Stage: end rules — checkmate and stalemate outcomes, repetition, the move
//! counter, winning squares and command sets.

use toml::Spanned;

use super::names::Names;
use super::{Ctx, Result};
use crate::engine::geometry::Geometry;
use crate::engine::types::{Color, KindSet, PieceKind};
use crate::engine::variant::{
    CountingRule, DropArea, EndRules, Explosion, Extinction, Flip, MateRule, MoveRepetition, MoveRules,
    Outcome, PieceDef, ReachGoal, RepetitionResult, RepetitionRule, Verdict,
};
use crate::rules::{self, RulesFile, SideName};

pub(super) fn outcome(o: rules::Outcome) -> Outcome {
    match o {
        rules::Outcome::Win => Outcome::Win,
        rules::Outcome::Loss => Outcome::Loss,
        rules::Outcome::Draw => Outcome::Draw,
    }
}

fn verdict(r: rules::RuleEnd) -> Verdict {
    match r {
        rules::RuleEnd::Win => Verdict::Outcome(Outcome::Win),
        rules::RuleEnd::Loss => Verdict::Outcome(Outcome::Loss),
        rules::RuleEnd::Draw => Verdict::Outcome(Outcome::Draw),
        rules::RuleEnd::Points => Verdict::Points,
    }
}

/// `[end] points`, required by a `"points"` ending and meaningless without one.
fn points(file: &RulesFile, cx: &Ctx, names: &Names) -> Result<Option<(Vec<f64>, f64)>> {
    let uses = [file.end.royals_facing, file.end.double_pass].contains(&Some(rules::RuleEnd::Points))
        || file.end.draws_by_points;
    match (&file.end.points, uses) {
        (None, false) => Ok(None),
        (None, true) => Err(cx.err(
            cx.section("[end]"),
            "a \"points\" ending needs `[end] points = { values = { … } }`",
        )),
        (Some(p), false) => Err(cx.err(
            p.span(),
            "`points` count only for a \"points\" ending, and there is none",
        )),
        (Some(p), true) => {
            let mut values = vec![0.0; file.pieces.len()];
            for (name, v) in &p.get_ref().values {
                let k = names
                    .lookup(name)
                    .ok_or_else(|| cx.err(p.span(), format!("no piece named `{name}` for points")))?;
                values[k.index()] = *v;
            }
            Ok(Some((values, p.get_ref().second_bonus)))
        }
    }
}

/// `royal_while_at_most` judges every royal piece on its own: not with
/// `royal_pieces = "last"` or `"not_all"`, nor with explosions or burning
/// pieces (whose legality rests on a fixed set of royal pieces).
fn check_royal_limits(file: &RulesFile, cx: &Ctx) -> Result<()> {
    for p in &file.pieces {
        let Some(n) = p.royal_counted_with.first() else {
            continue;
        };
        let Some(lim) = &p.royal_while_at_most else {
            return Err(cx.err(n.span(), "royal_counted_with needs `royal_while_at_most`"));
        };
        for n in &p.royal_counted_with {
            let Some(q) = file.pieces.iter().find(|q| q.name.get_ref() == n.get_ref()) else {
                continue;
            };
            let same = q.royal_while_at_most.as_ref().map(|l| *l.get_ref()) == Some(*lim.get_ref());
            let back = q
                .royal_counted_with
                .iter()
                .any(|b| b.get_ref() == p.name.get_ref());
            if !same || !back || q.name.get_ref() == p.name.get_ref() {
                return Err(cx.err(
                    n.span(),
                    "the kinds of royal_counted_with must be other kinds with the same royal_while_at_most that list this one back",
                ));
            }
        }
    }
    let Some(lim) = file.pieces.iter().find_map(|p| p.royal_while_at_most.as_ref()) else {
        return Ok(());
    };
    let clash = if file.end.royal_pieces != rules::RoyalPieces::Every {
        Some("`[end] royal_pieces`")
    } else if file.moves.explosions.is_some() {
        Some("`[moves] explosions`")
    } else if file.pieces.iter().any(|p| p.burn.is_some()) {
        Some("burning pieces (`burn`)")
    } else {
        None
    };
    match clash {
        Some(what) => Err(cx.err(
            lim.span(),
            format!("royal_while_at_most cannot be combined with {what}"),
        )),
        None => Ok(()),
    }
}

/// The end rules.
pub(super) fn compile(
    file: &RulesFile,
    cx: &Ctx,
    names: &Names,
    geo: &Geometry,
    pieces: &[PieceDef],
    options: &super::OptionValues,
) -> Result<EndRules> {
    let has_royal = pieces.iter().any(|k| k.royal);
    let command = command_sets(file, cx, names)?;
    let command_bits = command_bits(&command, pieces.len());
    check_counts(file, cx, has_royal)?;
    check_royal_limits(file, cx)?;
    let default_stalemate = if has_royal {
        rules::Outcome::Draw
    } else {
        rules::Outcome::Loss
    };
    Ok(EndRules {
        checkmated: checkmated(file, cx)?,
        stalemated: outcome(file.end.stalemate.unwrap_or(default_stalemate)),
        royals_facing: file.end.royals_facing.map(verdict),
        double_pass: file.end.double_pass.map(verdict),
        points: points(file, cx, names)?,
        repetition: match &file.end.repetition {
            Some(r) => Some(repetition_rule(r, cx)?),
            None => None,
        },
        fifty_move_rule: file.end.fifty_move_rule.as_ref().map(|n| *n.get_ref()),
        quiet_turn_rule: file.end.quiet_turn_rule.as_ref().map(|n| *n.get_ref()),
        counter_check_allowance: match &file.end.counter_check_allowance {
            Some(n) if file.end.fifty_move_rule.is_none() => {
                return Err(cx.err(
                    n.span(),
                    "counter_check_allowance needs a fifty_move_rule to lengthen",
                ));
            }
            n => n.as_ref().map(|n| *n.get_ref()),
        },
        reach: reach_goals(file, cx, names, geo)?,
        reach_reply: file.end.reach_reply.as_ref().is_some_and(|r| {
            !matches!(r.get_ref(), rules::ReachReply::Flag(false))
                && *r.get_ref() != rules::ReachReply::Sides("unsafe".into())
        }),
        reach_reply_both: file
            .end
            .reach_reply
            .as_ref()
            .is_some_and(|r| *r.get_ref() == rules::ReachReply::Sides("both".into())),
        reach_reply_unsafe: file
            .end
            .reach_reply
            .as_ref()
            .is_some_and(|r| *r.get_ref() == rules::ReachReply::Sides("unsafe".into())),
        reach_safe: file.end.reach.iter().any(|r| r.safe),
        command,
        command_bits,
        extinction: match &file.end.extinction {
            Some(x)
                if x.when
                    .as_ref()
                    .map_or(Ok(true), |w| super::options::holds(file, cx, options, w))? =>
            {
                Some(extinction(x, cx, names, pieces.len())?)
            }
            _ => None,
        },
        checks_to_win: file.end.checks_to_win.as_ref().map(|n| *n.get_ref() as u16),
        counting: match &file.end.counting {
            None => None,
            Some(c) => Some(counting(c, cx, names)?),
        },
        only_promotions: file.end.only_promotions.map(outcome),
        draws_by_points: file.end.draws_by_points,
        stalemate_piece_count: file.end.stalemate_piece_count,
        draw_odds: file.end.draw_odds.map(|s| {
            if s == SideName::First {
                Color::First
            } else {
                Color::Second
            }
        }),
        // Set from the castling rules (`castling::winning_rights`).
        castling_wins: 0,
        last_royal: file.end.royal_pieces == rules::RoyalPieces::Last,
        not_all_royal: file.end.royal_pieces == rules::RoyalPieces::NotAll,
        full_board: file.end.full_board.map(verdict),
        draws_by_piece_count: file.end.draws_by_piece_count,
        connect: match &file.end.connect {
            None => None,
            Some(c) => Some(super::connect::compile(c, cx, names, geo)?),
        },
        mate_rule: match &file.end.mate_rule {
            None => None,
            Some(m) => Some(mate_rule(m, cx, names, has_royal)?),
        },
        move_repetition: match &file.end.move_repetition {
            None => None,
            Some(m) => Some(move_repetition(m, cx, names)?),
        },
    })
}

/// `[end] mate_rule`: pieces and results (said for the mating side, turned
/// into the mated player's outcomes).
fn mate_rule(m: &Spanned<rules::MateRule>, cx: &Ctx, names: &Names, has_royal: bool) -> Result<MateRule> {
    if !has_royal {
        return Err(cx.err(m.span(), "a mate rule needs a royal piece to mate"));
    }
    let rule = m.get_ref();
    if rule.alone.is_none() && rule.series.is_none() {
        return Err(cx.err(m.span(), "a mate rule needs `alone` or `series` (or both)"));
    }
    let part = |p: &Option<rules::MatePieces>| -> Result<Option<(KindSet, Outcome)>> {
        let Some(p) = p else { return Ok(None) };
        if p.pieces.is_empty() {
            return Err(cx.err(m.span(), "a mate rule's `pieces` may not be empty"));
        }
        let mut set = KindSet::EMPTY;
        for n in &p.pieces {
            set.insert(names.piece(cx, n, "mate rule")?);
        }
        let outcome = match p.result.get_ref().as_str() {
            "win" => Outcome::Loss,
            "loss" => Outcome::Win,
            "draw" => Outcome::Draw,
            other => {
                return Err(cx.err(
                    p.result.span(),
                    format!("a mate rule's result is \"win\", \"loss\" or \"draw\" for the side that mates, not `{other}`"),
                ));
            }
        };
        Ok(Some((set, outcome)))
    };
    Ok(MateRule {
        alone: part(&rule.alone)?,
        series: part(&rule.series)?,
    })
}

/// `[end] move_repetition`.
fn move_repetition(m: &Spanned<rules::MoveRepetition>, cx: &Ctx, names: &Names) -> Result<MoveRepetition> {
    let r = m.get_ref();
    if !(2..=100).contains(&r.count) {
        return Err(cx.err(
            m.span(),
            format!(
                "move_repetition counts moves back and forth: 2 to 100, not {}",
                r.count
            ),
        ));
    }
    let mut except = KindSet::EMPTY;
    for n in &r.except {
        except.insert(names.piece(cx, n, "move_repetition")?);
    }
    Ok(MoveRepetition {
        count: r.count,
        outcome: outcome(r.result),
        except,
    })
}

/// `[[end.reach]]`: the winning squares of a piece.
fn reach_goals(file: &RulesFile, cx: &Ctx, names: &Names, geo: &Geometry) -> Result<Vec<ReachGoal>> {
    let mut reach = Vec::new();
    for r in &file.end.reach {
        let mut kinds = KindSet::EMPTY;
        let named = match (&r.piece, r.pieces.first()) {
            (Some(p), None) => p,
            (None, Some(p)) => p,
            (Some(p), Some(_)) => {
                return Err(cx.err(p.span(), "a reach names its `piece` or its `pieces`, not both"));
            }
            (None, None) => {
                return Err(cx.err(
                    r.squares.first().map_or(cx.section("[end]"), |s| s.span()),
                    "a reach needs its `piece` (or `pieces`)",
                ));
            }
        };
        for p in r.piece.iter().chain(&r.pieces) {
            kinds.insert(names.piece(cx, p, "reach")?);
        }
        let mut sqs = Vec::new();
        for s in &r.squares {
            sqs.push(
                geo.parse_square(s.get_ref())
                    .ok_or_else(|| cx.err(s.span(), format!("`{}` is not a square", s.get_ref())))?,
            );
        }
        let side = if r.side == SideName::First {
            Color::First
        } else {
            Color::Second
        };
        let count = match &r.count {
            None => 1,
            Some(c) => match usize::try_from(*c.get_ref()) {
                Ok(n) if n >= 1 && n <= sqs.len() => n,
                _ => {
                    return Err(cx.err(
                        c.span(),
                        format!(
                            "count is from 1 to the number of squares ({}), not {}",
                            sqs.len(),
                            c.get_ref()
                        ),
                    ));
                }
            },
        };
        if r.safe && count > 1 {
            return Err(cx.err(named.span(), "a `safe` reach is of one piece: leave out count"));
        }
        if r.safe_unless_more && !r.safe {
            return Err(cx.err(named.span(), "`safe_unless_more` goes with `safe = true`"));
        }
        reach.push(ReachGoal {
            side,
            kinds,
            squares: sqs,
            safe: r.safe,
            safe_unless_more: r.safe_unless_more,
            count,
            or_when_full: r.or_when_full,
        });
    }
    Ok(reach)
}

/// `end.command`: sets of pieces, each element a piece or alternatives
/// written `a|b` (a stone and its promoted face).
fn command_sets(file: &RulesFile, cx: &Ctx, names: &Names) -> Result<Vec<Vec<KindSet>>> {
    let mut command = Vec::new();
    for set in &file.end.command {
        let mut masks = Vec::new();
        for n in set {
            let mut mask = KindSet::EMPTY;
            let mut at = cx.inner_start(&n.span());
            for alt in n.get_ref().split('|') {
                let part = Spanned::new(at..at + alt.len(), alt.trim().to_string());
                mask.insert(names.piece(cx, &part, "command set")?);
                at += alt.len() + 1;
            }
            masks.push(mask);
        }
        command.push(masks);
    }
    Ok(command)
}

/// Per kind, the command-set elements (flattened, set by set) it is one of,
/// as bits: empty with no sets or more elements than a position counts.
fn command_bits(command: &[Vec<KindSet>], kinds: usize) -> Vec<u8> {
    let elements: Vec<&KindSet> = command.iter().flatten().collect();
    if elements.is_empty() || elements.len() > crate::engine::rules::COMMAND_SLOTS {
        return Vec::new();
    }
    (0..kinds)
        .map(|k| {
            let kind = PieceKind::from_index(k);
            elements
                .iter()
                .enumerate()
                .filter(|(_, e)| e.contains(kind))
                .fold(0u8, |bits, (i, _)| bits | 1 << i)
        })
        .collect()
}

/// The checkmated player's outcome (`end.checkmate` is said from the
/// checkmating side).
fn checkmated(file: &RulesFile, cx: &Ctx) -> Result<Outcome> {
    let Some(cm) = &file.end.checkmate else {
        return Ok(Outcome::Loss);
    };
    match cm.get_ref().as_str() {
        "win" => Ok(Outcome::Loss),
        "loss" => Ok(Outcome::Win),
        "draw" => Ok(Outcome::Draw),
        other => Err(cx.err(
            cm.span(),
            format!("end.checkmate is \"win\", \"loss\" or \"draw\" for the checkmating side, not `{other}`"),
        )),
    }
}

/// The numbers and combinations of `[end]` that mean nothing.
fn check_counts(file: &RulesFile, cx: &Ctx, has_royal: bool) -> Result<()> {
    if let Some(r) = &file.end.repetition
        && *r.count.get_ref() < 2
    {
        return Err(Box::new(
            cx.diag(
                r.count.span(),
                format!(
                    "a repetition needs the position at least twice, not {}",
                    r.count.get_ref()
                ),
            )
            .help("count = 3 is threefold repetition (chess), 4 is sennichite (shogi)"),
        ));
    }
    if let Some(n) = &file.end.fifty_move_rule
        && *n.get_ref() == 0
    {
        return Err(cx.err(
            n.span(),
            "fifty_move_rule counts plies: at least 1 (100 in chess)",
        ));
    }
    if let Some(n) = &file.end.quiet_turn_rule {
        if *n.get_ref() == 0 {
            return Err(cx.err(
                n.span(),
                "quiet_turn_rule counts whole turns: at least 1 (10 in progressive chess)",
            ));
        }
        if file.turns.is_none() {
            return Err(Box::new(
                cx.diag(
                    n.span(),
                    "quiet_turn_rule counts turns of several moves, but without `[turns]` every turn is one move",
                )
                .help(format!("fifty_move_rule = {} counts the same plies", n.get_ref())),
            ));
        }
    }
    if let Some(n) = &file.end.checks_to_win {
        if !(1..=100).contains(n.get_ref()) {
            return Err(cx.err(n.span(), "checks_to_win must be 1 to 100"));
        }
        if !has_royal {
            return Err(cx.err(
                n.span(),
                "checks_to_win needs a royal piece: without one no move gives check",
            ));
        }
    }
    if let Some(r) = &file.end.reach_reply
        && file.end.reach.is_empty()
    {
        return Err(cx.err(r.span(), "reach_reply answers a `reach` rule, and there is none"));
    }
    if let Some(r) = &file.end.reach_reply
        && let rules::ReachReply::Sides(s) = r.get_ref()
        && s != "both"
        && s != "unsafe"
    {
        return Err(cx.err(
            r.span(),
            format!("reach_reply is `true`, `false`, \"both\" or \"unsafe\", not \"{s}\""),
        ));
    }
    let unsafe_reply = rules::ReachReply::Sides("unsafe".into());
    if let Some(r) = &file.end.reach_reply
        && *r.get_ref() == unsafe_reply
        && !file.end.reach.iter().any(|g| g.safe)
    {
        return Err(cx.err(
            r.span(),
            "reach_reply = \"unsafe\" answers arrivals that are not safe: it needs a `safe` reach",
        ));
    }
    if let Some(r) = &file.end.reach_reply
        && *r.get_ref() != rules::ReachReply::Flag(false)
        && *r.get_ref() != unsafe_reply
        && file.end.reach.iter().any(|g| g.safe)
    {
        return Err(cx.err(
            r.span(),
            "a `safe` reach already gives the opponent its answer; leave out reach_reply",
        ));
    }
    Ok(())
}

/// `[end.counting]`: blockers and honour lines name pieces; limits are
/// moves a game can count (1 to 1000).
fn counting(c: &Spanned<rules::Counting>, cx: &Ctx, names: &Names) -> Result<CountingRule> {
    let span = c.span();
    let c = c.get_ref();
    let mut blockers = KindSet::EMPTY;
    for n in &c.blockers {
        blockers.insert(names.piece(cx, n, "counting blockers")?);
    }
    let limit_ok = |n: u32| n <= 1000;
    let mut pieces_honour = Vec::new();
    for line in &c.pieces_honour {
        let kind = names.piece(cx, &line.piece, "pieces_honour")?;
        if line.at_least == 0 || line.moves == 0 || !limit_ok(line.moves) {
            return Err(cx.err(
                line.piece.span(),
                "a pieces_honour line needs at_least ≥ 1 and moves from 1 to 1000",
            ));
        }
        pieces_honour.push((kind, line.at_least, line.moves));
    }
    if !limit_ok(c.board_honour) || !limit_ok(c.otherwise) {
        return Err(cx.err(span, "counting limits are moves from 0 to 1000"));
    }
    if c.board_honour == 0 && c.otherwise == 0 && pieces_honour.is_empty() {
        return Err(cx.err(
            span,
            "this counting rule has no limit: nothing would ever be counted",
        ));
    }
    Ok(CountingRule {
        blockers,
        board_honour: c.board_honour,
        pieces_honour,
        otherwise: c.otherwise,
        from_pieces: c.from_pieces,
        board_honour_at_most: c.board_honour_at_most,
        board_honour_with_blockers: c.board_honour_with_blockers,
    })
}

/// `[moves] must_drop` and `must_drop_pieces`: whether drops are
/// compulsory, and for which kinds in hand.
fn must_drop_rules(file: &RulesFile, cx: &Ctx, names: &Names) -> Result<(bool, Option<KindSet>)> {
    let must_drop = match &file.moves.must_drop {
        Some(m) if *m.get_ref() && file.hand.is_none() => {
            return Err(cx.err(m.span(), "must_drop needs a [hand] to drop from"));
        }
        Some(m) => *m.get_ref(),
        None => false,
    };
    let Some(list) = &file.moves.must_drop_pieces else {
        return Ok((must_drop, None));
    };
    if !must_drop {
        return Err(cx.err(
            list.span(),
            "must_drop_pieces names the pieces of `must_drop = true`, which is not set",
        ));
    }
    if list.get_ref().is_empty() {
        return Err(cx.err(list.span(), "must_drop_pieces needs at least one piece"));
    }
    let mut kinds = KindSet::EMPTY;
    for n in list.get_ref() {
        kinds.insert(names.piece(cx, n, "must_drop_pieces")?);
    }
    Ok((must_drop, Some(kinds)))
}

/// `[moves]`: compulsory capture, checks, explosions.
pub(super) fn move_rules(
    file: &RulesFile,
    cx: &Ctx,
    names: &Names,
    pieces: &[PieceDef],
) -> Result<MoveRules> {
    let explosion = match &file.moves.explosions {
        None => None,
        Some(x) => {
            let mut immune = KindSet::EMPTY;
            for n in &x.immune {
                immune.insert(names.piece(cx, n, "explosions")?);
            }
            let mut unharmed = KindSet::EMPTY;
            for n in &x.unharmed {
                let k = names.piece(cx, n, "explosions")?;
                if pieces[k.index()].royal {
                    return Err(cx.err(
                        n.span(),
                        "a royal piece cannot be unharmed by explosions: its own capture would never blow it up, and legality rests on that",
                    ));
                }
                unharmed.insert(k);
                immune.insert(k);
            }
            let to_hand = match &x.to_hand {
                Some(t) if *t.get_ref() && !super::sides::some_side_keeps_captures(file) => {
                    return Err(cx.err(
                        t.span(),
                        "`to_hand = true` puts exploded pieces in a hand, but captures leave the game (`[hand] captures`)",
                    ));
                }
                Some(t) => *t.get_ref(),
                None => false,
            };
            Some(Explosion {
                immune,
                unharmed,
                to_hand,
            })
        }
    };
    let (must_drop, must_drop_kinds) = must_drop_rules(file, cx, names)?;
    let flip = match &file.moves.flip {
        None => None,
        Some(f) => {
            if pieces.iter().any(|d| d.royal) {
                return Err(cx.err(
                    f.span(),
                    "`flip` turns pieces to the other side, which a variant with royal pieces cannot allow",
                ));
            }
            Some(match f.get_ref() {
                rules::FlipRule::Enclosed => Flip::Enclosed,
                rules::FlipRule::Adjacent => Flip::Adjacent,
                rules::FlipRule::AdjacentSupported => Flip::AdjacentSupported,
            })
        }
    };
    let drops_only = file
        .hand
        .as_ref()
        .and_then(|h| h.drops_only.as_ref())
        .map(|d| match d.get_ref() {
            rules::DropsOnly::Enclosing => DropArea::Enclosing,
            rules::DropsOnly::NextToOwn => DropArea::NextToOwn,
            rules::DropsOnly::OnTop => DropArea::OnTop,
            rules::DropsOnly::ApartFromEnemy => DropArea::ApartFromEnemy,
            rules::DropsOnly::PushedIn => DropArea::PushedIn,
        });
    Ok(MoveRules {
        flip,
        pass_when_stuck: file.moves.pass_when_stuck,
        drops_only,
        must_drop,
        must_drop_kinds,
        no_drop_checks: file
            .hand
            .as_ref()
            .and_then(|h| h.drops_may_check.as_ref())
            .is_some_and(|m| !*m.get_ref()),
        pass: file.moves.pass,
        one_piece_pass: file.moves.one_piece_pass,
        check_freezes_royal: file.moves.check_freezes_royal,
        compulsory_capture: file.moves.compulsory_capture,
        no_checks: !file.moves.may_give_check,
        explosion,
        no_facing_royals: !file.moves.royals_may_face,
        burners: KindSet::EMPTY,
        drop_limits: KindSet::EMPTY,
        petrify: KindSet::EMPTY,
        petrify_royal: KindSet::EMPTY,
    })
}

fn extinction(x: &rules::Extinction, cx: &Ctx, names: &Names, kinds: usize) -> Result<Extinction> {
    let mut set = KindSet::EMPTY;
    for n in &x.pieces {
        set.insert(names.piece(cx, n, "extinction")?);
    }
    if x.pieces.is_empty() {
        set = (0..kinds)
            .map(crate::engine::types::PieceKind::from_index)
            .collect();
    }
    let mut except = KindSet::EMPTY;
    for n in &x.except {
        let k = names.piece(cx, n, "extinction")?;
        if !set.contains(k) {
            return Err(cx.err(
                n.span(),
                format!("`{}` is not among the pieces counted", n.get_ref()),
            ));
        }
        except.insert(k);
    }
    if !except.is_empty() {
        set = (0..kinds)
            .map(crate::engine::types::PieceKind::from_index)
            .filter(|&k| set.contains(k) && !except.contains(k))
            .collect();
    }
    Ok(Extinction {
        kinds: set,
        at_most: x.at_most,
        opponent_at_least: x.opponent_at_least,
        grace: x.grace,
        outcome: outcome(x.result),
        each_kind: x.each_kind,
    })
}

/// `[end] repetition`: the rule, with the keys that mean nothing for its
/// result refused.
fn repetition_rule(r: &rules::Repetition, cx: &Ctx) -> Result<RepetitionRule> {
    let perpetual = r.perpetual_check_loses.as_ref();
    let illegal = r.result == rules::RepetitionResult::Illegal;
    if let (true, Some(p)) = (illegal, perpetual) {
        return Err(cx.err(
            p.span(),
            "perpetual_check_loses means nothing with result = \"illegal\": the repetition never happens",
        ));
    }
    if let (false, Some(a)) = (illegal, &r.allowed_in_check) {
        return Err(cx.err(
            a.span(),
            "allowed_in_check applies only to result = \"illegal\" (a repetition that is forbidden)",
        ));
    }
    Ok(RepetitionRule {
        count: *r.count.get_ref(),
        result: match r.result {
            rules::RepetitionResult::Draw => RepetitionResult::Draw,
            rules::RepetitionResult::MoverLoses => RepetitionResult::MoverLoses,
            rules::RepetitionResult::MoverWins => RepetitionResult::MoverWins,
            rules::RepetitionResult::FirstLoses => RepetitionResult::Loses(Color::First),
            rules::RepetitionResult::SecondLoses => RepetitionResult::Loses(Color::Second),
            rules::RepetitionResult::Illegal => RepetitionResult::Illegal {
                allowed_in_check: r.allowed_in_check.as_ref().is_some_and(|a| *a.get_ref()),
            },
        },
        perpetual_check_loses: perpetual.is_some_and(|p| *p.get_ref()),
    })
}
