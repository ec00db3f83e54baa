#!/usr/bin/env python3
"""How `chimera uci` spends a game clock, move by move, as a GUI sees it.

One `chimera uci RULES` process plays both sides from the start: before
each move it gets `position startpos moves …` and `go wtime … btime … winc
… binc …` with the clocks as a GUI would keep them (time taken, from
writing `go` to reading `bestmove`, off the mover's clock, the increment
added). Prints each move's time and the mover's clock after it, and FLAG
when a clock falls below zero (the engine would have lost on time).

    uci_clock_timing.py CHIMERA RULES.toml PLIES BASE_MS INC_MS

Example (taikyoku shogi at 10+0.2):
    uci_clock_timing.py target/release/chimera variants/taikyoku-shogi.toml 24 10000 200
The engine's budget for a move is a fortieth of its time plus three
quarters of the increment (docs/engine.md, "Time").
"""
import subprocess
import sys
import time


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    exe, rules, plies = sys.argv[1], sys.argv[2], int(sys.argv[3])
    base, inc = int(sys.argv[4]), int(sys.argv[5])
    p = subprocess.Popen([exe, "uci", rules], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def wait(prefix):
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit("chimera closed its output")
            if line.startswith(prefix):
                return line

    send("uci")
    wait("uciok")
    send("isready")
    wait("readyok")
    moves, clocks = [], [base, base]
    for ply in range(plies):
        send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        side = ply % 2
        start = time.time()
        send(f"go wtime {clocks[0]} btime {clocks[1]} winc {inc} binc {inc}")
        move = wait("bestmove").split()[1]
        took = int((time.time() - start) * 1000)
        clocks[side] += inc - took
        print(f"ply {ply + 1} {move} took {took} ms, clock {clocks[side]} ms", flush=True)
        if clocks[side] < 0:
            print("FLAG")
            break
        if move in ("(none)", "0000"):
            break
        moves.append(move)
    send("quit")


if __name__ == "__main__":
    main()
