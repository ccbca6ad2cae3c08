"""The NBoard protocol: our engine for NBoard and other Othello GUIs, on stdin/stdout.

The GUI starts ``reversi nboard`` and sends one command per line; the engine
answers on stdout and flushes every line. Implemented after the protocol
description of NBoard (version 2; http://www.orbanova.com/nboard/, and
instructions/Protocol.htm of NTest):

* ``nboard 2`` starts the session (answered with ``set myname``);
* ``set game (;GM[Othello]…;)`` sets the position at the end of a GGF game,
  ``move f5/0.00/0.0`` plays one more move (``PA`` for a pass, which our board
  plays by itself), ``set depth N`` the midgame depth;
* ``go`` answers ``=== move/eval/time`` without playing the move;
  ``hint N`` sends a ``search move eval 0 depth`` line for each of the best N
  moves, and an empty ``status`` when done;
* ``ping N`` answers ``pong N``, ``learn`` answers ``learned``; ``quit`` ends.

Unknown commands are ignored, as the protocol asks. A command that cannot be
understood (a bad GGF, an illegal move) leaves the position as it was and is
reported in a ``status`` line and on stderr. Evaluations are in discs for the
side to move; exact scores (from ``EXACT_EMPTIES`` empties or the depth,
whichever is larger) are final disc differences with the empties to the
winner. The engine searches to the full depth: as the protocol allows, it does
not read commands while it thinks.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO

from reversi.ai.analysis import move_children
from reversi.ai.deepening import discs
from reversi.ai.endgame import EndgameSolver
from reversi.ai.levels import EXACT_EMPTIES
from reversi.ai.search import INFINITY, Search
from reversi.ai.trained import evaluate
from reversi.engine import Board, ReversiError, read_ggf, square_name

NAME = "Reversi"
#: The midgame depth until the GUI sets one.
DEFAULT_DEPTH = 8
MAX_DEPTH = 60


@dataclass(frozen=True)
class Scored:
    square: int
    value: float  # discs for the side to move
    depth: int
    exact: bool


class NBoardEngine:
    """One session: the position, the depth and where the answers go."""

    def __init__(self, out: TextIO, err: TextIO = sys.stderr) -> None:
        self.out = out
        self.err = err
        self.board = Board()
        self.depth = DEFAULT_DEPTH

    def run(self, lines: Iterable[str]) -> None:
        for line in lines:
            if not self.handle(line):
                break

    def say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def handle(self, line: str) -> bool:
        """Act on one command line; False after ``quit``."""
        command, _, rest = line.strip().partition(" ")
        rest = rest.strip()
        try:
            if command == "quit":
                return False
            if command == "nboard":
                self.say(f"set myname {NAME}")
            elif command == "set":
                self._set(rest)
            elif command == "move":
                self._move(rest)
            elif command == "ping":
                self.say(f"pong {rest}")
            elif command == "go":
                self._go()
            elif command == "hint":
                self._hint(int(rest or "1"))
            elif command == "learn":
                self.say("learned")
        except (ReversiError, ValueError) as error:
            self._complain(f"{command}: {error}")
        return True

    def _complain(self, message: str) -> None:
        self.err.write(f"reversi nboard: {message}\n")
        self.err.flush()
        self.say(f"status {message}")

    def _set(self, rest: str) -> None:
        what, _, value = rest.partition(" ")
        if what == "game":
            board, _ = read_ggf(value)
            self.board = board
        elif what == "depth":
            depth = int(value)
            if not 1 <= depth <= MAX_DEPTH:
                raise ValueError(f"depth must be 1–{MAX_DEPTH}, not {depth}")
            self.depth = depth

    def _move(self, rest: str) -> None:
        square = rest.split("/")[0].strip().lower()
        if square == "pa":
            return  # our board passes by itself
        board = self.board.copy()
        board.push(square)
        self.board = board

    def _go(self) -> None:
        if not self.board.legal_moves:
            self._complain("go: the game is over")
            return
        self.say(f"status {NAME} is thinking")
        start = time.perf_counter()
        best = self.scores(1)[0]
        seconds = time.perf_counter() - start
        self.say(f"=== {square_name(best.square)}/{best.value:.2f}/{seconds:.1f}")
        self.say(f"status {NAME} is waiting")

    def _hint(self, count: int) -> None:
        if not self.board.legal_moves:
            self._complain("hint: the game is over")
            return
        self.say(f"status {NAME} is thinking")
        for scored in self.scores(max(1, count)):
            kind = "exact" if scored.exact else "midgame"
            self.say(
                f"search {square_name(scored.square).upper()} {scored.value:.2f} 0 "
                f"{scored.depth} {kind}"
            )
        self.say("status")

    def scores(self, count: int) -> list[Scored]:
        """The best ``count`` moves, best first, each scored to the session's depth."""
        p, o = self.board.player, self.board.opponent
        empties = 64 - (p | o).bit_count()
        children = move_children(p, o)
        found: list[Scored] = []
        if empties <= max(EXACT_EMPTIES, self.depth):
            solver = EndgameSolver(winner=True)
            for sq, np_, no in children:
                found.append(Scored(sq, float(-solver.score(np_, no)), empties, True))
        else:
            search = Search(evaluate, sharp=True)
            if count == 1:
                result = search.iterate(p, o, self.depth)
                found.append(
                    Scored(result.move.bit_length() - 1, discs(result.score), result.depth, False)
                )
            else:
                search.iterate(p, o, self.depth - 1)  # fills the table for the ordering
                for sq, np_, no in children:
                    value = -search.search(np_, no, self.depth - 1, -INFINITY, INFINITY)
                    found.append(Scored(sq, discs(value), self.depth, False))
        found.sort(key=lambda s: -s.value)
        return found[:count]


def main(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    NBoardEngine(stdout).run(stdin)
    return 0
