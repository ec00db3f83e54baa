#!/usr/bin/env python3
"""python-chess, a real UCI client, plays chimera (`chimera uci`).

For each variant python-chess knows (it sets UCI_Variant itself), chimera
plays both sides of a short game at 20 ms per move through python-chess's
engine module, which checks every reply it gets; then one `analyse` call
must report depth, score, nodes and a principal variation that is legal.

Usage: uci_client.py CHIMERA [PLIES]
Exits 1 on a protocol or legality problem, 3 when python-chess is missing.
"""
import sys

try:
    import chess
    import chess.engine
    import chess.variant
except ImportError:
    print("skip: python-chess is not installed (pip install chess)")
    sys.exit(3)


def main():
    chimera = sys.argv[1]
    plies = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    boards = [
        ("chess", chess.Board()),
        ("crazyhouse", chess.variant.CrazyhouseBoard()),
        ("atomic", chess.variant.AtomicBoard()),
        ("3check", chess.variant.ThreeCheckBoard()),
        ("kingofthehill", chess.variant.KingOfTheHillBoard()),
        ("horde", chess.variant.HordeBoard()),
    ]
    with chess.engine.SimpleEngine.popen_uci([chimera, "uci"]) as engine:
        for name, board in boards:
            for _ in range(plies):
                if board.is_game_over():
                    break
                result = engine.play(board, chess.engine.Limit(time=0.02))
                if result.move not in board.legal_moves:
                    print(f"{name}: illegal move {result.move} in {board.fen()}")
                    sys.exit(1)
                board.push(result.move)
            info = engine.analyse(board, chess.engine.Limit(depth=2)) if not board.is_game_over() else {}
            if info:
                for key in ("depth", "score", "nodes", "pv"):
                    if key not in info:
                        print(f"{name}: analyse gave no {key}: {info}")
                        sys.exit(1)
                probe = board.copy()
                for m in info["pv"]:
                    if m not in probe.legal_moves:
                        print(f"{name}: pv move {m} is illegal in {probe.fen()}")
                        sys.exit(1)
                    probe.push(m)
            print(f"{name}: {len(board.move_stack)} plies, last analysis {info.get('depth')} deep")


if __name__ == "__main__":
    main()
