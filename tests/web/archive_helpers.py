"""What the archive's browser tests share: the device archive's module as the page has
it, the hall's API from the page (with its cookie), device game records, and the
Bilanz's "Letzte Partien" read from the DOM."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

#: a game that ends after nine moves, Ebenholz 13:0
SHORT = "f5d6c5f4e3f6g5e6e7"

#: calls one export of js/archive/device.js in the page (the same module the page uses)
_DEVICE = """async ([name, args]) => {
  const app = document.querySelector('link[href$="js/app.js"]').href;
  const archive = await import(app.replace("js/app.js", "js/archive/device.js"));
  return archive[name](...args);
}"""


#: waits until the server lists the device game `id` (its client_id); then its detail
_SERVER_COPY = """async (id) => {
  for (let i = 0; i < 300; i += 1) {
    const list = await (await fetch("/api/games?player=me&limit=100")).json();
    const found = (list.games || []).find((g) => g.client_id === id);
    if (found) return (await fetch(`/api/games/${found.id}`)).json();
    await new Promise((resolve) => { setTimeout(resolve, 100); });
  }
  return null;
}"""


_LOAD_ERROR = """async (id) => {
  const app = document.querySelector('link[href$="js/app.js"]').href;
  const archive = await import(app.replace("js/app.js", "js/archive/device.js"));
  try {
    await archive.loadGame(id);
    return null;
  } catch (error) {
    const typed = error instanceof archive.GameLoadError;
    return { typed, code: error.code, message: error.message };
  }
}"""


def load_error(page: Any, game_id: str) -> dict[str, Any] | None:
    """How ``loadGame(game_id)`` fails (None: it did not)."""
    return page.evaluate(_LOAD_ERROR, game_id)  # type: ignore[no-any-return]


def device(page: Any, name: str, *args: Any) -> Any:
    """``await archive[name](...args)`` in the page (saveGame, listGames, getGame …)."""
    return page.evaluate(_DEVICE, [name, list(args)])


def server_copy(page: Any, client_id: str) -> dict[str, Any]:
    """The server's ``GET /api/games/{id}`` of this device's game ``client_id``."""
    detail = page.evaluate(_SERVER_COPY, client_id)
    assert detail is not None, f"the server has no game {client_id}"
    return detail  # type: ignore[no-any-return]


def moves_of(transcript: str) -> list[dict[str, Any]]:
    """A transcript without passes as the archive lists its moves."""
    squares = [transcript[i : i + 2] for i in range(0, len(transcript), 2)]
    return [
        {
            "index": i,
            "ply": i + 1,
            "color": "black" if i % 2 == 0 else "white",
            "square": square,
            "seconds": None,
        }
        for i, square in enumerate(squares)
    ]


def solo_record(game_id: str, finished_at: float, transcript: str = SHORT) -> dict[str, Any]:
    """A solo game against Leicht that Ebenholz (the human) won 13:0, as the device keeps it."""
    return {
        "id": game_id,
        "kind": "device",
        "mode": "solo",
        "black": {"name": None, "level": None},
        "white": {"name": None, "level": "leicht"},
        "you": "black",
        "root": None,
        "transcript": transcript,
        "moves": moves_of(transcript),
        "clocks": False,
        "result": {"black": 13, "white": 0, "winner": "black", "reason": "game_over"},
        "counting": "nobody",
        "started_at": finished_at - 60,
        "finished_at": finished_at,
        "tags": {},
    }


def outbox_entry(game_id: str, finished_at: float) -> dict[str, Any]:
    """The same game as the results outbox sends it (POST /api/results)."""
    return {
        "id": game_id,
        "level": "leicht",
        "outcome": "win",
        "finished_at": finished_at,
        "detail": {"human": "black", "black": 13, "white": 0},
        "moves": SHORT,
        "started_at": finished_at - 60,
    }


def recent(page: Any) -> list[tuple[str, str]]:
    """The Bilanz's "Letzte Partien": each entry's link name (as a screen reader reads
    it: "Gegen Computer (Leicht) als Ebenholz, gewonnen 13:0, 01.12.26, 11:55") and
    target, in order."""
    found = page.eval_on_selector_all(
        "#recent li a",
        "links => links.map(a => [a.getAttribute('aria-label'), a.getAttribute('href')])",
    )
    return [(" ".join(text.split()), href) for text, href in found]


def open_bilanz(page: Any, base: str | None = None, timeout: float = 20_000) -> None:
    """The Bilanz, once its list is drawn from the device and the server (or without it)."""
    if base is not None:
        page.goto(base + "/bilanz")
    expect(page.locator("#recent-games")).to_have_attribute("data-state", "done", timeout=timeout)
