"""Hostile and newcomer input for the Python package (issue 45's round-4
cases that reach Python; the command line's are tests/hostile/): each was
a defect — a wrong answer, a crash, a silent mistake, a game that could
not be stopped — and each test fails if it comes back. Others of the round
are in test_reliability.py (linear replay, the bounded cache, Ctrl-C in
perft and games, perft's bounds, perft(0, divide=True)).
"""

import os
import time
from pathlib import Path

import pytest

import chimera
import chimera.distributed as cd
import chimera.pyffish as sf
from conftest import seconds_to_stop

STOCKFISH = "/usr/games/stockfish"


# Each test may send itself a Ctrl-C (conftest.py).
pytestmark = pytest.mark.usefixtures("python_handles_ctrl_c")


def test_load_variant_config_of_a_missing_file_says_so(tmp_path):
    # A path that is not there was read as a variants.ini text: no
    # section, nothing loaded, nothing said.
    missing = tmp_path / "nowhere.toml"
    with pytest.raises(chimera.Error, match="is no file here"):
        sf.load_variant_config(str(missing))
    with pytest.raises(chimera.Error, match="is no file here"):
        sf.load_variant_config("variants/nowhere.ini")


def test_a_long_variants_ini_loads_its_first_256_sections_in_bounded_time():
    # Each section inherits from the one above: each was resolved through
    # its whole chain again, and 3,000 took 6.5 minutes in WebAssembly. A
    # text loads at most the 256 sections the cache keeps; the rest are
    # refused, in one warning.
    text = "".join(f"[v{i + 1}:{'v' + str(i) if i else 'chess'}]\n" for i in range(3000))
    t = time.perf_counter()
    with pytest.warns(UserWarning, match=r"\[v257 … v3000\] not loaded: 2744 section"):
        sf.load_variant_config(text)
    assert time.perf_counter() - t < 30
    assert sf.start_fen("v256") == sf.start_fen("chess")
    with pytest.raises(chimera.Error):
        sf.start_fen("v257")


def test_play_game_names_the_players_it_takes():
    # A bare program name was taken for a callable: "'str' object is not
    # callable" after the game had started.
    with pytest.raises(ValueError, match='"uci:PATH"'):
        chimera.play_game("chess", "stockfish")
    with pytest.raises(ValueError, match="callable"):
        chimera.play_game("chess", "uci:" + STOCKFISH, lambda pos: pos.legal_moves()[0])


@pytest.mark.skipif(not os.access(STOCKFISH, os.X_OK), reason="needs Debian's stockfish")
def test_play_game_with_an_external_engine():
    game = chimera.play_game("chess", f"uci:{STOCKFISH},movetime=20", "random", max_plies=6)
    assert game["plies"] == 6


def children_named(name):
    """This process's child processes whose command is `name`."""
    me = str(os.getpid())
    found = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        comm = stat[stat.index("(") + 1 : stat.rindex(")")]
        ppid = stat[stat.rindex(")") + 2 :].split()[1]
        if ppid == me and comm == name:
            found.append(int(d.name))
    return found


@pytest.mark.skipif(not os.access(STOCKFISH, os.X_OK), reason="needs Debian's stockfish")
@pytest.mark.parametrize("work", ["play", "play_match", "play_game"])
def test_ctrl_c_while_an_external_engine_thinks(work):
    # Ctrl-C waited for the engine's move (a minute here); it must stop
    # within a second, and the engine's process with it.
    v = chimera.Variant.bundled("chess")
    engine = f"uci:{STOCKFISH},movetime=60000"
    run = {
        "play": lambda: v.play(engine, "random"),
        "play_match": lambda: chimera.play_match(v, engine, "random", games=2),
        "play_game": lambda: chimera.play_game(v, engine, "random"),
    }[work]
    spent = seconds_to_stop(run, after=1.0)
    assert spent < 1.0, f"{work} took {spent:.2f} s after Ctrl-C to stop"
    assert children_named("stockfish") == []


def test_distributed_perft_split_too_deep_is_refused_before_any_work():
    # perft_prefixes(6) aborted the interpreter (allocation failure) and
    # chimera.distributed.perft called it unguarded.
    with pytest.raises(ValueError, match="shallower"):
        cd.perft("chess", 7, split_depth=6)


def test_progress_true_prints_and_anything_else_is_refused_at_once(capsys):
    # progress=True was called as a function once the work was done.
    kwargs = dict(games=2, seed=7, depth=1, random_plies=2, max_plies=20, ray_address=False)
    cd.balance_report("chess", progress=True, **kwargs)
    assert "2/2" in capsys.readouterr().err
    t = time.perf_counter()
    with pytest.raises(TypeError, match="progress"):
        cd.balance_report("chess", progress="yes", **dict(kwargs, games=1000))
    assert time.perf_counter() - t < 1.0


def test_tests_do_not_install_into_the_global_interpreter():
    # `cargo test` force-reinstalled this package into the machine's
    # interpreter: tests/python.rs runs it from a virtual environment of its
    # own (under target/), which this interpreter must be.
    if "CHIMERA_BIN" not in os.environ:
        pytest.skip("run by tests/python.rs")
    import sys

    assert sys.prefix != sys.base_prefix, sys.prefix
    assert Path(chimera.__file__).resolve().is_relative_to(Path(sys.prefix).resolve())
