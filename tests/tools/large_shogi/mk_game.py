import sys, importlib
from write import *
game, N, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
mod = importlib.import_module(game)
cfg = importlib.import_module(game + '_cfg')
b = start_board(mod, N)
pos = fen_rows(b, N) + ' b - - 0 1'
lines = [open(game + '_comment.toml').read() + open(game + '_head.toml').read()]
lines += piece_tables(mod, cfg.ROYAL, cfg.COMMENTS)
lines.append('[setup]')
lines.append('symmetry = "rotate"')
lines.append(f'position = {toml_str(pos)}')
lines.append('')
lines.append(open(game + '_tail.toml').read().replace('@TESTS@', open(game + '_tests.toml').read()))
lines.append('# How the browser board draws the pieces: the kanji of each piece.\n[display]\npieces = "shogi"\n\n[display.glyphs]')
lines += glyphs(mod)
open(out, 'w').write('\n'.join(lines) + '\n')
print(pos)
