//! Stage: display. `[display]`: the piece set boards draw, each piece's
//! glyphs (its kanji, per side if they differ) and chess figurines, checked
//! against the pieces. Nothing here changes the rules.

use toml::Spanned;

use super::names::Names;
use super::{Ctx, Result};
use crate::engine::variant::PieceDisplay;
use crate::rules::{Glyph, RulesFile};

/// The most characters a glyph may have.
const MAX_GLYPH: usize = 4;

/// The display settings, per kind.
pub(super) fn compile(file: &RulesFile, cx: &Ctx, names: &Names) -> Result<PieceDisplay> {
    let n = file.pieces.len();
    let mut out = PieceDisplay {
        set: file.display.pieces.name().to_string(),
        forward: match file.display.forward {
            crate::rules::Forward::Up => 0,
            crate::rules::Forward::Right => 90,
        },
        glyphs: vec![[String::new(), String::new()]; n],
        figurines: vec![String::new(); n],
    };
    for (name, glyph) in &file.display.glyphs {
        let kind = names.piece(cx, name, "a glyph")?;
        let pair = match glyph.get_ref() {
            Glyph::Both(g) => [g.clone(), g.clone()],
            Glyph::Each(pair) => pair.clone(),
        };
        for g in &pair {
            let count = g.chars().count();
            if count == 0 || count > MAX_GLYPH || g.chars().any(|c| c.is_whitespace() || c.is_control()) {
                return Err(Box::new(
                    cx.diag(glyph.span(), format!("`{g}` cannot be a piece's glyph"))
                        .label("here")
                        .help(format!(
                            "a glyph is 1 to {MAX_GLYPH} characters, no spaces: \"歩\", \"と\", or a side's each: [\"帥\", \"將\"]"
                        )),
                ));
            }
        }
        out.glyphs[kind.index()] = pair;
    }
    for (name, figurine) in &file.display.figurines {
        let kind = names.piece(cx, name, "a figurine")?;
        out.figurines[kind.index()] = figurine.name().to_string();
    }
    twice(cx, names, file.display.glyphs.keys(), "glyphs")?;
    twice(cx, names, file.display.figurines.keys(), "figurines")?;
    Ok(out)
}

/// A piece named twice (`King` and `king`) is an error at the later key.
fn twice<'a>(
    cx: &Ctx,
    names: &Names,
    keys: impl Iterator<Item = &'a Spanned<String>>,
    what: &str,
) -> Result<()> {
    let mut keys: Vec<&Spanned<String>> = keys.collect();
    keys.sort_by_key(|k| k.span().start);
    for (i, key) in keys.iter().enumerate() {
        let kind = names.lookup(key.get_ref());
        if keys[..i].iter().any(|k| names.lookup(k.get_ref()) == kind) {
            return Err(cx.err(key.span(), format!("`{}` has two {what}", key.get_ref())));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    const MINI: &str = r#"[variant]
name = "Mini"

[board]
files = 3
ranks = 3

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
position = "kr1/3/1RK w - - 0 1"
"#;

    fn with(display: &str) -> Result<std::sync::Arc<crate::Variant>, Box<crate::Diagnostic>> {
        crate::load_str("mini.toml", &format!("{MINI}\n{display}"))
    }

    /// The line and column an error points at.
    fn at(display: &str) -> (usize, usize, String) {
        let d = with(display).expect_err("an error");
        (d.line, d.column, d.message.clone())
    }

    #[test]
    fn glyphs_and_figurines_reach_the_variant_by_kind() {
        let v = with("[display]\npieces = \"shogi\"\nfigurines = { Rook = \"knight\" }\n[display.glyphs]\nking = [\"帥\", \"將\"]\n")
            .expect("compiles");
        assert_eq!(v.display.set, "shogi");
        assert_eq!(v.display.glyphs[0], ["帥".to_string(), "將".to_string()]);
        assert_eq!(v.display.glyphs[1], [String::new(), String::new()]);
        assert_eq!(v.display.figurines, ["", "knight"]);
        // Unset: letters, nothing per piece.
        let plain = with("").expect("compiles");
        assert_eq!(plain.display.set, "letters");
        assert!(plain.display.glyphs.iter().all(|g| g[0].is_empty()));
    }

    #[test]
    fn a_bad_display_value_is_an_error_at_its_line_and_column() {
        // The [display] table starts on line 22 of the text.
        let (line, column, message) = at("[display]\npieces = \"kanji\"\n");
        assert_eq!((line, column), (23, 10), "{message}");
        assert!(message.contains("unknown variant `kanji`"), "{message}");
        let (line, column, message) = at("[display]\nfigurines = { rook = \"castle\" }\n");
        assert_eq!((line, column), (23, 22), "{message}");
        let (line, column, message) = at("[display.glyphs]\nking = \"玉\"\nrok = \"飛\"\n");
        assert_eq!((line, column), (24, 1), "{message}");
        assert!(message.contains("unknown piece `rok`"), "{message}");
        for bad in ["\"\"", "\"five!\"", "\"a b\"", "[\"帥\", \"\"]"] {
            let (line, column, message) = at(&format!("[display.glyphs]\nking = {bad}\n"));
            assert_eq!((line, column), (23, 8), "{bad}: {message}");
            assert!(message.contains("cannot be a piece's glyph"), "{message}");
        }
        let (line, column, message) = at("[display.glyphs]\nking = [\"帥\"]\n");
        assert_eq!((line, column), (23, 8), "{message}");
        let (line, _, message) = at("[display.glyphs]\nking = \"玉\"\nKing = \"王\"\n");
        assert_eq!(line, 24, "{message}");
        assert!(message.contains("two glyphs"), "{message}");
        let (line, _, message) = at("[display]\nunknown = 1\n");
        assert_eq!(line, 23, "{message}");
    }

    #[test]
    fn the_bundled_sets() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
        let shogi = crate::load(&root.join("shogi.toml")).expect("shogi");
        assert_eq!(shogi.display.set, "shogi");
        let pawn = shogi.kind_by_name("pawn").expect("pawn").index();
        assert_eq!(shogi.display.glyphs[pawn][0], "歩");
        let king = shogi.kind_by_name("king").expect("king").index();
        assert_eq!(shogi.display.glyphs[king], ["玉".to_string(), "王".to_string()]);
        let chess = crate::load(&root.join("chess.toml")).expect("chess");
        assert_eq!(chess.display.set, "chess");
    }
}
