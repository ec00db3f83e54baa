#!/usr/bin/env python3
"""Marks rows of tests/data/fsf/*.tsv whose only difference from chimera is
drops that mate (as tests/fsf_perft.rs reports them): reads that test's
output on standard input and adds `chimera=N pawn-drop mates` to each row."""
import re
import sys

marks = {}
for line in sys.stdin:
    m = re.match(r"(\S+) (\S+) depth (\d+): Fairy-Stockfish (\d+), chimera (\d+) — the difference is drops that mate", line.strip())
    if m:
        marks[(m.group(1), m.group(2), m.group(3))] = m.group(5)
for (variant, row, depth), n in sorted(marks.items()):
    path = f"tests/data/fsf/{variant}.tsv"
    lines = open(path).read().split("\n")
    for i, l in enumerate(lines):
        cols = l.split("\t")
        if len(cols) >= 4 and cols[0] == row and cols[2] == depth:
            lines[i] = "\t".join(cols[:4] + [f"chimera={n} pawn-drop mates"])
    open(path, "w").write("\n".join(lines))
    print(f"marked {variant} {row} depth {depth}: chimera={n}")
