#!/usr/bin/env python3
"""An independent perft counter for Omega chess.

Written from the rules texts (omegachess.com's rules; Wikipedia's "Omega
Chess"; the Rules of OmegaChess, Somac 1998, on pbmserv; vchess.club's
Omega page for promotion), not from chimera's code: its own board of 104
squares, its own move generator and its own check test. It exists to check
chimera's `variants/omega.toml`; `tests/omega.rs` holds the figures it gave.

    python3 tests/tools/omega_perft.py 3
    python3 tests/tools/omega_perft.py 2 --divide --fen "<position text>"

The board: files a..j (x = 0..9), ranks 0..9 (y = 0..9), and the four
wizard squares beyond the corners: w1 at (-1, -1) behind a0, w2 at (10, -1)
behind j0, w3 at (10, 10) behind j9, w4 at (-1, 10) behind a9.
"""

import sys

from perft_common import counts

WIZARD_SQUARES = {"w1": (-1, -1), "w2": (10, -1), "w3": (10, 10), "w4": (-1, 10)}
SQUARES = [(x, y) for y in range(10) for x in range(10)] + list(WIZARD_SQUARES.values())
INDEX = {s: i for i, s in enumerate(SQUARES)}
NAMES = ["abcdefghij"[x] + str(y) if 0 <= x < 10 and 0 <= y < 10 else None for x, y in SQUARES]
for n, s in WIZARD_SQUARES.items():
    NAMES[INDEX[s]] = n
BY_NAME = {n: i for i, n in enumerate(NAMES)}


def at(i, d):
    x, y = SQUARES[i]
    return INDEX.get((x + d[0], y + d[1]))


def sym(vs):
    """A vector and its reflections and swaps."""
    out = set()
    for a, b in vs:
        for sa in (1, -1):
            for sb in (1, -1):
                out.add((a * sa, b * sb))
                out.add((b * sb, a * sa))
    return sorted(out)


ORTHO = sym([(1, 0)])
DIAG = sym([(1, 1)])
LEAPS = {
    "N": sym([(1, 2)]),
    "K": ORTHO + DIAG,
    # Champion: one or two squares orthogonally, two diagonally (leaping).
    "C": ORTHO + sym([(2, 0), (2, 2)]),
    # Wizard: one square diagonally, or the (1, 3) leap.
    "W": DIAG + sym([(1, 3)]),
}
RIDES = {"R": ORTHO, "B": DIAG, "Q": ORTHO + DIAG}
UP = {0: (0, 1), 1: (0, -1)}
PROMOTE = "QRBNCW"


class Position:
    def __init__(self, board, side, ep, rights):
        # ep: (squares passed over, the pawn that passed them) or None;
        # rights: the rooks' squares still able to castle.
        self.board, self.side, self.ep, self.rights = board, side, ep, rights

    @staticmethod
    def read(text):
        """Rows from the top: w4 w3; ranks 9 … 0 (a to j); w1 w2."""
        fields = text.split()
        rows = fields[0].split("/")
        order = [["w4", "w3"]] + [["abcdefghij"[x] + str(y) for x in range(10)] for y in range(9, -1, -1)] + [["w1", "w2"]]
        board = [None] * len(SQUARES)
        for cells, row in zip(order, rows):
            k, digits = 0, ""
            for ch in row + "/":
                if ch.isdigit():
                    digits += ch
                    continue
                k += int(digits or 0)
                digits = ""
                if ch != "/":
                    board[BY_NAME[cells[k]]] = (0 if ch.isupper() else 1, ch.upper())
                    k += 1
        side = 0 if fields[1] == "w" else 1
        rights = set()
        for ch in fields[2]:
            rights |= {"K": {"i0"}, "Q": {"b0"}, "k": {"i9"}, "q": {"b9"}}.get(ch, set())
        ep = None
        if fields[3] != "-":
            names, rest = [], fields[3]
            while rest:
                j = 1
                while j < len(rest) and rest[j].isdigit():
                    j += 1
                names.append(BY_NAME[rest[:j]])
                rest = rest[j:]
            # The pawn that passed them stands beyond the one furthest on.
            d = UP[1 - side]
            far = max(names, key=lambda i: SQUARES[i][1] * d[1])
            ep = (tuple(names), at(far, d))
        return Position(board, side, ep, frozenset(BY_NAME[r] for r in rights))

    def attacked(self, sq, by):
        b = self.board
        for kind, vs in RIDES.items():
            for d in vs:
                j = at(sq, d)
                while j is not None and b[j] is None:
                    j = at(j, d)
                if j is not None and b[j][0] == by and b[j][1] in (kind, "Q"):
                    return True
        for kind, vs in LEAPS.items():
            for d in vs:
                j = at(sq, d)
                if j is not None and b[j] == (by, kind):
                    return True
        for dx in (1, -1):
            j = at(sq, (dx, -UP[by][1]))
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
            if kind in RIDES:
                for d in RIDES[kind]:
                    j = at(i, d)
                    while j is not None:
                        if b[j] is None:
                            out.append((i, j, None, None))
                        else:
                            if b[j][0] != us:
                                out.append((i, j, None, None))
                            break
                        j = at(j, d)
            elif kind in LEAPS:
                for d in LEAPS[kind]:
                    j = at(i, d)
                    if j is not None and (b[j] is None or b[j][0] != us):
                        out.append((i, j, None, None))
            else:
                self.pawn(i, out)
        self.castling(out)
        return out

    def pawn(self, i, out):
        b, us = self.board, self.side
        last = 9 if us == 0 else 0
        start = 1 if us == 0 else 8

        def push(j, extra=None):
            if SQUARES[j][1] == last:
                out.extend((i, j, q, None) for q in PROMOTE)
            else:
                out.append((i, j, None, extra))

        j, passed = at(i, UP[us]), []
        steps = 3 if SQUARES[i][1] == start else 1
        while j is not None and b[j] is None and len(passed) < steps:
            push(j, ("run", tuple(passed)) if passed else None)
            passed.append(j)
            j = at(j, UP[us])
        for dx in (1, -1):
            j = at(i, (dx, UP[us][1]))
            if j is None:
                continue
            if b[j] is not None and b[j][0] != us:
                push(j)
            elif self.ep and j in self.ep[0]:
                out.append((i, j, None, ("ep", self.ep[1])))

    def castling(self, out):
        b, us = self.board, self.side
        rank = 0 if us == 0 else 9
        king = INDEX[(5, rank)]
        for rook, king_to, rook_to, between in ((8, 7, 6, (6, 7)), (1, 3, 4, (2, 3, 4))):
            r = INDEX[(rook, rank)]
            if r not in self.rights or b[king] != (us, "K") or b[r] != (us, "R"):
                continue
            if any(b[INDEX[(x, rank)]] for x in between):
                continue
            step = 1 if king_to > 5 else -1
            if any(self.attacked(INDEX[(x, rank)], 1 - us) for x in range(5, king_to + step, step)):
                continue
            out.append((king, INDEX[(king_to, rank)], None, ("castle", r, INDEX[(rook_to, rank)])))

    def make(self, m):
        i, j, promo, extra = m
        b = list(self.board)
        piece = b[i]
        b[i] = None
        b[j] = (piece[0], promo) if promo else piece
        ep = None
        if extra and extra[0] == "ep":
            b[extra[1]] = None
        elif extra and extra[0] == "run":
            ep = (extra[1], j)
        elif extra and extra[0] == "castle":
            b[extra[2]] = b[extra[1]]
            b[extra[1]] = None
        gone = {r for r in self.rights if r in (i, j)}
        if piece[1] == "K":
            gone |= {r for r in self.rights if SQUARES[r][1] == (0 if self.side == 0 else 9)}
        return Position(b, 1 - self.side, ep, self.rights - gone)

    def legal(self):
        out = []
        for m in self.pseudo():
            after = self.make(m)
            king = after.board.index((self.side, "K"))
            if not after.attacked(king, 1 - self.side):
                out.append((m, after))
        return out


START = "ww/crnbqkbnrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRNBQKBNRC/WW w KQkq - 0 1"


def move_text(m):
    i, j, promo, _ = m
    return NAMES[i] + NAMES[j] + (promo.lower() if promo else "")


def main():
    depth = int(sys.argv[1])
    pos = Position.read(sys.argv[sys.argv.index("--fen") + 1] if "--fen" in sys.argv else START)
    counts(pos, depth, move_text, "--divide" in sys.argv)


if __name__ == "__main__":
    main()
