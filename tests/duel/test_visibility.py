"""Who sees what of a table's events (reversi.duel.visibility)."""

from __future__ import annotations

from typing import Any

from reversi.duel.visibility import onlookers_read_chat, rematch_hidden, seen_by


def batch(*events: dict[str, Any], **table: Any) -> dict[str, Any]:
    view = {"status": "playing", "rules": {"onlooker_chat": True}, **table}
    return {
        "type": "events",
        "code": "ACDEFH",
        "from": 5,
        "version": 9,
        "events": list(events),
        "table": view,
    }


def chat(seat: int, text: str = "hallo") -> dict[str, Any]:
    return {"version": 5, "kind": "chat", "data": {"seat": seat, "text": text}}


def kinds(message: dict[str, Any]) -> list[str]:
    return [e["kind"] for e in message["events"]]


def test_nothing_hidden_gives_the_message_itself() -> None:
    message = batch(chat(0), {"version": 6, "kind": "move", "data": {}})
    for seat in (0, 1, None):
        seen, muted = seen_by(message, seat, False)
        assert seen is message and muted is False


def test_an_event_for_one_seat_reaches_that_seat_only() -> None:
    secret = {"version": 6, "kind": "secret", "data": {}, "to": 1}
    message = batch(chat(0), secret)
    assert kinds(seen_by(message, 1, False)[0]) == ["chat", "secret"]
    assert kinds(seen_by(message, 0, False)[0]) == ["chat"]
    assert kinds(seen_by(message, None, False)[0]) == ["chat"]


def test_a_muted_opponents_lines_renames_and_calls_are_hidden_but_ones_own_are_not() -> None:
    renamed = {"version": 6, "kind": "renamed", "data": {"seat": 1, "name": "Bert"}}
    called = {"version": 7, "kind": "callback", "data": {"seat": 1}}
    move = {"version": 8, "kind": "move", "data": {"seat": 1}}
    message = batch(chat(0), chat(1), renamed, called, move)
    seen, muted = seen_by(message, 0, True)
    assert kinds(seen) == ["chat", "move"] and muted
    assert seen["events"][0]["data"]["seat"] == 0
    assert kinds(seen_by(message, 1, True)[0]) == ["chat", "renamed", "callback", "move"]
    assert seen_by(message, 1, False)[0] is message


def test_the_mute_event_for_the_seat_changes_what_follows_in_the_same_batch() -> None:
    mute = {"version": 6, "kind": "mute", "data": {"muted": True}, "to": 0}
    unmute = {"version": 8, "kind": "mute", "data": {"muted": False}, "to": 0}
    message = batch(chat(1, "vorher"), mute, chat(1, "versteckt"), unmute, chat(1, "wieder"))
    seen, muted = seen_by(message, 0, False)
    assert [e["data"].get("text") for e in seen["events"]] == ["vorher", None, None, "wieder"]
    assert muted is False
    assert seen_by(batch(mute), 0, False)[1] is True
    assert seen_by(batch(mute), 1, False)[1] is False  # the other seat's mute is not theirs


def test_onlookers_read_the_chat_only_while_a_table_that_allows_it_runs() -> None:
    assert kinds(seen_by(batch(chat(0)), None, False)[0]) == ["chat"]
    hidden = batch(chat(0), rules={"onlooker_chat": False})
    assert kinds(seen_by(hidden, None, False)[0]) == []
    assert kinds(seen_by(hidden, 0, False)[0]) == ["chat"]
    over = batch(chat(0), status="finished")
    assert kinds(seen_by(over, None, False)[0]) == []
    assert onlookers_read_chat("playing", {"onlooker_chat": True})
    assert not onlookers_read_chat("aborted", {"onlooker_chat": True})
    assert not onlookers_read_chat("waiting", {})


def test_a_private_tables_rematch_code_is_for_its_players_only() -> None:
    rematch = {"version": 6, "kind": "rematch", "data": {"seat": 0, "code": "NEWONE"}}
    message = batch(rematch, private=True, rematch="NEWONE")
    onlooker, _ = seen_by(message, None, False)
    assert onlooker["events"][0]["data"]["code"] is None
    assert onlooker["table"]["rematch"] is None
    assert message["table"]["rematch"] == "NEWONE"  # the shared message is not changed
    assert seen_by(message, 0, False)[0] is message
    public = batch(rematch, rematch="NEWONE")
    assert seen_by(public, None, False)[0] is public
    assert rematch_hidden(None, {"private": True, "rematch": "X"})
    assert not rematch_hidden(1, {"private": True, "rematch": "X"})
    assert not rematch_hidden(None, {"private": True, "rematch": None})
