//! Chu shogi against HaChu (H. G. Muller's large-shogi engine, Debian's
//! `hachu`): tests/tools/hachu_oracle.py asks HaChu for every piece's moves
//! in 20 seeded positions (random games and scattered pieces) and compares
//! them with chimera's, move by move (docs/large-shogi.md, "The oracle").
//!
//! HaChu's answers that are not chu's rules as variants/chu-shogi.toml reads
//! them are set aside by the script, each confirmed by chimera: moves that
//! leave the side's last royal piece attacked (HaChu's highlights are
//! pseudo-legal) and the lion trades its search struck out. Of the
//! differences left, `--known-only-ok` accepts only the class of the rule the
//! language cannot say yet, chu's lion-trading rule (`lion-trade-protected`:
//! a lion takes a protected lion from two squares away); any other difference
//! fails.
//!
//! Needs HaChu (`apt-get install hachu`); without it the test is skipped
//! with a message — except under CI, where `.ci/run` installs it and a
//! missing one is a failure.
use std::path::Path;

mod common;

#[test]
fn chu_shogi_agrees_with_hachu() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let args = [
        "--variant".to_string(),
        root.join("variants/chu-shogi.toml").display().to_string(),
        "--quick".to_string(),
        "--seed".to_string(),
        "1".to_string(),
        "--chimera".to_string(),
        env!("CARGO_BIN_EXE_chimera").to_string(),
        "--known-only-ok".to_string(),
    ];
    if let Some(out) = common::python_tool(
        "hachu_oracle.py",
        &args,
        "chu shogi: chimera and HaChu differ beyond the lion-trading rule",
    ) {
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
