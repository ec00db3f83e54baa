//! Every file in tests/bad/ is a rules file with one mistake. Each must fail to
//! compile with a positioned message; the rendered messages are snapshots, one
//! test per file.

#[test]
fn bad_rules_files() {
    insta::glob!("bad/*.toml", |path| {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let Err(d) = chimera::load_str(&format!("tests/bad/{file}"), &text) else {
            panic!("{file} compiled but should not")
        };
        assert!(d.line >= 1 && d.column >= 1);
        insta::assert_snapshot!(d.render());
    });
}
