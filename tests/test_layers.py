"""The engine and the AI run in the browser: they import the standard library only."""

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "reversi"
ALLOWED = {
    "engine": ("reversi.engine",),
    "ai": ("reversi.engine", "reversi.ai"),
}


def imported_modules(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
    return names


def violations(directory: Path, allowed: tuple[str, ...]) -> list[str]:
    found = []
    for path in sorted(directory.rglob("*.py")):
        for name in imported_modules(path):
            inside = any(name == a or name.startswith(a + ".") for a in allowed)
            if not inside and name.split(".")[0] not in sys.stdlib_module_names:
                found.append(f"{path.name} imports {name}")
    return found


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_the_standard_library_and_its_allowed_packages(layer: str) -> None:
    if not (PACKAGE / layer).is_dir():
        pytest.skip(f"reversi.{layer} does not exist yet")
    assert violations(PACKAGE / layer, ALLOWED[layer]) == []


def test_the_check_catches_wrong_arrows(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text(
        "import numpy\nfrom reversi.server import app\nfrom . import sibling\n"
        "import itertools\nfrom reversi.engine.board import Board\n"
    )
    assert violations(tmp_path, ALLOWED["engine"]) == [
        "bad.py imports numpy", "bad.py imports reversi.server", "bad.py imports .",
    ]


#: the hall is game-agnostic: it knows storage, never a game's rules or the web server
HALL_FORBIDDEN = ("reversi.engine", "reversi.ai", "reversi.server", "reversi.web", "reversi.cli")


def hall_violations(directory: Path) -> list[str]:
    return [f"{path.name} imports {name}" for path in sorted(directory.rglob("*.py"))
            for name in imported_modules(path)
            if any(name == f or name.startswith(f + ".") for f in HALL_FORBIDDEN)]


def test_the_hall_knows_no_game_and_no_server(tmp_path: Path) -> None:
    assert (PACKAGE / "hall").is_dir()
    assert hall_violations(PACKAGE / "hall") == []
    (tmp_path / "bad.py").write_text("from reversi.engine import Board\nimport reversi.server.app\n"
                                     "from reversi.storage import Store\n")
    assert hall_violations(tmp_path) == ["bad.py imports reversi.engine",
                                         "bad.py imports reversi.server.app"]
