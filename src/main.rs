fn main() -> std::process::ExitCode {
    // Die quietly when stdout is closed early (`chimera moves … | head`),
    // like other command-line tools, instead of panicking on the write.
    // Commands that talk to other programs (external engines as players)
    // keep SIGPIPE ignored, so that an engine that dies is an error to
    // handle, not the end of chimera.
    let talks_to_engines = matches!(std::env::args().nth(1).as_deref(), Some("play" | "match"));
    #[cfg(unix)]
    if !talks_to_engines {
        // SAFETY: restoring the default action of SIGPIPE before any thread starts.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
    chimera::cli::run()
}
