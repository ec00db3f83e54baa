ROYAL = {'king', 'crown prince', 'emperor'}
COMMENTS = {
 'king': "Capturing, the king becomes an emperor (every capture promotes).",
 'lion': "The lion: one or two king steps, capturing on each (igui, a pass out and\nback), or a jump to any square two steps away (as chu's lion).",
 'hook mover': "Slides orthogonally and may turn one corner (90°) on an empty square and\nslide on; a capture ends the move.",
 'capricorn': "Slides diagonally and may turn one corner (90°) on an empty square and\nslide on along the other diagonal; a capture ends the move.",
 'furious fiend': "Up to three squares in any direction (stopped by pieces), plus the lion's moves.",
 'buddhist spirit': "A free king and a lion.",
 'lion dog': "The reference program's reading: up to three squares in any direction,\nstopped by pieces (Wikipedia's three-step lion reading is not taken;\ndocs/large-shogi.md).",
 'emperor': "The emperor leaps to any square of the board (`U`) and may take only a piece\nthe other side does not protect (`captures_unprotected_only`): the reference\nprogram's LargeBoard::valid_emperor_move, whose is_defended_from asks whether\nany piece of the other side could move to the square; an emperor reaches\nevery square, so while the other side has one, only that emperor can be\ntaken. The same rule makes its attack: it attacks, and gives check to, only\nan unprotected piece (docs/rules-format.md).",
 'kirin': "Steps diagonally, jumps two squares orthogonally.",
 'phoenix': "Steps orthogonally, jumps two squares diagonally.",
 'donkey': "Steps sideways; jumps two squares straight forward or back.",
 'deva': "The reference program's deva and dark spirit step in four directions\n(others give them seven). A piece that takes one becomes a teaching king or\nbuddhist spirit ([promotion] when_capturing, Wikipedia's rule).",
 'tokin': "The promoted pieces below all move as a gold general and never promote.",
}
