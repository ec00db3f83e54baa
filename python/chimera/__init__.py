"""chimera: chess and shogi variants defined in rules files.

Two faces:

- ``chimera.pyffish``: Fairy-Stockfish's Python interface (pyffish) — the
  same functions, arguments and meanings — over chimera's variants
  (``import chimera.pyffish as sf``);
- the object API: ``Variant``, ``Position``, ``Move``.

``chimera.distributed`` (the ``[ray]`` extra) runs perft and self-play on a
Ray cluster. docs/python.md in the repository has the whole API.
"""

from ._native import (  # noqa: F401
    Error,
    MoveError,
    Move,
    Position,
    PositionTextError,
    RulesError,
    Variant,
)
from . import _native

__version__ = ".".join(str(n) for n in _native.version())

__all__ = [
    "Error",
    "Move",
    "MoveError",
    "Position",
    "PositionTextError",
    "RulesError",
    "Variant",
    "play_game",
]


def play_game(variant, first=None, second=None, *, start=None, max_plies=400, depth=3, movetime=None, seed=None):
    """Plays one game with chimera's engine (or a random mover) on both sides.

    ``first``/``second``: ``"engine"`` (the default), ``"random"``, or a
    callable taking a ``Position`` and returning a ``Move``. ``variant``: a
    ``Variant`` or a bundled name. Returns a dict: ``moves`` (UCI texts),
    ``result`` (``Position.result()``, or a draw by move limit after
    ``max_plies``), ``plies``.
    """
    import random

    if isinstance(variant, str):
        variant = Variant.bundled(variant)
    pos = variant.position(start) if start else variant.start()
    rng = random.Random(seed)
    players = [first or "engine", second or "engine"]
    moves = []
    while True:
        result = pos.result()
        if result is not None:
            break
        if len(moves) >= max_plies:
            result = {"winner": None, "reason": "move_limit", "text": "draw by move limit"}
            break
        player = players[len(moves) % 2]
        if player == "random":
            m = rng.choice(pos.legal_moves())
        elif player == "engine":
            found = pos.best_move(depth=depth, movetime=movetime)
            m = found["move"]
        else:
            m = player(pos)
        moves.append(m.uci if isinstance(m, Move) else str(m))
        pos.make(m)
    return {"moves": moves, "result": result, "plies": len(moves)}
