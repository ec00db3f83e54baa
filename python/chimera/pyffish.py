"""Fairy-Stockfish's Python interface (pyffish) over chimera's variants.

A program written for pyffish switches by changing its import::

    import chimera.pyffish as sf
    sf.legal_moves("shogi", sf.start_fen("shogi"), [])

Same names, arguments and meanings: a variant name, a FEN and a list of UCI
moves in; UCI moves, FEN, booleans and scores (for the side to move,
``VALUE_MATE`` = 32000) out. The variants are chimera's bundled rules files
(Fairy-Stockfish's variants under Fairy-Stockfish's names, and chimera's
own: ``chu-shogi``, ``ko-shogi``, ``kozune``, …) and any loaded with
``load_variant_config``: Fairy-Stockfish's variants.ini text, as pyffish's,
or a chimera rules file (its path or its TOML text).

Fairy-Stockfish's own test suite for pyffish (test.py) runs unchanged
through ``from chimera.pyffish import *``: every method to its end, 640 of
its 644 assertions (docs/python.md says which four and why). Where chimera
differs (each function's docstring says more):

- ``is_optional_game_end``: chimera's rules end the game by repetition, the
  fifty-move rule or counting by themselves; this reports them as pyffish
  does (a claimable end);
- a chimera-only move that captures elsewhere than on its destination
  (lion moves, igui, shots) has no UCI spelling: it is written in chimera's
  canonical notation (``j9-j14xj10xj11``), which every function reads back;
- a FEN whose rank has more squares than the board is refused (pyffish
  accepts the last rank's);
- ``has_insufficient_material`` of chimera's own variants only knows a
  bare royal piece (Fairy-Stockfish's rule for Fairy-Stockfish's variants).
"""

from ._native import (  # noqa: F401
    Error as error,
    captures_to_hand,
    game_result,
    get_fen,
    get_fog_fen,
    get_san,
    get_san_moves,
    gives_check,
    has_insufficient_material,
    info,
    is_capture,
    is_immediate_game_end,
    is_optional_game_end,
    legal_moves,
    load_variant_config,
    piece_to_partner,
    set_option,
    start_fen,
    two_boards,
    validate_fen,
    variants,
    version,
)

VALUE_MATE = 32000
VALUE_DRAW = 0

NOTATION_DEFAULT = 0
NOTATION_SAN = 1
NOTATION_LAN = 2
NOTATION_SHOGI_HOSKING = 3
NOTATION_SHOGI_HODGES = 4
NOTATION_SHOGI_HODGES_NUMBER = 5
NOTATION_JANGGI = 6
NOTATION_XIANGQI_WXF = 7
NOTATION_THAI_SAN = 8
NOTATION_THAI_LAN = 9

FEN_OK = 1
FEN_INVALID_PROMOTED_PIECE = -12
