//! `chimera import xbetza` against the programs that read XBetza
//! (tests/tools/xbetza_oracle.py, docs/import.md): each converted piece's
//! targets on an empty 13x13 board and on crowded ones equal
//!
//! - XBoard's reading (the script's transcription of XBoard's
//!   `MovesFromString`, the code with which XBoard highlights an engine's
//!   pieces), for a sample: XBoard's pawn, cannon, grasshopper, nightrider and
//!   the examples of the XBetza documentation (lion, hook movers, griffon,
//!   aanca, Fairy-Max's falcon, xiangqi horse);
//! - HaChu's highlights (`lift`), for a sample of the pieces HaChu announces
//!   with `piece` commands (its lions, hook movers and shogi pieces).
//!
//! The HaChu test needs HaChu (`apt-get install hachu`): without it the test
//! is skipped with a message, except under CI (CI=true), where it fails.
use crate::common;

fn oracle(against: &str, what: &str) -> Option<String> {
    let args = [
        "--against".to_string(),
        against.to_string(),
        "--quick".to_string(),
        "--chimera".to_string(),
        env!("CARGO_BIN_EXE_chimera").to_string(),
    ];
    let out = common::python_tool("xbetza_oracle.py", &args, what)?;
    let compared = out
        .lines()
        .find_map(|l| l.strip_prefix("strings compared "))
        .and_then(|l| l.split(',').next())
        .and_then(|n| n.trim().parse::<u32>().ok());
    assert!(compared.is_some_and(|n| n >= 8), "strings are compared:\n{out}");
    Some(out)
}

#[test]
fn xbetza_pieces_move_as_xboard_reads_them() {
    if let Some(out) = oracle("xboard", "chimera and XBoard's reading of XBetza differ") {
        // The multi-leg examples are converted, not refused.
        for s in [
            "KNADcaKmabK",
            "RmasR",
            "FyafsF",
            "aflafrKafraflKafafsKafsafK",
            "mafsW",
        ] {
            assert!(
                out.lines()
                    .any(|l| l.starts_with("ok") && l.split_whitespace().nth(1) == Some(s)),
                "{s} compared:\n{out}"
            );
        }
    }
}

#[test]
fn hachu_pieces_move_as_hachu_highlights_them() {
    oracle(
        "hachu",
        "chimera and HaChu's highlights of its XBetza pieces differ",
    );
}
