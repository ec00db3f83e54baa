#!/usr/bin/env python3
"""An independent perft counter for Fergus Duniho's Hex Shogi 91.

Written from the rules texts (chessvariants.com's Hex Shogi family page,
its Hex Shogi 41 and Hex Shogi 91 pages), not from chimera's code: Duniho's
own board — hexagons standing on a corner, horizontal ranks — in axial
coordinates, his cell names, its own move generator, drop rules and check
test. It exists to check `variants/hex-shogi-91.toml`, which holds the same
board turned a quarter turn (chimera's hexagons have their flat sides up);
`tests/hex_shogi.rs` holds the figures it gave.

    python3 tests/tools/hexshogi_perft.py 3
    python3 tests/tools/hexshogi_perft.py 2 --divide
    python3 tests/tools/hexshogi_perft.py 3 --fen "<chimera's position text>"

The board: axial (q, r), |q|, |r|, |q + r| <= 5, r growing down the board:
rank a (White's back rank) is r = -5, rank k (Black's) r = 5. Duniho's
files are the lines running up to the right (q + r constant), numbered
from the right: file = 6 - q - r, so rank a holds files 11 (left) to 6, rank
k files 6 to 1. A cell is named file then rank: 4j, 6f (the centre).

Position text (chimera's, docs/rules-format.md): chimera's files are
Duniho's ranks (k on the left, a on the right) and its ranks his files, so
the text lists Duniho's files 11 down to 1, each from its cell on the
lowest rank (nearest k) up; then the hands in brackets (Black's upper
case, White's lower case), then the side to move (b or w). A promoted
piece is written with a `+` before its letter.
"""

import sys

from perft_common import counts

RANKS = "abcdefghijk"
CELLS = [(q, r) for r in range(-5, 6) for q in range(-5, 6) if abs(q + r) <= 5]
ON = set(CELLS)

# Six orthogonal steps (through an edge) and six diagonal ones (through a
# corner), for Black, whose forward is up (r falling).
NE, NW, E, W, SE, SW = (1, -1), (0, -1), (1, 0), (-1, 0), (0, 1), (-1, 1)
ORTHO = [NE, NW, E, W, SE, SW]
N, S = (1, -2), (-1, 2)
DNE, DNW, DSE, DSW = (2, -1), (-1, -1), (1, 1), (-2, 1)
DIAG = [N, DNE, DNW, S, DSE, DSW]
FWD_ORTHO = [NE, NW]
FWD_DIAG = [N, DNE, DNW]
GOLD = ORTHO + FWD_DIAG
# Two steps along a forward orthogonal, then one turned 60° from it.
KNIGHT = [(2 * a[0] + b[0], 2 * a[1] + b[1]) for a, b in
          ((NE, E), (NE, NW), (NW, W), (NW, NE))]

# letter -> (steps, rays); promoted forms with a `+`.
MOVES = {
    "K": (ORTHO + DIAG, []),
    "G": (GOLD, []),
    "S": (DIAG + FWD_ORTHO, []),
    "N": (KNIGHT, []),
    "L": ([], FWD_ORTHO),
    "P": (FWD_ORTHO, []),
    "R": ([], ORTHO),
    "B": ([], DIAG),
    "+R": (DIAG, ORTHO),
    "+B": (ORTHO, DIAG),
    "+S": (GOLD, []), "+N": (GOLD, []), "+L": (GOLD, []), "+P": (GOLD, []),
}
PROMOTES = "RBSNLP"
HAND_ORDER = "RBGSNLP"
BLACK, WHITE = 0, 1


def name(c):
    q, r = c
    return f"{6 - q - r}{RANKS[r + 5]}"


def forward_rank(c, side):
    """How many ranks the cell is from the side's own back rank (0 ... 10)."""
    return 5 - c[1] if side == BLACK else c[1] + 5


def vec(d, side):
    return d if side == BLACK else (-d[0], -d[1])


def add(c, d):
    return (c[0] + d[0], c[1] + d[1])


class Pos:
    def __init__(self, board, hands, side):
        self.board = board        # cell -> (side, letter with "+" if promoted)
        self.hands = hands        # [dict letter -> count] per side
        self.side = side

    def targets(self, c, captures_only=False):
        """Cells the piece on c may move to (empty or enemy)."""
        side, letter = self.board[c]
        steps, rays = MOVES[letter]
        out = []
        for d in steps:
            t = add(c, vec(d, side))
            if t in ON and (t not in self.board or self.board[t][0] != side):
                out.append(t)
        for d in rays:
            v, t = vec(d, side), add(c, vec(d, side))
            while t in ON:
                if t in self.board:
                    if self.board[t][0] != side:
                        out.append(t)
                    break
                out.append(t)
                t = add(t, v)
        return out

    def attacks(self, c, target):
        """Whether the piece on c could capture on target."""
        side, letter = self.board[c]
        steps, rays = MOVES[letter]
        for d in steps:
            if add(c, vec(d, side)) == target:
                return True
        for d in rays:
            v, t = vec(d, side), add(c, vec(d, side))
            while t in ON:
                if t == target:
                    return True
                if t in self.board:
                    break
                t = add(t, v)
        return False

    def in_check(self, side):
        king = next(c for c, p in self.board.items() if p == (side, "K"))
        return any(p[0] != side and self.attacks(c, king) for c, p in self.board.items())

    def after(self, change, hand_change):
        board = dict(self.board)
        for c, p in change:
            if p is None:
                board.pop(c, None)
            else:
                board[c] = p
        hands = [dict(self.hands[0]), dict(self.hands[1])]
        for s, letter, n in hand_change:
            hands[s][letter] = hands[s].get(letter, 0) + n
            if hands[s][letter] == 0:
                del hands[s][letter]
        return Pos(board, hands, 1 - self.side)

    def pseudo(self):
        """(move text, position) pairs before the check test."""
        us = self.side
        out = []
        for c, (side, letter) in list(self.board.items()):
            if side != us:
                continue
            for t in self.targets(c):
                hand = []
                if t in self.board:
                    hand = [(us, self.board[t][1].lstrip("+"), 1)]
                for promote in promotion_choices(letter, c, t, us):
                    new = "+" + letter if promote else letter
                    text = name(c) + name(t) + ("+" if promote else "")
                    out.append((text, self.after([(c, None), (t, (us, new))], hand)))
        for letter, n in self.hands[us].items():
            if n == 0:
                continue
            for t in CELLS:
                if t in self.board or not self.drop_allowed(letter, t):
                    continue
                out.append((letter + "*" + name(t),
                            self.after([(t, (us, letter))], [(us, letter, -1)])))
        return out

    def drop_allowed(self, letter, t):
        us = self.side
        rank = forward_rank(t, us)
        # Never where the piece would have no move.
        if letter in "PL" and rank == 10 or letter == "N" and rank >= 9:
            return False
        if letter == "P":
            # No pawn where one of its side's unpromoted pawns defends it.
            for d in FWD_ORTHO:
                c = add(t, vec((-d[0], -d[1]), us))
                if self.board.get(c) == (us, "P"):
                    return False
        return True

    def legal(self):
        us = self.side
        out = []
        for text, pos in self.pseudo():
            if pos.in_check(us):
                continue
            # A pawn drop may not give check.
            if text.startswith("P*") and pos.in_check(1 - us):
                continue
            out.append((text, pos))
        return out


def promotion_choices(letter, frm, to, side):
    """[False], [True] or [False, True]: whether the move may or must promote."""
    if letter not in PROMOTES:
        return [False]
    in_zone = forward_rank(frm, side) >= 7 or forward_rank(to, side) >= 7
    if not in_zone:
        return [False]
    rank = forward_rank(to, side)
    if letter in "PL" and rank == 10 or letter == "N" and rank >= 9:
        return [True]
    return [False, True]


def start():
    board = {}

    def put(files, rank, letters, side):
        for f, letter in zip(files, letters):
            board[cell(f"{f}{rank}")] = (side, letter)

    put(range(6, 0, -1), "k", "LNGGNL", BLACK)
    put(range(6, 1, -1), "j", "RSKSB", BLACK)
    put(range(9, 0, -1), "h", "P" * 9, BLACK)
    put(range(11, 5, -1), "a", "LNGGNL", WHITE)
    put(range(10, 5, -1), "b", "RSKSB", WHITE)
    put(range(11, 2, -1), "d", "P" * 9, WHITE)
    return Pos(board, [{}, {}], BLACK)


def cell(text):
    f, rank = int(text[:-1]), text[-1]
    r = RANKS.index(rank) - 5
    return (6 - f - r, r)


def file_cells(f):
    """Duniho's file f from its cell nearest rank k up."""
    return [c for c in sorted(CELLS, key=lambda c: -c[1]) if 6 - c[0] - c[1] == f]


def from_text(text):
    fields = text.split()
    placement, hand = fields[0], ""
    if "[" in placement:
        placement, hand = placement[:-1].split("[")
    board = {}
    lines = placement.split("/")
    assert len(lines) == 11, text
    for f, line in zip(range(11, 0, -1), lines):
        cells = file_cells(f)
        i, k = 0, 0
        while k < len(line):
            ch = line[k]
            if ch.isdigit():
                j = k
                while j < len(line) and line[j].isdigit():
                    j += 1
                i += int(line[k:j])
                k = j
                continue
            promoted = ch == "+"
            if promoted:
                k += 1
                ch = line[k]
            side = BLACK if ch.isupper() else WHITE
            board[cells[i]] = (side, ("+" if promoted else "") + ch.upper())
            i += 1
            k += 1
        assert i == len(cells), (f, line)
    hands = [{}, {}]
    for ch in hand:
        if ch == "-":
            continue
        s = BLACK if ch.isupper() else WHITE
        hands[s][ch.upper()] = hands[s].get(ch.upper(), 0) + 1
    return Pos(board, hands, BLACK if fields[1] == "b" else WHITE)


def to_text(pos):
    lines = []
    for f in range(11, 0, -1):
        line, empty = "", 0
        for c in file_cells(f):
            if c not in pos.board:
                empty += 1
                continue
            if empty:
                line += str(empty)
                empty = 0
            side, letter = pos.board[c]
            line += letter if side == BLACK else letter.lower()
        lines.append(line + (str(empty) if empty else ""))
    hand = "".join(letter * pos.hands[0].get(letter, 0) for letter in HAND_ORDER)
    hand += "".join(letter.lower() * pos.hands[1].get(letter, 0) for letter in HAND_ORDER)
    return "/".join(lines) + (f"[{hand}]" if hand else "") + " " + "bw"[pos.side] + " - - 0 1"


def main(argv):
    depth = int(argv[1])
    pos = start()
    if "--fen" in argv:
        pos = from_text(argv[argv.index("--fen") + 1])
    counts(pos, depth, lambda m: m, "--divide" in argv)


if __name__ == "__main__":
    main(sys.argv)
