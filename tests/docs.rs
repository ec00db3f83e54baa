//! The complete example in docs/rules-format.md compiles and its test passes.
use chimera::Loader;
use chimera::check::run_case;
use chimera::rules::Source;

#[test]
fn rules_format_example() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules-format.md")).unwrap();
    let start = doc.find("```toml\n").unwrap() + 8;
    let end = start + doc[start..].find("```").unwrap();
    let src = Source {
        name: "docs/rules-format.md".into(),
        text: doc[start..end].to_string(),
    };
    let compiled = Loader::new()
        .compile_source(src)
        .unwrap_or_else(|e| panic!("{}", e.render()));
    assert!(!compiled.file.tests.is_empty());
    for t in &compiled.file.tests {
        let r = run_case(&compiled.variant, t, "docs");
        assert!(r.passed, "{:?}", r.failures);
    }
}

/// docs/variants.md is what `chimera gallery variants -o docs/variants.md`
/// writes from the rules files (regenerate it with that command).
#[test]
fn variant_gallery_is_up_to_date() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_chimera"))
        .current_dir(root)
        .args(["gallery", "variants", "-o", "docs/variants.md", "--check"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
