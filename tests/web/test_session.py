"""The worker's session (reversi/web/session.py) under CPython: the same code runs in
the browser under Pyodide."""

from __future__ import annotations

import json
import sys
import types
from typing import Any

import pytest

from reversi.engine import Board, Move
from reversi.engine.view import game_view
from reversi.web.protocol import ProtocolError
from reversi.web.session import Session, Worker

PASS_LINE = ["f5", "f6", "c4", "g5", "h5", "h4", "g7", "h6"]  # then Ebenholz must pass
SHORT_GAME = ["c4", "c5", "c6", "c3", "c2", "d6", "e6", "f4", "g4"]  # over after 9 moves


@pytest.fixture
def first_move_ai(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A stand-in computer that takes the first legal move and logs the levels it got."""
    levels: list[str] = []

    def choose_move(
        board: Board, level: Any, *, seed: int | None = None, budget: float | None = None
    ) -> Move:
        levels.append(level)
        return next(iter(board.legal_moves))

    from reversi.ai.levels import Level

    module = types.ModuleType("reversi.ai")
    module.choose_move = choose_move  # type: ignore[attr-defined]
    module.Level = Level  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "reversi.ai", module)
    return levels


def play(session: Session, *squares: str) -> list[dict[str, Any]]:
    out = []
    for square in squares:
        out = session.handle({"type": "move", "square": square})
        assert out[0]["type"] == "view", out
    return out


def test_illegal_moves_say_why_and_change_nothing() -> None:
    session = Session(mode="duo")
    before = session.view()
    assert session.handle({"type": "move", "square": "d4"}) == [
        {"type": "illegal", "square": "d4", "reason": "occupied"}
    ]
    assert session.handle({"type": "move", "square": "A1"}) == [
        {"type": "illegal", "square": "a1", "reason": "no_flips"}
    ]
    assert session.view() == before
    play(session, *SHORT_GAME)
    assert session.handle({"type": "move", "square": "h8"})[0]["reason"] == "game_over"
    with pytest.raises(ProtocolError):
        session.handle({"type": "move", "square": "z9"})
    with pytest.raises(ProtocolError):
        session.handle({"type": "resign"})


def test_a_forced_pass_is_in_the_view() -> None:
    session = Session(mode="duo")
    [message] = play(session, *PASS_LINE)
    view = message["view"]
    assert view["pass"] == {"color": "black"}
    assert view["turn"] == "white"
    assert view["moves"][-1] == {"color": "black", "square": None}
    assert view["moves"][-2]["color"] == "white" and view["moves"][-2]["square"] == "h6"
    assert "Am Zug: Weiß" in view["figure"]
    # the next placed move clears the notice
    [message] = play(session, next(iter(view["legal"])))
    assert message["view"]["pass"] is None


def test_the_result_and_the_counts() -> None:
    session = Session(mode="duo")
    [message] = play(session, *SHORT_GAME)
    view = message["view"]
    assert view["turn"] is None and view["legal"] == {}
    result = view["result"]
    assert (result["black"], result["white"]) == (view["counts"]["black"], view["counts"]["white"])
    assert result["black"] == view["squares"].count("B")
    assert result["white"] == view["squares"].count("W")
    assert result["winner"] == ("black" if result["black"] > result["white"] else "white")
    assert result["termination"] in ("wipeout", "blocked", "full_board")


def test_last_move_flips_in_flip_order() -> None:
    board = Board(moves="c4c5b6e3d6b5a6c3f5e6")
    board.push("d3")
    assert game_view(board)["last"] == {
        "square": "d3",
        "color": "black",
        "flipped": ["e4", "d4", "d5", "c4"],
    }


def test_duo_undo_and_redo_one_move_at_a_time() -> None:
    session = Session(mode="duo")
    play(session, "f5", "d6", "c3")
    assert session.handle({"type": "undo"})[0]["view"]["ply"] == 2
    view = session.handle({"type": "undo", "all": True})[0]["view"]
    assert view["ply"] == 0 and not view["can_undo"] and view["can_redo"]
    view = session.handle({"type": "redo"})[0]["view"]
    assert view["ply"] == 1 and view["last"]["square"] == "f5"
    view = session.handle({"type": "redo", "all": True})[0]["view"]
    assert view["ply"] == 3 and not view["can_redo"]


def test_solo_the_computer_answers(first_move_ai: list[str]) -> None:
    session = Session(mode="solo", level="mittel", human="black")
    assert not session.computer_to_move()
    [message] = play(session, "d3")
    assert message["view"]["players"] == {"black": "human", "white": "computer"}
    assert session.computer_to_move()
    assert session.handle({"type": "move", "square": "c5"}) == [
        {"type": "illegal", "square": "c5", "reason": "not_your_turn"}
    ]
    [message] = session.handle({"type": "think"})
    assert message["cause"] == "computer" and message["view"]["ply"] == 2
    assert first_move_ai == ["mittel"]


def test_solo_undo_skips_the_computers_turns(first_move_ai: list[str]) -> None:
    session = Session(mode="solo", level="leicht", human="black")
    play(session, "d3")
    session.handle({"type": "think"})
    play(session, next(iter(session.view()["legal"])))
    session.handle({"type": "think"})
    assert session.view()["ply"] == 4
    view = session.handle({"type": "undo"})[0]["view"]
    assert view["ply"] == 2 and view["turn"] == "black"
    view = session.handle({"type": "undo", "all": True})[0]["view"]
    assert view["ply"] == 0 and not view["can_undo"]
    view = session.handle({"type": "redo"})[0]["view"]
    assert view["ply"] == 2 and not session.computer_to_move()
    assert len(first_move_ai) == 2  # redo never made the computer think again


def test_solo_when_the_computer_begins(first_move_ai: list[str]) -> None:
    worker = Worker()
    [message] = json.loads(
        worker.handle(
            json.dumps({"type": "new", "mode": "solo", "level": "schwer", "human": "white"})
        )
    )
    assert message["view"]["players"] == {"black": "computer", "white": "human"}
    assert worker.computer_to_move()
    assert json.loads(worker.thinking()) == {
        "type": "thinking",
        "color": "black",
        "level": "schwer",
    }
    [message] = json.loads(worker.handle(json.dumps({"type": "think"})))
    assert message["view"]["ply"] == 1
    assert not message["view"]["can_undo"]  # the computer's first move stays


def test_worker_errors_are_messages() -> None:
    worker = Worker()
    assert json.loads(worker.handle('{"type": "move", "square": "d3"}'))[0]["type"] == "error"
    assert json.loads(worker.handle("[1]"))[0]["type"] == "error"
    worker.handle('{"type": "new", "mode": "duo"}')
    assert json.loads(worker.handle('{"type": "nonsense"}'))[0]["type"] == "error"
    assert json.loads(worker.handle('{"type": "new", "mode": "trio"}'))[0]["type"] == "error"


def test_a_real_game_against_leicht() -> None:
    pytest.importorskip("reversi.ai", reason="reversi.ai is not there yet")
    session = Session(mode="solo", level="leicht", human="black", seed=7)
    while not session.board.is_game_over():
        if session.computer_to_move():
            [message] = session.handle({"type": "think"})
            assert message["cause"] == "computer"
        else:
            play(session, next(iter(session.view()["legal"])))
    result = session.view()["result"]
    assert result["black"] + result["white"] <= 64


def test_a_game_against_an_opponent_of_the_legenden() -> None:
    worker = Worker()
    [new] = json.loads(
        worker.handle('{"type": "new", "mode": "solo", "level": "leicht", "legende": "flocke"}')
    )
    assert new["view"]["legende"] == "flocke" and new["view"]["level"] == "leicht"
    session = worker.session
    assert session is not None
    while not session.board.is_game_over():
        if session.computer_to_move():
            [message] = session.handle({"type": "think"})
            assert message["view"]["legende"] == "flocke"
        else:
            play(session, next(iter(session.view()["legal"])))
    assert session.view()["result"] is not None


@pytest.mark.parametrize(
    "message",
    [
        {"type": "new", "mode": "solo", "level": "leicht", "legende": "niemand"},
        {"type": "new", "mode": "solo", "level": "leicht", "legende": 3},
        {"type": "new", "mode": "duo", "legende": "flocke"},
    ],
)
def test_an_unknown_opponent_is_an_error(message: dict[str, Any]) -> None:
    worker = Worker()
    [answer] = json.loads(worker.handle(json.dumps(message)))
    assert answer["type"] == "error" and "opponent" in answer["message"]
    assert worker.session is None
