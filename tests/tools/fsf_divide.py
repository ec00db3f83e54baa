#!/usr/bin/env python3
"""Finds where chimera's and Fairy-Stockfish's perft differ: descends into the
first move whose subtree counts differ until it reaches a position whose
legal move lists differ, and prints that position and the moves in question.

Usage:
    fsf_divide.py CHIMERA RULES.toml VARIANT "FEN" DEPTH
"""

import json
import os
import subprocess
import sys

import pyffish as sf

BINARY = os.environ.get("FSF_BINARY", "/usr/games/fairy-stockfish")


def fsf_divide(variant, fen, moves, depth):
    cmds = f"uci\nsetoption name UCI_Variant value {variant}\nposition fen {fen} moves {' '.join(moves)}\ngo perft {depth}\nquit\n"
    out = subprocess.run([BINARY], input=cmds, capture_output=True, text=True).stdout
    res = {}
    for line in out.splitlines():
        if ": " in line and not line.startswith(("option", "id ", "Nodes", "info")):
            m, n = line.split(": ")
            if n.strip().isdigit():
                res[m.strip()] = int(n)
    return res


def chimera_divide(chimera, rules, fen, moves, depth):
    args = [chimera, "perft", rules, "--position", fen, "--depth", str(depth), "--divide", "--json", "--lenient"]
    if moves:
        args += ["--moves", " ".join(moves)]
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(out.stderr)
    res = {}
    for line in out.stdout.splitlines():
        d = json.loads(line)
        if "move" in d:
            res[d["move"]] = d["nodes"]
    return res


def chimera_uci(chimera, rules, fen, moves):
    args = [chimera, "moves", rules, "--position", fen, "--notation", "uci", "--json", "--lenient"]
    if moves:
        args += ["--moves", " ".join(moves)]
    out = subprocess.run(args, capture_output=True, text=True)
    return json.loads(out.stdout)["moves"]


def norm(m):
    return m[:-1] if len(m) >= 2 and m[-2] == "+" and m[-1].isalpha() else m


def main():
    chimera, rules, variant, fen, depth = sys.argv[1:6]
    depth = int(depth)
    moves = []
    while True:
        mine = sorted(norm(m) for m in chimera_uci(chimera, rules, fen, moves))
        theirs = sorted(sf.legal_moves(variant, fen, moves))
        if mine != theirs:
            print("position:", sf.get_fen(variant, fen, moves), "after", " ".join(moves))
            print("only Fairy-Stockfish:", sorted(set(theirs) - set(mine)))
            print("only chimera:", sorted(set(mine) - set(theirs)))
            return
        if depth <= 1:
            print("same moves at", sf.get_fen(variant, fen, moves))
            return
        f = fsf_divide(variant, fen, moves, depth)
        # chimera's divide is in canonical notation: compare through UCI lists
        diff = None
        for m in theirs:
            n_f = f.get(m)
            sub = chimera_divide(chimera, rules, fen, moves + [m], depth - 1)
            n_c = sum(sub.values()) if depth - 1 > 0 else 1
            if n_f != n_c:
                diff = m
                break
        if diff is None:
            print("no differing move found")
            return
        moves.append(diff)
        depth -= 1


if __name__ == "__main__":
    main()
