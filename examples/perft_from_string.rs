//! Build a variant from a TOML string in code and run its perft.
//!
//! cargo run --example perft_from_string
use chimera::{Position, perft};

const RULES: &str = r#"
[variant]
name = "Knightmate-ish mini"

[board]
files = 5
ranks = 5

[[piece]]
name = "king"
symbol = "K"
betza = "N"
royal = true

[[piece]]
name = "guard"
symbol = "G"
betza = "K"

[setup]
position = "1gkg1/5/5/5/1GKG1 w - - 0 1"
"#;

pub fn main() {
    let variant = chimera::load_str("inline.toml", RULES).unwrap_or_else(|d| panic!("{}", d.render()));
    let mut pos = Position::start(&variant);
    for depth in 1..=4 {
        println!("perft {depth}: {}", perft(&mut pos, depth));
    }
}
