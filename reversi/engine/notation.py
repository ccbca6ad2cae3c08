"""Squares, transcripts and OBF positions: each reader has its writer.

>>> parse_square("D3")
19
>>> square_name(19)
'd3'
>>> parse_transcript("f5 D6c3")
[37, 43, 18]
>>> write_transcript([37, 43, 18])
'f5d6c3'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from reversi.engine.bitboard import BB_SQUARES, SQUARE_NAMES, Bitboard, Square, grid
from reversi.engine.color import BLACK, WHITE, Color
from reversi.engine.errors import InvalidSquareError, NotationError

_SQUARE_INDEX = {name: sq for sq, name in enumerate(SQUARE_NAMES)}
_TRANSCRIPT = re.compile(r"\s*([a-hA-H][1-8])")


def parse_square(name: str) -> Square:
    """The square named ``name`` (a1–h8, any case)."""
    try:
        return _SQUARE_INDEX[name.strip().lower()]
    except (KeyError, AttributeError):
        raise InvalidSquareError(f"not a square: {name!r} (expected a1–h8)") from None


def square_name(sq: Square) -> str:
    return SQUARE_NAMES[sq]


def parse_transcript(text: str) -> list[Square]:
    """The squares of a transcript such as ``f5d6c3d3`` (passes are implicit)."""
    squares: list[Square] = []
    pos = 0
    stripped = text.rstrip()
    while pos < len(stripped):
        match = _TRANSCRIPT.match(stripped, pos)
        if match is None:
            raise NotationError(
                f"bad transcript {text!r}: expected a square at {stripped[pos : pos + 4]!r}"
            )
        squares.append(_SQUARE_INDEX[match.group(1).lower()])
        pos = match.end()
    return squares


def write_transcript(squares: Iterable[Square]) -> str:
    return "".join(SQUARE_NAMES[sq] for sq in squares)


class ObfPosition(NamedTuple):
    """A position read from OBF, with any text that followed it."""

    black: Bitboard
    white: Bitboard
    turn: Color
    annotation: str = ""


_OBF_DISC = {"X": BLACK, "x": BLACK, "*": BLACK, "O": WHITE, "o": WHITE}
_OBF_EMPTY = "-."


def parse_obf(text: str) -> ObfPosition:
    """Read ``BOARD SIDE[ ANNOTATION]``: 64 squares a1…h8 of ``X``/``O``/``-``,
    a space, the side to move (``X`` or ``O``), then any text (an FFO score and
    best moves, or ``; comment``).

    >>> parse_obf("-" * 27 + "OX------XO" + "-" * 27 + " X ; start").annotation
    ' ; start'
    """
    board_text, side, annotation = text[:64], text[65:66], text[66:]
    if len(text) < 66 or text[64] != " ":
        raise NotationError(f"bad OBF {text!r}: expected 64 squares, a space and the side")
    black = white = 0
    for sq, char in enumerate(board_text):
        if char in _OBF_EMPTY:
            continue
        color = _OBF_DISC.get(char)
        if color is None:
            raise NotationError(f"bad OBF {text!r}: {char!r} on {SQUARE_NAMES[sq]}")
        if color:
            black |= BB_SQUARES[sq]
        else:
            white |= BB_SQUARES[sq]
    turn = _OBF_DISC.get(side)
    if turn is None:
        raise NotationError(f"bad OBF {text!r}: side to move {side!r} is not X or O")
    if annotation and not annotation[0].isspace() and annotation[0] != ";":
        raise NotationError(f"bad OBF {text!r}: unexpected {annotation[:8]!r} after the side")
    return ObfPosition(black, white, turn, annotation)


def write_obf(black: Bitboard, white: Bitboard, turn: Color, annotation: str = "") -> str:
    return f"{''.join(grid(black, white, 'XO-'))} {'X' if turn else 'O'}{annotation}"
