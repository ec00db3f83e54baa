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
    "play_match",
]


def play_game(variant, first=None, second=None, *, start=None, max_plies=400, depth=3, movetime=None, seed=None):
    """Plays one game with chimera's engine (or a random mover) on both sides.

    ``first``/``second``: ``"engine"`` (the default), ``"random"``, or a
    callable taking a ``Position`` and returning a ``Move``. ``variant``: a
    ``Variant`` or a bundled name. Returns a dict: ``moves`` (UCI texts),
    ``result`` (``Position.result()``, or a draw by move limit after
    ``max_plies``), ``plies``. Players described as ``Variant.play`` takes
    them (an external engine ``"uci:PATH"``, ``"usi:PATH"``,
    ``"xboard:PATH"``, or ``"engine:…"``), both of them strings, play the
    game through ``Variant.play`` (its dict; Ctrl-C stops it).
    """
    import random

    if isinstance(variant, str):
        variant = Variant.bundled(variant)
    players = [first or "engine", second or "engine"]
    for p in players:
        if not (callable(p) or p in ("engine", "random") or (isinstance(p, str) and ":" in p)):
            raise ValueError(
                f"player {p!r}: give \"engine\", \"random\", a callable taking a Position, "
                f"or an external engine as \"uci:PATH\", \"usi:PATH\" or \"xboard:PATH\" "
                f"(e.g. \"uci:/usr/games/stockfish\")"
            )
    if any(isinstance(p, str) and ":" in p for p in players):
        if not all(isinstance(p, str) for p in players):
            raise ValueError("an external engine or engine:… plays against another described player, not a callable")
        extra = {} if seed is None else {"seed": seed}
        return variant.play(*players, start=start, max_plies=max_plies, depth=depth, movetime=movetime, **extra)
    pos = variant.position(start) if start else variant.start()
    rng = random.Random(seed)
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


def play_match(variant, a, b, games=2, **play):
    """A match of ``games`` games between players ``a`` and ``b`` (each as
    ``Variant.play`` takes them: ``"engine[:…]"``, ``"random"``,
    ``"uci:PATH"``, ``"usi:PATH"``, ``"xboard:PATH"``), taking turns to move
    first, as ``chimera match`` does. ``variant``: a ``Variant`` or a bundled
    name; other keywords go to ``Variant.play`` (``tc``, ``max_plies``,
    ``movetime``, ``start`` …). Returns a dict: ``a``, ``b`` (points: 1 a
    win, ½ a draw), ``draws``, ``games`` (each game's dict from
    ``Variant.play``, with ``first``, the player who moved first).
    """
    if isinstance(variant, str):
        variant = Variant.bundled(variant)
    seed = play.pop("seed", 1)
    start = play.get("start")
    # The side that moves first in every game of the match.
    opener = (variant.position(start) if start else variant.start()).side_to_move
    score = {"a": 0.0, "b": 0.0, "draws": 0, "games": []}
    for i in range(games):
        first, second = (a, b) if i % 2 == 0 else (b, a)
        game = variant.play(first, second, seed=seed + i, **play)
        game["first"] = "a" if i % 2 == 0 else "b"
        result = game["result"]
        winner = result and result["winner"]
        if result is None or winner is None:
            score["a"] += 0.5
            score["b"] += 0.5
            score["draws"] += 1
        else:
            # The winner is named by side; the first side is the one that moved first.
            first_won = winner == opener
            won = game["first"] if first_won else ("b" if game["first"] == "a" else "a")
            score[won] += 1.0
        score["games"].append(game)
    return score
