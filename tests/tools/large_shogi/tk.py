"""Taikyoku shogi from the taikyoku-shogi.github.io data (pieces.csv and
initial.tsfen): their movement strings -> chimera Betza."""
import csv, os, re, json
from common import orth_str, diag_str

# A checkout of taikyoku-shogi/taikyoku-shogi.github.io (its src/assets).
SITE = os.environ.get('TAIKYOKU_SITE', 'taikyoku-shogi.github.io')
ROWS = {r['code']: r for r in csv.DictReader(open(os.path.join(SITE, 'src/assets/pieces.csv')))}

def start_board(n=36):
    """initial.tsfen -> {(file, rank): ('b' | 'w', code)}; lower case is the
    first player (sente, below), files from its left, rank 0 its back rank."""
    tsfen = open(os.path.join(SITE, 'src/assets/initial.tsfen')).read().split()[0]
    board = {}
    for y, row in enumerate(tsfen.split('/')):
        x = 0
        for cell in row.split(','):
            if cell.isdigit():
                x += int(cell); continue
            m = re.fullmatch(r'([A-Za-z]+?)(\d*)', cell)
            code, cnt = m[1], int(m[2] or 1)
            for _ in range(cnt):
                board[(x, n - 1 - y)] = ('b' if code.islower() else 'w', code.upper()); x += 1
        assert x == n, (y, x)
    return board
INF = 99
DIRV = {'F': (0, 1), 'FR': (1, 1), 'R': (1, 0), 'BR': (1, -1), 'B': (0, -1), 'BL': (-1, -1), 'L': (-1, 0), 'FL': (-1, 1)}
LET = {'F': 'f', 'B': 'b', 'L': 'l', 'R': 'r', 'FR': 'fr', 'FL': 'fl', 'BR': 'br', 'BL': 'bl'}

def rots(x, y):
    return {(a, b) for a, b in [(x, y), (x, -y), (-x, y), (-x, -y), (y, x), (y, -x), (-y, x), (-y, -x)]}

def parse_simple(s):
    """Their parser (betzaNotationParser.ts) for a string without brackets:
    slides {dir: range} and jumps {(x, y)} (y forward)."""
    for a, b in (('B', 'FF'), ('R', 'WW'), ('K', 'WF')):
        s = s.replace(a, b)
    s = re.sub(r'([a-z]*)Q(\d)?', lambda m: f"{m[1]}F{m[2]}{m[1]}W{m[2]}" if m[2] else f"{m[1]}FF{m[1]}WW", s)
    atoms = {'W': (1, 0), 'F': (1, 1), 'D': (2, 0), 'N': (2, 1), 'A': (2, 2), 'H': (3, 0), 'C': (3, 1), 'Z': (3, 2), 'G': (3, 3)}
    slides, jumps = {}, set()
    mods = ''; i = 0
    while i < len(s):
        ch = s[i]
        if ch.islower():
            mods += ch; i += 1; continue
        if ch not in atoms:
            raise ValueError(s)
        rng = 1
        if i + 1 < len(s) and s[i + 1].isdigit():
            i += 1; rng = int(s[i])
        elif i + 1 < len(s) and s[i + 1] == ch:
            if i + 2 < len(s) and s[i + 2].isdigit():
                rng = int(s[i + 2]); i += 2
            else:
                rng = INF; i += 1
        if ch == 'W':
            ds = ['F', 'R', 'B', 'L']
            if mods:
                ds = [d for d in ds if (d == 'R' and ('s' in mods or 'r' in mods)) or (d == 'L' and ('s' in mods or 'l' in mods))
                      or (d == 'F' and ('v' in mods or 'f' in mods)) or (d == 'B' and ('v' in mods or 'b' in mods))]
            for d in ds: slides[d] = max(rng, slides.get(d, 0))
        elif ch == 'F':
            ds = ['FR', 'FL', 'BR', 'BL']
            if mods:
                ds = [d for d in ds if 's' in mods or 'v' in mods or (d == 'FR' and mods in ('fr', 'f', 'r')) or (d == 'FL' and mods in ('fl', 'f', 'l'))
                      or (d == 'BR' and mods in ('br', 'b', 'r')) or (d == 'BL' and mods in ('bl', 'b', 'l'))]
            for d in ds: slides[d] = max(rng, slides.get(d, 0))
        else:
            rs = rots(*atoms[ch])
            if mods:
                def keep(v):
                    x, y = v
                    if x and y and abs(x) != abs(y):
                        return abs(y) > abs(x) and ('v' in mods or (y > 0 and 'ff' in mods))
                    return ((x > 0 and ('s' in mods or 'r' in mods)) or (x < 0 and ('s' in mods or 'l' in mods))
                            or (y > 0 and ('v' in mods or 'f' in mods)) or (y < 0 and ('v' in mods or 'b' in mods)))
                rs = {v for v in rs if keep(v)}
            jumps |= rs
        mods = ''; i += 1
    return slides, jumps

def slides_betza(slides, prefix=''):
    byr = {}
    for d, r in slides.items():
        byr.setdefault(r, set()).add(d)
    out = ''
    for r in sorted(byr):
        ds = byr[r]
        o = {LET[d] for d in ds if len(d) == 1}
        g = {LET[d] for d in ds if len(d) == 2}
        n = '' if r in (1, INF) else str(r)
        out += orth_str(o, prefix + ('W' if r == 1 else 'R'), n) if o else ''
        out += diag_str(g, prefix + ('F' if r == 1 else 'B'), n) if g else ''
    return out

def sgn(a): return (a > 0) - (a < 0)

def leap(v, m=''):
    """One leap vector -> Betza (with modality prefix m)."""
    x, y = v; ax, ay = abs(x), abs(y)
    ol = {(0, 1): 'f', (0, -1): 'b', (1, 0): 'r', (-1, 0): 'l'}
    if ax == 0 or ay == 0:
        atom = {2: 'D', 3: 'H', 4: 'ppR4!'}[ax + ay]
        return m + ol[(sgn(x), sgn(y))] + atom
    if ax == ay:
        atom = {2: 'A', 3: 'G', 4: 'ppB4!'}[ax]
        return m + ('f' if y > 0 else 'b') + ('r' if x > 0 else 'l') + atom
    atom = {(1, 2): 'N', (2, 1): 'N', (1, 3): 'C', (3, 1): 'C', (2, 3): 'Z', (3, 2): 'Z'}[(ax, ay)]
    if ay > ax:
        return m + ('f' if y > 0 else 'b') + ('r' if x > 0 else 'l') + atom
    return m + ('r' if x > 0 else 'l') + ('f' if y > 0 else 'b') + atom

def jumps_betza(jumps):
    # group the simple leapers by atom for compact output
    groups = {}
    rest = []
    for v in sorted(jumps):
        x, y = v; ax, ay = abs(x), abs(y)
        key = None
        if (ax == 0 or ay == 0) and ax + ay in (2, 3):
            key = ('o', {2: 'D', 3: 'H'}[ax + ay])
        elif ax == ay and ax in (2, 3):
            key = ('d', {2: 'A', 3: 'G'}[ax])
        if key:
            groups.setdefault(key, set()).add(v)
        else:
            rest.append(v)
    out = ''
    ol = {(0, 1): 'f', (0, -1): 'b', (1, 0): 'r', (-1, 0): 'l'}
    for (kind, atom), vs in sorted(groups.items()):
        if kind == 'o':
            out += orth_str({ol[(sgn(x), sgn(y))] for x, y in vs}, atom)
        else:
            out += diag_str({('f' if y > 0 else 'b') + ('r' if x > 0 else 'l') for x, y in vs}, atom)
    # oblique leapers: all 8 -> plain atom
    obl = {}
    for v in rest:
        ax, ay = sorted((abs(v[0]), abs(v[1])))
        obl.setdefault((ax, ay), []).append(v)
    for k, vs in sorted(obl.items()):
        if len(vs) == 8 and k in ((1, 2), (1, 3), (2, 3)):
            out += {(1, 2): 'N', (1, 3): 'C', (2, 3): 'Z'}[k]
        else:
            out += ''.join(leap(v) for v in sorted(vs))
    return out

RANGE = {'GG', 'VG', 'FLG', 'AG', 'FID', 'FCR'}
RANK = {'K': 4, 'CP': 4, 'GG': 3, 'VG': 2, 'FLG': 1, 'AG': 1, 'FID': 1, 'FCR': 1}

def compound(inner):
    """One '(X-Y)' part -> Betza, after their compound-move rules."""
    step1, step2 = inner.split('-')
    cont = step1.startswith('c')
    rel = ''
    if step2.startswith('s') and step2[1].isupper(): rel = 's'; step2 = step2[1:]
    elif step2.startswith('b') and step2[1].isupper(): rel = 'b'; step2 = step2[1:]
    elif step2.startswith('a') and step2[1].isupper(): rel = 'any'; step2 = step2[1:]
    if step1 == 'cK' and rel in ('any', 'b'):
        # straight back only (their parser: the reverse of the first step)
        return 'cKaK' if rel == 'any' else 'cWabWcFabF'
    m = '' if cont else 'm'
    big = re.fullmatch(r'([a-z]*)\((\d),(\d)\)', step1)
    s2, _ = parse_simple(step2)
    rng = set(s2.values())
    assert len(rng) == 1, inner
    r = rng.pop()
    n = '' if r == INF else str(r)
    if big:
        mods, a, b = big[1], int(big[2]), int(big[3])
        vs = {v for v in rots(a, b)}
        if mods == 'f': vs = {v for v in vs if v[1] > 0}
        out = ''
        kinds = {('R' if v[0] == 0 or v[1] == 0 else 'B') for v in vs}
        for k in sorted(kinds):
            sub = {v for v in vs if (k == 'R') == (v[0] == 0 or v[1] == 0)}
            dirs = ''.join(sorted({leap(v, '')[:-5] if False else '' for v in sub}))
            atom = 'ppR4!' if k == 'R' else 'ppB4!'
            if k == 'B' and mods == 'f':
                out += f'[m{"f" + atom}]af{k}{n}'
            else:
                out += f'[m{atom}]af{k}{n}'
        return out
    s1, j1 = parse_simple(step1.lstrip('c'))
    out = ''
    if j1:
        # leaps, then on in the same direction
        for v in sorted(j1):
            atomk = 'R' if (v[0] == 0 or v[1] == 0) else 'B'
            if atomk not in {('R' if len(d) == 1 else 'B') for d in s2}:
                continue
            out += f'[{leap(v, m)}]af{atomk}{n}'
        return out
    # slides, then a turn (s), back (b) or on (f)
    o = slides_betza(s1)
    k = 'R' if all(len(d) == 1 for d in s2) else 'B'
    relx = {'s': 's', 'b': 'b', '': 'f', 'any': ''}[rel]
    return f'{m}{o}a{relx}{k}{n}'

def translate(code):
    mv = ROWS[code]['movement']
    parts = ''
    specials = ''
    cannot_hop = None
    # triple-slashed arrows: slides passing over up to three pieces
    for m in re.finditer(r'\{([A-Z,]+)\}>', mv):
        ds = m[1].split(',')
        o = {LET[d] for d in ds if len(d) == 1}
        g = {LET[d] for d in ds if len(d) == 2}
        specials += (orth_str(o, 'p3R') if o else '') + (diag_str(g, 'p3B') if g else '')
    mv = re.sub(r'\{[A-Z,]+\}>', '', mv)
    rc = re.search(r'\(\(c([A-Z])cd\1\)-\1\)', mv)
    if rc:
        specials += 'pp' + {'Q': 'Q', 'B': 'B', 'R': 'R'}[rc[1]]
        mv = mv.replace(rc[0], '')
        cannot_hop = sorted(c for c, r in RANK.items() if r >= RANK[code])
    # the rest: simple part and '(X-Y)' compounds (and lone '(a,b)' leaps)
    simple = ''
    comps = []
    i = 0
    while i < len(mv):
        if mv[i] == '(':
            depth = 1; j = i + 1
            while depth:
                if mv[j] == '(': depth += 1
                elif mv[j] == ')': depth -= 1
                j += 1
            inner = mv[i + 1:j - 1]
            if '-' in inner:
                comps.append(inner)
            else:
                a, b = map(int, inner.split(','))
                mods = re.search(r'([a-z]*)$', simple)[1]
                simple = simple[:len(simple) - len(mods)]
                vs = rots(a, b)
                if mods == 'f': vs = {v for v in vs if v[1] > 0}
                atom = 'ppR4!' if b == 0 else 'ppB4!'
                if mods == 'f':
                    specials += 'f' + atom
                else:
                    specials += atom
            i = j
        else:
            simple += mv[i]; i += 1
    s, j = parse_simple(simple) if simple else ({}, set())
    lead = ''.join(compound(c) for c in comps if c.startswith('cK'))
    trail = ''.join(compound(c) for c in comps if not c.startswith('cK'))
    # a leading chain that starts with 'c' must not follow an atom it would continue
    betza = slides_betza(s) + jumps_betza(j) + specials + lead + trail
    return betza, cannot_hop
