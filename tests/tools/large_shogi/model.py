"""The reference program's move semantics for the first player's pieces on a
given board (independent of chimera's notation); board: {(f, r): (side, idx)}."""
from common import decode
D = {'f': (0, 1), 'b': (0, -1), 'l': (-1, 0), 'r': (1, 0),
     'fl': (-1, 1), 'fr': (1, 1), 'bl': (-1, -1), 'br': (1, -1)}
def dirs(mask):
    o, d = decode(mask); return [D[x] for x in sorted(o | d)]

def outs(by, board, n, f, r):
    idx = board[(f, r)][1]
    on = lambda s: 0 <= s[0] < n and 0 <= s[1] < n
    res = set(); npass = [0]
    def add(t, caps=()): res.add((t, frozenset(caps)))
    def ok(t): return on(t) and (board.get(t) is None or board[t][0] == 1)
    def slide(x, y, dx, dy, lim=99, turn=None):
        t = (x, y)
        for _ in range(lim):
            t = (t[0] + dx, t[1] + dy)
            if not on(t): break
            if board.get(t) is not None:
                if board[t][0] == 1: add(t)
                break
            add(t)
            if turn:
                for ex, ey in turn(dx, dy):
                    slide(t[0], t[1], ex, ey)
    for mv in by[idx][3].split():
        kind, _, arg = mv.partition(':')
        if kind == 'short':
            for dx, dy in dirs(arg):
                if ok((f + dx, r + dy)): add((f + dx, r + dy))
        elif kind in ('long', 'num'):
            mask, _, lim = arg.partition('_')
            for dx, dy in dirs(mask): slide(f, r, dx, dy, int(lim) if lim else 99)
        elif kind == 'jump':
            for dx, dy in dirs(arg):
                if ok((f + 2 * dx, r + 2 * dy)): add((f + 2 * dx, r + 2 * dy))
        elif kind == 'knight':
            for t in ((f - 1, r + 2), (f + 1, r + 2)):
                if ok(t): add(t)
        elif kind in ('lion', 'smalllion'):
            ds = dirs('757') if kind == 'lion' else dirs(arg)
            for dx, dy in ds:
                s1 = (f + dx, r + dy)
                if kind == 'lion':
                    pass
                if ok((f + 2 * dx, r + 2 * dy)) and kind == 'smalllion':
                    add((f + 2 * dx, r + 2 * dy))
                if not ok(s1): continue
                c1 = [s1] if board.get(s1) else []
                add(s1, c1)
                seconds = dirs('757') if kind == 'lion' else [(dx, dy), (-dx, -dy)]
                for ex, ey in seconds:
                    s2 = (s1[0] + ex, s1[1] + ey)
                    if s2 == (f, r):
                        if c1: add((f, r), c1)
                        else: npass[0] = 1
                    elif ok(s2):
                        add(s2, c1 + ([s2] if board.get(s2) else []))
            if kind == 'lion':
                for dx in range(-2, 3):
                    for dy in range(-2, 3):
                        if max(abs(dx), abs(dy)) == 2 and ok((f + dx, r + dy)):
                            t = (f + dx, r + dy); add(t, [t] if board.get(t) else [])
        elif kind == 'hook':
            for dx, dy in dirs('252'): slide(f, r, dx, dy, turn=lambda a, b: ((b, a), (-b, -a)))
        elif kind == 'diaghook':
            for dx, dy in dirs(arg): slide(f, r, dx, dy, turn=lambda a, b: ((b, -a), (-b, a)))
        elif kind == 'emperor':
            # LargeBoard::valid_emperor_move: any empty square, or a piece the
            # other side does not defend (is_defended_from).
            for x in range(n):
                for y in range(n):
                    if (x, y) == (f, r): continue
                    if board.get((x, y)) is None: add((x, y))
                    elif board[(x, y)][0] == 1 and not defended(by, board, n, (f, r), (x, y)):
                        add((x, y), [(x, y)])
        else:
            raise ValueError(mv)
    # plain outcomes: capturing only the destination (or nothing)
    final = set()
    for t, caps in res:
        cap = bool(caps) or board.get(t) is not None
        if caps and caps != {t}:
            final.add((t, caps, cap))
        else:
            final.add((t, frozenset(), cap))
    return final, npass[0]

def is_emperor(by, idx): return 'emperor' in by[idx][3].split()

def defended(by, board, n, frm, t):
    """LargeBoard::is_defended_from: with the capturer lifted, could a piece
    of the target's side move to the target's square? While that side has an
    emperor, every piece but the emperor counts as defended."""
    if any(s == 1 and is_emperor(by, i) for s, i in board.values()) and not is_emperor(by, board[t][1]):
        return True
    # The target's side as the first player: the board turned 180°, the
    # target square holding an enemy (so that a move there counts).
    turn = lambda s: (n - 1 - s[0], n - 1 - s[1])
    mirrored = {turn(s): (1 - side, i) for s, (side, i) in board.items() if s != frm}
    mirrored[turn(t)] = (1, board[t][1])
    for s, (side, i) in mirrored.items():
        if side != 0 or s == turn(t) or is_emperor(by, i): continue
        final, _ = outs(by, mirrored, n, *s)
        if any(u == turn(t) for u, _, _ in final): return True
    return False

def name(s): return f"{chr(97 + s[0])}{s[1] + 1}"

def texts(frm, final, npass, promo=None):
    out = []
    for t, caps, cap in final:
        suf = '=' + promo if (cap and promo) else ''
        if not caps:
            out.append(name(frm) + name(t) + suf)
        else:
            mid = [c for c in caps if c != t]
            s = name(frm) + '-' + name(t) + ''.join('x' + name(c) for c in sorted(mid)) + ('x' + name(t) if t in caps else '')
            out.append(s + suf)
    if npass: out.append(name(frm) + '-' + name(frm))
    return sorted(out)
