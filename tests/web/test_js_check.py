"""The client's JS check: TypeScript (npm, pinned in reversi/web/package.json) reads the
pages' modules with their JSDoc types (reversi/web/jsconfig.json) and finds no error;
and no module of the client is over 400 lines."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "reversi" / "web"


def test_tsc_check_js_finds_no_error(built: None) -> None:
    if shutil.which("node") is None:
        pytest.skip("node is missing (apt-get install nodejs)")
    tsc = WEB / "node_modules" / "typescript" / "bin" / "tsc"
    result = subprocess.run(
        ["node", str(tsc), "-p", str(WEB / "jsconfig.json")],
        capture_output=True,
        text=True,
        cwd=WEB,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("module", "call"),
    [
        ("core/i18n.js", "import { t } from {path};\nt(1, 2, 3);\n"),
        # the board takes the view of core/types.js, not anything
        (
            "board/board.js",
            "import { BoardView } from {path};\n"
            "new BoardView({ onPlay: () => {} }).show({ squares: '.'.repeat(64) }, false);\n",
        ),
    ],
)
def test_tsc_would_see_a_type_error(built: None, tmp_path: Path, module: str, call: str) -> None:
    """The check checks: a module with a wrong call fails it."""
    if shutil.which("node") is None:
        pytest.skip("node is missing (apt-get install nodejs)")
    bad = tmp_path / "bad.js"
    bad.write_text(call.replace("{path}", json.dumps(str(WEB / "static" / "js" / module))))
    config = tmp_path / "jsconfig.json"
    config.write_text(
        json.dumps(
            {
                "extends": str(WEB / "jsconfig.json"),
                "include": [str(WEB / "static" / "js" / "**" / "*.js"), str(bad)],
            }
        )
    )
    tsc = WEB / "node_modules" / "typescript" / "bin" / "tsc"
    result = subprocess.run(
        ["node", str(tsc), "-p", str(config)], capture_output=True, text=True, cwd=WEB, timeout=300
    )
    assert result.returncode != 0 and "bad.js" in result.stdout


def test_no_client_module_is_over_400_lines() -> None:
    long = {
        str(p.relative_to(WEB)): n
        for p in (WEB / "static").rglob("*.js")
        if (n := len(p.read_text().splitlines())) > 400
    }
    assert long == {}


def test_only_core_lit_imports_lit_html() -> None:
    """Pages and panels take lit-html from core/lit.js, the one place that names it."""
    js = WEB / "static" / "js"
    direct = sorted(
        str(p.relative_to(js))
        for p in js.rglob("*.js")
        if "vendor/lit-html" in p.read_text() and p != js / "core" / "lit.js"
    )
    assert direct == []


def test_the_table_statuses_are_spelled_once_as_the_protocol_names_them() -> None:
    import re

    protocol = (WEB.parents[1] / "docs" / "protocol.md").read_text()
    named = re.search(r'status: ((?:"\w+"\|?)+)', protocol)
    assert named is not None
    documented = re.findall(r'"(\w+)"', named.group(1))
    module = (WEB / "static" / "js" / "duel" / "status.js").read_text()
    assert re.findall(r'[A-Z]+: "(\w+)"', module) == documented
    # and nowhere else in the client
    for path in (WEB / "static" / "js").rglob("*.js"):
        if path.name == "status.js":
            continue
        text = path.read_text()
        spelled = re.findall(r'status\s*[!=]==\s*"(\w+)"', text)
        assert spelled == [], (path.name, spelled)
