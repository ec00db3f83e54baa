//! The large shogi games against HaChu (H. G. Muller's large-shogi engine,
//! Debian's `hachu`): tests/tools/hachu_oracle.py asks HaChu for every
//! piece's moves in 20 seeded positions (random games and scattered pieces)
//! and compares them with chimera's, move by move (docs/large-shogi.md, "The
//! oracle") — chu, dai and wa shogi. Sho shogi, which HaChu 0.21 cannot set
//! up, is compared with Fairy-Stockfish's `shoshogi` (pyffish) instead.
//!
//! HaChu's answers that are not the rules as the files read them are set
//! aside by the script, each confirmed by chimera: moves that leave the
//! side's last royal piece attacked (HaChu's highlights are pseudo-legal),
//! the lion trades its search struck out, captures the position's
//! counter-strike flag forbids (HaChu's `setboard` has no history), and
//! moves onto the mover's own pieces. Any difference left fails: chu's
//! lion-trading rules, the last class the oracle used to accept, are now the
//! `lion_trading` hook.
//!
//! Needs HaChu (`apt-get install hachu`) and pyffish (`pip install
//! pyffish`); without them the tests are skipped with a message — except
//! under CI, where `.ci/run` installs both and a missing one is a failure.

use crate::common;

fn agrees_with_hachu(file: &str, what: &str) {
    let root = common::root();
    let args = [
        "--variant".to_string(),
        root.join("variants").join(file).display().to_string(),
        "--quick".to_string(),
        "--seed".to_string(),
        "1".to_string(),
        "--chimera".to_string(),
        env!("CARGO_BIN_EXE_chimera").to_string(),
    ];
    if let Some(out) = common::python_tool("hachu_oracle.py", &args, what) {
        let compared = out
            .lines()
            .find_map(|l| l.trim().strip_prefix("positions compared"))
            .and_then(|n| n.trim().parse::<u32>().ok());
        assert!(
            compared.is_some_and(|n| n >= 15),
            "most positions are compared:\n{out}"
        );
        println!("{}", out.lines().last().unwrap_or(""));
    }
}

#[test]
fn chu_shogi_agrees_with_hachu() {
    agrees_with_hachu("chu-shogi.toml", "chu shogi: chimera and HaChu differ");
}

#[test]
fn dai_shogi_agrees_with_hachu() {
    agrees_with_hachu("dai-shogi.toml", "dai shogi: chimera and HaChu differ");
}

#[test]
fn wa_shogi_agrees_with_hachu() {
    agrees_with_hachu("wa-shogi.toml", "wa shogi: chimera and HaChu differ");
}

#[test]
fn sho_shogi_agrees_with_fairy_stockfish() {
    let root = common::root();
    let args = [
        "--variant".to_string(),
        root.join("variants/sho-shogi.toml").display().to_string(),
        "--positions".to_string(),
        "40".to_string(),
        "--scatter".to_string(),
        "0.5".to_string(),
        "--seed".to_string(),
        "1".to_string(),
        "--chimera".to_string(),
        env!("CARGO_BIN_EXE_chimera").to_string(),
    ];
    if let Some(out) = common::python_tool(
        "fsf_sho_oracle.py",
        &args,
        "sho shogi: chimera and Fairy-Stockfish's shoshogi differ",
    ) {
        let compared = out
            .lines()
            .find_map(|l| l.trim().strip_prefix("positions compared"))
            .and_then(|n| n.trim().parse::<u32>().ok());
        assert!(
            compared.is_some_and(|n| n >= 30),
            "most positions are compared:\n{out}"
        );
    }
}
