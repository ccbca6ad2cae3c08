"""The trained pattern evaluation: the expected final disc difference, in hundredths.

``evaluate(p, o)`` adds, for the phase of the game (the number of empties),
the weight of each of the 46 pattern images (see ``patterns.py``) and of
mobility, parity and a constant. The weights were fitted by the project's
own training (``tools/train``) and are read once at import from the data
file (``weights.py``).

The indices cost no loop over squares. Both sides sit in one int, the
player's discs in the low 64 bits and the opponent's above
(``x = p | o << 64``), so one shift and one mask gather an image's squares of
both sides at once into a small bit field; a table turns each side's bit
field into its part of the ternary index (the player's digit is 1, the
opponent's 2). Images of the columns are read from the transposed board (one
delta swap for both sides), rows straight from the bytes of the board, and
diagonals with the multiplication that gathers one square per file into the
top byte (https://www.chessprogramming.org/Flipping_Mirroring_and_Rotating);
p and o cannot share a square, so the two lanes never carry into each other.
"""

from __future__ import annotations

from reversi.ai.patterns import PATTERNS, ternary_tables
from reversi.ai.weights import Phase, load, phase_of
from reversi.engine.bitboard import BB_ALL, Bitboard
from reversi.engine.moves import legal_moves


def _lanes(mask: int) -> int:
    return mask | mask << 64


def _tables(pattern: int, image: int) -> tuple[list[int], list[int]]:
    found = PATTERNS[pattern]
    return ternary_tables(found, found.images[image])


# the bit-field tables, by the order in which an image's bits reach the canonical order
_C3P, _C3O = _tables(0, 0)  # a 3x3 corner read row by row from its corner
_C3RP, _C3RO = _tables(0, 1)  # the same, mirrored
_T10P, _T10O = _tables(1, 0)  # a 2x5 corner block, and an edge with its X squares
_C5RP, _C5RO = _tables(1, 1)  # a 2x5 corner block, mirrored
_T8P, _T8O = _tables(3, 0)  # a line of eight, one bit per file
_R8P, _R8O = _tables(7, 1)  # a diagonal read against the canonical direction

_M3, _M3_2, _M3_3 = _lanes(0x7), _lanes(0x38), _lanes(0x1C0)
_M5, _M5_2 = _lanes(0x1F), _lanes(0x3E0)
_M8, _MX1, _MX2 = _lanes(0xFF), _lanes(0x100), _lanes(0x200)
_FILE_A = 0x0101_0101_0101_0101
_D8, _A8 = _lanes(0x8040_2010_0804_0201), _lanes(0x0102_0408_1020_4080)


def _diagonal_mask(f0: int, r0: int, df: int) -> int:
    mask, f, r = 0, f0, r0
    while 0 <= f < 8 and 0 <= r < 8:
        mask |= 1 << (8 * r + f)
        f, r = f + df, r + 1
    return _lanes(mask)


def _diagonals(k: int) -> tuple[int, int, int, int]:
    """The four diagonals of length ``8 - k`` (see patterns._diagonals): from row 1
    towards h8, from row 1 towards a8, and their images from the a-file and the h-file."""
    return (
        _diagonal_mask(k, 0, 1),
        _diagonal_mask(7 - k, 0, -1),
        _diagonal_mask(0, k, 1),
        _diagonal_mask(7, k, -1),
    )


_D7A, _D7B, _D7C, _D7D = _diagonals(1)
_D6A, _D6B, _D6C, _D6D = _diagonals(2)
_D5A, _D5B, _D5C, _D5D = _diagonals(3)
_D4A, _D4B, _D4C, _D4D = _diagonals(4)

_K4 = _lanes(0x0F0F_0F0F_0000_0000)
_K2 = _lanes(0x3333_0000_3333_0000)
_K1 = _lanes(0x5500_5500_5500_5500)

_PHASES: list[Phase] = load()
_BY_EMPTIES: tuple[Phase, ...] = tuple(_PHASES[phase_of(n)] for n in range(65))


def evaluate(p: Bitboard, o: Bitboard) -> int:
    """The expected final disc difference for the player to move, in hundredths.

    >>> from reversi.engine import Board
    >>> board = Board()
    >>> abs(evaluate(board.player, board.opponent)) < 400
    True
    """
    empties = 64 - (p | o).bit_count()
    (c3, c5, ed, r2, r3, r4, d8, d7, d6, d5, d4, sc) = _BY_EMPTIES[empties]
    x = p | o << 64
    # transposed: column a becomes row 1, for both lanes at once
    t = _K4 & (x ^ (x << 28))
    y = x ^ t ^ (t >> 28)
    t = _K2 & (y ^ (y << 14))
    y ^= t ^ (t >> 14)
    t = _K1 & (y ^ (y << 7))
    y ^= t ^ (t >> 7)

    g = (x & _M3) | (x >> 5 & _M3_2) | (x >> 10 & _M3_3)
    v = c3[_C3P[g & 511] + _C3O[g >> 64]]
    g = (x >> 5 & _M3) | (x >> 10 & _M3_2) | (x >> 15 & _M3_3)
    v += c3[_C3RP[g & 511] + _C3RO[g >> 64]]
    g = (x >> 56 & _M3) | (x >> 45 & _M3_2) | (x >> 34 & _M3_3)
    v += c3[_C3P[g & 511] + _C3O[g >> 64]]
    g = (x >> 61 & _M3) | (x >> 50 & _M3_2) | (x >> 39 & _M3_3)
    v += c3[_C3RP[g & 511] + _C3RO[g >> 64]]

    for z in (x, y):
        g = (z & _M5) | (z >> 3 & _M5_2)
        v += c5[_T10P[g & 1023] + _T10O[g >> 64]]
        g = (z >> 3 & _M5) | (z >> 6 & _M5_2)
        v += c5[_C5RP[g & 1023] + _C5RO[g >> 64]]
        g = (z >> 56 & _M5) | (z >> 43 & _M5_2)
        v += c5[_T10P[g & 1023] + _T10O[g >> 64]]
        g = (z >> 59 & _M5) | (z >> 46 & _M5_2)
        v += c5[_C5RP[g & 1023] + _C5RO[g >> 64]]
        g = (z & _M8) | (z >> 1 & _MX1) | (z >> 5 & _MX2)
        v += ed[_T10P[g & 1023] + _T10O[g >> 64]]
        g = (z >> 56 & _M8) | (z >> 41 & _MX1) | (z >> 45 & _MX2)
        v += ed[_T10P[g & 1023] + _T10O[g >> 64]]

    b = x.to_bytes(16, "little")
    c = y.to_bytes(16, "little")
    v += (
        r2[_T8P[b[1]] + _T8O[b[9]]]
        + r2[_T8P[b[6]] + _T8O[b[14]]]
        + r2[_T8P[c[1]] + _T8O[c[9]]]
        + r2[_T8P[c[6]] + _T8O[c[14]]]
        + r3[_T8P[b[2]] + _T8O[b[10]]]
        + r3[_T8P[b[5]] + _T8O[b[13]]]
        + r3[_T8P[c[2]] + _T8O[c[10]]]
        + r3[_T8P[c[5]] + _T8O[c[13]]]
        + r4[_T8P[b[3]] + _T8O[b[11]]]
        + r4[_T8P[b[4]] + _T8O[b[12]]]
        + r4[_T8P[c[3]] + _T8O[c[11]]]
        + r4[_T8P[c[4]] + _T8O[c[12]]]
    )

    g = (x & _D8) * _FILE_A >> 56
    v += d8[_T8P[g & 255] + _T8O[g >> 64 & 255]]
    g = (x & _A8) * _FILE_A >> 56
    v += d8[_T8P[g & 255] + _T8O[g >> 64 & 255]]
    g = (x & _D7A) * _FILE_A >> 56
    v += d7[_T8P[g & 255] + _T8O[g >> 64 & 255]]
    g = (x & _D7B) * _FILE_A >> 56
    v += d7[_R8P[g & 255] + _R8O[g >> 64 & 255]]
    g = (x & _D7C) * _FILE_A >> 56
    v += d7[_R8P[g & 255] + _R8O[g >> 64 & 255]]
    g = (x & _D7D) * _FILE_A >> 56
    v += d7[_T8P[g & 255] + _T8O[g >> 64 & 255]]
    g = (x & _D6A) * _FILE_A >> 56
    v += d6[_T8P[g & 255] + _T8O[g >> 64 & 255]]
    g = (x & _D6B) * _FILE_A >> 56
    v += d6[_R8P[g & 255] + _R8O[g >> 64 & 255]]
    g = (x & _D6C) * _FILE_A >> 56
    v += d6[_R8P[g & 255] + _R8O[g >> 64 & 255]]
    g = (x & _D6D) * _FILE_A >> 56
    v += d6[_T8P[g & 255] + _T8O[g >> 64 & 255]]
    g = (x & _D5A) * _FILE_A >> 56
    v += d5[_T8P[g & 255] + _T8O[g >> 64 & 255]]
    g = (x & _D5B) * _FILE_A >> 56
    v += d5[_R8P[g & 255] + _R8O[g >> 64 & 255]]
    g = (x & _D5C) * _FILE_A >> 56
    v += d5[_R8P[g & 255] + _R8O[g >> 64 & 255]]
    g = (x & _D5D) * _FILE_A >> 56
    v += d5[_T8P[g & 255] + _T8O[g >> 64 & 255]]
    g = (x & _D4A) * _FILE_A >> 56
    v += d4[_T8P[g & 255] + _T8O[g >> 64 & 255]]
    g = (x & _D4B) * _FILE_A >> 56
    v += d4[_R8P[g & 255] + _R8O[g >> 64 & 255]]
    g = (x & _D4C) * _FILE_A >> 56
    v += d4[_R8P[g & 255] + _R8O[g >> 64 & 255]]
    g = (x & _D4D) * _FILE_A >> 56
    v += d4[_T8P[g & 255] + _T8O[g >> 64 & 255]]

    mobility = legal_moves(p, o).bit_count() - legal_moves(o, p).bit_count()
    return v + sc[0] + sc[1] * mobility + sc[2] * (empties & 1)


def reference(p: Bitboard, o: Bitboard, phase: Phase) -> int:
    """The same value square by square, for tests and training: slow, plain."""
    from reversi.ai.patterns import index

    value = 0
    for pattern, table in zip(PATTERNS, phase, strict=False):
        for image in pattern.images:
            value += table[index(pattern, image, p, o)]
    empties = 64 - (p | o).bit_count()
    mobility = legal_moves(p, o).bit_count() - legal_moves(o, p).bit_count()
    scalars = phase[len(PATTERNS)]
    return value + scalars[0] + scalars[1] * mobility + scalars[2] * (empties & 1)


del BB_ALL
