"""What the browser tests do on the game page, as a player would."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

BOOT_TIMEOUT_MS = 60_000
MOVE_TIMEOUT_MS = 30_000


def open_game(page: Any, base: str, path: str) -> None:
    page.goto(base + path)
    wait_idle(page, BOOT_TIMEOUT_MS)


def start_solo(page: Any, base: str, level: str, query: str = "") -> None:
    """A new game against ``level`` from /allein (``query``: e.g. "?los=8"), the human
    begins; returns when the board waits for the first move."""
    page.goto(base + "/allein" + query)
    wait_idle(page, BOOT_TIMEOUT_MS)
    page.check(f"input[name=level][value={level}]")
    page.check("input[name=begins][value=me]")
    page.click("#start-solo")
    page.wait_for_selector(f"#game[data-level={level}][data-ply='0']", state="attached")
    wait_idle(page)


def wait_idle(page: Any, timeout: float = MOVE_TIMEOUT_MS) -> None:
    """Wait until the worker has answered, the animation ended and it is a human's turn
    (or the game is over)."""
    page.wait_for_selector("#game[data-state=idle]", state="attached", timeout=timeout)


#: The game as the page shows it, read from the DOM as a player (or a screen reader)
#: sees it: the discs, the dots with their flip counts, the copper ring, whose turn,
#: the move number and the result box.
READ_VIEW = """() => {
  const game = document.querySelector('#game');
  if (!game || game.dataset.ply === undefined) return null;
  const squares = [...document.querySelectorAll('.board .sq')];
  const code = {black: 'B', white: 'W'};
  const legal = {};
  for (const sq of squares) {
    if (!sq.hasAttribute('data-legal')) continue;
    legal[sq.dataset.square] = Number(sq.querySelector('.count').textContent);
  }
  const last = document.querySelector('.sq[data-last]');
  const human = game.dataset.human;
  const players = game.dataset.mode === 'duo' ? {black: 'human', white: 'human'}
    : {black: human === 'black' ? 'human' : 'computer',
       white: human === 'white' ? 'human' : 'computer'};
  const bar = document.querySelector('#result-bar');
  const count = (side) => Number(bar.querySelector(`.score.${side} .score-num`).textContent);
  return {
    mode: game.dataset.mode, level: game.dataset.level || null, players,
    ply: Number(game.dataset.ply), turn: document.querySelector('.board').dataset.turn || null,
    squares: squares.map((sq) => code[sq.dataset.disc] || '.').join(''), legal,
    last: last ? {square: last.dataset.square, color: last.dataset.disc,
                  flipped: squares
                    .filter((sq) => sq.getAttribute('aria-label').endsWith('gerade gedreht'))
                    .map((sq) => sq.dataset.square)} : null,
    counts: {black: Number(document.querySelector('#count-black').textContent),
             white: Number(document.querySelector('#count-white').textContent)},
    result: bar ? {black: count('black'), white: count('white')} : null,
  };
}"""


def view(page: Any) -> dict[str, Any]:
    """The game the page shows (read from the DOM, see READ_VIEW)."""
    return page.evaluate(READ_VIEW)  # type: ignore[no-any-return]


def wait_ply(page: Any, condition: str, timeout: float = MOVE_TIMEOUT_MS) -> None:
    """Wait until the move number the game page shows meets ``condition`` (e.g. "> 2")."""
    page.wait_for_function(
        f"(() => {{ const g = document.querySelector('#game');"
        f" return !!g && g.dataset.ply !== undefined && Number(g.dataset.ply) {condition}; }})()",
        timeout=timeout,
    )


def squares(page: Any, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.square)")  # type: ignore[no-any-return]


def tap(page: Any, square: str) -> None:
    page.click(f"[data-square={square}]")


def play(page: Any, square: str) -> None:
    """Tap a legal square and wait until the board is ready again."""
    before = view(page)["ply"]
    tap(page, square)
    # a locator's wait, not a string condition: it works under the hall's CSP too
    expect(page.locator("#game")).not_to_have_attribute(
        "data-ply", str(before), timeout=MOVE_TIMEOUT_MS
    )
    wait_idle(page)


def disc_counts(page: Any) -> tuple[int, int]:
    black = page.locator(".sq[data-disc=black]").count()
    white = page.locator(".sq[data-disc=white]").count()
    return black, white


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


#: a fetch from the page, with its cookie: the status and the JSON body
FETCH = """async ([method, path, body]) => {
  const init = { method, credentials: "same-origin" };
  if (body !== null) {
    init.body = JSON.stringify(body);
    init.headers = { "Content-Type": "application/json" };
  }
  const r = await fetch(path, init);
  return { status: r.status, body: await r.json() };
}"""


def api(page: Any, method: str, path: str, body: Any = None) -> Any:
    """A call of the hall's JSON API as the page makes it: {"status", "body"}."""
    return page.evaluate(FETCH, [method, path, body])
