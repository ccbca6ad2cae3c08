"""What the study pages' browser tests share: waiting for the live boards, and the
engine's own legal moves for the position a board shows."""

from __future__ import annotations

from typing import Any

from reversi.engine import Board

from .learn_helpers import visit, wait_boards

__all__ = [
    "BOARDS",
    "assert_dots_are_the_engines",
    "boards",
    "engine_board",
    "legal_squares",
    "visit",
    "wait_boards",
]

#: The position every live board of the page shows: discs, side to move, dots.
BOARDS = """() => [...document.querySelectorAll('.liveboard')].map((lb) => {
  const squares = [...lb.querySelectorAll('.sq')];
  return {
    state: lb.dataset.state,
    tip: lb.dataset.tip || null,
    turn: lb.querySelector('.board').dataset.turn,
    discs: Object.fromEntries(squares.map((b) => [b.dataset.square, b.dataset.disc || ''])),
    dots: squares.filter((b) => b.classList.contains('show-dot')).map((b) => b.dataset.square),
  };
})"""


def boards(page: Any) -> list[dict[str, Any]]:
    return page.evaluate(BOARDS)  # type: ignore[no-any-return]


def engine_board(shown: dict[str, Any]) -> Board:
    """The engine's board for what a live board shows (its discs and side to move)."""
    files = "abcdefgh"
    cells = []
    for rank in range(1, 9):
        for file in files:
            disc = shown["discs"][f"{file}{rank}"]
            cells.append("X" if disc == "black" else "O" if disc == "white" else "-")
    return Board("".join(cells) + (" O" if shown["turn"] == "white" else " X"))


def legal_squares(shown: dict[str, Any]) -> list[str]:
    if not shown["turn"]:
        return []
    return sorted(str(m) for m in engine_board(shown).legal_moves)


def assert_dots_are_the_engines(page: Any) -> int:
    """Every live board's dots are the legal moves our engine finds there; how many boards."""
    shown = boards(page)
    for board in shown:
        assert sorted(board["dots"]) == legal_squares(board), board
    return len(shown)
