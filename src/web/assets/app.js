// chimera's browser board: draws the state the server sends, lets a person
// choose among its legal moves, and asks the server for the engine's moves.
// The game is its start position and its moves; the server checks both.
"use strict";

const app = {
  variant: null, start: null, moves: [], state: null, options: {},
  selected: null,      // {square} or {store, color, symbol}
  flipped: false, busy: false,
};
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

async function call(path, body) {
  const r = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) {
    const e = new Error(data.error || ("HTTP " + r.status));
    e.status = r.status;
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
      for (const id of ["board-wrap", "stores-top", "stores-bottom", "record", "pieces", "status"]) $(id).textContent = "";
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
  $("picker").hidden = true;
  refresh(false);
}

function render() {
  const s = app.state;
  document.body.dataset.side = s.side;
  document.body.dataset.result = s.result || "";
  $("status").textContent = s.result ? ("Game over: " + s.result)
    : (s.side_name + " to move" + (s.in_check ? " (check)" : ""));
  $("position").value = s.position;
  $("pass").hidden = !s.moves.some((m) => m.kind === "pass");
  drawBoard(s);
  drawStores(s);
  const rec = $("record");
  rec.textContent = "";
  s.record.forEach((m) => { const li = document.createElement("li"); li.textContent = m; rec.appendChild(li); });
  drawOptions(s);
  const pieces = $("pieces");
  pieces.textContent = "";
  s.variant.pieces.forEach((p) => {
    const b = document.createElement("button");
    b.textContent = p.symbol + " " + p.name;
    b.title = p.betza;
    b.dataset.pieceInfo = p.symbol;
    b.onclick = () => showDiagram(p.symbol);
    pieces.appendChild(b);
  });
}

// The variant's options: changing one restarts the game under the new rules.
function drawOptions(s) {
  const box = $("options");
  box.textContent = s.options.length ? "" : "none";
  for (const o of s.options) {
    const label = document.createElement("label");
    label.title = o.description;
    label.textContent = o.name + " ";
    const sel = document.createElement("select");
    sel.dataset.option = o.name;
    for (const c of o.choices) {
      const opt = document.createElement("option");
      opt.value = c;
      opt.textContent = c;
      sel.appendChild(opt);
    }
    sel.value = o.value;
    sel.onchange = () => { app.options[o.name] = sel.value; newGame(); };
    label.appendChild(sel);
    box.appendChild(label);
    box.appendChild(document.createElement("br"));
  }
}

function targets() {
  const s = app.state, sel = app.selected;
  if (!s || !sel) return [];
  if (sel.square) return s.moves.filter((m) => m.from === sel.square && m.kind !== "drop" && m.kind !== "place" && m.kind !== "pocket-drop");
  const kinds = { hand: "drop", reserve: "place", pocket: "pocket-drop" };
  return s.moves.filter((m) => m.from === null && m.kind === kinds[sel.store] && m.piece === sel.symbol);
}

function drawBoard(s) {
  const files = s.variant.files, ranks = s.variant.ranks;
  const size = Math.max(22, Math.min(64, Math.floor(640 / Math.max(files, ranks))));
  const pad = 18;
  const svg = el("svg", { width: files * size + pad, height: ranks * size + pad, id: "board" });
  const moving = targets();
  const last = lastSquares();
  for (const sq of s.squares) {
    const x = (app.flipped ? files - 1 - sq.file : sq.file) * size + pad;
    const y = (app.flipped ? sq.rank : ranks - 1 - sq.rank) * size;
    let cls = "sq " + ((sq.file + sq.rank) % 2 ? "sq-light" : "sq-dark");
    if (app.selected && app.selected.square === sq.name) cls += " selected";
    else if (moving.some((m) => m.to === sq.name)) cls += " target";
    else if (last.includes(sq.name)) cls += " last";
    const g = el("g", { "data-square": sq.name }, svg);
    el("rect", { x, y, width: size, height: size, class: cls, "data-square": sq.name }, g);
    if (sq.piece) {
      const p = el("g", { class: "piece piece-" + sq.piece.color, "data-piece": sq.piece.symbol, "data-color": sq.piece.color }, g);
      el("circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.4 }, p);
      const t = el("text", { x: x + size / 2, y: y + size / 2, "text-anchor": "middle", "dominant-baseline": "central",
        "font-size": Math.floor(size * (sq.piece.symbol.length > 2 ? 0.26 : 0.4)) }, p);
      t.textContent = sq.piece.symbol;
      const title = el("title", {}, p);
      title.textContent = sq.piece.name;
    }
    g.addEventListener("click", () => clickSquare(sq.name));
  }
  for (let f = 0; f < files; f++) {
    const sq = s.squares.find((q) => q.file === f && q.rank === 0);
    const x = (app.flipped ? files - 1 - f : f) * size + pad + size / 2;
    const t = el("text", { x, y: ranks * size + 13, "text-anchor": "middle", class: "coord" }, svg);
    t.textContent = sq ? sq.name.replace(/[0-9]+$/, "") : "";
  }
  for (let r = 0; r < ranks; r++) {
    const y = (app.flipped ? r : ranks - 1 - r) * size + size / 2 + 4;
    const t = el("text", { x: 2, y, class: "coord" }, svg);
    t.textContent = String(r + 1);
  }
  const wrap = $("board-wrap");
  wrap.textContent = "";
  wrap.appendChild(svg);
}

function lastSquares() {
  return [];
}

function drawStores(s) {
  const top = $("stores-top"), bottom = $("stores-bottom");
  top.textContent = ""; bottom.textContent = "";
  for (const st of s.stores) {
    const row = (st.color === "first") !== app.flipped ? bottom : top;
    const label = document.createElement("span");
    label.textContent = s.variant.sides[st.color === "first" ? 0 : 1] + " " + st.store + ":";
    row.appendChild(label);
    for (const p of st.pieces) {
      const b = document.createElement("button");
      b.textContent = p.symbol + (p.count > 1 ? "×" + p.count : "");
      b.title = p.name;
      b.dataset.store = st.store;
      b.dataset.color = st.color;
      b.dataset.piece = p.symbol;
      const sel = app.selected;
      if (sel && sel.store === st.store && sel.color === st.color && sel.symbol === p.symbol) b.classList.add("selected");
      b.onclick = () => clickStore(st.store, st.color, p.symbol);
      row.appendChild(b);
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

function showPicker(moves) {
  const box = $("picker");
  box.textContent = "";
  box.hidden = moves.length === 0;
  for (const m of moves) {
    const b = document.createElement("button");
    b.textContent = m.display + (m.promotion ? " (" + m.promotion + ")" : "");
    b.dataset.move = m.text;
    b.onclick = () => play(m.text);
    box.appendChild(b);
  }
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
  refresh(false);
}

async function init() {
  const list = await call("/api/variants");
  let stamp = null; // the current rules file's modification time
  const select = $("variant");
  for (const v of list) {
    const o = document.createElement("option");
    o.value = v.name;
    o.textContent = v.name + (v.error ? " (error)" : "");
    select.appendChild(o);
  }
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
    refresh(false);
  };
  $("flip").onclick = () => { app.flipped = !app.flipped; render(); };
  $("pass").onclick = () => { const m = app.state.moves.find((x) => x.kind === "pass"); if (m) play(m.text); };
  $("engine-move").onclick = () => refresh(true);
  $("engine-side").onchange = maybeEngine;
  $("load").onclick = () => { app.start = $("position").value; app.moves = []; refresh(false); };
  $("copy-position").onclick = () => navigator.clipboard && navigator.clipboard.writeText(app.state.position);
  $("copy-record").onclick = () => navigator.clipboard && navigator.clipboard.writeText(app.state.record.join(" "));
  refresh(false);
  // A rules file edited on disk: the page follows.
  const current = list.find((v) => v.name === app.variant);
  stamp = current ? current.modified : null;
  setInterval(async () => {
    if (app.busy) return;
    try {
      const now = (await call("/api/variants")).find((v) => v.name === app.variant);
      if (now && now.modified !== stamp) { stamp = now.modified; refresh(false); }
    } catch (e) { /* the server is gone: keep the page as it is */ }
  }, 1500);
}

init().catch((e) => showError(e.message));
