#!/usr/bin/env python3
"""Compare chimera's large-shogi moves (chu, dai, wa) with HaChu's, piece by piece.

HaChu (H. G. Muller's large-shogi engine, Debian package `hachu`) has no
perft and no move list, but answers XBoard's `lift SQUARE` with a `highlight`
board: the targets of the piece on that square, coloured

    Y  a move            R  a capture        M  a promotion exists to there
    C  the first step of a double move (lion, falcon, eagle) that may go on

and the origin marked for a pass. `put SQ` then `lift SQ` gives the second
steps after capturing on SQ (the origin marked = igui, capture and return).

For N seeded positions this script asks HaChu for every piece of the side to
move and compares with chimera's legal moves from that square. Three quarters
of the positions (see --scatter) come from random games played by chimera from
the start by the rules file itself (one game per position, stopped after a
random number of plies); the rest scatter pieces of all 39 faces, lion-power
pieces more often, so that lions, falcons and eagles meet. Moves are compared
per piece as sets of

    ("to", t)          a move or capture ending on t
    ("promo", t)       a promotion exists on a move ending on t
    ("double", e, t)   capture on e, then go on to t (t == origin: igui)

and per position: whether the side to move may pass (a piece out and back,
HaChu's null move; one move per position in both).

HaChu's highlights are pseudo-legal: they follow the reading of chu without
check. The rules file guards a side's last royal piece (king or crown prince:
`royal_pieces = "last"`), so where the side to move has only one, HaChu also
shows moves that leave it attacked. Those are set aside as HaChu's artefacts
when chimera confirms them: chimera does not list the move, a copy of the rules
file without royal pieces (chu without check) does, and after it the opponent
can take the royal piece. Every other difference is classified (see CLASSES)
and counted, by class and by piece. Usage:

    python3 tests/tools/hachu_oracle.py --variant variants/chu-shogi.toml \
        --positions 200 --seed 1 --chimera /tmp/chimera-bin

The game (chu, dai, wa; sho is refused: HaChu 0.21 cannot set it up) comes
from the rules file's name or `--game`: it picks HaChu's variant (`variant
dai`, `variant wa-shogi`, sent after `force`), the board, the zone depth, the
lion-power pieces and HaChu's options (wa: `Promote on entry` off, shogi's
promotion rule). Piece names come from the rules file; dai's dressed letters
(`C'`, `L!`) are read and written as they are.

`--quick`: 20 positions, the summary only (for tests/hachu.rs).

Exit status: 0 no differences (with --known-only-ok: none outside the known
classes, KNOWN), 1 differences, 2 usage or tool error, 3 hachu is not
installed (the test harness then skips).

HaChu's quirks handled here (docs/large-shogi.md has the details):
`memory` must come first; chu is its default variant, and `variant chu` or
`new` are not sent (a move of the start position, h4h5, then leaks into later
highlights); `setboard` takes the board part only and the side in upper case
moves, so positions with the second player to move are turned 180° with the
case swapped; all `setboard` positions share one hash key, so hash moves leak
from one to the next: every position gets a fresh process (and one discarded
lift); a position in which the side to move can take a royal piece is not
taken up by HaChu (its search stops at the king capture): skipped and counted
(with king and prince both on the board either may be left en prise);
a move HaChu's root search strikes out (a lion trade) stays in its list as
move 0, shown as a null move on a1: set aside and counted; a `C` hides the
plain capture on its square: taken as present.
"""

import argparse
import collections
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

FILES = "abcdefghijklmnopqrstuvwxyz"

# Per game: HaChu's variant name, board size, zone depth, the lions (for the
# trading rules), the pieces that may pass (lion power), HaChu options sent.
GAMES = {
    "chu": {"hachu": "chu", "size": 12, "zone": 4, "lions": {"N", "+O"}, "power": {"N", "+O", "+H", "+D"},
            "options": []},
    "dai": {"hachu": "dai", "size": 15, "zone": 5, "lions": {"L!", "+O"}, "power": {"L!", "+O", "+H", "+D"},
            "options": []},
    # Wa's promotion is shogi's (a move into, out of or within the zone);
    # HaChu's default is chu's "promote on entry", so that option is cleared.
    "wa": {"hachu": "wa-shogi", "size": 11, "zone": 3, "lions": set(), "power": set(),
           "options": ["option Promote on entry=0"]},
    # HaChu 0.21 cannot set up sho: its `sho` reads the knight's letter N as
    # chu's lion (chuIDs), which its sho piece list lacks, and exits ("Unknown
    # piece 'LN' in setup"). Sho is compared with Fairy-Stockfish instead
    # (tests/tools/fsf_sho_oracle.py).
    "sho": {"hachu": "sho", "size": 9, "zone": 3, "lions": set(), "power": set(), "options": [],
            "broken": "HaChu 0.21 cannot set up sho (its knight letter N reads as chu's lion: \"Unknown piece 'LN' "
                      "in setup\"); use tests/tools/fsf_sho_oracle.py"},
}
LION_SYMBOLS = {"N", "+O"}  # lion and promoted kirin: both are lions for the trading rules
LION_POWER = LION_SYMBOLS | {"+H", "+D"}  # pieces that may pass (falcon, eagle: in their lion directions)
ROYAL_SYMBOLS = {"K", "+E"}
ZONE_DEPTH = 4
SIZE = 12
PIECE_NAMES = {
    "K": "king", "E": "drunk elephant", "G": "gold general", "S": "silver general",
    "C": "copper general", "F": "ferocious leopard", "L": "lance", "A": "reverse chariot",
    "B": "bishop", "T": "blind tiger", "O": "kirin", "X": "phoenix", "M": "side mover",
    "V": "vertical mover", "R": "rook", "H": "dragon horse", "D": "dragon king", "N": "lion",
    "Q": "free king", "P": "pawn", "I": "go-between",
    "+E": "crown prince", "+G": "promoted gold", "+S": "promoted silver",
    "+C": "promoted copper", "+F": "promoted leopard", "+L": "white horse", "+A": "whale",
    "+B": "promoted bishop", "+T": "flying stag", "+O": "promoted kirin",
    "+X": "promoted phoenix", "+M": "free boar", "+V": "flying ox", "+R": "promoted rook",
    "+H": "horned falcon", "+D": "soaring eagle", "+P": "tokin", "+I": "promoted go-between",
}



def load_game(game, variant):
    """Sets the per-game tables, the piece names from the rules file."""
    global LION_SYMBOLS, LION_POWER, ZONE_DEPTH, SIZE
    g = GAMES[game]
    LION_SYMBOLS, LION_POWER, ZONE_DEPTH, SIZE = g["lions"], g["power"], g["zone"], g["size"]
    PIECE_NAMES.clear()
    name = None
    for line in open(variant):
        m = re.match(r'^name = "(.*)"$', line)
        if m:
            name = m.group(1)
        m = re.match(r'^symbol = "(.*)"$', line)
        if m and name:
            PIECE_NAMES[m.group(1)] = name
            name = None
    return g


# Difference classes: (key, side, explanation). `side` is "chimera" when only
# chimera has the move, "hachu" when only HaChu has it.
CLASSES = {
    "lion-trade-protected": "a lion takes a protected lion from two squares away (no bridge capture): "
                            "chu's lion-trading rule forbids it, chimera allows it",
    "promo-quiet-in-zone": "chimera promotes on a quiet move that starts and ends in the zone; "
                           "chu (HaChu, the Association) promotes a quiet move only on entering the zone "
                           "(a rules file without trigger = \"enter_or_capture\")",
    "promo-quiet-leaving": "chimera promotes on a quiet move leaving the zone; chu does not",
    "promo-capture-leaving": "HaChu promotes on a capture leaving the zone, chimera not "
                             "(a rules file with trigger = \"destination\")",
    "pass-per-piece": "chimera lists a pass for more than one piece in one position; the positions after "
                      "are the same, and HaChu has one null move (a rules file without one_piece_pass)",
    "other": "not explained by a known rule: look at it",
}
# The classes --known-only-ok accepts: rules the language cannot say yet.
# None now: chu's lion-trading rule is the `lion_trading` hook. The
# promotion classes are for rules files that get the trigger wrong, and fail.
KNOWN = set()

# HaChu's answers set aside, by reason (not differences of the rules).
ARTEFACTS = {
    "null-move-a1": "a move HaChu's root search struck out (a lion trade), left in its list as "
                    "move 0 and shown as a null move on a1",
    "leaves-last-royal-attacked": "HaChu pseudo-legal, leaves the last royal attacked: a move of chu "
                                  "without check that the rules file's royal_pieces = \"last\" forbids "
                                  "(chimera does not list it, chu without check does, and after it the "
                                  "opponent can take the side's only royal piece)",
    "counter-strike-history": "HaChu's setboard has no history, so it does not know that the last move "
                              "was a lion taken by a non-lion (the position's flags=counter_strike): a "
                              "non-lion's capture of a lion the counter-strike rule forbids (chimera "
                              "lists it in the same position without the flag)",
    "onto-own-piece": "HaChu shows a move or capture onto a square that holds a piece of the side to move "
                      "(no rule allows it; seen in dai and wa)",
}


def sq_name(f, r):
    return "%s%d" % (FILES[f], r + 1)


def parse_sq(s):
    return FILES.index(s[0]), int(s[1:]) - 1


def parse_board(board, files, ranks):
    """FEN board part -> {(f, r): symbol}, symbols upper case for the first player."""
    rows = board.split("/")
    if len(rows) != ranks:
        raise ValueError("board has %d ranks, expected %d" % (len(rows), ranks))
    out = {}
    for i, row in enumerate(rows):
        r = ranks - 1 - i
        f = 0
        j = 0
        while j < len(row):
            c = row[j]
            if c.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
                continue
            sym = ""
            if c == "+":
                sym = "+"
                j += 1
                c = row[j]
            if c == "(":
                k = row.index(")", j)
                sym += row[j + 1:k]
                j = k + 1
            else:
                sym += c
                j += 1
                if j < len(row) and row[j] in "'!":  # dressed letters: C', L!
                    sym += row[j]
                    j += 1
            out[(f, r)] = sym
            f += 1
        if f != files:
            raise ValueError("rank %d has %d files" % (r + 1, f))
    return out


def is_first(sym):
    return sym.lstrip("+")[0].isupper()


def board_text(pieces, files, ranks):
    rows = []
    for r in range(ranks - 1, -1, -1):
        row, empty = "", 0
        for f in range(files):
            p = pieces.get((f, r))
            if p is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += p
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)


def parse_highlight(text, files, ranks):
    """`highlight` board -> {(f, r): mark}."""
    rows = text.split("/")
    out = {}
    for i, row in enumerate(rows[:ranks]):
        r = ranks - 1 - i
        f = 0
        j = 0
        while j < len(row):
            if row[j].isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
            else:
                if f < files:
                    out[(f, r)] = row[j]
                f += 1
                j += 1
    return out


MOVE_SIMPLE = re.compile(r"^([a-z])(\d+)([a-z])(\d+)(?:=(\+?[A-Za-z]+['!]?))?$")
MOVE_MULTI = re.compile(r"^([a-z]\d+)-([a-z]\d+)((?:x[a-z]\d+)*)(?:=(\+?[A-Za-z]+['!]?))?$")


def chimera_keys(moves):
    """chimera's move texts -> {from: set of keys}."""
    out = collections.defaultdict(set)
    for m in moves:
        s = MOVE_SIMPLE.match(m)
        if s:
            fr = (FILES.index(s.group(1)), int(s.group(2)) - 1)
            to = (FILES.index(s.group(3)), int(s.group(4)) - 1)
            out[fr].add(("to", to))
            if s.group(5):
                out[fr].add(("promo", to))
            continue
        x = MOVE_MULTI.match(m)
        if not x:
            raise ValueError("unreadable chimera move %r" % m)
        fr, to = parse_sq(x.group(1)), parse_sq(x.group(2))
        caps = [parse_sq(c) for c in x.group(3).split("x")[1:]]
        if x.group(4):
            out[fr].add(("promo", to))
        if not caps:
            out[fr].add(("pass",) if to == fr else ("to", to))
        elif caps == [to]:
            out[fr].add(("to", to))
        else:
            out[fr].add(("double", caps[0], to))
    return out


class HaChuError(Exception):
    pass


class HaChu:
    """One HaChu process, spoken to in XBoard's protocol with ping/pong sync."""

    def __init__(self, path, log=None, variant="chu", options=()):
        self.log = log
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.n = 0
        self.send("xboard")
        self.send("protover 2")
        self.wait(lambda line: line.startswith("feature done=1"))
        # Chu is HaChu's default variant. `variant chu` and `new` set up the
        # start position and search it, and a move of that search (h4h5) then
        # leaks into the highlights of later `setboard` positions (they all
        # share one hash key): so neither is sent.
        # Other games: `force` first, so that `variant` sets the game up
        # without searching it.
        for c in ["memory 68", "force"] + ([] if variant == "chu" else ["variant " + variant]) + list(options):
            self.send(c)
        self.sync()

    def send(self, s):
        if self.log:
            self.log.write("> %s\n" % s)
        try:
            self.p.stdin.write(s + "\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            raise HaChuError("hachu died")

    def wait(self, done):
        out = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise HaChuError("hachu died")
            line = line.rstrip("\n")
            if self.log and not line.startswith("#"):
                self.log.write("< %s\n" % line)
            if done(line):
                return out
            if not line.startswith("#"):
                out.append(line)

    def sync(self):
        self.n += 1
        self.send("ping %d" % self.n)
        pong = "pong %d" % self.n
        return self.wait(lambda line: line == pong)

    def highlight(self, sq, files, ranks):
        self.send("lift %s" % sq_name(*sq))
        for line in self.sync():
            if line.startswith("highlight "):
                return parse_highlight(line.split(" ", 1)[1], files, ranks)
        return {}

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=2)
        except Exception:
            self.p.kill()
            self.p.wait()


def hachu_keys(h, origin, sym_at_origin, files, ranks):
    """HaChu's keys for the piece on `origin` (HaChu's coordinates)."""
    keys = set()
    marks = h.highlight(origin, files, ranks)
    for t, mark in marks.items():
        if t == origin:
            # A move HaChu's root search struck out (a lion trade) is left in
            # its list as INVALID, move 0, which its highlight shows as a
            # null move on HaChu's a1: set aside.
            if origin == (0, 0) and sym_at_origin not in LION_POWER:
                keys.add(("artefact-null-a1",))
            else:
                keys.add(("pass",))
        elif mark in "YR":
            keys.add(("to", t))
        elif mark == "M":
            keys.add(("to", t))
            keys.add(("promo", t))
        elif mark == "C":
            # A C hides the plain capture on that square (HaChu marks the
            # square once); lion-power pieces can always take what they may
            # take and go on from.
            keys.add(("to", t))
            h.send("put %s" % sq_name(*t))
            second = h.highlight(t, files, ranks)
            for t2 in second:
                keys.add(("double", t, t2))
        else:
            keys.add(("unknown-mark-" + mark, t))
    return keys


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr.strip()[:500]))
    return r.stdout


def pseudo_copy(variant, workdir):
    """A copy of the rules file without royal pieces: chu without check, as
    HaChu's highlights read it (every move pseudo-legal). Its moves confirm
    HaChu's artefacts and judge a lion's protection (chu counts a pinned
    protector)."""
    text = open(variant).read()
    text, n = re.subn(r'(?m)^royal = true\n', '', text)
    text = re.sub(r'(?m)^royal_pieces = .*\n', '', text)
    text = re.sub(r'(?ms)^\[\[test\]\].*', '', text)  # the cases are the file's own
    path = os.path.join(workdir, "pseudo-" + os.path.basename(variant))
    with open(path, "w") as out:
        out.write(text)
    return path


def counter_strike_history(args, fen, frm, key, cache):
    """Whether a move only HaChu has is one the counter-strike flag of the
    position forbids: the position carries flags=counter_strike and chimera
    lists the move when the flag is dropped."""
    if frm is None or "counter_strike" not in fen:
        return False
    if "keys" not in cache:
        plain = " ".join(f for f in fen.split() if not f.startswith("flags="))
        got = chimera_moves(args.chimera, args.variant, plain)
        cache["keys"] = chimera_keys(got["moves"]) if got else {}
    return key in cache["keys"].get(frm, set())


def chimera_moves(chimera, variant, fen, moves=None):
    """chimera's moves (and the position) after `moves`, read leniently; None
    when the moves are not legal there."""
    cmd = [chimera, "moves", variant, "--position", fen, "--lenient", "--json"]
    if moves:
        cmd += ["--moves", moves]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return json.loads(r.stdout)


def random_position(chimera, variant, seed, plies):
    """A random game from the start (seeded), stopped after `plies` - 1 plies
    or one ply before it ended: its last position, with chimera's legal moves
    there. (The position comes from `play` itself, not from replaying its
    record: with `one_piece_pass` the pass kept is the first piece's in
    generation order, which depends on how the position was built, so a
    record's pass, e.g. `f9-f9`, may not replay when another piece's was
    kept: seed 1000082, 212 plies.)"""
    limit = max(plies - 1, 1)
    while True:
        out = run([chimera, "play", variant, "--white", "random", "--black", "random", "--seed", str(seed),
                   "--max-moves", str(limit), "--json"])
        game = json.loads(out.strip().splitlines()[-1])
        if game.get("reason") == "move_limit" or game["plies"] <= 1:
            break
        # Decided before the limit: the same game, one ply shorter.
        limit = game["plies"] - 1
    fen = game["position"]
    got = chimera_moves(chimera, variant, fen)
    if got is None or not got["moves"]:
        return None
    return fen, got["moves"], game["plies"]


def scattered_position(chimera, variant, pseudo, rng, files, ranks):
    """A position of pieces scattered at random: each side a king, maybe a
    crown prince, and 3 to 16 pieces of any face (the lion-power pieces more
    often, so that lions, falcons and eagles meet); read with --lenient (two
    lions of a side are more than the game starts with). Re-drawn while the
    side to move could take a royal piece (HaChu would not take it up)."""
    faces = [s for s in PIECE_NAMES if s not in ROYAL_SYMBOLS]
    weights = [4 if s in LION_POWER else 1 for s in faces]
    for _ in range(100):
        pieces = {}
        empty = [(f, r) for f in range(files) for r in range(ranks)]
        rng.shuffle(empty)
        for first in (True, False):
            syms = ["K"] + (["+E"] if "+E" in PIECE_NAMES and rng.random() < 0.2 else [])
            syms += rng.choices(faces, weights, k=rng.randint(3, 16))
            for sym in syms:
                pieces[empty.pop()] = sym if first else sym.lower()
        stm = rng.choice("wb")
        fen = "%s %s - - 0 1" % (board_text(pieces, files, ranks), stm)
        r = subprocess.run([chimera, "moves", variant, "--position", fen, "--lenient", "--json"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            continue
        moves = json.loads(r.stdout)["moves"]
        free = chimera_moves(chimera, pseudo, fen)
        if free is not None and not takes_royal(pieces, chimera_keys(free["moves"]), stm == "w"):
            return fen, moves
    raise RuntimeError("no scattered position found")


def takes_royal(pieces, ch, stm_first):
    """Whether the side to move can take a royal piece."""
    for keys in ch.values():
        for k in keys:
            targets = [k[1]] if k[0] == "to" else list(k[1:]) if k[0] == "double" else []
            for t in targets:
                if t in pieces and pieces[t].upper() in ROYAL_SYMBOLS and is_first(pieces[t]) != stm_first:
                    return True
    return False


def zone_rank(r, first_to_move, ranks, depth=None):
    rel = r if first_to_move else ranks - 1 - r
    return rel >= ranks - (depth or ZONE_DEPTH)


class Ctx:
    """One position: chimera's binary, the rules file's copy without royal
    pieces (chu without check), the position, and that copy's moves there."""

    def __init__(self, chimera, pseudo, fen, pieces, stm_first):
        self.chimera, self.pseudo, self.fen, self.pieces, self.stm_first = chimera, pseudo, fen, pieces, stm_first
        self._moves = None

    def pseudo_list(self):
        """The moves of chu without check here."""
        if self._moves is None:
            got = chimera_moves(self.chimera, self.pseudo, self.fen)
            self._moves = got["moves"] if got else []
        return self._moves

    def pseudo_texts(self, frm, key):
        """The move texts of chu without check that make `key` (from `frm`;
        any piece's for a pass)."""
        out = []
        for m in self.pseudo_list():
            for f, keys in chimera_keys([m]).items():
                if key in keys and (frm is None or f == frm):
                    out.append(m)
        return out

    def after(self, text):
        """(pieces, chimera keys of the side then to move) after `text`, in chu
        without check; None if the move is not one."""
        got = chimera_moves(self.chimera, self.pseudo, self.fen, text)
        if got is None:
            return None
        return parse_board(got["position"].split()[0], SIZE, SIZE), chimera_keys(got["moves"])


def royal_count(pieces, first):
    return sum(1 for p in pieces.values() if p.upper() in ROYAL_SYMBOLS and is_first(p) == first)


def leaves_last_royal_attacked(ctx, frm, key):
    """Whether HaChu's `key` (a move chimera does not list) is a move of chu
    without check that leaves the side's only royal piece attacked: the side
    to move has one royal piece, chu without check has the move (every way of
    making it), and after each the opponent can take a royal piece of it."""
    if royal_count(ctx.pieces, ctx.stm_first) != 1:
        return False
    texts = ctx.pseudo_texts(frm, key)
    if not texts:
        return False
    for text in texts:
        got = ctx.after(text)
        if got is None or not takes_royal(got[0], got[1], not ctx.stm_first):
            return False
    return True


def recapturable(ctx, key, frm, t):
    """Whether, after the move `key` of the piece on `frm` (ending on `t`), the
    opponent can take on `t` (in chu without check: protection by a piece
    pinned to a royal piece counts, as in chu)."""
    texts = ctx.pseudo_texts(frm, key)
    if not texts:
        return False
    for text in texts:
        got = ctx.after(text)
        if got is None:
            return False
        if not any(("to", t) in k or any(x[0] == "double" and t in x[1:] for x in k) for k in got[1].values()):
            return False
    return True


def classify(key, side, frm, sym, pieces, stm_first, ranks, ctx):
    """The class of one difference."""
    kind = key[0]
    if kind == "promo" and side == "chimera":
        to = key[1]
        captures = to in pieces and is_first(pieces[to]) != stm_first
        if not captures and zone_rank(frm[1], stm_first, ranks) and zone_rank(to[1], stm_first, ranks):
            return "promo-quiet-in-zone"
        if not captures and zone_rank(frm[1], stm_first, ranks) and not zone_rank(to[1], stm_first, ranks):
            return "promo-quiet-leaving"
    if kind == "promo" and side == "hachu":
        to = key[1]
        captures = to in pieces and is_first(pieces[to]) != stm_first
        if captures and zone_rank(frm[1], stm_first, ranks) and not zone_rank(to[1], stm_first, ranks):
            return "promo-capture-leaving"
    if sym is not None and sym.upper() in LION_SYMBOLS and side == "chimera":
        # Distant capture of a lion by a lion: a jump, or a double move ending on it.
        if kind == "to":
            t = key[1]
        elif kind == "double":
            t = key[2]
        else:
            t = None
        if t is not None and t in pieces and pieces[t].upper() in LION_SYMBOLS \
                and is_first(pieces[t]) != stm_first \
                and max(abs(t[0] - frm[0]), abs(t[1] - frm[1])) == 2 \
                and recapturable(ctx, key, frm, t):
            return "lion-trade-protected"
    return "other"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="variants/chu-shogi.toml")
    ap.add_argument("--game", choices=sorted(GAMES), default=None,
                    help="which game the rules file is (default: from its file name, e.g. dai-shogi.toml: dai)")
    ap.add_argument("--positions", type=int, default=None, help="default 200 (--quick: 20)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chimera", default="target/release/chimera")
    ap.add_argument("--hachu", default=None, help="HaChu's binary (default: hachu on PATH or /usr/games/hachu)")
    ap.add_argument("--scatter", type=float, default=0.25,
                    help="share of positions made by scattering pieces of every face at random "
                         "(the rest come from random games from the start); default 0.25")
    ap.add_argument("--position", action="append", metavar="FEN",
                    help="compare this position instead of random ones (may be repeated)")
    ap.add_argument("--min-plies", type=int, default=4)
    ap.add_argument("--max-plies", type=int, default=240)
    ap.add_argument("--json", metavar="FILE", help="write every difference and the summary here")
    ap.add_argument("--log", metavar="FILE", help="append what HaChu is sent and answers")
    ap.add_argument("--quiet", action="store_true", help="only the summary")
    ap.add_argument("--known-only-ok", action="store_true",
                    help="exit 0 when every difference falls in a known class (%s: rules the "
                         "language cannot say yet): a regression check" % ", ".join(sorted(KNOWN)))
    ap.add_argument("--quick", action="store_true",
                    help="20 positions (unless --positions is given), the summary only: for tests/hachu.rs")
    args = ap.parse_args()
    if args.positions is None:
        args.positions = 20 if args.quick else 200
    if args.quick:
        args.quiet = True

    hachu = args.hachu or shutil.which("hachu") or ("/usr/games/hachu" if os.path.exists("/usr/games/hachu") else None)
    if not hachu or not os.access(hachu, os.X_OK):
        print("hachu is not installed (apt-get install hachu): the reference is missing, skipping")
        return 3
    if not os.access(args.chimera, os.X_OK):
        print("chimera binary not found: %s" % args.chimera, file=sys.stderr)
        return 2

    game = args.game or os.path.basename(args.variant).split("-")[0].split(".")[0]
    if game not in GAMES:
        print("unknown game %r: give --game (%s)" % (game, ", ".join(sorted(GAMES))), file=sys.stderr)
        return 2
    g = load_game(game, args.variant)
    if "broken" in g:
        print("%s: %s" % (game, g["broken"]), file=sys.stderr)
        return 2
    if args.position:
        args.positions = len(args.position)
    files = ranks = SIZE
    log = open(args.log, "a") if args.log else None
    rng = random.Random(args.seed)
    stats = collections.Counter()
    by_class = collections.Counter()
    by_class_piece = collections.Counter()
    examples = {}
    records = []
    coverage = collections.defaultdict(lambda: [0, 0, 0])  # piece: lifted, targets, differing
    artefacts = collections.Counter()
    artefact_pieces = collections.Counter()
    artefact_examples = {}
    with tempfile.TemporaryDirectory() as workdir:
        pseudo = pseudo_copy(args.variant, workdir)
        for i in range(args.positions):
            game_seed = args.seed * 1_000_003 + i
            if args.position:
                fen = args.position[i]
                got = chimera_moves(args.chimera, args.variant, fen)
                if got is None:
                    print("position %d: chimera does not read it: %s" % (i, fen), file=sys.stderr)
                    return 2
                moves, ply = got["moves"], "given"
            elif rng.random() < args.scatter:
                fen, moves = scattered_position(args.chimera, args.variant, pseudo, rng, files, ranks)
                ply = "scattered"
                stats["scattered positions"] += 1
            else:
                plies = rng.randint(args.min_plies, args.max_plies)
                got = random_position(args.chimera, args.variant, game_seed, plies)
                if got is None:
                    stats["positions without moves"] += 1
                    continue
                fen, moves, ply = got
                stats["positions from random games"] += 1
            fields = fen.split()
            pieces = parse_board(fields[0], files, ranks)
            stm_first = fields[1] == "w"  # the first player's letter in chu-shogi.toml
            ch = chimera_keys(moves)
            # A position in which the side to move can take a royal piece: HaChu
            # stops there (king capture), so it is skipped. (With king and
            # prince on the board either may be left en prise.)
            ctx = Ctx(args.chimera, pseudo, fen, pieces, stm_first)
            if takes_royal(pieces, chimera_keys(ctx.pseudo_list()), stm_first):
                stats["skipped: a royal piece can be taken"] += 1
                continue
            # HaChu's board: the side to move in upper case, below.
            if stm_first:
                hpieces = dict(pieces)
                tr = lambda s: s
            else:
                hpieces = {(files - 1 - f, ranks - 1 - r): p.swapcase() for (f, r), p in pieces.items()}
                tr = lambda s: (files - 1 - s[0], ranks - 1 - s[1])
            try:
                h = HaChu(hachu, log, g["hachu"], g["options"])
                h.send("setboard " + board_text(hpieces, files, ranks))
                h.sync()
                mine = [s for s, p in pieces.items() if is_first(p) == stm_first]
                h.highlight(tr(mine[0]), files, ranks)  # discarded: may be stale
                hc = {}
                for s in mine:
                    keys = hachu_keys(h, tr(s), pieces[s].upper(), files, ranks)
                    if ("artefact-null-a1",) in keys:
                        keys.discard(("artefact-null-a1",))
                        artefacts["null-move-a1"] += 1
                    back = set()
                    for k in keys:
                        back.add((k[0],) + tuple(tr(x) if isinstance(x, tuple) else x for x in k[1:]))
                    hc[s] = back
                h.close()
            except HaChuError as e:
                stats["skipped: hachu crashed"] += 1
                if not args.quiet:
                    print("position %d (seed %d, ply %s): %s: %s" % (i, game_seed, ply, e, fen))
                continue
            stats["positions compared"] += 1
            # The pass is one move per position in both (chimera keeps the first
            # piece's, HaChu gives its null move to one piece): compared per
            # position, as the piece "pass".
            ch_pass = any(("pass",) in k for k in ch.values())
            hc_pass = any(("pass",) in k for k in hc.values())
            for k in list(ch.values()) + list(hc.values()):
                k.discard(("pass",))
            pos_diffs = []
            passes = [s for s, k in chimera_keys(moves).items() if ("pass",) in k]
            if len(passes) > 1:
                d = {"position": fen, "seed": game_seed, "ply": ply, "from": " ".join(sq_name(*x) for x in passes),
                     "piece": "pass (the position's)", "only": "chimera", "key": "%d passes" % len(passes),
                     "class": "pass-per-piece"}
                by_class[("pass-per-piece", "chimera")] += 1
                by_class_piece[("pass-per-piece", "chimera", d["piece"])] += 1
                pos_diffs.append(d)
                examples.setdefault(("pass-per-piece", "chimera"), d)
            noflag = {}  # chimera's keys without the counter-strike flag, computed when needed
            units = [(s, pieces[s].upper(), ch.get(s, set()), hc.get(s, set())) for s in mine]
            units.append((None, None, {("pass",)} if ch_pass else set(), {("pass",)} if hc_pass else set()))
            for s, sym, c, hk in units:
                name = PIECE_NAMES.get(sym, sym) if sym else "pass (the position's)"
                if sym:
                    stats["pieces lifted"] += 1
                stats["chimera keys"] += len(c)
                stats["hachu keys"] += len(hk)
                stats["targets compared"] += len(c | hk)
                stats["targets agreed"] += len(c & hk)
                coverage[name][0] += 1 if sym else int(bool(c | hk))
                coverage[name][1] += len(c | hk)
                for side, keys in (("chimera", c - hk), ("hachu", hk - c)):
                    for k in sorted(keys, key=str):
                        text = " ".join([k[0]] + [sq_name(*x) for x in k[1:]])
                        d = {"position": fen, "seed": game_seed, "ply": ply,
                             "from": sq_name(*s) if s else "-", "piece": name, "only": side, "key": text}
                        if side == "hachu" and counter_strike_history(args, fen, s, k, noflag):
                            artefacts["counter-strike-history"] += 1
                            artefact_examples.setdefault("counter-strike-history", d)
                            stats["targets set aside"] += 1
                            continue
                        if side == "hachu" and k[0] == "to" and k[1] in pieces \
                                and is_first(pieces[k[1]]) == stm_first:
                            artefacts["onto-own-piece"] += 1
                            artefact_examples.setdefault("onto-own-piece", d)
                            stats["targets set aside"] += 1
                            continue
                        if side == "hachu" and leaves_last_royal_attacked(ctx, s, k):
                            artefacts["leaves-last-royal-attacked"] += 1
                            artefact_pieces[name] += 1
                            artefact_examples.setdefault("leaves-last-royal-attacked", d)
                            stats["targets set aside"] += 1
                            continue
                        cls = classify(k, side, s, sym, pieces, stm_first, ranks, ctx)
                        coverage[name][2] += 1
                        by_class[(cls, side)] += 1
                        by_class_piece[(cls, side, name)] += 1
                        d["class"] = cls
                        pos_diffs.append(d)
                        examples.setdefault((cls, side), d)
            if pos_diffs:
                stats["positions with differences"] += 1
                records.extend(pos_diffs)
                if not args.quiet:
                    print("position %d (seed %d, ply %s, %s to move): %s" % (
                        i, game_seed, ply, "first" if stm_first else "second", fen))
                    for d in pos_diffs:
                        print("  %-8s %-20s only in %-7s %-16s [%s]" % (d["from"], d["piece"], d["only"], d["key"], d["class"]))
    if log:
        log.close()

    print()
    print("positions asked: %d" % args.positions)
    for k in ("positions from random games", "scattered positions",
              "positions compared", "skipped: a royal piece can be taken", "skipped: hachu crashed",
              "positions without moves", "pieces lifted", "targets compared", "targets agreed",
              "targets set aside", "positions with differences"):
        print("  %-38s %d" % (k, stats[k]))
    print()
    print("HaChu's answers set aside:")
    for a in ARTEFACTS:
        print("  %-28s %6d   %s" % (a, artefacts[a], ARTEFACTS[a]))
        if a == "leaves-last-royal-attacked":
            for name, m in sorted(artefact_pieces.items(), key=lambda x: -x[1]):
                print("      %-22s %6d" % (name, m))
        if a in artefact_examples:
            e = artefact_examples[a]
            print("      e.g. %s: %s %s  (%s)" % (e["position"], e["from"], e["key"], e["piece"]))
    print()
    print("by piece: %-22s %7s %8s %8s" % ("", "lifted", "targets", "differ"))
    for name, (n, t, d) in sorted(coverage.items(), key=lambda x: -x[1][1]):
        print("          %-22s %7d %8d %8d" % (name, n, t, d))
    print()
    print("differences by class (only in = the program that has the move):")
    for (cls, side), n in sorted(by_class.items(), key=lambda x: -x[1]):
        print("  %-24s only in %-7s %6d   %s%s" % (cls, side, n, CLASSES[cls],
                                                  " [known]" if cls in KNOWN else ""))
        for (c2, s2, name), m in sorted(by_class_piece.items(), key=lambda x: -x[1]):
            if (c2, s2) == (cls, side):
                print("      %-22s %6d" % (name, m))
        e = examples[(cls, side)]
        print("      e.g. %s: %s %s  (%s)" % (e["position"], e["from"], e["key"], e["piece"]))
    if not by_class:
        print("  none")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"positions": args.positions, "seed": args.seed, "stats": dict(stats),
                       "artefacts": dict(artefacts),
                       "coverage": {k: v for k, v in coverage.items()},
                       "classes": {"%s/%s" % k: n for k, n in by_class.items()},
                       "differences": records}, out, indent=1)
    unknown = sum(n for (cls, _), n in by_class.items() if cls not in KNOWN)
    if args.known_only_ok and not unknown:
        print("\nevery difference is in a known class (--known-only-ok: %s): exit 0" % ", ".join(sorted(KNOWN)))
        return 0
    return 1 if by_class else 0


if __name__ == "__main__":
    sys.exit(main())
