#!/usr/bin/env python3
"""The figures of docs/python.md's Ray section: on a local two-node Ray
cluster (ray.cluster_utils.Cluster), distributed perft against the
single-process count (and the time of `chimera perft` for the same tree),
and a balance report against the same seed played in one process.

Usage: ray_figures.py [--perft VARIANT:DEPTH ...] [--games N] [--variant NAME]
Needs the package with Ray (pip install './python[ray]').
"""

import subprocess
import sys
import time
from pathlib import Path

import ray
from ray.cluster_utils import Cluster

import chimera
import chimera.distributed as cd

ROOT = Path(__file__).resolve().parents[2]


def main():
    args = sys.argv[1:]
    perfts = [a for a in args if ":" in a] or ["chess:6", "ko-shogi:3"]
    opts = dict(zip(args[::2], args[1::2]))
    games = int(opts.get("--games", 200))
    variant = opts.get("--variant", "kozune")
    # All nodes are processes of this machine, on its own address.
    c = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    try:
        c.add_node(num_cpus=1)
        c.wait_for_nodes()
        ray.init(address=c.address, log_to_driver=False)
        run(perfts, games, variant)
    finally:
        ray.shutdown()
        c.shutdown()


def run(perfts, games, variant):
    print(f"cluster: {len(ray.nodes())} nodes")
    for spec in perfts:
        name, depth = spec.split(":")
        depth = int(depth)
        t = time.time()
        single = chimera.Variant.bundled(name).start().perft(depth)
        t_single = time.time() - t
        cli = ROOT / "target" / "release" / "chimera"
        t_cli = None
        if cli.exists():
            t = time.time()
            out = subprocess.run([str(cli), "perft", "--force", "--threads", "1", "--depth", str(depth), str(ROOT / "variants" / f"{name}.toml")], capture_output=True, text=True)
            t_cli = time.time() - t
            print(f"  chimera perft: {out.stdout.strip().splitlines()[-1] if out.stdout.strip() else out.stderr.strip()[-200:]}")
        t = time.time()
        dist = cd.perft(name, depth)
        t_dist = time.time() - t
        same = "equal" if dist == single else "DIFFERENT"
        cli_text = f", CLI {t_cli:.1f} s" if t_cli is not None else ""
        print(f"perft {name} {depth}: Python {single} in {t_single:.1f} s{cli_text}; Ray (2 nodes) {dist} in {t_dist:.1f} s: {same}")
    t = time.time()
    there = cd.balance_report(variant, games=games, seed=1, depth=2)
    t_there = time.time() - t
    t = time.time()
    here = cd.balance_report(variant, games=games, seed=1, depth=2, ray_address=False)
    t_here = time.time() - t
    print(there.text())
    print(f"balance report: Ray (2 nodes) {t_there:.0f} s, one process {t_here:.0f} s: "
          f"{'equal' if there.results == here.results and there.text() == here.text() else 'DIFFERENT'}")


if __name__ == "__main__":
    main()
