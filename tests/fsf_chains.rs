//! `chimera import fsf` on long inheritance chains (issue 45): each
//! section is resolved once, from its parent's resolved model, so a file
//! whose sections each inherit from the one above imports in time linear
//! in its length (it was quadratic, each section walking and applying its
//! whole chain: 1,000 sections 9.8 s, 256 sections 0.87 s). The default
//! run imports a chain of 256 sections (the most a variants.ini text loads
//! in the bindings) and checks what each depth inherits; the deep tier
//! times chains of 256 and 2,048 sections in one run.
use std::path::Path;
use std::time::Instant;

use crate::common;

/// `n` sections, each inheriting from the one above, the first from
/// chess; section 10 drops the pawns' double step and section 100 gives
/// it back; the others set castling, as chess has it.
fn chain(n: usize) -> String {
    let mut text = String::new();
    for i in 1..=n {
        let parent = if i == 1 {
            "chess".to_string()
        } else {
            format!("v{}", i - 1)
        };
        let key = match i {
            10 => "doubleStep = false",
            100 => "doubleStep = true",
            _ => "castling = true",
        };
        text.push_str(&format!("[v{i}:{parent}]\n{key}\n\n"));
    }
    text
}

/// Imports a chain of `n` into `dir`: the seconds it took.
fn import(dir: &Path, n: usize) -> f64 {
    let ini = dir.join(format!("chain{n}.ini"));
    std::fs::write(&ini, chain(n)).unwrap();
    let out_dir = dir.join(format!("out{n}"));
    let t = Instant::now();
    let out = common::chimera(&[
        "import",
        "fsf",
        ini.to_str().unwrap(),
        "-o",
        out_dir.to_str().unwrap(),
    ]);
    let secs = t.elapsed().as_secs_f64();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains(&format!("{n} sections imported, 0 not")),
        "{stdout}"
    );
    secs
}

/// The number of legal moves at the start of an imported section.
fn start_moves(dir: &Path, n: usize, section: usize) -> u64 {
    let file = dir.join(format!("out{n}/v{section}.toml"));
    let out = common::chimera(&["moves", file.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["count"].as_u64().unwrap()
}

#[test]
fn a_chain_of_256_sections_imports_each_with_what_it_inherits() {
    let dir = tempfile::tempdir().unwrap();
    import(dir.path(), 256);
    // Chess's 20 moves; 12 without the double steps (sections 10 to 99).
    for (section, moves) in [(1, 20), (9, 20), (10, 12), (99, 12), (100, 20), (256, 20)] {
        assert_eq!(start_moves(dir.path(), 256, section), moves, "v{section}");
    }
    // The first line names the nearest parents and the root, and counts them.
    let last = std::fs::read_to_string(dir.path().join("out256/v256.toml")).unwrap();
    let first = last.lines().next().unwrap();
    assert!(
        first.contains(
            "section [v256] (inheriting from v255 ← v254 ← v253 ← v252 ← v251 ← v250 ← v249 ← … ← chess: 256 parents)"
        ),
        "{first}"
    );
    let short = std::fs::read_to_string(dir.path().join("out256/v3.toml")).unwrap();
    assert!(
        short
            .lines()
            .next()
            .unwrap()
            .contains("(inheriting from v2 ← v1 ← chess)"),
        "{short}"
    );
}

#[test]
#[ignore = "deep tier: cargo test --release -- --ignored"]
fn importing_a_chain_takes_time_linear_in_its_length() {
    let dir = tempfile::tempdir().unwrap();
    let short = import(dir.path(), 256);
    let long = import(dir.path(), 2048);
    println!(
        "chain of 256: {short:.2} s; of 2,048: {long:.2} s ({:.1}x)",
        long / short
    );
    // 8 times the sections: linear is 8 times the time, quadratic 64.
    assert!(long < 20.0 * short, "256: {short:.2} s, 2,048: {long:.2} s");
}
