"""Times pyffish-style calls given a long move list, chimera.pyffish against
pyffish: a game of N plies that any length keeps legal, each call given the
whole list.

    python3 tests/tools/move_list_bench.py [--variant V] [N ...]   # default chess, 100000

Variants (--variant):
  chess       knights shuffled g1f3 g8f6 f3g1 f6g8 (repetitions allowed)
  shogi       rooks shuffled h2g2 b8c8 g2h2 c8b8
  chu-shogi   no position twice (chu forbids repeating one): five white
              pieces count through their files as a Gray code, black's king
              steps l12-l11 and back. pyffish's is asked as `chushogi`
              (a large-board build only; otherwise it is skipped).

Prints seconds per call for each module; linear replay keeps chimera's
figure proportional to N (issue 45: 100,000 chess plies took 144 s, and
a chu game checked each move against every earlier position).
"""
import sys
import time

CALLS = ["legal_moves", "get_fen", "game_result", "is_immediate_game_end"]
CHU = "11k/ppppppppppp1/12/12/12/12/D11/M11/M11/R11/R11/11K w - - 0 1"


def cycle(moves, n):
    return (moves * (n // len(moves) + 1))[:n]


def chu_moves(n):
    """White's five pieces on ranks 2-6 count through files a-k as the
    digits of a reflected Gray code (one file a move: no arrangement twice)."""
    files = "abcdefghijk"
    digit, step = [0] * 5, [1] * 5
    white = []
    while len(white) < (n + 1) // 2:
        for i in range(5):
            if 0 <= digit[i] + step[i] < 11:
                break
            step[i] = -step[i]
        to = digit[i] + step[i]
        white.append(f"{files[digit[i]]}{i + 2}{files[to]}{i + 2}")
        digit[i] = to
    black = ["l12l11", "l11l12"]
    return [white[p // 2] if p % 2 == 0 else black[(p // 2) % 2] for p in range(n)]


# variant -> (chimera's name, pyffish's name, start FEN or None, moves(n))
VARIANTS = {
    "chess": ("chess", "chess", None, lambda n: cycle(["g1f3", "g8f6", "f3g1", "f6g8"], n)),
    "shogi": ("shogi", "shogi", None, lambda n: cycle(["h2g2", "b8c8", "g2h2", "c8b8"], n)),
    "chu-shogi": ("chu-shogi", "chushogi", CHU, chu_moves),
}


def bench(module, name, fen, moves):
    out = {}
    for call in CALLS:
        f = getattr(module, call)
        t = time.perf_counter()
        f(name, fen, moves)
        out[call] = time.perf_counter() - t
    return out


def main():
    args = sys.argv[1:]
    variant = "chess"
    if "--variant" in args:
        i = args.index("--variant")
        variant = args[i + 1] if i + 1 < len(args) else ""
        del args[i : i + 2]
    if variant not in VARIANTS:
        sys.exit(f"--variant: one of {', '.join(VARIANTS)}")
    ours, theirs, fen, make = VARIANTS[variant]
    sizes = [int(a) for a in args] or [100000]
    modules = []
    for mod, name in [("chimera.pyffish", ours), ("pyffish", theirs)]:
        try:
            m = __import__(mod, fromlist=["x"])
        except ImportError as e:
            print(f"{mod}: not installed ({e})")
            continue
        if name not in m.variants():
            print(f"{mod}: no variant `{name}` (skipped)")
            continue
        modules.append((mod, m, name, fen or m.start_fen(name)))
    for n in sizes:
        moves = make(n)
        for mod, m, name, start in modules:
            r = bench(m, name, start, moves)
            cells = "  ".join(f"{k} {v:.2f}s" for k, v in r.items())
            print(f"{n:>7} plies  {variant}  {mod:<16} {cells}", flush=True)


if __name__ == "__main__":
    main()
