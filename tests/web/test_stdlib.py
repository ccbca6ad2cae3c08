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
    for package in ("reversi/engine", "reversi/ai"):
        for path in (REPO / package).glob("*.py"):
            assert str(path.relative_to(REPO)) in info["reversi_files"]
    # data files go along as they are (the trained evaluation's weights)
    assert info["reversi_data"] == ["reversi/ai/pattern_weights.bin"]
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
