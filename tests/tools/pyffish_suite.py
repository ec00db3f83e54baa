#!/usr/bin/env python3
"""Runs Fairy-Stockfish's own pyffish test suite (tests/data/pyffish-suite/
test.py, vendored unchanged) against a pyffish module and counts every
assertion.

    pyffish_suite.py [--module pyffish|chimera] [--json] [--expect M/N]

`--module chimera` puts a one-line shim first on the path, a module named
`pyffish` that is `from chimera.pyffish import *`, so the suite imports
chimera's package unchanged. Every `assert*` of unittest.TestCase is wrapped
to count a pass or a failure and go on (only the outermost call counts: an
assertEqual that calls assertListEqual is one assertion). An exception
stops its method (the assertions after it are not reached), or, inside a
`subTest`, that subtest only.

The counts are given on pyffish's basis too: the suite validates the start
position of every name `variants()` lists, and chimera lists names pyffish
has not (chu-shogi, …) and may lack one of pyffish's. pyffish 0.0.90's
list, with the suite's ini loaded, is pyffish-variants.txt; those loop
assertions on other names are counted apart ("extra"), so that "on
pyffish's 644" compares like with like.

Prints the failures and errors (method, subtest, message), each method's
count, then `methods C/T completed, P/T passed; assertions P/N (pyffish's
basis: B/644)`; with `--expect METHODS/ASSERTIONS` (e.g. `22/635`: methods
run to their end, assertions passed on pyffish's basis) exits 1 if fewer.
Exit 3 (a skip for tests/common) when the module cannot be imported.
"""

import argparse
import contextlib
import importlib
import importlib.util
import json
import os
import sys
import tempfile
import traceback
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data", "pyffish-suite")
SUITE = os.environ.get("SUITE", os.path.join(DATA, "test.py"))
# The suite's assertions against pyffish 0.0.90 (22 methods).
PYFFISH_TOTAL = 644


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
    with open(os.path.join(DATA, "pyffish-variants.txt")) as f:
        pyffish_names = set(f.read().split())

    state = {"depth": 0, "method": None, "subtest": None}
    counts = {}  # method -> [passed, failed]
    extra = [0, 0]  # loop assertions on names pyffish does not list
    failures = []

    def outside_basis():
        st = state["subtest"]
        return (
            state["method"] == "test_validate_fen"
            and isinstance(st, dict)
            and set(st) == {"variant"}
            and st["variant"] not in pyffish_names
        )

    def wrap(name, original):
        def counted(self, *a, **k):
            if state["depth"]:
                return original(self, *a, **k)
            state["depth"] = 1
            tally = extra if outside_basis() else counts.setdefault(state["method"], [0, 0])
            try:
                original(self, *a, **k)
                tally[0] += 1
            except AssertionError as e:
                tally[1] += 1
                msg = " | ".join(str(e).splitlines())[:300]
                failures.append((state["method"], state["subtest"], name, msg))
            finally:
                state["depth"] = 0

        return counted

    skip = ("assertRaises", "assertRaisesRegex", "assertWarns", "assertWarnsRegex", "assertLogs", "assertNoLogs")
    for name in dir(unittest.TestCase):
        if name.startswith("assert") and not name.endswith("_") and name not in skip:
            if callable(getattr(unittest.TestCase, name)):
                setattr(unittest.TestCase, name, wrap(name, getattr(unittest.TestCase, name)))

    original_subtest = unittest.TestCase.subTest

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
        print(f"methods 0/22 completed, 0/22 passed; assertions 0/0 (pyffish's basis: 0/{PYFFISH_TOTAL})")
        sys.exit(1)

    names = unittest.TestLoader().getTestCaseNames(module.TestPyffish)
    stopped = {}
    sub_errors = []
    for method in names:
        state["method"] = method
        counts.setdefault(method, [0, 0])
        result = unittest.TestResult()
        module.TestPyffish(method).run(result)
        for test, tb in result.errors + result.failures:
            last = tb.strip().splitlines()[-1][:300]
            if isinstance(test, unittest.case._SubTest):
                sub_errors.append((method, test.params, last))
            else:
                stopped[method] = last

    completed = [m for m in names if m not in stopped]
    erred = {m for m, _, _ in sub_errors}
    passed = [m for m in completed if counts[m][1] == 0 and m not in erred]
    n_pass = sum(c[0] for c in counts.values())
    n_all = sum(c[0] + c[1] for c in counts.values())

    for method, sub, kind, msg in failures:
        where = f" {sub}" if sub else ""
        print(f"FAIL {method}{where}: {kind}: {msg}")
    for method, params, err in sub_errors:
        print(f"ERROR {method} {dict(params)}: {err}")
    for method, err in stopped.items():
        print(f"STOPPED {method}: {err}")
    for method in names:
        p, f = counts[method]
        print(f"  {method}: {p}/{p + f}")
    print(f"  (start positions of names pyffish does not list: {extra[0]}/{extra[0] + extra[1]})")
    summary = (
        f"methods {len(completed)}/{len(names)} completed, {len(passed)}/{len(names)} passed; "
        f"assertions {n_pass + extra[0]}/{n_all + sum(extra)} "
        f"(pyffish's basis: {n_pass}/{PYFFISH_TOTAL}, {PYFFISH_TOTAL - n_all} not reached)"
    )
    print(summary)
    if args.json:
        print(json.dumps({
            "methods_completed": len(completed),
            "methods_passed": len(passed),
            "methods": len(names),
            "basis_passed": n_pass,
            "basis_total": PYFFISH_TOTAL,
            "per_method": counts,
            "extra": extra,
        }))
    if args.expect:
        want_m, want_a = (int(x) for x in args.expect.split("/"))
        if len(completed) < want_m or n_pass < want_a:
            print(f"expected at least {want_m} methods run to their end and {want_a} assertions passed")
            sys.exit(1)


if __name__ == "__main__":
    main()
