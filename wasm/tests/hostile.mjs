// Hostile input from JavaScript (issue 45): nothing traps the module, and
// every long call ends by itself, in a time measured here.
//
//   node wasm/tests/hostile.mjs PKG_DIR [--long]
//
// The default cases take a few seconds: nesting deeper than any parser's
// stack (TOML, move notation, PGN variations, JSON), texts of tens of
// megabytes, numbers past every counter, a variants.ini whose sections
// each inherit from the one above (a chain of 3,000 took 6.5 minutes), a
// perft to depth 100 or 255, searches given absurd limits, a board used
// after delete(). `--long` adds the calls bounded by their default time
// (60 s each: a search with no limit, perft(…, 100) with no time, the
// test cases of taikyoku, the board's engine asked for 10^300 ms).
// After each case the module must still count perft(2) of chess. Prints
// each case with its time, then `N passed, N failed`; exits 1 on a failure.
import path from "node:path";
import { pathToFileURL } from "node:url";

const pkg = path.resolve(process.argv[2] || "wasm/pkg");
const long = process.argv.includes("--long");
const { default: Module } = await import(pathToFileURL(path.join(pkg, "index.js")).href);
const ffish = await Module();
const { chimera } = ffish;

const nested = (open, close, n, inside = "") => open.repeat(n) + inside + close.repeat(n);
const rules = (betza, extra = "") => `[variant]
name = "Hostile"
[board]
files = 3
ranks = 3
[[piece]]
name = "king"
symbol = "K"
betza = "${betza}"
royal = true
${extra}
[setup]
position = "k2/3/2K w - - 0 1"
`;
const refused = (r) => r.ok === false && /rules\.toml:\d+:\d+/.test(r.error);
const perftError = (variant, depth, limits) => {
  try {
    chimera.perft(variant, "", depth, limits);
    return "";
  } catch (e) {
    return String(e.message);
  }
};
// A game of `plies` plies repeating `cycle`, read from its PGN: true when
// every move is read, the last as `last` (ffish's UCI).
const longGame = (variant, cycle, plies, last) => {
  const parts = [`[Variant "${variant}"]\n`];
  for (let i = 0; i < plies; i++) parts.push((i % 2 ? "" : `${i / 2 + 1}. `) + cycle[i % cycle.length]);
  const g = ffish.readGamePGN(parts.join(" ") + " *");
  const moves = g.mainlineMoves().split(" ");
  g.delete();
  return moves.length === plies && moves[plies - 1] === last;
};
const chain = (n) => Array.from({ length: n }, (_, i) => `[v${i + 1}:${i ? "v" + i : "chess"}]\n`).join("");

// [name, seconds allowed, f: true when the answer is right]
const cases = [
  ["TOML arrays nested 100,000 deep", 5, () => refused(chimera.loadRules(rules("K", "x = " + nested("[", "]", 100000))))],
  ["TOML inline tables nested 100,000 deep", 5, () => refused(chimera.loadRules(rules("K", "x = " + nested("{a=", "}", 100000, "1"))))],
  ["a TOML key of 100,000 dotted parts", 5, () => refused(chimera.loadRules(rules("K", "x" + ".a".repeat(100000) + " = 1")))],
  ["notation groups nested 100,000 deep", 5, () => refused(chimera.loadRules(rules(nested("[", "]", 100000, "W"))))],
  ["a notation of 200,000 atoms", 5, () => refused(chimera.loadRules(rules("W".repeat(200000))))],
  ["a 50 MB rules text", 20, () => refused(chimera.loadRules("#".repeat(50_000_000)))],
  ["a 20 MB variant name", 20, () => /no variant/.test(String((() => { try { ffish.startingFen("x".repeat(20_000_000)); } catch (e) { return e.message; } })()))],
  ["PGN variations nested 100,000 deep", 10, () => {
    const g = ffish.readGamePGN("1. e4 " + nested("(", ")", 100000, "1. d4") + " e5 *");
    const ok = g.mainlineMoves() === "e2e4 e7e5";
    g.delete();
    return ok;
  }],
  // A game is replayed in time linear in its length, each SAN move found
  // among the position's at the cost of one move generation (every legal
  // move was written in full SAN, its check mark found by making it, at
  // every ply: 100,000 plies of chess 8.6 s, of shogi in USI 21.9 s, at the
  // test build's opt-level 1; now 4.1–5.2 s and 14–18 s on 2 loaded cores).
  ["readGamePGN of 100,000 plies of chess in SAN", 30, () => longGame("chess", ["Nf3", "Nf6", "Ng1", "Ng8"], 100000, "f6g8")],
  ["readGamePGN: 5 times the plies, at most 10 times the time", 60, () => {
    const time = (plies) => {
      const t = performance.now();
      longGame("chess", ["Nf3", "Nf6", "Ng1", "Ng8"], plies, "f6g8");
      return performance.now() - t;
    };
    time(2000);
    const [short, long] = [time(10000), time(50000)];
    return long < 10 * short;
  }],
  ["JSON nested 100,000 deep", 5, () => chimera.request("/api/state", nested("[", "]", 100000)).status === 400],
  ["a position of a million ranks", 5, () => /bad position/.test(String((() => { try { new ffish.Board("chess", "8/".repeat(1_000_000) + " w - - 0 1"); } catch (e) { return e.message; } })()))],
  ["numbers past every counter", 5, () => {
    const b = new ffish.Board("chess");
    const bad = ["99999999999999999999999/8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/K1k5 w - - 99999999999999999999 99999999999999999999"]
      .every((f) => { try { b.setFen(f); return false; } catch (e) { return e instanceof Error; } });
    b.delete();
    return bad && ffish.validateFen("4294967297/8/8/8/8/8/8/K1k5 w - - 0 1", "chess") < 0;
  }],
  // Each section inherits from the one above: the first 256 are loaded
  // (no more are kept at once), the rest refused; the work stays bounded.
  ["a variants.ini chain of 3,000 sections", 60, () => {
    const names = ffish.loadVariantConfig(chain(3000)).split(" ");
    return names.length === 256 && names[255] === "v256" && ffish.startingFen("v256") === ffish.startingFen("chess");
  }],
  ["perft(chess, 100) within 300 ms", 3, () => perftError("chess", 100, { ms: 300 }).includes("did not end within 300 ms")],
  ["perft(chess, 255) within 300 ms", 3, () => perftError("chess", 255, { ms: 300 }).includes("did not end within 300 ms")],
  ["perft(taikyoku, 100) within 300 ms", 15, () => perftError("taikyoku-shogi", 100, { ms: 300 }).includes("did not end within 300 ms")],
  // As deep as it may go (64), not a depth wrapped to 0 on its way in.
  ["search: depth 10^300 and nodes 10^300 in 300 ms", 3, () => {
    const r = chimera.search("chess", "", "", 1e300, { nodes: 1e300, movetime: 300 });
    return r.best !== undefined && r.depth > 2 && r.ms >= 100;
  }],
  ["search: depth 2^32 + 1", 3, () => chimera.search("chess", "", "", 2 ** 32 + 1, { movetime: 200 }).depth > 2],
  ["search: depth -10^300", 3, () => chimera.search("chess", "", "", -1e300, { movetime: 100 }).depth === 1],
  ["a board used after delete()", 1, () => {
    const b = new ffish.Board("chess");
    b.delete();
    try { b.legalMoves(); return false; } catch (e) { return e instanceof Error && !(e instanceof WebAssembly.RuntimeError); }
  }],
];
// Bounded by their default time, 60 s each: a few seconds over it allowed.
const LONG = 75;
const longCases = [
  ["search with no limit at all", LONG, () => chimera.search("chess", "", "").best !== undefined],
  ["perft(chess, 100) with no time given", LONG, () => perftError("chess", 100).includes("did not end within 60000 ms")],
  ["taikyoku's test cases with no time given", LONG, () => chimera.runTests("taikyoku-shogi").ok === true],
  ["the board's engine asked for 10^300 ms", LONG, () => chimera.request("/api/engine", JSON.stringify({ variant: "chess", movetime: 1e300, depth: 1e9 })).status === 200],
];

let passed = 0, failed = 0;
for (const [what, seconds, f] of long ? cases.concat(longCases) : cases) {
  const t = performance.now();
  let ok, detail = "";
  try {
    ok = f();
  } catch (e) {
    ok = false;
    detail = `${e instanceof WebAssembly.RuntimeError ? "TRAPPED" : "threw"}: ${String(e && e.message).slice(0, 200)}`;
  }
  const spent = (performance.now() - t) / 1000;
  if (spent > seconds) {
    ok = false;
    detail += ` (more than ${seconds} s)`;
  }
  let alive = false;
  try { alive = chimera.perft("chess", "", 2) === 400; } catch (e) { detail += ` then ${e}`; }
  if (!alive) detail += " — the module no longer answers";
  if (ok && alive) passed++;
  else failed++;
  console.log(`${ok && alive ? "ok  " : "FAIL"} ${what}: ${spent.toFixed(2)} s ${detail}`);
}
console.log(`hostile: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
