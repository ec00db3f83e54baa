#!/usr/bin/env python3
"""Runs Fairy-Stockfish's own pyffish test suite (tests/data/pyffish-suite/
test.py, vendored unchanged) against a pyffish module and counts every
assertion.

    pyffish_suite.py [--module pyffish|chimera] [--json] [--expect M/N]

`--module chimera` puts a one-line shim first on the path, a module named
`pyffish` that is `from chimera.pyffish import *`, so the suite imports
chimera's package unchanged. Every `assert*` of unittest.TestCase is wrapped
to count a pass or a failure and go on (only the outermost call counts: an
assertEqual that calls assertListEqual is one assertion). A method passes
when none of its assertions failed and it raised nothing; an exception
stops its method, and the assertions after it are not counted.

Prints the failures (method, subtest, message), then
`methods P/T assertions P/N`; with `--expect METHODS/ASSERTIONS` (e.g.
`22/635`) exits 1 if fewer pass. Exit 3 (a skip for tests/common) when the
module cannot be imported.
"""

import argparse
import importlib
import json
import os
import sys
import tempfile
import traceback
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SUITE = os.environ.get("SUITE", os.path.join(ROOT, "tests", "data", "pyffish-suite", "test.py"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--module", default="chimera", choices=["pyffish", "chimera"])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--expect", default=None, help="METHODS/ASSERTIONS at least")
    args = ap.parse_args()

    if args.module == "chimera":
        shim = tempfile.mkdtemp(prefix="pyffish-shim-")
        with open(os.path.join(shim, "pyffish.py"), "w") as f:
            f.write("from chimera.pyffish import *  # noqa: F401,F403\n")
        sys.path.insert(0, shim)
    try:
        sf = importlib.import_module("pyffish")
    except ImportError as e:
        print(f"cannot import {args.module}'s pyffish: {e}")
        sys.exit(3)
    if args.module == "chimera" and "chimera" not in sf.info().lower():
        print(f"the shim imported another pyffish: {sf.info()}")
        sys.exit(1)

    state = {"depth": 0, "method": None, "subtest": None}
    counts = {}  # method -> [passed, failed]
    failures = []

    def wrap(name, original):
        def counted(self, *a, **k):
            if state["depth"]:
                return original(self, *a, **k)
            state["depth"] = 1
            tally = counts.setdefault(state["method"], [0, 0])
            try:
                original(self, *a, **k)
                tally[0] += 1
            except AssertionError as e:
                tally[1] += 1
                msg = str(e).splitlines()
                failures.append((state["method"], state["subtest"], name, " | ".join(msg)[:300]))
            finally:
                state["depth"] = 0

        return counted

    for name in dir(unittest.TestCase):
        if name.startswith("assert") and not name.endswith("_") and callable(getattr(unittest.TestCase, name)):
            if name in ("assertRaises", "assertRaisesRegex", "assertWarns", "assertWarnsRegex", "assertLogs", "assertNoLogs"):
                continue  # context managers: not used by the suite
            setattr(unittest.TestCase, name, wrap(name, getattr(unittest.TestCase, name)))

    original_subtest = unittest.TestCase.subTest

    import contextlib

    @contextlib.contextmanager
    def subtest(self, msg=None, **params):
        saved = state["subtest"]
        state["subtest"] = params or msg
        try:
            with original_subtest(self, msg, **params):
                yield
        finally:
            state["subtest"] = saved

    unittest.TestCase.subTest = subtest

    spec = importlib.util.spec_from_file_location("pyffish_suite_test", SUITE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    except Exception:
        print("the suite does not import:")
        traceback.print_exc(file=sys.stdout)
        print("methods 0/22 assertions 0/0")
        sys.exit(1)

    loader = unittest.TestLoader()
    names = loader.getTestCaseNames(module.TestPyffish)
    errors = {}
    for method in names:
        state["method"] = method
        counts.setdefault(method, [0, 0])
        result = unittest.TestResult()
        module.TestPyffish(method).run(result)
        for _, tb in result.errors + result.failures:
            errors[method] = tb.strip().splitlines()[-1][:300]

    passed_methods = [m for m in names if counts[m][1] == 0 and m not in errors]
    n_pass = sum(c[0] for c in counts.values())
    n_all = sum(c[0] + c[1] for c in counts.values())

    for method, subtest, kind, msg in failures:
        where = f" {subtest}" if subtest else ""
        print(f"FAIL {method}{where}: {kind}: {msg}")
    for method, err in errors.items():
        print(f"ERROR {method}: {err}")
    for method in names:
        p, f = counts[method]
        print(f"  {method}: {p}/{p + f}{'  (stopped: ' + errors[method] + ')' if method in errors else ''}")
    summary = f"methods {len(passed_methods)}/{len(names)} assertions {n_pass}/{n_all}"
    print(summary)
    if args.json:
        print(json.dumps({"methods": [len(passed_methods), len(names)], "assertions": [n_pass, n_all],
                          "per_method": counts, "errors": errors}))
    if args.expect:
        want_m, want_a = (int(x) for x in args.expect.split("/"))
        if len(passed_methods) < want_m or n_pass < want_a:
            print(f"expected at least {want_m} methods and {want_a} assertions")
            sys.exit(1)


if __name__ == "__main__":
    main()
