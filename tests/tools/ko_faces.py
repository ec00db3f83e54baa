#!/usr/bin/env python3
"""Independent model of every Ko shogi piece face, written from the words of
RULES.md §4.2 (not from chimera's notation), used to generate
tests/ko-shogi-faces.toml: for each face, its exact move set on an open board
and next to friends and enemies. Regenerate with:

    python3 tests/tools/ko_faces.py > tests/ko-shogi-faces.toml
"""

N = 19
ZONE = 13  # Black's promotion zone starts at rank index 13 (rank 14)

K8 = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
ORTH = [(0, 1), (0, -1), (1, 0), (-1, 0)]
DIAG = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
KNIGHT = [(1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)]
DJUMP = [(0, 2), (0, -2), (2, 0), (-2, 0)]
AJUMP = [(2, 2), (-2, 2), (2, -2), (-2, -2)]
FWD, BACK, SIDES = [(0, 1)], [(0, -1)], [(1, 0), (-1, 0)]
FDIAG, BDIAG = [(1, 1), (-1, 1)], [(1, -1), (-1, -1)]

PRIESTS = {"TB", "SM", "+TB", "+SM"}
BOW_IMMUNE = {"SP", "SU", "+SP", "CH", "+CH", "CU", "+SU", "+TB", "+C", "+FW"}
CANNON_IMMUNE = {"SU", "+SP", "+SU", "+TB"}
CANNON_SCREENS = {"SU", "+SP", "+SU"}
FW_IMMUNE = {"SU", "+SP", "+SU"}
NO_HF = {"CH", "+CH", "CU", "+C", "+FW"}
NEVER_PROMOTE = {"G", "WR", "E"}

def on(s):
    return 0 <= s[0] < N and 0 <= s[1] < N

def add(s, d, k=1):
    return (s[0] + d[0] * k, s[1] + d[1] * k)

class Board:
    def __init__(self, pieces):
        self.p = dict(pieces)  # square -> (code, color)
        self.vacated = set()
    def at(self, s):
        return None if s in self.vacated else self.p.get(s)

def may_displace(code, target):
    if target[0] == "+SU" and code in NO_HF:
        return False
    if code in PRIESTS:
        return target[0] in PRIESTS
    return True

def land(b, code, s):
    """'empty', 'capture' or None (friend or not allowed)."""
    q = b.at(s)
    if q is None:
        return "empty"
    if q[1] == 0:
        return None
    return "capture" if may_displace(code, q) else None

def steps(b, code, s, dirs):
    out = []
    for d in dirs:
        t = add(s, d)
        if on(t):
            r = land(b, code, t)
            if r:
                out.append((t, (t,) if r == "capture" else ()))
    return out

def slides(b, code, s, dirs, limit=99):
    out = []
    for d in dirs:
        for k in range(1, limit + 1):
            t = add(s, d, k)
            if not on(t):
                break
            q = b.at(t)
            if q is None:
                out.append((t, ()))
                continue
            if q[1] == 1 and may_displace(code, q):
                out.append((t, (t,)))
            break
    return out

def shots_first_piece(b, s, rng, immune, extra_rule=None):
    """Bows and the Frankish cannon: the first piece on a line within rng."""
    out = []
    for d in K8:
        for k in range(1, rng + 1):
            t = add(s, d, k)
            if not on(t):
                break
            q = b.at(t)
            if q is None:
                continue
            if q[1] == 1 and q[0] not in immune and (extra_rule is None or extra_rule(q, k)):
                out.append(t)
            break
    return out

def cannon_shots(b, s):
    out = []
    for d in K8:
        for k in range(1, 6):
            t = add(s, d, k)
            if not on(t):
                break
            q = b.at(t)
            if q is None:
                continue
            if q[1] == 1 and q[0] not in CANNON_IMMUNE:
                out.append(t)
            if q[0] in CANNON_SCREENS:
                break
    return out

def with_shots(b, base, shooter):
    """Each (landing, caps) move, then optionally one shot from the landing."""
    out = []
    for (t, caps) in base:
        out.append((t, caps))
        saved = set(b.vacated)
        b.vacated |= set(caps)
        for x in shooter(b, t):
            out.append((t, caps + (x,)))
        b.vacated = saved
    return out

def fw_double(b, base):
    out = []
    fog_rule = lambda q, k: q[0] != "+TB" or k >= 6
    for (t, caps) in base:
        out.append((t, caps))
        saved = set(b.vacated)
        b.vacated |= set(caps)
        for x in shots_first_piece(b, t, 7, FW_IMMUNE, fog_rule):
            out.append((t, caps + (x,)))
            b.vacated.add(x)
            for y in shots_first_piece(b, t, 7, FW_IMMUNE, fog_rule):
                out.append((t, caps + (x, y)))
            b.vacated.discard(x)
        b.vacated = saved
    return out

def multi(b, code, s, first, second):
    """One or two moves; the second from the landing square, the start counting
    as empty (igui and passes). `first(b, s)` / `second(b, t, d)` give
    (square, caps, direction)."""
    out = []
    for (t, caps, d) in first(b, s):
        out.append((t, caps))
        saved = set(b.vacated)
        b.vacated |= set(caps)
        for (u, caps2, _) in second(b, t, d):
            out.append((u, caps + caps2))
        b.vacated = saved
    return out

def leg(code, vecs):
    def gen(b, s, d=None):
        res = []
        for v in vecs:
            t = add(s, v)
            if on(t):
                r = land(b, code, t)
                if r:
                    res.append((t, (t,) if r == "capture" else (), v))
        return res
    return gen

def thunderclap(b, s):
    out = set()
    def go(sq, n, caps):
        if n == 5:
            out.add((sq, caps))
            return
        for d in ORTH:
            t = add(sq, d)
            if not on(t):
                continue
            q = b.at(t)
            if q is not None and q[1] == 0:
                continue
            if q is None:
                go(t, n + 1, caps)
            else:
                b.vacated.add(t)
                go(t, n + 1, caps + (t,))
                b.vacated.discard(t)
    go(s, 0, ())
    return list(out)

def flag_waver(b, s):
    out = []
    for d in ORTH:
        caps = ()
        for k in range(1, 6):
            t = add(s, d, k)
            if not on(t):
                break
            q = b.at(t)
            if q is not None and q[1] == 0:
                break
            if q is not None:
                caps = caps + (t,)
            out.append((t, caps))
    return out

def cavalry(b, s):
    out = []
    for v in KNIGHT:
        t = add(s, v)
        if not on(t):
            continue
        r = land(b, "CA", t)
        if not r:
            continue
        caps = (t,) if r == "capture" else ()
        out.append((t, caps))
        b.vacated |= set(caps)
        # Same class: the long component keeps its direction.
        if abs(v[1]) == 2:
            seconds = [(1, v[1]), (-1, v[1])]
        else:
            seconds = [(v[0], 1), (v[0], -1)]
        seconds.append((-v[0], -v[1]))  # back to the start: igui or pass
        for w in seconds:
            u = add(t, w)
            if on(u):
                r2 = land(b, "CA", u)
                if r2:
                    out.append((u, caps + ((u,) if r2 == "capture" else ())))
        b.vacated -= set(caps)
    return out

def priest(b, s, code, twice):
    def one(b, sq):
        res = []
        for (t, caps) in steps(b, code, sq, DJUMP + AJUMP):
            res.append((t, caps))
            b.vacated |= set(caps)
            for d in K8:
                x = add(t, d)
                if on(x) and b.at(x) is not None and b.at(x)[1] == 1:
                    res.append((t, caps + (x,)))
            b.vacated -= set(caps)
        return res
    out = []
    for (t, caps) in one(b, s):
        out.append((t, caps))
        if twice:
            saved = set(b.vacated)
            b.vacated |= set(caps)
            for (u, caps2) in one(b, t):
                out.append((u, caps + caps2))
            b.vacated = saved
    return out

def moves_of(code, b, s):
    st = lambda dirs: steps(b, code, s, dirs)
    sl = lambda dirs, n=99: slides(b, code, s, dirs, n)
    table = {
        "G": lambda: st(K8), "MA": lambda: st(K8), "+MA": lambda: st(K8),
        "D": lambda: st(DIAG + SIDES), "B": lambda: st(DIAG + SIDES),
        "SC": lambda: st(DIAG + DJUMP), "PL": lambda: st(ORTH + AJUMP),
        "A": lambda: st(DIAG + FWD + SIDES), "SR": lambda: st(ORTH + FDIAG),
        "GH": lambda: st(DIAG + FWD), "CS": lambda: st(DIAG + FWD + BACK),
        "EN": lambda: st(FDIAG + FWD + BACK), "+EN": lambda: st(FDIAG + FWD + BACK),
        "FD": lambda: sl(FWD) + st(BACK), "R": lambda: st(FWD) + sl(BACK),
        "SN": lambda: st(DIAG + SIDES + BACK), "DU": lambda: sl(K8),
        "Q": lambda: sl(ORTH) + st(DIAG), "FH": lambda: sl(DIAG) + st(ORTH),
        "E": lambda: sl(DIAG), "HS": lambda: st(KNIGHT), "P": lambda: st(ORTH),
        "PU": lambda: sl(FWD + BACK) + st(SIDES), "+P": lambda: sl(FWD + BACK) + st(SIDES),
        "SP": lambda: st(DIAG), "SU": lambda: sl(SIDES) + st(DIAG), "+SP": lambda: sl(SIDES) + st(DIAG),
        "CH": lambda: sl(ORTH, 5), "CU": lambda: sl(ORTH), "+CH": lambda: sl(ORTH), "VA": lambda: sl(FWD, 5),
        "+A": lambda: sl(ORTH) + st(DIAG), "+SN": lambda: sl(DIAG) + st(ORTH),
        "+SR": lambda: sl(FWD + BACK) + st(K8), "+GH": lambda: sl(SIDES) + st(K8),
        "+CS": lambda: sl(DIAG) + sl(FWD), "+FD": lambda: sl(SIDES + FDIAG) + st(BACK),
        "+R": lambda: sl(SIDES + BDIAG) + st(FWD), "+PU": lambda: sl(DIAG + FWD + BACK),
        "+SU": lambda: sl(DIAG + SIDES), "+CU": lambda: sl(K8),
        "LB": lambda: with_shots(b, st(DIAG), lambda b, t: shots_first_piece(b, t, 3, BOW_IMMUNE)),
        "SB": lambda: with_shots(b, st(DIAG), lambda b, t: shots_first_piece(b, t, 5, BOW_IMMUNE)),
        "+LB": lambda: with_shots(b, st(KNIGHT), lambda b, t: shots_first_piece(b, t, 3, BOW_IMMUNE)),
        "+SB": lambda: with_shots(b, st(KNIGHT), lambda b, t: shots_first_piece(b, t, 5, BOW_IMMUNE)),
        "C": lambda: with_shots(b, st(DIAG), cannon_shots),
        "+C": lambda: with_shots(b, sl(ORTH, 5), cannon_shots),
        "FW": lambda: fw_double(b, st(DIAG)),
        "+FW": lambda: fw_double(b, sl(ORTH, 5)),
        "TB": lambda: priest(b, s, code, False), "SM": lambda: priest(b, s, code, False),
        "+TB": lambda: priest(b, s, code, True), "+SM": lambda: priest(b, s, code, True),
        "WR": lambda: multi(b, code, s, leg(code, K8), leg(code, K8)),
        "+DU": lambda: sl(K8) + multi(b, code, s, leg(code, K8), leg(code, K8)),
        "+Q": lambda: sl(ORTH) + multi(b, code, s, leg(code, DIAG), leg(code, DIAG)),
        "+FH": lambda: sl(DIAG) + multi(b, code, s, leg(code, ORTH), leg(code, ORTH)),
        "+SC": lambda: multi(b, code, s, leg(code, DIAG + DJUMP), leg(code, DIAG + DJUMP)),
        "+PL": lambda: multi(b, code, s, leg(code, ORTH + AJUMP), leg(code, ORTH + AJUMP)),
        "CA": lambda: cavalry(b, s), "+HS": lambda: cavalry(b, s),
        "+CA": lambda: multi(b, code, s, leg(code, KNIGHT), leg(code, KNIGHT)),
        "+D": lambda: thunderclap(b, s), "+B": lambda: flag_waver(b, s),
    }
    b.vacated = {s}
    res = table[code]()
    b.vacated = set()
    return res

PROMOTES = {"MA": "+MA", "D": "+D", "B": "+B", "SC": "+SC", "PL": "+PL", "A": "+A", "SR": "+SR", "GH": "+GH",
            "CS": "+CS", "EN": "+EN", "TB": "+TB", "SM": "+SM", "FD": "+FD", "R": "+R", "SN": "+SN", "DU": "+DU",
            "Q": "+Q", "FH": "+FH", "FW": "+FW", "LB": "+LB", "SB": "+SB", "C": "+C", "HS": "+HS", "CA": "+CA",
            "P": "+P", "PU": "+PU", "SP": "+SP", "SU": "+SU", "CH": "+CH", "CU": "+CU", "VA": "+PU"}

def name(s):
    return "%s%d" % (chr(97 + s[0]), s[1] + 1)

def sym(code):
    core = code.lstrip("+")
    return code if len(core) == 1 else "(%s)" % code

def sfen(pieces, side="b"):
    rows = []
    for r in range(N - 1, -1, -1):
        row, e = "", 0
        for f in range(N):
            q = pieces.get((f, r))
            if q is None:
                e += 1
                continue
            if e:
                row += str(e)
                e = 0
            row += sym(q[0]) if q[1] == 0 else sym(q[0]).lower()
        if e:
            row += str(e)
        rows.append(row)
    return "/".join(rows) + " %s - 1" % side

# KO-R16: capturing one of these faces promotes any capturer, compulsorily
# (A20); a move that may also zone-promote then has only its promoting form.
COMMANDERS = {"G", "+MA", "MA", "B", "D"}

def move_texts(code, frm, moves, b):
    out = set()
    for (t, caps) in moves:
        base = "%s-%s%s" % (name(frm), name(t), "".join("x" + name(c) for c in caps))
        promo = PROMOTES.get(code)
        can_promote = code not in NEVER_PROMOTE and promo
        if can_promote and (frm[1] >= ZONE or t[1] >= ZONE):
            out.add(base + "=" + promo)
            if any(b.p[c][0] in COMMANDERS for c in caps):
                continue
        out.add(base)
    return sorted(out)

FACES = ["G", "MA", "D", "B", "SC", "PL", "A", "SR", "GH", "CS", "EN", "WR", "TB", "SM", "FD", "R", "SN", "DU", "Q",
         "FH", "FW", "E", "LB", "SB", "C", "HS", "CA", "P", "PU", "SP", "SU", "CH", "CU", "VA",
         "+MA", "+D", "+B", "+SC", "+PL", "+A", "+SR", "+GH", "+CS", "+EN", "+TB", "+SM", "+FD", "+R", "+SN", "+DU",
         "+Q", "+FH", "+FW", "+LB", "+SB", "+C", "+HS", "+CA", "+P", "+PU", "+SP", "+SU", "+CH", "+CU"]

HOME = (9, 8)  # j9
# The Black drum (a1) and priest (r1) stand, so pawns keep their forward step
# and drums/banners may promote; the White fog (a19) is too far to inhibit.
BASE = {(9, 0): ("G", 0), (9, 18): ("G", 1), (17, 0): ("TB", 0), (0, 0): ("D", 0)}
CROWD = {(9, 9): ("E", 0), (7, 8): ("SP", 0), (10, 9): ("P", 1), (8, 7): ("E", 1), (11, 10): ("SM", 1),
         (9, 6): ("P", 1), (10, 10): ("P", 1), (7, 9): ("E", 1), (9, 12): ("SU", 1), (0, 18): ("+TB", 1)}

def main():
    print("# Generated by tests/tools/ko_faces.py from an independent model of RULES.md §4.2;")
    print("# run by tests/variants.rs as `chimera check variants/ko-shogi.toml tests/ko-shogi-faces.toml`.")
    print("# Every face at j9: its exact move set on an open board, then among friends and enemies.")
    for code in FACES:
        for label, extra in (("open board", {}), ("among friends and enemies", CROWD)):
            pieces = dict(BASE)
            # The face under test replaces the base piece of its family, so
            # the position has no more pieces of a kind than the game.
            family = code.lstrip("+")
            for sq, (c, col) in BASE.items():
                if col == 0 and c.lstrip("+") == family:
                    del pieces[sq]
            pieces.update(extra)
            pieces[HOME] = (code, 0)
            b = Board(pieces)
            texts = move_texts(code, HOME, moves_of(code, b, HOME), b)
            print()
            print("[[test]]")
            print('name = "%s at j9, %s"' % (code, label))
            print('position = "%s"' % sfen(pieces))
            print('piece_moves = { from = "j9", moves = [%s] }' % ", ".join('"%s"' % t for t in texts))

if __name__ == "__main__":
    main()
