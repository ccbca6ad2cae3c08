"""dev/setup and the browser build: a step whose inputs did not change is skipped and
says nothing, a step that did work says what and how long, Pyodide's compressed files
come from the machine's build cache."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from reversi.web import build, dist_files, engine_wasm
from tests.processes import REPO

STAMP = REPO / ".venv" / ".setup-stamp"


def _env_is_set_up() -> bool:
    """dev/setup ran last with this pyproject.toml and uv.lock (dev/test always does)."""
    if not STAMP.exists():
        return False
    key = subprocess.run(
        ["bash", "-c", "source <(sed -n '/^env_key() {/,/^}/p' dev/setup); env_key"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    return STAMP.read_text() == key.stdout


def test_dev_setup_does_nothing_and_says_only_so_when_nothing_changed() -> None:
    if not _env_is_set_up():
        pytest.skip("the checkout's .venv is not the one dev/setup made from uv.lock")
    build.build(quiet=True)  # the sources may have changed since dev/setup ran
    result = subprocess.run(
        ["dev/setup"], cwd=REPO, capture_output=True, text=True, timeout=120, check=True
    )
    assert result.stdout == ""
    assert re.fullmatch(r"Einrichtung fertig nach \d+,\d s\.\n", result.stderr), result.stderr


def test_dev_setup_names_the_python_it_needs() -> None:
    result = subprocess.run(
        ["dev/setup"],
        cwd=REPO,
        capture_output=True,
        text=True,
        env=os.environ | {"PYTHON": "/bin/false"},
        timeout=60,
    )
    assert result.returncode == 1
    assert "braucht Python 3.11 oder neuer (PYTHON=/bin/false)" in result.stderr


def test_a_step_that_did_work_prints_one_line_with_its_duration(
    capsys: pytest.CaptureFixture[str],
) -> None:
    build._step(False, "Nichts", lambda: False)
    build._step(False, "Etwas", lambda: True)
    build._step(False, "Anders", lambda: "aus dem Speicher")
    build._step(True, "Leise", lambda: True)
    lines = capsys.readouterr().err.splitlines()
    assert [re.sub(r"\d+,\d s$", "N s", line) for line in lines] == [
        "  Etwas … N s",
        "  Anders (aus dem Speicher) … N s",
    ]
    assert dist_files.seconds(4.25) == "4,2 s" and dist_files.seconds(61.06) == "61,1 s"


def _fake_pyodide(folder: Path, version: str) -> None:
    (folder / "pyodide").mkdir(parents=True)
    for name in build.PYODIDE_FILES:
        (folder / "pyodide" / name).write_text(f"{name} of {version}\n")
    (folder / "pyodide" / "package.json").write_text(json.dumps({"version": version}))


def test_pyodide_is_compressed_once_and_then_taken_from_the_build_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    version = build.pyodide_version()
    _fake_pyodide(tmp_path / "node_modules", version)
    monkeypatch.setattr(build, "NODE_MODULES", tmp_path / "node_modules")
    monkeypatch.setattr(build, "DIST", tmp_path / "dist")
    monkeypatch.setenv("REVERSI_BUILD_CACHE", str(tmp_path / "cache"))
    out, cached = tmp_path / "dist" / "pyodide", tmp_path / "cache" / f"pyodide-{version}-br11"

    assert build.build_pyodide() == "kopiert, mit brotli und gzip komprimiert"
    made = sorted(p.name for p in out.iterdir())
    assert "pyodide.asm.wasm.br" in made and "pyodide.asm.wasm.gz" in made and ".stamp" in made
    assert sorted(p.name for p in cached.iterdir()) == made
    assert build.build_pyodide() is False  # the stamp matches: nothing to do

    for path in out.iterdir():
        path.unlink()
    (cached / "pyodide.mjs").write_text("from the cache\n")
    assert build.build_pyodide() == f"aus {cached}"
    assert sorted(p.name for p in out.iterdir()) == made
    assert (out / "pyodide.mjs").read_text() == "from the cache\n"
    assert (out / ".stamp").read_text() == version


def test_an_empty_build_cache_setting_turns_the_cache_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REVERSI_BUILD_CACHE", "")
    assert build.build_cache() is None
    monkeypatch.delenv("REVERSI_BUILD_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere")
    assert build.build_cache() == Path("/somewhere/reversi")


def test_compressing_says_what_it_will_do_and_how_far_it_got(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """dev/setup printed nothing during a 211 s Pyodide step. Now the step
    says what it will do, then every few seconds the files and bytes done."""
    import brotli  # type: ignore[import-untyped]

    sizes = {"a.wasm": 3_000_000, "b.mjs": 200_000, "c.json": 10}
    for name, size in sizes.items():
        (tmp_path / name).write_bytes(bytes(i % 251 for i in range(size)))
    monkeypatch.setattr(dist_files, "PROGRESS_EVERY", 0.0)  # every piece, for the test
    dist_files.compress(tmp_path, quality=1, progress="Pyodide komprimieren")
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == (
        "  Pyodide komprimieren: 3 Dateien, 3,2 MB – einmal je Version; auf einem freien"
        " Rechner etwa eine halbe Minute, auf einem ausgelasteten bis zu vier Minuten …"
    )
    told = [re.sub(r"\d+,\d s$", "N s", line) for line in lines[1:]]
    assert told[0] == "    Pyodide komprimieren: 0 von 3 Dateien, 1,0 MB von 3,2 MB (32 %) … N s"
    assert told[-1] == "    Pyodide komprimieren: 3 von 3 Dateien, 3,2 MB von 3,2 MB (100 %) … N s"
    for name in sizes:  # the pieces make one stream
        data = (tmp_path / name).read_bytes()
        assert brotli.decompress((tmp_path / f"{name}.br").read_bytes()) == data

    dist_files.compress(tmp_path, quality=1, progress="Pyodide komprimieren", quiet=True)
    assert capsys.readouterr().err == ""


def test_a_first_setup_gives_an_honest_estimate() -> None:
    """The first line of a first run says how long it takes, with and without the cache."""
    script = (REPO / "dev/setup").read_text()
    assert "eine Minute oder mehr" not in script
    assert "auf einem ausgelasteten Rechner bis zu sechs" in script


def test_engine_wasm_is_built_and_without_clang_skipped_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The step compiles the core to engine.wasm; without a clang that can, it says so
    once, leaves no engine.wasm behind, and the hall goes on with the Python search."""
    monkeypatch.setattr(engine_wasm, "DIST", tmp_path / "dist")
    if engine_wasm.wasm_compiler() is None:
        pytest.skip("no clang with wasm-ld here (dev/setup installs them)")
    assert engine_wasm.build_wasm() is True
    engine = tmp_path / "dist" / "wasm" / "engine.wasm"
    assert engine.read_bytes()[:4] == b"\0asm" and engine.with_suffix(".wasm.br").exists()
    assert engine_wasm.build_wasm() is False  # the stamp matches: nothing to do

    monkeypatch.setattr(engine_wasm, "wasm_compiler", lambda: None)
    note = "übersprungen: kein clang mit wasm-ld, der Worker rechnet mit Python"
    assert engine_wasm.build_wasm() == note
    assert not engine.exists()
    assert engine_wasm.build_wasm() is False  # said once
