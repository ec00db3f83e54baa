#!/usr/bin/env python3
"""End-to-end checks of `chimera serve` in headless Chromium (WebDriver).

    browser.py URL SHOTS_DIR [BOARDS_URL]

URL is a running `chimera serve variants/` server; screenshots of each board
go to SHOTS_DIR. BOARDS_URL, if given, serves tests/data/boards/ (the
smallest and largest boards, a broken rules file). Exit 0 when every check passes, 3 when Selenium or
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
BOARDS = sys.argv[3] if len(sys.argv) > 3 else None
BOARDS_DIR = sys.argv[4] if len(sys.argv) > 4 else None
os.makedirs(SHOTS, exist_ok=True)


def browser():
    opts = Options()
    opts.binary_location = BROWSER
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000",
              "--disable-dev-shm-usage"):
        opts.add_argument(a)
    return webdriver.Chrome(service=Service(DRIVER), options=opts)


D = browser()
WAIT = WebDriverWait(D, 60)


def fail(msg):
    D.save_screenshot(os.path.join(SHOTS, "failure.png"))
    print(msg)
    D.quit()
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg + "\nstatus: " + D.find_element(By.ID, "status").text
             + "\nerror: " + D.find_element(By.ID, "error").text)


def settle():
    """Waits until the page is not waiting for the server."""
    time.sleep(0.05)
    WAIT.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-busy") == "0")


def open_variant(name, engine_side=""):
    D.get(URL + "/?variant=" + name)
    WAIT.until(lambda d: d.find_elements(By.CSS_SELECTOR, "rect[data-square]"))
    settle()
    sel = D.find_element(By.ID, "engine-side")
    sel.find_element(By.CSS_SELECTOR, "option[value='%s']" % engine_side).click()
    settle()


def square(name):
    return D.find_element(By.CSS_SELECTOR, "rect[data-square='%s']" % name)


def piece_on(name):
    found = D.find_elements(By.CSS_SELECTOR, "g[data-square='%s'] g[data-piece]" % name)
    return found[0].get_attribute("data-piece") if found else None


def record():
    return [li.text for li in D.find_elements(By.CSS_SELECTOR, "#record li")]


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


def shot(name):
    # The window as tall as the page, so that a large board is shot whole.
    height = D.execute_script("return document.body.scrollHeight")
    D.set_window_size(1400, max(1000, height + 150))
    D.find_element(By.ID, "play").screenshot(os.path.join(SHOTS, name + ".png"))
    D.set_window_size(1400, 1000)


def glyph_on(name):
    """The text or figurine the piece on a square shows, from its SVG."""
    found = D.find_elements(By.CSS_SELECTOR, "g[data-square='%s'] g[data-piece]" % name)
    if not found:
        return None
    fig = found[0].get_attribute("data-figurine")
    if fig:
        return "figurine:" + fig
    return "".join(t.get_attribute("textContent") for t in found[0].find_elements(By.CSS_SELECTOR, "text"))


def last_marked():
    return sorted(r.get_attribute("data-square") for r in D.find_elements(By.CSS_SELECTOR, "rect.last"))


def side_names():
    """The side names beside the board: (top, bottom)."""
    return tuple(D.find_element(By.CSS_SELECTOR, "#stores-%s .side-name .side-label" % row).text.strip()
                 for row in ("top", "bottom"))


def labels(kind):
    return [t.text for t in D.find_elements(By.CSS_SELECTOR, "text.coord-" + kind)]


def caption():
    found = D.find_elements(By.CSS_SELECTOR, "#picker .caption")
    return found[0].text if found else None


def body(attr):
    return D.find_element(By.TAG_NAME, "body").get_attribute(attr)


def font_has(char):
    """Whether fontconfig knows a font with `char` (None: no fc-list)."""
    if not shutil.which("fc-list"):
        return None
    import subprocess
    out = subprocess.run(["fc-list", ":charset=%x" % ord(char), "family"], capture_output=True, text=True)
    return bool(out.stdout.strip())


# The glyphs whatever fonts this machine has (the checks below read the
# SVG's text, not pixels): "0" is the user's choice of glyphs over letters.
D.get(URL + "/")
D.execute_script("localStorage.setItem('chimera.letters', '0'); localStorage.removeItem('chimera.zoom')")

# Chess: a legal move, an illegal one refused, the engine replies, a promotion
# choice from the picker.
open_variant("chess")
check(piece_on("e2") == "P", "chess: no pawn on e2")
# The figurines, white below, black above, and the sides' own names.
for sq, fig in [("e1", "king"), ("d1", "queen"), ("a1", "rook"), ("c1", "bishop"), ("g1", "knight"),
                ("e2", "pawn"), ("e8", "king"), ("g8", "knight")]:
    check(glyph_on(sq) == "figurine:" + fig, "chess: %s shows %s, not the %s figurine" % (sq, glyph_on(sq), fig))
check(D.find_elements(By.CSS_SELECTOR, "g[data-square='g1'] g[data-figurine='knight'] path"), "chess: the knight is not drawn")
check(side_names() == ("black", "white"), "chess: sides shown as %s" % (side_names(),))
check(D.find_element(By.ID, "status").text.startswith("white to move"), "chess: status %s" % D.find_element(By.ID, "status").text)
check("Orthodox chess" in D.find_element(By.ID, "description").text, "chess: no description")
check(labels("file")[0] == "a" and labels("rank")[0] == "1", "chess: coordinates %s %s" % (labels("file"), labels("rank")))
check(last_marked() == [], "chess: a last move marked before any")
move("e2", "e4")
check(piece_on("e4") == "P" and record() == ["e2e4"], "chess: e2e4 not played: %s" % record())
check(last_marked() == ["e2", "e4"], "chess: the last move marks %s" % last_marked())
check(D.find_element(By.ID, "status").text.startswith("black to move"), "chess: status after e2e4")
move("e7", "e5")
check(piece_on("e5") == "P", "chess: e7e5 not played")
before = record()
click("e4")
click("e5")  # not a target: nothing is played
check(record() == before, "chess: an illegal move was played")
open_variant("chess", "second")
move("e2", "e4")
WAIT.until(lambda d: len(record()) >= 2)
settle()
check(len(record()) == 2, "chess: the engine did not reply")
check(len(last_marked()) == 2 and "e4" not in last_marked(), "chess: the engine's move not marked: %s" % last_marked())
shot("chess")
# A refused position: the error is shown, the game stays as it was.
n = len(record())
load("this is no position")
check(D.find_element(By.ID, "error").text, "chess: a bad position is not reported")
check(len(record()) == n and piece_on("e4") == "P", "chess: a bad position lost the game")
# Promotion: a position with a pawn about to promote.
D.find_element(By.ID, "engine-side").find_element(By.CSS_SELECTOR, "option[value='']").click()
pos = D.find_element(By.ID, "position")
pos.clear()
pos.send_keys("k7/4P3/8/8/8/8/8/K7 w - - 0 1")
D.find_element(By.ID, "load").click()
settle()
move("e7", "e8")
choices = D.find_elements(By.CSS_SELECTOR, "#picker button[data-move]")
check(len(choices) == 4, "chess: %d promotion choices" % len(choices))
check(caption() == "Promote?", "chess: the promotion choice is captioned %r" % caption())
[b for b in choices if "N" in b.text][0].click()
settle()
check(piece_on("e8") == "N", "chess: promotion to a knight not made")
check(glyph_on("e8") == "figurine:knight", "chess: the new knight is not a figurine")

# Shogi: a capture puts a piece in hand; dropping it.
open_variant("shogi")
# Kanji on pentagons; USI's coordinates: files 9..1 from the left, ranks a..i
# from the top, as the move text (7g7f) names the squares.
for sq, kanji in [("e1", "玉"), ("e9", "王"), ("b2", "角"), ("h2", "飛"), ("c3", "歩"), ("a1", "香"),
                  ("b1", "桂"), ("c1", "銀"), ("d1", "金")]:
    check(glyph_on(sq) == kanji, "shogi: %s shows %r, not %s" % (sq, glyph_on(sq), kanji))
check(D.find_elements(By.CSS_SELECTOR, "g[data-square='c3'] g[data-piece] path.shogi-wood"), "shogi: no pentagon")
check(labels("file") == [str(9 - f) for f in range(9)], "shogi: file labels %s" % labels("file"))
check(labels("rank") == [chr(ord("i") - r) for r in range(9)], "shogi: rank labels %s" % labels("rank"))
check(square("c3").get_attribute("data-label") == "7g", "shogi: c3 is not 7g")
check(side_names() == ("white", "black"), "shogi: sides shown as %s" % (side_names(),))
check(D.find_element(By.ID, "status").text.startswith("black to move"), "shogi: status")
for frm, to in [("c3", "c4"), ("g7", "g6"), ("b2", "h8")]:
    move(frm, to)
    if frm == "c3":
        check(record() == ["7g7f"] and last_marked() == ["c3", "c4"], "shogi: 7g7f %s %s" % (record(), last_marked()))
check(piece_on("h8") == "B", "shogi: bishop capture not made (h8: %s)" % piece_on("h8"))
# Promotion choice on entering the zone: + or not.
choices = D.find_elements(By.CSS_SELECTOR, "#picker button[data-move]")
if choices:
    check(caption() == "Promote?", "shogi: the promotion choice is captioned %r" % caption())
    choices[0].click()
    settle()
hand = D.find_elements(By.CSS_SELECTOR, "#stores-bottom button[data-piece='B']")
check(hand, "shogi: no bishop in first's hand")
# Black replies, then first drops the bishop.
move("i9", "i8")
hand = D.find_elements(By.CSS_SELECTOR, "#stores-bottom button[data-piece='B']")
hand[0].click()
settle()
click("e5")
check(piece_on("e5") == "B", "shogi: the drop B*e5 not made")
check(last_marked() == ["e5"], "shogi: the drop marks %s" % last_marked())
check(record()[-1] == "B*5e", "shogi: the drop written %s" % record()[-1])
shot("shogi")
# Latin letters instead of kanji, at the user's choice; and back.
D.find_element(By.ID, "letters").click()
check(glyph_on("c1") == "S" and glyph_on("e5") == "B", "shogi: letters not shown: %s" % glyph_on("c1"))
D.find_element(By.ID, "letters").click()
check(glyph_on("c1") == "銀", "shogi: kanji not back")
# No choice made: letters where no font here has the kanji (a board of
# boxes tells nothing), as fontconfig says; the kanji where one has them.
D.execute_script("localStorage.removeItem('chimera.letters')")
open_variant("shogi")
fonts, has = body("data-glyph-fonts"), font_has("銀")
check(has is None or (fonts == "ok") == has, "shogi: the page says %r, fontconfig %r" % (fonts, has))
if fonts == "ok":
    check(glyph_on("c1") == "銀" and D.find_element(By.ID, "no-font").get_attribute("hidden") is not None,
          "shogi: kanji with a font: %s" % glyph_on("c1"))
else:
    check(glyph_on("c1") == "S" and D.find_element(By.ID, "letters").is_selected()
          and "no font" in D.find_element(By.ID, "no-font").text, "shogi: no font, yet %s" % glyph_on("c1"))
D.execute_script("localStorage.setItem('chimera.letters', '0')")

# Xiangqi: red and black characters on discs, pieces on the crossings.
open_variant("xiangqi")
for sq, ch in [("e1", "帥"), ("e10", "將"), ("b3", "炮"), ("b8", "砲"), ("a4", "兵"), ("a7", "卒"), ("a1", "俥")]:
    check(glyph_on(sq) == ch, "xiangqi: %s shows %r, not %s" % (sq, glyph_on(sq), ch))
check(side_names() == ("black", "red"), "xiangqi: sides shown as %s" % (side_names(),))
check(D.find_elements(By.CSS_SELECTOR, "#board .lines line"), "xiangqi: no board lines")
move("h3", "e3")
check(last_marked() == ["e3", "h3"], "xiangqi: the last move marks %s" % last_marked())
shot("xiangqi")

# Kozune: placement from the reserve; pawns promote by choice.
open_variant("kozune")
res = D.find_elements(By.CSS_SELECTOR, "#stores-bottom button[data-store='reserve']")
check(res, "kozune: no reserve shown")
res[0].click()
settle()
targets = D.find_elements(By.CSS_SELECTOR, "rect.target")
check(targets, "kozune: no placement targets")
click(targets[0].get_attribute("data-square"))
check(len(record()) == 1, "kozune: placement not made")
shot("kozune")
# In the play phase the sho may step to d2 or put a new pawn there: a choice.
load("4s4/9/ppppppppp/9/9/9/PPP1PPPPP/9/4S4 w - - 0 1")
move("e1", "d2")
pick = D.find_elements(By.CSS_SELECTOR, "#picker button[data-move='P&d2']")
check(pick and len(D.find_elements(By.CSS_SELECTOR, "#picker button[data-move]")) == 2, "kozune: no spawn choice")
pick[0].click()
settle()
check(piece_on("d2") == "P" and piece_on("e1") == "S", "kozune: the pawn was not put on d2")

# Janggi: a pass, from its button.
open_variant("janggi")
D.find_element(By.ID, "pass").click()
settle()
check(len(record()) == 1, "janggi: the pass was not played")
check(glyph_on("e2") == "楚" and glyph_on("e9") == "漢", "janggi: generals %s %s" % (glyph_on("e2"), glyph_on("e9")))
check(side_names() == ("han", "cho"), "janggi: sides shown as %s" % (side_names(),))
shot("janggi")

# Marseillais: turns of two moves (white's first turn one). The same side
# moves again in the middle of its turn, and the status says which move of
# the turn comes next.
open_variant("marseillais")
move("e2", "e4")
check(body("data-side") == "second", "marseillais: white's first turn is one move")
move("e7", "e5")
check(body("data-side") == "second", "marseillais: black's turn ended after one move")
move("b8", "c6")
move("d2", "d4")
status = D.find_element(By.ID, "status").text
check(status == "white to move (move 2 of 2 in the turn)", "marseillais: status %r" % status)
check(last_marked() == ["d2", "d4"], "marseillais: last move marked %s" % last_marked())
shot("marseillais-mid-turn")
move("d4", "d5")
status = D.find_element(By.ID, "status").text
check(status == "black to move (move 1 of 2 in the turn)", "marseillais: status after the turn %r" % status)

# Gliński's hexagonal chess: 91 hexagons (six corners each, no squares) in
# three colours, the file letters a..l without j, the pieces on their cells;
# a pawn's double step by clicks, its two targets lit.
D.get(URL + "/?variant=glinski-hexagonal")
WAIT.until(lambda d: d.find_elements(By.CSS_SELECTOR, "polygon[data-square]"))
settle()
D.find_element(By.ID, "engine-side").find_element(By.CSS_SELECTOR, "option[value='']").click()
settle()
cells = D.find_elements(By.CSS_SELECTOR, "polygon[data-square]")
check(len(cells) == 91 and not D.find_elements(By.CSS_SELECTOR, "rect[data-square]"),
      "glinski: %d hexagons, %d squares" % (len(cells), len(D.find_elements(By.CSS_SELECTOR, "rect[data-square]"))))
check(all(len(c.get_attribute("points").split()) == 6 for c in cells), "glinski: a cell is not a hexagon")
shades = sorted(set(c.get_attribute("class") for c in cells))
check(shades == ["sq sq-hex-dark", "sq sq-hex-light", "sq sq-hex-medium"], "glinski: cell colours %s" % shades)
check(labels("file") == list("abcdefghikl"), "glinski: files %s" % labels("file"))
check([piece_on(c) for c in ("f1", "f2", "f3", "e1", "g1", "e10", "g10", "f11")] == list("BBBQKQKB"),
      "glinski: pieces %s" % [piece_on(c) for c in ("f1", "f2", "f3", "e1", "g1", "e10", "g10", "f11")])
click("e4")
lit = sorted(c.get_attribute("data-square") for c in D.find_elements(By.CSS_SELECTOR, "polygon.target"))
check(lit == ["e5", "e6"], "glinski: e4's targets %s" % lit)
click("e6")
check(piece_on("e6") == "P" and piece_on("e4") is None and record() == ["e4e6"], "glinski: e4e6 not played: %s" % record())
check(body("data-side") == "second", "glinski: black is not to move")
marked = sorted(c.get_attribute("data-square") for c in D.find_elements(By.CSS_SELECTOR, "polygon.last"))
check(marked == ["e4", "e6"], "glinski: the last move marks %s" % marked)
shot("glinski-hexagonal-e4e6")

# Pocket Shogi Copper: the copper leaves the pocket, then a piece enters it.
open_variant("pocket-shogi-copper")
pocket = D.find_elements(By.CSS_SELECTOR, "#stores-bottom button[data-store='pocket']")
check(pocket, "psc: no pocket shown")
pocket[0].click()
settle()
click("e2")
check(piece_on("e2") == "C", "psc: the copper did not leave the pocket")
click("a7")
into = D.find_elements(By.CSS_SELECTOR, "#picker button[data-move='a7^']")
check(into, "psc: no move into the pocket offered")
into[0].click()
settle()
check(piece_on("a7") is None, "psc: the pawn did not enter the pocket")
check(D.find_elements(By.CSS_SELECTOR, "#stores-top button[data-store='pocket']"), "psc: second's pocket not shown")
shot("pocket-shogi-copper")



# Ko shogi: the 19x19 board; a cavalry's double jump capturing twice, chosen
# from the list of moves that share its start and end.
open_variant("ko-shogi")
check(len(D.find_elements(By.CSS_SELECTOR, "rect[data-square]")) == 361, "ko-shogi: not 19x19")
check(glyph_on("j1") == "将" and glyph_on("j2") == "中軍", "ko-shogi: kanji %s %s" % (glyph_on("j1"), glyph_on("j2")))
check(labels("file")[0] == "19" and labels("rank")[0] == "s", "ko-shogi: coordinates %s %s" % (labels("file"), labels("rank")))
shot("ko-shogi")
CAVALRY = "9g9/19/19/19/19/19/19/6p12/19/5p13/19/4(CA)14/19/19/19/19/19/19/9G9 b - 1"
load(CAVALRY)
move("e8", "e12")  # straight, or through f10 capturing there: a choice
pick = D.find_elements(By.CSS_SELECTOR, "#picker button[data-move]")
check(len(pick) == 2, "ko-shogi: %d ways to e12" % len(pick))
check(caption() == "Choose the path", "ko-shogi: the paths are captioned %r" % caption())
[b for b in pick if b.get_attribute("data-move") == "e8-e12xf10"][0].click()
settle()
check(piece_on("e12") == "CA" and piece_on("f10") is None, "ko-shogi: the path through f10 not taken")
load(CAVALRY)
move("e8", "g12")  # the one way there: captures on f10 and g12
check(piece_on("g12") == "CA" and piece_on("f10") is None, "ko-shogi: the double capture not made")
check(len(record()) == 1, "ko-shogi: record %s" % record())
shot("ko-shogi-capture")


# Options: Ko shogi's thunderclap rule switched in the page; the game restarts.
opt = D.find_element(By.CSS_SELECTOR, "select[data-option='thunderclap']")
opt.find_element(By.CSS_SELECTOR, "option[value='kooshogifu']").click()
settle()
check(record() == [], "ko-shogi: the option did not restart the game")
check(D.find_element(By.CSS_SELECTOR, "select[data-option='thunderclap']").get_attribute("value") == "kooshogifu",
      "ko-shogi: the option is not kept")

# Chu shogi: the 12x12 board of the large shogi family, in kanji.
open_variant("chu-shogi")
check(len(D.find_elements(By.CSS_SELECTOR, "rect[data-square]")) == 144, "chu-shogi: not 12x12")
check(labels("file")[0] == "a" and sorted(labels("rank"), key=int) == [str(i) for i in range(1, 13)], "chu-shogi: coordinates %s %s" % (labels("file"), labels("rank")))
shot("chu-shogi")

# Taikyoku shogi: 36x36, files past z (aa..aj), 804 pieces in kanji.
open_variant("taikyoku-shogi")
check(len(D.find_elements(By.CSS_SELECTOR, "rect[data-square]")) == 1296, "taikyoku-shogi: not 36x36")
files = labels("file")
check(all(f in files for f in ("a", "z", "aa", "aj")) and len(files) == 36, "taikyoku-shogi: files %s" % files)
on_board = len(D.find_elements(By.CSS_SELECTOR, "g[data-square] g[data-piece]"))
check(on_board == 804, "taikyoku-shogi: %d pieces, not 804" % on_board)
shot("taikyoku-shogi")
# Zoom: the squares twice as large, the board scrolling in its frame.
before = float(square("a1").get_attribute("width"))
D.execute_script("const z = document.getElementById('zoom'); z.value = 200; z.dispatchEvent(new Event('input'))")
after = float(square("a1").get_attribute("width"))
scrolls = D.execute_script("const w = document.getElementById('board-wrap'); return w.scrollWidth > w.clientWidth")
check(abs(after - 2 * before) <= 1 and scrolls, "taikyoku-shogi: zoom %s -> %s, scrolls %s" % (before, after, scrolls))
check(D.find_element(By.ID, "zoom-value").text == "200%", "taikyoku-shogi: zoom shown as %s" % D.find_element(By.ID, "zoom-value").text)
open_variant("taikyoku-shogi")
check(float(square("a1").get_attribute("width")) == after, "taikyoku-shogi: the zoom is not kept")
D.execute_script("const z = document.getElementById('zoom'); z.value = 100; z.dispatchEvent(new Event('input'))")
check(float(square("a1").get_attribute("width")) == before, "taikyoku-shogi: zoom back to 100%")

# A piece's diagram, flipping, taking back.
open_variant("shogi")
D.find_element(By.CSS_SELECTOR, "button[data-piece-info='N']").click()
WAIT.until(lambda d: d.find_element(By.ID, "diagram").text.strip())
check("@" in D.find_element(By.ID, "diagram").text, "shogi: no knight diagram")
move("c3", "c4")
D.find_element(By.ID, "flip").click()
settle()
check(piece_on("c4") == "P", "shogi: the flipped board lost a piece")
D.find_element(By.ID, "undo").click()
settle()
check(record() == [] and piece_on("c3") == "P", "shogi: take back failed")

# A mate ends the game and the page says so.
open_variant("chess")
load("k7/8/1K6/8/8/8/8/7R w - - 0 1")
move("h1", "h8")
check(D.find_element(By.TAG_NAME, "body").get_attribute("data-result"), "chess: no result after mate")
check("checkmate" in D.find_element(By.ID, "status").text, "chess: the mate is not shown")

# A game to its end: the engine plays both sides of Dobutsu shogi with a
# tiny budget until the page shows a result.
open_variant("dobutsu")
D.find_element(By.ID, "movetime").clear()
D.find_element(By.ID, "movetime").send_keys("20")
for _ in range(400):
    if D.find_element(By.TAG_NAME, "body").get_attribute("data-result"):
        break
    D.find_element(By.ID, "engine-move").click()
    settle()
check(D.find_element(By.TAG_NAME, "body").get_attribute("data-result"), "dobutsu: no result")
check("Game over" in D.find_element(By.ID, "status").text, "dobutsu: result not shown")
shot("dobutsu")

if BOARDS:
    URL = BOARDS
    open_variant("tiny")
    check(len(D.find_elements(By.CSS_SELECTOR, "rect[data-square]")) == 9, "tiny: not 3x3")
    move("b1", "b3")
    check(piece_on("b3") == "R", "tiny: the rook did not move")
    open_variant("huge")
    check(len(D.find_elements(By.CSS_SELECTOR, "rect[data-square]")) == 676, "huge: not 26x26")
    check(piece_on("y1") == "Q" and piece_on("a26") == "K", "huge: pieces")
    shot("huge")
    # Glyphs no font has (U+2FE0, U+2FE1: unassigned): letters, said so;
    # the glyphs when the user asks for them.
    open_variant("nofont")
    check(body("data-glyph-fonts") == "missing" and glyph_on("a1") == "K" and glyph_on("b1") == "R",
          "nofont: %s %s %s" % (body("data-glyph-fonts"), glyph_on("a1"), glyph_on("b1")))
    check("no font" in D.find_element(By.ID, "no-font").text, "nofont: not said")
    D.find_element(By.ID, "letters").click()
    check(glyph_on("a1") == "\u2fe0", "nofont: the glyph not shown at the user's choice: %r" % glyph_on("a1"))
    # A broken rules file: its report, with file, line and column, instead of a board.
    D.get(URL + "/?variant=broken")
    WAIT.until(lambda d: d.find_element(By.ID, "error").text)
    err = D.find_element(By.ID, "error").text
    check("broken.toml:" in err and "Zq" in err, "broken: the report is not shown: " + err)
    check(not D.find_elements(By.CSS_SELECTOR, "rect[data-square]"), "broken: a board is shown")
    if BOARDS_DIR:
        # Edit the open variant's file on disk: the page shows the error,
        # then the board again once it is fixed.
        open_variant("tiny")
        path = os.path.join(BOARDS_DIR, "tiny.toml")
        good = open(path).read()
        time.sleep(1.1)
        open(path, "w").write(good.replace('betza = "R"', 'betza = "Rq"'))
        WAIT.until(lambda d: "tiny.toml:" in d.find_element(By.ID, "error").text)
        check(not D.find_elements(By.CSS_SELECTOR, "rect[data-square]"), "tiny: a broken file still shows a board")
        time.sleep(1.1)
        open(path, "w").write(good)
        WAIT.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "rect[data-square]")) == 9)
        check(not D.find_element(By.ID, "error").text, "tiny: the error stays after the fix")

D.quit()
print("ok")
