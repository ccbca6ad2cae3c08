"""Runs inside Pyodide (see pybuild.mjs): trims and precompiles the standard library.

Every module that Pyodide's start-up, the engine, the AI and the worker's session
import while they play is taken from the interpreter's own standard-library zip and
compiled to unchecked hash-based .pyc files, which zipimport loads without a source.
"""

from __future__ import annotations

import json
import sys
from typing import Any

# Only what Pyodide's start-up has loaded anyway is imported at the top: the
# build's own tools (zipfile, pathlib …) are imported after the modules are counted.
ARGS: dict[str, Any] = globals()["ARGS"]
SRC, OUT = ARGS["src"], ARGS["out"]
#: the reversi sources shipped to the browser, the suffixes of the files that go along
#: and the files left out (reversi.web.build's SHIPPED, SHIPPED_SUFFIXES and LEFT_OUT)
REVERSI: list[str] = list(ARGS["reversi"])
SUFFIXES: tuple[str, ...] = tuple(ARGS["suffixes"])
LEFT_OUT: set[str] = set(ARGS["left_out"])
STDLIB_ZIP = next(p for p in sys.path if p.endswith(".zip"))
#: Packages taken whole: Pyodide's own (its start-up imports parts lazily) and the
#: codecs a browser may ask for.
WHOLE = ("_pyodide", "pyodide")
EXTRA = (
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.aliases",
    "traceback",
    "linecache",
    "tokenize",
    "token",
    "textwrap",
    "contextlib",
    "collections.abc",
    "dataclasses",
    "enum",
    "functools",
    "typing",
    "json",
    "json.decoder",
    "json.encoder",
    "json.scanner",
    "random",
    "bisect",
    "time",
)


def exercise() -> None:
    """Import and play like the worker does, so lazy imports are seen too."""
    sys.path.insert(0, SRC)
    import traceback

    from reversi.web.session import Session, Worker

    worker = Worker()
    worker.handle(json.dumps({"type": "new", "mode": "duo"}))
    worker.handle(json.dumps({"type": "move", "square": "d3"}))
    worker.handle(json.dumps({"type": "move", "square": "a1"}))
    worker.handle(json.dumps({"type": "undo", "all": True}))
    try:
        from reversi.ai import choose_move  # noqa: F401
    except ImportError:
        return  # the AI is not there yet: hot-seat only
    import random

    from reversi.engine import Board

    rng = random.Random(4)
    for level in ("leicht", "mittel", "schwer"):
        session = Session(mode="solo", level=level, human="white", seed=1)
        board = Board()
        while len(board.move_stack) < 44 and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        session.board = board
        for _ in range(2):
            if session.computer_to_move():
                session.handle({"type": "think"})
            elif not session.board.is_game_over():
                session.handle(
                    {"type": "move", "square": str(next(iter(session.board.legal_moves)))}
                )
    from reversi.web.replay import Reviewer

    reviewer = Reviewer()
    reviewer.start(
        json.dumps({"type": "review", "id": 1, "moves": "f5d6c3d3c4f4f6f3e6e7", "seconds": 0.05})
    )
    for _ in range(3):
        reviewer.step()
    reviewer.stop()
    try:
        raise ValueError("traceback check")
    except ValueError:
        traceback.format_exc()


def module_files(names: set[str], stdlib: Any) -> set[str]:
    present = set(stdlib.namelist())
    files = set()
    for name in names:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):  # the module and its parent packages
            stem = "/".join(parts[:i])
            for candidate in (f"{stem}/__init__.py", f"{stem}.py"):
                if candidate in present:
                    files.add(candidate)
                    break
    for info in stdlib.infolist():
        if info.filename.split("/")[0] in WHOLE and info.filename.endswith(".py"):
            files.add(info.filename)
    return files


def pyc(source: bytes, filename: str) -> bytes:
    import importlib.util
    from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def write_zip(path: str, members: dict[str, bytes]) -> None:
    import zipfile

    # stored, not deflated: the server sends the whole file brotli-compressed
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as out:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            out.writestr(info, members[name])


def main() -> str:
    exercise()
    for name in EXTRA:
        __import__(name)
    names = {
        name
        for name, module in sys.modules.items()
        if (getattr(module, "__file__", None) or "").startswith(STDLIB_ZIP)
    }
    names.update(EXTRA)
    import zipfile
    from pathlib import Path

    with zipfile.ZipFile(STDLIB_ZIP) as stdlib:
        files = module_files(names, stdlib)
        members = {f[:-3] + ".pyc": pyc(stdlib.read(f), f"{STDLIB_ZIP}/{f}") for f in files}
    write_zip(f"{OUT}/stdlib.zip", members)

    sources: dict[str, bytes] = {}
    for entry in REVERSI:
        path = Path(SRC, entry)
        for file in sorted(path.rglob("*")) if path.is_dir() else [path]:
            name = str(file.relative_to(SRC))
            if file.suffix in SUFFIXES and "__pycache__" not in file.parts and name not in LEFT_OUT:
                sources[name] = file.read_bytes()
    reversi = dict(sources)  # modules with their sources, and data files (.bin) as they are
    for name, source in sources.items():
        if name.endswith(".py"):
            reversi[name[:-3] + ".pyc"] = pyc(source, f"/lib/reversi.zip/{name}")
    write_zip(f"{OUT}/reversi.zip", reversi)

    modules = sorted(m[:-4].replace("/", ".").removesuffix(".__init__") for m in members)
    info = {
        "python": sys.version.split()[0],
        "cache_tag": sys.implementation.cache_tag,
        "builtin_modules": sorted(sys.builtin_module_names),
        "stdlib_modules": modules,
        # every module name the exercise saw, aliases included (collections.abc)
        "loaded_modules": sorted(names),
        "reversi_files": sorted(name for name in sources if name.endswith(".py")),
        "reversi_data": sorted(name for name in sources if not name.endswith(".py")),
    }
    with open(f"{OUT}/python.json", "w") as out:
        out.write(json.dumps(info, indent=1) + "\n")
    return json.dumps({"stdlib_modules": len(modules), "reversi_files": len(sources)})


main()
