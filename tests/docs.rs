//! The complete example in docs/rules-format.md compiles and its test passes.
use std::sync::Arc;

use chimera::check::run_case;
use chimera::compile::compile;
use chimera::rules::{Source, parse};

#[test]
fn rules_format_example() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules-format.md")).unwrap();
    let start = doc.find("```toml\n").unwrap() + 8;
    let end = start + doc[start..].find("```").unwrap();
    let src = Source {
        name: "docs/rules-format.md".into(),
        text: doc[start..end].to_string(),
    };
    let file = parse(&src).unwrap_or_else(|e| panic!("{}", e.render()));
    let v = Arc::new(compile(&file, &src).unwrap_or_else(|e| panic!("{}", e.render())));
    assert!(!file.tests.is_empty());
    for t in &file.tests {
        let r = run_case(&v, t, "docs");
        assert!(r.passed, "{:?}", r.failures);
    }
}
