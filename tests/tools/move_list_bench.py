"""Times pyffish-style calls given a long move list, chimera.pyffish against
pyffish: a chess game of N plies (knights shuffled g1f3 g8f6 f3g1 f6g8, so
any length is legal), each call given the whole list.

    python3 tests/tools/move_list_bench.py [N ...]   # default 100000

Prints seconds per call for each module; linear replay keeps chimera's
figure proportional to N (issue 45: 100,000 plies took 144 s, quadratic).
"""
import sys
import time

CYCLE = ["g1f3", "g8f6", "f3g1", "f6g8"]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
CALLS = ["legal_moves", "get_fen", "game_result", "is_immediate_game_end"]


def bench(module, n):
    moves = (CYCLE * (n // 4 + 1))[:n]
    out = {}
    for name in CALLS:
        f = getattr(module, name)
        t = time.perf_counter()
        f("chess", START, moves)
        out[name] = time.perf_counter() - t
    return out


def main():
    sizes = [int(a) for a in sys.argv[1:]] or [100000]
    modules = []
    for name in ["chimera.pyffish", "pyffish"]:
        try:
            modules.append((name, __import__(name, fromlist=["x"])))
        except ImportError as e:
            print(f"{name}: not installed ({e})")
    for n in sizes:
        for name, m in modules:
            r = bench(m, n)
            cells = "  ".join(f"{k} {v:.2f}s" for k, v in r.items())
            print(f"{n:>7} plies  {name:<16} {cells}", flush=True)


if __name__ == "__main__":
    main()
