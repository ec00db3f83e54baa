//! The `chimera` command line: one file per command, each with its arguments
//! and its work; `output.rs` prints results as text or JSON and turns
//! failures into exit statuses (0 success, 1 a check failed, 2 bad input).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod bench;
mod check;
mod context;
mod explain;
mod gallery;
mod import;
mod matches;
mod moves;
mod output;
mod perft;
mod play;
mod progress;
mod publish;
mod replay;
mod serve;
mod show;
mod train;
mod tune;
mod uci;

use context::Context;
use output::Output;

#[derive(Parser)]
#[command(
    name = "chimera",
    version,
    about = "Define chess and shogi variants in text files; check, play and analyse them.",
    after_help = "Exit status: 0 success, 1 a check failed (a test case, a record's result), 2 bad input."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Set a variant option (see the file's [options]), e.g. thunderclap=kooshogifu.
    #[arg(long = "option", global = true, value_name = "NAME=VALUE")]
    options: Vec<String>,
}

#[derive(Subcommand)]
enum Command {
    Perft(perft::Args),
    Moves(moves::Args),
    Bench(bench::Args),
    Check(check::Args),
    Show(show::Args),
    Play(play::Args),
    Match(matches::Args),
    Tune(tune::Args),
    Train(train::Args),
    Replay(replay::Args),
    Explain(explain::Args),
    Gallery(gallery::Args),
    Import(import::Args),
    Uci(uci::Args),
    Usi(uci::UsiArgs),
    #[command(name = "xboard")]
    XBoard(uci::XBoardArgs),
    Serve(serve::Args),
    Publish(publish::Args),
}

/// Runs the command line and returns the exit status.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let (out, result) = match Context::new(&cli.options) {
        Err(f) => (Output::new(false), Err(f)),
        Ok(cx) => match cli.command {
            Command::Perft(a) => (Output::new(a.json), perft::run(&cx, a)),
            Command::Moves(a) => (Output::new(a.json), moves::run(&cx, a)),
            Command::Bench(a) => (Output::new(a.json), bench::run(a)),
            Command::Check(a) => (Output::new(a.json), check::run(&cx, a)),
            Command::Show(a) => (Output::new(false), show::run(&cx, a)),
            Command::Play(a) => (Output::new(a.json), play::run(&cx, a)),
            Command::Match(a) => (Output::new(a.json), matches::run(&cx, a)),
            Command::Tune(a) => (Output::new(a.json), tune::run(&cx, a)),
            Command::Train(a) => (Output::new(a.json), train::run(&cx, a)),
            Command::Replay(a) => (Output::new(a.json), replay::run(&cx, a)),
            Command::Explain(a) => (Output::new(a.json), explain::run(a)),
            Command::Gallery(a) => (Output::new(false), gallery::run(&cx, a)),
            Command::Import(a) => (Output::new(import::json_of(&a)), import::run(a)),
            Command::Uci(a) => (Output::new(false), uci::run(&cx, a)),
            Command::Usi(a) => (Output::new(false), uci::run_usi(&cx, a)),
            Command::XBoard(a) => (Output::new(false), uci::run_xboard(&cx, a)),
            Command::Serve(a) => (Output::new(false), serve::run(&cx, a)),
            Command::Publish(a) => (Output::new(false), publish::run(&cx, a)),
        },
    };
    match result {
        Ok(code) => code,
        Err(f) => out.fail(f),
    }
}
