#!/usr/bin/env python3
"""An independent perft counter for Gliński's, McCooey's and Shafran's
hexagonal chess.

Written from the rules texts (Wikipedia's "Hexagonal chess"; Pritchard's
Classified Encyclopedia of Chess Variants, ch. 22; chessvariants.com's
McCooey and Shafran pages; greenchess.net; I. Derzhanski's page on
Shafran's game; Jocly's Shafran rules), not from chimera's code: its own
cube coordinates, its own move generator and its own check test. It exists
to check chimera's hexagonal boards (`variants/glinski-hexagonal.toml`,
`variants/mccooey-hexagonal.toml`, `variants/shafran-hexagonal.toml`);
`tests/hexagonal.rs` holds the figures it gave.

    python3 tests/tools/hexchess_perft.py glinski 3
    python3 tests/tools/hexchess_perft.py mccooey 4 --divide
    python3 tests/tools/hexchess_perft.py shafran 3 --fen "<position text>"

Gliński's and McCooey's board: 91 cells, cube coordinates (x, y, z),
x + y + z = 0, |x|,|y|,|z| <= 5. Files a..l (no j) are x = -5..5; "up the
file" is (0, +1, -1) here. A cell's rank number counts from its file's
lowest cell (f1 is the lowest cell of the board, a1 and l1 the lowest of
the edge files).

Shafran's board: 70 cells, files a..i (x = -4..4) of 6, 7, 8, 9, 10, 9, 8,
7, 6 cells. Its ranks are the lines running down to the right (where x + y
stays the same): rank 1 is a1..e1 (the lower-left edge, e1 the lowest cell
of the board), rank 10 is e10..i10; file x holds ranks max(1, 1 + x) to
min(10, 10 + x).
"""

import sys

from perft_common import counts

FILES = "abcdefghikl"
R = 5
CELLS, INDEX, NAMES, BY_NAME = [], {}, [], {}


def build_board(variant):
    """The cells of the variant's board and their names."""
    global FILES, CELLS
    if variant == "shafran":
        FILES = "abcdefghi"
        # (x, rank) -> cube: x + y is rank + a constant along a rank.
        CELLS = [(x, n - x - 5, -(n - 5)) for x in range(-4, 5)
                 for n in range(max(1, 1 + x), min(10, 10 + x) + 1)]
        rank = {c: c[0] + c[1] + 5 for c in CELLS}
    else:
        CELLS = [(x, y, -x - y) for x in range(-R, R + 1) for y in range(-R, R + 1) if abs(x + y) <= R]
        # From the file's lowest cell: the smallest y of file x.
        rank = {c: c[1] - max(-R, -R - c[0]) + 1 for c in CELLS}
    INDEX.clear()
    INDEX.update({c: i for i, c in enumerate(CELLS)})
    NAMES[:] = [f"{FILES[c[0] + (4 if variant == 'shafran' else R)]}{rank[c]}" for c in CELLS]
    BY_NAME.clear()
    BY_NAME.update({n: i for i, n in enumerate(NAMES)})


def name(i):
    return NAMES[i]


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


def build_tables():
    global ORTH_RAYS, DIAG_RAYS, KNIGHT_JUMPS, KING_STEPS
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
        # Castlings: (side, rook's cell, king's cells crossed and reached,
        # the rook's new cell, the cells that must be empty).
        castles = []
        if variant == "glinski":
            # Captures: one cell orthogonally forward at 60 degrees to the file.
            cap = {0: [ORTH[1], ORTH[5]], 1: [ORTH[2], ORTH[4]]}
            white = {"K": ["g1"], "Q": ["e1"], "R": ["c1", "i1"], "N": ["d1", "h1"],
                     "B": ["f1", "f2", "f3"],
                     "P": ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"]}
            reach = {s: 2 for s in white["P"]}
        elif variant == "mccooey":
            # Captures: the two hex diagonals nearest to forward.
            cap = {0: [DIAG[0], DIAG[5]], 1: [DIAG[2], DIAG[3]]}
            white = {"K": ["g1"], "Q": ["e1"], "R": ["d1", "h1"], "N": ["e2", "g2"],
                     "B": ["f1", "f2", "f3"],
                     "P": ["c1", "d2", "e3", "f4", "g3", "h2", "i1"]}
            # Every pawn start but the centre one (f4) allows the double step.
            reach = {s: 2 for s in white["P"] if s != "f4"}
        else:
            # Shafran: captures as McCooey's; a pawn's first move may take
            # it to the middle of its file (three cells on d, e, f, two on
            # b, c, g, h, one on a and i).
            cap = {0: [DIAG[0], DIAG[5]], 1: [DIAG[2], DIAG[3]]}
            white = {"K": ["e1"], "Q": ["d1"], "R": ["a1", "i5"], "N": ["b1", "g3"],
                     "B": ["c1", "f2", "h4"],
                     "P": ["a2", "b2", "c2", "d2", "e2", "f3", "g4", "h5", "i6"]}
            reach = {"b2": 2, "c2": 2, "d2": 3, "e2": 3, "f3": 3, "g4": 2, "h5": 2}
            # Short: the king two cells, the rook three; long: the other
            # way round; on the queen's wing (a1) and the bishop's (i5).
            castles = [("a1", ["d1", "c1"], "d1"), ("a1", ["d1", "c1", "b1"], "c1"),
                       ("i5", ["f2", "g3"], "f2"), ("i5", ["f2", "g3", "h4"], "g3")]
        self.up = up
        self.cap = cap
        self.white = white
        # Black: White across the middle of the board, file by file
        # (Gliński, McCooey), or White turned half a turn about the centre
        # (Shafran: each queen left of its king).
        self.mirror = {i: (self.rotate(i) if variant == "shafran" else self.reflect(i)) for i in range(len(CELLS))}
        self.reach = {0: {BY_NAME[s]: n for s, n in reach.items()},
                      1: {self.mirror[BY_NAME[s]]: n for s, n in reach.items()}}
        self.castles = []
        for rook, path, rook_to in castles:
            for side in (0, 1):
                m = (lambda c: BY_NAME[c]) if side == 0 else (lambda c: self.mirror[BY_NAME[c]])
                king = m(white["K"][0])
                between = {m(c) for c in ("b1", "c1", "d1")} if rook == "a1" else {m(c) for c in ("f2", "g3", "h4")}
                self.castles.append((side, king, m(rook), [m(c) for c in path], m(rook_to), between))
        # A pawn promotes on the last cell of its file.
        self.last = {0: {i for i in range(len(CELLS)) if add(i, UP) is None},
                     1: {i for i in range(len(CELLS)) if add(i, neg(UP)) is None}}

    @staticmethod
    def reflect(i):
        x, y, z = CELLS[i]
        return INDEX[(x, z, y)]

    @staticmethod
    def rotate(i):
        f, n = name(i)[0], int(name(i)[1:])
        return BY_NAME[f"{FILES[len(FILES) - 1 - FILES.index(f)]}{11 - n}"]

    def start(self):
        board = [None] * len(CELLS)
        for piece, squares in self.white.items():
            for s in squares:
                board[BY_NAME[s]] = (0, piece)
                board[self.mirror[BY_NAME[s]]] = (1, piece)
        rights = {(c[0], c[2]) for c in self.castles}
        return Position(self, board, 0, None, frozenset(rights))

    def read(self, text):
        """A position in chimera's text: ranks from the highest, each from
        its leftmost cell; side; castling (KQkq: K the bishop's wing, Q the
        queen's); en passant (the cells passed over, run together)."""
        fields = text.split()
        rows = fields[0].split("/")
        top = max(int(n[1:]) for n in NAMES)
        board = [None] * len(CELLS)
        for k, row in zip(range(top, 0, -1), rows):
            cells = sorted((i for i in range(len(CELLS)) if int(name(i)[1:]) == k), key=lambda i: FILES.index(name(i)[0]))
            at, digits = 0, ""
            for ch in row + "/":
                if ch.isdigit():
                    digits += ch
                    continue
                at += int(digits or 0)
                digits = ""
                if ch != "/":
                    board[cells[at]] = (0 if ch.isupper() else 1, ch.upper())
                    at += 1
        side = 0 if fields[1] == "w" else 1
        rights = set()
        for ch in fields[2] if len(fields) > 2 else "-":
            for c in self.castles:
                queen = BY_NAME[self.white["R"][0]] in (c[2], self.mirror[c[2]])
                if ch in "KQkq" and c[0] == (0 if ch.isupper() else 1) and queen == (ch.upper() == "Q"):
                    rights.add((c[0], c[2]))
        ep = None
        if len(fields) > 3 and fields[3] != "-":
            names, rest = [], fields[3]
            while rest:
                j = 1
                while j < len(rest) and rest[j].isdigit():
                    j += 1
                names.append(BY_NAME[rest[:j]])
                rest = rest[j:]
            # The pawn that passed them stands one cell beyond the last.
            far = names[0]
            while add(far, self.up[1 - side]) in names:
                far = add(far, self.up[1 - side])
            ep = (tuple(names), add(far, self.up[1 - side]))
        return Position(self, board, side, ep, frozenset(rights))


class Position:
    def __init__(self, rules, board, side, ep, rights=frozenset()):
        self.rules, self.board, self.side, self.ep, self.rights = rules, board, side, ep, rights

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
        b, us = self.board, self.side
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
        self.castling(out)
        return out

    def castling(self, out):
        b, us = self.board, self.side
        for side, king, rook, path, rook_to, between in self.rules.castles:
            if side != us or (side, rook) not in self.rights:
                continue
            if b[king] != (us, "K") or b[rook] != (us, "R") or any(b[c] for c in between):
                continue
            # Not out of check, through an attacked cell or into check.
            if any(self.attacked(c, 1 - us) for c in [king] + path):
                continue
            out.append((king, path[-1], None, ("castle", rook, rook_to)))

    def pawn(self, i, out):
        b, us, rules = self.board, self.side, self.rules

        def push(j):
            if j in rules.last[us]:
                for q in "QRBN":
                    out.append((i, j, q, None))
            else:
                out.append((i, j, None, None))

        one = add(i, rules.up[us])
        if one is not None and b[one] is None:
            push(one)
            passed, j = [one], one
            for _ in range(rules.reach[us].get(i, 1) - 1):
                j = add(j, rules.up[us])
                if j is None or b[j] is not None:
                    break
                out.append((i, j, None, ("double", tuple(passed))))
                passed = passed + [j]
        for d in rules.cap[us]:
            j = add(i, d)
            if j is None:
                continue
            if b[j] is not None and b[j][0] != us:
                push(j)
            elif self.ep and j in self.ep[0]:
                # En passant: on any cell the pawn passed over.
                out.append((i, j, None, ("ep", self.ep[1])))

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
            ep = (extra[1], j)
        elif extra and extra[0] == "castle":
            b[extra[2]] = b[extra[1]]
            if extra[2] != extra[1]:
                b[extra[1]] = None
        rights = self.rights
        if rights:
            us = self.side
            gone = {(s, r) for (s, r) in rights
                    if r in (i, j) or (s == us and piece[1] == "K")}
            rights = rights - gone
        return Position(self.rules, b, 1 - self.side, ep, rights)

    def legal(self):
        out = []
        for m in self.pseudo():
            after = self.make(m)
            king = after.board.index((self.side, "K"))
            if not after.attacked(king, 1 - self.side):
                out.append((m, after))
        return out


def move_text(m):
    i, j, promo, _ = m
    return name(i) + name(j) + (promo.lower() if promo else "")


def main():
    variant, depth = sys.argv[1], int(sys.argv[2])
    build_board(variant)
    build_tables()
    rules = Rules(variant)
    pos = rules.read(sys.argv[sys.argv.index("--fen") + 1]) if "--fen" in sys.argv else rules.start()
    counts(pos, depth, move_text, "--divide" in sys.argv)


if __name__ == "__main__":
    main()
