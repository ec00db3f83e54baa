//! Move diagrams of every piece of every variant file, as snapshots. They are
//! drawn by the engine's generator, so reviewing a diagram reviews the engine.
use crate::common;
use chimera::Color;
use chimera::display::piece_diagram;
use std::path::Path;

fn diagrams(file: &str, per_piece: bool) {
    let path = common::root().join("variants").join(file);
    let v = common::load_file(&path);
    let mut all = String::new();
    for k in v.kinds() {
        let kind = v.piece(k);
        let d = format!(
            "{} ({}) = {}\n{}",
            kind.name(),
            kind.symbol(),
            betza_of(&path, kind.name()),
            piece_diagram(&v, k, Color::First)
        );
        if per_piece {
            let name = kind.symbol().replace('+', "promoted_").to_lowercase();
            insta::assert_snapshot!(
                format!("{}_{name}", file.trim_end_matches(".toml").replace('-', "_")),
                d
            );
        } else {
            all.push_str(&d);
            all.push('\n');
        }
    }
    if !per_piece {
        insta::assert_snapshot!(file.trim_end_matches(".toml").replace('-', "_"), all);
    }
}

/// The notation string of a piece, read back from the file for the header.
fn betza_of(path: &Path, name: &str) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let table: toml::Table = toml::from_str(&text).unwrap();
    table["piece"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"].as_str() == Some(name))
        .and_then(|p| p["betza"].as_str())
        .unwrap_or("")
        .to_string()
}

#[test]
fn ko_shogi_every_face() {
    diagrams("ko-shogi.toml", true);
}

#[test]
fn kozune() {
    diagrams("kozune.toml", false);
}

#[test]
fn shogi() {
    diagrams("shogi.toml", false);
}

#[test]
fn chess() {
    diagrams("chess.toml", false);
}

#[test]
fn pocket_shogi_copper() {
    diagrams("pocket-shogi-copper.toml", false);
}

#[test]
fn wwii_chess() {
    diagrams("wwii-chess.toml", false);
}
