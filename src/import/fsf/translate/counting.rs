//! Drawn endings counted: `[end.counting]` and janggi's points.

use super::{Tx, cname, q, qlist};
use crate::import::fsf::pieces::{HORSE, JANGGI_CANNON, JANGGI_ELEPHANT, ROOK, SOLDIER, WAZIR, piece_name};

/// `materialCounting = janggi`: Fairy-Stockfish gives a drawn ending (the
/// move counter, repetition, bikjang, two passes, a full board) to the side
/// with more points, its second player counting one more (`position.h`,
/// `material_counting_result`: first wins when its points minus the
/// second's, minus one, are above zero — `second_bonus = 1.5` is the same
/// on whole points).
pub(super) fn janggi_points(t: &Tx, end: &mut Vec<String>) {
    let from = t.from(&["materialCounting"]);
    if t.text("stalemateValue") == "draw" {
        t.problem(
            "materialCounting",
            "a stalemate counted by janggi's points has no chimera rule (`draws_by_points` counts repetition and the move counter)",
        );
    }
    let values: Vec<String> = [
        (ROOK, 13),
        (JANGGI_CANNON, 7),
        (HORSE, 5),
        (JANGGI_ELEPHANT, 3),
        (WAZIR, 3),
        (SOLDIER, 2),
    ]
    .iter()
    .filter(|(pt, _)| t.m.letters[*pt].is_some())
    .map(|(pt, v)| format!("{} = {v}", q(&cname(*pt))))
    .collect();
    end.push(format!("{from}draws_by_points = true"));
    end.push(format!(
        "points = {{ values = {{ {} }}, second_bonus = 1.5 }}",
        values.join(", ")
    ));
}

/// How a drawn ending that Fairy-Stockfish counts by material ends:
/// `"points"` under janggi's counting, else `"draw"` (the other countings
/// are chimera rules that judge every draw).
pub(super) fn counted_draw(t: &Tx) -> &'static str {
    if t.text("materialCounting") == "janggi" {
        "\"points\""
    } else {
        "\"draw\""
    }
}

/// `[end.counting]`: Fairy-Stockfish's `countingRule`, said as the bundled
/// makruk, cambodian and asean files say it. A line of the pieces' honour
/// for a type the variant lacks never applies and is left out.
pub(super) fn counting_table(t: &Tx, kinds: &[(usize, String)]) -> String {
    const PAWN_T: usize = 1;
    const KNIGHT: usize = 2;
    const ROOK: usize = 4;
    const KHON: usize = 9;
    type Honour = &'static [(usize, u32, u32)];
    let rule = t.text("countingRule");
    let (board, at_most, with_blockers, honour, otherwise, from_pieces): (u32, u32, bool, Honour, u32, bool) =
        match rule.as_str() {
            "makruk" => (
                64,
                0,
                false,
                &[
                    (ROOK, 2, 8),
                    (ROOK, 1, 16),
                    (KHON, 2, 22),
                    (KNIGHT, 2, 32),
                    (KHON, 1, 44),
                ],
                64,
                true,
            ),
            "cambodian" => (
                63,
                3,
                true,
                &[
                    (ROOK, 2, 7),
                    (ROOK, 1, 15),
                    (KHON, 2, 21),
                    (KNIGHT, 2, 31),
                    (KHON, 1, 43),
                ],
                63,
                true,
            ),
            "asean" => (
                0,
                0,
                false,
                &[(ROOK, 1, 16), (KHON, 1, 44), (KNIGHT, 1, 64)],
                0,
                false,
            ),
            _ => return String::new(),
        };
    let names = |pt: usize| -> Vec<String> {
        kinds
            .iter()
            .filter(|(k, _)| *k == pt)
            .map(|(_, n)| n.clone())
            .collect()
    };
    let mut lines = Vec::new();
    for &(pt, n, moves) in honour {
        match names(pt).as_slice() {
            [] => {}
            [one] => lines.push(format!(
                "  {{ piece = {}, at_least = {n}, moves = {moves} }},",
                q(one)
            )),
            _ => {
                t.problem(
                    "countingRule",
                    format!(
                        "the counting rule counts `{}` pieces of several chimera kinds together (promoted ones too); chimera's pieces' honour counts one kind",
                        piece_name(pt)
                    ),
                );
                return String::new();
            }
        }
    }
    let mut out = format!(
        "\n{}[end.counting]\nblockers = {}\nboard_honour = {board}\n",
        t.from(&["countingRule"]),
        qlist(&names(PAWN_T))
    );
    if at_most > 0 {
        out.push_str(&format!("board_honour_at_most = {at_most}\n"));
    }
    if with_blockers {
        out.push_str("board_honour_with_blockers = true\n");
    }
    out.push_str(&format!(
        "pieces_honour = [\n{}\n]\notherwise = {otherwise}\n",
        lines.join("\n")
    ));
    if from_pieces {
        out.push_str("from_pieces = true\n");
    }
    out
}
