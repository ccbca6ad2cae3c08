"""The puzzles of /aufgaben (reversi/web/static/data/puzzles.json, written by
tools/puzzles): every puzzle well formed and its answer clear by the documented margins;
a sample solved again by the solver (endgames) and searched again (midgames)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from reversi.ai import solve
from reversi.ai.deepening import Deepening
from reversi.ai.native import core
from reversi.engine import Board, Counting
from reversi.engine.bitboard import SQUARE_NAMES
from tools.puzzles.build import STEP_CUTS, rating, step
from tools.puzzles.mine import END_MARGIN, ENDGAME, HOPELESS, MID_MARGIN, MIDGAME
from tools.puzzles.themes import THEMES, themes

DATA = Path(__file__).resolve().parents[2] / "reversi/web/static/data/puzzles.json"
DOCUMENT = json.loads(DATA.read_text())
PUZZLES: list[dict[str, Any]] = DOCUMENT["puzzles"]
ENDGAMES = [p for p in PUZZLES if p["phase"] == "endgame"]
MIDGAMES = [p for p in PUZZLES if p["phase"] == "midgame"]
#: every 40th endgame and every 60th midgame
SAMPLE_END = ENDGAMES[::40]
SAMPLE_MID = MIDGAMES[::60]


def exact_scores(board: Board) -> dict[str, int]:
    """Every legal move's final disc difference for the side to move, by the solver."""
    scores = {}
    for move in board.legal_moves:
        child = board.copy()
        child.push(move)
        after = solve(child, Counting.NOBODY).score
        scores[str(move)] = after if child.turn == board.turn else -after
    return scores


def test_the_set_is_large_and_every_puzzle_well_formed() -> None:
    assert len(PUZZLES) >= 1000 and DOCUMENT["counting"] == "nobody"
    assert DOCUMENT["themes"] == list(THEMES)
    assert len({p["id"] for p in PUZZLES}) == len(PUZZLES)
    assert [p["rating"] for p in PUZZLES] == sorted(p["rating"] for p in PUZZLES)
    for puzzle in PUZZLES:
        board = Board(moves=puzzle["moves"])  # a real game's moves lead there
        assert board.empties.bit_count() == puzzle["empties"]
        assert puzzle["turn"] == ("black" if board.turn else "white")
        assert sorted(puzzle["scores"]) == sorted(str(m) for m in board.legal_moves)
        assert puzzle["scores"][puzzle["answer"]] == puzzle["score"]
        assert puzzle["empties"] in (ENDGAME if puzzle["phase"] == "endgame" else MIDGAME)
        assert (
            puzzle["step"] == step(puzzle["rating"]) and 1 <= puzzle["step"] <= len(STEP_CUTS) + 1
        )
        # the themes are the detectors' (a wipeout may also come from the best line)
        found = themes(board, puzzle["answer"])
        assert set(found) <= set(puzzle["themes"]) <= {*found, "ausloeschung"}


def test_each_answer_is_clear() -> None:
    for puzzle in PUZZLES:
        scores = sorted(puzzle["scores"].values(), reverse=True)
        if puzzle["kind"] == "win":
            assert puzzle["phase"] == "endgame" and scores[0] > 0 >= scores[1]
        elif puzzle["phase"] == "endgame":
            assert scores[0] - scores[1] >= END_MARGIN and scores[0] >= -HOPELESS
        else:
            # the file rounds the estimates to whole discs
            assert scores[0] - scores[1] >= MID_MARGIN - 1 and scores[0] >= -HOPELESS - 1


def test_every_theme_and_step_has_puzzles() -> None:
    for theme in THEMES:
        assert any(theme in p["themes"] for p in PUZZLES), theme
    assert {p["step"] for p in PUZZLES} == {1, 2, 3, 4, 5}
    assert len(MIDGAMES) >= 100


def test_the_rating_formula() -> None:
    assert rating(6, 1, 2, 20) == round((800 + 108 + 120 * math.log(2) - 160) / 10) * 10
    assert rating(36, 11, 15, 8) > rating(10, 2, 4, 8) > rating(6, 1, 2, 20)


@pytest.mark.parametrize("puzzle", SAMPLE_END, ids=[p["id"] for p in SAMPLE_END])
def test_an_endgame_solved_again_has_the_answer_and_scores_of_the_file(
    puzzle: dict[str, Any],
) -> None:
    board = Board(moves=puzzle["moves"])
    solution = solve(board, Counting.NOBODY)
    assert [str(m) for m in solution.best_moves] == [puzzle["answer"]]
    assert solution.score == puzzle["score"]
    assert exact_scores(board) == puzzle["scores"]


@pytest.mark.skipif(core() is None, reason="the native core is not built")
@pytest.mark.parametrize("puzzle", SAMPLE_MID, ids=[p["id"] for p in SAMPLE_MID])
def test_a_midgame_searched_again_ranks_the_answer_first(puzzle: dict[str, Any]) -> None:
    board = Board(moves=puzzle["moves"])
    native = core()
    assert native is not None
    values = Deepening(native, board.player, board.opponent)
    for _ in range(min(puzzle["depth"], 10)):
        values.deepen(float("inf"))
    ranked = sorted(values.scores, key=lambda sq: values.scores[sq][0], reverse=True)
    assert SQUARE_NAMES[ranked[0]] == puzzle["answer"]
