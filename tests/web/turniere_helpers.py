"""Tournaments as the API answers them (docs/api.md, "Tournaments"), for the pages'
tests that need a state the real server reaches only after an hour of play: a running
arena with streaks, a finished one with its podium, a Swiss tournament in round 3.
``Mock`` answers the page's API calls from these (Playwright's ``page.route``)."""

from __future__ import annotations

import json
import time
from typing import Any

NOW = time.time()


def tournament(id: str, name: str, kind: str, status: str, **fields: Any) -> dict[str, Any]:
    found: dict[str, Any] = {
        "id": id,
        "name": name,
        "kind": kind,
        "status": status,
        "starts_at": NOW - 600 if status != "upcoming" else NOW + 3725,
        "ends_at": NOW + 3000 if status == "running" and kind == "arena" else None,
        "minutes": 60 if kind == "arena" else None,
        "rounds": 7 if kind == "swiss" else None,
        "clock": "3+2" if kind == "arena" else "5+3",
        "xot": False,
        "rated": True,
        "private": False,
        "by": None,
        "players": 6,
        "url": f"/turniere/{id}",
    }
    found.update(fields)
    return found


def arena_line(
    rank: int, player: str, name: str, results: list[int], **fields: Any
) -> dict[str, Any]:
    line: dict[str, Any] = {
        "rank": rank,
        "player": player,
        "name": name,
        "points": sum(results),
        "games": len(results),
        "results": results,
        "on_fire": False,
        "performance": 1500.0 + 100 * (6 - rank) if results else None,
        "playing": False,
        "left": False,
    }
    line.update(fields)
    return line


ARENA = tournament("arena7Hq2", "Abendarena", "arena", "running", players=6)
ARENA_DETAIL: dict[str, Any] = {
    **ARENA,
    "standings": [
        arena_line(1, "p1", "Ebenholz-Eva", [2, 2, 4, 4], on_fire=True, playing=True),
        arena_line(2, "p2", "Turmbauer", [2, 0, 2, 2, 4]),
        arena_line(3, "p3", "Anna", [1, 2, 0, 2], playing=True),
        arena_line(4, "p4", "Kantenkönig", [0, 2, 1], left=True),
        arena_line(5, "p5", "Mo", [0, 0, 2], playing=True),
        arena_line(6, "p6", "Neu", []),
    ],
    "games": [
        {"table": "K7MXRT", "round": None, "black": "Ebenholz-Eva", "white": "Mo", "score": None},
        {"table": "P2QWER", "round": None, "black": "Anna", "white": "Schlaumeier", "score": None},
        {"table": "Z9YXWV", "round": None, "black": "Turmbauer", "white": "Anna", "score": 1.0},
        {"table": "A1B2C3", "round": None, "black": "Kantenkönig", "white": "Mo", "score": 0.5},
    ],
    "round": None,
    "me": {"joined": False, "table": None},
    "podium": None,
}
UPCOMING = tournament("sonntag1", "Sonntagsturnier", "swiss", "upcoming", players=3)
FINISHED = tournament(
    "gestern9", "Abendarena", "arena", "finished", starts_at=NOW - 90000, ends_at=NOW - 86400
)
FINISHED_DETAIL: dict[str, Any] = {
    **FINISHED,
    "standings": ARENA_DETAIL["standings"],
    "games": ARENA_DETAIL["games"][2:],
    "round": None,
    "me": {"joined": False, "table": None},
    "podium": ARENA_DETAIL["standings"][:3],
}
SWISS = tournament("swiss3Rd", "Herbst-Swiss", "swiss", "running", by="Anna", xot=True, players=5)
SWISS_DETAIL: dict[str, Any] = {
    **SWISS,
    "standings": [
        {
            "rank": 1,
            "player": "p1",
            "name": "Anna",
            "score": 2.5,
            "buchholz": 4.0,
            "sonneborn_berger": 3.25,
            "games": 3,
            "playing": True,
            "left": False,
        },
        {
            "rank": 2,
            "player": "p2",
            "name": "Mo",
            "score": 2.0,
            "buchholz": 4.5,
            "sonneborn_berger": 2.5,
            "games": 2,
            "playing": False,
            "left": False,
        },
        {
            "rank": 3,
            "player": "p3",
            "name": "Turmbauer",
            "score": 1.5,
            "buchholz": 5.0,
            "sonneborn_berger": 1.75,
            "games": 3,
            "playing": True,
            "left": False,
        },
        {
            "rank": 4,
            "player": "p4",
            "name": "Kantenkönig",
            "score": 1.0,
            "buchholz": 3.0,
            "sonneborn_berger": 0.5,
            "games": 3,
            "playing": False,
            "left": True,
        },
        {
            "rank": 5,
            "player": "p5",
            "name": "Neu",
            "score": 0.0,
            "buchholz": 2.0,
            "sonneborn_berger": 0.0,
            "games": 2,
            "playing": False,
            "left": False,
        },
    ],
    "games": [
        {"table": "R3AAAA", "round": 3, "black": "Anna", "white": "Turmbauer", "score": None},
        {"table": "R2BBBB", "round": 2, "black": "Mo", "white": "Anna", "score": 0.5},
    ],
    "round": 3,
    "me": {"joined": True, "table": None},
    "podium": None,
}
LISTING = {"upcoming": [UPCOMING], "running": [ARENA, SWISS], "finished": [FINISHED]}


class Mock:
    """Answers ``/api/tournaments…`` from ``details`` (id → detail) and ``listing``;
    ``join``/``leave`` flip ``me.joined``; ``create`` is what ``POST /api/tournaments``
    answers (``(status, body)``). The requests it saw are in ``seen``."""

    def __init__(self, listing: dict[str, Any] | None = None, **details: dict[str, Any]) -> None:
        self.listing = listing or LISTING
        self.details = {key: json.loads(json.dumps(value)) for key, value in details.items()}
        self.create: tuple[int, dict[str, Any]] = (201, UPCOMING)
        self.seen: list[tuple[str, str, Any]] = []

    def attach(self, page: Any) -> Mock:
        # the page's clock starts at NOW, so the answers' times are as far off as written
        # however late in the suite the test runs
        page.clock.install(time=NOW)
        page.route("**/api/tournaments**", self.answer)
        return self

    def answer(self, route: Any) -> None:
        request = route.request
        path = request.url.split("://", 1)[1].split("/", 1)[1].split("?")[0]
        body = request.post_data_json if request.method == "POST" else None
        self.seen.append((request.method, "/" + path, body))
        parts = path.split("/")[2:]  # after api/tournaments
        status, answer = 200, None
        if not parts and request.method == "GET":
            answer = self.listing
        elif not parts:
            status, answer = self.create
        elif parts[0] in self.details:
            detail = self.details[parts[0]]
            if len(parts) == 2 and parts[1] in ("join", "leave"):
                detail["me"]["joined"] = parts[1] == "join"
            answer = detail
        else:
            status = 404
            answer = {"error": "unknown_tournament", "message": "Dieses Turnier gibt es nicht."}
        route.fulfill(status=status, content_type="application/json", body=json.dumps(answer))
