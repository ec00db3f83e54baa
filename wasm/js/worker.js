// The browser board's back end in a Web Worker: chimera in WebAssembly
// answers the questions `chimera serve` answers (app.js's `call`), so a
// long search runs here and never freezes the page.
//
// Messages: {id, path, body} in, {id, status, body} out. A published site
// (`chimera publish`) lists its rules files in variants.json beside this
// file; without one, every variant chimera ships is on offer.
import Module, { chimera } from "./index.js";

const ready = (async () => {
  await Module();
  let listed = null;
  try {
    const r = await fetch(new URL("variants.json", self.location.href));
    if (r.ok) listed = await r.json();
  } catch (e) { /* no list: the bundled variants */ }
  if (!listed) return null;
  const out = [];
  for (const v of listed) {
    const text = await fetch(new URL(v.file, self.location.href)).then((r) => r.text());
    const loaded = chimera.loadRules(text, v.name);
    out.push({ name: v.name, modified: null, error: loaded.ok ? null : loaded.error });
  }
  return out;
})();

function answer(list, path, body) {
  if (path === "/api/variants" && list) return { status: 200, body: list };
  if (path.startsWith("/api/tests?")) {
    const name = new URLSearchParams(path.split("?")[1]).get("variant") || "";
    const r = chimera.runTests(name);
    return r.ok ? { status: 200, body: r } : { status: 422, body: { error: r.error } };
  }
  return chimera.request(path, body === undefined ? undefined : JSON.stringify(body));
}

self.onmessage = async (e) => {
  const { id, path, body } = e.data;
  let reply;
  try {
    reply = answer(await ready, path, body);
  } catch (err) {
    reply = { status: 500, body: { error: String(err && err.message || err) } };
  }
  self.postMessage({ id, status: reply.status, body: reply.body });
};
