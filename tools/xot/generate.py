"""Grow the list of XOT starts (``reversi/ai/xot.bin``) from searches of the native core.

    nice -n 19 .venv/bin/python -m tools.xot.generate --count 1200 --depth 12

Each try plays eight uniformly random legal moves from the start (a try with a
pass is dropped), drops it when a search of ``--screen`` plies puts it beyond
``--screen-margin`` hundredths of a disc, and otherwise searches it to
``--depth`` plies (a fresh table each time, so the stored value is the one a
search at that depth gives again); it joins the list when that value is within
±2 discs and its position is not in the list yet under the eight symmetries.
The list is written every few openings and read first, so a run
resumes an interrupted one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path

from reversi.ai.book import Key, normalised
from reversi.ai.native import core
from reversi.ai.xot import (
    BALANCE,
    FILE_NAME,
    PLIES,
    Opening,
    Openings,
    XotError,
    board_after,
    dump,
    parse,
)
from reversi.engine import Board
from tools.book.generate import value

OUT = Path(__file__).resolve().parents[2] / "reversi" / "ai" / FILE_NAME
SAVE_EVERY = 10


def random_opening(rng: random.Random) -> Board | None:
    """Eight random legal moves from the start; None when one of them is a pass."""
    board = Board()
    for _ in range(PLIES):
        moves = list(board.legal_moves)
        if not moves:
            return None
        board.push(rng.choice(moves))
    if len(board.move_stack) != PLIES or not board.legal_moves:
        return None
    return board


def key_of(board: Board) -> Key:
    return normalised(board.player, board.opponent)[0]


def tried(seed: int, depth: int, screen: int, screen_margin: int) -> tuple[str, int] | None:
    """A worker's try: the opening and its value, or None when it is dropped."""
    native = core()
    if native is None:
        raise SystemExit("the list needs the native core (reversi._native): run dev/setup")
    board = random_opening(random.Random(seed))
    if board is None:
        return None
    p, o = board.player, board.opponent
    if abs(value(native, p, o, screen, keep=False)) > screen_margin:
        return None
    found = value(native, p, o, depth, keep=False)
    return (board.transcript(), found) if abs(found) <= BALANCE else None


def _write(out: Path, depth: int, openings: list[Opening]) -> None:
    part = out.with_suffix(".part")
    part.write_bytes(dump(Openings(depth, tuple(openings))))
    part.replace(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1200, help="openings wanted")
    parser.add_argument("--depth", type=int, default=12, help="plies of the deciding search")
    parser.add_argument("--screen", type=int, default=6, help="plies of the first search")
    parser.add_argument("--screen-margin", type=int, default=600, help="hundredths of a disc")
    parser.add_argument("--jobs", type=int, default=2, help="processes searching")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    openings: list[Opening] = []
    if args.out.exists():
        try:
            old = parse(args.out.read_bytes(), str(args.out))
        except XotError as error:
            raise SystemExit(str(error)) from None
        if old.depth != args.depth:
            raise SystemExit(f"{args.out} holds depth {old.depth}, not {args.depth}")
        openings = list(old.openings)
    keys = {key_of(board_after(o.moves)) for o in openings}
    seeds = random.Random()
    began, tries, saved = time.monotonic(), 0, len(openings)
    with ProcessPoolExecutor(args.jobs) as pool:
        pending: set[Future[tuple[str, int] | None]] = set()
        while len(openings) < args.count:
            while len(pending) < 2 * args.jobs:
                pending.add(
                    pool.submit(
                        tried, seeds.getrandbits(64), args.depth, args.screen, args.screen_margin
                    )
                )
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                tries += 1
                found = future.result()
                if found is None:
                    continue
                key = key_of(Board(moves=found[0]))
                if key in keys:
                    continue
                keys.add(key)
                openings.append(Opening(*found))
            if len(openings) - saved >= SAVE_EVERY:
                _write(args.out, args.depth, openings)
                saved = len(openings)
                seconds = time.monotonic() - began
                print(
                    f"{len(openings)} openings after {tries} tries, {seconds:.0f} s",
                    file=sys.stderr,
                    flush=True,
                )
        for future in pending:
            future.cancel()
    _write(args.out, args.depth, openings[: args.count])
    print(f"done: {min(len(openings), args.count)} openings", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
