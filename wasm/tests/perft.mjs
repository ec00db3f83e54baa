// Perft speed of the WebAssembly package in Node (docs/wasm.md's figures).
//
//   node wasm/tests/perft.mjs PKG_DIR
//
// The same counts `chimera perft --depth N variants/V.toml` makes natively
// (one thread); prints variant, depth, nodes, seconds, nodes a second.
import path from "node:path";
import { pathToFileURL } from "node:url";

export const CASES = [["chess", 6], ["shogi", 5], ["ko-shogi", 3]];

const pkg = path.resolve(process.argv[2] || "wasm/pkg");
const { default: Module } = await import(pathToFileURL(path.join(pkg, "index.js")).href);
const { chimera } = await Module();
for (const [v, d] of CASES) {
  chimera.perft(v, "", 1); // compiled before the clock starts
  const t = performance.now();
  const n = chimera.perft(v, "", d);
  const s = (performance.now() - t) / 1000;
  console.log(`${v} depth ${d}: ${n} nodes, ${s.toFixed(2)} s, ${Math.round(n / s / 1000)}k nodes/s`);
}
