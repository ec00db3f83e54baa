#!/usr/bin/env python3
"""Perft speed of the WebAssembly package in headless Chromium (docs/wasm.md's
figures): loads index.js from a site `chimera publish` wrote, served over
HTTP at URL, and counts the cases of wasm/tests/perft.mjs in the page.

    wasm_perft.py URL
"""
import shutil
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

CASES = [("chess", 6), ("shogi", 5), ("ko-shogi", 3)]
opts = Options()
opts.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
    opts.add_argument(a)
d = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=opts)
d.set_script_timeout(600)
d.get(sys.argv[1] + "/rules.html")
for v, depth in CASES:
    n, ms = d.execute_async_script("""
const [v, depth, done] = arguments;
import(new URL("index.js", location.href).href).then(async (m) => {
  const { chimera } = await m.default();
  chimera.perft(v, "", 1);
  const t = performance.now();
  const n = chimera.perft(v, "", depth);
  done([n, performance.now() - t]);
});""", v, depth)
    print("%s depth %d: %d nodes, %.2f s, %dk nodes/s" % (v, depth, n, ms / 1000, n / ms))
d.quit()
