#!/usr/bin/env python3
"""An independent perft counter for Gliński's and McCooey's hexagonal chess.

Written from the rules texts (Wikipedia's "Hexagonal chess"; Pritchard's
Classified Encyclopedia of Chess Variants, ch. 22; chessvariants.com's
McCooey page; greenchess.net), not from chimera's code: its own cube
coordinates, its own move generator and its own check test. It exists to
check chimera's hexagonal boards (`variants/glinski-hexagonal.toml`,
`variants/mccooey-hexagonal.toml`); `tests/suite/hexagonal.rs` holds the
figures it gave.

    python3 tests/tools/hexchess_perft.py glinski 3
    python3 tests/tools/hexchess_perft.py mccooey 4 --divide

Board: 91 cells, cube coordinates (x, y, z), x + y + z = 0, |x|,|y|,|z| <= 5.
Files a..l (no j) are x = -5..5; "up the file" is (0, +1, -1) here. A
cell's rank number counts from its file's lowest cell (f1 is the lowest
cell of the board, a1 and l1 the lowest of the edge files).
"""

import sys

FILES = "abcdefghikl"
R = 5

CELLS = [(x, y, -x - y) for x in range(-R, R + 1) for y in range(-R, R + 1) if abs(x + y) <= R]
INDEX = {c: i for i, c in enumerate(CELLS)}


def name(i):
    x, y, z = CELLS[i]
    lowest = max(-R, -R - x)  # the smallest y of file x
    return f"{FILES[x + R]}{y - lowest + 1}"


BY_NAME = {name(i): i for i in range(len(CELLS))}

UP = (0, 1, -1)
# The six neighbours sharing an edge (hex orthogonals), clockwise from up.
ORTH = [(0, 1, -1), (1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0)]
# The six hex diagonals: the sum of two neighbouring orthogonals.
DIAG = [tuple(a + b for a, b in zip(ORTH[i], ORTH[(i + 1) % 6])) for i in range(6)]
# Knight: two orthogonal steps, then one step at 60 degrees.
KNIGHT = sorted({tuple(2 * a + b for a, b in zip(ORTH[i], ORTH[(i + k) % 6])) for i in range(6) for k in (1, 5)})
KING = ORTH + DIAG


def add(i, d):
    x, y, z = CELLS[i]
    return INDEX.get((x + d[0], y + d[1], z + d[2]))


def rays(dirs):
    out = []
    for i in range(len(CELLS)):
        per = []
        for d in dirs:
            line, j = [], add(i, d)
            while j is not None:
                line.append(j)
                j = add(j, d)
            per.append(line)
        out.append(per)
    return out


ORTH_RAYS = rays(ORTH)
DIAG_RAYS = rays(DIAG)
KNIGHT_JUMPS = [[j for d in KNIGHT if (j := add(i, d)) is not None] for i in range(len(CELLS))]
KING_STEPS = [[j for d in KING if (j := add(i, d)) is not None] for i in range(len(CELLS))]


def neg(d):
    return tuple(-a for a in d)


class Rules:
    def __init__(self, variant):
        self.variant = variant
        up = {0: UP, 1: neg(UP)}
        if variant == "glinski":
            # Captures: one cell orthogonally forward at 60 degrees to the file.
            cap = {0: [ORTH[1], ORTH[5]], 1: [ORTH[2], ORTH[4]]}
            white = {"K": ["g1"], "Q": ["e1"], "R": ["c1", "i1"], "N": ["d1", "h1"],
                     "B": ["f1", "f2", "f3"],
                     "P": ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"]}
            double = white["P"]
        else:
            # Captures: the two hex diagonals nearest to forward.
            cap = {0: [DIAG[0], DIAG[5]], 1: [DIAG[2], DIAG[3]]}
            white = {"K": ["g1"], "Q": ["e1"], "R": ["d1", "h1"], "N": ["e2", "g2"],
                     "B": ["f1", "f2", "f3"],
                     "P": ["c1", "d2", "e3", "f4", "g3", "h2", "i1"]}
            # Every pawn start but the centre one (f4) allows the double step.
            double = [s for s in white["P"] if s != "f4"]
        self.up = up
        self.cap = cap
        self.white = white
        # Black mirrors White across the middle of the board, file by file.
        self.mirror = {i: self.reflect(i) for i in range(len(CELLS))}
        self.double = {0: {BY_NAME[s] for s in double}, 1: {self.mirror[BY_NAME[s]] for s in double}}
        # A pawn promotes on the last cell of its file.
        self.last = {0: {i for i in range(len(CELLS)) if add(i, UP) is None},
                     1: {i for i in range(len(CELLS)) if add(i, neg(UP)) is None}}

    @staticmethod
    def reflect(i):
        x, y, z = CELLS[i]
        return INDEX[(x, z, y)]

    def start(self):
        board = [None] * len(CELLS)
        for piece, squares in self.white.items():
            for s in squares:
                board[BY_NAME[s]] = (0, piece)
                board[self.mirror[BY_NAME[s]]] = (1, piece)
        return Position(self, board, 0, None)


class Position:
    def __init__(self, rules, board, side, ep):
        self.rules, self.board, self.side, self.ep = rules, board, side, ep

    def attacked(self, sq, by):
        b = self.board
        for line in ORTH_RAYS[sq]:
            for j in line:
                p = b[j]
                if p:
                    if p[0] == by and p[1] in "RQ":
                        return True
                    break
        for line in DIAG_RAYS[sq]:
            for j in line:
                p = b[j]
                if p:
                    if p[0] == by and p[1] in "BQ":
                        return True
                    break
        for j in KNIGHT_JUMPS[sq]:
            if b[j] == (by, "N"):
                return True
        for j in KING_STEPS[sq]:
            if b[j] == (by, "K"):
                return True
        for d in self.rules.cap[by]:
            j = add(sq, neg(d))
            if j is not None and b[j] == (by, "P"):
                return True
        return False

    def pseudo(self):
        b, us, rules = self.board, self.side, self.rules
        out = []
        for i, p in enumerate(b):
            if not p or p[0] != us:
                continue
            kind = p[1]
            if kind in "RBQ":
                lines = (ORTH_RAYS[i] if kind != "B" else []) + (DIAG_RAYS[i] if kind != "R" else [])
                for line in lines:
                    for j in line:
                        if b[j] is None:
                            out.append((i, j, None, None))
                        else:
                            if b[j][0] != us:
                                out.append((i, j, None, None))
                            break
            elif kind in "NK":
                for j in (KNIGHT_JUMPS[i] if kind == "N" else KING_STEPS[i]):
                    if b[j] is None or b[j][0] != us:
                        out.append((i, j, None, None))
            else:
                self.pawn(i, out)
        return out

    def pawn(self, i, out):
        b, us, rules = self.board, self.side, self.rules

        def push(j, ep_cap=None, passed=None):
            if j in rules.last[us]:
                for q in "QRBN":
                    out.append((i, j, q, None))
            else:
                out.append((i, j, None, ep_cap if ep_cap is not None else passed))

        one = add(i, rules.up[us])
        if one is not None and b[one] is None:
            push(one)
            if i in rules.double[us]:
                two = add(one, rules.up[us])
                if two is not None and b[two] is None:
                    out.append((i, two, None, ("double", one)))
        for d in rules.cap[us]:
            j = add(i, d)
            if j is None:
                continue
            if b[j] is not None and b[j][0] != us:
                push(j)
            elif j == self.ep:
                # En passant: the pawn that passed over j stands one cell beyond it.
                victim = add(j, rules.up[1 - us])
                out.append((i, j, None, ("ep", victim)))

    def make(self, m):
        i, j, promo, extra = m
        b = list(self.board)
        piece = b[i]
        b[i] = None
        b[j] = (piece[0], promo) if promo else piece
        ep = None
        if extra and extra[0] == "ep":
            b[extra[1]] = None
        elif extra and extra[0] == "double":
            ep = extra[1]
        return Position(self.rules, b, 1 - self.side, ep)

    def legal(self):
        out = []
        for m in self.pseudo():
            after = self.make(m)
            king = after.board.index((self.side, "K"))
            if not after.attacked(king, 1 - self.side):
                out.append((m, after))
        return out


def perft(pos, depth):
    moves = pos.legal()
    if depth == 1:
        return len(moves)
    return sum(perft(after, depth - 1) for _, after in moves)


def move_text(m):
    i, j, promo, _ = m
    return name(i) + name(j) + (promo.lower() if promo else "")


def main():
    variant, depth = sys.argv[1], int(sys.argv[2])
    pos = Rules(variant).start()
    if "--divide" in sys.argv:
        total = 0
        for m, after in sorted(pos.legal(), key=lambda t: move_text(t[0])):
            n = perft(after, depth - 1) if depth > 1 else 1
            total += n
            print(move_text(m), n)
        print("total", total)
    else:
        for d in range(1, depth + 1):
            print(d, perft(pos, d), flush=True)


if __name__ == "__main__":
    main()
