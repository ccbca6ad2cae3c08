"""What the analysis board's tests do on /analyse, as a player would."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import expect

from reversi.engine import Board

BOOT_TIMEOUT_MS = 60_000


def open_board(page: Any, url: str) -> None:
    """Open the analysis board at ``url`` and wait until it shows its position."""
    page.goto(url)
    page.wait_for_selector("#analyse[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)


def squares(page: Any) -> str:
    """The board as the page shows it, a1…h8: ``B``, ``W`` or ``.``."""
    code = {"black": "B", "white": "W"}
    discs = page.eval_on_selector_all(".board .sq", "els => els.map(e => e.dataset.disc)")
    return "".join(code.get(d, ".") for d in discs)


def engine_squares(board: Board) -> str:
    obf = board.obf()
    return "".join({"X": "B", "O": "W"}.get(c, ".") for c in obf[:64])


def play(page: Any, square: str) -> None:
    """Tap a square and wait until the page shows the position after it."""
    before = page.get_attribute("#analyse", "data-path")
    page.click(f".board [data-square={square}]")
    expect(page.locator("#analyse")).not_to_have_attribute("data-path", before or "")


def at(page: Any) -> str:
    """The moves from the root to the shown position (the page's data-path)."""
    return str(page.get_attribute("#analyse", "data-path"))


def query(page: Any) -> dict[str, str]:
    """The address's query, one value per name."""
    return {k: v[0] for k, v in parse_qs(urlparse(page.url).query, keep_blank_values=True).items()}
