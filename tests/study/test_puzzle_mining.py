"""The miner's judgement (tools/puzzles/mine.py): a shipped endgame puzzle judged again
gives its answer and exact scores; a position whose two best moves are equal is no
puzzle; a game of the archive is mined like a self-play game."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from reversi.ai.native import core
from reversi.engine import Board
from tools.puzzles.mine import judge, mine_game

DATA = Path(__file__).resolve().parents[2] / "reversi/web/static/data/puzzles.json"
PUZZLES = json.loads(DATA.read_text())["puzzles"]
NATIVE = core()
pytestmark = pytest.mark.skipif(NATIVE is None, reason="the native core is not built")


def test_a_shipped_endgame_is_judged_the_same_again() -> None:
    assert NATIVE is not None
    puzzle = next(p for p in PUZZLES if p["phase"] == "endgame" and p["kind"] == "win")
    verdict = judge(NATIVE, Board(moves=puzzle["moves"]))
    assert verdict is not None
    assert (verdict["kind"], verdict["answer"], verdict["scores"]) == (
        puzzle["kind"],
        puzzle["answer"],
        puzzle["scores"],
    )
    assert 1 <= verdict["effort"] <= 11


def test_two_equal_best_moves_make_no_puzzle() -> None:
    assert NATIVE is not None
    board = Board("X" * 56 + "-OXXXXO- X")
    assert sorted(str(m) for m in board.legal_moves) == ["a8", "h8"]
    assert judge(NATIVE, board) is None  # both win every disc: no clear answer


def test_an_archive_game_is_mined() -> None:
    assert NATIVE is not None
    game = Board(moves=PUZZLES[0]["moves"])
    while not game.is_game_over():
        game.push(next(iter(game.legal_moves)))
    found = mine_game(NATIVE, game, "archive:0", random.Random(0))
    assert all(f["source"] == "archive:0" for f in found)
    assert all(Board(moves=f["moves"]).obf() == f["position"] for f in found)
