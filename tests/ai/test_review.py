"""The review of a whole game: scores, losses, marks, graph."""

from __future__ import annotations

import pytest

from reversi.ai import solve
from reversi.ai.analysis import MoveScore
from reversi.ai.review import MARKS, GameReview, MoveReview, mark_of, review
from reversi.engine import BLACK, WHITE, Board, parse_square

#: Mittel (black) against Leicht with some random moves: 60 moves, one pass, 42:22
GAME = (
    "d3c3c4e3f4c5e2e1b4f5c6a4f2f3b2a1d2c1g4g2h1b5b3c2f1g3d1g1b1b7h2h3c7d7a8e6h5h4a6b6"
    "a5a7d6h6g5f6a2a3d8e7h7e8f7g6g7f8h8b8c8g8"
)


@pytest.fixture(scope="module")
def reviewed() -> GameReview:
    return review(Board(moves=GAME), 0.02)


def test_every_move_is_reviewed_and_passes_are_skipped(reviewed: GameReview) -> None:
    board = Board(moves=GAME)
    assert any(m.square is None for m in board.move_stack)
    squares = [m.square for m in board.move_stack if m.square is not None]
    assert [m.square for m in reviewed.moves] == squares
    assert [m.ply for m in reviewed.moves] == list(range(1, 61))
    assert len(reviewed.graph()) == 61  # one point per position


def test_near_the_end_the_scores_are_the_solvers(reviewed: GameReview) -> None:
    position = Board()
    checked = 0
    for move in reviewed.moves:
        empties = position.empties.bit_count()
        if empties <= 12:
            assert move.exact
            assert move.best.score == solve(position).score
            child = position.copy()
            child.push(move.square)
            after = solve(child).score if not child.is_game_over() else None
            if after is not None:
                assert move.played.score == (-after if child.turn != move.color else after)
            checked += 1
        assert move.color == position.turn
        position.push(move.square)
    assert checked == 12


def test_the_last_value_is_the_result(reviewed: GameReview) -> None:
    ply, value, exact = reviewed.graph()[-1]
    assert (ply, value, exact) == (60, 42 - 22, True)


def _move(ply: int, color: bool, played: float, best: float) -> MoveReview:
    return MoveReview(
        ply,
        color,
        parse_square("d3"),
        MoveScore(played, True, 1),
        parse_square("c4"),
        MoveScore(best, True, 1),
    )


def test_marks_follow_the_documented_thresholds() -> None:
    assert [least for _, least in MARKS] == [10.0, 5.0, 2.0]
    assert [mark_of(x) for x in (0, 1.99, 2, 4.99, 5, 9.99, 10, 40)] == [
        None,
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    assert _move(1, BLACK, 3.0, 4.0).loss == 1.0 and _move(1, BLACK, 4.0, 4.0).mark is None


def test_values_are_for_ebenholz_and_the_turning_point_changes_the_winner() -> None:
    moves = (
        _move(1, BLACK, 2.0, 2.0),  # +2 for black
        _move(2, WHITE, -4.0, -2.0),  # white loses 2: black +4, no change of winner
        _move(3, BLACK, -6.0, 4.0),  # black throws 10: now white wins — the turn
        _move(4, WHITE, 5.0, 6.0),
    )
    game = GameReview(moves)
    assert moves[1].value_before == 2.0 and moves[1].value_after == 4.0
    assert game.turning_point() == moves[2]
    assert game.graph() == [
        (0, 2.0, True),
        (1, 2.0, True),
        (2, 4.0, True),
        (3, -6.0, True),
        (4, -5.0, True),
    ]
    black, white = game.summary(BLACK), game.summary(WHITE)
    assert (black.moves, black.average_loss, black.marks["blunder"]) == (2, 5.0, 1)
    assert (white.moves, white.average_loss, white.marks["inaccuracy"]) == (2, 1.5, 1)
    assert GameReview(moves[:2]).turning_point() is None


def test_a_partly_solved_position_has_no_exact_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver ran out of time after some moves: the best solved move may be worse
    than an estimated one, so the position's value is an estimate."""
    import reversi.ai.review as module

    def partly(board: Board, budget: float, **_: object) -> dict[int, MoveScore]:
        moves = sorted(m.square for m in board.legal_moves if m.square is not None)
        return {
            sq: MoveScore(4.0, True, 13) if i == 0 else MoveScore(2.0, False, 6)
            for i, sq in enumerate(moves)
        }

    monkeypatch.setattr(module, "analyse", partly)
    [move] = review(Board(moves="f5"), 0.1).moves
    assert move.best.score == 4.0 and not move.best.exact and not move.exact
    assert move.best_square == parse_square("d3")  # the one solved, of the start's four
