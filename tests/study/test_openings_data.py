"""The openings of /eroeffnungen (reversi/web/static/data/openings.json) are real lines."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from reversi.engine import Board, IllegalMoveError

DATA = Path(__file__).resolve().parents[2] / "reversi/web/static/data/openings.json"
OPENINGS = json.loads(DATA.read_text())["openings"]
#: Black's f5 answered by White: the three families, by White's first reply.
FAMILY_REPLY = {"diagonal": "f6", "perpendicular": "d6", "parallel": "f4"}


def final_board(opening: dict[str, str]) -> Board:
    board = Board()
    for square in opening["moves"].split():
        board.push(square)  # raises IllegalMoveError on an illegal move
    return board


def test_at_least_twenty_named_openings_with_a_source() -> None:
    document = json.loads(DATA.read_text())
    assert len(OPENINGS) >= 20
    assert document["source"]["title"]
    assert len({o["id"] for o in OPENINGS}) == len(OPENINGS)
    assert len({o["name"] for o in OPENINGS}) == len(OPENINGS)


#: English words of the international names that must not stand as the German name
ENGLISH = re.compile(
    r"\b(Opening|Variation|Snake|Peasant|Raccoon|Dog|Rocket|Cow|Chimney|Bat|Horse|Cat|"
    r"Italian|Wing|Flat|Mainline|Buffalo|Shaman|Danish)\b"
)


def test_every_opening_has_a_german_name_of_its_own() -> None:
    """No opening is named in English ("X-square Opening", "Snake / Peasant", "Raccoon Dog"
    were)."""
    names = [o.get("name_de", "") for o in OPENINGS]
    assert all(names) and len(set(names)) == len(names)
    assert [n for n in names if ENGLISH.search(n)] == []
    assert {o["id"]: o["name_de"] for o in OPENINGS if o["id"] in ("raccoon-dog", "cow")} == {
        "raccoon-dog": "Marderhund",
        "cow": "Kuh",
    }


@pytest.mark.parametrize("opening", OPENINGS, ids=[o["id"] for o in OPENINGS])
def test_every_line_is_legal_and_in_its_family(opening: dict[str, str]) -> None:
    moves = opening["moves"].split()
    board = final_board(opening)
    assert not board.is_game_over()
    assert [str(m) for m in board.move_stack] == moves  # no pass hidden in a line
    assert moves[0] == "f5" and moves[1] == FAMILY_REPLY[opening["family"]]


def test_every_line_reaches_a_position_of_its_own() -> None:
    finals = {final_board(o).obf(): o["id"] for o in OPENINGS}
    assert len(finals) == len(OPENINGS)


def test_the_three_families_and_the_tiger_are_there() -> None:
    by_id = {o["id"]: o for o in OPENINGS}
    assert {o["family"] for o in OPENINGS} == set(FAMILY_REPLY)
    assert by_id["tiger"]["moves"] == "f5 d6 c3 d3 c4"


def test_the_check_catches_an_illegal_line() -> None:
    with pytest.raises(IllegalMoveError):
        final_board({"moves": "f5 d6 c3 d3 c4 c4"})
