"""Perft-1 of taikyoku's start, piece by piece, from the site's movement strings
(their parser's rules, compounds as their Game code reads them), independent
of the chimera Betza this generator writes."""
import re, json, collections
from tk import ROWS, parse_simple, rots, RANK, INF, DIRV, start_board
N = 36
board = start_board(N)
on = lambda s: 0 <= s[0] < N and 0 <= s[1] < N
def sgn(a): return (a > 0) - (a < 0)

def moves(f, r, code):
    mv = ROWS[code]['movement']
    res = set()
    me = board[(f, r)][0]
    def occ(t): return board.get(t)
    def enemy(t): return occ(t) is not None and occ(t)[0] != me
    def add(t, caps=()):
        res.add((t, frozenset(caps)))
    def slide(x, y, d, rng, turn=None):
        t = (x, y)
        for _ in range(rng):
            t = (t[0] + d[0], t[1] + d[1])
            if not on(t): return
            if occ(t):
                if enemy(t): add(t, [t])
                return
            add(t)
            if turn:
                for e in turn(d): slide(t[0], t[1], e, INF)
    def leap(v):
        t = (f + v[0], r + v[1])
        if on(t) and (not occ(t) or enemy(t)): add(t, [t] if occ(t) else [])
    tri = []
    for m in re.finditer(r'\{([A-Z,]+)\}>', mv):
        tri += m[1].split(',')
    mv = re.sub(r'\{[A-Z,]+\}>', '', mv)
    rc = re.search(r'\(\(c([A-Z])cd\1\)-\1\)', mv)
    hop_dirs = []
    if rc:
        hop_dirs = {'Q': list(DIRV), 'B': ['FR', 'FL', 'BR', 'BL'], 'R': ['F', 'B', 'L', 'R']}[rc[1]]
        mv = mv.replace(rc[0], '')
    simple, comps, big = '', [], []
    i = 0
    while i < len(mv):
        if mv[i] == '(':
            depth, j = 1, i + 1
            while depth:
                depth += {'(': 1, ')': -1}.get(mv[j], 0); j += 1
            inner = mv[i + 1:j - 1]
            if '-' in inner: comps.append(inner)
            else:
                mods = re.search(r'([a-z]*)$', simple)[1]; simple = simple[:len(simple) - len(mods)]
                a, b = map(int, inner.split(','))
                big += [v for v in rots(a, b) if mods != 'f' or v[1] > 0]
            i = j
        else:
            simple += mv[i]; i += 1
    s, js = parse_simple(simple) if simple else ({}, set())
    for d, rng in s.items(): slide(f, r, DIRV[d], rng)
    for v in js | set(big): leap(v)
    for d in tri:
        t, hops = (f, r), 0
        while True:
            t = (t[0] + DIRV[d][0], t[1] + DIRV[d][1])
            if not on(t): break
            if occ(t):
                if enemy(t): add(t, [t])
                if hops == 3: break
                hops += 1
            else: add(t)
    # Range capture (their Piece.ts and Game.ts): a piece of lower rank, of
    # either side, counts as an empty square, and every piece passed or
    # landed on is taken; a piece of equal or higher rank stops the move
    # and is not taken.
    for d in hop_dirs:
        t, passed = (f, r), []
        while True:
            t = (t[0] + DIRV[d][0], t[1] + DIRV[d][1])
            if not on(t): break
            if occ(t):
                if RANK.get(occ(t)[1], 0) >= RANK[code]: break
                add(t, passed + [t])
                passed.append(t)
            else: add(t, passed)
    for c in comps:
        s1, s2 = c.split('-')
        if s1 == 'cK':
            for d in DIRV.values():
                a = (f + d[0], r + d[1])
                if not (on(a) and enemy(a)): continue
                for e in DIRV.values():
                    b = (a[0] + e[0], a[1] + e[1])
                    if s2 == 'bK' and b != (f, r): continue
                    if b == (f, r): add(b, [a])
                    elif on(b) and (not occ(b) or enemy(b)): add(b, [a] + ([b] if occ(b) else []))
            continue
        rel = ''
        if re.match(r'[sba][A-Z]', s2): rel, s2 = s2[0], s2[1:]
        sl2, _ = parse_simple(s2)
        rng = max(sl2.values())
        bm = re.fullmatch(r'([a-z]*)\((\d),(\d)\)', s1)
        if bm:
            vs = [v for v in rots(int(bm[2]), int(bm[3])) if bm[1] != 'f' or v[1] > 0]
            j1, sl1 = vs, {}
        else:
            sl1, j1 = parse_simple(s1)
        for v in j1:
            t = (f + v[0], r + v[1])
            if on(t) and not occ(t):
                d = (sgn(v[0]), sgn(v[1]))
                if d in [DIRV[k] for k in sl2]:
                    slide(t[0], t[1], d, rng)
        for k, r1 in sl1.items():
            d = DIRV[k]
            turn = (lambda d: [(d[1], -d[0]), (-d[1], d[0])]) if rel == 's' else None
            slide(f, r, d, r1, turn)
    # a leap or slide that captures only its destination is one move
    return {(t, frozenset() if caps <= {t} else caps) for t, caps in res}

def perft1():
  counts = collections.Counter()
  for (f, r), (side, code) in sorted(board.items()):
    if side == 'b':
        counts[code] += len(moves(f, r, code))
  return counts

if __name__ == '__main__':
    counts = perft1()
    for k, v in sorted(counts.items(), key=lambda kv: -kv[1]):
        if v: print(ROWS[k]['name'], v)
    print('total', sum(counts.values()))
