//! Hostile input: every file in tests/hostile/ is a command line and its
//! input (rules text, standard input) meant to break chimera — deep nesting,
//! exploding pieces, huge or endless files, absurd numbers, garbage text. Each
//! must end within 20 s of processor time (not of the clock: a busy machine
//! does not make a case fail) and under 2 GB of memory, with a clear message
//! or a correct answer and exit status 0, 1 or 2; never a panic (101) or a
//! signal. What it printed is a snapshot, one test per file.
//!
//! A case file is TOML:
//!
//! ```toml
//! args = ["perft", "{rules}", "--depth", "1"]   # {rules}: the `rules` below
//! rules = """..."""                             # written to a temporary file
//! stdin = "..."                                 # optional
//! ```
//!
//! Other placeholders: `{root}` (the repository), `{big}` (a 17 MB file),
//! `{dir}` (a directory), `{binary}` (a file that is not UTF-8), `{out}` (an
//! empty directory of the case's own, for what it writes). In `stdin`,
//! `{byte:FF}` is that byte (TOML text cannot hold one that is not UTF-8).
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    args: Vec<String>,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    stdin: Option<String>,
}

/// Replaces timings (`in 0.012 s (81234 nodes/s)`) with `…`, so snapshots
/// do not depend on the machine.
fn without_timings(s: &str) -> String {
    s.lines()
        .map(|line| match (line.find(" nodes in "), line.rfind(" nodes/s)")) {
            (Some(a), Some(_)) => format!("{} nodes in … s (… nodes/s)", &line[..a]),
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Processor seconds a case may use (the shell's `ulimit -S -t`: past it the
/// system ends the command with SIGXCPU).
const CPU_SECONDS: u64 = 20;
const MEMORY_KB: u64 = 2_000_000;
/// A guard for a case that waits without using the processor (reading an
/// input that never ends, say): far beyond any case's time on a busy machine.
const HANG: Duration = Duration::from_secs(300);

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn placeholders(arg: &str, rules: &Path) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut a = arg
        .replace("{root}", root)
        .replace("{rules}", &rules.display().to_string());
    if a.contains("{big}") {
        let big = scratch("big.toml");
        if !big.exists() {
            std::fs::write(&big, "#".repeat(17 << 20)).unwrap();
        }
        a = a.replace("{big}", &big.display().to_string());
    }
    if a.contains("{out}") {
        let out = rules.with_extension("out");
        let _ = std::fs::remove_dir_all(&out);
        std::fs::create_dir_all(&out).unwrap();
        a = a.replace("{out}", &out.display().to_string());
    }
    if a.contains("{dir}") {
        a = a.replace("{dir}", &std::env::temp_dir().display().to_string());
    }
    if a.contains("{binary}") {
        let bin = scratch("binary.toml");
        std::fs::write(&bin, [0xff, 0xfe, 0x00, 0x9f, 0x92, 0x96, 0x5b, 0x5d]).unwrap();
        a = a.replace("{binary}", &bin.display().to_string());
    }
    a
}

/// Standard input as bytes: each `{byte:XX}` (two hex digits) is that byte.
fn stdin_bytes(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("{byte:") {
        out.extend_from_slice(&rest.as_bytes()[..at]);
        let hex = rest.get(at + 6..at + 8).expect("{byte:XX}");
        out.push(u8::from_str_radix(hex, 16).expect("two hex digits"));
        rest = rest[at + 8..].strip_prefix('}').expect("{byte:XX}");
    }
    out.extend_from_slice(rest.as_bytes());
    out
}

#[test]
fn hostile_inputs() {
    insta::glob!("hostile/*.toml", |path| {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let case: Case = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let rules = scratch(&format!("{name}.rules.toml"));
        if let Some(r) = &case.rules {
            std::fs::write(&rules, r).unwrap();
        }
        let args: Vec<String> = case.args.iter().map(|a| placeholders(a, &rules)).collect();
        // The limits apply to the command through the shell's ulimit.
        let mut child = Command::new("bash")
            .arg("-c")
            .arg(format!(
                "ulimit -v {MEMORY_KB}; ulimit -S -t {CPU_SECONDS}; exec \"$0\" \"$@\""
            ))
            .arg(env!("CARGO_BIN_EXE_chimera"))
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        {
            let mut stdin = child.stdin.take().unwrap();
            let _ = stdin.write_all(&stdin_bytes(case.stdin.as_deref().unwrap_or("")));
        }
        let start = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break Some(s);
            }
            if start.elapsed() > HANG {
                let _ = child.kill();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let out = child.wait_with_output().unwrap();
        let Some(status) = status else {
            panic!("{name}: waiting after {HANG:?} without using up its processor time");
        };
        let code = status.code();
        {
            use std::os::unix::process::ExitStatusExt;
            assert_ne!(
                status.signal(),
                Some(libc::SIGXCPU),
                "{name}: still running after {CPU_SECONDS} s of processor time"
            );
        }
        assert!(
            matches!(code, Some(0..=2)),
            "{name}: exit status {status:?} (a panic or a signal)\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let clip = |b: &[u8]| {
            let s = String::from_utf8_lossy(b).replace(&rules.display().to_string(), "{rules}");
            let s = s.replace(env!("CARGO_MANIFEST_DIR"), "{root}");
            let s = s.replace(&scratch("").display().to_string(), "{scratch}/");
            let s = s.replace(&std::env::temp_dir().display().to_string(), "{tmp}");
            let s = without_timings(&s);
            if s.chars().count() > 3000 {
                format!(
                    "{}… ({} characters)",
                    s.chars().take(3000).collect::<String>(),
                    s.chars().count()
                )
            } else {
                s
            }
        };
        insta::assert_snapshot!(format!(
            "exit {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            code.unwrap_or(-1),
            clip(&out.stdout).trim_end(),
            clip(&out.stderr).trim_end()
        ));
    });
    // The scratch files (one of 17 MB) go when every case has passed.
    let _ = std::fs::remove_dir_all(scratch(""));
}
