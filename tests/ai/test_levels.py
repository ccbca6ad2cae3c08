"""Each level honours its definition, always moves legally and keeps its deadline."""

from __future__ import annotations

import itertools
import random

import pytest

from reversi.ai import Level, analyse, choose_move, solve, think
from reversi.ai.evaluate import evaluate_basic
from reversi.ai.levels import EXACT_BUDGET_FACTOR, MITTEL_DEPTH
from reversi.engine import Board, Counting, IllegalMoveError
from tests.ai.helpers import move_values, random_board


class FakeClock:
    """A clock that moves ``step`` seconds at every reading."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def _positions(count: int, seed: int, empties: range = range(4, 58)) -> list[Board]:
    rng = random.Random(seed)
    boards: list[Board] = []
    while len(boards) < count:
        board = random_board(rng, rng.choice(empties))
        if board is not None and not board.is_game_over():
            boards.append(board)
    return boards


def test_level_values_and_names() -> None:
    assert [level.value for level in Level] == ["leicht", "mittel", "schwer"]
    board = Board()
    assert think(board, "Leicht").level is Level.LEICHT
    with pytest.raises(ValueError):
        choose_move(board, "unmöglich")


def test_leicht_takes_a_move_flipping_the_most_discs() -> None:
    for board in _positions(60, seed=1):
        most = max(move.flip_count for move in board.legal_moves)
        move = choose_move(board, Level.LEICHT, seed=5)
        assert move in board.legal_moves and move.flip_count == most
        assert choose_move(board, Level.LEICHT, seed=5) == move  # reproducible


def test_leicht_breaks_ties_by_seed() -> None:
    board = Board()  # four moves, each flipping one disc
    chosen = {str(choose_move(board, "leicht", seed=seed)) for seed in range(40)}
    assert chosen == {"d3", "c4", "f5", "e6"}


def test_mittel_searches_four_plies() -> None:
    for board in _positions(8, seed=2, empties=range(20, 55)):
        decision = think(board, Level.MITTEL)
        assert decision.depth == MITTEL_DEPTH == 4
        assert decision.move in board.legal_moves


def test_mittel_values_corners_and_fears_x_squares() -> None:
    rows = [
        "--------",
        "-O------",
        "--X-----",
        "---OX---",
        "---OOO--",
        "---O-O--",
        "---X----",
        "--------",
    ]
    board = Board("".join(rows) + " X")

    def after(move: str) -> int:
        child = board.copy()
        child.push(move)
        return -evaluate_basic(child.player, child.opponent)

    assert after("a1") > after("d3")  # a corner beats two more flipped discs
    corner_x = Board("-" * 9 + "O" + "-" * 17 + "OX------XO" + "-" * 27 + " X")
    assert evaluate_basic(corner_x.player, corner_x.opponent) > 0  # white on b2, a1 empty


@pytest.mark.parametrize("empties", [6, 9, 12])
def test_schwer_plays_exactly_at_twelve_empties_or_fewer(empties: int) -> None:
    for board in _positions(4, seed=empties, empties=range(empties, empties + 1)):
        decision = think(board, Level.SCHWER)
        assert decision.exact and decision.depth == empties
        assert decision.move in solve(board, Counting.WINNER).best_moves
        if empties <= 9:
            values = move_values(board.player, board.opponent, True)
            assert decision.score == max(values.values())


def test_every_level_moves_legally_through_whole_games() -> None:
    rng = random.Random(4)
    for game in range(3):
        board = Board()
        for ply in itertools.count():
            if board.is_game_over():
                break
            for level in Level:
                move = choose_move(board, level, seed=ply, budget=0.01)
                assert move in board.legal_moves, (level, board.obf())
            board.push(rng.choice(list(board.legal_moves)))
        assert board.outcome() is not None, game


def test_no_move_to_choose_when_the_game_is_over() -> None:
    with pytest.raises(IllegalMoveError):
        choose_move(Board("X" * 64 + " O"), "schwer")


@pytest.mark.parametrize("level", [Level.MITTEL, Level.SCHWER])
def test_a_search_returns_by_its_deadline(level: Level) -> None:
    """Every clock reading costs a millisecond: the search must notice the
    deadline within one reading whatever the real speed of this machine."""
    for board in _positions(6, seed=5, empties=range(14, 50)):
        clock = FakeClock(0.001)
        decision = think(board, level, budget=0.05, clock=clock)
        assert decision.move in board.legal_moves
        assert decision.seconds <= 0.05 + 0.002


def test_schwer_gives_up_an_exact_solve_past_its_deadline() -> None:
    for board in _positions(3, seed=6, empties=range(12, 13)):
        clock = FakeClock(0.01)  # about 2000 nodes per reading: the solve cannot finish
        decision = think(board, Level.SCHWER, budget=0.02, clock=clock)
        assert decision.move in board.legal_moves
        assert decision.seconds <= EXACT_BUDGET_FACTOR * 0.02 + 0.03


def test_analyse_scores_every_move_exactly_near_the_end() -> None:
    for board in _positions(6, seed=7, empties=range(3, 9)):
        scores = analyse(board, 5.0)
        values = move_values(board.player, board.opponent, True)
        assert {1 << sq: s.score for sq, s in scores.items()} == values
        assert all(s.exact for s in scores.values())


def test_analyse_estimates_every_move_in_the_midgame() -> None:
    board = Board(moves="f5d6c3d3c4f4f6f3e6e7")
    scores = analyse(board, 0.3, clock=FakeClock(0.0005))
    assert set(scores) == {move.square for move in board.legal_moves}
    assert not any(s.exact for s in scores.values())
    assert all(s.depth >= 1 for s in scores.values())


def test_schwer_evaluates_with_the_trained_patterns_early_and_late(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from reversi.ai.trained import evaluate as trained

    calls: list[int] = []

    def counting(p: int, o: int) -> int:
        calls.append(1)
        return trained(p, o)

    monkeypatch.setattr("reversi.ai.levels.evaluate", counting)
    for empties in (22, 40, 54):
        board = _positions(1, seed=empties, empties=range(empties, empties + 1))[0]
        calls.clear()
        think(board, Level.SCHWER, budget=0.05, python_backend=True)
        assert calls


def test_schwer_searches_deeper_with_probcut_switched_on(monkeypatch: pytest.MonkeyPatch) -> None:
    from reversi.ai.probcut import TABLE

    boards = _positions(2, seed=31, empties=range(30, 45))

    def depths() -> list[int]:
        return [
            think(b, Level.SCHWER, budget=0.25, clock=FakeClock(0.0005), python_backend=True).depth
            for b in boards
        ]

    without = depths()
    monkeypatch.setattr("reversi.ai.levels.PROBCUT", TABLE)
    assert sum(depths()) > sum(without)
