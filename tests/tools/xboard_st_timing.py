#!/usr/bin/env python3
"""How long `chimera xboard` takes to answer under `st SECONDS`, as XBoard sees it.

Two `chimera xboard` processes play each other, as XBoard would make them:
each move of one is sent to the other as `usermove`, and the time from
writing that line to reading the `move` answer is measured (the first
move of a game is asked for with `go`). Games are restarted (`new`,
`variant`) until SEARCHES answers have been timed per variant.

    xboard_st_timing.py CHIMERA [--st 1] [--searches 100] [--limit 0.95]
                        [--variants kozune,xiangqi,shogi] [--json]

Prints, per variant, the number of answers, the longest and the mean time
and how many reached LIMIT seconds; exits 1 when any did (XBoard forfeits
an engine past the `st` time, so the limit keeps a margin below it).
"""
import argparse
import json
import subprocess
import sys
import time


class Engine:
    def __init__(self, program, variant, st):
        self.p = subprocess.Popen(
            [program, "xboard"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.send("xboard")
        self.send("protover 2")
        self.wait_for(lambda l: l.startswith("feature") and "done=1" in l)
        self.variant = variant
        self.st = st

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def read(self):
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError("chimera ended")
        return line.rstrip("\n")

    def wait_for(self, pred):
        while True:
            line = self.read()
            if pred(line):
                return line

    def new_game(self):
        """A new game, the engine playing the second side (as after `new`)."""
        self.send("new")
        if self.variant != "normal":
            self.send("variant " + self.variant)
        self.send(f"st {self.st}")
        self.send("ping 1")
        self.wait_for(lambda l: l == "pong 1")

    def answer(self, command):
        """Sends `command`; returns (move or None at the game's end, seconds)."""
        start = time.monotonic()
        self.send(command)
        while True:
            line = self.read()
            if line.startswith("move "):
                return line[5:], time.monotonic() - start
            if line.startswith(("1-0", "0-1", "1/2-1/2", "resign")):
                return None, time.monotonic() - start
            if line.startswith(("Illegal move", "Error")):
                raise RuntimeError(f"{command!r}: {line}")

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()


def measure(program, variant, st, searches, max_plies=120):
    a, b = Engine(program, variant, st), Engine(program, variant, st)
    times = []
    try:
        while len(times) < searches:
            a.new_game()
            b.new_game()
            # a plays the first side (`go`), b the second; each answers the
            # other's move, sent as `usermove`.
            move, t = a.answer("go")
            times.append(t)
            mover, other = a, b
            plies = 1
            while move is not None and len(times) < searches and plies < max_plies:
                move, t = other.answer("usermove " + move)
                times.append(t)
                mover, other = other, mover
                plies += 1
            a.send("force")
            b.send("force")
    finally:
        a.close()
        b.close()
    return times[:searches]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("chimera")
    ap.add_argument("--st", default="1")
    ap.add_argument("--searches", type=int, default=100)
    ap.add_argument("--limit", type=float, default=0.95)
    ap.add_argument("--variants", default="kozune,xiangqi,shogi")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    over = 0
    for variant in args.variants.split(","):
        times = measure(args.chimera, variant, args.st, args.searches)
        late = sum(1 for t in times if t >= args.limit)
        over += late
        row = {
            "variant": variant,
            "st": float(args.st),
            "searches": len(times),
            "max": round(max(times), 4),
            "mean": round(sum(times) / len(times), 4),
            "at_or_over_limit": late,
            "limit": args.limit,
        }
        if args.json:
            print(json.dumps(row))
        else:
            print(
                f"{variant:12} st {args.st}: {len(times)} answers, max {row['max']:.3f} s, "
                f"mean {row['mean']:.3f} s, {late} at or over {args.limit} s"
            )
    sys.exit(1 if over else 0)


if __name__ == "__main__":
    main()
