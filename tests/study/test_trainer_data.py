"""The lines of the opening trainer (reversi/web/static/data/trainer.json, written by
tools/book/trainer.py): current, legal, one line per end position under the symmetries
and move orders, and their transpositions real."""

from __future__ import annotations

import json

import pytest

from reversi.engine import Board
from tests.processes import REPO
from tools.book import trainer

DATA = json.loads((REPO / "reversi/web/static/data/trainer.json").read_text())
LINES = DATA["lines"]
BY_ID = {line["id"]: line for line in LINES}


def test_the_file_is_current() -> None:
    assert trainer.main(["--check"]) == 0


def test_every_named_opening_and_lines_of_the_book_are_there() -> None:
    openings = json.loads((REPO / "reversi/web/static/data/openings.json").read_text())
    named = [line for line in LINES if line["source"] == "named"]
    assert [line["id"] for line in named] == [o["id"] for o in openings["openings"]]
    assert all(o["idea_de"] and len(o["idea_de"]) < 260 for o in openings["openings"])
    book = [line for line in LINES if line["source"] == "book"]
    assert len(book) >= 20
    assert all(line["moves"].startswith("f5 ") for line in book)  # turned as the named are


@pytest.mark.parametrize("line", LINES, ids=[line["id"] for line in LINES])
def test_every_line_is_legal_with_its_positions_and_key(line: dict[str, object]) -> None:
    board = Board()
    moves = str(line["moves"]).split()
    obfs = [board.obf()]
    for square in moves:
        board.push(square)
        obfs.append(board.obf())
    assert obfs == line["obfs"]
    assert line["key"] == min(trainer.images(obfs[-1]))


def test_one_line_per_end_position_in_any_order_and_orientation() -> None:
    assert len({line["key"] for line in LINES}) == len(LINES)
    # the Tiger turned (c4 first, the board's other half) and in another order has its key
    turned = Board(moves="c4e3f6e6f5")
    other_order = Board(moves="f5d6c4d3c3")
    assert trainer.key(turned.obf()) == trainer.key(other_order.obf()) == BY_ID["tiger"]["key"]


def test_the_tigers_transposition_and_that_every_listed_one_is_real() -> None:
    assert BY_ID["tiger"]["transpositions"] == {"2": [["c4", "d3"]]}
    for line in LINES:
        obfs = line["obfs"]
        for ply, pairs in line["transpositions"].items():
            n = int(ply)
            for move, reply in pairs:
                board = Board(obfs[n])
                board.push(move)
                assert trainer.key(board.obf()) != trainer.key(obfs[n + 1])
                board.push(reply)
                reached = trainer.key(board.obf()) == trainer.key(obfs[n + 2])
                onward = n + 3 < len(obfs) and any(
                    trainer.key(Board(board.obf(), moves=str(m)).obf()) == trainer.key(obfs[n + 3])
                    for m in board.legal_moves
                )
                assert reached or onward, (line["id"], ply, move, reply)
