"""Everyday use at scale (issue 45): long move lists and games replayed in
linear time, loaded variants kept in a bounded cache, long work (perft,
searches, games, self-play) interruptible by Ctrl-C and bounded in what it
allocates.

Run with `pytest python/tests` after `pip install ./python` (tests/python.rs
does both in `cargo test --release`). This file loads hundreds of variants:
it runs after test_chimera.py, whose variants it may push out of the cache.
"""

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import chimera
import chimera.pyffish as sf
from conftest import seconds_to_stop

ROOT = Path(__file__).resolve().parents[2]
# The move lists of tests/tools/move_list_bench.py: chess's knights out and
# back (any length is legal), a chu game of any length with no position twice.
sys.path.insert(0, str(ROOT / "tests" / "tools"))
from move_list_bench import CHU, VARIANTS, chu_moves  # noqa: E402

CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# chimera.fsf::LOADED_CAPACITY: loaded variants kept compiled.
CAPACITY = 256


# Each test may send itself a Ctrl-C (conftest.py).
pytestmark = pytest.mark.usefixtures("python_handles_ctrl_c")


shuffle = VARIANTS["chess"][3]


def timed(f, *args):
    t = time.perf_counter()
    f(*args)
    return time.perf_counter() - t


def test_long_move_lists_take_linear_time():
    # Each move used to be read on a copy of the game, history and all:
    # 100,000 plies took 144 s (pyffish: 2 s). 50,000 quadratic: ~20 s.
    moves = shuffle(50_000)
    ours = min(timed(sf.get_fen, "chess", CHESS_START, moves) for _ in range(2))
    assert sf.get_fen("chess", CHESS_START, moves).startswith(CHESS_START[:-3])
    assert len(sf.legal_moves("chess", CHESS_START, moves)) == 20
    try:
        import pyffish
    except ImportError:
        assert ours < 5.0, f"50,000 plies took {ours:.2f} s"
        return
    theirs = min(timed(pyffish.get_fen, "chess", CHESS_START, moves) for _ in range(2))
    # A test build is less optimised than a release one, and the machine
    # may be busy: a generous bound that a quadratic replay still fails.
    assert ours < 5 * theirs + 1.0, f"50,000 plies: chimera {ours:.2f} s, pyffish {theirs:.2f} s"


@pytest.mark.deep
def test_100000_plies_within_twice_pyffish_s_time():
    # The must-show (issue 45): a list of 100,000 moves within 2x pyffish's
    # time, both timed in this one run, turn about, the best of three each.
    pyffish = pytest.importorskip("pyffish")
    moves = shuffle(100_000)
    for call in ["get_fen", "legal_moves"]:
        ours, theirs = [], []
        for _ in range(3):
            ours.append(timed(getattr(sf, call), "chess", CHESS_START, moves))
            theirs.append(timed(getattr(pyffish, call), "chess", CHESS_START, moves))
        ours, theirs = min(ours), min(theirs)
        print(f"figure: {call} of 100,000 plies: chimera {ours:.2f} s, pyffish {theirs:.2f} s ({ours / theirs:.2f}x)")
        assert ours <= 2 * theirs, f"{call}: chimera {ours:.2f} s, pyffish {theirs:.2f} s"


def test_a_long_game_is_played_and_judged_in_linear_time():
    # Position.make read each move on a copy of the position, history and
    # all, and the result checked each legal move against every earlier
    # position: 16,000 chu plies, each judged, took 13 s in a release build
    # (now 1.3 s; a test build is slower, the machine may be busy).
    pos = chimera.Variant.bundled("chu-shogi").position(CHU)
    moves = chu_moves(16_000)
    t = time.perf_counter()
    for m in moves:
        pos.make(m)
        assert pos.result() is None
    spent = time.perf_counter() - t
    assert pos.ply == 16_000 and len(pos.legal_moves()) > 50
    assert spent < 12.0, f"16,000 plies took {spent:.2f} s"
    # A move back to a position of the game is refused, however far back.
    pos = chimera.Variant.bundled("chu-shogi").position(CHU)
    for m in moves[:4]:
        pos.make(m)
    with pytest.raises(chimera.MoveError, match="repeats"):
        pos.make("c2b2")


def test_loaded_variants_are_kept_in_a_bounded_cache():
    text = (ROOT / "variants" / "clobber.toml").read_text()
    names = []
    for i in range(CAPACITY + 44):
        rules = re.sub(r'(?m)^name = "Clobber"', f'name = "Cache Test {i}"', text, count=1)
        names.append(sf.load_variant_config(rules))
    assert names[0] == "Cache Test 0"
    listed = [n for n in sf.variants() if n.startswith("cache-test-")]
    assert len(listed) == CAPACITY
    # The least recently used went first; the last ones play.
    assert "cache-test-0" not in listed and f"cache-test-{CAPACITY + 43}" in listed
    with pytest.raises(chimera.Error):
        sf.start_fen("cache-test-0")
    board = sf.start_fen("clobber").split()[0]
    assert sf.start_fen(f"cache-test-{CAPACITY + 43}").split()[0] == board
    # Loading a name again brings it back.
    sf.load_variant_config(re.sub(r'(?m)^name = "Clobber"', 'name = "Cache Test 0"', text, count=1))
    assert sf.start_fen("cache-test-0").split()[0] == board


# Loads chess's rules file under new names in a fresh interpreter, printing
# its resident memory (MB) after each tenth of the loads.
LOADS = """
import re, sys
import chimera.pyffish as sf
text, n = open(sys.argv[1]).read(), int(sys.argv[2])
line = re.search(r'(?m)^name = ".*"', text).group(0)
def rss():
    for l in open("/proc/self/status"):
        if l.startswith("VmRSS"):
            return int(l.split()[1]) / 1024
for i in range(n):
    name = sf.load_variant_config(text.replace(line, f'name = "Load Test {i}"', 1))
    sf.start_fen(name)
    if (i + 1) % (n // 10) == 0:
        print(i + 1, round(rss(), 1), flush=True)
"""


@pytest.mark.deep
def test_20000_variant_loads_in_bounded_memory():
    # The must-show (issue 45): 20,000 loads under new names grew a server
    # to 6.7 GB; 256 compiled variants are kept (a compiled chess is about
    # 0.55 MB), so the process stays under 300 MB, flat after the first
    # tenth.
    if not Path("/proc/self/status").exists():
        pytest.skip("needs /proc to read the process's memory")
    t = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", LOADS, str(ROOT / "variants" / "chess.toml"), "20000"],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert out.returncode == 0, out.stderr
    rss = [float(line.split()[1]) for line in out.stdout.split("\n") if line]
    print(f"figure: 20,000 loads of chess under new names: RSS {rss[0]:.0f} MB at 2,000, "
          f"{max(rss):.0f} MB at the most, {rss[-1]:.0f} MB at 20,000 ({time.perf_counter() - t:.0f} s)")
    assert len(rss) == 10 and max(rss) < 300, rss
    assert rss[-1] - rss[0] < 16, rss


@pytest.mark.parametrize("work", ["perft", "divide", "best_move"])
def test_long_work_stops_at_ctrl_c(work):
    pos = chimera.Variant.bundled("chess").start()
    run = {
        "perft": lambda: pos.perft(100),
        "divide": lambda: pos.perft(100, divide=True),
        "best_move": lambda: pos.best_move(depth=63),
    }[work]
    spent = seconds_to_stop(run)
    print(f"figure: {work} stopped {spent:.2f} s after Ctrl-C")
    assert spent < 1.0, f"{work} took {spent:.2f} s after Ctrl-C to stop"
    # The position is as it was, and still works.
    assert pos.text == CHESS_START and pos.perft(2) == 400


@pytest.mark.parametrize("work", ["play", "self_play", "play_match"])
def test_games_stop_at_ctrl_c(work):
    # Games ran with the GIL released and no look at Python's signals: a
    # long game, a self-play run or a match could not be stopped.
    v = chimera.Variant.bundled("chess")
    run = {
        "play": lambda: v.play("engine", "engine", movetime=60_000),
        "self_play": lambda: v.self_play(list(range(10_000)), nodes=50_000),
        "play_match": lambda: chimera.play_match(v, "engine", "random", games=100, movetime=60_000),
    }[work]
    spent = seconds_to_stop(run)
    assert spent < 1.0, f"{work} took {spent:.2f} s after Ctrl-C to stop"
    # Games still play afterwards.
    assert v.play("random", "random", max_plies=4)["plies"] == 4


def test_perft_work_is_bounded():
    pos = chimera.Variant.bundled("chess").start()
    with pytest.raises(ValueError, match="never end"):
        pos.perft(10**6)
    with pytest.raises(ValueError, match="never end"):
        pos.perft_prefixes(4_000_000_000)
    # Chess's depth 6 is 119 million sequences: refused, not an abort.
    with pytest.raises(ValueError, match="shallower"):
        pos.perft_prefixes(6)
    assert len(pos.perft_prefixes(2)) == 400


def test_perft_divide_at_depth_zero_is_refused():
    # perft(0) is 1 (the position itself); a divide there has no move to
    # divide by, and once gave 20 entries summing to 20.
    pos = chimera.Variant.bundled("chess").start()
    assert pos.perft(0) == 1
    with pytest.raises(ValueError, match="at least 1"):
        pos.perft(0, divide=True)
    divided = pos.perft(1, divide=True)
    assert len(divided) == 20 and sum(divided.values()) == 20
