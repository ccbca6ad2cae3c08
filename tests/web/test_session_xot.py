"""Solo "Zufallseröffnung (XOT)" in the worker's session: the game begins after the
eight moves of a start of the list, the moves stay in the game (so the transcript, the
device archive and the replay keep the start), no take-back undoes them, and the page
cannot choose or forge the start."""

from __future__ import annotations

import json
from typing import Any

import pytest

from reversi.ai.xot import load
from reversi.web.protocol import ProtocolError
from reversi.web.session import Session, Worker
from tests.web.test_session import first_move_ai, play

__all__ = ["first_move_ai"]

#: read before a test stands in for reversi.ai
OPENINGS = load()
NEW: dict[str, Any] = {"type": "new", "mode": "solo", "level": "leicht", "xot": True}


def test_a_xot_game_begins_after_a_start_of_the_list(first_move_ai: list[str]) -> None:
    session = Session.start({**NEW, "human": "black", "seed": 5})
    view = session.view()
    start = view["xot"]
    assert OPENINGS.index(start) is not None
    assert [m["square"] for m in view["moves"]] == [start[i : i + 2] for i in range(0, 16, 2)]
    assert view["ply"] == 8 and view["turn"] == "black" and not view["can_undo"]
    assert Session.start({**NEW, "human": "black", "seed": 5}).view()["xot"] == start
    # the human plays, the computer answers; a take-back stops at the start
    out = play(session, sorted(view["legal"])[0])
    assert session.computer_to_move()
    out = session.handle({"type": "think"})
    assert out[0]["view"]["ply"] == 10 and out[0]["view"]["can_undo"]
    view = session.handle({"type": "undo", "all": True})[0]["view"]
    assert view["ply"] == 8 and not view["can_undo"] and view["xot"] == start


def test_when_the_computer_begins_its_first_move_stays(first_move_ai: list[str]) -> None:
    session = Session.start({**NEW, "human": "white", "seed": 2})
    assert session.computer_to_move()
    view = session.handle({"type": "think"})[0]["view"]
    assert view["ply"] == 9 and not view["can_undo"]


def test_two_on_one_device_take_back_to_the_start_only() -> None:
    session = Session.start({"type": "new", "mode": "duo", "xot": True, "seed": 9})
    view = session.view()
    play(session, sorted(view["legal"])[0])
    view = session.handle({"type": "undo"})[0]["view"]
    assert view["ply"] == 8 and not view["can_undo"]
    assert session.handle({"type": "undo"})[0]["view"]["ply"] == 8


def test_without_xot_the_view_says_none() -> None:
    assert Session.start({"type": "new", "mode": "duo"}).view()["xot"] is None


@pytest.mark.parametrize(
    "extra",
    [
        {"xot": "f5d6c3d3c4f4c5b3"},  # a forged start
        {"xot": 1},
        {"xot": True, "moves": "f5d6c3d3c4f4c5b3"},
        {"xot": True, "obf": "-" * 27 + "OX------XO" + "-" * 27 + " X"},
    ],
)
def test_the_page_cannot_choose_the_start(extra: dict[str, Any]) -> None:
    with pytest.raises(ProtocolError):
        Session.start({"type": "new", "mode": "duo", **extra})
    [answer] = json.loads(Worker().handle(json.dumps({"type": "new", "mode": "duo", **extra})))
    assert answer["type"] == "error" and answer["message"]
