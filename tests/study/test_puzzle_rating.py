"""The puzzle rating (docs/puzzles.md): Glicko-2 on the device (js/study/glicko.js) gives
the numbers of the hall's own maths (reversi/hall/glicko.py), and the device rates the
first attempt at each puzzle, in time order, whatever order the attempts arrived in."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from reversi.hall.glicko import Rating, after_game
from tests.processes import REPO

STUDY = REPO / "reversi/web/static/js/study"
pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is missing")


def node(script: str) -> Any:
    """The JSON a module script prints (localStorage is a plain map in node)."""
    prelude = (
        "const store = new Map(); globalThis.localStorage = {getItem: (k) => store.get(k) ?? null,"
        " setItem: (k, v) => store.set(k, String(v)), removeItem: (k) => store.delete(k)};\n"
    )
    done = subprocess.run(
        ["node", "--input-type=module", "-e", prelude + script],
        capture_output=True, text=True, cwd=STUDY, timeout=60, check=True,
    )  # fmt: skip
    return json.loads(done.stdout)


GAMES = [  # (rating, deviation, volatility, games), opponent, its deviation, score
    ((1500.0, 350.0, 0.06, 0), 1500.0, 75.0, 1.0),
    ((1500.0, 350.0, 0.06, 0), 1900.0, 75.0, 0.0),
    ((1620.0, 60.0, 0.059, 40), 1200.0, 75.0, 0.0),
    ((1400.0, 46.0, 0.06, 300), 2300.0, 75.0, 1.0),
    ((1800.0, 120.0, 0.07, 9), 1750.0, 200.0, 0.5),
]


def test_the_device_rates_as_the_hall_does() -> None:
    script = (
        'import { afterGame } from "./glicko.js";\n'
        f"const games = {json.dumps(GAMES)};\n"
        "console.log(JSON.stringify(games.map(([[value, deviation, volatility, n], o, od, s]) =>"
        " afterGame({value, deviation, volatility, games: n}, o, od, s))));"
    )
    for (start, opponent, deviation, score), js in zip(GAMES, node(script), strict=True):
        py = after_game(Rating(*start), Rating(opponent, deviation), score)
        assert js["value"] == pytest.approx(py.value, abs=1e-6)
        assert js["deviation"] == pytest.approx(py.deviation, abs=1e-6)
        assert js["volatility"] == pytest.approx(py.volatility, abs=1e-9)
        assert js["games"] == py.games


def test_the_first_attempt_at_each_puzzle_counts_in_time_order() -> None:
    script = """
import { adopt, puzzleRating, themeResults, record } from "./puzzleprogress.js";
const puzzles = new Map([["aaaaaaaa", {rating: 1200, themes: ["ecke"]}],
  ["bbbbbbbb", {rating: 1800, themes: ["ecke", "keil"]}]]);
record("aaaaaaaa", false, 1000);
record("aaaaaaaa", true, 3000);  // practice: not rated
const local = puzzleRating(JSON.parse(localStorage.getItem("reversi.aufgaben.v2")), puzzles);
// an attempt made earlier on another device arrives later (the server's list)
adopt([{id: "bbbbbbbb@500", puzzle: "bbbbbbbb", ok: true, changed_at: 0.5},
       {id: "cccccccc@600", puzzle: "cccccccc", ok: true, changed_at: 0.6}]);
const list = JSON.parse(localStorage.getItem("reversi.aufgaben.v2"));
console.log(JSON.stringify({local, merged: puzzleRating(list, puzzles), n: list.length,
  themes: themeResults(list, puzzles, ["ecke", "keil"])}));
"""
    got = node(script)
    lost = after_game(Rating(), Rating(1200.0, 75.0), 0.0)
    assert got["local"]["value"] == pytest.approx(lost.value) and got["local"]["games"] == 1
    won_then_lost = after_game(
        after_game(Rating(), Rating(1800.0, 75.0), 1.0), Rating(1200.0, 75.0), 0.0
    )
    assert got["merged"]["value"] == pytest.approx(won_then_lost.value)
    assert got["merged"]["games"] == 2 and got["n"] == 4  # the unknown puzzle is kept, not rated
    assert got["themes"] == [
        {"theme": "ecke", "tried": 2, "solved": 1, "verdict": ""},
        {"theme": "keil", "tried": 1, "solved": 1, "verdict": ""},
    ]
