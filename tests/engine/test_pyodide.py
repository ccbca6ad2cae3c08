"""The engine runs unchanged on the CPython inside Pyodide, as in the browser."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.engine.test_notation import SEED_001_FIGURE_2

ROOT = Path(__file__).resolve().parent.parent.parent
PYODIDE = ROOT / "reversi" / "web" / "node_modules" / "pyodide" / "pyodide.mjs"


@pytest.fixture(scope="module")
def report() -> dict[str, object]:
    if shutil.which("node") is None or not PYODIDE.exists():
        pytest.skip("Node.js or the pyodide npm package is missing: run dev/setup")
    result = subprocess.run(
        ["node", str(Path(__file__).with_name("pyodide_check.mjs")), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_the_interpreter_is_pyodides_cpython(report: dict[str, object]) -> None:
    assert str(report["version"]).startswith("3.")


def test_doctests_pass_under_pyodide(report: dict[str, object]) -> None:
    assert report["doctest_failures"] == 0


def test_perft_counts_under_pyodide(report: dict[str, object]) -> None:
    counts = report["perft"]
    assert isinstance(counts, dict) and len(counts) == 6
    for depth, (found, published) in counts.items():
        assert found == published, f"perft({depth})"


def test_notation_under_pyodide(report: dict[str, object]) -> None:
    assert report["ffo_round_trips"] == 40
    assert report["figure"] == SEED_001_FIGURE_2
