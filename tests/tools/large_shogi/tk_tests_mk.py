import tk_model, re
from tk import ROWS
from write import toml_str
N = 36
def sqi(s): return (ord(s[0]) - 97, int(s[1:]) - 1)
def name(s): return f"{chr(97 + s[0])}{s[1] + 1}"
def fen(b, side='b'):
    rows = []
    for r in range(N - 1, -1, -1):
        s, e = '', 0
        for f in range(N):
            p = b.get((f, r))
            if not p: e += 1; continue
            if e: s += str(e); e = 0
            c = p[1] if p[0] == 'b' else p[1].lower()
            s += c if len(p[1]) == 1 else f'({c})'
        if e: s += str(e)
        rows.append(s)
    return '/'.join(rows) + f' {side} - - 0 1'
prom = {c: r['promotion'] for c, r in ROWS.items() if r['promotion'] != '-'}
def promo_sym(code):
    if code not in prom: return None
    t = prom[code]
    return '+' + t if t in prom else t
out = []
def pm(title, placing, frm, zone_note=False):
    b = {sqi(s): (v[0], v[1]) if isinstance(v, tuple) else ('b', v) for s, v in placing.items()}
    tk_model.board = b
    f, r = sqi(frm)
    res = tk_model.moves(f, r, b[(f, r)][1])
    texts = []
    ps = promo_sym(b[(f, r)][1])
    for t, caps in res:
        suf = '=' + ps if (ps and t[1] >= 25) else ''
        if not caps:
            texts.append(name((f, r)) + name(t) + suf)
        else:
            # nearest the origin first, as chimera writes a range capture
            mid = sorted((c for c in caps if c != t), key=lambda c: max(abs(c[0] - f), abs(c[1] - r)))
            texts.append(name((f, r)) + '-' + name(t) + ''.join('x' + name(c) for c in mid) + ('x' + name(t) if t in caps else '') + suf)
    texts.sort()
    # every black move in the position (king and prince both present: none is
    # guarded, so every pseudo-legal move is legal)
    total = 0
    for (x, y), (side, code) in b.items():
        if side == 'b':
            total += len(tk_model.moves(x, y, code))
    ok = lambda t: t[0] < 26
    inc = [x for x, (t, c) in zip(texts, sorted(res, key=lambda tc: 0)) if True]
    named = []
    for t, caps in res:
        if ok(t) and all(ok(c) for c in caps):
            named.append((t, caps))
    keep = sorted(x for x in texts if re.fullmatch(r'[a-z0-9=+A-Z-]+', x))
    step = max(1, len(keep) // 14)
    inc = keep[::step][:16]
    reach = {t for t, _ in res}
    exc = []
    for dx in range(-5, 6):
        for dy in range(-5, 6):
            t = (f + dx, r + dy)
            if 0 <= t[0] < 26 and 0 <= t[1] < 25 and t not in reach and t != (f, r) and t not in b:
                exc.append(name((f, r)) + name(t))
    exc = exc[::max(1, len(exc) // 8)][:8]
    out.extend(['[[test]]', f'name = {toml_str(title)}', f'position = {toml_str(fen(b))}', f'count = {total}',
                'includes = [' + ', '.join(toml_str(x) for x in inc) + ']',
                'excludes = [' + ', '.join(toml_str(x) for x in exc) + ']', ''])
    return total
K = {'a1': 'K', 'z36': ('w', 'K'), 'b1': 'CP', 'y36': ('w', 'CP')}
# the squares used keep to files a..z and ranks 1..25, outside the zone (26..36),
# so no move below promotes
pm("lion: king steps, jumps to every square two away, and a capture followed by a second step (no pass)",
   {**K, 'm12': 'L', 'm13': ('w', 'P'), 'n14': ('w', 'P')}, 'm12')
pm("hook mover: a rook move turning one corner on an empty square",
   {**K, 'e5': 'HM', 'e9': ('w', 'P'), 'h5': 'P', 'c5': ('w', 'GLG')}, 'e5')
pm("great general (range capturer, rank 3): a queen move over any pieces of lower rank, stopped by a king, prince or great general",
   {'a1': 'K', 'z36': ('w', 'K'), 'j12': 'CP', 'y36': ('w', 'CP'), 'm12': 'GG', 'm14': ('w', 'P'), 'm16': 'P', 'm20': ('w', 'VG'), 'm22': ('w', 'GG')}, 'm12')
pm("angle general (range capturer, rank 1): a bishop move over unranked pieces only",
   {**K, 'm12': 'AG', 'o14': ('w', 'P'), 'q16': ('w', 'FLG'), 'k10': 'P', 'i8': 'P'}, 'm12')
pm("free eagle: a queen, jumps to 2, 3 and 4 squares away (4 only diagonally forward), igui, and jumps that slide on",
   {**K, 'm12': 'FE', 'm13': ('w', 'P'), 'n14': 'P', 'l11': 'P'}, 'm12')
pm("ancient dragon: a bishop, and vertical slides passing over up to three pieces",
   {**K, 'm12': 'AD', 'm13': 'P', 'm14': ('w', 'P'), 'm15': 'P', 'm17': ('w', 'P'), 'm18': ('w', 'P'), 'm10': ('w', 'P')}, 'm12')
pm("treacherous fox: jumps, and jumps that slide on",
   {**K, 'm12': 'TF', 'm13': 'P', 'n13': 'P', 'o14': ('w', 'P')}, 'm12')
pm("the king moves two squares any way",
   {'a1': 'K', 'z36': ('w', 'K'), 'm12': 'CP', 'm13': 'P', 'y36': ('w', 'CP')}, 'a1')
pm("mountain crane: a queen, jumps to 2, 3 and 4 squares away, each of which may slide on",
   {**K, 'm12': 'MC', 'm13': 'P', 'n13': ('w', 'P'), 'l11': 'P'}, 'm12')
pm("heavenly tetrarch king: a queen, jumps to 2 squares away that may slide on",
   {**K, 'm12': 'HTK', 'm13': 'P', 'n11': ('w', 'P')}, 'm12')
pm("great hawk: a queen, and a jump two squares forward that may slide on",
   {**K, 'm12': 'GH', 'm13': 'P', 'm15': 'P'}, 'm12')
pm("great eagle: a queen, and jumps two squares diagonally forward that may slide on",
   {**K, 'm12': 'GE', 'l13': 'P', 'n13': ('w', 'P')}, 'm12')
pm("wooden dove: two orthogonally, a bishop, three-square diagonal jumps that may slide two more",
   {**K, 'm12': 'WDV', 'n13': 'P', 'k10': 'P'}, 'm12')
pm("tengu: a bishop move turning one corner on an empty square",
   {**K, 'm12': 'T', 'o14': 'P', 'k10': ('w', 'P')}, 'm12')
pm("peacock: two diagonally back; diagonally forward, turning one corner on an empty square",
   {**K, 'm12': 'PCK', 'o14': ('w', 'P')}, 'm12')
pm("great elephant: three diagonally forward; slides passing over up to three pieces orthogonally and diagonally back",
   {**K, 'm12': 'GEL', 'm13': 'P', 'm14': ('w', 'P'), 'm15': 'P', 'm16': 'P', 'm17': ('w', 'P'), 'l11': 'P'}, 'm12')
pm("vice general (range capturer, rank 2): a bishop over pieces of rank 0 and 1, and a two-square jump",
   {'a1': 'K', 'z36': ('w', 'K'), 'b1': 'CP', 'y36': ('w', 'CP'), 'm12': 'VG', 'n13': ('w', 'P'), 'o14': ('w', 'AG'), 'p15': 'P', 'r17': ('w', 'GG'), 'k10': ('w', 'VG')}, 'm12')
pm("buddhist spirit: a queen and the lion's moves (no pass)",
   {**K, 'm12': 'BS', 'm13': ('w', 'P'), 'n13': ('w', 'P')}, 'm12')
def played(title, placing, frm, to, excludes=()):
    """A move of the model played out: the case names the model's move text
    and the position after it (every piece the model's move takes removed)."""
    b = {sqi(s): (v[0], v[1]) if isinstance(v, tuple) else ('b', v) for s, v in placing.items()}
    tk_model.board = b
    f, r = sqi(frm)
    t = sqi(to)
    (caps,) = [c for u, c in tk_model.moves(f, r, b[(f, r)][1]) if u == t]
    mid = sorted((c for c in caps if c != t), key=lambda c: max(abs(c[0] - f), abs(c[1] - r)))
    text = name((f, r)) + name(t) if not mid else (
        name((f, r)) + '-' + name(t) + ''.join('x' + name(c) for c in mid) + ('x' + name(t) if t in caps else ''))
    after = {s: p for s, p in b.items() if s not in caps and s != (f, r)}
    after[t] = b[(f, r)]
    out.extend(['[[test]]', f'name = {toml_str(title)}', f'position = {toml_str(fen(b))}',
                f'moves = [{toml_str(text)}]', f'position_after = {toml_str(fen(after, "w"))}', ''])
    if excludes:
        out.extend(['[[test]]', f'name = {toml_str(title + ": not")}', f'position = {toml_str(fen(b))}',
                    'excludes = [' + ', '.join(toml_str(x) for x in excludes) + ']', ''])
# Range capture played out (the site's Game.ts removes every piece between
# the start and the end, and the one landed on).
RC = {**K, 'm12': 'GG', 'm13': 'P', 'm14': ('w', 'P'), 'm15': 'VG', 'm18': ('w', 'GG'), 'n12': ('w', 'VG')}
played("range capture: the great general takes every piece it passes, its own too",
       RC, 'm12', 'm16', excludes=['m12m18', 'm12m19', 'm12-m18xm13xm14xm15xm18'])
played("range capture: it may stop on a piece of lower rank of its own side, taking it", RC, 'm12', 'm15')
played("range capture: it may stop on an enemy piece of lower rank, with nothing between", RC, 'm12', 'n12')
played("range capture: an angle general passes unranked pieces only",
       {**K, 'm12': 'AG', 'n13': ('w', 'P'), 'o14': 'DE', 'p15': ('w', 'AG'), 'q16': 'P'}, 'm12', 'o14',
       excludes=['m12p15', 'm12q16', 'm12r17'])
# Promotion on the lion's intermediate step (their Game.ts: the end or an
# intermediate step in the zone, ranks 26..36 for black).
LZ = {**K, 'm25': 'L', 'm26': ('w', 'P'), 'n24': ('w', 'P')}
out.extend(['[[test]]', 'name = "a lion that takes a piece in the zone and steps back out promotes (to a furious fiend)"',
            f'position = {toml_str(fen({sqi(s): (v[0], v[1]) if isinstance(v, tuple) else ("b", v) for s, v in LZ.items()}))}',
            'includes = ["m25-l25xm26=FFI", "m25-m25xm26=FFI"]', 'excludes = ["m25-l25xm26", "m25-m25xm26"]', '',
            '[[test]]', 'name = "a lion double move that takes nothing in the zone does not promote"',
            f'position = {toml_str(fen({sqi(s): (v[0], v[1]) if isinstance(v, tuple) else ("b", v) for s, v in LZ.items()}))}',
            'includes = ["m25-m23xn24"]', 'excludes = ["m25-m23xn24=FFI"]', '',
            '[[test]]', 'name = "a lion move into the zone promotes"',
            f'position = {toml_str(fen({sqi(s): (v[0], v[1]) if isinstance(v, tuple) else ("b", v) for s, v in LZ.items()}))}',
            'promotions = { move = "m25l26", to = ["FFI"] }', ''])
open('tk_tests.toml', 'w').write('\n'.join(out))
