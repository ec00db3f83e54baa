#!/usr/bin/env node
// Runs Fairy-Stockfish's own ffish.js test suite (tests/data/ffishjs-suite/
// tests/js/test.js, vendored unchanged) against an ffish.js module and
// counts every test and every assertion.
//
//   node tests/tools/ffishjs_suite.cjs --module chimera --pkg PKG_DIR [--expect T/A] [--json]
//   node tests/tools/ffishjs_suite.cjs --module ffish [--ffish DIR]   (npm ffish, the reference)
//
// The suite is written for mocha and chai: `before`, `describe` and `it`
// are given here as globals, and its `require` is the module's own but for
// three names:
// - `./ffish.js`, the module under test. For `chimera` an adapter that only
//   loads chimera's package (PKG_DIR/index.js, as wasm/build.sh writes it):
//   an object that receives the package's ffish.js face once the
//   WebAssembly is instantiated, then calls the suite's
//   `onRuntimeInitialized`, as Emscripten's module does. For `ffish`, npm
//   ffish itself (wasm/tests/node_modules/ffish).
// - `chai`: an `expect` that counts each assertion (`.to.equal`,
//   `.to.be.a`, the two the suite uses) as passed or failed and goes on, so
//   that a failure does not hide the assertions after it. An exception
//   still stops its test (the assertions after it are not reached).
// - `fs`: node's, with `readFile` following its callback: the test that
//   asked waits for it, and the callback's assertions and exceptions are
//   that test's (under mocha they land in whichever test runs then, or
//   crash the run).
//
// The suite's directory is the vendored one: its `../pgn/` games and
// `../../src/variants.ini` (Fairy-Stockfish's, tests/data/fsf-ini).
//
// Counts on ffish's basis: the suite checks the start position of every
// name `variants()` lists (two assertions a name), and chimera lists names
// that ffish does not (its own variants) and lacks a few of ffish's.
// ffish-variants.txt is what Fairy-Stockfish's ffish.js lists once the
// suite's variants.ini is loaded; the loop's assertions on other names are
// counted apart ("extra"), so that "on ffish's 1036" compares like with
// like, and a name of ffish's that the module does not list counts its two
// assertions as not reached.
//
// Prints each failure and each stopped test, then `tests R/58 run to their
// end, P/58 passed; assertions P/N (ffish's basis: B/1036, M not reached)`;
// with --expect T/A exits 1 if fewer tests run to their end or fewer
// assertions pass on ffish's basis. Exit 3 (a skip for tests/common) when
// the module cannot be loaded.
"use strict";

const fs = require("fs");
const path = require("path");
const vm = require("vm");
const { pathToFileURL } = require("url");

const ROOT = path.resolve(__dirname, "..", "..");
const DATA = path.join(ROOT, "tests", "data", "ffishjs-suite");
const SUITE_DIR = path.join(DATA, "tests", "js");
const SUITE = path.join(SUITE_DIR, "test.js");
// The suite's tests and assertions against Fairy-Stockfish's ffish.js.
const FFISH_TESTS = 58;
const FFISH_TOTAL = 1036;
// The test whose loop checks every listed variant's start position.
const LOOP_TEST = "ffish.validateFen(fen, uciVariant)";

function parseArgs() {
  const opts = { module: "chimera", pkg: null, ffish: null, expect: null, json: false };
  const args = process.argv.slice(2);
  while (args.length) {
    const a = args.shift();
    if (a === "--json") opts.json = true;
    else if (a.startsWith("--")) opts[a.slice(2)] = args.shift();
    else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

// chimera's package as the suite's `require('./ffish.js')`: nothing but the
// package is loaded; its module object is filled in when it is ready.
function chimeraModule(pkg) {
  const ffish = {};
  import(pathToFileURL(path.join(pkg, "index.js")).href)
    .then((m) => m.default())
    .then((api) => {
      Object.assign(ffish, api);
      if (typeof ffish.onRuntimeInitialized === "function") ffish.onRuntimeInitialized();
    })
    .catch((e) => {
      console.log(`cannot load chimera's package from ${pkg}: ${e}`);
      process.exit(3);
    });
  return ffish;
}

// npm ffish (an old Emscripten build: in Node it must not see `fetch`).
function ffishModule(dir) {
  const main = path.join(dir, "ffish.js");
  if (!fs.existsSync(main)) {
    console.log(`npm ffish is not installed (${dir}; npm ci in wasm/tests/)`);
    process.exit(3);
  }
  const saved = globalThis.fetch;
  globalThis.fetch = undefined;
  const ffish = require(main);
  const ready = () => {
    globalThis.fetch = saved;
  };
  if (ffish.calledRun) ready();
  else {
    // The suite sets its own onRuntimeInitialized after this returns.
    let theirs = null;
    Object.defineProperty(ffish, "onRuntimeInitialized", {
      configurable: true,
      get: () => () => {
        ready();
        if (theirs) theirs();
      },
      set: (f) => {
        theirs = f;
      },
    });
  }
  return ffish;
}

function main() {
  const opts = parseArgs();
  const ffishNames = new Set(fs.readFileSync(path.join(DATA, "ffish-variants.txt"), "utf8").split(/\s+/).filter(Boolean));

  const state = { test: null, pending: 0, loopVariant: null };
  const counts = new Map(); // test name -> {passed, failed, stopped}
  const extra = { passed: 0, failed: 0 };
  const failures = [];

  const tally = () => {
    if (state.test === LOOP_TEST && state.loopVariant !== null && !ffishNames.has(state.loopVariant)) return extra;
    return counts.get(state.test);
  };
  const record = (ok, what) => {
    const t = tally();
    if (ok) t.passed += 1;
    else {
      t.failed += 1;
      failures.push([state.test, what]);
    }
  };
  const show = (x) => {
    const s = typeof x === "string" ? JSON.stringify(x) : String(x);
    return s.length > 300 ? s.slice(0, 300) + "…" : s;
  };

  // chai's expect, counting.
  const chai = {
    expect(actual, message) {
      const note = message ? ` (${message})` : "";
      return {
        to: {
          equal(expected, msg) {
            const m = msg ? ` (${msg})` : note;
            record(actual === expected, `expected ${show(actual)} to equal ${show(expected)}${m}`);
          },
          be: {
            a(type) {
              const got = actual === null ? "null" : Array.isArray(actual) ? "array" : typeof actual;
              record(got === type.toLowerCase(), `expected ${show(actual)} to be a ${type}${note}`);
            },
          },
        },
      };
    },
  };

  // fs with readFile's callbacks followed (see the header).
  const suiteFs = Object.assign(Object.create(fs), {
    readFile(file, ...rest) {
      const cb = rest.pop();
      const owner = state.test;
      state.pending += 1;
      fs.readFile(file, ...rest, (...cbArgs) => {
        const saved = state.test;
        state.test = owner;
        try {
          cb(...cbArgs);
        } catch (e) {
          stop(owner, e);
        } finally {
          state.test = saved;
          state.pending -= 1;
        }
      });
    },
  });

  const stop = (test, e) => {
    const c = counts.get(test);
    if (!c.stopped) c.stopped = String((e && e.stack) || e).split("\n").slice(0, 2).join(" | ").slice(0, 300);
  };

  // The module under test, loaded once (`require('./ffish.js')`).
  let ffish = null;
  const moduleUnderTest = () => {
    if (!ffish) {
      if (opts.module === "chimera") {
        if (!opts.pkg) throw new Error("--pkg PKG_DIR is needed for --module chimera");
        ffish = chimeraModule(path.resolve(opts.pkg));
      } else {
        ffish = ffishModule(path.resolve(opts.ffish || path.join(ROOT, "wasm", "tests", "node_modules", "ffish")));
      }
    }
    return ffish;
  };

  const hooks = [];
  const tests = [];
  let suiteName = null;
  const sandbox = {
    before: (f) => hooks.push(f),
    describe: (name, f) => {
      suiteName = name;
      f();
      suiteName = null;
    },
    it: (title, f) => tests.push({ name: suiteName, title, f }),
  };
  Object.assign(globalThis, sandbox);

  const suiteRequire = (name) => {
    if (name === "chai") return chai;
    if (name === "fs") return suiteFs;
    if (name === "./ffish.js") return moduleUnderTest();
    return require(name);
  };
  const source = fs.readFileSync(SUITE, "utf8");
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: SUITE,
  });
  wrapper({}, suiteRequire, { exports: {} }, SUITE, SUITE_DIR);

  const settle = () =>
    new Promise((resolve) => {
      const poll = () => (state.pending > 0 ? setTimeout(poll, 1) : setImmediate(resolve));
      poll();
    });

  (async () => {
    for (const h of hooks) await h();
    const names = [];
    for (const t of tests) {
      names.push(t.name);
      counts.set(t.name, { passed: 0, failed: 0, stopped: null });
      state.test = t.name;
      // The loop over variants() asks each name's startingFen first: that
      // tells which variant the assertions after it are about.
      const startingFen = ffish.startingFen;
      if (t.name === LOOP_TEST) {
        ffish.startingFen = (v) => {
          state.loopVariant = v;
          return startingFen(v);
        };
      }
      try {
        await t.f();
      } catch (e) {
        stop(t.name, e);
      }
      await settle();
      ffish.startingFen = startingFen;
      state.loopVariant = null;
      state.test = null;
    }
    report(opts, names, counts, extra, failures, ffishNames);
  })().catch((e) => {
    console.log(`the runner failed: ${e && e.stack}`);
    process.exit(1);
  });
}

function report(opts, names, counts, extra, failures, ffishNames) {
  for (const [test, what] of failures) console.log(`FAIL ${test}: ${what}`);
  for (const n of names) {
    const c = counts.get(n);
    if (c.stopped) console.log(`STOPPED ${n}: ${c.stopped}`);
  }
  for (const n of names) {
    const c = counts.get(n);
    console.log(`  ${n}: ${c.passed}/${c.passed + c.failed}${c.stopped ? " (stopped)" : ""}`);
  }
  const completed = names.filter((n) => !counts.get(n).stopped);
  const passed = completed.filter((n) => counts.get(n).failed === 0);
  let nPass = 0;
  let nAll = 0;
  for (const c of counts.values()) {
    nPass += c.passed;
    nAll += c.passed + c.failed;
  }
  console.log(`  (start positions of names ffish does not list: ${extra.passed}/${extra.passed + extra.failed})`);
  console.log(
    `tests ${completed.length}/${names.length} run to their end, ${passed.length}/${names.length} passed; ` +
      `assertions ${nPass + extra.passed}/${nAll + extra.passed + extra.failed} ` +
      `(ffish's basis: ${nPass}/${FFISH_TOTAL}, ${FFISH_TOTAL - nAll} not reached)`,
  );
  if (opts.json) {
    console.log(
      JSON.stringify({
        tests: names.length,
        tests_completed: completed.length,
        tests_passed: passed.length,
        basis_passed: nPass,
        basis_total: FFISH_TOTAL,
        extra,
        ffish_names: ffishNames.size,
      }),
    );
  }
  if (names.length !== FFISH_TESTS) console.log(`note: the suite has ${names.length} tests, not ${FFISH_TESTS}`);
  if (opts.expect) {
    const [wantT, wantA] = opts.expect.split("/").map(Number);
    if (completed.length < wantT || nPass < wantA) {
      console.log(`expected at least ${wantT} tests run to their end and ${wantA} assertions passed`);
      process.exit(1);
    }
  }
  process.exit(0);
}

main();
