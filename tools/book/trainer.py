"""The lines of the opening trainer (``/eroeffnungstrainer``), written to
``reversi/web/static/data/trainer.json``:

    .venv/bin/python -m tools.book.trainer          # write the file
    .venv/bin/python -m tools.book.trainer --check  # exit 1 if it is not current

A line is a named opening of ``data/openings.json`` or a line of the opening book
(``reversi/ai/opening_book.bin``): from the start, both sides follow the book's best
move (the first of its entry) to the book's end; at every ply where the book knows a
second move within its margin, that move starts a line of its own (followed by the
best moves again). Lines whose end positions are one position under the eight
symmetries (a transposition, or the same line turned or mirrored) are one line; a
named opening wins over a book line.

For the client each line carries the position after every ply (OBF), its key (the
smallest OBF of the end position's eight images: the same for every order and
orientation that reaches it) and its transpositions: at ply ``n``, a move ``m`` other
than the line's with a reply ``r`` after which the position is the line's at ply
``n + 2`` (under a symmetry). The trainer accepts ``m`` and answers ``r``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from reversi.ai.book import Book
from reversi.ai.book import load as load_book
from reversi.engine import Board

STATIC = Path(__file__).resolve().parents[2] / "reversi" / "web" / "static" / "data"
OPENINGS = STATIC / "openings.json"
OUT = STATIC / "trainer.json"


def image(i: int, k: int) -> int:
    """Where square ``i`` (a1 = 0 … h8 = 63) goes under symmetry ``k`` (bit 1: files
    turned, 2: ranks, 4: the diagonal), as ``js/analyse/openings.js`` ``image``."""
    x, y = i % 8, i // 8
    if k & 1:
        x = 7 - x
    if k & 2:
        y = 7 - y
    if k & 4:
        x, y = y, x
    return x + 8 * y


def images(obf: str) -> list[str]:
    """The OBF under the eight symmetries, in the order of ``image``."""
    out = []
    for k in range(8):
        cells = [""] * 64
        for i in range(64):
            cells[image(i, k)] = obf[i]
        out.append("".join(cells) + obf[64:])
    return out


def key(obf: str) -> str:
    """The position's key: the same for all its eight images."""
    return min(images(obf))


def positions(moves: list[str]) -> list[str]:
    """The OBF before the first move and after each."""
    board = Board()
    out = [board.obf()]
    for square in moves:
        board.push(square)
        out.append(board.obf())
    return out


def transpositions(obfs: list[str]) -> dict[str, list[list[str]]]:
    """``{ply: [[move, reply], …]}``: moves off the line at ``ply`` after which the
    reply reaches the line's position two plies on, or a position from which a move
    of the player reaches it three plies on (the player's two moves swapped: the
    Tiger's f5 d6 c3 d3 c4 as f5 d6 c4 d3 c3), all under the symmetries."""
    found: dict[str, list[list[str]]] = {}
    for ply in range(len(obfs) - 2):
        after = key(obfs[ply + 1])
        targets = [key(o) for o in obfs[ply + 2 : ply + 4]]
        pairs = []
        board = Board(obfs[ply])
        for move in board.legal_moves:
            board.push(move)
            if key(board.obf()) != after:
                reply = next((r for r in board.legal_moves if _back(board, r, targets)), None)
                if reply is not None:
                    pairs.append([str(move), str(reply)])
            board.pop()
        if pairs:
            found[str(ply)] = sorted(pairs)
    return found


def _back(board: Board, reply: object, targets: list[str]) -> bool:
    """Whether ``reply`` reaches ``targets[0]``, or a move after it ``targets[1]``."""
    board.push(str(reply))
    try:
        if key(board.obf()) == targets[0]:
            return True
        if len(targets) < 2:
            return False
        for move in board.legal_moves:
            board.push(move)
            back = key(board.obf()) == targets[1]
            board.pop()
            if back:
                return True
        return False
    finally:
        board.pop()


def book_lines(book: Book) -> list[list[str]]:
    """The book's best line and its branches (see the module's text), branches first
    at the earliest ply."""
    lines: list[list[str]] = []

    def follow(moves: list[str], branch_from: int) -> None:
        board = Board(moves="".join(moves))
        line = list(moves)
        ply = len(line)
        while True:
            entry = book.lookup(board.player, board.opponent)
            if entry is None or board.is_game_over():
                break
            near = entry.near_best(book.margin, book.width)
            if ply >= branch_from:
                for other in near[1:]:
                    follow([*line, _name(other.square)], ply + 1)
            square = _name(near[0].square)
            board.push(square)
            line.append(square)
            ply += 1
        lines.append(line)

    follow([], 0)
    return lines


def oriented(moves: list[str]) -> list[str]:
    """The line turned or mirrored (keeping the start) so that it begins with f5, as
    the named openings do."""
    first = SQUARES.index(moves[0])
    k = next(k for k in (0, 3, 4, 7) if image(first, k) == SQUARES.index("f5"))
    return [SQUARES[image(SQUARES.index(m), k)] for m in moves]


SQUARES = [f"{file}{rank}" for rank in "12345678" for file in "abcdefgh"]


def _name(square: int) -> str:
    return "abcdefgh"[square % 8] + str(square // 8 + 1)


def build() -> dict[str, Any]:
    openings = json.loads(OPENINGS.read_text())["openings"]
    named_keys: dict[str, str] = {}
    lines: list[dict[str, Any]] = []
    seen: set[str] = set()
    for opening in openings:
        moves = opening["moves"].split()
        obfs = positions(moves)
        named_keys[key(obfs[-1])] = opening["id"]
        seen.add(key(obfs[-1]))
        lines.append(_line(opening["id"], "named", moves, obfs, opening=opening["id"]))
    number = 0
    for moves in map(oriented, book_lines(load_book())):
        obfs = positions(moves)
        if key(obfs[-1]) in seen or len(moves) < 4:
            continue
        seen.add(key(obfs[-1]))
        number += 1
        # the longest named opening the line passes through (in any order or orientation)
        via = next((named_keys[key(o)] for o in reversed(obfs) if key(o) in named_keys), None)
        lines.append(_line(f"buch-{number}", "book", moves, obfs, opening=via))
    return {"lines": lines}


def _line(
    id_: str, source: str, moves: list[str], obfs: list[str], opening: str | None
) -> dict[str, Any]:
    return {
        "id": id_,
        "source": source,
        "opening": opening,
        "moves": " ".join(moves),
        "key": key(obfs[-1]),
        "obfs": obfs,
        "transpositions": transpositions(obfs),
    }


def text(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is not current")
    args = parser.parse_args(argv)
    wanted = text(build())
    if args.check:
        current = OUT.read_text() if OUT.exists() else ""
        if current != wanted:
            print(f"{OUT} is not current: run python -m tools.book.trainer", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(wanted)
    print(f"{OUT}: {len(json.loads(wanted)['lines'])} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
