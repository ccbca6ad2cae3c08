"""The package's shape: the engine and the AI run in the browser (the standard library
only), each layer imports only what it may, no import circles, small modules with names
of their own."""

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "reversi"
# reversi._native: the AI's C core (reversi/native), built as an extension where it can be
# reversi.tournament: the pure tournament core (scoring, pairing, schedule), no I/O
ALLOWED = {
    "engine": ("reversi.engine",),
    "ai": ("reversi.engine", "reversi.ai", "reversi._native"),
    "tournament": ("reversi.engine", "reversi.texts", "reversi.tournament"),
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
    return [v for path in sorted(directory.rglob("*.py")) for v in file_violations(path, allowed)]


def file_violations(path: Path, allowed: tuple[str, ...]) -> list[str]:
    found = []
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


def test_the_worker_imports_only_what_is_shipped_to_the_browser() -> None:
    """reversi.web's modules that the browser's worker runs (reversi.web.build.SHIPPED)
    import the standard library, the engine, the AI and one another only."""
    from reversi.web.build import SHIPPED

    worker = [PACKAGE.parent / f for f in SHIPPED if f.startswith("reversi/web/")]
    shipped = tuple(
        str(f.relative_to(PACKAGE.parent).with_suffix("")).replace("/", ".") for f in worker
    )
    allowed = ("reversi.engine", "reversi.ai", *shipped)
    assert "reversi.web.session" in shipped
    assert [v for path in worker for v in file_violations(path, allowed)] == []


def test_the_check_catches_wrong_arrows(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text(
        "import numpy\nfrom reversi.server import app\nfrom . import sibling\n"
        "import itertools\nfrom reversi.engine.board import Board\n"
    )
    assert violations(tmp_path, ALLOWED["engine"]) == [
        "bad.py imports numpy",
        "bad.py imports reversi.server",
        "bad.py imports .",
    ]


#: the hall is game-agnostic: it knows storage, never a game's rules or the web server
HALL_FORBIDDEN = ("reversi.engine", "reversi.ai", "reversi.server", "reversi.web", "reversi.cli")


def hall_violations(directory: Path) -> list[str]:
    return [
        f"{path.name} imports {name}"
        for path in sorted(directory.rglob("*.py"))
        for name in imported_modules(path)
        if any(name == f or name.startswith(f + ".") for f in HALL_FORBIDDEN)
    ]


def test_the_hall_knows_no_game_and_no_server(tmp_path: Path) -> None:
    assert (PACKAGE / "hall").is_dir()
    assert hall_violations(PACKAGE / "hall") == []
    (tmp_path / "bad.py").write_text(
        "from reversi.engine import Board\nimport reversi.server.app\n"
        "from reversi.storage import Store\n"
    )
    assert hall_violations(tmp_path) == [
        "bad.py imports reversi.engine",
        "bad.py imports reversi.server.app",
    ]


#: the duel core is pure: the engine, the storage's record types, the texts, the one
#: refusal (reversi.problems), the hall's rules of a chat line, msgspec for its messages
#: and itself; never I/O (Starlette, asyncio, SQLAlchemy) nor the server that drives it
DUEL_ALLOWED = (
    "reversi.engine",
    "reversi.storage.records",
    "reversi.texts",
    "reversi.problems",
    "reversi.hall.text_rules",
    "reversi.duel",
    "msgspec",
)
DUEL_FORBIDDEN_STDLIB = ("asyncio",)


def duel_violations(directory: Path) -> list[str]:
    return [
        *violations(directory, DUEL_ALLOWED),
        *(
            f"{path.name} imports {name}"
            for path in sorted(directory.rglob("*.py"))
            for name in imported_modules(path)
            if name.split(".")[0] in DUEL_FORBIDDEN_STDLIB
        ),
    ]


def test_the_duel_core_imports_no_io_and_no_server(tmp_path: Path) -> None:
    assert (PACKAGE / "duel").is_dir()
    assert duel_violations(PACKAGE / "duel") == []
    (tmp_path / "bad.py").write_text(
        "import asyncio\nfrom reversi.server.settings import Settings\n"
        "from reversi.storage import Store\nimport sqlalchemy\n"
        "from reversi.storage.records import TableRecord\nfrom reversi.duel.game import TableGame\n"
        "import msgspec\nfrom reversi.engine import Board\n"
    )
    assert duel_violations(tmp_path) == [
        "bad.py imports reversi.server.settings",
        "bad.py imports reversi.storage",
        "bad.py imports sqlalchemy",
        "bad.py imports asyncio",
    ]


# --- no import circles -------------------------------------------------------------------


def module_name(root: Path, path: Path) -> str:
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Which modules of the package at ``root`` each of its modules imports: every import,
    also those inside functions and under ``TYPE_CHECKING`` (a circle is a circle).
    ``from package import name`` counts as importing ``package.name`` when that is a
    module, else ``package``."""
    modules = {module_name(root, p): p for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, *([base] if base else [])])
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                    for a in node.names
                ]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_no_module_of_the_package_imports_itself_through_others() -> None:
    assert circles(import_graph(PACKAGE)) == []


def test_the_circle_check_finds_circles_however_they_import(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("from pkg.a import A\n")
    (root / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\nA = 1\n"
    )
    (root / "b.py").write_text("def f():\n    from . import a\n")  # lazily, relative
    (root / "c.py").write_text("import pkg.sub.d\n")
    (root / "sub" / "__init__.py").write_text("")
    (root / "sub" / "d.py").write_text("from .. import c\nfrom pkg import a\n")
    (root / "e.py").write_text("from pkg import a\n")  # imports into a circle: not in one
    assert import_graph(root)["pkg.b"] == {"pkg.a"}
    assert circles(import_graph(root)) == [["pkg.a", "pkg.b"], ["pkg.c", "pkg.sub.d"]]


# --- small modules with names of their own ------------------------------------------------

#: no module of the package is longer (the guide: small single-purpose modules)
MAX_LINES = 400
#: generated code, exempt: the per-square flip kernels (tools/generate_flips.py)
GENERATED = frozenset({"engine/_flips.py"})


def too_long(root: Path, exempt: frozenset[str] = GENERATED) -> list[str]:
    """The modules under ``root`` longer than MAX_LINES lines, with their length."""
    found = []
    for path in sorted(root.rglob("*.py")):
        lines = len(path.read_text().splitlines())
        if lines > MAX_LINES and path.relative_to(root).as_posix() not in exempt:
            found.append(f"{path.relative_to(root).as_posix()}: {lines} lines")
    return found


def repeated_names(root: Path) -> list[str]:
    """The module names (``__init__.py`` aside) that occur more than once under
    ``root``, each with where: a name says what its module holds, once."""
    where: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        if path.name != "__init__.py":
            where.setdefault(path.name, []).append(path.relative_to(root).as_posix())
    return [
        f"{name}: {', '.join(paths)}" for name, paths in sorted(where.items()) if len(paths) > 1
    ]


def test_no_module_is_longer_than_400_lines() -> None:
    assert too_long(PACKAGE) == []


def test_no_two_modules_share_a_name() -> None:
    assert repeated_names(PACKAGE) == []


def test_the_size_and_name_checks_find_what_they_look_for(tmp_path: Path) -> None:
    for folder in ("a", "b", "engine"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text("")
    (tmp_path / "a" / "long.py").write_text("x = 1\n" * (MAX_LINES + 1))
    (tmp_path / "a" / "full.py").write_text("x = 1\n" * MAX_LINES)
    (tmp_path / "engine" / "_flips.py").write_text("x = 1\n" * 2000)
    (tmp_path / "a" / "errors.py").write_text("")
    (tmp_path / "b" / "errors.py").write_text("")
    assert too_long(tmp_path) == [f"a/long.py: {MAX_LINES + 1} lines"]
    assert too_long(tmp_path, frozenset()) == [
        f"a/long.py: {MAX_LINES + 1} lines",
        "engine/_flips.py: 2000 lines",
    ]
    assert repeated_names(tmp_path) == ["errors.py: a/errors.py, b/errors.py"]
