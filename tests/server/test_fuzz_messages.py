"""Fuzzed socket messages against the real app: every one gets an
error or its normal answer, none a ``server_error`` or a traceback, and nothing changes."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from reversi.server.ws.client_messages import MESSAGES, parse
from tests.app_fixtures import players
from tests.server.fuzzing import VALUES, app_of_three
from tests.server.test_protocol import watch

FIELDS = [
    "code",
    "square",
    "cid",
    "ply",
    "version",
    "move_time",
    "clock",
    "hints",
    "counting",
    "accept",
    "text",
    "muted",
    "id",
]


@st.composite
def messages(draw: st.DrawFn, code: str) -> dict[str, Any]:
    kind = draw(st.sampled_from(sorted(MESSAGES)) | st.text(max_size=8))
    message: dict[str, Any] = {"type": kind}
    for name in draw(st.lists(st.sampled_from(FIELDS), max_size=6, unique=True)):
        message[name] = draw(st.just(code) if name == "code" and draw(st.booleans()) else VALUES)
    if draw(st.booleans()):
        message[draw(st.text(min_size=1, max_size=6))] = draw(VALUES)
    return message


def test_ten_thousand_fuzzed_messages_change_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with app_of_three(
        tmp_path, caplog, message_limit="1000000/second", chat_limit="1000000/second"
    ) as (config, (a, _, c), code):
        before = a.get(f"/api/tables/{code}").json()
        with c.websocket_connect("/ws") as ws:
            assert watch(ws, code)["type"] == "state"
            seen: dict[str, int] = {}
            marker = 0

            @settings(
                max_examples=10_000,
                deadline=None,
                database=None,
                suppress_health_check=[HealthCheck.too_slow],
            )
            @given(messages(code))
            def one(frame: dict[str, Any]) -> None:
                nonlocal marker
                text = json.dumps(frame)
                assume(len(text) <= config.max_frame)  # a bigger one closes the socket
                ws.send_text(text)
                marker += 1
                ws.send_json({"type": "ping", "id": marker})
                for _ in range(10):
                    reply = ws.receive_json()
                    kind = reply["type"] if reply["type"] != "error" else reply["code"]
                    assert kind != "server_error", (frame, reply)
                    if reply["type"] == "pong" and reply.get("id") == marker:
                        return
                    seen[kind] = seen.get(kind, 0) + 1
                raise AssertionError(f"no answer to {frame}")

            one()
    assert marker >= 10_000 and sum(seen.values()) >= 10_000
    assert seen.get("bad_message", 0) > 1000 and seen.get("unknown_type", 0) > 100
    with players(config, 1) as (again,):
        after = again.get(f"/api/tables/{code}").json()
    assert after["version"] == before["version"]
    assert after["table"]["game"] == before["table"]["game"] and after["chat"] == before["chat"]
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


@pytest.mark.parametrize(
    "frame",
    [
        '{"type": "ping", "id": 18446744073709551616}',
        '{"type": "ping", "id": ' + "9" * 4000 + "}",
        '{"type": "ping", "id": "\\ud800"}',
        '{"type": "chat", "code": "ABCDEF", "text": "\\ud800"}',
        '{"type": "move", "code": "ABCDEF", "square": "d3", "cid": "\\udc00", "ply": 0}',
        '{"type": "watch", "code": "ABCDEF", "version": 1e400}',
    ],
)
def test_the_issues_frames_are_bad_messages(frame: str) -> None:
    from reversi.server.ws.client_messages import BadMessage

    with pytest.raises(BadMessage) as refused:
        parse(frame)
    assert refused.value.code == "bad_message"
