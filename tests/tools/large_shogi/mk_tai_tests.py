import tai as m
from tests import *
N = 25
# White's prince stands protected by a gold: a black emperor would give check
# to an unprotected last royal piece.
K = {'b1': 'crown prince', 'x25': ('w', 'crown prince'), 'x24': ('w', 'gold general')}
def P(d): return {**K, **d}
out = []
def pm(title, d, frm, comment=None, attacked=()):
    l, n = piece_moves_test(m, N, title, P(d), frm, comment, attacked); out.extend(l)
pm("lion: steps and jumps, igui, pass, double capture, capture and step on; every capture promotes it to a furious fiend",
   {'m13': 'lion', 'm14': ('w', 'pawn')}, 'm13')
pm("furious fiend: up to three squares any way, and the lion's moves",
   {'m13': 'furious fiend', 'm15': ('w', 'pawn'), 'j13': 'pawn', 'p16': ('w', 'gold general')}, 'm13')
pm("horned falcon: bishop, rook sideways and back, the lion's power straight forward",
   {'m13': 'horned falcon', 'm14': ('w', 'pawn'), 'k11': 'pawn'}, 'm13')
pm("soaring eagle: rook, bishop back, the lion's power on the forward diagonals",
   {'m13': 'soaring eagle', 'l14': ('w', 'pawn'), 'n15': ('w', 'pawn'), 'm10': 'pawn'}, 'm13')
pm("peacock: two diagonally back; diagonally forward any distance, turning one corner on an empty square",
   {'m13': 'peacock', 'o15': ('w', 'pawn'), 'k15': 'pawn'}, 'm13')
pm("long-nosed goblin: orthogonal steps; a bishop move turning one corner on an empty square",
   {'e5': 'long-nosed goblin', 'g7': ('w', 'pawn'), 'c3': 'pawn', 'e6': ('w', 'pawn')}, 'e5')
pm("hook mover (promoted poisonous snake): a rook move turning one corner on an empty square",
   {'e5': 'hook mover (promoted poisonous snake)', 'e9': ('w', 'pawn'), 'h5': 'pawn', 'c5': ('w', 'gold general')}, 'e5')
pm("capricorn: a bishop move turning one corner on an empty square; capturing, it becomes a gold general",
   {'e5': 'capricorn', 'g7': ('w', 'pawn'), 'c3': 'pawn', 'd6': ('w', 'pawn')}, 'e5')
pm("the emperor leaps to any empty square, and takes the pieces nothing protects",
   {'m13': 'emperor', 'm14': ('w', 'pawn'), 'c4': ('w', 'gold general'), 'c5': ('w', 'pawn'), 'e5': 'pawn'}, 'm13',
   "Black has emperor and prince, so the emperor may go where it is attacked.\n"
   "White has no emperor: its pawn on m14 and gold on c4 stand unprotected (the\n"
   "emperor takes them), the pawn on c5 is protected by the gold (it does not).")
pm("white tiger: forward-right step, two sideways, vertical and forward-left any distance", {'m13': 'white tiger'}, 'm13')
pm("turtle-snake (this reading): a step back, two diagonally back, forward and diagonally forward any distance", {'m13': 'turtle-snake'}, 'm13')
fen, _ = position(m, N, P({'m13': 'bishop', 'n14': ('w', 'pawn'), 'c3': 'dragon horse', 'd4': ('w', 'pawn')}))
out += raw_test("promotion by capture: a capture promotes, and must (a bishop becomes a gold general)", fen,
                promotions='{ move = "m13n14", to = ["G"] }')
out += raw_test("no promotion without a capture", fen, promotions='{ move = "m13l14", to = [""] }')
out += raw_test("a piece that does not promote captures as itself", fen, promotions='{ move = "c3d4", to = [""] }')
fen, _ = position(m, N, {'m1': 'emperor', 'c3': 'drunk elephant', 'd4': ('w', 'pawn'), 'x25': ('w', 'crown prince'), 'x24': ('w', 'gold general')})
out += raw_test("capturing, the drunk elephant becomes a crown prince", fen, promotions='{ move = "c3d4", to = ["CP"] }')
fen, _ = position(m, N, {'m1': 'emperor', 'a1': 'crown prince', 'a10': ('w', 'rook'), 'm5': ('w', 'rook'), 'x25': ('w', 'crown prince'), 'x24': ('w', 'gold general')})
out += raw_test("with emperor and crown prince, either may be left attacked", fen, includes='["m1m2", "a1b1"]')
fen, _ = position(m, N, {'m1': 'crown prince', 'm5': ('w', 'rook'), 'x25': ('w', 'crown prince')})
out += raw_test("the last royal piece may not be left attacked", fen, legal='["m1l1", "m1l2", "m1n1", "m1n2"]')
fen, _ = position(m, N, {'b1': 'crown prince', 'm25': ('w', 'crown prince'), 'a23': 'rook', 'b24': 'dragon king'})
fen2, _ = position(m, N, {'b1': 'crown prince', 'm25': ('w', 'crown prince'), 'a25': 'gold general', 'b24': 'dragon king'}, 'w')
out += raw_test("checkmating the last royal piece wins", fen, moves='["a23a25"]', result="black wins by checkmate")
fen, _ = position(m, N, {'m1': 'emperor', 'b1': 'crown prince', 'm2': ('w', 'pawn'), 'x25': ('w', 'crown prince'), 'a25': ('w', 'emperor')})
out += raw_test("while the other side has an emperor, every other piece of it counts as protected; an unprotected emperor may be taken",
                fen, excludes='["m1m2", "m1x25"]', includes='["m1m3", "m1a24", "m1a25"]')
fen, _ = position(m, N, {'m1': 'crown prince', 'm3': 'gold general', 'x25': ('w', 'crown prince'), 'a25': ('w', 'emperor')})
out += ['# The emperor attacks what it could take: the last royal piece, unprotected,',
        '# is in check wherever it stands; next to a piece that protects it, it is not.']
out += raw_test("an enemy emperor gives check to an unprotected last royal piece", fen,
                includes='["m1m2", "m3m2"]', excludes='["m1l1", "m1n1", "m3m4"]')[:-1] + ['in_check = true', '']
# Wikipedia's deva and dark spirit rule ([promotion] when_capturing).
fen, _ = position(m, N, P({'m13': 'bishop', 'n14': ('w', 'deva'), 'l14': ('w', 'dark spirit'), 'm1': 'emperor', 'm2': ('w', 'deva')}))
out += raw_test("taking a deva makes the capturer a teaching king, instead of its own promotion", fen,
                promotions='{ move = "m13n14", to = ["TK"] }')
out += raw_test("taking a dark spirit makes the capturer a buddhist spirit", fen,
                promotions='{ move = "m13l14", to = ["BS"] }')
fen, _ = position(m, N, P({'m13': 'bishop', 'n14': ('w', 'deva')}))
out += raw_test("deva_capture = none (the reference program): the bishop promotes as usual", fen,
                promotions='{ move = "m13n14", to = ["G"] }', options='{ deva_capture = "none" }')
open('tai_tests.toml', 'w').write('\n'.join(out))
