#!/usr/bin/env python3
"""Imports every section of a Fairy-Stockfish variants.ini with `chimera import
fsf` and plays each imported rules file against pyffish with the same ini
loaded (tests/tools/crosscheck.py --ini): seeded random games, every ply's
legal moves and position text, and each game's result.

Usage:
    fsf_import_check.py CHIMERA VARIANTS.ini [--games N] [--plies N] [--seed S]
                        [--out DIR] [--only a,b,c] [--markdown]

Prints one line per section (or a markdown table with --markdown) and a
summary: sections imported, imported sections that agree in every game, and
the reason for every section not imported. Exits 1 if an imported section
disagrees with pyffish, 3 when pyffish is not installed.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__)
        sys.exit(2)
    chimera, ini = args[:2]
    opts = {}
    rest = args[2:]
    while rest:
        k = rest.pop(0)
        opts[k] = True if k == "--markdown" else rest.pop(0)
    try:
        import pyffish  # noqa: F401
    except ImportError:
        print("skip: pyffish is not installed (pip install pyffish)")
        sys.exit(3)
    games = opts.get("--games", "3")
    plies = opts.get("--plies", "100")
    seed = opts.get("--seed", "1")
    out_dir = opts.get("--out") or tempfile.mkdtemp(prefix="fsf-import-")
    only = set(opts["--only"].split(",")) if "--only" in opts else None
    cmd = [chimera, "import", "fsf", ini, "-o", out_dir, "--json"]
    if only:
        for s in sorted(only):
            cmd += ["--section", s]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode == 2:
        print(res.stderr)
        sys.exit(2)
    rows = []
    failures = 0
    agree = 0
    positions_total = 0
    for line in res.stdout.splitlines():
        if not line.startswith("{"):
            continue
        r = json.loads(line)
        name = r["section"]
        if not r["imported"]:
            reasons = "; ".join("line %d: %s" % (p["line"], re.sub(r"^\[[^]]*\] ", "", p["reason"])) for p in r["problems"])
            rows.append((name, "no", "", "", reasons))
            continue
        cc = subprocess.run(
            [sys.executable, os.path.join(HERE, "crosscheck.py"), chimera, r["file"], name,
             "--games", games, "--plies", plies, "--seed", seed, "--ini", ini],
            capture_output=True, text=True,
        )
        plies_played = sum(int(m) for m in re.findall(r"^game \d+: (\d+) plies", cc.stdout, re.M))
        ngames = len(re.findall(r"^game \d+:", cc.stdout, re.M))
        positions = plies_played + ngames
        if cc.returncode == 0:
            agree += 1
            positions_total += positions
            rows.append((name, "yes", f"{ngames}/{ngames}", str(positions), "0"))
        else:
            failures += 1
            first = next((l.strip() for l in cc.stdout.splitlines() if l.startswith("    ")), cc.stdout.strip()[-300:] or cc.stderr.strip()[-300:])
            ok = len(re.findall(r", ok$", cc.stdout, re.M))
            rows.append((name, "yes", f"{ok}/{ngames}", str(positions), "differs: " + first.replace("|", "\\|")))
    imported = sum(1 for r in rows if r[1] == "yes")
    if "--markdown" in opts:
        print("| section | imported | games agreeing | positions compared | differences / reason not imported |")
        print("|---|---|---|---|---|")
        for r in rows:
            print("| `" + r[0] + "` | " + " | ".join(r[1:]) + " |")
    else:
        for r in rows:
            print("\t".join(r))
    print(f"\n{len(rows)} sections: {imported} imported, {agree} of them agree with pyffish in every game "
          f"({positions_total} positions compared), {failures} differ; {len(rows) - imported} not imported")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
