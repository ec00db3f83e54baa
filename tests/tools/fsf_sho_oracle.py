#!/usr/bin/env python3
"""Compare chimera's sho shogi with Fairy-Stockfish's `shoshogi` (pyffish).

HaChu 0.21 cannot set up sho (docs/large-shogi.md, "Sho shogi"), so sho's
move oracle is Fairy-Stockfish. For N seeded positions — random games played
by chimera with variants/sho-shogi.toml from the start, and (--scatter)
positions of scattered pieces with kings, crown princes and promoted faces —
chimera's legal moves (`chimera moves --notation uci`) are compared with
pyffish's `legal_moves`, and every `--perft-every`th position also by perft 2.

Fairy-Stockfish writes the crown prince as a second king (`K`: its promoted
drunk elephant is a king), so `+E` is translated to `K` for it; both files
write the first player in upper case with the side letter `w`.

    python3 tests/tools/fsf_sho_oracle.py --positions 2000 --seed 1 \
        --chimera target/release/chimera

Exit status: 0 no differences, 1 differences, 2 usage or tool error, 3
pyffish is not installed.
"""

import argparse
import json
import random
import subprocess
import sys

VARIANT = "shoshogi"


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr.strip()[:400]))
    return r.stdout


def chimera_moves(chimera, variant, fen):
    # Not --lenient: a scattered position with the side not to move in check
    # is rejected (and skipped), as no game reaches it.
    r = subprocess.run([chimera, "moves", variant, "--position", fen, "--json",
                        "--notation", "uci"], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return json.loads(r.stdout)["moves"]


def chimera_perft(chimera, variant, fen, depth):
    out = run([chimera, "perft", variant, "--position", fen, "--depth", str(depth)])
    nums = [int(w) for w in out.replace(",", " ").split() if w.isdigit()]
    return nums[-1] if nums else None


def fsf_fen(fen):
    board, rest = fen.split(" ", 1)
    side = rest.split()[0]
    return "%s %s 0 1" % (board.replace("+E", "K").replace("+e", "k"), side)


def fsf_perft(sf, fen, depth, moves=()):
    ms = sf.legal_moves(VARIANT, fen, list(moves))
    if depth == 1:
        return len(ms)
    return sum(fsf_perft(sf, fen, depth - 1, list(moves) + [m]) for m in ms)


def random_game(chimera, variant, seed, plies):
    limit = max(plies - 1, 1)
    while True:
        out = run([chimera, "play", variant, "--white", "random", "--black", "random", "--seed", str(seed),
                   "--max-moves", str(limit), "--json"])
        game = json.loads(out.strip().splitlines()[-1])
        if game.get("reason") == "move_limit" or game["plies"] <= 1:
            return game["position"], game["plies"]
        limit = game["plies"] - 1


def scattered(rng):
    """Pieces scattered at random, each side at most its start material (so
    chimera's material check takes the position): a king, maybe the drunk
    elephant as a crown prince, and some of the rest, promoted or not."""
    squares = [(f, r) for f in range(9) for r in range(9)]
    rng.shuffle(squares)
    pieces = {}
    for first in (True, False):
        pool = ["R", "B", "E", "G", "G", "S", "S", "N", "N", "L", "L"] + ["P"] * 9
        syms = ["K"] + rng.sample(pool, rng.randint(2, 12))
        for s in syms:
            if s in ("R", "B", "S", "N", "L", "P", "E") and rng.random() < (0.6 if s == "E" else 0.3):
                s = "+" + s
            f, r = squares.pop()
            low_rank = r if first else 8 - r
            # no piece where it could never move (Fairy-Stockfish would not have it)
            if s in ("P", "L") and low_rank == 8 or s == "N" and low_rank >= 7:
                s = "+" + s
            pieces[(f, r)] = s if first else s.lower()
    rows = []
    for r in range(8, -1, -1):
        row, e = "", 0
        for f in range(9):
            p = pieces.get((f, r))
            if p is None:
                e += 1
                continue
            if e:
                row += str(e)
                e = 0
            row += p
        rows.append(row + (str(e) if e else ""))
    return "/".join(rows) + " " + rng.choice("wb") + " - - 0 1"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="variants/sho-shogi.toml")
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chimera", default="target/release/chimera")
    ap.add_argument("--scatter", type=float, default=0.25)
    ap.add_argument("--perft-every", type=int, default=10, help="perft 2 on every Nth position (0: never)")
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    try:
        import pyffish as sf
    except ImportError:
        print("pyffish is not installed (pip install pyffish): the reference is missing, skipping")
        return 3
    rng = random.Random(args.seed)
    stats = {"positions compared": 0, "from random games": 0, "scattered": 0, "skipped (chimera rejects)": 0,
             "moves compared": 0, "moves agreed": 0,
             "perft 2 compared": 0, "positions with differences": 0, "with king and prince": 0}  # the side to move has both
    diffs = 0
    fen0 = sf.start_fen(VARIANT)
    for i in range(args.positions):
        if rng.random() < args.scatter:
            fen = scattered(rng)
            kind = "scattered"
        else:
            fen, plies = random_game(args.chimera, args.variant, args.seed * 1_000_003 + i,
                                     rng.randint(4, args.max_plies))
            kind = "ply %d" % plies
        ours = chimera_moves(args.chimera, args.variant, fen)
        if ours is None:
            stats["skipped (chimera rejects)"] += 1
            continue
        ffen = fsf_fen(fen)
        theirs = sf.legal_moves(VARIANT, ffen, [])
        stats["scattered" if kind == "scattered" else "from random games"] += 1
        stats["positions compared"] += 1
        board = fen.split()[0]
        mover = fen.split()[1] == "w"
        royals = sum(1 for x in ("K", "+E") if (x if mover else x.lower()) in board)
        if royals == 2:
            stats["with king and prince"] += 1
        a, b = set(ours), set(theirs)
        stats["moves compared"] += len(a | b)
        stats["moves agreed"] += len(a & b)
        bad = a != b
        if not bad and args.perft_every and i % args.perft_every == 0:
            stats["perft 2 compared"] += 1
            p1 = chimera_perft(args.chimera, args.variant, fen, 2)
            p2 = fsf_perft(sf, ffen, 2)
            if p1 != p2:
                bad = True
                print("position %d (%s): perft 2 chimera %s, Fairy-Stockfish %s: %s" % (i, kind, p1, p2, fen))
        if bad:
            diffs += 1
            stats["positions with differences"] += 1
            print("position %d (%s): %s" % (i, kind, fen))
            if a - b:
                print("  only chimera: %s" % " ".join(sorted(a - b)))
            if b - a:
                print("  only Fairy-Stockfish: %s" % " ".join(sorted(b - a)))
    if not args.quiet:
        print()
    print("start position: Fairy-Stockfish %s" % fen0)
    for k, v in stats.items():
        print("  %-38s %d" % (k, v))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
