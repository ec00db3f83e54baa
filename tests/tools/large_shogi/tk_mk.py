import re, sys, json
from tk import ROWS, translate, RANK, start_board
from write import toml_str
N = 36
board = start_board(N)
prom = {c: r['promotion'] for c, r in ROWS.items() if r['promotion'] != '-'}
onboard = sorted({c for _, c in board.values()})
faces = sorted({prom[c] for c in onboard if c in prom and prom[c] in prom})
def name(c): return ROWS[c]['name'].lower()
def face_name(t): return 'promoted ' + name(t)
def target(c):
    t = prom[c]
    return face_name(t) if t in prom else name(t)
# kinds: every species (on board, or reached by promotion), then the faces
kinds = [c for c in ROWS]  # csv order
royal = {'K', 'CP'}
ranked_names = lambda codes: sorted({name(c) for c in codes} | {face_name(c) for c in codes if c in faces})
# Readings where other sources agree against the site (issue 45): the
# file's notation, the site's kept under an option (tk_head.toml), and a
# comment before the piece.
OVERRIDES = {
    'RCH': ('rWfRfrBblB', 'chariots=inward'),
    'LC': ('lWfRflBbrB', 'chariots=inward'),
}
NOTES = {'RCH': ["# The left and right chariots' diagonals (issue 45): a left chariot ranges", '# forward-left and back-right, a right chariot forward-right and back-left,', '# as Xwilarg/TaikyokuShogi (src/Piece/Impl/LeftChariot.js, "lWfWWflFFbrFF";', '# RightChariot.js, "rWfWWfrFFblFF") and manbearian/Taikyoku (LeftChariot:', '# UpLeft and DownRight unlimited, Left 1) have them — two engines whose', "# white tiger and blue dragon agree with the site's, so their left is the", "# site's left — and as the left and right chariots of tai and dai dai shogi", "# (variants/tai-shogi.toml; Steve Evans's TaiHelp1.png). The site's", '# pieces.csv mirrors the diagonals (left chariot `lWfRfrBblB`); so do the', '# comments of yetiowin805/taikyoku_shogi: `--option chariots=inward`. All', "# agree on the sideways step toward the chariot's own side."]}
out = []
for c in kinds:
    b, hop = translate(c)
    r = ROWS[c]
    out += NOTES.get(c, [])
    when = None
    if c in OVERRIDES:
        b, when = OVERRIDES[c][0], (OVERRIDES[c][1], b)
    out += ['[[piece]]', f'name = {toml_str(name(c))}', f'symbol = {toml_str(c)}', f'betza = {toml_str(b)}']
    if when: out.append(f'betza_when = {{ {toml_str(when[0])} = {toml_str(when[1])} }}')
    if c in royal: out.append('royal = true')
    if hop: out.append(f'cannot_hop = [{", ".join(toml_str(x) for x in ranked_names(hop))}]')
    if hop: out.append('captures_jumped = true')
    if c in prom: out.append(f'promotion = [{{ to = [{toml_str(target(c))}], forced = true }}]')
    out.append('')
for t in faces:
    b, hop = translate(t)
    out += [f'# Moves as a {name(t)}, never promotes.', '[[piece]]', f'name = {toml_str(face_name(t))}', f'symbol = {toml_str("+" + t)}', f'betza = {toml_str(b)}']
    if t in royal: out.append('royal = true')
    if hop: out.append(f'cannot_hop = [{", ".join(toml_str(x) for x in ranked_names(hop))}]')
    if hop: out.append('captures_jumped = true')
    out.append('')
def sym(c, side):
    s = c if side == 'b' else c.lower()
    return s if len(c) == 1 else f'({s})'
rows = []
for r in range(N - 1, -1, -1):
    s, e = '', 0
    for f in range(N):
        p = board.get((f, r))
        if not p: e += 1; continue
        if e: s += str(e); e = 0
        s += sym(p[1], p[0])
    if e: s += str(e)
    rows.append(s)
pos = '/'.join(rows) + ' b - - 0 1'
glyphs = []
for c in kinds:
    k = ROWS[c]['kanji']
    if len(k) <= 4 and not re.search('[\u2ff0-\u2fff]', k):
        glyphs.append(f'{toml_str(name(c))} = {toml_str(k)}')
for t in faces:
    k = ROWS[t]['kanji']
    if len(k) <= 4 and not re.search('[\u2ff0-\u2fff]', k):
        glyphs.append(f'{toml_str(face_name(t))} = {toml_str(k)}')
head = open('tk_comment.toml').read() + open('tk_head.toml').read()
tail = open('tk_tail.toml').read().replace('@TESTS@', open('tk_tests.toml').read() if len(sys.argv) > 2 else '')
text = head + '\n'.join(out) + f'\n[setup]\nsymmetry = "rotate"\nposition = {toml_str(pos)}\n\n' + tail + '\n# How the browser board draws the pieces: the kanji of each piece (those\n# written with ideographic description characters are left as letters).\n[display]\npieces = "shogi"\n\n[display.glyphs]\n' + '\n'.join(glyphs) + '\n'
open(sys.argv[1], 'w').write(text)
print(len(kinds), len(faces), len(kinds) + len(faces), sum(1 for v in board.values() if v[0] == 'b'))
