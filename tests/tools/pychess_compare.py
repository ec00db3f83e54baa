#!/usr/bin/env python3
"""pychess-variants' board class over pyffish and over chimera.pyffish,
call by call.

The server's own module, server/fairy/fairy_board.py of a pychess-variants
work tree (unchanged), is loaded twice in one process: once with `pyffish`
being Fairy-Stockfish's pyffish, once with it being `chimera.pyffish`. Each
loads the server's variants.ini at import, as the server does
(`set_option("VariantPath", "variants.ini")`). Then, for every variant the
server offers (its `ServerVariants`, chess960 forms included; not alice,
which plays on pyffish-alice in both), seeded random games are played on
the two boards side by side, the move chosen among pyffish's legal moves,
and every call the server makes is made on both and compared:

- at every ply: `board.fen` (after `push`, which is `get_fen`),
  `legal_moves()` (as sets), `has_legal_move()`, `is_checked()`,
  `insufficient_material()`, `is_immediate_game_end()`,
  `is_optional_game_end()` (the score only where the game ends: pyffish's is
  undefined otherwise), `get_san(move)` of up to SAN_SAMPLE legal moves, the
  module's `validate_fen(fen, variant, chess960)`, `get_fog_fen` (fog of
  war), `piece_to_partner(move)` (bughouse, for the move played);
- `game_result()` where the game ends;
- at the end: `FairyBoard.start_fen`, `initial_sfen` where the server reads
  it (shogi family), `pop()` (`get_fen` of the whole move list) and the
  module's `get_san_moves` of the whole game in the board's notation.

An answer that raises on one side and not on the other is a difference;
both raising is agreement. A game stops at its first difference in the
position or the legal moves (the boards would part).

Conventions, accepted and counted (docs/python.md lists them):
- the check mark in SAN where Fairy-Stockfish does not see a check to its
  king piece (atomic: its king is not royal there; chak, spartan and
  xiangfu: their royal pieces are pseudo-royal, spartan's kings on both
  sides commoners, and Fairy-Stockfish's `gives_check` looks at a king
  only);
- S-chess (seirawan, shouse): pyffish's validate_fen refuses (-5) the FEN
  its own get_fen wrote, a gate letter read as a castling right after the
  king moved; in chess960, pyffish writes a gating move's SAN without the
  origin another piece's same gating move needs (`Ne6/E` for both d8e6e
  and f8e6e), chimera with it (`Nde6/E`);
- dobutsu's lion may walk into attack (the game's rule: capturing the lion
  wins), where Fairy-Stockfish's lion is a king: chimera lists those moves
  too (each lets the opponent take the lion), and a side whose every move
  does so has moves here, none there (its loss comes a ply later here);
  an attacked lion is a check there (`is_checked`), not here.

Usage:
    pychess_compare.py --server DIR [--games N] [--plies N] [--seed S] [--variants a,b,…]

Prints a line per variant and a total; exits 1 on any difference, 3 when
pyffish, the chimera package or the server is missing (the caller skips).
"""

import argparse
import contextlib
import importlib.util
import os
import random
import re
import sys
import time
import warnings

SAN_SAMPLE = 4
CHECK_MARK_OMITTED = {"atomic", "chak", "spartan", "xiangfu"}
GATING = {"seirawan", "shouse"}


def load_board_module(server, tag, sf):
    """server/fairy/fairy_board.py, executed with `pyffish` being `sf`."""
    sys.modules["pyffish"] = sf
    path = os.path.join(server, "server", "fairy", "fairy_board.py")
    spec = importlib.util.spec_from_file_location(f"fairy_board_{tag}", path)
    mod = importlib.util.module_from_spec(spec)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        spec.loader.exec_module(mod)
    for w in caught:
        print(f"{tag}: {w.message}")
    return mod


@contextlib.contextmanager
def quiet_fd(fd):
    """Silences a file descriptor (what a C++ library prints) for a while."""
    sys.stdout.flush()
    saved = os.dup(fd)
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), fd)
    try:
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)


def server_variants(server):
    """(uci_variant, chess960) of every variant the server offers."""
    sys.path.insert(0, os.path.join(server, "server"))
    from variants import ServerVariants  # the server's own list

    seen = []
    for sv in ServerVariants:
        key = (sv.uci_variant, bool(sv.chess960))
        if sv.uci_variant != "alice" and key not in seen:
            seen.append(key)
    return seen


class Tally:
    def __init__(self):
        self.calls = {}
        self.diffs = []
        self.accepted = {}
        self.positions = 0

    def add(self, other):
        self.positions += other.positions
        self.diffs += other.diffs
        for src, dst in ((other.calls, self.calls), (other.accepted, self.accepted)):
            for k, n in src.items():
                dst[k] = dst.get(k, 0) + n


def outcome(f, *args):
    try:
        return ("ok", f(*args))
    except Exception:  # noqa: BLE001 - an answer that raises is compared too
        return ("raises", "")


def square_of(fen, letter):
    """The square (`b4`) of the first `letter` on a FEN's board."""
    ranks = fen.split()[0].split("[")[0].split("/")
    for i, row in enumerate(ranks):
        f, digits = 0, ""
        for ch in row + " ":
            if ch.isdigit():
                digits += ch
                continue
            f += int(digits or 0)
            digits = ""
            if ch == letter:
                return f"{chr(97 + f)}{len(ranks) - i}"
            if ch.isalpha() or ch == "*":
                f += 1
    return None


def own_fen_refused(ref, ours):
    """pyffish's validate_fen refusing the FEN its own get_fen wrote (S-chess: a gate letter read as a castling right after the king moved)"""
    return ref == ("ok", -5) and ours == ("ok", 1)


def gating_san_disambiguated(ref, ours):
    """SAN of a gating move disambiguated where pyffish writes the same text for two moves (S-chess960: `Ne6/E` for d8e6e and f8e6e)"""
    (rk, r), (ok, o) = ref, ours
    if not (rk == ok == "ok" and "/" in r and len(o) == len(r) + 1):
        return False
    return o[0] == r[0] and o[2:] == r[1:] and o[1] in "abcdefghijkl12345678"


def lion_attacked(ref, ours):
    """dobutsu's lion attacked: a check there, none here (it is no king)"""
    return ref == ("ok", True) and ours == ("ok", False)


def lion_walks_into_attack(p, fen, ref, ours):
    """dobutsu's lion walking into attack (listed here, not by pyffish)"""
    if p.variant != "dobutsu" or ref[0] != "ok" or ours[0] != "ok" or not set(ref[1]) < set(ours[1]):
        return False
    lion = "L" if fen.split()[1] == "w" else "l"
    for m in set(ours[1]) - set(ref[1]):
        after = p.our_mod.sf.get_fen(p.variant, fen, [m])
        at = square_of(after, lion)
        if at is None or not any(re.findall(r"[a-z][0-9]+", r)[-1:] == [at] for r in p.our_mod.sf.legal_moves(p.variant, after, [])):
            return False
    return True


class Pair:
    """The two boards of one game and the comparison of their answers."""

    def __init__(self, ref_mod, our_mod, variant, chess960, seed, t):
        self.ref_mod, self.our_mod, self.t = ref_mod, our_mod, t
        self.variant, self.chess960 = variant, chess960
        boards = []
        for mod in (ref_mod, our_mod):
            random.seed(seed)  # the same shuffled start (chess960) and jieqi mapping
            boards.append(mod.FairyBoard(variant, "", chess960))
        self.ref, self.ours = boards

    def same(self, name, ref, ours, where, accept=None):
        self.t.calls[name] = self.t.calls.get(name, 0) + 1
        if ref == ours:
            return True
        if accept and accept(ref, ours):
            self.t.accepted[accept.__doc__] = self.t.accepted.get(accept.__doc__, 0) + 1
            return True
        self.t.diffs.append(f"{where}: {name}: pyffish {ref!r} chimera {ours!r}")
        return False

    def both(self, name, where, call, accept=None):
        return self.same(name, outcome(call, self.ref), outcome(call, self.ours), where, accept)


def check_mark_omitted(ref, ours):
    """SAN check marks pyffish omits (atomic, chak, spartan, xiangfu)"""
    (rk, r), (ok, o) = ref, ours
    return rk == ok == "ok" and isinstance(r, str) and o[:-1] == r and o[-1:] in ("+", "#")


def game_end(p, where):
    """The end calls; True when the game is over."""
    imm = (outcome(lambda b: b.is_immediate_game_end(), p.ref), outcome(lambda b: b.is_immediate_game_end(), p.ours))
    opt = (outcome(lambda b: b.is_optional_game_end(), p.ref), outcome(lambda b: b.is_optional_game_end(), p.ours))
    over = False
    for name, (r, o) in (("is_immediate_game_end", imm), ("is_optional_game_end", opt)):
        # pyffish's score means nothing where the game goes on.
        if r[0] == "ok" and r[1][0]:
            over = True
        if r[0] == o[0] == "ok" and not r[1][0] and not o[1][0]:
            r, o = ("ok", False), ("ok", False)
        p.same(name, r, o, where)
    return over


def compare_game(p, rng, plies, label):
    variant, c960 = p.variant, p.chess960
    accept = check_mark_omitted if variant in CHECK_MARK_OMITTED else None
    if variant in GATING and c960:
        accept = gating_san_disambiguated
    p.same("FairyBoard.start_fen", p.ref.initial_fen, p.ours.initial_fen, f"{label} start")
    for ply in range(plies + 1):
        p.t.positions += 1
        where = f"{label} ply {ply} {p.ref.fen}"
        if not p.same("fen", p.ref.fen, p.ours.fen, where):
            return
        ref_moves = outcome(lambda b: sorted(b.legal_moves()), p.ref)
        our_moves = outcome(lambda b: sorted(b.legal_moves()), p.ours)
        lion = lion_walks_into_attack(p, p.ref.fen, ref_moves, our_moves)
        def lion_accept(r, o):
            return lion

        lion_accept.__doc__ = lion_walks_into_attack.__doc__
        if not p.same("legal_moves", ref_moves, our_moves, where, lion_accept):
            return
        moves = ref_moves[1] if ref_moves[0] == "ok" else []
        if lion and not moves:
            # pyffish's side has no move (it has lost); here it has only moves
            # that give up the lion: the game ends a ply later.
            p.t.accepted["dobutsu: no move there, only losing ones here"] = (
                p.t.accepted.get("dobutsu: no move there, only losing ones here", 0) + 1
            )
            break
        p.both("has_legal_move", where, lambda b: b.has_legal_move())
        p.both("is_checked", where, lambda b: b.is_checked(), lion_attacked if variant == "dobutsu" else None)
        p.both("insufficient_material", where, lambda b: b.insufficient_material())
        fen = p.ref.fen
        p.same("validate_fen", outcome(p.ref_mod.validate_fen, fen, variant, c960),
               outcome(p.our_mod.validate_fen, fen, variant, c960), where,
               own_fen_refused if variant in GATING else None)
        if variant == "fogofwar":
            for color in (0, 1):
                p.same("get_fog_fen", outcome(p.ref_mod.get_fog_fen, fen, color),
                       outcome(p.our_mod.get_fog_fen, fen, color), where)
        for m in rng.sample(moves, min(SAN_SAMPLE, len(moves))):
            p.both("get_san", f"{where} {m}", lambda b: b.get_san(m), accept)
        over = game_end(p, where)
        if over or not moves:
            p.both("game_result", where, lambda b: b.game_result())
            break
        if ply == plies:
            break
        m = rng.choice(moves)
        if variant == "bughouse":
            p.both("piece_to_partner", f"{where} {m}", lambda b: b.piece_to_partner(m))
        p.both("push", f"{where} {m}", lambda b: b.push(m))
    if p.ref.move_stack:
        notation = p.ref.notation
        p.same("get_san_moves",
               outcome(p.ref_mod.get_san_moves, variant, p.ref.initial_fen, p.ref.move_stack, c960, notation),
               outcome(p.our_mod.get_san_moves, variant, p.ours.initial_fen, p.ours.move_stack, c960, notation),
               f"{label} whole game", accept_san_list(accept) if accept else None)
        if variant in p.ref_mod.CATEGORIES.get("shogi", ()):
            p.both("initial_sfen", label, lambda b: b.initial_sfen)
        if p.ref.jieqi_covered_pieces is None:
            p.both("pop", label, lambda b: (b.pop(), b.fen)[1])


def accept_san_list(accept):
    """The whole game's SAN, each move's text accepted as `accept` accepts it."""

    def whole(ref, ours):
        (rk, r), (ok, o) = ref, ours
        return rk == ok == "ok" and len(r) == len(o) and all(a == b or accept(("ok", a), ("ok", b)) for a, b in zip(r, o))

    whole.__doc__ = accept.__doc__
    return whole


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=os.environ.get("PYCHESS_DIR"))
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variants", default=None)
    args = ap.parse_args()
    if not args.server or not os.path.isfile(os.path.join(args.server, "server", "fairy", "fairy_board.py")):
        print("skip: a pychess-variants work tree is needed (--server DIR or PYCHESS_DIR)")
        sys.exit(3)
    try:
        import pyffish as ref_sf
        import chimera.pyffish as our_sf
    except ImportError as e:
        print(f"skip: {e} (pip install pyffish, and chimera's package)")
        sys.exit(3)
    server = os.path.abspath(args.server)
    os.chdir(server)  # the module loads variants.ini from the current directory
    sys.path.insert(0, os.path.join(server, "server"))
    with quiet_fd(1), quiet_fd(2):  # pyffish's "Variant 'x' already exists." lines
        ref_mod = load_board_module(server, "pyffish", ref_sf)
    our_mod = load_board_module(server, "chimera", our_sf)
    order = server_variants(server)
    if args.variants:
        wanted = args.variants.split(",")
        order = [(v, c) for v, c in order if (v + ("960" if c else "")) in wanted or v in wanted]
    total, failed, began = Tally(), [], time.time()
    for variant, c960 in order:
        label = variant + ("960" if c960 else "")
        t = Tally()
        for g in range(args.games):
            seed = args.seed * 1000 + g
            try:
                p = Pair(ref_mod, our_mod, variant, c960, seed, t)
            except Exception as e:  # noqa: BLE001
                t.diffs.append(f"{label} game {g}: the boards cannot be set up: {type(e).__name__}: {e}")
                continue
            compare_game(p, random.Random(seed), args.plies, f"{label} game {g}")
        calls = sum(t.calls.values())
        acc = ", ".join(f"{n} {w}" for w, n in t.accepted.items())
        print(f"{label}: {t.positions} positions, {calls} calls, {len(t.diffs)} differences"
              + (f"; accepted: {acc}" if acc else ""), flush=True)
        for d in t.diffs[: int(os.environ.get("SHOW", 5))]:
            print("    " + d)
        if t.diffs:
            failed.append(label)
        total.add(t)
    per = ", ".join(f"{k} {n}" for k, n in sorted(total.calls.items()))
    print(f"total: {len(order)} variants x {args.games} games, {total.positions} positions, "
          f"{sum(total.calls.values())} calls ({per}); {len(total.diffs)} differences; "
          f"accepted {dict(total.accepted)}; {time.time() - began:.0f} s")
    if failed:
        print(f"variants that differ: {failed}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
