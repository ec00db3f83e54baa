#!/usr/bin/env python3
"""An independent reference for chimera's turns of several moves: perft of
Marseillais chess (Balanced), Scottish and Italian progressive chess and
Monster chess, by single moves
(each move a ply) and by turns (a whole turn one step), written from the
rules texts on python-chess's move generator for a single chess move.

The turn logic is this file's own: how many moves a turn has, the check that
ends a turn, and the en-passant rights a turn keeps:
- Marseillais chess (https://en.wikipedia.org/wiki/Marseillais_chess):
  two moves a turn, white's first turn one (the Balanced form); "When a
  player gives check on the first move, they lose the second move of their
  turn"; the king may never be left in check, not even on the first move;
  "En passant capture is allowed even if the opponent moved the
  corresponding pawn on the first move of their turn. Capturing en passant,
  however, must be done on the first move of the turn. When two pawns can be
  captured en passant, both can be captured in the turn."
- Progressive chess, Scottish rules (https://en.wikipedia.org/wiki/Progressive_chess):
  the n-th turn has n moves; "A check must be escaped from on the first
  move of a series"; "En passant captures of pawns are allowed if the pawn
  in question moved two squares in one move, but no further, at some point
  during the last turn, but the capture must be made on the first move of a
  series"; "check may be given on any move of a series, but a check ends
  the series".
- Progressive chess, Italian rules (the same page; AISE's rules,
  https://www.oocities.org/colosseum/field/2900/pr_engl.htm): "A check can
  be administered only with the last move of a series. Similarly an
  opponent's check must be defended with the first move of the new series,
  In particular, if the only way of parrying a check has the effect of
  checking immediately the opponent's king, the game is lost (progressive
  checkmate)." En passant as in the Scottish rules.
- Monster chess (https://en.wikipedia.org/wiki/Monster_chess): white moves
  twice a turn, black once; "The white king may move into check and then
  out of check, provided that White can execute two moves"; "A king is in
  check if it could be captured on the next turn" (Wikibooks: "if the
  opponent could execute a legal move or pair of moves that would result
  in the king being captured"). White's first move is any move after
  which a second can leave the king safe (or, with no second move at all,
  the king is safe: the game then ends); black's move may not leave its
  king where one white move attacks it, so that the next takes it; and,
  standard rules applying, black may not castle while so in check.

Usage: multimove_perft.py GAME MODE DEPTH [FEN]
  GAME marseillais | progressive | italian | monster; MODE moves | turns. FEN may end with
  chimera's `moves_left=N` and `ep=SQ,SQ` fields. Prints "DEPTH COUNT" for
  each depth from 1. Exit 3 when python-chess is missing.
"""

import sys

try:
    import chess
except ImportError:
    print("python-chess is not installed (pip install chess, in a venv)")
    sys.exit(3)

GAMES = {
    # name: (length of turn `index` (even: white's), chain of en-passant
    # captures, what a check does: "ends" the turn, is allowed only "last"
    # in it, or "none" (the king need be safe only at the turn's end, and
    # check is a capture within the opponent's whole turn))
    "marseillais": (lambda index: 1 if index == 0 else 2, True, "ends"),
    "progressive": (lambda index: index + 1, False, "ends"),
    "italian": (lambda index: index + 1, False, "last"),
    "monster": (lambda index: 2 if index % 2 == 0 else 1, False, "none"),
}


class Game:
    def __init__(self, game, fen):
        self.length, self.chain, self.check_rule = GAMES[game]
        fields = fen.split()
        extra = dict(f.split("=", 1) for f in fields if "=" in f)
        plain = [f for f in fields if "=" not in f]
        self.board = chess.Board(" ".join(plain))
        self.turn_index = 2 * (self.board.fullmove_number - 1) + (0 if self.board.turn else 1)
        self.left = int(extra.get("moves_left", self.length(self.turn_index)))
        # Rights: (square passed, square of the pawn that passed it).
        self.rights = []
        squares = [chess.parse_square(s) for s in extra["ep"].split(",")] if "ep" in extra else []
        if self.board.ep_square is not None and self.board.ep_square not in squares:
            squares.append(self.board.ep_square)
        for sq in squares:
            for victim in (sq + 8, sq - 8):
                p = self.board.piece_at(victim) if 0 <= victim < 64 else None
                if p and p.piece_type == chess.PAWN and (victim > sq) == (p.color == chess.WHITE):
                    self.rights.append((sq, victim))
                    break
        self.board.ep_square = None
        self.first = self.left == self.length(self.turn_index)
        self.all_ep = True  # every move of this turn so far took en passant

    def held(self):
        """The rights the side to move may use now."""
        if not (self.first or (self.chain and self.all_ep)):
            return []
        us = self.board.turn
        return [(sq, v) for sq, v in self.rights if self.board.color_at(v) == (not us)]

    def moves(self):
        if self.check_rule != "none":
            return self.plain_moves()
        us = self.board.turn
        if self.left > 1:
            # The middle of a turn: the king may be left attacked if a
            # later move of the turn can make it safe.
            out = []
            for m, ep in self.pseudo_moves():
                s = self.make(m)
                if self.board.turn == us:
                    ok = bool(self.moves()) or not self.attacked(us)
                else:
                    ok = not self.attacked(us)
                self.unmake(s)
                if ok:
                    out.append(m)
            return out
        out = self.plain_moves()
        if self.length(self.turn_index + 1) > 1:
            if self.in_check_now(us):
                # Standard rules: no castling out of check (the squares
                # crossed: FIDE's "attacked", the ordinary attack).
                out = [m for m in out if not self.board.is_castling(m)]
            out = [m for m in out if not self.capturable_after(m, us)]
        return out

    def in_check_now(self, us):
        """`us`, to move, is in check: attacked, or attacked after one move
        of the opponent's (which would take the king with the next)."""
        b = self.board
        if self.attacked(us):
            return True
        b.turn = not us
        hit = False
        for m1 in list(b.generate_pseudo_legal_moves()):
            b.push(m1)
            hit = b.is_attacked_by(not us, b.king(us))
            b.pop()
            if hit:
                break
        b.turn = us
        return hit

    def attacked(self, color):
        b = self.board
        return b.is_attacked_by(not color, b.king(color))

    def pseudo_moves(self):
        """(move, en-passant square to set when pushing it)."""
        b = self.board
        b.ep_square = None
        out = [(m, None) for m in b.generate_pseudo_legal_moves()]
        for sq, _victim in self.held():
            b.ep_square = sq
            out.extend((m, sq) for m in b.generate_pseudo_legal_ep() if (m, None) not in out)
        b.ep_square = None
        return out

    def capturable_after(self, m, us):
        """After `us` plays `m`, ending its turn: whether one move of the
        opponent's (the first of its turn, legal or not: only the capture
        that would follow counts) leaves `us`'s king attacked."""
        s = self.make(m)
        b = self.board
        hit = False
        for m1, ep in self.pseudo_moves():
            b.ep_square = ep
            b.push(m1)
            hit = b.is_attacked_by(not us, b.king(us))
            b.pop()
            b.ep_square = None
            if hit:
                break
        self.unmake(s)
        return hit

    def plain_moves(self):
        b = self.board
        # Italian: a move that checks is legal only as the turn's last.
        quiet_only = self.check_rule == "last" and self.left > 1
        b.ep_square = None
        out = [m for m in b.generate_legal_moves() if not (quiet_only and b.gives_check(m))]
        for sq, _victim in self.held():
            b.ep_square = sq
            out.extend(
                m for m in b.generate_legal_ep() if m not in out and not (quiet_only and b.gives_check(m))
            )
        b.ep_square = None
        return out

    def make(self, m):
        b = self.board
        saved = (b.turn, self.turn_index, self.left, list(self.rights), self.first, self.all_ep, b.fullmove_number)
        us = b.turn
        took_ep = False
        for sq, victim in self.rights:
            if m.to_square == sq and b.piece_type_at(m.from_square) == chess.PAWN and b.color_at(victim) != us:
                took_ep = True
                b.ep_square = sq
        double = b.piece_type_at(m.from_square) == chess.PAWN and abs(m.to_square - m.from_square) == 16
        b.push(m)
        b.ep_square = None
        self.rights = [
            (sq, v)
            for sq, v in self.rights
            if v != m.from_square and b.piece_type_at(v) == chess.PAWN
        ]
        if double:
            self.rights.append(((m.from_square + m.to_square) // 2, m.to_square))
        check = b.is_check()  # the opponent's king, b.turn being the opponent's
        if self.left > 1 and not (check and self.check_rule == "ends"):
            b.turn = us
            b.fullmove_number = saved[6]
            self.left -= 1
            self.first = False
            self.all_ep = self.all_ep and took_ep
            if not (self.chain and self.all_ep):
                self.rights = [(sq, v) for sq, v in self.rights if b.color_at(v) == us]
        else:
            b.turn = not us
            self.rights = [(sq, v) for sq, v in self.rights if b.color_at(v) == us]
            self.turn_index += 1
            self.left = self.length(self.turn_index)
            self.first = True
            self.all_ep = True
        return saved

    def unmake(self, saved):
        b = self.board
        b.pop()
        b.turn, self.turn_index, self.left, self.rights, self.first, self.all_ep, b.fullmove_number = saved
        b.ep_square = None


def perft_moves(g, depth):
    ms = g.moves()
    if depth == 1:
        return len(ms)
    n = 0
    for m in ms:
        s = g.make(m)
        n += perft_moves(g, depth - 1)
        g.unmake(s)
    return n


def perft_turns(g, depth):
    """Whole turns: a turn ends when the other side is to move, or when the
    side to move has no move left in the middle of its turn (the game is
    over there: the turn so far counts as one)."""
    if depth == 0:
        return 1
    us = g.board.turn
    ms = g.moves()
    n = 0
    for m in ms:
        s = g.make(m)
        if g.board.turn != us:
            n += perft_turns(g, depth - 1)
        else:
            rest = g.moves()
            if not rest:
                n += 1 if depth == 1 else 0
            elif depth == 1 and g.left == 1:
                n += len(rest)  # each of them ends the turn
            else:
                n += perft_turn_rest(g, us, depth)
        g.unmake(s)
    return n


def perft_turn_rest(g, us, depth):
    """The rest of `us`'s turn, then `depth - 1` more turns."""
    ms = g.moves()
    if not ms:
        return 1 if depth == 1 else 0
    n = 0
    for m in ms:
        s = g.make(m)
        if g.board.turn != us:
            n += perft_turns(g, depth - 1)
        else:
            n += perft_turn_rest(g, us, depth)
        g.unmake(s)
    return n


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in GAMES or sys.argv[2] not in ("moves", "turns"):
        print(__doc__)
        sys.exit(2)
    game, mode, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    fen = sys.argv[4] if len(sys.argv) > 4 else chess.STARTING_FEN
    for d in range(1, depth + 1):
        g = Game(game, fen)
        count = perft_moves(g, d) if mode == "moves" else perft_turns(g, d)
        print(d, count)


if __name__ == "__main__":
    main()
