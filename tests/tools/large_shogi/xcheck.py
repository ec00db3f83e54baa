"""Independent perft-1 count of the start position, piece by piece, with
model.py (the reference program's move rules), not chimera."""
import sys, importlib, collections
import model

def gen(mod, n):
    by = {p[0]: p for p in mod.PIECES}
    board = {}
    for r, row in enumerate(mod.ROWS):
        for f, idx in enumerate(row):
            if idx is None: continue
            board[(f, r)] = (0, idx)
            board[(n - 1 - f, n - 1 - r)] = (1, idx)
    counts = collections.Counter(); passes = 0
    for (f, r), (side, idx) in sorted(board.items()):
        if side: continue
        final, p = model.outs(by, board, n, f, r)
        counts[by[idx][1]] += len(final); passes |= p
    return counts, passes

if __name__ == '__main__':
    mod = importlib.import_module(sys.argv[1]); n = int(sys.argv[2])
    counts, passes = gen(mod, n)
    for k, v in sorted(counts.items()):
        if v: print(f'{k}: {v}')
    print('passes (one per position):', passes)
    print('total:', sum(counts.values()) + passes)
