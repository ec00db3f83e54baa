//! `chimera import`: variants written for other programs as chimera rules
//! files (`docs/import.md`).

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::json;

use super::output::{Failure, Outcome, Output, bad};
use crate::import::{fsf, ini};

/// Turn variants written for other programs into chimera rules files.
#[derive(clap::Args)]
pub(crate) struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(clap::Subcommand)]
enum What {
    /// Fairy-Stockfish's variants.ini: one rules file per section.
    ///
    /// Every section's inheritance is resolved (parents above it in the file
    /// or Fairy-Stockfish's built-in variants), every key translated or
    /// reported with its line and the reason. A section with anything
    /// chimera cannot say is not written. Without -o the rules files are
    /// printed. Exit status 0 when every chosen section was imported, 1 when
    /// some were not, 2 for a malformed file.
    Fsf(FsfArgs),
    /// An XBetza string (XBoard's `piece` command, the Interactive
    /// Diagram) in chimera's notation, with its meaning in words; an error at
    /// the character for what has no meaning here. In a rules file, write
    /// `xbetza = "..."` instead of `betza`.
    Xbetza(XbetzaArgs),
}

#[derive(clap::Args)]
struct XbetzaArgs {
    /// The XBetza string, e.g. "fmWfceFifmnD".
    xbetza: String,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
struct FsfArgs {
    /// The ini file.
    file: PathBuf,
    /// Import only these sections (repeatable).
    #[arg(long = "section", value_name = "NAME")]
    sections: Vec<String>,
    /// Write NAME.toml files into this directory.
    #[arg(short = 'o', long = "out", value_name = "DIR")]
    out: Option<PathBuf>,
    /// Print one JSON object per section.
    #[arg(long)]
    json: bool,
}

pub(crate) fn json_of(a: &Args) -> bool {
    match &a.what {
        What::Fsf(f) => f.json,
        What::Xbetza(x) => x.json,
    }
}

pub(crate) fn run(a: Args) -> Outcome {
    match a.what {
        What::Fsf(f) => run_fsf(f),
        What::Xbetza(x) => run_xbetza(x),
    }
}

fn run_xbetza(a: XbetzaArgs) -> Outcome {
    let out = Output::new(a.json);
    match crate::notation::xbetza::to_chimera(&a.xbetza) {
        Ok(betza) => {
            let words = crate::notation::compile_program(&betza)
                .map(|(_, prog)| crate::notation::explain(&prog))
                .map_err(|e| {
                    bad(format!(
                        "`{}` became `{betza}`, which chimera refuses: {}",
                        a.xbetza, e.message
                    ))
                })?;
            out.emit(
                format!("{betza}\n{}", words.trim_end()),
                json!({"xbetza": a.xbetza, "betza": betza, "explanation": words}),
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            let col = a.xbetza[..e.at.min(a.xbetza.len())].chars().count();
            Err(bad(format!(
                "xbetza `{}`: {}\n  {}\n  {}^",
                a.xbetza,
                e.message,
                a.xbetza,
                " ".repeat(col)
            )))
        }
    }
}

fn run_fsf(a: FsfArgs) -> Outcome {
    let out = Output::new(a.json);
    let bytes = std::fs::read(&a.file).map_err(|e| bad(format!("cannot read {}: {e}", a.file.display())))?;
    if bytes.len() > ini::MAX_INI_BYTES {
        return Err(bad(format!(
            "{} is larger than {} bytes",
            a.file.display(),
            ini::MAX_INI_BYTES
        )));
    }
    let text =
        String::from_utf8(bytes).map_err(|_| bad(format!("{} is not UTF-8 text", a.file.display())))?;
    let name = a.file.display().to_string();
    let parsed = ini::parse(&name, &text).map_err(|d| Failure::Diagnostic(Box::new(d), 2))?;
    for s in &a.sections {
        if !parsed.sections.iter().any(|x| &x.name == s) {
            return Err(bad(format!("{name} has no section [{s}]")));
        }
    }
    if let Some(dir) = &a.out {
        std::fs::create_dir_all(dir).map_err(|e| bad(format!("cannot create {}: {e}", dir.display())))?;
    }
    let source = a
        .file
        .file_name()
        .map_or(name.clone(), |n| n.to_string_lossy().into_owned());
    let (mut imported, mut skipped) = (0usize, 0usize);
    let mut names = FileNames::default();
    let mut resolver = fsf::Resolver::new(&parsed);
    for (i, section) in parsed.sections.iter().enumerate() {
        if !a.sections.is_empty() && !a.sections.contains(&section.name) {
            continue;
        }
        let result = fsf::import_section_with(&mut resolver, i, &source, false).map(|x| x.toml);
        match result {
            Ok(toml) => {
                imported += 1;
                let written = match &a.out {
                    Some(dir) => {
                        let (file, clash) = names.claim(&section.name);
                        let path = dir.join(file);
                        std::fs::write(&path, &toml)
                            .map_err(|e| bad(format!("cannot write {}: {e}", path.display())))?;
                        Some((path.display().to_string(), clash))
                    }
                    None => None,
                };
                match &written {
                    Some((p, clash)) => out.emit(
                        match clash {
                            Some((taken, other)) => {
                                format!("[{}] imported: {p} ({taken} is [{other}]'s)", section.name)
                            }
                            None => format!("[{}] imported: {p}", section.name),
                        },
                        json!({"section": section.name, "imported": true, "file": p}),
                    ),
                    None => out.emit(
                        toml.trim_end(),
                        json!({"section": section.name, "imported": true, "rules": toml}),
                    ),
                }
            }
            Err(diags) => {
                skipped += 1;
                let list: Vec<_> = diags
                    .iter()
                    .map(|d| json!({"line": d.line, "column": d.column, "reason": d.message}))
                    .collect();
                out.json_only(json!({"section": section.name, "imported": false, "problems": list}));
                if !a.json {
                    for d in &diags {
                        eprint!("{}", d.render());
                    }
                }
            }
        }
    }
    let summary = format!(
        "{imported} {} imported, {skipped} not{}",
        if imported == 1 { "section" } else { "sections" },
        if skipped > 0 { " (reasons above)" } else { "" }
    );
    if a.out.is_some() {
        out.text(summary);
    } else if !a.json {
        // The rules files went to stdout: `> NAME.toml` must keep only them.
        eprintln!("{summary}");
    }
    Ok(if skipped == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The output files' names: each section's name with what a file name
/// cannot hold turned into `_`. Two sections may come to one name (`[a/b]`
/// and `[a_b]`, or `[Foo]` and `[foo]` on a file system that ignores case):
/// the first in the file keeps it, the next gets `-2`, `-3`, … so that no
/// section's file overwrites another's.
#[derive(Default)]
struct FileNames {
    /// Lower-cased file name → the section that has it.
    taken: std::collections::HashMap<String, String>,
}

impl FileNames {
    /// The file for `section`, and, when its plain name was taken, that
    /// name and the section that took it.
    fn claim(&mut self, section: &str) -> (String, Option<(String, String)>) {
        let base = safe_file_name(section);
        let plain = format!("{base}.toml");
        let mut name = plain.clone();
        let mut n = 1;
        while self.taken.contains_key(&name.to_lowercase()) {
            n += 1;
            name = format!("{base}-{n}.toml");
        }
        let clash = (n > 1).then(|| (plain.clone(), self.taken[&plain.to_lowercase()].clone()));
        self.taken.insert(name.to_lowercase(), section.to_string());
        (name, clash)
    }
}

fn safe_file_name(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}
