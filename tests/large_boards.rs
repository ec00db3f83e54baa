//! Boards up to 36 × 36 and variants of up to 1,024 piece kinds: square
//! names past `z` (`aa` … `aj`), position and move text round trips, moves
//! capturing on squares whose index needs eleven bits, perft against
//! hand-counted figures, and the errors past the limits.
use std::sync::Arc;

use chimera::{Position, Variant, perft};

use crate::common::{load_file, load_text};

/// A 36 × 36 variant: kings, rooks, wazirs and lions (two captures a move).
fn big(position: &str) -> Arc<Variant> {
    let text = format!(
        r#"
[variant]
name = "Big"
[board]
files = 36
ranks = 36
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "rook"
symbol = "R"
betza = "R"
[[piece]]
name = "wazir"
symbol = "W"
betza = "W"
[[piece]]
name = "lion"
symbol = "Ln"
betza = "aKNAD"
[setup]
position = "{position}"
"#
    );
    load_text("big.toml", &text)
}

const KINGS: &str = "35k/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/K35 w - - 0 1";

#[test]
fn square_names_run_from_a_to_z_then_aa_to_aj() {
    let v = big(KINGS);
    let g = v.board();
    let name = |file: i32, rank: i32| g.name(g.square(file, rank).unwrap());
    assert_eq!(name(0, 0), "a1");
    assert_eq!(name(25, 25), "z26");
    assert_eq!(name(26, 0), "aa1");
    assert_eq!(name(27, 26), "ab27");
    assert_eq!(name(35, 35), "aj36");
    // Every square's name reads back as that square, algebraic and USI.
    for sq in g.all_squares() {
        assert_eq!(g.parse_square(&g.name(sq)), Some(sq), "{}", g.name(sq));
        assert_eq!(
            g.parse_usi_square(&g.usi_name(sq)),
            Some(sq),
            "{}",
            g.usi_name(sq)
        );
    }
    // USI: file numbers from the right, rank letters from the top, `aa` on.
    assert_eq!(g.usi_name(g.square(0, 0).unwrap()), "36aj");
    assert_eq!(g.usi_name(g.square(35, 35).unwrap()), "1a");
    assert_eq!(g.usi_name(g.square(35, 9).unwrap()), "1aa");
    // Names off the board or malformed read as nothing.
    for bad in ["ak1", "a37", "a0", "aa01", "aaa1", "A1", "a", "1", "", "zz5"] {
        assert_eq!(g.parse_square(bad), None, "{bad}");
    }
    assert_eq!(g.parse_usi_square("37a"), None);
    assert_eq!(g.parse_usi_square("1ak"), None);
}

#[test]
fn position_and_move_text_round_trip_on_a_36_by_36_board() {
    let fen = "34(ln)k/36/36/36/36/36/36/36/36/26R9/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/K35 w - - 0 1";
    let v = big(fen);
    let mut pos = Position::from_text(&v, fen).unwrap();
    assert_eq!(pos.to_text(), fen);
    let again = Position::from_text(&v, &pos.to_text()).unwrap();
    assert_eq!(again.hash(), pos.hash());
    // Every legal move's text reads back as the same move.
    for m in pos.legal_move_list() {
        let text = pos.move_text(&m);
        assert_eq!(pos.parse_move(&text).unwrap(), m, "{text}");
    }
    // The rook on aa27 moves along its rank to aj27: two-letter files.
    let m = pos.parse_move("aa27aj27").unwrap();
    assert_eq!(pos.move_text(&m), "aa27aj27");
    pos.make(m);
    assert_eq!(pos.hash(), pos.compute_hash());
    let text = pos.to_text();
    assert!(text.contains("/35R/"), "{text}");
    assert_eq!(Position::from_text(&v, &text).unwrap().to_text(), text);
}

#[test]
fn a_move_captures_on_a_square_past_index_1023() {
    // The rook on ai1 takes the lion on ai36 (index 35 × 36 + 34 = 1294);
    // the lion takes twice in one move on squares past 1023.
    let fen = "34(ln)k/33r2/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/K33R1 w - - 0 1";
    let v = big(fen);
    let g = v.board();
    let mut pos = Position::from_text(&v, fen).unwrap();
    let take = pos.parse_move("ai1ai36").unwrap();
    let target = g.parse_square("ai36").unwrap();
    assert!(target.index() > 1023);
    assert_eq!(&*take.captures(), &[target]);
    let before = pos.to_text();
    pos.make(take);
    assert!(
        pos.piece_at(target)
            .is_some_and(|p| v.piece(p.kind()).symbol() == "R")
    );
    pos.unmake();
    assert_eq!(pos.to_text(), before);

    // Black's lion on ah36 takes the rook on ah35 and the white rook it
    // meets next (after white's rook comes to ai35): two captures, both on
    // squares past 1023.
    let fen2 = "33(ln)1k/33RR1/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/K35 b - - 0 1";
    let v = big(fen2);
    let mut pos = Position::from_text(&v, fen2).unwrap();
    let double = pos
        .legal_move_list()
        .into_iter()
        .find(|m| m.captures().len() == 2)
        .expect("the lion takes twice");
    assert!(double.captures().iter().all(|s| s.index() > 1023));
    let text = pos.move_text(&double);
    assert_eq!(pos.parse_move(&text).unwrap(), double, "{text}");
    pos.make(double);
    assert_eq!(pos.hash(), pos.compute_hash());
}

#[test]
fn perft_on_a_36_by_36_board_matches_a_hand_count() {
    // White: king a1, rook aa10, wazir s18; black: king aj36.
    // White: king 3, wazir 4, rook 35 + 35 = 77 moves.
    // Black's king has 3 replies, except after the rook's checks and
    // cuts: aa36 (check on the 36th rank: aj35 or ai35), aj10 (check on
    // the aj file: ai36 or ai35), ai10 (the ai file: aj35 only), aa35 (the
    // 35th rank: ai36 only). 73 × 3 + 2 + 2 + 1 + 1 = 225.
    let fen = "35k/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/18W17/36/36/36/36/36/36/36/36/26R9/36/36/36/36/36/36/36/K35 w - - 0 1";
    let v = big(fen);
    let mut pos = Position::from_text(&v, fen).unwrap();
    assert_eq!(perft(&mut pos, 1), 77);
    assert_eq!(perft(&mut pos, 2), 225);
}

#[test]
fn a_variant_of_400_kinds_compiles_and_moves() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/big-36x36-riders.toml"
    );
    let v = load_file(std::path::Path::new(path));
    assert_eq!(v.kinds().count(), 400);
    let mut pos = Position::start(&v);
    let start = pos.to_text();
    assert_eq!(Position::from_text(&v, &start).unwrap().to_text(), start);
    // A piece of a kind past the 256th moves, and the move reads back.
    let m = pos
        .legal_move_list()
        .into_iter()
        .find(|m| {
            m.from()
                .and_then(|s| pos.piece_at(s))
                .is_some_and(|p| p.kind().index() >= 300)
        })
        .expect("a move by a kind past 300");
    let text = pos.move_text(&m);
    assert_eq!(pos.parse_move(&text).unwrap(), m);
    pos.make(m);
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.unmake();
    assert_eq!(pos.to_text(), start);
    // Regression figures (the table is too large to keep: rays are worked
    // out as moves are generated).
    assert_eq!(perft(&mut pos, 1), 1401);
    assert_eq!(perft(&mut pos, 2), 1_958_057);
}

fn error_of(text: &str) -> String {
    match chimera::load_str("bad.toml", text) {
        Ok(_) => panic!("loads"),
        Err(d) => d.render(),
    }
}

#[test]
fn a_board_of_37_files_is_refused() {
    let e = error_of(
        "[variant]\nname = \"Wide\"\n[board]\nfiles = 37\nranks = 8\n[[piece]]\nname = \"king\"\nsymbol = \"K\"\nbetza = \"K\"\nroyal = true\n[setup]\nposition = \"k7/8/8/8/8/8/8/K7 w - - 0 1\"\n",
    );
    assert!(e.contains("a board has 1 to 36 files, not 37"), "{e}");
    let e = error_of(
        "[variant]\nname = \"Tall\"\n[board]\nfiles = 8\nranks = 37\n[[piece]]\nname = \"king\"\nsymbol = \"K\"\nbetza = \"K\"\nroyal = true\n[setup]\nposition = \"k7/8/8/8/8/8/8/K7 w - - 0 1\"\n",
    );
    assert!(e.contains("a board has 1 to 36 ranks, not 37"), "{e}");
}

#[test]
fn more_than_1024_kinds_are_refused() {
    let mut text = String::from("[variant]\nname = \"Many\"\n[board]\nfiles = 8\nranks = 8\n");
    for i in 0..1025 {
        let sym: String = [
            b'A' + (i / 676) as u8,
            b'A' + (i / 26 % 26) as u8,
            b'A' + (i % 26) as u8,
        ]
        .iter()
        .map(|&c| c as char)
        .collect();
        text.push_str(&format!(
            "[[piece]]\nname = \"p{i}\"\nsymbol = \"{sym}\"\nbetza = \"W\"\n"
        ));
    }
    text.push_str("[setup]\nposition = \"8/8/8/8/8/8/8/8 w - - 0 1\"\n");
    let e = error_of(&text);
    assert!(e.contains("at most 1024 piece kinds"), "{e}");
}
