"""The trained evaluation gives the same values in Pyodide, from the browser's zip, and
the opening book is read there."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from reversi.ai.book import load
from reversi.ai.trained import evaluate
from reversi.engine import Board
from tests.ai.helpers import random_board

ROOT = Path(__file__).resolve().parent.parent.parent
PYODIDE = ROOT / "reversi" / "web" / "node_modules" / "pyodide" / "pyodide.mjs"
ZIP = ROOT / "reversi" / "web" / "dist" / "py" / "reversi.zip"


def test_the_evaluation_is_the_same_under_pyodide() -> None:
    if shutil.which("node") is None or not PYODIDE.exists() or not ZIP.exists():
        pytest.skip(
            "Node.js, the pyodide npm package or the browser build is missing: run dev/setup"
        )
    rng = random.Random(18)
    pairs: list[tuple[int, int]] = []
    while len(pairs) < 200:
        board = random_board(rng, rng.randint(0, 59))
        if board is not None:
            pairs.append((board.player, board.opponent))
    result = subprocess.run(
        [
            "node",
            str(Path(__file__).with_name("pyodide_eval.mjs")),
            str(ROOT),
            json.dumps([[f"{p:x}", f"{o:x}"] for p, o in pairs]),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    answer = json.loads(result.stdout.strip().splitlines()[-1])
    assert answer["values"] == [evaluate(p, o) for p, o in pairs]
    book = load()
    start = book.lookup(Board().player, Board().opponent)
    assert start is not None
    assert answer["book"] == [len(book), [[m.square, m.value] for m in start.moves]]
