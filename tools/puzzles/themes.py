"""The themes of a puzzle: what its answer does, told from the position alone (pure
Python on :mod:`reversi.engine`). Each detector takes the position before the answer and
the answer's square; docs/puzzles.md says the same rules in German words.

Names: corners a1, h1, a8, h8; an X-square touches a corner diagonally (b2, g2, b7, g7);
a C-square touches a corner along an edge (b1, a2, g1, h2, a7, b8, h7, g8); an edge square
is on the first or last rank or file. "The mover" is the side to move in the puzzle.

* ``ecke`` – the answer takes a corner.
* ``x_falle`` – X-Feld-Falle: the opponent holds the X-square of an empty corner, and the
  answer makes that corner a legal move for the mover, which it was not before.
* ``c_feld`` – the answer is a C-square whose corner is empty.
* ``paritaet`` – Parität: the empties fall into two or more regions (squares joined by a
  side or a corner), at most 18 empties; the answer plays into a region with an odd number
  of empties while another legal move lies in a region with an even number.
* ``still`` – stiller Zug: the answer flips no edge disc, and no disc it flips touches an
  empty square afterwards (it opens no new front); not a corner.
* ``ausloeschung`` – Auslöschung: the opponent has no disc left after the answer, or at the
  end of the best line (``final``, the position where the game ends).
* ``randangriff`` – Randangriff: the answer is an edge square (not a corner) that flips at
  least one disc on the same edge.
* ``tempo`` – Tempo/Zugzwang: after the answer the opponent has at most one legal move, and
  every other legal move of the mover would leave them more.
* ``keil`` – Keil: the answer is an edge square (not a corner) whose two neighbours on that
  edge both hold the opponent's discs, so that it cannot be outflanked along the edge.
"""

from __future__ import annotations

from collections.abc import Callable

from reversi.engine import Board
from reversi.engine.bitboard import SQUARE_NAMES
from reversi.engine.moves import legal_moves

THEMES = (
    "ecke",
    "x_falle",
    "c_feld",
    "paritaet",
    "still",
    "ausloeschung",
    "randangriff",
    "tempo",
    "keil",
)
CORNERS = {0: (9, (1, 8)), 7: (14, (6, 15)), 56: (49, (48, 57)), 63: (54, (55, 62))}
X_SQUARES = {x: corner for corner, (x, _) in CORNERS.items()}
C_SQUARES = {c: corner for corner, (_, cs) in CORNERS.items() for c in cs}
PARITY_EMPTIES = 18


def _square(name: str) -> int:
    return SQUARE_NAMES.index(name)


def _bits(mask: int) -> list[int]:
    return [sq for sq in range(64) if mask >> sq & 1]


def _neighbours(sq: int) -> list[int]:
    row, col = divmod(sq, 8)
    return [
        r * 8 + c
        for r in range(row - 1, row + 2)
        for c in range(col - 1, col + 2)
        if 0 <= r < 8 and 0 <= c < 8 and (r, c) != (row, col)
    ]


def _on_edge(sq: int) -> bool:
    row, col = divmod(sq, 8)
    return row in (0, 7) or col in (0, 7)


def _after(board: Board, answer: int) -> Board:
    child = board.copy()
    child.push(answer)
    return child


def _mover_moves(board: Board, mover: bool) -> int:
    """The legal moves of ``mover`` in ``board``'s position, whoever is to move there."""
    own, other = (board.black, board.white) if mover else (board.white, board.black)
    return int(legal_moves(own, other))


def _opponent_replies(child: Board, mover: bool) -> int:
    return _mover_moves(child, not mover).bit_count()


def ecke(board: Board, answer: int) -> bool:
    return answer in CORNERS


def x_falle(board: Board, answer: int) -> bool:
    mover = board.turn
    child = _after(board, answer)
    for corner, (x, _) in CORNERS.items():
        if answer == corner or board.color_at(corner) is not None:
            continue
        if board.color_at(x) is not (not mover):
            continue
        before = _mover_moves(board, mover) >> corner & 1
        after = _mover_moves(child, mover) >> corner & 1
        if after and not before:
            return True
    return False


def c_feld(board: Board, answer: int) -> bool:
    return answer in C_SQUARES and board.color_at(C_SQUARES[answer]) is None


def _regions(empties: list[int]) -> dict[int, int]:
    """Each empty square's region number."""
    region: dict[int, int] = {}
    left = set(empties)
    for start in empties:
        if start in region:
            continue
        stack = [start]
        region[start] = start
        while stack:
            for n in _neighbours(stack.pop()):
                if n in left and n not in region:
                    region[n] = start
                    stack.append(n)
    return region


def paritaet(board: Board, answer: int) -> bool:
    empties = _bits(board.empties)
    if len(empties) > PARITY_EMPTIES:
        return False
    region = _regions(empties)
    sizes = {r: list(region.values()).count(r) for r in set(region.values())}
    if len(sizes) < 2 or sizes[region[answer]] % 2 == 0:
        return False
    return any(sizes[region[sq]] % 2 == 0 for sq in _bits(board.legal_moves.mask))


def still(board: Board, answer: int) -> bool:
    if answer in CORNERS:
        return False
    flipped = _bits(board.flips(answer))
    child = _after(board, answer)
    return not any(_on_edge(sq) for sq in flipped) and not any(
        child.color_at(n) is None for sq in flipped for n in _neighbours(sq)
    )


def ausloeschung(board: Board, answer: int, final: Board | None = None) -> bool:
    opponent = not board.turn
    child = _after(board, answer)
    if child.count(opponent) == 0:
        return True
    return final is not None and final.count(opponent) == 0


def _edge_line(sq: int) -> list[int]:
    """The edge squares in line with ``sq`` along its edge, in order."""
    row, col = divmod(sq, 8)
    if row in (0, 7):
        return [row * 8 + c for c in range(8)]
    return [r * 8 + col for r in range(8)]


def randangriff(board: Board, answer: int) -> bool:
    if answer in CORNERS or not _on_edge(answer):
        return False
    flipped = set(_bits(board.flips(answer)))
    return bool(flipped & set(_edge_line(answer)))


def tempo(board: Board, answer: int) -> bool:
    mover = board.turn
    replies = _opponent_replies(_after(board, answer), mover)
    if replies > 1:
        return False
    others = [sq for sq in _bits(board.legal_moves.mask) if sq != answer]
    return all(_opponent_replies(_after(board, sq), mover) > replies for sq in others)


def keil(board: Board, answer: int) -> bool:
    if answer in CORNERS or not _on_edge(answer):
        return False
    line = _edge_line(answer)
    at = line.index(answer)
    opponent = not board.turn
    return all(board.color_at(line[i]) is opponent for i in (at - 1, at + 1))


DETECTORS: dict[str, Callable[[Board, int], bool]] = {
    "ecke": ecke,
    "x_falle": x_falle,
    "c_feld": c_feld,
    "paritaet": paritaet,
    "still": still,
    "ausloeschung": ausloeschung,
    "randangriff": randangriff,
    "tempo": tempo,
    "keil": keil,
}


def themes(board: Board, answer: str, final: Board | None = None) -> list[str]:
    """The themes of the answer ``answer`` (a square's name) in ``board``, in
    :data:`THEMES` order."""
    sq = _square(answer)
    found = [name for name, detect in DETECTORS.items() if detect(board, sq)]
    if "ausloeschung" not in found and ausloeschung(board, sq, final):
        found.append("ausloeschung")
    return sorted(found, key=THEMES.index)
