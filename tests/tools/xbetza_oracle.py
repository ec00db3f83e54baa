#!/usr/bin/env python3
"""Compare `chimera import xbetza` with the programs that read XBetza.

For each XBetza piece string, the piece is put on a 13x13 board (empty, and
crowded with pieces of both sides around it) and its targets are compared:

- against HaChu (`--against hachu`): the strings HaChu announces with `piece`
  commands (wa-shogi, cashew-shogi, macadamia-shogi, werewolf), each piece
  lifted in HaChu (`lift SQ` -> `highlight`, and for the first step of a
  double move, marked `C`, `put SQ` + `lift SQ` for the second steps);
- against XBoard's reading (`--against xboard`): a transcription of XBoard's
  `MovesFromString` (moves.c, XBoard 4.9), the code that makes XBoard
  highlight an engine-defined piece's moves; used for every string: Fairy-Max's
  and HaChu's pieces, XBoard's own piece table, and the examples of the XBetza
  documentation.

chimera's side: a rules file with the piece (`xbetza = "..."`), blockers
that cannot capture (so no check bends the moves), `chimera moves --json`.
Moves are compared as keys (destination, squares captured on the way): a
lion's igui is (origin, (e,)), a pass (origin, ()).

Strings `chimera import xbetza` refuses are listed with chimera's reason and
not compared; `i` moves (first moves) are not compared (the piece stands on
no initial square). Usage:

    python3 tests/tools/xbetza_oracle.py --against xboard --chimera target/release/chimera
    python3 tests/tools/xbetza_oracle.py --against hachu --positions 5

Against HaChu, a position where HaChu's highlights differ from chimera's
while chimera's equal XBoard's reading of the string is HaChu's string not
saying what HaChu plays (its moves come from its own tables: the lion's
string has no igui, ...): listed as STRING, counted, not a failure.

`--quick`: a sample (a few strings, two crowded positions) for tests/xbetza.rs.
Exit status: 0 no differences, 1 differences, 2 usage or tool error, 3 the
engine (hachu) is not installed.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

SIZE = 13
FILES = "abcdefghijklmnopqrstuvwxyz"

# XBoard's own piece table (moves.c, defaultDesc) and the examples of H. G.
# Muller's XBetza documentation (chessvariants.com, "XBetza"; XBoard's
# whats_new), with the meaning the documentation gives.
XBOARD_DEFAULTS = ["fmWfceFifmnD", "N", "B", "R", "Q", "F", "A", "BN", "RN", "W", "K", "mRcpR", "N0", "BW", "RF",
                   "gQ", "QN"]
DOC_EXAMPLES = {
    "mafsW": "the xiangqi horse: a step, then a diagonal step outward (lame knight)",
    "FyafsF": "the griffon (aanca): a diagonal step, then a rook slide outward",
    "WyafsW": "the aanca/manticore: an orthogonal step, then a bishop slide outward",
    "KNADcaKmabK": "the chu lion: K, jumps to distance 2, capture adjacent and go on, step out and back",
    "RmasR": "the hook mover: a rook move, then optionally a turn of 90 degrees and a second rook move",
    "BmasB": "the diagonal hook mover (crooked bishop, one turn)",
    "aflafrKafraflKafafsKafsafK": "Fairy-Max's falcon: three-step paths with one or two 45-degree turns",
    "mpafsafF": "not in XBoard's piece list: a diagonal step passing a piece (refused)",
    "caKmabK": "lion's double moves alone",
    "cafK": "a capture and a step straight on",
    "mafK": "a two-step lame dabbaba/alfil (a step to an empty square, then on)",
}

# ---------------------------------------------------------------------------
# XBoard's MovesFromString (moves.c), white to move, no e.p., no castling, no
# cylinder, initial moves skipped. Board: {(x, y): 1 white, 2 black}.

SYMMETRY = "FBNW.FFW.NKN.NW.QR....W..N"
XSTEP = "2110.130.102.10.00....0..2"
YSTEP = "2132.133.313.20.11....1..3"
DIRTYPE = "01000104000200000260050000"
UPGRADE = "AFCD.BGH.JQL.NO.KW....R..Z"
ROTATE = "DRCA.WHG.JKL.NO.QB....F..Z"
DIRS1 = [0, 0x3C, 0, 0, 0, 0xC3, 0, 0, 0, 0, 0, 0xF0, 0, 0, 0, 0, 0, 0x0F, 0, 0, 0, 0, 0, 0, 0, 0]
DIRS2 = [0, 0x18, 0, 0, 0, 0x81, 0, 0xFF, 0, 0, 0, 0x60, 0, 0, 0, 0, 0, 0x06, 0x66, 0, 0, 0x99, 0, 0, 0, 0]
DIRS3 = [0, 0x38, 0, 0, 0, 0x83, 0, 0xFF, 0, 0, 0, 0xE0, 0, 0, 0, 0, 0, 0x0E, 0xEE, 0, 0, 0xBB, 0, 0, 0, 0]
DIRS4 = [0, 0x10, 0, 0, 0, 0x01, 0, 0xFF, 0, 0, 0, 0x40, 0, 0, 0, 0, 0, 0x04, 0x44, 0, 0, 0x11, 0, 0, 0, 0]
ROT = [(1, 0, 0, 1), (0, 1, 1, 0), (0, 1, -1, 0), (1, 0, 0, -1), (-1, 0, 0, -1), (0, -1, -1, 0), (0, -1, 1, 0),
       (-1, 0, 0, 1)]


def dt(c):
    return DIRTYPE[ord(c) - 97] if "a" <= c <= "z" else "0"


def ix(c):
    return ord(c) - 97


def cdiv(a, b):
    return int(a / b)


def xb_moves(board, f, r, desc, tx=-1, ty=-1, angle=0, caps=(), out=None):
    """The (destination, captured squares) keys XBoard generates."""
    if out is None:
        out = set()
    his, mine = 2, 1
    s = desc + "\0\0\0"
    p = 0
    while s[p] != "\0":
        expo, initial, jump, skip, all_, ds2, retry, cont = -1, 0, 1, 0, 0, 0, 0, None
        d = p
        while s[p] == "i":
            initial += 1
            p += 1
            d = p
        while "a" <= s[p] <= "z":
            p += 1
        if not ("A" <= s[p] <= "Z"):
            return out
        a = s[p]
        sym = SYMMETRY[ord(a) - 65]
        if sym == ".":
            return out
        dx, dy = int(XSTEP[ord(a) - 65]), int(YSTEP[ord(a) - 65])
        dirset = 0
        king = False
        if sym in "BF":
            if sym == "B":
                expo = 0
            all_ = 0xAA
            if tx >= 0:
                king = True
            else:
                while "a" <= s[d] <= "z" and dt(s[d]) != "0":
                    i = dt(s[d])
                    b = DIRS1[ix(s[d])]
                    if "a" <= s[d + 1] <= "z" and ((ord(i) | ord(dt(s[d + 1]))) & 3) == 3:
                        b = DIRS1[ix(s[d])] & DIRS1[ix(s[d + 1])]
                        d += 2
                    else:
                        d += 1
                    dirset |= b
                dirset &= 0xAA
                if not dirset:
                    dirset = 0xAA
        elif sym in "RW":
            if sym == "R":
                expo = 0
            all_ = 0x55
            if tx >= 0:
                king = True
            else:
                while "a" <= s[d] <= "z" and (ord(dt(s[d])) & ~4) != ord("0"):
                    dirset |= DIRS2[ix(s[d])]
                    d += 1
                dirset &= 0x55
                if not dirset:
                    dirset = 0x55
                dirset = (dirset << angle | dirset >> (8 - angle)) & 255
        elif sym == "N":
            all_ = 0xFF
            if tx >= 0:
                king = True
            elif s[d] == "h":
                dirset = 0x55 if s[d + 1] == "r" else 0xAA
                d += 2
            else:
                while "a" <= s[d] <= "z" and dt(s[d]) != "0":
                    i = dt(s[d])
                    b = DIRS2[ix(s[d])]
                    if s[d + 1] == "h":
                        b = DIRS1[ix(s[d])]
                        d += 2
                    elif s[d] == s[d + 1] or ("a" <= s[d + 1] <= "z" and i < "4"
                                              and ((ord(i) | ord(dt(s[d + 1]))) & 3) == 3):
                        b = DIRS1[ix(s[d])] & DIRS2[ix(s[d + 1])]
                        d += 2
                    else:
                        d += 1
                    dirset |= b
                if not dirset:
                    dirset = 0xFF
        else:  # K, Q
            if sym == "Q":
                expo = 0
            all_ = 0xFF
            king = True
        if king:
            while "a" <= s[d] <= "z" and dt(s[d]) != "0":
                i = dt(s[d])
                b = DIRS4[ix(s[d])]
                if s[d + 1] == s[d]:
                    d += 1
                elif "a" <= s[d + 1] <= "z" and i < "4" and ((ord(i) | ord(dt(s[d + 1]))) & 3) == 3:
                    b = DIRS3[ix(s[d])] & DIRS3[ix(s[d + 1])]
                    d += 1
                d += 1
                dirset |= b
            if not dirset:
                dirset = 0xFF if tx < 0 else (0xEF if all_ == 0xFF else 0x45)
            dirset = (dirset << angle | dirset >> (8 - angle)) & 255
            ds2 = dirset & 0xAA
            dirset &= 0x55
            if dirset:
                retry, dx = 1, 0
            else:
                dx, dirset = dy, ds2
        mode = 0
        for ch, bit in (("m", 4), ("c", his), ("d", mine), ("e", 8), ("t", 16), ("p", 32), ("g", 64), ("o", 128),
                        ("y", 512)):
            if s[d] == ch:
                mode |= bit
                d += 1
        if s[d] == "n":
            jump = 0
            d += 1
        while s[d] == "j":
            jump += 1
            d += 1
        if s[d] == "a":
            d += 1
            cont = d
        p += 1
        if s[p].isdigit():
            q = p
            while s[q].isdigit():
                q += 1
            expo = int(s[p:q])
            p += 1
        if expo > 9:
            p += 1
        if initial:
            continue  # the piece stands on no initial square
        if expo > 0 and dx == 0 and dy == 0:
            continue  # castling
        if expo < 0:
            expo = 1
        buf = None
        if cont is None:
            if not (mode & 15):
                mode |= his + 4
        else:
            buf = list(s[cont:].rstrip("\0"))
            at = 0
            while at < len(buf) and "a" <= buf[at] <= "z":
                at += 1
            if mode & 32:
                mode ^= 256 + 32
            if mode & (64 + 512):
                mode |= 256
                if mode & 512:
                    mode ^= 0x304
                buf[at] = UPGRADE[ord(buf[at]) - 65]
                buf = buf[:at + 1]
                if expo == 1:
                    buf.append("0")
            if not (mode & 0x30F):
                mode |= 4
        if dy == 1:
            skip, jump = jump - 1, 1
        while True:
            for dr in range(8):
                bit = 1 << dr
                if not (bit & dirset):
                    continue
                i, j, hop = expo, skip, mode
                if dy != 1:
                    j = 0
                vx = dx * ROT[dr][0] + dy * ROT[dr][1]
                vy = dx * ROT[dr][2] + dy * ROT[dr][3]
                x, y = (f, r) if tx < 0 else (tx, ty)
                while True:
                    x += vx
                    y += vy
                    if y < 0 or y >= SIZE or x < 0 or x >= SIZE:
                        break
                    if j:
                        j -= 1
                        i -= 1
                        if i == 0:
                            break
                        continue
                    mid = (x - vx + cdiv(vx, 2), y - vy + cdiv(vy, 2))
                    if not jump and board.get(mid):
                        break
                    if jump > 1 and not board.get(mid):
                        break
                    if x == f and y == r:
                        occup = 4
                    elif board.get((x, y)) == 1:
                        occup = 0x101
                    elif board.get((x, y)) == 2:
                        occup = 0x102
                    else:
                        occup = 4
                    if buf is not None:
                        if mode & 16 and his & occup:
                            occup &= 3
                        if occup & mode:
                            nb = list(buf)
                            at = 0
                            while at < len(nb) and "a" <= nb[at] <= "z":
                                at += 1
                            if not (bit & all_):
                                nb[at] = ROTATE[ord(nb[at]) - 65]
                            if occup & mode & 0x104:
                                xb_moves(board, f, r, "".join(nb), x, y, dr, caps, out)
                            if occup & mode & 3:
                                xb_moves(board, f, r, "".join(nb), x, y, dr, caps + ((x, y),), out)
                        if occup != 4:
                            break
                    elif hop & (32 + 64):
                        if occup != 4:
                            if hop & 64 and i != 1:
                                i = 2
                            hop &= 31
                    else:
                        if occup & mode:
                            out.add(((x, y), tuple(sorted(set(caps + (((x, y),) if occup != 4 else ()))))))
                        if occup != 4:
                            break
                    i -= 1
                    if i == 0:
                        break
            dx = dy
            dirset = ds2
            if not (retry and ds2):
                break
            retry = 0
        if tx >= 0:
            break
    return out


# ---------------------------------------------------------------------------
# chimera's side.

def sq(x, y):
    return "%s%d" % (FILES[x], y + 1)


def parse_sq(t):
    return FILES.index(t[0]), int(t[1:]) - 1


def fen(board, piece_at, letters=("P", "p"), kings=True):
    files = ranks = SIZE
    rows = []
    for y in range(ranks - 1, -1, -1):
        row, n = "", 0
        for x in range(files):
            c = None
            if (x, y) == piece_at:
                c = "T"
            elif kings and (x, y) == (0, 0):
                c = "K"
            elif kings and (x, y) == (files - 1, ranks - 1):
                c = "k"
            elif board.get((x, y)):
                c = letters[board[(x, y)] - 1]
            if c is None:
                n += 1
                continue
            if n:
                row += str(n)
                n = 0
            row += c
        if n:
            row += str(n)
        rows.append(row)
    return "/".join(rows)


RULES = """[variant]
name = "xbetza oracle"
[board]
files = {size}
ranks = {size}
[[piece]]
name = "king"
symbol = "K"
betza = "mW"

[[piece]]
name = "blocker"
symbol = "P"
betza = "mfW"
[[piece]]
name = "tested"
symbol = "T"
xbetza = "{xbetza}"
initial_ranks = [2]
[setup]
position = "{position} w - - 0 1"
"""


def chimera_convert(chimera, xbetza):
    r = subprocess.run([chimera, "import", "xbetza", xbetza], capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr.strip().splitlines()[0] if r.stderr.strip() else "refused"
    return r.stdout.splitlines()[0], None


def chimera_keys(chimera, xbetza, board, at, tmp):
    path = os.path.join(tmp, "oracle.toml")
    position = fen(board, at)
    with open(path, "w") as fh:
        fh.write(RULES.format(size=SIZE, xbetza=xbetza.replace('"', ''), position=position))
    r = subprocess.run([chimera, "moves", path, "--json"], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("chimera moves: %s" % r.stderr.strip())
    keys = set()
    origin = sq(*at)
    for m in json.loads(r.stdout)["moves"]:
        if not m.startswith(origin):
            continue
        rest = m[len(origin):]
        if rest.startswith("-"):
            parts = rest[1:].split("x")
            to = parse_sq(parts[0])
            caps = tuple(sorted(parse_sq(c) for c in parts[1:] if c))
            if board.get(to) == 2 and to not in caps:
                caps = tuple(sorted(caps + (to,)))
            keys.add((to, caps))
        else:
            to = parse_sq(rest.rstrip("+").split("=")[0])
            keys.add((to, (to,) if board.get(to) == 2 else ()))
    return keys


def shell():
    """The black king's corner: HaChu does not take up a position in which
    the side to move can take a king, so it is walled in by black pieces."""
    return [(SIZE - 2, SIZE - 1), (SIZE - 2, SIZE - 2), (SIZE - 1, SIZE - 2)]


def empty():
    """A board with the two kings in the corners, the black one walled in."""
    board = {(0, 0): 1, (SIZE - 1, SIZE - 1): 2}
    for t in shell():
        board[t] = 2
    return board


def crowded(rng, at, density=0.35):
    board = empty()
    for x in range(SIZE):
        for y in range(SIZE):
            if (x, y) == at or (x, y) in board:
                continue
            if max(abs(x - at[0]), abs(y - at[1])) <= 4 and rng.random() < density:
                board[(x, y)] = rng.choice((1, 2))
    return board


# ---------------------------------------------------------------------------
# HaChu's side.

HACHU_VARIANTS = ["wa-shogi", "cashew-shogi", "macadamia-shogi", "werewolf"]
HACHU_SIZES = {"wa-shogi": 11, "cashew-shogi": 13, "macadamia-shogi": 13, "werewolf": 8}


def engine_pieces(path, variants, pre=""):
    """{variant: [(letter, xbetza)]} from the engine's `piece` commands."""
    out = {}
    for v in variants:
        cmds = "xboard\nprotover 2\n" + pre + "variant %s\nnew\nforce\nquit\n" % v
        try:
            r = subprocess.run([path], input=cmds, capture_output=True, text=True, timeout=10)
        except subprocess.TimeoutExpired:
            continue
        out[v] = [tuple(line.split(" ", 2)[1:]) for line in r.stdout.splitlines() if line.startswith("piece ")]
    return out


class HaChu:
    def __init__(self, path, variant):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.n = 0
        for c in ["xboard", "protover 2", "memory 68", "force", "variant " + variant]:
            self.send(c)
        self.sync()

    def send(self, c):
        self.p.stdin.write(c + "\n")
        self.p.stdin.flush()

    def sync(self):
        self.n += 1
        self.send("ping %d" % self.n)
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("hachu died")
            line = line.rstrip("\n")
            if line == "pong %d" % self.n:
                return lines
            lines.append(line)

    def highlight(self, at):
        self.send("lift " + sq(*at))
        for line in self.sync():
            if line.startswith("highlight "):
                return parse_highlight(line.split(" ", 1)[1])
        return {}

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=2)
        except Exception:
            self.p.kill()


def parse_highlight(text):
    out = {}
    for i, row in enumerate(text.split("/")[:SIZE]):
        y = SIZE - 1 - i
        x = 0
        j = 0
        while j < len(row):
            if row[j].isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                x += int(row[j:k])
                j = k
            else:
                out[(x, y)] = row[j]
                x += 1
                j += 1
    return out


def hachu_fen(board, at, letter):
    """HaChu's board text: the tested piece's letter, pawns as blockers."""
    rows = []
    for y in range(SIZE - 1, -1, -1):
        row, n = "", 0
        for x in range(SIZE):
            c = None
            if (x, y) == at:
                c = letter
            elif (x, y) == (0, 0):
                c = "K"
            elif (x, y) == (SIZE - 1, SIZE - 1):
                c = "k"
            elif board.get((x, y)):
                c = "P" if board[(x, y)] == 1 else "p"
            if c is None:
                n += 1
                continue
            if n:
                row += str(n)
                n = 0
            row += c
        if n:
            row += str(n)
        rows.append(row)
    return "/".join(rows)


def hachu_keys(path, variant, letter, board, at):
    h = HaChu(path, variant)
    try:
        h.send("setboard " + hachu_fen(board, at, letter))
        h.highlight(at)  # the first lift after setboard may answer from the last position
        marks = h.highlight(at)
        keys = set()
        for t, mark in marks.items():
            cap = (t,) if board.get(t) == 2 else ()
            if t == at:
                keys.add((t, ()))
            elif mark in "YRM":
                keys.add((t, cap))
            elif mark == "C":
                keys.add((t, cap))
                h.send("put " + sq(*t))
                for t2 in h.highlight(t):
                    c2 = (t,) + ((t2,) if board.get(t2) == 2 and t2 != t else ())
                    keys.add((t2, tuple(sorted(c2))))
        return keys
    finally:
        h.close()


# ---------------------------------------------------------------------------

def fmt(keys):
    return " ".join(sorted(sq(*t) + ("x" + ",".join(sq(*c) for c in cs) if cs else "") for t, cs in keys))


def compare(name, want, got, diffs):
    if want != got:
        diffs.append("%s\n    only in the reference: %s\n    only in chimera: %s"
                     % (name, fmt(want - got) or "-", fmt(got - want) or "-"))
        return False
    return True


def main():
    global SIZE
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--against", choices=["xboard", "hachu"], default="xboard")
    ap.add_argument("--chimera", default="target/release/chimera")
    ap.add_argument("--hachu", default="/usr/games/hachu")
    ap.add_argument("--fairymax", default="/usr/games/fairymax")
    ap.add_argument("--positions", type=int, default=4, help="crowded positions per piece")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--strings", nargs="*", help="compare these strings only (xboard)")
    args = ap.parse_args()
    if not os.path.exists(args.chimera):
        print("no chimera binary at %s" % args.chimera)
        return 2
    at = (SIZE // 2, SIZE // 2)
    rng = random.Random(args.seed)
    positions = 2 if args.quick else args.positions
    diffs, refused, compared, unlike_string, crashed = [], [], 0, [], []
    tmp = tempfile.mkdtemp()
    if args.against == "hachu":
        if not (os.path.exists(args.hachu) or shutil.which("hachu")):
            print("hachu is not installed (apt-get install hachu)")
            return 3
        pieces = engine_pieces(args.hachu, HACHU_VARIANTS, "memory 68\n")
        seen = set()
        for variant, plist in pieces.items():
            SIZE = HACHU_SIZES[variant]
            at = (SIZE // 2, SIZE // 2)
            for letter, xbetza in plist:
                letter = letter.rstrip("&")
                if (variant, xbetza) in seen:
                    continue
                seen.add((variant, xbetza))
                if args.quick and "a" not in xbetza and len(seen) % 6:
                    continue
                betza, why = chimera_convert(args.chimera, xbetza)
                if betza is None:
                    refused.append("%s %s %s: %s" % (variant, letter, xbetza, why))
                    continue
                ok, unlike = True, False
                for k in range(positions + 1):
                    board = empty() if k == 0 else crowded(rng, at)
                    try:
                        want = hachu_keys(args.hachu, variant, letter, board, at)
                    except (RuntimeError, OSError) as e:
                        crashed.append("%s %s %s: %s" % (variant, letter, fen(board, at), e))
                        continue
                    got = chimera_keys(args.chimera, xbetza, board, at, tmp)
                    where = "empty board" if k == 0 else "crowded %d: %s" % (k, fen(board, at))
                    name = "%s %s %s -> %s, %s" % (variant, letter, xbetza, betza, where)
                    if want == got:
                        continue
                    if not want:
                        crashed.append("%s %s %s: no highlight (HaChu did not set the piece up)"
                                       % (variant, letter, fen(board, at)))
                        continue
                    # HaChu moves its pieces by its own tables: where its
                    # string, read as XBoard reads it, says otherwise and
                    # chimera follows the string, the string is at fault.
                    if got == xb_moves(board, at[0], at[1], xbetza):
                        unlike = True
                        compare(name, want, got, unlike_string)
                    else:
                        ok &= compare(name, want, got, diffs)
                compared += 1
                status = "ok" if ok and not unlike else "DIFF" if not ok else "str"
                print("%-4s %-16s %-6s %-22s %s" % (status, variant, letter, xbetza, betza))
    else:
        strings = args.strings
        if not strings and args.quick:
            strings = ["fmWfceFifmnD", "mRcpR", "gQ", "N0"] + list(DOC_EXAMPLES)
        if not strings:
            strings = list(XBOARD_DEFAULTS) + list(DOC_EXAMPLES)
            if os.path.exists(args.hachu):
                for plist in engine_pieces(args.hachu, HACHU_VARIANTS, "memory 68\n").values():
                    strings += [x for _, x in plist]
            if os.path.exists(args.fairymax):
                fm = ["cambodian", "ai-wok", "falcon", "cylinder", "berolina", "great", "bifurcator", "team-mate",
                      "ciccolini", "mexican", "grande-acedrex", "almost-wildebeest", "fairy"]
                for plist in engine_pieces(args.fairymax, fm).values():
                    strings += [x for _, x in plist]
            strings = sorted(set(strings))
        for xbetza in strings:
            betza, why = chimera_convert(args.chimera, xbetza)
            if betza is None:
                refused.append("%s: %s" % (xbetza, why))
                continue
            ok = True
            for k in range(positions + 1):
                board = empty() if k == 0 else crowded(rng, at)
                want = xb_moves(board, at[0], at[1], xbetza)
                got = chimera_keys(args.chimera, xbetza, board, at, tmp)
                where = "empty board" if k == 0 else "crowded %d: %s" % (k, fen(board, at))
                ok &= compare("%s -> %s, %s" % (xbetza, betza, where), want, got, diffs)
            compared += 1
            print("%-4s %-28s %s" % ("ok" if ok else "DIFF", xbetza, betza))
    shutil.rmtree(tmp, ignore_errors=True)
    for r in refused:
        print("refused  %s" % r)
    for d in crashed:
        print("HACHU-FAILED %s" % d)
    for d in unlike_string:
        print("STRING %s" % d)
    for d in diffs:
        print("DIFF %s" % d)
    print("strings compared %d, refused %d, differences %d" % (compared, len(refused), len(diffs)))
    if args.against == "hachu":
        print("positions HaChu did not answer (it died, or showed no move): %d" % len(crashed))
        print("positions where HaChu's moves are not its string's (chimera = XBoard's reading of the string): %d"
              % len(unlike_string))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
