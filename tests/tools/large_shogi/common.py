# Generator helpers: turn the direction-mask move tables of the reference
# program into chimera Betza strings, and write rules files.
ORTH = {('f'): (2, 1), 'b': (2, 3), 'l': (1, 2), 'r': (4, 2)}

def decode(h):
    """Hex-digit direction mask (units = forward row, 16s = own row, 256s =
    back row; bit 1 = left, 2 = straight, 4 = right) -> (orth set, diag set)."""
    v = int(str(h), 16)
    fwd, mid, back = v & 0xF, (v >> 4) & 0xF, (v >> 8) & 0xF
    o, d = set(), set()
    if fwd & 2: o.add('f')
    if back & 2: o.add('b')
    if mid & 1: o.add('l')
    if mid & 4: o.add('r')
    if fwd & 1: d.add('fl')
    if fwd & 4: d.add('fr')
    if back & 1: d.add('bl')
    if back & 4: d.add('br')
    return o, d

def orth_str(o, atom, n=''):
    if not o: return ''
    if o == {'f', 'b', 'l', 'r'}: return atom + n
    parts = []
    if {'f', 'b'} <= o: parts.append('v')
    else:
        parts += [x for x in 'fb' if x in o]
    if {'l', 'r'} <= o: parts.append('s')
    else:
        parts += [x for x in 'lr' if x in o]
    return ''.join(parts) + atom + n

def diag_str(d, atom, n=''):
    if not d: return ''
    if len(d) == 4: return atom + n
    d = set(d); out = []
    for pre, pair in (('f', {'fl', 'fr'}), ('b', {'bl', 'br'}), ('l', {'fl', 'bl'}), ('r', {'fr', 'br'})):
        if pair <= d:
            out.append(pre + atom + n); d -= pair
    for s in ('fl', 'fr', 'bl', 'br'):
        if s in d: out.append(s + atom + n)
    return ''.join(out)

def move(spec):
    """One move of the reference tables -> Betza."""
    kind, _, arg = spec.partition(':')
    if kind == 'short':
        o, d = decode(arg); return orth_str(o, 'W') + diag_str(d, 'F')
    if kind == 'long':
        o, d = decode(arg); return orth_str(o, 'R') + diag_str(d, 'B')
    if kind == 'num':
        mask, n = arg.split('_'); o, d = decode(mask)
        return orth_str(o, 'R', n) + diag_str(d, 'B', n)
    if kind == 'jump':
        o, d = decode(arg); return orth_str(o, 'D') + diag_str(d, 'A')
    if kind == 'knight': return 'ffN'
    if kind == 'lion': return 'aKNAD'
    if kind == 'smalllion':
        o, d = decode(arg)
        if o == {'f'} and not d: return 'fDfWavW'
        if d == {'fl', 'fr'} and not o: return 'fAfFavF'
        raise ValueError(spec)
    if kind == 'hook': return 'RmRasR'
    if kind == 'diaghook':
        o, d = decode(arg)
        first = diag_str(d, 'B')
        return first + 'm' + first + 'asB' if len(d) == 4 else first + '[m' + first + ']asB'
    if kind == 'emperor': return 'U'
    raise ValueError(spec)

def betza(moves):
    # A leading `a` (the lion's) must come first: written after another atom
    # it would continue that atom's move.
    parts = [move(m) for m in moves.split()]
    lead = [p for p in parts if p.startswith('a')]
    return ''.join(lead + [p for p in parts if not p.startswith('a')])
