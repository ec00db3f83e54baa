"""What python/tests share: Ctrl-C as the terminal sends it, and the deep
tier.

The deep tier holds the issue's must-show measurements (issue 45): too
heavy for every run, each marked `@pytest.mark.deep` and run only with
CHIMERA_DEEP=1 (tests/python.rs's `--ignored` test sets it, as the Rust
suite's deep tier is `cargo test --release -- --ignored`).
"""

import _thread
import os
import signal
import threading
import time

import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "deep: a heavy measurement, run only with CHIMERA_DEEP=1")


def pytest_collection_modifyitems(config, items):
    if os.environ.get("CHIMERA_DEEP") == "1":
        return
    skip = pytest.mark.skip(reason="deep tier: CHIMERA_DEEP=1 (cargo test --release -- --ignored bindings_python::)")
    for item in items:
        if "deep" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def python_handles_ctrl_c():
    """Ctrl-C raises KeyboardInterrupt even in a process started with SIGINT
    ignored (a shell's background job: Python then installs no handler of
    its own, and `_thread.interrupt_main` does nothing — a game meant to be
    interrupted ran to its end)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def seconds_to_stop(run, after=0.3):
    """Runs `run()` with a Ctrl-C sent `after` seconds in, as the terminal
    sends it; it must raise KeyboardInterrupt. Returns the seconds from the
    Ctrl-C to the stop (a test using it needs `python_handles_ctrl_c`)."""
    timer = threading.Timer(after, _thread.interrupt_main)
    timer.start()
    t = time.perf_counter()
    try:
        with pytest.raises(KeyboardInterrupt):
            run()
    finally:
        timer.cancel()
    return time.perf_counter() - t - after
