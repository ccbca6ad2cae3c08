"""The patterns of the trained evaluation: which squares each one reads, and where.

A pattern is a set of squares whose contents (empty, player's, opponent's)
form a ternary number, its *index*; every pattern has a weight per index and
game phase. Each pattern appears on the board several times, its images under
the symmetries of the square, and all images share the weights: the index of
an image is read in the order of the canonical squares mapped by the
symmetry. In the manner of Logistello and Edax:

* ``corner3x3`` (4 images), ``corner2x5`` (8), ``edge2x`` (an edge with its
  two X squares, 4),
* ``row2``, ``row3``, ``row4`` (the rows and columns next to the edges, 4 each),
* ``diag8`` (2), ``diag7``, ``diag6``, ``diag5``, ``diag4`` (4 each).

The fast evaluation (``trained.py``) gathers the squares of each image into
a small bit field with a few shifts; :data:`IMAGES` lists the squares in the
order of those bits, and :func:`ternary_tables` turns a bit field into the
index of the canonical order. ``None`` marks a bit that is always empty.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

Slots = tuple[int | None, ...]


def _sq(f: int, r: int) -> int:
    return 8 * r + f


def _transposed(slots: Slots) -> Slots:
    return tuple(None if s is None else _sq(s // 8, s % 8) for s in slots)


def _block(files: range, rows: tuple[int, ...]) -> Slots:
    return tuple(_sq(f, r) for r in rows for f in files)


def _diagonal(square_of_file: Callable[[int], int]) -> Slots:
    """Bit f holds the square of file f on the line (None off the board)."""
    slots: list[int | None] = []
    for f in range(8):
        r = square_of_file(f)
        slots.append(_sq(f, r) if 0 <= r < 8 else None)
    return tuple(slots)


def _edge(row: int, x_row: int) -> Slots:
    return (*_block(range(8), (row,)), _sq(1, x_row), _sq(6, x_row))


class Pattern(NamedTuple):
    name: str
    images: tuple[Slots, ...]  # the first is the canonical order

    @property
    def size(self) -> int:
        """The number of indices: 3 to the number of bits."""
        return int(3 ** len(self.images[0]))


_C3 = (
    _block(range(3), (0, 1, 2)),
    _block(range(5, 8), (0, 1, 2)),
    _block(range(3), (7, 6, 5)),
    _block(range(5, 8), (7, 6, 5)),
)
_C5 = (
    _block(range(5), (0, 1)),
    _block(range(3, 8), (0, 1)),
    _block(range(5), (7, 6)),
    _block(range(3, 8), (7, 6)),
)
_E = (_edge(0, 1), _edge(7, 6))


def _rows(r: int) -> tuple[Slots, ...]:
    lines = (_block(range(8), (r,)), _block(range(8), (7 - r,)))
    return (*lines, *(_transposed(line) for line in lines))


def _diagonals(k: int) -> tuple[Slots, ...]:
    """The four diagonals of length 8 - k (for k = 0 the two long ones)."""
    lines = [
        _diagonal(lambda f: f - k),
        _diagonal(lambda f: 7 - k - f),
        _diagonal(lambda f: f + k),
        _diagonal(lambda f: 7 + k - f),
    ]
    return tuple(lines[:2] if k == 0 else lines)


PATTERNS: tuple[Pattern, ...] = (
    Pattern("corner3x3", _C3),
    Pattern("corner2x5", _C5 + tuple(_transposed(s) for s in _C5)),
    Pattern("edge2x", _E + tuple(_transposed(s) for s in _E)),
    Pattern("row2", _rows(1)),
    Pattern("row3", _rows(2)),
    Pattern("row4", _rows(3)),
    Pattern("diag8", _diagonals(0)),
    Pattern("diag7", _diagonals(1)),
    Pattern("diag6", _diagonals(2)),
    Pattern("diag5", _diagonals(3)),
    Pattern("diag4", _diagonals(4)),
)


def symmetries() -> tuple[Callable[[int], int], ...]:
    """The eight symmetries of the square as maps of square numbers."""

    def make(k: int) -> Callable[[int], int]:
        def image(s: int) -> int:
            f, r = s % 8, s // 8
            if k & 4:
                f, r = r, f
            if k & 2:
                f = 7 - f
            if k & 1:
                r = 7 - r
            return _sq(f, r)

        return image

    return tuple(make(k) for k in range(8))


def canonical_positions(pattern: Pattern, image: Slots) -> tuple[int | None, ...]:
    """For each bit of ``image``, the position of its square in the canonical order.

    A symmetry that maps the canonical squares onto the image's squares decides;
    when several do, the weights are the same under each (they are trained so).
    """
    canonical = pattern.images[0]
    squares = {s for s in image if s is not None}
    for sym in symmetries():
        mapped = {sym(s): j for j, s in enumerate(canonical) if s is not None}
        if set(mapped) == squares:
            return tuple(None if s is None else mapped[s] for s in image)
    raise ValueError(f"{pattern.name}: {image} is no image of {canonical}")


def ternary_tables(pattern: Pattern, image: Slots) -> tuple[list[int], list[int]]:
    """Index contributions of a gathered bit field: the player's and the opponent's."""
    positions = canonical_positions(pattern, image)
    player = []
    for bits in range(1 << len(image)):
        value = 0
        for i, j in enumerate(positions):
            if bits >> i & 1 and j is not None:
                value += 3**j
        player.append(value)
    return player, [2 * v for v in player]


def self_symmetries(pattern: Pattern) -> list[tuple[int, ...]]:
    """The permutations of the canonical positions under symmetries that keep the set."""
    canonical = pattern.images[0]
    where = {s: j for j, s in enumerate(canonical) if s is not None}
    found = []
    for sym in symmetries():
        if {sym(s) for s in where} == set(where):
            found.append(tuple(j if s is None else where[sym(s)] for j, s in enumerate(canonical)))
    return found


def index(pattern: Pattern, image: Slots, p: int, o: int) -> int:
    """The slow reference: the index of one image, square by square."""
    value = 0
    for s, j in zip(image, canonical_positions(pattern, image), strict=True):
        if s is None or j is None:
            continue
        if p >> s & 1:
            value += 3**j
        elif o >> s & 1:
            value += 2 * 3**j
    return value
