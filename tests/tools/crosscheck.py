#!/usr/bin/env python3
"""Seeded random games re-checked move by move by an independent library.

A reference library plays random games: python-chess for `chess` and
`crazyhouse`, pyffish (Fairy-Stockfish) for everything else. chimera replays
each game (`chimera replay --trace --notation uci --json`, with
`--position-text fsf` against pyffish), and at every ply the two must agree
on the legal moves and on the position text, character for character (FEN
as python-chess writes it, or as Fairy-Stockfish does), and at the end on
the result.

Usage:
    crosscheck.py CHIMERA RULES.toml REFERENCE_VARIANT [--games N] [--plies N] [--seed S] [--ini FILE]
                  [--shuffle yes] [--shuttle P] [--start FEN]

With --start FEN, every game starts from that position (pyffish only), as
Fairy-Stockfish writes it: endgames for a counting rule, say.

With --shuttle P (0 to 1), a player takes back its own last move with
probability P when it may (`e4e2` after `e2e4`), so that games meet the
rules about pieces moved back and forth (janggimodern's move repetition).

With --shuffle yes, each game starts from its own shuffled start (pyffish
only), drawn here from the seed independently of chimera: the reference's
start with the first player's back rank shuffled — the bishops on squares
of different colours, the king between the rooks — and the second player's
mirroring it, with every castling right (Chess960, Capablanca random chess).
The position is given to both as Fairy-Stockfish writes it.

With --ini, pyffish first loads that variants.ini (pyffish.load_variant_config)
and REFERENCE_VARIANT may be one of its sections (`chimera import fsf`).

Prints one line per game and a summary; exits 1 on any disagreement, 3 when
the reference library is not installed (the caller skips then).

Known, listed differences (not failures):
- pyffish counts a pawn drop that mates as legal (shogi's uchifuzume forbids
  it): such a move missing from chimera's list is accepted — a drop of any
  piece whose drops the rules file bans from mating (`no_mate`: tori shogi's
  swallow too). A rules file with the option `drop_mate` (choice `loses`:
  Fairy-Stockfish's convention, `[moves] drop_mate`) is replayed with it, and
  then nothing is accepted.
- pyffish writes the en-passant field of a pawn that is not the chess pawn
  (Berolina, sideways and backward pawns) as a list of squares (`d3e4`)
  even where chimera has none (the pawn cannot take en passant) or writes
  the square passed over alone: a list holding chimera's square, or any
  list where chimera has none, is accepted, and counted.
- python-chess ends a game on insufficient material, chimera (like
  Fairy-Stockfish's chess) does not: such a game stops there, unjudged.
"""

import json
import os
import random
import re
import subprocess
import sys
import tempfile


def die(msg, code=1):
    print(msg)
    sys.exit(code)


# ---------------------------------------------------------------- references


class PythonChess:
    """python-chess: chess and crazyhouse."""

    def __init__(self, variant):
        try:
            import chess
            import chess.variant
        except ImportError:
            die("skip: python-chess is not installed (pip install chess)", 3)
        self.chess = chess
        self.cls = chess.Board if variant == "chess" else chess.variant.CrazyhouseBoard

    def new(self, start=None):
        if start:
            die("--shuffle and --start need pyffish as the reference", 2)
        self.board = self.cls()
        return self.board

    def start_fen(self):
        return self.cls().fen()

    def legal(self):
        return sorted(m.uci() for m in self.board.legal_moves)

    def push(self, m):
        self.board.push_uci(m)

    def fen(self):
        return self.board.fen(en_passant="fen")

    def result(self):
        """(winner 'first'/'second'/None, reason) if the game is over by the
        rules chimera's chess file has, else None; 'stop' for an ending
        chimera does not have."""
        b = self.board
        if b.is_checkmate():
            return ("second" if b.turn else "first", "checkmate")
        if b.is_stalemate():
            return (None, "stalemate")
        if b.is_insufficient_material():
            return "stop"
        if b.is_repetition(3):
            return (None, "repetition")
        if b.halfmove_clock >= 100:
            return (None, "fifty-move rule")
        return None

    def pawn_drop_mate(self, m):
        return False


class Pyffish:
    """pyffish: Fairy-Stockfish's rules for its built-in variants. Positions
    are kept as FEN (so each step costs the same however long the game);
    rules that look back get the last WINDOW plies."""

    WINDOW = 40

    def __init__(self, variant, ini=None):
        try:
            import pyffish
        except ImportError:
            die("skip: pyffish is not installed (pip install pyffish)", 3)
        self.sf = pyffish
        self.variant = variant
        if ini:
            # Variants defined in an ini file (`chimera import fsf`'s input).
            with open(ini) as f:
                pyffish.load_variant_config(f.read())
            if variant not in pyffish.variants():
                die(f"pyffish does not know `{variant}` after loading {ini}", 2)

    def new(self, start=None):
        # The start as Fairy-Stockfish writes a position (its start FEN may be
        # a short form: `…[-] w 0 1` in the shogi variants).
        start = start or self.sf.start_fen(self.variant)
        self.fens = [self.sf.get_fen(self.variant, start, [])]
        self.moves = []
        self._legal = None

    def start_fen(self):
        return self.sf.start_fen(self.variant)

    def legal(self):
        if self._legal is None:
            self._legal = sorted(self.sf.legal_moves(self.variant, self.fens[-1], []))
        return self._legal

    def push(self, m):
        self.fens.append(self.sf.get_fen(self.variant, self.fens[-1], [m]))
        self.moves.append(m)
        self._legal = None

    def fen(self):
        return self.fens[-1]

    def _recent(self):
        k = max(0, len(self.moves) - self.WINDOW)
        return self.fens[k], self.moves[k:]

    def result(self):
        if not self.legal():
            # With the whole game: the end of a game with no legal move may
            # look back (shatar's series of checks, the drop that mates).
            r = self.sf.game_result(self.variant, self.fens[0], self.moves)
            return self._judged(r, "no legal move")
        start, moves = self._recent()
        end, r = self.sf.is_immediate_game_end(self.variant, start, moves)
        if end:
            return self._judged(r, "immediate")
        end, r = self.sf.is_optional_game_end(self.variant, start, moves)
        if end:
            return self._judged(r, "optional")
        return None

    def _judged(self, r, how):
        # Who is to move, from the position (a --start may give the move to
        # the second player): Fairy-Stockfish writes `w` for the first.
        to_move = "first" if self.fens[-1].split()[1] == "w" else "second"
        other = "second" if to_move == "first" else "first"
        if r == 0:
            return (None, how)
        return (to_move if r > 0 else other, how)

    def pawn_drop_mate(self, m):
        """Whether `m`, a move of the current position, is a pawn drop that
        mates (legal for Fairy-Stockfish, not under shogi's rules)."""
        if not DROP_MATE_BANNED[0] or "@" not in m or not (m[:2].upper() == "P@" or DROP_MATE_BANNED[0] is True):
            return False
        fen = self.fens[-1]
        return self.sf.gives_check(self.variant, fen, [m]) and not self.sf.legal_moves(self.variant, fen, [m])


# ------------------------------------------------------------ normalisation


def normalise_move(m):
    # chimera's UCI promotion in shogi-style variants names the face (`+b`);
    # Fairy-Stockfish writes a bare `+`.
    if len(m) >= 2 and m[-2] == "+" and m[-1].isalpha():
        return m[:-1]
    return m


EP_LISTS = [0]
# Whether the rules file bans drops that mate (`no_mate = true`): True when a
# piece other than one lettered P has the ban (tori shogi's swallow, S).
DROP_MATE_BANNED = ["P"]


def ep_as_reference(reference, chimera):
    """The one convention of the en-passant field left (counted in
    EP_LISTS): for a custom pawn (not the chess pawn) Fairy-Stockfish lists
    the squares it passed and reached (`d3e4`) even where its moves cannot
    take en passant at all, and chimera has none; or lists them where the
    rules file writes the square passed over alone (no `en_passant_text =
    "path"`)."""
    r, c = reference.split(), chimera.split()
    if len(r) != len(c) or len(r) < 4 or r[3] == c[3]:
        return chimera
    squares = re.findall(r"[a-z]+[0-9]+", r[3])
    if len(squares) >= 2 and (c[3] == "-" or c[3] in squares):
        EP_LISTS[0] += 1
        c[3] = r[3]
        return " ".join(c)
    return chimera


def same_position(reference, chimera, fsf):
    """Compares position texts character for character (chimera's written
    as Fairy-Stockfish writes it when the reference is pyffish); returns a
    difference or None."""
    if fsf:
        chimera = ep_as_reference(reference, chimera)
    return None if reference == chimera else f"reference {reference}\n      chimera   {chimera}"


def shuffled_start(start_fen, rng):
    """The start with the first player's back rank shuffled (bishops on
    different colours, the king between the rooks), the second player's
    mirroring it, every castling right held (KQkq; Fairy-Stockfish turns
    them into the rooks' files)."""
    fields = start_fen.split()
    ranks = fields[0].split("/")
    back = ranks[-1]
    assert back.isalpha(), f"--shuffle needs a full back rank, not {back}"
    while True:
        pieces = list(back)
        rng.shuffle(pieces)
        bishops = [i for i, p in enumerate(pieces) if p == "B"]
        rooks = [i for i, p in enumerate(pieces) if p == "R"]
        king = pieces.index("K")
        if len(bishops) == 2 and bishops[0] % 2 == bishops[1] % 2:
            continue
        if len(rooks) == 2 and not rooks[0] < king < rooks[1]:
            continue
        break
    row = "".join(pieces)
    ranks[-1], ranks[0] = row, row.lower()
    fields[0] = "/".join(ranks)
    fields[2] = "KQkq"
    return " ".join(fields)


# ---------------------------------------------------------------------- main


def main():
    args = sys.argv[1:]
    if len(args) < 3:
        die(__doc__, 2)
    chimera, rules, variant = args[:3]
    opts = dict(zip(args[3::2], args[4::2]))
    games = int(opts.get("--games", 10))
    plies = int(opts.get("--plies", 200))
    seed = int(opts.get("--seed", 1))
    ini = opts.get("--ini")
    shuffle = opts.get("--shuffle") == "yes"
    shuttle = float(opts.get("--shuttle", 0))
    fixed = opts.get("--start")
    ref = PythonChess(variant) if variant in ("chess", "crazyhouse") and not ini else Pyffish(variant, ini)
    DROP_MATE_BANNED[0] = drop_mate_banned(rules)
    failures = 0
    accepted = 0
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        start = shuffled_start(ref.start_fen(), rng) if shuffle else fixed
        ref.new(start)
        played, legal_lists, fens = [], [], []
        ending = None
        while len(played) < plies:
            ending = ref.result()
            if ending is not None:
                break
            legal = ref.legal()
            legal_lists.append(legal)
            fens.append(ref.fen())
            # The reference may play a move chimera rightly refuses (a pawn
            # drop that mates); it never chooses one.
            choices = list(legal)
            m = rng.choice(choices)
            back = shuttle_move(played, legal)
            if back and rng.random() < shuttle:
                m = back
            while ref.pawn_drop_mate(m) and len(choices) > 1:
                choices.remove(m)
                m = rng.choice(choices)
            played.append(m)
            ref.push(m)
        if ending is None:
            # The last move may have ended the game too.
            ending = ref.result()
        final_fen = ref.fen()
        with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
            f.write(f'[VariantFile "{os.path.abspath(rules)}"]\n')
            if shuffle or fixed:
                f.write(f'[Start "{ref.fens[0]}"]\n')
            f.write("\n")
            f.write(" ".join(played) + "\n")
            record = f.name
        out = subprocess.run(
            [chimera, "replay", record, "--trace", "--notation", "uci", "--json"]
            + (["--position-text", "fsf"] if isinstance(ref, Pyffish) else [])
            + (["--option", "drop_mate=loses"] if fsf_drop_mate_option(rules) else []),
            capture_output=True,
            text=True,
        )
        os.unlink(record)
        lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
        problems = []
        if out.returncode != 0:
            problems.append(f"chimera replay failed: {out.stderr.strip().splitlines()[-1] if out.stderr else out.returncode}")
        traces = [x for x in lines if "ply" in x]
        for i, t in enumerate(traces):
            mine = sorted(normalise_move(m) for m in t["moves"])
            theirs = legal_lists[i]
            missing = sorted(set(theirs) - set(mine))
            extra = sorted(set(mine) - set(theirs))
            known = [m for m in missing if ref_pawn_drop_mate(ref, variant, fens[i], m)]
            accepted += len(known)
            missing = [m for m in missing if m not in known]
            if missing or extra:
                problems.append(f"ply {i + 1}: missing {missing} extra {extra} at {fens[i]}")
                break
            diff = same_position(fens[i], t["position"], isinstance(ref, Pyffish))
            if diff:
                problems.append(f"ply {i + 1}: positions differ\n      {diff}")
                break
        final = [x for x in lines if "result" in x]
        if not problems and final:
            diff = same_position(final_fen, final[0]["position"], isinstance(ref, Pyffish))
            if diff:
                problems.append(f"final position differs\n      {diff}")
            theirs = ending
            mine = final[0]["result"]
            if theirs not in (None, "stop"):
                winner, _ = theirs
                want = "draw" if winner is None else f"{winner} wins"
                if winner is None:
                    ok = mine.startswith("draw")
                else:
                    ok = " wins " in mine and mine.split(" wins ")[0] in chimera_side_names(rules, winner)
                if not ok:
                    problems.append(f"result: reference {theirs} ({want}), chimera `{mine}` at {final_fen}")
            elif theirs is None and mine != "ongoing" and len(played) >= plies:
                problems.append(f"result: chimera ended the game (`{mine}`), the reference did not")
        status = "ok" if not problems else "FAIL"
        print(f"game {g + 1}: {len(played)} plies, reference {ending}, {status}")
        for p in problems:
            print("    " + p)
        failures += bool(problems)
    ep = f"; {EP_LISTS[0]} en-passant fields written as square lists accepted" if EP_LISTS[0] else ""
    print(f"{variant}: {games - failures}/{games} games agree; {accepted} pawn-drop mates accepted as known differences{ep}")
    sys.exit(1 if failures else 0)


def shuttle_move(played, legal):
    """The move that takes back the mover's own last move (`e2e4` after
    `e4e2`), if legal: what --shuttle plays, to meet move-repetition rules."""
    if len(played) < 2:
        return None
    m = re.fullmatch(r"([a-z]+[0-9]+)([a-z]+[0-9]+)", played[-2])
    if not m:
        return None
    back = m.group(2) + m.group(1)
    return back if back in legal else None


def ref_pawn_drop_mate(ref, variant, fen, m):
    if not isinstance(ref, Pyffish) or "@" not in m or not DROP_MATE_BANNED[0]:
        return False
    if m[:2].upper() != "P@" and DROP_MATE_BANNED[0] is not True:
        return False
    sf = ref.sf
    return sf.gives_check(variant, fen, [m]) and not sf.legal_moves(variant, fen, [m])


def fsf_drop_mate_option(rules):
    """Whether the rules file offers Fairy-Stockfish's pawn-drop-mate
    convention (`[options] drop_mate` with the choice `loses`): replays then
    use it, and such drops are no known difference."""
    import tomllib

    with open(rules, "rb") as f:
        options = tomllib.load(f).get("options", {})
    return "loses" in options.get("drop_mate", {}).get("choices", [])


def drop_mate_banned(rules):
    """Which drops that mate the rules file bans: "P" for pawns only, True
    for another piece's too (tori shogi's swallow), None for none (or none
    under Fairy-Stockfish's convention, which the replay takes)."""
    import tomllib

    if fsf_drop_mate_option(rules):
        return None
    with open(rules, "rb") as f:
        pieces = tomllib.load(f).get("piece", [])
    banned = [p.get("symbol", "") for p in pieces if p.get("drop", {}).get("no_mate")]
    if not banned:
        return None
    return "P" if banned == ["P"] else True


def chimera_side_names(rules, side):
    """The name the rules file gives a side (for reading chimera's result)."""
    import tomllib

    with open(rules, "rb") as f:
        sides = tomllib.load(f).get("sides", {})
    return (sides.get(side, {}).get("name", side),)


if __name__ == "__main__":
    main()
