import daidai as m
from tests import *
N = 17
K = {'b1': 'king', 'p17': ('w', 'king')}
def P(d): return {**K, **d}
out = []
def pm(title, d, frm, comment=None):
    l, n = piece_moves_test(m, N, title, P(d), frm, comment); out.extend(l)
pm("lion: steps and jumps, igui, pass, double capture, capture and step on; every capture promotes it to a furious fiend",
   {'i9': 'lion', 'i10': ('w', 'pawn')}, 'i9')
pm("lion: jumps over its own pieces; no pass when no neighbour is empty",
   {'i9': 'lion', **{s: 'pawn' for s in ['h8', 'i8', 'j8', 'h9', 'j9', 'h10', 'i10', 'j10']}}, 'i9')
pm("furious fiend: up to three squares any way, and the lion's moves",
   {'i9': 'furious fiend', 'i11': ('w', 'pawn'), 'f9': 'pawn', 'l12': ('w', 'gold general')}, 'i9')
pm("lion (promoted eastern barbarian) moves as a lion and promotes no further",
   {'i9': 'lion (promoted eastern barbarian)', 'j10': ('w', 'pawn')}, 'i9')
pm("hook mover: a rook move, turning one corner on an empty square; a capture ends it",
   {'e5': 'hook mover', 'e9': ('w', 'pawn'), 'h5': 'pawn', 'c5': ('w', 'gold general')}, 'e5')
pm("long-nosed goblin: orthogonal steps; a bishop move turning one corner on an empty square",
   {'e5': 'long-nosed goblin', 'g7': ('w', 'pawn'), 'c3': 'pawn', 'e6': ('w', 'pawn')}, 'e5')
pm("lion dog (the reference program's reading): up to three squares any way, blocked by pieces",
   {'i9': 'lion dog', 'i11': ('w', 'pawn'), 'g7': 'pawn'}, 'i9')
pm("poisonous snake: steps sideways, jumps two forward or two diagonally back; capturing, it becomes a hook mover",
   {'i9': 'poisonous snake', 'i10': 'pawn', 'i11': ('w', 'pawn'), 'h8': 'pawn'}, 'i9')
pm("kirin: diagonal steps and orthogonal jumps; capturing, it becomes a great dragon",
   {'i9': 'kirin', 'i10': 'pawn', 'i11': ('w', 'pawn')}, 'i9')
pm("left chariot: forward and forward-left any distance, backward-right any distance, one step back",
   {'i9': 'left chariot'}, 'i9')
pm("right chariot: forward and forward-right any distance, backward-left any distance, one step back",
   {'i9': 'right chariot'}, 'i9')
pm("left general: a king's steps but not to the left", {'i9': 'left general'}, 'i9')
pm("right general: a king's steps but not to the right", {'i9': 'right general'}, 'i9')
pm("white tiger: forward-right step, two sideways, vertical and forward-left any distance", {'i9': 'white tiger'}, 'i9')
pm("blue dragon: forward-left step, two vertically, sideways and forward-right any distance", {'i9': 'blue dragon'}, 'i9')
pm("great elephant: five sideways or diagonally back, three vertically or diagonally forward", {'i9': 'great elephant'}, 'i9')
fen, _ = position(m, N, P({'i9': 'cat sword', 'j10': ('w', 'pawn'), 'c3': 'dragon horse', 'd4': ('w', 'pawn')}))
out += raw_test("promotion by capture: a capture promotes, and must", fen,
                promotions='{ move = "i9j10", to = ["DH"] }')
out += raw_test("no promotion without a capture", fen, promotions='{ move = "i9h10", to = [""] }')
out += raw_test("a piece that does not promote captures as itself", fen, promotions='{ move = "c3d4", to = [""] }')
fen, _ = position(m, N, P({'i9': 'lion', 'i10': ('w', 'pawn'), 'i11': ('w', 'gold general')}))
fen2, _ = position(m, N, P({'i11': 'furious fiend'}), 'w')
out += raw_test("a lion's double capture takes both pieces and makes it a furious fiend", fen,
                moves='["i9-i11xi10xi11=FF"]', position_after=fen2)
fen, _ = position(m, N, {'i1': 'king', 'p17': ('w', 'king'), 'i3': ('w', 'rook')})
out += raw_test("the king in check may not step into an attack", fen, legal='["i1h1", "i1h2", "i1j1", "i1j2"]')
fen, _ = position(m, N, {'b1': 'king', 'i17': ('w', 'king'), 'a15': 'rook', 'b16': 'dragon king'})
out += raw_test("checkmate wins", fen, moves='["a15a17"]', result="black wins by checkmate")
open('daidai_tests.toml', 'w').write('\n'.join(out))
