fn main() -> std::process::ExitCode {
    chimera::cli::run()
}
