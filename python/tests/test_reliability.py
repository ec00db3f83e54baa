"""Everyday use at scale (issue 45): long move lists and games replayed in
linear time, loaded variants kept in a bounded cache, long work (perft,
searches, games, self-play) interruptible by Ctrl-C and bounded in what it
allocates.

Run with `pytest python/tests` after `pip install ./python` (tests/python.rs
does both in `cargo test --release`). This file loads hundreds of variants:
it runs after test_chimera.py, whose variants it may push out of the cache.
"""

import _thread
import re
import signal
import threading
import time
from pathlib import Path

import pytest

import chimera
import chimera.pyffish as sf

ROOT = Path(__file__).resolve().parents[2]
CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# chimera.fsf::LOADED_CAPACITY: loaded variants kept compiled.
CAPACITY = 256


@pytest.fixture(autouse=True)
def python_handles_ctrl_c():
    """Ctrl-C raises KeyboardInterrupt even in a process started with SIGINT
    ignored (a shell's background job: Python then installs no handler of
    its own, and `_thread.interrupt_main` does nothing — a game meant to be
    interrupted ran to its end)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def shuffle(n):
    """n plies of knights moved out and back (any length is legal)."""
    cycle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    return (cycle * (n // 4 + 1))[:n]


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


CHU = "11k/ppppppppppp1/12/12/12/12/D11/M11/M11/R11/R11/11K w - - 0 1"


def chu_moves(n):
    """n plies from CHU with no position twice (chu forbids repeating one):
    white's five pieces count through files a-k as a Gray code's digits,
    black's king steps l12-l11 and back (tests/tools/move_list_bench.py)."""
    files = "abcdefghijk"
    digit, step = [0] * 5, [1] * 5
    white = []
    while len(white) < (n + 1) // 2:
        for i in range(5):
            if 0 <= digit[i] + step[i] < 11:
                break
            step[i] = -step[i]
        to = digit[i] + step[i]
        white.append(f"{files[digit[i]]}{i + 2}{files[to]}{i + 2}")
        digit[i] = to
    black = ["l12l11", "l11l12"]
    return [white[p // 2] if p % 2 == 0 else black[(p // 2) % 2] for p in range(n)]


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


def interrupt_after(seconds):
    """Ctrl-C, as the terminal sends it, `seconds` from now."""
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    return timer


@pytest.mark.parametrize("work", ["perft", "divide", "best_move"])
def test_long_work_stops_at_ctrl_c(work):
    pos = chimera.Variant.bundled("chess").start()
    run = {
        "perft": lambda: pos.perft(100),
        "divide": lambda: pos.perft(100, divide=True),
        "best_move": lambda: pos.best_move(depth=63),
    }[work]
    timer = interrupt_after(0.3)
    t = time.perf_counter()
    try:
        with pytest.raises(KeyboardInterrupt):
            run()
    finally:
        timer.cancel()
    spent = time.perf_counter() - t
    assert spent < 1.3, f"{work} took {spent:.2f} s to stop"
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
    timer = interrupt_after(0.3)
    t = time.perf_counter()
    try:
        with pytest.raises(KeyboardInterrupt):
            run()
    finally:
        timer.cancel()
    spent = time.perf_counter() - t
    assert spent < 1.3, f"{work} took {spent:.2f} s to stop"
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
