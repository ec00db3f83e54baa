//! Seeded random games re-checked move by move by an independent library
//! (tests/tools/crosscheck.py): python-chess for chess and crazyhouse,
//! Fairy-Stockfish's pyffish for shogi and every other Fairy-Stockfish
//! variant file. At every ply the legal moves and the
//! position (counters included) must agree, and at the end the result.
//!
//! Each comparison comes twice: `shallow` (one short game, in the default
//! run, so every variant file is compared once) and `deep` (the full games,
//! `cargo test --release -- --ignored`).
//!
//! Needs python3 with `chess` and `pyffish` (`pip install chess pyffish`);
//! without them the test is skipped with a message — except under CI, where
//! `.ci/run` installs them and a missing one is a failure.

use crate::common;

pub(crate) fn crosscheck_with(rules: &str, reference: &str, games: u32, plies: u32, extra: &[&str]) {
    let root = common::root();
    let mut args = vec![
        env!("CARGO_BIN_EXE_chimera").to_string(),
        root.join("variants").join(rules).display().to_string(),
        reference.to_string(),
        "--games".to_string(),
        games.to_string(),
        "--plies".to_string(),
        plies.to_string(),
        "--seed".to_string(),
        "1".to_string(),
    ];
    args.extend(extra.iter().map(|a| a.to_string()));
    if let Some(out) = common::python_tool(
        "crosscheck.py",
        &args,
        &format!("{rules}: chimera and {reference} disagree"),
    ) {
        println!("{}", out.lines().last().unwrap_or(""));
    }
}

/// One comparison as two tests, `NAME::shallow` (default run) and
/// `NAME::deep` (`--ignored`), with their (games, plies).
macro_rules! tiered {
    ($test:ident: $rules:expr, $reference:expr, shallow ($g:expr, $p:expr), deep ($dg:expr, $dp:expr), $extra:expr) => {
        mod $test {
            #[test]
            fn shallow() {
                super::crosscheck_with($rules, $reference, $g, $p, $extra);
            }

            #[test]
            #[ignore = "deep tier: cargo test --release -- --ignored"]
            fn deep() {
                super::crosscheck_with($rules, $reference, $dg, $dp, $extra);
            }
        }
    };
}

tiered!(chess_agrees_with_python_chess: "chess.toml", "chess", shallow (2, 60), deep (30, 600), &[]);
tiered!(crazyhouse_agrees_with_python_chess: "crazyhouse.toml", "crazyhouse", shallow (2, 60), deep (30, 400), &[]);
tiered!(shogi_agrees_with_fairy_stockfish: "shogi.toml", "shogi", shallow (1, 60), deep (10, 300), &[]);
// Long makruk games reach the bare endgames where the counting rule runs.
tiered!(makruk_agrees_with_fairy_stockfish: "makruk.toml", "makruk", shallow (1, 60), deep (6, 400), &[]);
// Shuffled starts (each game its own back rank, drawn by the tool), so
// that castling from other files is compared too.
tiered!(fischerandom_shuffled_agrees_with_fairy_stockfish: "fischerandom.toml", "fischerandom", shallow (2, 40), deep (10, 200), &["--shuffle", "yes"]);
tiered!(caparandom_shuffled_agrees_with_fairy_stockfish: "caparandom.toml", "caparandom", shallow (2, 40), deep (6, 200), &["--shuffle", "yes"]);
// Players that often move a piece straight back (the tool's `--shuttle`),
// so that janggimodern's move-repetition rule ends games (one pass in the
// series, checks that break it) as Fairy-Stockfish ends them.
tiered!(janggimodern_move_repetition_agrees_with_fairy_stockfish: "janggimodern.toml", "janggimodern", shallow (2, 60), deep (10, 200), &["--shuttle", "0.8"]);

/// One test per Fairy-Stockfish variant file, against pyffish.
macro_rules! against_pyffish {
    ($($test:ident: $variant:literal,)*) => {$(
        tiered!($test: concat!($variant, ".toml"), $variant, shallow (1, 40), deep (6, 200), &[]);
    )*};
}

against_pyffish! {
    minishogi_agrees_with_fairy_stockfish: "minishogi",
    kyotoshogi_agrees_with_fairy_stockfish: "kyotoshogi",
    euroshogi_agrees_with_fairy_stockfish: "euroshogi",
    judkins_agrees_with_fairy_stockfish: "judkins",
    torishogi_agrees_with_fairy_stockfish: "torishogi",
    dobutsu_agrees_with_fairy_stockfish: "dobutsu",
    xiangqi_agrees_with_fairy_stockfish: "xiangqi",
    janggi_agrees_with_fairy_stockfish: "janggi",
    shatranj_agrees_with_fairy_stockfish: "shatranj",
    courier_agrees_with_fairy_stockfish: "courier",
    capablanca_agrees_with_fairy_stockfish: "capablanca",
    caparandom_agrees_with_fairy_stockfish: "caparandom",
    fischerandom_agrees_with_fairy_stockfish: "fischerandom",
    grand_agrees_with_fairy_stockfish: "grand",
    sittuyin_agrees_with_fairy_stockfish: "sittuyin",
    placement_agrees_with_fairy_stockfish: "placement",
    seirawan_agrees_with_fairy_stockfish: "seirawan",
    shako_agrees_with_fairy_stockfish: "shako",
    chessgi_agrees_with_fairy_stockfish: "chessgi",
    losers_agrees_with_fairy_stockfish: "losers",
    antichess_agrees_with_fairy_stockfish: "antichess",
    atomic_agrees_with_fairy_stockfish: "atomic",
    threecheck_agrees_with_fairy_stockfish: "3check",
    kingofthehill_agrees_with_fairy_stockfish: "kingofthehill",
    horde_agrees_with_fairy_stockfish: "horde",
    racingkings_agrees_with_fairy_stockfish: "racingkings",
}

/// The Fairy-Stockfish variants written from its definitions (issue 27;
/// docs/fsf-variants.md): one short game each in the default run, two
/// longer ones under `--ignored`.
/// `tests/tools/crosscheck.py` with more games and plies gives the figures
/// of docs/fsf-variants.md.
macro_rules! briefly_against_pyffish {
    ($($test:ident: $variant:literal,)*) => {$(
        tiered!($test: concat!($variant, ".toml"), $variant, shallow (1, 30), deep (2, 80), &[]);
    )*};
}

briefly_against_pyffish! {
    breakthrough_plays_as_fairy_stockfish: "breakthrough",
    bughouse_plays_as_fairy_stockfish: "bughouse",
    chigorin_plays_as_fairy_stockfish: "chigorin",
    clobber_plays_as_fairy_stockfish: "clobber",
    clobber10_plays_as_fairy_stockfish: "clobber10",
    legan_plays_as_fairy_stockfish: "legan",
    shatar_plays_as_fairy_stockfish: "shatar",
    sortofalmost_plays_as_fairy_stockfish: "sortofalmost",
    spartan_plays_as_fairy_stockfish: "spartan",
    fivecheck_plays_as_fairy_stockfish: "5check",
    ai_wok_plays_as_fairy_stockfish: "ai-wok",
    almost_plays_as_fairy_stockfish: "almost",
    amazon_plays_as_fairy_stockfish: "amazon",
    asean_plays_as_fairy_stockfish: "asean",
    berolina_plays_as_fairy_stockfish: "berolina",
    cambodian_plays_as_fairy_stockfish: "cambodian",
    capahouse_plays_as_fairy_stockfish: "capahouse",
    centaur_plays_as_fairy_stockfish: "centaur",
    chancellor_plays_as_fairy_stockfish: "chancellor",
    chaturanga_plays_as_fairy_stockfish: "chaturanga",
    checkshogi_plays_as_fairy_stockfish: "checkshogi",
    karouk_plays_as_fairy_stockfish: "karouk",
    coregal_plays_as_fairy_stockfish: "coregal",
    dragon_plays_as_fairy_stockfish: "dragon",
    embassy_plays_as_fairy_stockfish: "embassy",
    gardner_plays_as_fairy_stockfish: "gardner",
    georgian_plays_as_fairy_stockfish: "georgian",
    fox_and_hounds_plays_as_fairy_stockfish: "fox-and-hounds",
    gorogoro_plays_as_fairy_stockfish: "gorogoro",
    gothic_plays_as_fairy_stockfish: "gothic",
    grasshopper_plays_as_fairy_stockfish: "grasshopper",
    hoppelpoppel_plays_as_fairy_stockfish: "hoppelpoppel",
    janggicasual_plays_as_fairy_stockfish: "janggicasual",
    janggimodern_plays_as_fairy_stockfish: "janggimodern",
    janggitraditional_plays_as_fairy_stockfish: "janggitraditional",
    janus_plays_as_fairy_stockfish: "janus",
    jesonmor_plays_as_fairy_stockfish: "jesonmor",
    knightmate_plays_as_fairy_stockfish: "knightmate",
    loop_plays_as_fairy_stockfish: "loop",
    losalamos_plays_as_fairy_stockfish: "losalamos",
    makpong_plays_as_fairy_stockfish: "makpong",
    manchu_plays_as_fairy_stockfish: "manchu",
    micro_plays_as_fairy_stockfish: "micro",
    minixiangqi_plays_as_fairy_stockfish: "minixiangqi",
    misere_plays_as_fairy_stockfish: "misere",
    modern_plays_as_fairy_stockfish: "modern",
    newzealand_plays_as_fairy_stockfish: "newzealand",
    nightrider_plays_as_fairy_stockfish: "nightrider",
    nocastle_plays_as_fairy_stockfish: "nocastle",
    okisakishogi_plays_as_fairy_stockfish: "okisakishogi",
    opulent_plays_as_fairy_stockfish: "opulent",
    paradigm_plays_as_fairy_stockfish: "paradigm",
    pawnback_plays_as_fairy_stockfish: "pawnback",
    pawnsideways_plays_as_fairy_stockfish: "pawnsideways",
    petrified_plays_as_fairy_stockfish: "petrified",
    perfect_plays_as_fairy_stockfish: "perfect",
    pocketknight_plays_as_fairy_stockfish: "pocketknight",
    raazuvaa_plays_as_fairy_stockfish: "raazuvaa",
    shoshogi_plays_as_fairy_stockfish: "shoshogi",
    tencubed_plays_as_fairy_stockfish: "tencubed",
    threekings_plays_as_fairy_stockfish: "threekings",
    wolf_plays_as_fairy_stockfish: "wolf",
    torpedo_plays_as_fairy_stockfish: "torpedo",
    yarishogi_plays_as_fairy_stockfish: "yarishogi",
    giveaway_plays_as_fairy_stockfish: "giveaway",
    codrus_plays_as_fairy_stockfish: "codrus",
    extinction_plays_as_fairy_stockfish: "extinction",
    kinglet_plays_as_fairy_stockfish: "kinglet",
    nocheckatomic_plays_as_fairy_stockfish: "nocheckatomic",
    atomar_plays_as_fairy_stockfish: "atomar",
    suicide_plays_as_fairy_stockfish: "suicide",
    armageddon_plays_as_fairy_stockfish: "armageddon",
    gustav3_plays_as_fairy_stockfish: "gustav3",
    omicron_plays_as_fairy_stockfish: "omicron",
    snailtrail_plays_as_fairy_stockfish: "snailtrail",
    joust_plays_as_fairy_stockfish: "joust",
    isolation_plays_as_fairy_stockfish: "isolation",
    isolation7x7_plays_as_fairy_stockfish: "isolation7x7",
    amazons_plays_as_fairy_stockfish: "amazons",
    duck_plays_as_fairy_stockfish: "duck",
    troitzky_plays_as_fairy_stockfish: "troitzky",
    ataxx_plays_as_fairy_stockfish: "ataxx",
    flipersi_plays_as_fairy_stockfish: "flipersi",
    flipello_plays_as_fairy_stockfish: "flipello",
    flipello10_plays_as_fairy_stockfish: "flipello10",
}

/// Xiangqi repetitions (tests/tools/chasing.py): random cycles of attacking
/// moves, judged by Fairy-Stockfish (draw, perpetual check, perpetual chase)
/// and by chimera's `chasing` hook, must agree.
#[test]
fn xiangqi_repetitions_agree_with_fairy_stockfish() {
    xiangqi_repetitions(20);
}

#[test]
#[ignore = "deep tier: cargo test --release -- --ignored"]
fn xiangqi_repetitions_agree_with_fairy_stockfish_deeply() {
    xiangqi_repetitions(120);
}

fn xiangqi_repetitions(cycles: u32) {
    let root = common::root();
    let args = [
        env!("CARGO_BIN_EXE_chimera").to_string(),
        root.join("variants/xiangqi.toml").display().to_string(),
        "--cycles".to_string(),
        cycles.to_string(),
        "--seed".to_string(),
        "2".to_string(),
    ];
    if let Some(out) = common::python_tool("chasing.py", &args, "xiangqi repetitions disagree") {
        println!("{}", out.trim());
    }
}
