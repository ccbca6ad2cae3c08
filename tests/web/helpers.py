"""What the browser tests do on the game page, as a player would."""

from __future__ import annotations

import re
from typing import Any

BOOT_TIMEOUT_MS = 60_000
MOVE_TIMEOUT_MS = 30_000


def open_game(page: Any, base: str, path: str) -> None:
    page.goto(base + path)
    wait_idle(page, BOOT_TIMEOUT_MS)


def wait_idle(page: Any, timeout: float = MOVE_TIMEOUT_MS) -> None:
    """Wait until the worker has answered, the animation ended and it is a human's turn
    (or the game is over)."""
    page.wait_for_selector("#game[data-state=idle]", state="attached", timeout=timeout)


def view(page: Any) -> dict[str, Any]:
    """The view the page drew last (read from the page's game object)."""
    return page.evaluate("window.reversiGame.view")  # type: ignore[no-any-return]


def squares(page: Any, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.square)")  # type: ignore[no-any-return]


def tap(page: Any, square: str) -> None:
    page.click(f"[data-square={square}]")


def play(page: Any, square: str) -> None:
    """Tap a legal square and wait until the board is ready again."""
    before = view(page)["ply"]
    tap(page, square)
    page.wait_for_function(f"window.reversiGame.view.ply > {before}")
    wait_idle(page)


def disc_counts(page: Any) -> tuple[int, int]:
    black = page.locator(".sq[data-disc=black]").count()
    white = page.locator(".sq[data-disc=white]").count()
    return black, white


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]
