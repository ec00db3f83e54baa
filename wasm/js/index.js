// chimera in WebAssembly: ffish.js's interface, and chimera's own.
//
//   import Module from "chimera-wasm";          // or "./index.js"
//   const ffish = await Module();                // as ffish.js: `await require("ffish")()`
//   const board = new ffish.Board("shogi");
//   board.legalMoves(); board.push("c3c4"); board.fen(); board.result(); board.delete();
//   ffish.loadVariantConfig(rulesText);          // a chimera rules file
//   ffish.chimera.search("chess", "", "e2e4", 8); // chimera's own face (JSON parsed)
//
// The same files run in a browser, in a Web Worker and in Node (18+).
import init, * as raw from "./chimera_wasm.js";

let loading = null;

async function wasmBytes(given) {
  if (given !== undefined) return given;
  if (typeof process !== "undefined" && process.versions && process.versions.node) {
    const { readFile } = await import("node:fs/promises");
    return readFile(new URL("./chimera_wasm_bg.wasm", import.meta.url));
  }
  return undefined; // the browser: fetched beside this file
}

const parsed = (f) => (...args) => JSON.parse(f(...args));

// Arguments are checked here, before they reach WebAssembly: a number
// where a string is expected made wasm-bindgen's glue copy garbage and the
// module trap ("memory access out of bounds"), after which it may not
// answer again. Each kind: "string", "number", "object", "boolean" or any
// value ("any"); a trailing "?" lets undefined and null through.
function check(where, args, kinds) {
  kinds.forEach((kind, i) => {
    const a = args[i];
    const optional = kind.endsWith("?");
    const type = optional ? kind.slice(0, -1) : kind;
    if (type === "any" || (optional && (a === undefined || a === null))) return;
    const ok = type === "number" ? typeof a === "number" && !Number.isNaN(a)
      : type === "object" ? typeof a === "object" && a !== null
      : typeof a === type;
    if (!ok) {
      const got = a === null ? "null" : Array.isArray(a) ? "an array" : typeof a;
      throw new TypeError(`${where}: argument ${i + 1} must be a ${type}${optional ? " or undefined" : ""}, not ${got}`);
    }
  });
}

// `f` with its arguments checked first (`this` passed on: methods too).
const typed = (where, f, ...kinds) => function (...args) {
  check(where, args, kinds);
  return f.apply(this, args);
};

// The limits object's fields, each a number if given.
function limitsOf(where, limits, fields) {
  check(where, [limits], ["object?"]);
  const l = limits || {};
  for (const f of fields) {
    if (l[f] !== undefined && l[f] !== null && (typeof l[f] !== "number" || Number.isNaN(l[f]))) {
      throw new TypeError(`${where}: limits.${f} must be a number, not ${typeof l[f]}`);
    }
  }
  return l;
}

// ffish.js's Board and Game (PGN) methods that take arguments, checked in
// place on the classes wasm-bindgen made.
const METHODS = {
  Board: {
    push: ["string"], pushMoves: ["string"], sanMove: ["string", "number?"], pushSan: ["string", "number?"],
    pushSanMoves: ["string", "number?"], variationSan: ["string", "number?", "any"], setFen: ["string"],
    isCapture: ["string"], fen: ["any", "number?"],
  },
  Game: { headers: ["string"] },
};
for (const [cls, methods] of Object.entries(METHODS)) {
  for (const [name, kinds] of Object.entries(methods)) {
    const f = raw[cls].prototype[name];
    raw[cls].prototype[name] = typed(`${cls}.${name}`, f, ...kinds);
  }
}

// ffish.js's `new Board(variant, fen, is960)`, its arguments checked.
class Board extends raw.Board {
  constructor(variant, fen, is960) {
    check("new Board", [variant, fen], ["string?", "string?"]);
    super(variant, fen, is960);
  }
}

// chimera's own face: each answer is an object (see wasm/src/lib.rs).
const chimera = {
  loadRules: typed("loadRules", parsed(raw.loadRules), "string", "string?"),
  // Within limits.ms milliseconds (default 60,000): the cases left then fail, `stopped` says so.
  runTests: (variant, limits) => {
    check("runTests", [variant], ["string"]);
    const l = limitsOf("runTests", limits, ["ms"]);
    return JSON.parse(raw.runTests(variant, l.ms || undefined));
  },
  // Bounded whatever is asked: without a movetime, a search stops after 60 s.
  search: (variant, fen, moves, depth, limits) => {
    check("search", [variant, fen, moves, depth], ["string", "string?", "string?", "number?"]);
    const l = limitsOf("search", limits, ["nodes", "movetime"]);
    // Clamped here: the module takes a 32-bit depth, which 1e300 or 2**32 would wrap to 0.
    const plies = depth === undefined || depth === null ? 64 : Math.min(Math.max(Math.trunc(depth), 1), 64);
    return JSON.parse(raw.search(variant, fen || "", moves || "", plies, l.nodes || 0, l.movetime || 0));
  },
  // Within limits.ms milliseconds (default 60,000), or an error.
  perft: (variant, fen, depth, limits) => {
    check("perft", [variant, fen, depth], ["string", "string?", "number"]);
    const l = limitsOf("perft", limits, ["ms"]);
    if (!Number.isInteger(depth) || depth < 0) throw new RangeError(`perft: depth ${depth} is not a whole number from 0`);
    if (depth > 255) throw new RangeError(`perft: depth ${depth} is more than 255: it would never end`);
    return raw.perft(variant, fen || "", depth, l.ms || undefined);
  },
  request: typed("request", parsed(raw.request), "string", "string?"),
};

// ffish.js's notation numbers (Board's sanMove, pushSan, variationSan take
// DEFAULT, SAN and SHOGI_HODGES_NUMBER; another throws).
const Notation = Object.freeze({
  DEFAULT: 0, SAN: 1, LAN: 2, SHOGI_HOSKING: 3, SHOGI_HODGES: 4, SHOGI_HODGES_NUMBER: 5,
  JANGGI: 6, XIANGQI_WXF: 7, THAI_SAN: 8, THAI_LAN: 9,
});

// ffish.js's module object: `Board` and the module functions, plus `chimera`.
export default function Module(options = {}) {
  if (!loading) {
    loading = wasmBytes(options.wasm).then((bytes) => init(bytes === undefined ? undefined : { module_or_path: bytes }));
  }
  return loading.then(() => ({
    Board,
    variants: raw.variants,
    loadVariantConfig: typed("loadVariantConfig", raw.loadVariantConfig, "string"),
    startingFen: typed("startingFen", raw.startingFen, "string"),
    validateFen: typed("validateFen", raw.validateFen, "string", "string?"),
    info: raw.info,
    capturesToHand: typed("capturesToHand", raw.capturesToHand, "string"),
    readGamePGN: typed("readGamePGN", raw.readGamePGN, "string"),
    // Fairy-Stockfish's options: accepted, meaning nothing here but
    // VariantPath, whose files WebAssembly cannot read (loadVariantConfig
    // takes their text).
    setOption: typed("setOption", raw.setOption, "string"),
    setOptionInt: typed("setOptionInt", raw.setOption, "string"),
    setOptionBool: typed("setOptionBool", raw.setOption, "string"),
    Notation,
    chimera,
  }));
}

export { Board, chimera };
