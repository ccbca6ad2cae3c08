"""What the tests of the learning pages (/regeln, /lernen …) read from a live board,
and the engine's own answer for the same position (reversi.engine, in Python)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from reversi.engine import SQUARE_NAMES
from reversi.engine.moves import legal_moves

TEXTS: dict[str, str] = json.loads(
    (Path(__file__).resolve().parents[2] / "reversi/web/static/de.json").read_text()
)
BOARDS_READY = """() => {
  const boards = [...document.querySelectorAll('.liveboard')];
  // idle, and drawn: every position has its four centre discs
  return boards.length > 0 && boards.every(b => b.dataset.state === 'idle'
    && b.querySelector('.sq[data-disc=black], .sq[data-disc=white]') !== null);
}"""


def text(key: str, **params: object) -> str:
    """A German text of the catalogue, filled in as the page's t() does."""
    out = TEXTS[key]
    for name, value in params.items():
        out = out.replace("{" + name + "}", str(value))
    return out


def wait_boards(page: Any, timeout: float = 90_000) -> None:
    """Until every live board of the page has drawn its position and is idle (a tap makes
    a board busy at once, until the engine's answer is drawn)."""
    page.wait_for_function(BOARDS_READY, timeout=timeout)


def visit(page: Any, url: str) -> None:
    """Open a page of live boards and wait until they are drawn."""
    page.goto(url)
    wait_boards(page)


def board_state(board: Any) -> dict[str, Any]:
    """A live board as drawn: its discs, the side to move, the dotted squares, the figure."""
    state: dict[str, Any] = board.evaluate("""el => ({
      discs: [...el.querySelectorAll('.sq')].map(b => b.dataset.disc || ''),
      names: [...el.querySelectorAll('.sq')].map(b => b.dataset.square),
      turn: el.querySelector('.board').dataset.turn,
      dots: [...el.querySelectorAll('.sq.show-dot')].map(b => b.dataset.square),
      figure: el.querySelector('.lb-figure-text')?.textContent ?? null,
    })""")
    return state


def engine_legal(state: dict[str, Any]) -> list[str]:
    """The legal moves reversi.engine finds for the drawn position and side to move."""
    assert state["names"] == list(SQUARE_NAMES)
    black = sum(1 << i for i, disc in enumerate(state["discs"]) if disc == "black")
    white = sum(1 << i for i, disc in enumerate(state["discs"]) if disc == "white")
    if not state["turn"]:
        return []
    player, opponent = (black, white) if state["turn"] == "black" else (white, black)
    mask = legal_moves(player, opponent)
    return [SQUARE_NAMES[sq] for sq in range(64) if mask >> sq & 1]


def board_line(state: dict[str, Any]) -> str:
    """The "Brett (ab Reihe 1)" line of the text figure for the drawn discs."""
    chars = ["B" if d == "black" else "W" if d == "white" else "." for d in state["discs"]]
    rows = ["".join(chars[r * 8 : r * 8 + 8]) for r in range(8)]
    return "Brett (ab Reihe 1): " + "/".join(rows)
