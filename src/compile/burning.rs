//! Stage: burning (`[[piece]] burn`). Each burner's area becomes step
//! vectors per side; immune pieces and the meeting rule are resolved by name
//! and word, every unknown one an error at its place in the rules file.

use super::names::Names;
use super::pieces::parse_notation;
use super::{Ctx, Result, legs};
use crate::engine::geometry::Geometry;
use crate::engine::types::{Color, KindSet};
use crate::engine::variant::{Burn, BurnMeeting, Orientation, PieceDef};
use crate::rules::RulesFile;

/// The meeting rules' names, as written in rules files.
const MEETINGS: [(&str, BurnMeeting); 3] = [
    ("mover_burns", BurnMeeting::MoverBurns),
    ("both_burn", BurnMeeting::BothBurn),
    ("mover_survives", BurnMeeting::MoverSurvives),
];

/// Compiles every piece's `burn`; returns the kinds that burn.
pub(super) fn apply(
    file: &RulesFile,
    cx: &Ctx,
    names: &Names,
    geo: &mut Geometry,
    orientation: Orientation,
    pieces: &mut [PieceDef],
) -> Result<KindSet> {
    let mut burners = KindSet::EMPTY;
    for (i, (p, def)) in file.pieces.iter().zip(pieces.iter_mut()).enumerate() {
        let Some(rule) = &p.burn else { continue };
        let (_, prog) = parse_notation(&rule.area, cx)?;
        let plain = |l: &&crate::notation::Leg| {
            l.min == 1
                && l.max == 1
                && l.moves
                && l.captures
                && !l.shoots
                && l.hop.is_none()
                && !l.lame
                && !l.jump
                && !l.initial
                && !l.en_passant
        };
        let single = match prog.simple_legs() {
            Some(legs) if !legs.is_empty() && legs.iter().all(plain) => legs,
            _ => {
                return Err(Box::new(
                    cx.diag(
                        rule.area.span(),
                        format!(
                            "a burn area is single steps and leaps (`K`, `WD`, `fF`), not `{}`",
                            rule.area.get_ref()
                        ),
                    )
                    .help("no riders, multi-leg moves, shots, hops or modalities (`m`, `c`, `n`, `j`, `i`, `e`)"),
                ));
            }
        };
        let (mut area, mut reverse) = ([Vec::new(), Vec::new()], [Vec::new(), Vec::new()]);
        for c in Color::BOTH {
            for leg in &single {
                for v in legs::leg_vectors(leg, c, orientation, geo) {
                    let vi = geo.vector(v);
                    if !area[c.index()].contains(&vi) {
                        area[c.index()].push(vi);
                        reverse[c.index()].push(geo.vector((-v.0, -v.1)));
                    }
                }
            }
        }
        let mut immune = KindSet::EMPTY;
        for n in &rule.immune {
            immune.insert(names.piece(cx, n, "burn immune")?);
        }
        let meeting = match &rule.meeting {
            None => BurnMeeting::MoverBurns,
            Some(m) => match MEETINGS.iter().find(|(w, _)| *w == m.get_ref().as_str()) {
                Some(&(_, k)) => k,
                None => {
                    let d = cx.diag(m.span(), format!("unknown burn meeting rule `{}`", m.get_ref()));
                    return Err(Box::new(cx.suggest(
                        d,
                        m.get_ref(),
                        MEETINGS.iter().map(|(w, _)| *w),
                        "the meeting rules",
                    )));
                }
            },
        };
        def.burn = Some(Burn {
            area,
            reverse,
            immune,
            passive: rule.passive,
            friendly: rule.friendly,
            meeting,
        });
        burners.insert(crate::engine::types::PieceKind::from_index(i));
    }
    Ok(burners)
}
