"""The exact solver against a plain minimax, FFO positions and its deadline."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from reversi.ai import endgame, endgame_shallow, solve
from reversi.ai.clock import SearchTimeout
from reversi.ai.endgame import CHECK_EVERY, EndgameSolver
from reversi.engine import Board, Counting, parse_obf
from tests.ai.helpers import minimax, move_values, random_board
from tools.generate_last_empties import TARGET, module_source

FFO = Path(__file__).resolve().parents[1] / "data" / "ffo.txt"


def _endgames(count: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    boards: list[Board] = []
    while len(boards) < count:
        board = random_board(rng, rng.randint(0, 8))
        if board is not None:
            boards.append(board)
    return boards


@pytest.mark.parametrize("counting", [Counting.NOBODY, Counting.WINNER])
def test_solve_agrees_with_minimax(counting: Counting) -> None:
    winner = counting is Counting.WINNER
    sides = set()
    for board in _endgames(120, seed=7 if winner else 8):
        p, o = board.player, board.opponent
        sides.add(board.turn)
        solution = solve(board, counting)
        assert solution.score == minimax(p, o, winner), board.obf()
        values = move_values(p, o, winner)
        best = {m.square for m in solution.best_moves}
        assert best == {bit.bit_length() - 1 for bit, v in values.items() if v == solution.score}, (
            board.obf()
        )
    assert sides == {True, False}


def test_bounds_of_null_windows_are_sound() -> None:
    for board in _endgames(60, seed=9):
        p, o = board.player, board.opponent
        exact = minimax(p, o, True)
        for alpha, beta in ((-65, 65), (-1, 1), (exact - 1, exact), (exact, exact + 1), (3, 9)):
            value = EndgameSolver(winner=True).search(p, o, alpha, beta)
            if alpha < exact < beta:
                assert value == exact
            elif exact <= alpha:
                assert exact <= value <= alpha
            else:
                assert beta <= value <= exact


def test_blocked_endings_under_both_counting_rules() -> None:
    # white has no disc left after g8: black wins with one empty square left
    board = Board("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOO-- X")
    assert solve(board, Counting.WINNER).score == 64
    assert solve(board, Counting.NOBODY).score == 63


def test_game_over_has_no_best_move() -> None:
    board = Board("X" * 64 + " O")
    solution = solve(board)
    assert solution.best_moves == () and solution.score == -64  # for white, to move


def _ffo(number: int) -> tuple[Board, int, set[str]]:
    line = FFO.read_text().splitlines()[number - 40]
    black, white, turn, annotation = parse_obf(line)
    score, moves = annotation.split()
    return Board.from_position(black, white, turn), int(score), set(moves.split(","))


def test_ffo_40_after_its_best_move() -> None:
    """FFO #40 (20 empties) costs about a minute here; the position after its
    published best move a2 (19 empties) must score the published -38."""
    board, score, moves = _ffo(40)
    board.push(moves.pop())
    assert solve(board).score == -score


def test_a_search_stops_at_its_deadline() -> None:
    """With a fake clock that ticks once per reading, the solver reads it about
    every ``CHECK_EVERY`` nodes and stops at the first reading at the deadline."""
    ticks = iter(range(1_000_000))
    solver = EndgameSolver(winner=True, clock=lambda: float(next(ticks)), stop_at=5.0)
    black, white, _, _ = parse_obf(FFO_40)
    with pytest.raises(SearchTimeout):
        solver.score(black, white)
    assert next(ticks) == 6  # read at 0, 1, …, 5: the reading at 5.0 stopped it
    assert 5 * CHECK_EVERY < solver.nodes < 7 * CHECK_EVERY


FFO_40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"


def test_decisive_move_knows_win_draw_and_loss() -> None:
    for board in _endgames(40, seed=11):
        p, o = board.player, board.opponent
        if not board.legal_moves:
            continue
        values = move_values(p, o, True)
        verdict, bit = EndgameSolver(winner=True).decisive_move(p, o, next(iter(values)))
        best = max(values.values())
        assert verdict == (best > 0) - (best < 0)
        assert (values[bit] > 0) - (values[bit] < 0) == verdict


@pytest.mark.parametrize("counting", [Counting.NOBODY, Counting.WINNER])
@pytest.mark.parametrize("guess", [None, 60, -60, 1])
def test_the_root_finds_the_exact_score_from_any_first_guess(
    monkeypatch: pytest.MonkeyPatch, counting: Counting, guess: int | None
) -> None:
    """Far from the end the root starts at the midgame search's estimate (here
    at every size); from it, or from a start far off, it reaches the exact score."""
    monkeypatch.setattr(endgame, "GUESS_EMPTIES", 0)
    if guess is not None:
        monkeypatch.setattr(EndgameSolver, "guess", lambda self, p, o: guess)
    winner = counting is Counting.WINNER
    for board in _endgames(30, seed=13):
        p, o = board.player, board.opponent
        assert EndgameSolver(winner=winner).score(p, o) == minimax(p, o, winner), board.obf()


def test_the_guess_is_a_possible_score() -> None:
    for board in _endgames(30, seed=14):
        p, o = board.player, board.opponent
        assert -64 <= EndgameSolver(winner=False).guess(p, o) <= 64
        assert EndgameSolver(winner=True).guess(p, o) % 2 == 0


def test_a_full_table_keeps_the_positions_with_the_most_empties(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(endgame_shallow, "TT_LIMIT", 100)
    rng = random.Random(15)
    solver = EndgameSolver(winner=True)
    for empties in (8, 9, 10, 11, 12, 20):
        for _ in range(20):
            squares = rng.sample(range(64), 64 - empties)
            p = sum(1 << sq for sq in squares[::2])
            o = sum(1 << sq for sq in squares[1::2])
            solver.tt[p, o] = (-64, 64, 0)
    table = solver.tt
    solver._make_room()
    kept = sorted({64 - (p | o).bit_count() for p, o in solver.tt})
    assert solver.tt is table  # in place: the searches up the stack hold it
    assert kept == [12, 20] and len(table) == 40  # the next level would pass 100 // 2


def test_a_small_table_gives_exact_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table makes room again and again (it holds 16 positions here)."""
    monkeypatch.setattr(endgame_shallow, "TT_LIMIT", 16)
    monkeypatch.setattr(endgame, "TT_LIMIT", 16)
    for board in _endgames(40, seed=16):
        p, o = board.player, board.opponent
        solver = EndgameSolver(winner=True)
        assert solver.score(p, o) == minimax(p, o, True), board.obf()
        assert len(solver.tt) <= 16


def test_the_generated_last_empties_are_up_to_date() -> None:
    assert TARGET.read_text() == module_source(), "run python tools/generate_last_empties.py"
