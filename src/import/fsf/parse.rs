//! A section's keys read into the model, in the order of Fairy-Stockfish's
//! parser.

use std::collections::BTreeMap;
use std::ops::Range;

use super::pieces::{FIRST_CUSTOM, KING, NTYPES, ROYAL_SLOT, piece_name};
use super::properties::{KEYS, Kind, Model, Src, VALUES, Val, set_of};
use super::squares::{Bb, FILES, RANKS, file_bb, rank_bb, sq};
use crate::Diagnostic;
use crate::import::ini::{self, Ini, Section};

fn capitalized(name: &str) -> String {
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// Every key Fairy-Stockfish's parser reads (pieces, mobility regions,
/// piece values and the settings), for the unknown-key check.
fn known_key(k: &str) -> bool {
    if KEYS.iter().any(|(key, _, _)| *key == k)
        || ["maxRank", "maxFile", "pieceValueMg", "pieceValueEg"].contains(&k)
        || LEGACY.contains(&k)
    {
        return true;
    }
    (1..NTYPES).filter(|&t| t != ROYAL_SLOT).any(|t| {
        let n = piece_name(t);
        k == n
            || k == format!("mobilityRegionWhite{}", capitalized(&n))
            || k == format!("mobilityRegionBlack{}", capitalized(&n))
    })
}

fn parse_squares(v: &str) -> Option<Bb> {
    let mut b: Bb = 0;
    for t in v.split_whitespace() {
        if t == "-" {
            break;
        }
        let cs: Vec<char> = t.chars().collect();
        if t.ends_with('*') && cs.len() == 2 && cs[0].is_ascii_alphabetic() {
            let f = cs[0].to_ascii_lowercase() as u32 - 'a' as u32;
            if f >= FILES {
                return None;
            }
            b |= file_bb(f);
        } else if let Some(r) = t.strip_prefix('*') {
            let r: u32 = r.parse().ok()?;
            if r == 0 || r > RANKS {
                return None;
            }
            b |= rank_bb(r - 1);
        } else if cs.len() > 1 && cs[0].is_ascii_alphabetic() {
            let f = cs[0].to_ascii_lowercase() as u32 - 'a' as u32;
            let r: u32 = t[1..].parse().ok()?;
            if f >= FILES || r == 0 || r > RANKS {
                return None;
            }
            b |= sq(f, r - 1);
        } else {
            return None;
        }
    }
    Some(b)
}

/// Piece letters to types, as Fairy-Stockfish reads a piece list (letters
/// may be separated by anything it skips: spaces).
fn parse_types(m: &Model, v: &str) -> Result<Vec<usize>, char> {
    let mut out = Vec::new();
    for c in v.chars().filter(|c| !c.is_whitespace()) {
        if c == '-' {
            break;
        }
        if c == '*' {
            out.push(0);
            continue;
        }
        match m.type_of_letter(c) {
            Some(t) => out.push(t),
            None => return Err(c),
        }
    }
    Ok(out)
}

pub(super) struct Reader<'a> {
    pub(super) ini: &'a Ini,
    pub(super) section: &'a Section,
    pub(super) builtin: bool,
}

impl Reader<'_> {
    fn src(&self, e: &ini::Entry) -> Src {
        Src {
            key: e.key.clone(),
            section: self.section.name.clone(),
            span: (!self.builtin).then(|| e.key_span.start..e.value_span.end.max(e.key_span.end)),
            line: if self.builtin { 0 } else { e.line },
        }
    }
    fn err(&self, span: Range<usize>, msg: String) -> Diagnostic {
        self.ini.error(span, msg)
    }
}

/// The piece keys of a section and their mobility regions.
#[allow(clippy::result_large_err)] // one diagnostic per section: its size costs nothing
fn apply_pieces(m: &mut Model, r: &Reader) -> Result<(), Diagnostic> {
    let s = r.section;
    for pt in 1..NTYPES {
        if pt == ROYAL_SLOT {
            continue;
        }
        let name = piece_name(pt);
        if let Some(e) = s.get(&name)
            && !e.value.is_empty()
        {
            let first = e.value.chars().next().unwrap_or('-');
            if first.is_ascii_alphabetic() {
                m.add_piece(pt, first);
                m.piece_src[pt] = Some(r.src(e));
            } else if first == '-' {
                m.remove_piece(pt);
            } else {
                return Err(r.err(e.value_span.clone(), format!("`{first}` is not a piece letter")));
            }
            let rest = e.value.get(1..).unwrap_or("");
            let betza = rest.strip_prefix(':');
            if (FIRST_CUSTOM..ROYAL_SLOT).contains(&pt) && first != '-' {
                match betza {
                    Some(b) => m.betza[pt] = b.trim().to_string(),
                    None => {
                        return Err(r.err(
                            e.value_span.clone(),
                            format!("`{name}` needs its moves: `{name} = x:Betza`"),
                        ));
                    }
                }
            } else if pt == KING && first != '-' {
                m.king_wazir = false;
                match betza {
                    Some(b) => {
                        m.betza[ROYAL_SLOT] = b.trim().to_string();
                        m.custom_king = true;
                    }
                    None => m.custom_king = false,
                }
            } else if !rest.trim().is_empty() && first != '-' {
                return Err(r.err(
                    e.value_span.clone(),
                    format!("`{name}` is a predefined piece: give only its letter"),
                ));
            }
        }
        for (ci, color) in ["White", "Black"].iter().enumerate() {
            let key = format!("mobilityRegion{color}{}", capitalized(&name));
            if let Some(e) = s.get(&key) {
                let b = parse_squares(&e.value).ok_or_else(|| {
                    r.err(
                        e.value_span.clone(),
                        format!("`{}` is not a list of squares", e.value),
                    )
                })?;
                m.mobility.insert((pt, ci), (b, r.src(e)));
            }
        }
    }
    for k in ["pieceValueMg", "pieceValueEg"] {
        if let Some(e) = s.get(k) {
            m.props
                .insert(k.into(), (Val::Text(e.value.clone()), Some(r.src(e))));
        }
    }
    Ok(())
}

/// Fairy-Stockfish's deprecated keys that are not plain synonyms (read by
/// [`apply_legacy`]; the synonyms are in [`KEYS`]).
const LEGACY: [&str; 4] = [
    "promotionRank",
    "doubleStepRank",
    "doubleStepRankMin",
    "dropOnTop",
];

/// Fairy-Stockfish's `parse_legacy_attributes`: `promotionRank` (the zone
/// from that rank on, for each side), `doubleStepRank` or else
/// `doubleStepRankMin` (the ranks from the second, or from the minimum, to
/// the given one — Fairy-Stockfish reads the second key only when the first
/// is absent) and `dropOnTop`. Read before the official keys, which
/// override them.
#[allow(clippy::result_large_err)] // one diagnostic per section: its size costs nothing
fn apply_legacy(m: &mut Model, r: &Reader) -> Result<(), Diagnostic> {
    let s = r.section;
    let max_rank = match m.props.get("maxRank") {
        Some((Val::Int(n), _)) => *n as u32,
        _ => RANKS - 1,
    };
    let rank_of = |e: &ini::Entry| match scalar(Kind::Rank, &e.value) {
        Some(Val::Int(n)) => Ok(n as u32),
        _ => Err(r.err(
            e.value_span.clone(),
            format!("`{}` is not a valid value of `{}` (a rank)", e.value, e.key),
        )),
    };
    // The ranks whose distance from `c`'s first rank is in `lo..=hi`.
    let zone = |c: usize, lo: u32, hi: u32| -> Bb {
        (0..=max_rank)
            .filter(|&k| (lo..=hi).contains(&if c == 0 { k } else { max_rank - k }))
            .fold(0, |b, k| b | rank_bb(k))
    };
    if let Some(e) = s.get("promotionRank") {
        let from = rank_of(e)?;
        for (ci, c) in ["w", "b"].iter().enumerate() {
            let v = Val::Squares(zone(ci, from, RANKS));
            m.props
                .insert(format!("promotionRegion.{c}"), (v, Some(r.src(e))));
        }
    }
    let double = match (s.get("doubleStepRank"), s.get("doubleStepRankMin")) {
        (Some(e), _) => Some((e, 1, rank_of(e)?)),
        (None, Some(e)) => Some((e, rank_of(e)?, 1)),
        (None, None) => None,
    };
    if let Some((e, lo, hi)) = double {
        for (ci, c) in ["w", "b"].iter().enumerate() {
            let v = Val::Squares(zone(ci, lo, hi));
            m.props
                .insert(format!("doubleStepRegion.{c}"), (v, Some(r.src(e))));
        }
    }
    if let Some(e) = s.get("dropOnTop")
        && e.value == "true"
    {
        m.props
            .insert("enclosingDrop".into(), (Val::Text("top".into()), Some(r.src(e))));
    }
    Ok(())
}

/// The keys only the built-ins' file has, read apart.
const BUILTIN_KEYS: [&str; 5] = [
    "resetPieces",
    "notImportable",
    "freeDrops",
    "kingType",
    "pieceSynonyms",
];

/// The built-ins' `pieceSynonyms = n:h b:e`: the letter a type is also
/// written with (Fairy-Stockfish's `pieceToCharSynonyms`), after the
/// section's pieces.
fn apply_synonyms(m: &mut Model, r: &Reader) {
    if let Some(e) = r.section.get("pieceSynonyms").filter(|_| r.builtin) {
        for (a, b) in pair_list(&e.value) {
            if let (Some(t), Some(c)) = (m.type_of_letter(a), b.chars().next()) {
                m.synonyms[t] = Some(c);
            }
        }
    }
}

/// The keys only the built-ins' file has (`resetPieces`, `freeDrops`,
/// `notImportable`), read before the section's other keys.
fn apply_builtin(m: &mut Model, r: &Reader) {
    let s = r.section;
    if s.get("resetPieces").is_some() {
        for t in 1..NTYPES {
            m.letters[t] = None;
        }
        for c in ["w", "b"] {
            m.props
                .insert(format!("promotionPieceTypes.{c}"), (Val::Set(0), None));
        }
    }
    if s.get("freeDrops").is_some() {
        m.props.insert("freeDrops".into(), (Val::Bool(true), None));
    }
    if let Some(e) = s.get("notImportable") {
        m.not_importable = Some((e.value.clone(), r.src(e)));
    }
}

/// Applies one section's entries to `m`, in Fairy-Stockfish's order.
#[allow(clippy::result_large_err)] // one diagnostic per section or file: its size costs nothing
pub(super) fn apply(m: &mut Model, r: &Reader) -> Result<(), Diagnostic> {
    let s = r.section;
    for e in &s.entries {
        if r.builtin && BUILTIN_KEYS.contains(&e.key.as_str()) {
            continue;
        }
        if !known_key(&e.key) {
            return Err(r
                .err(
                    e.key_span.clone(),
                    format!("`{}` is not a key of Fairy-Stockfish's variants.ini", e.key),
                )
                .help("see the list of keys at the top of Fairy-Stockfish's src/variants.ini"));
        }
    }
    if r.builtin {
        apply_builtin(m, r);
    }
    for (k, kind) in [("maxRank", Kind::Rank), ("maxFile", Kind::File)] {
        if let Some(e) = s.get(k) {
            let v = scalar(kind, &e.value).ok_or_else(|| {
                r.err(
                    e.value_span.clone(),
                    format!(
                        "`{}` is not a {} here",
                        e.value,
                        if k == "maxRank" {
                            "rank (1–10)"
                        } else {
                            "file (1–12 or a–l)"
                        }
                    ),
                )
            })?;
            m.props.insert(k.into(), (v, Some(r.src(e))));
        }
    }
    apply_pieces(m, r)?;
    if r.builtin
        && let Some(e) = s.get("kingType")
    {
        // `king = k:W` then `kingType = wazir`: the C++ `kingType = WAZIR`.
        if e.value != "wazir" {
            return Err(r.err(
                e.value_span.clone(),
                "only `kingType = wazir` is read here".into(),
            ));
        }
        m.king_wazir = true;
    }
    apply_synonyms(m, r);
    apply_legacy(m, r)?;
    for (key, kind, targets) in KEYS {
        let Some(e) = s.get(key) else { continue };
        let v = match kind {
            Kind::Set | Kind::Type => {
                let ts = parse_types(m, &e.value).map_err(|c| {
                    r.err(
                        e.value_span.clone(),
                        format!(
                            "`{c}` is not a piece of this variant (its letters: {})",
                            letters_of(m)
                        ),
                    )
                })?;
                if *kind == Kind::Type {
                    Val::Type(ts.last().copied().unwrap_or(0))
                } else {
                    Val::Set(set_of(&ts))
                }
            }
            _ => scalar(*kind, &e.value).ok_or_else(|| {
                r.err(
                    e.value_span.clone(),
                    format!(
                        "`{}` is not a valid value of `{key}` ({})",
                        e.value,
                        kind_words(*kind)
                    ),
                )
            })?,
        };
        if *key == "promotionLimit" || *key == "promotedPieceType" {
            check_pairs(m, key, &e.value).map_err(|msg| r.err(e.value_span.clone(), msg))?;
        }
        for t in *targets {
            m.props.insert(t.to_string(), (v.clone(), Some(r.src(e))));
        }
    }
    // Fairy-Stockfish binds piece lists to types when it reads them; the
    // pair lists are kept as text and read against the letters of the
    // section that wrote them: resolve them now.
    for k in ["promotionLimit", "promotedPieceType"] {
        if let Some(e) = s.get(k) {
            let mut pairs = resolved_pairs(m, k);
            for (a, b) in pair_list(&e.value) {
                let ta = m.type_of_letter(a).unwrap_or(0);
                let tb = if k == "promotedPieceType" {
                    if b == "-" {
                        0
                    } else {
                        b.chars().next().and_then(|c| m.type_of_letter(c)).unwrap_or(0)
                    }
                } else {
                    b.parse::<usize>().unwrap_or(0)
                };
                pairs.insert(ta, tb);
            }
            let text = pairs
                .iter()
                .map(|(a, b)| format!("{a}:{b}"))
                .collect::<Vec<_>>()
                .join(" ");
            m.props
                .insert(format!("{k}#types"), (Val::Text(text), Some(r.src(e))));
        }
    }
    Ok(())
}

fn letters_of(m: &Model) -> String {
    m.types().iter().filter_map(|&t| m.letters[t]).collect()
}

fn pair_list(v: &str) -> Vec<(char, String)> {
    v.split_whitespace()
        .filter_map(|t| {
            let (a, b) = t.split_once(':')?;
            Some((a.chars().next()?, b.to_string()))
        })
        .collect()
}

fn check_pairs(m: &Model, key: &str, v: &str) -> Result<(), String> {
    for t in v.split_whitespace() {
        let Some((a, b)) = t.split_once(':') else {
            return Err(format!("`{t}` is not `letter:value`"));
        };
        let mut ac = a.chars();
        let (Some(x), None) = (ac.next(), ac.next()) else {
            return Err(format!("`{a}` is not one piece letter"));
        };
        if m.type_of_letter(x).is_none() {
            return Err(format!("`{x}` is not a piece of this variant"));
        }
        if key == "promotionLimit" {
            b.parse::<u32>().map_err(|_| format!("`{b}` is not a count"))?;
        } else if b != "-" {
            let mut bc = b.chars();
            match (bc.next(), bc.next()) {
                (Some(y), None) if m.type_of_letter(y).is_some() => {}
                _ => return Err(format!("`{b}` is not a piece of this variant")),
            }
        }
    }
    Ok(())
}

pub(super) fn resolved_pairs(m: &Model, k: &str) -> BTreeMap<usize, usize> {
    match m.props.get(&format!("{k}#types")) {
        Some((Val::Text(t), _)) => t
            .split_whitespace()
            .filter_map(|p| {
                let (a, b) = p.split_once(':')?;
                Some((a.parse().ok()?, b.parse().ok()?))
            })
            .collect(),
        _ => BTreeMap::new(),
    }
}

fn kind_words(k: Kind) -> String {
    match k {
        Kind::Bool => "true or false".into(),
        Kind::Int => "a whole number".into(),
        Kind::Rank => "a rank, 1–10".into(),
        Kind::File => "a file, 1–12 or a–l".into(),
        Kind::Squares => "squares such as `d4 e5`, `*1` (a rank) or `a*` (a file)".into(),
        Kind::Value | Kind::Enum(_) => {
            let list = if let Kind::Enum(l) = k { l } else { VALUES };
            format!("one of {}", list.join(", "))
        }
        Kind::Rights => "castling rights KQkq".into(),
        _ => "text".into(),
    }
}

fn scalar(kind: Kind, v: &str) -> Option<Val> {
    Some(match kind {
        Kind::Bool => match v {
            "true" => Val::Bool(true),
            "false" => Val::Bool(false),
            _ => return None,
        },
        Kind::Int => Val::Int(v.parse::<i64>().ok().filter(|n| (0..=1_000_000).contains(n))?),
        Kind::Rank => {
            let n: i64 = v.parse().ok()?;
            if !(1..=RANKS as i64).contains(&n) {
                return None;
            }
            Val::Int(n - 1)
        }
        Kind::File => {
            let n: i64 = if v.chars().next()?.is_ascii_digit() {
                v.parse().ok()?
            } else {
                let mut c = v.chars();
                let f = c.next()?;
                if c.next().is_some() || !f.is_ascii_lowercase() {
                    return None;
                }
                f as i64 - 'a' as i64 + 1
            };
            if !(1..=FILES as i64).contains(&n) {
                return None;
            }
            Val::Int(n - 1)
        }
        Kind::Squares => Val::Squares(parse_squares(v)?),
        Kind::Text => Val::Text(v.to_string()),
        Kind::Value => Val::Text(VALUES.contains(&v).then(|| v.to_string())?),
        Kind::Enum(list) => Val::Text(list.contains(&v).then(|| v.to_string())?),
        Kind::Rights => {
            if !v.chars().all(|c| "KQkq-".contains(c) || c.is_whitespace()) {
                return None;
            }
            Val::Text(v.replace('-', "").split_whitespace().collect())
        }
        Kind::Set | Kind::Type => return None,
    })
}
