//! `[sides]`: the two players' names, letters and capture rules, how the
//! second is turned, and the side names other tables use.

use serde::Deserialize;

/// `[sides]`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    /// The player who moves first.
    #[serde(default)]
    pub first: SideDef,
    /// The other player.
    #[serde(default)]
    pub second: SideDef,
    /// How the second player's pieces are turned: "rotate" (shogi, 180°) or
    /// "reflect" (chess, mirrored across the middle rank). Affects only
    /// asymmetric pieces and left/right direction letters.
    #[serde(default)]
    pub second_orientation: Orientation,
}

/// How the second side is turned (or the setup derived).
#[derive(Debug, Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    /// Turned 180° (shogi).
    #[default]
    Rotate,
    /// Mirrored across the middle rank (chess).
    Reflect,
}

/// One side.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    /// Its name in results ("white"); default "first"/"second".
    pub name: Option<String>,
    /// The side-to-move letter in position text.
    pub letter: Option<String>,
    /// Where this side's captures go: "hand" (demoted), "hand_as_is" (kept as
    /// captured), or "remove". Default: the `[hand]` table's `captures`.
    pub captures: Option<CaptureRule>,
}

/// Where captured pieces go.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum CaptureRule {
    /// Into the capturer's hand, demoted (`demotes_to`).
    Hand,
    /// Into the capturer's hand as they were.
    HandAsIs,
    /// Off the game.
    #[default]
    Remove,
}

/// A side in tables that name one.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SideName {
    /// The first player.
    First,
    /// The second player.
    Second,
}
