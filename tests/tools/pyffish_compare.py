#!/usr/bin/env python3
"""chimera's pyffish interface against pyffish itself, call by call.

For every variant both have (chimera's bundled names that pyffish lists),
seeded random games are played with pyffish choosing among its legal moves;
at every ply the same call goes to both modules and the answers must be
equal:

- legal_moves (as sets), get_fen (the string, character for character),
  gives_check — on the current position;
- get_san for every legal move (every 8th ply; 4 of them at the others),
  and get_san_moves for the whole game;
- is_immediate_game_end, is_optional_game_end — with the last WINDOW plies
  as the move list (repetition looks back);
- game_result where there is no legal move.

With --chess960 N, N more games each of chess and capablanca (those of
them among --variants, when given) are played
with chess960=True in every call (castling as the king taking its rook, the
castling field naming the rooks' files), each from its own shuffled start
(the back rank shuffled, the bishops on squares of different colours, the
king between the rooks, every castling right).

Known conventions, accepted and counted (docs/python.md):
- pyffish lists a pawn drop that mates as legal (a drop the rules file bans
  from mating: shogi's uchifuzume) — chimera.pyffish now lists it too (it
  plays Fairy-Stockfish's convention: the drop loses), so this no longer
  shows;
- get_san's check mark where Fairy-Stockfish does not see a check to its
  king (atomic; coregal's royal queen; spartan's and petrified's kings,
  commoners there);
- petrified's check (gives_check) that is only the enemy king's reach:
  Fairy-Stockfish's API counts it, chimera's check does not (that king
  never captures; docs/fsf-variants.md);
- dobutsu's lion, which may walk into attack (the game's rule: taking the
  lion wins), where Fairy-Stockfish's lion is a king: chimera lists those
  moves too (each lets the opponent take it), pyffish's gives_check sees a
  check where the lion is attacked, and a side whose every move gives up
  its lion has no move in pyffish (it has lost), those moves here;
- the en-passant field after a custom pawn's double step (Berolina,
  pawnback, pawnsideways): pyffish lists the squares passed and reached
  (`b3b4`) even where no piece can take en passant there; chimera writes
  none, or the square passed over.

Usage:
    pyffish_compare.py [--games N] [--plies N] [--seed S] [--variants a,b,…] [--chess960 N]

Prints a line per variant and a total; exits 1 on any difference, 3 when
pyffish or the chimera package is not installed (the caller skips then).
"""

import random
import re
import sys
import time
import tomllib
from pathlib import Path

try:
    import pyffish as ff
except ImportError:
    print("skip: pyffish is not installed (pip install pyffish)")
    sys.exit(3)
try:
    import chimera.pyffish as cf
except ImportError:
    print("skip: the chimera Python package is not installed (pip install ./python)")
    sys.exit(3)

WINDOW = 24
SAN_EVERY = 8
SAN_SAMPLE = 4

# Fairy-Stockfish's SAN marks a check to its king piece only: no `+` for an
# attack on coregal's royal queen or spartan's kings (pseudo-royal
# commoners there), none in atomic (its king is not royal there); chimera
# marks every check its rules see.
CHECK_MARK_OMITTED = {"atomic", "coregal", "spartan", "petrified"}
# Variants whose kings petrify on capture: pyffish's gives_check counts the
# enemy king's reach, chimera's check only pieces that could take.
KING_REACH_CHECK = {"petrified"}
ROOT = Path(__file__).resolve().parents[2]

# The variants compared with chess960=True (--chess960), from shuffled starts.
CHESS960 = ["chess", "capablanca"]

# The 28 best-known variants: always compared, first.
CORE = [
    "chess", "crazyhouse", "shogi", "minishogi", "kyotoshogi", "euroshogi", "judkins",
    "torishogi", "dobutsu", "xiangqi", "janggi", "makruk", "shatranj", "courier",
    "capablanca", "grand", "sittuyin", "atomic", "3check", "kingofthehill", "antichess",
    "horde", "racingkings", "seirawan", "losers", "gothic", "chaturanga", "minixiangqi",
]


def banned_drop_mates(name):
    """The piece letters whose drops may not mate, from the rules file."""
    path = ROOT / "variants" / f"{name}.toml"
    if not path.exists():
        return set()
    with open(path, "rb") as f:
        pieces = tomllib.load(f).get("piece", [])
    return {p.get("symbol", "").upper() for p in pieces if p.get("drop", {}).get("no_mate")}


def shuffled_start(start_fen, rng):
    """The start with the first player's back rank shuffled (the bishops on
    squares of different colours, the king between the rooks), the second
    player's mirroring it, every castling right held."""
    fields = start_fen.split()
    ranks = fields[0].split("/")
    while True:
        pieces = list(ranks[-1])
        rng.shuffle(pieces)
        bishops = [i for i, p in enumerate(pieces) if p == "B"]
        rooks = [i for i, p in enumerate(pieces) if p == "R"]
        king = pieces.index("K")
        if bishops[0] % 2 != bishops[1] % 2 and rooks[0] < king < rooks[1]:
            break
    row = "".join(pieces)
    ranks[-1], ranks[0] = row, row.lower()
    fields[0] = "/".join(ranks)
    fields[2] = "KQkq"
    return " ".join(fields)


def custom_pawn_ep_list(ref, ours):
    """Fairy-Stockfish lists a custom pawn's passed and reached squares
    (`b3b4`) after its double step even where no piece can take en passant
    (Berolina, pawnback, pawnsideways); chimera writes none, or the square
    passed over alone. The texts must be equal but for that field."""
    r, o = ref.split(), ours.split()
    if len(r) != len(o) or len(r) < 4 or any(a != b for i, (a, b) in enumerate(zip(r, o)) if i != 3):
        return False
    squares = re.findall(r"[a-z]+[0-9]+", r[3])
    return len(squares) >= 2 and (o[3] == "-" or o[3] in squares)


def lion_taken_after(variant, fen, m):
    """Whether, after `m`, the opponent can take the mover's lion (dobutsu:
    the lion may walk into attack, as the game's rules say; Fairy-Stockfish's
    lion is a king, which may not)."""
    after = cf.get_fen(variant, fen, [m])
    lion = "L" if fen.split()[1] == "w" else "l"
    ranks = after.split()[0].split("[")[0].split("/")
    at = next((sq for i, row in enumerate(ranks) if (sq := square_in(row, lion, len(ranks) - i))), None)
    return at is not None and any(re.findall(r"[a-z][0-9]+", r)[-1:] == [at] for r in cf.legal_moves(variant, after, []))


def square_in(row, letter, rank):
    """The square of `letter` in one FEN rank, or None."""
    f = 0
    for ch in row:
        if ch.isdigit():
            f += int(ch)
        elif ch == letter:
            return f"{chr(97 + f)}{rank}"
        elif ch.isalpha() or ch == "*":
            f += 1
    return None


class Tally:
    def __init__(self):
        self.calls = {}
        self.diffs = []
        self.accepted = {}
        self.positions = 0

    def call(self, name, n=1):
        self.calls[name] = self.calls.get(name, 0) + n

    def accept(self, what):
        self.accepted[what] = self.accepted.get(what, 0) + 1

    def diff(self, text):
        self.diffs.append(text)


def compare_game(variant, rng, plies, t, banned, c960=False):
    start = ff.start_fen(variant)
    if c960:
        start = ff.get_fen(variant, shuffled_start(start, rng), [], True)
    fen = start
    fens, moves = [start], []
    for ply in range(plies + 1):
        t.positions += 1
        where = f"{variant} ply {ply} {fen}"
        # legal moves
        ref = ff.legal_moves(variant, fen, [], c960)
        ours = cf.legal_moves(variant, fen, [], c960)
        t.call("legal_moves")
        missing = set(ref) - set(ours)
        extra = set(ours) - set(ref)
        if variant == "dobutsu" and extra and all(lion_taken_after(variant, fen, m) for m in extra):
            t.accept("dobutsu's lion walking into attack (not a king here)")
            extra = set()
        bad = bool(extra)
        for m in sorted(missing):
            drop_mate = "@" in m and m[0].upper() in banned and ff.gives_check(variant, fen, [m], c960) and not ff.legal_moves(variant, fen, [m], c960)
            if drop_mate:
                t.accept("pawn-drop mate listed by pyffish")
                ref.remove(m)
            else:
                t.diff(f"{where}: legal_moves: pyffish has {m}, chimera not")
                bad = True
        for m in sorted(extra):
            t.diff(f"{where}: legal_moves: chimera has {m}, pyffish not")
        if bad:
            return
        # position text
        ours_fen = cf.get_fen(variant, fen, [], c960)
        t.call("get_fen")
        ref_fen = ff.get_fen(variant, fen, [], c960)
        if ours_fen != ref_fen:
            if custom_pawn_ep_list(ref_fen, ours_fen):
                t.accept("custom pawn's en-passant squares listed by pyffish")
            else:
                t.diff(f"{where}: get_fen: pyffish {ref_fen} chimera {ours_fen}")
                return
        # check
        t.call("gives_check")
        ref_check, our_check = ff.gives_check(variant, fen, [], c960), cf.gives_check(variant, fen, [], c960)
        if ref_check != our_check:
            if variant == "dobutsu" and ref_check and not our_check:
                t.accept("dobutsu's attacked lion, a check in pyffish (not a king here)")
            elif variant in KING_REACH_CHECK and ref_check and not our_check:
                t.accept("check by a king's reach (petrified)")
            else:
                t.diff(f"{where}: gives_check: pyffish {ref_check}")
        # SAN: of every legal move every SAN_EVERY plies, else of a sample
        # (pyffish answers about 700 calls a second).
        sample = ref if ply % SAN_EVERY == 0 else rng.sample(ref, min(SAN_SAMPLE, len(ref)))
        for m in sample:
            t.call("get_san")
            a, b = ff.get_san(variant, fen, m, c960), cf.get_san(variant, fen, m, c960)
            if a != b:
                if variant in CHECK_MARK_OMITTED and b[:-1] == a and b[-1] in "+#":
                    t.accept("check mark pyffish omits (atomic, coregal, spartan, petrified)")
                else:
                    t.diff(f"{where}: get_san {m}: pyffish {a} chimera {b}")
        # game end, looking back WINDOW plies
        k = max(0, len(moves) - WINDOW)
        base, recent = fens[k], moves[k:]
        t.call("is_immediate_game_end")
        ri = ff.is_immediate_game_end(variant, base, recent, c960)
        oi = cf.is_immediate_game_end(variant, base, recent, c960)
        # pyffish's score means nothing when the game goes on.
        if ri[0] != oi[0] or (ri[0] and ri != oi):
            t.diff(f"{where}: is_immediate_game_end: pyffish {ri} chimera {oi}")
            return
        t.call("is_optional_game_end")
        ro = ff.is_optional_game_end(variant, base, recent, c960)
        oo = cf.is_optional_game_end(variant, base, recent, c960)
        if ro[0] != oo[0] or (ro[0] and ro != oo):
            t.diff(f"{where}: is_optional_game_end: pyffish {ro} chimera {oo}")
            return
        if not ref and variant == "dobutsu" and ours:
            # pyffish's side has lost (every move gives up its lion, a king
            # there); here it still has those moves.
            t.accept("dobutsu: no move in pyffish, only losing ones here")
            return
        if not ref:
            t.call("game_result")
            rr, orr = ff.game_result(variant, base, recent, c960), cf.game_result(variant, base, recent, c960)
            if rr != orr:
                t.diff(f"{where}: game_result: pyffish {rr} chimera {orr}")
            return
        if ri[0] or ro[0] or ply == plies:
            break
        m = rng.choice(ref)
        moves.append(m)
        fen = ff.get_fen(variant, fen, [m], c960)
        fens.append(fen)
    # the whole game in SAN at once
    t.call("get_san_moves")
    a, b = ff.get_san_moves(variant, start, moves, c960), cf.get_san_moves(variant, start, moves, c960)
    if variant in CHECK_MARK_OMITTED:
        b = [y[:-1] if y[:-1] == x and y[-1] in "+#" else y for x, y in zip(a, b)] + b[len(a):]
    if a != b:
        t.diff(f"{variant}: get_san_moves differ: first at {next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), None)}")


def main():
    args = sys.argv[1:]
    opts = dict(zip(args[::2], args[1::2]))
    games = int(opts.get("--games", 2))
    plies = int(opts.get("--plies", 60))
    seed = int(opts.get("--seed", 1))
    ours = set(cf.variants())
    both = sorted(ours & set(ff.variants()) - {"normal", "mini", "fairy"})
    if "--variants" in opts:
        both = opts["--variants"].split(",")
    order = [(v, False) for v in CORE if v in both] + [(v, False) for v in both if v not in CORE]
    c960_games = int(opts.get("--chess960", 0))
    if c960_games:
        order += [(v, True) for v in CHESS960 if v in both]
    missing_core = [v for v in CORE if v not in ours]
    if missing_core:
        print(f"core variants chimera lacks: {missing_core}")
    total = Tally()
    failed = []
    began = time.time()
    for variant, c960 in order:
        t = Tally()
        banned = banned_drop_mates(variant)
        for g in range(c960_games if c960 else games):
            compare_game(variant, random.Random(seed * 1000 + g), plies, t, banned, c960)
        calls = sum(t.calls.values())
        acc = ", ".join(f"{n} {w}" for w, n in t.accepted.items())
        label = f"{variant} (chess960=True)" if c960 else variant
        print(f"{label}: {t.positions} positions, {calls} calls, {len(t.diffs)} differences" + (f"; accepted: {acc}" if acc else ""))
        for d in t.diffs[:5]:
            print("    " + d)
        if t.diffs:
            failed.append(label)
        total.positions += t.positions
        for k, n in t.calls.items():
            total.call(k, n)
        for k, n in t.accepted.items():
            total.accepted[k] = total.accepted.get(k, 0) + n
        total.diffs += t.diffs
    per = ", ".join(f"{k} {n}" for k, n in sorted(total.calls.items()))
    print(f"total: {len(order)} variants, {total.positions} positions, {sum(total.calls.values())} calls ({per}); "
          f"{len(total.diffs)} differences; accepted {dict(total.accepted)}; {time.time() - began:.0f} s")
    if failed:
        print(f"variants that differ: {failed}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
