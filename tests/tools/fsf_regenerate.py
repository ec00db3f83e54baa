#!/usr/bin/env python3
"""Regenerates every tests/data/fsf/<variant>.tsv with fsf_perft.py, keeping
each file's named special positions (rows not called `start` or
`playout-N`), then lets tests/fsf_perft.rs mark the rows that differ only by
drops that mate (fsf_annotate.py).

Usage: FSF_BINARY=/path/to/fairy-stockfish fsf_regenerate.py [VARIANT ...]
"""
import glob
import os
import re
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
files = sorted(glob.glob(os.path.join(root, "tests/data/fsf/*.tsv")))
wanted = set(sys.argv[1:])
for path in files:
    variant = os.path.basename(path)[:-4]
    if wanted and variant not in wanted:
        continue
    special = {}
    for line in open(path):
        cols = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(cols) < 4:
            continue
        if cols[0] != "start" and not re.fullmatch(r"playout-\d+", cols[0]):
            special.setdefault(cols[0], cols[1])
    args = [sys.executable, os.path.join(here, "fsf_perft.py"), variant]
    for name, fen in special.items():
        args += ["--fen", f"{name}={fen}"]
    out = subprocess.run(args, capture_output=True, text=True, check=True)
    sys.stderr.write(out.stderr)
    open(path, "w").write(out.stdout)
    print(f"{variant}: {out.stdout.count(chr(10)) - 2} rows", file=sys.stderr)
test = subprocess.run(["cargo", "test", "--release", "--test", "fsf_perft"], cwd=root, capture_output=True, text=True)
subprocess.run([sys.executable, os.path.join(here, "fsf_annotate.py")], input=test.stdout + test.stderr, text=True, cwd=root)
