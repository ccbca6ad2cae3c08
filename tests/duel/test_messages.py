"""The server's messages: docs/protocol.md's table "Server → client" lists every
message of reversi.duel.messages with the same fields, and they encode as the client
reads them."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import msgspec
import pytest

from reversi.duel import messages as out

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
NAME = re.compile(r"[a-z_]+")


def without_parentheses(cell: str) -> str:
    """``cell`` without its (explanations), however deeply nested."""
    kept, depth = [], 0
    for char in cell:
        depth += char == "("
        if not depth:
            kept.append(char)
        depth -= char == ")" and depth > 0
    return "".join(kept)


def documented(markdown: str) -> dict[str, dict[str, list[str] | None]]:
    """The table after "**Server → client**": each message type → its fields → the
    fields the doc gives for its value (``{a, b}`` or ``[{a, b}]`` right after the
    name), or None."""
    rows = markdown.split("**Server → client**", 1)[1].split("\n\n", 2)[1].splitlines()
    table: dict[str, dict[str, list[str] | None]] = {}
    for row in rows[2:]:
        kind, fields = [c.strip() for c in row.strip("|").split("|")][:2]
        ticks = re.findall(r"`([^`]*)`", without_parentheses(fields))
        names: dict[str, list[str] | None] = {}
        for tick in ticks:
            inner = re.fullmatch(r"\[?\{([^}]*)\}\]?", tick)
            if NAME.fullmatch(tick):
                names[tick] = None
            elif inner and names and ":" not in tick and "…" not in tick:
                last = list(names)[-1]
                names[last] = [f.strip().rstrip("?") for f in inner.group(1).split(",")]
        table[kind.strip("`")] = names
    return table


def struct_of(kind: type[msgspec.Struct], field: str) -> type[msgspec.Struct] | None:
    """The struct a field holds (also in a list), or None."""
    hints = typing.get_type_hints(kind)
    name = next(f.name for f in msgspec.structs.fields(kind) if f.encode_name == field)
    for hint in [hints[name], *typing.get_args(hints[name])]:
        for inner in [hint, *typing.get_args(hint)]:
            if isinstance(inner, type) and issubclass(inner, msgspec.Struct):
                return inner
    return None


def test_the_protocol_table_lists_every_message_with_its_fields() -> None:
    table = documented(PROTOCOL.read_text())
    assert sorted(table) == sorted(out.tag(k) for k in out.KINDS)
    for kind in out.KINDS:
        fields = table[out.tag(kind)]
        assert sorted(fields) == sorted(out.field_names(kind)), out.tag(kind)
        for field, inner in fields.items():
            held = struct_of(kind, field)
            if held is not None:
                assert inner == out.field_names(held), (out.tag(kind), field)


def test_the_check_finds_a_missing_field_and_reads_nested_ones() -> None:
    markdown = (
        "**Server → client**\n\n| type | fields | meaning |\n|---|---|---|\n"
        "| `state` | `code` (the `secret` is not a field), `you` `{seat, color}`,"
        " `events` `[{version, to?}]`, `lobby` `{code: n}` | x |\n\nAfter.\n"
    )
    assert documented(markdown) == {
        "state": {
            "code": None,
            "you": ["seat", "color"],
            "events": ["version", "to"],
            "lobby": None,
        }
    }
    assert without_parentheses("a (b (c) d) e") == "a  e"


@pytest.mark.parametrize(
    ("message", "text"),
    [
        (out.Ack(id=3), '{"type":"ack","id":3}'),
        (
            out.Hello(nickname=None, server_time=1.5, clocks=["3+2"], onlooker=True),
            '{"type":"hello","nickname":null,"server_time":1.5,"clocks":["3+2"],"onlooker":true}',
        ),
        (
            out.Callback(code="ACDEFH", from_="Anna", link="/tisch/ACDEFH"),
            '{"type":"callback","code":"ACDEFH","from":"Anna","link":"/tisch/ACDEFH"}',
        ),
        (out.LobbyOnline(online=2), '{"type":"lobby_online","online":2}'),
    ],
)
def test_a_message_encodes_its_set_fields_by_their_json_names(
    message: out.ServerMessage, text: str
) -> None:
    assert msgspec.json.encode(message).decode() == text
    assert out.plain(message) == msgspec.json.decode(text)


def test_plain_keeps_the_view_and_answers_a_request() -> None:
    view = {"code": "ACDEFH", "seats": []}
    state = out.State(
        code="ACDEFH",
        version=2,
        table=view,
        chat=[out.ChatLine(id=1, seat=0, text="hallo", at=3.0)],
        you=out.You(seat=None),
    )
    data = out.plain(state)
    assert data["table"] is view  # a view of several KB is not copied
    assert data["chat"] == [{"id": 1, "seat": 0, "text": "hallo", "at": 3.0}]
    assert data["you"] == {"seat": None}
    assert "presence" not in data
    assert (
        out.plain(out.with_id(out.LobbyState(tables=[], duels=[], online=1, mine=[]), 5))["id"] == 5
    )
    assert "id" not in out.plain(out.LobbyState(tables=[], duels=[], online=1, mine=[]))
