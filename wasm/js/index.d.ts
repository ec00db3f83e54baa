// Types of index.js: ffish.js's module object and chimera's own functions.
import { Board, Game } from "./chimera_wasm.js";
export { Board, Game };

export interface Chimera {
  /** Compiles rules text: `{ok, name, variant, warnings, tests, start}` or `{ok: false, error}`. */
  loadRules(text: string, name?: string): any;
  /** Runs a variant's [[test]] cases: `{ok, passed, failed, cases: [{name, passed, failures}]}`. */
  runTests(variant: string): any;
  /** Searches after `moves` from `fen` (empty: the start): `{best, score, depth, nodes, pv, ms}` or `{error}`; without a movetime, at most 60 s. */
  search(variant: string, fen?: string, moves?: string, depth?: number, limits?: { nodes?: number; movetime?: number }): any;
  /** Counts the move tree; throws once `limits.ms` (default 60,000) milliseconds have passed, or for a depth beyond 255. */
  perft(variant: string, fen: string | undefined, depth: number, limits?: { ms?: number }): number;
  /** The browser board's questions, as `chimera serve` answers them: `{status, body}`. */
  request(path: string, body?: string): any;
}

export interface FFish {
  Board: typeof Board;
  variants(): string;
  loadVariantConfig(text: string): string;
  startingFen(variant: string): string;
  validateFen(fen: string, variant?: string, chess960?: boolean): number;
  info(): string;
  capturesToHand(variant: string): boolean;
  /** Reads a PGN game (its first): tags, and the moves as ffish's UCI. */
  readGamePGN(pgn: string): Game;
  /** Fairy-Stockfish's options: accepted (an unknown name throws), meaning nothing here. */
  setOption(name: string, value: string): void;
  setOptionInt(name: string, value: number): void;
  setOptionBool(name: string, value: boolean): void;
  /** ffish.js's notation numbers (all ten, 0-9). */
  Notation: Record<string, number>;
  chimera: Chimera;
}

export const chimera: Chimera;
export default function Module(options?: { wasm?: BufferSource | WebAssembly.Module }): Promise<FFish>;
