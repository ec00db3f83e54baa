//! Rules of the large shogi family (chu, dai, tenjiku, …) as general
//! rules-file features, each on a small board of its own.
use chimera::Position;

use crate::common::{self, load_text, sorted_moves};

/// Chu shogi's promotion rule (`trigger = "enter_or_capture"`): a move
/// that enters the zone may promote, and so may a capture that starts or
/// ends in it; a quiet move inside the zone or out of it may not.
#[test]
fn promotion_on_entering_the_zone_or_capturing_in_it() {
    let v = load_text(
        "zone.toml",
        r#"
[variant]
name = "Zone"
[board]
files = 6
ranks = 6
[promotion]
zone = [5, 6]
trigger = "enter_or_capture"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "rook"
symbol = "R"
betza = "R"
promotion = [{ to = ["dragon"] }]
[[piece]]
name = "dragon"
symbol = "+R"
betza = "RF"
[[piece]]
name = "pawn"
symbol = "P"
betza = "fW"
[setup]
position = "pppppk/pppppp/6/6/RRRRRR/5K w - - 0 1"
"#,
    );
    let promotes = |fen: &str, mv: &str| {
        let mut pos = Position::from_text(&v, fen).unwrap();
        let moves = sorted_moves(&mut pos);
        assert!(
            moves.contains(&mv.to_string()),
            "{mv} is legal in {fen}: {moves:?}"
        );
        moves.iter().any(|m| m.starts_with(&format!("{mv}=")))
    };
    // Entering, quietly or capturing: may promote.
    assert!(promotes("5k/6/6/6/R5/5K w - - 0 1", "a2a5"));
    assert!(promotes("5k/1p4/6/6/1R4/5K w - - 0 1", "b2b5"));
    assert!(!promotes("5k/1p4/6/6/1R4/5K w - - 0 1", "b2b4"));
    // Inside the zone: a quiet move may not, a capture may.
    assert!(!promotes("5k/R5/6/6/6/5K w - - 0 1", "a5a6"));
    assert!(promotes("p4k/R5/6/6/6/5K w - - 0 1", "a5a6"));
    // Leaving the zone: a quiet move may not, a capture may.
    assert!(!promotes("5k/R5/6/6/6/5K w - - 0 1", "a5a2"));
    assert!(promotes("5k/R5/6/6/p5/5K w - - 0 1", "a5a2"));
    // Outside the zone altogether: never.
    assert!(!promotes("5k/6/6/6/p5/R4K w - - 0 1", "a1a2"));
}

/// King and crown prince (`[end] royal_pieces = "last"`): while a side has
/// both, either may be left attacked and taken; the last one is guarded as
/// a king is; losing both at once loses.
#[test]
fn only_the_last_royal_piece_is_guarded() {
    let v = load_text(
        "princes.toml",
        r#"
[variant]
name = "Princes"
[board]
files = 5
ranks = 5
[end]
royal_pieces = "last"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "prince"
symbol = "P"
betza = "K"
royal = true
[[piece]]
name = "rook"
symbol = "R"
betza = "R"
[[piece]]
name = "lion"
symbol = "L"
betza = "KaK"
[setup]
position = "kp3/5/5/5/RLKP1 w - - 0 1"
"#,
    );
    // Black has king and prince: the white rook attacks the prince, and it
    // is not check; black may even step its king into the rook's file.
    let mut pos = Position::from_text(&v, "kp3/5/5/5/R1KP1 b - - 0 1").unwrap();
    assert!(!pos.in_check(chimera::Color::Second));
    let moves = sorted_moves(&mut pos);
    assert!(moves.contains(&"b5b4".to_string()) && moves.contains(&"a5b4".to_string()));
    // The rook takes the prince: now the king is the last, and guarded.
    let mut pos = Position::from_text(&v, "kp3/5/5/5/1R1KP w - - 0 1").unwrap();
    let m = pos.parse_move("b1b5").unwrap();
    pos.make(m);
    assert!(pos.in_check(chimera::Color::Second));
    let moves = sorted_moves(&mut pos);
    assert_eq!(moves, vec!["a5a4", "a5b5"], "the king must answer the check");
    // A lion that takes both at once wins.
    let mut pos = Position::from_text(&v, "5/kp3/1L3/5/2K1P w - - 0 1").unwrap();
    let m = pos
        .parse_move("b3-b4xa4xb4")
        .unwrap_or_else(|e| panic!("{e:?}: {:?}", sorted_moves(&mut pos.clone())));
    pos.make(m);
    let r = pos.decided().expect("the game is over");
    assert_eq!(r.winner, Some(chimera::Color::First));
}

/// Without `royal_pieces = "last"`, every royal piece is guarded: an attack
/// on either is check. And when one of two is taken, the one left is found
/// (it was not: `in_check` looked at the square of the piece taken).
#[test]
fn every_royal_piece_is_guarded_by_default_and_the_survivor_is_found() {
    let text = r#"
[variant]
name = "Two kings"
[board]
files = 5
ranks = 5
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "prince"
symbol = "P"
betza = "K"
royal = true
[[piece]]
name = "rook"
symbol = "R"
betza = "R"
[setup]
position = "kp3/5/5/5/2KPR w - - 0 1"
"#;
    let v = load_text("two.toml", text);
    let mut pos = Position::from_text(&v, "kp3/5/5/5/1R1KP b - - 0 1").unwrap();
    assert!(
        pos.in_check(chimera::Color::Second),
        "the rook attacks the prince"
    );
    assert!(
        sorted_moves(&mut pos).iter().all(|m| m.starts_with("b5")),
        "the prince must move"
    );
    let last = text.replace("[board]", "[end]\nroyal_pieces = \"last\"\n[board]");
    let v = chimera::load_str("last.toml", &last).unwrap();
    let mut pos = Position::from_text(&v, "kp3/5/5/5/1R1KP w - - 0 1").unwrap();
    let m = pos.parse_move("b1b5").unwrap();
    pos.make(m);
    assert!(pos.in_check(chimera::Color::Second), "the king left is attacked");
    pos.unmake();
    assert!(!pos.in_check(chimera::Color::Second));
}

/// `[moves] one_piece_pass`: two lions can each step out and back, but the
/// position after is the same, so it is one move (HaChu counts so).
#[test]
fn a_pass_is_one_move_whichever_piece_makes_it() {
    let text = r#"
[variant]
name = "Lions"
[board]
files = 5
ranks = 5
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "lion"
symbol = "L"
betza = "KaK"
[setup]
position = "k4/5/5/1L1L1/4K w - - 0 1"
"#;
    let passes = |text: &str| {
        let v = load_text("lions.toml", text);
        let mut pos = Position::start(&v);
        let moves = sorted_moves(&mut pos);
        let n = moves
            .iter()
            .filter(|m| m.split_once('-').is_some_and(|(a, b)| a == b))
            .count();
        (n, moves.len() as u64, chimera::perft(&mut pos, 1))
    };
    let (per_piece, total, perft) = passes(text);
    assert_eq!(per_piece, 2);
    assert_eq!(perft, total);
    let (one, total_one, perft_one) =
        passes(&text.replace("[board]", "[moves]\none_piece_pass = true\n[board]"));
    assert_eq!(one, 1);
    assert_eq!(total_one, total - 1);
    assert_eq!(perft_one, total_one);
    // The pass kept is the lowest square's, and either lion's text names it
    // (a record written by one generation order replays in another).
    let v = chimera::load_str(
        "one.toml",
        &text.replace("[board]", "[moves]\none_piece_pass = true\n[board]"),
    )
    .unwrap();
    let mut pos = Position::start(&v);
    assert!(sorted_moves(&mut pos).contains(&"b2-b2".to_string()));
    assert_eq!(pos.parse_move("d2-d2").unwrap(), pos.parse_move("b2-b2").unwrap());
    assert!(pos.parse_move("e1-e1").is_err(), "the king cannot pass");
}

/// XBoard and HaChu write a lion's double move leg by leg: `f6f7,f7f8`
/// (capture on f7, go on to f8), `f6f7,f7f6` (igui), a pass `@@@@`, and
/// chu's ranks 10 to 12 as numbers. Each reads back as the same move.
#[test]
fn xboard_writes_multi_leg_moves_leg_by_leg() {
    use chimera::MoveNotation;
    let v = load_text("chu-shogi.toml", &common::variant_text("chu-shogi.toml"));
    let mut pos = Position::from_text(&v, "6k5/12/12/12/5p6/5p6/5N6/12/12/12/12/5K6 w - - 0 1").unwrap();
    for (canonical, xboard) in [
        ("f6-f8xf7xf8", "f6f7,f7f8"),
        ("f6-f6xf7", "f6f7,f7f6"),
        ("f6-e7xf7", "f6f7,f7e7"),
        ("f6-f6", "@@@@"),
        ("f6f8", "f6f8"),
        ("g12g11", "g12g11"),
    ] {
        if canonical == "g12g11" {
            let king = pos.parse_move("f1e1").unwrap();
            pos.make(king);
        }
        let m = pos.parse_move(canonical).unwrap();
        assert_eq!(pos.move_text_as(&m, MoveNotation::XBoard), xboard, "{canonical}");
        assert_eq!(pos.parse_xboard_move(xboard).unwrap(), m, "{xboard}");
    }
}

/// XBoard's and HaChu's dressed letters (dai shogi's `C'`, `L!`): a symbol
/// may end in `'` or `!`; in position text the dressed letter counts as one
/// letter (no parentheses), lower case for the second player, with `+` for a
/// promoted face; move text names the promoted face with it.
#[test]
fn symbols_may_be_dressed_with_a_quote_or_a_bang() {
    let rules = |sym: &str| {
        format!(
            r#"
[variant]
name = "Dressed"
[board]
files = 5
ranks = 5
[promotion]
zone = [5]
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "cat sword"
symbol = "{sym}"
betza = "F"
promotion = [{{ to = ["promoted cat sword"] }}]
[[piece]]
name = "promoted cat sword"
symbol = "+{sym}"
betza = "WfF"
[[piece]]
name = "lion"
symbol = "L!"
betza = "K"
[setup]
position = "4k/1C'3/2l!2/c'+c'3/L!3K w - - 0 1"
"#
        )
    };
    let v = load_text("dressed.toml", &rules("C'"));
    let text = "4k/1C'3/2l!2/c'+c'3/L!3K w - - 0 1";
    let mut pos = Position::from_text(&v, text).unwrap();
    assert_eq!(pos.to_text(), text, "read and written back alike");
    let moves = sorted_moves(&mut pos);
    assert!(moves.contains(&"b4c5=+C'".to_string()), "{moves:?}");
    let m = pos.parse_move("b4c5=+C'").unwrap();
    pos.make(m);
    assert_eq!(pos.to_text(), "2+C'1k/5/2l!2/c'+c'3/L!3K b - - 1 1");
    // An unknown dressed letter, or a mark in the wrong place, is an error.
    assert!(Position::from_text(&v, "4k/5/5/5/C!3K w - - 0 1").is_err());
    for bad in ["'C", "C''", "C'!", "+'"] {
        let err = chimera::load_str("dressed.toml", &rules(bad)).err();
        assert!(
            err.is_some_and(|d| d.render().contains("is not a piece symbol")),
            "`{bad}` is refused"
        );
    }
}

/// `[hand] when = "NAME=VALUE"`: the hand is part of the rules only when the
/// option has that value (wa shogi's drops); otherwise captures leave the
/// game. A condition naming no option, or no choice of it, is an error.
#[test]
fn a_hand_may_depend_on_an_option() {
    let rules = |when: &str| {
        format!(
            r#"
[variant]
name = "Maybe drops"
[board]
files = 5
ranks = 5
[options.drops]
default = "no"
choices = ["no", "yes"]
[hand]
when = "{when}"
captures = "hand"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "gold"
symbol = "G"
betza = "WfF"
[setup]
position = "4k/5/5/g4/G3K w - - 0 1"
"#
        )
    };
    let text = rules("drops=yes");
    let loader = chimera::Loader::new();
    let off = loader
        .load_str("maybe.toml", &text)
        .unwrap_or_else(|d| panic!("{}", d.render()));
    let mut on_opts = chimera::OptionValues::new();
    on_opts.insert("drops".into(), "yes".into());
    let on = loader
        .with_options(&on_opts)
        .load_str("maybe.toml", &text)
        .unwrap_or_else(|d| panic!("{}", d.render()));
    let after = |v: &std::sync::Arc<chimera::Variant>| {
        let mut pos = Position::from_text(v, "4k/5/5/g4/G3K w - - 0 1").unwrap();
        let m = pos.parse_move("a1a2").unwrap();
        pos.make(m);
        pos.to_text()
    };
    assert_eq!(
        after(&off),
        "4k/5/5/G4/4K b - - 0 1",
        "without drops the gold leaves the game"
    );
    assert!(
        after(&on).contains("[G]"),
        "with drops it goes to the hand: {}",
        after(&on)
    );
    for (bad, says) in [
        ("drop=yes", "unknown option"),
        ("drops=maybe", "no choice"),
        ("drops", "not a condition"),
    ] {
        let err = chimera::load_str("maybe.toml", &rules(bad)).err();
        assert!(
            err.as_ref().is_some_and(|d| d.render().contains(says)),
            "`{bad}`: {:?}",
            err.map(|d| d.render())
        );
    }
}

/// A promotion to a royal kind (sho's drunk elephant becoming a crown
/// prince) adds a royal piece at once: the position after it counts king
/// and prince, as the same position read from its text does (found by
/// tests/generators.rs along a random sho game: the plain generator, which
/// makes every move, refused the promotion onto an attacked square).
#[test]
fn a_promotion_to_a_royal_piece_adds_one() {
    let text = common::variant_text("sho-shogi.toml");
    let v = load_text("sho-shogi.toml", &text);
    let plain = std::sync::Arc::new(v.reference_generator());
    for v in [&v, &plain] {
        let mut pos = Position::from_text(v, "4k4/9/r8/4E4/9/9/9/9/4K4 w - - 0 1").unwrap();
        // Onto a square the rook attacks: legal, the king stays safe.
        assert!(sorted_moves(&mut pos).contains(&"e6e7=+E".to_string()));
        for mv in ["e6e7=+E", "e9f9"] {
            let m = pos.parse_move(mv).unwrap();
            pos.make(m);
        }
        let mut reread = Position::from_text(v, &pos.to_text()).unwrap();
        let moves = sorted_moves(&mut pos);
        assert_eq!(moves, sorted_moves(&mut reread), "made and read alike");
        // With king and prince, the prince may step next to the enemy king.
        assert!(moves.contains(&"e7e8".to_string()), "{moves:?}");
    }
}

/// `captures_unprotected_only` (the emperor of the largest games, as most
/// sources read it): the piece may take only what the opponent could not
/// take back on that square after the move; its quiet moves are not
/// limited.
#[test]
fn a_piece_may_be_limited_to_unprotected_captures() {
    let rules = |limited: bool| {
        format!(
            r#"
[variant]
name = "Emperor"
[board]
files = 5
ranks = 5
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "emperor"
symbol = "E"
betza = "Q"
captures_unprotected_only = {limited}
[[piece]]
name = "pawn"
symbol = "P"
betza = "fW"
[setup]
position = "3kp/p4/5/5/E3K w - - 0 1"
"#
        )
    };
    // The emperor on a1; an unprotected pawn on a4, a pawn on e5 protected
    // by the king on d5 (it would be retaken), the kings far apart.
    let position = "3kp/p4/5/5/E3K w - - 0 1";
    let limited = chimera::load_str("emperor.toml", &rules(true)).unwrap();
    let free = chimera::load_str("emperor.toml", &rules(false)).unwrap();
    let mut pos = Position::from_text(&limited, position).unwrap();
    let moves = sorted_moves(&mut pos);
    assert!(
        moves.contains(&"a1a4".to_string()),
        "an unprotected piece may be taken: {moves:?}"
    );
    assert!(
        !moves.contains(&"a1e5".to_string()),
        "a protected piece may not: {moves:?}"
    );
    assert!(
        moves.contains(&"a1d4".to_string()),
        "quiet moves are not limited: {moves:?}"
    );
    let mut pos = Position::from_text(&free, position).unwrap();
    assert!(
        sorted_moves(&mut pos).contains(&"a1e5".to_string()),
        "without the key it may"
    );
}

/// A small variant with a range capturer (`captures_jumped`): a rook-line
/// hopper that takes what it passes. `extra` is added to the general's table.
fn range_rules(extra: &str) -> String {
    format!(
        r#"
[variant]
name = "Range"
[board]
files = 7
ranks = 7
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "general"
symbol = "G"
betza = "ppR"
cannot_hop = ["king", "general"]
{extra}
[[piece]]
name = "rook"
symbol = "R"
betza = "R"
[[piece]]
name = "pawn"
symbol = "P"
betza = "fW"
[setup]
position = "grpk3/7/7/7/7/7/GRPK3 w - - 0 1"
"#
    )
}

/// Range capture (taikyoku's generals): the move takes every piece it
/// passes, of either side, may stop on a piece it could pass (its own too),
/// stops before one it may not pass without taking it; make and unmake
/// restore the position and the hash, and the move text lists the squares.
#[test]
fn a_range_capture_takes_every_piece_it_passes() {
    let v = load_text("range.toml", &range_rules("captures_jumped = true"));
    // The general on a1; up the a-file: own pawn a2, enemy pawn a3, enemy
    // rook a4, empty a5, enemy general a6 (may not be passed or taken).
    let fen = "3k3/g6/7/r6/p6/P6/G2K3 w - - 0 1";
    let mut pos = Position::from_text(&v, fen).unwrap();
    let moves = sorted_moves(&mut pos);
    // Onto its own pawn with nothing between: a plain capture, `a1a2`.
    for m in ["a1a2", "a1-a3xa2xa3", "a1-a4xa2xa3xa4", "a1-a5xa2xa3xa4"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    for m in ["a1a6", "a1a7", "a1-a6xa2xa3xa4xa6"] {
        assert!(!moves.iter().any(|x| x == m), "{m} in {moves:?}");
    }
    // Along the first rank nothing is passed: plain moves up to the king.
    assert!(moves.contains(&"a1b1".to_string()) && moves.contains(&"a1c1".to_string()));
    let before = pos.to_text();
    let hash = pos.hash();
    let m = pos.parse_move("a1-a5xa2xa3xa4").unwrap();
    assert!(m.is_capture() && m.is_line_capture());
    assert_eq!(pos.captured_squares(&m).len(), 3);
    pos.make(m);
    assert_eq!(pos.to_text(), "3k3/g6/G6/7/7/7/3K3 b - - 0 1");
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.unmake();
    assert_eq!(pos.to_text(), before);
    assert_eq!(pos.hash(), hash);
    // Without the key the same piece is a plain hopper: it passes the
    // pieces, leaves them, and takes the first enemy it may not pass.
    let plain = chimera::load_str("range.toml", &range_rules("")).unwrap();
    let mut pos = Position::from_text(&plain, fen).unwrap();
    let moves = sorted_moves(&mut pos);
    assert!(
        moves.contains(&"a1a5".to_string()) && moves.contains(&"a1a6".to_string()),
        "{moves:?}"
    );
}

/// A range capture that takes the mover's own piece may expose its king:
/// such a move is illegal (judged by making it, also where the opponent has
/// only simple attackers), and a jump that leaves the king safe is not.
#[test]
fn a_range_capture_may_not_expose_its_own_king() {
    let v = chimera::load_str("range.toml", &range_rules("captures_jumped = true")).unwrap();
    // White king d1; the white pawn on d2 shields it from the black rook
    // on d7. The general on a2 may take the pawn by landing on it (it then
    // shields the king itself), not by passing it.
    let fen = "3r2k/7/7/7/7/G2P3/3K3 w - - 0 1";
    let mut pos = Position::from_text(&v, fen).unwrap();
    let moves = sorted_moves(&mut pos);
    assert!(moves.contains(&"a2d2".to_string()), "{moves:?}");
    for m in ["a2-e2xd2", "a2-f2xd2", "a2-g2xd2"] {
        assert!(!moves.contains(&m.to_string()), "{m} exposes the king: {moves:?}");
    }
    // With the rook gone the same jumps are legal.
    let mut pos = Position::from_text(&v, "6k/7/7/7/7/G2P3/3K3 w - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    assert!(moves.contains(&"a2-e2xd2".to_string()), "{moves:?}");
}

/// `captures_jumped` is checked against the rest of the file: it needs a
/// hopping move, every royal piece in `cannot_hop`, and captures that
/// leave the game; each mistake is an error at the key.
#[test]
fn captures_jumped_errors() {
    let bad = |rules: String, needle: &str| {
        let err = chimera::load_str("range.toml", &rules)
            .map(|_| ())
            .unwrap_err()
            .render();
        assert!(err.contains(needle), "{needle} in {err}");
        assert!(err.contains("captures_jumped"), "{err}");
    };
    bad(
        range_rules("captures_jumped = true").replace("betza = \"ppR\"", "betza = \"R\""),
        "needs a hopping move",
    );
    bad(
        range_rules("captures_jumped = true").replace(
            "cannot_hop = [\"king\", \"general\"]",
            "cannot_hop = [\"general\"]",
        ),
        "royal piece `king` must be in `cannot_hop`",
    );
    bad(
        range_rules("captures_jumped = true").replace("[setup]", "[hand]\ncaptures = \"hand\"\n[setup]"),
        "leave the game",
    );
    bad(
        range_rules("captures_jumped = true").replace("betza = \"ppR\"", "betza = \"ppRaW\""),
        "multi-leg",
    );
}

/// The emperor of maka dai dai and tai shogi on a small board: `U` (a leap
/// to any square) with `captures_unprotected_only`.
fn emperor_rules(emperor_betza: &str) -> String {
    format!(
        r#"
[variant]
name = "Emperors"
[board]
files = 6
ranks = 6
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "emperor"
symbol = "E"
betza = "{emperor_betza}"
royal = true
captures_unprotected_only = true
[[piece]]
name = "gold"
symbol = "G"
betza = "WfF"
[setup]
position = "e1ggk1/6/6/6/6/E1GGK1 w - - 0 1"
[end]
royal_pieces = "last"
"#
    )
}

/// `U` leaps to every square of the board; `mU` to the empty ones only;
/// it takes no range or hop and is no leg of a multi-leg move.
#[test]
fn the_universal_leap_reaches_every_square() {
    let v = load_text("emperors.toml", &emperor_rules("mU"));
    // White: emperor a1 and king f1; black: king f6, gold b3.
    let mut pos = Position::from_text(&v, "5k/6/6/1g4/6/E4K w - - 0 1").unwrap();
    let from_a1: Vec<String> = sorted_moves(&mut pos)
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect();
    // 36 squares less a1 and the three occupied ones.
    assert_eq!(from_a1.len(), 32, "{from_a1:?}");
    assert!(from_a1.contains(&"a1f5".to_string()) && from_a1.contains(&"a1c4".to_string()));
    assert!(!from_a1.contains(&"a1b3".to_string()), "mU takes nothing");
    for bad in ["U3", "pU", "nU", "UaW", "WaU"] {
        let err = chimera::load_str("emperors.toml", &emperor_rules(bad))
            .map(|_| ())
            .unwrap_err()
            .render();
        assert!(err.contains('U'), "{bad}: {err}");
    }
}

/// The emperor takes only what nothing protects; while the other side has
/// an emperor, every other piece of it counts as protected (its emperor
/// reaches every square); and its attack is its capture: an unprotected
/// last royal piece is in check from it, a protected one is not.
#[test]
fn the_emperor_attacks_only_unprotected_pieces() {
    let v = load_text("emperors.toml", &emperor_rules("U"));
    // Black: king f6 alone, gold b3 unprotected, gold e6 next to the king
    // (protected by it). White: emperor a1 and king f1 (two royal pieces).
    let fen = "4gk/6/6/1g4/6/E4K w - - 0 1";
    let mut pos = Position::from_text(&v, fen).unwrap();
    let moves = sorted_moves(&mut pos);
    assert!(moves.contains(&"a1b3".to_string()), "unprotected: {moves:?}");
    assert!(
        !moves.contains(&"a1e6".to_string()),
        "protected by the king: {moves:?}"
    );
    assert!(
        !moves.contains(&"a1f6".to_string()),
        "the king is protected by the gold: {moves:?}"
    );
    // Black to move: its king, protected by the gold, is not in check...
    let mut black = Position::from_text(&v, "4gk/6/6/1g4/6/E4K b - - 0 1").unwrap();
    assert!(!black.in_check(chimera::Color::Second));
    // ...and may step where the gold still protects it (f5: the gold's
    // forward diagonal for black).
    let moves = sorted_moves(&mut black);
    assert!(moves.contains(&"f6f5".to_string()), "{moves:?}");
    // Without the gold the lone king is in check wherever it stands: no
    // square is protected, so it has no legal move (checkmate).
    let mut bare = Position::from_text(&v, "5k/6/6/1g4/6/E4K b - - 0 1").unwrap();
    assert!(bare.in_check(chimera::Color::Second));
    let moves = sorted_moves(&mut bare);
    assert!(!moves.iter().any(|m| m.starts_with("f6")), "{moves:?}");
    // With an emperor on each side, only the emperor may be taken, and only
    // when nothing protects it.
    let mut pos = Position::from_text(&v, "e4k/6/6/1g4/6/E4K w - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    assert!(
        !moves.contains(&"a1b3".to_string()),
        "the black emperor protects the gold: {moves:?}"
    );
    assert!(
        moves.contains(&"a1a6".to_string()),
        "the black emperor is unprotected: {moves:?}"
    );
    // The same question the lion-trading hook asks: would the piece be retaken?
    let m = pos.parse_move("a1a6").unwrap();
    assert!(!pos.protected_after(&m));
}

/// `[promotion] when_capturing`: the captured piece chooses the capturer's
/// promotion (maka dai dai shogi's deva and dark spirit), instead of the
/// capturer's own; `except` keeps some capturers as they are, `when` ties a
/// rule to an option value, and each mistake is an error.
#[test]
fn the_captured_piece_may_choose_the_promotion() {
    let rules = |extra: &str| {
        format!(
            r#"
[variant]
name = "Devas"
[board]
files = 5
ranks = 5
[promotion]
zone = [5]
when_capturing = [{{ captured = ["deva"], to = "teacher", except = ["king"]{extra} }}]
[options.devas]
default = "on"
choices = ["on", "off"]
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "rook"
symbol = "R"
betza = "R"
promotion = [{{ to = ["dragon"] }}]
[[piece]]
name = "dragon"
symbol = "+R"
betza = "RF"
[[piece]]
name = "deva"
symbol = "D"
betza = "F"
[[piece]]
name = "teacher"
symbol = "T"
betza = "Q"
[setup]
position = "d3k/5/5/5/R3K w - - 0 1"
"#
        )
    };
    let v = load_text("devas.toml", &rules(""));
    // The rook takes the deva on a5 (entering the zone): it becomes a
    // teacher, and nothing else (no dragon, no declining).
    let mut pos = Position::from_text(&v, "d3k/5/5/5/R3K w - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    let to_a5: Vec<&String> = moves.iter().filter(|m| m.starts_with("a1a5")).collect();
    assert_eq!(to_a5, ["a1a5=T"], "{moves:?}");
    // A quiet move into the zone still offers the rook's own promotion.
    assert!(moves.contains(&"a1a4".to_string()));
    let m = pos.parse_move("a1a5=T").unwrap();
    pos.make(m);
    assert_eq!(pos.to_text(), "T3k/5/5/5/4K b - - 0 1");
    // The king is excepted: it takes the deva and stays a king.
    let mut pos = Position::from_text(&v, "4k/5/5/5/3Kd w - - 0 1").unwrap();
    assert!(sorted_moves(&mut pos).contains(&"d1e1".to_string()));
    // With `when` the rule holds only for its option value.
    let text = rules(r#", when = "devas=on""#);
    let mut opts = chimera::OptionValues::new();
    opts.insert("devas".into(), "off".into());
    let off = chimera::Loader::new()
        .options(opts)
        .load_str("devas.toml", &text)
        .unwrap_or_else(|d| panic!("{}", d.render()));
    let mut pos = Position::from_text(&off, "d3k/5/5/5/R3K w - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    assert!(
        moves.contains(&"a1a5=+R".to_string()) && moves.contains(&"a1a5".to_string()),
        "{moves:?}"
    );
    // Errors: an unknown piece, an unknown option, no captured piece.
    for (bad, needle) in [
        (rules("").replace(r#"to = "teacher""#, r#"to = "sage""#), "sage"),
        (rules(r#", when = "angels=on""#), "angels"),
        (
            rules("").replace(r#"captured = ["deva"]"#, "captured = []"),
            "at least one",
        ),
    ] {
        let err = chimera::load_str("devas.toml", &bad)
            .map(|_| ())
            .unwrap_err()
            .render();
        assert!(err.contains(needle), "{needle}: {err}");
    }
}

/// `trigger = "destination_or_capture"`: a move promotes when it ends in the
/// zone or captures on a square of it — a lion that takes a piece in the
/// zone and steps back out (taikyoku shogi); `"destination"` does not.
#[test]
fn a_capture_in_the_zone_may_promote_a_lion_that_leaves_it() {
    let rules = |trigger: &str| {
        format!(
            r#"
[variant]
name = "Lion zone"
[board]
files = 6
ranks = 6
[promotion]
zone = [5, 6]
trigger = "{trigger}"
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[[piece]]
name = "lion"
symbol = "L"
betza = "cKaK"
promotion = [{{ to = ["fiend"], forced = true }}]
[[piece]]
name = "fiend"
symbol = "F"
betza = "Q"
[[piece]]
name = "pawn"
symbol = "P"
betza = "fW"
[setup]
position = "5k/6/p5/L5/6/5K w - - 0 1"
"#
        )
    };
    // The lion on a4 (outside the zone, ranks 5 and 6) takes the pawn on
    // a5 (inside it) and steps back out to b4.
    let v = load_text("lion.toml", &rules("destination_or_capture"));
    let mut pos = Position::from_text(&v, "5k/p5/L5/6/6/5K w - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    assert!(moves.contains(&"a4-b4xa5=F".to_string()), "{moves:?}");
    assert!(!moves.contains(&"a4-b4xa5".to_string()), "forced: {moves:?}");
    let plain = chimera::load_str("lion.toml", &rules("destination")).unwrap();
    let mut pos = Position::from_text(&plain, "5k/p5/L5/6/6/5K w - - 0 1").unwrap();
    let moves = sorted_moves(&mut pos);
    assert!(
        moves.contains(&"a4-b4xa5".to_string()) && !moves.contains(&"a4-b4xa5=F".to_string()),
        "{moves:?}"
    );
}

/// Tai shogi's start (variants/tai-shogi.toml): beside the lion the kirin
/// stands on the first player's left and the phoenix on the right, and
/// beside the drunk elephant the capricorn on the left and the hook mover
/// on the right; the second player's army is the first's turned. Steve
/// Evans's Tai.dat (Debian shogivar-data) and the Games::Shogi (Raku) Tai
/// board agree on it.
#[test]
fn tai_shogi_starts_with_the_kirin_and_the_capricorn_on_the_left() {
    let v = common::variant("tai-shogi.toml");
    let pos = Position::start(&v);
    let at = |sq: &str| {
        let p = pos.piece_at(v.parse_square(sq).unwrap()).unwrap();
        (v.piece(p.kind()).name().to_string(), p.color())
    };
    use chimera::Color::{First, Second};
    for (sq, name, side) in [
        ("l4", "kirin", First),
        ("n4", "phoenix", First),
        ("l5", "capricorn", First),
        ("n5", "hook mover", First),
        ("n22", "kirin", Second),
        ("l22", "phoenix", Second),
        ("n21", "capricorn", Second),
        ("l21", "hook mover", Second),
    ] {
        assert_eq!(at(sq), (name.to_string(), side), "{sq}");
    }
}
