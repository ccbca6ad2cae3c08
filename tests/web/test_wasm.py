"""engine.wasm gives the answers of the CPython extension reversi._native: the same C
core, built by the browser build (reversi/web/build.py) and called from Pyodide's Python
through reversi.web.wasm, in Node (tests/web/wasm_answers.mjs)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import tempfile
import zlib
from pathlib import Path
from pkgutil import get_data
from typing import Any

import pytest

from reversi.ai.weights import HEADER, MAGIC
from reversi.engine import Board
from tests.ai.helpers import random_board

ROOT = Path(__file__).resolve().parent.parent.parent
DIST = ROOT / "reversi" / "web" / "dist"
PYODIDE = ROOT / "reversi" / "web" / "node_modules" / "pyodide" / "pyodide.mjs"

Call = list[Any]


def weights() -> bytes:
    """The shipped weights with the zlib part inflated, as core.h reads them."""
    data = get_data("reversi.ai", "pattern_weights.bin")
    assert data is not None
    at = len(MAGIC) + HEADER.size
    return data[:at] + zlib.decompress(data[at:])


@pytest.fixture(scope="module")
def native() -> Any:
    try:
        import reversi._native as _native  # type: ignore[import-not-found]
    except ImportError:
        pytest.skip("the extension reversi._native is not built (no C compiler?)")
    assert _native.load_weights(weights()) == _native.OK
    return _native


@pytest.fixture(scope="module")
def wasm() -> Any:
    """Runs a list of calls on engine.wasm under Pyodide and gives their answers."""
    needed = (DIST / "wasm" / "engine.wasm", DIST / "py" / "reversi.zip", PYODIDE)
    if shutil.which("node") is None or not all(path.exists() for path in needed):
        pytest.skip("Node.js, Pyodide or the browser build with engine.wasm is missing: dev/setup")

    def run(calls: list[Call]) -> list[Any]:
        encoded = [
            [name, *(f"{a:x}" if isinstance(a, int) else a for a in args)] for name, *args in calls
        ]
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "calls.json"
            path.write_text(json.dumps(encoded))
            result = subprocess.run(
                ["node", str(Path(__file__).with_name("wasm_answers.mjs")), str(ROOT), str(path)],
                capture_output=True,
                text=True,
                timeout=300,
            )
        assert result.returncode == 0, result.stderr[-3000:]
        return [decode(answer) for answer in json.loads(result.stdout.strip().splitlines()[-1])]

    return run


def decode(answer: Any) -> Any:
    if isinstance(answer, list):
        return tuple(decode(value) for value in answer)
    return int(answer, 16) if isinstance(answer, str) else answer


def positions(seed: int, count: int, empties: tuple[int, int]) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        board = random_board(rng, rng.randint(*empties))
        if board is not None:
            found.append((board.player, board.opponent))
    return found


def on_native(native: Any, calls: list[Call]) -> list[Any]:
    answers = []
    for name, *args in calls:
        if name == "load_weights":
            args = [bytes.fromhex(args[0])]
        try:
            answers.append(getattr(native, name)(*args))
        except ValueError as error:
            answers.append({"error": str(error)})
    return answers


def test_wasm_answers_as_the_extension(native: Any, wasm: Any) -> None:
    """Moves, flips, perft (plain and with its table), the evaluation, exact and
    win/draw/loss solves, fixed-depth searches (with and without Multi-ProbCut) and
    decisive moves on random positions, in one run of Pyodide: the same scores, moves,
    depths, node counts and best-move sets."""
    winner, every, wdl = native.WINNER, native.EVERY_BEST, native.WDL
    none = native.NO_DEADLINE
    calls: list[Call] = []
    for p, o in positions(1, 150, (0, 60)):  # passes and finished games included
        calls += [["moves", p, o], ["evaluate", p, o]]
        calls += [["flips", p, o, square] for square in range(64)]
    calls += [["perft", p, o, 5] for p, o in positions(2, 8, (30, 60))]
    calls += [["perft_table", p, o, 6] for p, o in positions(2, 8, (30, 60))]
    for p, o in positions(3, 40, (6, 14)):
        calls += [["solve", p, o, winner | every, none], ["solve", p, o, 0, none]]
        calls += [["solve", p, o, wdl | winner, none]]
    for p, o in positions(4, 12, (15, 17)):
        calls += [["decisive", p, o, -1, winner, none]]
    for p, o in positions(5, 30, (20, 50)):
        if native.moves(p, o):
            calls += [["search", p, o, depth, 0, none] for depth in (1, 2, 3, 4, 6)]
            # Multi-ProbCut: the lines compiled into both
            calls += [["search", p, o, depth, native.PROBCUT, none] for depth in (5, 7)]
    expected = on_native(native, calls)
    answers = wasm(calls)
    assert len(answers) == len(calls)
    for call, got, want in zip(calls, answers, expected, strict=True):
        assert got == want, call


def test_wasm_loses_as_the_extension(native: Any, wasm: Any) -> None:
    """The game turned round (rv_lose_values) with each feature, at depths 1 to 4 and to
    the end: the same values, results and node counts."""
    features = [native.FEATURE_DISCS, native.FEATURE_CORNERS, native.FEATURE_EDGES]
    features.append(native.FEATURE_QUIET)
    none = native.NO_DEADLINE
    calls: list[Call] = []
    for i, (p, o) in enumerate(positions(6, 24, (4, 50))):
        if native.moves(p, o):
            empties = 64 - (p | o).bit_count()
            for depth in (1, 2, 3, 4) if empties > 10 else (1, empties):
                calls.append(["lose_values", p, o, depth, features[i % 4], -300, 100, none])
    assert len(calls) > 30
    expected = [
        (result, tuple(sorted(values.items()))) for result, values in on_native(native, calls)
    ]
    answers = wasm(calls)
    for call, got, want in zip(calls, answers, expected, strict=True):
        assert got == want, call


def test_wasm_refuses_bad_weights_and_keeps_a_deadline(native: Any, wasm: Any) -> None:
    good = weights()
    calls: list[Call] = [
        ["load_weights", good[:200].hex()],  # truncated
        ["load_weights", (b"NOT-THE-WEIGHTS!" + good[16:200]).hex()],  # another format
    ]
    expected = on_native(native, calls)
    assert all(status < 0 for status in expected)
    board = Board()
    # without a clock the search to 60 plies from the start would not end in years
    calls.append(["search", board.player, board.opponent, 60, 0, {"in": 0.3}])
    *refused, (status, _, move, depth, *_) = wasm(calls)
    assert refused == expected
    assert native.load_weights(good) == native.OK
    assert status == native.OK and 1 <= depth < 60 and move in (19, 26, 37, 44)


def test_the_wasm_binding_has_every_name_of_the_extension(native: Any) -> None:
    """reversi.web.wasm mirrors reversi._native: each function and constant."""
    from reversi.web.wasm import WasmNative

    names = {name for name in dir(native) if not name.startswith("_")}
    mirrored = {name for name in dir(WasmNative) if not name.startswith("_")}
    assert names <= mirrored | set(WasmNative.__annotations__)
