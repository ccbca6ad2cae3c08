"""The worker's additions for the study pages: the analysis of every move of a position
and the exact play-out (reversi/web/session.py, docs/protocol.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from reversi.ai import solve
from reversi.engine import Board, Counting
from reversi.web.session import Session, Worker

#: 10 empties (a position of a self-play game of the old puzzle generator).
LATE = (
    "d3c5f6d2c2g7e6f3h8e7d1b1d6e2e3d7c6f5f4g5e8c7b3b2c3a3a1c4c1f7a4a2b4a5a6h7e1f2d8c8"
    "b8b7f1g1g2a8b6h1g4g3"
)


def handle(worker: Worker, message: dict[str, object]) -> list[dict[str, Any]]:
    return json.loads(worker.handle(json.dumps(message)))  # type: ignore[no-any-return]


def test_the_exact_play_out_plays_a_best_move_of_the_solver() -> None:
    board = Board(moves=LATE)
    worker = Worker()
    human = "white" if board.turn else "black"
    new = handle(
        worker,
        {
            "type": "new",
            "mode": "solo",
            "level": "leicht",
            "human": human,
            "moves": LATE,
            "exact": True,
        },
    )
    assert new[0]["view"]["ply"] == len(LATE) // 2
    assert worker.computer_to_move()
    [computer] = handle(worker, {"type": "think"})
    best = {str(m) for m in solve(board, Counting.NOBODY).best_moves}
    assert computer["view"]["last"]["square"] in best  # Leicht would take the greediest


def test_without_exact_the_level_plays() -> None:
    session = Session.start({"type": "new", "mode": "solo", "human": "black"})
    assert session.exact is False
    assert Session.start({"type": "new", "mode": "solo", "exact": "yes"}).exact is False


def test_the_analysis_scores_every_legal_move_exactly_near_the_end() -> None:
    board = Board(moves=LATE)
    [message] = handle(Worker(), {"type": "analyse", "id": "a1", "moves": LATE, "seconds": 2})
    assert message["type"] == "analysis" and message["id"] == "a1"
    assert message["obf"] == board.obf()
    assert sorted(message["scores"]) == sorted(str(m) for m in board.legal_moves)
    for square, score in message["scores"].items():
        child = board.copy()
        child.push(square)
        after = solve(child, Counting.NOBODY).score
        assert score["exact"] and score["score"] == (after if child.turn == board.turn else -after)


def test_the_analysis_in_the_opening_is_an_estimate_for_every_move() -> None:
    [message] = handle(Worker(), {"type": "analyse", "id": 1, "moves": "f5d6c3", "seconds": 0.3})
    assert sorted(message["scores"]) == sorted(str(m) for m in Board(moves="f5d6c3").legal_moves)
    assert not any(s["exact"] for s in message["scores"].values())


@pytest.mark.parametrize(
    "message",
    [
        {"seconds": 0},
        {"seconds": -1},
        {"seconds": 6},
        {"seconds": "1"},
        {"seconds": True},
        {"moves": "f5f5"},
        {"obf": 3},
    ],
)
def test_a_bad_analysis_request_is_refused_with_its_id(message: dict[str, object]) -> None:
    [answer] = handle(Worker(), {"type": "analyse", "id": 9, **message})
    assert answer["type"] == "error" and answer["id"] == 9
