import model
from write import fen_rows, cell, toml_str

def sqi(s):
    return (ord(s[0]) - 97, int(s[1:]) - 1)

def position(mod, n, placing, side='b'):
    """placing: {'i9': 'lion', 'i10': ('w', 'pawn')} (names; first player unless ('w', name))."""
    sym = {p[1]: p[2] for p in mod.PIECES}
    idx = {p[1]: p[0] for p in mod.PIECES}
    b, mb = {}, {}
    for s, v in placing.items():
        who, nm = (v if isinstance(v, tuple) else ('b', v))
        b[sqi(s)] = cell(sym[nm], who == 'b')
        mb[sqi(s)] = (0 if who == 'b' else 1, idx[nm])
    return fen_rows(b, n) + f' {side} - - 0 1', mb

def piece_moves_test(mod, n, title, placing, frm, comment=None, attacked=()):
    fen, mb = position(mod, n, placing)
    by = {p[0]: p for p in mod.PIECES}
    final, npass = model.outs(by, mb, n, *sqi(frm))
    idx = mb[sqi(frm)][1]
    promo = by[by[idx][4]][2] if by[idx][4] is not None else None
    mv = [t for t in model.texts(sqi(frm), final, npass, promo) if t[len(frm):].split('=')[0] not in attacked]
    lines = []
    if comment:
        lines += ['# ' + c for c in comment.split('\n')]
    lines += ['[[test]]', f'name = {toml_str(title)}', f'position = {toml_str(fen)}',
              f'piece_moves = {{ from = "{frm}", moves = [']
    for i in range(0, len(mv), 8):
        lines.append('  ' + ', '.join(toml_str(m) for m in mv[i:i + 8]) + ',')
    lines += ['] }', '']
    return lines, len(mv)

def raw_test(title, fen, **kw):
    lines = ['[[test]]', f'name = {toml_str(title)}', f'position = {toml_str(fen)}']
    for k, v in kw.items():
        if isinstance(v, str) and not v.startswith('{') and not v.startswith('['):
            lines.append(f'{k} = {toml_str(v)}')
        else:
            lines.append(f'{k} = {v}')
    return lines + ['']
