// chimera's browser board: draws the state the back end sends, lets a person
// choose among its legal moves, and asks the back end for the engine's moves.
// The game is its start position and its moves; the back end (the server,
// or the engine in WebAssembly in a Web Worker) checks both.
"use strict";

const app = {
  variant: null, start: null, moves: [], state: null, options: {},
  selected: null,      // {square} or {store, color, symbol}
  flipped: false, busy: false,
  // Latin letters instead of kanji: "1" letters, "0" the glyphs; unset,
  // letters where this browser has no font for a piece's glyph.
  letters: localStorage.getItem("chimera.letters"),
  zoom: Number(localStorage.getItem("chimera.zoom")) || 1, // the board's scale
  picker: [],          // the moves offered in #picker
};
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function html(tag, attrs, parent, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

// ---------------------------------------------------------------------------
// Piece sets. Every piece is drawn into a 100×100 box, then scaled.

// Chess figurines, drawn for chimera (see LICENSES.md beside this file):
// parts are [tag, attributes, role]; role "b" is the body (the side's
// colour, outlined), "d" a detail in the contrasting colour.
const FIGURINES = {
  pawn: [
    ["path", { d: "M30 84 C30 68 40 60 44 52 L56 52 C60 60 70 68 70 84 Z" }, "b"],
    ["path", { d: "M38 54 C38 46 62 46 62 54 Z" }, "b"],
    ["circle", { cx: 50, cy: 34, r: 13 }, "b"],
    ["rect", { x: 24, y: 82, width: 52, height: 9, rx: 3 }, "b"],
  ],
  rook: [
    ["rect", { x: 22, y: 81, width: 56, height: 10, rx: 2 }, "b"],
    ["rect", { x: 27, y: 72, width: 46, height: 10, rx: 2 }, "b"],
    ["path", { d: "M33 72 L36 40 L64 40 L67 72 Z" }, "b"],
    ["rect", { x: 29, y: 33, width: 42, height: 8, rx: 2 }, "b"],
    ["path", { d: "M27 34 L27 14 L37 14 L37 21 L45 21 L45 14 L55 14 L55 21 L63 21 L63 14 L73 14 L73 34 Z" }, "b"],
    ["path", { d: "M36 41 L64 41 M34 71 L66 71", fill: "none" }, "d"],
  ],
  bishop: [
    ["path", { d: "M18 92 C30 86 42 90 50 84 C58 90 70 86 82 92 L82 84 C70 78 58 82 50 76 C42 82 30 78 18 84 Z" }, "b"],
    ["rect", { x: 33, y: 66, width: 34, height: 10, rx: 4 }, "b"],
    ["path", { d: "M50 20 C28 36 28 56 36 67 L64 67 C72 56 72 36 50 20 Z" }, "b"],
    ["circle", { cx: 50, cy: 15, r: 6 }, "b"],
    ["path", { d: "M50 36 L50 56 M41 46 L59 46", fill: "none" }, "d"],
  ],
  queen: [
    ["path", { d: "M22 76 L12 32 L32 58 L32 20 L50 54 L68 20 L68 58 L88 32 L78 76 Z" }, "b"],
    ["circle", { cx: 12, cy: 30, r: 6 }, "b"],
    ["circle", { cx: 32, cy: 18, r: 6 }, "b"],
    ["circle", { cx: 50, cy: 14, r: 6 }, "b"],
    ["circle", { cx: 68, cy: 18, r: 6 }, "b"],
    ["circle", { cx: 88, cy: 30, r: 6 }, "b"],
    ["path", { d: "M50 20 L50 52", fill: "none" }, "b"],
    ["path", { d: "M22 76 Q50 68 78 76 L80 88 Q50 80 20 88 Z" }, "b"],
    ["path", { d: "M24 80 Q50 73 76 80", fill: "none" }, "d"],
  ],
  king: [
    ["path", { d: "M50 4 L50 24 M42 12 L58 12", fill: "none", "stroke-width": 5 }, "b"],
    ["path", { d: "M50 30 C40 22 34 38 50 52 C66 38 60 22 50 30 Z" }, "b"],
    ["path", { d: "M24 78 C8 62 14 38 32 40 C42 41 47 48 50 56 C53 48 58 41 68 40 C86 38 92 62 76 78 Z" }, "b"],
    ["path", { d: "M24 78 Q50 70 76 78 L78 90 Q50 82 22 90 Z" }, "b"],
    ["path", { d: "M50 56 L50 74 M26 82 Q50 75 74 82", fill: "none" }, "d"],
  ],
  knight: [
    ["path", { d: "M78 84 C84 58 78 30 58 18 L54 6 L46 17 C34 20 26 32 21 46 C17 52 17 58 23 61 L30 59 C36 56 42 55 47 52 C41 62 34 71 33 84 Z" }, "b"],
    ["rect", { x: 24, y: 82, width: 58, height: 9, rx: 3 }, "b"],
    ["circle", { cx: 37, cy: 33, r: 3.2, stroke: "none" }, "d"],
    ["path", { d: "M61 24 C73 36 75 60 72 80", fill: "none" }, "d"],
    ["path", { d: "M22 52 L26 51", fill: "none" }, "d"],
  ],
};

// The sets' colours: [first side, second side].
const COLOURS = {
  xiangqi: ["#c0121b", "#161616"],
  janggi: ["#0b6b4c", "#c0121b"],
};

// The variant's pieces by symbol (from the state).
function pieceInfo(symbol) {
  const s = app.state;
  return (s && s.variant.pieces.find((p) => p.symbol === symbol)) || { symbol, name: symbol };
}

function pieceSet() {
  return (app.state && app.state.variant.piece_set) || "letters";
}

// The text a piece shows: its glyph for the side (kanji), or its symbol
// (the user's choice, or where no font here has the glyph's characters).
function pieceText(info, color) {
  const i = color === "second" ? 1 : 0;
  if (info.glyphs && app.letters !== "1" && (app.letters === "0" || drawable(info.glyphs[i]))) return info.glyphs[i];
  return info.symbol;
}

// Whether this browser has a font for every character of `text`. A
// character no font has is drawn as the font's "missing glyph" box — the
// same for every such character — or as nothing: a board of boxes (a
// machine with no CJK font) tells nothing, so such pieces show their
// letters. The characters are drawn in the pieces' fonts on a canvas and
// compared with characters no font has (private use, unassigned).
const drawn = new Map();
let probe = null;
function drawable(text) {
  if (!probe) {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 40;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    const span = html("span", { class: "glyph cjk", hidden: "" }, document.body);
    ctx.font = "bold 30px " + getComputedStyle(span).fontFamily;
    span.remove();
    ctx.textBaseline = "middle";
    // The drawing's fingerprint: where its pixels are, and how dark.
    const image = (ch) => {
      ctx.clearRect(0, 0, 40, 40);
      ctx.fillText(ch, 4, 20);
      const d = ctx.getImageData(0, 0, 40, 40).data;
      let h = 0, n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i]) { n++; h = (h * 31 + i * d[i]) | 0; }
      return n + ":" + h;
    };
    probe = { image, missing: ["\ue000", "\u0378", "\ufdd0"].map(image), blank: image(" ") };
  }
  return Array.from(text).every((ch) => {
    if (!wide(ch)) return true;
    if (!drawn.has(ch)) {
      const img = probe.image(ch);
      drawn.set(ch, img !== probe.blank && !probe.missing.includes(img));
    }
    return drawn.get(ch);
  });
}

const wide = (t) => /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(t);

// A text centred in the 100×100 box: CJK characters stacked top to bottom,
// other text across, smaller the longer it is.
function boxText(parent, text, colour, scale) {
  const chars = Array.from(text);
  const family = wide(text) ? "glyph cjk" : "glyph latin";
  if (wide(text) && chars.length > 1) {
    const fs = (chars.length === 2 ? 40 : 28) * scale;
    const top = 54 - (fs * chars.length) / 2 + fs / 2;
    chars.forEach((c, i) => {
      const t = el("text", { x: 50, y: top + i * fs * 0.96, "text-anchor": "middle", "dominant-baseline": "central",
        "font-size": fs, fill: colour, class: family }, parent);
      t.textContent = c;
    });
    return;
  }
  const fs = Math.min(wide(text) ? 56 : 46, 100 / Math.max(1, chars.length * 0.62)) * scale;
  const t = el("text", { x: 50, y: 54, "text-anchor": "middle", "dominant-baseline": "central",
    "font-size": fs, fill: colour, class: family }, parent);
  t.textContent = text;
}

function drawFigurine(g, name, color) {
  const white = color !== "second";
  const body = white ? "#fff" : "#262626", detail = white ? "#111" : "#eee";
  for (const [tag, attrs, role] of FIGURINES[name]) {
    const a = Object.assign({}, attrs);
    if (role === "b") {
      if (a.fill === undefined) a.fill = body;
      a.stroke = "#111";
      a["stroke-width"] = a["stroke-width"] || 3.5;
    } else {
      if (a.fill === undefined) a.fill = detail;
      if (a.stroke === undefined) a.stroke = detail;
      a["stroke-width"] = a["stroke-width"] || 3;
    }
    el(tag, a, g);
  }
}

// A piece of `symbol` and side `color` drawn in the box at (x, y) of `size`;
// the group carries data-piece, data-color and data-glyph (or
// data-figurine).
function drawPiece(parent, symbol, color, x, y, size) {
  const info = pieceInfo(symbol);
  const set = pieceSet();
  const p = el("g", { class: "piece piece-" + color, "data-piece": symbol, "data-color": color }, parent);
  const g = el("g", { transform: `translate(${x} ${y}) scale(${size / 100})`, "stroke-linejoin": "round",
    "stroke-linecap": "round" }, p);
  const text = pieceText(info, color);
  if (color === "none") {
    // A wall: no side's piece, a block of stone on its square.
    el("rect", { x: 6, y: 6, width: 88, height: 88, rx: 8, class: "wall" }, g);
  } else if (info.figurine && FIGURINES[info.figurine]) {
    p.dataset.figurine = info.figurine;
    drawFigurine(g, info.figurine, color);
  } else if (set === "shogi") {
    // Pointing at the opponent: the side at the bottom points up (or, on a
    // board whose first player faces right, `piece_forward` = 90, right).
    const up = (color === "first") !== app.flipped;
    const turn = (app.state && app.state.variant.piece_forward) || 0;
    const k = info.royal ? 1 : 0.93;
    const angle = (up ? 0 : 180) + turn;
    const inner = el("g", { transform: `rotate(${angle} 50 50) translate(50 52) scale(${k}) translate(-50 -52)` }, g);
    el("path", { d: "M50 5 L78 17 L87 94 L13 94 L22 17 Z", class: "shogi-wood" }, inner);
    // Kanji turn with the piece, as on a real board; Latin letters stay upright.
    boxText(wide(text) || angle === 0 ? inner : g, text, info.promoted ? "#c8102e" : "#111", 0.9);
  } else if (set === "xiangqi" || set === "janggi") {
    const ink = COLOURS[set][color === "second" ? 1 : 0];
    if (set === "xiangqi") {
      el("circle", { cx: 50, cy: 50, r: 45, class: "disc-wood" }, g);
      el("circle", { cx: 50, cy: 50, r: 37, fill: "none", stroke: ink, "stroke-width": 3 }, g);
    } else {
      const r = info.royal ? 47 : 40;
      const pts = [];
      for (let i = 0; i < 8; i++) {
        const a = Math.PI / 8 + (i * Math.PI) / 4;
        pts.push((50 + r * Math.cos(a)).toFixed(1) + "," + (50 + r * Math.sin(a)).toFixed(1));
      }
      el("polygon", { points: pts.join(" "), class: "disc-wood", stroke: ink }, g);
    }
    boxText(g, text, ink, set === "janggi" && !info.royal ? 0.78 : 0.92);
  } else {
    // Letters (and the chess set's pieces without a figurine): a disc.
    el("circle", { cx: 50, cy: 50, r: 40, class: "disc" }, g);
    boxText(g, text, color === "second" ? "#fff" : "#111", 0.8);
  }
  p.dataset.glyph = text;
  const title = el("title", {}, p);
  title.textContent = info.name + (text !== info.symbol ? " (" + info.symbol + ")" : "");
  return p;
}

// A piece as a small SVG of its own (stores, the picker, the piece list).
function pieceIcon(symbol, color, size) {
  const svg = el("svg", { width: size, height: size, viewBox: "0 0 100 100", class: "icon" });
  drawPiece(svg, symbol, color, 0, 0, 100);
  // What it is, its button or label says.
  svg.querySelectorAll("title").forEach((t) => t.remove());
  return svg;
}

// ---------------------------------------------------------------------------
// The back end: the server (`chimera serve`), or, on a published site
// (`chimera publish`, whose page sets CHIMERA_WORKER), chimera in
// WebAssembly in a Web Worker answering the same questions, so that a long
// search never freezes the page.

const worker = window.CHIMERA_WORKER ? new Worker(window.CHIMERA_WORKER, { type: "module" }) : null;
const waiting = new Map();
let asked = 0;
if (worker) {
  worker.onmessage = (e) => {
    const w = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    if (w) w(e.data);
  };
  worker.onerror = (e) => showError("the engine's worker failed: " + (e.message || "cannot start"));
}

async function call(path, body) {
  let status, data;
  if (worker) {
    const id = ++asked;
    ({ status, body: data } = await new Promise((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({ id, path, body });
    }));
  } else {
    const r = await fetch(path.replace(/^\//, ""), body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    status = r.status;
    data = await r.json();
  }
  if (status < 200 || status > 299) {
    const e = new Error(data.error || ("HTTP " + status));
    e.status = status;
    throw e;
  }
  return data;
}

function showError(message) {
  const box = $("error");
  box.hidden = !message;
  box.textContent = message || "";
}

// The last game the server accepted: a refused move or position falls back to it.
let good = { start: null, moves: [] };

async function refresh(engine) {
  app.busy = true;
  document.body.dataset.busy = "1";
  try {
    const body = { variant: app.variant, start: app.start, moves: app.moves, options: app.options };
    if (engine) {
      body.movetime = Number($("movetime").value) || 500;
      body.depth = Number($("depth").value) || 64;
    }
    const s = await call(engine ? "/api/engine" : "/api/state", body);
    if (engine && s.engine_move) app.moves.push(s.engine_move);
    app.state = s;
    good = { start: app.start, moves: app.moves.slice() };
    app.selected = null;
    showError(null);
    render();
  } catch (e) {
    showError(e.message);
    if (e.status === 422) {
      // The rules file has an error: its report instead of the board.
      app.state = null;
      for (const id of ["board-wrap", "stores-top", "stores-bottom", "record", "pieces", "status", "description"]) $(id).textContent = "";
    } else {
      app.start = good.start;
      app.moves = good.moves.slice();
    }
  } finally {
    app.busy = false;
    document.body.dataset.busy = "0";
  }
  maybeEngine();
}

function maybeEngine() {
  const s = app.state;
  if (!s || s.result || app.busy) return;
  if ($("engine-side").value === s.side) setTimeout(() => refresh(true), 50);
}

function play(text) {
  app.moves.push(text);
  hidePicker();
  refresh(false);
}

// ---------------------------------------------------------------------------
// Drawing the page.

// A side's name, from the rules file.
function sideLabel(color) {
  return app.state.variant.sides[color === "first" ? 0 : 1];
}

function render() {
  const s = app.state;
  document.body.dataset.side = s.side;
  document.body.dataset.result = s.result || "";
  document.body.dataset.pieceSet = pieceSet();
  $("status").textContent = s.result ? ("Game over: " + s.result)
    : (sideLabel(s.side) + " to move"
      + (s.turn ? " (move " + s.turn.move + " of " + s.turn.of + " in the turn)" : "")
      + (s.in_check ? " (check)" : ""));
  $("description").textContent = "";
  html("strong", {}, $("description"), s.variant.name);
  if (s.variant.description) $("description").append(" — " + s.variant.description);
  $("position").value = s.position;
  $("pass").hidden = !s.moves.some((m) => m.kind === "pass");
  const engineSide = $("engine-side");
  engineSide.options[1].textContent = s.variant.sides[0];
  engineSide.options[2].textContent = s.variant.sides[1];
  const toggle = $("letters-toggle");
  const glyphs = s.variant.pieces.filter((p) => p.glyphs);
  toggle.hidden = !glyphs.length;
  // Pieces whose glyphs no font here can draw (shown as letters unless
  // the user asks for the glyphs).
  const unfit = glyphs.filter((p) => !p.glyphs.every(drawable)).length;
  document.body.dataset.glyphFonts = !glyphs.length ? "" : unfit ? "missing" : "ok";
  $("no-font").hidden = !unfit;
  $("no-font").textContent = unfit === glyphs.length ? " (no font here for its characters)"
    : ` (no font here for ${unfit} of ${glyphs.length} pieces' characters)`;
  $("letters").checked = app.letters === "1" || (app.letters !== "0" && unfit > 0);
  drawBoard(s);
  drawStores(s);
  const rec = $("record");
  rec.textContent = "";
  s.record.forEach((m) => html("li", {}, rec, m));
  drawOptions(s);
  const pieces = $("pieces");
  pieces.textContent = "";
  s.variant.pieces.forEach((p) => {
    const b = html("button", { title: p.betza }, pieces);
    b.appendChild(pieceIcon(p.symbol, p.wall ? "none" : "first", 22));
    b.append(" " + p.symbol + " " + p.name);
    b.dataset.pieceInfo = p.symbol;
    b.onclick = () => showDiagram(p.symbol);
  });
}

// The variant's options: changing one restarts the game under the new rules.
function drawOptions(s) {
  const box = $("options");
  box.textContent = s.options && s.options.length ? "" : "none";
  for (const o of s.options || []) {
    const label = html("label", { title: o.description }, box, o.name + " ");
    const sel = html("select", {}, label);
    sel.dataset.option = o.name;
    for (const c of o.choices) html("option", { value: c }, sel, c);
    sel.value = o.value;
    sel.onchange = () => { app.options[o.name] = sel.value; newGame(); };
    html("br", {}, box);
  }
}

function targets() {
  const s = app.state, sel = app.selected;
  if (!s || !sel) return [];
  if (sel.square) return s.moves.filter((m) => m.from === sel.square && m.kind !== "drop" && m.kind !== "place" && m.kind !== "pocket-drop");
  const kinds = { hand: "drop", reserve: "place", pocket: "pocket-drop" };
  return s.moves.filter((m) => m.from === null && m.kind === kinds[sel.store] && m.piece === sel.symbol);
}

// How the board is drawn: squares in two colours (chess), one wood colour
// with lines (shogi), or the lines' crossings (xiangqi, janggi).
function boardStyle() {
  const set = pieceSet();
  if (set === "shogi") return "grid";
  if (set === "xiangqi" || set === "janggi") return "points";
  return "checkered";
}

// Each file's and rank's label, as the variant's move text names squares.
function coordinates(s) {
  const c = s.variant.coordinates;
  if (c) return c;
  // An older server: chess-style names from the squares.
  const files = [], ranks = [];
  for (const q of s.squares) {
    files[q.file] = q.name.replace(/[0-9]+$/, "");
    ranks[q.rank] = String(q.rank + 1);
  }
  return { style: "chess", files, ranks };
}

function drawBoard(s) {
  if (s.variant.shape === "hexagon") return drawHexBoard(s);
  const files = s.variant.files, ranks = s.variant.ranks;
  // Large boards get more room, as far as the window allows.
  const room = Math.max(640, Math.min(960, window.innerWidth - 480, files > 12 || ranks > 12 ? 960 : 640));
  const fit = Math.max(24, Math.min(72, Math.floor(room / Math.max(files, ranks))));
  // Zoomed (large boards: 25×25, 36×36), the board scrolls in its frame.
  const size = Math.max(8, Math.round(fit * app.zoom));
  const coords = coordinates(s);
  const shogiCoords = coords.style === "shogi";
  const style = boardStyle();
  // Chess puts the labels left and below; shogi above and to the right.
  const pad = 20;
  const left = shogiCoords ? 4 : pad, top = shogiCoords ? pad : 4;
  const width = files * size + pad + 4, height = ranks * size + pad + 4;
  const svg = el("svg", { width, height, id: "board", class: "board-" + style });
  const X = (file) => (app.flipped ? files - 1 - file : file) * size + left;
  const Y = (rank) => (app.flipped ? rank : ranks - 1 - rank) * size + top;
  if (style !== "checkered") el("rect", { x: left, y: top, width: files * size, height: ranks * size, class: "wood" }, svg);
  if (style === "points") drawPoints(svg, files, ranks, size, X, Y);
  const moving = targets();
  const last = lastSquares(s);
  for (const sq of s.squares) {
    const x = X(sq.file), y = Y(sq.rank);
    let cls = "sq " + ((sq.file + sq.rank) % 2 ? "sq-light" : "sq-dark");
    if (app.selected && app.selected.square === sq.name) cls += " selected";
    else if (moving.some((m) => m.to === sq.name)) cls += " target";
    else if (last.squares.includes(sq.name)) cls += " last";
    else if (last.captures.includes(sq.name)) cls += " last-capture";
    const g = el("g", { "data-square": sq.name }, svg);
    // On the crossings, a square's light is a round spot around its point.
    const round = style === "points" ? { rx: size / 2, ry: size / 2 } : {};
    el("rect", Object.assign({ x, y, width: size, height: size, class: cls, "data-square": sq.name,
      "data-label": sq.label || sq.name }, round), g);
    if (sq.piece) {
      const inset = size * 0.04;
      drawPiece(g, sq.piece.symbol, sq.piece.color, x + inset, y + inset, size - 2 * inset);
    }
    g.addEventListener("click", () => clickSquare(sq.name));
  }
  // Coordinates, as the move text writes them.
  for (let f = 0; f < files; f++) {
    const x = X(f) + size / 2;
    const t = el("text", { x, y: shogiCoords ? 15 : top + ranks * size + 15, "text-anchor": "middle", class: "coord coord-file" }, svg);
    t.textContent = coords.files[f];
  }
  for (let r = 0; r < ranks; r++) {
    const y = Y(r) + size / 2 + 4;
    const x = shogiCoords ? left + files * size + pad / 2 : pad / 2;
    const t = el("text", { x, y, "text-anchor": "middle", class: "coord coord-rank" }, svg);
    t.textContent = coords.ranks[r];
  }
  const wrap = $("board-wrap");
  wrap.textContent = "";
  wrap.appendChild(svg);
}

// A board of hexagonal cells (Gliński's): each file a column of hexagons
// flat side to flat side, each column half a cell above or below its
// neighbours. The grid keeps the cells in axial coordinates, so a cell's
// height in half cells is 2 × rank + file. Three cell colours, as on
// Gliński's board; file letters below, each file's lowest cell named.
function drawHexBoard(s) {
  const files = s.variant.files;
  const r = Math.max(14, Math.round(30 * app.zoom)); // a cell's circumradius
  const h = r * Math.sqrt(3) / 2; // half a cell's height
  const heights = s.squares.map((q) => 2 * q.rank + q.file);
  const top = Math.max(...heights), bottom = Math.min(...heights);
  const pad = 24;
  const width = (files - 1) * 1.5 * r + 2 * r + 2 * pad;
  const height = (top - bottom) * h + 2 * h + 2 * pad;
  const svg = el("svg", { width, height, id: "board", class: "board-hex" });
  const cx = (file) => pad + r + (app.flipped ? files - 1 - file : file) * 1.5 * r;
  const cy = (q) => {
    const k = 2 * q.rank + q.file;
    return pad + h + (app.flipped ? k - bottom : top - k) * h;
  };
  const moving = targets();
  const last = lastSquares(s);
  // Gliński's colours: the centre medium, f1 light, f11 dark.
  const shades = ["sq-hex-medium", "sq-hex-dark", "sq-hex-light"];
  for (const sq of s.squares) {
    const x = cx(sq.file), y = cy(sq);
    // Cells of one colour lie a hex diagonal apart: (file − rank) mod 3.
    let cls = "sq " + shades[(((sq.file - sq.rank) % 3) + 3) % 3];
    if (app.selected && app.selected.square === sq.name) cls += " selected";
    else if (moving.some((m) => m.to === sq.name)) cls += " target";
    else if (last.squares.includes(sq.name)) cls += " last";
    else if (last.captures.includes(sq.name)) cls += " last-capture";
    const g = el("g", { "data-square": sq.name }, svg);
    const corners = [0, 60, 120, 180, 240, 300]
      .map((a) => [x + r * Math.cos((a * Math.PI) / 180), y + r * Math.sin((a * Math.PI) / 180)])
      .map((p) => p.map((c) => c.toFixed(1)).join(","))
      .join(" ");
    el("polygon", { points: corners, class: cls, "data-square": sq.name, "data-label": sq.label || sq.name }, g);
    if (sq.piece) {
      const size = 1.3 * r;
      drawPiece(g, sq.piece.symbol, sq.piece.color, x - size / 2, y - size / 2, size);
    }
    g.addEventListener("click", () => clickSquare(sq.name));
  }
  // Each file's letter under its lowest cell.
  const coords = coordinates(s);
  for (let f = 0; f < files; f++) {
    const cells = s.squares.filter((q) => q.file === f);
    if (!cells.length) continue;
    const low = cells.reduce((a, b) => (cy(a) > cy(b) ? a : b));
    const t = el("text", { x: cx(f), y: cy(low) + h + 14, "text-anchor": "middle", class: "coord coord-file" }, svg);
    t.textContent = coords.files[f];
  }
  const wrap = $("board-wrap");
  wrap.textContent = "";
  wrap.appendChild(svg);
}

// The lines of a board whose pieces stand on the crossings; on the 9×10
// board, the palaces' diagonals, and for xiangqi the river.
function drawPoints(svg, files, ranks, size, X, Y) {
  const lines = el("g", { class: "lines" }, svg);
  const cx = (f) => X(f) + size / 2, cy = (r) => Y(r) + size / 2;
  const line = (f1, r1, f2, r2) => el("line", { x1: cx(f1), y1: cy(r1), x2: cx(f2), y2: cy(r2) }, lines);
  const river = pieceSet() === "xiangqi" && ranks === 10 && files === 9;
  for (let r = 0; r < ranks; r++) line(0, r, files - 1, r);
  for (let f = 0; f < files; f++) {
    if (river && f > 0 && f < files - 1) {
      line(f, 0, f, 4);
      line(f, 5, f, ranks - 1);
    } else line(f, 0, f, ranks - 1);
  }
  if (files === 9 && ranks === 10) {
    for (const [r1, r2] of [[0, 2], [7, 9]]) {
      line(3, r1, 5, r2);
      line(5, r1, 3, r2);
    }
  }
  if (river) {
    const y = (cy(4) + cy(5)) / 2;
    for (const [f, text] of [[1.5, "楚 河"], [6.5, "漢 界"]]) {
      const t = el("text", { x: (cx(Math.floor(f)) + cx(Math.ceil(f))) / 2, y, "text-anchor": "middle",
        "dominant-baseline": "central", "font-size": size * 0.45, class: "river glyph cjk" }, svg);
      t.textContent = text;
    }
  }
}

// The last move's squares (from and to; a drop's to) and its captures
// elsewhere (shots).
function lastSquares(s) {
  const m = s.last_move;
  if (!m) return { squares: [], captures: [] };
  const squares = [m.from, m.to].filter((x) => x);
  return { squares, captures: (m.captures || []).filter((c) => !squares.includes(c)) };
}

function drawStores(s) {
  const rows = { first: app.flipped ? $("stores-top") : $("stores-bottom"), second: app.flipped ? $("stores-bottom") : $("stores-top") };
  for (const color of ["first", "second"]) {
    const row = rows[color];
    row.textContent = "";
    // The side's name beside its royal piece: its colour, and where it points.
    const name = html("span", { class: "side-name" + (s.side === color && !s.result ? " to-move" : "") }, row);
    name.dataset.color = color;
    const own = s.squares.find((q) => q.piece && q.piece.color === color && pieceInfo(q.piece.symbol).royal);
    const royal = own ? pieceInfo(own.piece.symbol) : s.variant.pieces.find((p) => p.royal) || s.variant.pieces[0];
    if (royal) name.appendChild(pieceIcon(royal.symbol, color, 26));
    html("span", { class: "side-label" }, name, sideLabel(color));
  }
  for (const st of s.stores) {
    const row = rows[st.color];
    html("span", { class: "store-name" }, row, st.store + ":");
    for (const p of st.pieces) {
      const b = html("button", { title: p.name }, row);
      b.appendChild(pieceIcon(p.symbol, st.color, 30));
      b.append(p.count > 1 ? "×" + p.count : "");
      b.dataset.store = st.store;
      b.dataset.color = st.color;
      b.dataset.piece = p.symbol;
      const sel = app.selected;
      if (sel && sel.store === st.store && sel.color === st.color && sel.symbol === p.symbol) b.classList.add("selected");
      b.onclick = () => clickStore(st.store, st.color, p.symbol);
    }
  }
}

function clickStore(store, color, symbol) {
  if (app.busy || !app.state || app.state.result) return;
  app.selected = color === app.state.side ? { store, color, symbol } : null;
  render();
  showPicker(targets().filter((m) => m.to === null));
}

function clickSquare(name) {
  if (app.busy || !app.state || app.state.result) return;
  const here = targets().filter((m) => m.to === name);
  if (app.selected && here.length) return choose(here);
  const own = app.state.moves.some((m) => m.from === name);
  app.selected = own ? { square: name } : null;
  const sq = app.state.squares.find((q) => q.name === name);
  if (sq && sq.piece) showDiagram(sq.piece.symbol);
  render();
  // Moves that leave the board (into a pocket) are chosen from the list.
  showPicker(targets().filter((m) => m.to === null));
}

function choose(moves) {
  if (moves.length === 1) return play(moves[0].text);
  showPicker(moves);
}

// What a list of moves asks: whether to promote (the same move, promoting
// or not, or to one piece or another), which way (the same start and end,
// different paths or captures), or which move.
function pickerCaption(moves) {
  if (moves.every((m) => m.to === null && m.kind === "to-pocket")) return "Into the pocket?";
  const same = (f) => moves.every((m) => JSON.stringify(f(m)) === JSON.stringify(f(moves[0])));
  const promotions = new Set(moves.map((m) => m.promotion || ""));
  if (same((m) => [m.kind, m.from, m.to, m.captures]) && promotions.size === moves.length) return "Promote?";
  if (same((m) => [m.kind, m.from, m.to]) && same((m) => m.promotion)) return "Choose the path";
  return "Choose the move";
}

function showPicker(moves) {
  const box = $("picker");
  box.textContent = "";
  app.picker = moves;
  box.hidden = moves.length === 0;
  if (!moves.length) return;
  const caption = pickerCaption(moves);
  html("span", { class: "caption" }, box, caption);
  moves.forEach((m, i) => {
    const b = html("button", { title: "key " + (i + 1) }, box);
    b.dataset.move = m.text;
    if (caption === "Promote?") {
      const color = app.state.side;
      const symbol = m.promotion || m.piece;
      b.appendChild(pieceIcon(symbol, color, 30));
      b.append(" " + (m.promotion ? pieceInfo(m.promotion).name : "don't promote") + " (" + m.display + ")");
    } else {
      b.textContent = m.display + (m.promotion ? " (" + m.promotion + ")" : "");
    }
    b.onclick = () => play(m.text);
  });
  const cancel = html("button", { class: "cancel", title: "Esc" }, box, "Cancel");
  cancel.onclick = () => { app.selected = null; hidePicker(); render(); };
}

function hidePicker() {
  app.picker = [];
  $("picker").hidden = true;
  $("picker").textContent = "";
}

async function showDiagram(symbol) {
  try {
    const d = await call("/api/piece?variant=" + encodeURIComponent(app.variant) + "&piece=" + encodeURIComponent(symbol));
    $("diagram").textContent = d.diagram;
  } catch (e) { showError(e.message); }
}

function newGame() {
  app.moves = [];
  app.start = null;
  hidePicker();
  refresh(false);
}

// Keys: Esc cancels a choice, 1–9 choose from the list, F flips the board.
function key(e) {
  if (e.target && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
  if (e.key === "Escape") {
    app.selected = null;
    hidePicker();
    if (app.state) render();
  } else if (/^[1-9]$/.test(e.key) && app.picker.length >= Number(e.key)) {
    play(app.picker[Number(e.key) - 1].text);
  } else if (e.key === "f" || e.key === "F") {
    app.flipped = !app.flipped;
    if (app.state) render();
  }
}

async function init() {
  const list = await call("/api/variants");
  let stamp = null; // the current rules file's modification time
  const select = $("variant");
  for (const v of list) html("option", { value: v.name }, select, v.name + (v.error ? " (error)" : ""));
  const wanted = new URLSearchParams(location.search).get("variant");
  app.variant = list.some((v) => v.name === wanted) ? wanted : list[0].name;
  select.value = app.variant;
  select.onchange = () => {
    app.variant = select.value;
    app.options = {};
    const v = list.find((x) => x.name === app.variant);
    stamp = v ? v.modified : null;
    newGame();
  };
  $("new").onclick = newGame;
  $("undo").onclick = () => {
    // Take back the engine's reply too when it plays.
    const n = $("engine-side").value && app.moves.length >= 2 ? 2 : 1;
    app.moves.splice(-n, n);
    hidePicker();
    refresh(false);
  };
  $("flip").onclick = () => { app.flipped = !app.flipped; render(); };
  $("zoom").value = Math.round(app.zoom * 100);
  $("zoom").oninput = () => {
    app.zoom = Number($("zoom").value) / 100 || 1;
    localStorage.setItem("chimera.zoom", String(app.zoom));
    $("zoom-value").textContent = Math.round(app.zoom * 100) + "%";
    drawBoard(app.state);
  };
  $("zoom-value").textContent = Math.round(app.zoom * 100) + "%";
  $("letters").onchange = () => {
    app.letters = $("letters").checked ? "1" : "0";
    localStorage.setItem("chimera.letters", app.letters);
    render();
  };
  $("pass").onclick = () => { const m = app.state.moves.find((x) => x.kind === "pass"); if (m) play(m.text); };
  $("engine-move").onclick = () => refresh(true);
  $("engine-side").onchange = maybeEngine;
  $("load").onclick = () => { app.start = $("position").value; app.moves = []; refresh(false); };
  $("copy-position").onclick = () => navigator.clipboard && navigator.clipboard.writeText(app.state.position);
  $("copy-record").onclick = () => navigator.clipboard && navigator.clipboard.writeText(app.state.record.join(" "));
  document.addEventListener("keydown", key);
  refresh(false);
  // A rules file edited on disk: the page follows.
  const current = list.find((v) => v.name === app.variant);
  stamp = current ? current.modified : null;
  // (A published site's files do not change under it.)
  if (!worker) setInterval(async () => {
    if (app.busy) return;
    try {
      const now = (await call("/api/variants")).find((v) => v.name === app.variant);
      if (now && now.modified !== stamp) { stamp = now.modified; refresh(false); }
    } catch (e) { /* the server is gone: keep the page as it is */ }
  }, 1500);
}

init().catch((e) => showError(e.message));
