//! The variants shipped in `variants/`, compiled into the binary: the
//! protocols (`chimera uci`, …) offer them when no rules file is given.

/// (file name without `.toml`, rules text), sorted by name.
pub const VARIANTS: &[(&str, &str)] = &[
    ("3check", include_str!("../variants/3check.toml")),
    ("antichess", include_str!("../variants/antichess.toml")),
    ("atomic", include_str!("../variants/atomic.toml")),
    ("capablanca", include_str!("../variants/capablanca.toml")),
    ("chess", include_str!("../variants/chess.toml")),
    ("chessgi", include_str!("../variants/chessgi.toml")),
    ("chu-shogi", include_str!("../variants/chu-shogi.toml")),
    ("courier", include_str!("../variants/courier.toml")),
    ("crazyhouse", include_str!("../variants/crazyhouse.toml")),
    ("dai-dai-shogi", include_str!("../variants/dai-dai-shogi.toml")),
    ("dai-shogi", include_str!("../variants/dai-shogi.toml")),
    ("dobutsu", include_str!("../variants/dobutsu.toml")),
    ("euroshogi", include_str!("../variants/euroshogi.toml")),
    ("grand", include_str!("../variants/grand.toml")),
    ("horde", include_str!("../variants/horde.toml")),
    ("janggi", include_str!("../variants/janggi.toml")),
    ("judkins", include_str!("../variants/judkins.toml")),
    ("kingofthehill", include_str!("../variants/kingofthehill.toml")),
    ("ko-shogi", include_str!("../variants/ko-shogi.toml")),
    ("kozune", include_str!("../variants/kozune.toml")),
    ("kyotoshogi", include_str!("../variants/kyotoshogi.toml")),
    ("losers", include_str!("../variants/losers.toml")),
    (
        "maka-dai-dai-shogi",
        include_str!("../variants/maka-dai-dai-shogi.toml"),
    ),
    ("makruk", include_str!("../variants/makruk.toml")),
    ("minishogi", include_str!("../variants/minishogi.toml")),
    ("placement", include_str!("../variants/placement.toml")),
    (
        "pocket-shogi-copper",
        include_str!("../variants/pocket-shogi-copper.toml"),
    ),
    ("racingkings", include_str!("../variants/racingkings.toml")),
    ("seirawan", include_str!("../variants/seirawan.toml")),
    ("shako", include_str!("../variants/shako.toml")),
    ("shatranj", include_str!("../variants/shatranj.toml")),
    ("sho-shogi", include_str!("../variants/sho-shogi.toml")),
    ("shogi", include_str!("../variants/shogi.toml")),
    ("sittuyin", include_str!("../variants/sittuyin.toml")),
    ("tai-shogi", include_str!("../variants/tai-shogi.toml")),
    ("taikyoku-shogi", include_str!("../variants/taikyoku-shogi.toml")),
    ("tenjiku-shogi", include_str!("../variants/tenjiku-shogi.toml")),
    ("torishogi", include_str!("../variants/torishogi.toml")),
    ("wa-shogi", include_str!("../variants/wa-shogi.toml")),
    ("wwii-chess", include_str!("../variants/wwii-chess.toml")),
    ("xiangqi", include_str!("../variants/xiangqi.toml")),
];

/// The engine weights files in `variants/weights/`, by the name a rules file
/// in `variants/` gives them (`[engine] weights`): a bundled rules file is
/// compiled from text, with no folder to find its weights file in, so it
/// finds them here.
pub const WEIGHTS: &[(&str, &str)] = &[(
    "weights/kozune.weights.toml",
    include_str!("../variants/weights/kozune.weights.toml"),
)];
