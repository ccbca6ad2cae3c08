"""The worker's additions for the study pages: a game from a move sequence, the exact
play-out and the analysis of every move (reversi/web/session.py, docs/protocol.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from reversi.ai import solve
from reversi.engine import Board, Counting
from reversi.web.session import ProtocolError, Session, Worker

#: 10 empties (a position of a self-play game of tools/generate_puzzles.py).
LATE = (
    "d3c5f6d2c2g7e6f3h8e7d1b1d6e2e3d7c6f5f4g5e8c7b3b2c3a3a1c4c1f7a4a2b4a5a6h7e1f2d8c8"
    "b8b7f1g1g2a8b6h1g4g3"
)


def handle(worker: Worker, message: dict[str, object]) -> list[dict[str, Any]]:
    return json.loads(worker.handle(json.dumps(message)))  # type: ignore[no-any-return]


def test_a_game_starts_after_a_move_sequence() -> None:
    worker = Worker()
    [message] = handle(worker, {"type": "new", "mode": "solo", "level": "schwer",
                                "human": "white", "moves": "f5d6c3d3c4"})
    view = message["view"]
    assert view["ply"] == 5 and view["turn"] == "white"
    assert view["squares"] == Board(moves="f5d6c3d3c4").obf().replace("X", "B").replace(
        "O", "W").replace("-", ".")[:64]


@pytest.mark.parametrize("moves", ["f5f5", "z9", 42])
def test_a_bad_sequence_is_refused_and_keeps_the_game(moves: object) -> None:
    worker = Worker()
    handle(worker, {"type": "new", "mode": "duo", "moves": "f5"})
    [error] = handle(worker, {"type": "new", "mode": "duo", "moves": moves})
    assert error["type"] == "error"
    assert handle(worker, {"type": "view"})[0]["view"]["ply"] == 1


def test_the_exact_play_out_plays_a_best_move_of_the_solver() -> None:
    board = Board(moves=LATE)
    session = Session(mode="solo", human="black" if not board.turn else "white",
                      moves=LATE, exact=True)
    assert session.computer_to_move()
    best = {str(m) for m in solve(board, Counting.NOBODY).best_moves}
    [message] = session.handle({"type": "think"})
    assert message["view"]["last"]["square"] in best


def test_the_analysis_scores_every_legal_move_exactly_near_the_end() -> None:
    board = Board(moves=LATE)
    [message] = Session(mode="duo", moves=LATE).handle({"type": "analyse", "seconds": 2})
    assert message["type"] == "analysis" and message["position"] == board.obf()
    assert sorted(message["scores"]) == sorted(str(m) for m in board.legal_moves)
    for square, score in message["scores"].items():
        child = board.copy()
        child.push(square)
        after = solve(child, Counting.NOBODY).score
        assert score["exact"] and score["score"] == (after if child.turn == board.turn else -after)


def test_the_analysis_in_the_opening_is_an_estimate_for_every_move() -> None:
    [message] = Session(mode="duo", moves="f5d6c3").handle({"type": "analyse", "seconds": 0.3})
    assert sorted(message["scores"]) == sorted(str(m) for m in Board(moves="f5d6c3").legal_moves)
    assert not any(s["exact"] for s in message["scores"].values())


@pytest.mark.parametrize("seconds", [0, -1, 6, "1", True])
def test_an_analysis_time_out_of_range_is_refused(seconds: object) -> None:
    with pytest.raises(ProtocolError):
        Session().handle({"type": "analyse", "seconds": seconds})
