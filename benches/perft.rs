//! `cargo bench --features compare`: the same fixed set as `chimera bench`.
fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    chimera::bench::run(quick, 3, |m, ratio| {
        println!("{}", chimera::bench::format_line(m, ratio))
    });
}
