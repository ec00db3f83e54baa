#!/usr/bin/env python3
"""An independent perft counter for cylinder chess.

Written from the rules texts (Wikibooks' "Chess Variants/Cylinder Chess";
Pritchard, The Encyclopedia of Chess Variants, 1994, p. 79, as Wikipedia's
"Cylinder chess" cites it; XBoard's Cylinder Chess rules page), not from
chimera's code: its own 64-square board whose a- and h-files are
neighbours, its own move generator and its own check test (walking out
from the king's square). It exists to check chimera's
`variants/cylinder-chess.toml`; `tests/cylinder.rs` holds the figures it
gave.

    python3 tests/tools/cylinder_perft.py 3
    python3 tests/tools/cylinder_perft.py 2 --divide --fen "<FEN>"

The rulings it follows (those of the rules file):
- a piece stepping off one side of the board comes back on the other;
  nothing crosses the first or last rank;
- a rook, bishop or queen slides until it meets a piece, and never onto or
  past its own square: a move that goes round the whole rank and leaves
  the position as it was is no move; a square reached two ways (round the
  rank either way, or by two diagonals that meet again across the seam:
  c1-e3-g5 and c1-a3-g5) is one move;
- pawns capture across the seam (a2xh3), en passant too (a5xh6 after
  h7-h5);
- castling is chess's: the king two squares towards the a- or h-rook of
  its own side, the squares between them (on the board, not round the
  seam) empty, the king not in check and crossing no attacked square.
"""

import sys

from perft_common import counts

FILES = "abcdefgh"
WHITE, BLACK = 0, 1
ORTHOGONAL = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAGONAL = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = ORTHOGONAL + DIAGONAL
SLIDES = {"R": ORTHOGONAL, "B": DIAGONAL, "Q": ORTHOGONAL + DIAGONAL}
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def name(sq):
    return FILES[sq % 8] + str(sq // 8 + 1)


def parse_square(text):
    return FILES.index(text[0]) + 8 * (int(text[1:]) - 1)


def step(sq, d):
    """The square one step `d` from `sq`: the file counted round, the rank
    not; None off the board, and None for the square itself."""
    f, r = (sq % 8 + d[0]) % 8, sq // 8 + d[1]
    if not 0 <= r < 8:
        return None
    t = r * 8 + f
    return None if t == sq else t


def line(sq, d):
    """The squares a slider on `sq` passes along `d`, nearest first, ending
    before it would come back to `sq`."""
    out = []
    cur = step(sq, d)
    while cur is not None and cur != sq:
        out.append(cur)
        cur = step(cur, d)
    return out


class Position:
    def __init__(self, board, side, rights, ep):
        self.board = board  # 64 entries: None or (colour, letter)
        self.side = side
        self.rights = rights  # a set of "K", "Q", "k", "q"
        self.ep = ep  # the square a double step just passed, or None

    @staticmethod
    def read(fen):
        rows, side, rights, ep = fen.split()[:4]
        board = [None] * 64
        for i, row in enumerate(rows.split("/")):
            f = 0
            for c in row:
                if c.isdigit():
                    f += int(c)
                else:
                    board[(7 - i) * 8 + f] = (WHITE if c.isupper() else BLACK, c.upper())
                    f += 1
        return Position(
            board,
            WHITE if side == "w" else BLACK,
            set(rights) - {"-"},
            None if ep == "-" else parse_square(ep),
        )

    def attacked(self, sq, by):
        """Whether a piece of `by` could take on `sq`, looked for from
        `sq` outwards."""
        board = self.board
        for d in KNIGHT:
            t = step(sq, d)
            if t is not None and board[t] == (by, "N"):
                return True
        for d in KING:
            t = step(sq, d)
            if t is not None and board[t] == (by, "K"):
                return True
        back = -1 if by == WHITE else 1  # a pawn of `by` stands a rank behind
        for df in (1, -1):
            t = step(sq, (df, back))
            if t is not None and board[t] == (by, "P"):
                return True
        for dirs, kinds in ((ORTHOGONAL, "RQ"), (DIAGONAL, "BQ")):
            for d in dirs:
                for t in line(sq, d):
                    if board[t] is not None:
                        if board[t][0] == by and board[t][1] in kinds:
                            return True
                        break
        return False

    def pseudo(self):
        """Moves as (from, to, promotion, kind); kind is None, "ep", "castle"
        or "double"."""
        out = []
        us, board = self.side, self.board
        forward = 1 if us == WHITE else -1
        for sq in range(64):
            p = board[sq]
            if p is None or p[0] != us:
                continue
            letter = p[1]
            if letter == "P":
                self.pawn_moves(sq, forward, out)
            elif letter in "NK":
                for d in KNIGHT if letter == "N" else KING:
                    t = step(sq, d)
                    if t is not None and (board[t] is None or board[t][0] != us):
                        out.append((sq, t, None, None))
            else:
                for d in SLIDES[letter]:
                    for t in line(sq, d):
                        if board[t] is None:
                            out.append((sq, t, None, None))
                            continue
                        if board[t][0] != us:
                            out.append((sq, t, None, None))
                        break
        self.castlings(out)
        # Two ways to one square (a rook round its rank either way, a
        # bishop's two diagonals meeting again across the seam) are one move.
        return list(dict.fromkeys(out))

    def pawn_moves(self, sq, forward, out):
        board, us = self.board, self.side
        last = 7 if us == WHITE else 0

        def add(t, kind=None):
            if t // 8 == last:
                out.extend((sq, t, q, kind) for q in "QRBN")
            else:
                out.append((sq, t, None, kind))

        one = step(sq, (0, forward))
        if one is not None and board[one] is None:
            add(one)
            home = 1 if us == WHITE else 6
            two = step(one, (0, forward))
            if sq // 8 == home and board[two] is None:
                out.append((sq, two, None, "double"))
        for df in (1, -1):
            t = step(sq, (df, forward))
            if t is None:
                continue
            if board[t] is not None and board[t][0] != us:
                add(t)
            elif t == self.ep:
                out.append((sq, t, None, "ep"))

    def castlings(self, out):
        us, board = self.side, self.board
        rank = 0 if us == WHITE else 56
        king = rank + 4
        if board[king] != (us, "K") or self.attacked(king, 1 - us):
            return
        # (right, rook's file, king's destination file, files that must be
        # empty, files the king crosses and lands on)
        for right, rook, to, empty, crossed in (
            ("K", 7, 6, (5, 6), (5, 6)),
            ("Q", 0, 2, (1, 2, 3), (3, 2)),
        ):
            if (right if us == WHITE else right.lower()) not in self.rights:
                continue
            if board[rank + rook] != (us, "R"):
                continue
            if any(board[rank + f] is not None for f in empty):
                continue
            if any(self.attacked(rank + f, 1 - us) for f in crossed):
                continue
            out.append((king, rank + to, None, "castle"))

    def make(self, m):
        fr, to, promo, kind = m
        board = list(self.board)
        us = self.side
        piece = board[fr]
        board[fr] = None
        board[to] = (us, promo) if promo else piece
        forward = 1 if us == WHITE else -1
        if kind == "ep":
            board[to - 8 * forward] = None
        if kind == "castle":
            rank = to - to % 8
            rook_from, rook_to = (rank + 7, rank + 5) if to % 8 == 6 else (rank, rank + 3)
            board[rook_to] = board[rook_from]
            board[rook_from] = None
        rights = set(self.rights)
        if piece[1] == "K":
            rights -= {"K", "Q"} if us == WHITE else {"k", "q"}
        for sq, right in ((0, "Q"), (7, "K"), (56, "q"), (63, "k")):
            if sq in (fr, to):
                rights.discard(right)
        ep = fr + 8 * forward if kind == "double" else None
        return Position(board, 1 - us, rights, ep)

    def legal(self):
        out = []
        for m in self.pseudo():
            after = self.make(m)
            king = after.board.index((self.side, "K"))
            if not after.attacked(king, 1 - self.side):
                out.append((m, after))
        return out


def move_text(m):
    fr, to, promo, _ = m
    return name(fr) + name(to) + (promo.lower() if promo else "")


def main():
    depth = int(sys.argv[1])
    pos = Position.read(sys.argv[sys.argv.index("--fen") + 1] if "--fen" in sys.argv else START)
    counts(pos, depth, move_text, "--divide" in sys.argv)


if __name__ == "__main__":
    main()
