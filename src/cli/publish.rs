//! `chimera publish`: a static site for rules files — the browser board with
//! the engine in WebAssembly (in a Web Worker: nothing runs behind the
//! page), each variant's rules and piece diagrams (the gallery's content)
//! and its test cases, which the page runs in the browser. Any static file
//! host serves it.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;

use super::context::Context;
use super::gallery;
use super::output::{Outcome, Output, bad};

const INDEX: &str = include_str!("../web/assets/index.html");
const APP: &str = include_str!("../web/assets/app.js");
const STYLE: &str = include_str!("../web/assets/style.css");

/// The package's files the site needs (wasm/build.sh writes them).
const PACKAGE: [&str; 4] = ["index.js", "worker.js", "chimera_wasm.js", "chimera_wasm_bg.wasm"];

/// Write a static site that plays rules files in the browser.
///
/// `chimera publish variants/shogi.toml my/variant.toml -o site/` writes
/// the board (index.html), the rules and test cases (rules.html), the
/// rules files and the WebAssembly engine; serve `site/` from any static
/// file host. The engine is the package wasm/build.sh builds.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Rules files; each is a variant of the site, named by its file name.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The folder to write (made if missing; files of the same names are
    /// replaced).
    #[arg(long, short)]
    output: PathBuf,
    /// The WebAssembly package (default: the checkout's wasm/pkg/, built
    /// there by wasm/build.sh when it is missing).
    #[arg(long)]
    pkg: Option<PathBuf>,
}

/// The checkout chimera was built from: its wasm/build.sh and wasm/pkg/.
const CHECKOUT: &str = env!("CARGO_MANIFEST_DIR");

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let out = Output::new(false);
    let pkg = match &a.pkg {
        Some(p) => p.clone(),
        None => Path::new(CHECKOUT).join("wasm/pkg"),
    };
    let missing = || PACKAGE.into_iter().find(|f| !pkg.join(f).is_file());
    if a.pkg.is_none() && missing().is_some() {
        build_package(&pkg)?;
    }
    if let Some(f) = missing() {
        return Err(bad(format!(
            "no WebAssembly package in {} ({f} is missing): build it with wasm/build.sh, or give --pkg",
            pkg.display()
        )));
    }
    let dir = &a.output;
    let write = |name: &str, data: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, data).map_err(|e| bad(format!("cannot write {}: {e}", path.display())))
    };
    std::fs::create_dir_all(dir.join("variants"))
        .map_err(|e| bad(format!("cannot make {}: {e}", dir.display())))?;
    let mut list = Vec::new();
    let mut sections = String::new();
    let mut rows = String::new();
    for path in &a.files {
        let compiled = cx.load_full(path)?;
        let name = stem(path);
        if list.iter().any(|(n, _): &(String, usize)| *n == name) {
            return Err(bad(format!(
                "two rules files are named {name}: a site's variants need names of their own"
            )));
        }
        let text = std::fs::read(path).map_err(|e| bad(format!("cannot read {}: {e}", path.display())))?;
        write(&format!("variants/{name}.toml"), &text)?;
        // The site's own copy is named, never the path it was read from.
        let (row, section) = gallery::entry_as(cx, path, &format!("variants/{name}.toml"))?;
        rows.push_str(&row);
        sections.push_str(&markdown_to_html(&section));
        sections.push_str(&tests_html(
            &name,
            &compiled
                .file
                .tests
                .iter()
                .map(|t| t.name.clone())
                .collect::<Vec<_>>(),
        ));
        list.push((name, compiled.file.tests.len()));
    }
    let listed: Vec<_> = list
        .iter()
        .map(|(n, _)| json!({"name": n, "file": format!("variants/{n}.toml")}))
        .collect();
    write(
        "variants.json",
        serde_json::to_string_pretty(&listed)
            .unwrap_or_default()
            .as_bytes(),
    )?;
    for f in PACKAGE {
        let from = pkg.join(f);
        std::fs::copy(&from, dir.join(f)).map_err(|e| bad(format!("cannot copy {}: {e}", from.display())))?;
    }
    write("app.js", APP.as_bytes())?;
    write("style.css", STYLE.as_bytes())?;
    write("index.html", board_page().as_bytes())?;
    let table = markdown_to_html(&format!(
        "| variant | file | board | special rules |\n|---|---|---|---|\n{rows}"
    ));
    write("rules.html", rules_page(&table, &sections).as_bytes())?;
    out.text(format!(
        "wrote {} ({} variants, {} test cases): serve it from any static file host",
        dir.display(),
        list.len(),
        list.iter().map(|(_, n)| n).sum::<usize>()
    ));
    Ok(ExitCode::SUCCESS)
}

/// Builds the WebAssembly package into `pkg` with the checkout's
/// wasm/build.sh (a fresh checkout has none), saying so: a few minutes the
/// first time. Its tools missing, the error says how to get them.
fn build_package(pkg: &Path) -> Result<(), super::output::Failure> {
    let script = Path::new(CHECKOUT).join("wasm/build.sh");
    if !script.is_file() {
        return Ok(()); // not run from a checkout: the caller's error says what is missing
    }
    eprintln!(
        "publish: no WebAssembly package yet: building it with wasm/build.sh into {} (a few minutes the first time; needs `rustup target add wasm32-unknown-unknown` and `cargo install wasm-bindgen-cli --version 0.2.130`)",
        pkg.display()
    );
    let status = std::process::Command::new("bash")
        .arg(&script)
        .arg(pkg)
        .stdout(std::process::Stdio::inherit())
        .stderr(std::process::Stdio::inherit())
        .status()
        .map_err(|e| bad(format!("cannot run {}: {e}", script.display())))?;
    if !status.success() {
        return Err(bad(
            "wasm/build.sh failed (above); it needs `rustup target add wasm32-unknown-unknown` and `cargo install wasm-bindgen-cli --version 0.2.130`, then run it again, or give --pkg"
                .to_string(),
        ));
    }
    Ok(())
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(|| "variant".to_string(), |s| s.to_string_lossy().into_owned())
}

/// The board page: the server's, with the engine in a Web Worker and a
/// link to the rules.
fn board_page() -> String {
    INDEX
        .replace(
            "<script src=\"app.js\"></script>",
            "<script>window.CHIMERA_WORKER = \"worker.js\";</script>\n<script src=\"app.js\"></script>",
        )
        .replace(
            "<strong>chimera</strong>",
            "<strong>chimera</strong>\n  <a href=\"rules.html\">Rules and pieces</a>",
        )
}

/// A variant's test cases, run in the browser by the button.
fn tests_html(name: &str, tests: &[String]) -> String {
    let mut s = format!(
        "<h3>Test cases</h3>\n<p><button class=\"run-tests\" data-variant=\"{0}\">Run the {1} test cases</button> \
         <span class=\"tests-summary\" id=\"summary-{0}\"></span> <a href=\"index.html?variant={0}\">Play</a></p>\n<ol class=\"tests\" id=\"tests-{0}\">\n",
        escape(name),
        tests.len()
    );
    for t in tests {
        s.push_str(&format!("<li>{}</li>\n", escape(t)));
    }
    s.push_str("</ol>\n");
    s
}

fn rules_page(table: &str, sections: &str) -> String {
    format!(
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>chimera: rules and pieces</title>
<link rel="stylesheet" href="style.css">
<style>
body {{ max-width: 60em; }}
pre {{ background: #fff; padding: 0.5em; overflow-x: auto; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #bbb; padding: 0.1em 0.5em; }}
.tests li.pass::marker {{ content: "✓ "; color: #070; }} .tests li.fail::marker {{ content: "✗ "; color: #b00; }}
.tests li.fail {{ color: #b00; }}
</style>
</head>
<body>
<header><strong>chimera</strong> <a href="index.html">Board</a></header>
<h1>Rules and pieces</h1>
<p>Made from the rules files by <code>chimera publish</code>. Diagrams come from the engine's own move
generator on an empty board; the test cases run here, in the browser, on the same engine as the board.</p>
{table}
{sections}
<script type="module">
// The test cases run in the engine's Web Worker, as the board's moves do.
const worker = new Worker("worker.js", {{ type: "module" }});
let asked = 0;
const waiting = new Map();
worker.onmessage = (e) => {{ const w = waiting.get(e.data.id); waiting.delete(e.data.id); if (w) w(e.data); }};
const ask = (path) => new Promise((resolve) => {{ const id = ++asked; waiting.set(id, resolve); worker.postMessage({{ id, path }}); }});
for (const b of document.querySelectorAll("button.run-tests")) {{
  b.onclick = async () => {{
    const v = b.dataset.variant;
    const summary = document.getElementById("summary-" + v);
    summary.textContent = "running…";
    const r = await ask("/api/tests?variant=" + encodeURIComponent(v));
    if (r.status !== 200) {{ summary.textContent = r.body.error; return; }}
    const items = document.getElementById("tests-" + v).children;
    r.body.cases.forEach((c, i) => {{
      const li = items[i];
      if (!li) return;
      li.className = c.passed ? "pass" : "fail";
      if (!c.passed) li.textContent = c.name + ": " + c.failures.join("; ");
    }});
    summary.textContent = r.body.passed + " passed, " + r.body.failed + " failed";
    summary.dataset.done = "1";
  }};
}}
</script>
</body>
</html>
"#
    )
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Inline Markdown: `code` and [text](#anchor) links, the rest escaped.
fn inline(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('`')
            && let Some(end) = r.find('`')
        {
            out.push_str(&format!("<code>{}</code>", escape(&r[..end])));
            rest = &r[end + 1..];
            continue;
        }
        if let Some(r) = rest.strip_prefix('[')
            && let Some(mid) = r.find("](")
            && let Some(end) = r[mid..].find(')')
        {
            let (text, href) = (&r[..mid], &r[mid + 2..mid + end]);
            out.push_str(&format!("<a href=\"{}\">{}</a>", escape(href), escape(text)));
            rest = &r[mid + end + 1..];
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push_str(&escape(&c.to_string()));
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The Markdown the gallery writes as HTML: headings, paragraphs, tables,
/// code blocks and the `<details>` it wraps diagrams in.
fn markdown_to_html(md: &str) -> String {
    let mut out = String::new();
    let mut lines = md.lines().peekable();
    while let Some(line) = lines.next() {
        if line.starts_with("```") {
            out.push_str("<pre>");
            for l in lines.by_ref() {
                if l.starts_with("```") {
                    break;
                }
                out.push_str(&escape(l));
                out.push('\n');
            }
            out.push_str("</pre>\n");
        } else if let Some(h) = line.strip_prefix("## ") {
            let id: String = h
                .to_lowercase()
                .chars()
                .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-')
                .map(|c| if c == ' ' { '-' } else { c })
                .collect();
            out.push_str(&format!("<h2 id=\"{}\">{}</h2>\n", escape(&id), inline(h)));
        } else if line.starts_with('|') {
            out.push_str("<table>\n");
            let mut first = true;
            let mut row = Some(line);
            while let Some(r) = row {
                let cells: Vec<&str> = r.trim().trim_matches('|').split('|').map(str::trim).collect();
                if !cells.iter().all(|c| c.chars().all(|ch| ch == '-')) {
                    let tag = if first { "th" } else { "td" };
                    out.push_str("<tr>");
                    for c in cells {
                        out.push_str(&format!("<{tag}>{}</{tag}>", inline(c)));
                    }
                    out.push_str("</tr>\n");
                    first = false;
                }
                row = lines.next_if(|l| l.starts_with('|'));
            }
            out.push_str("</table>\n");
        } else if line.starts_with("<details>") || line.starts_with("</details>") {
            // The gallery's own HTML, kept as it is.
            out.push_str(line);
            out.push('\n');
        } else if !line.trim().is_empty() {
            let mut para = inline(line);
            while let Some(l) = lines.next_if(|l| {
                !l.trim().is_empty() && !l.starts_with('|') && !l.starts_with("```") && !l.starts_with('<')
            }) {
                para.push(' ');
                para.push_str(&inline(l));
            }
            out.push_str(&format!("<p>{para}</p>\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gallery_markdown_becomes_html() {
        let html = markdown_to_html(
            "## Ko Shogi\n\nA [link](#x) and `code` <b>.\n\n| a | b |\n|---|---|\n| `1` | 2 |\n\n<details><summary>d</summary>\n\n```\n. o <\n```\n\n</details>\n",
        );
        assert!(html.contains("<h2 id=\"ko-shogi\">Ko Shogi</h2>"), "{html}");
        assert!(
            html.contains("<p>A <a href=\"#x\">link</a> and <code>code</code> &lt;b&gt;.</p>"),
            "{html}"
        );
        assert!(
            html.contains("<tr><th>a</th><th>b</th></tr>\n<tr><td><code>1</code></td><td>2</td></tr>"),
            "{html}"
        );
        assert!(html.contains("<pre>. o &lt;\n</pre>"), "{html}");
        assert!(html.contains("<details><summary>d</summary>\n"), "{html}");
    }

    #[test]
    fn the_board_page_runs_the_engine_in_a_worker() {
        let page = board_page();
        assert!(
            page.contains("window.CHIMERA_WORKER = \"worker.js\";</script>\n<script src=\"app.js\">"),
            "{page}"
        );
        assert!(page.contains("href=\"rules.html\""), "{page}");
    }
}
