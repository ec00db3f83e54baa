//! `chimera train --rounds N`: play with the best network so far, train a
//! new one on every round's data, keep it only when it wins a gating match
//! (an SPRT on a clock) against the best. Each round's state is files in
//! DIR/round-N, so a stopped run resumes with the same command.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use serde_json::{Value, json};

use super::{Args, Round, play_and_train, read_network, write_atomically};
use crate::cli::matches::gate;
use crate::cli::output::{Failure, Outcome, Output, bad};
use crate::engine::Variant;
use crate::game::TimeControl;
use crate::game::nnue::layout::Fnv;
use crate::game::sprt::{Sprt, Verdict};

/// A round's gating match, as DIR/round-N/gate.json keeps it.
fn gate_record(path: &Path) -> Option<Value> {
    let text = std::fs::read_to_string(path).ok()?;
    serde_json::from_str(&text).ok()
}

pub(super) fn run(
    a: &Args,
    v: &Arc<Variant>,
    dir: &Path,
    target: &Path,
    threads: usize,
    out: &Output,
) -> Outcome {
    let sprt = Sprt::parse(&a.gate_sprt).map_err(|e| bad(format!("--gate-sprt: {e}")))?;
    let tc = TimeControl::parse(&a.gate_tc, 0.0).map_err(|e| bad(format!("--gate-tc: {e}")))?;
    let name = crate::cli::play::variant_name(&a.variant);
    let started = Instant::now();
    // The best network so far (none: the rules file's evaluation).
    let mut best: Option<PathBuf> = a.from.clone();
    let mut earlier: Vec<PathBuf> = Vec::new();
    let mut summary = Vec::new();
    for r in 1..=a.rounds {
        let rdir = dir.join(format!("round-{r}"));
        let from = best
            .as_ref()
            .map(|p| read_network(v, p).map(Arc::new))
            .transpose()?;
        let from_name = best.as_ref().map(|p| p.display().to_string());
        let round = Round {
            dir: &rdir,
            earlier: &earlier,
            from: from.as_ref().zip(from_name.as_deref()),
            // Each round its own openings.
            seed: a.seed.wrapping_add((r - 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
        };
        let (outcomes, trained) = play_and_train(a, v, &round, None, threads, out)?;
        let t = trained.ok_or_else(|| bad("--play-only: not with --rounds"))?;
        earlier.push(rdir.join("data"));
        let candidate = rdir.join("network.nnue");
        write_atomically(&candidate, &t.network.to_bytes())?;
        let old = from_name
            .clone()
            .unwrap_or_else(|| "the rules file's evaluation".into());
        let record = play_gate(
            a,
            v,
            &name,
            &rdir,
            &candidate,
            best.as_deref(),
            (tc, sprt),
            threads,
            r,
        )?;
        let kept = record["kept"].as_bool() == Some(true);
        let held = t.losses.last().map_or(0.0, |l| l.1);
        out.emit(
            format!(
                "round {r}: {} positions (games played now: first won {}, drawn {}, second won {}), held-out loss {held:.5}; {} against {old}: {}; {:.1} minutes so far",
                t.positions,
                outcomes[0],
                outcomes[1],
                outcomes[2],
                candidate.display(),
                gate_words(&record),
                started.elapsed().as_secs_f64() / 60.0
            ),
            json!({"round": r, "positions": t.positions, "outcomes": outcomes, "held_out_loss": held,
                   "network": candidate.display().to_string(), "against": old, "gate": record,
                   "minutes": started.elapsed().as_secs_f64() / 60.0}),
        );
        summary.push(json!({"round": r, "kept": kept}));
        if kept {
            best = Some(candidate);
        }
    }
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    match best.filter(|b| Some(b) != a.from.as_ref()) {
        Some(b) => {
            let bytes = std::fs::read(&b).map_err(|e| bad(format!("cannot read {}: {e}", b.display())))?;
            write_atomically(target, &bytes)?;
            out.emit(
                format!(
                    "{}: the best network is {}, written to {}; {minutes:.1} minutes this run",
                    v.name(),
                    b.display(),
                    target.display()
                ),
                json!({"variant": v.name(), "best": b.display().to_string(), "network": target.display().to_string(),
                       "rounds": summary, "minutes": minutes}),
            );
            Ok(ExitCode::SUCCESS)
        }
        None => {
            out.emit(
                format!(
                    "{}: no round's network won its gating match; nothing written to {}",
                    v.name(),
                    target.display()
                ),
                json!({"variant": v.name(), "best": null, "rounds": summary, "minutes": minutes}),
            );
            Ok(ExitCode::from(1))
        }
    }
}

/// The round's gating match, played now or read from DIR/round-N/gate.json.
#[allow(clippy::too_many_arguments)]
fn play_gate(
    a: &Args,
    v: &Arc<Variant>,
    name: &str,
    rdir: &Path,
    candidate: &Path,
    best: Option<&Path>,
    (tc, sprt): (TimeControl, Sprt),
    threads: usize,
    round: u64,
) -> Result<Value, Failure> {
    let file = rdir.join("gate.json");
    if a.gate_games == 0 {
        return Ok(json!({"kept": true, "games": 0}));
    }
    // A gate belongs to the networks it compared.
    let stamp = format!(
        "{:016x} against {}",
        {
            let mut h = Fnv::default();
            h.write(&std::fs::read(candidate).unwrap_or_default());
            h.0
        },
        best.map_or_else(|| "the rules file".to_string(), |p| p.display().to_string())
    );
    if let Some(r) = gate_record(&file)
        && r["networks"].as_str() == Some(stamp.as_str())
    {
        return Ok(r);
    }
    let new = format!("engine:network={}", candidate.display());
    let old = best.map_or_else(
        || "engine".to_string(),
        |p| format!("engine:network={}", p.display()),
    );
    let seed = a.seed.wrapping_mul(7919).wrapping_add(round);
    let g = gate(
        v,
        name,
        [&new, &old],
        tc,
        (a.gate_games, sprt),
        (threads, a.max_moves as usize),
        (seed, &super::starts(a, v)?),
    )?;
    let record = json!({
        "kept": g.verdict == Some(Verdict::H1),
        "verdict": match g.verdict { Some(Verdict::H1) => "H1", Some(Verdict::H0) => "H0", _ => "none" },
        "wins": g.wins, "draws": g.draws, "losses": g.losses,
        "elo": g.elo.map(|e| e.0), "elo_margin": g.elo.map(|e| e.1),
        "tc": tc.describe(), "sprt": sprt.describe(), "games": g.wins + g.draws + g.losses,
        "networks": stamp,
    });
    write_atomically(&file, record.to_string().as_bytes())?;
    Ok(record)
}

/// "won 30, drew 5, lost 9, Elo +… ± …, SPRT …: kept".
fn gate_words(r: &Value) -> String {
    if r["games"].as_u64() == Some(0) {
        return "no gating match: kept".into();
    }
    let elo = match (r["elo"].as_f64(), r["elo_margin"].as_f64()) {
        (Some(e), Some(m)) => format!(", Elo {e:+.1} ± {m:.1}"),
        _ => String::new(),
    };
    format!(
        "won {}, drew {}, lost {}{elo} at {}, SPRT {}: {}",
        r["wins"],
        r["draws"],
        r["losses"],
        r["tc"].as_str().unwrap_or("?"),
        r["sprt"].as_str().unwrap_or("?"),
        match (r["kept"].as_bool(), r["verdict"].as_str()) {
            (Some(true), _) => "kept",
            (_, Some("H0")) => "H0, not kept",
            _ => "no verdict, not kept",
        }
    )
}
