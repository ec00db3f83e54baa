import maka as m
from tests import *
N = 19
K = {'b1': 'king', 'r19': ('w', 'king')}
def P(d): return {**K, **d}
out = []
def pm(title, d, frm, comment=None):
    l, n = piece_moves_test(m, N, title, P(d), frm, comment); out.extend(l)
pm("lion: steps and jumps, igui, pass, double capture, capture and step on; every capture promotes it to a furious fiend",
   {'j10': 'lion', 'j11': ('w', 'pawn')}, 'j10')
pm("furious fiend: up to three squares any way, and the lion's moves",
   {'j10': 'furious fiend', 'j12': ('w', 'pawn'), 'g10': 'pawn', 'm13': ('w', 'gold general')}, 'j10')
pm("buddhist spirit: a free king and a lion",
   {'j10': 'buddhist spirit', 'j11': ('w', 'pawn'), 'g13': ('w', 'gold general'), 'l10': 'pawn'}, 'j10')
pm("hook mover: a rook move, turning one corner on an empty square; a capture ends it; capturing, it promotes",
   {'e5': 'hook mover', 'e9': ('w', 'pawn'), 'h5': 'pawn', 'c5': ('w', 'gold general')}, 'e5')
pm("capricorn: a bishop move turning one corner on an empty square; a capture ends it",
   {'e5': 'capricorn', 'g7': ('w', 'pawn'), 'c3': 'pawn', 'd6': ('w', 'pawn')}, 'e5')
l, n = piece_moves_test(m, N, "the emperor leaps to any empty square, and takes the pieces nothing protects",
   {'j10': 'emperor', 'r19': ('w', 'king'), 'a19': ('w', 'crown prince'), 'j11': ('w', 'pawn'), 'c4': ('w', 'gold general'), 'e5': 'pawn'}, 'j10',
   "The emperor, black's only royal piece, may not go where white attacks (next\nto the king and prince, and the gold's steps); white has no emperor, and\nnothing protects its pawn on j11 and gold on c4: the emperor takes them.",
   attacked={'a18', 'b18', 'b19', 'q18', 'q19', 'r18', 's18', 's19', 'b3', 'b4', 'c3', 'c5', 'd3', 'd4'})
out.extend(l)
pm("lion dog (the reference program's reading): up to three squares any way, blocked by pieces",
   {'j10': 'lion dog', 'j12': ('w', 'pawn'), 'h8': 'pawn'}, 'j10')
pm("donkey: steps sideways, jumps two squares straight forward or back",
   {'j10': 'donkey', 'j11': 'pawn', 'j12': ('w', 'pawn')}, 'j10')
pm("free bear: rook sideways, bishop, and jumps two squares diagonally forward",
   {'j10': 'free bear', 'k11': 'pawn', 'l12': ('w', 'pawn')}, 'j10')
pm("deva (this reading): forward diagonals, left, backward-right", {'j10': 'deva'}, 'j10')
pm("dark spirit (this reading): forward diagonals, right, backward-left", {'j10': 'dark spirit'}, 'j10')
pm("left chariot: forward and forward-left any distance, backward-right any distance, one step back", {'j10': 'left chariot'}, 'j10')
pm("buddhist devil: three diagonally forward, steps sideways and back", {'j10': 'buddhist devil'}, 'j10')
pm("guardian of the gods: three orthogonally, forward diagonal steps", {'j10': 'guardian of the gods'}, 'j10')
pm("knight: the shogi knight's two forward jumps", {'j10': 'knight', 'j11': 'pawn'}, 'j10')
fen, _ = position(m, N, P({'j10': 'gold general', 'k11': ('w', 'pawn'), 'c3': 'dragon horse', 'd4': ('w', 'pawn')}))
out += raw_test("promotion by capture: a capture promotes, and must (a gold general becomes a free gold)", fen,
                promotions='{ move = "j10k11", to = ["FGO"] }')
out += raw_test("no promotion without a capture", fen, promotions='{ move = "j10j11", to = [""] }')
out += raw_test("a piece that does not promote captures as itself", fen, promotions='{ move = "c3d4", to = [""] }')
fen, _ = position(m, N, {'j1': 'king', 'j2': ('w', 'gold general'), 'r19': ('w', 'king')})
fen2, _ = position(m, N, {'j2': 'emperor', 'r19': ('w', 'king')}, 'w')
out += raw_test("capturing, the king becomes an emperor", fen, moves='["j1j2=EM"]', position_after=fen2)
fen, _ = position(m, N, {'j1': 'king', 'c3': 'drunk elephant', 'd4': ('w', 'pawn'), 'r19': ('w', 'king')})
out += raw_test("capturing, the drunk elephant becomes a crown prince", fen, promotions='{ move = "c3d4", to = ["CP"] }')
fen, _ = position(m, N, {'j1': 'king', 'a1': 'crown prince', 'a10': ('w', 'rook'), 'j5': ('w', 'rook'), 'r19': ('w', 'king')})
out += raw_test("with king and crown prince, either may be left attacked", fen, includes='["j1j2", "a1b1"]')
fen, _ = position(m, N, {'j1': 'king', 'j5': ('w', 'rook'), 'r19': ('w', 'king')})
out += raw_test("the last royal piece may not be left attacked", fen, legal='["j1i1", "j1i2", "j1k1", "j1k2"]')
fen, _ = position(m, N, {'j1': 'king', 'j2': ('w', 'lion'), 'j3': ('w', 'lion'), 'r19': ('w', 'king')})
fen, _ = position(m, N, {'b1': 'king', 'j19': ('w', 'king'), 'a17': 'rook', 'b18': 'dragon king'})
out += raw_test("checkmating the last royal piece wins", fen, moves='["a17a19"]', result="black wins by checkmate")
# Wikipedia's deva and dark spirit rule ([promotion] when_capturing).
fen, _ = position(m, N, {'j1': 'king', 'j10': 'gold general', 'k11': ('w', 'deva'), 'h11': ('w', 'dark spirit'),
                         'i10': 'dragon horse', 'j2': ('w', 'deva'), 'r19': ('w', 'king'), 'b19': ('w', 'crown prince')})
fen2, _ = position(m, N, {'j1': 'king', 'k11': 'teaching king', 'h11': ('w', 'dark spirit'),
                          'i10': 'dragon horse', 'j2': ('w', 'deva'), 'r19': ('w', 'king'), 'b19': ('w', 'crown prince')}, 'w')
out += raw_test("taking a deva makes the capturer a teaching king, instead of its own promotion", fen,
                promotions='{ move = "j10k11", to = ["TK"] }')
out += raw_test("taking a deva, played out", fen, moves='["j10k11=TK"]', position_after=fen2)
out += raw_test("taking a dark spirit makes the capturer a buddhist spirit", fen,
                promotions='{ move = "i10h11", to = ["BS"] }')
out += raw_test("a royal piece that takes a deva promotes as usual (the king to an emperor)", fen,
                promotions='{ move = "j1j2", to = ["EM"] }')
out += raw_test("deva_capture = every_piece: the king that takes a deva becomes a teaching king", fen,
                promotions='{ move = "j1j2", to = ["TK"] }', options='{ deva_capture = "every_piece" }')
fen, _ = position(m, N, {'j1': 'king', 'j10': 'gold general', 'k11': ('w', 'deva'), 'r19': ('w', 'king')})
out += raw_test("deva_capture = none (the reference program): the gold promotes as usual", fen,
                promotions='{ move = "j10k11", to = ["FGO"] }', options='{ deva_capture = "none" }')
open('maka_tests.toml', 'w').write('\n'.join(out))
