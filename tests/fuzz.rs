//! Bounded fuzzing: random notation strings, randomly mutated rules files,
//! positions and move texts never panic; they parse or get an error.

use chimera::{Position, load_str, notation};

use crate::common::variant_text;
use proptest::prelude::*;

const ALPHABET: &[char] = &[
    'W', 'F', 'D', 'N', 'A', 'H', 'G', 'C', 'Z', 'K', 'Q', 'R', 'B', 'L', 'J', 'f', 'b', 'l', 'r', 'v', 's',
    'h', 'm', 'c', 'x', 'p', 'g', 'n', 'j', 'i', 'e', 'a', '[', ']', '(', ')', '!', '1', '2', '3', '5', '0',
    '≤', '<', '=', '∞', ' ', 'o', '9',
];

/// A small variant whose one piece moves by `betza`.
fn mini(betza: &str) -> String {
    format!(
        "[variant]\nname = \"fuzz\"\n[board]\nfiles = 7\nranks = 7\n[[piece]]\nname = \"king\"\nsymbol = \"K\"\nbetza = \"K\"\nroyal = true\n[[piece]]\nname = \"x\"\nsymbol = \"X\"\nbetza = {}\ninitial_ranks = [2]\n[setup]\nposition = \"3k3/7/7/3X3/7/7/3K3 w - - 0 1\"\n",
        toml::Value::String(betza.to_string())
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    #[test]
    fn notation_never_panics(chars in proptest::collection::vec(proptest::sample::select(ALPHABET), 0..16)) {
        let s: String = chars.into_iter().collect();
        if let Ok(tree) = notation::parse(&s) {
            // Canonical printing round-trips.
            prop_assert_eq!(notation::parse(&tree.to_string()).unwrap(), tree);
        }
        if let Ok(v) = load_str("fuzz.toml", &mini(&s)) {
            let mut pos = Position::start(&v);
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            chimera::perft(&mut pos, 2);
        }
    }

    #[test]
    fn mutated_rules_files_never_panic(
        file in proptest::sample::select(vec!["chess.toml", "shogi.toml", "kozune.toml", "crazyhouse.toml", "ko-shogi.toml"]),
        at in 0usize..100_000,
        len in 0usize..40,
        insert in "[a-z0-9=\\[\\]\" .,+\\-]{0,6}",
    ) {
        let text = variant_text(file);
        let cut = at % text.len();
        let mut end = (cut + len).min(text.len());
        let mut start = cut;
        while !text.is_char_boundary(start) { start -= 1; }
        while !text.is_char_boundary(end) { end += 1; }
        let mutated = format!("{}{}{}", &text[..start], insert, &text[end..]);
        if let Err(d) = load_str(file, &mutated) {
            let _ = d.render();
        }
    }

    #[test]
    fn positions_and_moves_never_panic(
        file in proptest::sample::select(vec!["chess.toml", "shogi.toml", "crazyhouse.toml", "kozune.toml"]),
        pos_text in "[pnbrqkPNBRQKslgSLG1-9/~+()\\[\\] wb\\-=a-h0-9]{0,60}",
        move_text in "[a-z0-9*@=+\\-!x ^&]{0,10}",
    ) {
        let v = load_str(file, &variant_text(file)).unwrap();
        if let Ok(mut pos) = Position::from_text(&v, &pos_text) {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let _ = pos.to_text();
            let _ = pos.parse_move(&move_text);
        }
        let mut start = Position::start(&v);
        let _ = start.parse_move(&move_text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    /// Valid positions with one random edit still never panic.
    #[test]
    fn mutated_positions_never_panic(
        which in 0usize..4,
        at in 0usize..200,
        ch in proptest::sample::select(vec!['K', 'k', 'P', 'p', '1', '8', '9', '/', ' ', '-', '~', '+', '[', ']', 'Q', 'n', 'e', '3', 'w', 'b']),
        delete in any::<bool>(),
    ) {
        let (file, text) = [
            ("chess.toml", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
            ("crazyhouse.toml", "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[Pp] b KQkq - 0 1"),
            ("shogi.toml", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"),
            ("kozune.toml", "4s4/9/ppppppppp/9/9/9/PPPPPPPPP/9/4S4 w - - 0 1 reserve=2(KO)2(ko)"),
        ][which];
        let v = load_str(file, &variant_text(file)).unwrap();
        let mut chars: Vec<char> = text.chars().collect();
        let i = at % chars.len();
        if delete { chars.remove(i); } else { chars.insert(i, ch); }
        let s: String = chars.into_iter().collect();
        if let Ok(mut pos) = Position::from_text(&v, &s) {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            for m in moves.clone() {
                pos.make(m);
                let mut replies = Vec::new();
                pos.legal_moves(&mut replies);
                pos.unmake();
            }
            let _ = pos.to_text();
        }
    }
}
