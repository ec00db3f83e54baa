//! Pieces without moves (`immobile`) and `[end.connect]`: a row, a block or
//! collinear pieces of the player who just moved end the game
//! (docs/rules-format.md) — tic-tac-toe, teeko and three musketeers on
//! boards of their own; a chain joining two regions (gale, Bridg-it).
use chimera::{MoveNotation, Position, Reason, load_str};

use crate::common::{end, load_text, play, sorted_moves_as};

/// Tic-tac-toe on `files`×`ranks`, with `connect` as the `[end.connect]`
/// table's body.
fn marks(files: u32, ranks: u32, hand: &str, connect: &str) -> String {
    format!(
        r#"
[variant]
name = "marks"
[board]
files = {files}
ranks = {ranks}
[sides]
first = {{ name = "white", letter = "w" }}
second = {{ name = "black", letter = "b" }}
[text]
position = "fen"
[hand]
captures = "remove"
[[piece]]
name = "mark"
symbol = "P"
immobile = true
[[piece]]
name = "runner"
symbol = "R"
betza = "mW"
[setup]
position = "{files}{rows}[{hand}] w - - 0 1"
[end]
stalemate = "draw"
[end.connect]
{connect}
"#,
        rows = format!("/{files}").repeat(ranks as usize - 1),
    )
}

#[test]
fn an_immobile_piece_is_only_dropped_and_never_moves() {
    let v = load_text("m.toml", &marks(3, 3, "PPpp", "in_a_row = 3"));
    let mut pos = Position::from_text(&v, "3/1P1/3[Pp] w - - 0 1").unwrap();
    let t = sorted_moves_as(&mut pos, MoveNotation::Uci);
    assert_eq!(t.len(), 8, "{t:?}");
    assert!(t.iter().all(|m| m.starts_with("P@")), "{t:?}");
}

#[test]
fn three_in_a_row_wins_for_the_player_who_made_it_on_every_line() {
    let v = load_text("m.toml", &marks(3, 3, "PPPppp", "in_a_row = 3"));
    // A rank, a file, each diagonal.
    for (fen, last) in [
        ("3/pp1/PP1[Pp] w - - 0 1", "P@c1"),
        ("2p/Pp1/P2[Pp] w - - 0 1", "P@a3"),
        ("3/1P1/P1p[Pp] w - - 0 1", "P@c3"),
        ("P1p/1p1/2P[Pp] b - - 0 1", "P@a1"),
    ] {
        let mut pos = Position::from_text(&v, fen).unwrap();
        assert_eq!(end(&mut pos), None, "{fen}");
        play(&mut pos, last);
        let r = end(&mut pos).unwrap_or_else(|| panic!("{fen} {last}: no end"));
        assert_eq!(r.winner, Some(!pos.side_to_move()), "{fen} {last}");
        assert_eq!(r.reason, Reason::Rule("connection"));
        assert!(
            pos.legal_move_list().is_empty(),
            "a decided position has no moves"
        );
    }
    // Two in a row and a gap: nothing.
    let mut pos = Position::from_text(&v, "3/pp1/P1P[Pp] b - - 0 1").unwrap();
    assert_eq!(end(&mut pos), None);
}

#[test]
fn only_the_listed_lines_and_pieces_count_and_the_result_may_be_a_loss() {
    let rules = marks(
        3,
        3,
        "PPPRppp",
        "in_a_row = 3\nlines = [\"ranks\", \"files\"]\npieces = [\"mark\"]\nresult = \"loss\"",
    );
    let v = load_text("m.toml", &rules);
    // A diagonal does not count.
    let mut pos = Position::from_text(&v, "2P/1P1/1pp[Pp] w - - 0 1").unwrap();
    play(&mut pos, "P@a1");
    assert_eq!(end(&mut pos), None);
    // A rank of marks loses for the one who made it.
    let mut pos = Position::from_text(&v, "3/pp1/PP1[Pp] w - - 0 1").unwrap();
    play(&mut pos, "P@c1");
    let r = end(&mut pos).expect("an end");
    assert_eq!(r.winner, Some(pos.side_to_move()));
    // A runner is not a mark.
    let mut pos = Position::from_text(&v, "3/ppR/PP1[Pp] w - - 0 1").unwrap();
    play(&mut pos, "c2c1");
    assert_eq!(end(&mut pos), None);
}

#[test]
fn only_the_movers_pieces_count() {
    let v = load_text("m.toml", &marks(3, 3, "PPPPPpppp", "in_a_row = 3"));
    // White's row stands, but black moved last: only black's pieces are
    // judged (as Fairy-Stockfish judges them), so the game goes on.
    let mut pos = Position::from_text(&v, "3/p2/PPP[Pp] w - - 0 1").unwrap();
    assert_eq!(end(&mut pos), None);
    // The same board with white having moved last: white has won, and the
    // position has no moves.
    let mut pos = Position::from_text(&v, "3/p2/PPP[Pp] b - - 0 1").unwrap();
    assert!(end(&mut pos).is_some_and(|r| r.winner == Some(chimera::Color::First)));
    assert!(pos.legal_move_list().is_empty());
}

#[test]
fn a_square_block_and_collinear_pieces() {
    let v = load_text("m.toml", &marks(4, 4, "PPPPPPpppppp", "in_a_row = 4\nsquare = 2"));
    let mut pos = Position::from_text(&v, "4/1PP1/1P2/pp2[PPpp] w - - 0 1").unwrap();
    play(&mut pos, "P@c2");
    assert!(end(&mut pos).is_some_and(|r| r.winner == Some(chimera::Color::First)));
    let v = load_text(
        "m.toml",
        &marks(
            5,
            5,
            "PPPPPPpppppp",
            "collinear = 3\nlines = [\"ranks\", \"files\"]",
        ),
    );
    // a1, c1 and e1 with black pieces between still count; on a diagonal not.
    let mut pos = Position::from_text(&v, "5/5/5/5/PpP1p[Pp] w - - 0 1").unwrap();
    play(&mut pos, "P@e2");
    assert_eq!(end(&mut pos), None);
    let mut pos = Position::from_text(&v, "5/5/5/5/PpPp1[Pp] w - - 0 1").unwrap();
    play(&mut pos, "P@e1");
    assert!(end(&mut pos).is_some_and(|r| r.winner == Some(chimera::Color::First)));
}

#[test]
fn bad_connect_tables_are_errors_with_their_place() {
    for (body, says) in [
        (
            "pieces = [\"mark\"]",
            "needs `in_a_row`, `square`, `collinear` or `regions`",
        ),
        (
            "regions = [{ side = \"first\", from = [\"a1\"], to = [\"z9\"] }]",
            "`z9` is not a square",
        ),
        (
            "regions = [{ side = \"first\", from = [\"a1\"], to = [\"c1\"] }, { side = \"first\", from = [\"a1\"], to = [\"c1\"] }]",
            "one pair of regions per side",
        ),
        ("in_a_row = 1", "fewer than 2"),
        ("in_a_row = 3\nlines = [\"rows\"]", "not `rows`"),
        ("in_a_row = 3\npieces = [\"stone\"]", "stone"),
        ("in_a_row = 3\nresult = \"maybe\"", "maybe"),
    ] {
        let e = load_str("m.toml", &marks(3, 3, "Pp", body)).expect_err(body);
        let text = e.render();
        assert!(text.contains(says), "{body}: {text}");
        assert!(text.contains("m.toml:"), "{body}: positioned: {text}");
    }
    // An immobile piece with moves.
    let rules =
        marks(3, 3, "Pp", "in_a_row = 3").replace("immobile = true", "immobile = true\nbetza = \"W\"");
    let e = load_str("m.toml", &rules).expect_err("immobile with betza");
    assert!(e.render().contains("is immobile"), "{}", e.render());
}

#[test]
fn a_chain_joins_two_regions_however_it_winds() {
    // White joins the a-file to the e-file, black the first rank to the
    // fifth, each with pieces side by side along ranks and files.
    let regions = "regions = [\n  { side = \"first\", from = [\"a1\", \"a2\", \"a3\", \"a4\", \"a5\"], to = [\"e1\", \"e2\", \"e3\", \"e4\", \"e5\"] },\n  { side = \"second\", from = [\"a1\", \"b1\", \"c1\", \"d1\", \"e1\"], to = [\"a5\", \"b5\", \"c5\", \"d5\", \"e5\"] },\n]\nlines = [\"ranks\", \"files\"]";
    let v = load_text(
        "m.toml",
        &marks(
            5,
            5,
            &"P".repeat(12)
                .chars()
                .chain("p".repeat(12).chars())
                .collect::<String>(),
            regions,
        ),
    );
    // a4 b4 b3 b2 c2 d2 d3 e3: a chain that turns south and back north.
    let mut pos = Position::from_text(&v, "5/PP3/1P1P1/1PPP1/5[PPpp] w - - 0 1").unwrap();
    assert!(end(&mut pos).is_none());
    play(&mut pos, "P@e3");
    let r = end(&mut pos).expect("the chain joins a to e");
    assert_eq!(r.winner, Some(chimera::Color::First));
    assert_eq!(r.reason, Reason::Rule("connection"));
    // A diagonal step does not join under ranks and files.
    let mut pos = Position::from_text(&v, "5/PP3/1P1P1/1PPP1/5[PPpp] w - - 0 1").unwrap();
    play(&mut pos, "P@e4");
    assert!(end(&mut pos).is_none());
    // Black's pieces from the first rank to the fifth; white's do not count for it.
    let mut pos = Position::from_text(&v, "5/2p2/2p2/2P2/2p2[PPpp] b - - 0 1").unwrap();
    play(&mut pos, "P@d5");
    assert!(end(&mut pos).is_none(), "d5 does not touch c4");
    let mut pos = Position::from_text(&v, "5/2p2/2p2/2p2/2p2[PPpp] b - - 0 1").unwrap();
    play(&mut pos, "P@c5");
    assert_eq!(end(&mut pos).and_then(|r| r.winner), Some(chimera::Color::Second));
}

#[test]
fn pieces_pushed_in_from_any_edge_stop_at_the_first_piece() {
    // `drops_only = "pushed_in"`: connect four from any side.
    let rules = marks(
        7,
        7,
        &"P".repeat(8)
            .chars()
            .chain("p".repeat(8).chars())
            .collect::<String>(),
        "in_a_row = 4",
    )
    .replace("[hand]\n", "[hand]\ndrops_only = \"pushed_in\"\n");
    let v = load_text("m.toml", &rules);
    let mut pos = Position::start(&v);
    // On an empty board a piece slides across to the far edge: every edge
    // square, and no other.
    let t = sorted_moves_as(&mut pos, MoveNotation::Uci);
    assert_eq!(t.len(), 24, "{t:?}");
    assert!(
        t.contains(&"P@g4".to_string()) && !t.contains(&"P@d4".to_string()),
        "{t:?}"
    );
    play(&mut pos, "P@g4");
    play(&mut pos, "P@a5");
    // g5 (from the top, stopped by g4), g3 (from the bottom), f4 (from the
    // left), a4 (from the bottom, under a5), b5 (from the right, beside
    // a5); no square inside the board that nothing stops at.
    let t = sorted_moves_as(&mut pos, MoveNotation::Uci);
    for want in ["P@g5", "P@g3", "P@f4", "P@a4", "P@b5", "P@a6"] {
        assert!(t.contains(&want.to_string()), "{want}: {t:?}");
    }
    for not in ["P@d4", "P@b4", "P@c5"] {
        assert!(!t.contains(&not.to_string()), "{not}: {t:?}");
    }
}
