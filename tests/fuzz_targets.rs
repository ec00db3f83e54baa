//! A mutation fuzzer driven by `cargo test`, one test per input chimera reads
//! from users: notation, rules files, position text, move text, test files and
//! game records. Each starts from its corpus (tests/fuzz/<target>/), mutates
//! inputs (byte edits, splices, dictionary tokens) and runs them under
//! resource limits: a panic, an input that runs longer than 10 seconds of
//! processor time, or one that needs more than 2 GB (the address-space limit
//! of this test binary) fails the test, and the input is saved to
//! target/fuzz-failures/.
//!
//! The default run is short and the same every time: a fixed number of
//! inputs per target (about a second's work each), from a fixed seed
//! (`FUZZ_SEED`), so that neither its inputs nor its verdict depend on the
//! machine's speed. Long runs, by time: `FUZZ_SECONDS=600 cargo test
//! --release --test fuzz_targets -- --test-threads 1`.
//! New inputs that reach new outcomes (a new error message or success shape)
//! are added to the corpus in memory; `FUZZ_SAVE=1` writes them back.
use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::HashSet;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::atomic::{AtomicI32, AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::time::{Duration, Instant};

use chimera::check::run_case;
use chimera::game::Game;
use chimera::game::record::Record;
use chimera::rules::TestFile;
use chimera::{Position, Variant, notation, perft};
use rand::{Rng, SeedableRng, rngs::StdRng};

// The helpers the integration tests share (tests/suite.rs); this binary
// uses few of them.
#[allow(dead_code)]
mod common;
use common::{root, variant};

const HANG: Duration = Duration::from_secs(10);
const MEMORY_BYTES: u64 = 2 << 30;
const MAX_CORPUS: usize = 2000;

/// The system allocator, which on running out of memory (the address-space
/// limit) first writes the input being run to
/// target/fuzz-failures/out-of-memory.txt — with raw system calls, since
/// nothing may be allocated then — before Rust aborts.
struct SavingAllocator;

static OOM_FD: AtomicI32 = AtomicI32::new(-1);
static INPUT_PTR: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static INPUT_LEN: AtomicUsize = AtomicUsize::new(0);

#[global_allocator]
static ALLOCATOR: SavingAllocator = SavingAllocator;

fn out_of_memory() {
    let fd = OOM_FD.load(Ordering::Relaxed);
    if fd < 0 {
        return;
    }
    let (ptr, len) = (
        INPUT_PTR.load(Ordering::Relaxed),
        INPUT_LEN.load(Ordering::Relaxed),
    );
    let msg = b"fuzz: out of memory; the input is in target/fuzz-failures/out-of-memory.txt\n";
    // SAFETY: the pointer and length describe the input buffer, alive while
    // it runs; fd was opened for writing.
    unsafe {
        libc::ftruncate(fd, 0);
        libc::pwrite(fd, ptr as *const libc::c_void, len, 0);
        libc::write(2, msg.as_ptr() as *const libc::c_void, msg.len());
    }
}

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for SavingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            out_of_memory();
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() {
            out_of_memory();
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if p.is_null() {
            out_of_memory();
        }
        p
    }
}

/// Limits for the whole test binary, once: address space, and a watchdog
/// that aborts (with the input saved) when one input runs too long.
fn limits() -> &'static Mutex<Option<Running>> {
    static CURRENT: Mutex<Option<Running>> = Mutex::new(None);
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        #[cfg(unix)]
        // SAFETY: setrlimit with a valid struct; no other thread touches limits.
        unsafe {
            let lim = libc::rlimit {
                rlim_cur: MEMORY_BYTES,
                rlim_max: MEMORY_BYTES,
            };
            libc::setrlimit(libc::RLIMIT_AS, &lim);
        }
        let dir = root().join("target/fuzz-failures");
        let _ = std::fs::create_dir_all(&dir);
        if let Ok(f) = std::fs::File::create(dir.join("out-of-memory.txt")) {
            use std::os::fd::IntoRawFd;
            OOM_FD.store(f.into_raw_fd(), Ordering::Relaxed);
        }
        std::thread::spawn(|| {
            loop {
                std::thread::sleep(Duration::from_millis(250));
                if let Ok(guard) = CURRENT.lock()
                    && let Some(running) = guard.as_ref()
                    && cpu_time(running.clock).saturating_sub(running.start) > HANG
                {
                    let path = save_failure(&running.target, &running.input);
                    eprintln!(
                        "fuzz {}: input ran over {HANG:?} of processor time; saved to {}",
                        running.target,
                        path.display()
                    );
                    std::process::abort();
                }
            }
        });
    });
    &CURRENT
}

/// The input a fuzzing thread is running, and the processor time that
/// thread had used when it started it (read on the thread's clock, so that
/// the watchdog counts the input's own work, not the machine's load).
struct Running {
    target: String,
    input: Vec<u8>,
    clock: libc::clockid_t,
    start: Duration,
}

/// The processor-time clock of the calling thread.
fn thread_clock() -> libc::clockid_t {
    let mut clock: libc::clockid_t = 0;
    // SAFETY: asks for the clock of the calling thread, written to `clock`.
    let err = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut clock) };
    assert_eq!(err, 0, "no processor-time clock for this thread");
    clock
}

/// The time on a processor-time clock.
fn cpu_time(clock: libc::clockid_t) -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: reads a clock into `t`; the clock is a live thread's (the
    // watchdog reads it only while that thread is running an input).
    unsafe { libc::clock_gettime(clock, &mut t) };
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

fn save_failure(target: &str, input: &[u8]) -> PathBuf {
    let dir = root().join("target/fuzz-failures");
    let _ = std::fs::create_dir_all(&dir);
    let hash = input.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    });
    let path = dir.join(format!("{target}-{hash:016x}.txt"));
    let _ = std::fs::write(&path, input);
    path
}

/// Tokens mutations insert: pieces of the languages being fuzzed.
const DICTIONARY: &[&str] = &[
    "[",
    "]",
    "a",
    "a!",
    "x",
    "pp",
    "p3",
    "R",
    "Q",
    "K",
    "N",
    "W",
    "F",
    "(2<=n<=4)",
    "!",
    "∞",
    "inf",
    "mK",
    "cx",
    "fR",
    "[[piece]]",
    "[setup]",
    "position = ",
    "betza = ",
    "\"",
    "=",
    "{",
    "}",
    "hooks = [\"burn\"]",
    "royal = true",
    "files = 26",
    "ranks = 1",
    "/",
    "9",
    "19",
    "(+MA)",
    "+P",
    "~",
    "[",
    "]",
    " w ",
    " b ",
    " - ",
    " 0 1",
    "flags=war",
    "reserve=",
    "pocket=",
    "*",
    "@",
    "^",
    "&",
    "-x",
    " !",
    "e2e4",
    "O-O",
    "Nf3",
    "=Q",
    "+",
    "\n",
    "[[test]]",
    "perft = [1, 2, 3]",
    "moves = [",
    "[VariantFile \"",
    "1. ",
    "resign",
    "4294967295",
    "99999999999",
    "0",
    "-1",
    "\u{0}",
    "\u{ff}",
];

fn mutate(rng: &mut StdRng, input: &[u8], corpus: &[Vec<u8>]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..rng.random_range(1..=4) {
        let len = out.len();
        match rng.random_range(0..7) {
            0 if len > 0 => {
                let i = rng.random_range(0..len);
                out[i] = rng.random();
            }
            1 => {
                let i = rng.random_range(0..=len);
                out.insert(i, rng.random_range(32..127));
            }
            2 if len > 0 => {
                let i = rng.random_range(0..len);
                let n = rng.random_range(1..=(len - i).min(32));
                out.drain(i..i + n);
            }
            3 if len > 0 => {
                let i = rng.random_range(0..len);
                let n = rng.random_range(1..=(len - i).min(64));
                let chunk: Vec<u8> = out[i..i + n].to_vec();
                let at = rng.random_range(0..=out.len());
                for _ in 0..rng.random_range(1..=8) {
                    out.splice(at..at, chunk.iter().copied());
                }
            }
            4 if !corpus.is_empty() => {
                let other = &corpus[rng.random_range(0..corpus.len())];
                if !other.is_empty() {
                    let i = rng.random_range(0..other.len());
                    let n = rng.random_range(1..=(other.len() - i).min(200));
                    let at = rng.random_range(0..=out.len());
                    out.splice(at..at, other[i..i + n].iter().copied());
                }
            }
            _ => {
                let tok = DICTIONARY[rng.random_range(0..DICTIONARY.len())].as_bytes();
                let at = rng.random_range(0..=out.len());
                out.splice(at..at, tok.iter().copied());
            }
        }
    }
    out.truncate(64 << 10);
    out
}

fn corpus(target: &str) -> Vec<Vec<u8>> {
    let dir = root().join("tests/fuzz").join(target);
    let mut out: Vec<Vec<u8>> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| std::fs::read(e.ok()?.path()).ok())
            .collect(),
        Err(_) => Vec::new(),
    };
    out.sort();
    out
}

/// Runs a target on `runs` inputs (with `FUZZ_SECONDS` set, for that long
/// instead); `run` returns a short description of what the input did (its
/// "outcome"), used to grow the corpus.
fn fuzz(target: &str, runs_by_default: u64, seeds: Vec<Vec<u8>>, run: impl Fn(&[u8]) -> String) {
    let current = limits();
    let clock = thread_clock();
    let seconds: Option<u64> = std::env::var("FUZZ_SECONDS").ok().and_then(|s| s.parse().ok());
    let mut corpus = corpus(target);
    corpus.extend(seeds);
    assert!(!corpus.is_empty(), "{target}: empty corpus");
    let seed = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1u64);
    let mut rng = StdRng::seed_from_u64(seed ^ target.len() as u64);
    let mut outcomes: HashSet<String> = HashSet::new();
    let runs = AtomicU64::new(0);
    let start = Instant::now();
    let more = |i: usize| match seconds {
        Some(s) => start.elapsed() < Duration::from_secs(s),
        None => (i as u64) < runs_by_default,
    };
    let mut i = 0usize;
    let mut saved = 0;
    while more(i) {
        let input = if i < corpus.len() {
            corpus[i].clone()
        } else {
            let base = &corpus[rng.random_range(0..corpus.len())];
            mutate(&mut rng, base, &corpus)
        };
        i += 1;
        *current.lock().unwrap() = Some(Running {
            target: target.to_string(),
            input: input.clone(),
            clock,
            start: cpu_time(clock),
        });
        INPUT_PTR.store(input.as_ptr() as *mut u8, Ordering::Relaxed);
        INPUT_LEN.store(input.len(), Ordering::Relaxed);
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| run(&input)));
        *current.lock().unwrap() = None;
        runs.fetch_add(1, Ordering::Relaxed);
        match result {
            Ok(outcome) => {
                // The corpus stops growing at MAX_CORPUS: an outcome that
                // quotes the input would otherwise add every input.
                if outcomes.insert(outcome) && i > corpus.len() && corpus.len() < MAX_CORPUS {
                    if std::env::var("FUZZ_SAVE").is_ok() && saved < 100 {
                        saved += 1;
                        let dir = root().join("tests/fuzz").join(target);
                        let _ = std::fs::create_dir_all(&dir);
                        let _ =
                            std::fs::write(dir.join(format!("grown-{seed}-{}.txt", corpus.len())), &input);
                    }
                    corpus.push(input);
                }
            }
            Err(_) => {
                let path = save_failure(target, &input);
                panic!("fuzz {target}: an input panicked; saved to {}", path.display());
            }
        }
    }
    if std::env::var("FUZZ_OUTCOMES").is_ok() {
        let mut list: Vec<&String> = outcomes.iter().collect();
        list.sort();
        for o in list.iter().take(40) {
            println!("  outcome: {o}");
        }
    }
    println!(
        "fuzz {target}: {} runs in {:.0} s, {} outcomes, corpus {}",
        runs.load(Ordering::Relaxed),
        start.elapsed().as_secs_f64(),
        outcomes.len(),
        corpus.len()
    );
}

fn text(input: &[u8]) -> String {
    String::from_utf8_lossy(input).into_owned()
}

/// What kind of outcome an error is: its first words, without quoted text
/// and numbers.
fn kind(msg: &str) -> String {
    let head = msg.split(['`', '(', '"', '\'']).next().unwrap_or("");
    // The leading words of the message, up to the first that could be
    // quoted input.
    head.split_whitespace()
        .take_while(|w| {
            w.chars()
                .all(|c| c.is_ascii_alphabetic() || "[]._:,-".contains(c))
        })
        .take(4)
        .collect::<Vec<_>>()
        .join(" ")
}

fn files(dir: &str, ext: &str) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(root().join(dir)) {
        for e in entries.flatten() {
            if e.path().extension().is_some_and(|x| x == ext)
                && let Ok(b) = std::fs::read(e.path())
            {
                out.push(b);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn notation() {
    let seeds = [
        "K",
        "fmWfceFifmnD",
        "a3K",
        "mKa3K",
        "Fa[cxQ3]",
        "[R5]a[cx[Q5ppQ5]]",
        "R(2<=n<=4)",
        "R(2<=n<=inf)",
        "a!5W",
        "[NaffN][xN]",
        "pR",
        "ppR",
        "gQ",
        "nN",
        "jD",
    ];
    fuzz(
        "notation",
        20_000,
        seeds.iter().map(|s| s.as_bytes().to_vec()).collect(),
        |input| {
            let s = text(input);
            match notation::compile_program(&s) {
                Err(e) => kind(&e.message),
                Ok((tree, prog)) => {
                    let _ = notation::explain(&prog);
                    let back = tree.to_string();
                    assert_eq!(
                        notation::parse(&back).unwrap(),
                        tree,
                        "canonical printing round-trips"
                    );
                    // As a piece on a small board.
                    let rules = format!(
                        "[variant]\nname = \"f\"\n[board]\nfiles = 7\nranks = 7\n[[piece]]\nname = \"king\"\nsymbol = \"K\"\nbetza = \"K\"\nroyal = true\n[[piece]]\nname = \"x\"\nsymbol = \"X\"\nbetza = {}\ninitial_ranks = [2]\n[setup]\nposition = \"3k3/7/7/7/3X3/7/3K3 w - - 0 1\"\n",
                        toml::Value::String(s)
                    );
                    match chimera::load_str("fuzz.toml", &rules) {
                        Ok(v) => {
                            let mut pos = Position::start(&v);
                            format!("compiled perft2={}", perft(&mut pos, 2).min(1))
                        }
                        Err(d) => format!("piece: {}", kind(&d.message)),
                    }
                }
            }
        },
    );
}

#[test]
fn rules_files() {
    let mut seeds = files("variants", "toml");
    seeds.extend(files("tests/bad", "toml"));
    fuzz("rules", 2_000, seeds, |input| {
        match chimera::load_str("fuzz.toml", &text(input)) {
            Err(d) => {
                let _ = d.render();
                kind(&d.message)
            }
            Ok(v) => {
                let mut pos = Position::start(&v);
                let n = pos.legal_move_list().len();
                // A few plies of a fixed playout, made and unmade.
                let mut made = 0;
                for _ in 0..6 {
                    let moves = pos.legal_move_list();
                    let Some(&m) = moves.first() else { break };
                    pos.make(m);
                    made += 1;
                }
                for _ in 0..made {
                    pos.unmake();
                }
                assert_eq!(pos.hash(), pos.compute_hash());
                format!("ok {}", n.min(3))
            }
        }
    });
}

fn positions_of(v: &Arc<Variant>) -> Vec<Vec<u8>> {
    let mut pos = Position::start(v);
    let mut out = vec![pos.to_text().into_bytes()];
    for _ in 0..8 {
        let moves = pos.legal_move_list();
        let Some(&m) = moves.get(moves.len() / 2) else {
            break;
        };
        pos.make(m);
        out.push(pos.to_text().into_bytes());
    }
    out
}

#[test]
fn position_text() {
    let variants: Vec<Arc<Variant>> = [
        "chess.toml",
        "crazyhouse.toml",
        "shogi.toml",
        "kozune.toml",
        "wwii-chess.toml",
        "pocket-shogi-copper.toml",
        "ko-shogi.toml",
        "seirawan.toml",
        "janggi.toml",
        "sittuyin.toml",
    ]
    .iter()
    .map(|f| variant(f))
    .collect();
    let mut seeds = Vec::new();
    for (i, v) in variants.iter().enumerate() {
        for p in positions_of(v) {
            let mut tagged = vec![b'0' + i as u8, b'|'];
            tagged.extend(p);
            seeds.push(tagged);
        }
    }
    fuzz("position", 100_000, seeds, |input| {
        let (which, body) = match input {
            [d, b'|', rest @ ..] if d.is_ascii_digit() => ((*d - b'0') as usize % variants.len(), rest),
            _ => (0, input),
        };
        let v = &variants[which];
        match Position::from_text(v, &text(body)) {
            Err(e) => kind(&e.to_string()),
            Ok(mut pos) => {
                let t = pos.to_text();
                let back = Position::from_text(v, &t).expect("printed positions parse");
                assert_eq!(back.to_text(), t);
                for m in pos.legal_move_list() {
                    pos.make(m);
                    let _ = pos.to_text();
                    pos.unmake();
                }
                assert_eq!(pos.to_text(), t);
                "ok".into()
            }
        }
    });
}

#[test]
fn move_text() {
    let chess = variant("chess.toml");
    let shogi = variant("shogi.toml");
    let ko = variant("ko-shogi.toml");
    let mut seeds: Vec<Vec<u8>> = [
        "e2e4",
        "Nf3",
        "A1a2",
        "O-O",
        "e7e8=Q",
        "e7e8q",
        "P*e5",
        "7g7f+",
        "j9-xj10-xj11-j12",
        "g7-h8 !h11",
        "e8-e8",
        "pass",
        "e5->pocket",
        "Ko@a1",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    for v in [&chess, &shogi, &ko] {
        let mut pos = Position::start(v);
        for m in pos.legal_move_list().iter().take(10) {
            seeds.push(pos.move_text(m).into_bytes());
        }
    }
    fuzz("move", 2_500, seeds, |input| {
        let t = text(input);
        let mut outcome = String::new();
        for v in [&chess, &shogi, &ko] {
            let mut pos = Position::start(v);
            let syntax = v.check_move_text(&t).is_ok();
            match pos.parse_move(&t) {
                Ok(m) => {
                    assert!(syntax, "`{t}` parses as a move but fails the syntax check");
                    pos.make(m);
                    pos.unmake();
                    outcome.push('m');
                }
                Err(e) => outcome.push_str(kind(&e.to_string()).get(..12).unwrap_or("?")),
            }
        }
        outcome
    });
}

#[test]
fn test_files() {
    let chess = variant("chess.toml");
    let seeds = vec![
        std::fs::read(root().join("variants/chess.toml")).unwrap(),
        b"[[test]]\nname = \"x\"\nmoves = [\"e2e4\"]\nexcludes = [\"zz99-qq\"]\nperft = [20, 400]\n".to_vec(),
        b"[[test]]\nname = \"y\"\nposition = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\nlegal = [\"e1d1\"]\nresult = \"ongoing\"\n".to_vec(),
    ];
    fuzz("tests", 30_000, seeds, |input| {
        match toml::from_str::<TestFile>(&text(input)) {
            Err(e) => kind(e.message()),
            Ok(f) => {
                let mut passed = 0;
                for t in f.tests.iter().take(8) {
                    passed += usize::from(run_case(&chess, t, "fuzz").passed);
                }
                format!("ran {} passed {}", f.tests.len().min(8), passed.min(2))
            }
        }
    });
}

#[test]
fn game_records() {
    let chess = variant("chess.toml");
    let seeds = vec![
        b"[Variant \"Chess\"]\n[Result \"white wins by checkmate\"]\n\n1. e2e4 e7e5 2. d1h5 b8c6 3. f1c4 g8f6 4. h5f7\n".to_vec(),
        b"1. f2f3 e7e5 2. g2g4 d8h4\n".to_vec(),
        b"[Start \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n1. e1e2 e8e7\n".to_vec(),
    ];
    fuzz("records", 50_000, seeds, |input| {
        match Record::parse(&text(input)) {
            Err(e) => kind(&e),
            Ok(rec) => {
                let start = match rec.tags.get("Start") {
                    Some(s) => match Position::from_text(&chess, s) {
                        Ok(p) => p,
                        Err(e) => return kind(&e.to_string()),
                    },
                    None => Position::start(&chess),
                };
                let mut game = Game::new(start);
                let mut played = 0;
                for m in &rec.moves {
                    if game.play_text(m).is_err() {
                        break;
                    }
                    played += 1;
                }
                let _ = game.result();
                format!("played {}", played.min(3))
            }
        }
    });
}

/// Fairy-Stockfish ini files (`chimera import fsf`): the reader, inheritance,
/// the translation, and a written file compiled — errors, never panics.
#[test]
fn fsf_ini() {
    let full = std::fs::read(root().join("tests/data/fsf-ini/variants.ini")).unwrap();
    let whole = String::from_utf8_lossy(&full).into_owned();
    // Seeds: small pieces of Fairy-Stockfish's own file (a few sections each).
    let starts: Vec<usize> = whole.match_indices("\n[").map(|(i, _)| i + 1).collect();
    let mut seeds: Vec<Vec<u8>> = starts
        .windows(4)
        .step_by(6)
        .map(|w| whole.as_bytes()[w[0]..w[3]].to_vec())
        .collect();
    seeds.push(b"[a:b]\n[b:a]\n".to_vec());
    seeds.push(
        b"[x]\nking = k\ncustomPiece1 = a:fWcFnNpRgB\nstartFen = 4k3/8/8/8/8/8/8/A3K3 w - - 0 1\n".to_vec(),
    );
    fuzz("fsf_ini", 400, seeds, |input| {
        let s = text(input);
        match chimera::import::ini::parse("fuzz.ini", &s) {
            Err(d) => {
                let _ = d.render();
                kind(&d.message)
            }
            Ok(ini) => {
                let mut outcome = String::from("read");
                for i in 0..ini.sections.len().min(4) {
                    match chimera::import::fsf::resolve(&ini, i) {
                        Err(d) => outcome = format!("resolve: {}", kind(&d.message)),
                        Ok(model) => {
                            let t = chimera::import::fsf::translate(&model, "fuzz.ini");
                            match t.toml {
                                Some(toml) => {
                                    outcome = match chimera::load_str("fuzz.toml", &toml) {
                                        Ok(_) => "imported".into(),
                                        Err(d) => format!("refused: {}", kind(&d.message)),
                                    }
                                }
                                None => outcome = format!("problems {}", t.problems.len().min(3)),
                            }
                        }
                    }
                }
                outcome
            }
        }
    });
}

/// XBetza and Fairy-Stockfish's Betza: converted or an error inside the
/// string, and what they become is chimera notation that compiles.
#[test]
fn xbetza() {
    let seeds = [
        "fmWfceFifmnD",
        "KaK",
        "BD0",
        "vRsW2frBflF",
        "NmpafsafF",
        "FyafsF",
        "oR",
        "JL",
        "hlN",
        "ffrrN",
        "QADcavKmcpafmcpavK",
        "iimW",
        "fsmcpgoynjW",
        "O2",
        "W3fF",
    ];
    fuzz(
        "xbetza",
        25_000,
        seeds.iter().map(|s| s.as_bytes().to_vec()).collect(),
        |input| {
            let s = text(input);
            let mut outcome = String::new();
            for (name, r) in [
                ("xbetza", chimera::notation::xbetza::to_chimera(&s)),
                ("fsf", chimera::notation::xbetza::fsf::to_chimera(&s, false)),
            ] {
                match r {
                    Err(e) => {
                        assert!(e.at <= s.len(), "error position inside the string");
                        outcome.push_str(&format!("{name}: {} ", kind(&e.message)));
                    }
                    Ok(b) => {
                        let c = notation::compile_program(&b).is_ok();
                        outcome.push_str(&format!("{name}: ok {c} "));
                    }
                }
            }
            outcome
        },
    );
}
