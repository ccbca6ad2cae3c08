"""Renaming: a typo can be corrected — only a real change counts against the
limit, a refused try or the same name does not — and a refusal at the limit says in
German when the next change is possible."""

from __future__ import annotations

import re
from pathlib import Path

from reversi.server.wall_clock import ManualClock
from tests.app_fixtures import make_settings, players


def test_refused_tries_do_not_count_and_the_limit_says_when(
    tmp_path: Path, clock: ManualClock
) -> None:
    with players(make_settings(tmp_path, clock, rename_limit="3/10minutes"), 1) as (a,):
        assert a.post("/api/me", json={"nickname": "Anan"}).json()["nickname"] == "Anan"
        for bad in ("System", "x", "?" * 5, "A" * 80, "Gast 1234"):
            assert a.post("/api/me", json={"nickname": bad}).status_code == 400, bad
        # the same name again is no change
        assert a.post("/api/me", json={"nickname": "Anan"}).status_code == 200
        assert a.post("/api/me", json={"nickname": "Anna"}).json()["nickname"] == "Anna"
        assert a.post("/api/me", json={"nickname": "Anna Lena"}).status_code == 200
        refused = a.post("/api/me", json={"nickname": "Lena"})
        assert refused.status_code == 429
        body = refused.json()
        assert body["error"] == "rate_limited" and body["params"]["n"] == 3
        assert 1 <= body["params"]["minutes"] <= 10
        assert re.fullmatch(
            r"Du hast deinen Namen gerade 3-mal geändert\. Der nächste neue Name geht um"
            r" \d\d:\d\d Uhr \(in \d+ min\)\.",
            body["message"],
        ), body["message"]
        assert a.get("/api/me").json()["nickname"] == "Anna Lena"


def test_a_long_name_is_refused_with_its_limit_not_cut(tmp_path: Path, clock: ManualClock) -> None:
    with players(make_settings(tmp_path, clock), 1) as (a,):
        refused = a.post("/api/me", json={"nickname": "Anna" * 20})
        assert refused.status_code == 400
        assert refused.json()["message"] == "Ein Name hat 2 bis 24 Zeichen."
        assert a.get("/api/me").json()["nickname"].startswith("Gast ")
