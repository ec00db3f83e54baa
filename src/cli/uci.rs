//! `chimera uci`, `chimera usi` and `chimera xboard`: speak UCI, USI or
//! XBoard's protocol on standard input and output.

use std::io::BufReader;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use super::context::Context;
use super::output::{Failure, Outcome, bad};
use crate::engine::Variant;
use crate::protocol::uci::{Dialect, Uci};
use crate::protocol::xboard::XBoard;

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

/// Speak USI on standard input and output, for shogi GUIs. With no file,
/// offers every bundled variant through the USI_Variant option (the default
/// is shogi); positions are SFEN, moves USI (`7g7f`, `P*5e`, `8h2b+`). In a
/// GUI: add chimera as a USI engine with the command `chimera usi`.
#[derive(clap::Args)]
pub(crate) struct UsiArgs {
    /// Rules files to offer (default: the bundled variants).
    variants: Vec<PathBuf>,
}

pub(crate) fn run_usi(cx: &Context, a: UsiArgs) -> Outcome {
    serve(cx, &a.variants, Dialect::Usi)
}

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    serve(cx, &a.variants, Dialect::Uci)
}

/// Speak XBoard's protocol (CECP version 2) on standard input and output,
/// for XBoard, WinBoard and match runners. With no file, offers every
/// bundled variant (chess is XBoard's `normal`); variants XBoard does not
/// know are announced with `setup` and `piece` commands so that it draws
/// chimera's own pieces. In XBoard: `xboard -fcp "chimera xboard" -fd .`
/// (or `chimera xboard my-variant.toml`, then choose the variant).
#[derive(clap::Args)]
pub(crate) struct XBoardArgs {
    /// Rules files to offer (default: the bundled variants).
    variants: Vec<PathBuf>,
}

pub(crate) fn run_xboard(cx: &Context, a: XBoardArgs) -> Outcome {
    let mut list = offered(cx, &a.variants, "chess")?;
    // XBoard draws and names rectangles of squares: a hexagonal board, or
    // one with holes, it would name otherwise than chimera does. And it
    // gives the move to the other side after every move: a turn of
    // several moves it would take for a move out of turn. Nor does it
    // know a board whose files wrap round.
    if a.variants.is_empty() {
        list.retain(|(_, v)| xboard_can_play(v).is_ok());
    } else if let Some((name, why)) = list
        .iter()
        .find_map(|(n, v)| xboard_can_play(v).err().map(|w| (n, w)))
    {
        return Err(bad(format!("`{name}` {why}")));
    }
    let Some(mut session) = XBoard::new(list, Box::new(std::io::stdout())) else {
        return Err(bad("no variant to offer"));
    };
    session.run(BufReader::new(std::io::stdin()));
    Ok(ExitCode::SUCCESS)
}

/// Why XBoard's protocol cannot play the variant, if it cannot.
fn xboard_can_play(v: &Variant) -> Result<(), &'static str> {
    let g = &v.geometry;
    if g.is_hex() || g.cell_count() != g.files() * g.ranks() {
        return Err(
            "is not played on a full rectangle of squares (a hexagonal board, or one with holes): \
             XBoard's protocol cannot name its cells; `chimera uci` and `chimera play` can",
        );
    }
    if g.wraps_files() {
        return Err(
            "is played on a board whose files wrap round ([board] wrap): XBoard would judge its \
             moves on a flat board; `chimera uci` and `chimera play` can play it",
        );
    }
    if v.turns.is_some() {
        return Err(
            "has turns of several moves ([turns]): XBoard gives the move to the other side after \
             each move; `chimera uci` and `chimera play` can play it",
        );
    }
    Ok(())
}

/// The variants a protocol session offers: the files given, named by their
/// file names, or every bundled variant with `default` first.
fn offered(cx: &Context, files: &[PathBuf], default: &str) -> Result<Vec<(String, Arc<Variant>)>, Failure> {
    let mut list: Vec<(String, Arc<Variant>)> = Vec::new();
    if files.is_empty() {
        for (name, text) in crate::bundled::VARIANTS {
            let v = cx.loader.load_str(&format!("{name}.toml"), text)?;
            list.push((name.to_string(), v));
        }
        if let Some(i) = list.iter().position(|(n, _)| n == default) {
            let first = list.remove(i);
            list.insert(0, first);
        }
    } else {
        for path in files {
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
    Ok(list)
}

fn serve(cx: &Context, files: &[PathBuf], dialect: Dialect) -> Outcome {
    let default = match dialect {
        Dialect::Uci => "chess",
        Dialect::Usi => "shogi",
    };
    let list = offered(cx, files, default)?;
    let Some(mut uci) = Uci::speaking(dialect, list, Box::new(std::io::stdout())) else {
        return Err(bad("no variant to offer"));
    };
    uci.run(BufReader::new(std::io::stdin()));
    Ok(ExitCode::SUCCESS)
}
