"""The trimmed, precompiled standard library that the browser's worker loads.

The build (reversi/web/build.py, tools/web/pybuild_inside.py) keeps only what Pyodide's
start-up, the engine, the AI and the session import, compiled to .pyc by Pyodide's own
CPython. These tests check that nothing the shipped code imports is missing from it.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from reversi.web import build

REPO = Path(__file__).resolve().parents[2]
DIST = REPO / "reversi/web/dist"
PYODIDE = REPO / "reversi/web/node_modules/pyodide"


@pytest.fixture(scope="module")
def info(built: None) -> dict[str, list[str]]:
    return json.loads((DIST / "py/python.json").read_text())  # type: ignore[no-any-return]


def stdlib_imports(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {n for n in names if n.split(".")[0] in sys.stdlib_module_names}


def reversi_imports(file: Path) -> set[str]:
    """The reversi modules ``file`` imports anywhere (at the top or in a function)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(file.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {n for n in names if n.split(".")[0] == "reversi"}


def browser_modules() -> set[str]:
    """The files of the modules the browser's Python can import: the web modules the
    build ships and, with their packages, every reversi module they import."""
    todo = [f for f in build.SHIPPED if f.endswith(".py")]
    seen: set[str] = set()
    while todo:
        file = todo.pop()
        if file in seen:
            continue
        seen.add(file)
        for name in reversi_imports(REPO / file):
            parts = name.split(".")
            for end in range(1, len(parts) + 1):
                for candidate in (
                    "/".join(parts[:end]) + ".py",
                    "/".join(parts[:end]) + "/__init__.py",
                ):
                    if (REPO / candidate).exists():
                        todo.append(candidate)
    return seen


def test_the_browser_gets_no_module_it_never_imports() -> None:
    """The classic player, matches, the Python search's ProbCut table, the WTHOR reader
    and the Legenden's progress places are the server's and the benchmarks': the
    browser never downloads them."""
    assert "reversi/ai/levels.py" in browser_modules()
    for left_out in build.LEFT_OUT:
        assert left_out not in browser_modules(), f"{left_out} is imported in the browser"
    with zipfile.ZipFile(DIST / "py/reversi.zip") as archive:
        names = set(archive.namelist())
    assert not set(build.LEFT_OUT) & names


def test_every_stdlib_import_of_the_shipped_code_is_in_the_trimmed_zip(
    info: dict[str, list[str]],
) -> None:
    shipped = {*info["stdlib_modules"], *info["loaded_modules"], *info["builtin_modules"]}
    with zipfile.ZipFile(DIST / "py/stdlib.zip") as archive:
        members = set(archive.namelist())
    assert all(name.endswith(".pyc") for name in members)  # precompiled, no sources
    for file in info["reversi_files"]:
        for name in stdlib_imports((REPO / file).read_text()):
            # `from package import name` may name an attribute, not a module
            module = name if name in shipped else name.rsplit(".", 1)[0]
            assert module in shipped or module.split(".")[0] in info["builtin_modules"], (
                f"{file} imports {name}, which the trimmed standard library lacks"
            )


def test_the_shipped_files_are_the_sources(info: dict[str, list[str]]) -> None:
    with zipfile.ZipFile(DIST / "py/reversi.zip") as archive:
        for file in info["reversi_files"]:
            assert archive.read(file) == (REPO / file).read_bytes(), f"{file} is stale"
            assert file[:-3] + ".pyc" in archive.namelist()
    assert set(info["reversi_files"]) == browser_modules()
    # data files go along as they are (the opening book, the trained evaluation's weights,
    # the XOT starts)
    assert info["reversi_data"] == [
        "reversi/ai/opening_book.bin",
        "reversi/ai/pattern_weights.bin",
        "reversi/ai/xot.bin",
    ]
    with zipfile.ZipFile(DIST / "py/reversi.zip") as archive:
        for file in info["reversi_data"]:
            assert archive.read(file) == (REPO / file).read_bytes(), f"{file} is stale"


def test_pyodide_imports_and_plays_with_only_the_trimmed_stdlib(info: dict[str, list[str]]) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: dev/setup installs it")
    result = subprocess.run(
        [node, str(Path(__file__).with_name("pyodide_check.mjs")), str(PYODIDE), str(DIST / "py")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["version"] == info["python"]
    assert report["all_pyc"]
    assert set(report["moves"]) == {"leicht", "mittel", "schwer"}
    assert report["result"] is not None
    assert set(report["stdlib_loaded"]) <= set(info["stdlib_modules"]) | set(info["loaded_modules"])
