"""What the independent perft counters of tests/tools/ share: counting and
printing. Each counter has its own board, moves and check test; a position
gives `legal()`, a list of (move, position after it) pairs.

    counts(pos, depth, move_text, divide)

prints `d n` for each depth from 1 to `depth`, or with `divide` each legal
move (as `move_text` writes it, sorted) with its count at `depth` - 1, then
`total n`.
"""


def perft(pos, depth):
    moves = pos.legal()
    if depth == 1:
        return len(moves)
    return sum(perft(after, depth - 1) for _, after in moves)


def counts(pos, depth, move_text, divide):
    if divide:
        total = 0
        for m, after in sorted(pos.legal(), key=lambda t: move_text(t[0])):
            n = perft(after, depth - 1) if depth > 1 else 1
            total += n
            print(move_text(m), n)
        print("total", total)
    else:
        for d in range(1, depth + 1):
            print(d, perft(pos, d), flush=True)
