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

// chimera's own face: each answer is an object (see wasm/src/lib.rs).
const chimera = {
  loadRules: parsed(raw.loadRules),
  runTests: parsed(raw.runTests),
  search: (variant, fen, moves, depth, limits = {}) =>
    JSON.parse(raw.search(variant, fen || "", moves || "", depth || 64, limits.nodes || 0, limits.movetime || 0)),
  perft: raw.perft,
  request: parsed(raw.request),
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
    Board: raw.Board,
    variants: raw.variants,
    loadVariantConfig: raw.loadVariantConfig,
    startingFen: raw.startingFen,
    validateFen: raw.validateFen,
    info: raw.info,
    capturesToHand: raw.capturesToHand,
    readGamePGN: raw.readGamePGN,
    // Fairy-Stockfish's options: accepted, meaning nothing here but
    // VariantPath, whose files WebAssembly cannot read (loadVariantConfig
    // takes their text).
    setOption: raw.setOption,
    setOptionInt: raw.setOption,
    setOptionBool: raw.setOption,
    Notation,
    chimera,
  }));
}

export { chimera };
