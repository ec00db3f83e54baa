#!/usr/bin/env python3
"""Judges chimera's moves in recorded games with Fairy-Stockfish.

    chimera match variants/shogi.toml --a engine:movetime=1000 \
        --b uci:/usr/games/fairy-stockfish,movetime=250 --record games.pgn
    python3 tests/tools/fsf_judge.py games.pgn shogi --movetime 500

For each of chimera's moves (the player whose tag starts with `engine`),
Fairy-Stockfish scores the position before the move (chimera to move) and
after it (Fairy-Stockfish's side to move); the drop is what the move lost in
Fairy-Stockfish's eyes (its own best moves show some drop too: the side to
move's bias). Moves losing at least --threshold centipawns are marked.
Games must start from the variant's start (openings made of moves, as
`--random-plies` makes them); moves are read in chimera's canonical notation
and sent as UCI (`P*e5` as `P@e5`, `=+B` as `+`).
"""
import argparse
import re
import subprocess

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("records")
ap.add_argument("variant", help="Fairy-Stockfish's UCI_Variant name")
ap.add_argument("--movetime", type=int, default=500, help="ms per position (default 500)")
ap.add_argument("--threshold", type=int, default=200, help="centipawns that mark a move (default 200)")
ap.add_argument("--all", action="store_true", help="every game, not only those chimera lost")
ap.add_argument("--from-ply", type=int, default=8, help="skip the opening's plies (default 8)")
ap.add_argument("--fsf", default="/usr/games/fairy-stockfish")
ap.add_argument("--first", help="the first player's side name in results (black in shogi, white in chess)")
args = ap.parse_args()


def read_games(path):
    games, tags, moves = [], {}, []
    for line in open(path):
        line = line.strip()
        m = re.match(r'\[(\w+) "(.*)"\]', line)
        if m:
            if moves:
                games.append((tags, moves))
                tags, moves = {}, []
            tags[m.group(1)] = m.group(2)
            continue
        for tok in line.split():
            if re.match(r"^\d+\.$", tok) or tok in ("1-0", "0-1", "1/2-1/2", "*"):
                continue
            tok = tok.replace("*", "@")
            tok = re.sub(r"=\+\w$", "+", tok)
            tok = re.sub(r"=\w$", "", tok)
            moves.append(tok)
    if tags:
        games.append((tags, moves))
    return games


fsf = subprocess.Popen([args.fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def send(s):
    fsf.stdin.write(s + "\n")


def until(token):
    lines = []
    while True:
        line = fsf.stdout.readline()
        if not line:
            raise SystemExit("Fairy-Stockfish stopped")
        lines.append(line)
        if line.startswith(token):
            return lines


def score(moves):
    send("position startpos moves " + " ".join(moves))
    send(f"go movetime {args.movetime}")
    lines = until("bestmove")
    s = None
    for line in lines:
        m = re.search(r"score (cp|mate) (-?\d+)", line)
        if m:
            v = int(m.group(2))
            s = v if m.group(1) == "cp" else (30000 if v > 0 else -30000)
    return s, lines[-1].split()[1]


send("uci")
until("uciok")
send(f"setoption name UCI_Variant value {args.variant}")
send("isready")
until("readyok")
for tags, moves in read_games(args.records):
    me = 0 if tags.get("First", "").startswith("engine") else 1
    result = tags.get("Result", "")
    # Who lost: by --first's side name, else, after a checkmate, the side
    # that did not make the last move.
    winner = re.match(r"(\w+) wins", result)
    if winner and args.first:
        lost = (winner.group(1) == args.first) == (me == 1)
    elif winner and "checkmate" in result:
        lost = (len(moves) - 1) % 2 != me
    else:
        lost = False
    if not args.all and not lost:
        continue
    print(f"round {tags.get('Round', '?')}: chimera plays {'first' if me == 0 else 'second'}; {result}; {len(moves)} plies", flush=True)
    for k in range(me, len(moves), 2):
        if k < args.from_ply:
            continue
        before, best = score(moves[:k])
        after, _ = score(moves[: k + 1])
        if before is None or after is None:
            continue
        drop = before + after
        mark = " <==" if drop >= args.threshold else ""
        print(f"  ply {k + 1}: chimera {moves[k]}, Fairy-Stockfish {best}: {before:+d} -> {-after:+d} (lost {drop}){mark}", flush=True)
