"""A bounded fuzz of the Python package's entry points (issue 45: "a bounded
fuzz of the Python and WebAssembly entry points in the default run"; the
WebAssembly one is in wasm/tests/api.mjs): every pyffish function and the
object API's calls, each argument in turn replaced by odd values — None,
numbers past every counter, NaN, strings empty, long, with a NUL byte,
containers, objects. A call may raise TypeError, ValueError (chimera.Error
is one) or OverflowError; anything else — a panic reaching Python
(pyo3's PanicException is no Exception), another error, the interpreter
dying — fails. Bounded: a few thousand calls, a few seconds.
"""

import math

import pytest

import chimera
import chimera.pyffish as sf

FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
ODD = [
    None, 0, -1, 1.5, math.nan, math.inf, 2**64, -(2**63), True,
    "", "x", "e2e4", "\x00", "é" * 3, "x" * 100_000, "[" * 10_000,
    {}, [], [1], ["e2e4", None], ["e2e4"] * 3, object(),
]
ALLOWED = (TypeError, ValueError, OverflowError)

# pyffish's functions with arguments that work; each replaced in turn.
PYFFISH = {
    "start_fen": ["chess"],
    "captures_to_hand": ["crazyhouse"],
    "two_boards": ["bughouse"],
    "validate_fen": [FEN, "chess", False],
    "legal_moves": ["chess", FEN, ["e2e4"], False],
    "get_fen": ["chess", FEN, ["e2e4"], False, False, False, 0],
    "get_fog_fen": [FEN, "chess", False],
    "get_san": ["chess", FEN, "e2e4", False, 0],
    "get_san_moves": ["chess", FEN, ["e2e4", "e7e5"], False, 0],
    "gives_check": ["chess", FEN, ["e2e4"], False],
    "is_capture": ["chess", FEN, [], "e2e4", False],
    "piece_to_partner": ["bughouse", FEN, [], False],
    "game_result": ["chess", FEN, [], False],
    "is_immediate_game_end": ["chess", FEN, [], False],
    "is_optional_game_end": ["chess", FEN, [], False, 0],
    "has_insufficient_material": ["chess", FEN, [], False],
    "set_option": ["Threads", "1"],
}


def calls():
    for name, base in PYFFISH.items():
        for i in range(len(base)):
            yield name, i, getattr(sf, name), base


def attempt(f, args):
    try:
        f(*args)
    except ALLOWED:
        pass


@pytest.mark.parametrize("name,i,f,base", list(calls()), ids=lambda x: x if isinstance(x, (str, int)) else "")
def test_pyffish_takes_odd_arguments(name, i, f, base):
    for odd in ODD:
        args = list(base)
        args[i] = odd
        attempt(f, args)
    # Still answering.
    assert len(sf.legal_moves("chess", FEN, [])) == 20


def test_the_object_api_takes_odd_arguments():
    chess = chimera.Variant.bundled("chess")
    for odd in ODD:
        attempt(chimera.Variant.bundled, [odd])
        attempt(chimera.Variant.from_text, [odd])
        attempt(chimera.Variant.from_text, ["[variant]\nname = 'x'\n", odd])
        attempt(chess.position, [odd])
        pos = chess.start()
        attempt(pos.make, [odd])
        attempt(pos.move_text, [odd])
        attempt(pos.move_text, ["e2e4", odd])
        # Depths: every odd one is refused or tiny (perft(True) is perft(1)).
        attempt(pos.perft, [odd])
        attempt(pos.perft, [1, odd])
        attempt(pos.perft_prefixes, [odd])
        attempt(pos.best_move, [1, odd])
        assert pos.text == FEN or pos.ply == 1
    assert chess.start().perft(2) == 400
