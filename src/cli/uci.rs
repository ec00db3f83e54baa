//! `chimera uci`: speak UCI on standard input and output.

use std::io::BufReader;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use super::context::Context;
use super::output::{Outcome, bad};
use crate::engine::Variant;
use crate::protocol::uci::Uci;

/// Speak UCI (with Fairy-Stockfish's UCI_Variant option) on standard input
/// and output, for chess GUIs and match runners. With no file, offers every
/// bundled variant (the default is chess); with files, those, named by their
/// file names. In a GUI: add chimera as a UCI engine with the command
/// `chimera uci` (or `chimera uci my-variant.toml`).
#[derive(clap::Args)]
pub(crate) struct Args {
    /// Rules files to offer (default: the bundled variants).
    variants: Vec<PathBuf>,
}

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let mut list: Vec<(String, Arc<Variant>)> = Vec::new();
    if a.variants.is_empty() {
        for (name, text) in crate::bundled::VARIANTS {
            let v = cx.loader.load_str(&format!("{name}.toml"), text)?;
            list.push((name.to_string(), v));
        }
        if let Some(i) = list.iter().position(|(n, _)| n == "chess") {
            let chess = list.remove(i);
            list.insert(0, chess);
        }
    } else {
        for path in &a.variants {
            let name = path.file_stem().map_or_else(
                || path.display().to_string(),
                |s| s.to_string_lossy().into_owned(),
            );
            if list.iter().any(|(n, _)| *n == name) {
                return Err(bad(format!("two variants are named `{name}`")));
            }
            list.push((name, cx.load(path)?));
        }
    }
    let Some(mut uci) = Uci::new(list, Box::new(std::io::stdout())) else {
        return Err(bad("no variant to offer"));
    };
    uci.run(BufReader::new(std::io::stdin()));
    Ok(ExitCode::SUCCESS)
}
