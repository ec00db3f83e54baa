ROYAL = {'king'}
COMMENTS = {
 'lion': "The lion: one or two king steps, capturing on each (igui, a pass out and\nback), or a jump to any square two steps away (as chu's lion).",
 'hook mover': "Slides orthogonally and may turn one corner (90°) on an empty square and\nslide on; a capture ends the move.",
 'long-nosed goblin': "Steps orthogonally; slides diagonally and may turn one corner (90°) on an\nempty square and slide on along the other diagonal; a capture ends the move.",
 'furious fiend': "Up to three squares in any direction (stopped by pieces), plus the lion's moves.",
 'lion dog': "The reference program's reading: up to three squares in any direction,\nstopped by pieces (Wikipedia's and Ai Ai's three-step lion reading is not\ntaken; docs/large-shogi.md).",
 'kirin': "Steps diagonally, jumps two squares orthogonally.",
 'phoenix': "Steps orthogonally, jumps two squares diagonally.",
 'poisonous snake': "Steps sideways; jumps two squares straight forward or diagonally backward.",
}
