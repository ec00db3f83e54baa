//! ffish.js's `Board`: a game of a variant, its moves in Fairy-Stockfish's
//! UCI and its positions in Fairy-Stockfish's FEN.

use std::sync::Arc;

use chimera::fsf;
use chimera::game::Game;
use chimera::{Color, Move};
use wasm_bindgen::prelude::*;

use crate::js;

/// A game of a variant, as ffish.js's `Board`.
#[wasm_bindgen]
pub struct Board {
    pub(crate) name: String,
    /// Castling is Chess960's (`is960`).
    pub(crate) chess960: bool,
    pub(crate) game: Game,
    /// (legal move, its ffish text) of the current position, when known.
    pub(crate) legal: Option<Vec<(Move, String)>>,
}

#[wasm_bindgen]
impl Board {
    /// `new Board(variant, fen, is960)`: the variant's start position, or
    /// `fen` (empty: the start). `variant` defaults to `chess`. With
    /// `is960`, castling is Chess960's: the king takes its own rook
    /// (`e1h1`), the castling field names the rooks' files (`HAha`), for
    /// any variant that castles.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: Option<String>, fen: Option<String>, is960: Option<bool>) -> Result<Board, JsError> {
        let name = fsf::ffish_variant(variant.as_deref().unwrap_or("")).to_string();
        let chess960 = is960.unwrap_or(false);
        let v = fsf::variant_as(&name, chess960).map_err(js)?;
        let pos = fsf::read_position(&v, fen.as_deref().unwrap_or("")).map_err(js)?;
        Ok(Board {
            name,
            chess960,
            game: Game::new(pos),
            legal: None,
        })
    }

    fn legal(&mut self) -> &[(Move, String)] {
        if self.legal.is_none() {
            self.legal = Some(fsf::legal_moves(&mut self.game));
        }
        self.legal.as_deref().unwrap_or(&[])
    }

    /// The legal moves, UCI, separated by spaces.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&mut self) -> String {
        let texts: Vec<&str> = self.legal().iter().map(|(_, t)| t.as_str()).collect();
        texts.join(" ")
    }

    /// How many legal moves there are.
    #[wasm_bindgen(js_name = numberLegalMoves)]
    pub fn number_legal_moves(&mut self) -> u32 {
        self.legal().len() as u32
    }

    pub(crate) fn find(&mut self, uci: &str) -> Option<Move> {
        self.legal();
        fsf::find_move(&mut self.game, self.legal.as_deref().unwrap_or(&[]), uci)
    }

    /// Plays a legal move (UCI); false, and nothing played, if it is not one.
    pub fn push(&mut self, uci: &str) -> bool {
        match self.find(uci) {
            Some(m) => {
                self.game.play(m);
                self.legal = None;
                true
            }
            None => false,
        }
    }

    /// Plays moves separated by spaces, up to the first that is not legal;
    /// false if one was not.
    #[wasm_bindgen(js_name = pushMoves)]
    pub fn push_moves(&mut self, ucis: &str) -> bool {
        ucis.split_whitespace().all(|m| self.push(m))
    }

    /// The legal moves in SAN (ffish.js writes them in SAN whatever the
    /// variant; so does this), separated by spaces.
    #[wasm_bindgen(js_name = legalMovesSan)]
    pub fn legal_moves_san(&mut self) -> String {
        let moves: Vec<Move> = self.legal().iter().map(|(m, _)| *m).collect();
        let texts: Vec<String> = moves
            .iter()
            .map(|m| fsf::san(&mut self.game, m, fsf::Algebraic::San))
            .collect();
        texts.join(" ")
    }

    /// A legal move (UCI) in algebraic notation: `notation` as ffish.js's
    /// `Notation` (absent: SAN; `DEFAULT` (0): the rules file's
    /// `[text] algebraic`; `SAN` (1); `SHOGI_HODGES_NUMBER` (5)); empty if the
    /// move is not legal.
    #[wasm_bindgen(js_name = sanMove)]
    pub fn san_move(&mut self, uci: &str, notation: Option<i32>) -> Result<String, JsError> {
        let n = self.notation(notation)?;
        Ok(match self.find(uci) {
            Some(m) => fsf::san(&mut self.game, &m, n),
            None => String::new(),
        })
    }

    /// Plays the legal move whose algebraic text (see `sanMove`) is `san`;
    /// false, and nothing played, if none is.
    #[wasm_bindgen(js_name = pushSan)]
    pub fn push_san(&mut self, san: &str, notation: Option<i32>) -> Result<bool, JsError> {
        let n = self.notation(notation)?;
        self.legal();
        let legal = self.legal.as_deref().unwrap_or(&[]);
        Ok(match fsf::find_san(&mut self.game, legal, san, n) {
            Some(m) => {
                self.game.play(m);
                self.legal = None;
                true
            }
            None => false,
        })
    }

    /// Plays algebraic moves separated by spaces, up to the first that is
    /// not legal; false if one was not.
    #[wasm_bindgen(js_name = pushSanMoves)]
    pub fn push_san_moves(&mut self, sans: &str, notation: Option<i32>) -> Result<bool, JsError> {
        for san in sans.split_whitespace() {
            if !self.push_san(san, notation)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// UCI moves from the current position written in algebraic notation,
    /// with move numbers unless `moveNumbers` is false (`1. e4 e5 2. Nf3`,
    /// `1...e5` when the second side starts); empty if a move is not legal.
    /// The board is left as it was.
    #[wasm_bindgen(js_name = variationSan)]
    pub fn variation_san(
        &mut self,
        ucis: &str,
        notation: Option<i32>,
        move_numbers: Option<bool>,
    ) -> Result<String, JsError> {
        let n = self.notation(notation)?;
        let moves: Vec<&str> = ucis.split_whitespace().collect();
        Ok(fsf::variation_san(&self.game, &moves, n, move_numbers.unwrap_or(true)).unwrap_or_default())
    }

    /// ffish.js's `Notation` number (absent: SAN) as the notation it
    /// stands for in the board's variant.
    fn notation(&self, notation: Option<i32>) -> Result<fsf::Algebraic, JsError> {
        fsf::notation(self.game.variant(), notation.unwrap_or(fsf::NOTATION_SAN)).map_err(js)
    }

    /// Whether the royal pieces face each other where the rules end the
    /// game by it (janggi's bikjang: `[end] royals_facing`).
    #[wasm_bindgen(js_name = isBikjang)]
    pub fn is_bikjang(&self) -> bool {
        self.game.position().royals_facing_by_rule()
    }

    /// Whether a side (`true`: the first) has nothing but royal pieces and
    /// no hand: narrower than ffish.js, which knows more material draws.
    #[wasm_bindgen(js_name = hasInsufficientMaterial)]
    pub fn has_insufficient_material(&self, turn: bool) -> bool {
        let (first, second) = fsf::has_insufficient_material(self.game.position());
        if turn { first } else { second }
    }

    /// Whether both sides have insufficient material (as above).
    #[wasm_bindgen(js_name = isInsufficientMaterial)]
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(true) && self.has_insufficient_material(false)
    }

    /// The board drawn in boxes as Fairy-Stockfish's `d` command draws it,
    /// then the position (`Fen:`, `Sfen:`, `Key:`, `Checkers:`); the key
    /// is chimera's hash, not Fairy-Stockfish's.
    #[wasm_bindgen(js_name = toVerboseString)]
    pub fn to_verbose_string(&self) -> String {
        fsf::verbose_text(self.game.position())
    }

    /// Whether castling is Chess960's (`new Board(variant, fen, true)`).
    #[wasm_bindgen(js_name = is960)]
    pub fn is_960(&self) -> bool {
        self.chess960
    }

    /// The pieces in a side's hand (`true`: the first side), lower case,
    /// one letter per piece, in the rules file's piece order (`qrbnp`).
    pub fn pocket(&self, turn: bool) -> String {
        let pos = self.game.position();
        let v = pos.variant();
        let color = if turn { Color::First } else { Color::Second };
        let mut out = String::new();
        for k in v.kinds() {
            let letter = v.piece(k).symbol().trim_start_matches('+').to_lowercase();
            for _ in 0..pos.hand(color, k) {
                out.push_str(&letter);
            }
        }
        out
    }

    /// The squares of the side to move's royal pieces that are in check,
    /// separated by spaces (empty when not in check).
    #[wasm_bindgen(js_name = checkedPieces)]
    pub fn checked_pieces(&self) -> String {
        let pos = self.game.position();
        let v = pos.variant();
        let squares: Vec<String> = pos
            .checked_royals(pos.side_to_move())
            .into_iter()
            .map(|s| v.square_name(s))
            .collect();
        squares.join(" ")
    }

    /// Takes back the last move.
    pub fn pop(&mut self) {
        if self.game.undo() {
            self.legal = None;
        }
    }

    /// Back to the variant's start position (as ffish.js: not the
    /// position the board was made with or last set).
    pub fn reset(&mut self) -> Result<(), JsError> {
        self.set_fen("")
    }

    /// The position as Fairy-Stockfish writes it; `showPromoted` writes a
    /// promoted piece with its `~` (makruk's `M~`), `countStarted` a
    /// running count from that ply (as pyffish's `get_fen`).
    pub fn fen(&self, show_promoted: Option<bool>, count_started: Option<i32>) -> String {
        fsf::fen_with(
            self.game.position(),
            show_promoted.unwrap_or(false),
            count_started.unwrap_or(0),
        )
    }

    /// Sets the position (the moves played are forgotten).
    #[wasm_bindgen(js_name = setFen)]
    pub fn set_fen(&mut self, fen: &str) -> Result<(), JsError> {
        let v = Arc::clone(self.game.variant());
        let pos = fsf::read_position(&v, fen).map_err(js)?;
        self.game = Game::new(pos);
        self.legal = None;
        Ok(())
    }

    /// True when the first side (White) is to move.
    pub fn turn(&self) -> bool {
        self.game.position().side_to_move() == Color::First
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        fsf::gives_check(self.game.position())
    }

    /// Whether a legal move (UCI) captures.
    #[wasm_bindgen(js_name = isCapture)]
    pub fn is_capture(&mut self, uci: &str) -> bool {
        self.find(uci).is_some_and(|m| fsf::is_capture(&m))
    }

    /// Whether the game is over: a rule has ended it, no legal move,
    /// neither side can win (Fairy-Stockfish's insufficient material), or,
    /// with `claimDraw`, a draw may be claimed (a repetition, the
    /// fifty-move rule, counting).
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&mut self, claim_draw: Option<bool>) -> bool {
        fsf::result_text(&mut self.game, claim_draw.unwrap_or(false)) != "*"
    }

    /// `1-0` (the first side won), `0-1`, `1/2-1/2`, or `*` (not over;
    /// a claimable draw only with `claimDraw`).
    pub fn result(&mut self, claim_draw: Option<bool>) -> String {
        fsf::result_text(&mut self.game, claim_draw.unwrap_or(false)).to_string()
    }

    /// Why the game ended (`checkmate`, `stalemate`, …), empty if not over.
    #[wasm_bindgen(js_name = resultReason)]
    pub fn result_reason(&mut self) -> String {
        let v = Arc::clone(self.game.variant());
        self.game.result().map(|r| r.describe(&v)).unwrap_or_default()
    }

    /// The moves played, UCI, separated by spaces.
    #[wasm_bindgen(js_name = moveStack)]
    pub fn move_stack(&self) -> String {
        fsf::move_stack(&self.game).join(" ")
    }

    /// Plies played since the board's start position.
    #[wasm_bindgen(js_name = gamePly)]
    pub fn game_ply(&self) -> u32 {
        self.game.moves().len() as u32
    }

    /// The move number the position text gives.
    #[wasm_bindgen(js_name = fullmoveNumber)]
    pub fn fullmove_number(&self) -> u32 {
        fsf::move_number(self.game.position())
    }

    /// Plies since the last capture or pawn move.
    #[wasm_bindgen(js_name = halfmoveClock)]
    pub fn halfmove_clock(&self) -> u32 {
        self.game.position().halfmove_clock()
    }

    /// The variant's name, as the board was made with.
    pub fn variant(&self) -> String {
        self.name.clone()
    }

    /// The board as ffish.js writes it: a rank a line, the pieces' letters
    /// and `.` for an empty square, separated by spaces.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        fsf::board_text(self.game.position())
    }

    /// Frees the board (ffish.js's name for wasm-bindgen's `free`).
    pub fn delete(self) {}
}
