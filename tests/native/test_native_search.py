"""The native solvers and search against the Python ones; deadlines; the fallback."""

from __future__ import annotations

import logging
import time

import pytest

from reversi.ai import Level, analyse, native, solve, think
from reversi.ai.endgame import EndgameSolver
from reversi.ai.search import Search
from reversi.ai.trained import evaluate
from reversi.engine import Board, Counting
from reversi.engine.moves import legal_moves
from tests.native.helpers import native as loaded
from tests.native.helpers import random_positions


def _same_solutions(count: int, seed: int, empties: range) -> None:
    core = loaded()
    for i, (p, o) in enumerate(random_positions(count, seed, empties)):
        winner = i % 3 != 0
        solver = EndgameSolver(winner=winner)
        score, best = solver.best_moves(p, o)
        found = core.solve(p, o, winner=winner, every=True)
        assert (found.score, found.best_moves) == (score, sum(best)), f"{p:x} {o:x}"
        verdict = core.solve(p, o, winner=winner, wdl=True)
        assert verdict.score == (score > 0) - (score < 0), f"{p:x} {o:x}"


def test_exact_scores_and_best_moves_as_the_python_solver() -> None:
    _same_solutions(60, seed=31, empties=range(8, 14))


@pytest.mark.slow
def test_exact_scores_and_best_moves_on_300_positions_at_8_to_16_empties() -> None:
    # the Python solver takes about 3 s a position at 16 empties, four times 15's
    _same_solutions(288, seed=32, empties=range(8, 16))
    _same_solutions(12, seed=33, empties=range(16, 17))


def test_a_finished_game_and_a_pass_are_solved() -> None:
    core = loaded()
    assert core.solve(0x0000_0018_1800_0000, 0).score == 64
    assert core.solve(0x0000_0018_1800_0000, 0, winner=False).score == 4
    assert core.solve(0, 0x0000_0018_1800_0000).move == -1


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_fixed_depth_scores_as_the_python_search(depth: int) -> None:
    core = loaded()
    for p, o in random_positions(40, seed=40 + depth, empties=range(6, 56)):
        if not legal_moves(p, o):
            continue
        expected = Search(evaluate, sharp=True).iterate(p, o, depth)
        found = core.search(p, o, depth)
        assert (found.score, found.depth) == (expected.score, depth), f"{p:x} {o:x}"


def test_a_solve_and_a_search_stop_at_their_deadline() -> None:
    core = loaded()
    ((p, o),) = random_positions(1, seed=50, empties=range(34, 35))
    start = time.perf_counter()
    solved = core.solve(p, o, stop_at=start + 0.05)
    searched = core.search(p, o, 60, stop_at=start + 0.1)
    assert solved.stopped and 0 < searched.depth < 34
    assert searched.move >= 0 and legal_moves(p, o) >> searched.move & 1
    assert time.perf_counter() - start < 1.0  # not a speed test: both must stop at all


def test_schwer_plays_exactly_on_the_core_where_the_solve_fits() -> None:
    loaded()
    ((p, o),) = random_positions(1, seed=51, empties=range(16, 17))
    board = Board.from_position(p, o, Board().turn)
    # CPU time: the machine's load does not take the budget away (a 16-empty solve
    # takes the core a few hundredths of a second)
    decision = think(board, Level.SCHWER, budget=0.5, clock=time.process_time)
    assert decision.exact and decision.depth == 16
    assert decision.score == solve(board).score


def test_analysis_scores_every_move_exactly_on_the_core() -> None:
    loaded()
    ((p, o),) = random_positions(1, seed=52, empties=range(14, 15))
    board = Board.from_position(p, o, Board().turn)
    scores = analyse(board, 2.0)
    python = analyse(board, 60.0, python_backend=True)
    assert scores == python and all(score.exact for score in scores.values())
    ours, theirs = solve(board, Counting.NOBODY), solve(board, Counting.NOBODY, python_backend=True)
    assert (ours.score, ours.best_moves) == (theirs.score, theirs.best_moves)


def test_without_the_extension_the_python_search_says_so_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import builtins

    real_import = builtins.__import__

    def without_native(name: str, *args: object, **kwargs: object) -> object:
        if name == "reversi._native":
            raise ImportError("no module named reversi._native")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", without_native)
    native.reset()
    try:
        with caplog.at_level(logging.WARNING, logger="reversi.ai"):
            assert native.core() is None and native.core() is None
            board = Board(moves="f5d6c3d3c4f4f6f3e6e7")
            assert think(board, Level.SCHWER, budget=0.05).move in board.legal_moves
            assert solve(Board("X" * 60 + "OO-- X")).score == 64
        said = [r.getMessage() for r in caplog.records if "search in Python" in r.getMessage()]
        assert len(said) == 1 and "reversi._native" in said[0]
    finally:
        native.reset()


def test_the_environment_variable_forces_the_python_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(native.FORCE_PYTHON, "1")
    native.reset()
    try:
        assert native.core() is None
    finally:
        monkeypatch.delenv(native.FORCE_PYTHON)
        native.reset()
