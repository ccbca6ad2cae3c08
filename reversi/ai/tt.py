"""Transposition tables: bounds of searched positions, keyed by (player, opponent)."""

from __future__ import annotations

from typing import NamedTuple

from reversi.engine.bitboard import Bitboard


class TTEntry(NamedTuple):
    """What a search learnt about a position: ``lower <= value <= upper`` at ``depth``."""

    lower: int
    upper: int
    move: Bitboard  # the best move's bit, 0 if none
    depth: int


class TranspositionTable:
    """A dict of :class:`TTEntry` that starts over when it reaches ``limit`` entries.

    Starting over keeps memory bounded in a browser tab at little cost: the
    searches that fill a table this far are long, and refill it quickly.
    """

    __slots__ = ("entries", "limit")

    def __init__(self, limit: int = 400_000) -> None:
        self.entries: dict[tuple[Bitboard, Bitboard], TTEntry] = {}
        self.limit = limit

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, p: Bitboard, o: Bitboard) -> TTEntry | None:
        return self.entries.get((p, o))

    def store(
        self, p: Bitboard, o: Bitboard, lower: int, upper: int, move: Bitboard, depth: int
    ) -> None:
        entries = self.entries
        if len(entries) >= self.limit:
            entries.clear()
        entries[(p, o)] = TTEntry(lower, upper, move, depth)

    def clear(self) -> None:
        self.entries.clear()
