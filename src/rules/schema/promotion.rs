//! Promotion: a piece's `[[piece.promotion]]` rules and its
//! `promotion_move`, the `[promotion]` defaults and promotion by capture.

use serde::Deserialize;
use toml::Spanned;

use super::{SideName, yes};

/// `promotion_move = { to, squares, betza, anywhere_when_last }`: instead of
/// moving, a piece standing on one of `squares` (named for the first player,
/// mirrored for the second) turns into `to` where it stands or with one
/// `betza` step to an empty square — only where the new piece attacks no
/// enemy piece and the move gives no check.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionMove {
    /// The piece it becomes.
    pub to: Spanned<String>,
    /// Where it must stand (the first player's squares).
    pub squares: Vec<Spanned<String>>,
    /// The steps it may take while promoting (single steps or leaps).
    pub betza: Spanned<String>,
    /// A side's last piece of this kind may promote from any square.
    #[serde(default)]
    pub anywhere_when_last: bool,
}

/// One promotion rule of a piece.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionRule {
    /// Relative ranks of the zone; default `[promotion] zone`.
    pub ranks: Option<Vec<u32>>,
    /// Or: the zone as squares (absolute names, the same for each side the
    /// rule applies to; give one rule per side for zones that differ).
    pub squares: Option<Vec<Spanned<String>>>,
    /// The side the rule applies to (default both): promotion choices per
    /// side (Sort of almost chess: white's pawns promote to a chancellor,
    /// black's to a queen).
    pub side: Option<SideName>,
    /// Pieces it may promote to.
    pub to: Vec<Spanned<String>>,
    /// Promotion is compulsory (otherwise optional).
    #[serde(default)]
    pub forced: bool,
    /// "destination" (the move ends in the zone), "either" (starts or ends
    /// there) or "enter_or_capture" (enters it, or captures starting or
    /// ending there). Default `[promotion] trigger`.
    pub trigger: Option<Trigger>,
}

/// What a move must do to promote.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// End in the zone.
    #[default]
    Destination,
    /// Start or end in the zone.
    Either,
    /// Enter the zone (start outside it, end inside), or capture with a move
    /// that starts or ends in it — not a quiet move inside or out of it
    /// (chu shogi).
    EnterOrCapture,
    /// End in the zone, or capture on a square of it: a lion that takes a
    /// piece in the zone and steps out again promotes (taikyoku shogi).
    DestinationOrCapture,
    /// Capture with a move that starts or ends in the zone; quiet moves
    /// never promote (micro shogi, whose zone is the whole board).
    Capture,
}

/// `[promotion]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionDefaults {
    /// Relative ranks of the default zone.
    #[serde(default)]
    pub zone: Vec<u32>,
    /// The default trigger.
    #[serde(default)]
    pub trigger: Trigger,
    /// Another default trigger under an option value: `{ when =
    /// "NAME=VALUE", trigger = "…" }` (tenjiku's promotion on any move that
    /// starts or ends in the zone, Evans's reading, against chu's "on entry").
    #[serde(default)]
    pub trigger_when: Option<TriggerWhen>,
    /// A piece that arrives where it could never move again must promote
    /// (shogi's pawn, lance and knight).
    #[serde(default)]
    pub forced_on_dead_squares: bool,
    /// A promotion resets the halfmove clock, as a capture does
    /// (Fairy-Stockfish's rule, where a piece that promotes need not be one
    /// whose moves reset it).
    #[serde(default)]
    pub resets_clock: bool,
    /// Promotion chosen by the captured piece: a move that takes one of
    /// `captured` makes the moving piece `to` (maka dai dai shogi's deva and
    /// dark spirit): see [`CapturePromotionRule`].
    #[serde(default)]
    pub when_capturing: Vec<CapturePromotionRule>,
    /// `false`: an en passant capture never promotes, even one that ends in
    /// the zone of a forced promotion (Fairy-Stockfish's rule).
    #[serde(default = "yes")]
    pub en_passant_promotes: bool,
}

impl Default for PromotionDefaults {
    fn default() -> Self {
        PromotionDefaults {
            zone: Vec::new(),
            trigger: Trigger::default(),
            trigger_when: None,
            forced_on_dead_squares: false,
            resets_clock: false,
            when_capturing: Vec::new(),
            en_passant_promotes: true,
        }
    }
}

/// `[promotion] trigger_when`: the default trigger while an option has a
/// value.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TriggerWhen {
    /// `"NAME=VALUE"`.
    pub when: Spanned<String>,
    /// The trigger then.
    pub trigger: Trigger,
}

/// `[promotion] when_capturing = [{ captured, to, except }]`: a board move
/// that takes an enemy piece of a kind in `captured` turns the moving piece
/// into `to` at once, instead of any other promotion the move offers; pieces
/// in `except` (and `to` itself) are not changed. The first rule that
/// applies wins.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CapturePromotionRule {
    /// The pieces whose capture changes the capturer.
    pub captured: Vec<Spanned<String>>,
    /// What the capturer becomes.
    pub to: Spanned<String>,
    /// Capturers that stay as they are (and promote as usual).
    #[serde(default)]
    pub except: Vec<Spanned<String>>,
    /// `"NAME=VALUE"`: the rule holds only with that option value.
    pub when: Option<Spanned<String>>,
}
