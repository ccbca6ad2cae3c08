"""docs/protocol.md is the contract of the worker and the view: check the code against it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from reversi.web.protocol import REASONS
from reversi.web.session import _HANDLERS, Session, Worker

REPO = Path(__file__).resolve().parents[2]
DOC = (REPO / "docs/protocol.md").read_text()
WORKER_JS = (REPO / "reversi/web/static/js/worker.js").read_text()
GAME_JS = (REPO / "reversi/web/static/js/play/page.js").read_text()


def section(title: str) -> str:
    start = DOC.index(title)
    end = DOC.find("\n#", start + len(title))
    return DOC[start : end if end != -1 else None]


def first_column(table: str) -> list[str]:
    return re.findall(r"^\| `([\w-]+)` \|", table, re.MULTILINE)


def test_the_documented_example_is_what_the_worker_sends() -> None:
    example = json.loads(re.search(r"```json\n(.*?)```", DOC, re.DOTALL).group(1))  # type: ignore[union-attr]
    session = Session(mode="duo")
    [message] = session.handle({"type": "move", "square": "d3"})
    assert message["view"] == example


def test_every_view_field_is_documented_and_every_documented_field_is_sent() -> None:
    fields = first_column(section("### View fields"))
    for session in (Session(mode="duo"), Session(mode="solo", level="schwer", human="white")):
        assert sorted(session.view()) == sorted(fields)


def test_the_messages_to_the_worker() -> None:
    documented = set(first_column(section("## Messages from the page to the worker")))
    handled = {"boot", "new"} | (set(_HANDLERS) - {"think"})
    assert documented == handled
    assert "`think`" in section("## Messages from the page to the worker")


def test_the_messages_from_the_worker() -> None:
    documented = set(first_column(section("## Messages from the worker to the page")))
    sent = set(re.findall(r'type: "([\w-]+)"', WORKER_JS)) - {"think"}  # think: to itself
    sent |= {"view", "illegal", "error", json.loads(_thinking())["type"]}
    assert documented == sent
    # every type the worker sends is handled by the page; the boot's by core/engine.js
    for kind in documented - {"ready", "boot-error", "boot-progress"}:
        assert f'message.type === "{kind}"' in GAME_JS
    engine = (REPO / "reversi/web/static/js/core/engine.js").read_text()
    for kind in ("ready", "boot-error", "boot-progress"):
        assert f'message.type === "{kind}"' in engine


def _thinking() -> str:
    worker = Worker()
    worker.handle(json.dumps({"type": "new", "mode": "solo", "human": "white"}))
    return worker.thinking()


def test_the_reasons_and_causes_are_documented() -> None:
    table = section("## Messages from the worker to the page")
    for reason in [*REASONS.values(), "not_your_turn"]:
        assert f"`{reason}`" in table
    for cause in ("new", "sync", "move", "computer", "undo", "redo"):
        assert f"`{cause}`" in table
