#!/usr/bin/env python3
"""A site `chimera publish` wrote, in headless Chromium (WebDriver), served
by a plain static file server: no chimera process runs, the engine is
WebAssembly in the page's Web Worker.

    published.py URL SHOTS_DIR

Plays chess, shogi, Ko shogi and Kozune by clicks: moves, a capture and a
drop from hand, a placement from the reserve, a multi-leg capture chosen
from the list of paths, a spawn chosen from the list, and an engine reply
in each; checks that the page answers while the engine searches; runs a
variant's test cases on the rules page. Screenshots go to SHOTS_DIR
(published-*.png). Exit 0 when every check passes, 3 when Selenium or
Chromium's driver is missing (the caller skips), 1 with a message otherwise.
"""
import os
import shutil
import sys
import time

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    print("selenium is not installed (pip install selenium)")
    sys.exit(3)

DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
BROWSER = shutil.which("chromium") or "/usr/bin/chromium"
if not (os.path.exists(DRIVER) and os.path.exists(BROWSER)):
    print("chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)")
    sys.exit(3)

URL, SHOTS = sys.argv[1], sys.argv[2]
os.makedirs(SHOTS, exist_ok=True)

opts = Options()
opts.binary_location = BROWSER
for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000", "--disable-dev-shm-usage"):
    opts.add_argument(a)
D = webdriver.Chrome(service=Service(DRIVER), options=opts)
WAIT = WebDriverWait(D, 120)


def fail(msg):
    D.save_screenshot(os.path.join(SHOTS, "published-failure.png"))
    logs = ""
    try:
        logs = "\n".join(str(e) for e in D.get_log("browser"))
    except Exception:
        pass
    print(msg + "\n" + logs)
    D.quit()
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg + "\nstatus: " + D.find_element(By.ID, "status").text
             + "\nerror: " + D.find_element(By.ID, "error").text)


def settle():
    time.sleep(0.05)
    WAIT.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-busy") == "0")


def open_variant(name, engine_side=""):
    D.get(URL + "/index.html?variant=" + name)
    WAIT.until(lambda d: d.find_elements(By.CSS_SELECTOR, "rect[data-square]"))
    settle()
    D.find_element(By.ID, "engine-side").find_element(By.CSS_SELECTOR, "option[value='%s']" % engine_side).click()
    box = D.find_element(By.ID, "movetime")
    box.clear()
    box.send_keys("300")
    settle()


def square(name):
    return D.find_element(By.CSS_SELECTOR, "rect[data-square='%s']" % name)


def piece_on(name):
    return D.execute_script(
        "const g = document.querySelector(`g[data-square='${arguments[0]}'] g[data-piece]`);"
        " return g ? g.getAttribute('data-piece') : null;", name)


def record():
    # Read in one script: the list may be redrawn between two WebDriver calls.
    return D.execute_script("return [...document.querySelectorAll('#record li')].map((li) => li.innerText.trim())")


def click(name):
    D.find_element(By.CSS_SELECTOR, "g[data-square='%s']" % name).click()
    settle()


def move(frm, to):
    click(frm)
    check("target" in square(to).get_attribute("class"), "%s is not highlighted from %s" % (to, frm))
    click(to)


def load(text):
    pos = D.find_element(By.ID, "position")
    pos.clear()
    pos.send_keys(text)
    D.find_element(By.ID, "load").click()
    settle()


def engine_reply(what):
    n = len(record())
    D.find_element(By.ID, "engine-move").click()
    WAIT.until(lambda d: len(record()) > n)
    settle()
    check(len(record()) == n + 1, "%s: the engine did not reply (record %s)" % (what, record()))


def shot(name):
    height = D.execute_script("return document.body.scrollHeight")
    D.set_window_size(1400, max(1000, height + 150))
    D.find_element(By.ID, "play").screenshot(os.path.join(SHOTS, "published-" + name + ".png"))
    D.set_window_size(1400, 1000)


# The page names no server: every answer comes from the worker.
D.get(URL + "/index.html")
check("worker.js" in D.page_source, "the page does not start the engine's worker")

# Chess: moves by clicks, the engine's reply; the page stays responsive
# while the engine thinks (its search runs in the worker).
open_variant("chess")
check(piece_on("e2") == "P", "chess: no pawn on e2")
move("e2", "e4")
check(piece_on("e4") == "P" and record() == ["e2e4"], "chess: e2e4 not played: %s" % record())
box = D.find_element(By.ID, "movetime")
box.clear()
box.send_keys("3000")
D.find_element(By.ID, "engine-move").click()
check(D.find_element(By.TAG_NAME, "body").get_attribute("data-busy") == "1", "chess: the engine is not searching")
# The page runs ten timer ticks while the engine searches: they end
# before its reply (an order, not a duration: a page frozen by the search
# would run them only after it).
t = time.time()
ticks = D.execute_async_script("const done = arguments[0]; let n = 0; const i = setInterval(() => { if (++n === 10) { clearInterval(i); done([n, document.body.dataset.busy]); } }, 20);")
lag = time.time() - t
check(ticks == [10, "1"], "chess: the page froze during the search (ticks %s after %.2f s)" % (ticks, lag))
D.find_element(By.ID, "flip").click()  # the page answers a click mid-search
settle()
check(len(record()) == 2, "chess: the engine did not reply: %s" % record())
D.find_element(By.ID, "flip").click()
shot("chess")

# Shogi: a capture puts the bishop in hand; it is dropped; the engine replies.
open_variant("shogi")
for frm, to in [("c3", "c4"), ("g7", "g6"), ("b2", "h8")]:
    move(frm, to)
choices = D.find_elements(By.CSS_SELECTOR, "#picker button[data-move]")
if choices:
    choices[0].click()
    settle()
move("i9", "i8")
hand = D.find_elements(By.CSS_SELECTOR, "#stores-bottom button[data-piece='B']")
check(hand, "shogi: no bishop in first's hand")
hand[0].click()
settle()
click("e5")
check(piece_on("e5") == "B" and record()[-1] == "B*5e", "shogi: the drop B*5e not made: %s" % record())
engine_reply("shogi")
shot("shogi")

# Ko shogi: a cavalry's double jump, the path chosen from the list.
open_variant("ko-shogi")
check(len(D.find_elements(By.CSS_SELECTOR, "rect[data-square]")) == 361, "ko-shogi: not 19x19")
load("9g9/19/19/19/19/19/19/6p12/19/5p13/19/4(CA)14/19/19/19/19/19/19/9G9 b - 1")
move("e8", "e12")
pick = D.find_elements(By.CSS_SELECTOR, "#picker button[data-move]")
check(len(pick) == 2, "ko-shogi: %d ways to e12" % len(pick))
[b for b in pick if b.get_attribute("data-move") == "e8-e12xf10"][0].click()
settle()
check(piece_on("e12") == "CA" and piece_on("f10") is None, "ko-shogi: the path through f10 not taken")
engine_reply("ko-shogi")
shot("ko-shogi")
open_variant("ko-shogi")
engine_reply("ko-shogi at the start")
check(len(record()) == 1, "ko-shogi: the engine's first move not recorded")
shot("ko-shogi-start")

# Kozune: a placement from the reserve, the engine's placement, a spawn choice.
open_variant("kozune")
res = D.find_elements(By.CSS_SELECTOR, "#stores-bottom button[data-store='reserve']")
check(res, "kozune: no reserve shown")
res[0].click()
settle()
targets = D.find_elements(By.CSS_SELECTOR, "rect.target")
check(targets, "kozune: no placement targets")
click(targets[0].get_attribute("data-square"))
check(len(record()) == 1, "kozune: placement not made")
engine_reply("kozune")
shot("kozune")
load("4s4/9/ppppppppp/9/9/9/PPP1PPPPP/9/4S4 w - - 0 1")
move("e1", "d2")
pick = D.find_elements(By.CSS_SELECTOR, "#picker button[data-move='P&d2']")
check(pick and len(D.find_elements(By.CSS_SELECTOR, "#picker button[data-move]")) == 2, "kozune: no spawn choice")
pick[0].click()
settle()
check(piece_on("d2") == "P" and piece_on("e1") == "S", "kozune: the pawn was not put on d2")
engine_reply("kozune after the spawn")

# The rules page: the gallery's content, and a variant's test cases run in
# the browser.
D.get(URL + "/rules.html")
check(D.find_elements(By.CSS_SELECTOR, "h2#kozune"), "rules: no Kozune section")
check("sho (S)" in D.page_source, "rules: no piece diagrams")
D.find_element(By.CSS_SELECTOR, "button.run-tests[data-variant='kozune']").click()
WAIT.until(lambda d: d.find_element(By.ID, "summary-kozune").get_attribute("data-done") == "1")
summary = D.find_element(By.ID, "summary-kozune").text
check(summary.endswith(" 0 failed") and not summary.startswith("0 passed"), "rules: kozune's test cases: %s" % summary)
check(len(D.find_elements(By.CSS_SELECTOR, "#tests-kozune li.pass")) > 0, "rules: no case marked passed")
D.find_element(By.ID, "tests-kozune").screenshot(os.path.join(SHOTS, "published-tests.png"))

D.quit()
print("ok")
