//! Play a seeded random game of a variant to its result.
//!
//! cargo run --example random_game -- variants/kozune.toml 42
use chimera::game::players::{Player, RandomPlayer};
use chimera::game::{Game, PlayOptions, run_game};

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
        .unwrap_or(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/kozune.toml"));
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(42);
    let variant = chimera::load(std::path::Path::new(file)).unwrap_or_else(|d| {
        eprint!("{}", d.render());
        std::process::exit(2)
    });
    let mut game = Game::from_start(&variant);
    let mut players: [Box<dyn Player>; 2] = [
        Box::new(RandomPlayer::new(seed)),
        Box::new(RandomPlayer::new(seed + 1)),
    ];
    let opts = PlayOptions {
        max_plies: 2000,
        print_moves: false,
        show_board: false,
        verbose: false,
    };
    let result = run_game(&mut game, &mut players, &mut std::io::sink(), &opts);
    println!(
        "{} plies; {}",
        game.moves().len(),
        result.map_or("unfinished".into(), |r| r.describe(&variant))
    );
}
