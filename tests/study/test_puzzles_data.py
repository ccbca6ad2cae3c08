"""The puzzles of /aufgaben (reversi/web/static/data/puzzles.json, written by
tools/generate_puzzles.py): a sample is solved again and every answer checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from reversi.ai import solve
from reversi.engine import Board, Counting
from tools.generate_puzzles import STEPS

DATA = Path(__file__).resolve().parents[2] / "reversi/web/static/data/puzzles.json"
DOCUMENT = json.loads(DATA.read_text())
PUZZLES: list[dict[str, Any]] = DOCUMENT["puzzles"]
#: Two puzzles of every step, the first and the last.
SAMPLE = [p for e in STEPS for p in [q for q in PUZZLES if q["empties"] == e][::9]]


def exact_scores(board: Board) -> dict[str, int]:
    """Every legal move's final disc difference for the side to move, by the solver."""
    scores = {}
    for move in board.legal_moves:
        child = board.copy()
        child.push(move)
        after = solve(child, Counting.NOBODY).score
        scores[str(move)] = after if child.turn == board.turn else -after
    return scores


def test_every_step_has_puzzles_and_every_puzzle_is_well_formed() -> None:
    assert DOCUMENT["steps"] == list(STEPS) and DOCUMENT["counting"] == "nobody"
    assert len({p["id"] for p in PUZZLES}) == len(PUZZLES)
    assert len({p["position"] for p in PUZZLES}) == len(PUZZLES)
    for empties in STEPS:
        assert sum(1 for p in PUZZLES if p["empties"] == empties) >= 5
    for puzzle in PUZZLES:
        board = Board(moves=puzzle["moves"])  # a real game's moves lead there
        assert board.obf() == puzzle["position"]
        assert board.empties.bit_count() == puzzle["empties"]
        assert puzzle["turn"] == ("black" if board.turn else "white")
        assert sorted(puzzle["scores"]) == sorted(str(m) for m in board.legal_moves)
        assert puzzle["scores"][puzzle["answer"]] == puzzle["score"]


@pytest.mark.parametrize("puzzle", SAMPLE, ids=[p["id"] for p in SAMPLE])
def test_a_sample_solved_again_has_the_answer_and_scores_of_the_file(
    puzzle: dict[str, Any],
) -> None:
    board = Board(moves=puzzle["moves"])
    solution = solve(board, Counting.NOBODY)
    assert [str(m) for m in solution.best_moves] == [puzzle["answer"]]
    assert solution.score == puzzle["score"]
    assert exact_scores(board) == puzzle["scores"]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p["id"] for p in PUZZLES])
def test_each_answer_is_clear(puzzle: dict[str, Any]) -> None:
    scores = sorted(puzzle["scores"].values(), reverse=True)
    if puzzle["kind"] == "win":
        assert scores[0] > 0 >= scores[1]
    else:
        assert puzzle["kind"] == "best" and scores[0] - scores[1] >= 6 and scores[0] >= -10
