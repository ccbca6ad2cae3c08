"""The worker's messages for the learning pages (docs/protocol.md, "Positions without a
game"): the code against the document, and what the answers say (compared with the
engine), without a browser."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from reversi.engine import Board, german_figure
from reversi.web.positions import STATELESS
from reversi.web.session import Worker

DOC = (Path(__file__).resolve().parents[2] / "docs/protocol.md").read_text()
SECTION = DOC[DOC.index("## Positions without a game") : DOC.index("## Duels")]


def ask(worker: Worker, **message: Any) -> list[dict[str, Any]]:
    return json.loads(worker.handle(json.dumps(message)))  # type: ignore[no-any-return]


def test_the_section_documents_every_stateless_message_and_answer_field() -> None:
    messages = re.findall(r"^\| `([\w-]+)` \| `id`", SECTION, re.MULTILINE)
    assert messages == sorted(STATELESS)
    fields = set(re.findall(r"^\| `(\w+)` \| (?!`id`)", SECTION, re.MULTILINE))
    [answer] = ask(Worker(), type="position", id=1, play="d3")
    assert fields == set(answer) - {"type"}


def test_a_position_needs_no_session_and_leaves_the_game_alone() -> None:
    worker = Worker()
    [answer] = ask(worker, type="position", id="a")
    assert answer["type"] == "position" and answer["id"] == "a"
    assert answer["view"]["legal"] == {"d3": 1, "c4": 1, "f5": 1, "e6": 1}
    assert answer["flips"] == {"d3": ["d4"], "c4": ["d4"], "f5": ["e5"], "e6": ["e5"]}
    assert answer["view"]["players"] == {"black": "human", "white": "human"}
    ask(worker, type="new", mode="duo")
    ask(worker, type="move", square="f5")
    ask(worker, type="position", id=2, moves="d3", play="c3")
    [view] = ask(worker, type="view")
    assert view["view"]["moves"] == [{"color": "black", "square": "f5", "flips": 1}]


def test_play_answers_the_position_after_the_move_in_flip_order() -> None:
    [answer] = ask(Worker(), type="position", id=7, moves="e6d6c3f4c4e3c6b7e2f3g3b4", play="c5")
    board = Board(moves="e6d6c3f4c4e3c6b7e2f3g3b4c5")
    assert answer["played"] == "c5" and answer["moves"] == board.transcript()
    assert answer["obf"] == board.obf() and answer["view"]["figure"] == german_figure(board)
    assert answer["view"]["last"] == {
        "square": "c5",
        "color": "black",
        "flipped": ["c4", "d4", "d5"],
    }


def test_lines_count_the_directions_a_move_closes() -> None:
    [answer] = ask(Worker(), type="position", id=1, moves="e6d6c3f4c4e3c6b7e2f3g3b4")
    assert answer["lines"]["c5"] == 3
    assert answer["lines"]["a4"] == 1 and answer["flips"]["a4"] == ["b4", "c4", "d4", "e4"]
    assert set(answer["lines"]) == set(answer["flips"]) == set(answer["view"]["legal"])


def test_a_move_that_makes_the_other_side_pass() -> None:
    [answer] = ask(Worker(), type="position", id=1, moves="f5f6e6f4f3d6g4h4h5g2", play="h3")
    assert answer["played"] == "h3" and answer["view"]["pass"] == {"color": "white"}
    assert answer["view"]["turn"] == "black"


def test_a_refused_play_says_why_and_echoes_the_id() -> None:
    worker = Worker()
    assert ask(worker, type="position", id=3, play="d4") == [
        {"type": "illegal", "id": 3, "square": "d4", "reason": "occupied"}
    ]
    assert ask(worker, type="position", id=4, play=" A1") == [
        {"type": "illegal", "id": 4, "square": "a1", "reason": "no_flips"}
    ]
    over = "f5d6c5f4e3f6g5e6e7"
    assert ask(worker, type="position", id=5, moves=over, play="a1")[0]["reason"] == "game_over"


def test_bad_positions_are_errors_that_quote_the_input() -> None:
    worker = Worker()
    for bad in (
        {"obf": "x"},
        {"moves": "d3d3"},
        {"moves": 5},
        {"obf": 3},
        {"play": "z9"},
        {"play": 4},
    ):
        [answer] = ask(worker, type="position", id=9, **bad)
        assert answer["type"] == "error" and answer["id"] == 9, bad
        assert str(next(iter(bad.values()))) in answer["message"], answer


def test_a_new_game_can_begin_from_a_position() -> None:
    worker = Worker()
    obf = "XOOO--X--XOXOOX-OOXXOOOXOXXOXX-OOXOOXXO-O-OXXOOXOOOXXX-XO-O-OX-X X"
    [message] = ask(worker, type="new", mode="solo", level="leicht", human="black", obf=obf)
    assert message["view"]["squares"] == "".join(
        {"X": "B", "O": "W", "-": "."}[c] for c in obf[:64]
    )
    assert message["view"]["can_undo"] is False and message["view"]["turn"] == "black"
    [message] = ask(worker, type="new", mode="duo", moves="f5d6")
    assert message["view"]["ply"] == 2
    [message] = ask(worker, type="new", mode="duo", moves="f5f5")
    assert message["type"] == "error" and "f5f5" in message["message"]


def test_the_catalogue_holds_every_key_once() -> None:
    """de.json is one object; a key written twice would silently hide the first text."""
    path = Path(__file__).resolve().parents[2] / "reversi/web/static/de.json"
    keys = [key for key, _ in json.loads(path.read_text(), object_pairs_hook=lambda pairs: pairs)]
    assert sorted({k for k in keys if keys.count(k) > 1}) == []
