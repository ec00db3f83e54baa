//! The structure the architecture promises (docs/architecture.md), checked on
//! the source: the engine and the compiler do not import the hooks and name no
//! variant; the engine imports nothing else of the crate; the notation imports
//! neither the importers, the schema, the compiler nor the engine, and the
//! schema not the importers; no function is longer than a screenful and a half,
//! and no file longer than 800 lines.
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(rust_files(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out.sort();
    out
}

fn src(sub: &str) -> Vec<(PathBuf, String)> {
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(sub))
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect()
}

#[test]
fn engine_and_compile_do_not_import_hooks_or_name_variants() {
    let names = [
        "kozune",
        "ko shogi",
        "ko-shogi",
        "wwii",
        "pocket shogi",
        "copper",
        "crazyhouse",
        "xiangqi",
        "janggi",
        "makruk",
        "seirawan",
        "atomic",
        "antichess",
        "giveaway",
        "codrus",
        "kinglet",
        "atomar",
        "armageddon",
        "losers",
        "horde",
        "racing kings",
        "racingkings",
        "three-check",
        "3check",
        "king of the hill",
        "kingofthehill",
        "chessgi",
        "capablanca",
        "shako",
        "shatranj",
        "courier",
        "minishogi",
        "euroshogi",
        "judkins",
        "kyotoshogi",
        "torishogi",
        "dobutsu",
        "sittuyin",
        "cambodian",
        "karouk",
        "dai shogi",
        "dai-shogi",
        "wa shogi",
        "wa-shogi",
        "sho shogi",
        "sho-shogi",
        "cylinder chess",
        "cylinder-chess",
    ];
    for (path, text) in src("engine").into_iter().chain(src("compile")) {
        assert!(!text.contains("hooks::"), "{} imports hooks", path.display());
        // `std::sync::atomic` and its types are Rust, not the variant.
        let lower = text
            .to_lowercase()
            .replace("sync::atomic", "")
            .replace("atomicu64", "")
            .replace("atomicusize", "")
            .replace("atomicbool", "");
        for n in names {
            assert!(!lower.contains(n), "{} names the variant `{n}`", path.display());
        }
    }
}

#[test]
fn the_engine_imports_nothing_else_of_the_crate() {
    for (path, text) in src("engine") {
        assert!(
            !text.contains("crate::"),
            "{} reaches outside the engine",
            path.display()
        );
    }
}

#[test]
fn the_schema_does_not_import_the_importers() {
    // `xbetza` keys are read by the notation (`notation::xbetza`), not by
    // `import/`: `rules` and `import` would import each other.
    for (path, text) in src("rules") {
        assert!(!text.contains("import::"), "{} names `import::`", path.display());
    }
}

#[test]
fn the_notation_imports_no_later_layer() {
    for (path, text) in src("notation") {
        for m in ["crate::import", "crate::rules", "crate::engine", "crate::compile"] {
            assert!(!text.contains(m), "{} names `{m}`", path.display());
        }
    }
}

/// What follows `fn ` on a line that declares a function, whatever its
/// visibility (`pub`, `pub(crate)`, `pub(super)`, `pub(in …)`) and
/// qualifiers (`const`, `async`, `unsafe`, `extern "C"`).
fn fn_name_start(line: &str) -> Option<&str> {
    let mut t = line.trim_start();
    if let Some(rest) = t.strip_prefix("pub") {
        t = match rest.strip_prefix('(') {
            Some(inner) => inner.split_once(')')?.1.trim_start(),
            None if rest.starts_with(' ') => rest.trim_start(),
            None => return None,
        };
    }
    for q in ["const ", "async ", "unsafe ", "extern \"C\" ", "extern "] {
        t = t.strip_prefix(q).unwrap_or(t).trim_start();
    }
    t.strip_prefix("fn ")
}

#[test]
fn every_visibility_is_seen() {
    for line in [
        "fn a() {",
        "    pub fn a() {",
        "pub(crate) fn a() {",
        "pub(super) fn a() {",
        "pub(in crate::x) fn a() {",
        "pub const unsafe fn a() {",
        "pub(crate) extern \"C\" fn a() {",
    ] {
        assert_eq!(fn_name_start(line), Some("a() {"), "{line}");
    }
    assert_eq!(fn_name_start("let fn_x = 1;"), None);
    assert_eq!(fn_name_start("public fn"), None);
}

/// Lengths of the functions in a file: (first line, name, lines).
fn functions(text: &str) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = fn_name_start(line) else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let (mut depth, mut opened) = (0i32, false);
        for (j, l) in lines[i..].iter().enumerate() {
            let code = l.split("//").next().unwrap_or("");
            let mut in_str = false;
            let mut prev = ' ';
            for c in code.chars() {
                match c {
                    '"' if prev != '\\' => in_str = !in_str,
                    '{' if !in_str => {
                        depth += 1;
                        opened = true;
                    }
                    '}' if !in_str => depth -= 1,
                    _ => {}
                }
                prev = c;
            }
            if (opened && depth == 0) || (!opened && code.trim_end().ends_with(';')) {
                out.push((i + 1, name.clone(), j + 1));
                break;
            }
        }
    }
    out
}

#[test]
fn no_function_is_longer_than_120_lines() {
    let mut all = Vec::new();
    for (path, text) in src("") {
        for (line, name, n) in functions(&text) {
            all.push((n, format!("{}:{line} {name}", path.display())));
        }
    }
    all.sort_by_key(|a| std::cmp::Reverse(a.0));
    // `cargo test -- architecture:: --nocapture` shows the longest five.
    for (n, f) in all.iter().take(5) {
        eprintln!("{n:4} lines  {f}");
    }
    let long: Vec<_> = all.iter().filter(|(n, _)| *n > 120).collect();
    assert!(long.is_empty(), "split these functions: {long:?}");
}

/// The engine's layers, lowest first (docs/architecture.md draws them). A
/// file may import only files of its own layer or of layers below it; every
/// engine file is in one.
const ENGINE_LAYERS: &[(&str, &[&str])] = &[
    (
        "data",
        &[
            "types",
            "geometry",
            "moves",
            "setup",
            "outcome",
            "conventions",
            "shuffle",
            "bitboard",
            "program",
            "tables",
            "piece",
            "rules",
        ],
    ),
    ("kernel", &["variant", "hook", "position", "starts"]),
    ("generation", &["legs", "leg_walk", "bb_gen", "generate"]),
    (
        "make and attacks",
        &["board_ops", "make", "effects", "attack", "bb_attack", "turn"],
    ),
    (
        "legality",
        &[
            "legal",
            "legal_quick",
            "legal_rules",
            "legal_slow",
            "legal_lazy",
            "turn_legal",
        ],
    ),
    ("end", &["end", "lookback", "repetition", "validate"]),
    ("perft", &["perft"]),
];

/// The one loop the engine keeps on purpose: a variant holds its hooks, a
/// hook is asked about positions, a position holds its variant.
const SEMANTIC_LOOP: &[&str] = &["hook", "position", "variant"];

/// A file's code without comments and string literals (what it names, not
/// what it says).
fn code_of(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut in_str = false;
        let mut prev = ' ';
        let mut kept = String::new();
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if !in_str && c == '/' && chars.get(i + 1) == Some(&'/') {
                break;
            }
            if c == '"' && prev != '\\' {
                in_str = !in_str;
            } else if !in_str {
                kept.push(c);
            }
            prev = c;
            i += 1;
        }
        out.push_str(&kept);
        out.push('\n');
    }
    // Unit tests may reach anywhere.
    match out.find("#[cfg(test)]") {
        Some(i) => out[..i].to_string(),
        None => out,
    }
}

/// The engine files a file imports (`super::x`, `crate::engine::x`).
fn engine_imports(code: &str, files: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for prefix in ["super::", "crate::engine::"] {
        for (i, _) in code.match_indices(prefix) {
            let rest = &code[i + prefix.len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if files.contains(&name) && !out.contains(&name) {
                out.push(name);
            }
            // `use super::{a::X, b::Y}`
            if rest.starts_with('{') {
                let group = &rest[1..rest.find('}').unwrap_or(rest.len())];
                for part in group.split(',') {
                    let name = part.trim().split("::").next().unwrap_or("").trim().to_string();
                    if files.contains(&name) && !out.contains(&name) {
                        out.push(name);
                    }
                }
            }
        }
    }
    out
}

fn engine_files() -> Vec<(String, String)> {
    src("engine")
        .into_iter()
        .filter(|(p, _)| p.file_name().is_some_and(|n| n != "mod.rs"))
        .map(|(p, text)| {
            (
                p.file_stem().unwrap().to_string_lossy().into_owned(),
                code_of(&text),
            )
        })
        .collect()
}

fn layer_of(file: &str) -> Option<usize> {
    ENGINE_LAYERS.iter().position(|(_, files)| files.contains(&file))
}

#[test]
fn each_engine_file_imports_only_its_layer_and_those_below() {
    let files = engine_files();
    let names: Vec<String> = files.iter().map(|(n, _)| n.clone()).collect();
    let mut wrong = Vec::new();
    for (name, code) in &files {
        let Some(layer) = layer_of(name) else {
            wrong.push(format!(
                "src/engine/{name}.rs is in no layer (add it to ENGINE_LAYERS)"
            ));
            continue;
        };
        for dep in engine_imports(code, &names) {
            if dep == *name {
                continue;
            }
            match layer_of(&dep) {
                Some(l) if l <= layer => {}
                _ => wrong.push(format!(
                    "{name} ({}) imports {dep} ({})",
                    ENGINE_LAYERS[layer].0,
                    layer_of(&dep).map_or("no layer", |l| ENGINE_LAYERS[l].0)
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Strongly connected groups of a graph given as (node, its edges).
fn loops(graph: &[(String, Vec<String>)]) -> Vec<Vec<String>> {
    let reach = |from: &str| -> Vec<String> {
        let mut seen = vec![from.to_string()];
        let mut i = 0;
        while i < seen.len() {
            if let Some((_, next)) = graph.iter().find(|(n, _)| *n == seen[i]) {
                for n in next {
                    if !seen.contains(n) {
                        seen.push(n.clone());
                    }
                }
            }
            i += 1;
        }
        seen
    };
    let mut groups: Vec<Vec<String>> = Vec::new();
    for (n, _) in graph {
        if groups.iter().any(|g| g.contains(n)) {
            continue;
        }
        let mut group: Vec<String> = reach(n)
            .into_iter()
            .filter(|m| m == n || reach(m).contains(n))
            .collect();
        if group.len() > 1 {
            group.sort();
            groups.push(group);
        }
    }
    groups
}

#[test]
fn the_engine_has_no_import_loop_but_the_kernel_s() {
    let files = engine_files();
    let names: Vec<String> = files.iter().map(|(n, _)| n.clone()).collect();
    let graph: Vec<(String, Vec<String>)> = files
        .iter()
        .map(|(n, code)| {
            (
                n.clone(),
                engine_imports(code, &names)
                    .into_iter()
                    .filter(|d| d != n)
                    .collect(),
            )
        })
        .collect();
    let found = loops(&graph);
    let allowed: Vec<String> = SEMANTIC_LOOP.iter().map(|s| s.to_string()).collect();
    assert!(
        found.iter().all(|g| *g == allowed),
        "import loops in src/engine/: {found:?}"
    );
}

#[test]
fn engine_data_files_never_name_a_position_or_a_variant() {
    for (name, code) in engine_files() {
        if layer_of(&name) != Some(0) {
            continue;
        }
        for word in ["Position", "Variant"] {
            let named = code.match_indices(word).any(|(i, _)| {
                let next = code[i + word.len()..].chars().next().unwrap_or(' ');
                let before = code[..i].chars().next_back().unwrap_or(' ');
                !next.is_alphanumeric() && !before.is_alphanumeric()
            });
            assert!(!named, "src/engine/{name}.rs (data) names `{word}`");
        }
    }
}

#[test]
fn legality_never_asks_the_end_of_the_game() {
    for (name, code) in engine_files() {
        if layer_of(&name).is_some_and(|l| ENGINE_LAYERS[l].0 == "legality" || l < 4) {
            for ask in [".decided(", "judge(", ".no_move_result(", ".counter_result("] {
                assert!(!code.contains(ask), "src/engine/{name}.rs asks `{ask}`");
            }
        }
    }
}

/// Program names stay out of the engine's code: dialects and programs are
/// the text layer's and the bindings'. (conventions.rs names the move
/// dialects a rules file may choose for display, UCI's and XBoard's among
/// them, without writing any.)
#[test]
fn no_program_name_in_engine_code() {
    for (name, code) in engine_files() {
        let lower = code.to_lowercase();
        for program in [
            "fairystockfish",
            "fairy_stockfish",
            "stockfish",
            "pyffish",
            "ffish",
            "hachu",
            "chess960",
        ] {
            assert!(!lower.contains(program), "src/engine/{name}.rs names `{program}`");
        }
        if name != "conventions" {
            assert!(!lower.contains("xboard"), "src/engine/{name}.rs names `xboard`");
        }
    }
}

/// Top-level parts of the crate (src/*.rs and src/*/) and the parts each
/// names (`crate::x`), unit tests aside.
fn top_level_graph() -> Vec<(String, Vec<String>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut parts: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            let stem = p.file_stem()?.to_string_lossy().into_owned();
            (p.is_dir() || (p.extension().is_some_and(|x| x == "rs") && stem != "lib" && stem != "main"))
                .then_some(stem)
        })
        .collect();
    parts.sort();
    parts.dedup();
    parts
        .iter()
        .map(|part| {
            let texts: Vec<String> = if root.join(part).is_dir() {
                src(part).into_iter().map(|(_, t)| code_of(&t)).collect()
            } else {
                vec![code_of(
                    &std::fs::read_to_string(root.join(format!("{part}.rs"))).unwrap(),
                )]
            };
            let mut deps = Vec::new();
            for code in &texts {
                for (i, _) in code.match_indices("crate::") {
                    let rest = &code[i + 7..];
                    let mut names = vec![
                        rest.chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect::<String>(),
                    ];
                    if rest.starts_with('{') {
                        let group = &rest[1..rest.find('}').unwrap_or(rest.len())];
                        names.extend(
                            group
                                .split(',')
                                .map(|p| p.trim().split("::").next().unwrap_or("").trim().to_string()),
                        );
                    }
                    for n in names {
                        if n != *part && parts.contains(&n) && !deps.contains(&n) {
                            deps.push(n);
                        }
                    }
                }
            }
            (part.clone(), deps)
        })
        .collect()
}

#[test]
fn no_loop_between_top_level_parts() {
    let graph = top_level_graph();
    assert!(graph.iter().any(|(n, _)| n == "engine") && graph.iter().any(|(n, _)| n == "text"));
    let found = loops(&graph);
    assert!(found.is_empty(), "import loops between parts of src/: {found:?}");
}

#[test]
fn the_engine_never_names_the_text_layer_and_text_never_names_what_is_above_it() {
    let graph = top_level_graph();
    let deps = |part: &str| {
        graph
            .iter()
            .find(|(n, _)| n == part)
            .map(|(_, d)| d.clone())
            .unwrap_or_default()
    };
    assert!(deps("engine").is_empty(), "engine names {:?}", deps("engine"));
    assert_eq!(
        deps("text"),
        ["engine"],
        "the text layer sits on the engine alone"
    );
}

/// No source file over 800 lines but those listed (each a single concept
/// too long to split well yet, to be split).
#[test]
fn no_file_is_longer_than_800_lines() {
    const ALLOWED: &[&str] = &[];
    let long: Vec<String> = src("")
        .into_iter()
        .filter(|(_, t)| t.lines().count() > 800)
        .map(|(p, t)| format!("{} ({} lines)", p.display(), t.lines().count()))
        .filter(|f| !ALLOWED.iter().any(|a| f.contains(a)))
        .collect();
    assert!(long.is_empty(), "split these files: {long:?}");
}

/// The Fairy-Stockfish facade (`src/fsf/`) sits above the engine, the text
/// layer and the compiler: none of them names it.
#[test]
fn the_engine_text_and_compiler_never_name_the_facade() {
    for part in ["engine", "text", "compile"] {
        for (path, text) in src(part) {
            assert!(
                !code_of(&text).contains("crate::fsf"),
                "{} names `crate::fsf`",
                path.display()
            );
        }
    }
    let graph = top_level_graph();
    for (part, deps) in &graph {
        if ["engine", "text", "compile"].contains(&part.as_str()) {
            assert!(!deps.contains(&"fsf".to_string()), "{part} names the facade");
        }
    }
    assert!(
        graph.iter().any(|(n, _)| n == "fsf"),
        "src/fsf/ is where the facade is"
    );
}

/// The names of the functions a file declares that are its own helpers:
/// not a binding's exported function (`#[pyfunction]`, `#[wasm_bindgen]`,
/// `pub fn`) nor a method of an exported type (one taking `self`, or
/// marked `#[staticmethod]`, `#[new]`, …).
fn helper_functions(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = fn_name_start(line) else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let params = rest.split_once('(').map_or("", |(_, p)| p).trim_start();
        let method = ["&self", "&mut self", "self", "mut self"]
            .iter()
            .any(|s| params.starts_with(s));
        let public = line.trim_start().starts_with("pub fn ");
        let exported = lines[..i]
            .iter()
            .rev()
            .map(|l| l.trim_start())
            .take_while(|l| l.starts_with("#[") || l.starts_with("///") || l.starts_with("//"))
            .any(|l| {
                [
                    "#[pyfunction",
                    "#[wasm_bindgen",
                    "#[staticmethod",
                    "#[classmethod",
                    "#[new",
                    "#[getter",
                ]
                .iter()
                .any(|a| l.starts_with(a))
            });
        if !(method || public || exported) {
            out.push((i + 1, name));
        }
    }
    out
}

/// The Python and WebAssembly bindings marshal: every answer about
/// variants, positions, moves and results is the facade's (`src/fsf/`), so
/// no helper of theirs has the name of one of the facade's functions (a
/// second `replay`, `uci`, `validity_code`, `ep_list_alternatives`, …).
#[test]
fn the_bindings_define_none_of_the_facade_s_functions() {
    let facade: Vec<String> = src("fsf")
        .into_iter()
        // Its tests (`tests.rs`, `tests_*.rs`) are not the facade.
        .filter(|(p, _)| {
            !p.file_name()
                .is_some_and(|f| f.to_string_lossy().starts_with("tests"))
        })
        .flat_map(|(_, t)| functions(&t).into_iter().map(|(_, n, _)| n))
        .collect();
    assert!(facade.iter().any(|n| n == "validity_code") && facade.iter().any(|n| n == "replay"));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut twice = Vec::new();
    for dir in ["python/src", "wasm/src"] {
        for path in rust_files(&root.join(dir)) {
            let text = std::fs::read_to_string(&path).unwrap();
            for (line, name) in helper_functions(&text) {
                if facade.contains(&name) {
                    twice.push(format!("{}:{line} fn {name}", path.display()));
                }
            }
        }
    }
    assert!(
        twice.is_empty(),
        "the bindings compute what chimera::fsf does; call it instead: {twice:?}"
    );
}

#[test]
fn a_binding_s_exports_and_methods_are_not_helpers() {
    let text = "#[pyfunction]\n#[pyo3(signature = (a))]\nfn legal_moves(a: u8) {}\n\
                pub fn fen(&self) {}\nfn result(&mut self) {}\npub fn variants() {}\n\
                /// doc\npub(crate) fn uci(p: u8) {}\nfn replay() {}\n";
    let names: Vec<String> = helper_functions(text).into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["uci", "replay"]);
}
