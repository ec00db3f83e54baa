//! Every notation string quoted in the Ko shogi seed parses verbatim, prints back
//! to itself, and has a snapshot of its program and explanation.
use chimera::notation::{compile_program, explain, parse};

/// Strings from the piece sections of `seeds/ko-shogi.txt`, then from its notation
/// paragraph (NOTATION.md §2 lists them).
pub const SEED_STRINGS: &[&str] = &[
    "K",
    "FrlW",
    "rlW",
    "a!5W",
    "Wa5fW",
    "FrlbW",
    "WB",
    "FfrlW",
    "FR",
    "WfF",
    "fbRK",
    "FfW",
    "rlRK",
    "FfbW",
    "BfR",
    "fKbW",
    "aK",
    "FD",
    "a[FD]",
    "WA",
    "a[WA]",
    "[DA]acxK",
    "a[DA]acxK",
    "fRbW",
    "rlRfBbW",
    "fWbR",
    "rlRbBfW",
    "Q",
    "Q[aK]",
    "R[aF]",
    "B[aW]",
    "B",
    "Fa[cxQ3]",
    "Na[cxQ3]",
    "Fa[cxQ5]",
    "Na[cxQ5]",
    "Fa[cx[Q5ppQ5]]",
    "[R5]a[cx[Q5ppQ5]]",
    "Fa[a[cxQ7]]",
    "[R5]a[a[cxQ7]]",
    "N",
    "[NaffN][xN]",
    "aN",
    "W",
    "rlbW",
    "fbRW",
    "BfbR",
    "F",
    "rlRF",
    "fbRB",
    "R5",
    "R",
    "fR5",
    "a3K",
    "mKa3K",
    "R4",
    "R(2≤n≤4)",
    "R4!",
    "a3!K",
    "WW",
];

#[test]
fn seed_strings_parse_and_round_trip() {
    for s in SEED_STRINGS {
        let tree = parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        let printed = tree.to_string();
        assert_eq!(&printed, s, "canonical form of {s}");
        assert_eq!(parse(&printed).unwrap(), tree);
    }
}

#[test]
fn seed_strings_snapshot() {
    let mut out = String::new();
    for s in SEED_STRINGS {
        let (tree, prog) = compile_program(s).unwrap();
        let ast = serde_json::to_string(&tree).unwrap();
        out.push_str(&format!("== {s}\nast: {ast}\n{}", explain(&prog)));
    }
    insta::assert_snapshot!(out);
}

#[test]
fn ascii_spellings() {
    assert_eq!(parse("R(2<=n<=4)").unwrap(), parse("R(2≤n≤4)").unwrap());
    assert_eq!(parse("Rinf").unwrap(), parse("R∞").unwrap());
    assert_eq!(parse("p∞R").unwrap(), parse("ppR").unwrap());
}

#[test]
fn errors_are_positioned() {
    let e = parse("fR5x").unwrap_err();
    assert_eq!(e.column, 5);
    let e = parse("fQ[").unwrap_err();
    assert_eq!(e.column, 4);
    let e = parse("").unwrap_err();
    assert_eq!(e.column, 1);
    let e = parse("mmK").unwrap_err();
    assert!(e.message.contains("repeated"), "{}", e.message);
}
