import sys, importlib, json
from common import betza

def files(n):
    return [chr(ord('a') + i) for i in range(n)]

def sq(f, r):
    return f"{chr(ord('a') + f)}{r + 1}"

def fen_rows(board, n):
    rows = []
    for r in range(n - 1, -1, -1):
        s, empty = '', 0
        for f in range(n):
            p = board.get((f, r))
            if p is None:
                empty += 1
                continue
            if empty:
                s += str(empty); empty = 0
            s += p
        if empty:
            s += str(empty)
        rows.append(s)
    return '/'.join(rows)

def cell(sym, first):
    t = sym if first else sym.lower()
    return t if len(sym.lstrip('+')) == 1 and not sym.startswith('+') else f'({t})'

def start_board(mod, n):
    by = {p[0]: p for p in mod.PIECES}
    b = {}
    for r, row in enumerate(mod.ROWS):
        for f, idx in enumerate(row):
            if idx is None:
                continue
            sym = by[idx][2]
            b[(f, r)] = cell(sym, True)
            b[(n - 1 - f, n - 1 - r)] = cell(sym, False)
    return b

def toml_str(s):
    return json.dumps(s, ensure_ascii=False)

def piece_tables(mod, royal, comments, prom_extra=None):
    by = {p[0]: p for p in mod.PIECES}
    out = []
    for idx, name, sym, moves, promo, kanji in mod.PIECES:
        c = comments.get(name)
        if c:
            out += ['# ' + line for line in c.split('\n')]
        out.append('[[piece]]')
        out.append(f'name = {toml_str(name)}')
        out.append(f'symbol = {toml_str(sym)}')
        out.append(f'betza = {toml_str(betza(moves))}')
        if name in royal:
            out.append('royal = true')
        if 'emperor' in moves.split():
            out.append('captures_unprotected_only = true')
        if promo is not None:
            out.append(f'promotion = [{{ to = [{toml_str(by[promo][1])}], forced = true }}]')
        out.append('')
    return out

def glyphs(mod):
    out = []
    for idx, name, sym, moves, promo, kanji in mod.PIECES:
        if kanji is None:
            continue
        v = toml_str(kanji) if isinstance(kanji, str) else '[' + ', '.join(toml_str(k) for k in kanji) + ']'
        out.append(f'{toml_str(name)} = {v}')
    return out
