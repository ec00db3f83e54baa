#!/usr/bin/env python3
"""Xiangqi repetitions judged by chimera and by Fairy-Stockfish (pyffish).

From random middlegames, each side picks a move — preferring chariot,
cannon, horse, elephant and advisor moves that attack an enemy piece — and
the two moves and their reverses are repeated until Fairy-Stockfish ends the
game (by repetition, perpetual check or perpetual chase). chimera replays the
same moves (`chimera replay --json`) and must reach the same result.

Usage:
    chasing.py CHIMERA XIANGQI.toml [--cycles N] [--seed S] [--variant NAME --ini FILE]

`--variant` names another pyffish variant with xiangqi's pieces and chasing
rule (e.g. an imported section of a variants.ini, loaded with `--ini`).

Exits 1 on any disagreement, 3 when pyffish is not installed.
"""

import json
import os
import random
import re
import subprocess
import sys
import tempfile

VARIANT = "xiangqi"


def die(msg, code):
    print(msg)
    sys.exit(code)


def squares(move):
    return re.findall(r"[a-i]\d+", move)


def piece_at(board, sq):
    """The FEN letter on `sq` of a xiangqi board field, or None."""
    rows = board.split("/")
    f, r = ord(sq[0]) - 97, int(sq[1:])
    i = 0
    for ch in rows[len(rows) - r]:
        if ch.isdigit():
            i += int(ch)
        else:
            if i == f:
                return ch
            i += 1
    return None


def main():
    try:
        import pyffish as sf
    except ImportError:
        die("skip: pyffish is not installed (pip install pyffish)", 3)
    args = sys.argv[1:]
    if len(args) < 2:
        die(__doc__, 2)
    chimera, rules = args[0], os.path.abspath(args[1])
    opts = dict(zip(args[2::2], args[3::2]))
    cycles = int(opts.get("--cycles", 100))
    rng = random.Random(int(opts.get("--seed", 1)))
    global VARIANT
    VARIANT = opts.get("--variant", "xiangqi")
    if "--ini" in opts:
        with open(opts["--ini"]) as f:
            sf.load_variant_config(f.read())
    start = sf.start_fen(VARIANT)

    def threatens(fen, before, m):
        """After `m`, could the moved piece take something next move?"""
        f2 = sf.get_fen(VARIANT, fen, before + [m]).split()
        f2[1] = "b" if f2[1] == "w" else "w"
        try:
            replies = sf.legal_moves(VARIANT, " ".join(f2), [])
        except Exception:
            return False
        to = squares(m)[1]
        return any(squares(n)[0] == to and piece_at(f2[0], squares(n)[1]) for n in replies)

    def verdict(fen, moves):
        end, value = sf.is_optional_game_end(VARIANT, fen, moves)
        if not end:
            return None
        first_to_move = (fen.split()[1] == "w") == (len(moves) % 2 == 0)
        if value == 0:
            return "draw"
        return "first" if (value > 0) == first_to_move else "second"

    judged = agree = decisive = 0
    for _ in range(cycles):
        moves = []
        for _ in range(rng.randint(10, 40)):
            legal = sf.legal_moves(VARIANT, start, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        fen = sf.get_fen(VARIANT, start, moves)
        pair = []
        for _ in range(2):
            legal = sf.legal_moves(VARIANT, fen, pair)
            if not legal:
                break
            board = sf.get_fen(VARIANT, fen, pair).split()[0]
            strong = [m for m in legal if (piece_at(board, squares(m)[0]) or "?").lower() in "rcnba"]
            hot = [m for m in strong if threatens(fen, pair, m)]
            pair.append(rng.choice(hot or strong or legal))
        if len(pair) < 2:
            continue
        a, b = pair
        back = lambda m: "".join(reversed(squares(m)))
        played, expected = [], None
        for m in [a, b, back(a), back(b)] * 3:
            if m not in sf.legal_moves(VARIANT, fen, played):
                break
            played.append(m)
            expected = verdict(fen, played)
            if expected is not None:
                break
        if expected is None:
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
            f.write(f'[VariantFile "{rules}"]\n[Start "{fen}"]\n\n{" ".join(played)}\n')
            record = f.name
        out = subprocess.run([chimera, "replay", record, "--notation", "uci", "--json"], capture_output=True, text=True)
        os.unlink(record)
        lines = [json.loads(x) for x in out.stdout.splitlines() if x.startswith("{")]
        result = lines[-1].get("result", "") if lines else out.stderr.strip()
        mine = "draw" if result.startswith("draw") else "first" if result.startswith(("red", "white")) else "second" if result.startswith("black") else result
        judged += 1
        if expected != "draw":
            decisive += 1
        if mine == expected:
            agree += 1
        else:
            print(f"DIFFER from {fen} after {' '.join(played)}: Fairy-Stockfish {expected}, chimera {result}")
    print(f"{VARIANT} repetitions: {agree}/{judged} agree ({decisive} decisive)")
    sys.exit(0 if agree == judged else 1)


if __name__ == "__main__":
    main()
