//! Rules file → [`Variant`]: checks every reference (pieces, squares, hooks),
//! turns notation into per-side move tables and reverse attack lines, and
//! compiles zones into square sets. No variant is named here: everything comes
//! from the rules file.

use std::collections::HashMap;
use std::ops::Range;

use rand::{Rng, SeedableRng, rngs::StdRng};

mod legs;

use crate::diag::{Diagnostic, did_you_mean};
use crate::engine::text;
use crate::engine::variant::*;
use crate::notation::{self, Hop, Leg, selected};
use crate::rules::{self, CaptureRule, Orientation, PieceDef, RulesFile, Source};

type Result<T> = std::result::Result<T, Box<Diagnostic>>;

/// Reads, parses and compiles a rules file.
pub fn load(path: &std::path::Path) -> Result<Variant> {
    let src = Source::read(path)
        .map_err(|e| Box::new(Diagnostic::new(&path.display().to_string(), "", 0..0, e)))?;
    compile_source(&src)
}

/// Parses and compiles rules text.
pub fn compile_source(src: &Source) -> Result<Variant> {
    let file = rules::parse(src)?;
    compile(&file, src)
}

/// Span of a string value's contents (inside its quotes), for pointing into it.
fn inner_span(span: &Range<usize>, src: &Source) -> usize {
    let q = src.text.as_bytes().get(span.start).copied();
    if matches!(q, Some(b'"') | Some(b'\'')) {
        span.start + 1
    } else {
        span.start
    }
}

struct Ctx<'a> {
    src: &'a Source,
    names: HashMap<String, u16>,
    name_list: Vec<String>,
}

impl Ctx<'_> {
    fn err(&self, span: Range<usize>, msg: impl Into<String>) -> Box<Diagnostic> {
        Box::new(self.src.error(span, msg))
    }

    fn piece(&self, name: &toml::Spanned<String>, what: &str) -> Result<u16> {
        match self.names.get(&name.get_ref().to_lowercase()) {
            Some(&k) => Ok(k),
            None => {
                let mut d = self
                    .src
                    .error(
                        name.span(),
                        format!("{what} names unknown piece `{}`", name.get_ref()),
                    )
                    .label("not a piece of this variant");
                if let Some(s) = did_you_mean(name.get_ref(), self.name_list.iter().map(|s| s.as_str())) {
                    d = d.help(format!("did you mean `{s}`?"));
                } else {
                    d = d.help(format!("pieces: {}", self.name_list.join(", ")));
                }
                Err(Box::new(d))
            }
        }
    }
}

fn frame(color: usize, orientation: Orientation) -> ((i32, i32), (i32, i32)) {
    if color == 0 {
        ((0, 1), (1, 0))
    } else if orientation == Orientation::Rotate {
        ((0, -1), (-1, 0))
    } else {
        ((0, -1), (1, 0))
    }
}

/// Absolute vectors of a first leg for one side.
pub fn leg_vectors(leg: &Leg, color: usize, orientation: Orientation) -> Vec<(i32, i32)> {
    let (fwd, right) = frame(color, orientation);
    let mut out = Vec::new();
    for &atom in &leg.atoms {
        for v in notation::symmetric_images(atom) {
            let x = v.0 * right.0 + v.1 * right.1;
            let y = v.0 * fwd.0 + v.1 * fwd.1;
            if selected(&leg.directions, x, y) && !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

fn valid_symbol(s: &str) -> bool {
    let s = s.strip_prefix('+').unwrap_or(s);
    let s = s.strip_suffix('~').unwrap_or(s);
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphabetic())
}

pub fn compile(file: &RulesFile, src: &Source) -> Result<Variant> {
    compile_with(file, src, &indexmap::IndexMap::new())
}

/// Compiles with option values other than the defaults.
pub fn compile_with(
    file: &RulesFile,
    src: &Source,
    overrides: &indexmap::IndexMap<String, String>,
) -> Result<Variant> {
    let mut options = indexmap::IndexMap::new();
    for (name, def) in &file.options {
        if !def.choices.contains(def.default.get_ref()) {
            return Err(Box::new(
                src.error(
                    def.default.span(),
                    format!("default `{}` is not one of the choices", def.default.get_ref()),
                )
                .help(format!("choices: {}", def.choices.join(", "))),
            ));
        }
        options.insert(name.clone(), def.default.get_ref().clone());
    }
    for (name, value) in overrides {
        let Some(def) = file.options.get(name) else {
            let known: Vec<&str> = file.options.keys().map(|k| k.as_str()).collect();
            return Err(Box::new(src.error(
                0..0,
                format!(
                    "unknown option `{name}` (options: {})",
                    if known.is_empty() {
                        "none".into()
                    } else {
                        known.join(", ")
                    }
                ),
            )));
        };
        if !def.choices.contains(value) {
            return Err(Box::new(src.error(
                def.default.span(),
                format!(
                    "option `{name}` has no choice `{value}` (choices: {})",
                    def.choices.join(", ")
                ),
            )));
        }
        options.insert(name.clone(), value.clone());
    }
    // Board.
    let files = *file.board.files.get_ref() as usize;
    let ranks = *file.board.ranks.get_ref() as usize;
    for (v, span, what) in [
        (files, file.board.files.span(), "files"),
        (ranks, file.board.ranks.span(), "ranks"),
    ] {
        if !(1..=26).contains(&v) {
            return Err(Box::new(
                src.error(span, format!("a board has 1 to 26 {what}, not {v}"))
                    .label("out of range"),
            ));
        }
    }
    let mut geo = Geometry::new(files, ranks);

    // Piece names and symbols.
    let mut ctx = Ctx {
        src,
        names: HashMap::new(),
        name_list: Vec::new(),
    };
    let mut symbols: HashMap<String, usize> = HashMap::new();
    if file.pieces.is_empty() {
        return Err(ctx.err(0..0, "a variant needs at least one [[piece]]"));
    }
    if file.pieces.len() > MAX_KINDS {
        return Err(ctx.err(
            file.pieces[MAX_KINDS].name.span(),
            format!("at most {MAX_KINDS} piece kinds"),
        ));
    }
    for (i, p) in file.pieces.iter().enumerate() {
        let lname = p.name.get_ref().to_lowercase();
        if lname.trim().is_empty() {
            return Err(ctx.err(p.name.span(), "a piece name cannot be empty"));
        }
        if ctx.names.insert(lname, i as u16).is_some() {
            return Err(ctx.err(
                p.name.span(),
                format!("piece `{}` is defined twice", p.name.get_ref()),
            ));
        }
        ctx.name_list.push(p.name.get_ref().clone());
        let sym = p.symbol.get_ref();
        if !valid_symbol(sym) {
            return Err(Box::new(
                src.error(p.symbol.span(), format!("`{sym}` is not a piece symbol"))
                    .help(
                        "a symbol is letters, optionally with a leading `+` or a trailing `~`: P, +P, Q~, Ko",
                    ),
            ));
        }
        if let Some(j) = symbols.insert(sym.to_uppercase(), i) {
            return Err(ctx.err(
                p.symbol.span(),
                format!(
                    "symbol `{sym}` is already used by `{}`",
                    file.pieces[j].name.get_ref()
                ),
            ));
        }
    }

    for h in &file.hooks {
        let known: Vec<&str> = crate::hooks::KNOWN.iter().map(|(n, _)| *n).collect();
        if !known.contains(&h.get_ref().as_str()) {
            let mut d = src
                .error(h.span(), format!("unknown hook `{}`", h.get_ref()))
                .label("no such hook");
            d = match did_you_mean(h.get_ref(), known.iter().copied()) {
                Some(s) => d.help(format!("did you mean `{s}`?")),
                None if known.is_empty() => d.help("this build of chimera has no native hooks"),
                None => d.help(format!("known hooks: {}", known.join(", "))),
            };
            return Err(Box::new(d));
        }
    }

    let orientation = file.sides.second_orientation;
    let nsq = geo.nsq;
    let rank_set = |ranks_list: &[u32], color: usize, geo: &Geometry| -> Vec<bool> {
        (0..geo.nsq as Sq)
            .map(|s| ranks_list.contains(&geo.relative_rank(s, color)))
            .collect()
    };

    let mut kinds = Vec::new();
    for p in &file.pieces {
        kinds.push(compile_piece(p, &ctx, &mut geo, orientation, &options)?);
    }
    // Everything that needs the full piece table.
    for (i, p) in file.pieces.iter().enumerate() {
        let mut promotions = Vec::new();
        for rule in &p.promotion {
            let zone_ranks = rule.ranks.clone().unwrap_or_else(|| file.promotion.zone.clone());
            if zone_ranks.is_empty() {
                return Err(ctx.err(
                    p.name.span(),
                    format!(
                        "promotion of `{}` has no zone: give `ranks` or [promotion] zone",
                        p.name.get_ref()
                    ),
                ));
            }
            for &r in &zone_ranks {
                if r == 0 || r as usize > ranks {
                    return Err(ctx.err(
                        p.name.span(),
                        format!("promotion rank {r} is off the board (1..{ranks})"),
                    ));
                }
            }
            let mut to = Vec::new();
            for t in &rule.to {
                to.push(ctx.piece(t, "promotion")?);
            }
            if to.is_empty() {
                return Err(ctx.err(p.name.span(), "a promotion rule needs at least one piece in `to`"));
            }
            promotions.push(Promotion {
                zone: [rank_set(&zone_ranks, 0, &geo), rank_set(&zone_ranks, 1, &geo)],
                to,
                forced: rule.forced,
                trigger: rule.trigger.unwrap_or(file.promotion.trigger),
            });
        }
        kinds[i].promotions = promotions;
        if let Some(d) = &p.demotes_to {
            kinds[i].demotes_to = ctx.piece(d, "demotes_to")?;
        }
        for name in &p.cannot_capture {
            kinds[i].cannot_capture |= 1u128 << ctx.piece(name, "cannot_capture")?;
        }
        for name in &p.cannot_shoot {
            kinds[i].cannot_shoot |= 1u128 << ctx.piece(name, "cannot_shoot")?;
        }
        for name in &p.cannot_hop {
            kinds[i].cannot_hop |= 1u128 << ctx.piece(name, "cannot_hop")?;
        }
        for limit in &p.cannot_shoot_within {
            let k = ctx.piece(&limit.piece, "cannot_shoot_within")?;
            kinds[i]
                .shot_limits
                .push((1u128 << k, limit.distance.min(u16::MAX as u32) as u16));
        }
        if let Some(sp) = &p.spawn {
            let piece_k = ctx.piece(&sp.piece, "spawn")?;
            let (_, prog) = parse_notation(&sp.betza, src)?;
            let legs = prog.simple_legs().unwrap_or_default();
            let mut vectors = [Vec::new(), Vec::new()];
            for (c, vs) in vectors.iter_mut().enumerate() {
                for leg in &legs {
                    for v in leg_vectors(leg, c, orientation) {
                        let vi = geo.vector(v);
                        if !vs.contains(&vi) {
                            vs.push(vi);
                        }
                    }
                }
            }
            kinds[i].spawn = Some(Spawn {
                piece: piece_k,
                vectors,
            });
        }
        // Drops.
        for c in 0..2 {
            let ok: Vec<bool> = (0..nsq as Sq)
                .map(|s| {
                    let rank_ok = p
                        .drop
                        .ranks
                        .as_ref()
                        .is_none_or(|r| r.contains(&geo.relative_rank(s, c)));
                    let dead_ok =
                        !file.hand.as_ref().is_some_and(|h| h.no_dead_drops) || !kinds[i].dead[c][s as usize];
                    rank_ok && dead_ok
                })
                .collect();
            kinds[i].drop_ok[c] = ok;
        }
        kinds[i].one_per_file = p.drop.one_per_file;
        kinds[i].no_drop_mate = p.drop.no_mate;
    }

    // Sides.
    let default_capture = file.hand.as_ref().map_or(CaptureRule::Remove, |h| h.captures);
    let captures = [
        file.sides.first.captures.unwrap_or(default_capture),
        file.sides.second.captures.unwrap_or(default_capture),
    ];
    let mut army = [u128::MAX, u128::MAX];
    for (c, side) in [&file.sides.first, &file.sides.second].iter().enumerate() {
        if !side.army.is_empty() {
            army[c] = 0;
            for n in &side.army {
                army[c] |= 1u128 << ctx.piece(n, "army")?;
            }
        }
    }
    let side_names = [
        file.sides.first.name.clone().unwrap_or_else(|| "first".into()),
        file.sides.second.name.clone().unwrap_or_else(|| "second".into()),
    ];
    let default_letters = match file.text.position {
        rules::PositionStyle::Fen => ["w", "b"],
        rules::PositionStyle::Sfen => ["b", "w"],
    };
    let side_letters = [
        file.sides
            .first
            .letter
            .clone()
            .unwrap_or_else(|| default_letters[0].into()),
        file.sides
            .second
            .letter
            .clone()
            .unwrap_or_else(|| default_letters[1].into()),
    ];

    // Castling.
    let mut castles = Vec::new();
    for c in &file.castling {
        let sq = |s: &toml::Spanned<String>| -> Result<Sq> {
            geo.parse_square(s.get_ref()).ok_or_else(|| {
                ctx.err(
                    s.span(),
                    format!("`{}` is not a square of this {files}×{ranks} board", s.get_ref()),
                )
            })
        };
        let (king, king_to, rook, rook_to) = (sq(&c.king)?, sq(&c.king_to)?, sq(&c.rook)?, sq(&c.rook_to)?);
        let right = c
            .right
            .get_ref()
            .chars()
            .next()
            .filter(|_| c.right.get_ref().chars().count() == 1);
        let Some(right) = right else {
            return Err(ctx.err(c.right.span(), "a castling right is one letter"));
        };
        let between = |a: Sq, b: Sq| -> Vec<Sq> {
            let (fa, fb) = (geo.file(a) as i32, geo.file(b) as i32);
            let r = geo.rank(a) as i32;
            let (lo, hi) = (fa.min(fb), fa.max(fb));
            (lo..=hi).filter_map(|f| geo.square(f, r)).collect()
        };
        if geo.rank(king) != geo.rank(rook)
            || geo.rank(king) != geo.rank(king_to)
            || geo.rank(rook) != geo.rank(rook_to)
        {
            return Err(ctx.err(c.king.span(), "castling squares must lie on one rank"));
        }
        let mut empty: Vec<Sq> = between(king, rook);
        empty.extend(between(king, king_to));
        empty.extend(between(rook, rook_to));
        empty.sort();
        empty.dedup();
        empty.retain(|&s| s != king && s != rook);
        castles.push(Castle {
            color: if c.side == rules::SideName::First { 0 } else { 1 },
            right,
            king,
            king_to,
            rook,
            rook_to,
            empty,
            safe: between(king, king_to),
        });
    }
    if castles.len() > 16 {
        return Err(ctx.err(0..0, "at most 16 castling rules"));
    }
    let mut castle_keep = vec![u32::MAX; nsq];
    for (i, c) in castles.iter().enumerate() {
        castle_keep[c.king as usize] &= !(1 << i);
        castle_keep[c.rook as usize] &= !(1 << i);
    }

    // Attack lines.
    let maxdim = files.max(ranks);
    let mut attack_lines: [Vec<AttackLine>; 2] = [Vec::new(), Vec::new()];
    let mut slow_attackers = [0u128; 2];
    for c in 0..2 {
        for (k, kind) in kinds.iter().enumerate() {
            if kind.slow_attacks {
                slow_attackers[c] |= 1 << k;
                continue;
            }
            for ray in &kind.rays[c] {
                if ray.flags & flags::CAPTURE == 0 {
                    continue;
                }
                let v = geo.vectors[ray.vector as usize];
                let rv = geo.vector((-v.0, -v.1));
                let line = match attack_lines[c].iter_mut().position(|l| l.vector == rv) {
                    Some(i) => &mut attack_lines[c][i],
                    None => {
                        attack_lines[c].push(AttackLine {
                            vector: rv,
                            masks: Vec::new(),
                            any: 0,
                        });
                        attack_lines[c].last_mut().expect("just pushed")
                    }
                };
                let hi = (ray.max as usize).min(maxdim);
                if line.masks.len() < hi {
                    line.masks.resize(hi, 0);
                }
                for d in ray.min as usize..=hi {
                    line.masks[d - 1] |= 1u128 << k;
                }
                line.any |= 1u128 << k;
            }
        }
        // Longest lines last is no help; short leaps first finds checks sooner.
        attack_lines[c].sort_by_key(|l| l.masks.len());
    }

    // End rules.
    let has_royal = kinds.iter().any(|k| k.royal);
    let mut reach = Vec::new();
    for r in &file.end.reach {
        let k = ctx.piece(&r.piece, "reach")?;
        let mut sqs = Vec::new();
        for s in &r.squares {
            sqs.push(
                geo.parse_square(s.get_ref())
                    .ok_or_else(|| ctx.err(s.span(), format!("`{}` is not a square", s.get_ref())))?,
            );
        }
        reach.push((if r.side == rules::SideName::First { 0 } else { 1 }, k, sqs));
    }
    let mut command = Vec::new();
    for set in &file.end.command {
        // Each element is a piece, or alternatives written `a|b` (a stone and
        // its promoted face).
        let mut masks = Vec::new();
        for n in set {
            let mut mask = 0u128;
            let mut at = n.span().start + 1;
            for alt in n.get_ref().split('|') {
                let part = toml::Spanned::new(at..at + alt.len(), alt.trim().to_string());
                mask |= 1u128 << ctx.piece(&part, "command set")?;
                at += alt.len() + 1;
            }
            masks.push(mask);
        }
        command.push(masks);
    }
    if let Some(cm) = &file.end.checkmate
        && cm.get_ref() != "win"
    {
        return Err(ctx.err(
            cm.span(),
            format!("end.checkmate must be \"win\", not `{}`", cm.get_ref()),
        ));
    }
    let end = EndRules {
        checkmated: rules::Outcome::Loss,
        stalemated: file.end.stalemate.unwrap_or(if has_royal {
            rules::Outcome::Draw
        } else {
            rules::Outcome::Loss
        }),
        repetition: file.end.repetition,
        fifty_move_rule: file.end.fifty_move_rule,
        reach,
        command,
    };

    // Zobrist keys, from a fixed seed so hashes are reproducible.
    let mut rng = StdRng::seed_from_u64(0x00c4_1e5a_u64 ^ (nsq as u64) << 32);
    let ncodes = 1 + 2 * kinds.len();
    let zobrist = Zobrist {
        piece: (0..ncodes * nsq).map(|_| rng.random()).collect(),
        hand: (0..3 * 2 * kinds.len() * (MAX_HAND + 1))
            .map(|_| rng.random())
            .collect(),
        side: rng.random(),
        castling: (0..16).map(|_| rng.random()).collect(),
        ep: (0..nsq).map(|_| rng.random()).collect(),
        flags: (0..32).map(|_| rng.random()).collect(),
    };

    let has_drops = captures.iter().any(|c| *c != CaptureRule::Remove);
    let placement = file
        .placement
        .as_ref()
        .map(|p| [rank_set(&p.ranks, 0, &geo), rank_set(&p.ranks, 1, &geo)]);
    let mut variant = Variant {
        name: file.variant.name.clone(),
        description: file.variant.description.clone(),
        geometry: geo,
        kinds,
        side_names,
        side_letters,
        orientation,
        position_style: file.text.position,
        castles,
        castle_keep,
        captures,
        attack_lines,
        slow_attackers,
        army,
        has_drops,
        forced_on_dead: file.promotion.forced_on_dead_squares,
        placement,
        pocket_capacity: file.pocket.as_ref().map_or(0, |p| p.capacity),
        pocket_from_board: file.pocket.as_ref().is_some_and(|p| p.from_board),
        start: String::new(),
        end,
        zobrist,
        hooks: file.hooks.iter().map(|h| h.get_ref().clone()).collect(),
        hook_set: crate::hooks::Hooks::from_names(file.hooks.iter().map(|h| h.get_ref().as_str())),
        ko: Default::default(),
        options,
    };
    variant.ko = crate::hooks::ko::KoRules::build(&variant, &variant.hooks).map_err(|e| {
        // Point at the hook the message names.
        let span = file
            .hooks
            .iter()
            .find(|h| e.contains(&format!("`{}`", h.get_ref())))
            .or(file.hooks.first())
            .map_or(0..0, |h| h.span());
        Box::new(src.error(span, e).label("this hook"))
    })?;
    variant.start = start_position(file, &ctx, &variant)?;
    // The start must also make a valid position (castling rights need their
    // king and rook).
    let check = std::sync::Arc::new(variant.clone());
    if let Err(e) = crate::engine::Position::from_text(&check, &variant.start) {
        let span = file.setup.position.as_ref().map_or(0..0, |p| p.span());
        return Err(Box::new(
            src.error(span, format!("bad start position: {e}")).label("here"),
        ));
    }
    Ok(variant)
}

fn parse_notation(
    s: &toml::Spanned<String>,
    src: &Source,
) -> Result<(notation::Notation, notation::Program)> {
    notation::compile_program(s.get_ref()).map_err(|e| {
        let at = inner_span(&s.span(), src) + e.offset;
        Box::new(
            src.error(
                at..at + 1,
                format!("bad move notation `{}`: {}", s.get_ref(), e.message),
            )
            .label("notation error here")
            .help("see docs/notation.md for the notation"),
        )
    })
}

fn compile_piece(
    p: &PieceDef,
    ctx: &Ctx,
    geo: &mut Geometry,
    orientation: Orientation,
    options: &indexmap::IndexMap<String, String>,
) -> Result<Kind> {
    let src = ctx.src;
    let mut betza = &p.betza;
    for (cond, alt) in &p.betza_when {
        let (name, value) = cond.split_once('=').unwrap_or((cond, ""));
        match options.get(name.trim()) {
            None => {
                return Err(Box::new(
                    src.error(
                        alt.span(),
                        format!("betza_when names unknown option `{}`", name.trim()),
                    )
                    .help("declare it under [options]"),
                ));
            }
            Some(v) if v == value.trim() => betza = alt,
            Some(_) => {}
        }
        parse_notation(alt, src)?;
    }
    let (_, prog) = parse_notation(betza, src)?;
    let nsq = geo.nsq;
    let mut rays: [Vec<Ray>; 2] = [Vec::new(), Vec::new()];
    let simple = prog.simple_legs().filter(|legs| legs.iter().all(|l| !l.shoots));
    let mut slow = false;
    let uses_initial = prog.legs().iter().any(|l| l.initial);
    if uses_initial && p.initial_ranks.is_empty() {
        return Err(Box::new(
            src.error(
                p.betza.span(),
                format!(
                    "`{}` has `i` (initial) moves but no `initial_ranks`",
                    p.name.get_ref()
                ),
            )
            .help("add e.g. `initial_ranks = [2]`: the relative ranks an `i` move may start from"),
        ));
    }
    let has_ep = prog.legs().iter().any(|l| l.en_passant);
    let program = match simple {
        Some(legs) => {
            for c in 0..2 {
                for leg in &legs {
                    for v in leg_vectors(leg, c, orientation) {
                        let vector = geo.vector(v);
                        let mut f = 0;
                        if leg.moves {
                            f |= flags::MOVE;
                        }
                        if leg.captures {
                            f |= flags::CAPTURE;
                        }
                        if leg.initial {
                            f |= flags::INITIAL;
                        }
                        // Attack lines cover plain leaps and rides; anything else
                        // that can capture goes through the slow attack test.
                        if leg.captures && (leg.initial || leg.hop.is_some() || leg.lame || leg.jump) {
                            slow = true;
                        }
                        if leg.en_passant {
                            f |= flags::EP_CAPTURE;
                        }
                        let mut hop_max = 0;
                        match leg.hop {
                            None => {}
                            Some(Hop::One) => f |= flags::HOP_ONE,
                            Some(Hop::AtMost(n)) => {
                                f |= flags::HOP_UPTO;
                                hop_max = n.min(u16::MAX as u32) as u16;
                            }
                            Some(Hop::Any) => {
                                f |= flags::HOP_UPTO;
                                hop_max = u16::MAX;
                            }
                            Some(Hop::Grasshopper) => f |= flags::GRASSHOPPER,
                        }
                        let (mut lame_vector, mut lame_steps) = (0, 0);
                        if leg.lame || leg.jump {
                            f |= if leg.lame { flags::LAME } else { flags::JUMP };
                            let g = gcd(v.0.abs(), v.1.abs());
                            let (unit, steps) = if v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs() {
                                ((v.0 / g, v.1 / g), g - 1)
                            } else if v.1.abs() > v.0.abs() {
                                ((0, v.1.signum()), 1)
                            } else {
                                ((v.0.signum(), 0), 1)
                            };
                            lame_vector = geo.vector(unit);
                            lame_steps = steps as u16;
                            if leg.moves && !leg.captures && leg.initial && has_ep {
                                f |= flags::EP_CREATE;
                            }
                        }
                        rays[c].push(Ray {
                            vector,
                            min: leg.min.min(u16::MAX as u32) as u16,
                            max: leg.max.min(u16::MAX as u32) as u16,
                            flags: f,
                            hop_max,
                            lame_vector,
                            lame_steps,
                        });
                    }
                }
            }
            None
        }
        None => {
            slow = true;
            Some(prog)
        }
    };
    let machine = match &program {
        Some(prog) => Some(legs::build(prog, geo, orientation).map_err(|e| {
            Box::new(
                src.error(
                    p.betza.span(),
                    format!("cannot use notation `{}`: {e}", p.betza.get_ref()),
                )
                .label("this notation"),
            )
        })?),
        None => None,
    };
    let overlapping_rays = rays.iter().any(|side| {
        side.iter().enumerate().any(|(i, a)| {
            side[i + 1..]
                .iter()
                .any(|b| a.vector == b.vector && a.min.max(b.min) <= a.max.min(b.max))
        })
    });
    let initial: [Vec<bool>; 2] = [0, 1].map(|c| {
        (0..nsq as Sq)
            .map(|s| p.initial_ranks.contains(&geo.relative_rank(s, c)))
            .collect()
    });
    // Dead squares: no ray reaches any square of the board.
    let dead: [Vec<bool>; 2] = [0, 1].map(|c| {
        (0..nsq as Sq)
            .map(|s| {
                if program.is_some() {
                    return false;
                }
                !rays[c].iter().any(|r| {
                    (r.flags & flags::INITIAL == 0 || initial[c][s as usize])
                        && geo.ray(r.vector, s).len() >= r.min as usize
                })
            })
            .collect()
    });
    Ok(Kind {
        name: p.name.get_ref().clone(),
        symbol: p.symbol.get_ref().to_uppercase(),
        display: p.symbol.get_ref().clone(),
        royal: p.royal,
        rays,
        overlapping_rays,
        program,
        legs: machine,
        initial,
        promotions: Vec::new(),
        demotes_to: u16::MAX,
        drop_ok: [Vec::new(), Vec::new()],
        one_per_file: false,
        no_drop_mate: false,
        dead,
        cannot_capture: 0,
        cannot_shoot: 0,
        cannot_hop: 0,
        shot_limits: Vec::new(),
        value: p.value.map_or(0, |v| (v * 100.0) as i32),
        slow_attacks: slow,
        spawn: None,
    })
}

/// The span of a table header such as `[setup]`, for errors about a whole table.
fn section(src: &Source, header: &str) -> Range<usize> {
    src.text.find(header).map_or(0..0, |i| i..i + header.len())
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

/// The start position as position text, from `setup.position` or piece lists.
fn start_position(file: &RulesFile, ctx: &Ctx, v: &Variant) -> Result<String> {
    let src = ctx.src;
    if let Some(pos) = &file.setup.position {
        if file.setup.first.is_some() || file.setup.second.is_some() {
            return Err(ctx.err(
                pos.span(),
                "give the setup either as `position` or as piece lists, not both",
            ));
        }
        text::parse_position(v, pos.get_ref()).map_err(|e| {
            let at = inner_span(&pos.span(), src) + e.offset;
            Box::new(
                src.error(at..at + 1, format!("bad start position: {}", e.message))
                    .label("here"),
            )
        })?;
        return Ok(pos.get_ref().clone());
    }
    let geo = &v.geometry;
    let mut board = vec![0u16; geo.nsq];
    let mut origin: Vec<Option<Range<usize>>> = vec![None; geo.nsq];
    let lists = [&file.setup.first, &file.setup.second];
    let Some(first) = lists[0] else {
        return Err(ctx.err(
            section(src, "[setup]"),
            "[setup] needs `position` or a `first` piece list",
        ));
    };
    let mut place = |color: usize,
                     name: &str,
                     list: &toml::Spanned<rules::SquareList>,
                     mirror: Option<Orientation>|
     -> Result<()> {
        let k = match ctx.names.get(&name.to_lowercase()) {
            Some(&k) => k,
            None => {
                let mut d = src
                    .error(list.span(), format!("setup names unknown piece `{name}`"))
                    .label("for this piece");
                if let Some(s) = did_you_mean(name, ctx.name_list.iter().map(|s| s.as_str())) {
                    d = d.help(format!("did you mean `{s}`?"));
                }
                return Err(Box::new(d));
            }
        };
        for s in list.get_ref().squares() {
            let Some(mut sq) = geo.parse_square(s) else {
                return Err(Box::new(
                    src.error(
                        list.span(),
                        format!(
                            "setup square `{s}` is not on the {}×{} board",
                            geo.files, geo.ranks
                        ),
                    )
                    .label("in this list"),
                ));
            };
            if let Some(m) = mirror {
                let f = geo.file(sq);
                let r = geo.rank(sq);
                let nf = if m == Orientation::Rotate {
                    geo.files - 1 - f
                } else {
                    f
                };
                sq = (((geo.ranks - 1 - r) * geo.files) + nf) as Sq;
            }
            if board[sq as usize] != 0 {
                let mut d = src
                    .error(list.span(), format!("two pieces on {}", geo.name(sq)))
                    .label("second piece here");
                if let Some(o) = &origin[sq as usize] {
                    let (l, _) = crate::diag::line_col(&src.text, o.start);
                    d = d.help(format!("{} was already given on line {l}", geo.name(sq)));
                }
                return Err(Box::new(d));
            }
            board[sq as usize] = piece(k, color);
            origin[sq as usize] = Some(list.span());
        }
        Ok(())
    };
    for (name, list) in first {
        place(0, name, list, None)?;
    }
    match (lists[1], file.setup.second_from_first) {
        (Some(second), None) => {
            for (name, list) in second {
                place(1, name, list, None)?;
            }
        }
        (None, Some(m)) => {
            for (name, list) in first {
                place(1, name, list, Some(m))?;
            }
        }
        _ => {
            return Err(ctx.err(
                section(src, "[setup]"),
                "[setup] needs exactly one of `second` and `second_from_first`",
            ));
        }
    }
    let counts = |sc: &rules::SideCounts, what: &str| -> Result<Vec<u8>> {
        let mut out = vec![0u8; 2 * v.kinds.len()];
        for (c, counts) in [&sc.first, &sc.second].iter().enumerate() {
            for (name, n) in counts.iter() {
                let k = ctx
                    .names
                    .get(&name.get_ref().to_lowercase())
                    .copied()
                    .ok_or_else(|| {
                        ctx.err(
                            name.span(),
                            format!("setup {what} names unknown piece `{}`", name.get_ref()),
                        )
                    })?;
                out[c * v.kinds.len() + k as usize] = (*n).min(MAX_HAND as u32) as u8;
            }
        }
        Ok(out)
    };
    let parts = text::Parts {
        board,
        side: 0,
        hands: counts(&file.setup.hands, "hand")?,
        reserves: counts(&file.setup.reserves, "reserve")?,
        pockets: counts(&file.setup.pockets, "pocket")?,
        flags: 0,
        castling: u32::MAX,
        ep: NO_SQ,
        halfmove: 0,
        fullmove: 1,
    };
    Ok(text::format_parts(v, &parts))
}

/// A compiled rules file with its schema (tests included) and lint warnings.
pub struct Compiled {
    pub variant: Variant,
    pub file: RulesFile,
    pub warnings: Vec<String>,
    pub source: Source,
}

/// Reads and compiles a rules file with option values, keeping its schema and
/// lint warnings.
pub fn load_full(path: &std::path::Path, options: &indexmap::IndexMap<String, String>) -> Result<Compiled> {
    let src = Source::read(path)
        .map_err(|e| Box::new(Diagnostic::new(&path.display().to_string(), "", 0..0, e)))?;
    let file = rules::parse(&src)?;
    let variant = compile_with(&file, &src, options)?;
    let warnings = lints(&file, &variant);
    Ok(Compiled {
        variant,
        file,
        warnings,
        source: src,
    })
}

/// Reads a separate test file (`[[test]]` tables).
pub fn load_tests(path: &std::path::Path) -> Result<Vec<rules::TestCase>> {
    let src = Source::read(path)
        .map_err(|e| Box::new(Diagnostic::new(&path.display().to_string(), "", 0..0, e)))?;
    toml::from_str::<rules::TestFile>(&src.text)
        .map(|f| f.tests)
        .map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            Box::new(
                src.error(
                    span,
                    e.message()
                        .lines()
                        .next()
                        .unwrap_or("invalid test file")
                        .to_string(),
                ),
            )
        })
}

/// Warnings that do not make a file invalid.
fn lints(file: &RulesFile, v: &Variant) -> Vec<String> {
    let mut out = Vec::new();
    let start = crate::engine::text::parse_position(v, &v.start).ok();
    let mut appears = vec![false; v.kinds.len()];
    if let Some(parts) = &start {
        for &p in &parts.board {
            if p != 0 {
                appears[kind_of(p) as usize] = true;
            }
        }
        for store in [&parts.hands, &parts.reserves, &parts.pockets] {
            for (i, &n) in store.iter().enumerate() {
                if n > 0 {
                    appears[i % v.kinds.len()] = true;
                }
            }
        }
    }
    // Close over promotions, demotions and spawns.
    loop {
        let mut changed = false;
        for (k, kind) in v.kinds.iter().enumerate() {
            if !appears[k] {
                continue;
            }
            let mut reach: Vec<u16> = kind
                .promotions
                .iter()
                .flat_map(|p| p.to.iter().copied())
                .collect();
            if kind.demotes_to != u16::MAX {
                reach.push(kind.demotes_to);
            }
            if let Some(s) = &kind.spawn {
                reach.push(s.piece);
            }
            for t in reach {
                if !appears[t as usize] {
                    appears[t as usize] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    if let (Some(sym), Some(parts)) = (file.setup.symmetry, &start) {
        let g = &v.geometry;
        let mut broken = Vec::new();
        for sq in 0..g.nsq as Sq {
            let (f, r) = (g.file(sq), g.rank(sq));
            let mf = if sym == Orientation::Rotate {
                g.files - 1 - f
            } else {
                f
            };
            let mirror = ((g.ranks - 1 - r) * g.files + mf) as Sq;
            let (a, b) = (parts.board[sq as usize], parts.board[mirror as usize]);
            let ok = match (a, b) {
                (0, 0) => true,
                (0, _) | (_, 0) => false,
                (a, b) => kind_of(a) == kind_of(b) && color_of(a) != color_of(b),
            };
            if !ok && broken.len() < 4 {
                broken.push(g.name(sq));
            }
        }
        let nk = v.kinds.len();
        let halves_equal = |s: &Vec<u8>| s[..nk] == s[nk..];
        if !broken.is_empty() || !halves_equal(&parts.hands) || !halves_equal(&parts.reserves) {
            out.push(format!(
                "the setup is declared symmetric ({sym:?}) but is not{}",
                if broken.is_empty() {
                    " (hands or reserves differ)".into()
                } else {
                    format!(": see {}", broken.join(", "))
                }
            ));
        }
    }
    for (k, kind) in v.kinds.iter().enumerate() {
        if !appears[k] {
            out.push(format!(
                "piece `{}` never appears: it is not in the setup and no piece promotes to it",
                kind.name
            ));
        }
        let never_moves =
            kind.program.is_none() && kind.spawn.is_none() && kind.dead.iter().all(|d| d.iter().all(|&x| x));
        if never_moves {
            out.push(format!("piece `{}` can never move from any square", kind.name));
        }
        if file.pieces[k].drop.ranks.is_some() && kind.drop_ok.iter().all(|d| d.iter().all(|&x| !x)) {
            out.push(format!("piece `{}` has an empty drop zone", kind.name));
        }
    }
    out
}
