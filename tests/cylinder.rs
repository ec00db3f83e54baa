//! Cylinder chess (`variants/cylinder-chess.toml`) and wrap-around boards
//! (`[board] wrap = "files"`): the a- and h-files are neighbours. Perft
//! against tests/tools/cylinder_perft.py, an independent generator written
//! from the rules texts; sliders, leapers, multi-leg moves and pawns
//! crossing the seam, and nothing crossing it without the key; the errors
//! for misuse, at their place; the engine playing a game to a result.
use crate::common;

use chimera::{Position, perft};
use common::{load_text, sorted_moves, variant, variant_text};

/// perft from the start, depths 1–4, as tests/tools/cylinder_perft.py
/// counts them (`python3 tests/tools/cylinder_perft.py 4`, 10 s; no
/// published figures were found). Chess's are 20, 400, 8,902, 197,281: 1.c3 and 1.g3
/// pin a black pawn across the seam (Qd1-a4-h5xe8 through f7, Bf1-h3-a4-e8
/// through d7).
const START: [u64; 4] = [20, 392, 9162, 211036];

/// perft 5 from the start as the reference counted it once
/// (`python3 tests/tools/cylinder_perft.py 5`, about five minutes; chimera
/// takes 0.4 s).
const START_5: u64 = 5_633_208;

/// Positions with their perft 1–3 as the reference counts them
/// (`python3 tests/tools/cylinder_perft.py 3 --fen "<position>"`): a check
/// across the seam (1.d4 g6+, the f8 bishop by h6 and a5), en passant
/// across the seam with castling (a5xh6), kiwipete (castling, pins and
/// checks round the board), promotions, and castling past a bishop whose
/// diagonal crosses the seam (b5-a4-h3-g2-f1).
const POSITIONS: [(&str, [u64; 3]); 5] = [
    (
        "rnbqkbnr/pppppp1p/6p1/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
        [7, 166, 4234],
    ),
    ("r3k2r/p7/8/P6p/8/8/7P/R3K2R w KQkq h6 0 2", [19, 290, 6112]),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        [51, 2599, 135626],
    ),
    ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", [26, 580, 12835]),
    ("r3k2r/8/8/1b6/6B1/8/8/R3K2R w KQkq - 0 1", [36, 1064, 36514]),
];

fn start_perft(depth: u32) -> u64 {
    let v = variant("cylinder-chess.toml");
    perft(&mut Position::start(&v), depth)
}

#[test]
fn the_variant_file_passes_its_cases() {
    let (ok, text) = common::check_rules(&common::root().join("variants/cylinder-chess.toml"));
    assert!(ok && text.contains(" 0 failed"), "{text}");
}

#[test]
fn perft_matches_the_reference() {
    for d in 1..=4 {
        assert_eq!(start_perft(d), START[d as usize - 1], "depth {d}");
    }
    assert_eq!(start_perft(5), START_5);
    common::assert_perft_table("cylinder-chess.toml", &POSITIONS);
}

/// The reference itself, run again: its counts at depths 1–4 from the
/// start and 1–3 from the positions agree with chimera's (python3 needed;
/// about 15 s).
#[test]
#[ignore = "deep tier: runs the Python reference"]
fn the_reference_counts_alike() {
    let mut runs = vec![(None, START.to_vec())];
    runs.extend(POSITIONS.iter().map(|(t, w)| (Some(*t), w.to_vec())));
    for (text, want) in runs {
        let depth = want.len().to_string();
        let what = "the cylinder chess reference";
        if !common::reference_perft_agrees("cylinder_perft.py", &[&depth], text, &want, what) {
            return;
        }
    }
}

/// A small board of test pieces: a king, a multi-leg stepper (`WafW`: a
/// step, then maybe one more straight on), a xiangqi horse (`nN`, a lame
/// knight) and a pawn; with or without `wrap`.
fn test_board(wrap: bool) -> String {
    format!(
        r#"
[variant]
name = "Wrap test"

[board]
files = 8
ranks = 8
{}

[sides]
first = {{ name = "white", letter = "w" }}
second = {{ name = "black", letter = "b" }}

[text]
position = "fen"

[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true

[[piece]]
name = "stepper"
symbol = "S"
betza = "WafW"

[[piece]]
name = "horse"
symbol = "H"
betza = "nN"

[[piece]]
name = "rook"
symbol = "R"
betza = "R"

[[piece]]
name = "pawn"
symbol = "P"
betza = "fmWfcF"

[setup]
position = "4k3/8/8/r7/1H5P/8/1S6/4K3 w - - 0 1"
"#,
        if wrap { r#"wrap = "files""# } else { "" }
    )
}

/// The moves of the piece on `from`, in the variant's notation.
fn moves_from(pos: &mut Position, from: &str) -> Vec<String> {
    sorted_moves(pos)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

/// Leapers, lame leapers, multi-leg moves and pawns cross the seam with
/// `wrap = "files"` (sliders: the rules file's cases), and none does
/// without it.
#[test]
fn every_kind_of_move_wraps_and_only_with_the_key() {
    let v = load_text("wrap.toml", &test_board(true));
    let mut pos = Position::start(&v);
    // The stepper on b2: a2 and on round the seam to h2; c2, d2; b1; b3
    // (b4 is the horse's).
    assert_eq!(
        moves_from(&mut pos, "b2"),
        ["b2a2", "b2b1", "b2b3", "b2c2", "b2d2", "b2h2"]
    );
    // The horse on b4 leaps over a4 to h3 and h5.
    assert_eq!(
        moves_from(&mut pos, "b4"),
        ["b4a2", "b4a6", "b4c2", "b4c6", "b4d3", "b4d5", "b4h3", "b4h5"]
    );
    // The pawn on h4 takes the rook on a5 across the seam.
    assert_eq!(moves_from(&mut pos, "h4"), ["h4a5", "h4h5"]);
    // A piece on a4 blocks the horse's way over it.
    let mut blocked = Position::from_text(&v, "4k3/8/8/8/rH5P/8/1S6/4K3 w - - 0 1").unwrap();
    assert_eq!(
        moves_from(&mut blocked, "b4"),
        ["b4a2", "b4a6", "b4c2", "b4c6", "b4d3", "b4d5"]
    );

    // A hole on a4 (holes may stand on a wrapped board) is no way over
    // either.
    let holed = test_board(true)
        .replace("wrap = \"files\"", "wrap = \"files\"\nholes = [\"a4\"]")
        .replace("1H5P", "H5P");
    let holed = load_text("holed.toml", &holed);
    assert_eq!(
        moves_from(&mut Position::start(&holed), "b4"),
        ["b4a2", "b4a6", "b4c2", "b4c6", "b4d3", "b4d5"]
    );

    let flat = load_text("flat.toml", &test_board(false));
    let mut pos = Position::start(&flat);
    assert_eq!(
        moves_from(&mut pos, "b2"),
        ["b2a2", "b2b1", "b2b3", "b2c2", "b2d2"]
    );
    assert_eq!(
        moves_from(&mut pos, "b4"),
        ["b4a2", "b4a6", "b4c2", "b4c6", "b4d3", "b4d5"]
    );
    assert_eq!(moves_from(&mut pos, "h4"), ["h4h5"]);
}

/// Without `wrap`, the cylinder's file is chess: the same perft as chess.
#[test]
fn without_the_key_the_file_plays_chess() {
    let text = variant_text("cylinder-chess.toml").replacen("\nwrap = \"files\"", "\n", 1);
    let v = load_text("flat-cylinder.toml", &text);
    let mut pos = Position::start(&v);
    let counts: Vec<u64> = (1..=3).map(|d| perft(&mut pos, d)).collect();
    assert_eq!(counts, [20, 400, 8902]);
    assert!(!v.board().wraps_files() && variant("cylinder-chess.toml").board().wraps_files());
}

/// A rook on an empty rank reaches its seven other squares, each once;
/// two ways round to one square are one move (a bishop's two diagonals
/// meeting across the seam too).
#[test]
fn a_square_reached_two_ways_is_one_move() {
    let v = variant("cylinder-chess.toml");
    let mut pos = Position::from_text(&v, "4k3/8/8/8/8/R7/8/2B1K3 w - - 0 1").unwrap();
    let rook = moves_from(&mut pos, "a3");
    assert_eq!(rook.len(), 14, "{rook:?}");
    let bishop = moves_from(&mut pos, "c1");
    assert_eq!(bishop.iter().filter(|m| *m == "c1g5").count(), 1, "{bishop:?}");
}

/// The engine plays a whole game to its end (depth 2, no clock).
#[test]
fn the_engine_plays_a_game_to_a_result() {
    common::engine_plays_to_a_result("cylinder-chess.toml");
}

/// Over UCI a move across the seam is written as any other: after 1.a4 b6
/// 2.a5 h5 the en-passant capture a5xh6 (round the seam) is read, and the
/// engine answers with one of Black's legal moves there.
#[test]
fn uci_reads_a_move_across_the_seam() {
    let moves = "a2a4 b7b6 a4a5 h7h5 a5h6";
    let v = variant("cylinder-chess.toml");
    let mut pos = Position::start(&v);
    for m in moves.split(' ') {
        common::play(&mut pos, m);
    }
    let black = sorted_moves(&mut pos);
    let lines = common::speak(
        "uci",
        &["variants/cylinder-chess.toml"],
        &format!("uci\nposition startpos moves {moves}\ngo depth 2\nisready\n"),
    );
    assert!(!lines.iter().any(|l| l.starts_with("info string")), "{lines:?}");
    common::bestmove_among(&lines, &black);
}

#[test]
fn misuse_is_an_error_at_its_place() {
    let text = variant_text("cylinder-chess.toml");
    let cases: [(&str, &str, &str); 4] = [
        (
            "\nwrap = \"files\"",
            "\nwrap = \"ranks\"",
            "unknown `wrap` `ranks`",
        ),
        (
            "files = 8\nranks = 8\nwrap",
            "files = 9\nranks = 9\nshape = \"hexagon\"\nwrap",
            "`wrap` joins the edges of a rectangle",
        ),
        (
            "\nwrap = \"files\"",
            "\nwrap = \"files\"\nextra_cells = { w1 = \"a1\" }",
            "`wrap` joins the edges of a rectangle",
        ),
        // A range capture round the seam would share its move text
        // (c1f1) with the one the other way, which takes other pieces.
        (
            "betza = \"R\"",
            "betza = \"ppR\"\ncaptures_jumped = true\ncannot_hop = [\"king\"]",
            "`captures_jumped` is not supported on a board that wraps round",
        ),
    ];
    common::assert_misuse(&text, &cases, "cylinder");
}

/// XBoard knows no board whose files wrap round: the variant is refused
/// over XBoard (UCI and play take it).
#[test]
fn xboard_refuses_the_board() {
    common::xboard_refuses("variants/cylinder-chess.toml", "wrap round", &["cylinder-chess"]);
}

/// `[end.connect]` reads the board round the seam
/// (tests/cylinder-connect.toml, `chimera check`): four in a row along a
/// rank or either diagonal and a two-by-two block across it win. The same
/// file without `wrap` runs the same moves to no end: the cells across the
/// seam form nothing there.
#[test]
fn connect_lines_read_round_the_seam_and_only_with_the_key() {
    let (ok, said) = common::check_rules(&common::test_file("cylinder-connect.toml"));
    assert!(ok && said.contains("8 passed, 0 failed"), "{said}");

    let text = common::test_text("cylinder-connect.toml");
    let flat = text
        .replacen("wrap = \"files\"\n", "", 1)
        .replace("result = \"white wins by connection\"", "result = \"ongoing\"")
        .replace("result = \"black wins by connection\"", "result = \"ongoing\"");
    let dir = std::env::temp_dir().join(format!("cylinder-connect-flat-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("flat-connect.toml");
    std::fs::write(&path, flat).unwrap();
    let (ok, said) = common::check_rules(&path);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(ok && said.contains("8 passed, 0 failed"), "{said}");
}

/// Berolina pawns round the seam (tests/cylinder-berolina.toml, `chimera
/// check`): the diagonal step and double step cross it (a2-h3-g4, shut by a
/// piece on h3), the square passed beside the seam is the en-passant
/// square (h3, not the d3 halfway across the board that make once set),
/// taken straight forward; position text reads it back. Without `wrap`
/// only the case of the step shut on h3 still holds.
#[test]
fn berolina_pawns_cross_the_seam_and_are_taken_en_passant_there() {
    let (ok, said) = common::check_rules(&common::test_file("cylinder-berolina.toml"));
    assert!(ok && said.contains("8 passed, 0 failed"), "{said}");

    let flat = common::test_text("cylinder-berolina.toml").replacen("wrap = \"files\"", "", 1);
    let dir = std::env::temp_dir().join(format!("cylinder-berolina-flat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("flat-berolina.toml");
    std::fs::write(&path, flat).unwrap();
    let (_, said) = common::check_rules(&path);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(said.contains("1 passed, 7 failed"), "{said}");
}

/// The cylinder-connect board with `connect` as its `[end.connect]` body
/// and `board` in place of its size.
fn connect_board(board: &str, connect: &str) -> String {
    let text = common::test_text("cylinder-connect.toml");
    let text = &text[..text.find("\n[[test]]").unwrap()];
    let (head, _) = text.split_once("\n[end.connect]\n").unwrap();
    format!("{head}\n[end.connect]\n{connect}\n").replacen("files = 6\nranks = 5", board, 1)
}

/// Whether `mv` played in `fen` ends the game, for the player who made it.
fn wins(v: &std::sync::Arc<chimera::Variant>, fen: &str, mv: &str) -> bool {
    let mut pos = Position::from_text(v, fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    common::play(&mut pos, mv);
    common::end(&mut pos).is_some_and(|r| r.winner == Some(!pos.side_to_move()))
}

/// Collinear pieces on a rank that closes round the seam are each counted
/// once (a hole ends the line), a chain joins its regions across the seam,
/// and a diagonal runs round the seam from the first rank to the last, as
/// long as the board is high however narrow.
#[test]
fn collinear_pieces_chains_and_long_diagonals_round_the_seam() {
    let six = "files = 6\nranks = 5";
    let v = load_text(
        "c.toml",
        &connect_board(six, "collinear = 4\nlines = [\"ranks\"]"),
    );
    // a1 c1 e1 are three, not five counted twice round; b1 makes four.
    assert!(!wins(&v, "6/6/6/6/P1P1P1 w - - 0 1", "P@a5"));
    assert!(wins(&v, "6/6/6/6/P1P1P1 w - - 0 1", "P@b1"));
    let holed = connect_board(
        &format!("{six}\nholes = [\"d1\"]"),
        "collinear = 5\nlines = [\"ranks\"]",
    )
    .replace("6/6/6/6/6", "6/6/6/6/5");
    let v = load_text("h.toml", &holed);
    // e1 f1 a1 b1 c1 round the seam up to the hole on d1 (which the text
    // skips: a1 c1 e1 f1 are `P1PPP`): five.
    assert!(wins(&v, "6/6/6/6/P1PPP w - - 0 1", "P@b1"));

    let chain = "lines = [\"ranks\"]\nregions = [{ side = \"first\", from = [\"b1\"], to = [\"e1\"] }]";
    let v = load_text("r.toml", &connect_board(six, chain));
    assert!(!wins(&v, "6/6/6/6/1P3P w - - 0 1", "P@a1"));
    let fen = "6/6/6/6/PP3P w - - 0 1";
    assert!(wins(&v, fen, "P@e1"), "b1 a1 f1 e1 across the seam");
    let flat = connect_board(six, chain).replacen("wrap = \"files\"\n", "", 1);
    assert!(!wins(&load_text("rf.toml", &flat), fen, "P@e1"));

    // Four files, five ranks: a1 b2 c3 d4 a5 is a diagonal of five.
    let narrow = "files = 4\nranks = 5";
    let text =
        connect_board(narrow, "in_a_row = 5\nlines = [\"diagonals\"]").replace("6/6/6/6/6", "4/4/4/4/4");
    let v = load_text("n.toml", &text);
    assert!(wins(&v, "4/3P/2P1/1P2/P3 w - - 0 1", "P@a5"));
    assert!(!wins(&v, "4/3P/2P1/1P2/P3 w - - 0 1", "P@b5"));
}

/// A connection the board has no room for is an error at its count: a
/// rank of the cylinder holds its files (round the seam, not more); a
/// diagonal holds the ranks round the seam, but without `wrap` no more
/// squares than the board's narrower side.
#[test]
fn a_connection_too_long_for_the_board_is_an_error_at_its_place() {
    let six = common::test_text("cylinder-connect.toml");
    let cases = [(
        "in_a_row = 4\nsquare = 2",
        "in_a_row = 7\nlines = [\"ranks\"]",
        "`in_a_row = 7` cannot be formed on a 6x5 board: its longest line along `lines` holds 6",
    )];
    common::assert_misuse(&six, &cases, "cylinder-connect");
    let narrow = connect_board("files = 4\nranks = 5", "in_a_row = 5\nlines = [\"diagonals\"]")
        .replace("6/6/6/6/6", "4/4/4/4/4");
    load_text("narrow.toml", &narrow);
    let cases = [(
        "wrap = \"files\"\n",
        "",
        "`in_a_row = 5` cannot be formed on a 4x5 board: its longest line along `lines` holds 4",
    )];
    common::assert_misuse(&narrow, &cases, "cylinder-connect-flat");
}
