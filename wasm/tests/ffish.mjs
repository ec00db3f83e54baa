// chimera's WebAssembly package against npm `ffish` (Fairy-Stockfish in
// WebAssembly) on seeded random games: at every ply the two must agree on
// the legal moves, the position, whether the game is over and its result;
// and the moves in SAN: every legal move's (`legalMovesSan`, every 4th
// ply), the chosen move's (`sanMove`), played back by its SAN on odd plies
// (`pushSan`), and the whole game at the end (`variationSan`).
//
//   node wasm/tests/ffish.mjs PKG_DIR [--games N] [--plies N] [--seed S] [--chess960 N] [VARIANT…]
//
// The position is compared as a string, character for character: chimera's
// `fen()` writes Fairy-Stockfish's FEN. With --chess960 N (default 2), N
// more games each of chess and capablanca are played on boards made with
// is960 = true, each from its own shuffled start (the back rank shuffled,
// the bishops on squares of different colours, the king between the rooks).
//
// PKG_DIR is the built package (wasm/build.sh). Prints a line a variant and
// `N passed, N failed`; exits 1 on any difference, 3 when ffish is not
// installed (npm install in wasm/tests/).
//
// Known, listed differences (counted, not failures), as in
// tests/tools/crosscheck.py:
// - Fairy-Stockfish counts a drop that mates as legal where the rules ban
//   it (shogi's pawn, tori shogi's swallow): such a move missing from
//   chimera's list is accepted, and never chosen.
// - Fairy-Stockfish writes a custom pawn's en-passant field as the list of
//   squares it passed and reached even where the pawn cannot take en
//   passant (chimera writes none) or where the rules file writes the square
//   passed over alone (epLists).
// - Fairy-Stockfish's repetition and move-count draws are claims: both are
//   asked with claimDraw = true.
// - Fairy-Stockfish ends a game drawn by insufficient material; chimera's
//   facade does too (its rules have no such rule yet, docs/rules-format.md:
//   a game where the two disagree on it stops there, unjudged, as
//   tests/tools/crosscheck.py stops python-chess's).
// - Fairy-Stockfish's SAN marks a check to its king piece only: no `+` for
//   an attack on a royal piece of another kind (coregal's queen) or by an
//   explosion (atomic): that mark of chimera's is accepted (SAN_CHECK_MARK).
// - A halfmove clock counted otherwise (CLOCK below, empty now: crazyhouse's
//   rules file counts as python-chess does, a drop not resetting the clock,
//   but the facade counts Fairy-Stockfish's variants as it does). That field
//   is compared without the clock, and each time it differed is counted.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import path from "node:path";

const args = process.argv.slice(2);
if (args.length < 1) {
  console.log("usage: ffish.mjs PKG_DIR [--games N] [--plies N] [--seed S] [VARIANT…]");
  process.exit(2);
}
const pkg = path.resolve(args.shift());
const opts = { games: 2, plies: 120, seed: 1, chess960: 2 };
const only = [];
while (args.length) {
  const a = args.shift();
  if (a.startsWith("--")) opts[a.slice(2)] = Number(args.shift());
  else only.push(a);
}

// The variants both have: every one tests/crosscheck.rs checks against
// pyffish (ffish 0.7.10, Fairy-Stockfish 230826, knows them all).
const VARIANTS = `3check 5check ai-wok almost amazon antichess asean atomic berolina capablanca
capahouse centaur chancellor chaturanga checkshogi chess chessgi coregal courier crazyhouse
dobutsu dragon embassy euroshogi fox-and-hounds gardner georgian gorogoro gothic grand
grasshopper hoppelpoppel horde janggi janggicasual janggitraditional janus judkins
kingofthehill knightmate kyotoshogi loop losalamos losers makruk manchu minishogi minixiangqi
misere modern newzealand nightrider nocastle okisakishogi opulent paradigm pawnback perfect
placement pocketknight raazuvaa racingkings seirawan shako shatranj shogi sittuyin tencubed
threekings torishogi torpedo xiangqi yarishogi`.split(/\s+/);

// ffish 0.7.10 is an old Emscripten build: in Node it must not see `fetch`.
const require = createRequire(import.meta.url);
let ff;
try {
  const savedFetch = globalThis.fetch;
  globalThis.fetch = undefined;
  ff = require("ffish");
  await new Promise((resolve) => {
    if (ff.calledRun) resolve();
    else ff.onRuntimeInitialized = resolve;
  });
  globalThis.fetch = savedFetch;
} catch (e) {
  console.log("skip: npm ffish is not installed (npm install in wasm/tests/): " + e.message);
  process.exit(3);
}
const { default: Module } = await import(pathToFileURL(path.join(pkg, "index.js")).href);
const chimera = await Module();

// A seeded generator (mulberry32).
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const counts = { dropMates: 0, epLists: 0, clocks: 0, insufficient: 0, checkMarks: 0, sans: 0 };

// Variants whose SAN check marks Fairy-Stockfish omits (above).
const SAN_CHECK_MARK = new Set(["atomic", "coregal"]);

// Whether two SANs agree, a check mark ffish omits aside.
function sameSan(variant, theirs, mine) {
  counts.sans++;
  if (theirs === mine) return true;
  if (SAN_CHECK_MARK.has(variant) && mine.slice(0, -1) === theirs && "+#".includes(mine.slice(-1))) {
    counts.checkMarks++;
    return true;
  }
  return false;
}

// Variants whose halfmove clock is known to be counted otherwise (above).
const CLOCK = {};
let clockUnchecked = false;

// A difference of positions, or null: the strings must be equal, but for
// the known differences above.
function positionDiff(theirs, mine) {
  const r = theirs.split(" "), c = mine.split(" ");
  if (r.length === c.length && r.length >= 4 && r[3] !== c[3]) {
    const squares = r[3].match(/[a-z]+[0-9]+/g) || [];
    if (squares.length >= 2 && (c[3] === "-" || squares.includes(c[3]))) { counts.epLists++; c[3] = r[3]; }
  }
  if (clockUnchecked && r.length === c.length && r.length >= 6 && r[r.length - 2] !== c[r.length - 2]) {
    counts.clocks++;
    c[r.length - 2] = r[r.length - 2];
  }
  return r.join(" ") === c.join(" ") ? null : `ffish ${theirs}\n      chimera ${mine}`;
}

// A Chess960 start of the variant: its start with the back rank shuffled,
// every castling right held.
function shuffledStart(start, random) {
  const fields = start.split(" ");
  const ranks = fields[0].split("/");
  for (;;) {
    const pieces = [...ranks[ranks.length - 1]];
    for (let i = pieces.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [pieces[i], pieces[j]] = [pieces[j], pieces[i]];
    }
    const bishops = pieces.flatMap((p, i) => (p === "B" ? [i] : []));
    const rooks = pieces.flatMap((p, i) => (p === "R" ? [i] : []));
    const king = pieces.indexOf("K");
    if (bishops[0] % 2 !== bishops[1] % 2 && rooks[0] < king && king < rooks[1]) {
      const row = pieces.join("");
      ranks[ranks.length - 1] = row;
      ranks[0] = row.toLowerCase();
      fields[0] = ranks.join("/");
      fields[2] = "KQkq";
      return fields.join(" ");
    }
  }
}

// Whether `m`, legal for ffish, is a drop that mates (which the rules may ban).
function dropMate(board, m) {
  if (!m.includes("@")) return false;
  board.push(m);
  const mate = board.isCheck() && board.legalMoves() === "";
  board.pop();
  return mate;
}

function game(variant, seed, is960 = false) {
  const random = rng(seed);
  const start = is960 ? shuffledStart(ff.startingFen(variant), random) : "";
  const theirs = is960 ? new ff.Board(variant, start, true) : new ff.Board(variant);
  const mine = new chimera.Board(variant, start, is960);
  const problems = [];
  const played = [];
  let plies = 0;
  try {
    for (;;) {
      const fen = theirs.fen();
      const diff = positionDiff(fen, mine.fen());
      if (diff) { problems.push(`ply ${plies}: positions differ\n      ${diff}`); break; }
      const over = theirs.isGameOver(true);
      if (over && !mine.isGameOver(true) && theirs.isInsufficientMaterial()) {
        counts.insufficient++;
        break;
      }
      if (over !== mine.isGameOver(true) || theirs.result(true) !== mine.result(true)) {
        problems.push(`ply ${plies}: ffish over=${over} ${theirs.result(true)}, chimera over=${mine.isGameOver(true)} ${mine.result(true)} (${mine.resultReason()}) at ${fen}`);
        break;
      }
      if (over || plies >= opts.plies) break;
      const legal = theirs.legalMoves().split(" ").filter(Boolean);
      const ours = new Set(mine.legalMoves().split(" ").filter(Boolean));
      const missing = legal.filter((m) => !ours.has(m));
      const known = missing.filter((m) => dropMate(theirs, m));
      counts.dropMates += known.length;
      const extra = [...ours].filter((m) => !legal.includes(m));
      if (missing.length > known.length || extra.length) {
        problems.push(`ply ${plies}: missing ${missing.filter((m) => !known.includes(m))} extra ${extra} at ${fen}`);
        break;
      }
      const choices = legal.filter((m) => ours.has(m));
      const sanProblem = sanDiff(variant, theirs, mine, plies % 4 === 0 ? choices : []);
      if (sanProblem) { problems.push(`ply ${plies}: ${sanProblem} at ${fen}`); break; }
      const m = choices[Math.floor(random() * choices.length)];
      const san = theirs.sanMove(m), mySan = mine.sanMove(m);
      if (!sameSan(variant, san, mySan)) { problems.push(`ply ${plies}: sanMove ${m}: ffish ${san} chimera ${mySan} at ${fen}`); break; }
      theirs.push(m);
      played.push(m);
      if (!(plies % 2 ? mine.pushSan(mySan) : mine.push(m))) { problems.push(`ply ${plies}: chimera refused ${m} (${mySan})`); break; }
      if (process.env.TRACE) console.log(plies, m, theirs.fen(), mine.fen());
      plies++;
    }
    if (!problems.length) {
      const a = is960 ? new ff.Board(variant, start, true) : new ff.Board(variant);
      const b = new chimera.Board(variant, start, is960);
      const va = a.variationSan(played.join(" ")), vb = b.variationSan(played.join(" "));
      a.delete();
      b.delete();
      const wa = va.split(" "), wb = vb.split(" ");
      if (wa.length !== wb.length || wa.some((x, i) => !sameSan(variant, x, wb[i])))
        problems.push(`variationSan differs:\n      ffish ${va}\n      chimera ${vb}`);
    }
  } finally {
    theirs.delete();
    mine.delete();
  }
  return { plies, problems };
}

// A difference of the SANs of `moves` (legal in both) and of the two
// `legalMovesSan` lists (drop mates ffish lists aside), or null.
function sanDiff(variant, theirs, mine, moves) {
  if (!moves.length) return null;
  const ours = mine.legalMovesSan().split(" ").filter(Boolean);
  const theirsList = [];
  for (const m of moves) {
    const a = theirs.sanMove(m), b = mine.sanMove(m);
    if (!sameSan(variant, a, b)) return `sanMove ${m}: ffish ${a} chimera ${b}`;
    theirsList.push(b);
  }
  const x = [...theirsList].sort().join(" "), y = [...ours].sort().join(" ");
  return x === y ? null : `legalMovesSan: sanMove of each ${x}\n      legalMovesSan ${y}`;
}

let passed = 0, failed = 0;
const runs = (only.length ? only : VARIANTS).map((v) => [v, false]);
if (!only.length) for (const v of ["chess", "capablanca"]) runs.push([v, true]);
for (const [v, is960] of runs) {
  let lines = [], plies = 0, bad = 0;
  clockUnchecked = v in CLOCK;
  const games = is960 ? opts.chess960 : opts.games;
  for (let g = 0; g < games; g++) {
    const r = game(v, opts.seed * 1000 + g, is960);
    plies += r.plies;
    if (r.problems.length) { bad++; lines.push(`  game ${g + 1}: ` + r.problems.join("\n  ")); }
  }
  console.log(`${v}${is960 ? " (is960)" : ""}: ${games - bad}/${games} games agree, ${plies} plies`);
  for (const l of lines) console.log(l);
  if (bad) failed++; else passed++;
}
console.log(`${counts.sans} SANs compared; known differences: ${counts.checkMarks} check marks ffish omits (${[...SAN_CHECK_MARK].join(", ")}); ${counts.dropMates} drop mates; ${counts.epLists} en-passant fields written as square lists; ${counts.clocks} halfmove clocks (${Object.keys(CLOCK).join(", ")}); ${counts.insufficient} games stopped at insufficient material`);
console.log(`ffish: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
