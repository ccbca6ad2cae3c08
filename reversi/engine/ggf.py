"""GGF game records (Generic Game Format, as used by GGS and Othello databases).

>>> from reversi.engine import Board
>>> text = write_ggf(Board(moves="f5d6c3"), {"PB": "Ada", "PW": "Bo"})
>>> text[:44]
'(;GM[Othello]PB[Ada]PW[Bo]BO[8 -------- ----'
>>> text[-19:]
'*]B[f5]W[d6]B[c3];)'
>>> read_ggf(text)[0].transcript()
'f5d6c3'

A file may hold many records one after another (GGS's archives do):

>>> games = read_ggf_games(write_ggf_games([(Board(moves="f5"), {}), (Board(), {"PB": "Ada"})]))
>>> [(board.transcript(), tags) for board, tags in games]
[('f5', {'GM': 'Othello'}), ('', {'GM': 'Othello', 'PB': 'Ada'})]
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reversi.engine.bitboard import BB_SQUARES, SQUARE_NAMES, grid
from reversi.engine.board import Board
from reversi.engine.color import BLACK, WHITE, Color
from reversi.engine.errors import NotationError, ReversiError
from reversi.engine.notation import parse_square, write_obf

_PROPERTY = re.compile(r"\s*([A-Z]{1,2})\[([^\]]*)\]")
_COLOR_TAG = {"B": BLACK, "W": WHITE}


def read_ggf(text: str) -> tuple[Board, dict[str, str]]:
    """The game of a GGF record and its other properties (PB, PW, RE, …) in order."""
    body = text.strip()
    if not (body.startswith("(;") and body.endswith(";)")):
        raise NotationError(f"bad GGF {text[:40]!r}…: expected '(;' … ';)'")
    tags: dict[str, str] = {}
    board: Board | None = None
    consumed = 0
    pos, end = 2, len(body) - 2
    while pos < end:
        match = _PROPERTY.match(body, pos, end)
        if match is None:
            raise NotationError(f"bad GGF property at {body[pos : pos + 20]!r}")
        pos = match.end()
        key, value = match.groups()
        if key == "BO":
            board = _read_bo(value)
        elif key in _COLOR_TAG:
            if board is None:
                raise NotationError(f"GGF move {match.group(0).strip()!r} before BO[…]")
            consumed = _replay(board, consumed, _COLOR_TAG[key], value.split("/")[0])
        else:
            tags[key] = value
    if board is None:
        raise NotationError(f"GGF record without a board BO[…]: {text[:40]!r}…")
    if tags.get("GM", "Othello").lower() != "othello":
        raise NotationError(f"GGF record of another game: GM[{tags['GM']}]")
    return board, tags


def write_ggf(board: Board, tags: dict[str, str] | None = None) -> str:
    """A GGF record of ``board``'s game from its root; passes are written ``PA``."""
    tags = dict(tags or {})
    tags.pop("GM", None)
    head = "".join(f"{key}[{value}]" for key, value in tags.items())
    root = board.root()
    color = root.turn
    moves = []
    for move in board.move_stack:
        moves.append(f"{'B' if color else 'W'}[{'PA' if move.is_pass else move}]")
        color = not color
    return f"(;GM[Othello]{head}BO[{_write_bo(root)}]{''.join(moves)};)"


def _write_bo(board: Board) -> str:
    return f"8 {' '.join(grid(board.black, board.white, '*O-'))} {'*' if board.turn else 'O'}"


def _read_bo(value: str) -> Board:
    parts = value.split()
    if len(parts) == 3 and len(parts[1]) == 64:  # NBoard writes the 64 squares in one block
        parts = [parts[0], *(parts[1][i : i + 8] for i in range(0, 64, 8)), parts[2]]
    if len(parts) != 10 or parts[0] != "8" or any(len(row) != 8 for row in parts[1:9]):
        raise NotationError(f"bad GGF board BO[{value}]: expected 8, eight rows and a side")
    black = white = 0
    for sq, char in enumerate("".join(parts[1:9])):
        if char == "*":
            black |= BB_SQUARES[sq]
        elif char == "O":
            white |= BB_SQUARES[sq]
        elif char != "-":
            raise NotationError(f"bad GGF board BO[{value}]: {char!r} on {SQUARE_NAMES[sq]}")
    if parts[9] not in ("*", "O"):
        raise NotationError(f"bad GGF board BO[{value}]: side to move {parts[9]!r}")
    return Board(write_obf(black, white, parts[9] == "*"))


def _replay(board: Board, consumed: int, color: Color, token: str) -> int:
    """Apply one GGF move; return how many entries of the move stack it accounts for."""
    stack = board.move_stack
    name = f"{'B' if color else 'W'}[{token}]"
    if token.upper() == "PA":
        if consumed < len(stack) and stack[consumed].is_pass and board.mover(consumed) == color:
            return consumed + 1
        raise NotationError(f"GGF pass {name} while a move exists in {board.obf()!r}")
    if consumed < len(stack) and stack[consumed].is_pass:
        consumed += 1  # a pass the record leaves implicit
    if board.turn != color:
        raise NotationError(f"GGF move {name} out of turn in {board.obf()!r}")
    try:
        board.push(parse_square(token))
    except ReversiError as error:
        raise NotationError(f"GGF move {name}: {error}") from None
    return consumed + 1


def split_ggf_records(text: str) -> list[str]:
    """The ``(;…;)`` records of ``text`` in order; what lies between them is ignored,
    brackets inside property values are not record ends."""
    records: list[str] = []
    start, in_value, pos = -1, False, 0
    while pos < len(text):
        char = text[pos]
        if in_value:
            if char == "\\":
                pos += 1  # an escaped character
            in_value = char != "]"
        elif start < 0:
            if text.startswith("(;", pos):
                start, pos = pos, pos + 1
        elif char == "[":
            in_value = True
        elif text.startswith(";)", pos):
            records.append(text[start : pos + 2])
            start, pos = -1, pos + 1
        pos += 1
    if start >= 0:
        raise NotationError(f"GGF record {text[start : start + 40]!r}… has no end ';)'")
    return records


def read_ggf_games(text: str) -> list[tuple[Board, dict[str, str]]]:
    """Every game of a text holding GGF records one after another; a bad record raises
    :class:`NotationError` naming its number."""
    games = []
    for number, record in enumerate(split_ggf_records(text), 1):
        try:
            games.append(read_ggf(record))
        except NotationError as error:
            raise NotationError(f"GGF game {number}: {error}") from None
    return games


def write_ggf_games(games: Iterable[tuple[Board, dict[str, str]]]) -> str:
    """Many games as one GGF text, a record per line."""
    return "".join(write_ggf(board, tags) + "\n" for board, tags in games)
