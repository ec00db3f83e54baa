//! Long games replay in linear time (issue 45): the repetition rules look
//! a position up in counts the game keeps ([`Repetitions`]) instead of
//! scanning the whole game at every move, and the counts agree with the
//! scan they replace.
use std::sync::Arc;
use std::time::Instant;

use chimera::game::Game;
use chimera::{
    History, Lookback, Position, Reason, Repetitions, Variant, drop_forbidden_repetitions,
    forbidden_repetition, judge, judge_counted,
};

use crate::common::{load_text, variant};

/// Chu shogi with two rooks, two side movers and a dragon king on white's
/// ranks 2 to 6, black's pawns closing the files and its king on l12.
const CHU: &str = "11k/ppppppppppp1/12/12/12/12/D11/M11/M11/R11/R11/11K w - - 0 1";

/// `plies` moves from [`CHU`] that never repeat a position (chu forbids
/// any repetition): white's five pieces count through their files a to k
/// as the digits of a reflected Gray code (one piece one file a move, so
/// no arrangement of them comes twice), black's king steps l12-l11 and back.
fn chu_moves(plies: usize) -> Vec<String> {
    let files = b"abcdefghijk";
    let (mut digit, mut dir) = ([0usize; 5], [1isize; 5]);
    let mut white = Vec::new();
    while white.len() < plies.div_ceil(2) {
        let i = (0..5)
            .find(|&i| {
                let ok = (0..11).contains(&(digit[i] as isize + dir[i]));
                if !ok {
                    dir[i] = -dir[i];
                }
                ok
            })
            .expect("11^5 arrangements are enough");
        let to = (digit[i] as isize + dir[i]) as usize;
        let rank = i + 2;
        white.push(format!(
            "{}{rank}{}{rank}",
            files[digit[i]] as char, files[to] as char
        ));
        digit[i] = to;
    }
    (0..plies)
        .map(|p| match p % 4 {
            1 => "l12l11".to_string(),
            3 => "l11l12".to_string(),
            _ => white[p / 2].clone(),
        })
        .collect()
}

#[test]
fn a_long_chu_shogi_game_replays_in_linear_time() {
    // Chu forbids repeating a position: every move was checked against the
    // whole game, and every judgement of the game's end checked each legal
    // move so (20,000 plies judged at every move: minutes).
    let v = variant("chu-shogi.toml");
    let moves = chu_moves(20_000);
    let t = Instant::now();
    let mut game = Game::new(Position::from_text(&v, CHU).unwrap());
    for m in &moves {
        assert_eq!(game.result(), None, "the game ended before {m}");
        let mv = game.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        game.play(mv);
    }
    assert_eq!(game.result(), None);
    let judged = t.elapsed();
    // Fairy-Stockfish's calls (pyffish, ffish.js) on a list twice as long.
    let moves = chu_moves(40_000);
    let t = Instant::now();
    let mut g = chimera::fsf::replay(&v, CHU, &moves).unwrap();
    assert!(!chimera::fsf::legal_moves(&mut g).is_empty());
    assert_eq!(chimera::fsf::game_result(&mut g), 0);
    let replayed = t.elapsed();
    // A move back to a position of the game is refused, however far back.
    let mut g = chimera::fsf::replay(&v, CHU, &moves[..4]).unwrap();
    // (a2b2 l12l11 b2c2 l11l12: c2b2 would stand as after the first move).
    let refused = chimera::fsf::parse_move(&mut g, "c2b2").unwrap_err();
    assert!(refused.contains("repeats"), "{refused}");
    assert!(chimera::fsf::parse_move(&mut g, "c2d2").is_ok());
    eprintln!("chu: 20,000 plies judged at every move {judged:?}, 40,000 replayed {replayed:?}");
    // Linear, each takes about a second on a loaded machine; quadratic,
    // minutes and about 10 s.
    assert!(
        judged.as_secs_f64() < 15.0 && replayed.as_secs_f64() < 10.0,
        "20,000 plies judged at every move took {judged:?}, 40,000 replayed {replayed:?}"
    );
}

/// Kings and rooks on a 4×4 board, with the repetition rule `rule`: random
/// moves repeat positions often.
fn tiny(rule: &str) -> Arc<Variant> {
    load_text(
        "tiny.toml",
        &format!(
            r#"
[variant]
name = "tiny"
[board]
files = 4
ranks = 4
[sides]
first = {{ name = "white", letter = "w" }}
second = {{ name = "black", letter = "b" }}
second_orientation = "reflect"
[text]
position = "fen"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "rook"
symbol = "R"
betza = "R"
[setup]
position = "1k2/3r/R3/2K1 w - - 0 1"
[end]
{rule}
"#
        ),
    )
}

#[test]
fn repetition_counts_agree_with_a_scan_of_the_game() {
    for rule in [
        r#"repetition = { count = 3, result = "draw", perpetual_check_loses = true }"#,
        r#"repetition = { count = 2, result = "illegal" }"#,
        r#"repetition = { count = 3, result = "illegal", allowed_in_check = true }"#,
    ] {
        let v = tiny(rule);
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % n as u64) as usize
        };
        let (mut ended, mut repeated, mut forbidden) = (0, 0, 0);
        for _ in 0..40 {
            let mut game = Game::from_start(&v);
            for _ in 0..60 {
                let (hashes, checks) = (game.hashes().to_vec(), game.checks().to_vec());
                let history = History {
                    hashes: &hashes,
                    checks: Some(&checks),
                };
                let counts = Repetitions::new(&hashes);
                assert_eq!(counts.positions(), hashes.len());
                let mut pos = game.position().clone();
                let scanned = judge(&mut pos, &history);
                assert_eq!(judge_counted(&mut pos, &history, &counts), scanned, "{rule}");
                assert_eq!(game.result(), scanned, "{rule}");
                let mut moves = pos.legal_move_list();
                for &m in &moves {
                    let f = forbidden_repetition(&mut pos, &hashes, m);
                    assert_eq!(forbidden_repetition(&mut pos, &counts, m), f, "{rule}");
                    assert_eq!(game.repeats_forbidden(m), f, "{rule}");
                    forbidden += usize::from(f);
                }
                drop_forbidden_repetitions(&mut pos, &counts, &mut moves);
                if let Some(r) = scanned {
                    assert!(game.legal_moves().is_empty(), "{rule}");
                    ended += 1;
                    repeated += usize::from(matches!(r.reason, Reason::Repetition | Reason::PerpetualCheck));
                    break;
                }
                assert_eq!(moves, game.legal_moves(), "{rule}");
                assert!(!moves.is_empty(), "{rule}: no move, yet no result");
                // Now and then a move taken back: the counts follow.
                if next(5) == 0 && game.undo() {
                    continue;
                }
                game.play(moves[next(moves.len())]);
            }
        }
        // The rule was met, not only passed by.
        assert!(
            repeated + forbidden >= 3,
            "{rule}: {ended} ended ({repeated} by repetition), {forbidden} moves forbidden"
        );
    }
}
