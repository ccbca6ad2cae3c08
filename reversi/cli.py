"""The command line: ``reversi …`` or ``python -m reversi …``."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from reversi import __version__
from reversi.engine import Board, ReversiError, perft


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 2
    try:
        return int(args.run(args) or 0)
    except ReversiError as error:
        print(f"reversi: {error}", file=sys.stderr)
        return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="reversi", description="Reversi: engine and hall")
    parser.add_argument("--version", action="version", version=f"reversi {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    cmd = commands.add_parser("perft", help="count the move sequences of depth N")
    cmd.add_argument("depth", type=_depth, metavar="N")
    cmd.add_argument("--moves", default="", help="start after this transcript")
    cmd.add_argument("--no-bulk", dest="bulk", action="store_false",
                     help="play the last ply instead of counting its moves")
    cmd.set_defaults(run=_perft)

    cmd = commands.add_parser("figure", help="print the German text figure after a transcript")
    cmd.add_argument("transcript", nargs="?", default="", help="e.g. f5d6c3")
    cmd.set_defaults(run=_figure)
    return parser


def _depth(text: str) -> int:
    depth = int(text)
    if not 0 <= depth <= 60:
        raise argparse.ArgumentTypeError(f"depth must be 0–60, not {depth}")
    return depth


def _perft(args: argparse.Namespace) -> None:
    board = Board(moves=args.moves)
    start = time.perf_counter()
    leaves = perft(board, args.depth, bulk=args.bulk)
    seconds = time.perf_counter() - start
    rate = leaves / seconds if seconds > 0 else float("inf")
    print(f"perft({args.depth}) = {leaves}")
    print(f"{seconds:.3f} s, {rate:,.0f} leaves/s")


def _figure(args: argparse.Namespace) -> None:
    print(Board(moves=args.transcript).figure())
