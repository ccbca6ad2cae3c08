"""One German catalogue (reversi/web/static/de.json): Python names its texts by key and
holds no German text of its own; every key it names is in the catalogue."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from reversi.texts import CATALOGUE, text

PACKAGE = Path(__file__).resolve().parent.parent / "reversi"
#: the engine writes the seed's text figure ("Schwarze Steine …") in the browser as well:
#: a notation, not a text of the hall
NOTATION = {PACKAGE / "engine" / "figure.py"}
#: the set-up's step lines ("Pyodide … 4,2 s"): printed for developers by a script that
#: runs before any Python environment exists (dev/setup), not texts of the hall
SETUP = {PACKAGE / "web" / name for name in ("build.py", "engine_wasm.py", "dist_files.py")}
GERMAN = re.compile(r"[äöüÄÖÜß„“]|\b(?:Du|du|der|die|das|ist|nicht|bitte|Bitte|Zug|Tisch)\b")
KEY = re.compile(r"[a-z_]+(?:\.[a-z_0-9]+)+")  # e.g. server.bad_json.object
#: how each kind of call names its text: (function, argument holding the key, default)
KEYED = {"text": 0, "BadGame": 0}
#: a refusal (reversi.problems): its code, then its key (default ``server.<code>``)
PROBLEMS = ("Problem", "DuelError")


def python_files(root: Path) -> list[Path]:
    return [
        p
        for p in sorted(root.rglob("*.py"))
        if "dist" not in p.parts and p not in NOTATION | SETUP and "ai" not in p.parts
    ]


def docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def german_literals(root: Path) -> list[str]:
    found = []
    for path in python_files(root):
        tree = ast.parse(path.read_text())
        skip = docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in skip
                and GERMAN.search(node.value)
            ):
                found.append(f"{path.relative_to(root.parent)}:{node.lineno} {node.value!r}")
    return found


def named_keys(root: Path) -> list[tuple[str, str]]:
    """(place, key) for every catalogue key the code names."""
    keys = []
    for path in python_files(root):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            where = f"{path.name}:{node.lineno}"
            given = {k.arg: k.value for k in node.keywords}
            if name in PROBLEMS and node.args and isinstance(node.args[0], ast.Constant):
                key = node.args[1] if len(node.args) > 1 else given.get("key")
                if isinstance(key, ast.Constant):
                    keys.append((where, str(key.value)))
                elif key is None:
                    keys.append((where, f"server.{node.args[0].value!s}"))
            elif name in KEYED and len(node.args) > KEYED[name]:
                arg = node.args[KEYED[name]]
                if isinstance(arg, ast.Constant) and KEY.fullmatch(str(arg.value)):
                    keys.append((where, str(arg.value)))
    return keys


def test_python_holds_no_german_text() -> None:
    assert german_literals(PACKAGE) == []


def test_every_key_python_names_is_in_the_catalogue() -> None:
    catalogue = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    keys = named_keys(PACKAGE)
    assert len(keys) > 60  # the server's and the hall's errors, the terminal game
    assert [(where, key) for where, key in keys if key not in catalogue] == []


def test_the_checks_find_what_they_look_for(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text(
        '"""Ein Docstring darf Deutsch: schön."""\n'
        'raise DuelError("nope")\nraise DuelError("x", key="server.busy")\n'
        'message = "Das Feld ist schon besetzt."\ntext("level.leicht")\n'
        'raise Problem("bad_date", "hall.error.bad_date")\n'
    )
    assert german_literals(tmp_path) == [f"{tmp_path.name}/bad.py:4 'Das Feld ist schon besetzt.'"]
    assert [k for _, k in named_keys(tmp_path)] == [
        "server.nope",
        "server.busy",
        "level.leicht",
        "hall.error.bad_date",
    ]
    assert text("server.busy").startswith("Der Tisch ist gerade beschäftigt")
