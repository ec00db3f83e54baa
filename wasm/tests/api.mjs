// The package's two faces in Node: ffish.js's Board and module functions,
// chimera's own (rules text with diagnostics, test cases, search, perft,
// the board's questions).
//
//   node wasm/tests/api.mjs PKG_DIR
//
// Prints each check that fails and `N passed, N failed`; exits 1 on a failure.
import path from "node:path";
import { pathToFileURL } from "node:url";

const pkg = path.resolve(process.argv[2] || "wasm/pkg");
const { default: Module } = await import(pathToFileURL(path.join(pkg, "index.js")).href);
const ffish = await Module();
const { chimera } = ffish;

let passed = 0, failed = 0;
function check(what, cond, detail) {
  if (cond) passed++;
  else { failed++; console.log(`FAIL ${what}${detail === undefined ? "" : ": " + JSON.stringify(detail)}`); }
}
function throws(f) {
  try { f(); return null; } catch (e) { return String(e && e.message || e); }
}

// ffish.js's module functions.
const names = ffish.variants().split(" ");
check("variants lists the bundled ones", ["chess", "shogi", "ko-shogi", "kozune", "xiangqi"].every((n) => names.includes(n)), names.length);
check("startingFen", ffish.startingFen("chess") === "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ffish.startingFen("chess"));
check("validateFen: good", ffish.validateFen("8/8/8/8/8/8/8/K1k5 w - - 0 1", "chess") === 1);
check("validateFen: bad", ffish.validateFen("not a position", "chess") < 0);
check("info", ffish.info().startsWith("chimera "), ffish.info());
check("an unknown variant is an error", (throws(() => new ffish.Board("nonsense")) || "").includes("no variant"));

// Board.
const b = new ffish.Board("chess");
check("20 moves", b.legalMoves().split(" ").length === 20 && b.numberLegalMoves() === 20);
check("turn: white", b.turn() === true);
check("push a legal move", b.push("e2e4") === true);
check("push refuses an illegal one", b.push("e7e4") === false && b.gamePly() === 1);
// As Fairy-Stockfish writes it: no en-passant square where no pawn can take.
check("fen after e2e4", b.fen() === "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", b.fen());
check("turn: black", b.turn() === false);
b.pushMoves("d7d5");
check("isCapture", b.isCapture("e4d5") === true && b.isCapture("e4e5") === false);
check("moveStack", b.moveStack() === "e2e4 d7d5", b.moveStack());
b.pop();
check("pop", b.moveStack() === "e2e4" && b.gamePly() === 1);
b.reset();
check("reset", b.gamePly() === 0 && b.fen() === ffish.startingFen("chess"));
b.pushMoves("f2f3 e7e5 g2g4 d8h4");
check("checkmate: over, 0-1", b.isCheck() && b.isGameOver() && b.result() === "0-1" && b.legalMoves() === "", [b.result(), b.resultReason()]);
b.setFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
check("stalemate: a draw", b.isGameOver() && b.result() === "1/2-1/2", b.resultReason());
check("toString draws the board", b.toString().includes("K"));
b.delete();
// SAN: ffish.js's functions.
const n = new ffish.Board("chess");
check("legalMovesSan", n.legalMovesSan().split(" ").includes("Nf3") && n.legalMovesSan().split(" ").length === 20, n.legalMovesSan());
check("sanMove", n.sanMove("g1f3") === "Nf3" && n.sanMove("e2e5") === "", n.sanMove("g1f3"));
check("pushSan", n.pushSan("e4") && !n.pushSan("e4") && n.moveStack() === "e2e4", n.moveStack());
check("pushSanMoves", n.pushSanMoves("e5 Nf3 Nc6") && n.moveStack() === "e2e4 e7e5 g1f3 b8c6", n.moveStack());
check("variationSan from black's move", n.variationSan("f1b5 a7a6 b5c6") === "3. Bb5 a6 4. Bxc6", n.variationSan("f1b5 a7a6 b5c6"));
check("variationSan leaves the board", n.moveStack() === "e2e4 e7e5 g1f3 b8c6");
n.push("f1c4");
check("variationSan: black first, no numbers", n.variationSan("g8f6 f3g5", 1, false) === "Nf6 Ng5" && n.variationSan("g8f6 f3g5").startsWith("3...Nf6 4. Ng5"), n.variationSan("g8f6 f3g5"));
check("variationSan: an illegal move gives nothing", n.variationSan("g8f6 a1a8") === "");
check("an unknown notation throws", (throws(() => n.sanMove("g8f6", 10)) || "").includes("notation 10"));
n.setFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
check("checkedPieces: none", n.checkedPieces() === "");
n.push("h1h8");
check("checkedPieces: the king in check", n.checkedPieces() === "e8", n.checkedPieces());
check("is960", n.is960() === false);
n.delete();
const c960 = new ffish.Board("chess", "", true);
check("is960: a Chess960 board", c960.is960() === true && c960.fen() === "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", c960.fen());
c960.setFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
const moves960 = c960.legalMoves().split(" ");
check("is960: castling is the king taking its rook", moves960.includes("e1h1") && moves960.includes("e1a1") && !moves960.includes("e1g1") && c960.sanMove("e1h1") === "O-O", c960.legalMoves());
c960.push("e1h1");
check("is960: after O-O", c960.fen() === "r3k2r/8/8/8/8/8/8/R4RK1 b ha - 1 1", c960.fen());
check("validateFen with chess960", ffish.validateFen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "chess", true) === 1);
c960.delete();
const h = new ffish.Board("crazyhouse", "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPP2PPP/RNB1KBNR[Qqp] w KQkq - 0 3");
check("pocket", h.pocket(true) === "q" && h.pocket(false) === "qp", [h.pocket(true), h.pocket(false)]);
check("a drop in SAN", h.sanMove("Q@e2") === "Q@e2" && h.pushSan("Q@e2"), h.sanMove("Q@e2"));
h.delete();
const j = new ffish.Board("janggi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
check("isBikjang: kings facing in janggi", j.isBikjang() === true);
j.delete();
const bare = new ffish.Board("chess", "8/8/8/8/8/8/8/K1k5 w - - 0 1");
check("insufficient material: bare kings", bare.isInsufficientMaterial() && bare.hasInsufficientMaterial(true));
check("toVerboseString", bare.toVerboseString().includes("Fen: 8/8/8/8/8/8/8/K1k5 w - - 0 1"), bare.toVerboseString());
bare.delete();
check("capturesToHand", ffish.capturesToHand("crazyhouse") === true && ffish.capturesToHand("chess") === false);
const pgn = ffish.readGamePGN(`[Event "test"]
[Variant "Crazyhouse"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@e5 {a drop} *`);
check("readGamePGN: tags", pgn.headerKeys() === "Event Variant" && pgn.headers("Event") === "test" && pgn.headers("Nope") === "", pgn.headerKeys());
check("readGamePGN: moves as UCI", pgn.mainlineMoves() === "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@e5", pgn.mainlineMoves());
pgn.delete();
check("readGamePGN: an illegal move is an error", (throws(() => ffish.readGamePGN("1. e5 *")) || "").includes("move 1"));
check("Notation numbers", ffish.Notation.SAN === 1 && ffish.Notation.SHOGI_HODGES_NUMBER === 5);
const hs = new ffish.Board("shogi");
check("shogi: SAN by default, Hodges as the rules file's default", hs.sanMove("c3c4") === "Pc4" && hs.sanMove("c3c4", 0) === "P-76" && hs.sanMove("c3c4", 5) === "P-76", [hs.sanMove("c3c4"), hs.sanMove("c3c4", 0)]);
check("shogi: pushSan in Hodges", hs.pushSan("P-76", 5) && hs.moveStack() === "c3c4", hs.moveStack());
hs.delete();
const s = new ffish.Board("shogi");
check("shogi: 30 moves", s.numberLegalMoves() === 30);
s.pushMoves("c3c4 g7g6 b2h8+");
check("shogi: a promotion written with a bare +", s.moveStack() === "c3c4 g7g6 b2h8+", s.moveStack());
check("shogi: USI move text is read too", s.push("1a1b") && s.push("B*5e") && s.moveStack().endsWith("i9i8 B@e5"), s.moveStack());
s.delete();

// Rules text: a variant of one's own, with diagnostics.
const mini = `[variant]
name = "Mini Kings"
[board]
files = 3
ranks = 3
[[piece]]
name = "king"
symbol = "K"
betza = "K"
royal = true
[setup]
position = "k2/3/2K w - - 0 1"
[[test]]
name = "the king's moves"
count = 2
[[test]]
name = "a wrong count fails"
count = 4
`;
const loaded = chimera.loadRules(mini);
check("loadRules: ok", loaded.ok && loaded.name === "mini-kings" && loaded.tests === 2, loaded);
const m = new ffish.Board("mini-kings");
check("a loaded variant plays", m.legalMoves().split(" ").sort().join(" ") === "c1b1 c1c2", m.legalMoves());
m.delete();
const tests = chimera.runTests("mini-kings");
check("runTests: one passes, one fails", tests.passed === 1 && tests.failed === 1 && tests.cases[1].failures.length === 1, tests);
const broken = chimera.loadRules(mini.replace('betza = "K"', 'betza = "K&&"'), "broken");
check("loadRules: an error with file, line and column", !broken.ok && /broken\.toml:\d+:\d+/.test(broken.error), broken.error);
check("loadVariantConfig: an error is thrown", (throws(() => ffish.loadVariantConfig("[variant]\nname = 1\n")) || "").includes("<rules text>:2"));
check("loadVariantConfig: the name", ffish.loadVariantConfig(mini.replace("Mini Kings", "Other Kings")) === "other-kings");
const kozune = chimera.runTests("kozune");
check("runTests: kozune's cases pass", kozune.ok && kozune.failed === 0 && kozune.passed > 10, [kozune.passed, kozune.failed]);
// Bounded as perft is: taikyoku's cases count its perft to 237,743 nodes;
// within 1 ms the count under way is given up and the cases left fail.
chimera.runTests("taikyoku-shogi", { ms: 1 }); // compiled once, outside the timing
const started = Date.now();
const quick = chimera.runTests("taikyoku-shogi", { ms: 1 });
check("runTests: stopped once limits.ms is spent", quick.ok && quick.stopped === true && quick.failed > 0 && Date.now() - started < 5000, [quick.stopped, quick.failed, Date.now() - started]);
check("runTests: limits.ms must be a number", (throws(() => chimera.runTests("kozune", { ms: "1" })) || "").includes("limits.ms"));

// Search and perft.
check("perft: chess 3", chimera.perft("chess", "", 3) === 8902);
check("perft: shogi 2", chimera.perft("shogi", "", 2) === 900);
const mate = chimera.search("chess", "k7/8/1K6/8/8/8/8/7R w - - 0 1", "", 4);
check("search: a mate in one", mate.best === "h1h8" && mate.score > 900000, mate);
const a1 = chimera.search("shogi", "", "c3c4", 64, { nodes: 20000 });
const a2 = chimera.search("shogi", "", "c3c4", 64, { nodes: 20000 });
check("search by nodes is repeatable", a1.best === a2.best && a1.nodes === a2.nodes && a1.nodes >= 20000 && a1.nodes < 40000, [a1, a2]);
const d = chimera.search("chess", "", "", 3);
check("search to a depth", d.depth === 3 && d.pv.length >= 1 && d.pv[0] === d.best, d);
const t = chimera.search("chess", "", "", 64, { movetime: 200 });
// Stopped by its time, not its depth (no machine reaches depth 64 of chess
// in 200 ms), and not before half of it (the search's rule for starting an
// iteration): the clock works, whatever the machine's speed.
check("search by time: the clock works in WebAssembly", t.ms >= 100 && t.depth < 64 && t.best, t);
check("search: a bad move is an error", (chimera.search("chess", "", "e2e5", 3).error || "").includes("not legal"));

// Every long call bounded: a perft by its time (measured on the host's
// clock), whatever the depth; no depth beyond 255.
let t0 = performance.now();
const long = throws(() => chimera.perft("chess", "", 9, { ms: 300 })) || "";
const spent = performance.now() - t0;
check("perft: stopped by its time", long.includes("did not end within 300 ms") && spent < 3000, [long, spent]);
check("perft: depth 300 is refused", (throws(() => chimera.perft("chess", "", 300)) || "").includes("never end"));
check("perft: after a stop, the module counts again", chimera.perft("chess", "", 2) === 400);
t0 = performance.now();
const bounded = chimera.search("chess", "", "", 64, { movetime: 300 });
check("search: a movetime bounds it", bounded.best && performance.now() - t0 < 3000, bounded);

// No argument from JavaScript traps the module: a wrong type is a
// TypeError, a wrong value an Error, and the module answers afterwards.
check("a number for a string is a TypeError", /argument 1 must be a string, not number/.test(throws(() => ffish.startingFen(5)) || ""));
check("new Board(42) is a TypeError", /new Board: argument 1/.test(throws(() => new ffish.Board(42)) || ""));
check("search's limits are checked", /limits.nodes must be a number/.test(throws(() => chimera.search("chess", "", "", 3, { nodes: "x" })) || ""));
const odd = [undefined, null, 0, -1, 1.5, NaN, Infinity, 2 ** 53, "", "x", "e2e4", {}, [], [1], true, () => 1];
const calls = {
  variants: [],
  startingFen: ["chess"],
  validateFen: ["8/8/8/8/8/8/8/K1k5 w - - 0 1", "chess", false],
  capturesToHand: ["chess"],
  readGamePGN: ["1. e4 *"],
  loadVariantConfig: ["[variant]\nname = 1\n"],
  setOption: ["Threads", 1],
  "chimera.loadRules": ["[variant]\nname = 1\n", "x"],
  "chimera.runTests": ["mini-kings"],
  "chimera.search": ["chess", "", "e2e4", 2, { nodes: 500 }],
  "chimera.perft": ["chess", "", 1, { ms: 1000 }],
  "chimera.request": ["/api/state", '{"variant":"chess"}'],
  "new Board": ["chess", "", false],
};
const fuzzBoard = new ffish.Board("chess");
const methods = {
  push: ["e2e4"], pushMoves: ["e2e4"], sanMove: ["e2e4", 1], pushSan: ["e4", 1], pushSanMoves: ["e4", 1],
  variationSan: ["e2e4", 1, true], setFen: ["8/8/8/8/8/8/8/K1k5 w - - 0 1"], isCapture: ["e2e4"],
  fen: [false, 0], pocket: [true], hasInsufficientMaterial: [true], isGameOver: [false], result: [false],
};
let trapped = [], tried = 0;
function attempt(what, f) {
  tried++;
  try { f(); } catch (e) {
    if (e instanceof WebAssembly.RuntimeError || !(e instanceof Error)) trapped.push(`${what}: ${e}`);
  }
}
for (const [name, base] of Object.entries(calls)) {
  const f = name === "new Board" ? (...a) => new ffish.Board(...a).delete()
    : name.startsWith("chimera.") ? chimera[name.slice(8)] : ffish[name];
  for (let i = 0; i < base.length; i++) {
    // search's limits stay: without them a search runs its full 60 s.
    if (name === "chimera.search" && i === 4) continue;
    for (const v of odd) {
      const args = base.slice();
      args[i] = v;
      attempt(`${name} argument ${i + 1} = ${String(v)}`, () => f(...args));
    }
  }
}
for (const [name, base] of Object.entries(methods)) {
  for (let i = 0; i < base.length; i++) {
    for (const v of odd) {
      const args = base.slice();
      args[i] = v;
      attempt(`Board.${name} argument ${i + 1} = ${String(v)}`, () => fuzzBoard[name](...args));
      fuzzBoard.reset();
    }
  }
}
fuzzBoard.delete();
check(`no call traps the module (${tried} tried)`, trapped.length === 0, trapped.slice(0, 5));
const after = new ffish.Board("chess");
check("the module still answers", after.legalMoves().split(" ").length === 20 && chimera.perft("chess", "", 3) === 8902);
after.delete();

// The board's questions.
const st = chimera.request("/api/state", JSON.stringify({ variant: "chess", moves: ["e2e4"] }));
check("request: state", st.status === 200 && st.body.side === "second" && st.body.moves.length === 20, st.status);
check("request: bad JSON is 400", chimera.request("/api/state", "{").status === 400);
check("request: an unknown variant is 422", chimera.request("/api/state", JSON.stringify({ variant: "nonsense" })).status === 422);
check("request: an illegal move is 400", chimera.request("/api/state", JSON.stringify({ variant: "chess", moves: ["e2e5"] })).status === 400);
const en = chimera.request("/api/engine", JSON.stringify({ variant: "shogi", movetime: 100 }));
check("request: the engine's move", en.status === 200 && typeof en.body.engine_move === "string" && en.body.record.length === 1, en.body.engine_move);
check("request: a piece's diagram", chimera.request("/api/piece?variant=shogi&piece=N").body.diagram.includes("@"));

console.log(`api: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
