fn main() -> std::process::ExitCode {
    // Die quietly when stdout is closed early (`chimera moves … | head`),
    // like other command-line tools, instead of panicking on the write.
    #[cfg(unix)]
    // SAFETY: restoring the default action of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    chimera::cli::run()
}
