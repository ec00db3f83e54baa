//! Load a variant file and list the legal moves of a position.
//!
//! cargo run --example list_moves -- variants/shogi.toml "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
use chimera::Position;

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run(&args);
}

/// The example's work, with its command-line arguments.
pub fn run(args: &[String]) {
    let file = args
        .first()
        .map(String::as_str)
        .unwrap_or(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.toml"));
    let variant = match chimera::load(std::path::Path::new(file)) {
        Ok(v) => v,
        Err(d) => {
            eprint!("{}", d.render());
            std::process::exit(2);
        }
    };
    let mut pos = match args.get(1) {
        Some(text) => Position::from_text(&variant, text).unwrap_or_else(|e| {
            eprintln!("bad position: {e}");
            std::process::exit(2)
        }),
        None => Position::start(&variant),
    };
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(|m| pos.move_text(m)).collect();
    names.sort();
    println!(
        "{}: {} legal moves in {}",
        variant.name(),
        names.len(),
        pos.to_text()
    );
    println!("{}", names.join(" "));
}
