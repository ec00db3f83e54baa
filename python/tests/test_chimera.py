"""The Python package: pyffish's interface and the object API.

Run with `pytest python/tests` after `pip install ./python` (tests/python.rs
does both in `cargo test --release`).
"""

import threading
from pathlib import Path

import pytest

import chimera
import chimera.pyffish as sf

ROOT = Path(__file__).resolve().parents[2]
CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


# ------------------------------------------------------------ pyffish's face


def test_variants_and_start_fen():
    names = sf.variants()
    for v in ("chess", "shogi", "xiangqi", "ko-shogi", "kozune", "chu-shogi", "normal", "mini", "shoshogi"):
        assert v in names
    assert sf.start_fen("chess") == CHESS_START
    assert sf.start_fen("normal") == CHESS_START
    assert sf.start_fen("shogi") == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1"


def test_legal_moves_fen_and_san():
    assert len(sf.legal_moves("chess", CHESS_START, [])) == 20
    assert len(sf.legal_moves("chess", CHESS_START, ["e2e4", "e7e5"])) == 29
    fen = sf.get_fen("chess", CHESS_START, ["e2e4", "d7d5"])
    # Fairy-Stockfish writes an en-passant square only where a capture is legal.
    assert fen == "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert sf.get_fen("chess", CHESS_START, ["e2e4", "a7a6", "e4e5", "d7d5"]).split()[3] == "d6"
    assert sf.get_san("chess", fen, "e4d5") == "exd5"
    assert sf.get_san_moves("chess", CHESS_START, ["e2e4", "e7e5", "g1f3"]) == ["e4", "e5", "Nf3"]
    assert sf.get_san("shogi", sf.start_fen("shogi"), "c3c4") == "P-76"
    assert sf.get_san("shogi", sf.start_fen("shogi"), "c3c4", False, sf.NOTATION_SAN) == "Pc4"
    # Every notation of Fairy-Stockfish's, for any variant (WXF for chess too).
    assert sf.get_san("chess", CHESS_START, "e2e4", False, sf.NOTATION_LAN) == "e2-e4"
    assert sf.get_san("xiangqi", sf.start_fen("xiangqi"), "h1g3", False, sf.NOTATION_XIANGQI_WXF) == "H2+3"
    with pytest.raises(sf.error):
        sf.get_san("chess", CHESS_START, "e2e4", False, 10)


def test_fen_as_fairy_stockfish_writes_it():
    # An en-passant square a pinned pawn could take: Fairy-Stockfish keeps
    # it (a capture by the pawn's moves, whatever the pin).
    pinned = "4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1"
    assert sf.get_fen("chess", pinned, ["d7d5"]) == "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2"
    # Hands in Fairy-Stockfish's order (its piece types'), SFEN variants
    # written as its FEN with the halfmove clock it keeps.
    shogi = "4k4/9/9/9/9/9/9/9/4K4[BRSPLNGbrsplng] w - - 0 1"
    assert sf.get_fen("shogi", shogi, []) == "4k4/9/9/9/9/9/9/9/4K4[GNLPSRBgnlpsrb] w - - 0 1"
    assert sf.get_fen("shogi", shogi, ["G@e5"]).endswith("[NLPSRBgnlpsrb] b - - 0 1")


def test_chess960():
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    moves = sf.legal_moves("chess", fen, [], True)
    assert "e1h1" in moves and "e1a1" in moves and "e1g1" not in moves
    assert sf.get_fen("chess", fen, [], True) == "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"
    assert sf.get_fen("chess", fen, ["e1h1"], True) == "r3k2r/8/8/8/8/8/8/R4RK1 b ha - 1 1"
    assert sf.get_san("chess", fen, "e1a1", True) == "O-O-O"
    # A Chess960 start: the king on b1 castles with the rook on a1.
    start = "rkrnnbbq/pppppppp/8/8/8/8/PPPPPPPP/RKRNNBBQ w KQkq - 0 1"
    assert sf.get_fen("chess", start, [], True).split()[2] == "CAca"
    assert "b1a1" not in sf.legal_moves("chess", start, [], True)
    # S-Chess960: castling rights and gates in one field, as pyffish writes
    # them (the king castles with the rook on g1 and a gate on d1).
    s960 = "rnqkbnrb/pppppppp/8/8/8/8/PPPPPPPP/RNQKBNRB[HEhe] w HECBFQKhecbfqk - 0 1"
    assert sf.get_fen("seirawan", s960, [], True).split()[2] == "GABCDEFHgabcdefh"
    opening = "g2g3 g7g6 b1c3 b8c6 f2f4 e7e5 f4e5 c6e5 d2d4 e5c4 e2e3 f8e6 e1f2 c7c6 f1d2 c4d2 c1d2h d7d5".split()
    assert {"d1g1", "d1g1e"} <= set(sf.legal_moves("seirawan", s960, opening, True))
    assert sf.get_fen("seirawan", s960, opening + ["d1g1e"], True).split()[2] == "gacdeh"


def test_check_mate_and_results():
    mate = ["f2f3", "e7e5", "g2g4", "d8h4"]
    assert sf.gives_check("chess", CHESS_START, mate)
    assert sf.legal_moves("chess", CHESS_START, mate) == []
    assert sf.game_result("chess", CHESS_START, mate) == -sf.VALUE_MATE
    assert sf.is_immediate_game_end("chess", CHESS_START, mate) == (False, 0)
    # The fifty-move rule may be claimed.
    assert sf.is_optional_game_end("chess", "7k/8/6K1/8/8/8/8/1Q6 w - - 100 80", []) == (True, 0)
    # A repetition: knights out and back twice.
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"] * 2
    assert sf.is_optional_game_end("chess", CHESS_START, shuffle)[0]
    assert not sf.is_optional_game_end("chess", CHESS_START, shuffle[:4])[0]
    # Three checks win at once.
    end, score = sf.is_immediate_game_end("3check", "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 3", ["f1b5"])
    assert end and score == -sf.VALUE_MATE
    assert sf.is_capture("chess", CHESS_START, ["e2e4", "d7d5"], "e4d5")
    assert not sf.is_capture("chess", CHESS_START, [], "e2e4")
    assert sf.has_insufficient_material("chess", "7k/8/6K1/8/8/8/8/8 w - - 0 80", []) == (True, True)


def test_validate_fen():
    assert sf.validate_fen(CHESS_START, "chess") == sf.FEN_OK
    assert sf.validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "chess") < 0
    assert sf.validate_fen("", "chess") == 0
    assert sf.validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1", "chess") < 0


def test_load_variant_config_path_and_text(tmp_path):
    rules = (ROOT / "variants" / "kozune.toml").read_text()
    name = sf.load_variant_config(rules)
    assert sf.legal_moves(name, sf.start_fen(name), [])
    path = tmp_path / "mychess.toml"
    path.write_text((ROOT / "variants" / "chess.toml").read_text())
    sf.load_variant_config(str(path))
    assert len(sf.legal_moves("mychess", CHESS_START, [])) == 20
    sf.set_option("VariantPath", str(path))
    # Fairy-Stockfish's other options are accepted (and change nothing);
    # a name it does not have is a ValueError, as in pyffish.
    assert sf.set_option("Threads", 2) is None
    with pytest.raises(ValueError):
        sf.set_option("NoSuchOption", 2)
    # Fairy-Stockfish's variants.ini text: each section, by its name.
    assert sf.load_variant_config("[pychesstest:chess]\npass = true\n") is None
    assert "e1e1" in sf.legal_moves("pychesstest", CHESS_START, [])


def test_errors_carry_line_and_column():
    with pytest.raises(chimera.RulesError) as e:
        sf.load_variant_config('[variant]\nname = "x"\n[board]\nfiles = "eight"\n')
    assert e.value.line == 4 and e.value.column > 1
    assert isinstance(e.value, sf.error)
    with pytest.raises(chimera.PositionTextError) as e:
        sf.legal_moves("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", [])
    assert e.value.column is not None
    with pytest.raises(chimera.MoveError):
        sf.get_fen("chess", CHESS_START, ["e2e5"])
    with pytest.raises(sf.error):
        sf.legal_moves("no-such-variant", "", [])


@pytest.mark.parametrize(
    "fen",
    ["", "/" * 300, "9" * 50, "k" * 200, "8/8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr/" * 40, "\x00\xff", "K7/8/8/8/8/8/8/k7 w - - 99999999999999999999 1"],
)
def test_hostile_positions_raise_not_crash(fen):
    try:
        sf.legal_moves("chess", fen, [])
    except sf.error:
        pass


# --------------------------------------------------------- the object API


def test_position_make_unmake_perft():
    chess = chimera.Variant.bundled("chess")
    pos = chess.start()
    assert pos.perft(3) == 8902
    moves = pos.legal_moves()
    assert len(moves) == 20
    e4 = next(m for m in moves if m.uci == "e2e4")
    assert (e4.from_square, e4.to_square, e4.san, e4.is_capture) == ("e2", "e4", "e4", False)
    pos.make(e4)
    pos.make("e7e5")
    assert pos.ply == 2 and pos.side_to_move == "white"
    assert pos.unmake() and pos.unmake() and not pos.unmake()
    assert pos.text == CHESS_START
    divide = pos.perft(2, divide=True)
    assert len(divide) == 20 and sum(divide.values()) == 400
    with pytest.raises(chimera.MoveError):
        pos.make("e2e5")


def test_variant_load_and_check():
    kozune = chimera.Variant.load(ROOT / "variants" / "kozune.toml")
    report = kozune.check()
    assert report and all(case["passed"] for case in report), [c for c in report if not c["passed"]]
    assert chimera.Variant.bundled("shogi").start().perft(2) == 900
    with pytest.raises(chimera.RulesError):
        chimera.Variant.load(ROOT / "README.md")


def test_result_and_engine():
    chess = chimera.Variant.bundled("chess")
    pos = chess.start()
    for m in ["f2f3", "e7e5", "g2g4"]:
        pos.make(m)
    found = pos.best_move(depth=3)
    assert found["move"].uci == "d8h4"
    pos.make(found["move"])
    assert pos.result() == {"winner": "black", "reason": "checkmate", "text": "black wins by checkmate"}
    game = chimera.play_game("minishogi", "engine", "random", depth=1, seed=3, max_plies=60)
    assert game["plies"] == len(game["moves"]) > 0


def test_perft_releases_the_gil():
    """Two perfts in two threads while a third thread counts: the counter
    advances while the perfts run (they do not hold the GIL)."""
    pos = chimera.Variant.bundled("chess").start()
    ticks = [0]
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks[0] += 1

    counter = threading.Thread(target=count)
    counter.start()
    results = []
    workers = [threading.Thread(target=lambda: results.append(pos.perft(4))) for _ in range(2)]
    before = ticks[0]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    during = ticks[0] - before
    done.set()
    counter.join()
    assert results == [197281, 197281]
    assert during > 1000


def test_pocket_state_survives_the_fen():
    """A chimera-only variant written in SFEN with a pocket: the FEN that
    get_fen writes carries the pocket, and reads back to the same position."""
    v = "pocket-shogi-copper"
    start = sf.start_fen(v)
    moves = sf.legal_moves(v, start, [])
    for m in moves[:40]:
        fen = sf.get_fen(v, start, [m])
        assert sf.get_fen(v, fen, []) == fen
        assert sorted(sf.legal_moves(v, fen, [])) == sorted(sf.legal_moves(v, start, [m]))


def test_variant_play_between_players():
    v = chimera.Variant.bundled("kozune")
    game = v.play("engine:depth=1", "random", max_plies=30, seed=3)
    assert game["plies"] == len(game["moves"]) <= 30
    again = v.play("engine:depth=1", "random", max_plies=30, seed=3)
    assert again["moves"] == game["moves"]
    with pytest.raises(chimera.Error):
        v.play("human", "engine")
    with pytest.raises(chimera.Error):
        v.play("nonsense", "engine")


def test_variant_play_against_an_external_engine():
    import os
    import shutil

    engine = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
    if not os.path.exists(engine):
        if os.environ.get("CI") == "true":
            pytest.fail("fairy-stockfish is needed (CI installs it)")
        pytest.skip("fairy-stockfish is not installed")
    v = chimera.Variant.bundled("chess")
    # Fairy-Stockfish held to a depth, with a generous time (its deadline is
    # twice the movetime, 10 s): a busy machine cannot end the game on the
    # clock.
    game = v.play("engine:depth=2", f"uci:{engine},depth=1,movetime=5000", max_plies=16)
    assert game["plies"] == 16 and game["result"]["reason"] == "move_limit"
    # Each move was legal: replaying them gives a position.
    pos = v.start()
    for m in game["moves"]:
        pos.make(m)


def test_play_match_takes_turns_and_scores():
    m = chimera.play_match("kozune", "engine:depth=1", "random", games=2, max_plies=40)
    assert [g["first"] for g in m["games"]] == ["a", "b"]
    assert m["a"] + m["b"] == 2.0
    assert m["draws"] == sum(1 for g in m["games"] if g["result"] is None or g["result"]["winner"] is None)


def test_errors_are_value_errors_as_pyffish_s():
    # pyffish raises ValueError ("Invalid move"); a server's `except
    # ValueError` around its calls must catch chimera's errors too.
    assert issubclass(chimera.Error, ValueError)
    start = sf.start_fen("chess")
    with pytest.raises(ValueError):
        sf.get_fen("chess", start, ["e2e5"])
    # A move that is not legal has no SAN: the empty string (pyffish's
    # get_san raises nothing either; pychess-variants asks before it plays).
    assert sf.get_san("chess", start, "e7e5") == ""
    assert sf.get_san("chess", start, "zz") == ""
    with pytest.raises(ValueError):
        sf.get_san("chess", "8/8/8 w - - 0 1", "e2e4")
    # A two-board FEN (pychess-variants' bughouse) reads as its first board.
    board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    assert len(sf.legal_moves("bughouse", f"{board} | {board}", [])) == 20
    assert sf.get_fen("chess", start, ["e2e4"], False, True) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - 2"
