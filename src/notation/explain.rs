//! Plain-English description of a notation's program (`chimera explain`).

use super::ast::Hop;
use super::meaning::{Leg, Program};

fn leap_words(v: (i32, i32)) -> &'static str {
    match v {
        (0, 1) => "one orthogonal step",
        (1, 1) => "one diagonal step",
        (0, 2) => "a jump two squares orthogonally",
        (1, 2) => "a knight jump",
        (2, 2) => "a jump two squares diagonally",
        (0, 3) => "a jump three squares orthogonally",
        (3, 3) => "a jump three squares diagonally",
        (1, 3) => "a camel (1,3) jump",
        (2, 3) => "a zebra (2,3) jump",
        (0, 0) => "a leap to any square of the board",
        _ => "a leap",
    }
}

fn line_words(v: (i32, i32)) -> &'static str {
    match v {
        (0, 1) => "orthogonal lines",
        (1, 1) => "diagonal lines",
        (0, 2) => "orthogonal lines in (2,0) jumps",
        (1, 2) => "knight lines",
        (2, 2) => "diagonal lines in (2,2) jumps",
        _ => "lines of leaps",
    }
}

fn direction_words(letters: &str, orthogonal_only: bool) -> String {
    let word = |c: char| match c {
        'f' => "forward",
        'b' => "backward",
        'l' => "left",
        'r' => "right",
        'v' => "forward and backward",
        's' => "sideways",
        'h' => "half",
        _ => "?",
    };
    let cs: Vec<char> = letters.chars().collect();
    let mut words = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let pair = i + 1 < cs.len()
            && !orthogonal_only
            && (("fb".contains(cs[i]) && "lrsh".contains(cs[i + 1]))
                || ("lr".contains(cs[i]) && "fbvh".contains(cs[i + 1])));
        if pair {
            words.push(format!("{}-{}", word(cs[i]), word(cs[i + 1])));
            i += 2;
        } else if i + 1 < cs.len() && cs[i + 1] == cs[i] {
            words.push(format!("{} (narrow)", word(cs[i])));
            i += 2;
        } else {
            words.push(word(cs[i]).to_string());
            i += 1;
        }
    }
    words.join(", ")
}

/// One line describing a leg.
pub fn leg_words(leg: &Leg) -> String {
    let mut s = String::new();
    if leg.initial {
        s.push_str("only from its initial squares: ");
    }
    s.push_str(match (leg.moves, leg.captures, leg.shoots) {
        (false, true, true) => "shoots an enemy piece (captures without moving)",
        (true, true, true) => "shoots an enemy piece or an empty square (a pass)",
        (true, false, true) => "shoots an empty square (a pass)",
        (true, true, _) => "moves or captures",
        (true, false, _) => "moves without capturing",
        (false, true, _) => "captures only",
        _ => "does nothing",
    });
    if leg.en_passant {
        s.push_str(" (also en passant)");
    }
    s.push(' ');
    let lines: Vec<&str> = leg.atoms.iter().map(|&v| line_words(v)).collect();
    let kinds = lines.join(" or ");
    let how = if leg.max == 1 && leg.min == 1 {
        let leaps: Vec<&str> = leg.atoms.iter().map(|&v| leap_words(v)).collect();
        format!("by {}", leaps.join(" or "))
    } else if leg.max == u32::MAX && leg.min <= 1 {
        format!("any distance along {kinds}")
    } else if leg.min == leg.max {
        format!("exactly {} steps along {kinds}", leg.min)
    } else if leg.max == u32::MAX {
        format!("at least {} steps along {kinds}", leg.min)
    } else if leg.min <= 1 {
        format!("up to {} steps along {kinds}", leg.max)
    } else {
        format!("{} to {} steps along {kinds}", leg.min, leg.max)
    };
    s.push_str(&how);
    let orthogonal_only = leg.atoms.iter().all(|&(x, y)| x == 0 && y != 0);
    let dirs = direction_words(&leg.directions, orthogonal_only);
    if !dirs.is_empty() {
        s.push_str(&format!(" [{dirs}]"));
    } else if leg.relative {
        s.push_str(" [any direction, back included]");
    }
    if leg.relative && !leg.directions.is_empty() {
        s.push_str(" relative to the previous leg");
    }
    match leg.hop {
        None => {}
        Some(Hop::One) => s.push_str(", hopping exactly one piece"),
        Some(Hop::AtMost(n)) => s.push_str(&format!(", hopping at most {n} pieces")),
        Some(Hop::Any) => s.push_str(", hopping any number of pieces"),
        Some(Hop::Grasshopper) => s.push_str(", landing just past the first piece"),
    }
    if leg.lame {
        s.push_str(", blocked by an occupied square on the way");
    }
    if leg.jump {
        s.push_str(", only over an occupied square");
    }
    if !leg.continues_after_capture {
        s.push_str(", stopping at its first capture");
    }
    s
}

/// Multi-line description of a program.
pub fn explain(p: &Program) -> String {
    let mut out = String::new();
    write_program(p, 0, &mut out);
    out
}

fn write_program(p: &Program, depth: usize, out: &mut String) {
    let pad = "  ".repeat(depth);
    match p {
        Program::Leg(leg) => out.push_str(&format!("{pad}- {}\n", leg_words(leg))),
        Program::Alt(v) if v.is_empty() => out.push_str(&format!("{pad}- nothing\n")),
        Program::Alt(v) => {
            out.push_str(&format!("{pad}one of:\n"));
            for p in v {
                write_program(p, depth + 1, out);
            }
        }
        Program::Seq(v) => {
            out.push_str(&format!("{pad}in sequence:\n"));
            for p in v {
                write_program(p, depth + 1, out);
            }
        }
        Program::Repeat { body, min, max } => {
            let head = match (min, max) {
                (0, 1) => "optionally, then:".to_string(),
                (a, b) if a == b => format!("exactly {a} times:"),
                (1, b) => format!("1 to {b} times (may stop after any):"),
                (a, b) => format!("{a} to {b} times:"),
            };
            out.push_str(&format!("{pad}{head}\n"));
            write_program(body, depth + 1, out);
        }
    }
}
