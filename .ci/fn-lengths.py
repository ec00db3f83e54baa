#!/usr/bin/env python3
"""Lists the longest functions under src/ (lines from `fn` to its closing brace).

Usage: .ci/fn-lengths.py [LIMIT]   exits 1 if any function is longer than LIMIT.
"""
import os, re, sys

limit = int(sys.argv[1]) if len(sys.argv) > 1 else None
rows = []
for root, _, files in os.walk("src"):
    for f in files:
        if not f.endswith(".rs"):
            continue
        path = os.path.join(root, f)
        lines = open(path, encoding="utf-8").read().split("\n")
        i = 0
        while i < len(lines):
            m = re.match(r"\s*(pub(\([a-z]+\))?\s+)?(const\s+)?(unsafe\s+)?fn\s+(\w+)", lines[i])
            if not m:
                i += 1
                continue
            name, start, depth, opened, j = m.group(5), i, 0, False, i
            while j < len(lines):
                code = re.sub(r'"([^"\\]|\\.)*"', '""', lines[j].split("//")[0])
                code = re.sub(r"'([^'\\]|\\.)'", "''", code)
                for ch in code:
                    if ch == "{":
                        depth += 1
                        opened = True
                    elif ch == "}":
                        depth -= 1
                if opened and depth == 0:
                    break
                if not opened and code.rstrip().endswith(";"):
                    break
                j += 1
            rows.append((j - start + 1, f"{path}:{start + 1}", name))
            i = start + 1
rows.sort(reverse=True)
for n, where, name in rows[:5]:
    print(f"{n:5} {where} {name}")
if limit is not None and rows and rows[0][0] > limit:
    print(f"functions longer than {limit} lines:", [r[2] for r in rows if r[0] > limit])
    sys.exit(1)
