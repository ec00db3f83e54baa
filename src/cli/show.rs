//! `chimera show`: the board, or a piece's move diagram.

use std::path::PathBuf;
use std::process::ExitCode;

use super::context::{Context, position};
use super::output::{Outcome, Output, bad};
use crate::display::{LEGEND, board_text, initial_square, piece_diagram, piece_diagram_at};
use crate::engine::{Color, PieceKind};

/// Print the start position (or --position), or a piece's move diagram.
///
/// Diagrams come from the engine's own move generator on an empty board:
/// @ the piece, o moves or captures, m moves only, c captures only,
/// x captures without moving (shot, igui), + both kinds of capture.
#[derive(clap::Args)]
pub(crate) struct Args {
    /// The variant's rules file, e.g. variants/chess.toml.
    variant: PathBuf,
    /// A piece name or symbol, or `all`.
    #[arg(long)]
    piece: Option<String>,
    /// The position to draw (the variant's position text); default the start.
    #[arg(long)]
    position: Option<String>,
}

pub(crate) fn run(cx: &Context, a: Args) -> Outcome {
    let out = Output::new(false);
    let v = cx.load(&a.variant)?;
    let Some(name) = a.piece else {
        let pos = position(&v, a.position.as_deref(), None)?;
        out.text(board_text(&pos).trim_end());
        return Ok(ExitCode::SUCCESS);
    };
    let kinds: Vec<PieceKind> = if name.eq_ignore_ascii_case("all") {
        v.kinds().collect()
    } else {
        match v.kind_by_name(&name).or_else(|| v.kind_by_symbol(&name)) {
            Some(k) => vec![k],
            None => {
                let names: Vec<&str> = v.kinds().map(|k| v.piece(k).name()).collect();
                let hint = crate::diag::did_you_mean(&name, names.iter().copied())
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_else(|| format!(" (pieces: {})", names.join(", ")));
                return Err(bad(format!("no piece `{name}` in {}{hint}", v.name())));
            }
        }
    };
    let values = crate::game::search::piece_values(&v);
    for k in kinds {
        let def = v.piece(k);
        if v.wall_kind() == Some(k) {
            out.text(format!(
                "{} ({}): a wall, no side's piece; it never moves, and no piece enters, passes or takes its square",
                def.name(),
                def.symbol()
            ));
            continue;
        }
        let value = match (def.value(), def.is_royal()) {
            (Some(x), _) => format!("value {x} pawns (the rules file's)"),
            (None, true) => "royal".to_string(),
            (None, false) => format!(
                "value {:.2} pawns (estimated from what it attacks; give `value` to set it)",
                values[k.index()] as f64 / 100.0
            ),
        };
        out.text(format!(
            "{} ({}), {value}\n{}",
            def.name(),
            def.symbol(),
            piece_diagram(&v, k, Color::First)
        ));
        // Moves only an unmoved piece has (`i`) need it on an initial square.
        if let Some(sq) = initial_square(&v, k, Color::First) {
            out.text(format!(
                "{} ({}) on its initial square {}\n{}",
                def.name(),
                def.symbol(),
                v.square_name(sq),
                piece_diagram_at(&v, k, Color::First, sq)
            ));
        }
    }
    out.text(LEGEND);
    Ok(ExitCode::SUCCESS)
}
