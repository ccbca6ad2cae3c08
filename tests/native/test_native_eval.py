"""The native evaluation: the Python integer, symmetric, from the one weight file."""

from __future__ import annotations

import zlib
from pkgutil import get_data

import pytest

from reversi.ai.native import Core
from reversi.ai.trained import evaluate
from reversi.ai.weights import FILE_NAME, HEADER, MAGIC, WeightsError
from reversi.engine.bitboard import symmetries
from tests.native.helpers import game_positions, native
from tools.generate_native_patterns import TARGET, text


def test_the_evaluation_is_the_python_integer() -> None:
    core = native()
    for p, o in game_positions(10_000, seed=21):
        assert core.evaluate(p, o) == evaluate(p, o), f"{p:x} {o:x}"


def test_the_evaluation_is_symmetric_under_the_eight_symmetries() -> None:
    core = native()
    for p, o in game_positions(1_000, seed=22):
        values = {core.evaluate(a, b) for a, b in zip(symmetries(p), symmetries(o), strict=True)}
        assert len(values) == 1, f"{p:x} {o:x}: {values}"


def test_the_c_pattern_table_is_generated_from_patterns_py() -> None:
    assert TARGET.read_text() == text(), "run python -m tools.generate_native_patterns"


def _weights() -> bytes:
    data = get_data("reversi.ai", FILE_NAME)
    assert data is not None
    return data


def _loaded_again(core: Core, data: bytes) -> None:
    try:
        core.load(data, "test")
    finally:
        core.load(_weights())  # the shipped weights again, for the other tests


def test_a_corrupt_weight_file_is_refused_with_a_clear_error() -> None:
    core = native()
    data = _weights()
    at = len(MAGIC) + HEADER.size
    raw = bytearray(zlib.decompress(data[at:]))
    raw[1000] ^= 1
    corrupt = data[:at] + zlib.compress(bytes(raw))
    with pytest.raises(WeightsError, match="checksum"):
        _loaded_again(core, corrupt)
    with pytest.raises(WeightsError, match="truncated"):
        _loaded_again(core, data[:-100])
    with pytest.raises(WeightsError, match="header"):
        _loaded_again(core, b"NOT-WEIGHTS" + data[11:])


def test_a_weight_file_of_another_shape_is_refused() -> None:
    core = native()
    data = _weights()
    phases, per_phase, crc = HEADER.unpack_from(data, len(MAGIC))
    other = MAGIC + HEADER.pack(phases - 1, per_phase, crc) + data[len(MAGIC) + HEADER.size :]
    with pytest.raises(WeightsError, match="number of phases"):
        _loaded_again(core, other)
    assert core.evaluate(0x0000_0008_1000_0000, 0x0000_0010_0800_0000) == evaluate(
        0x0000_0008_1000_0000, 0x0000_0010_0800_0000
    )
