//! Games: records replay exactly; a scripted human session; the engine beats a
//! random player; `play --verbose` reports search speed; examples run.
use std::io::Cursor;
use std::process::Command;

use chimera::game::players::{EnginePlayer, HumanPlayer, Player, RandomPlayer};
use chimera::game::record::Record;
use chimera::game::{Game, PlayOptions, run_game};
use chimera::{Color, Position, Reason};

use crate::common;
use crate::common::variant;

#[path = "../examples/list_moves.rs"]
mod list_moves;
#[path = "../examples/perft_from_string.rs"]
mod perft_from_string;
#[path = "../examples/random_game.rs"]
mod random_game;

fn quiet() -> PlayOptions {
    PlayOptions {
        max_plies: 800,
        print_moves: false,
        show_board: false,
        verbose: false,
    }
}

#[test]
fn recorded_games_replay_to_the_same_end() {
    for (file, seed) in [
        ("kozune.toml", 3),
        ("shogi.toml", 4),
        ("crazyhouse.toml", 5),
        ("chess.toml", 6),
    ] {
        let v = variant(file);
        let mut game = Game::from_start(&v);
        let mut players: [Box<dyn Player>; 2] = [
            Box::new(EnginePlayer::new(&v, 1, None)),
            Box::new(RandomPlayer::new(seed)),
        ];
        let result = run_game(&mut game, &mut players, &mut std::io::sink(), &quiet()).unwrap();
        let text = Record::from_game(&game, file, ["engine", "random"], Some(result)).to_text();
        let rec = Record::parse(&text).unwrap();
        assert_eq!(rec.tags["Result"], result.describe(&v));
        let mut replay = Game::new(Position::start(&v));
        for m in &rec.moves {
            replay.play_text(m).unwrap_or_else(|e| panic!("{file}: {m}: {e}"));
        }
        assert_eq!(replay.position().to_text(), game.position().to_text(), "{file}");
        if result.reason != Reason::MoveLimit {
            assert_eq!(replay.result(), Some(result), "{file}");
        }
    }
}

#[test]
fn replay_command_reports_an_illegal_move_with_its_number() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("bad.pgn");
    let chess = common::root().join("variants/chess.toml");
    std::fs::write(
        &file,
        format!(
            "[Variant \"Chess\"]\n[VariantFile \"{}\"]\n\n1. e2e4 e7e5 2. e4e5\n",
            chess.display()
        ),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("replay")
        .arg(&file)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 2 (e4e5)"), "{err}");
}

#[test]
fn play_records_and_replays() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let rec = dir.join("game.pgn");
    let kozune = common::root().join("variants/kozune.toml");
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args([
            "play",
            kozune.to_str().unwrap(),
            "--depth",
            "1",
            "--second",
            "random",
            "--verbose",
            "--record",
        ])
        .arg(&rec)
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("nodes/s") && stdout.contains("depth 1"),
        "{stdout}"
    );
    // Each engine move shows its principal variation, starting with itself.
    let first = stdout
        .lines()
        .find(|l| l.starts_with("1. "))
        .expect("a first move");
    let played = first.split_whitespace().nth(1).expect("the move");
    assert!(first.contains(&format!("pv {played}")), "{first}");
    let result_line = stdout.lines().last().unwrap().to_string();
    assert!(result_line.starts_with("result: "), "{result_line}");
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("replay")
        .arg(&rec)
        .output()
        .unwrap();
    let replayed = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{replayed}");
    assert!(replayed.contains(&result_line), "{replayed}");
    assert!(replayed.contains("record verified"));
}

#[test]
fn scripted_human_session() {
    let v = variant("chess.toml");
    let script = "help\nxyz\ne2e4\nundo\nmoves\nd2d4\nresign\n";
    let mut output = Vec::new();
    let mut transcript = Vec::new();
    let result = {
        let human = HumanPlayer::new(Cursor::new(script), &mut output);
        let mut players: [Box<dyn Player + '_>; 2] = [Box::new(human), Box::new(RandomPlayer::new(7))];
        let mut game = Game::from_start(&v);
        let opts = PlayOptions {
            max_plies: 0,
            print_moves: true,
            show_board: true,
            verbose: false,
        };
        let r = run_game(&mut game, &mut players, &mut transcript, &opts);
        assert_eq!(game.format(&game.moves()[0]), "d2d4");
        assert_eq!(game.moves().len(), 2);
        r
    };
    let prompt = String::from_utf8(output).unwrap();
    let shown = String::from_utf8(transcript).unwrap();
    assert!(prompt.contains("`xyz` is not a legal move"), "{prompt}");
    assert!(prompt.contains("20 legal moves"), "{prompt}");
    assert!(shown.contains("took back 2 move(s)"), "{shown}");
    assert!(shown.contains("1. e2e4") && shown.contains("1. d2d4"), "{shown}");
    let r = result.unwrap();
    assert_eq!((r.winner, r.reason), (Some(Color::Second), Reason::Resignation));
}

#[test]
fn engine_beats_random() {
    let v = variant("shogi.toml");
    let mut wins = 0;
    for i in 0..4u64 {
        let engine_first = i % 2 == 0;
        let engine: Box<dyn Player> = Box::new(EnginePlayer::new(&v, 2, None));
        let random: Box<dyn Player> = Box::new(RandomPlayer::new(i));
        let mut players = if engine_first {
            [engine, random]
        } else {
            [random, engine]
        };
        let mut game = Game::from_start(&v);
        let r = run_game(&mut game, &mut players, &mut std::io::sink(), &quiet()).unwrap();
        if r.winner == Some(if engine_first { Color::First } else { Color::Second }) {
            wins += 1;
        }
    }
    assert_eq!(wins, 4);
}

#[test]
fn examples_run() {
    list_moves::run(&[]);
    perft_from_string::main();
    random_game::run(&[]);
}

/// Xiangqi's move counter as Fairy-Stockfish judges it: in a game of 20 plies
/// or more, each check beyond ten by one side within the counter's plies
/// lengthens the 100-ply limit by two.
#[test]
fn checks_lengthen_the_xiangqi_move_counter() {
    let v = variant("xiangqi.toml");
    let judged = |halfmove: u32, plies: usize, checks_by_mover: usize| {
        let text = format!("3k5/9/9/9/9/9/9/9/9/R1N1K1N1R b - - {halfmove} 60");
        let mut pos = Position::from_text(&v, &text).expect("position");
        // Distinct positions (no repetition); the side that just moved gave
        // a check with each of its last `checks_by_mover` moves.
        let hashes: Vec<u64> = (0..=plies as u64).collect();
        let checks: Vec<bool> = (0..plies)
            .map(|i| (plies - 1 - i).is_multiple_of(2) && (plies - 1 - i) / 2 < checks_by_mover)
            .collect();
        let history = chimera::History {
            hashes: &hashes,
            checks: Some(&checks),
        };
        chimera::judge(&mut pos, &history).map(|r| r.reason)
    };
    assert_eq!(judged(100, 30, 10), Some(Reason::FiftyMoves));
    assert_eq!(judged(100, 30, 11), None, "11 checks: the limit is 102");
    assert_eq!(judged(101, 30, 11), None);
    assert_eq!(judged(102, 30, 11), Some(Reason::FiftyMoves));
    assert_eq!(judged(103, 30, 12), None, "12 checks: the limit is 104");
    assert_eq!(
        judged(100, 19, 11),
        Some(Reason::FiftyMoves),
        "fewer than 20 plies: no allowance"
    );
}

/// Two move-only wazirs on a 2×2 board; repeating a position is illegal
/// (`result = "illegal"`), and a player without a move loses.
const NO_REPEATS: &str = r#"
[variant]
name = "No repeats"
[board]
files = 2
ranks = 2
[[piece]]
name = "wazir"
symbol = "W"
betza = "mW"
[setup]
position = "1w/W1 w - - 0 1"
[end]
stalemate = "loss"
repetition = { count = 2, result = "illegal" }
"#;

fn no_repeats_game(moves: &[&str]) -> Game {
    let v = chimera::load_str("no-repeats.toml", NO_REPEATS).expect("rules load");
    let mut game = Game::from_start(&v);
    for m in moves {
        game.play_text(m).expect("legal move");
    }
    game
}

#[test]
fn a_forbidden_repetition_is_not_a_legal_move() {
    // 1. a1b1 b2a2 2. b1a1: black's only move, a2b2, recreates the start.
    let mut game = no_repeats_game(&["a1b1", "b2a2", "b1a1"]);
    assert!(
        game.position().clone().parse_move("a2b2").is_ok(),
        "the position alone allows it"
    );
    assert!(game.legal_moves().is_empty());
    let err = game.play_text("a2b2").expect_err("refused");
    assert!(err.to_string().contains("the game is over"), "{err}");
    let r = game.result().expect("the game is over");
    assert_eq!((r.winner, r.reason), (Some(Color::First), Reason::Stalemate));
    // A human player is told so and asked again.
    let mut said = Vec::new();
    let mut human = HumanPlayer::new(Cursor::new("a2b2\nresign\n"), &mut said);
    assert!(matches!(
        human.act(&mut game),
        chimera::game::players::Action::Resign
    ));
    assert!(String::from_utf8_lossy(&said).contains("repeats an earlier position"));
    // In chu shogi, with other moves left, the repeating one is refused.
    let mut game = Game::new(
        Position::from_text(
            &variant("chu-shogi.toml"),
            "6k5/12/12/12/12/12/12/12/12/12/12/5K6 w - - 0 1",
        )
        .expect("position"),
    );
    for m in ["f1e1", "g12h12", "e1f1"] {
        game.play_text(m).expect("legal");
    }
    let err = game.play_text("h12g12").expect_err("refused");
    assert!(err.to_string().contains("repeats an earlier position"), "{err}");
    assert!(game.play_text("h12h11").is_ok());
}

#[test]
fn the_search_knows_repeating_is_forbidden() {
    use chimera::game::search::{Limits, Searcher};
    // 1. a1b1 b2a2 2. b1b2 a2a1 3. b2b1: black's only move, a1a2, recreates
    // the position after move 2 — black has none.
    let game = no_repeats_game(&["a1b1", "b2a2", "b1b2", "a2a1", "b2b1"]);
    let mut pos = game.position().clone();
    let mut s = Searcher::new(game.variant());
    let r = s.search(
        &mut pos,
        Limits {
            depth: 3,
            ..Limits::default()
        },
        game.history(),
    );
    assert_eq!(r.best, None);
    // One move earlier, white sees that b2b1 leaves black without a move.
    let game = no_repeats_game(&["a1b1", "b2a2", "b1b2", "a2a1"]);
    let mut pos = game.position().clone();
    let r = s.search(
        &mut pos,
        Limits {
            depth: 3,
            ..Limits::default()
        },
        game.history(),
    );
    assert_eq!(pos.move_text(&r.best.expect("a move")), "b2b1");
    assert!(r.score >= chimera::game::search::MATE_SCORE - 2, "{}", r.score);
}

#[test]
fn commands_refuse_a_forbidden_repetition() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("no-repeats.toml");
    std::fs::write(&file, NO_REPEATS).expect("write");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_chimera"))
            .args(args)
            .output()
            .expect("chimera runs")
    };
    let f = file.to_str().expect("utf-8 path");
    let out = run(&["moves", f, "--moves", "a1b1 b2a2 b1a1 a2b2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("repeats an earlier position"));
    // `moves` judges the history: black has no move left.
    let out = run(&["moves", f, "--moves", "a1b1 b2a2 b1a1"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the game is over: first wins"));
}

#[test]
fn allowed_in_check_lets_a_player_in_check_repeat() {
    use chimera::completes_forbidden_repetition as forbidden;
    let strict = chimera::load_str("no-repeats.toml", NO_REPEATS).expect("rules load");
    let text = NO_REPEATS.replace(
        r#"result = "illegal" }"#,
        r#"result = "illegal", allowed_in_check = true }"#,
    );
    let lenient = chimera::load_str("no-repeats.toml", &text).expect("rules load");
    // Positions 0..=2 so far; a move to entry 3 that equals entry 1 repeats
    // (same side to move), one that equals entry 2 does not.
    let hashes = [10, 11, 12];
    assert!(forbidden(&strict, &hashes, 11, false) && forbidden(&strict, &hashes, 11, true));
    assert!(!forbidden(&strict, &hashes, 12, false) && !forbidden(&strict, &hashes, 99, false));
    assert!(forbidden(&lenient, &hashes, 11, false));
    assert!(
        !forbidden(&lenient, &hashes, 11, true),
        "a player in check may repeat"
    );
    // Three occurrences needed: the second is not yet forbidden.
    let thrice = chimera::load_str("no-repeats.toml", &NO_REPEATS.replace("count = 2", "count = 3"))
        .expect("rules load");
    assert!(!forbidden(&thrice, &hashes, 11, false));
    assert!(forbidden(&thrice, &[0, 11, 0, 11, 5], 11, false));
}

#[test]
fn replay_reads_xboard_and_match_pgn() {
    // XBoard's own PGN of chu shogi (20 games: SAN with its piece letters,
    // `+B` promoted pieces, `+` promotions, lion double moves `Nxg5-g6`,
    // comments), wa shogi (XBoard, with a FEN tag) and dai shogi (`chimera
    // match`, lion double moves as HaChu sends them, `f7e7,e7e8`): every
    // game replays and its result agrees with the rules.
    for (pgn, rules, games) in [
        ("chu-chimera-vs-hachu.pgn", "chu-shogi.toml", 20),
        ("xboard-wa-shogi-hachu.pgn", "wa-shogi.toml", 4),
        ("dai-chimera-vs-hachu.pgn", "dai-shogi.toml", 4),
    ] {
        let root = common::root();
        for g in 1..=games + 1 {
            let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
                .args(["replay", "--json", "--game", &g.to_string()])
                .arg(root.join("docs/matches").join(pgn))
                .arg("--variant")
                .arg(root.join("variants").join(rules))
                .output()
                .expect("chimera runs");
            let stderr = String::from_utf8_lossy(&out.stderr);
            if g > games {
                assert_eq!(out.status.code(), Some(2), "{pgn}: {stderr}");
                assert!(
                    stderr.contains(&format!("the file has {games} game(s)")),
                    "{stderr}"
                );
                continue;
            }
            assert!(out.status.success(), "{pgn} game {g}: {stderr}");
            let last = String::from_utf8_lossy(&out.stdout)
                .lines()
                .last()
                .unwrap_or("")
                .to_string();
            let v: serde_json::Value = serde_json::from_str(&last).expect("json");
            assert_eq!(v["verified"], true, "{pgn} game {g}: {last}");
        }
    }
}

#[test]
fn pgn_results_are_checked_against_the_rules() {
    // Fool's mate: the second player wins, which PGN writes 0-1.
    let dir = tempfile::tempdir().expect("temp dir");
    let root = common::root();
    for (result, ok) in [("0-1", true), ("1-0", false), ("1/2-1/2", false)] {
        let file = dir.path().join("fool.pgn");
        std::fs::write(
            &file,
            format!(
                "[Event \"x\"]\n[Result \"{result}\"]\n\n1. f3 {{a comment}} e5 2. g4 $2 Qh4# {result}\n"
            ),
        )
        .expect("write");
        let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .arg("replay")
            .arg(&file)
            .arg("--variant")
            .arg(root.join("variants/chess.toml"))
            .output()
            .expect("chimera runs");
        assert_eq!(
            out.status.success(),
            ok,
            "{result}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        if !ok {
            assert_eq!(out.status.code(), Some(1));
        }
    }
}
