"""The engine's analysis commands: ``reversi eval OBF`` and ``reversi nboard``."""

from __future__ import annotations

import argparse
import sys


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmd = commands.add_parser("eval", help="print the trained static evaluation of a position")
    cmd.add_argument("obf", help="an OBF position; FFO-style text after the side is ignored")
    cmd.set_defaults(run=_eval)

    cmd = commands.add_parser("nboard", help="speak the NBoard protocol on stdin/stdout")
    cmd.set_defaults(run=_nboard)


def _eval(args: argparse.Namespace) -> int:
    from reversi.ai.trained import evaluate
    from reversi.engine import Board, parse_obf

    black, white, turn, _ = parse_obf(args.obf.strip())
    board = Board.from_position(black, white, turn)
    side = "X (black)" if board.turn else "O (white)"
    if board.is_game_over():
        outcome = board.outcome()
        assert outcome is not None
        margin = outcome.margin if board.turn else -outcome.margin
        print(f"{margin:+d} discs for {side}: the game is over (final result)")
        return 0
    value = evaluate(board.player, board.opponent) / 100
    empties = 64 - (black | white).bit_count()
    print(f"{value:+.2f} discs for {side} to move ({empties} empties, trained evaluation)")
    return 0


def _nboard(args: argparse.Namespace) -> int:
    from reversi.cli.nboard import main

    return main(sys.stdin, sys.stdout)
