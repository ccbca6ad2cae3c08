"""Fuzzed HTTP bodies against the real app: every route with a body
answers 2xx or 4xx with an error code — never a 500 or a traceback — and what it stored
can always be read back."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.fuzzing import SCALARS, VALUES, app_of_three

GAME_FIELDS = ["id", "level", "outcome", "finished_at", "detail"]
NAMES = ["dots", "counts", "sound", "motion", "level", "begins"]


def fields(names: list[str], special: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Objects of some of ``names`` (with a fitting value now and then) and, sometimes,
    a field of another name."""

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        body: dict[str, Any] = {}
        for name in draw(st.lists(st.sampled_from(names), max_size=len(names), unique=True)):
            body[name] = draw(special.get(name, VALUES) | VALUES)
        if draw(st.integers(0, 9)) == 0:
            body[draw(st.text(min_size=1, max_size=6))] = draw(VALUES)
        return body

    return build()


GAME = fields(
    GAME_FIELDS,
    {
        "id": st.from_regex(r"[A-Za-z0-9_-]{8,12}", fullmatch=True),
        "level": st.sampled_from(["leicht", "mittel", "schwer"]),
        "outcome": st.sampled_from(["win", "draw", "loss"]),
        "finished_at": st.floats(1.6e9, 1.7e9) | st.integers(10**20, 10**400),
        "detail": st.dictionaries(
            st.from_regex(r"[a-z_]{1,16}", fullmatch=True), SCALARS, max_size=3
        ),
    },
)
#: a drill item's fields, each now and then a fitting value (reversi/server/hall/drill.py)
DRILL_ITEM = fields(
    [
        "id", "game", "ply", "obf", "color", "played", "playedScore", "best", "bestScore",
        "loss", "mark", "due", "streak", "solved", "missed", "changed_at",
    ],
    {
        "id": st.sampled_from(["g:8", "g:9", "h:8"]),
        "game": st.sampled_from(["g", "h"]),
        "ply": st.integers(0, 61),
        "obf": st.just("-" * 27 + "OX------XO" + "-" * 27 + " X"),
        "color": st.sampled_from(["black", "white"]),
        "played": st.sampled_from(["e6", "z9"]),
        "best": st.sampled_from(["c6", "a1"]),
        "mark": st.sampled_from(["mistake", "blunder", "good"]),
        "changed_at": st.floats(0, 2e9) | st.integers(10**20, 10**400),
    },
)  # fmt: skip
#: a puzzle attempt's fields (reversi/server/hall/puzzles.py)
PUZZLE_ATTEMPT = fields(
    ["id", "puzzle", "ok", "changed_at"],
    {
        "id": st.sampled_from(["0123abcd@1", "0123abcd@x", "ffffffff@2"]),
        "puzzle": st.sampled_from(["0123abcd", "ffffffff", "XYZ"]),
        "ok": st.booleans(),
        "changed_at": st.floats(0, 2e9) | st.integers(10**20, 10**400),
    },
)
#: an opening trainer's card (reversi/server/hall/drill.py ``OpeningItem``)
OPENING_ITEM = fields(
    ["id", "line", "color", "due", "streak", "solved", "missed", "changed_at"],
    {
        "id": st.sampled_from(["tiger:black", "tiger:white", "buch-1:black"]),
        "line": st.sampled_from(["tiger", "buch-1", "Tiger!"]),
        "color": st.sampled_from(["black", "white"]),
        "changed_at": st.floats(0, 2e9) | st.integers(10**20, 10**400),
    },
)
ROUTES: list[tuple[str, str, st.SearchStrategy[Any]]] = [
    ("POST", "/api/me", fields(["nickname"], {"nickname": st.text(max_size=30)})),
    ("POST", "/api/tables/{code}/resume", fields(["secret"], {"secret": st.text(max_size=30)})),
    ("POST", "/api/transfer/redeem", fields(["token", "code"], {})),
    ("POST", "/api/results", fields(["results"], {"results": st.lists(GAME | VALUES, max_size=3)})),
    (
        "PUT",
        "/api/settings",
        fields(
            ["settings", "changed_at"],
            {
                "settings": st.dictionaries(st.sampled_from(NAMES), SCALARS, max_size=4),
                "changed_at": SCALARS,
            },
        ),
    ),
    ("POST", "/api/milestones/seen", fields(["ids"], {"ids": st.lists(SCALARS, max_size=3)})),
    ("PUT", "/api/drill", fields(["items"], {"items": st.lists(DRILL_ITEM | VALUES, max_size=3)})),
    (
        "PUT",
        "/api/puzzles",
        fields(["items"], {"items": st.lists(PUZZLE_ATTEMPT | VALUES, max_size=3)}),
    ),
    (
        "PUT",
        "/api/openings",
        fields(["items"], {"items": st.lists(OPENING_ITEM | VALUES, max_size=3)}),
    ),
]


@st.composite
def requests(draw: st.DrawFn) -> tuple[str, str, bytes]:
    method, path, body = draw(st.sampled_from(ROUTES))
    value = draw(body | VALUES) if draw(st.integers(0, 9)) else draw(VALUES)
    raw = json.dumps(value).encode()
    if draw(st.integers(0, 19)) == 0:
        raw = raw[: draw(st.integers(0, len(raw)))]  # cut short: not JSON
    return method, path, raw


def test_four_thousand_fuzzed_bodies_never_give_500(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with app_of_three(
        tmp_path,
        caplog,
        hall_write_limit="1000000/minute",
        transfer_limit="1000000/minute",
        join_limit="1000000/minute",
        rename_limit="1000000/minute",
        sit_limit="1000000/minute",
    ) as (_, (_, _, c), code):
        statuses: dict[int, int] = {}

        @settings(
            max_examples=4_000,
            deadline=None,
            database=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        @given(requests())
        def one(request: tuple[str, str, bytes]) -> None:
            method, path, raw = request
            answer = c.request(method, path.format(code=code), content=raw)
            statuses[answer.status_code] = statuses.get(answer.status_code, 0) + 1
            assert answer.status_code < 500, (request, answer.text)
            if answer.status_code >= 400:
                assert answer.json()["error"] and answer.json()["message"], answer.text

        one()
        # whatever was stored can be read back
        assert c.get("/api/me").status_code == 200
        assert c.get("/api/settings").status_code == 200
        assert c.get("/api/drill").status_code == 200
        assert c.get("/api/puzzles").status_code == 200
        assert c.get("/api/openings").status_code == 200
    assert sum(statuses.values()) >= 4_000
    assert statuses.get(400, 0) > 400 and statuses.get(200, 0) > 40, statuses
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
