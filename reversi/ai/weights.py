"""The trained weights: a compact data file beside the code, checked when it is read.

The file ``pattern_weights.bin`` holds, for each game phase, the weight of
every index of every pattern (in the order of :data:`patterns.PATTERNS`)
followed by the weights of the scalar features :data:`SCALARS`, all as
little-endian int16 in hundredths of a disc, compressed with zlib (which
Pyodide has built in). A header names the format, the number of phases and
the CRC-32 of the uncompressed weights, so a truncated or altered file is
refused with :class:`WeightsError` instead of playing badly.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array

from reversi.ai.packaged import packaged
from reversi.ai.patterns import PATTERNS

MAGIC = b"REVERSI-WEIGHTS\x01"
HEADER = struct.Struct("<HII")  # phases, values per phase, CRC-32 of the values
FILE_NAME = "pattern_weights.bin"
#: The scalar features after the patterns: a constant, mobility
#: (own moves minus the opponent's) and parity (1 when the empties are odd).
SCALARS = ("bias", "mobility", "parity")
#: Empties per phase: phase ``empties // PHASE_WIDTH``.
PHASE_WIDTH = 4
PHASES = 16
VALUES_PER_PHASE = sum(p.size for p in PATTERNS) + len(SCALARS)

#: One phase: an array per pattern, then the scalar weights.
Phase = tuple["array[int]", ...]


class WeightsError(ValueError):
    """The weight file is missing, damaged or of another format."""


def phase_of(empties: int) -> int:
    return min(empties // PHASE_WIDTH, PHASES - 1)


def dump(values: array[int]) -> bytes:
    """The file's bytes for ``PHASES * VALUES_PER_PHASE`` int16 values."""
    if values.typecode != "h" or len(values) != PHASES * VALUES_PER_PHASE:
        raise ValueError(f"need {PHASES * VALUES_PER_PHASE} int16 values, got {len(values)}")
    raw = _little_endian(values).tobytes()
    header = HEADER.pack(PHASES, VALUES_PER_PHASE, zlib.crc32(raw))
    return MAGIC + header + zlib.compress(raw, 9)


def parse(data: bytes, source: str = FILE_NAME) -> list[Phase]:
    """The phases of a weight file; :class:`WeightsError` if it is not a sound one."""
    if not data.startswith(MAGIC):
        raise WeightsError(f"{source}: not a weight file of this version (wrong header)")
    try:
        phases, per_phase, crc = HEADER.unpack_from(data, len(MAGIC))
    except struct.error:
        raise WeightsError(f"{source}: truncated header") from None
    if (phases, per_phase) != (PHASES, VALUES_PER_PHASE):
        raise WeightsError(
            f"{source}: {phases} phases of {per_phase} weights, this code needs "
            f"{PHASES} of {VALUES_PER_PHASE}"
        )
    try:
        raw = zlib.decompress(data[len(MAGIC) + HEADER.size :])
    except zlib.error as error:
        raise WeightsError(f"{source}: damaged weights ({error})") from None
    if len(raw) != 2 * PHASES * VALUES_PER_PHASE or zlib.crc32(raw) != crc:
        raise WeightsError(f"{source}: damaged weights (size or checksum differs)")
    values = array("h")
    values.frombytes(raw)
    values = _little_endian(values)
    result = []
    for phase in range(PHASES):
        at = phase * VALUES_PER_PHASE
        tables = []
        for pattern in PATTERNS:
            tables.append(values[at : at + pattern.size])
            at += pattern.size
        tables.append(values[at : at + len(SCALARS)])
        result.append(tuple(tables))
    return result


def load() -> list[Phase]:
    """The weights shipped with the package (also inside the browser's zip)."""
    return parse(packaged(FILE_NAME, WeightsError))


def _little_endian(values: array[int]) -> array[int]:
    if sys.byteorder == "big":
        values = array("h", values)
        values.byteswap()
    return values
