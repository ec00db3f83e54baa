//! Every file in tests/bad/ is a rules file with one mistake. Each must fail to
//! compile with a positioned message; the rendered messages are snapshots.
use std::path::Path;

use chimera::compile::compile_source;
use chimera::rules::Source;

#[test]
fn bad_rules_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    assert!(names.len() >= 15);
    for path in names {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let src = Source {
            name: format!("tests/bad/{file}"),
            text: std::fs::read_to_string(&path).unwrap(),
        };
        let Err(d) = compile_source(&src) else {
            panic!("{file} compiled but should not")
        };
        assert!(d.line >= 1 && d.column >= 1);
        insta::assert_snapshot!(file.trim_end_matches(".toml").to_string(), d.render());
    }
}
