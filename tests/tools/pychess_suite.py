#!/usr/bin/env python3
"""pychess-variants' own test suite, the server unchanged, run twice: with
`pyffish` being Fairy-Stockfish's pyffish, then with it resolving to
`chimera.pyffish` through a one-line shim (a module `pyffish` that is `from
chimera.pyffish import *`, first on the path). Counts the tests that pass
in each run and lists those that pass with pyffish and not with chimera.

    pychess_suite.py --server DIR (--python PY | --venv DIR [--base-python PY])
                     [--expect N] [--board-games N --board-plies N] [--json]

DIR is a pychess-variants work tree at one of the pinned commits (PINNED
below: `git clone https://github.com/gbtami/pychess-variants && git
checkout PINNED`): the 1,071-test suite, which needs Python 3.14, or the
491-test one of the last commit that runs on 3.13. PY is an interpreter
that has the server's test dependencies, pyffish and chimera's package; or
--venv makes (or reuses) a virtual environment with them: the server's
dependencies and test dependencies from its pyproject.toml (not its linters)
and pyffish from PyPI, and chimera's package built from
this checkout (maturin, in target/python). The interpreter is
`--base-python`, else the first of python3.14, /opt/py314's (made by
tests/tools/pychess_python314.sh from Debian's packages), python3.13 and
pyenv's 3.13/3.14 found.

With --board-games N, tests/tools/pychess_compare.py then replays the
server's board class over N random games of every variant it offers
(--board-plies plies each) against pyffish, in the same environment, and a
difference fails the run. The suite is run as pytest runs it
over tests/ (the server's `unittest discover` plus its pytest-only
tests/test_simul.py), without tests/test_e2e.py and tests/test_gui.py, which
drive a browser through Playwright. The server's code is not changed: only
the module `pyffish` is.

With --expect N, exits 1 when fewer than N tests pass on chimera. Exits 3
(a skip for tests/common) when the server or the interpreter is missing.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

# The pychess-variants commits the figures in docs/python.md are of: the
# first whose suite is the 1,071 tests issue 44 counted (2026-08-22; Python
# 3.14), and the last before the server required Python 3.14 (491 tests).
PINNED = "fa5ae9e3a3c978c1267d203f3e742bae83a0642f"
PINNED_PY313 = "3f8add7afefd0776c20959d94b32db8f5c4e4ea4"
# Browser tests (Playwright), left out of both runs.
IGNORED = ["tests/test_e2e.py", "tests/test_gui.py"]


def run(server, python, shim):
    """Runs the suite; {test id: outcome} from pytest's JUnit report."""
    with tempfile.TemporaryDirectory(prefix="pychess-suite-") as tmp:
        report = os.path.join(tmp, "report.xml")
        path = [os.path.join(server, "server")]
        if shim:
            with open(os.path.join(tmp, "pyffish.py"), "w") as f:
                f.write("from chimera.pyffish import *  # noqa: F401,F403\n")
            path.insert(0, tmp)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(path))
        cmd = [python, "-m", "pytest", "tests", "-q", "-p", "no:cacheprovider", f"--junitxml={report}"]
        cmd += [f"--ignore={i}" for i in IGNORED]
        subprocess.run(cmd, cwd=server, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        if not os.path.exists(report):
            sys.exit(f"pytest wrote no report ({'chimera' if shim else 'pyffish'} run)")
        outcomes = {}
        for case in ET.parse(report).getroot().iter("testcase"):
            name = f"{case.get('classname')}::{case.get('name')}"
            kinds = [c.tag for c in case]
            if "failure" in kinds or "error" in kinds:
                outcomes[name] = "failed"
            elif "skipped" in kinds:
                outcomes[name] = "skipped"
            else:
                outcomes[name] = "passed"
        return outcomes


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The server's development tools that its tests do not need. Playwright is
# needed: tests/test_bughouse_lobby_flow.py imports it (one of the 1,071
# tests; it fails on both here, the client's JavaScript not being built, and
# drives the system's Chromium, Playwright's own browsers not downloaded).
NOT_NEEDED = ("pre-commit", "pyright", "ruff", "textual")


def base_python():
    """An interpreter of Python 3.13 or later, or None."""
    import glob
    import shutil

    found = [shutil.which("python3.14"), "/opt/py314/usr/bin/python3.14", shutil.which("python3.13")]
    found += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.1[34]*/bin/python3")), reverse=True)
    for py in filter(None, found):
        ok = subprocess.run([py, "-c", "import sys; assert sys.version_info >= (3, 13)"], capture_output=True)
        if ok.returncode == 0:
            return py
    return None


def setup(venv, base, server):
    """The virtual environment's interpreter, made and filled if needed."""
    import tomllib

    py = os.path.join(venv, "bin", "python")
    if not os.path.exists(py):
        subprocess.run([base, "-m", "venv", "--without-pip", venv], check=True)
    if subprocess.run([py, "-m", "pip", "--version"], capture_output=True).returncode != 0:
        # Debian's unpacked python3.14 has no ensurepip: pip from its own wheel.
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", tmp, "pip"], check=True)
            wheel = os.path.join(tmp, os.listdir(tmp)[0])
            subprocess.run([py, os.path.join(wheel, "pip"), "install", "-q", wheel], check=True)
    with open(os.path.join(server, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)["project"]
    deps = project["dependencies"] + project.get("optional-dependencies", {}).get("dev", [])
    deps = [d for d in deps if not d.startswith(NOT_NEEDED)]
    pip = [py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run(pip + deps + ["maturin"], check=True)
    # maturin's build backend runs the `maturin` command: the environment's own.
    bin_dir = os.path.join(venv, "bin")
    env = dict(os.environ, PATH=os.pathsep.join([bin_dir, os.environ.get("PATH", "")]),
               CARGO_TARGET_DIR=os.path.join(ROOT, "target", "python"),
               CARGO_PROFILE_RELEASE_OPT_LEVEL="1", CARGO_PROFILE_RELEASE_DEBUG="false")
    subprocess.run(pip + ["--no-build-isolation", "--no-deps", "--force-reinstall", os.path.join(ROOT, "python")],
                   check=True, env=env)
    return py


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=os.environ.get("PYCHESS_DIR"))
    ap.add_argument("--python", default=os.environ.get("PYCHESS_PYTHON"))
    ap.add_argument("--venv", default=None)
    ap.add_argument("--base-python", default=os.environ.get("PYCHESS_BASE_PYTHON"))
    ap.add_argument("--expect", type=int, default=None)
    ap.add_argument("--board-games", type=int, default=0)
    ap.add_argument("--board-plies", type=int, default=40)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not args.server or not os.path.isdir(os.path.join(args.server, "tests")):
        print("skip: a pychess-variants work tree is needed (--server DIR or PYCHESS_DIR)")
        sys.exit(3)
    server = os.path.abspath(args.server)
    # pytest runs in the server's folder: a relative path to the interpreter
    # is made absolute first (a bare name is looked up on the PATH).
    python = os.path.abspath(args.python) if args.python and os.sep in args.python else args.python
    if python is None:
        base = args.base_python or base_python()
        if args.venv is None or base is None:
            print("skip: Python 3.13 or later is needed for the server (--base-python, or --python with its packages)")
            sys.exit(3)
        python = setup(os.path.abspath(args.venv), base, server)
    ref = run(server, python, shim=False)
    ours = run(server, python, shim=True)
    count = lambda o: sum(1 for v in o.values() if v == "passed")  # noqa: E731
    lost = sorted(t for t, v in ref.items() if v == "passed" and ours.get(t) != "passed")
    gained = sorted(t for t, v in ours.items() if v == "passed" and ref.get(t) != "passed")
    summary = {
        "tests": len(ref),
        "pyffish": count(ref),
        "chimera": count(ours),
        "skipped": sum(1 for v in ref.values() if v == "skipped"),
        "pass_with_pyffish_only": lost,
        "pass_with_chimera_only": gained,
    }
    if args.json:
        print(json.dumps(summary, indent=1))
    for t in lost:
        print(f"passes with pyffish, not with chimera: {t}")
    for t in gained:
        print(f"passes with chimera, not with pyffish: {t}")
    print(f"pychess-variants suite: pyffish {summary['pyffish']}/{len(ref)}, chimera {summary['chimera']}/{len(ours)} "
          f"passed ({summary['skipped']} skipped)")
    failed = args.expect is not None and summary["chimera"] < args.expect
    if args.board_games:
        compare = [python, os.path.join(ROOT, "tests", "tools", "pychess_compare.py"), "--server", server,
                   "--games", str(args.board_games), "--plies", str(args.board_plies)]
        out = subprocess.run(compare, capture_output=True, text=True)
        lines = [x for x in out.stdout.splitlines() if not x.startswith("Invalid ")]
        print("\n".join(lines[-40:]))
        failed = failed or out.returncode != 0
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
