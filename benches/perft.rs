//! `cargo bench --features compare`: the same fixed set as `chimera bench`.
fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    chimera::bench::run(quick, |m, ratio| {
        println!(
            "{:<12} {:<16} depth {} {:>12} nodes {:>8.3} s {:>12.0} nodes/s{}",
            m.case,
            m.engine,
            m.depth,
            m.nodes,
            m.seconds,
            m.nps,
            ratio
                .map(|r| format!("  chimera/reference = {r:.3}"))
                .unwrap_or_default()
        );
    });
}
